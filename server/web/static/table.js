// The live table: play a seat or watch, prompts as buttons, the clock, scoresheets.

import { TableSocket, api, me } from "./net.js";
import { TableModel } from "./model.js";
import { patchBoard } from "./board.js";
import { handEndHTML, matchEndHTML } from "./score.js";
import { tileSVG, label, kindOf } from "./tiles.js";
import { esc, t, seatName } from "./ui.js";

export function renderTable(root, tableId, { spectate = false } = {}) {
  const st = {
    model: null, welcome: null, names: {}, prompt: null, riichi: false, conn: "connecting",
    sheet: null, // {kind: "hand"|"match", frame}
    lastHandEnd: null, tableInfo: null, error: "",
  };
  root.innerHTML = `<div class="table-page">
    <div class="tbar"><span id="tinfo"></span><span id="conn" class="conn"></span>
      <button id="show-scores" class="small" hidden>Last hand</button>
      <a class="button small" href="#/">Lobby</a></div>
    <div class="stage" id="stage"><div id="board-wrap"></div><div id="sheet" class="sheet" hidden></div></div>
    <div id="mine" class="mine"></div>
    <div id="msg" class="error"></div>
  </div>`;
  const $ = (sel) => root.querySelector(sel);
  let pending = false; // a redraw is scheduled
  let alive = true; // false once the page has moved on

  async function loadInfo() {
    try {
      st.tableInfo = await api("GET", `/api/tables/${tableId}`);
      st.tableInfo.seats.forEach((s) => { st.names[s.seat] = seatName(s); });
      schedule();
    } catch (e) { st.error = e.message; schedule(); }
  }
  loadInfo();

  const sock = new TableSocket(tableId, {
    spectate,
    onStatus: (s, code) => {
      st.conn = s;
      if (code === 4403 && !spectate) st.error = "You do not sit at this table (and it has no spectators).";
      schedule();
    },
    onFrame,
  });
  window.__jantaku = { sock, st }; // handle for the end-to-end tests (drop the connection)

  function onFrame(f) {
    switch (f.type) {
      case "welcome":
        st.welcome = f;
        if (!st.model) st.model = new TableModel(f.ruleset.id, f.role === "player" ? f.seat : null);
        break;
      case "state":
        st.model.setState(f);
        break;
      case "event":
        if (st.model && st.model.applyEvent(f)) {
          if (/^(drew|called|claim_window_opened|kong_declared|hand_started)$/.test(f.event.type)) st.turnSince = Date.now();
          if (f.event.type === "hand_started") { st.riichi = false; }
          if (f.event.type === "match_started") loadInfo();
        }
        break;
      case "prompt":
        st.prompt = f;
        st.riichi = false;
        break;
      case "hand_end": {
        const fresh = !st.model.handEnds.has(f.seq);
        st.model.addHandEnd(f);
        if (fresh && f.seq > (st.welcome ? st.welcome.last_seq : 0)) {
          st.lastHandEnd = f;
          st.sheet = { kind: "hand", frame: f };
        } else if (!st.lastHandEnd || f.seq > st.lastHandEnd.seq) st.lastHandEnd = f;
        break;
      }
      case "match_end":
        st.model.matchEnd = f;
        st.sheet = { kind: "match", frame: f };
        st.prompt = null;
        break;
      case "status":
        loadInfo();
        if (st.welcome) st.welcome.status = f.status;
        break;
      case "error":
        st.error = `${f.code}: ${f.message}`;
        break;
      default:
        return;
    }
    schedule();
  }

  function schedule() {
    if (pending || !alive) return;
    pending = true;
    requestAnimationFrame(() => { pending = false; if (alive) draw(); });
  }

  function clockText() {
    const p = st.prompt;
    if (!p) {
      // someone else's move on a timed table: how long they have been thinking
      const timed = st.tableInfo && (st.tableInfo.timers.move || st.tableInfo.timers.claim);
      return timed && st.turnSince ? `${Math.floor((Date.now() - st.turnSince) / 1000)} s` : "";
    }
    if (p.deadline == null) return "";
    const left = Math.max(0, p.deadline - sock.serverNow());
    return `${left.toFixed(0)} s`;
  }

  function act(i) {
    const p = st.prompt;
    if (!p) return;
    const frame = p.actions[i];
    if (sock.send(frame)) {
      // the last hand's scoresheet gives way once you play on in the next hand
      const hv = st.model && st.model.view && st.model.view.hand;
      if (st.sheet && st.sheet.kind === "hand" && hv && hv.phase !== "ended" && hv.hand_number !== st.sheet.frame.result.hand_number) st.sheet = null;
      st.prompt = null;
      st.riichi = false;
      draw(); // at once: the offered tiles and buttons go with the answered prompt
    }
  }

  function draw() {
    const w = st.welcome;
    const info = st.tableInfo;
    $("#tinfo").innerHTML = `<b>${esc(w ? w.ruleset.id : info ? info.ruleset : "")}</b> · table <code>${esc(tableId)}</code> · ${w ? (w.role === "player" ? `you are <b>${esc(st.names[w.seat] ?? "")}</b>` : "spectating") : ""}
      ${info && (info.timers.move || info.timers.claim) ? ` · timers ${info.timers.move}/${info.timers.claim} s + bank ${info.timers.bank} s` : ""}`;
    const status = w && w.status !== "playing" ? ` · table ${w.status}` : "";
    $("#conn").textContent = st.conn + status;
    $("#conn").dataset.state = st.conn;
    $("#msg").textContent = st.error;
    const m = st.model;
    if (!m || !m.view) {
      $("#board-wrap")._parts = null;
      $("#board-wrap").innerHTML = `<div class="board empty"><div class="center"><p>${w && w.status === "waiting" ? "Waiting for players…" : "Connecting…"}</p>
        ${info ? `<p>${info.seats.map((s) => `${s.seat + 1}: ${esc(s.kind === "open" ? "open" : s.name)}`).join(" · ")}</p>` : ""}</div></div>`;
      $("#mine").innerHTML = "";
    } else {
      patchBoard($("#board-wrap"), m.view, st.names, { hideOwnHand: true, clock: clockText() });
      drawMine();
    }
    $("#show-scores").hidden = !st.lastHandEnd;
    $("#show-scores").onclick = () => { st.sheet = { kind: "hand", frame: st.lastHandEnd }; schedule(); };
    drawSheet();
  }

  function drawMine() {
    const v = st.model.view;
    const box = $("#mine");
    box.dataset.prompt = st.prompt ? String(st.prompt.prompt_id) : "";
    if (v.viewer == null || !v.hand) { box._html = null; box.innerHTML = v.viewer == null ? `<p class="muted">Spectating: concealed tiles are not shown.</p>` : ""; return; }
    const seat = v.hand.seats[v.viewer];
    const hand = [...(seat.hand || [])];
    const drawn = v.hand.drawn;
    if (drawn != null) { const i = hand.indexOf(drawn); if (i >= 0) hand.splice(i, 1); }
    const p = st.prompt;
    const discard = new Map(), riichi = new Map();
    const buttons = [];
    if (p) {
      p.actions.forEach((a, i) => {
        const x = a.action;
        if (x.type === "discard") (x.riichi ? riichi : discard).set(x.tile, i);
        else buttons.push([x, i]);
      });
    }
    const offer = st.riichi ? riichi : discard;
    const tileBtn = (tile, extra) => {
      const i = offer.get(tile);
      const ok = i !== undefined;
      return `<button class="tile-btn${ok ? " offered" : ""}${extra}" ${ok ? `data-act="${i}"` : "disabled"} data-tile="${tile}" title="${ok ? "discard " : ""}${label(tile)}">${tileSVG(tile)}</button>`;
    };
    const order = ["self_draw_win", "win", "concealed_kong", "added_kong", "kong", "pung", "chow", "declare_flower", "declare_abort", "pass"];
    buttons.sort((a, b) => order.indexOf(a[0].type) - order.indexOf(b[0].type));
    let key = 1;
    const claimTile = v.hand.window ? v.hand.window.tile : null;
    const btn = buttons.map(([x, i]) => {
      let text = "", tl = [];
      switch (x.type) {
        case "pass": text = t("pass"); break;
        case "win": text = v.ruleset === "riichi" ? t("ron") : t("win"); break;
        case "self_draw_win": text = t("tsumo"); break;
        case "chow": text = t("chow"); tl = [...x.tiles, claimTile].filter((q) => q != null).sort((a, b) => kindOf(a) - kindOf(b)); break;
        case "pung": text = t("pung"); tl = x.tiles; break;
        case "kong": text = t("kong"); tl = claimTile != null ? [claimTile] : []; break;
        case "concealed_kong": text = t("ckong"); tl = [x.tile]; break;
        case "added_kong": text = t("akong"); tl = [x.tile]; break;
        case "declare_flower": text = t("flower"); tl = [x.tile]; break;
        case "declare_abort": text = t("abort"); break;
        default: text = x.type;
      }
      const k = key <= 9 ? key++ : null;
      const cls = x.type === "pass" ? "pass" : /win/.test(x.type) ? "win" : "call";
      return `<button class="act ${cls}" data-act="${i}" data-type="${x.type}" ${k ? `data-key="${k}"` : ""}>
        ${k ? `<kbd>${k}</kbd>` : ""}<span>${esc(text)}</span>${tl.map((q) => tileSVG(q, { cls: "small" })).join("")}</button>`;
    }).join("");
    const riichiBtn = riichi.size ? `<button class="act riichi-toggle${st.riichi ? " on" : ""}" data-riichi="1"><kbd>r</kbd><span>${t("riichi")}${st.riichi ? " — pick the discard" : ""}</span></button>` : "";
    const clock = p && p.deadline != null ? `<span class="deadline" id="deadline">${clockText()}</span>` : "";
    const status = p ? (p.actions.every((a) => a.action.type === "discard") ? "Your turn: click a tile to discard." : "Your call.") : "";
    const html = `<div class="prompt-line"><span class="prompt-text" id="prompt-text">${status}</span>${clock}
        ${v.hand.furiten ? `<span class="badge">furiten</span>` : ""}</div>
      <div class="my-hand" id="my-hand">${hand.map((q) => tileBtn(q, "")).join("")}${drawn != null ? `<span class="drawn-gap"></span>${tileBtn(drawn, " drawn")}` : ""}</div>
      <div class="actions" id="actions">${riichiBtn}${btn}</div>
      <p class="muted small keys">Keys: 1-9 the buttons · Enter discards the drawn tile · p / Esc pass · w win · r riichi</p>`;
    if (box._html === html) return; // nothing of yours changed: keep the elements
    box._html = html;
    box.innerHTML = html;
    box.querySelectorAll("[data-act]").forEach((b) => { b.onclick = () => act(Number(b.dataset.act)); });
    const rb = box.querySelector("[data-riichi]");
    if (rb) rb.onclick = () => { st.riichi = !st.riichi; schedule(); };
  }

  function drawSheet() {
    const box = $("#sheet");
    const s = st.sheet;
    $("#stage").classList.toggle("has-sheet", !!(s && st.model));
    if (!s || !st.model) { box.hidden = true; box._html = null; box.innerHTML = ""; return; }
    box.hidden = false;
    const m = st.model;
    let html;
    if (s.kind === "hand") {
      const hist = [...m.handEnds.keys()].sort((a, b) => a - b);
      const i = hist.indexOf(s.frame.seq);
      const prev = i > 0 ? m.handEnds.get(hist[i - 1]).scores : m.startScores;
      html = `<div class="sheet-inner"><button class="close small" id="close-sheet">Close</button>
        ${handEndHTML(s.frame, st.names, m.ruleset, prev)}</div>`;
    } else {
      html = `<div class="sheet-inner"><button class="close small" id="close-sheet">Close</button>
        ${matchEndHTML(s.frame, st.names, m.ruleset, m.history())}
        <p><a class="button" id="review-link" href="#/review/${tableId}">Review the match hand by hand</a> <a class="button" href="#/">Lobby</a></p></div>`;
    }
    // Unchanged: keep the elements (rebuilding them under a pointer that is pressing a
    // button in your hand can shift the layout, and the click is lost).
    if (box._html === html) return;
    box._html = html;
    box.innerHTML = html;
    box.querySelector("#close-sheet").onclick = () => { st.sheet = null; schedule(); };
  }

  function onKey(ev) {
    if (ev.target && /input|select|textarea/i.test(ev.target.tagName)) return;
    const p = st.prompt;
    if (ev.key === "Escape" && st.sheet && !p) { st.sheet = null; schedule(); return; }
    if (!p) return;
    const find = (pred) => p.actions.findIndex((a) => pred(a.action));
    let i = -1;
    if (/^[1-9]$/.test(ev.key)) {
      const b = root.querySelector(`button.act[data-key="${ev.key}"]`);
      if (b) i = Number(b.dataset.act);
    } else if (ev.key === "p" || ev.key === "Escape") i = find((a) => a.type === "pass");
    else if (ev.key === "w") i = find((a) => a.type === "win" || a.type === "self_draw_win");
    else if (ev.key === "r") { if (p.actions.some((a) => a.action.riichi)) { st.riichi = !st.riichi; schedule(); } return; }
    else if (ev.key === "Enter") {
      const d = st.model.view.hand && st.model.view.hand.drawn;
      if (d != null) i = find((a) => a.type === "discard" && a.tile === d && !!a.riichi === st.riichi);
    } else return;
    if (i >= 0) { ev.preventDefault(); act(i); }
  }
  document.addEventListener("keydown", onKey);
  window.addEventListener("jantaku-lang", schedule);
  const tick = setInterval(() => {
    const el = root.querySelector("#deadline");
    if (el && st.prompt) el.textContent = clockText();
    const tc = root.querySelector(".turn-clock");
    if (tc) tc.textContent = clockText();
  }, 250);

  return () => {
    alive = false;
    document.removeEventListener("keydown", onKey);
    window.removeEventListener("jantaku-lang", schedule);
    clearInterval(tick);
    sock.close();
    if (window.__jantaku && window.__jantaku.sock === sock) delete window.__jantaku;
  };
}

export { me };
