// #/player/ID[/RULESET] and #/me: a player's statistics in one ruleset (GET
// /api/players/{id}/stats?ruleset=…, as the server computes them from the records), their
// rating there (GET /api/players/{id}/ratings) and their finished matches, newest first
// (GET /api/players/{id}/history), each linked to its scoresheet and its review. Words:
// i18n/club.json (club.pl_…).

import { api } from "./net.js";
import { h, t } from "./ui.js";
import { rulesetInfo } from "./i18n.js";
import {
  emptyState, errorState, fill, num, page, pct, rankText, rulesetName, rulesets, scrollTable, section,
  signClass, tabs, when, whoAmI,
} from "./club.js";

// the optional figures show where the ruleset supports them (GET /api/rulesets: statistics)
const OPTIONAL = new Set(["riichi_rate", "riichi_win_rate"]);
const RATES = ["win_rate", "deal_in_rate", "self_draw_share", "call_rate", "draw_rate", "tenpai_at_draw_rate", "riichi_rate", "riichi_win_rate"];

/** #/me: the signed-in player's own page. */
export async function renderMe(root) {
  const who = await whoAmI();
  if (!who.player) {
    page(root, t("club.pl_stats"), section(null, h("p", {}, t("club.pl_signin")), h("a", { class: "button", href: "#/" }, t("club.pl_front"))));
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
    section(t("club.pl_stats"), rulesetTabs, statsBox),
    section(t("club.rating"), ratingBox),
    section(t("club.pl_history"), historyBox));
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
  title.replaceChildren(history.name, mine ? h("span", { class: "muted small" }, ` ${t("club.pl_you")}`) : "");
  // the ruleset shown: asked for, else the one most played, else the first installed
  const played = {};
  for (const m of history.matches) played[m.ruleset] = (played[m.ruleset] || 0) + 1;
  const all = await rulesets().catch(() => []);
  const ruleset = rulesetId || Object.entries(played).sort((a, b) => b[1] - a[1]).map(([r]) => r)[0] || (all[0] && all[0].id) || "";
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
  if (!history.matches.length) return emptyState(t("club.pl_empty_history"));
  const rows = history.matches.map((m) => {
    const name = h("td", {}, m.ruleset);
    rulesetName(m.ruleset).then((n) => { name.textContent = n; });
    return h("tr", { "data-match": m.match_id },
      h("td", {}, when(m.ended)), name,
      h("td", { class: `num rank-${m.rank}` }, rankText(m.rank)),
      h("td", { class: "num" }, num(m.score)),
      h("td", { class: `num ${signClass(m.points)}` }, num(m.points, { digits: 2 })),
      h("td", { class: "links" },
        h("a", { class: "button small", href: `#/match/${encodeURIComponent(m.match_id)}` }, t("club.sheet")), " ",
        h("a", { class: "button small", href: `#/review/${encodeURIComponent(m.match_id)}` }, t("club.review"))));
  });
  return scrollTable({ id: "history-table" }, [t("club.ended"), t("club.ruleset"), { num: t("club.rank") }, { num: t("club.score") }, { num: t("club.points") }, ""], rows);
}

const humanise = (id) => { const s = String(id).replace(/_/g, " "); return s.charAt(0).toUpperCase() + s.slice(1); };

function statsView(s) {
  if (!s.matches) return emptyState(t("club.pl_empty_stats"));
  const figure = (key, value) => h("div", { class: "figure", "data-figure": key }, h("span", { class: "figure-value" }, value), h("span", { class: "figure-label" }, t(`club.pl_${key}`)));
  const figures = [
    figure("matches", num(s.matches)), figure("hands", num(s.hands)),
    figure("average_rank", num(s.average_rank, { digits: 2 })), figure("total_points", num(s.total_points, { digits: 2, signed: true })),
    figure("total_score", num(s.total_score, { signed: true })), figure("average_win_value", num(s.average_win_value, { digits: 1 })),
    ...RATES.filter((k) => !OPTIONAL.has(k) || (rulesetInfo(s.ruleset).statistics || []).includes(k)).map((k) => figure(k, pct(s[k]))),
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
    h("h3", {}, t("club.pl_ranks")), ranks,
    largest ? h("p", { id: "largest" }, h("b", {}, `${t("club.pl_largest")}: `), t("club.pl_value", { n: largest.value }), " · ",
      h("a", { href: `#/match/${encodeURIComponent(largest.match_id)}` }, t("club.pl_in_hand", { label: largest.label })), " · ",
      largest.patterns.map(humanise).join(", ")) : null,
    top.length ? h("h3", {}, t("club.pl_patterns")) : null,
    top.length ? h("ul", { class: "pattern-counts" }, ...top.map(([id, n]) => h("li", {}, humanise(id), " ", h("span", { class: "muted" }, `×${n}`)))) : null,
  ];
}

function ratingView(r) {
  if (!r.current) return emptyState(t("club.pl_unrated"));
  const c = r.current;
  const steps = r.history;
  return [
    h("p", { id: "rating-now" }, h("b", {}, num(c.rating, { digits: 2 })), " ", h("span", { class: "muted" }, t("club.pl_rated", { pos: c.position, rating: `μ ${num(c.mu, { digits: 2 })} σ ${num(c.sigma, { digits: 2 })}`, n: c.matches }))),
    steps.length > 1 ? spark(steps.map((x) => x.rating)) : null,
    scrollTable({ id: "rating-steps" }, [t("club.ended"), { num: t("club.rank") }, { num: t("club.rating") }, { num: t("club.pl_change") }], steps.slice(-10).reverse().map((x) => h("tr", {},
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
  svg.setAttribute("aria-label", t("club.rating"));
  svg.innerHTML = `<polyline points="${pts}" fill="none" stroke="currentColor" stroke-width="2"/>`;
  return svg;
}
