// The live table: play a seat or watch, prompts as buttons, the clock, scoresheets.

import { TableSocket, api, me } from "./net.js";
import { TableModel } from "./model.js";
import { patchBoard, meldsHTML } from "./board.js";
import { handEndHTML, matchEndHTML } from "./score.js";
import { tileSVG, label, kindOf } from "./tiles.js";
import { esc, t, tHTML, seatName, placeName, statusText } from "./ui.js";
import { rulesetWord } from "./i18n.js";

const SPECTATOR_SHEET_MS = 8000; // a spectator's hand sheet, when no player holds the table

export function renderTable(root, tableId, { spectate = false } = {}) {
  const st = {
    model: null, welcome: null, names: {}, prompt: null, riichi: false, conn: "connecting",
    // the open scoresheet: {kind: "hand"|"match", frame, live}; a live hand sheet is the
    // hand that just ended (its final board is shown with it until you press OK)
    sheet: null,
    afterSheet: null, // the match sheet, waiting behind the last hand's sheet
    finalViews: new Map(), // hand_end seq -> the board as the hand ended
    intermission: null, // the server holds the next hand: {deadline, waiting}
    presence: null, // {connected[place], standin[place]}
    lastHandEnd: null, tableInfo: null, error: "",
  };
  root.innerHTML = `<div class="table-page">
    <div class="tbar"><span id="tinfo"></span><span id="conn" class="conn"></span>
      <span id="last-hand-slot"></span>
      <a class="button small" href="#/">${esc(t("common.lobby"))}</a></div>
    <div class="stage" id="stage"><div id="board-wrap"></div></div>
    <div id="mine" class="mine"></div>
    <div id="sheet" class="sheet" hidden></div>
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
    onStatus: (s, code, detail) => {
      st.conn = s;
      st.connDetail = detail || {};
      if (code === 4403 && !spectate) st.error = t("table.not_seated");
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
          if (promptClosedBy(f.event)) { st.prompt = null; st.riichi = false; }
          if (f.event.type === "match_started") loadInfo();
          // the board as the hand ended (before the next deal): shown with its scoresheet
          if (f.event.type === "settled" && st.model.view.hand) st.finalViews.set(f.seq, structuredClone(st.model.view));
        }
        break;
      case "prompt":
        st.prompt = f;
        st.riichi = false;
        // the next hand is under way: the last hand's sheet gives way (the "Last hand"
        // button brings it back)
        if (st.sheet && st.sheet.kind === "hand" && st.sheet.live && newHandOf(st.sheet)) closeSheet();
        break;
      case "hand_end": {
        const fresh = !st.model.handEnds.has(f.seq);
        st.model.addHandEnd(f);
        // the hands everyone may see now (the tenpai ones at an exhaustive draw) go on the
        // board as the hand ended
        const fv = st.finalViews.get(f.seq);
        if (fv && fv.hand && f.revealed) {
          f.revealed.forEach((tiles, i) => { if (tiles && fv.hand.seats[i]) { fv.hand.seats[i].hand = tiles; fv.hand.seats[i].revealed = true; } });
        }
        if (!st.lastHandEnd || f.seq > st.lastHandEnd.seq) st.lastHandEnd = f;
        if (fresh && f.seq > (st.welcome ? st.welcome.last_seq : 0)) {
          const sheet = { kind: "hand", frame: f, live: true };
          st.sheet = sheet;
          // nobody waits for a spectator's OK: the sheet goes once the next hand is under
          // way (when the server holds it for the players, once they are ready)
          if (spectate) setTimeout(() => { if (st.sheet === sheet && !st.intermission) closeSheet(); }, SPECTATOR_SHEET_MS);
        }
        break;
      }
      case "match_end":
        st.model.matchEnd = f;
        st.prompt = null;
        st.intermission = null;
        // the last hand's sheet first (it arrived with this frame), then the final table
        if (st.sheet && st.sheet.kind === "hand" && st.sheet.live) st.afterSheet = { kind: "match", frame: f };
        else st.sheet = { kind: "match", frame: f };
        break;
      case "intermission":
        st.intermission = f.open ? f : null;
        if (!f.open && spectate && st.sheet && st.sheet.kind === "hand" && st.sheet.live) closeSheet();
        break;
      case "presence":
        st.presence = f;
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

  /** A prompt is dead once the table moved past it: the hand ended, or a claim window
   * you were asked about was settled by someone else's call or the next draw. */
  function promptClosedBy(e) {
    const p = st.prompt;
    if (!p) return false;
    if (e.type === "hand_ended" || e.type === "match_ended") return true;
    const claim = p.actions.some((a) => a.action.type === "pass");
    return claim && (e.type === "drew" || e.type === "called" || e.type === "discarded");
  }

  /** The hand of `sheet` is over and the table has dealt the next one. */
  function newHandOf(sheet) {
    const hv = st.model && st.model.view && st.model.view.hand;
    return !!hv && hv.phase !== "ended" && hv.hand_number !== sheet.frame.result.hand_number;
  }

  /** OK on a sheet: tell the server you are ready for the next hand; the match sheet
   * waiting behind the last hand's comes next. */
  function closeSheet(ok = false) {
    if (ok && st.sheet && st.sheet.live && st.intermission && !spectate) sock.send({ type: "ready" });
    st.sheet = st.afterSheet;
    st.afterSheet = null;
    if (alive) draw(); // at once: the OK goes with the sheet it closed
  }

  function schedule() {
    if (pending || !alive) return;
    pending = true;
    requestAnimationFrame(() => { pending = false; if (alive) draw(); });
  }

  /** Your own deadline (the prompt's), "" when you have no timed prompt. */
  function clockText() {
    const p = st.prompt;
    if (!p || p.deadline == null) return "";
    const left = Math.max(0, p.deadline - sock.serverNow());
    return t("common.seconds", { n: left.toFixed(0) });
  }

  /** Someone else's move on a timed table: how long they have been thinking (shown on
   * their seat; never while you are asked, and not in a claim window, where the seat
   * whose turn it is has just discarded and waits like you). */
  function othersClock() {
    const hv = st.model && st.model.view && st.model.view.hand;
    if (st.prompt || !hv || hv.phase !== "turn") return "";
    const timed = st.tableInfo && (st.tableInfo.timers.move || st.tableInfo.timers.claim);
    return timed && st.turnSince ? t("common.seconds", { n: Math.floor((Date.now() - st.turnSince) / 1000) }) : "";
  }

  function intermissionText() {
    const im = st.intermission;
    if (!im) return "";
    const left = im.deadline == null ? null : Math.max(0, Math.ceil(im.deadline - sock.serverNow()));
    const who = im.waiting.filter((p) => !(st.welcome && st.welcome.seat === p)).map((p) => placeName(st.names, p));
    const what = who.length ? t("table.waiting_for", { names: who.join(", ") }) : t("table.next_hand");
    return left == null ? what : `${what} · ${t("common.seconds", { n: left })}`;
  }

  function act(i) {
    const p = st.prompt;
    if (!p) return;
    const frame = p.actions[i];
    if (sock.send(frame)) {
      // the last hand's scoresheet gives way once you play on in the next hand
      if (st.sheet && st.sheet.kind === "hand" && newHandOf(st.sheet)) { st.sheet = null; st.afterSheet = null; }
      st.prompt = null;
      st.riichi = false;
      draw(); // at once: the offered tiles and buttons go with the answered prompt
    }
  }

  function draw() {
    const w = st.welcome;
    const info = st.tableInfo;
    $("#tinfo").innerHTML = `<b>${esc(w ? w.ruleset.id : info ? info.ruleset : "")}</b> · ${tHTML("table.table_id", { id: `<code>${esc(tableId)}</code>` })} · ${w ? (w.role === "player" ? tHTML("table.you_are", { name: `<b>${esc(st.names[w.seat] ?? "")}</b>` }) : esc(t("table.spectating"))) : ""}
      ${info && (info.timers.move || info.timers.claim) ? ` · ${esc(t("table.timers", { move: info.timers.move, claim: info.timers.claim, bank: info.timers.bank }))}` : ""}
      ${w && w.assist === false ? ` · <span class="badge" id="assist-off" title="${esc(t("table.assist_off_title"))}">${esc(t("table.assist_off"))}</span>` : ""}`;
    const status = w && w.status !== "playing" ? ` · ${t("table.table_status", { status: statusText(w.status) })}` : "";
    $("#conn").textContent = t(`table.conn_${st.conn}`, st.connDetail) + status;
    $("#conn").dataset.state = st.conn;
    $("#msg").textContent = st.error;
    const m = st.model;
    if (!m || !m.view) {
      $("#board-wrap")._parts = null;
      $("#board-wrap").innerHTML = `<div class="board empty"><div class="center"><p>${esc(t(w && w.status === "waiting" ? "table.waiting_players" : "table.connecting"))}</p>
        ${info ? `<p>${info.seats.map((s) => `${s.seat + 1}: ${esc(s.kind === "open" ? t("table.open") : s.name)}`).join(" · ")}</p>` : ""}</div></div>`;
      $("#mine").innerHTML = "";
    } else {
      // while the hand that just ended is on its sheet (and under the match sheet), the
      // board stays as that hand ended: who discarded what, the winner's hand and melds
      const s = st.sheet;
      const frozen = s && (s.live || s.kind === "match")
        ? st.finalViews.get(s.kind === "hand" ? s.frame.seq : st.lastHandEnd && st.lastHandEnd.seq) : null;
      const view = frozen || m.view;
      patchBoard($("#board-wrap"), view, st.names, { hideOwnHand: !frozen, clock: othersClock(), presence: presenceOf() });
      $("#mine").hidden = !!frozen;
      drawMine();
    }
    // "Last hand" exists once a hand has ended (and not while its sheet is open)
    const slot = $("#last-hand-slot");
    const want = st.lastHandEnd && !(st.sheet && st.sheet.kind === "hand" && st.sheet.frame.seq === st.lastHandEnd.seq);
    if (want && !slot.firstChild) {
      slot.innerHTML = `<button id="show-scores" class="small">${esc(t("table.last_hand"))}</button>`;
      slot.firstChild.onclick = () => {
        if (!st.lastHandEnd) return;
        if (st.sheet && st.sheet.kind === "match") st.afterSheet = st.sheet;
        st.sheet = { kind: "hand", frame: st.lastHandEnd, live: false };
        schedule();
      };
    } else if (!want && slot.firstChild) slot.innerHTML = "";
    drawSheet();
  }

  /** Presence per table place: the server's `presence` frames, else the REST table. */
  function presenceOf() {
    let p = st.presence;
    if (!p && st.tableInfo) p = { connected: st.tableInfo.seats.map((x) => x.connected), standin: st.tableInfo.seats.map((x) => !!x.standin) };
    if (!p) return null;
    // you are here when your own connection is up, whatever an older report said
    const mine = st.welcome && st.welcome.role === "player" ? st.welcome.seat : null;
    if (mine != null && st.conn === "connected") p = { ...p, connected: p.connected.map((c, i) => (i === mine ? true : c)) };
    return p;
  }

  function drawMine() {
    const v = st.model.view;
    const box = $("#mine");
    box.dataset.prompt = st.prompt ? String(st.prompt.prompt_id) : "";
    if (v.viewer == null || !v.hand) { box._html = null; box.innerHTML = v.viewer == null ? `<p class="muted">${esc(t("table.spectating_note"))}</p>` : ""; return; }
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
    // Riichi: the discards that declare it are marked before you choose (a red bar), and
    // once you press Riichi only those stay lit; the others are greyed out.
    const tileBtn = (tile, extra) => {
      const i = offer.get(tile);
      const ok = i !== undefined;
      const mark = riichi.has(tile) ? (st.riichi ? " riichi-pick" : " riichi-ok") : "";
      const what = t(st.riichi ? "table.discard_declare" : ok ? "table.discard_tile" : "table.tile", { tile: label(tile) });
      return `<button class="tile-btn${ok ? " offered" : ""}${mark}${extra}" ${ok ? `data-act="${i}"` : "disabled"} data-tile="${tile}" title="${esc(what)}">${tileSVG(tile)}</button>`;
    };
    const order = ["self_draw_win", "win", "concealed_kong", "added_kong", "kong", "pung", "chow", "declare_flower", "declare_abort", "pass"];
    buttons.sort((a, b) => order.indexOf(a[0].type) - order.indexOf(b[0].type));
    let key = 1;
    const claimTile = v.hand.window ? v.hand.window.tile : null;
    const btn = buttons.map(([x, i]) => {
      let text = "", tl = [];
      switch (x.type) {
        case "pass": text = t("table.pass"); break;
        case "win": text = t(rulesetWord(v.ruleset, "win_on_discard", "table.win")); break;
        case "self_draw_win": text = t("table.tsumo"); break;
        case "chow": text = t("table.chow"); tl = [...x.tiles, claimTile].filter((q) => q != null).sort((a, b) => kindOf(a) - kindOf(b)); break;
        case "pung": text = t("table.pung"); tl = x.tiles; break;
        case "kong": text = t("table.kong"); tl = claimTile != null ? [claimTile] : []; break;
        case "concealed_kong": text = t("table.ckong"); tl = [x.tile]; break;
        case "added_kong": text = t("table.akong"); tl = [x.tile]; break;
        // a flower, or another tile the ruleset sets aside (sanma's North: kita)
        case "declare_flower": text = t(x.tile >= 34 && x.tile < 42 ? "table.flower" : "table.set_aside"); tl = [x.tile]; break;
        case "declare_abort": text = t("table.abort"); break;
        default: text = x.type.replace(/_/g, " ");
      }
      const k = key <= 9 ? key++ : null;
      const cls = x.type === "pass" ? "pass" : /win/.test(x.type) ? "win" : "call";
      return `<button class="act ${cls}" data-act="${i}" data-type="${x.type}" ${k ? `data-key="${k}"` : ""}>
        ${k ? `<kbd>${k}</kbd>` : ""}<span>${esc(text)}</span>${tl.map((q) => tileSVG(q, { cls: "small" })).join("")}</button>`;
    }).join("");
    const riichiBtn = riichi.size ? `<button class="act riichi-toggle${st.riichi ? " on" : ""}" data-riichi="1"><kbd>r</kbd><span>${esc(t("table.riichi"))}${st.riichi ? ` — ${esc(t("table.pick_discard"))}` : ""}</span></button>` : "";
    const clock = p && p.deadline != null ? `<span class="deadline" id="deadline">${clockText()}</span>` : "";
    const status = esc(p ? t(p.actions.every((a) => a.action.type === "discard") ? "table.your_turn" : "table.your_call")
      : st.intermission ? t("table.next_hand_wait", { what: intermissionText() }) : "");
    const html = `<div class="prompt-line"><span class="prompt-text" id="prompt-text">${status}</span>${clock}
        ${v.hand.furiten && !(st.welcome && st.welcome.assist === false) ? `<span class="badge">${esc(t("table.furiten"))}</span>` : ""}</div>
      <div class="my-line"><div class="my-hand${st.riichi ? " riichi-mode" : ""}" id="my-hand" style="--n: ${Math.max(14, hand.length + 1.5)}">${hand.map((q) => tileBtn(q, "")).join("")}${drawn != null ? `<span class="drawn-gap"></span>${tileBtn(drawn, " drawn")}` : ""}</div>
        ${seat.melds.length ? `<div class="my-melds melds">${meldsHTML(seat.melds, v.viewer, v.hand.seats.length)}</div>` : ""}</div>
      <div class="actions" id="actions">${riichiBtn}${btn}</div>
      <p class="muted small keys">${esc(t("table.keys"))}</p>`;
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
    // a wide screen shows the sheet beside the board it belongs to
    root.querySelector(".table-page").classList.toggle("beside", !!(s && st.model && (s.live || s.kind === "match")));
    if (!s || !st.model) { box.hidden = true; box._html = null; box.innerHTML = ""; return; }
    box.hidden = false;
    const m = st.model;
    let html;
    if (s.kind === "hand") {
      const hist = [...m.handEnds.keys()].sort((a, b) => a - b);
      const i = hist.indexOf(s.frame.seq);
      const prev = i > 0 ? m.handEnds.get(hist[i - 1]).scores : m.startScores;
      const next = esc(t(st.afterSheet ? "table.final_results" : s.live && !m.matchEnd ? "table.ok_next" : "common.close"));
      const wait = s.live && st.intermission ? `<span class="muted small" id="intermission"></span>` : "";
      html = `<div class="sheet-inner">
        ${handEndHTML(s.frame, st.names, m.ruleset, prev)}
        <p class="sheet-ok"><button class="ok" id="sheet-ok" data-ok="1">${next}</button> ${wait}</p></div>`;
    } else {
      html = `<div class="sheet-inner">
        ${matchEndHTML(s.frame, st.names, m.ruleset, m.history())}
        <p><a class="button" id="review-link" href="#/review/${tableId}">${esc(t("table.review_link"))}</a> <a class="button" href="#/">${esc(t("common.lobby"))}</a>
        <button class="small" id="sheet-ok">${esc(t("common.close"))}</button></p></div>`;
    }
    // Unchanged: keep the elements (rebuilding them under a pointer that is pressing a
    // button in your hand can shift the layout, and the click is lost).
    if (box._html === html) return;
    const fresh = !box._html;
    box._html = html;
    box.innerHTML = html;
    box.querySelector("#sheet-ok").onclick = () => closeSheet(true);
    const im = box.querySelector("#intermission");
    if (im) im.textContent = intermissionText();
    if (fresh && s.kind === "hand" && !s.live) box.scrollIntoView({ block: "nearest" });
  }

  function onKey(ev) {
    if (ev.target && /input|select|textarea/i.test(ev.target.tagName)) return;
    const p = st.prompt;
    if ((ev.key === "Escape" || ev.key === "Enter") && st.sheet && !p) { ev.preventDefault(); closeSheet(true); return; }
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
    if (tc) tc.textContent = othersClock();
    const im = root.querySelector("#intermission");
    if (im) im.textContent = intermissionText();
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
