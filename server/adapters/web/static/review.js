// Reviewing a finished match hand by hand, event by event, from its event log.
// Source: the persistence REST endpoint /api/matches/{id}/events when the server has it,
// (the unredacted log of a finished match: every hand is shown), else the protocol itself:
// connect as a spectator and `resync` from 0 (the log redacted for a spectator; the
// winners' hands are in the results).

import { TableSocket, api, me as currentPlayer } from "./net.js";
import { TableModel, blankView, fold } from "./model.js";
import { boardHTML } from "./board.js";
import { handEndHTML, chartSVG, matchEndHTML } from "./score.js";
import { esc, seatName, t, tHTML, placeName, outcomeText } from "./ui.js";
import { tileSVG, label } from "./tiles.js";

async function fromRest(id) {
  try {
    const data = await api("GET", `/api/matches/${id}/events`);
    const list = Array.isArray(data) ? data : data && (data.events || data.items);
    if (!Array.isArray(list) || !list.length) return null;
    return list.map((x, i) => (x.event ? { seq: x.seq ?? i + 1, event: x.event } : { seq: i + 1, event: x }));
  } catch {
    return null;
  }
}

function fromSocket(id) {
  return new Promise((resolve, reject) => {
    const events = [];
    let last = null, timer = null, done = false;
    const finish = () => { if (done) return; done = true; sock.close(); resolve(events); };
    const sock = new TableSocket(id, {
      spectate: true,
      onStatus: (s, code) => { if (code && !done) { done = true; reject(new Error(s)); } },
      onFrame: (f) => {
        if (f.type === "welcome") last = f.last_seq;
        if (f.type === "event") {
          events.push({ seq: f.seq, event: f.event });
          clearTimeout(timer);
          timer = setTimeout(finish, 1500);
          if (f.event.type === "match_ended" || (last && f.seq >= last)) setTimeout(finish, 50);
        }
        if (f.type === "match_end") finish();
      },
    });
    setTimeout(() => { if (!done) { done = true; sock.close(); events.length ? resolve(events) : reject(new Error(t("review.no_events"))); } }, 20000);
  });
}

/** Replay every event into snapshots: [{hand, seq, event, view}] plus per-hand summaries. */
function replay(events, ruleset, revealAll) {
  const model = new TableModel(ruleset, null);
  model.revealAll = revealAll;
  model.view = blankView(model);
  const steps = [];
  const hands = [];
  let cur = null;
  let prevScores = null;
  for (const { seq, event: e } of events) {
    fold(model, e);
    model.seq = seq;
    if (e.type === "match_started") { model.startScores = e.scores; prevScores = e.scores; }
    if (e.type === "hand_started") {
      cur = { label: e.label || `#${e.hand_number + 1}`, number: e.hand_number, first: steps.length, result: null, settled: null, before: prevScores };
      hands.push(cur);
    }
    if (e.type === "hand_ended" && cur) cur.result = e.result;
    if (e.type === "settled" && cur) {
      cur.settled = e;
      // the hand_end frame the live table shows, rebuilt from the two events
      const frame = { type: "hand_end", seq, result: cur.result, payments: e.payments, scores: e.scores, pot: e.pot };
      model.addHandEnd(frame);
      cur.frame = frame;
      prevScores = e.scores;
    }
    if (e.type === "match_ended") model.matchEnd = e;
    if (cur) {
      steps.push({ hand: hands.length - 1, seq, event: e, view: structuredClone(model.view) });
      cur.last = steps.length - 1;
    }
  }
  return { steps, hands, model };
}

function describe(e, names, view) {
  const who = (s) => placeName(names, view.seating[s]);
  const say = (key, params) => esc(t(`review.ev_${key}`, params));
  switch (e.type) {
    case "hand_started": return say("hand_started", { label: e.label });
    case "dealt": return say("dealt", { name: who(e.seat), n: e.count });
    case "drew": return say(e.replacement ? "drew_replacement" : "drew", { name: who(e.seat) });
    case "discarded": return say(e.riichi ? "discarded_riichi" : "discarded", { name: who(e.seat) });
    case "called": return say("called", { name: who(e.seat), meld: t(`table.meld_${e.meld.type}`) });
    case "kong_declared": return say(e.kind === "added" ? "kong_added" : "kong_concealed", { name: who(e.seat) });
    case "flower_set_aside": return say("flower", { name: who(e.seat) });
    case "hand_ended": return say("hand_ended", { outcome: outcomeText(e.result.outcome) });
    case "settled": return say("settled");
    default: return esc(e.type.replace(/_/g, " "));
  }
}

/**
 * The hint for one of the viewer's discards: the hand just before it (3n + 2 tiles, every
 * hand is known in a full log) sent to POST /api/analysis/discards with what the player
 * could see (rivers, melds, dora indicators); the tiles that keep shanten lowest, with
 * their ukeire, and how the discard made compares.
 */
async function discardHint(before, seat, tile, ruleset, options, tableId) {
  const hv = before.hand;
  const s = hv.seats[seat];
  if (!s.hand) return null;
  const seen = [...hv.dora_indicators];
  hv.seats.forEach((x) => {
    for (const d of x.discards) if (!d.called) seen.push(d.tile);
    for (const m of x.melds) if (m.tiles) seen.push(...m.tiles);
  });
  // the table is named: a table without assistance gets no hints while it runs (403
  // assist_disabled, docs/fair-play.md), and neither does a player sitting at one
  const body = { ruleset, options: options || {}, hand: s.hand, melds: s.melds.length, seen, table_id: tableId };
  const res = await api("POST", "/api/analysis/discards", body);
  const kind = (t) => (t >= 42 ? (t - 42) * 9 + 4 : t);
  const mine = res.options.find((o) => o.tile === kind(tile));
  const best = res.options.filter((o) => o.shanten === res.best_shanten);
  const top = Math.max(...best.map((o) => o.ukeire));
  return { mine, best, top, shanten: res.best_shanten };
}

function hintHTML(h) {
  if (!h) return "";
  const sh = (n) => t(n === 0 ? "review.tenpai" : n < 0 ? "review.complete" : "review.shanten", { n });
  const rows = h.best.slice(0, 8).map((o) => `<span class="hint-opt${o.ukeire === h.top ? " top" : ""}${h.mine && o.tile === h.mine.tile ? " chosen" : ""}" title="${o.improving.map((i) => `${label(i.tile)}×${i.left}`).join(" ")}">${tileSVG(o.tile, { cls: "small" })}<b>${o.ukeire}</b></span>`).join("");
  const verdict = !h.mine ? "" : h.mine.shanten > h.shanten
    ? `<span class="minus">${esc(t("review.went_back", { shanten: sh(h.mine.shanten) }))}</span>`
    : h.mine.ukeire === h.top ? `<span class="plus">${esc(t("review.among_best"))}</span>`
      : `<span>${esc(t("review.kept", { shanten: sh(h.mine.shanten), n: h.mine.ukeire, best: h.top }))}</span>`;
  return `<div class="hint"><span class="muted small">${esc(t("review.hint_title", { shanten: sh(h.shanten) }))}</span>
    <div class="hint-row">${rows}</div><div class="small" id="rv-verdict">${verdict}</div></div>`;
}

export async function renderReview(root, tableId) {
  root.innerHTML = `<section class="card"><h2>${tHTML("review.title", { id: `<code>${esc(tableId)}</code>` })}</h2><p id="rv-status">${esc(t("review.loading"))}</p></section>`;
  let info;
  try { info = await api("GET", `/api/tables/${tableId}`); } catch (e) { info = null; }
  const names = {};
  if (info) info.seats.forEach((s) => { names[s.seat] = seatName(s); });
  let events = await fromRest(tableId);
  let source = "REST /api/matches/{id}/events";
  if (!events) {
    source = t("review.source_resync");
    try { events = await fromSocket(tableId); } catch (e) {
      root.querySelector("#rv-status").textContent = t("review.load_failed", { message: e.message });
      return () => {};
    }
  }
  const ruleset = info ? info.ruleset : (events.find((x) => x.event.type === "match_started") || { event: {} }).event.ruleset;
  const full = source.startsWith("REST");  // (the REST path is named as it is)
  const { steps, hands, model } = replay(events, ruleset, full);
  // the server's scoresheet (its rows and corrected standings) is what the review shows
  let sheet = null;
  try { sheet = await api("GET", `/api/matches/${tableId}`); } catch (e) { sheet = null; }
  if (sheet) {
    const rows = new Map(sheet.hands.map((h) => [h.hand_number, h]));
    for (const h of hands) if (h.frame) h.frame.sheet = rows.get(h.frame.result.hand_number);
  }
  // stand-ins: per hand number, the places a bot played for an absent player (the sheet)
  const standins = new Map();
  if (sheet && sheet.players) {
    sheet.players.forEach((p, place) => {
      if (!names[place] && p.name) names[place] = p.name;
      for (const n of p.standin_hands || []) standins.set(n, [...(standins.get(n) || []), place]);
    });
  }
  const whoStood = (places) => places.map((x) => names[x] || `#${x + 1}`).join(", ");
  const standinList = sheet && sheet.players
    ? sheet.players.map((p, place) => (p.standin_hands || []).length
      ? `${names[place] || `#${place + 1}`}: ${p.standin_hands.map((n) => (hands.find((h) => h.number === n) || { label: `#${n + 1}` }).label).join(", ")}`
      : null).filter(Boolean).join("; ")
    : "";
  let pos = hands.length ? hands[0].last : 0;
  root.innerHTML = `<div class="review">
    <div class="tbar"><span><b>${esc(ruleset)}</b> · ${tHTML("review.review_of", { id: `<code>${esc(tableId)}</code>` })} · <span id="rv-source">${esc(t(full ? "review.source_full" : "review.source", { n: events.length, source }))}</span></span>
      <a class="button small" href="#/">${esc(t("common.lobby"))}</a></div>
    <div class="hand-tabs" id="hand-tabs">${hands.map((h, i) => standins.has(h.number)
      ? `<button class="small hand-tab standin" data-hand="${i}" title="${esc(t("review.standin_tab", { names: whoStood(standins.get(h.number)) }))}">${esc(h.label)} ·</button>`
      : `<button class="small hand-tab" data-hand="${i}">${esc(h.label)}</button>`).join("")}</div>
    ${standinList ? `<p id="rv-standins" class="small">${esc(t("review.standins", { list: standinList }))}</p>` : ""}
    <div class="stepper"><button id="first" class="small" title="${esc(t("review.first"))}">|◀</button><button id="prev" class="small" title="${esc(t("review.prev"))}">◀</button>
      <input type="range" id="step" min="0" max="0" value="0"><button id="next" class="small" title="${esc(t("review.next"))}">▶</button><button id="last" class="small" title="${esc(t("review.last"))}">▶|</button>
      <span id="step-text"></span></div>
    <div id="rv-hint" class="rv-hint"></div>
    <p id="rv-standin-now" class="small standin"></p>
    <div id="rv-board"></div>
    <div id="rv-sheet" class="sheet-inline"></div>
    <div id="rv-match"></div>
  </div>`;
  const $ = (s) => root.querySelector(s);
  function draw() {
    if (!steps.length) { $("#rv-board").innerHTML = `<p>${esc(t("review.no_hands"))}</p>`; return; }
    const step = steps[pos];
    const hand = hands[step.hand];
    const r = $("#step");
    r.min = hand.first; r.max = hand.last; r.value = pos;
    root.querySelectorAll(".hand-tab").forEach((b) => b.classList.toggle("on", Number(b.dataset.hand) === step.hand));
    $("#step-text").innerHTML = `${pos - hand.first + 1} / ${hand.last - hand.first + 1}: ${describe(step.event, names, step.view)}`;
    const stood = standins.get(hand.number);
    $("#rv-standin-now").textContent = stood ? t("review.standin_now", { names: whoStood(stood) }) : "";
    $("#rv-board").innerHTML = boardHTML(step.view, names, { showHands: full });
    drawHint(pos);
    $("#rv-sheet").innerHTML = hand.frame && pos === hand.last ? handEndHTML(hand.frame, names, ruleset, hand.before) : "";
  }
  // hints at the viewer's own discards (the place they sat at; else the first place)
  const player = currentPlayer();
  const mySeatPlace = info && player ? info.seats.findIndex((x) => x.occupant === player.player_id) : -1;
  const hintPlace = mySeatPlace >= 0 ? mySeatPlace : 0;
  const hints = new Map();
  async function drawHint(at) {
    const box = $("#rv-hint");
    const step = steps[at];
    const e = step.event;
    const before = at > 0 ? steps[at - 1].view : null;
    if (!full || e.type !== "discarded" || !before || !before.hand || step.view.seating[e.seat] !== hintPlace) { box.innerHTML = ""; return; }
    if (!hints.has(at)) {
      hints.set(at, discardHint(before, e.seat, e.tile, ruleset, info && info.options, tableId).catch((err) => ({ error: err.message })));
    }
    const h = await hints.get(at);
    if (pos !== at) return; // moved on meanwhile
    box.innerHTML = h && h.error ? `<span class="muted small">${esc(t("review.no_hint", { message: h.error }))}</span>` : hintHTML(h);
  }
  $("#step").oninput = (ev) => { pos = Number(ev.target.value); draw(); };
  const move = (d) => { const h = hands[steps[pos].hand]; pos = Math.min(h.last, Math.max(h.first, pos + d)); draw(); };
  $("#prev").onclick = () => move(-1);
  $("#next").onclick = () => move(1);
  $("#first").onclick = () => move(-1e9);
  $("#last").onclick = () => move(1e9);
  root.querySelectorAll(".hand-tab").forEach((b) => { b.onclick = () => { pos = hands[Number(b.dataset.hand)].last; draw(); }; });
  const me = model.matchEnd;
  $("#rv-match").innerHTML = me
    ? matchEndHTML({ standings: sheet && sheet.standings.length ? sheet.standings.map((x) => ({ player: x.place, rank: x.rank, score: x.score, points: x.points })) : me.standings, seed: me.seed, commitment: (info && info.commitment) || "" }, names, ruleset, model.history())
    : `<h3>${esc(t("review.scores_so_far"))}</h3>${chartSVG(model.history(), names)}`;
  const onKey = (ev) => {
    if (ev.key === "ArrowLeft") move(-1);
    else if (ev.key === "ArrowRight") move(1);
  };
  document.addEventListener("keydown", onKey);
  draw();
  return () => document.removeEventListener("keydown", onKey);
}
