// #/leaderboard/RULESET[/rating]: one ruleset's board in its own measure
// (GET /api/leaderboard?ruleset=…) or by rating (GET /api/ratings?ruleset=…); never summed
// across rulesets. Pages of 50, a minimum number of matches, the signed-in player marked.

import { api } from "./net.js";
import { h, has, t } from "./ui.js";
import { emptyState, fill, num, page, playerLink, rulesets, scrollTable, section, tabs, whoAmI } from "./club.js";

// the server's measure names (the rulesets' declared leaderboard, a closed set) in words:
// "uma/oka result" -> club.measure_uma_oka_result
function measureText(m) {
  const key = `club.measure_${String(m).replace(/[^a-z]+/g, "_")}`;
  return has(key) ? t(key) : m;
}

const PAGE = 50;

export async function renderLeaderboard(root, rulesetId, by, query = {}) {
  const list = await rulesets().catch(() => []);
  const ruleset = rulesetId || (list[0] && list[0].id) || "";
  const rating = by === "rating";
  const offset = Math.max(0, Number(query.offset) || 0);
  const min = Math.max(1, Number(query.min) || 1);
  const base = `#/leaderboard/${encodeURIComponent(ruleset)}${rating ? "/rating" : ""}`;
  const board = h("div", { id: "board", class: "club-board" });
  const minBox = h("input", { id: "min-matches", type: "number", min: 1, max: 100000, value: min, class: "narrow" });
  minBox.addEventListener("change", () => { location.hash = `${base}?min=${Math.max(1, Number(minBox.value) || 1)}`; });
  page(root, t("club.lb_title"),
    section(null,
      tabs("ruleset-tabs", list.map((r) => ({ id: r.id, name: r.name, href: `#/leaderboard/${encodeURIComponent(r.id)}${rating ? "/rating" : ""}` })), ruleset),
      h("div", { class: "club-toolbar" },
        tabs("measure-tabs", [
          { id: "results", name: t("club.lb_results"), href: `#/leaderboard/${encodeURIComponent(ruleset)}` },
          { id: "rating", name: t("club.rating"), href: `#/leaderboard/${encodeURIComponent(ruleset)}/rating` },
        ], rating ? "rating" : "results"),
        h("label", { class: "small" }, `${t("club.lb_min")} `, minBox)),
      board));
  const mine = (await whoAmI()).player;
  const myId = mine && mine.player_id;
  const q = `ruleset=${encodeURIComponent(ruleset)}&min_matches=${min}&limit=${PAGE}&offset=${offset}`;
  await fill(board, async () => {
    const data = await api("GET", rating ? `/api/ratings?${q}` : `/api/leaderboard?${q}`);
    if (!data.players.length) return emptyState(t("club.lb_empty"));
    const rows = data.players.map((p) => h("tr", { class: p.player_id === myId ? "me" : false, "data-player": p.player_id },
      h("td", { class: "num" }, p.position),
      h("td", {}, playerLink(p.player_id, p.name)),
      ...(rating
        ? [h("td", { class: "num strong" }, num(p.rating, { digits: 2 })), h("td", { class: "num" }, num(p.mu, { digits: 2 })),
          h("td", { class: "num" }, num(p.sigma, { digits: 2 })), h("td", { class: "num" }, p.matches)]
        : [h("td", { class: "num strong" }, num(p.value, { digits: 2 })), h("td", { class: "num" }, p.matches),
          h("td", { class: "num" }, num(p.average_rank, { digits: 2 })), h("td", { class: "num" }, num(p.score))])));
    const head = rating
      ? [{ num: "#" }, t("club.player"), { num: t("club.rating") }, { num: "μ" }, { num: "σ" }, { num: t("club.matches") }]
      : [{ num: "#" }, t("club.player"), { num: measureLabel(data.measure) }, { num: t("club.matches") }, { num: t("club.lb_avg") }, { num: t("club.lb_raw") }];
    const pager = h("div", { class: "club-pager" },
      offset > 0 ? h("a", { class: "button small", href: `${base}?min=${min}&offset=${Math.max(0, offset - PAGE)}` }, t("club.lb_prev")) : null,
      h("span", { class: "muted small" }, t("club.lb_of", { from: offset + 1, to: offset + data.players.length, total: data.total })),
      offset + PAGE < data.total ? h("a", { class: "button small", href: `${base}?min=${min}&offset=${offset + PAGE}` }, t("club.lb_next")) : null);
    return [
      h("p", { class: "muted small" }, rating ? t("club.lb_model", { model: data.model }) : t("club.lb_measure", { main: measureText(data.measure), tie: measureText(data.tie_break) })),
      scrollTable({ id: "leaderboard" }, head, rows),
      pager,
    ];
  });
}

function measureLabel(m) {
  const words = measureText(m);
  return words.charAt(0).toUpperCase() + words.slice(1);
}
