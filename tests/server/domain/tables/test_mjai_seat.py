"""External mjai bot seats (server/domain/tables/mjai_seat.py): a riichi table seats a small
mjai bot of the test's own (it tracks its hand from its seat's events and discards its
lowest tile) and a broken one (its first three processes answer garbage); the match
finishes, the good bot's answers are played, the broken one gets the timeout move and
is restarted until it plays, the bots' stderr lands in the table's log; an unregistered
bot or a non-riichi table is refused at creation. Answers map to legal actions only."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.actions import Action, Chow, Discard, Pass, Pung
from engine.notation import parse_tile
from rulesets.riichi.mjai import tile_name
from server.domain.tables.mjai_seat import BadAnswer, to_action
from tests.server.conftest import LiveServer, running, suite_settings

LOWEST = r'''
import json, sys
me, hand = None, []
print("lowest bot started", file=sys.stderr, flush=True)
for line in sys.stdin:
    answer = {"type": "none"}
    for ev in json.loads(line):
        t = ev["type"]
        if t == "start_game":
            me = ev["id"]
        elif t == "start_kyoku":
            hand = list(ev["tehais"][me])
        elif ev.get("actor") != me:
            continue
        elif t == "tsumo":
            hand.append(ev["pai"])
        elif t == "dahai":
            hand.remove(ev["pai"])
    last = ev
    if last["type"] == "tsumo" and last["actor"] == me:
        answer = {"type": "dahai", "actor": me, "pai": min(hand), "tsumogiri": False}
    print(json.dumps(answer), flush=True)
'''

GARBAGE = r'''
import json, pathlib, sys
# the first three processes answer garbage (and are restarted); later ones discard the
# tile just drawn (mjai tsumogiri) and pass on everything else
runs = pathlib.Path(sys.argv[1])
n = int(runs.read_text()) if runs.exists() else 0
runs.write_text(str(n + 1))
me = None
for line in sys.stdin:
    if n < 3:
        print("I am not JSON", flush=True)
        continue
    events = json.loads(line)
    me = next((e["id"] for e in events if e["type"] == "start_game"), me)
    last = events[-1]
    if last["type"] == "tsumo" and last["actor"] == me:
        print(json.dumps({"type": "dahai", "actor": me, "pai": last["pai"], "tsumogiri": True}))
    else:
        print(json.dumps({"type": "none"}))
    sys.stdout.flush()
'''


@pytest.fixture(scope="module")
def mjai_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    tmp = tmp_path_factory.mktemp("mjai")
    (tmp / "lowest.py").write_text(LOWEST)
    (tmp / "garbage.py").write_text(GARBAGE)
    bots = {
        "lowest": f"{sys.executable} {tmp / 'lowest.py'}",
        "garbage": f"{sys.executable} {tmp / 'garbage.py'} {tmp / 'runs'}",
    }
    # generous limits: a loaded test machine must not turn answers into timeouts
    settings = suite_settings(
        tmp,
        mjai_bots=bots,
        mjai_log_dir=tmp / "logs",
        mjai_answer_seconds=20,
        mjai_start_seconds=30,
    )
    with running(settings) as live:
        yield live


def test_an_external_bot_plays_a_whole_match(mjai_server: LiveServer) -> None:
    server = mjai_server
    seats = ["bot:mjai:lowest", "bot:mjai:garbage", "bot:greedy", "bot:greedy"]
    options = {"game_length": "tonpuusen"}
    tid = server.table(seats, ruleset="riichi", options=options)["table_id"]
    deadline = time.monotonic() + 240
    while server.http.get(f"/api/matches/{tid}").json()["match"]["status"] != "finished":
        assert time.monotonic() < deadline, "the match did not finish"
        time.sleep(0.2)
    events = [e["event"] for e in server.http.get(f"/api/matches/{tid}/events").json()["events"]]
    mine = _lowest_bot_discards(events)
    # every discard of seat 0 is the bot's own answer: its lowest tile by mjai name (a
    # timeout move would discard the drawn tile, which is the lowest only by chance)
    assert mine and all(tile == lowest for tile, lowest in mine)
    theirs = [e for e in events if e["type"] == "discarded" and e["seat"] == 1]
    assert all(e["tsumogiri"] for e in theirs)
    text = (server.settings.mjai_log_dir / f"{tid}.log").read_text()
    assert "lowest bot started" in text
    runs = server.settings.mjai_log_dir.parent / "runs"
    assert int(runs.read_text()) >= 4  # three bad answers, three restarts, then it played


def _lowest_bot_discards(events: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """Seat 0's discards beside the lowest mjai name in the hand it discarded from,
    replayed from the full log (the bot never calls, so its hand is draws less discards)."""
    hand: list[str] = []
    pairs: list[tuple[str, str]] = []
    for e in events:
        if e["type"] == "hand_started":
            hand = []
        elif e.get("seat") != 0:
            continue
        elif e["type"] == "dealt":
            hand += [tile_name(t) for t in e["tiles"]]
        elif e["type"] == "drew":
            hand.append(tile_name(e["tile"]))
        elif e["type"] == "discarded":
            pairs.append((tile_name(e["tile"]), min(hand)))
            hand.remove(tile_name(e["tile"]))
    return pairs


def test_unknown_bots_and_other_rulesets_are_refused(mjai_server: LiveServer) -> None:
    server = mjai_server
    body = {"ruleset": "riichi", "seats": ["bot:mjai:nobody", "bot:greedy", "open", "open"]}
    r = server.http.post("/api/tables", json=body, headers=server.admin)
    assert r.status_code == 422 and "no mjai bot 'nobody'" in r.json()["error"]["message"]
    body = {"ruleset": "mcr", "seats": ["bot:mjai:lowest", "bot:greedy", "open", "open"]}
    r = server.http.post("/api/tables", json=body, headers=server.admin)
    assert r.status_code == 422 and "mjai bots play riichi" in r.json()["error"]["message"]


def test_answers_map_to_legal_actions_only() -> None:
    T = parse_tile
    legal: list[Action] = [
        Pung(seat=1, tiles=(T("5p"), T("0p"))),
        Chow(seat=1, tiles=(T("3p"), T("4p"))),
        Pass(seat=1),
    ]
    assert to_action({"type": "none"}, legal, False) == Pass(seat=1)
    answer = {"type": "pon", "actor": 1, "target": 0, "pai": "5p", "consumed": ["5pr", "5p"]}
    assert to_action(answer, legal, False) == legal[0]
    answer = {"type": "chi", "actor": 1, "target": 0, "pai": "5p", "consumed": ["3p", "4p"]}
    assert to_action(answer, legal, False) == legal[1]
    for bad in ({"type": "hora"}, {"type": "dahai", "pai": "9z"}, "text", {"type": 3}):
        with pytest.raises(BadAnswer):
            to_action(bad, legal, False)
    turn = [Discard(seat=0, tile=T("1m")), Discard(seat=0, tile=T("1m"), riichi=True)]
    assert to_action({"type": "dahai", "pai": "1m"}, turn, True) == turn[1]
    assert to_action({"type": "dahai", "pai": "1m"}, turn, False) == turn[0]


def test_the_settings_take_the_bots_as_json(monkeypatch: pytest.MonkeyPatch) -> None:
    from server.config import Settings

    monkeypatch.setenv("JANTAKU_MJAI_BOTS", '{"t": "python3 bot.py"}')
    assert Settings().mjai_bots == {"t": "python3 bot.py"}
    assert isinstance(Path(Settings().mjai_log_dir), Path)
