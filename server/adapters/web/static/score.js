// Hand end (itemised scoresheet, payments, standings), match end (final table) and the
// score chart as inline SVG.

import { tileSVG, sortTiles } from "./tiles.js";
import { esc, patternName, windWord, reasonText, outcomeText, has, t, tHTML, placeName } from "./ui.js";
import { rulesetWord } from "./i18n.js";

function nameOfSeat(result, seat, names) {
  return placeName(names, result.seating[seat]);
}

function winHTML(w, result, names, ruleset) {
  const who = nameOfSeat(result, w.seat, names);
  const title = w.from_seat == null ? t("score.wins_tsumo", { name: who })
    : t(w.robbed_kong ? "score.wins_robbing" : "score.wins_ron", { name: who, from: nameOfSeat(result, w.from_seat, names) });
  const melds = (result.melds && result.melds[w.seat]) || [];
  const s = w.score;
  const d = s.details || {};
  const rows = s.patterns.map((p) => `<tr class="pattern"><td class="pname" data-pattern="${esc(p.id)}">${esc(patternName(p))}</td>
      <td class="num">${p.value}</td><td class="num">×${p.count}</td><td class="num">${p.value * p.count}</td></tr>`).join("");
  let summary;
  if (d.han !== undefined) {
    // the limit (mangan…) in words; an id the catalogue lacks is shown as it is
    const limit = d.limit ? ` · ${esc(has(`score.limit_${d.limit}`) ? t(`score.limit_${d.limit}`) : d.limit)}` : "";
    const yakuman = d.yakuman ? ` · ${esc(t("score.yakuman", { n: d.yakuman }))}` : "";
    summary = `<b>${esc(t("score.han_fu", { han: d.han, fu: d.fu }))}</b>${limit}${yakuman} · ${tHTML("score.points", { n: `<b>${s.total}</b>` })}`;
  } else {
    summary = tHTML(rulesetWord(ruleset, "hand_value", "score.points"), { n: `<b>${s.total}</b>` });
  }
  const unit = t(d.han !== undefined ? "score.col_han" : "score.col_value");
  // the flowers the winner set aside count in the hand (MCR, Zung Jung, Three Kingdoms)
  const flowers = (result.flowers && result.flowers[w.seat]) || [];
  const ctx = w.context || {};
  const indicators = (list, what) => (list && list.length
    ? `<span class="ind"><span class="muted small">${esc(t(what))}</span> ${list.map((x) => tileSVG(x, { cls: "small" })).join("")}</span>` : "");
  const dora = indicators(ctx.dora_indicators, "score.dora_indicators") + indicators(ctx.ura_dora_indicators, "score.ura_indicators");
  return `<div class="win-block">
    <h3>${esc(title)}</h3>
    <div class="win-hand">${sortTiles(w.hand).map((x) => tileSVG(x, { cls: "small" })).join("")}
      <span class="gap"></span>${melds.map((m) => `<span class="meld">${m.meld.tiles.map((x) => tileSVG(x, { cls: "small" })).join("")}</span>`).join("")}
      <span class="gap"></span>${tileSVG(w.tile, { cls: "small win-tile" })}
      ${flowers.length ? `<span class="gap"></span><span class="flowers" title="${esc(t("score.flowers"))}">${flowers.map((x) => tileSVG(x, { cls: "small" })).join("")}</span>` : ""}</div>
    ${dora ? `<div class="indicators">${dora}</div>` : ""}
    <table class="patterns"><thead><tr><th>${esc(t("score.col_pattern"))}</th><th>${esc(unit)}</th><th>${esc(t("score.col_count"))}</th><th>${esc(t("score.col_total"))}</th></tr></thead>
    <tbody>${rows}</tbody></table>
    <p class="summary">${summary}</p>
  </div>`;
}

/** The scoresheet of one `hand_end` frame: its `sheet` row gives the deltas (`prev`, the
 * scores before it, stands in for a frame without one). */
export function handEndHTML(frame, names, ruleset, prev) {
  const r = frame.result;
  const title = `${esc(r.label || "")} — ${esc(outcomeText(r.outcome))}${r.abort ? ` (${esc(r.abort)})` : ""}`;
  const wins = (r.wins || []).map((w) => winHTML(w, r, names, ruleset)).join("");
  let draw = "";
  if (!r.wins || !r.wins.length) {
    const ten = (r.tenpai || []).map((x, s) => (x ? nameOfSeat(r, s, names) : null)).filter(Boolean);
    draw = `<p>${esc(r.tenpai && r.tenpai.length ? t("score.tenpai_list", { names: ten.length ? ten.join(", ") : t("score.nobody") }) : t("score.no_winner"))}</p>`;
    // the tenpai hands shown at the draw (the frame's "revealed"; never a noten seat's)
    const shown = (frame.revealed || []).map((tiles, s) => (tiles ? `<div class="shown-hand" data-shown="${s}"><span class="small">${esc(nameOfSeat(r, s, names))}</span>
      ${sortTiles(tiles).map((x) => tileSVG(x, { cls: "small" })).join("")}
      ${((r.melds && r.melds[s]) || []).map((m) => `<span class="meld">${m.meld.tiles.map((x) => tileSVG(x, { cls: "small" })).join("")}</span>`).join("")}</div>` : "")).join("");
    if (shown) draw += `<div class="shown-hands">${shown}</div>`;
  }
  const pays = frame.payments.length
    ? `<table class="payments"><thead><tr><th>${esc(t("score.col_from"))}</th><th>${esc(t("score.col_to"))}</th><th>${esc(t("score.col_amount"))}</th><th>${esc(t("score.col_for"))}</th></tr></thead><tbody>
      ${frame.payments.map((p) => `<tr><td>${esc(p.payer == null ? t("score.the_table") : nameOfSeat(r, p.payer, names))}</td>
        <td>${esc(p.payee == null ? t("score.the_table") : nameOfSeat(r, p.payee, names))}</td><td class="num">${p.amount}</td><td data-reason="${esc(p.reason)}">${esc(reasonText(p.reason))}</td></tr>`).join("")}</tbody></table>`
    : `<p class="muted">${esc(t("score.no_payments"))}</p>`;
  const order = frame.scores.map((_, p) => p).sort((a, b) => frame.scores[b] - frame.scores[a]);
  const standings = `<table class="standings"><thead><tr><th>#</th><th>${esc(t("score.col_player"))}</th><th>${esc(t("score.col_score"))}</th><th>${esc(t("score.col_this_hand"))}</th></tr></thead><tbody>
    ${order.map((p, i) => {
      // the server's scoresheet row (payments and riichi deposits); older frames: from prev
      const delta = frame.sheet ? frame.sheet.deltas[p] : prev ? frame.scores[p] - prev[p] : null;
      return `<tr><td>${i + 1}</td><td>${esc(placeName(names, p))}</td><td class="num">${frame.scores[p]}</td>
        <td class="num ${delta > 0 ? "plus" : delta < 0 ? "minus" : ""}">${delta == null ? "" : (delta > 0 ? "+" : "") + delta}</td></tr>`;
    }).join("")}</tbody></table>`;
  const paid = frame.sheet ? frame.sheet.deposits.map((d, p) => (d ? `${placeName(names, p)} ${d}` : null)).filter(Boolean) : [];
  const deposits = paid.length ? `<p class="deposits">${esc(t("score.deposits_paid", { list: paid.join(", ") }))}</p>` : "";
  return `<div class="scoresheet" data-hand="${esc(r.label || "")}">
    <h2>${title}</h2>${wins}${draw}
    <h3>${esc(t("score.payments"))}</h3>${pays}${deposits}
    <h3>${esc(t("score.standings"))}</h3>${standings}${frame.pot ? `<p>${esc(t("score.pot_left", { n: frame.pot }))}</p>` : ""}
  </div>`;
}

const COLORS = ["#d9480f", "#1971c2", "#2b8a3e", "#862e9c"];

/** Inline SVG: every place's score after each hand. rows = [{label, scores[n]}], n = 3 or 4. */
export function chartSVG(rows, names) {
  if (rows.length < 2) return `<p class="muted">${esc(t("score.no_chart"))}</p>`;
  const W = 640, H = 280, L = 56, R = 12, T = 14, B = 40;
  const all = rows.flatMap((r) => r.scores);
  let lo = Math.min(...all), hi = Math.max(...all);
  if (lo === hi) {
    // a flat match: a band around the score, in a round step of its size (scores are whole)
    const pad = 10 ** Math.max(0, Math.floor(Math.log10(Math.abs(lo) || 1)) - 1);
    lo -= pad; hi += pad;
  }
  // round the axis to a 1-2-5 step (never below 1 point) so the ticks read as plain numbers
  const raw = Math.max(1, (hi - lo) / 5);
  const mag = 10 ** Math.floor(Math.log10(raw));
  const unit = [1, 2, 5, 10].map((k) => k * mag).find((s) => s >= raw);
  lo = Math.floor(lo / unit) * unit;
  hi = Math.ceil(hi / unit) * unit;
  const x = (i) => L + ((W - L - R) * i) / (rows.length - 1);
  const y = (v) => T + ((H - T - B) * (hi - v)) / (hi - lo);
  const ticks = Math.round((hi - lo) / unit);
  const grid = Array.from({ length: ticks + 1 }, (_, k) => {
    const v = lo + unit * k;
    return `<line x1="${L}" x2="${W - R}" y1="${y(v)}" y2="${y(v)}" class="grid"/>` +
      `<text x="${L - 6}" y="${y(v) + 4}" text-anchor="end" class="axis">${(Math.round(v) || 0).toLocaleString("en-US")}</text>`;
  }).join("");
  const step = Math.max(1, Math.ceil(rows.length / 16));
  const xlabels = rows.map((r, i) => (i % step === 0 || i === rows.length - 1
    ? `<text x="${x(i)}" y="${H - B + 16}" text-anchor="middle" class="axis">${esc(r.label)}</text>` : "")).join("");
  // Tied players would draw one line over another: each place is nudged by a few pixels
  // where its score equals another's, and dashed differently, so all four stay visible.
  const places = rows[0].scores.map((_, p) => p);
  const nudge = (r, p) => {
    const same = places.filter((q) => r.scores[q] === r.scores[p]);
    return same.length < 2 ? 0 : (same.indexOf(p) - (same.length - 1) / 2) * 3;
  };
  const DASH = ["", "7 3", "2 3", "9 3 2 3"];
  const lines = places.map((p) => {
    const pts = rows.map((r, i) => `${x(i).toFixed(1)},${(y(r.scores[p]) + nudge(r, p)).toFixed(1)}`).join(" ");
    return `<polyline points="${pts}" fill="none" stroke="${COLORS[p]}" stroke-width="2.5" data-place="${p}"${DASH[p] ? ` stroke-dasharray="${DASH[p]}"` : ""}/>` +
      rows.map((r, i) => `<circle cx="${x(i)}" cy="${y(r.scores[p]) + nudge(r, p)}" r="2.5" fill="${COLORS[p]}"><title>${esc(names[p] ?? "")} ${esc(r.label)}: ${r.scores[p]}</title></circle>`).join("");
  }).join("");
  const legend = places.map((p) => `<g transform="translate(${L + p * 140}, ${H - 8})"><line x1="0" x2="14" y1="-4" y2="-4" stroke="${COLORS[p]}" stroke-width="3"${DASH[p] ? ` stroke-dasharray="${DASH[p]}"` : ""}/><text x="18" y="0" class="axis">${esc(placeName(names, p))}</text></g>`).join("");
  const zero = lo < 0 && hi > 0 ? `<line x1="${L}" x2="${W - R}" y1="${y(0)}" y2="${y(0)}" class="zero"/>` : "";
  return `<svg class="chart" viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(t("score.chart_label"))}">${grid}${zero}${lines}${xlabels}${legend}</svg>`;
}

/** The final table of a `match_end` frame. */
export function matchEndHTML(frame, names, ruleset, rows) {
  const st = [...frame.standings].sort((a, b) => a.rank - b.rank);
  const pointsName = t(rulesetWord(ruleset, "match_points", "score.col_table_points"));
  return `<div class="matchsheet"><h2>${esc(t("score.match_over"))}</h2>
    <table class="final"><thead><tr><th>${esc(t("score.col_rank"))}</th><th>${esc(t("score.col_player"))}</th><th>${esc(t("score.col_score"))}</th><th>${esc(pointsName)}</th></tr></thead><tbody>
    ${st.map((s) => `<tr><td>${s.rank}</td><td>${esc(placeName(names, s.player))}</td><td class="num">${s.score}</td>
      <td class="num">${s.points > 0 ? "+" : ""}${s.points}</td></tr>`).join("")}</tbody></table>
    ${chartSVG(rows, names)}
    <p class="muted small">${tHTML("score.seed_note", { seed: `<code>${esc(frame.seed)}</code>`, commitment: `<code>${esc(frame.commitment.slice(0, 16))}…</code>` })}</p>
  </div>`;
}

export { windWord };
