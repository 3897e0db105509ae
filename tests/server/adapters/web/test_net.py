"""server/adapters/web/static/net.js under Node, with a scripted WebSocket: the browser's table
connection resyncs from before a gap that a live event opened ahead of the replay, as the
protocol client does (tests/server/test_client_reconnect.py). Skipped without node."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

NET = Path(__file__).parents[4] / "server" / "adapters" / "web" / "static" / "net.js"

# Three connections: 1 gets events 1-2 and drops; 2 is welcomed at 5, gets live 6 before
# its replay and drops; 3 must resync from 2 again (not 6), then gets 3-6 and live 7.
SCRIPT = """
import { TableSocket } from "./net.mjs";
const sent = [];
const script = [
  [{ type: "welcome", last_seq: 0 }, ev(1), ev(2), "close"],
  [{ type: "welcome", last_seq: 5 }, ev(6), "close"],
  [{ type: "welcome", last_seq: 6 }, ev(3), ev(4), ev(5), ev(6), ev(7)],
];
function ev(seq) { return { type: "event", seq, event: { type: "note" } }; }
let turn = 0;
globalThis.localStorage = { getItem: () => null };
globalThis.location = { protocol: "http:", host: "h" };
globalThis.setTimeout = (f) => queueMicrotask(f);
class FakeSocket {
  static OPEN = 1;
  constructor() {
    this.readyState = 1;
    const frames = script[turn++];
    queueMicrotask(() => {
      this.onopen();
      for (const f of frames) {
        if (f === "close") { this.readyState = 3; this.onclose({ code: 1001 }); return; }
        this.onmessage({ data: JSON.stringify(f) });
      }
      console.log(JSON.stringify({ sent, lastSeq: sock.lastSeq }));
    });
  }
  send(text) {
    const f = JSON.parse(text);
    if (f.type === "resync") sent.push(f.last_seq);
  }
}
globalThis.WebSocket = FakeSocket;
const sock = new TableSocket("t1", { spectate: true, onFrame: () => {} });
"""


def test_a_resync_gap_survives_a_second_drop(tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    shutil.copy(NET, tmp_path / "net.mjs")
    (tmp_path / "run.mjs").write_text(SCRIPT)
    out = subprocess.run(
        [node, "run.mjs"], cwd=tmp_path, capture_output=True, text=True, timeout=30, check=True
    )
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result == {"sent": [0, 2, 2], "lastSeq": 7}  # 3-5 asked for again after the drop
