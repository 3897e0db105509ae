// Drawing the table from a view: four seats, melds, discards, flowers, the centre.
// Shared by the live table and the match review.

import { tileSVG, sortTiles, kindOf } from "./tiles.js";
import { esc, windChar, windWord } from "./ui.js";

export const POS = ["bottom", "right", "top", "left"];

/** The hand seat drawn at the bottom: the viewer's, else the one table place 0 sits at. */
export function bottomSeat(view) {
  if (view.viewer != null) return view.viewer;
  const s = view.seating.indexOf(0);
  return s < 0 ? 0 : s;
}

export function tiles(list, opts = {}) {
  return list.map((t) => tileSVG(t, opts)).join("");
}

function meldHTML(m, owner) {
  if (m.tiles == null) {
    // a face-down concealed kong the ruleset hides from the others
    return `<span class="meld ankan hidden" title="concealed kong">${tiles([null, null, null, null])}</span>`;
  }
  if (m.type === "ankan") {
    // the outer two lie face down, as on a real table (all four are the same kind)
    const [, b, c] = m.tiles;
    return `<span class="meld ankan" title="concealed kong">${tileSVG(null)}${tileSVG(b)}${tileSVG(c)}${tileSVG(null)}</span>`;
  }
  const rest = [...m.tiles];
  const claimed = m.tile;
  if (claimed != null) {
    const i = rest.indexOf(claimed);
    if (i >= 0) rest.splice(i, 1);
  }
  const rel = (m.from_seat - owner + 4) % 4; // 3 = from the left, 2 = opposite, 1 = from the right
  const parts = rest.map((t) => tileSVG(t));
  if (claimed != null) {
    const side = tileSVG(claimed, { sideways: true, cls: "claimed" });
    const at = rel === 3 ? 0 : rel === 2 ? 1 : parts.length;
    parts.splice(at, 0, side);
  }
  return `<span class="meld ${m.type}" title="${m.type}">${parts.join("")}</span>`;
}

function discardsHTML(ds) {
  return ds.map((d) => tileSVG(d.tile, {
    sideways: d.riichi,
    cls: [d.called ? "called" : "", d.riichi ? "riichi-tile" : "", d.tsumogiri ? "tsumogiri" : ""].join(" "),
    title: undefined,
  })).join("");
}

/**
 * The board's HTML. `names[place]`, `opts.clock` (text for the turn seat), `opts.showHands`
 * (hands of all seats when known, for review), `opts.hideOwnHand` (the live table draws it apart).
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

function boardParts(view, names, opts) {
  const hv = view.hand;
  if (!hv) {
    return `<div class="board empty"><div class="center"><p>Waiting for the match to start…</p>
      <p>${view.scores.map((s, i) => `${esc(names[i] || "seat " + (i + 1))}: ${s}`).join(" · ")}</p></div></div>`;
  }
  const bottom = bottomSeat(view);
  const seatsHTML = hv.seats.map((s, seat) => {
    const pos = POS[(seat - bottom + 4) % 4];
    const place = view.seating[seat];
    const turn = hv.phase !== "ended" && hv.turn === seat;
    const dealer = hv.dealer === seat;
    let handRow = "";
    if (s.hand && (opts.showHands || !(opts.hideOwnHand && seat === view.viewer))) {
      handRow = `<div class="hand-row">${tiles(sortTiles(s.hand), { cls: "small" })}</div>`;
    } else if (!(opts.hideOwnHand && seat === view.viewer)) {
      handRow = `<div class="hand-row backs" aria-label="${s.hand_count} concealed tiles">${tiles(Array(Math.max(0, s.hand_count)).fill(null), { cls: "small" })}</div>`;
    }
    return `<div class="seat pos-${pos}${turn ? " turn" : ""}" data-seat="${seat}" data-place="${place}">
      <div class="seat-head">
        <span class="wind" title="${windWord(s.wind)} seat">${windChar(s.wind)}</span>
        <span class="name">${esc(names[place] ?? "seat " + (place + 1))}</span>
        ${dealer ? `<span class="badge dealer" title="dealer">dealer</span>` : ""}
        ${s.riichi ? `<span class="badge riichi" title="riichi declared">riichi</span>` : ""}
        <span class="score" data-score="${place}">${view.scores[place]}</span>
        ${turn && opts.clock ? `<span class="turn-clock">${esc(opts.clock)}</span>` : ""}
      </div>
      ${handRow}
      <div class="melds">${s.melds.map((m) => meldHTML(m, seat)).join("")}
        ${s.flowers.length ? `<span class="flowers" title="flowers">${tiles(s.flowers, { cls: "small" })}</span>` : ""}</div>
      <div class="discards">${discardsHTML(s.discards)}</div>
    </div>`;
  });
  const win = hv.window;
  const showDora = hv.dora_indicators && hv.dora_indicators.length;
  const center = `<div class="center">
    <div class="round"><b class="label" id="hand-label">${esc(hv.label || "")}</b>
      <span title="round wind">${windWord(hv.round_wind)} round</span>
      ${hv.honba ? `<span title="honba (counters)">${hv.honba} honba</span>` : ""}</div>
    <div class="wall">tiles left <b id="wall-left">${hv.wall_remaining}</b>${view.pot ? ` · deposits <b id="pot">${view.pot}</b>` : ""}</div>
    ${showDora ? `<div class="dora"><span>dora indicators</span> ${tiles(hv.dora_indicators, { cls: "small" })}</div>` : ""}
    ${win ? `<div class="window">claim on ${tileSVG(win.tile, { cls: "small" })}</div>` : ""}
    <div class="whose">${hv.phase === "ended" ? "hand over"
      : hv.phase === "claim" ? `claims on the discard of <b>${esc(names[view.seating[hv.turn]] ?? "")}</b>`
        : `to move: <b>${esc(names[view.seating[hv.turn]] ?? "")}</b>`}</div>
  </div>`;
  return [...seatsHTML, center];
}

export { kindOf };
