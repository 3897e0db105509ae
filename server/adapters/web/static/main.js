// Hash routes: #/ lobby · #/table/ID play · #/watch/ID spectate · #/join/ID/N shared link (seat N, 1-4)
// · #/review/ID a finished match · #/tournaments, #/tournament/ID (tournaments.js)
// · the club's pages (club_*.js): #/matches[/RULESET], #/match/ID (scoresheet; admins:
// corrections and audit), #/leaderboard/RULESET[/rating], #/player/ID[/RULESET], #/me,
// #/admin (live tables), #/admin/collusion[/RULESET] (collusion signals). A route may end in ?key=value (pages, filters).

import { renderLobby, renderJoin } from "./lobby.js";
import { renderTable } from "./table.js";
import { renderReview } from "./review.js";
import { renderTournament, renderTournaments } from "./tournaments.js";
import { renderQueues } from "./queues.js";
import { languagePicker, t } from "./i18n.js";
import { me } from "./net.js";
import { whoAmI, isStaff } from "./club.js";
import { renderMatches } from "./club_matches.js";
import { renderMatch } from "./club_match.js";
import { renderLeaderboard } from "./club_leaderboard.js";
import { renderPlayer, renderMe } from "./club_player.js";
import { renderAdmin } from "./club_admin.js";
import { renderCollusion } from "./club_collusion.js";
import { renderLadder } from "./ladder.js";

const root = document.getElementById("app");
let cleanup = null;

// "#/join/TABLE/N": N is the seat as people count it (1-4), the table place N - 1
function seatOfLink(n) {
  const k = Number(n || 1);
  return Number.isInteger(k) && k >= 1 && k <= 4 ? k - 1 : 0;
}

async function route() {
  if (cleanup) { try { cleanup(); } catch { /* ignore */ } cleanup = null; }
  const [path, qs] = location.hash.replace(/^#\/?/, "").split("?");
  const parts = path.split("/").filter(Boolean).map(decodeURIComponent);
  const query = Object.fromEntries(new URLSearchParams(qs || ""));
  document.body.dataset.page = parts[0] || "lobby";
  markNav(parts[0] || "lobby");
  switch (parts[0]) {
    case "table": cleanup = renderTable(root, parts[1]); break;
    case "watch": cleanup = renderTable(root, parts[1], { spectate: true }); break;
    case "join": await renderJoin(root, parts[1], seatOfLink(parts[2])); break;
    case "review": cleanup = await renderReview(root, parts[1]); break;
    case "tournaments": await renderTournaments(root); break;
    case "tournament": cleanup = await renderTournament(root, parts[1]); break;
    case "queues": cleanup = await renderQueues(root); break;
    case "matches": await renderMatches(root, parts[1], query); break;
    case "match": await renderMatch(root, parts[1]); break;
    case "leaderboard": await renderLeaderboard(root, parts[1], parts[2], query); break;
    case "player": await renderPlayer(root, parts[1], parts[2]); break;
    case "me": await renderMe(root); break;
    case "admin":
      if (parts[1] === "collusion") await renderCollusion(root, parts[2], query);
      else cleanup = await renderAdmin(root);
      break;
    case "ladder": await renderLadder(root, parts[1]); break;
    default: await renderLobby(root);
  }
}

function setupHeader() {
  // the UI's language (i18n.js): a live table redraws in place (keeping its connection);
  // other pages are rebuilt
  languagePicker(document.getElementById("lang"));
  window.addEventListener("jantaku-lang", () => {
    updateNav(true);
    if (document.body.dataset.page !== "table" && document.body.dataset.page !== "watch") route();
  });
  const labels = document.getElementById("labels");
  const apply = () => document.body.classList.toggle("no-labels", !labels.checked);
  labels.checked = localStorage.getItem("jantaku.labels") !== "off";
  labels.onchange = () => { localStorage.setItem("jantaku.labels", labels.checked ? "on" : "off"); apply(); };
  apply();
}

// ---------------------------------------------------------------- navigation
// The links every page shows; "My page" once signed in, "Admin" for organizers and admins
// (the API enforces the roles anyway). Signing in or out happens on the lobby page without
// a route change, so the nav also follows the stored token.

const SECTION = { lobby: "lobby", queues: "queues", ladder: "ladder", table: "lobby", watch: "lobby", join: "lobby", review: "matches", matches: "matches", match: "matches",
  leaderboard: "leaderboard", tournaments: "tournaments", tournament: "tournaments", player: "me", me: "me", admin: "admin" };

function markNav(pageName) {
  const on = SECTION[pageName] || "lobby";
  document.querySelectorAll("#club-nav [data-nav]").forEach((a) => {
    if (a.dataset.nav === on) a.setAttribute("aria-current", "page"); else a.removeAttribute("aria-current");
  });
  document.getElementById("club-nav").classList.remove("open");
}

let navToken;
async function updateNav(force = false) {
  const p = me();
  const token = (p && p.token) || null;
  if (!force && token === navToken) return;
  navToken = token;
  const who = await whoAmI();
  if (navToken !== token) return; // changed meanwhile
  document.getElementById("nav-me").hidden = !who.player;
  document.getElementById("nav-admin").hidden = !isStaff(who);
  const badge = document.getElementById("nav-who");
  const role = who.role === "admin" || who.role === "organizer" ? ` · ${t(`club.role_${who.role}`)}` : "";
  badge.textContent = who.name ? `${who.name}${role}` : t("club.nav_guest");
  badge.dataset.role = who.role || "";
}

function setupNav() {
  const nav = document.getElementById("club-nav");
  document.getElementById("nav-toggle").onclick = () => nav.classList.toggle("open");
  updateNav(true);
  setInterval(() => updateNav(), 700);
  window.addEventListener("storage", () => updateNav());
}

window.addEventListener("hashchange", route);
setupHeader();
setupNav();
route();
