// Drawing the table from a view: four (or three) seats, melds, discards, flowers, the centre.
// At a three-seat table the seats sit bottom, right and left; the empty top side holds
// the dead wall (the dora indicators) and every seat's set-aside tiles (kita).
// Shared by the live table and the match review.

import { tileSVG, sortTiles, kindOf, longName } from "./tiles.js";
import { esc, windChar, windWord, t, tHTML, placeName } from "./ui.js";

export const POS = ["bottom", "right", "top", "left"];
const POS3 = ["bottom", "right", "left"];

/** The side a hand seat is drawn on, counted round from the bottom seat. */
export function posOf(seat, bottom, n) {
  return n === 3 ? POS3[(seat - bottom + 3) % 3] : POS[(seat - bottom + 4) % 4];
}

/** The hand seat drawn at the bottom: the viewer's, else the one table place 0 sits at. */
export function bottomSeat(view) {
  if (view.viewer != null) return view.viewer;
  const s = view.seating.indexOf(0);
  return s < 0 ? 0 : s;
}

export function tiles(list, opts = {}) {
  return list.map((x) => tileSVG(x, opts)).join("");
}

function meldHTML(m, owner, n) {
  if (m.tiles == null) {
    // a face-down concealed kong the ruleset hides from the others
    return `<span class="meld ankan hidden" title="${esc(t("table.meld_ankan"))}">${tiles([null, null, null, null])}</span>`;
  }
  if (m.type === "ankan") {
    // the outer two lie face down, as on a real table (all four are the same kind)
    const [, b, c] = m.tiles;
    return `<span class="meld ankan" title="${esc(t("table.meld_ankan"))}">${tileSVG(null)}${tileSVG(b)}${tileSVG(c)}${tileSVG(null)}</span>`;
  }
  const rest = [...m.tiles];
  const claimed = m.tile;
  if (claimed != null) {
    const i = rest.indexOf(claimed);
    if (i >= 0) rest.splice(i, 1);
  }
  const rel = (m.from_seat - owner + n) % n; // n - 1 = from the left, 1 = from the right
  const parts = rest.map((x) => tileSVG(x));
  if (claimed != null) {
    const side = tileSVG(claimed, { sideways: true, cls: "claimed" });
    const at = rel === n - 1 ? 0 : n === 4 && rel === 2 ? 1 : parts.length; // 2: opposite
    parts.splice(at, 0, side);
  }
  return `<span class="meld ${m.type}" title="${esc(t(`table.meld_${m.type}`))}">${parts.join("")}</span>`;
}

function discardsHTML(ds) {
  // the pond in rows of six, in discard order; the riichi tile lies sideways, a tile
  // someone called is marked (it now sits in their meld)
  return ds.map((d) => tileSVG(d.tile, {
    sideways: d.riichi,
    cls: [d.called ? "called" : "", d.riichi ? "riichi-tile" : "", d.tsumogiri ? "tsumogiri" : ""].join(" "),
    title: [longName(d.tile), d.riichi ? t("table.discard_riichi") : "", d.called ? t("table.discard_called") : "",
      d.tsumogiri ? t("table.discard_tsumogiri") : ""].filter(Boolean).join(" · "),
  })).join("");
}

/** Melds as their owner shows them, at the right end of the hand. */
export function meldsHTML(melds, owner, n = 4) {
  return melds.map((m) => meldHTML(m, owner, n)).join("");
}

/**
 * The board's HTML. `names[place]`, `opts.clock` (text for the turn seat), `opts.showHands`
 * (hands of all seats when known, for review), `opts.hideOwnHand` (the live table draws it
 * apart), `opts.presence` ({connected[place], standin[place]}).
 */
export function boardHTML(view, names, opts = {}) {
  const parts = boardParts(view, names, opts);
  return typeof parts === "string" ? parts : `<div class="board">${parts.join("")}</div>`;
}

/**
 * Draw the board into `el`, replacing only the seats (and centre) whose HTML changed:
 * most events touch one seat, and the browser keeps the rest as it is.
 */
export function patchBoard(el, view, names, opts = {}) {
  const parts = boardParts(view, names, opts);
  const board = el.firstElementChild;
  if (typeof parts === "string" || !board || !board.classList.contains("board") || board.classList.contains("empty")
      || !el._parts || el._parts.length !== parts.length) {
    el.innerHTML = typeof parts === "string" ? parts : `<div class="board">${parts.join("")}</div>`;
    el._parts = typeof parts === "string" ? null : parts;
    return;
  }
  parts.forEach((html, i) => {
    if (el._parts[i] !== html) board.children[i].outerHTML = html;
  });
  el._parts = parts;
}

/** The winners of an ended hand: hand seat -> its win (hand and winning tile are public). */
function winsOf(hv) {
  const out = new Map();
  if (hv.phase === "ended" && hv.result) for (const w of hv.result.wins || []) out.set(w.seat, w);
  return out;
}

/** The empty fourth side of a three-seat table: the dead wall and each seat's kita. */
function emptySide(view, hv, bottom) {
  const dora = hv.dora_indicators || [];
  const kita = hv.seats.map((s, seat) => s.flowers.length
    ? `<span class="kita-seat" data-kita="${view.seating[seat]}" title="${esc(t("table.set_aside_by", { wind: windWord(s.wind) }))}">${windChar(s.wind)} ${tiles(s.flowers, { cls: "small" })}</span>`
    : "").join("");
  return `<div class="seat pos-top empty-side" data-empty-side="1"><div class="seat-in">
    <div class="dead-wall" title="${esc(t("table.dead_wall"))}"><span class="small">${esc(t("table.dead_wall"))}</span> ${tiles(dora, { cls: "small" })}${tiles(Array(Math.max(0, 7 - dora.length)).fill(null), { cls: "small" })}</div>
    <div class="kita-all">${kita}</div></div></div>`;
}

// Board layout (a square, like the table): each seat's tiles sit on its side, turned to
// face the centre — the pond in rows of six nearest the centre, the hand behind it with
// its melds at the right end; the name plates sit in the corners (never turned), and the
// centre holds the round, counters, deposits, dora, tiles left and the four scores.
function boardParts(view, names, opts) {
  const hv = view.hand;
  if (!hv) {
    return `<div class="board empty"><div class="center"><p>${esc(t("table.waiting_start"))}</p>
      <p>${view.scores.map((s, i) => `${esc(placeName(names, i))}: ${s}`).join(" · ")}</p></div></div>`;
  }
  const bottom = bottomSeat(view);
  const wins = winsOf(hv);
  const pres = opts.presence;
  const seatCells = [];
  const plates = [];
  const n = hv.seats.length;
  hv.seats.forEach((s, seat) => {
    const pos = posOf(seat, bottom, n);
    const place = view.seating[seat];
    const turn = hv.phase !== "ended" && hv.turn === seat;
    const dealer = hv.dealer === seat;
    const own = opts.hideOwnHand && seat === view.viewer;
    const win = wins.get(seat);
    let handRow = "";
    if (win && !own) {
      handRow = `<div class="win-row" title="${esc(t("table.winning_hand"))}">${tiles(sortTiles(win.hand), { cls: "small" })}<span class="gap"></span>${tileSVG(win.tile, { cls: "small win-tile" })}</div>`;
    } else if (s.hand && !own && (opts.showHands || seat === view.viewer || s.revealed)) {
      // a tenpai hand shown at an exhaustive draw is marked as such
      handRow = `<div class="hand-row${s.revealed ? " revealed" : ""}" ${s.revealed ? `data-revealed="${seat}" title="${esc(t("table.tenpai_shown"))}"` : ""}>${tiles(sortTiles(s.hand), { cls: "small" })}</div>`;
    } else if (!own) {
      handRow = `<div class="hand-row backs" aria-label="${esc(t("table.concealed_n", { n: s.hand_count }))}"><span class="count">${s.hand_count}</span>${tiles(Array(Math.max(0, s.hand_count)).fill(null), { cls: "small" })}</div>`;
    }
    const melds = own ? "" : `<div class="melds">${meldsHTML(s.melds, seat, n)}</div>`;
    seatCells.push(`<div class="seat pos-${pos}${turn ? " turn" : ""}" data-seat="${seat}" data-place="${place}">
      <div class="seat-in"><div class="discards">${discardsHTML(s.discards)}</div>
        <div class="hand-line">${handRow}${melds}</div></div></div>`);
    const away = pres && pres.connected && pres.connected[place] === false;
    const standin = pres && pres.standin && pres.standin[place];
    plates.push(`<div class="plate pos-${pos}${turn ? " turn" : ""}" data-place="${place}">
      <div class="seat-head">
        <span class="wind" title="${esc(t("table.wind_seat", { wind: windWord(s.wind) }))}">${windChar(s.wind)}</span>
        <span class="name">${esc(placeName(names, place))}</span>
        <span class="score" data-score="${place}">${view.scores[place]}</span>
      </div>
      <div class="badges">${dealer ? `<span class="badge dealer" title="${esc(t("table.dealer"))}">${esc(t("table.dealer"))}</span>` : ""}
        ${s.riichi ? `<span class="badge riichi" title="${esc(t("table.riichi_declared"))}">${esc(t("table.riichi_badge"))}</span>` : ""}
        ${s.revealed ? `<span class="badge tenpai">${esc(t("table.tenpai"))}</span>` : ""}
        ${away ? `<span class="badge away" data-away="${place}" title="${esc(t("table.disconnected"))}">${esc(t("table.disconnected"))}</span>` : ""}
        ${standin ? `<span class="badge standin" data-standin="${place}" title="${esc(t("table.standin_title"))}">${esc(t("table.standin"))}</span>` : ""}
        ${turn && opts.clock ? `<span class="turn-clock">${esc(opts.clock)}</span>` : ""}</div>
      ${s.flowers.length ? `<div class="flowers" title="${esc(t("table.flowers"))}">${tiles(s.flowers, { cls: "small" })}</div>` : ""}
    </div>`);
  });
  const win = hv.window;
  const showDora = hv.dora_indicators && hv.dora_indicators.length;
  if (n === 3) seatCells.push(emptySide(view, hv, bottom));
  const edgeScores = hv.seats.map((s, seat) => {
    const pos = posOf(seat, bottom, n);
    const place = view.seating[seat];
    return `<span class="edge edge-${pos}${hv.dealer === seat ? " dealer" : ""}" title="${esc(names[place] ?? "")}">${windChar(s.wind)} ${view.scores[place]}</span>`;
  }).join("");
  const center = `<div class="center">${edgeScores}
    <div class="round"><b class="label" id="hand-label">${esc(hv.label || "")}</b>
      <span title="${esc(t("table.round_wind"))}">${esc(t("table.round", { wind: windWord(hv.round_wind) }))}</span></div>
    <div class="counters">${hv.honba ? `<span title="${esc(t("table.honba_title"))}">${esc(t("table.honba", { n: hv.honba }))}</span>` : ""}
      ${view.pot ? `<span>${tHTML("table.deposits", { n: `<b id="pot">${view.pot}</b>` })}</span>` : ""}</div>
    <div class="wall">${tHTML("table.tiles_left", { n: `<b id="wall-left">${hv.wall_remaining}</b>` })}</div>
    ${showDora ? `<div class="dora"><span class="small">${esc(t("table.dora"))}</span> ${tiles(hv.dora_indicators, { cls: "small" })}</div>` : ""}
    ${win ? `<div class="window">${tHTML("table.claim_on", { tile: tileSVG(win.tile, { cls: "small" }) })}</div>` : ""}
    <div class="whose">${hv.phase === "ended" ? esc(t("table.hand_over"))
      : hv.phase === "claim" ? tHTML("table.claims_on", { name: `<b>${esc(names[view.seating[hv.turn]] ?? "")}</b>` })
        : tHTML("table.to_move", { name: `<b>${esc(names[view.seating[hv.turn]] ?? "")}</b>` })}</div>
  </div>`;
  return [...seatCells, ...plates, center];
}

export { kindOf };
