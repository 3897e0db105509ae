"""The house plan's transition path, ``legal_actions`` → ``decide`` → events → ``evolve``,
under the names the code uses:

* ``check(state, action)`` is the plan's "``legal_actions(state, seat)`` contains it?":
  the engine's one judgement of an action. It raises ``IllegalAction`` with an
  ``ErrorCode`` (engine.errors) for an action that may not be taken now: no hand in play,
  a seat not asked, a phase it does not belong to, a claim answered twice, a closed
  prompt (``Action.prompt`` ≠ ``MatchState.prompt``), or simply not among the seat's
  ``legal_actions``. The server checks only the session and maps these codes to its
  protocol's (server.domain.tables.errors).
* ``decide(state, action)`` is the plan's ``decide``: the events the action causes.
* ``step(state, action)`` is ``decide`` and ``evolve`` in one pass, what every caller uses
  (the server's table actor, replay, simulation, tests): it returns the events and the
  state that folding ``evolve`` over them gives. Deciding needs each event applied as it
  is made — the draw after a discard nobody claimed, the next deal after settlement — so
  the events are made and evolved together, and carry on through everything that needs
  no decision (draws, flower replacements, the end of the hand, settlement, the next
  deal) until a seat must act. ``evolve`` is still the only way state changes.

``start(table, seed)`` makes a match's first events, the same way, up to the first
decision.
"""

from __future__ import annotations

from engine.actions import (
    CLAIM_ACTIONS,
    TURN_ACTIONS,
    Action,
    AddedKong,
    Chow,
    ConcealedKong,
    DeclareAbort,
    DeclareFlower,
    Discard,
    Kong,
    Pung,
    SelfDrawWin,
    unprompted,
)
from engine.claims import discard_window, granted_call, rob_window, set_aside_window, winners
from engine.errors import ErrorCode, IllegalAction
from engine.events import (
    Answered,
    Called,
    ClaimWindowOpened,
    Dealt,
    Discarded,
    DoraRevealed,
    Drew,
    Event,
    FlowerSetAside,
    Furiten,
    HandEnded,
    HandStarted,
    KongDeclared,
    KongMade,
    MatchEnded,
    MatchStarted,
    RiichiAccepted,
    Settled,
)
from engine.evolve import evolve
from engine.fast_records import builder
from engine.legal import legal_actions
from engine.melds import Meld, MeldType
from engine.notation import format_tiles
from engine.state import (
    CLAIM,
    ENDED,
    TURN,
    ClaimWindow,
    DrawKind,
    HandResult,
    HandState,
    MatchState,
    MeldRecord,
    Table,
    WinRecord,
    apply_payments,
)
from engine.table_rules import Abort, FlowerTiming, HandSetup, KanDoraTiming
from engine.tiles import MAX_TILE, WINDS, Tile, is_flower, kind_of
from engine.wall import commitment
from engine.wins import legal_win

# enum members as module names for the per-discard checks (engine.state TURN etc.)
_FOUR_RIICHI, _FOUR_WINDS, _FOUR_KONGS = Abort.FOUR_RIICHI, Abort.FOUR_WINDS, Abort.FOUR_KONGS
_discarded_event = builder(Discarded)
_drew_event = builder(Drew)
_dealt_event = builder(Dealt)


class _Run:
    """Applies events as they are made, so each next decision sees the current state."""

    __slots__ = ("events", "state")

    def __init__(self, state: MatchState) -> None:
        self.state = state
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        self.state = evolve(self.state, event)
        self.events.append(event)

    @property
    def hand(self) -> HandState:
        hand = self.state.hand
        assert hand is not None
        return hand


def start(table: Table, seed: str) -> tuple[MatchState, list[Event]]:
    """A new match: its first events run up to the first decision of the first hand."""
    scores = table.match_rules.start_scores()
    run = _Run(MatchState(table=table, seed=seed, scores=scores))
    run.emit(
        MatchStarted(
            ruleset=table.ruleset_id,
            commitment=commitment(seed),
            scores=scores,
            options=dict(table.options),
        )
    )
    _start_hand(run, table.match_rules.first_hand())
    return run.state, run.events


def decide(state: MatchState, action: Action) -> list[Event]:
    """The events ``action`` causes; raises ``IllegalAction`` (state untouched) if refused."""
    return step(state, action)[1]


def step(state: MatchState, action: Action) -> tuple[MatchState, list[Event]]:
    """``decide`` with ``evolve`` applied: the state after the events, and the events
    (raises ``IllegalAction``, state untouched, if ``check`` refuses the action)."""
    check(state, action)
    run = _Run(state)
    hand = run.hand
    if hand.phase is CLAIM:
        run.emit(Answered(seat=action.seat, action=unprompted(action)))
        window = run.hand.window
        assert window is not None
        if window.complete:
            _resolve(run, window)
    else:
        _turn(run, action)
    return run.state, run.events


def check(state: MatchState, action: Action) -> None:
    """Raise ``IllegalAction`` with its code unless ``action`` may be taken now (the one
    judgement of an action; ``action.prompt`` None skips only the staleness check)."""
    if state.over:
        raise IllegalAction(ErrorCode.MATCH_OVER, "the match is over")
    hand = state.hand
    if hand is None or hand.phase is ENDED:
        raise IllegalAction(ErrorCode.WRONG_PHASE, "no hand is in play")
    if not 0 <= action.seat < state.table.rules.seats:
        raise IllegalAction(ErrorCode.WRONG_SEAT, f"no seat {action.seat}")
    if hand.phase is TURN:
        if not isinstance(action, TURN_ACTIONS):
            raise IllegalAction(ErrorCode.WRONG_PHASE, f"'{action.type}' answers a claim window")
        if action.seat != hand.turn:
            raise IllegalAction(ErrorCode.WRONG_SEAT, f"it is seat {hand.turn}'s turn")
    else:
        window = hand.window
        assert window is not None
        if not isinstance(action, CLAIM_ACTIONS):
            raise IllegalAction(ErrorCode.WRONG_PHASE, "a claim window is open")
        if not window.options_for(action.seat):
            raise IllegalAction(ErrorCode.WRONG_SEAT, f"seat {action.seat} has no claim")
        if window.answered(action.seat):
            raise IllegalAction(ErrorCode.ALREADY_ANSWERED, f"seat {action.seat} already answered")
    if action.prompt is not None and action.prompt != state.prompt:
        raise IllegalAction(
            ErrorCode.STALE, f"prompt {action.prompt} is closed (current {state.prompt})"
        )
    if not _offered(unprompted(action), legal_actions(state, action.seat)):
        why = _set_aside_refusal(state, action) if isinstance(action, DeclareFlower) else None
        raise IllegalAction(ErrorCode.NOT_LEGAL, why or f"{action.type} is not legal now")


def _set_aside_refusal(state: MatchState, action: DeclareFlower) -> str | None:
    """What is wrong with a refused tile set aside, when it is the tile itself: a kind
    this table never sets aside (kita at a four-player table), or one the seat does not
    hold."""
    rules = state.table.rules
    hand = state.hand
    assert hand is not None
    tile = action.tile
    if not 0 <= tile <= MAX_TILE:
        return f"{tile} is not a tile"
    name = format_tiles([tile])
    if is_flower(tile):
        if not rules.wall.flowers:
            return f"this table plays without flowers: {name} cannot be set aside"
    elif rules.set_aside is None or kind_of(tile) not in rules.set_aside.kinds:
        kinds = rules.set_aside.kinds if rules.set_aside is not None else ()
        allowed = format_tiles(sorted(kinds)) if kinds else "no tile of an ordinary kind"
        return f"{name} cannot be set aside at this table (it sets aside {allowed})"
    if tile not in hand.seats[action.seat].hand:
        return f"seat {action.seat} holds no {name} to set aside"
    return None


def _offered(action: Action, legal: tuple[Action, ...]) -> bool:
    """``action in legal``, trying identity first: bots answer with the listed objects."""
    for a in legal:
        if a is action:
            return True
    return action in legal


# ----------------------------------------------------------------------------- hands


def _start_hand(run: _Run, setup: HandSetup) -> None:
    state = run.state
    run.emit(
        HandStarted(
            hand_number=state.hands_played,
            dealer=setup.dealer,
            round_wind=setup.round_wind,
            honba=setup.honba,
            seating=setup.seating,
            label=setup.label,
        )
    )
    hand = run.hand
    rules = state.table.rules
    if rules.wall.dora_positions:
        # the first indicator is public from the start: the log carries it (no seed needed)
        run.emit(DoraRevealed(indicator=hand.wall.dora_indicator(0)))
    seats = rules.seats
    order = [(setup.dealer + i) % seats for i in range(seats)]
    chunks = (4, 4, 4, 4) if rules.hand_size == 16 else (4, 4, 4, 1)
    for n in chunks:
        for s in order:
            front = run.hand.front
            run.emit(_dealt_event(seat=s, count=n, tiles=hand.wall.tiles[front : front + n]))
    if not _draw(run, setup.dealer, replacement=False, initial=True):
        return
    if rules.wall.flowers and rules.flower_timing is FlowerTiming.IMMEDIATE:
        for s in order:
            while True:
                flowers = [t for t in run.hand.seats[s].hand if is_flower(t)]
                if not flowers:
                    break
                if not _replace_flower(run, s, flowers[0]):
                    return


def _replace_flower(run: _Run, seat: int, tile: Tile) -> bool:
    """Set a flower aside and draw its replacement; False if the hand ended instead. A
    tile of an ordinary kind set aside (kita) first opens a window to win on it when the
    rules say so; its replacement is drawn once the window closes with no win."""
    if not run.hand.replacement_available():
        _end(run, "exhaustive_draw")
        return False
    run.emit(FlowerSetAside(seat=seat, tile=tile))
    aside = run.state.table.rules.set_aside
    if aside is not None and aside.ron and not is_flower(tile):
        options, completes = set_aside_window(run.state, run.hand, seat, tile)
        if options:
            run.emit(
                ClaimWindowOpened(
                    kind="set_aside", seat=seat, tile=tile, options=options, completes=completes
                )
            )
            return True
        _mark_furiten(run, completes, tile)
    return _draw(run, seat, replacement=True, initial=run.hand.dealing)


def _draw(run: _Run, seat: int, *, replacement: bool, initial: bool = False) -> bool:
    """Draw for ``seat``; False if the hand ended (empty wall, last tile a flower)."""
    hand = run.hand
    if (hand.remaining() <= 0 and not replacement) or (
        replacement and not hand.replacement_available()
    ):
        _end(run, "exhaustive_draw")
        return False
    index = hand.replacement_index() if replacement else hand.front
    tile = hand.wall.tiles[index]
    run.emit(_drew_event(seat=seat, replacement=replacement, tile=tile))
    if is_flower(tile):
        if run.hand.remaining() == 0:
            # the last drawable tile is a flower: exhaustive draw (mcr.md §6)
            _end(run, "exhaustive_draw")
            return False
        if run.state.table.rules.flower_timing is FlowerTiming.IMMEDIATE and not (
            initial and seat != run.hand.dealer
        ):
            return _replace_flower(run, seat, tile)
    return True


def _reveal_pending(run: _Run) -> None:
    while run.hand.pending_dora > 0:
        hand = run.hand
        if hand.dora_revealed >= len(hand.wall.spec.dora_positions):
            return
        run.emit(DoraRevealed(indicator=hand.wall.dora_indicator(hand.dora_revealed)))


def _turn(run: _Run, action: Action) -> None:
    hand = run.hand
    seat = action.seat
    rules = run.state.table.rules
    if isinstance(action, Discard):
        run.emit(
            _discarded_event(
                seat=seat,
                tile=action.tile,
                riichi=action.riichi,
                tsumogiri=action.tile == hand.drawn,
            )
        )
        _reveal_pending(run)
        final = run.hand.remaining() == 0
        options, completes = discard_window(run.state, run.hand, seat, action.tile, final)
        if options:
            run.emit(
                ClaimWindowOpened(
                    kind="discard",
                    seat=seat,
                    tile=action.tile,
                    final=final,
                    options=options,
                    completes=completes,
                )
            )
        else:
            _discard_passed(run, seat, action.tile, final, completes, None)
    elif isinstance(action, SelfDrawWin):
        tile = hand.drawn
        assert tile is not None
        found = legal_win(run.state, seat, tile, tsumo=True)
        assert found is not None
        ctx, score = found
        _end(run, "win", wins=(WinRecord(seat, None, tile, False, score, ctx, ctx.concealed),))
    elif isinstance(action, ConcealedKong):
        tiles = tuple(
            t for t in hand.seats[seat].hand if not is_flower(t) and kind_of(t) == action.tile
        )
        _reveal_pending(run)
        run.emit(
            KongDeclared(
                seat=seat,
                kind="concealed",
                tile=tiles[0],
                meld=Meld(MeldType.ANKAN, tiles),
                face_down=rules.concealed_kong_face_down,
            )
        )
        if rules.rob_concealed_kong_thirteen_orphans:
            options, completes = rob_window(run.state, run.hand, seat, tiles[0], True)
            if options:
                run.emit(
                    ClaimWindowOpened(
                        kind="concealed_kong",
                        seat=seat,
                        tile=tiles[0],
                        options=options,
                        completes=completes,
                    )
                )
                return
        _kong_stands(run, seat, concealed=True)
    elif isinstance(action, AddedKong):
        k = kind_of(action.tile)
        pung = next(
            r.meld
            for r in hand.seats[seat].melds
            if r.meld.type is MeldType.PON and r.meld.kind == k
        )
        _reveal_pending(run)
        meld = Meld(MeldType.KAKAN, (*pung.tiles, action.tile))
        run.emit(KongDeclared(seat=seat, kind="added", tile=action.tile, meld=meld))
        if rules.rob_added_kong:
            options, completes = rob_window(run.state, run.hand, seat, action.tile, False)
            if options:
                run.emit(
                    ClaimWindowOpened(
                        kind="added_kong",
                        seat=seat,
                        tile=action.tile,
                        options=options,
                        completes=completes,
                    )
                )
                return
            _mark_furiten(run, completes, action.tile)
        _kong_stands(run, seat, concealed=False)
    elif isinstance(action, DeclareFlower):
        _replace_flower(run, seat, action.tile)
    elif isinstance(action, DeclareAbort):
        _end(run, "abortive_draw", abort=Abort.NINE_TERMINALS.value)


def _kong_stands(run: _Run, seat: int, *, concealed: bool) -> None:
    run.emit(KongMade(seat=seat))
    rules = run.state.table.rules
    kan_dora = rules.kan_dora
    if kan_dora is not None and (concealed or kan_dora.timing is KanDoraTiming.IMMEDIATE):
        _reveal_pending(run)
    _draw(run, seat, replacement=True)


def _mark_furiten(run: _Run, completes: tuple[int, ...], tile: Tile) -> None:
    """The seats whose shape ``tile`` completed let it pass; the tile is recorded only
    where the furiten is per tile (``FuritenRules.per_tile``)."""
    rules = run.state.table.rules
    furiten = rules.furiten
    if furiten is not None:
        named = tile if furiten.per_tile else None
        for s in completes:
            if not furiten.riichi_only or run.hand.seats[s].riichi:
                run.emit(Furiten(seat=s, tile=named))


def _resolve(run: _Run, window: ClaimWindow) -> None:
    rules = run.state.table.rules
    won, abort = winners(rules, window)
    if abort:
        _end(run, "abortive_draw", abort=Abort.TRIPLE_RON.value)
        return
    robbing = window.kind in ("added_kong", "concealed_kong")
    if won:
        if (
            window.kind == "added_kong"
            and rules.kan_dora is not None
            and rules.kan_dora.robbed_kong_reveals
        ):
            hand = run.hand
            if hand.dora_revealed < len(hand.wall.spec.dora_positions):
                run.emit(DoraRevealed(indicator=hand.wall.dora_indicator(hand.dora_revealed)))
        records = []
        for s in won:
            found = legal_win(
                run.state, s, window.tile, tsumo=False, chankan=robbing, final=window.final
            )
            assert found is not None
            ctx, score = found
            records.append(
                WinRecord(s, window.seat, window.tile, robbing, score, ctx, ctx.concealed)
            )
        _end(run, "win", wins=tuple(records))
        return
    if robbing:
        _mark_furiten(run, window.completes, window.tile)
        _kong_stands(run, window.seat, concealed=window.kind == "concealed_kong")
        return
    if window.kind == "set_aside":
        _mark_furiten(run, window.completes, window.tile)
        _draw(run, window.seat, replacement=True)
        return
    _discard_passed(
        run, window.seat, window.tile, window.final, window.completes, granted_call(window)
    )


def _discard_passed(
    run: _Run,
    discarder: int,
    tile: Tile,
    final: bool,
    completes: tuple[int, ...],
    call: Action | None,
) -> None:
    """Nobody won on the discard: deposits, abortive draws, the call, or the next draw."""
    rules = run.state.table.rules
    _mark_furiten(run, completes, tile)
    seat = run.hand.seats[discarder]
    if seat.riichi and not seat.riichi_accepted and rules.riichi is not None:
        run.emit(RiichiAccepted(seat=discarder, deposit=rules.riichi.deposit))
        if _FOUR_RIICHI in rules.aborts and all(s.riichi_accepted for s in run.hand.seats):
            _end(run, "abortive_draw", abort=Abort.FOUR_RIICHI.value)
            return
    hand = run.hand
    if _FOUR_WINDS in rules.aborts and len(hand.discard_log) == rules.seats and hand.calls == 0:
        kinds = {kind_of(t) for _, t in hand.discard_log}
        if len(kinds) == 1 and next(iter(kinds)) in WINDS:
            _end(run, "abortive_draw", abort=Abort.FOUR_WINDS.value)
            return
    if _FOUR_KONGS in rules.aborts and len(hand.kongs) == 4 and len(set(hand.kongs)) > 1:
        _end(run, "abortive_draw", abort=Abort.FOUR_KONGS.value)
        return
    if final:
        _end(run, "exhaustive_draw")
        return
    if call is None:
        _draw(run, (discarder + 1) % rules.seats, replacement=False)
        return
    window = hand.window
    assert window is not None
    tile = window.tile
    if isinstance(call, Chow | Pung):
        meld_type = MeldType.CHI if isinstance(call, Chow) else MeldType.PON
        meld = Meld(meld_type, tuple(sorted((*call.tiles, tile), key=kind_of)))
        run.emit(Called(seat=call.seat, from_seat=discarder, tile=tile, meld=meld))
        return
    assert isinstance(call, Kong)
    k = kind_of(tile)
    own = tuple(t for t in hand.seats[call.seat].hand if not is_flower(t) and kind_of(t) == k)
    run.emit(
        Called(
            seat=call.seat, from_seat=discarder, tile=tile, meld=Meld(MeldType.MINKAN, (*own, tile))
        )
    )
    if rules.kan_dora is not None and rules.kan_dora.timing is KanDoraTiming.IMMEDIATE:
        _reveal_pending(run)
    _draw(run, call.seat, replacement=True)


def _melds_at_end(
    hand: HandState, wins: tuple[WinRecord, ...]
) -> tuple[tuple[MeldRecord, ...], ...]:
    """Every seat's melds; a robbed added kong was never made, so it shows as its pung
    again (mcr.md §5.5: the kong is not made)."""
    melds = [s.melds for s in hand.seats]
    robbed = next((w for w in wins if w.robbed_kong), None)
    if robbed is not None and robbed.from_seat is not None:
        k = kind_of(robbed.tile)
        own = list(melds[robbed.from_seat])
        for i, rec in enumerate(own):
            if rec.meld.type is MeldType.KAKAN and rec.meld.kind == k:
                tiles = list(rec.meld.tiles)
                tiles.remove(robbed.tile)
                own[i] = MeldRecord(Meld(MeldType.PON, tuple(tiles)), rec.from_seat, rec.tile)
        melds[robbed.from_seat] = tuple(own)
    return tuple(melds)


def _end(
    run: _Run, outcome: DrawKind, *, wins: tuple[WinRecord, ...] = (), abort: str | None = None
) -> None:
    state = run.state
    hand = run.hand
    tenpai: tuple[bool, ...] = ()
    nagashi: tuple[int, ...] = ()
    if outcome == "exhaustive_draw":
        if state.table.tenpai_at_draw is not None:  # TableRuleset.tenpai_at_draw
            tenpai = state.table.tenpai_at_draw(hand)
        if state.table.nagashi is not None:  # the ruleset's reading (TableRuleset.nagashi)
            nagashi = state.table.nagashi(hand)
    result = HandResult(
        hand_number=hand.hand_number,
        dealer=hand.dealer,
        round_wind=hand.round_wind,
        honba=hand.honba,
        seating=state.seating,
        outcome=outcome,
        abort=abort,
        wins=wins,
        tenpai=tenpai,
        nagashi=nagashi,
        riichi=tuple(s.riichi_accepted for s in hand.seats),
        deposits_placed=hand.deposits_placed,
        discards=hand.discard_log,
        melds=_melds_at_end(hand, wins),
        flowers=tuple(s.flowers for s in hand.seats),
        label=hand.label,
    )
    run.emit(HandEnded(result=result))
    match_rules = state.table.match_rules
    payments = match_rules.settle(result, run.state)
    scores, pot = apply_payments(run.state.scores, run.state.pot, run.state.seating, payments)
    run.emit(Settled(payments=payments, scores=scores, pot=pot))
    # time called (engine.time_limit): this hand was the last
    final = run.state.final_hand is not None
    setup = None if final else match_rules.next_hand(run.state, result)
    if setup is None:
        run.emit(MatchEnded(standings=match_rules.standings(run.state), seed=run.state.seed))
    else:
        _start_hand(run, setup)
