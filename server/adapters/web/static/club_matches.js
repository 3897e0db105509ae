// #/matches[/RULESET]: the club's finished matches, newest first (GET /api/matches), each
// with its players ranked and linked to its scoresheet and review. The list has no names,
// so each shown match's sheet is read for them (GET /api/matches/{id}).

import { api } from "./net.js";
import { h, statusText, t } from "./ui.js";
import { emptyState, fill, num, page, playerLink, rulesetName, rulesets, scrollTable, section, tabs, when } from "./club.js";

export async function renderMatches(root, rulesetId, query = {}) {
  const list = await rulesets().catch(() => []);
  const limit = Math.min(200, Math.max(10, Number(query.limit) || 25));
  const box = h("div", { id: "match-list" });
  page(root, t("club.ms_title"), section(null,
    tabs("match-tabs", [{ id: "", name: t("club.all"), href: "#/matches" }, ...list.map((r) => ({ id: r.id, name: r.name, href: `#/matches/${encodeURIComponent(r.id)}` }))], rulesetId || ""),
    box));
  await fill(box, () => matchList({ ruleset: rulesetId, limit, more: `#/matches${rulesetId ? `/${encodeURIComponent(rulesetId)}` : ""}?limit=${limit + 25}` }));
}

/** The finished and aborted matches as a table (also the admin page's recent matches). */
export async function matchList({ ruleset = null, limit = 25, more = null } = {}) {
  const q = new URLSearchParams({ limit: String(limit + 1) });
  if (ruleset) q.set("ruleset", ruleset);
  const all = (await api("GET", `/api/matches?${q}`)).filter((m) => m.status === "finished" || m.status === "aborted");
  const shown = all.slice(0, limit);
  if (!shown.length) return emptyState(t("club.ms_empty"));
  const rows = shown.map((m) => {
    const id = encodeURIComponent(m.match_id);
    const who = h("td", { class: "players" }, m.scores.map((s) => num(s)).join(" · "));
    const rname = h("td", {}, m.ruleset);
    rulesetName(m.ruleset).then((n) => { rname.textContent = n; });
    // names and ranks from the sheet, filled in as each answers
    api("GET", `/api/matches/${id}`).then((sheet) => {
      const ids = Object.fromEntries(sheet.players.map((p) => [p.place, p.player_id]));
      const order = sheet.standings.length ? sheet.standings : sheet.players.map((p) => ({ place: p.place, name: p.name, score: sheet.final_totals[p.place] }));
      who.replaceChildren(...order.flatMap((s, i) => [i ? " · " : "", playerLink(ids[s.place], s.name), " ", h("span", { class: "muted small" }, num(s.score))]));
    }).catch(() => {});
    return h("tr", { "data-match": m.match_id, class: m.voided ? "voided" : false },
      h("td", {}, when(m.ended || m.created),
        m.voided ? h("span", { class: "status status-voided" }, t("club.voided")) : null,
        m.status === "aborted" ? h("span", { class: "status status-aborted" }, statusText("aborted")) : null),
      rname, who, h("td", { class: "num" }, m.hands_played),
      h("td", { class: "links" },
        h("a", { class: "button small", href: `#/match/${id}` }, t("club.sheet")), " ",
        m.status === "finished" ? h("a", { class: "button small", href: `#/review/${id}` }, t("club.review")) : null));
  });
  return [
    scrollTable({ class: "list club-list matches" }, [t("club.ended"), t("club.ruleset"), t("club.ms_players"), { num: t("club.hands") }, ""], rows),
    all.length > limit && more ? h("p", {}, h("a", { class: "button small", href: more }, t("club.ms_more"))) : null,
  ];
}
