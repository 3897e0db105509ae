// What the club pages share (club_*.js): who is signed in and in which role, the loading / empty / error states, number, rate
// and date formats, ruleset names, and the tabs used by several pages. REST only. Their
// words are in the catalogue i18n/club.json (keys "club.…", English, 中文, 日本語).

import { api, me } from "./net.js";
import { h, lang, t, has } from "./ui.js";

/** A rank in words: "1st", "第1名", "1位". */
export function rankText(n) { return has(`club.rank_${n}`) ? t(`club.rank_${n}`) : t("club.rank_n", { n }); }

const NONE = "—";

// ---------------------------------------------------------------- who is signed in

let known = { token: undefined, answer: null };

/**
 * Who holds this browser's token: {player: {player_id, name, role, …} | null, role:
 * "admin" | "organizer" | "player" | null, name}. An account answers GET /api/players/me;
 * the bootstrap admin token (no player) is recognised by an admin route answering it.
 * Cached per token; the API enforces every role anyway.
 */
export function whoAmI() {
  const p = me();
  const token = (p && p.token) || null;
  if (known.token !== token || !known.answer) known = { token, answer: resolve(p) };
  return known.answer;
}

async function resolve(p) {
  if (!p || !p.token) return { player: null, role: null, name: null };
  try {
    const info = await api("GET", "/api/players/me");
    return { player: info, role: info.role, name: info.name };
  } catch (e) {
    if (e.status !== 401) return { player: { player_id: p.player_id, name: p.name }, role: "player", name: p.name };
    try {
      await api("GET", "/api/admin/health");
      return { player: null, role: "admin", name: p.name || "admin" };
    } catch { return { player: null, role: null, name: null }; }
  }
}

export const isStaff = (who) => who.role === "admin" || who.role === "organizer";

// ---------------------------------------------------------------- states

/** A box that says it is loading (replaced by the page's content or an error). */
export function loadingBox(id) {
  return h("div", { id, class: "club-state loading", "aria-busy": "true" }, t("common.loading"));
}

export function emptyState(text) {
  return h("p", { class: "club-state empty" }, text || t("club.nothing"));
}

/** An error in words (401: sign in; 403: not allowed; 404: not found) with a retry. */
export function errorState(err, retry) {
  const words = err.status === 401 ? t("club.e401") : err.status === 403 ? t("club.e403") : err.status === 404 ? t("club.e404") : "";
  return h("div", { class: "club-state error", role: "alert" },
    h("p", {}, words || err.message || String(err)),
    words && err.message ? h("p", { class: "muted small" }, err.message) : null,
    err.status === 401 ? h("a", { href: "#/", class: "button small" }, t("club.signin")) : null,
    retry ? h("button", { class: "small", type: "button", onclick: retry }, t("club.retry")) : null);
}

/** Fill `box` with what `load()` builds (a Node or a list), showing loading, then the
 * content, or the error with a retry. */
export async function fill(box, load) {
  const run = async () => {
    box.replaceChildren(loadingBox());
    box.setAttribute("aria-busy", "true");
    try {
      const out = await load();
      box.replaceChildren(...[out].flat().filter((x) => x != null));
    } catch (e) {
      box.replaceChildren(errorState(e, run));
    }
    box.removeAttribute("aria-busy");
  };
  await run();
}

// ---------------------------------------------------------------- formats

const locale = () => ({ en: "en-GB", zh: "zh-CN", ja: "ja-JP" })[lang()] || "en-GB";

export function when(iso) {
  if (!iso) return NONE;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? String(iso) : d.toLocaleString(locale(), { dateStyle: "medium", timeStyle: "short" });
}

/** A number as people read it; `signed` puts + before gains. */
export function num(x, { signed = false, digits = 0 } = {}) {
  if (x == null) return NONE;
  // a value that rounds to zero reads 0, not -0 (a z of -0.04 shown to one place)
  const v = Math.abs(Number(x)) < 0.5 / 10 ** digits ? 0 : Number(x);
  const text = v.toLocaleString(locale(), { maximumFractionDigits: digits, minimumFractionDigits: 0 });
  return signed && x > 0 ? `+${text}` : text;
}

export function pct(x) {
  return x == null ? NONE : `${(x * 100).toLocaleString(locale(), { maximumFractionDigits: 1 })} %`;
}

export function signClass(x) { return x > 0 ? "plus" : x < 0 ? "minus" : ""; }


// ---------------------------------------------------------------- rulesets

let rulesetList = null;

/** The installed rulesets [{id, name}] in the player's language (GET /api/rulesets, once). */
export async function rulesets() {
  if (!rulesetList) {
    rulesetList = api("GET", "/api/rulesets").catch((e) => { rulesetList = null; throw e; });
  }
  const all = await rulesetList;
  return all.filter((r) => !r.error).map((r) => ({ id: r.id, name: (r.names && (r.names[lang()] || r.names.en)) || r.id }));
}

export async function rulesetName(id) {
  try { return ((await rulesets()).find((r) => r.id === id) || { name: id }).name; } catch { return id; }
}

/** A row of links, one per choice, the current one marked (aria-current). */
export function tabs(id, choices, current) {
  return h("nav", { class: "club-tabs", id, "aria-label": t("club.rulesets") },
    ...choices.map((c) => h("a", { href: c.href, class: "club-tab", "data-tab": c.id, "aria-current": c.id === current ? "page" : false }, c.name)));
}

/** A player's name, linked to their page when they have one (bots do not). */
export function playerLink(playerId, name) {
  return playerId ? h("a", { href: `#/player/${encodeURIComponent(playerId)}`, class: "player-link" }, name || playerId) : h("span", {}, name || "");
}

/** A page: a heading card and the sections under it. */
export function page(root, title, ...sections) {
  root.replaceChildren(h("div", { class: "club" }, h("h1", { class: "club-title" }, title), ...sections));
}

export function section(title, ...children) {
  return h("section", { class: "card club-card" }, title ? h("h2", {}, title) : null, ...children);
}

// a heading: text, a node, or {num: text} for a column of numbers (right-aligned)
const headCell = (x) => (x instanceof Node ? x : x && typeof x === "object" ? h("th", { class: "num" }, x.num) : h("th", {}, x));

/** A table in a box that scrolls sideways on a phone; `head` as headCell takes it. */
export function scrollTable(attrs, head, rows) {
  return h("div", { class: "club-scroll" }, h("table", { class: "list club-list", ...attrs },
    h("thead", {}, h("tr", {}, ...head.map(headCell))),
    h("tbody", {}, ...rows)));
}
