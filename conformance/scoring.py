"""The scoring checks: the catalogue, the plugin's vectors and what they cover, the
exclusions, seeded random and impossible hands, tile order, compiled versus pure."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

from conformance.catalogue import (
    Vector,
    VectorError,
    catalogue_of,
    expectation_problems,
    read_vectors,
    score_vector,
    unscorable_of,
)
from conformance.context import Context
from conformance.hands import Hand, HandMaker
from conformance.report import Failure, Skip
from engine.context import WinContext
from engine.ruleset import (
    PRESET_KEY,
    OptionsError,
    Ruleset,
    TableRuleset,
    parse_options,
    presets_of,
)
from engine.scoring import PatternDef, Score, ScoreError
from engine.tiles import kind_of

CATALOGUE_FIX = (
    "declare the patterns your scores list: catalogue = PatternSet([...]) (or a tuple of "
    "PatternDef / PatternSets) on the ruleset class"
)
ERRORS = frozenset(
    {ScoreError.INVALID_INPUT, ScoreError.NOT_A_WIN, ScoreError.NO_YAKU, ScoreError.BELOW_MINIMUM}
)
LANGS = ("en", "zh", "ja")


def _catalogue(ctx: Context) -> tuple[PatternDef[Any], ...]:
    if "catalogue" not in ctx.shared:
        try:
            ctx.shared["catalogue"] = catalogue_of(ctx.ruleset)
        except TypeError as exc:
            ctx.shared["catalogue"] = None
            ctx.shared["catalogue_error"] = str(exc)
    cat: tuple[PatternDef[Any], ...] | None = ctx.shared["catalogue"]
    if cat is None:
        raise Skip("no catalogue declared (see scoring.catalogue)")
    return cat


def catalogue(ctx: Context) -> Iterator[Failure]:
    try:
        cat = _catalogue(ctx)
    except Skip:
        error = ctx.shared.get("catalogue_error", "RULESET.catalogue is not set")
        yield Failure(error, "RULESET.catalogue", CATALOGUE_FIX)
        return
    if not cat:
        yield Failure("the catalogue is empty", "RULESET.catalogue", CATALOGUE_FIX)
    seen: dict[str, int] = {}
    for i, d in enumerate(cat):
        where = f"pattern '{d.id}'"
        if d.id in seen:
            yield Failure("listed twice", where, "give every pattern its own id")
        seen[d.id] = i
        missing = [lang for lang in LANGS if not str(getattr(d, lang, "")).strip()]
        if missing:
            yield Failure(
                f"no name in {', '.join(missing)}", where, "PatternDef(id, zh, en, ja, ...)"
            )
    position = {d.id: i for i, d in enumerate(cat)}
    for d in cat:
        for x in d.excludes:
            where = f"pattern '{d.id}'"
            if x == d.id:
                yield Failure("excludes itself", where, "remove it from its own excludes")
            elif x not in position:
                yield Failure(f"excludes '{x}', which is not in the catalogue", where)
    unscorable = unscorable_of(ctx.ruleset)
    for pid, why in unscorable.items():
        if pid not in position:
            yield Failure("declared unscorable but not in the catalogue", f"unscorable['{pid}']")
        if not str(why).strip():
            yield Failure("no reason given", f"unscorable['{pid}']", "say why no hand shows it")


def _vectors(ctx: Context) -> list[tuple[Vector, Score | None, str]]:
    """Every hand vector with its score (None and why when it could not be scored)."""
    if "scored" not in ctx.shared:
        vectors, problems = read_vectors(ctx.vectors)
        ctx.shared["vector_problems"] = problems
        scored: list[tuple[Vector, Score | None, str]] = []
        for v in vectors:
            if not v.is_hand:
                continue
            try:
                scored.append((v, score_vector(ctx.ruleset, v), ""))
            except VectorError as exc:
                scored.append((v, None, str(exc)))
            except Exception as exc:  # a crash while scoring: reported, never raised
                scored.append((v, None, f"scoring raised {type(exc).__name__}: {exc}"))
        ctx.shared["scored"] = scored
    result: list[tuple[Vector, Score | None, str]] = ctx.shared["scored"]
    return result


VECTORS_FIX = (
    "put hand-jsonl lines (with 'expected' and 'source') in *.jsonl files and set "
    "vectors = 'vectors' on the ruleset (a folder beside its module), or pass --vectors DIR"
)


def vectors(ctx: Context) -> Iterator[Failure]:
    scored = _vectors(ctx)
    for problem in ctx.shared["vector_problems"]:
        yield Failure(problem, "vectors", "one JSON object per line")
    if not scored:
        yield Failure(f"no hand vectors ({ctx.vectors_from})", "vectors", VECTORS_FIX)
        return
    for v, score, why in scored:
        if score is None:
            yield Failure(why, v.where, "fix the vector or the scorer")
            continue
        expected = v.obj.get("expected")
        if isinstance(expected, dict):
            for problem in expectation_problems(expected, score):
                yield Failure(
                    f"scored {problem}",
                    v.where,
                    "fix the scorer, or the vector if its source says so",
                )


def coverage(ctx: Context) -> Iterator[Failure]:
    cat = _catalogue(ctx)
    scored = _vectors(ctx)
    if not scored:
        raise Skip("no hand vectors (see scoring.vectors)")
    shown = {p.id for _, s, _ in scored if s is not None for p in s.patterns}
    unscorable = unscorable_of(ctx.ruleset)
    for d in cat:
        if d.id not in shown and d.id not in unscorable:
            yield Failure(
                "no vector scores this pattern",
                f"pattern '{d.id}' ({d.en})",
                "add a vector whose hand scores it (with the options that enable it), or "
                "declare it in unscorable with the reason no hand shows it",
            )


class _Fuzzed:
    """Hands scored under each preset in turn: (preset, hand, score or the exception)."""

    def __init__(self, ctx: Context) -> None:
        r = ctx.ruleset
        self.presets = []
        self.options = []
        for name in presets_of(r):  # a preset that does not resolve: contract.presets
            try:
                self.options.append(parse_options(r, {PRESET_KEY: name}))
                self.presets.append(name)
            except OptionsError:
                pass
        self.scorers = [r.scorer(o) for o in self.options]
        self.maker = HandMaker(f"{ctx.seed}/fuzz", r.hand_tiles(self.options[0]), kinds_of(r))
        self.results: list[tuple[int, Hand, Score | BaseException]] = []
        for i, hand in enumerate(self.maker.hands(ctx.size.fuzz_hands)):
            p = i % len(self.presets)
            try:
                result: Score | BaseException = r.score(hand.win, self.options[p])
            except Exception as exc:  # the check reports it
                result = exc
            self.results.append((p, hand, result))


def kinds_of(r: Ruleset[Any]) -> list[int]:
    """The tile kinds the ruleset plays with (its wall's, or all 34)."""
    if isinstance(r, TableRuleset):
        try:
            options = parse_options(r, {})
            return sorted(
                {kind_of(t) for t in r.table_rules(options).wall.tile_set() if t < 34 or t > 41}
            )
        except Exception:  # the table checks report a ruleset that cannot make its rules
            pass
    return list(range(34))


def _fuzzed(ctx: Context) -> _Fuzzed:
    if "fuzz" not in ctx.shared:
        ctx.shared["fuzz"] = _Fuzzed(ctx)
    fuzzed: _Fuzzed = ctx.shared["fuzz"]
    return fuzzed


def _show(win: WinContext) -> str:
    return json.dumps(win.to_json(), ensure_ascii=False, separators=(",", ":"))


def exclusions(ctx: Context) -> Iterator[Failure]:
    cat = _catalogue(ctx)
    by_id = {d.id: d for d in cat}
    scores: list[tuple[str, Score]] = [
        (v.where, s) for v, s, _ in _vectors(ctx) if s is not None and v.default_options
    ]
    fuzzed = _fuzzed(ctx)
    scores += [
        (f"hand {_show(h.win)}", s)
        for p, h, s in fuzzed.results
        if isinstance(s, Score) and fuzzed.presets[p] == "default"
    ]
    reported: set[tuple[str, str]] = set()
    for where, s in scores:
        ids = [p.id for p in s.patterns]
        for hit in s.patterns:
            d = by_id.get(hit.id)
            if d is None:
                if (hit.id, "") not in reported:
                    reported.add((hit.id, ""))
                    yield Failure(
                        f"scored '{hit.id}', which is not in the catalogue", where, CATALOGUE_FIX
                    )
                continue
            if (hit.zh, hit.en, hit.ja) != (d.zh, d.en, d.ja) and (hit.id, "names") not in reported:
                reported.add((hit.id, "names"))
                yield Failure(
                    f"scored '{hit.id}' named {hit.en!r}/{hit.zh!r}/{hit.ja!r}, the catalogue "
                    f"says {d.en!r}/{d.zh!r}/{d.ja!r}",
                    where,
                    "make hits from the catalogue entry (PatternDef.hit)",
                )
            for x in d.excludes:
                if x in ids and (hit.id, x) not in reported:
                    reported.add((hit.id, x))
                    yield Failure(
                        f"scored '{hit.id}' together with '{x}', which it excludes",
                        where,
                        "apply the catalogue's exclusions (PatternSet.exclude), or fix the "
                        "catalogue's excludes if the rules count both",
                    )


def fuzz(ctx: Context) -> Iterator[Failure]:
    r = ctx.ruleset
    fuzzed = _fuzzed(ctx)
    reported: set[str] = set()
    for p, hand, result in fuzzed.results:
        where = f"{hand.kind} hand {_show(hand.win)}, preset '{fuzzed.presets[p]}'"
        problem, fix = _problem(r, hand, result, fuzzed.scorers[p])
        if problem and problem not in reported:
            reported.add(problem)
            yield Failure(problem, where, fix)


def _problem(
    r: Ruleset[Any],
    hand: Hand,
    result: Score | BaseException,
    scorer: Callable[[WinContext], Score],
) -> tuple[str, str]:
    if isinstance(result, BaseException):
        return (
            f"score raised {type(result).__name__}: {result}",
            "score must return a Score for any hand: Score.failure(id, 'invalid_input', why) "
            "for a hand it cannot score (win.check(hand_tiles) first)",
        )
    if not isinstance(result, Score):
        return f"score returned a {type(result).__name__}", "return an engine.scoring.Score"
    if result.ruleset != r.id:
        return f"score names ruleset '{result.ruleset}'", f"Score(ruleset='{r.id}', ...)"
    if result.error is not None and result.error not in ERRORS:
        return f"unknown error code '{result.error}'", "use engine.scoring.ScoreError's codes"
    if result.legal and result.error is not None:
        return f"a legal win with error '{result.error}'", "a legal win has no error"
    if hand.kind == "impossible":
        if result.error != ScoreError.INVALID_INPUT:
            return (
                f"an impossible hand ({hand.why}) was not refused as invalid_input "
                f"(got {result.error or 'a score'})",
                "call win.check(self.hand_tiles(options)) first and check your own tiles "
                "and flags; answer Score.failure(id, 'invalid_input', message)",
            )
        if not result.message.strip():
            return "invalid_input without a message", "say what is wrong with the hand"
    try:
        json.dumps(result.to_json())
    except (TypeError, ValueError) as exc:
        return f"the score is not JSON: {exc}", "details must hold JSON values only"
    try:
        bound = scorer(hand.win)
    except Exception as exc:  # reported
        return f"scorer(options) raised {type(exc).__name__}: {exc}", "scorer must score as score"
    if bound.to_json() != result.to_json():
        return "scorer(options) scores differently from score", "scorer must score exactly as score"
    return "", ""


def _outcome(s: Score, *, full: bool) -> tuple[object, ...]:
    """What must not depend on the order of the tiles: the error, total and legality, and
    (``full``) the patterns. An error's message may name the first bad tile, a detail may
    differ; and the order of the melds is the order of the calls, which a ruleset may break
    a tie of equal totals by (Three Kingdoms' face-down set), so with melds reordered only
    the error, total and legality must stay."""
    if s.error == ScoreError.INVALID_INPUT:
        return (s.error,)
    patterns = sorted((p.id, p.value, p.count) for p in s.patterns) if full else []
    return s.error, s.total, s.legal, patterns


def _melds(win: WinContext) -> list[str]:
    return [str(m) for m in win.melds]


def tile_order(ctx: Context) -> Iterator[Failure]:
    r = ctx.ruleset
    fuzzed = _fuzzed(ctx)
    complete = [
        (p, h) for p, h, s in fuzzed.results if h.kind == "complete" and isinstance(s, Score)
    ]
    maker = HandMaker(f"{ctx.seed}/order", 14, range(34))
    for i, (p, hand) in enumerate(complete[: ctx.size.order_hands]):
        first = r.score(hand.win, fuzzed.options[p])
        melds = i % 2 == 1 and len(hand.win.melds) > 1
        other = maker.reorder(hand.win, melds=melds)
        try:
            again = r.score(other, fuzzed.options[p])
        except Exception as exc:  # reported
            yield Failure(f"reordered, the hand raised {type(exc).__name__}: {exc}", _show(other))
            return
        if _outcome(first, full=not melds) != _outcome(again, full=not melds):
            yield Failure(
                f"the same hand scores {first.total} ({first.error or 'ok'}) in one tile order "
                f"and {again.total} ({again.error or 'ok'}) in another",
                f"concealed {list(hand.win.concealed)} vs {list(other.concealed)}"
                + (f", melds {_melds(hand.win)} vs {_melds(other)}" if melds else ""),
                "read counts or a sorted copy of the tiles, never their order",
            )
            return
