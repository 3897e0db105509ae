// The admin's part of a match page: enter a correction (a penalty or bonus line, void the
// last hand, void the match: POST /api/admin/matches/{id}/…) and read the audit, each line
// with who, when, why and the totals before and after (GET /api/admin/matches/{id}/audit).
// The play is never touched; the server projects the records again. Words: club.cr_….

import { api } from "./net.js";
import { h, t } from "./ui.js";
import { fill, emptyState, num, section, when, whoAmI } from "./club.js";

/** Fill `box` with the form and the audit of the match `sheet`; `reload()` redraws the page. */
export async function renderCorrections(box, sheet, reload) {
  const m = sheet.match;
  const id = encodeURIComponent(m.match_id);
  const me = await whoAmI();
  const names = sheet.players.map((p) => p.name);
  const msg = h("p", { class: "error", id: "correction-msg", role: "status" });
  const kind = h("select", { id: "correction-kind", name: "kind" },
    h("option", { value: "adjust" }, t("club.cr_adjust")), h("option", { value: "void_hand" }, t("club.cr_void_hand")), h("option", { value: "void_match" }, t("club.cr_void_match")));
  const seat = h("select", { id: "correction-seat", name: "seat" }, ...sheet.players.map((p) => h("option", { value: p.place }, p.name)));
  const amount = h("input", { id: "correction-amount", name: "amount", type: "number", step: 1, min: -1000000, max: 1000000, required: true });
  const reason = h("input", { id: "correction-reason", name: "reason", maxlength: 500, required: true });
  const by = h("input", { id: "correction-by", name: "by", maxlength: 64, required: true, value: me.name || "" });
  const adjustOnly = [h("label", { for: "correction-seat" }, t("club.player")), seat,
    h("label", { for: "correction-amount" }, t("club.cr_amount")), h("span", {}, amount, " ", h("span", { class: "muted small" }, t("club.cr_amount_help")))];
  const form = h("form", { id: "correction-form", class: "grid2" },
    h("label", { for: "correction-kind" }, t("club.cr_action")), kind, ...adjustOnly,
    h("label", { for: "correction-reason" }, t("club.cr_reason")), reason,
    h("label", { for: "correction-by" }, t("club.cr_by")), by,
    h("span", {}), h("span", {}, h("button", { type: "submit", id: "correction-submit", class: "ok" }, t("club.cr_submit"))));
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
    if (kind.value === "void_match" && !confirm(t("club.cr_confirm_void"))) return;
    const body = { by: by.value.trim(), reason: reason.value.trim() };
    const path = { adjust: "adjustments", void_hand: "void-last-hand", void_match: "void" }[kind.value];
    if (kind.value === "adjust") Object.assign(body, { seat: Number(seat.value), amount: Number(amount.value) });
    const button = form.querySelector("button");
    button.disabled = true;
    try {
      await api("POST", `/api/admin/matches/${id}/${path}`, body);
      await reload();
      const again = document.getElementById("correction-msg");
      if (again) { again.className = "ok-note"; again.textContent = t("club.cr_done"); }
    } catch (e) {
      msg.textContent = e.message;
      button.disabled = false;
    }
  });
  const audit = h("div", { id: "audit" });
  box.replaceChildren(section(t("club.cr_title"), form, msg, h("h3", {}, t("club.cr_audit")), audit));
  await fill(audit, async () => {
    const lines = await api("GET", `/api/admin/matches/${id}/audit`);
    if (!lines.length) return emptyState(t("club.cr_empty"));
    return h("ol", { class: "audit", id: "audit-lines" }, ...lines.map((a) => auditLine(a, names)));
  });
}

function auditLine(a, names) {
  const d = a.detail || {};
  const totals = (s) => (s && s.final_totals ? s.final_totals.map((x, i) => `${names[i] ?? i + 1} ${num(x)}`).join(", ") : "");
  return h("li", { "data-action": a.action, "data-audit": a.id },
    h("b", {}, t(`club.cr_action_${a.action}`)),
    d.place != null && d.amount ? ` ${names[d.place] ?? d.place} ${num(d.amount, { signed: true })}` : "",
    " — ", a.reason, " ", h("span", { class: "muted small" }, `${a.by}, ${when(a.at)}`),
    d.before ? h("div", { class: "small audit-totals" },
      h("span", { class: "muted" }, `${t("club.cr_before")} `), totals(d.before), h("br"),
      h("span", { class: "muted" }, `${t("club.cr_after")} `), totals(d.after)) : null);
}
