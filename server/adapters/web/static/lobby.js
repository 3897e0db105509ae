// The lobby: quick play as a guest, sign in or create an account, list tables, create one
// from the ruleset's options schema, join.

import { api, me, setMe, forgetMe, signOut } from "./net.js";
import { esc, lang, h, seatName, botKind, t, tHTML, statusText } from "./ui.js";

export async function renderLobby(root) {
  const player = me();
  root.innerHTML = `
    <section class="card" id="who"></section>
    <section class="card"><h2>${esc(t("lobby.tables"))} <button id="refresh" class="small">${esc(t("common.refresh"))}</button></h2>
      <div id="tables" class="tables">${esc(t("common.loading"))}</div></section>
    <section class="card" id="create-card"><h2>${esc(t("lobby.new_table"))}</h2><form id="create"></form></section>`;
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
  who.innerHTML = `<h2>${tHTML("lobby.hello", { name: `<span id="me-name">${esc(player.name)}</span>` })}</h2>
    <p class="muted">${esc(t(guest ? "lobby.guest_note" : "lobby.signed_in"))}
      <button id="logout" class="small">${esc(t("lobby.sign_out"))}</button></p>
    ${guest ? `<form id="set-password" class="row"><input id="new-password" type="password" minlength="8" required
      placeholder="${esc(t("lobby.choose_password"))}" autocomplete="new-password"><button type="submit">${esc(t("lobby.keep_name"))}</button></form>
      <p class="muted">${esc(t("lobby.password_note"))}</p>` : ""}
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
  who.innerHTML = `<h2>${esc(t("lobby.name_yourself"))}</h2>
    <form id="register" class="row"><input id="name" name="name" maxlength="40" required placeholder="${esc(t("lobby.your_name"))}" autocomplete="nickname">
    <button type="submit">${esc(t("lobby.play_guest"))}</button></form><p id="reg-error" class="error"></p>
    <h3>${esc(t("lobby.or_sign_in"))}</h3>
    <form id="signin" class="row"><input id="account-name" maxlength="40" required placeholder="${esc(t("lobby.name"))}" autocomplete="username">
    <input id="account-password" type="password" required placeholder="${esc(t("lobby.password"))}" autocomplete="current-password">
    <button type="submit" id="signin-btn">${esc(t("lobby.sign_in"))}</button><button type="button" id="create-account">${esc(t("lobby.create_account"))}</button></form>
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
  if (!tables.length) { box.innerHTML = `<p class="muted">${esc(t("lobby.no_tables"))}</p>`; return; }
  const th = (k) => `<th>${esc(t(k))}</th>`;
  box.innerHTML = `<table class="list"><thead><tr>${th("lobby.col_table")}${th("lobby.col_ruleset")}${th("lobby.col_status")}${th("lobby.col_hand")}${th("lobby.col_seats")}<th></th></tr></thead><tbody>
    ${tables.map((tb) => {
      const mine = player && tb.seats.some((s) => s.occupant === player.player_id);
      const seats = tb.seats.map((s) => s.kind === "open"
        ? (player ? `<button class="small join" data-table="${tb.table_id}" data-seat="${s.seat}">${esc(t("lobby.sit", { n: s.seat + 1 }))}</button>` : `<i>${esc(t("table.open"))}</i>`)
        : esc(seatName(s))).join(" · ");
      const go = mine && tb.status !== "finished"
        ? `<a class="button" href="#/table/${tb.table_id}">${esc(t("lobby.play"))}</a>`
        : tb.status === "finished"
          ? `<a class="button" href="#/review/${tb.table_id}">${esc(t("lobby.review"))}</a>`
          : tb.spectators.allowed ? `<a class="button" href="#/watch/${tb.table_id}">${esc(t("lobby.watch"))}</a>` : "";
      return `<tr data-table-row="${tb.table_id}"><td><code>${tb.table_id}</code></td><td>${esc(tb.ruleset)}</td>
        <td>${esc(statusText(tb.status))}</td><td>${esc(tb.hand || "")}</td><td>${seats}</td><td>${go}</td></tr>`;
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

const f = (key) => (key === "differ" ? (n) => t("lobby.form_differ", { n }) : t(`lobby.form_${key}`));
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

let chosenRuleset = null; // kept when the form is drawn again (a change of language)

async function createForm(root) {
  const form = root.querySelector("#create");
  const player = me();
  let rulesets;
  try { rulesets = (await api("GET", "/api/rulesets")).filter((r) => r.playable); } catch (e) { form.textContent = e.message; return; }
  if (!player) { form.innerHTML = `<p class="muted">${esc(t("lobby.name_first"))}</p>`; return; }
  const L = lang();
  form.innerHTML = `
    <div class="grid2">
      <label for="ruleset">${esc(t("lobby.col_ruleset"))}</label>
      <select id="ruleset">${rulesets.map((r) => `<option value="${r.id}">${esc((r.names && (r.names[L] || r.names.en)) || r.id)}</option>`).join("")}</select>
      ${[0, 1, 2, 3].map((i) => `<label for="seat-${i}" class="seat-label-${i}">${esc(t("lobby.seat", { n: i + 1 }))}</label><select id="seat-${i}" class="seat-choice">
        <option value="me" ${i === 0 ? "selected" : ""}>${esc(t("lobby.me"))}</option><option value="open">${esc(t("table.open"))}</option>
        ${["greedy", "defensive", "random"].map((k) => `<option value="bot:${k}" ${i > 0 && k === "greedy" ? "selected" : ""}>${esc(t("lobby.bot", { kind: botKind(k) }))}</option>`).join("")}</select>`).join("")}
      <label for="t-move">${esc(t("lobby.move_time"))}</label><input id="t-move" type="number" min="0" step="any" value="20">
      <label for="t-claim">${esc(t("lobby.claim_time"))}</label><input id="t-claim" type="number" min="0" step="any" value="8">
      <label for="t-bank">${esc(t("lobby.time_bank"))}</label><input id="t-bank" type="number" min="0" step="any" value="60">
      <label for="spect">${esc(t("lobby.spectators"))}</label><input id="spect" type="checkbox" checked>
    </div>
    <h3>${esc(t("lobby.ruleset_options"))}</h3><div id="options-form"></div>
    <p><button type="submit" id="create-btn">${esc(t("lobby.create_table"))}</button> <span id="create-error" class="error"></span></p>
    <div id="share"></div>`;
  const sel = form.querySelector("#ruleset");
  const optBox = form.querySelector("#options-form");
  const schemaOf = () => rulesets.find((r) => r.id === sel.value).options_schema || { properties: {} };
  let opts;
  // a three-seat ruleset (sanma) hides the fourth seat's choice
  const seatCount = () => rulesets.find((r) => r.id === sel.value).seats || 4;
  const drawOptions = () => {
    opts = optionsForm(optBox, schemaOf());
    const n = seatCount();
    form.querySelectorAll(".seat-label-3, #seat-3").forEach((el) => { el.hidden = n < 4; });
  };
  if (chosenRuleset && rulesets.some((r) => r.id === chosenRuleset)) sel.value = chosenRuleset;
  sel.onchange = () => { chosenRuleset = sel.value; drawOptions(); };
  drawOptions();
  form.onsubmit = async (ev) => {
    ev.preventDefault();
    const err = form.querySelector("#create-error");
    err.textContent = "";
    try {
      const seats = [0, 1, 2, 3].slice(0, seatCount()).map((i) => {
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
      const tb = await api("POST", "/api/tables", body);
      const open = tb.seats.filter((s) => s.kind === "open");
      const share = form.querySelector("#share");
      const base = `${location.origin}${location.pathname}`;
      share.innerHTML = `<p>${tHTML("lobby.created", { id: `<code>${tb.table_id}</code>` })}
        ${seats.includes(player.player_id) ? `<a class="button" id="go-table" href="#/table/${tb.table_id}">${esc(t("lobby.go_table"))}</a>` : `<a class="button" href="#/watch/${tb.table_id}">${esc(t("lobby.watch"))}</a>`}</p>
        ${open.map((s) => `<p class="share">${esc(t("lobby.link_for", { n: s.seat + 1 }))} <input readonly class="share-link" data-seat="${s.seat}" value="${base}#/join/${tb.table_id}/${s.seat + 1}"></p>`).join("")}`;
      listTables(root);
    } catch (e) { err.textContent = e.message; }
  };
}

/** A shared link "#/join/TABLE/N" (N = 1..4, the seat as people count it): name yourself if
 * needed, take the seat (table place N - 1), play. */
export async function renderJoin(root, tableId, seat) {
  const player = me();
  if (!player) {
    root.innerHTML = `<section class="card"><h2>${tHTML("lobby.join_title", { id: `<code>${esc(tableId)}</code>`, n: seat + 1 })}</h2>
      <form id="register" class="row"><input id="name" maxlength="40" required placeholder="${esc(t("lobby.your_name"))}"><button type="submit">${esc(t("lobby.join"))}</button></form>
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
    root.append(h("section", { class: "card" }, h("p", { class: "error" }, t("lobby.could_not_join", { message: e.message })),
      h("a", { href: "#/" }, t("common.back_to_lobby"))));
  }
}
