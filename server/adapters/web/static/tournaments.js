// Tournaments: #/tournaments (the list; an organizer creates one) and #/tournament/ID
// (players, rounds with every table, standings, my table; organizer: register, start a
// round, end a round at its time limit, penalties). REST only: docs/tournaments.md.

import { api, me } from "./net.js";
import { h } from "./ui.js";
import { has, playableRulesets, t } from "./i18n.js";

// a status the server names (running, finished, open…) in the page's language
function statusWord(s) {
  return has(`tournaments.status_${s}`) ? t(`tournaments.status_${s}`) : s;
}

// a standings measure in words (the club pages' catalogue names them)
// a seat's wind as the server names it (east, E…) in the page's language
function windWord(w) {
  const key = `tournaments.${String(w).toLowerCase()}`;
  return has(key) ? t(key) : w;
}

function measureWord(m) {
  const key = `club.measure_${String(m).replace(/[^a-z]+/g, "_")}`;
  return has(key) ? t(key) : m;
}

function errorLine(box, e) {
  box.textContent = e.message || String(e);
}

export async function renderTournaments(root) {
  root.replaceChildren();
  const list = h("div", { id: "tournament-list" }, t("tournaments.loading"));
  const msg = h("p", { class: "small", id: "tournament-msg" });
  const form = h(
    "form",
    { id: "new-tournament" },
    h("label", {}, t("tournaments.f_name"), " ", h("input", { name: "name", required: true, maxlength: 80 })),
    " ",
    h("label", {}, t("tournaments.f_ruleset"), " ", h("select", { name: "ruleset" },
      ...playableRulesets().map((r) => h("option", { value: r }, r)))),
    " ",
    h("label", {}, t("tournaments.f_rounds"), " ", h("input", { name: "rounds", type: "number", min: 1, max: 30, value: 4 })),
    " ",
    h("label", {}, t("tournaments.f_hands"), " ", h("input", { name: "hands", type: "number", min: 1, max: 16, placeholder: t("tournaments.f_hands_default") })),
    " ",
    h("label", {}, t("tournaments.f_fill"), " ", h("select", { name: "fill" }, h("option", { value: "bots" }, t("tournaments.fill_bots")), h("option", { value: "byes" }, t("tournaments.fill_byes")))),
    " ",
    h("button", { type: "submit", class: "ok" }, t("tournaments.create")),
    msg,
  );
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const f = new FormData(form);
    const body = { name: f.get("name"), ruleset: f.get("ruleset"), rounds: Number(f.get("rounds")), fill: f.get("fill") };
    if (f.get("hands")) body.hands = Number(f.get("hands"));
    try {
      const made = await api("POST", "/api/tournaments", body);
      location.hash = `#/tournament/${made.tournament_id}`;
    } catch (e) { errorLine(msg, e); }
  });
  root.append(
    h("section", { class: "card" }, h("h2", {}, t("tournaments.title")), list),
    h("section", { class: "card" }, h("h2", {}, t("tournaments.new_title")), form),
  );
  try {
    const all = await api("GET", "/api/tournaments");
    list.replaceChildren(
      all.length
        ? h("table", { class: "list" },
          h("tr", {}, h("th", {}, t("tournaments.col_name")), h("th", {}, t("tournaments.col_ruleset")), h("th", {}, t("tournaments.col_status")), h("th", {}, t("tournaments.col_rounds")), h("th", {}, t("tournaments.col_players"))),
          ...all.map((x) => h("tr", {},
            h("td", {}, h("a", { href: `#/tournament/${x.tournament_id}` }, x.name)),
            h("td", {}, x.ruleset), h("td", {}, statusWord(x.status)),
            h("td", {}, `${x.round_list.length}/${x.rounds}`), h("td", {}, x.players.length))))
        : t("tournaments.none_yet"),
    );
  } catch (e) { errorLine(list, e); }
}

function standingsTable(board) {
  return h("table", { class: "list", id: "standings" },
    h("tr", {}, h("th", {}, "#"), h("th", {}, t("tournaments.col_player")), h("th", {}, t("tournaments.col_matches")), h("th", {}, measureWord(board.measure)), h("th", {}, t("tournaments.col_raw_score")), h("th", {}, t("tournaments.col_avg_rank")), h("th", {}, t("tournaments.col_standin")), h("th", { title: t("tournaments.overall_title") }, t("tournaments.col_overall"))),
    ...board.players.map((p) => h("tr", { "data-player": p.player_id },
      h("td", {}, p.position), h("td", {}, p.name || p.player_id), h("td", {}, p.matches),
      h("td", {}, p.value), h("td", {}, p.score), h("td", {}, p.average_rank ?? "–"),
      h("td", { title: t("tournaments.standin_title") }, p.standin_matches ? t("tournaments.standin_matches", { n: p.standin_matches }) : ""),
      h("td", { class: "overall-penalty" }, p.overall_penalty ? String(p.overall_penalty) : ""))));
}

function roundCard(r) {
  return h("div", { class: "round", "data-round": r.number },
    h("h3", {}, t("tournaments.round_head", { n: r.number, status: statusWord(r.status) })),
    r.ended_by ? h("p", { class: "small", "data-ended": "time" }, t("tournaments.round_ended", { who: r.ended_by, when: r.ended_at ? ` (${new Date(r.ended_at).toLocaleTimeString()})` : "" })) : null,
    r.byes.length ? h("p", { class: "small" }, t("tournaments.byes", { names: r.byes.join(", ") })) : null,
    r.duplicate ? h("p", { class: "small" }, t("tournaments.duplicate"), h("a", { href: `/api/tournaments/${r.tid}/rounds/${r.number}/walls` }, t("tournaments.per_wall"))) : null,
    h("table", { class: "list" },
      h("tr", {}, h("th", {}, t("tournaments.col_table")), h("th", {}, t("tournaments.east")), h("th", {}, t("tournaments.south")), h("th", {}, t("tournaments.west")), h("th", {}, t("tournaments.north")), h("th", {}, t("tournaments.col_status")), h("th", {}, "")),
      ...r.tables.map((tb) => h("tr", {},
        h("td", {}, tb.table_no),
        ...tb.seats.map((s) => h("td", {}, s.name || s.occupant, tb.scores.length ? ` (${tb.scores[s.place]})` : "",
          s.standin_hands && s.standin_hands.length ? h("span", { class: "small standin", title: t("tournaments.absent_title", { hands: s.standin_hands.map((n) => n + 1).join(", ") }) }, t("tournaments.standin_bot")) : null)),
        h("td", {}, t("tournaments.table_status", { status: statusWord(tb.status), n: tb.hands_played })),
        h("td", {}, h("a", { href: tb.status === "finished" ? `#/review/${tb.match_id}` : `#/watch/${tb.match_id}` }, tb.status === "finished" ? t("tournaments.scoresheet") : t("tournaments.watch")),
          r.act ? tableControls(r, tb) : null)))));
}

// the organizer's controls of one live table (the server refuses anyone else: 403)
function tableControls(r, tb) {
  if (tb.status !== "playing" && tb.status !== "paused") return null;
  const path = `/api/tournaments/${r.tid}/tables/${tb.match_id}`;
  const pausing = tb.status === "playing" ? "pause" : "resume";
  return h("span", { class: "table-controls" }, " ",
    h("button", { class: "small", "data-control": pausing, onclick: r.act(() => api("POST", `${path}/${pausing}`)) }, t(`tournaments.${pausing}`)), " ",
    h("select", { class: "small", "data-control": "bot", title: t("tournaments.seat_bot_title"),
      onchange: (ev) => { const place = ev.target.value; if (place !== "") r.act(() => api("POST", `${path}/bot?place=${place}`))(); } },
    h("option", { value: "" }, t("tournaments.seat_bot")),
    ...tb.seats.map((s) => h("option", { value: String(s.place) }, `${windWord(s.wind)}: ${s.name || s.occupant}`))));
}

// while a round is played the page reads the tables and standings again every few
// seconds (the organizer's live view); cleared when the page is left or drawn again
let liveTimer = null;
const LIVE_MS = 5000;

export async function renderTournament(root, tid) {
  if (liveTimer) { clearInterval(liveTimer); liveTimer = null; }
  root.replaceChildren(h("p", {}, t("tournaments.loading")));
  let tn;
  let board;
  try {
    [tn, board] = await Promise.all([api("GET", `/api/tournaments/${tid}`), api("GET", `/api/tournaments/${tid}/standings`)]);
  } catch (e) { root.replaceChildren(h("p", {}, e.message)); return; }
  const msg = h("p", { class: "small", id: "organizer-msg" });
  const act = (fn) => async () => { try { await fn(); renderTournament(root, tid); } catch (e) { errorLine(msg, e); } };
  const mine = h("section", { class: "card", id: "my-table" }, h("h2", {}, t("tournaments.my_table")));
  const who = me();
  if (who && who.token) {
    try {
      const seat = await api("GET", `/api/tournaments/${tid}/me`);
      if (seat.match_id) mine.append(h("p", {}, t("tournaments.round_of", { n: seat.round }), h("a", { class: "button", href: `#/table/${seat.match_id}` }, t("tournaments.play_as", { wind: windWord(seat.wind) }))));
      else mine.append(h("p", {}, seat.bye ? t("tournaments.a_bye", { n: seat.round }) : t("tournaments.no_table")));
    } catch (e) {
      if (e.status !== 404) mine.append(h("p", {}, e.message));
      else if (tn.registration === "open" && !tn.round_list.length) mine.append(h("button", { id: "register-me", onclick: act(() => api("POST", `/api/tournaments/${tid}/players`)) }, t("tournaments.register")));
      else mine.append(h("p", {}, t("tournaments.not_registered")));
    }
  } else mine.append(h("p", {}, t("tournaments.sign_in")));

  const penalty = h("form", { id: "penalty" },
    h("label", {}, t("tournaments.f_kind"), " ", h("select", { name: "kind" },
      h("option", { value: "match" }, t("tournaments.kind_match")),
      h("option", { value: "overall" }, t("tournaments.kind_overall")))), " ",
    h("label", {}, t("tournaments.f_round"), " ", h("input", { name: "round", type: "number", min: 1, value: Math.max(1, tn.round_list.length) })), " ",
    h("label", {}, t("tournaments.f_player"), " ", h("select", { name: "player_id" }, ...tn.players.map((p) => h("option", { value: p.player_id }, p.name)))), " ",
    h("label", {}, t("tournaments.f_amount"), " ", h("input", { name: "amount", type: "number", value: -10 })), " ",
    h("label", {}, t("tournaments.f_reason"), " ", h("input", { name: "reason", required: true, maxlength: 500 })), " ",
    h("button", { type: "submit" }, t("tournaments.enter_penalty")));
  penalty.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const f = new FormData(penalty);
    act(() => api("POST", `/api/tournaments/${tid}/penalties`, { kind: f.get("kind"), round: Number(f.get("round")), player_id: f.get("player_id"), amount: Number(f.get("amount")), reason: f.get("reason") }))();
  });
  const addPlayer = h("form", { id: "add-player" }, h("label", {}, t("tournaments.f_player_id"), " ", h("input", { name: "player_id", required: true })), " ", h("button", { type: "submit" }, t("tournaments.register_player")));
  addPlayer.addEventListener("submit", (ev) => {
    ev.preventDefault();
    act(() => api("POST", `/api/tournaments/${tid}/players`, { player_id: new FormData(addPlayer).get("player_id") }))();
  });
  const current = tn.round_list.length ? tn.round_list[tn.round_list.length - 1] : null;
  const organizer = h("section", { class: "card", id: "organizer" }, h("h2", {}, t("tournaments.organizer")),
    h("p", {},
      h("button", { id: "start-round", class: "ok", onclick: act(() => api("POST", `/api/tournaments/${tid}/rounds`, { duplicate: document.getElementById("duplicate-walls").checked })) }, t("tournaments.start_round")), " ",
      h("label", { title: t("tournaments.duplicate_title") }, h("input", { type: "checkbox", id: "duplicate-walls" }), t("tournaments.duplicate_walls")), " ",
      current && current.status !== "finished"
        ? [h("button", { id: "end-round", title: t("tournaments.end_round_title"), onclick: act(() => api("POST", `/api/tournaments/${tid}/rounds/${current.number}/end`)) },
          current.ended_by ? t("tournaments.time_called", { n: current.number }) : t("tournaments.end_round", { n: current.number })), " "]
        : null,
      h("button", { id: "toggle-registration", onclick: act(() => api("POST", `/api/tournaments/${tid}/registration`, { registration: tn.registration === "open" ? "closed" : "open" })) },
        tn.registration === "open" ? t("tournaments.close_registration") : t("tournaments.open_registration"))),
    addPlayer, penalty, msg);

  root.replaceChildren(
    h("section", { class: "card" },
      h("h2", { id: "tournament-name" }, tn.name),
      h("p", { class: "small" }, t("tournaments.summary", { ruleset: tn.ruleset, rounds: tn.rounds, status: statusWord(tn.status), registration: statusWord(tn.registration), players: tn.players.length }), h("code", {}, tn.commitment.slice(0, 16) + "…"),
        tn.seed ? [t("tournaments.seed"), h("code", {}, tn.seed)] : null),
      h("p", {}, h("a", { href: `/api/tournaments/${tid}/standings.csv` }, "standings.csv"), " · ", h("a", { href: "#/tournaments" }, t("tournaments.all")))),
    mine,
    h("section", { class: "card" }, h("h2", {}, t("tournaments.standings")), standingsTable(board)),
    h("section", { class: "card", id: "rounds" }, h("h2", {}, t("tournaments.rounds")), ...(tn.round_list.length ? tn.round_list.slice().reverse().map((r) => roundCard({ ...r, tid, act })) : [h("p", {}, t("tournaments.not_started"))])),
    organizer,
  );
  const playing = tn.round_list.some((r) => r.status !== "finished");
  if (playing) {
    liveTimer = setInterval(async () => {
      if (!root.isConnected || !document.getElementById("rounds")) { clearInterval(liveTimer); liveTimer = null; return; }
      try {
        const [tn2, board2] = await Promise.all([api("GET", `/api/tournaments/${tid}`), api("GET", `/api/tournaments/${tid}/standings`)]);
        document.getElementById("standings").replaceWith(standingsTable(board2));
        const rounds = document.getElementById("rounds");
        rounds.replaceChildren(h("h2", {}, t("tournaments.rounds")), ...tn2.round_list.slice().reverse().map((r) => roundCard({ ...r, tid, act })));
        if (!tn2.round_list.some((r) => r.status !== "finished")) { clearInterval(liveTimer); liveTimer = null; }
      } catch { /* the next tick tries again */ }
    }, LIVE_MS);
  }
  return () => { if (liveTimer) { clearInterval(liveTimer); liveTimer = null; } };
}
