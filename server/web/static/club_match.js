// #/match/ID: a match's scoresheet as the server projects it (GET /api/matches/{id}): the
// standings, one row per hand (its result, the patterns, the payments, each seat's delta
// and running total; voided hands struck through), the lines after the hands, the
// corrections; links to the review and the exports. Admins also get the corrections form
// and the audit (club_corrections.js).

import { api } from "./net.js";
import { h, outcomeText, patternName, reasonText } from "./ui.js";
import { errorState, num, page, playerLink, rankText, rulesetName, scrollTable, section, signClass, strings, when, whoAmI } from "./club.js";
import { renderCorrections } from "./club_corrections.js";

const t = strings({
  en: {
    title: (r) => `${r} match`, status: { finished: "finished", aborted: "aborted", playing: "being played", paused: "paused", waiting: "waiting for players" },
    voided: "voided", ended: "Ended", hands_n: (n) => `${n} hand${n === 1 ? "" : "s"}`, review: "Review hand by hand",
    csv: "Scoresheet CSV", standings_csv: "Standings CSV", json: "JSON", tenhou: "tenhou.net/6", mjai: "mjai",
    standings: "Standings", sheet: "Scoresheet", hand: "Hand", result: "Result", value: "Value", total: "Total",
    rank: "Rank", player: "Player", score: "Score", points: "Points", no_standings: "Standings come when the match is finished.",
    wins: (w, from) => (from ? `${w} on ${from}'s discard` : `${w}, self-drawn`), robbed: (w, from) => `${w}, robbing ${from}'s kong`,
    leftover: "Deposits left on the table", adjustment: "Adjustment", void_mark: "voided",
    corrections: "Corrections", no_corrections: "No correction.", details: "patterns and payments",
    kind: { adjust: "adjustment", void_hand: "hand voided", void_match: "match voided" },
    correction: (c, who) => `${c.kind === "adjust" ? `${who}: ${c.amount > 0 ? "+" : ""}${c.amount}` : ""}`,
    paid: (a, b, n) => `${a} → ${b}: ${n}`, table: "the table", seed: "Seed", commitment: "Commitment", ready: "Ready",
    watch: "Watch live",
  },
  zh: {
    title: (r) => `${r} 对局`, status: { finished: "已结束", aborted: "已中止", playing: "进行中", paused: "已暂停", waiting: "等待玩家" },
    voided: "已作废", ended: "结束时间", hands_n: (n) => `${n} 局`, review: "逐局复盘",
    csv: "计分表 CSV", standings_csv: "排名 CSV", json: "JSON", tenhou: "tenhou.net/6", mjai: "mjai",
    standings: "排名", sheet: "计分表", hand: "局", result: "结果", value: "番值", total: "累计",
    rank: "顺位", player: "玩家", score: "得分", points: "积分", no_standings: "对局结束后显示排名。",
    wins: (w, from) => (from ? `${w} 和 ${from} 的牌` : `${w} 自摸`), robbed: (w, from) => `${w} 抢 ${from} 的杠`,
    leftover: "留在桌上的立直棒", adjustment: "调整", void_mark: "作废",
    corrections: "更正", no_corrections: "没有更正。", details: "番种与支付",
    kind: { adjust: "调整", void_hand: "作废一局", void_match: "作废对局" },
    correction: (c, who) => `${c.kind === "adjust" ? `${who}：${c.amount > 0 ? "+" : ""}${c.amount}` : ""}`,
    paid: (a, b, n) => `${a} → ${b}：${n}`, table: "桌面", seed: "种子", commitment: "承诺值", ready: "听牌",
    watch: "观战",
  },
  ja: {
    title: (r) => `${r} の試合`, status: { finished: "終了", aborted: "中止", playing: "対局中", paused: "一時停止中", waiting: "待機中" },
    voided: "無効", ended: "終了", hands_n: (n) => `${n} 局`, review: "一局ずつ振り返る",
    csv: "点数表 CSV", standings_csv: "順位 CSV", json: "JSON", tenhou: "tenhou.net/6", mjai: "mjai",
    standings: "順位", sheet: "点数表", hand: "局", result: "結果", value: "点", total: "累計",
    rank: "順位", player: "プレイヤー", score: "点数", points: "ポイント", no_standings: "試合が終わると順位が出ます。",
    wins: (w, from) => (from ? `${w}（${from} から）` : `${w}（ツモ）`), robbed: (w, from) => `${w}（${from} から槍槓）`,
    leftover: "卓に残った供託", adjustment: "調整", void_mark: "無効",
    corrections: "訂正", no_corrections: "訂正はありません。", details: "役と支払い",
    kind: { adjust: "調整", void_hand: "局の無効", void_match: "試合の無効" },
    correction: (c, who) => `${c.kind === "adjust" ? `${who}：${c.amount > 0 ? "+" : ""}${c.amount}` : ""}`,
    paid: (a, b, n) => `${a} → ${b}：${n}`, table: "卓", seed: "シード", commitment: "コミットメント", ready: "聴牌",
    watch: "観戦",
  },
});

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
    done ? h("a", { class: "button", id: "to-review", href: `#/review/${id}` }, t("review")) : h("a", { class: "button", href: `#/watch/${id}` }, t("watch")),
    h("a", { class: "button small", href: `/api/matches/${id}/scoresheet.csv`, download: "" }, t("csv")),
    h("a", { class: "button small", href: `/api/matches/${id}/standings.csv`, download: "" }, t("standings_csv")),
    h("a", { class: "button small", href: `/api/matches/${id}/scoresheet.json`, download: "" }, t("json")),
    ...(m.ruleset === "riichi" && m.status === "finished" ? [
      h("a", { class: "button small", href: `/api/matches/${id}/tenhou6`, target: "_blank" }, t("tenhou")),
      h("a", { class: "button small", href: `/api/matches/${id}/mjai`, target: "_blank" }, t("mjai"))] : []),
  ];
  const head = h("div", { class: "match-head" },
    h("p", {},
      h("span", { class: `status status-${m.status}`, id: "match-status" }, t("status")[m.status] || m.status),
      m.voided ? h("span", { class: "status status-voided", id: "match-voided" }, t("voided")) : null,
      " · ", `${t("ended")}: ${when(m.ended)}`, " · ", t("hands_n", m.hands_played), " · ", h("code", {}, m.match_id)),
    h("div", { class: "club-actions" }, ...exports));
  const adminBox = h("div", { id: "corrections-admin" });
  page(root, t("title", rname),
    section(null, head),
    section(t("standings"), standingsTable(sheet)),
    section(t("sheet"), handsTable(sheet, names)),
    section(t("corrections"), correctionsList(sheet, names)),
    adminBox,
    section(null, h("p", { class: "muted small seed" }, `${t("commitment")}: `, h("code", {}, m.commitment || "—"),
      m.seed ? [" · ", `${t("seed")}: `, h("code", {}, m.seed)] : null)));
  if (who.role === "admin") await renderCorrections(adminBox, sheet, () => renderMatch(root, matchId));
}

function standingsTable(sheet) {
  if (!sheet.standings.length) return h("p", { class: "muted club-state empty" }, t("no_standings"));
  const ids = Object.fromEntries(sheet.players.map((p) => [p.place, p.player_id]));
  return scrollTable({ id: "standings" }, [t("rank"), t("player"), t("score"), t("points")], sheet.standings.map((s) => h("tr", { "data-place": s.place },
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
        hand.voided ? h("span", { class: "status status-voided" }, t("void_mark")) : null),
      h("td", { class: "result" }, resultText(hand, names), details(hand, names)),
      h("td", { class: "num" }, hand.hand_total ? num(hand.hand_total) : ""),
      ...cells(hand.deltas, hand.running_totals, hand.voided)));
  }
  for (const line of sheet.lines) {
    const c = line.correction;
    rows.push(h("tr", { class: `line-row line-${line.kind}` },
      h("th", { scope: "row" }, line.kind === "leftover" ? "" : t("adjustment")),
      h("td", { class: "result" }, line.kind === "leftover" ? t("leftover") : (c ? c.reason : "")), h("td", {}, ""),
      ...cells(line.deltas, line.running_totals, false)));
  }
  rows.push(h("tr", { class: "total-row" }, h("th", { scope: "row" }, t("total")), h("td", {}, ""), h("td", {}, ""),
    ...sheet.final_totals.map((x) => h("td", { class: "num strong" }, num(x)))));
  return scrollTable({ id: "hands", class: "list club-list sheet-table" }, [t("hand"), t("result"), t("value"), ...seatHead], rows);
}

function resultText(hand, names) {
  if (hand.result !== "win") {
    const ready = hand.tenpai && hand.tenpai.length ? ` · ${t("ready")}: ${hand.tenpai.map((p) => names[p]).join(", ")}` : "";
    return h("span", {}, outcomeText(hand.result === "exhaustive_draw" ? "exhaustive_draw" : "abortive_draw"), hand.abort ? ` (${hand.abort.replace(/_/g, " ")})` : "", ready);
  }
  return h("span", {}, hand.wins.map((w) => (w.robbed_kong && w.from != null ? t("robbed", names[w.place], names[w.from]) : t("wins", names[w.place], w.from == null ? null : names[w.from]))).join("; "));
}

function details(hand, names) {
  if (!hand.wins.length && !hand.payments.length) return null;
  const who = (p) => (p == null ? t("table") : names[p]);
  return h("details", { class: "hand-details" }, h("summary", { class: "small" }, t("details")),
    ...hand.wins.map((w) => h("ul", { class: "patterns-list" }, ...w.patterns.map((p) => h("li", {},
      h("span", { class: "pname" }, patternName(p)), " ", h("span", { class: "muted" }, p.count > 1 ? `${p.value} ×${p.count}` : String(p.value)))))),
    h("ul", { class: "payments-list" }, ...hand.payments.map((p) => h("li", {}, t("paid", who(p.payer), who(p.payee), p.amount), " ",
      h("span", { class: "muted small", "data-reason": p.reason }, reasonText(p.reason))))));
}

function correctionsList(sheet, names) {
  if (!sheet.corrections.length) return h("p", { class: "muted", id: "no-corrections" }, t("no_corrections"));
  return h("ul", { id: "corrections", class: "corrections" }, ...sheet.corrections.map((c) => h("li", { "data-kind": c.kind },
    h("b", {}, t("kind")[c.kind] || c.kind), " ",
    c.kind === "adjust" ? h("span", { class: signClass(c.amount) }, t("correction", c, names[c.place])) : null,
    c.hand_number != null ? ` (${(sheet.hands.find((x) => x.hand_number === c.hand_number) || { label: c.hand_number }).label})` : "",
    " — ", c.reason, " ", h("span", { class: "muted small" }, `${c.by}, ${when(c.at)}`))));
}
