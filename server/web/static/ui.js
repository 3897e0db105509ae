// Small DOM helpers and the language switch (pattern names come in en / zh / ja).

export function esc(s) {
  return String(s ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (v !== false && v != null) el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c != null) el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return el;
}

const LANGS = ["en", "zh", "ja"];
export function lang() {
  const l = localStorage.getItem("jantaku.lang");
  return LANGS.includes(l) ? l : "en";
}
export function setLang(l) { localStorage.setItem("jantaku.lang", l); }

export function patternName(p) {
  return p[lang()] || p.en || p.id;
}

const WIND_CHARS = { en: ["E", "S", "W", "N"], zh: ["东", "南", "西", "北"], ja: ["東", "南", "西", "北"] };
const WIND_WORDS = ["East", "South", "West", "North"];
export function windChar(w) { return WIND_CHARS[lang()][w - 1]; }
export function windWord(w) { return WIND_WORDS[w - 1]; }

const UI = {
  en: { pass: "Pass", win: "Win", tsumo: "Self-drawn win", ron: "Win on discard", chow: "Chow", pung: "Pung", kong: "Kong", ckong: "Concealed kong", akong: "Added kong", flower: "Flower", abort: "Nine terminals: abort", riichi: "Riichi" },
  zh: { pass: "过", win: "和", tsumo: "自摸", ron: "和", chow: "吃", pung: "碰", kong: "杠", ckong: "暗杠", akong: "加杠", flower: "补花", abort: "九种九牌", riichi: "立直" },
  ja: { pass: "スキップ", win: "和了", tsumo: "ツモ", ron: "ロン", chow: "チー", pung: "ポン", kong: "カン", ckong: "暗槓", akong: "加槓", flower: "花", abort: "九種九牌", riichi: "リーチ" },
};
export function t(key) { return UI[lang()][key] || UI.en[key] || key; }

/** A seat's display name from the REST table: bots get their place, "Bot 2 (greedy)". */
export function seatName(s) {
  if (s.kind === "bot") return `Bot ${s.seat + 1} (${s.occupant.replace(/^bot:/, "")})`;
  if (s.kind === "open") return `open seat ${s.seat + 1}`;
  return s.name;
}
