"""Claim timing reveals nothing (issue 23): at a table with a human, what follows every
discard reaches the player no earlier than ``claim_min_seconds`` after it, whether or not
another seat could claim; a seat without an option in a window never hears of it, so its
frames are the same with and without a window. A table of bots is not paced."""

from __future__ import annotations

import time
from itertools import pairwise
from pathlib import Path
from typing import Any

from tests.server.api.test_matches import wait_finished
from tests.server.conftest import running, suite_settings

MINIMUM = 0.15


def test_every_discard_takes_the_minimum_for_a_seat_with_or_without_an_option(
    tmp_path: Path,
) -> None:
    with running(suite_settings(tmp_path, claim_min_seconds=MINIMUM)) as live:
        pid, token = live.player("observer")
        tid = live.table(
            [pid, "bot:greedy", "bot:greedy", "bot:greedy"], options={"hands_per_session": 1}
        )["table_id"]
        seen: list[tuple[float, dict[str, Any]]] = []
        sock = live.ws(tid, token)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:  # a light client: its clock is the arrival
            frame = sock.recv(timeout=30)
            if frame["type"] == "event":
                seen.append((time.monotonic(), frame))
            elif frame["type"] == "prompt":
                offered = frame["actions"]
                pick = next((a for a in offered if a["action"]["type"] == "pass"), None)
                pick = pick or next(a for a in offered if a["action"]["type"] == "discard")
                sock.send(pick)
            elif frame["type"] == "match_end":
                break
        sock.close()
        wait_finished(live, tid)
        log = live.http.get(f"/api/matches/{tid}/events", headers=live.admin).json()["events"]
        by_seq = {e["seq"]: e["event"] for e in log}
        me = next(
            e["event"]["seating"].index(0) for e in log if e["event"]["type"] == "hand_started"
        )

        windows: dict[int, dict[str, Any]] = {}  # seq of a discard -> its window, if any
        for e in log:
            if e["event"]["type"] == "claim_window_opened" and e["event"]["kind"] == "discard":
                windows[e["seq"] - 1] = e["event"]
        assert all(
            f["event"]["options"] for _, f in seen if f["event"]["type"] == "claim_window_opened"
        )

        paced = {"window": [], "none": []}  # gaps after discards the observer could not claim
        kinds = {"window": set(), "none": set()}
        for (at, frame), (later, after) in pairwise(seen):
            if frame["event"]["type"] != "discarded":
                continue
            window = windows.get(frame["seq"])
            if window is not None and any(s == me for s, _ in window["options"]):
                continue  # the observer had an option: it was asked
            if after["event"]["type"] in ("hand_ended", "called"):
                continue  # a hand's end and a call show themselves
            assert by_seq[frame["seq"]]["type"] == "discarded"
            key = "none" if window is None else "window"
            paced[key].append(later - at)
            kinds[key].add(after["event"]["type"])
        assert paced["none"] and paced["window"], paced
        for key, gaps in paced.items():
            # unpaced, the next event came in the same batch (microseconds)
            assert min(gaps) >= MINIMUM * 0.5, (key, sorted(gaps)[:5])
        assert kinds["window"] == kinds["none"] == {"drew"}


def test_a_table_of_bots_is_not_paced(tmp_path: Path) -> None:
    with running(suite_settings(tmp_path, claim_min_seconds=5.0)) as live:
        tid = live.table(["bot:greedy"] * 4, options={"hands_per_session": 1})["table_id"]
        wait_finished(live, tid, timeout=30)
