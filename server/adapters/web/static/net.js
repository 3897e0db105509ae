// REST helpers and a table connection that reconnects by itself and resyncs with last_seq.

const STORE = "jantaku.player";

export function me() {
  try { return JSON.parse(localStorage.getItem(STORE) || "null"); } catch { return null; }
}
export function setMe(p) { localStorage.setItem(STORE, JSON.stringify(p)); }
export function forgetMe() { localStorage.removeItem(STORE); }

/** End this browser's session on the server (its token stops working), then forget it. */
export async function signOut() {
  try { await api("POST", "/api/accounts/logout"); } catch { /* already ended */ }
  forgetMe();
}

export async function api(method, path, body) {
  const headers = { "content-type": "application/json" };
  const p = me();
  if (p && p.token) headers.authorization = `Bearer ${p.token}`;
  const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = text; }
  if (!r.ok) {
    const err = new Error((data && data.error && data.error.message) || `${r.status} ${r.statusText}`);
    err.status = r.status;
    err.code = data && data.error && data.error.code;
    throw err;
  }
  return data;
}

// Close codes after which reconnecting cannot help.
const FINAL = new Set([4400, 4401, 4403, 4404, 4406, 4409, 4410, 4411]);

/**
 * A table connection. `onFrame(frame)` gets every server frame; `onStatus(state, code,
 * detail)` the connection state (connecting, connected, dropped, reconnecting {wait},
 * closed {code, reason}). After a drop it reconnects with a growing pause; the server sends
 * welcome + state + the pending prompt, and the client asks `resync` for the events after
 * the last one it saw (for the score history), ignoring those already folded.
 */
export class TableSocket {
  constructor(tableId, { spectate = false, onFrame, onStatus }) {
    this.tableId = tableId;
    this.spectate = spectate;
    this.onFrame = onFrame;
    this.onStatus = onStatus || (() => {});
    this.lastSeq = 0; // every event up to this seq was received: a resync resumes here
    this.ahead = new Set(); // live events received above a gap the resync's replay fills
    this.upto = 0; // the welcome's last_seq while its replay has not reached it (0: none)
    this.closedForGood = false;
    this.retry = 0;
    this.clockOffset = 0; // server_time - local time, seconds
    this.connect();
  }

  // The token never goes into the URL: a player's connection says auth=frame and sends
  // {"type": "auth", "token"} as its first frame (docs/protocol.md).
  token() {
    const p = me();
    return p && p.token && !this.spectate ? p.token : null;
  }

  url() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const q = new URLSearchParams({ state_on_prompt: "true", protocol: "1", flow: "true" });
    if (this.token()) q.set("auth", "frame");
    return `${proto}://${location.host}/ws/tables/${encodeURIComponent(this.tableId)}?${q}`;
  }

  connect() {
    this.onStatus("connecting");
    const ws = new WebSocket(this.url());
    this.ws = ws;
    const token = this.token();
    ws.onopen = () => {
      if (token) ws.send(JSON.stringify({ type: "auth", token }));
      this.retry = 0;
      this.onStatus("connected");
    };
    ws.onmessage = (m) => {
      let f;
      try { f = JSON.parse(m.data); } catch { return; }
      if (f.type === "welcome") {
        // everything after what we last saw (0 on the first connection: the score history)
        const from = Math.min(this.lastSeq, f.last_seq);
        this.send({ type: "resync", last_seq: from });
        // a live event may overtake the replay: it must not move lastSeq past the gap, or
        // a drop before the replay came would resync past it and lose those events
        this.upto = f.last_seq;
        if (f.last_seq <= from) this.filled();
        this.send({ type: "ping", nonce: String(Date.now()) });
      }
      if (f.type === "pong") this.clockOffset = f.server_time - Date.now() / 1000;
      if (typeof f.seq === "number" && f.type === "event") this.saw(f.seq);
      this.onFrame(f);
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      if (this.closedForGood || FINAL.has(ev.code)) {
        this.onStatus("closed", ev.code, { code: ev.code, reason: ev.reason || "" });
        return;
      }
      const wait = Math.min(8000, 300 * 2 ** this.retry++);
      this.onStatus("reconnecting", undefined, { wait: (wait / 1000).toFixed(1) });
      this.timer = setTimeout(() => this.connect(), wait);
    };
  }

  saw(seq) {
    if (this.upto && seq > this.upto) {
      this.ahead.add(seq); // ahead of the replay
      return;
    }
    this.lastSeq = Math.max(this.lastSeq, seq); // live in order, or the replay in order
    if (this.upto && seq === this.upto) this.filled();
  }

  // the replay reached the welcome's last_seq: the live events seen ahead follow on
  filled() {
    this.lastSeq = Math.max(this.lastSeq, ...this.ahead);
    this.ahead.clear();
    this.upto = 0;
  }

  send(obj) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(obj));
      return true;
    }
    return false;
  }

  /** Drop the socket without giving up (used by the tests' "drop" and by the network). */
  drop() {
    if (!this.ws) return;
    this.onStatus("dropped");
    this.ws.close();
  }

  close() {
    this.closedForGood = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close();
  }

  serverNow() { return Date.now() / 1000 + this.clockOffset; }
}
