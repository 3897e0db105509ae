// #/admin: the live tables (GET /api/admin/tables; organizers and admins) with pause,
// resume, abort, replace a seat and disconnect a player (the /api/admin/tables/… routes),
// refreshed every few seconds while no form is open; under them the recent matches, whose
// pages hold the corrections (admins). Everything is checked again by the API.

import { api } from "./net.js";
import { h, seatName } from "./ui.js";
import { emptyState, errorState, fill, isStaff, num, page, rulesets, section, strings, whoAmI } from "./club.js";
import { matchList } from "./club_matches.js";

const t = strings({
  en: {
    title: "Administration", live: "Live tables", refresh: "Refresh", auto: "refreshed every 5 s", none: "No table is live on this server.",
    staff_only: "This page is for organizers and administrators.", recent: "Recent matches (corrections on each match's page)",
    status: { waiting: "waiting", playing: "playing", paused: "paused", finished: "finished", aborted: "aborted" },
    pause: "Pause", resume: "Resume", abort: "Abort", abort_reason: "Reason for aborting (kept with the table)",
    confirm_abort: (id) => `Aborting table ${id} ends its match here; it is not counted.`,
    replace: "Replace a seat", seat: "Seat", by: "with", player: "a player…", player_id: "player id", apply: "Replace",
    kick: "Disconnect", watch: "Watch", sheet: "Scoresheet", hand: "Hand", hands: (n) => `${n} played`,
    away: "away", standin: "bot stands in", acting: "to act", between: "between hands", conns: (c, s) => `${c} connected · ${s} watching`,
    done: { pause: "Paused.", resume: "Resumed.", abort: "Aborted.", replace: "Seat replaced.", kick: "Disconnected." },
  },
  zh: {
    title: "管理", live: "进行中的牌桌", refresh: "刷新", auto: "每 5 秒刷新", none: "服务器上没有进行中的牌桌。",
    staff_only: "此页面仅供组织者和管理员使用。", recent: "最近的对局（更正在各对局页面中）",
    status: { waiting: "等待中", playing: "对局中", paused: "已暂停", finished: "已结束", aborted: "已中止" },
    pause: "暂停", resume: "继续", abort: "中止", abort_reason: "中止原因（随牌桌保存）",
    confirm_abort: (id) => `中止牌桌 ${id} 会让对局就此结束，且不计入成绩。`,
    replace: "替换座位", seat: "座位", by: "换成", player: "一位玩家…", player_id: "玩家 ID", apply: "替换",
    kick: "断开连接", watch: "观战", sheet: "计分表", hand: "局", hands: (n) => `已打 ${n} 局`,
    away: "离线", standin: "机器人代打", acting: "待行动", between: "局间", conns: (c, s) => `${c} 人在线 · ${s} 人观战`,
    done: { pause: "已暂停。", resume: "已继续。", abort: "已中止。", replace: "已替换座位。", kick: "已断开。" },
  },
  ja: {
    title: "管理", live: "対局中の卓", refresh: "更新", auto: "5 秒ごとに更新", none: "このサーバーに対局中の卓はありません。",
    staff_only: "このページは主催者と管理者用です。", recent: "最近の試合（訂正は各試合のページで）",
    status: { waiting: "待機中", playing: "対局中", paused: "一時停止中", finished: "終了", aborted: "中止" },
    pause: "一時停止", resume: "再開", abort: "中止", abort_reason: "中止の理由（卓に記録されます）",
    confirm_abort: (id) => `卓 ${id} を中止すると試合はここで終わり、成績に数えません。`,
    replace: "席を交代", seat: "席", by: "交代先", player: "プレイヤー…", player_id: "プレイヤー ID", apply: "交代",
    kick: "切断", watch: "観戦", sheet: "点数表", hand: "局", hands: (n) => `${n} 局終了`,
    away: "離席", standin: "ボット代打ち", acting: "手番", between: "局間", conns: (c, s) => `接続 ${c} · 観戦 ${s}`,
    done: { pause: "一時停止しました。", resume: "再開しました。", abort: "中止しました。", replace: "席を交代しました。", kick: "切断しました。" },
  },
});

const BOTS = ["bot:greedy", "bot:defensive", "bot:random"];
const REFRESH_MS = 5000;

export async function renderAdmin(root) {
  const who = await whoAmI();
  if (!isStaff(who)) {
    page(root, t("title"), section(null, errorState({ status: who.role ? 403 : 401, message: t("staff_only") })));
    return () => {};
  }
  const list = h("div", { id: "live-tables", class: "live-tables" });
  const note = h("p", { id: "admin-msg", class: "small", role: "status" });
  const refresh = h("button", { class: "small", id: "live-refresh", type: "button" }, t("refresh"));
  const recent = h("div", { id: "recent-matches" });
  page(root, t("title"),
    section(null, h("div", { class: "club-toolbar" }, h("h2", {}, t("live")), refresh, h("span", { class: "muted small" }, t("auto"))), note, list),
    who.role === "admin" ? section(t("recent"), recent) : null);
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
      list.replaceChildren(...(tables.length ? tables.map((x) => tableCard(x, act)) : [emptyState(t("none"))]));
    } catch (e) {
      list.replaceChildren(errorState(e, draw));
    }
  };
  const act = async (kind, call) => {
    note.className = "small";
    note.textContent = "";
    try {
      await call();
      note.textContent = t("done")[kind];
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
    s.kind === "player" && !s.connected && live ? h("span", { class: "badge away" }, t("away")) : null,
    s.standin || x.standins.includes(s.seat) ? h("span", { class: "badge standin" }, t("standin")) : null,
    x.prompts.includes(s.seat) ? h("span", { class: "badge acting" }, t("acting")) : null,
    h("span", { class: "num score" }, num(x.scores[s.seat])),
    s.kind === "player" && s.connected && live
      ? h("button", { class: "small kick", type: "button", "data-kick": s.seat, onclick: () => act("kick", () => api("POST", `${path}/seats/${s.seat}/kick`)) }, t("kick"))
      : null)));
  const buttons = [];
  if (x.status === "playing") buttons.push(h("button", { type: "button", class: "small", "data-action": "pause", onclick: () => act("pause", () => api("POST", `${path}/pause`)) }, t("pause")));
  if (x.status === "paused") buttons.push(h("button", { type: "button", class: "small ok", "data-action": "resume", onclick: () => act("resume", () => api("POST", `${path}/resume`)) }, t("resume")));
  buttons.push(h("a", { class: "button small", href: `#/watch/${encodeURIComponent(id)}` }, t("watch")));
  buttons.push(h("a", { class: "button small", href: `#/match/${encodeURIComponent(id)}` }, t("sheet")));
  return h("article", { class: `live-table status-${x.status}`, "data-table": id },
    h("header", { class: "live-head" },
      h("code", {}, id), h("b", {}, x.ruleset_name || x.ruleset),
      h("span", { class: `status status-${x.status}`, "data-status": x.status }, t("status")[x.status] || x.status),
      x.between_hands ? h("span", { class: "badge" }, t("between")) : null,
      h("span", { class: "muted small" }, `${t("hand")} ${x.hand || "—"} · ${t("hands", x.hands_played)} · ${t("conns", x.connections, x.spectators_connected)}`)),
    seats,
    h("div", { class: "club-actions" }, ...buttons),
    live ? h("div", { class: "live-forms" }, replaceForm(x, path, act), abortForm(x, path, act)) : null);
}

function abortForm(x, path, act) {
  const reason = h("input", { name: "reason", class: "abort-reason", maxlength: 200, placeholder: t("abort_reason") });
  const form = h("form", { class: "abort-form row" }, reason, h("button", { type: "submit", class: "small danger", "data-action": "abort" }, t("abort")));
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    act("abort", () => api("POST", `${path}/abort`, { reason: reason.value.trim() }));
  });
  return h("details", { class: "abort" }, h("summary", { class: "small" }, `${t("abort")}…`), h("p", { class: "small muted" }, t("confirm_abort", x.table_id)), form);
}

function replaceForm(x, path, act) {
  const seat = h("select", { name: "seat", class: "replace-seat" }, ...x.seats.map((s) => h("option", { value: s.seat }, `${s.seat + 1} · ${seatName(s)}`)));
  const who = h("select", { name: "occupant", class: "replace-occupant" }, ...BOTS.map((b) => h("option", { value: b }, b)), h("option", { value: "player" }, t("player")));
  const pid = h("input", { name: "player", class: "replace-player", list: "admin-players", placeholder: t("player_id"), hidden: true, maxlength: 64 });
  who.addEventListener("change", () => { pid.hidden = who.value !== "player"; pid.required = who.value === "player"; });
  const form = h("form", { class: "replace-form row" }, h("label", {}, `${t("seat")} `, seat), h("label", {}, `${t("by")} `, who), pid,
    h("button", { type: "submit", class: "small" }, t("apply")));
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const occupant = who.value === "player" ? pid.value.trim() : who.value;
    act("replace", () => api("PUT", `${path}/seats/${seat.value}`, { occupant }));
  });
  return h("details", { class: "replace" }, h("summary", { class: "small" }, t("replace")), form);
}
