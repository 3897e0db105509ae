"""A table's prompts and clocks: who must answer now, with what, and by when; the moves
the server makes itself (a clock that ran out, a bot's answer); and playing an answer.

After every change the prompts are opened afresh from ``engine.legal.legal_actions``;
a prompt already open for the same claim window stays open. A seat's clock is its move
(or claim) time plus its bank (server.domain.tables.clock); a timeout plays the fallback
move. Bots, external bots and stand-ins (server.domain.tables.seats) answer on their own;
an answer the engine refuses, or none, gets the timeout move: a broken brain never
stalls the table. The engine alone judges every answer (``engine.decide.step``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Sequence

from engine.actions import Action
from engine.decide import step
from engine.errors import IllegalAction
from engine.legal import legal_actions
from engine.state import Phase
from engine.views import TableView, view_for
from server.domain.tables.broadcast import Broadcaster
from server.domain.tables.clock import fallback
from server.domain.tables.errors import RulesetFailed
from server.domain.tables.frames import Prompt
from server.domain.tables.intermission import BetweenHands
from server.domain.tables.mjai_seat import MjaiSeat
from server.domain.tables.recording import Recorder
from server.domain.tables.seats import Seats
from server.domain.tables.session import TableSession
from server.ports.storage import StorageError

log = logging.getLogger("jantaku.table")

STORAGE_RETRY = 1.0  # seconds before a server-made move is tried again


async def _no_failure_hook(reason: str) -> None:
    raise RuntimeError(f"the table's ruleset failed and nothing ends it: {reason}")


class Prompter:
    def __init__(
        self,
        session: TableSession,
        recorder: Recorder,
        broadcaster: Broadcaster,
        seats: Seats,
        between_hands: BetweenHands,
    ) -> None:
        self.session = session
        self.recorder = recorder
        self.broadcaster = broadcaster
        self.seats = seats
        self.between_hands = between_hands
        # ends the table when its ruleset raised (the actor's ``fail``)
        self.failed: Callable[[str], Awaitable[None]] = _no_failure_hook

    def refresh(self) -> None:
        s = self.session
        if s.pacer.holding:
            return  # the prompts open when the paced events are sent
        prompts = s.prompts
        state = s.state
        if state is None or s.record.status != "playing" or self.between_hands.hold is not None:
            for p in prompts.values():
                p.cancel()
            prompts.clear()
            return
        hand = state.hand
        claim = hand is not None and hand.phase is Phase.CLAIM
        loop = asyncio.get_running_loop()
        places: Sequence[int] = range(len(s.record.seats))
        if hand is not None and hand.phase is Phase.TURN:
            # the seat on turn last: the engine's legal-actions memo (one entry per table)
            # then still holds its actions when ``step`` checks the answer against them
            mover = state.seating[hand.turn]
            places = [*(q for q in places if q != mover), mover]
        for place in places:
            seat = state.seating.index(place)
            legal = legal_actions(state, seat)
            current = prompts.get(place)
            if not legal:
                if current is not None:
                    current.cancel()
                    del prompts[place]
                continue
            if current is not None and current.version == state.prompt:
                continue  # still open (another seat answered the same claim window)
            if current is not None:
                current.cancel()
            allowance = s.timers.allowance(claim, s.banks[place])
            wire = s.numbers.prompt_id(place, state.prompt)  # its id on the wire
            p = Prompt(place, seat, wire, legal, claim, loop.time(), allowance, state.prompt)
            prompts[place] = p
            # a stand-in plays only while some player is here to be kept waiting, or to
            # finish the last hand once time was called
            driven = (
                place in s.bots
                or place in s.external
                or (place in s.standins and (s.humans_here() or s.time_called()))
            )
            if allowance is not None and not driven:
                pid = p.prompt_id
                p.handles.append(loop.call_later(allowance, self._schedule_timeout, place, pid))
            if driven:
                pid = p.prompt_id
                delay = s.settings.bot_delay
                if delay > 0:
                    p.handles.append(loop.call_later(delay, self._schedule_bot, place, pid))
                else:
                    self._schedule_bot(place, pid)
            conn = s.conns.get(place)
            if conn is not None:
                self.broadcaster.send_prompt(conn, p)

    def reopen(self, places: list[int]) -> None:
        """Open these places' prompts afresh (who answers them changed)."""
        for place in places:
            p = self.session.prompts.pop(place, None)
            if p is not None:
                p.cancel()
        self.refresh()

    def close(self, place: int) -> None:
        """Close ``place``'s prompt, if any, without opening another."""
        p = self.session.prompts.pop(place, None)
        if p is not None:
            p.cancel()

    def cancel(self) -> None:
        """Stop every clock (the table stops)."""
        for p in self.session.prompts.values():
            p.cancel()

    # ------------------------------------------------------------------ moves the server makes

    def _schedule_timeout(self, place: int, prompt_id: int) -> None:
        self.session.submit(lambda: self._timeout(place, prompt_id))

    def _schedule_bot(self, place: int, prompt_id: int) -> None:
        self.session.submit(lambda: self._bot_move(place, prompt_id))

    async def _timeout(self, place: int, prompt_id: int) -> None:
        s = self.session
        p = s.prompts.get(place)
        if p is None or p.prompt_id != prompt_id or s.state is None:
            return
        action = fallback(s.state, p.seat, p.actions)
        if action is not None:
            await self._apply_or_retry(place, action, lambda: self._timeout(place, prompt_id))

    async def _apply_or_retry(
        self, place: int, action: Action, again: Callable[[], Awaitable[None]]
    ) -> None:
        """A server-made move (clock, bot) whose events could not be stored is tried again
        a second later: nothing changed, and the table must not stall."""
        s = self.session
        try:
            await self.apply(place, action)
        except RulesetFailed as exc:
            await self.failed(str(exc))
        except StorageError:
            log.warning("table %s: storage unavailable; retrying the move in 1 s", s.id)
            loop = asyncio.get_running_loop()
            p = s.prompts.get(place)
            if p is not None:
                p.handles.append(loop.call_later(STORAGE_RETRY, s.submit, again))

    async def _bot_move(self, place: int, prompt_id: int) -> None:
        s = self.session
        p = s.prompts.get(place)
        external = s.external.get(place)
        if external is not None:
            if p is not None and p.prompt_id == prompt_id and s.state is not None:
                view = view_for(s.state, p.seat)
                move = self._external_move(external, place, prompt_id, view)
                self.seats.spawn(asyncio.create_task(move))
            return
        bot = s.bots.get(place) or s.standins.get(place)
        if p is None or p.prompt_id != prompt_id or bot is None or s.state is None:
            return
        if place not in s.bots:
            await self.seats.note_standin(place)
        chosen: Action | None
        try:
            chosen = bot.act(view_for(s.state, p.seat))
        except Exception:
            log.exception("table %s: bot at place %d failed", s.id, place)
            chosen = None
        await self._play_or_fallback(p, chosen, lambda: self._bot_move(place, prompt_id))

    async def _external_move(
        self, external: MjaiSeat, place: int, prompt_id: int, view: TableView
    ) -> None:
        """Ask the external bot outside the table's queue (it may take its time limit),
        then play its answer, or the timeout move, if the prompt is still open."""
        chosen = await external.act(view)
        self.session.submit(lambda: self._external_apply(place, prompt_id, chosen))

    async def _external_apply(self, place: int, prompt_id: int, chosen: Action | None) -> None:
        s = self.session
        p = s.prompts.get(place)
        if p is None or p.prompt_id != prompt_id or s.state is None:
            return
        await self._play_or_fallback(
            p, chosen, lambda: self._external_apply(place, prompt_id, chosen), external=True
        )

    async def _play_or_fallback(
        self,
        p: Prompt,
        chosen: Action | None,
        again: Callable[[], Awaitable[None]],
        *,
        external: bool = False,
    ) -> None:
        """Play a bot's answer to ``p``; one the engine refuses (or none at all) gets the
        timeout move instead: a broken brain never stalls the table."""
        place = p.place
        if chosen is not None and chosen.seat == p.seat:  # a bot speaks for its own seat
            try:
                await self._apply_or_retry(place, p.engine_action(chosen), again)
                return
            except IllegalAction:
                pass  # nothing changed: the engine judges before it makes an event
        s = self.session
        if external:
            log.warning("table %s: mjai bot at place %d gets the timeout move", s.id, place)
        assert s.state is not None
        fallen = fallback(s.state, p.seat, p.actions)
        if fallen is not None:
            await self._apply_or_retry(place, fallen, again)

    # ------------------------------------------------------------------ playing an answer

    async def apply(self, place: int, action: Action) -> None:
        """Play an answer to ``place``'s open prompt: the engine judges it
        (``IllegalAction`` propagates with the state untouched)."""
        s = self.session
        assert s.state is not None
        p = s.prompts.get(place)
        try:
            new_state, events = step(s.state, action)
        except IllegalAction:
            raise
        except Exception as exc:  # the ruleset's code raised: the table cannot go on
            log.exception("table %s: ruleset %s failed", s.id, s.record.ruleset)
            raise RulesetFailed(f"{s.record.ruleset}: {type(exc).__name__}: {exc}") from exc
        banks = s.banks
        before = banks[place]
        untimed = place in s.bots or place in s.external
        if p is not None and p.allowance is not None and not untimed:
            used = asyncio.get_running_loop().time() - p.opened
            banks[place] = s.timers.spent(p.claim, used, before)
        try:
            await self.recorder.commit(new_state, events)  # the next prompts see the bank left
        except BaseException:
            banks[place] = before  # nothing was played, nothing was spent
            raise
        s.actions += 1
        s.last_action = time.time()
        if banks[place] != before:  # persisted right after the move that spent it
            s.record.banks = list(banks)
            await self.recorder.save()
