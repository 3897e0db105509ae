// The UI's words in English, 中文 and 日本語, from one message catalogue: a JSON file per area
// under i18n/ (common, table, lobby, score, review, tournaments, club, queues, ladder), each key holding its
// three languages side by side:
//   "pass": {"en": "Pass", "zh": "过", "ja": "スキップ"}
//   "differ": {"en": {"one": "{n} option differs", "other": "{n} options differ"}, "zh": "…", "ja": "…"}
// A key is used as "area.key": t("table.pass"). `{name}` in a text is replaced by
// params.name; a text given as plural forms is chosen by params.n (Intl.PluralRules).
// tests/web/test_i18n.py checks every key has all three languages with the same {params},
// and every t("…") in the client names a key that exists.
//
// The language: the picker's choice (localStorage "jantaku.lang"), else the browser's
// (navigator.languages), else English; <html lang> follows it. Pattern names, option texts
// and ruleset names come from the server in all three languages and are picked by lang().

export const LANGS = ["en", "zh", "ja"];
export const LANG_NAMES = { en: "English", zh: "中文", ja: "日本語" };
export const AREAS = ["common", "table", "lobby", "score", "review", "tournaments", "club", "queues", "ladder"];
const STORE = "jantaku.lang";
const HTML_LANG = { en: "en", zh: "zh-Hans", ja: "ja" };

const catalogue = {};
// What the server says of each installed ruleset (GET /api/rulesets): the client names no
// ruleset, it reads their statistics, log formats, words and wall (area "ruleset:ID")
const described = {};
await Promise.all([...AREAS.map(async (area) => {
  try {
    const r = await fetch(`/web/i18n/${area}.json`);
    if (r.ok) catalogue[area] = await r.json();
  } catch { /* an area that failed to load shows its keys */ }
}), (async () => {
  try {
    const r = await fetch("/api/rulesets");
    if (!r.ok) return;
    for (const x of await r.json()) {
      if (x.error) continue;
      described[x.id] = x;
      catalogue[`ruleset:${x.id}`] = x.words || {};
    }
  } catch { /* no descriptions: the generic words */ }
})()]);

/** The server's description of a ruleset (GET /api/rulesets), {} if unknown. */
export function rulesetInfo(id) { return described[id] || {}; }

/** The ids of the installed rulesets played at a table, in the server's order. */
export function playableRulesets() { return Object.values(described).filter((r) => r.playable).map((r) => r.id); }

/** The key of the ruleset's own word for `word` (its `words`), else `fallback` ("area.key"). */
export function rulesetWord(id, word, fallback) {
  const key = `ruleset:${id}.${word}`;
  return entry(key) !== undefined ? key : fallback;
}

/** The browser's preferred language among ours (zh-TW, zh-HK count as 中文). */
export function browserLang() {
  const wanted = (navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || "en"]);
  for (const w of wanted) {
    const base = String(w).toLowerCase().split("-")[0];
    if (LANGS.includes(base)) return base;
  }
  return "en";
}

export function lang() {
  let l = null;
  try { l = localStorage.getItem(STORE); } catch { /* storage off */ }
  return LANGS.includes(l) ? l : browserLang();
}

/** Choose the language (kept in localStorage); pages listening to "jantaku-lang" redraw. */
export function setLang(l) {
  if (!LANGS.includes(l)) return;
  try { localStorage.setItem(STORE, l); } catch { /* storage off */ }
  applyLang();
  window.dispatchEvent(new Event("jantaku-lang"));
}

function applyLang() {
  document.documentElement.lang = HTML_LANG[lang()];
  translateDom(document);
}

function entry(key) {
  const dot = key.indexOf(".");
  const area = catalogue[key.slice(0, dot)];
  return area ? area[key.slice(dot + 1)] : undefined;
}

function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (m, name) => (params && params[name] != null ? String(params[name]) : m));
}

/** The template of `key` in the current language (plural form chosen by params.n). */
function template(key, params) {
  const e = entry(key);
  if (!e) return null;
  const L = lang();
  let text = e[L] ?? e.en;
  if (text && typeof text === "object") {
    const n = params && typeof params.n === "number" ? params.n : 0;
    text = text[new Intl.PluralRules(L).select(n)] ?? text.other ?? Object.values(text)[0];
  }
  return text == null ? null : String(text);
}

/** The text of `key` ("area.key") in the current language, `{param}`s filled in. */
export function t(key, params) {
  const text = template(key, params);
  return text == null ? key : fill(text, params);
}

/** Is there such a key? (for optional texts: a reason or outcome the catalogue may lack) */
export function has(key) { return entry(key) !== undefined; }

const ESC = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escText = (s) => String(s ?? "").replace(/[&<>"']/g, (c) => ESC[c]);

/** t() as HTML: the text escaped, the params inserted as they are (markup the caller built
 * and escaped itself), e.g. tHTML("table.you_are", {name: `<b>${esc(name)}</b>`}). */
export function tHTML(key, params) {
  const text = template(key, params);
  if (text == null) return escText(key);
  return escText(text).replace(/\{(\w+)\}/g, (m, name) => (params && params[name] != null ? String(params[name]) : m));
}

/** Static markup: [data-i18n] gets its text, [data-i18n-title|-placeholder|-aria-label]
 * those attributes, from the catalogue. */
export function translateDom(root) {
  root.querySelectorAll("[data-i18n]").forEach((el) => { el.textContent = t(el.dataset.i18n); });
  for (const attr of ["title", "placeholder", "aria-label"]) {
    root.querySelectorAll(`[data-i18n-${attr}]`).forEach((el) => { el.setAttribute(attr, t(el.getAttribute(`data-i18n-${attr}`))); });
  }
}

/** Fill a <select> with the three languages and keep the choice. */
export function languagePicker(select) {
  select.innerHTML = LANGS.map((l) => `<option value="${l}" lang="${HTML_LANG[l]}">${LANG_NAMES[l]}</option>`).join("");
  select.value = lang();
  select.onchange = () => setLang(select.value);
}

applyLang();
