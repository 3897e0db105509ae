// The table model a client keeps: the last `state` view, with the events that follow it
// folded in (the protocol sends a full state only on connecting and, with
// state_on_prompt, before each prompt). Everything is in hand seats, like the engine's view.

import { kindOf, sortTiles } from "./tiles.js";
import { rulesetInfo, t } from "./i18n.js";

// Live-wall size after the deal, per ruleset, when no state has told us yet.
// (GET /api/rulesets: wall_after_deal under the default options), learned as hands are seen
const WALL_AFTER_DEAL = {};

export class TableModel {
  constructor(ruleset, place = null) {
    this.ruleset = ruleset;
    this.place = place; // the viewer's table place (null: spectator)
    this.view = null; // engine TableView (JSON)
    this.seq = 0; // last event folded into view
    this.drawsThisHand = 0; // draws since the start of the hand (when seen)
    this.handSeen = null; // hand_number of the last hand_started folded
    this.handEnds = new Map(); // seq -> hand_end frame
    this.matchEnd = null;
    this.startScores = null;
  }

  /** A full `state` frame replaces the model. */
  setState(frame) {
    this.view = structuredClone(frame.view);
    this.seq = frame.seq;
    const h = this.view.hand;
    if (h && this.handSeen === h.hand_number) {
      // we saw this hand start: learn the wall's size after the deal for spectated hands
      WALL_AFTER_DEAL[this.ruleset] = h.wall_remaining + this.drawsThisHand;
    }
  }

  /** Fold one event frame; returns false for an event already reflected. */
  applyEvent(frame) {
    if (frame.seq <= this.seq) {
      // already in the state; the match's starting scores still begin the score history
      if (frame.event.type === "match_started") this.startScores = frame.event.scores;
      return false;
    }
    this.seq = frame.seq;
    const e = frame.event;
    if (!this.view && (e.type === "match_started" || e.type === "hand_started")) this.view = blankView(this);
    if (this.view) fold(this, e);
    return true;
  }

  addHandEnd(frame) { this.handEnds.set(frame.seq, frame); }

  /** Score per table place after each hand, oldest first (the chart's data). */
  history() {
    const rows = [];
    if (this.startScores) rows.push({ label: t("score.start"), scores: this.startScores });
    for (const seq of [...this.handEnds.keys()].sort((a, b) => a - b)) {
      const f = this.handEnds.get(seq);
      rows.push({ label: f.result.label || `#${f.result.hand_number + 1}`, scores: f.scores });
    }
    return rows;
  }
}

export function blankView(model) {
  return {
    viewer: null, ruleset: model.ruleset, version: 0, prompt: 0, scores: [0, 0, 0, 0], pot: 0,
    seating: [0, 1, 2, 3], hands_played: 0, over: false, hand: null, legal: [], standings: [],
  };
}

function removeOne(list, tile) {
  let i = list.indexOf(tile);
  if (i < 0) i = list.findIndex((t) => kindOf(t) === kindOf(tile));
  if (i >= 0) list.splice(i, 1);
}

function emptySeat(player, wind) {
  return { player, wind, hand_count: 0, melds: [], flowers: [], discards: [], riichi: false, hand: null };
}

export function fold(model, e) {
  const v = model.view;
  const h = v.hand;
  const me = v.viewer;
  const seat = h && e.seat != null ? h.seats[e.seat] : null;
  switch (e.type) {
    case "match_started":
      v.scores = [...e.scores];
      model.startScores = e.scores;
      break;
    case "hand_started": {
      model.drawsThisHand = 0;
      model.handSeen = e.hand_number;
      v.seating = [...e.seating];
      if (model.place != null) v.viewer = e.seating.indexOf(model.place);
      v.hand = {
        hand_number: e.hand_number, label: e.label, dealer: e.dealer, round_wind: e.round_wind,
        honba: e.honba, phase: "turn", turn: e.dealer,
        wall_remaining: WALL_AFTER_DEAL[model.ruleset] ?? rulesetInfo(model.ruleset).wall_after_deal ?? 70,
        dora_indicators: [], kongs: 0,
        seats: e.seating.map((place, i) => emptySeat(place, ((i - e.dealer + e.seating.length) % e.seating.length) + 1)),
        window: null, drawn: null, furiten: false, result: null,
      };
      if (me != null) v.hand.seats[me].hand = [];
      // an unredacted log (a finished match's record) shows every hand
      if (model.revealAll) v.hand.seats.forEach((s) => { s.hand = []; });
      break;
    }
    case "dealt":
      seat.hand_count += e.count;
      if (e.tiles && seat.hand) seat.hand = sortTiles([...seat.hand, ...e.tiles]);
      break;
    case "drew":
      model.drawsThisHand += 1;
      h.wall_remaining = Math.max(0, h.wall_remaining - 1);
      seat.hand_count += 1;
      h.turn = e.seat;
      h.phase = "turn";
      h.window = null;
      if (e.tile != null && seat.hand) {
        seat.hand = sortTiles([...seat.hand, e.tile]);
        h.drawn = e.tile;
      } else h.drawn = null;
      break;
    case "flower_set_aside":
      seat.flowers.push(e.tile);
      seat.hand_count -= 1;
      if (seat.hand) removeOne(seat.hand, e.tile);
      if (h.drawn === e.tile) h.drawn = null;
      break;
    case "discarded":
      seat.discards.push({ tile: e.tile, riichi: e.riichi, called: false, tsumogiri: e.tsumogiri });
      seat.hand_count -= 1;
      if (e.riichi) seat.riichi = true;
      if (seat.hand) removeOne(seat.hand, e.tile);
      h.drawn = null;
      h.turn = e.seat;
      break;
    case "claim_window_opened":
      h.phase = "claim";
      h.window = { kind: e.kind, seat: e.seat, tile: e.tile, final: e.final, options: [], answered: false };
      break;
    case "called": {
      const from = h.seats[e.from_seat];
      const last = from.discards[from.discards.length - 1];
      if (last) last.called = true;
      seat.melds.push({ type: e.meld.type, from_seat: e.from_seat, tiles: e.meld.tiles, tile: e.tile });
      seat.hand_count -= e.meld.tiles.length - 1;
      if (seat.hand) {
        const rest = [...e.meld.tiles];
        removeOne(rest, e.tile);
        for (const t of rest) removeOne(seat.hand, t);
      }
      h.turn = e.seat;
      h.phase = "turn";
      h.window = null;
      h.drawn = null;
      if (e.meld.type === "minkan") h.kongs += 1;
      break;
    }
    case "kong_declared":
      h.kongs += 1;
      if (e.kind === "concealed") {
        seat.melds.push({ type: "ankan", from_seat: e.seat, tiles: e.meld ? e.meld.tiles : null, tile: null });
        seat.hand_count -= 4;
        if (seat.hand && e.meld) for (const t of e.meld.tiles) removeOne(seat.hand, t);
      } else {
        const m = seat.melds.find((m) => m.type === "pon" && m.tiles && kindOf(m.tiles[0]) === kindOf(e.tile));
        if (m) { m.type = "kakan"; m.tiles = e.meld ? e.meld.tiles : [...m.tiles, e.tile]; }
        seat.hand_count -= 1;
        if (seat.hand) removeOne(seat.hand, e.tile);
      }
      h.drawn = null;
      break;
    case "dora_revealed":
      h.dora_indicators.push(e.indicator);
      break;
    case "riichi_accepted":
      seat.riichi = true;
      v.pot += e.deposit;
      v.scores[v.seating[e.seat]] -= e.deposit;
      break;
    case "furiten":
      if (e.seat === me) h.furiten = true;
      break;
    case "hand_ended":
      h.phase = "ended";
      h.result = e.result;
      h.window = null;
      for (const w of e.result.wins || []) {
        if (w.from_seat != null && !w.robbed_kong) {
          const ds = h.seats[w.from_seat].discards;
          if (ds.length) ds[ds.length - 1].called = true;
        }
      }
      break;
    case "settled":
      v.scores = [...e.scores];
      v.pot = e.pot;
      v.hands_played += 1;
      break;
    case "match_ended":
      v.over = true;
      v.standings = e.standings;
      break;
    default:
      break;
  }
  v.legal = [];
}
