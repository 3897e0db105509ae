// #/match/ID: a match's scoresheet as the server projects it (GET /api/matches/{id}): the
// standings, one row per hand (its result, the patterns, the payments, each seat's delta
// and running total; voided hands struck through), the lines after the hands, the
// corrections; links to the review and the exports. Admins also get the corrections form
// and the audit (club_corrections.js). Words: i18n/club.json (club.mt_…).

import { api } from "./net.js";
import { h, outcomeText, patternName, reasonText, statusText, t } from "./ui.js";
import { errorState, num, page, playerLink, rankText, rulesetName, scrollTable, section, signClass, when, whoAmI } from "./club.js";
import { renderCorrections } from "./club_corrections.js";
import { rulesetInfo } from "./i18n.js";

// a log format's display name (the format ids a ruleset declares in log_exports)
const LOG_NAMES = { tenhou6: "tenhou.net/6" };

export async function renderMatch(root, matchId) {
  let sheet;
  try {
    sheet = await api("GET", `/api/matches/${encodeURIComponent(matchId)}`);
  } catch (e) {
    page(root, matchId, section(null, errorState(e, () => renderMatch(root, matchId))));
    return;
  }
  const who = await whoAmI();
  const m = sheet.match;
  const rname = await rulesetName(m.ruleset);
  const names = sheet.players.map((p) => p.name);
  const id = encodeURIComponent(m.match_id);
  const done = m.status === "finished" || m.status === "aborted";
  const exports = [
    done ? h("a", { class: "button", id: "to-review", href: `#/review/${id}` }, t("club.mt_review")) : h("a", { class: "button", href: `#/watch/${id}` }, t("club.mt_watch")),
    h("a", { class: "button small", href: `/api/matches/${id}/scoresheet.csv`, download: "" }, t("club.mt_csv")),
    h("a", { class: "button small", href: `/api/matches/${id}/standings.csv`, download: "" }, t("club.mt_standings_csv")),
    h("a", { class: "button small", href: `/api/matches/${id}/scoresheet.json`, download: "" }, "JSON"),
    // the log formats the match's ruleset exports to (GET /api/rulesets: log_exports)
    ...(m.status === "finished" ? (rulesetInfo(m.ruleset).log_exports || []).map((f) =>
      h("a", { class: "button small", href: `/api/matches/${id}/${encodeURIComponent(f)}`, target: "_blank" }, LOG_NAMES[f] || f)) : []),
  ];
  const head = h("div", { class: "match-head" },
    h("p", {},
      h("span", { class: `status status-${m.status}`, id: "match-status" }, statusText(m.status)),
      m.voided ? h("span", { class: "status status-voided", id: "match-voided" }, t("club.voided")) : null,
      " · ", `${t("club.ended")}: ${when(m.ended)}`, " · ", t("club.mt_hands_n", { n: m.hands_played }), " · ", h("code", {}, m.match_id)),
    h("div", { class: "club-actions" }, ...exports));
  const adminBox = h("div", { id: "corrections-admin" });
  page(root, t("club.mt_title", { ruleset: rname }),
    section(null, head),
    section(t("club.mt_standings"), standingsTable(sheet)),
    section(t("club.sheet"), handsTable(sheet, names)),
    section(t("club.mt_corrections"), correctionsList(sheet, names)),
    adminBox,
    section(null, h("p", { class: "muted small seed" }, `${t("club.mt_commitment")}: `, h("code", {}, m.commitment || "—"),
      m.seed ? [" · ", `${t("club.mt_seed")}: `, h("code", {}, m.seed)] : null)));
  if (who.role === "admin") await renderCorrections(adminBox, sheet, () => renderMatch(root, matchId));
}

function standingsTable(sheet) {
  if (!sheet.standings.length) return h("p", { class: "muted club-state empty" }, t("club.mt_no_standings"));
  const ids = Object.fromEntries(sheet.players.map((p) => [p.place, p.player_id]));
  return scrollTable({ id: "standings" }, [{ num: t("club.rank") }, t("club.player"), { num: t("club.score") }, { num: t("club.points") }], sheet.standings.map((s) => h("tr", { "data-place": s.place },
    h("td", { class: `num rank-${s.rank}` }, rankText(s.rank)),
    h("td", {}, playerLink(ids[s.place], s.name)),
    h("td", { class: "num" }, num(s.score)),
    h("td", { class: `num strong ${signClass(s.points)}` }, num(s.points, { digits: 2 })))));
}

/** One row per hand and line; a seat's cell holds its delta over its running total. */
function handsTable(sheet, names) {
  const seatHead = sheet.players.map((p) => h("th", { class: "num seat-col" }, playerLink(p.player_id, p.name)));
  const cells = (deltas, totals, struck) => deltas.map((d, i) => h("td", { class: `num seat-cell${struck ? " struck" : ""}` },
    h("span", { class: `delta ${signClass(d)}` }, d ? num(d, { signed: true }) : "0"),
    totals ? h("span", { class: "running" }, num(totals[i])) : null));
  const rows = [];
  for (const hand of sheet.hands) {
    rows.push(h("tr", { class: `sheet-hand${hand.voided ? " voided" : ""}`, "data-hand": hand.hand_number },
      h("th", { scope: "row" }, hand.label, hand.honba ? h("span", { class: "muted small" }, ` +${hand.honba}`) : null,
        hand.voided ? h("span", { class: "status status-voided" }, t("club.voided")) : null),
      h("td", { class: "result" }, resultText(hand, names), details(hand, names)),
      h("td", { class: "num" }, hand.hand_total ? num(hand.hand_total) : ""),
      ...cells(hand.deltas, hand.running_totals, hand.voided)));
  }
  for (const line of sheet.lines) {
    const c = line.correction;
    rows.push(h("tr", { class: `line-row line-${line.kind}` },
      h("th", { scope: "row" }, line.kind === "leftover" ? "" : t("club.mt_adjustment")),
      h("td", { class: "result" }, line.kind === "leftover" ? t("club.mt_leftover") : (c ? c.reason : "")), h("td", {}, ""),
      ...cells(line.deltas, line.running_totals, false)));
  }
  rows.push(h("tr", { class: "total-row" }, h("th", { scope: "row" }, t("club.mt_total")), h("td", {}, ""), h("td", {}, ""),
    ...sheet.final_totals.map((x) => h("td", { class: "num strong" }, num(x)))));
  return scrollTable({ id: "hands", class: "list club-list sheet-table" }, [t("club.mt_hand"), t("club.mt_result"), { num: t("club.mt_value") }, ...seatHead], rows);
}

function resultText(hand, names) {
  if (hand.result !== "win") {
    const ready = hand.tenpai && hand.tenpai.length ? ` · ${t("club.mt_ready")}: ${hand.tenpai.map((p) => names[p]).join(", ")}` : "";
    return h("span", {}, outcomeText(hand.result === "exhaustive_draw" ? "exhaustive_draw" : "abortive_draw"), hand.abort ? ` (${hand.abort.replace(/_/g, " ")})` : "", ready);
  }
  return h("span", {}, hand.wins.map((w) => {
    const who = { winner: names[w.place], from: w.from == null ? "" : names[w.from] };
    return t(w.from == null ? "club.mt_self_drawn" : w.robbed_kong ? "club.mt_robbed" : "club.mt_win", who);
  }).join("; "));
}

function details(hand, names) {
  if (!hand.wins.length && !hand.payments.length) return null;
  const who = (p) => (p == null ? t("club.mt_the_table") : names[p]);
  return h("details", { class: "hand-details" }, h("summary", { class: "small" }, t("club.mt_details")),
    ...hand.wins.map((w) => h("ul", { class: "patterns-list" }, ...w.patterns.map((p) => h("li", {},
      h("span", { class: "pname" }, patternName(p)), " ", h("span", { class: "muted" }, p.count > 1 ? `${p.value} ×${p.count}` : String(p.value)))))),
    h("ul", { class: "payments-list" }, ...hand.payments.map((p) => h("li", {}, t("club.mt_paid", { payer: who(p.payer), payee: who(p.payee), amount: p.amount }), " ",
      h("span", { class: "muted small", "data-reason": p.reason }, reasonText(p.reason))))));
}

function correctionsList(sheet, names) {
  if (!sheet.corrections.length) return h("p", { class: "muted", id: "no-corrections" }, t("club.mt_no_corrections"));
  return h("ul", { id: "corrections", class: "corrections" }, ...sheet.corrections.map((c) => h("li", { "data-kind": c.kind },
    h("b", {}, t(`club.mt_kind_${c.kind}`)), " ",
    c.kind === "adjust" ? h("span", { class: signClass(c.amount) }, `${names[c.place]} ${num(c.amount, { signed: true })}`) : null,
    c.hand_number != null ? ` (${(sheet.hands.find((x) => x.hand_number === c.hand_number) || { label: c.hand_number }).label})` : "",
    " — ", c.reason, " ", h("span", { class: "muted small" }, `${c.by}, ${when(c.at)}`))));
}
