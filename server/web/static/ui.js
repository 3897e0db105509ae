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

// Settlement reasons (engine Payment.reason) in words, per language.
const REASONS = {
  en: { hand: "hand", hand_value: "hand value", base: "base payment", honba: "counters (honba)", deposits: "riichi deposits",
    noten: "no-ready penalty (noten)", pao: "liability (pao)", nagashi_mangan: "nagashi mangan", false_win: "false win penalty",
    par: "par payment", responsible: "discarder pays for all", riichi_deal_in: "dealt in after riichi" },
  zh: { hand: "和牌", hand_value: "番值", base: "底分", honba: "本场", deposits: "立直棒", noten: "不听罚符", pao: "包牌",
    nagashi_mangan: "流局满贯", false_win: "诈和罚分", par: "基本分", responsible: "放铳包赔", riichi_deal_in: "立直后放铳" },
  ja: { hand: "和了", hand_value: "点数", base: "基本点", honba: "本場", deposits: "供託", noten: "ノーテン罰符", pao: "責任払い",
    nagashi_mangan: "流し満貫", false_win: "誤ロン", par: "基本点", responsible: "放銃者の責任払い", riichi_deal_in: "リーチ後の放銃" },
};
export function reasonText(r) { return (REASONS[lang()] || REASONS.en)[r] || REASONS.en[r] || String(r).replace(/_/g, " "); }

const OUTCOMES = {
  en: { win: "Win", exhaustive_draw: "Exhaustive draw", abortive_draw: "Abortive draw" },
  zh: { win: "和牌", exhaustive_draw: "荒庄", abortive_draw: "流局" },
  ja: { win: "和了", exhaustive_draw: "流局", abortive_draw: "途中流局" },
};
export function outcomeText(o) { return (OUTCOMES[lang()] || OUTCOMES.en)[o] || String(o).replace(/_/g, " "); }

/** A seat's display name from the REST table: bots get their place, "Bot 2 (greedy)". */
export function seatName(s) {
  if (s.kind === "bot") return `Bot ${s.seat + 1} (${s.occupant.replace(/^bot:/, "")})`;
  if (s.kind === "open") return `open seat ${s.seat + 1}`;
  return s.name;
}
