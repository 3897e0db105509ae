// The admin's part of a match page: enter a correction (a penalty or bonus line, void the
// last hand, void the match: POST /api/admin/matches/{id}/…) and read the audit, each line
// with who, when, why and the totals before and after (GET /api/admin/matches/{id}/audit).
// The play is never touched; the server projects the records again.

import { api } from "./net.js";
import { h } from "./ui.js";
import { fill, emptyState, num, section, strings, when, whoAmI } from "./club.js";

const t = strings({
  en: {
    title: "Corrections (admin)", audit: "Audit", action: "Correction", adjust: "Penalty or bonus line",
    void_hand: "Void the last counted hand", void_match: "Void the whole match", seat: "Player", amount: "Amount",
    amount_help: "negative for a penalty", reason: "Reason", by: "Entered by", submit: "Apply the correction",
    done: "Correction applied: the sheet, standings, history, leaderboards and ratings follow.",
    confirm_void: "Void the whole match? Its results leave every ranking.", empty: "Nothing corrected yet.",
    before: "before", after: "after", totals: "totals", pot: "pot", actions: { adjust_score: "adjustment", void_hand: "hand voided", void_match: "match voided" },
  },
  zh: {
    title: "更正（管理员）", audit: "审计记录", action: "更正", adjust: "罚分或奖励",
    void_hand: "作废最后一局", void_match: "作废整场对局", seat: "玩家", amount: "分数",
    amount_help: "罚分为负数", reason: "原因", by: "操作人", submit: "执行更正",
    done: "已更正：计分表、排名、战绩、排行榜和等级分随之更新。",
    confirm_void: "确定作废整场对局？其成绩将从所有排名中移除。", empty: "还没有更正。",
    before: "之前", after: "之后", totals: "总分", pot: "场供", actions: { adjust_score: "调整", void_hand: "作废一局", void_match: "作废对局" },
  },
  ja: {
    title: "訂正（管理者）", audit: "監査記録", action: "訂正", adjust: "罰符・ボーナス",
    void_hand: "最後の局を無効にする", void_match: "試合全体を無効にする", seat: "プレイヤー", amount: "点数",
    amount_help: "罰符はマイナス", reason: "理由", by: "入力者", submit: "訂正する",
    done: "訂正しました。点数表・順位・戦績・ランキング・レーティングに反映されます。",
    confirm_void: "試合全体を無効にしますか？すべてのランキングから外れます。", empty: "まだ訂正はありません。",
    before: "前", after: "後", totals: "合計", pot: "供託", actions: { adjust_score: "調整", void_hand: "局の無効", void_match: "試合の無効" },
  },
});

/** Fill `box` with the form and the audit of the match `sheet`; `reload()` redraws the page. */
export async function renderCorrections(box, sheet, reload) {
  const m = sheet.match;
  const id = encodeURIComponent(m.match_id);
  const me = await whoAmI();
  const names = sheet.players.map((p) => p.name);
  const msg = h("p", { class: "error", id: "correction-msg", role: "status" });
  const kind = h("select", { id: "correction-kind", name: "kind" },
    h("option", { value: "adjust" }, t("adjust")), h("option", { value: "void_hand" }, t("void_hand")), h("option", { value: "void_match" }, t("void_match")));
  const seat = h("select", { id: "correction-seat", name: "seat" }, ...sheet.players.map((p) => h("option", { value: p.place }, p.name)));
  const amount = h("input", { id: "correction-amount", name: "amount", type: "number", step: 1, min: -1000000, max: 1000000, required: true });
  const reason = h("input", { id: "correction-reason", name: "reason", maxlength: 500, required: true });
  const by = h("input", { id: "correction-by", name: "by", maxlength: 64, required: true, value: me.name || "" });
  const adjustOnly = [h("label", { for: "correction-seat" }, t("seat")), seat,
    h("label", { for: "correction-amount" }, t("amount")), h("span", {}, amount, " ", h("span", { class: "muted small" }, t("amount_help")))];
  const form = h("form", { id: "correction-form", class: "grid2" },
    h("label", { for: "correction-kind" }, t("action")), kind, ...adjustOnly,
    h("label", { for: "correction-reason" }, t("reason")), reason,
    h("label", { for: "correction-by" }, t("by")), by,
    h("span", {}), h("span", {}, h("button", { type: "submit", id: "correction-submit", class: "ok" }, t("submit"))));
  const sync = () => {
    const adj = kind.value === "adjust";
    adjustOnly.forEach((el) => { el.hidden = !adj; });
    amount.required = adj;
  };
  kind.addEventListener("change", sync);
  sync();
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    msg.className = "error";
    msg.textContent = "";
    if (kind.value === "void_match" && !confirm(t("confirm_void"))) return;
    const body = { by: by.value.trim(), reason: reason.value.trim() };
    const path = { adjust: "adjustments", void_hand: "void-last-hand", void_match: "void" }[kind.value];
    if (kind.value === "adjust") Object.assign(body, { seat: Number(seat.value), amount: Number(amount.value) });
    const button = form.querySelector("button");
    button.disabled = true;
    try {
      await api("POST", `/api/admin/matches/${id}/${path}`, body);
      await reload();
      const again = document.getElementById("correction-msg");
      if (again) { again.className = "ok-note"; again.textContent = t("done"); }
    } catch (e) {
      msg.textContent = e.message;
      button.disabled = false;
    }
  });
  const audit = h("div", { id: "audit" });
  box.replaceChildren(section(t("title"), form, msg, h("h3", {}, t("audit")), audit));
  await fill(audit, async () => {
    const lines = await api("GET", `/api/admin/matches/${id}/audit`);
    if (!lines.length) return emptyState(t("empty"));
    return h("ol", { class: "audit", id: "audit-lines" }, ...lines.map((a) => auditLine(a, names)));
  });
}

function auditLine(a, names) {
  const d = a.detail || {};
  const totals = (s) => (s && s.final_totals ? s.final_totals.map((x, i) => `${names[i] ?? i + 1} ${num(x)}`).join(", ") : "");
  return h("li", { "data-action": a.action, "data-audit": a.id },
    h("b", {}, t("actions")[a.action] || a.action),
    d.place != null && d.amount ? ` ${names[d.place] ?? d.place} ${num(d.amount, { signed: true })}` : "",
    " — ", a.reason, " ", h("span", { class: "muted small" }, `${a.by}, ${when(a.at)}`),
    d.before ? h("div", { class: "small audit-totals" },
      h("span", { class: "muted" }, `${t("totals")} ${t("before")}: `), totals(d.before), h("br"),
      h("span", { class: "muted" }, `${t("totals")} ${t("after")}: `), totals(d.after)) : null);
}
