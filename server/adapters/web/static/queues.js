// Matchmaking: #/queues lists the server's queues with a "Play now" button each. Playing
// opens /ws/queues/ID?auth=frame (the token in the first frame), shows the position and
// the wait, and goes to the table once the server sends "matched"; leaving the page or
// pressing Leave closes the socket, which takes the player out of the queue
// (docs/matchmaking.md).

import { api, me } from "./net.js";
import { h } from "./ui.js";
import { t } from "./i18n.js";

function queueUrl(id) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${location.host}/ws/queues/${encodeURIComponent(id)}?auth=frame`;
}

function seconds(s) {
  return s === null || s === undefined ? "–" : t("queues.seconds", { n: Math.round(s) });
}

export async function renderQueues(root) {
  root.replaceChildren();
  const player = me();
  const status = h("p", { id: "queue-status", class: "small" });
  const list = h("div", { id: "queue-list" }, t("queues.loading"));
  root.append(h("section", { class: "card" }, h("h2", {}, t("queues.title")), status, list));
  let sock = null;
  const stop = () => { if (sock) { const s = sock; sock = null; s.close(); } };
  if (!player || !player.token) {
    status.textContent = t("queues.name_first");
  }
  let data;
  try {
    data = await api("GET", "/api/queues");
  } catch (e) {
    list.textContent = e.message || String(e);
    return stop;
  }
  const rows = data.queues.map((q) => {
    const button = h("button", { class: "ok", "data-queue": q.id, disabled: !player }, t("queues.play_now"));
    button.addEventListener("click", () => {
      stop();
      status.textContent = t("queues.joining", { queue: q.title });
      const ws = new WebSocket(queueUrl(q.id));
      sock = ws;
      ws.onopen = () => ws.send(JSON.stringify({ type: "auth", token: me().token }));
      ws.onmessage = (ev) => {
        const f = JSON.parse(ev.data);
        if (f.type === "queue" && f.status === "queued") {
          status.replaceChildren(
            t("queues.queued", { queue: q.title, position: f.position, waited: seconds(f.waited) }),
            t("queues.expected", { wait: seconds(f.expected_wait), band: f.band.toFixed(1) }),
            h("button", { id: "queue-leave", onclick: () => { stop(); status.textContent = t("queues.left"); } }, t("queues.leave")),
          );
        } else if (f.type === "matched") {
          sock = null;
          location.hash = `#/table/${f.table_id}`;
        } else if (f.type === "error") {
          status.textContent = f.message;
        }
      };
      ws.onclose = () => { if (sock === ws) { sock = null; status.textContent = t("queues.disconnected"); } };
    });
    const ranked = q.ranked ? t("queues.ranked", { room: q.room }) : t("queues.unranked");
    return h("tr", {},
      h("td", {}, q.title),
      h("td", {}, ranked),
      h("td", { class: "num" }, String(q.waiting)),
      h("td", { class: "num" }, seconds(q.expected_wait)),
      h("td", {}, button));
  });
  list.replaceChildren(h("table", { class: "queues" },
    h("thead", {}, h("tr", {}, ...[t("queues.col_queue"), t("queues.col_ladder"), t("queues.col_waiting"), t("queues.col_expected"), ""].map((c) => h("th", {}, c)))),
    h("tbody", {}, ...rows)));
  return stop;
}
