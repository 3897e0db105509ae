"""Claim timing reveals nothing (issue 23): at a table with a human, what follows every
discard reaches the player no earlier than ``claim_min_seconds`` after it, whether or not
another seat could claim; a seat without an option in a window never hears of it, so its
frames are the same with and without a window. A table of bots is not paced."""

from __future__ import annotations

import time
from itertools import pairwise
from pathlib import Path
from typing import Any

from tests.server.adapters.rest.test_matches import wait_finished
from tests.server.conftest import running, suite_settings
from tests.server.viewer_seqs import log_seqs

MINIMUM = 0.15


def _gaps_after_discards(live: Any, pid: str, token: str) -> dict[str, list[float]]:
    """Play one hand as the observer (passing when asked) beside three bots; the gaps
    before what followed each discard the observer could not claim, by whether another
    seat had a claim window on it ("window") or nobody had ("none")."""
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
    at_log = log_seqs(log, 0)  # the observer's frame n is the log's event at_log[n]
    me = next(e["event"]["seating"].index(0) for e in log if e["event"]["type"] == "hand_started")

    windows: dict[int, dict[str, Any]] = {}  # seq of a discard -> its window, if any
    for e in log:
        if e["event"]["type"] == "claim_window_opened" and e["event"]["kind"] == "discard":
            windows[e["seq"] - 1] = e["event"]
    assert all(
        f["event"]["options"] for _, f in seen if f["event"]["type"] == "claim_window_opened"
    )

    paced: dict[str, list[float]] = {"window": [], "none": []}
    for (at, frame), (later, after) in pairwise(seen):
        if frame["event"]["type"] != "discarded":
            continue
        window = windows.get(at_log[frame["seq"]])
        if window is not None and any(s == me for s, _ in window["options"]):
            continue  # the observer had an option: it was asked
        if after["event"]["type"] in ("hand_ended", "called"):
            continue  # a hand's end and a call show themselves
        assert by_seq[at_log[frame["seq"]]]["type"] == "discarded"
        assert after["seq"] == frame["seq"] + 1  # its own numbering: never a gap
        assert after["event"]["type"] == "drew"
        paced["none" if window is None else "window"].append(later - at)
    return paced


def test_every_discard_takes_the_minimum_for_a_seat_with_or_without_an_option(
    tmp_path: Path,
) -> None:
    with running(suite_settings(tmp_path, claim_min_seconds=MINIMUM)) as live:
        pid, token = live.player("observer")
        paced: dict[str, list[float]] = {"window": [], "none": []}
        # A hand need not hold a discard that only a bot could claim and did not (one
        # dry run's did not): play hands until both kinds were seen.
        for _ in range(4):
            for key, gaps in _gaps_after_discards(live, pid, token).items():
                paced[key] += gaps
            if paced["none"] and paced["window"]:
                break
        assert paced["none"] and paced["window"], paced
        for key, gaps in paced.items():
            # unpaced, the next event came in the same batch (microseconds)
            assert min(gaps) >= MINIMUM * 0.5, (key, sorted(gaps)[:5])


def test_a_table_of_bots_is_not_paced(tmp_path: Path) -> None:
    with running(suite_settings(tmp_path, claim_min_seconds=5.0)) as live:
        tid = live.table(["bot:greedy"] * 4, options={"hands_per_session": 1})["table_id"]
        wait_finished(live, tid, timeout=30)


def test_a_hand_end_after_a_discard_is_held() -> None:
    """The end of a hand that follows a discard (a win on it, an exhaustive draw) waits
    like the next draw: its timing would tell whether another seat waited on the tile."""
    from engine.events import Discarded, HandEnded, Settled
    from server.domain.tables.claim_pacing import ClaimPacer
    from server.domain.tables.numbering import Entry

    def entry(seq: int, ev: Any) -> Entry:
        return Entry(seq, ev, (0, 1, 2, 3), 0.0, {})

    pacer = ClaimPacer(1.0)
    # the pacer reads only the events' kinds
    discard, ended, settled = (object.__new__(k) for k in (Discarded, HandEnded, Settled))
    batch = [entry(1, discard), entry(2, ended), entry(3, settled)]
    sent = pacer.split(batch, 10.0, humans=True)
    assert [e.seq for e in sent] == [1] and [e.seq for e in pacer.held] == [2, 3]
    assert pacer.deadline == 11.0
    assert [e.seq for e in pacer.release()] == [2, 3] and not pacer.holding
    # a win answered at once, after a window, is held until the minimum too
    pacer.split([entry(4, discard)], 20.0, humans=True)
    assert pacer.split([entry(5, ended)], 20.2, humans=True) == [] and pacer.holding
    pacer.release()
    assert [e.seq for e in pacer.split([entry(6, ended)], 21.5, humans=True)] == [6]


def test_a_reconnect_or_resync_in_a_held_moment_gets_nothing_early(tmp_path: Path) -> None:
    """A player who reconnects, or asks for a resync, right after another seat's discard
    gets the table as it was sent to everyone: the held events come at the release."""
    minimum = 0.3
    with running(suite_settings(tmp_path, claim_min_seconds=minimum)) as live:
        pid, token = live.player("rejoiner")
        tid = live.table(
            [pid, "bot:greedy", "bot:greedy", "bot:greedy"], options={"hands_per_session": 1}
        )["table_id"]
        sock = live.ws(tid, token)
        me: int | None = None
        probes: list[tuple[str, int, float]] = []  # (how, discard seq, its arrival)
        firsts: list[tuple[str, int, float, dict[str, Any], int, float]] = []
        pending: tuple[str, int, float, int] | None = None
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            frame = sock.recv(timeout=30)
            now = time.monotonic()
            kind = frame["type"]
            if kind == "welcome":
                last = frame["last_seq"]
                if pending is not None:
                    pending = (*pending[:3], last)
            elif kind == "event":
                ev = frame["event"]
                if ev["type"] == "hand_started":
                    me = ev["seating"].index(0)
                if pending is not None and frame["seq"] > pending[1]:
                    how, seq, at, last = pending
                    firsts.append((how, seq, at, frame, last, now))
                    pending = None
                if ev["type"] == "discarded" and ev["seat"] != me and len(probes) < 6:
                    how = "reconnect" if len(probes) % 2 == 0 else "resync"
                    probes.append((how, frame["seq"], now))
                    if how == "reconnect":
                        sock.close()
                        sock = live.ws(tid, token)
                        pending = (how, frame["seq"], now, -1)
                    else:
                        sock.send({"type": "resync", "last_seq": frame["seq"]})
                        pending = (how, frame["seq"], now, frame["seq"])
            elif kind == "prompt":
                offered = frame["actions"]
                pick = next((a for a in offered if a["action"]["type"] == "pass"), None)
                pick = pick or next(a for a in offered if a["action"]["type"] == "discard")
                sock.send(pick)
            elif kind == "match_end":
                break
        sock.close()
        wait_finished(live, tid)
        log = live.http.get(f"/api/matches/{tid}/events", headers=live.admin).json()["events"]
    by_seq = {e["seq"]: e["event"]["type"] for e in log}
    at_log = log_seqs(log, 0)  # the rejoiner's frame n is the log's event at_log[n]
    assert len(firsts) >= 4, firsts
    for how, seq, at, frame, last, arrived in firsts:
        # the welcome (or resync) showed nothing after the discard but a window of its own
        # sent at once with it (to the seats with an option)
        mine = seq + 1 < len(at_log) and by_seq[at_log[seq + 1]] == "claim_window_opened"
        assert last == seq + (1 if mine and how == "reconnect" else 0), (how, seq, last)
        if frame["event"]["type"] == "claim_window_opened":
            continue  # this seat's own option: asked at once, as always
        assert arrived - at >= minimum * 0.5, (how, seq, frame["event"]["type"], arrived - at)


def test_a_save_during_a_hold_keeps_the_stored_end_of_the_match() -> None:
    """The held events are stored before they are sent (a match's end sets the stored
    status, seed and end): a save of the table's own fields meanwhile (a time bank spent
    on the winning call) must not write the record from before them back."""
    import asyncio
    import copy

    from server.adapters.memory.store import MemoryStore
    from server.config import Settings
    from server.domain.tables.manager import TableManager

    async def run() -> None:
        store = MemoryStore()
        manager = TableManager(store, Settings(admin_token="x", claim_min_seconds=5.0))
        actor = await manager.create(
            ruleset="mcr",
            ruleset_version="1",
            options={},
            seats=["p-0", "open", "open", "open"],
            names={0: "p"},
            timers={"move": 0, "claim": 0, "bank": 0},
            spectators={"allowed": True, "delay": 0},
            created_by="admin",
        )
        ended = copy.deepcopy(actor.record)
        ended.status, ended.seed = "finished", "the-seed"
        await store.tables.save(ended)  # what the held match_ended stored
        actor.pacer.held = [object()]  # type: ignore[list-item]  # a held moment
        await actor.call(actor._save)
        stored = await store.tables.get(actor.id)
        assert stored is not None and stored.status == "finished" and stored.seed == "the-seed"
        actor.pacer.held = []
        await manager.shutdown()

    asyncio.run(run())


def test_an_answer_to_a_prompt_closed_by_a_held_discard_is_stale(tmp_path: Path) -> None:
    """During a hold the prompts reopen only at the release; a second answer to the
    prompt the discard closed is ``stale_prompt``, not an engine error about the seat."""
    with running(suite_settings(tmp_path, claim_min_seconds=1.0)) as live:
        pid, token = live.player("twice")
        tid = live.table(
            [pid, "bot:greedy", "bot:greedy", "bot:greedy"], options={"hands_per_session": 1}
        )["table_id"]
        sock = live.ws(tid, token)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            frame = sock.recv(timeout=30)
            if frame["type"] == "prompt":
                pick = next((a for a in frame["actions"] if a["action"]["type"] == "discard"), None)
                if pick is None:
                    sock.send(frame["actions"][0])
                    continue
                sock.send(pick)
                sock.send(pick)  # the same answer again, inside the hold
                while True:
                    reply = sock.recv(timeout=30)
                    if reply["type"] == "error":
                        break
                assert reply["code"] == "stale_prompt", reply
                break
        else:
            raise AssertionError("no discard prompt")
        sock.close()
