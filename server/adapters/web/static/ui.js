// Small DOM helpers and display names; the UI's words come from the catalogue (i18n.js).

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

export { t, tHTML, lang, setLang, has } from "./i18n.js";
import { t, has, lang } from "./i18n.js";

export function patternName(p) {
  return p[lang()] || p.en || p.id;
}

export function windChar(w) { return t(`common.wind_char_${w}`); }
export function windWord(w) { return t(`common.wind_${w}`); }

/** Settlement reasons (engine Payment.reason) in words, per language. */
export function reasonText(r) { return has(`score.reason_${r}`) ? t(`score.reason_${r}`) : String(r).replace(/_/g, " "); }

export function outcomeText(o) { return has(`score.outcome_${o}`) ? t(`score.outcome_${o}`) : String(o).replace(/_/g, " "); }

/** A table status ("playing") in words. */
export function statusText(s) { return has(`common.status_${s}`) ? t(`common.status_${s}`) : String(s); }

/** A bot's kind in words ("bot:greedy" -> greedy); an unknown kind as the server names it. */
export function botKind(occupant) {
  const kind = occupant.replace(/^bot:/, "");
  return has(`common.bot_${kind}`) ? t(`common.bot_${kind}`) : kind;
}

/** A seat's display name from the REST table: bots get their place, "Bot 2 (greedy)". */
export function seatName(s) {
  if (s.kind === "bot") return t("common.bot_name", { n: s.seat + 1, kind: botKind(s.occupant) });
  if (s.kind === "open") return t("common.open_seat_n", { n: s.seat + 1 });
  return s.rank ? `${s.name} (${s.rank})` : s.name; // rank: the ladder's, at ranked tables
}

/** A table place's name, or "seat N". */
export function placeName(names, place) { return names[place] ?? t("common.seat_n", { n: place + 1 }); }
