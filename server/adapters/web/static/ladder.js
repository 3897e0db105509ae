// The ranked ladder: #/ladder (the first ranked queue's ruleset) or #/ladder/RULESET — rank, points and matches per
// player, best first, from GET /api/ladder (docs/ladder.md).

import { api } from "./net.js";
import { h } from "./ui.js";
import { has, t } from "./i18n.js";

// the rank in the page's language (the catalogue's ladder.rank_RULESET_ID), else the server's words
function rankName(ruleset, p) {
  const key = `ladder.rank_${ruleset}_${p.rank}`;
  return has(key) ? t(key) : p.rank_en;
}

// the rulesets with a ladder: those of the ranked queues the server offers, in its order
async function laddered() {
  try {
    const data = await api("GET", "/api/queues");
    return [...new Set(data.queues.filter((q) => q.ranked).map((q) => q.ruleset))];
  } catch { return []; }
}

export async function renderLadder(root, ruleset) {
  const RULESETS = await laddered();
  ruleset = RULESETS.includes(ruleset) ? ruleset : RULESETS[0] || ruleset || "";
  root.replaceChildren();
  const pick = h("p", { class: "small" }, ...RULESETS.flatMap((r, i) => [
    i ? " · " : "", r === ruleset ? h("b", {}, r) : h("a", { href: `#/ladder/${r}` }, r)]));
  const box = h("div", { id: "ladder" }, t("ladder.loading"));
  root.append(h("section", { class: "card" }, h("h2", {}, t("ladder.title")), pick, box));
  let data;
  try {
    data = await api("GET", `/api/ladder?ruleset=${encodeURIComponent(ruleset)}&limit=200`);
  } catch (e) {
    box.textContent = e.message || String(e);
    return;
  }
  const rows = data.players.map((p) => h("tr", {},
    h("td", { class: "num" }, String(p.position)),
    h("td", {}, p.name || p.player_id),
    h("td", {}, p.rank_ja && p.rank_ja !== p.rank_en && rankName(ruleset, p) !== p.rank_ja ? `${rankName(ruleset, p)} (${p.rank_ja})` : rankName(ruleset, p)),
    h("td", { class: "num" }, p.target === null || p.target === undefined ? String(p.points) : `${p.points} / ${p.target}`),
    h("td", { class: "num" }, String(p.matches))));
  box.replaceChildren(
    data.players.length ? h("table", { class: "ladder" },
      h("thead", {}, h("tr", {}, ...["#", t("ladder.col_player"), t("ladder.col_rank"), t("ladder.col_points"), t("ladder.col_matches")].map((c) => h("th", {}, c)))),
      h("tbody", {}, ...rows)) : h("p", {}, t("ladder.empty")),
    h("p", { class: "small" }, `${t("ladder.scheme", { scheme: data.scheme })} ${data.source}`));
}
