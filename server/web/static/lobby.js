// The lobby: quick play as a guest, sign in or create an account, list tables, create one
// from the ruleset's options schema, join.

import { api, me, setMe, forgetMe, signOut } from "./net.js";
import { esc, lang, h, seatName } from "./ui.js";

export async function renderLobby(root) {
  const player = me();
  root.innerHTML = `
    <section class="card" id="who"></section>
    <section class="card"><h2>Tables <button id="refresh" class="small">Refresh</button></h2>
      <div id="tables" class="tables">loading…</div></section>
    <section class="card" id="create-card"><h2>New table</h2><form id="create"></form></section>`;
  const who = root.querySelector("#who");
  if (player) await renderMe(root, who, player);
  else renderSignIn(root, who);
  root.querySelector("#refresh").onclick = () => listTables(root);
  await Promise.all([listTables(root), createForm(root)]);
}

/** Signed in: the name, a password form for a guest, sign out. */
async function renderMe(root, who, player) {
  let info = null;
  try { info = await api("GET", "/api/players/me"); } catch (e) {
    if (e.status === 401) { forgetMe(); renderSignIn(root, who); return; } // ended or expired
  }
  const guest = info && !info.has_password;
  who.innerHTML = `<h2>Hello, <span id="me-name">${esc(player.name)}</span></h2>
    <p class="muted">${guest ? "You play as a guest: this browser holds your only key." : "Signed in."}
      <button id="logout" class="small">Sign out</button></p>
    ${guest ? `<form id="set-password" class="row"><input id="new-password" type="password" minlength="8" required
      placeholder="Choose a password" autocomplete="new-password"><button type="submit">Keep this name</button></form>
      <p class="muted">With a password you can sign in on any device and keep your history.</p>` : ""}
    <p id="me-error" class="error"></p>`;
  who.querySelector("#logout").onclick = async () => { await signOut(); renderLobby(root); };
  const form = who.querySelector("#set-password");
  if (form) {
    form.onsubmit = async (ev) => {
      ev.preventDefault();
      try {
        await api("PUT", "/api/accounts/password", { password: who.querySelector("#new-password").value });
        renderLobby(root);
      } catch (e) { who.querySelector("#me-error").textContent = e.message; }
    };
  }
}

/** Not signed in: quick play under a name, or sign in / create an account. */
function renderSignIn(root, who) {
  who.innerHTML = `<h2>Name yourself</h2>
    <form id="register" class="row"><input id="name" name="name" maxlength="40" required placeholder="Your name" autocomplete="nickname">
    <button type="submit">Play as a guest</button></form><p id="reg-error" class="error"></p>
    <h3>Or sign in</h3>
    <form id="signin" class="row"><input id="account-name" maxlength="40" required placeholder="Name" autocomplete="username">
    <input id="account-password" type="password" required placeholder="Password" autocomplete="current-password">
    <button type="submit" id="signin-btn">Sign in</button><button type="button" id="create-account">Create account</button></form>
    <p id="signin-error" class="error"></p>`;
  who.querySelector("#register").onsubmit = async (ev) => {
    ev.preventDefault();
    try {
      const name = who.querySelector("#name").value.trim();
      setMe(await api("POST", "/api/players", { name }));
      renderLobby(root);
    } catch (e) { who.querySelector("#reg-error").textContent = e.message; }
  };
  const account = async (path) => {
    const body = { name: who.querySelector("#account-name").value.trim(), password: who.querySelector("#account-password").value, label: "web" };
    try {
      setMe(await api("POST", path, body));
      renderLobby(root);
    } catch (e) { who.querySelector("#signin-error").textContent = e.message; }
  };
  who.querySelector("#signin").onsubmit = (ev) => { ev.preventDefault(); account("/api/accounts/login"); };
  who.querySelector("#create-account").onclick = () => {
    if (who.querySelector("#signin").reportValidity()) account("/api/accounts/register");
  };
}

async function listTables(root) {
  const box = root.querySelector("#tables");
  let tables;
  try { tables = await api("GET", "/api/tables"); } catch (e) { box.textContent = e.message; return; }
  const player = me();
  tables.sort((a, b) => (a.created < b.created ? 1 : -1));
  if (!tables.length) { box.innerHTML = `<p class="muted">No tables yet.</p>`; return; }
  box.innerHTML = `<table class="list"><thead><tr><th>Table</th><th>Ruleset</th><th>Status</th><th>Hand</th><th>Seats</th><th></th></tr></thead><tbody>
    ${tables.map((t) => {
      const mine = player && t.seats.some((s) => s.occupant === player.player_id);
      const seats = t.seats.map((s) => s.kind === "open"
        ? (player ? `<button class="small join" data-table="${t.table_id}" data-seat="${s.seat}">Sit ${s.seat + 1}</button>` : `<i>open</i>`)
        : esc(seatName(s))).join(" · ");
      const go = mine && t.status !== "finished"
        ? `<a class="button" href="#/table/${t.table_id}">Play</a>`
        : t.status === "finished"
          ? `<a class="button" href="#/review/${t.table_id}">Review</a>`
          : t.spectators.allowed ? `<a class="button" href="#/watch/${t.table_id}">Watch</a>` : "";
      return `<tr data-table-row="${t.table_id}"><td><code>${t.table_id}</code></td><td>${esc(t.ruleset)}</td>
        <td>${t.status}</td><td>${esc(t.hand || "")}</td><td>${seats}</td><td>${go}</td></tr>`;
    }).join("")}</tbody></table>`;
  box.querySelectorAll("button.join").forEach((b) => {
    b.onclick = async () => {
      try {
        await api("POST", `/api/tables/${b.dataset.table}/join`, { seat: Number(b.dataset.seat) });
        location.hash = `#/table/${b.dataset.table}`;
      } catch (e) { alert(e.message); }
    };
  });
}

// ---------------------------------------------------------------- options form from JSON Schema
// Presets first, then only the options whose value differs from the ruleset's defaults or
// from the chosen preset (what the preset sets, what the player changed), unless "Show
// all options" is ticked. Titles, descriptions and value names come from the schema's
// x-title / x-description / x-values in the player's language. The server receives
// {"preset": NAME, ...the options that differ from that preset}.

const FORM = {
  en: { preset: "Preset", all: "Show all options", same: "Every option is as the preset has it.", differ: (n) => `${n === 1 ? "1 option differs" : `${n} options differ`} from the ruleset's defaults or the preset.`,
    set_by: "set by the preset", changed: "changed", on: "on", off: "off", none: "none", custom: "custom list (ids, comma separated)" },
  zh: { preset: "预设", all: "显示全部选项", same: "所有选项均与预设一致。", differ: (n) => `有 ${n} 个选项与默认或预设不同。`,
    set_by: "预设所定", changed: "已修改", on: "开", off: "关", none: "无", custom: "自定义列表（用逗号分隔的标识）" },
  ja: { preset: "プリセット", all: "すべてのオプションを表示", same: "すべてのオプションがプリセットのとおりです。", differ: (n) => `${n} 個のオプションが既定またはプリセットと異なります。`,
    set_by: "プリセットで設定", changed: "変更", on: "オン", off: "オフ", none: "なし", custom: "独自の一覧（識別子をカンマ区切り）" },
};
const f = (key) => (FORM[lang()] || FORM.en)[key] ?? FORM.en[key];
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const textOf = (s, key) => (s[`x-${key}`] && (s[`x-${key}`][lang()] || s[`x-${key}`].en)) || s[key] || "";

/** A value's display name: x-values keyed by the value as text ("mcr_table", "5", "null"). */
function valueName(s, v) {
  const key = typeof v === "string" ? v : JSON.stringify(v);
  const names = (s["x-values"] || {})[key];
  if (names) return names[lang()] || names.en;
  if (v === null) return f("none");
  if (typeof v === "boolean") return v ? f("on") : f("off");
  return String(v);
}

/** What control an option needs, from its JSON Schema. */
function kindOf(s) {
  const parts = s.anyOf || [s];
  const nullable = parts.some((x) => x.type === "null");
  const base = parts.find((x) => x.type !== "null") || s;
  let choices = null;
  if (base.enum) choices = base.enum;
  else if (base.const !== undefined) choices = [base.const];
  if (choices) return { kind: "choice", choices: nullable ? [...choices, null] : choices };
  if (base.type === "boolean") return { kind: "bool" };
  if (base.type === "integer" || base.type === "number") return { kind: "number", base, nullable };
  if (base.type === "array" && base.items && base.items.enum) return { kind: "set", choices: base.items.enum };
  if (base.type === "array" && base.prefixItems) return { kind: "tuple", n: base.prefixItems.length };
  if (base.type === "array") return { kind: "list", nullable };
  return { kind: "text", nullable };
}

function control(name, s, value) {
  const id = `opt-${name}`;
  const k = kindOf(s);
  switch (k.kind) {
    case "choice":
      return `<select id="${id}" data-opt="${name}" ${k.choices.length < 2 ? "disabled" : ""}>${k.choices.map((c) =>
        `<option value="${esc(JSON.stringify(c))}" ${same(c, value) ? "selected" : ""}>${esc(valueName(s, c))}</option>`).join("")}</select>`;
    case "bool":
      return `<label class="check onoff"><input type="checkbox" id="${id}" data-opt="${name}" ${value ? "checked" : ""}> <span class="on">${esc(f("on"))}</span><span class="off">${esc(f("off"))}</span></label>`;
    case "number": {
      const b = k.base;
      const lim = `${b.minimum !== undefined ? `min="${b.minimum}"` : ""} ${b.maximum !== undefined ? `max="${b.maximum}"` : ""}`;
      const num = `<input type="number" id="${id}" data-opt="${name}" ${lim} step="${b.type === "integer" ? 1 : "any"}" value="${value ?? ""}" ${value === null ? "hidden" : ""}>`;
      if (!k.nullable) return num;
      return `<label class="check"><input type="checkbox" id="${id}-none" data-none="${name}" ${value === null ? "checked" : ""}> ${esc(valueName(s, null))}</label> ${num}`;
    }
    case "set":
      return `<span class="checks">${k.choices.map((c) => `<label class="check"><input type="checkbox" id="${id}-${esc(c)}" data-opt="${name}" data-member='${esc(JSON.stringify(c))}' ${(value || []).includes(c) ? "checked" : ""}> ${esc(valueName(s, c))}</label>`).join("")}</span>`;
    case "tuple":
      return `<span class="tuple">${Array.from({ length: k.n }, (_, i) => `<input type="number" id="${id}-${i}" data-opt="${name}" data-index="${i}" step="any" value="${(value || [])[i] ?? ""}">`).join("")}</span>`;
    default: {
      const shown = Array.isArray(value) ? value.join(", ") : (value ?? "");
      const box = `<input id="${id}" data-opt="${name}" value="${esc(shown)}" placeholder="${esc(f("custom"))}" ${value === null ? "hidden" : ""}>`;
      if (!k.nullable) return box;
      return `<label class="check"><input type="checkbox" id="${id}-none" data-none="${name}" ${value === null ? "checked" : ""}> ${esc(valueName(s, null))}</label> ${box}`;
    }
  }
}

/** The value an option's control holds now (JSON, as the server takes it). */
function readControl(box, name, s) {
  const k = kindOf(s);
  const none = box.querySelector(`[data-none="${name}"]`);
  if (none && none.checked) return null;
  const els = [...box.querySelectorAll(`[data-opt="${name}"]`)];
  switch (k.kind) {
    case "choice": return JSON.parse(els[0].value);
    case "bool": return els[0].checked;
    case "number": return els[0].value === "" ? s.default : Number(els[0].value);
    case "set": return els.filter((e) => e.checked).map((e) => JSON.parse(e.dataset.member));
    case "tuple": return els.map((e) => Number(e.value));
    case "list": return els[0].value.split(",").map((x) => x.trim()).filter(Boolean);
    default: return els[0].value;
  }
}

/** The options part of the create form for one ruleset's schema; `read()` gives what to send. */
function optionsForm(box, schema) {
  const props = Object.fromEntries(Object.entries(schema.properties || {}).filter(([k]) => k !== "preset"));
  const defaults = Object.fromEntries(Object.entries(props).map(([k, s]) => [k, s.default]));
  const presets = schema["x-presets"] || { default: { options: defaults } };
  let preset = "default";
  let values = { ...presets[preset].options };
  const presetOptions = () => presets[preset].options;
  box.innerHTML = `
    <div class="grid2 preset-row">
      <label for="preset">${esc(f("preset"))}</label>
      <select id="preset">${Object.entries(presets).map(([name, p]) => `<option value="${esc(name)}">${esc(textOf(p, "title") || name)}</option>`).join("")}</select>
    </div>
    <p class="muted small" id="preset-desc"></p>
    <p><label class="check"><input type="checkbox" id="show-all"> ${esc(f("all"))}</label> <span class="muted small" id="differ"></span></p>
    <div id="options" class="options"></div>`;
  const list = box.querySelector("#options");
  const showAll = box.querySelector("#show-all");
  const draw = () => {
    const p = presets[preset];
    box.querySelector("#preset-desc").textContent = textOf(p, "description");
    const rows = Object.entries(props).filter(([k]) => showAll.checked || !same(values[k], defaults[k]) || !same(values[k], presetOptions()[k]));
    box.querySelector("#differ").textContent = rows.length && !showAll.checked ? f("differ")(rows.length) : showAll.checked ? "" : f("same");
    list.innerHTML = rows.map(([k, s]) => {
      const marks = [
        !same(presetOptions()[k], defaults[k]) ? `<span class="mark preset-mark">${esc(f("set_by"))}</span>` : "",
        !same(values[k], presetOptions()[k]) ? `<span class="mark changed-mark">${esc(f("changed"))}</span>` : "",
      ].join(" ");
      return `<div class="opt" data-row="${k}"><div class="opt-text"><label for="opt-${k}"><b>${esc(textOf(s, "title") || k)}</b></label> ${marks}
        <div class="muted small">${esc(textOf(s, "description"))}</div></div><div class="opt-ctl">${control(k, s, values[k])}</div></div>`;
    }).join("");
  };
  list.addEventListener("change", (ev) => {
    const name = ev.target.dataset.opt || ev.target.dataset.none;
    if (!name) return;
    values[name] = readControl(list, name, props[name]);
    if (values[name] === null || ev.target.dataset.none) draw();  // show or hide the value box
    else {
      const mark = list.querySelector(`[data-row="${name}"] .changed-mark`);
      if (!!mark !== !same(values[name], presetOptions()[name])) draw();
    }
  });
  box.querySelector("#preset").onchange = (ev) => { preset = ev.target.value; values = { ...presetOptions() }; draw(); };
  showAll.onchange = draw;
  draw();
  return {
    read() {
      const out = { preset };
      for (const [k, v] of Object.entries(values)) if (!same(v, presetOptions()[k])) out[k] = v;
      return out;
    },
  };
}

async function createForm(root) {
  const form = root.querySelector("#create");
  const player = me();
  let rulesets;
  try { rulesets = (await api("GET", "/api/rulesets")).filter((r) => r.playable); } catch (e) { form.textContent = e.message; return; }
  if (!player) { form.innerHTML = `<p class="muted">Name yourself first to open a table.</p>`; return; }
  const L = lang();
  form.innerHTML = `
    <div class="grid2">
      <label for="ruleset">Ruleset</label>
      <select id="ruleset">${rulesets.map((r) => `<option value="${r.id}">${esc((r.names && (r.names[L] || r.names.en)) || r.id)}</option>`).join("")}</select>
      ${[0, 1, 2, 3].map((i) => `<label for="seat-${i}">Seat ${i + 1}</label><select id="seat-${i}" class="seat-choice">
        <option value="me" ${i === 0 ? "selected" : ""}>me</option><option value="open">open</option>
        <option value="bot:greedy" ${i > 0 ? "selected" : ""}>bot (greedy)</option><option value="bot:defensive">bot (defensive)</option><option value="bot:random">bot (random)</option></select>`).join("")}
      <label for="t-move">Move time (s, 0 = none)</label><input id="t-move" type="number" min="0" step="any" value="20">
      <label for="t-claim">Claim time (s)</label><input id="t-claim" type="number" min="0" step="any" value="8">
      <label for="t-bank">Time bank (s)</label><input id="t-bank" type="number" min="0" step="any" value="60">
      <label for="spect">Spectators</label><input id="spect" type="checkbox" checked>
    </div>
    <h3>Ruleset options</h3><div id="options-form"></div>
    <p><button type="submit" id="create-btn">Create table</button> <span id="create-error" class="error"></span></p>
    <div id="share"></div>`;
  const sel = form.querySelector("#ruleset");
  const optBox = form.querySelector("#options-form");
  const schemaOf = () => rulesets.find((r) => r.id === sel.value).options_schema || { properties: {} };
  let opts;
  const drawOptions = () => { opts = optionsForm(optBox, schemaOf()); };
  sel.onchange = drawOptions;
  drawOptions();
  form.onsubmit = async (ev) => {
    ev.preventDefault();
    const err = form.querySelector("#create-error");
    err.textContent = "";
    try {
      const seats = [0, 1, 2, 3].map((i) => {
        const v = form.querySelector(`#seat-${i}`).value;
        return v === "me" ? player.player_id : v;
      });
      const body = {
        ruleset: sel.value,
        options: opts.read(),
        seats,
        timers: {
          move: Number(form.querySelector("#t-move").value),
          claim: Number(form.querySelector("#t-claim").value),
          bank: Number(form.querySelector("#t-bank").value),
        },
        spectators: form.querySelector("#spect").checked,
      };
      const t = await api("POST", "/api/tables", body);
      const open = t.seats.filter((s) => s.kind === "open");
      const share = form.querySelector("#share");
      const base = `${location.origin}${location.pathname}`;
      share.innerHTML = `<p>Table <code>${t.table_id}</code> created.
        ${seats.includes(player.player_id) ? `<a class="button" id="go-table" href="#/table/${t.table_id}">Go to the table</a>` : `<a class="button" href="#/watch/${t.table_id}">Watch</a>`}</p>
        ${open.map((s) => `<p class="share">Link for seat ${s.seat + 1}: <input readonly class="share-link" data-seat="${s.seat}" value="${base}#/join/${t.table_id}/${s.seat + 1}"></p>`).join("")}`;
      listTables(root);
    } catch (e) { err.textContent = e.message; }
  };
}

/** A shared link "#/join/TABLE/N" (N = 1..4, the seat as people count it): name yourself if
 * needed, take the seat (table place N - 1), play. */
export async function renderJoin(root, tableId, seat) {
  const player = me();
  if (!player) {
    root.innerHTML = `<section class="card"><h2>Join table <code>${esc(tableId)}</code>, seat ${seat + 1}</h2>
      <form id="register" class="row"><input id="name" maxlength="40" required placeholder="Your name"><button type="submit">Join</button></form>
      <p id="reg-error" class="error"></p></section>`;
    root.querySelector("#register").onsubmit = async (ev) => {
      ev.preventDefault();
      try {
        setMe(await api("POST", "/api/players", { name: root.querySelector("#name").value.trim() }));
        renderJoin(root, tableId, seat);
      } catch (e) { root.querySelector("#reg-error").textContent = e.message; }
    };
    return;
  }
  try {
    const t = await api("GET", `/api/tables/${tableId}`);
    if (t.seats[seat].occupant !== player.player_id) await api("POST", `/api/tables/${tableId}/join`, { seat });
    location.hash = `#/table/${tableId}`;
  } catch (e) {
    root.innerHTML = "";
    root.append(h("section", { class: "card" }, h("p", { class: "error" }, `Could not join: ${e.message}`),
      h("a", { href: "#/" }, "Back to the lobby")));
  }
}
