// The lobby: name yourself, list tables, create one from the ruleset's options schema, join.

import { api, me, setMe, forgetMe } from "./net.js";
import { esc, lang, h, seatName } from "./ui.js";

export async function renderLobby(root) {
  const player = me();
  root.innerHTML = `
    <section class="card" id="who"></section>
    <section class="card"><h2>Tables <button id="refresh" class="small">Refresh</button></h2>
      <div id="tables" class="tables">loading…</div></section>
    <section class="card" id="create-card"><h2>New table</h2><form id="create"></form></section>`;
  const who = root.querySelector("#who");
  if (player) {
    who.innerHTML = `<h2>Hello, <span id="me-name">${esc(player.name)}</span></h2>
      <p class="muted">Your player token stays in this browser. <button id="logout" class="small">Forget me</button></p>`;
    who.querySelector("#logout").onclick = () => { forgetMe(); renderLobby(root); };
  } else {
    who.innerHTML = `<h2>Name yourself</h2>
      <form id="register" class="row"><input id="name" name="name" maxlength="40" required placeholder="Your name" autocomplete="nickname">
      <button type="submit">Enter</button></form><p id="reg-error" class="error"></p>`;
    who.querySelector("#register").onsubmit = async (ev) => {
      ev.preventDefault();
      try {
        const name = who.querySelector("#name").value.trim();
        const p = await api("POST", "/api/players", { name });
        setMe(p);
        renderLobby(root);
      } catch (e) { who.querySelector("#reg-error").textContent = e.message; }
    };
  }
  root.querySelector("#refresh").onclick = () => listTables(root);
  await Promise.all([listTables(root), createForm(root)]);
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

function fieldFor(name, s) {
  const title = esc(s.title || name);
  const id = `opt-${name}`;
  let choices = null;
  let nullable = false;
  let base = s;
  if (s.anyOf) {
    nullable = s.anyOf.some((x) => x.type === "null");
    base = s.anyOf.find((x) => x.type !== "null") || s;
  }
  if (base.const !== undefined) choices = [base.const];
  if (base.enum) choices = base.enum;
  const def = s.default;
  if (choices) {
    const opts = (nullable ? [null] : []).concat(choices);
    return `<label for="${id}">${title}</label><select id="${id}" data-opt="${name}" data-kind="json">
      ${opts.map((c) => `<option value='${esc(JSON.stringify(c))}' ${JSON.stringify(c) === JSON.stringify(def) ? "selected" : ""}>${c === null ? "—" : esc(String(c))}</option>`).join("")}</select>`;
  }
  if (base.type === "boolean") {
    return `<label for="${id}">${title}</label><input type="checkbox" id="${id}" data-opt="${name}" data-kind="bool" ${def ? "checked" : ""}>`;
  }
  if (base.type === "integer" || base.type === "number") {
    const min = base.minimum !== undefined ? `min="${base.minimum}"` : "";
    const max = base.maximum !== undefined ? `max="${base.maximum}"` : "";
    return `<label for="${id}">${title}</label><input type="number" id="${id}" data-opt="${name}" data-kind="${nullable ? "num?" : "num"}" ${min} ${max} step="${base.type === "integer" ? 1 : "any"}" value="${def ?? ""}" placeholder="${nullable ? "none" : ""}">`;
  }
  // arrays, strings and anything else: JSON text
  return `<label for="${id}">${title}</label><input id="${id}" data-opt="${name}" data-kind="jsontext" value='${esc(JSON.stringify(def ?? null))}'>`;
}

function readOptions(form, schema) {
  const out = {};
  form.querySelectorAll("[data-opt]").forEach((el) => {
    const name = el.dataset.opt;
    let v;
    switch (el.dataset.kind) {
      case "bool": v = el.checked; break;
      case "num": v = el.value === "" ? undefined : Number(el.value); break;
      case "num?": v = el.value === "" ? null : Number(el.value); break;
      case "json": v = JSON.parse(el.value); break;
      default: try { v = JSON.parse(el.value); } catch { v = el.value; }
    }
    const def = schema.properties[name].default;
    if (v !== undefined && JSON.stringify(v) !== JSON.stringify(def)) out[name] = v;
  });
  return out;
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
        <option value="bot:greedy" ${i > 0 ? "selected" : ""}>bot (greedy)</option><option value="bot:random">bot (random)</option></select>`).join("")}
      <label for="t-move">Move time (s, 0 = none)</label><input id="t-move" type="number" min="0" step="any" value="20">
      <label for="t-claim">Claim time (s)</label><input id="t-claim" type="number" min="0" step="any" value="8">
      <label for="t-bank">Time bank (s)</label><input id="t-bank" type="number" min="0" step="any" value="60">
      <label for="spect">Spectators</label><input id="spect" type="checkbox" checked>
    </div>
    <details><summary>Ruleset options</summary><div id="options" class="grid2"></div></details>
    <p><button type="submit" id="create-btn">Create table</button> <span id="create-error" class="error"></span></p>
    <div id="share"></div>`;
  const sel = form.querySelector("#ruleset");
  const optBox = form.querySelector("#options");
  const schemaOf = () => rulesets.find((r) => r.id === sel.value).options_schema || { properties: {} };
  const drawOptions = () => {
    const sch = schemaOf();
    optBox.innerHTML = Object.entries(sch.properties || {}).map(([k, s]) => fieldFor(k, s)).join("");
  };
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
        options: readOptions(optBox, schemaOf()),
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
