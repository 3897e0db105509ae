// #/leaderboard/RULESET[/rating]: one ruleset's board in its own measure
// (GET /api/leaderboard?ruleset=…) or by rating (GET /api/ratings?ruleset=…); never summed
// across rulesets. Pages of 50, a minimum number of matches, the signed-in player marked.

import { api } from "./net.js";
import { h } from "./ui.js";
import { emptyState, fill, num, page, playerLink, rulesets, scrollTable, section, strings, tabs, whoAmI } from "./club.js";

const t = strings({
  en: {
    title: "Leaderboards", results: "Results", rating: "Rating", min: "At least", matches_n: "matches",
    pos: "#", player: "Player", matches: "Matches", avg: "Avg. rank", score: "Raw score", points: "Points",
    mu: "μ", sigma: "σ", empty: "No counted match in this ruleset yet.",
    measure: (m, tie) => `Ordered by ${MEASURE.en[m] || m}, then ${MEASURE.en[tie] || tie}.`,
    model: (m) => `Ratings: ${m}.`, prev: "Previous", next: "Next", of: (a, b, n) => `${a}–${b} of ${n}`,
  },
  zh: {
    title: "排行榜", results: "成绩", rating: "等级分", min: "至少", matches_n: "场",
    pos: "#", player: "玩家", matches: "场数", avg: "平均顺位", score: "原始分", points: "积分",
    mu: "μ", sigma: "σ", empty: "此规则还没有计入的对局。",
    measure: (m, tie) => `按${MEASURE.zh[m] || m}排序，其次为${MEASURE.zh[tie] || tie}。`,
    model: (m) => `等级分：${m}。`, prev: "上一页", next: "下一页", of: (a, b, n) => `第 ${a}–${b} 名，共 ${n} 名`,
  },
  ja: {
    title: "ランキング", results: "成績", rating: "レーティング", min: "最低", matches_n: "試合",
    pos: "#", player: "プレイヤー", matches: "試合数", avg: "平均順位", score: "素点", points: "ポイント",
    mu: "μ", sigma: "σ", empty: "このルールで集計された試合はまだありません。",
    measure: (m, tie) => `${MEASURE.ja[m] || m}順、同点は${MEASURE.ja[tie] || tie}で比較。`,
    model: (m) => `レーティング：${m}。`, prev: "前へ", next: "次へ", of: (a, b, n) => `${n} 人中 ${a}–${b}`,
  },
});

// the server's measure names (server/records/leaderboard.py MEASURES) in words
const MEASURE = {
  en: { "table points": "table points", "total raw score": "total raw score", "uma/oka result": "results with uma and oka", "average rank": "average rank", "raw score": "raw score" },
  zh: { "table points": "标准分", "total raw score": "总原始分", "uma/oka result": "含顺位马的成绩", "average rank": "平均顺位", "raw score": "原始分" },
  ja: { "table points": "順位点", "total raw score": "素点合計", "uma/oka result": "ウマ・オカ込みの成績", "average rank": "平均順位", "raw score": "素点" },
};

const PAGE = 50;

export async function renderLeaderboard(root, rulesetId, by, query = {}) {
  const list = await rulesets().catch(() => []);
  const ruleset = rulesetId || (list[0] && list[0].id) || "mcr";
  const rating = by === "rating";
  const offset = Math.max(0, Number(query.offset) || 0);
  const min = Math.max(1, Number(query.min) || 1);
  const base = `#/leaderboard/${encodeURIComponent(ruleset)}${rating ? "/rating" : ""}`;
  const board = h("div", { id: "board", class: "club-board" });
  const minBox = h("input", { id: "min-matches", type: "number", min: 1, max: 100000, value: min, class: "narrow" });
  minBox.addEventListener("change", () => { location.hash = `${base}?min=${Math.max(1, Number(minBox.value) || 1)}`; });
  page(root, t("title"),
    section(null,
      tabs("ruleset-tabs", list.map((r) => ({ id: r.id, name: r.name, href: `#/leaderboard/${encodeURIComponent(r.id)}${rating ? "/rating" : ""}` })), ruleset),
      h("div", { class: "club-toolbar" },
        tabs("measure-tabs", [
          { id: "results", name: t("results"), href: `#/leaderboard/${encodeURIComponent(ruleset)}` },
          { id: "rating", name: t("rating"), href: `#/leaderboard/${encodeURIComponent(ruleset)}/rating` },
        ], rating ? "rating" : "results"),
        h("label", { class: "small" }, `${t("min")} `, minBox, ` ${t("matches_n")}`)),
      board));
  const mine = (await whoAmI()).player;
  const myId = mine && mine.player_id;
  const q = `ruleset=${encodeURIComponent(ruleset)}&min_matches=${min}&limit=${PAGE}&offset=${offset}`;
  await fill(board, async () => {
    const data = await api("GET", rating ? `/api/ratings?${q}` : `/api/leaderboard?${q}`);
    if (!data.players.length) return emptyState(t("empty"));
    const rows = data.players.map((p) => h("tr", { class: p.player_id === myId ? "me" : false, "data-player": p.player_id },
      h("td", { class: "num" }, p.position),
      h("td", {}, playerLink(p.player_id, p.name)),
      ...(rating
        ? [h("td", { class: "num strong" }, num(p.rating, { digits: 2 })), h("td", { class: "num" }, num(p.mu, { digits: 2 })),
          h("td", { class: "num" }, num(p.sigma, { digits: 2 })), h("td", { class: "num" }, p.matches)]
        : [h("td", { class: "num strong" }, num(p.value, { digits: 2 })), h("td", { class: "num" }, p.matches),
          h("td", { class: "num" }, num(p.average_rank, { digits: 2 })), h("td", { class: "num" }, num(p.score))])));
    const head = rating
      ? [t("pos"), t("player"), t("rating"), t("mu"), t("sigma"), t("matches")]
      : [t("pos"), t("player"), measureLabel(data.measure), t("matches"), t("avg"), t("score")];
    const pager = h("div", { class: "club-pager" },
      offset > 0 ? h("a", { class: "button small", href: `${base}?min=${min}&offset=${Math.max(0, offset - PAGE)}` }, t("prev")) : null,
      h("span", { class: "muted small" }, t("of", offset + 1, offset + data.players.length, data.total)),
      offset + PAGE < data.total ? h("a", { class: "button small", href: `${base}?min=${min}&offset=${offset + PAGE}` }, t("next")) : null);
    return [
      h("p", { class: "muted small" }, rating ? t("model", data.model) : t("measure", data.measure, data.tie_break)),
      scrollTable({ id: "leaderboard" }, head, rows),
      pager,
    ];
  });
}

function measureLabel(m) {
  const words = strings(MEASURE)(m);
  return words.charAt(0).toUpperCase() + words.slice(1);
}
