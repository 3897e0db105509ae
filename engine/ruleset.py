"""The ruleset contract (../shared/DESIGN.md "The ruleset contract").

A ruleset plugin is a package exporting ``RULESET``, an instance of a subclass of
``Ruleset[OptionsT]`` (a ruleset that scores) or ``TableRuleset[OptionsT]`` (one that is
also played at the table), ``OptionsT`` being its options model. The contract is
deliberately small; table mechanics read the ruleset's ``table_rules``.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, Protocol, TypeVar

from pydantic import BaseModel, ValidationError

from engine.context import WinContext
from engine.events import Event
from engine.log_exports import ExportRefused, LogExport
from engine.scoring import Score
from engine.state import MatchRules, MatchState, NagashiFn, Table, TenpaiFn
from engine.table_rules import TableRules


@dataclass(frozen=True, slots=True)
class Names:
    en: str
    zh: str
    ja: str


@dataclass(frozen=True, slots=True)
class Preset:
    """A named set of option values (JSON values, keyed by option name) and where they
    come from; whatever a preset does not set keeps the ruleset's default. An installed
    ruleset gives ``description`` and ``title`` in English, Chinese and Japanese."""

    options: Mapping[str, Any]
    description: str | Names
    title: Names | None = None


@dataclass(frozen=True, slots=True)
class OptionText:
    """What a person reads about one option: a title, a one-line description, and display
    names of its values (keyed by the JSON value as text: ``"mcr_table"``, ``"5"``,
    ``"null"``)."""

    title: Names
    description: Names
    values: Mapping[str, Names] = field(default_factory=dict)


# The statistics a ruleset may add to the ones every ruleset has (docs/records.md):
# who was ready at an exhaustive draw, and how often riichi was declared and won.
OPTIONAL_STATISTICS = frozenset({"tenpai_at_draw_rate", "riichi_rate", "riichi_win_rate"})


# The words a ruleset may give the web client (``Ruleset.words``; ``{n}`` is a number):
# ``win_on_discard``, the button of a win on another's discard ("Win" otherwise);
# ``hand_value``, a scored hand's total ("{n} points" otherwise); ``match_points``, the
# final table's points column ("table points" otherwise).
WORDS = frozenset({"win_on_discard", "hand_value", "match_points"})


class MjaiStream(Protocol):
    """An mjai message stream of one seat's view (``feed`` the redacted events, ``None``
    to flush; ``out`` the messages produced so far)."""

    out: list[dict[str, Any]]

    def feed(self, ev: Event | None) -> None: ...


@dataclass(frozen=True, slots=True)
class MjaiCodec:
    """How a ruleset's tables talk to external mjai bots: ``stream(seat, names)`` makes a
    seat's message stream, ``parse_tile`` reads an mjai tile name into a tile."""

    stream: Callable[[int | None, Sequence[str] | None], MjaiStream]
    parse_tile: Callable[[str], int]


if TYPE_CHECKING:  # a type only: the compiled PatternDef (setup.py) takes no subscript
    from engine.scoring import PatternDef, PatternSet

    # The patterns a ruleset's scores can list (``Ruleset.catalogue``): a catalogue, its
    # entries, or a sequence of both (a ruleset with yaku and dora gives each set).
    Catalogue = PatternSet[Any] | PatternDef[Any] | Sequence[PatternSet[Any] | PatternDef[Any]]


# (English title, English description, Chinese title, Chinese description, Japanese
# title, Japanese description): the compact form rulesets write their option texts in.
TextRow = tuple[str, str, str, str, str, str]


def option_texts(
    rows: Mapping[str, TextRow],
    values: Mapping[str, Mapping[str, tuple[str, str, str]]] | None = None,
) -> dict[str, OptionText]:
    """Build a ruleset's ``option_texts`` from rows and per-option value names."""
    named = values or {}
    return {
        name: OptionText(
            Names(en, zh, ja),
            Names(en_d, zh_d, ja_d),
            {value: Names(*texts) for value, texts in named.get(name, {}).items()},
        )
        for name, (en, en_d, zh, zh_d, ja, ja_d) in rows.items()
    }


class OptionsError(ValueError):
    """Options that the ruleset's model rejects; ``field`` names the offending option."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        self.message = message
        super().__init__(f"option '{field}': {message}")


OptionsT = TypeVar("OptionsT", bound=BaseModel)

# How a ruleset's leaderboards rank players (``Ruleset.leaderboard``): the main measure,
# then its tie-break. A closed set of words, so that every client can translate them.
Measure = Literal["table points", "raw score", "uma/oka result"]
TieBreak = Literal["total raw score", "average rank"]


class Ruleset(ABC, Generic[OptionsT]):
    """What every ruleset declares and shares. A subclass sets the class attributes and
    ``score``; everything else reads them.

    ``options_model`` is the ruleset's options (frozen, ``extra="forbid"``, defaults from
    the rules doc); every method takes a validated instance of it (``parse_options``), so
    no ruleset converts options itself. ``presets`` maps a name to a ``Preset``
    (``presets_of``); options then accept ``{"preset": NAME, ...overrides}`` wherever they
    are accepted (``parse_options``). ``option_texts`` (name to ``OptionText``) gives each
    option's title and description in three languages (``options_schema`` exports them).
    ``hand_size`` is the tiles in a complete hand counting kongs as 3. ``length_option``
    names the option that sets a match's length in hands, for a ruleset that counts it
    so (None: the ruleset sets its length otherwise, e.g. riichi's ``game_length``).
    ``plays_mjai``: its tables can seat external mjai bots (the ruleset's events convert
    to the mjai protocol, as ``rulesets.riichi.mjai`` does). ``sample_hand``: one
    well-known winning hand in the hand-jsonl form (``WinContext.from_json``), which
    ``jantaku demo`` scores. ``leaderboard`` is how the server's boards rank its players:
    a measure and its tie-break.

    What the conformance kit reads (docs/plugins.md "The conformance kit"):
    ``catalogue``, the patterns its scores can list, with the exclusions of its default
    options as their data; ``unscorable``, the ids of the catalogue no scored hand can
    show, each with the reason (a settlement-only pattern, tiles the ruleset lacks);
    ``vectors``, where its vector files (``*.jsonl``, hand-jsonl lines) are, a folder or
    file relative to the ruleset's module, or several.

    ``log_exports`` maps a match-log format (``"tenhou6"``, ``"mjai"``) to its writer;
    ``refused_exports`` a format the game cannot have to the reason
    (``log_export``).

    What the server reads beyond that (docs/plugins.md "What the server asks of a
    ruleset"), so that nothing in server/ names a ruleset: ``leaderboard``; ``statistics``,
    the figures of ``OPTIONAL_STATISTICS`` its records support; ``mjai``, its ``MjaiCodec``
    when ``plays_mjai``; ``length_hint``, for a ruleset with no ``length_option``, a short
    text saying which option sets a match's length (in the error a request counting hands
    gets); ``words``, the ruleset's own words for what the web client otherwise names
    generically (``WORDS``), each in three languages."""

    id: ClassVar[str]
    version: ClassVar[str]
    names: ClassVar[Names]
    options_model: type[OptionsT]
    presets: ClassVar[Mapping[str, Preset]] = {}
    option_texts: ClassVar[Mapping[str, OptionText]] = {}
    hand_size: ClassVar[int] = 14
    length_option: ClassVar[str | None] = None
    plays_mjai: ClassVar[bool] = False
    sample_hand: ClassVar[Mapping[str, Any] | None] = None
    catalogue: ClassVar[Catalogue | None] = None
    unscorable: ClassVar[Mapping[str, str]] = {}
    vectors: ClassVar[str | Sequence[str] | None] = None
    log_exports: ClassVar[Mapping[str, LogExport]] = {}
    refused_exports: ClassVar[Mapping[str, str]] = {}
    leaderboard: ClassVar[tuple[Measure, TieBreak]] = ("table points", "total raw score")
    statistics: ClassVar[frozenset[str]] = frozenset()
    mjai: ClassVar[MjaiCodec | None] = None
    length_hint: ClassVar[str | None] = None
    words: ClassVar[Mapping[str, Names]] = {}

    @abstractmethod
    def score(self, win: WinContext, options: OptionsT) -> Score:
        """Score a win (itemised patterns, total, legality)."""

    def hand_tiles(self, options: OptionsT) -> int:
        """Tiles in a complete hand counting kongs as 3: 14, or 17 for 16-tile rulesets."""
        return self.hand_size

    def scorer(self, options: OptionsT) -> Callable[[WinContext], Score]:
        """``score`` bound to ``options``: a table scores with it (``Table.score``), and so
        may anyone scoring many hands under one options. A ruleset whose scoring reads a
        plan of its options (values, exclusions, the patterns in force) reads it here,
        once, so the plan and what scoring remembers with it live as long as the table,
        not in a module; it must score exactly as ``score``. The default binds ``score``."""

        def bound(win: WinContext) -> Score:
            return self.score(win, options)

        return bound


def log_export(ruleset: Ruleset[Any], fmt: str) -> LogExport:
    """The ruleset's export to ``fmt``, or ``ExportRefused``."""
    found = ruleset.log_exports.get(fmt)
    if found is not None:
        return found
    why = ruleset.refused_exports.get(fmt)
    if why is not None:
        raise ExportRefused(ruleset.id, fmt, why, declared=True)
    raise ExportRefused(ruleset.id, fmt, f"'{ruleset.id}' matches have no {fmt} export",
                        declared=False)


PRESET_KEY = "preset"
DEFAULT_PRESET = "default"  # every ruleset has it: the defaults themselves


DEFAULTS_PRESET = Preset(
    {},
    Names(
        "every option at the ruleset's default",
        "所有选项均取本规则的默认值",
        "すべてのオプションがこのルールの既定値",
    ),
    Names("Defaults", "默认", "既定"),
)


def presets_of(ruleset: Ruleset[Any]) -> dict[str, Preset]:
    """The named presets of a ruleset, ``default`` (its defaults) first; a ruleset may
    declare ``default`` itself to name and describe its defaults (it must set nothing)."""
    declared = ruleset.presets
    return {DEFAULT_PRESET: declared.get(DEFAULT_PRESET, DEFAULTS_PRESET), **declared}


def option_texts_of(ruleset: Ruleset[Any]) -> Mapping[str, OptionText]:
    return ruleset.option_texts


def parse_options(
    ruleset: Ruleset[OptionsT], raw: Mapping[str, Any] | None, *, strict: bool = False
) -> OptionsT:
    """Validate raw options against the ruleset's model; unknown or bad values raise
    ``OptionsError`` naming the field. ``{"preset": NAME, ...}`` starts from the named
    preset (``presets_of``), the other keys overriding it. ``strict`` takes the values as
    JSON's own types: ``true`` is no number and ``"1"`` or ``1.0`` no integer (options a
    peer sent; stored and built-in options are validated as before)."""
    values = dict(raw or {})
    if PRESET_KEY in values:
        name = values.pop(PRESET_KEY)
        presets = presets_of(ruleset)
        if not isinstance(name, str) or name not in presets:
            known = ", ".join(presets)
            raise OptionsError(
                PRESET_KEY, f"unknown preset {name!r} for {ruleset.id} (known: {known})"
            )
        values = {**presets[name].options, **values}
    text = None
    if strict:
        try:
            text = json.dumps(values, allow_nan=False)
        except (TypeError, ValueError):  # NaN, or an object JSON does not have
            raise OptionsError("options", "not JSON values") from None
    try:
        if text is not None:
            return ruleset.options_model.model_validate_json(text, strict=True)
        return ruleset.options_model.model_validate(values)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "options"
        msg = "unknown option" if first["type"] == "extra_forbidden" else first["msg"]
        raise OptionsError(where, msg) from None


def resolved_options(options: BaseModel) -> dict[str, Any]:
    """Every option's value as JSON (what a table records and reports): a preset and the
    defaults of the day are spelled out, so the record alone says how the match ran."""
    return options.model_dump(mode="json")


def _langs(names: Names) -> dict[str, str]:
    return {"en": names.en, "zh": names.zh, "ja": names.ja}


def _english(text: str | Names) -> str:
    return text if isinstance(text, str) else text.en


def _annotate(prop: dict[str, Any], text: OptionText) -> None:
    """Titles and descriptions in English as JSON Schema has them, the three languages
    under ``x-title`` / ``x-description``, display names of values under ``x-values``."""
    prop["title"] = text.title.en
    prop["description"] = text.description.en
    prop["x-title"] = _langs(text.title)
    prop["x-description"] = _langs(text.description)
    if text.values:
        prop["x-values"] = {value: _langs(names) for value, names in text.values.items()}


def options_schema(ruleset: Ruleset[Any]) -> dict[str, Any]:
    """The options model's JSON Schema with every option's texts (``option_texts_of``);
    with presets, a ``preset`` property names them and ``x-presets`` gives each one's
    title, description and resolved options (so a form can show what differs)."""
    schema: dict[str, Any] = ruleset.options_model.model_json_schema()
    props: dict[str, Any] = schema.setdefault("properties", {})
    for name, text in option_texts_of(ruleset).items():
        if name in props:
            _annotate(props[name], text)
    presets = presets_of(ruleset)
    if len(presets) > 1:
        described = "; ".join(f"{name}: {_english(p.description)}" for name, p in presets.items())
        props[PRESET_KEY] = {
            "type": "string",
            "enum": list(presets),
            "default": DEFAULT_PRESET,
            "title": "Preset",
            "description": "start from a named set of options; the other keys override it "
            f"({described})",
            "x-title": {"en": "Preset", "zh": "预设", "ja": "プリセット"},
        }
        exported: dict[str, Any] = {}
        for name, p in presets.items():
            entry: dict[str, Any] = {
                "description": _english(p.description),
                "options": resolved_options(parse_options(ruleset, {PRESET_KEY: name})),
            }
            if isinstance(p.description, Names):
                entry["x-description"] = _langs(p.description)
            if p.title is not None:
                entry["x-title"] = _langs(p.title)
            exported[name] = entry
        schema["x-presets"] = exported
    return schema


class TableRuleset(Ruleset[OptionsT]):
    """A ruleset that can be played at the table: it adds its table mechanics and its
    match rules (settlement included), both bound to validated options, and the facts of
    a win at the table that only it scores."""

    @abstractmethod
    def table_rules(self, options: OptionsT) -> TableRules:
        """The table mechanics; ``OptionsError`` for option values not playable yet."""

    @abstractmethod
    def match_rules(self, options: OptionsT) -> MatchRules:
        """The sequence of hands and the settlement of each."""

    def win_extras(
        self, state: MatchState, seat: int, *, tsumo: bool, chankan: bool
    ) -> dict[str, object]:
        """The ``WinContext.extra`` of a win at the table: facts only this ruleset scores
        (``engine.state.WinExtrasFn``); none unless the ruleset says so."""
        return {}

    def nagashi(self, options: OptionsT) -> NagashiFn | None:
        """The seats that qualify for nagashi at an exhaustive draw, under ``options``
        (``engine.state.NagashiFn``); None: this ruleset (or these options) has none."""
        return None

    def tenpai_at_draw(self, options: OptionsT) -> TenpaiFn | None:
        """Who is ready at an exhaustive draw, by this ruleset's reading of ready, under
        ``options`` (``engine.state.TenpaiFn``; the hand result records it for noten
        payments); None: the ruleset pays nothing for it and nobody is asked."""
        return None


def table_for(
    ruleset: TableRuleset[OptionsT], raw_options: Mapping[str, Any] | None = None
) -> Table:
    """Validate ``raw_options`` and bind everything the engine needs to run a match."""
    options = parse_options(ruleset, raw_options)
    return Table(
        ruleset_id=ruleset.id,
        rules=ruleset.table_rules(options),
        score=ruleset.scorer(options),
        match_rules=ruleset.match_rules(options),
        options=resolved_options(options),
        win_extras=ruleset.win_extras,
        nagashi=ruleset.nagashi(options),
        tenpai_at_draw=ruleset.tenpai_at_draw(options),
    )
