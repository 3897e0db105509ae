// #/player/ID[/RULESET] and #/me: a player's statistics in one ruleset (GET
// /api/players/{id}/stats?ruleset=…, as the server computes them from the records), their
// rating there (GET /api/players/{id}/ratings) and their finished matches, newest first
// (GET /api/players/{id}/history), each linked to its scoresheet and its review.

import { api } from "./net.js";
import { h } from "./ui.js";
import {
  emptyState, errorState, fill, num, page, pct, rankText, rulesetName, rulesets, scrollTable, section,
  signClass, strings, tabs, when, whoAmI,
} from "./club.js";

const t = strings({
  en: {
    stats: "Statistics", history: "Finished matches", rating: "Rating", you: "(you)",
    empty_history: "No finished match yet.", empty_stats: "No counted match in this ruleset.",
    signin: "Sign in or play as a guest on the front page to have a page of your own.",
    ended: "Ended", ruleset: "Ruleset", rank: "Rank", score: "Score", points: "Points", links: "",
    sheet: "Scoresheet", review: "Review",
    matches: "Matches", hands: "Hands", average_rank: "Average rank", total_points: "Total points", total_score: "Total raw score",
    win_rate: "Win rate", deal_in_rate: "Deal-in rate", self_draw_share: "Self-drawn wins", average_win_value: "Average win value",
    call_rate: "Calls", draw_rate: "Exhaustive draws", tenpai_at_draw_rate: "Ready at a draw", riichi_rate: "Riichi",
    riichi_win_rate: "Riichi hands won", ranks: "Ranks", largest: "Largest hand", patterns: "Patterns scored most",
    times: (n) => `×${n}`, value: (v) => `${v} points`, in_hand: (l) => `hand ${l}`,
    rated: (pos, r, n) => `${r} (position ${pos}, ${n} rated matches)`, unrated: "Not rated in this ruleset yet.",
    change: "Change",
  },
  zh: {
    stats: "统计", history: "已结束的对局", rating: "等级分", you: "（你）",
    empty_history: "还没有已结束的对局。", empty_stats: "此规则下没有计入的对局。",
    signin: "请在首页登录或以游客身份开始，才会有自己的页面。",
    ended: "结束时间", ruleset: "规则", rank: "顺位", score: "得分", points: "积分", links: "",
    sheet: "计分表", review: "复盘",
    matches: "场数", hands: "局数", average_rank: "平均顺位", total_points: "总积分", total_score: "总原始分",
    win_rate: "和牌率", deal_in_rate: "放铳率", self_draw_share: "自摸占比", average_win_value: "平均和牌分",
    call_rate: "副露率", draw_rate: "荒庄率", tenpai_at_draw_rate: "流局听牌率", riichi_rate: "立直率",
    riichi_win_rate: "立直和牌率", ranks: "顺位分布", largest: "最大和牌", patterns: "最常见的番种",
    times: (n) => `×${n}`, value: (v) => `${v} 分`, in_hand: (l) => `${l} 局`,
    rated: (pos, r, n) => `${r}（第 ${pos} 名，${n} 场计分对局）`, unrated: "此规则下尚无等级分。",
    change: "变化",
  },
  ja: {
    stats: "成績", history: "終了した試合", rating: "レーティング", you: "（あなた）",
    empty_history: "終了した試合はまだありません。", empty_stats: "このルールで集計された試合はありません。",
    signin: "トップページでログインするかゲストで始めると、自分のページができます。",
    ended: "終了", ruleset: "ルール", rank: "順位", score: "点数", points: "ポイント", links: "",
    sheet: "点数表", review: "牌譜",
    matches: "試合数", hands: "局数", average_rank: "平均順位", total_points: "ポイント合計", total_score: "素点合計",
    win_rate: "和了率", deal_in_rate: "放銃率", self_draw_share: "ツモ率", average_win_value: "平均打点",
    call_rate: "副露率", draw_rate: "流局率", tenpai_at_draw_rate: "流局時聴牌率", riichi_rate: "立直率",
    riichi_win_rate: "立直和了率", ranks: "順位分布", largest: "最高打点", patterns: "よく出た役",
    times: (n) => `×${n}`, value: (v) => `${v} 点`, in_hand: (l) => `${l} 局`,
    rated: (pos, r, n) => `${r}（${pos} 位、${n} 試合）`, unrated: "このルールではまだレーティングがありません。",
    change: "変動",
  },
});

const RIICHI = new Set(["riichi", "three_kingdoms"]); // the rulesets with riichi figures (server/records/stats.py)
const RATES = ["win_rate", "deal_in_rate", "self_draw_share", "call_rate", "draw_rate", "tenpai_at_draw_rate", "riichi_rate", "riichi_win_rate"];

/** #/me: the signed-in player's own page. */
export async function renderMe(root) {
  const who = await whoAmI();
  if (!who.player) {
    page(root, t("stats"), section(null, h("p", {}, t("signin")), h("a", { class: "button", href: "#/" }, "→")));
    return;
  }
  await renderPlayer(root, who.player.player_id);
}

export async function renderPlayer(root, playerId, rulesetId) {
  const title = h("span", { id: "player-name" }, "…");
  const statsBox = h("div", { id: "stats" });
  const ratingBox = h("div", { id: "rating" });
  const historyBox = h("div", { id: "history" });
  const rulesetTabs = h("div", { id: "stats-tabs-box" });
  page(root, title,
    section(t("stats"), rulesetTabs, statsBox),
    section(t("rating"), ratingBox),
    section(t("history"), historyBox));
  let history;
  try {
    history = await api("GET", `/api/players/${encodeURIComponent(playerId)}/history`);
  } catch (e) {
    title.textContent = playerId;
    statsBox.replaceChildren(errorState(e, () => renderPlayer(root, playerId, rulesetId)));
    ratingBox.replaceChildren();
    historyBox.replaceChildren();
    return;
  }
  const who = await whoAmI();
  const mine = who.player && who.player.player_id === playerId;
  title.replaceChildren(history.name, mine ? h("span", { class: "muted small" }, ` ${t("you")}`) : "");
  // the ruleset shown: asked for, else the one most played, else the first installed
  const played = {};
  for (const m of history.matches) played[m.ruleset] = (played[m.ruleset] || 0) + 1;
  const all = await rulesets().catch(() => []);
  const ruleset = rulesetId || Object.entries(played).sort((a, b) => b[1] - a[1]).map(([r]) => r)[0] || (all[0] && all[0].id) || "mcr";
  const order = [...all].sort((a, b) => (played[b.id] || 0) - (played[a.id] || 0));
  rulesetTabs.replaceChildren(tabs("stats-tabs", order.map((r) => ({
    id: r.id, name: played[r.id] ? `${r.name} (${played[r.id]})` : r.name, href: `#/player/${encodeURIComponent(playerId)}/${encodeURIComponent(r.id)}`,
  })), ruleset));
  historyBox.replaceChildren(historyTable(history));
  await Promise.all([
    fill(statsBox, async () => statsView(await api("GET", `/api/players/${encodeURIComponent(playerId)}/stats?ruleset=${encodeURIComponent(ruleset)}`))),
    fill(ratingBox, async () => ratingView(await api("GET", `/api/players/${encodeURIComponent(playerId)}/ratings?ruleset=${encodeURIComponent(ruleset)}`))),
  ]);
}

function historyTable(history) {
  if (!history.matches.length) return emptyState(t("empty_history"));
  const rows = history.matches.map((m) => {
    const name = h("td", {}, m.ruleset);
    rulesetName(m.ruleset).then((n) => { name.textContent = n; });
    return h("tr", { "data-match": m.match_id },
      h("td", {}, when(m.ended)), name,
      h("td", { class: `num rank-${m.rank}` }, rankText(m.rank)),
      h("td", { class: "num" }, num(m.score)),
      h("td", { class: `num ${signClass(m.points)}` }, num(m.points, { digits: 2 })),
      h("td", { class: "links" },
        h("a", { class: "button small", href: `#/match/${encodeURIComponent(m.match_id)}` }, t("sheet")), " ",
        h("a", { class: "button small", href: `#/review/${encodeURIComponent(m.match_id)}` }, t("review"))));
  });
  return scrollTable({ id: "history-table" }, [t("ended"), t("ruleset"), t("rank"), t("score"), t("points"), t("links")], rows);
}

const humanise = (id) => { const s = String(id).replace(/_/g, " "); return s.charAt(0).toUpperCase() + s.slice(1); };

function statsView(s) {
  if (!s.matches) return emptyState(t("empty_stats"));
  const figure = (key, value) => h("div", { class: "figure", "data-figure": key }, h("span", { class: "figure-value" }, value), h("span", { class: "figure-label" }, t(key)));
  const figures = [
    figure("matches", num(s.matches)), figure("hands", num(s.hands)),
    figure("average_rank", num(s.average_rank, { digits: 2 })), figure("total_points", num(s.total_points, { digits: 2, signed: true })),
    figure("total_score", num(s.total_score, { signed: true })), figure("average_win_value", num(s.average_win_value, { digits: 1 })),
    ...RATES.filter((k) => !k.startsWith("riichi") || RIICHI.has(s.ruleset)).map((k) => figure(k, pct(s[k]))),
  ];
  const most = Math.max(1, ...s.rank_distribution);
  const ranks = h("div", { class: "rank-bars", id: "rank-bars" }, ...s.rank_distribution.map((n, i) => h("div", { class: "rank-bar" },
    h("span", { class: "rank-name" }, rankText(i + 1)),
    h("span", { class: `bar rank-${i + 1}`, style: `width: ${(n / most) * 100}%` }),
    h("span", { class: "num" }, n))));
  const top = Object.entries(s.patterns).slice(0, 10);
  const largest = s.largest_hand;
  return [
    h("div", { class: "figures" }, ...figures),
    h("h3", {}, t("ranks")), ranks,
    largest ? h("p", { id: "largest" }, h("b", {}, `${t("largest")}: `), t("value", largest.value), " · ",
      h("a", { href: `#/match/${encodeURIComponent(largest.match_id)}` }, t("in_hand", largest.label)), " · ",
      largest.patterns.map(humanise).join(", ")) : null,
    top.length ? h("h3", {}, t("patterns")) : null,
    top.length ? h("ul", { class: "pattern-counts" }, ...top.map(([id, n]) => h("li", {}, humanise(id), " ", h("span", { class: "muted" }, t("times", n))))) : null,
  ];
}

function ratingView(r) {
  if (!r.current) return emptyState(t("unrated"));
  const c = r.current;
  const steps = r.history;
  return [
    h("p", { id: "rating-now" }, h("b", {}, num(c.rating, { digits: 2 })), " ", h("span", { class: "muted" }, t("rated", c.position, `μ ${num(c.mu, { digits: 2 })} σ ${num(c.sigma, { digits: 2 })}`, c.matches))),
    steps.length > 1 ? spark(steps.map((x) => x.rating)) : null,
    scrollTable({ id: "rating-steps" }, [t("ended"), t("rank"), t("rating"), t("change")], steps.slice(-10).reverse().map((x) => h("tr", {},
      h("td", {}, h("a", { href: `#/match/${encodeURIComponent(x.match_id)}` }, when(x.ended))),
      h("td", { class: "num" }, rankText(x.rank)), h("td", { class: "num" }, num(x.rating, { digits: 2 })),
      h("td", { class: `num ${signClass(x.change)}` }, num(x.change, { digits: 2, signed: true }))))),
  ];
}

/** The rating after each rated match as a small line. */
function spark(values) {
  const w = 320, ht = 60, lo = Math.min(...values), hi = Math.max(...values);
  const span = hi - lo || 1;
  const pts = values.map((v, i) => `${((i / (values.length - 1)) * (w - 8) + 4).toFixed(1)},${(ht - 4 - ((v - lo) / span) * (ht - 8)).toFixed(1)}`).join(" ");
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", `0 0 ${w} ${ht}`);
  svg.setAttribute("class", "spark");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t("rating"));
  svg.innerHTML = `<polyline points="${pts}" fill="none" stroke="currentColor" stroke-width="2"/>`;
  return svg;
}
