// Tournaments: #/tournaments (the list; an organizer creates one) and #/tournament/ID
// (players, rounds with every table, standings, my table; organizer: register, start a
// round, end a round at its time limit, penalties). REST only: docs/tournaments.md.

import { api, me } from "./net.js";
import { h } from "./ui.js";

function errorLine(box, e) {
  box.textContent = e.message || String(e);
}

export async function renderTournaments(root) {
  root.replaceChildren();
  const list = h("div", { id: "tournament-list" }, "loading…");
  const msg = h("p", { class: "small", id: "tournament-msg" });
  const form = h(
    "form",
    { id: "new-tournament" },
    h("label", {}, "Name ", h("input", { name: "name", required: true, maxlength: 80 })),
    " ",
    h("label", {}, "Ruleset ", h("select", { name: "ruleset" },
      ...["mcr", "riichi", "zung_jung", "three_kingdoms"].map((r) => h("option", { value: r }, r)))),
    " ",
    h("label", {}, "Rounds ", h("input", { name: "rounds", type: "number", min: 1, max: 30, value: 4 })),
    " ",
    h("label", {}, "Hands per match ", h("input", { name: "hands", type: "number", min: 1, max: 16, placeholder: "ruleset default" })),
    " ",
    h("label", {}, "Odd count ", h("select", { name: "fill" }, h("option", { value: "bots" }, "substitute bots"), h("option", { value: "byes" }, "byes"))),
    " ",
    h("button", { type: "submit", class: "ok" }, "Create"),
    msg,
  );
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const f = new FormData(form);
    const body = { name: f.get("name"), ruleset: f.get("ruleset"), rounds: Number(f.get("rounds")), fill: f.get("fill") };
    if (f.get("hands")) body.hands = Number(f.get("hands"));
    try {
      const t = await api("POST", "/api/tournaments", body);
      location.hash = `#/tournament/${t.tournament_id}`;
    } catch (e) { errorLine(msg, e); }
  });
  root.append(
    h("section", { class: "card" }, h("h2", {}, "Tournaments"), list),
    h("section", { class: "card" }, h("h2", {}, "New tournament (organizers)"), form),
  );
  try {
    const all = await api("GET", "/api/tournaments");
    list.replaceChildren(
      all.length
        ? h("table", { class: "list" },
          h("tr", {}, h("th", {}, "Name"), h("th", {}, "Ruleset"), h("th", {}, "Status"), h("th", {}, "Rounds"), h("th", {}, "Players")),
          ...all.map((t) => h("tr", {},
            h("td", {}, h("a", { href: `#/tournament/${t.tournament_id}` }, t.name)),
            h("td", {}, t.ruleset), h("td", {}, t.status),
            h("td", {}, `${t.round_list.length}/${t.rounds}`), h("td", {}, t.players.length))))
        : "No tournament yet.",
    );
  } catch (e) { errorLine(list, e); }
}

function standingsTable(board) {
  return h("table", { class: "list", id: "standings" },
    h("tr", {}, h("th", {}, "#"), h("th", {}, "Player"), h("th", {}, "Matches"), h("th", {}, board.measure), h("th", {}, "Raw score"), h("th", {}, "Avg rank"), h("th", {}, "Stand-in")),
    ...board.players.map((p) => h("tr", { "data-player": p.player_id },
      h("td", {}, p.position), h("td", {}, p.name || p.player_id), h("td", {}, p.matches),
      h("td", {}, p.value), h("td", {}, p.score), h("td", {}, p.average_rank ?? "–"),
      h("td", { title: "matches in which a bot played the seat while the player was absent" }, p.standin_matches ? `${p.standin_matches} match(es)` : ""))));
}

function roundCard(r) {
  return h("div", { class: "round", "data-round": r.number },
    h("h3", {}, `Round ${r.number} — ${r.status}`),
    r.ended_by ? h("p", { class: "small", "data-ended": "time" }, `Ended at its time limit by ${r.ended_by}${r.ended_at ? ` (${new Date(r.ended_at).toLocaleTimeString()})` : ""}: each table finished the hand in play.`) : null,
    r.byes.length ? h("p", { class: "small" }, `Byes: ${r.byes.join(", ")}`) : null,
    r.duplicate ? h("p", { class: "small" }, "Duplicate walls: every table plays the same seeded walls, seats rotated. ", h("a", { href: `/api/tournaments/${r.tid}/rounds/${r.number}/walls` }, "results per wall")) : null,
    h("table", { class: "list" },
      h("tr", {}, h("th", {}, "Table"), h("th", {}, "East"), h("th", {}, "South"), h("th", {}, "West"), h("th", {}, "North"), h("th", {}, "Status"), h("th", {}, "")),
      ...r.tables.map((t) => h("tr", {},
        h("td", {}, t.table_no),
        ...t.seats.map((s) => h("td", {}, s.name || s.occupant, t.scores.length ? ` (${t.scores[s.place]})` : "",
          s.standin_hands && s.standin_hands.length ? h("span", { class: "small standin", title: `absent: a bot played hands ${s.standin_hands.map((n) => n + 1).join(", ")}` }, " · stand-in bot") : null)),
        h("td", {}, `${t.status}, ${t.hands_played} hands`),
        h("td", {}, h("a", { href: t.status === "finished" ? `#/review/${t.match_id}` : `#/watch/${t.match_id}` }, t.status === "finished" ? "scoresheet" : "watch"))))));
}

export async function renderTournament(root, tid) {
  root.replaceChildren(h("p", {}, "loading…"));
  let t;
  let board;
  try {
    [t, board] = await Promise.all([api("GET", `/api/tournaments/${tid}`), api("GET", `/api/tournaments/${tid}/standings`)]);
  } catch (e) { root.replaceChildren(h("p", {}, e.message)); return; }
  const msg = h("p", { class: "small", id: "organizer-msg" });
  const act = (fn) => async () => { try { await fn(); renderTournament(root, tid); } catch (e) { errorLine(msg, e); } };
  const mine = h("section", { class: "card", id: "my-table" }, h("h2", {}, "My table"));
  const who = me();
  if (who && who.token) {
    try {
      const seat = await api("GET", `/api/tournaments/${tid}/me`);
      if (seat.match_id) mine.append(h("p", {}, `Round ${seat.round}: `, h("a", { class: "button", href: `#/table/${seat.match_id}` }, `play as ${seat.wind}`)));
      else mine.append(h("p", {}, seat.bye ? `Round ${seat.round}: a bye.` : "No table yet."));
    } catch (e) {
      if (e.status !== 404) mine.append(h("p", {}, e.message));
      else if (t.registration === "open" && !t.round_list.length) mine.append(h("button", { id: "register-me", onclick: act(() => api("POST", `/api/tournaments/${tid}/players`)) }, "Register"));
      else mine.append(h("p", {}, "You are not registered."));
    }
  } else mine.append(h("p", {}, "Sign in on the lobby page to see your seat."));

  const penalty = h("form", { id: "penalty" },
    h("label", {}, "Round ", h("input", { name: "round", type: "number", min: 1, value: Math.max(1, t.round_list.length) })), " ",
    h("label", {}, "Player ", h("select", { name: "player_id" }, ...t.players.map((p) => h("option", { value: p.player_id }, p.name)))), " ",
    h("label", {}, "Amount ", h("input", { name: "amount", type: "number", value: -10 })), " ",
    h("label", {}, "Reason ", h("input", { name: "reason", required: true, maxlength: 500 })), " ",
    h("button", { type: "submit" }, "Enter penalty"));
  penalty.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const f = new FormData(penalty);
    act(() => api("POST", `/api/tournaments/${tid}/penalties`, { round: Number(f.get("round")), player_id: f.get("player_id"), amount: Number(f.get("amount")), reason: f.get("reason") }))();
  });
  const addPlayer = h("form", { id: "add-player" }, h("label", {}, "Player id ", h("input", { name: "player_id", required: true })), " ", h("button", { type: "submit" }, "Register player"));
  addPlayer.addEventListener("submit", (ev) => {
    ev.preventDefault();
    act(() => api("POST", `/api/tournaments/${tid}/players`, { player_id: new FormData(addPlayer).get("player_id") }))();
  });
  const current = t.round_list.length ? t.round_list[t.round_list.length - 1] : null;
  const organizer = h("section", { class: "card", id: "organizer" }, h("h2", {}, "Organizer"),
    h("p", {},
      h("button", { id: "start-round", class: "ok", onclick: act(() => api("POST", `/api/tournaments/${tid}/rounds`, { duplicate: document.getElementById("duplicate-walls").checked })) }, "Start the next round"), " ",
      h("label", { title: "every table plays the same seeded walls, seats rotated by table" }, h("input", { type: "checkbox", id: "duplicate-walls" }), " duplicate walls"), " ",
      current && current.status !== "finished"
        ? [h("button", { id: "end-round", title: "time is up: each table finishes the hand in play, or ends at once if it had not begun", onclick: act(() => api("POST", `/api/tournaments/${tid}/rounds/${current.number}/end`)) },
          current.ended_by ? `Round ${current.number}: time called (again)` : `End round ${current.number} (time limit)`), " "]
        : null,
      h("button", { id: "toggle-registration", onclick: act(() => api("POST", `/api/tournaments/${tid}/registration`, { registration: t.registration === "open" ? "closed" : "open" })) },
        t.registration === "open" ? "Close registration" : "Open registration")),
    addPlayer, penalty, msg);

  root.replaceChildren(
    h("section", { class: "card" },
      h("h2", { id: "tournament-name" }, t.name),
      h("p", { class: "small" }, `${t.ruleset} · ${t.rounds} rounds · ${t.status} · registration ${t.registration} · ${t.players.length} players · seed commitment `, h("code", {}, t.commitment.slice(0, 16) + "…"),
        t.seed ? [" · seed ", h("code", {}, t.seed)] : null),
      h("p", {}, h("a", { href: `/api/tournaments/${tid}/standings.csv` }, "standings.csv"), " · ", h("a", { href: "#/tournaments" }, "all tournaments"))),
    mine,
    h("section", { class: "card" }, h("h2", {}, "Standings"), standingsTable(board)),
    h("section", { class: "card", id: "rounds" }, h("h2", {}, "Rounds"), ...(t.round_list.length ? t.round_list.slice().reverse().map((r) => roundCard({ ...r, tid })) : [h("p", {}, "Not started.")])),
    organizer,
  );
}
