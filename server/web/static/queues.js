// Matchmaking: #/queues lists the server's queues with a "Play now" button each. Playing
// opens /ws/queues/ID?auth=frame (the token in the first frame), shows the position and
// the wait, and goes to the table once the server sends "matched"; leaving the page or
// pressing Leave closes the socket, which takes the player out of the queue
// (docs/matchmaking.md).

import { api, me } from "./net.js";
import { h } from "./ui.js";

function queueUrl(id) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${location.host}/ws/queues/${encodeURIComponent(id)}?auth=frame`;
}

function seconds(s) {
  return s === null || s === undefined ? "–" : `${Math.round(s)} s`;
}

export async function renderQueues(root) {
  root.replaceChildren();
  const player = me();
  const status = h("p", { id: "queue-status", class: "small" });
  const list = h("div", { id: "queue-list" }, "loading…");
  root.append(h("section", { class: "card" }, h("h2", {}, "Play now"), status, list));
  let sock = null;
  const stop = () => { if (sock) { const s = sock; sock = null; s.close(); } };
  if (!player || !player.token) {
    status.textContent = "Choose a name in the lobby first, then come back to play.";
  }
  let data;
  try {
    data = await api("GET", "/api/queues");
  } catch (e) {
    list.textContent = e.message || String(e);
    return stop;
  }
  const rows = data.queues.map((q) => {
    const button = h("button", { class: "ok", "data-queue": q.id, disabled: !player }, "Play now");
    button.addEventListener("click", () => {
      stop();
      status.textContent = `Joining ${q.title}…`;
      const ws = new WebSocket(queueUrl(q.id));
      sock = ws;
      ws.onopen = () => ws.send(JSON.stringify({ type: "auth", token: me().token }));
      ws.onmessage = (ev) => {
        const f = JSON.parse(ev.data);
        if (f.type === "queue" && f.status === "queued") {
          status.replaceChildren(
            `${q.title}: position ${f.position}, waiting ${seconds(f.waited)}`,
            ` (expected ${seconds(f.expected_wait)}; rating band ±${f.band.toFixed(1)}) `,
            h("button", { id: "queue-leave", onclick: () => { stop(); status.textContent = "You left the queue."; } }, "Leave"),
          );
        } else if (f.type === "matched") {
          sock = null;
          location.hash = `#/table/${f.table_id}`;
        } else if (f.type === "error") {
          status.textContent = f.message;
        }
      };
      ws.onclose = () => { if (sock === ws) { sock = null; status.textContent = "Disconnected from the queue."; } };
    });
    const ranked = q.ranked ? `ranked (${q.room})` : "unranked";
    return h("tr", {},
      h("td", {}, q.title),
      h("td", {}, ranked),
      h("td", { class: "num" }, String(q.waiting)),
      h("td", { class: "num" }, seconds(q.expected_wait)),
      h("td", {}, button));
  });
  list.replaceChildren(h("table", { class: "queues" },
    h("thead", {}, h("tr", {}, ...["Queue", "Ladder", "Waiting", "Expected wait", ""].map((c) => h("th", {}, c)))),
    h("tbody", {}, ...rows)));
  return stop;
}
