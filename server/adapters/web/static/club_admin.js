// #/admin: the live tables (GET /api/admin/tables; organizers and admins) with pause,
// resume, abort, replace a seat and disconnect a player (the /api/admin/tables/… routes),
// refreshed every few seconds while no form is open; under them the recent matches, whose
// pages hold the corrections (admins). Everything is checked again by the API.

import { api } from "./net.js";
import { h, seatName, statusText, t } from "./ui.js";
import { emptyState, errorState, fill, isStaff, num, page, rulesets, section, whoAmI } from "./club.js";
import { matchList } from "./club_matches.js";

const BOTS = ["bot:greedy", "bot:defensive", "bot:random"];
const REFRESH_MS = 5000;

export async function renderAdmin(root) {
  const who = await whoAmI();
  if (!isStaff(who)) {
    page(root, t("club.ad_title"), section(null, errorState({ status: who.role ? 403 : 401, message: t("club.ad_staff_only") })));
    return () => {};
  }
  const list = h("div", { id: "live-tables", class: "live-tables" });
  const note = h("p", { id: "admin-msg", class: "small", role: "status" });
  const refresh = h("button", { class: "small", id: "live-refresh", type: "button" }, t("common.refresh"));
  const recent = h("div", { id: "recent-matches" });
  page(root, t("club.ad_title"),
    section(null, h("div", { class: "club-toolbar" }, h("h2", {}, t("club.ad_live")), refresh, h("span", { class: "muted small" }, t("club.ad_auto")),
      h("a", { class: "button small", id: "collusion-link", href: "#/admin/collusion" }, t("club.co_link"))), note, list),
    who.role === "admin" ? section(t("club.ad_recent"), recent) : null);
  // admins may pick a player for a seat by name
  const players = who.role === "admin" ? await api("GET", "/api/admin/players").catch(() => []) : [];
  const datalist = h("datalist", { id: "admin-players" }, ...players.map((p) => h("option", { value: p.player_id }, p.name)));
  root.append(datalist);
  const draw = async () => {
    try {
      const tables = await api("GET", "/api/admin/tables");
      // the live ones first, then the newest
      const over = (x) => (x.status === "finished" || x.status === "aborted" ? 1 : 0);
      tables.sort((a, b) => over(a) - over(b) || (a.created < b.created ? 1 : -1));
      const names = Object.fromEntries((await rulesets().catch(() => [])).map((r) => [r.id, r.name]));
      tables.forEach((x) => { x.ruleset_name = names[x.ruleset] || x.ruleset; });
      list.replaceChildren(...(tables.length ? tables.map((x) => tableCard(x, act)) : [emptyState(t("club.ad_none"))]));
    } catch (e) {
      list.replaceChildren(errorState(e, draw));
    }
  };
  const act = async (kind, call) => {
    note.className = "small";
    note.textContent = "";
    try {
      await call();
      note.textContent = t(`club.ad_done_${kind}`);
    } catch (e) {
      note.className = "small error";
      note.textContent = e.message;
    }
    await draw();
  };
  refresh.addEventListener("click", draw);
  await draw();
  if (who.role === "admin") fill(recent, () => matchList({ limit: 10 }));
  // keep the list live, but never redraw under a form being filled in
  const timer = setInterval(() => {
    const busy = list.querySelector("details[open]") || list.contains(document.activeElement);
    if (!busy && document.visibilityState !== "hidden") draw();
  }, REFRESH_MS);
  return () => clearInterval(timer);
}

function tableCard(x, act) {
  const id = x.table_id;
  const path = `/api/admin/tables/${encodeURIComponent(id)}`;
  const live = x.status === "playing" || x.status === "paused" || x.status === "waiting";
  const seats = h("ul", { class: "live-seats" }, ...x.seats.map((s) => h("li", { "data-seat": s.seat, class: x.prompts.includes(s.seat) ? "acting" : false },
    h("span", { class: "seat-no" }, s.seat + 1), " ", seatName(s),
    s.kind === "player" && !s.connected && live ? h("span", { class: "badge away" }, t("club.ad_away")) : null,
    s.standin || x.standins.includes(s.seat) ? h("span", { class: "badge standin" }, t("club.ad_standin")) : null,
    x.prompts.includes(s.seat) ? h("span", { class: "badge acting" }, t("club.ad_acting")) : null,
    h("span", { class: "num score" }, num(x.scores[s.seat])),
    s.kind === "player" && s.connected && live
      ? h("button", { class: "small kick", type: "button", "data-kick": s.seat, onclick: () => act("kick", () => api("POST", `${path}/seats/${s.seat}/kick`)) }, t("club.ad_kick"))
      : null)));
  const buttons = [];
  if (x.status === "playing") buttons.push(h("button", { type: "button", class: "small", "data-action": "pause", onclick: () => act("pause", () => api("POST", `${path}/pause`)) }, t("club.ad_pause")));
  if (x.status === "paused") buttons.push(h("button", { type: "button", class: "small ok", "data-action": "resume", onclick: () => act("resume", () => api("POST", `${path}/resume`)) }, t("club.ad_resume")));
  buttons.push(h("a", { class: "button small", href: `#/watch/${encodeURIComponent(id)}` }, t("club.watch")));
  buttons.push(h("a", { class: "button small", href: `#/match/${encodeURIComponent(id)}` }, t("club.sheet")));
  return h("article", { class: `live-table status-${x.status}`, "data-table": id },
    h("header", { class: "live-head" },
      h("code", {}, id), h("b", {}, x.ruleset_name || x.ruleset),
      h("span", { class: `status status-${x.status}`, "data-status": x.status }, statusText(x.status)),
      x.between_hands ? h("span", { class: "badge" }, t("club.ad_between")) : null,
      h("span", { class: "muted small" }, `${t("club.ad_hand", { label: x.hand || "—" })} · ${t("club.ad_played", { n: x.hands_played })} · ${t("club.ad_conns", { c: x.connections, s: x.spectators_connected })}`)),
    seats,
    h("div", { class: "club-actions" }, ...buttons),
    live ? h("div", { class: "live-forms" }, replaceForm(x, path, act), abortForm(x, path, act)) : null);
}

function abortForm(x, path, act) {
  const reason = h("input", { name: "reason", class: "abort-reason", maxlength: 200, placeholder: t("club.ad_abort_reason") });
  const form = h("form", { class: "abort-form row" }, reason, h("button", { type: "submit", class: "small danger", "data-action": "abort" }, t("club.ad_abort")));
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    act("abort", () => api("POST", `${path}/abort`, { reason: reason.value.trim() }));
  });
  return h("details", { class: "abort" }, h("summary", { class: "small" }, t("club.ad_abort_more")), h("p", { class: "small muted" }, t("club.ad_abort_note", { id: x.table_id })), form);
}

function replaceForm(x, path, act) {
  const seat = h("select", { name: "seat", class: "replace-seat" }, ...x.seats.map((s) => h("option", { value: s.seat }, `${s.seat + 1} · ${seatName(s)}`)));
  const who = h("select", { name: "occupant", class: "replace-occupant" }, ...BOTS.map((b) => h("option", { value: b }, t(`club.ad_${b.replace(":", "_")}`))), h("option", { value: "player" }, t("club.ad_a_player")));
  const pid = h("input", { name: "player", class: "replace-player", list: "admin-players", placeholder: t("club.ad_player_id"), hidden: true, maxlength: 64 });
  who.addEventListener("change", () => { pid.hidden = who.value !== "player"; pid.required = who.value === "player"; });
  const form = h("form", { class: "replace-form row" }, h("label", {}, `${t("club.ad_seat")} `, seat), h("label", {}, `${t("club.ad_with")} `, who), pid,
    h("button", { type: "submit", class: "small" }, t("club.ad_apply")));
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const occupant = who.value === "player" ? pid.value.trim() : who.value;
    act("replace", () => api("PUT", `${path}/seats/${seat.value}`, { occupant }));
  });
  return h("details", { class: "replace" }, h("summary", { class: "small" }, t("club.ad_replace")), form);
}
