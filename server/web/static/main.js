// Hash routes: #/ lobby · #/table/ID play · #/watch/ID spectate · #/join/ID/N shared link (seat N, 1-4)
// · #/review/ID a finished match · #/tournaments, #/tournament/ID (tournaments.js).

import { renderLobby, renderJoin } from "./lobby.js";
import { renderTable } from "./table.js";
import { renderReview } from "./review.js";
import { renderTournament, renderTournaments } from "./tournaments.js";
import { languagePicker } from "./i18n.js";
import { renderQueues } from "./queues.js";

const root = document.getElementById("app");
let cleanup = null;

// "#/join/TABLE/N": N is the seat as people count it (1-4), the table place N - 1
function seatOfLink(n) {
  const k = Number(n || 1);
  return Number.isInteger(k) && k >= 1 && k <= 4 ? k - 1 : 0;
}

async function route() {
  if (cleanup) { try { cleanup(); } catch { /* ignore */ } cleanup = null; }
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  document.body.dataset.page = parts[0] || "lobby";
  switch (parts[0]) {
    case "table": cleanup = renderTable(root, parts[1]); break;
    case "watch": cleanup = renderTable(root, parts[1], { spectate: true }); break;
    case "join": await renderJoin(root, parts[1], seatOfLink(parts[2])); break;
    case "review": cleanup = await renderReview(root, parts[1]); break;
    case "tournaments": await renderTournaments(root); break;
    case "tournament": await renderTournament(root, parts[1]); break;
    case "queues": cleanup = await renderQueues(root); break;
    default: await renderLobby(root);
  }
}

function setupHeader() {
  // the UI's language (i18n.js): a live table redraws in place (keeping its connection);
  // other pages are rebuilt
  languagePicker(document.getElementById("lang"));
  window.addEventListener("jantaku-lang", () => {
    if (document.body.dataset.page !== "table" && document.body.dataset.page !== "watch") route();
  });
  const labels = document.getElementById("labels");
  const apply = () => document.body.classList.toggle("no-labels", !labels.checked);
  labels.checked = localStorage.getItem("jantaku.labels") !== "off";
  labels.onchange = () => { localStorage.setItem("jantaku.labels", labels.checked ? "on" : "off"); apply(); };
  apply();
}

window.addEventListener("hashchange", route);
setupHeader();
route();
