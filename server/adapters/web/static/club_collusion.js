// #/admin/collusion[/RULESET][?from=…&to=…&min_matches=…&threshold=…&all=1]: the collusion
// report (GET /api/admin/collusion; organizers and admins). Per pair of players: the score,
// deal-ins into each other against expectation, wins passed on the partner's discard, the
// points moved between them, and the moments behind them (docs/fair-play.md). A flag is a
// reason to look at the hands, never a sanction.

import { api } from "./net.js";
import { h, t } from "./ui.js";
import { longName } from "./tiles.js";
import { emptyState, errorState, fill, isStaff, num, page, playerLink, rulesets, section, tabs, whoAmI } from "./club.js";

// the page's ruleset unless one is asked for: the first queue's (GET /api/queues, the
// server's data), else the first installed
async function firstQueued(list) {
  const queued = await api("GET", "/api/queues").then((d) => d.queues.map((q) => q.ruleset), () => []);
  return queued.find((id) => list.some((r) => r.id === id)) || (list[0] && list[0].id) || "";
}

const FIELDS = ["from", "to", "min_matches", "threshold"];

export async function renderCollusion(root, ruleset, query = {}) {
  const who = await whoAmI();
  if (!isStaff(who)) {
    page(root, t("club.co_title"), section(null, errorState({ status: who.role ? 403 : 401, message: t("club.ad_staff_only") })));
    return;
  }
  const list = await rulesets().catch(() => []);
  ruleset = list.some((r) => r.id === ruleset) ? ruleset : await firstQueued(list);
  const qs = (q) => {
    const p = new URLSearchParams();
    FIELDS.forEach((f) => { if (q[f]) p.set(f, q[f]); });
    if (q.all) p.set("all", "1");
    const s = p.toString();
    return s ? `?${s}` : "";
  };
  const form = filterForm(ruleset, query, (q) => { location.hash = `#/admin/collusion/${encodeURIComponent(ruleset)}${qs(q)}`; });
  const box = h("div", { id: "collusion" });
  page(root, t("club.co_title"),
    section(null,
      h("p", { class: "small muted" }, t("club.co_intro")),
      tabs("collusion-rulesets", list.map((r) => ({ id: r.id, name: r.name, href: `#/admin/collusion/${encodeURIComponent(r.id)}${qs(query)}` })), ruleset),
      form),
    section(null, box));
  const params = new URLSearchParams({ ruleset });
  FIELDS.forEach((f) => { if (query[f]) params.set(f, query[f]); });
  if (query.all) params.set("all", "true");
  fill(box, async () => {
    const data = await api("GET", `/api/admin/collusion?${params}`);
    const pop = data.population;
    const head = h("p", { class: "small", id: "collusion-summary" }, t("club.co_summary", {
      matches: pop.matches, pairs: data.pairs_considered, flagged: data.flagged, threshold: data.threshold, min: data.min_matches }));
    const method = h("details", { class: "small" }, h("summary", {}, t("club.co_method")), h("p", { class: "muted" }, data.method));
    if (!data.pairs.length) return [head, emptyState(query.all ? t("club.co_no_pairs") : t("club.co_none")), method];
    return [head, ...data.pairs.map(pairCard), method];
  });
}

function filterForm(ruleset, query, go) {
  const input = (name, attrs) => h("input", { name, value: query[name] || "", ...attrs });
  const from = input("from", { type: "date" });
  const to = input("to", { type: "date" });
  const min = input("min_matches", { type: "number", min: 1, placeholder: "5", class: "narrow" });
  const thr = input("threshold", { type: "number", min: 0, step: "0.5", placeholder: "3", class: "narrow" });
  const all = h("input", { type: "checkbox", name: "all", checked: Boolean(query.all) });
  const form = h("form", { class: "row collusion-filter", id: "collusion-filter" },
    h("label", {}, `${t("club.co_from")} `, from), h("label", {}, `${t("club.co_to")} `, to),
    h("label", {}, `${t("club.co_min_matches")} `, min), h("label", {}, `${t("club.co_threshold")} `, thr),
    h("label", {}, all, ` ${t("club.co_all")}`),
    h("button", { type: "submit", class: "small" }, t("club.co_apply")));
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    go({ from: from.value, to: to.value, min_matches: min.value, threshold: thr.value, all: all.checked });
  });
  return form;
}

function pairCard(p) {
  const [a, b] = p.names;
  const name = (id) => (id === p.players[0] ? a : b);
  const d = p.deal_ins, w = p.passed_wins, f = p.chip_flow;
  const figures = h("ul", { class: "collusion-figures small" },
    h("li", { "data-signal": "together" }, t("club.co_together", { matches: p.matches, hands: p.hands })),
    h("li", { "data-signal": "deal_ins" }, t("club.co_deal_ins", { a, b, ab: d.a_into_b, ba: d.b_into_a, expected: num(d.expected, { digits: 1 }), z: num(d.z, { digits: 1 }) })),
    h("li", { "data-signal": "passed_wins" }, t("club.co_passed", { passed: w.passed, offers: w.offers, expected: num(w.expected, { digits: 1 }), z: num(w.z, { digits: 1 }) })),
    h("li", { "data-signal": "chip_flow" }, t("club.co_flow", { a, b, gross: num(f.gross), per_hand: num(f.per_hand), net: num(f.net_a_to_b, { signed: true }), z: num(f.z_gross, { digits: 1 }), zn: num(f.z_net, { digits: 1 }) })));
  const moments = p.evidence.moments.map((m) => h("li", { "data-kind": m.kind },
    h("a", { href: `#/review/${encodeURIComponent(m.match_id)}` }, `${m.match_id} · ${m.label || t("club.co_hand", { n: m.hand_number + 1 })}`), " ",
    m.kind === "deal_in"
      ? t(m.partner_riichi ? "club.co_m_deal_riichi" : "club.co_m_deal", { actor: name(m.actor), partner: name(m.partner), tile: longName(m.tile), points: num(m.points) })
      : t("club.co_m_pass", { actor: name(m.actor), partner: name(m.partner), tile: longName(m.tile) })));
  const matches = p.evidence.match_ids.map((id, i) => [i ? ", " : "", h("a", { href: `#/match/${encodeURIComponent(id)}` }, id)]).flat();
  return h("article", { class: `collusion-pair${p.flagged ? " flagged" : ""}`, "data-pair": p.players.join("+") },
    h("header", { class: "live-head" },
      playerLink(p.players[0], a), " · ", playerLink(p.players[1], b),
      h("b", { class: "num score" }, t("club.co_score", { score: num(p.score, { digits: 1 }) })),
      p.flagged ? h("span", { class: "badge away" }, t("club.co_flagged")) : null),
    figures,
    h("details", { class: "small" }, h("summary", {}, t("club.co_moments", { n: p.evidence.moments.length })), h("ol", { class: "collusion-moments" }, ...moments)),
    h("details", { class: "small" }, h("summary", {}, t("club.co_matches", { n: p.evidence.match_ids.length })), h("p", {}, ...matches)));
}
