// Tile faces drawn as SVG by code (no image files). A tile is the engine's int:
// 0-8 characters 1-9 (m), 9-17 dots (p), 18-26 bamboo (s), 27-33 E S W N White Green Red,
// 34-41 flowers f1-f8, 42-44 red fives 0m 0p 0s.

import { t } from "./i18n.js";

const HONORS = ["東", "南", "西", "北", "", "發", "中"];
const FLOWERS = ["梅", "蘭", "菊", "竹", "春", "夏", "秋", "冬"];
const INK = { red: "#c0262d", green: "#1c7a3e", blue: "#1f4e9c", black: "#222" };

export function kindOf(t) {
  if (t < 34) return t;
  if (t >= 42) return (t - 42) * 9 + 4;
  return -1; // flower
}

export function isRed(t) { return t >= 42; }

/** Short text label: "5m", "0p" (red five), "E", "Wh", "f3". */
export function label(t) {
  if (t == null) return "?";
  if (t >= 34 && t < 42) return "f" + (t - 33);
  if (t >= 42) return "0" + "mps"[t - 42];
  if (t >= 27) return ["E", "S", "W", "N", "Wh", "Gr", "Rd"][t - 27];
  return (t % 9) + 1 + "mps"[Math.floor(t / 9)];
}

/** A longer accessible name in the UI's language: "5 dots (red)", "East wind". */
export function longName(x) {
  if (x == null) return t("common.tile_hidden");
  if (x >= 34 && x < 42) return t("common.tile_flower", { n: x - 33 });
  const k = kindOf(x);
  if (k >= 27) return t(`common.tile_honor_${k - 27}`);
  const name = t(`common.tile_suit_${Math.floor(k / 9)}`, { n: (k % 9) + 1 });
  return isRed(x) ? t("common.tile_red", { name }) : name;
}

/** Sort key: by kind, red five after the plain five, flowers last. */
export function sortKey(t) {
  if (t >= 34 && t < 42) return 100 + t;
  return kindOf(t) * 2 + (isRed(t) ? 1 : 0);
}

export function sortTiles(tiles) {
  return [...tiles].sort((a, b) => sortKey(a) - sortKey(b));
}

// Pip positions on a 60x80 face (inner area x 8..52, y 10..70).
const PIPS = {
  1: [[30, 40]],
  2: [[30, 24], [30, 56]],
  3: [[18, 22], [30, 40], [42, 58]],
  4: [[19, 24], [41, 24], [19, 56], [41, 56]],
  5: [[19, 22], [41, 22], [30, 40], [19, 58], [41, 58]],
  6: [[19, 20], [41, 20], [19, 40], [41, 40], [19, 60], [41, 60]],
  7: [[16, 17], [30, 24], [44, 31], [19, 47], [41, 47], [19, 63], [41, 63]],
  8: [[19, 16], [41, 16], [19, 32], [41, 32], [19, 48], [41, 48], [19, 64], [41, 64]],
  9: [[16, 20], [30, 20], [44, 20], [16, 40], [30, 40], [44, 40], [16, 60], [30, 60], [44, 60]],
};

function dots(n, red) {
  const r = n === 1 ? 13 : n <= 4 ? 8 : n <= 6 ? 7 : 6;
  return PIPS[n]
    .map(([x, y], i) => {
      let c = i % 2 ? INK.blue : INK.green;
      if (n === 1 || red || (n === 5 && i === 2) || (n === 9 && i >= 3 && i < 6)) c = INK.red;
      if (n === 7 && i < 3) c = INK.green;
      return `<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="${c}" stroke-width="2.6"/>` +
        `<circle cx="${x}" cy="${y}" r="${r * 0.38}" fill="${c}"/>`;
    })
    .join("");
}

function sticks(n, red) {
  if (n === 1) {
    // one tall stick with a knot and a leaf: the "bird" simplified
    return `<rect x="25" y="14" width="10" height="52" rx="5" fill="${INK.green}"/>` +
      `<rect x="23" y="37" width="14" height="5" rx="2" fill="#fff"/>` +
      `<circle cx="30" cy="14" r="6" fill="${INK.red}"/>`;
  }
  const h = n <= 4 ? 22 : n <= 6 ? 16 : 13;
  return PIPS[n]
    .map(([x, y], i) => {
      const c = red || (n === 5 && i === 2) || (n === 7 && i === 0) || (n === 9 && i % 3 === 1) ? INK.red : INK.green;
      return `<g><rect x="${x - 3.5}" y="${y - h / 2}" width="7" height="${h}" rx="3" fill="${c}"/>` +
        `<line x1="${x - 3.5}" x2="${x + 3.5}" y1="${y}" y2="${y}" stroke="#fff" stroke-width="1.5"/></g>`;
    })
    .join("");
}

function face(t) {
  if (t >= 34 && t < 42) {
    const i = t - 34;
    const c = i < 4 ? INK.red : INK.blue;
    return `<text x="30" y="46" font-size="30" text-anchor="middle" fill="${c}" font-family="serif">${FLOWERS[i]}</text>` +
      `<text x="48" y="70" font-size="13" text-anchor="middle" fill="${c}" font-family="sans-serif">${(i % 4) + 1}</text>`;
  }
  const red = isRed(t);
  const k = kindOf(t);
  if (k >= 27) {
    const h = k - 27;
    if (h === 4) {
      return `<rect x="13" y="16" width="34" height="48" rx="3" fill="none" stroke="${INK.blue}" stroke-width="3"/>` +
        `<rect x="18" y="21" width="24" height="38" rx="2" fill="none" stroke="${INK.blue}" stroke-width="1.5"/>`;
    }
    const c = h === 5 ? INK.green : h === 6 ? INK.red : INK.black;
    if (h === 6) {
      // 中 drawn as strokes: it needs no CJK font
      return `<rect x="14" y="26" width="32" height="20" rx="2" fill="none" stroke="${c}" stroke-width="5"/>` +
        `<rect x="27.5" y="12" width="5" height="56" rx="1.5" fill="${c}"/>`;
    }
    // the glyph, and a Latin letter under it for machines without CJK fonts
    return `<text x="30" y="46" font-size="32" font-weight="bold" text-anchor="middle" fill="${c}" font-family="serif">${HONORS[h]}</text>` +
      `<text x="30" y="71" font-size="14" font-weight="bold" text-anchor="middle" fill="${c}" font-family="sans-serif">${"ESWN G"[h]}</text>`;
  }
  const n = (k % 9) + 1;
  const suit = Math.floor(k / 9);
  if (suit === 0) {
    // the numeral as a digit (readable everywhere) over 萬 (and its Chinese numeral in the title)
    return `<text x="30" y="38" font-size="30" font-weight="bold" text-anchor="middle" fill="${red ? INK.red : INK.black}" font-family="sans-serif">${n}</text>` +
      `<text x="30" y="69" font-size="26" text-anchor="middle" fill="${INK.red}" font-family="serif">萬</text>`;
  }
  return suit === 1 ? dots(n, red) : sticks(n, red);
}

/**
 * The SVG markup of one tile. `t` null/undefined draws the back.
 * opts: {sideways, small, label (show the text label), cls, title}
 */
export function tileSVG(t, opts = {}) {
  const back = t == null;
  const w = 60, h = 80;
  const body = back
    ? `<rect x="1.5" y="1.5" width="57" height="77" rx="7" fill="#2f7d5b" stroke="#1d4d38" stroke-width="2"/>` +
      `<rect x="8" y="9" width="44" height="62" rx="4" fill="none" stroke="#9fd6bb" stroke-width="1.5"/>`
    : `<rect x="1.5" y="1.5" width="57" height="77" rx="7" fill="#fbf8ef" stroke="#8a8270" stroke-width="2"/>` + face(t);
  const lab = !back && opts.label !== false
    ? `<text class="tl" x="5" y="14" font-size="11" fill="#555" font-family="sans-serif">${label(t)}</text>`
    : "";
  const rot = opts.sideways ? ` transform="rotate(-90 30 40)"` : "";
  const vb = opts.sideways ? `-10 10 80 60` : `0 0 ${w} ${h}`;
  const cls = ["tile", opts.sideways ? "sideways" : "", opts.cls || ""].join(" ").trim();
  const title = opts.title ?? longName(t);
  return `<svg class="${cls}" viewBox="${vb}" role="img" aria-label="${title}" data-tile="${back ? "" : t}"><title>${title}</title><g${rot}>${body}${lab}</g></svg>`;
}

export const TILE_NAMES = { label, longName };
