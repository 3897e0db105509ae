"""Drive the web client like a person: wait for the prompt, click one of the offered
actions (a tile to discard, a button), never sleep."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

PROMPT = "#mine[data-prompt]:not([data-prompt=''])"
OK = "#sheet [data-ok]"  # the OK under a hand's scoresheet (the next hand waits for it)
# one round trip per prompt: its id, what is offered, and whether the drawn tile is
# (with the centre of each offered element, where the mouse will click it)
SNAPSHOT = """() => {
  const mine = document.querySelector('#mine');
  mine.scrollIntoView({block: 'nearest'});
  const at = e => {
    const r = e.getBoundingClientRect();
    return [r.x + r.width / 2, r.y + r.height / 2];
  };
  return {
    pid: mine.dataset.prompt || '',
    offered: [...mine.querySelectorAll('[data-act], [data-riichi]')].map(e =>
      [e.dataset.act, e.dataset.type || (e.dataset.riichi ? 'riichi' : 'discard'), ...at(e)]),
    drawn: !!document.querySelector('#my-hand .tile-btn.drawn[data-act]'),
  };
}"""


@dataclass
class Player:
    page: Any
    rng: random.Random
    last: str = ""
    actions: int = 0
    wins: int = 0
    calls: int = 0
    riichi: int = 0
    keys: int = 0
    sheets: int = 0  # hand scoresheets seen and closed with OK
    shots: dict[str, Path] = field(default_factory=dict)
    trace: list[str] = field(default_factory=list)
    where: dict[str, tuple[float, float]] = field(default_factory=dict)
    again: Callable[[], None] | None = None  # repeats the last input (see ``step``)
    on_sheet: Callable[[Player], None] | None = None  # called before OK on a hand's sheet
    on_riichi: Callable[[Player], None] | None = None  # Riichi pressed, discard not yet picked

    def ready_selector(self) -> str:
        fresh = f"{PROMPT}:not([data-prompt='{self.last}'])" if self.last else PROMPT
        return f"{fresh}, .matchsheet, {OK}"

    def over(self) -> bool:
        return bool(self.page.evaluate("!!document.querySelector('.matchsheet')"))

    def has_prompt(self) -> bool:
        """Non-blocking: is a fresh prompt on screen?"""
        return bool(self.page.locator(self.ready_selector()).count()) and not self.over()

    def step(self, timeout: float = 15_000) -> bool:
        """Answer the next prompt; False once the match is over."""
        page = self.page
        try:
            self._wait_for_prompt(timeout / 3)
        except Exception:
            # A click can be lost when the page redraws between the mouse going down and
            # up. If our prompt is still open, do as a person would: click again (at worst
            # the server answers a stale prompt with an error and nothing changes).
            if self.again is not None and self._still_open():
                self.trace.append(f"{self.last}: again")
                self.again()
            try:
                self._wait_for_prompt(timeout)
            except Exception as exc:
                raise AssertionError(
                    f"no prompt after {self.last} ({self.trace[-3:]}): {self.diagnose()}"
                ) from exc
        if self.over():
            return False
        if page.locator(OK).count():
            self.sheets += 1
            if self.on_sheet is not None:
                self.on_sheet(self)
            self.trace.append(f"{self.last}: OK")
            page.click(OK)
            self.again = None
            return True
        snap = page.evaluate(SNAPSHOT)
        if not snap["offered"]:
            return True  # the prompt closed as we looked (the hand ended): wait again
        pid = snap["pid"]
        self.where = {a: (x, y) for a, _, x, y in snap["offered"]}
        offered = [(a, k) for a, k, _, _ in snap["offered"]]
        kinds = {k for _, k in offered}
        self.last = pid
        self.actions += 1
        win = [a for a, k in offered if k in ("win", "self_draw_win")]
        if win:
            self.wins += 1
            return self._click(win[0])
        if "riichi" in kinds and self.rng.random() < 0.6:
            page.click("#mine [data-riichi]")
            # the page redraws on its next animation frame: read the riichi discards after it
            page.wait_for_selector("#my-hand.riichi-mode")
            if self.on_riichi is not None:
                self.on_riichi(self)
            again = page.evaluate(SNAPSHOT)["offered"]
            self.where = {a: (x, y) for a, _, x, y in again}
            tiles = [a for a, k, _, _ in again if k == "discard"]
            self.riichi += 1
            return self._click(self.rng.choice(tiles))
        if "pass" in kinds:
            calls = [a for a, k in offered if k in ("chow", "pung", "kong")]
            if calls and self.rng.random() < 0.3:
                self.calls += 1
                return self._click(self.rng.choice(calls))
            if self.rng.random() < 0.3:
                return self._press("p")  # the pass shortcut
            return self._click(next(a for a, k in offered if k == "pass"))
        flowers = [a for a, k in offered if k == "declare_flower"]
        if flowers:
            return self._click(flowers[0])
        kongs = [a for a, k in offered if k in ("concealed_kong", "added_kong")]
        if kongs and self.rng.random() < 0.5:
            return self._click(kongs[0])
        if snap["drawn"] and self.rng.random() < 0.3:
            return self._press("Enter")  # the shortcut: discard the drawn tile
        tiles = [a for a, k in offered if k == "discard"]
        return self._click(self.rng.choice(tiles))

    def _wait_for_prompt(self, timeout: float) -> None:
        # polled every animation frame: the next prompt is clicked as soon as it shows
        self.page.wait_for_function(
            "sel => !!document.querySelector(sel)",
            arg=self.ready_selector(),
            polling="raf",
            timeout=timeout,
        )

    def _still_open(self) -> bool:
        return bool(
            self.page.evaluate(
                "pid => document.querySelector('#mine').dataset.prompt === pid", self.last
            )
        )

    def _press(self, key: str) -> bool:
        self.keys += 1
        self.trace.append(f"{self.last}: key {key}")
        self.page.keyboard.press(key)
        self.again = lambda: self.page.keyboard.press(key)
        return True

    def diagnose(self) -> str:
        return str(
            self.page.evaluate(
                "() => { const s = window.__jantaku && window.__jantaku.st;"
                " if (!s) return 'no table';"
                " return JSON.stringify({prompt: s.prompt, conn: s.conn, error: s.error,"
                " seq: s.model && s.model.seq,"
                " focus: document.activeElement && document.activeElement.outerHTML.slice(0, 80),"
                " mine: document.querySelector('#mine').dataset.prompt}); }"
            )
        )

    def _click(self, act: str) -> bool:
        self.trace.append(f"{self.last}: click {act}")
        # a real mouse click at the element's centre, as measured when the prompt was read
        # (one round trip; the page draws a prompt once and leaves it still)
        x, y = self.where[act]
        self.page.mouse.click(x, y)
        self.again = lambda: self._click_again(act)
        return True

    def _click_again(self, act: str) -> None:
        now = {a: (x, y) for a, _, x, y in self.page.evaluate(SNAPSHOT)["offered"]}
        if act in now:
            self.page.mouse.click(*now[act])

    def shoot(self, name: str, directory: Path, selector: str | None = None) -> Path:
        path = directory / f"{name}.png"
        if selector:
            self.page.locator(selector).screenshot(path=str(path))
        else:
            self.page.screenshot(path=str(path), full_page=True)
        self.shots[name] = path
        return path


# What anyone may see of the table, as JSON, from the page's model.
PUBLIC = """(() => {
  const m = window.__jantaku && window.__jantaku.st.model;
  const v = m && m.view;
  if (!v || !v.hand) return '';
  const h = v.hand;
  return JSON.stringify({
    scores: v.scores, pot: v.pot, seating: v.seating,
    hand: [h.label, h.dealer, h.honba, h.round_wind, h.wall_remaining, h.dora_indicators, h.turn],
    seats: h.seats.map(s => [s.player, s.wind, s.hand_count, s.flowers, s.riichi,
      s.melds.map(x => [x.type, x.from_seat, x.tiles, x.tile]),
      s.discards.map(d => [d.tile, !!d.riichi, !!d.called, !!d.tsumogiri])]),
  });
})"""


def through_sheets(page: Any) -> None:
    """Press OK on hand sheets (a spectator's, say) until the match sheet shows."""
    while True:
        page.wait_for_selector(f".matchsheet, {OK}")
        if page.locator(".matchsheet").count():
            return
        page.click(OK)


def spectators_agree(fresh: Any, watcher: Any, table: str) -> None:
    """Open ``fresh`` as a spectator now (the server's own view in its ``state``) and check
    that ``watcher``, which has been folding events into its model, shows the same table.
    Call it while a person's prompt holds the table still."""
    fresh.goto(f"/#/watch/{table}")
    fresh.wait_for_function(f"() => {PUBLIC}().includes('seats')")
    want = fresh.evaluate(f"{PUBLIC}()")
    try:
        watcher.wait_for_function(f"w => {PUBLIC}() === w", arg=want, timeout=3000)
    except Exception:
        got, exp = json.loads(watcher.evaluate(f"{PUBLIC}()")), json.loads(want)
        diff = {k: (got.get(k), exp.get(k)) for k in exp if got.get(k) != exp.get(k)}
        assert got == exp, f"folded view != server view (folded, server): {diff}"
