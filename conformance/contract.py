"""The contract (engine.ruleset): identity, the options model, option texts in three
languages, presets, and unknown or mistyped options refused with the field named."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from pydantic import BaseModel, ValidationError

from conformance.context import Context
from conformance.report import Failure
from engine.ruleset import (
    DEFAULT_PRESET,
    PRESET_KEY,
    Names,
    OptionsError,
    TableRuleset,
    option_texts_of,
    parse_options,
    presets_of,
)

_ID = re.compile(r"^[a-z][a-z0-9_]{0,39}$")
_VERSION = re.compile(r"^\d+\.\d+(\.\d+)?([.-]?[0-9A-Za-z.+-]+)?$")
LANGS = ("en", "zh", "ja")
UNKNOWN = "__conformance_kit_unknown__"
NOT_A_VALUE = {"__conformance_kit__": ["not", "a", "value"]}


def _blank(names: object) -> list[str]:
    """The languages of ``names`` (a ``Names``) that are missing or blank."""
    if not isinstance(names, Names):
        return list(LANGS)
    return [lang for lang in LANGS if not str(getattr(names, lang, "") or "").strip()]


def identity(ctx: Context) -> Iterator[Failure]:
    r = ctx.ruleset
    rid = getattr(r, "id", None)
    if not isinstance(rid, str) or not _ID.match(rid):
        yield Failure(
            f"id {rid!r} is not a short lower-case name",
            "RULESET.id",
            "set id = 'my_variant' (a-z, 0-9, _; the entry point's name)",
        )
    version = getattr(r, "version", None)
    if not isinstance(version, str) or not _VERSION.match(version):
        yield Failure(
            f"version {version!r} is not a version number",
            "RULESET.version",
            "set version = '1.0.0' and raise it whenever scoring or table rules change",
        )
    names = getattr(r, "names", None)
    missing = _blank(names)
    if missing:
        yield Failure(
            f"names lack {', '.join(missing)}",
            "RULESET.names",
            "set names = Names(en=..., zh=..., ja=...), every language written",
        )
    elif isinstance(names, Names) and names.zh == names.en:
        yield Failure("the Chinese name is the English one", "RULESET.names.zh", "translate it")
    size = r.hand_size
    if size not in (14, 17):
        yield Failure(
            f"hand_size {size} is neither 14 nor 17",
            "RULESET.hand_size",
            "hand_size counts a complete hand's tiles, kongs as 3: 14 (13-tile) or 17 (16-tile)",
        )


def options_model(ctx: Context) -> Iterator[Failure]:
    model = getattr(ctx.ruleset, "options_model", None)
    if not (isinstance(model, type) and issubclass(model, BaseModel)):
        yield Failure(
            "options_model is not a pydantic model class",
            "RULESET.options_model",
            "class Options(BaseModel) with model_config = ConfigDict(frozen=True, extra='forbid')",
        )
        return
    config = model.model_config
    if not config.get("frozen"):
        yield Failure(
            "options are not frozen: a table's options could change under it",
            model.__name__,
            "model_config = ConfigDict(frozen=True, extra='forbid')",
        )
    if config.get("extra") != "forbid":
        yield Failure(
            f"extra={config.get('extra', 'ignore')!r}: a misspelled option would be ignored",
            model.__name__,
            "model_config = ConfigDict(frozen=True, extra='forbid')",
        )
    for name, info in model.model_fields.items():
        if info.is_required():
            yield Failure(
                "option has no default",
                f"option '{name}'",
                "give every option the rules' default value (a table made with {} must work)",
            )
        if info.annotation is Any or info.annotation is None:
            yield Failure(
                "option is not typed",
                f"option '{name}'",
                "annotate it precisely (Literal[...], int with Field(ge=...), bool, ...)",
            )
    try:
        defaults = model()
    except ValidationError as exc:
        yield Failure(f"the defaults do not validate: {exc.errors()[0]['msg']}", model.__name__)
        return
    if config.get("frozen"):
        first = next(iter(model.model_fields), None)
        if first is not None:
            try:
                setattr(defaults, first, getattr(defaults, first))
                yield Failure("options can be assigned to", f"option '{first}'", "frozen=True")
            except (ValidationError, TypeError, AttributeError):
                pass
    try:
        json.dumps(defaults.model_dump(mode="json"))
        json.dumps(model.model_json_schema())
    except Exception as exc:  # a plugin's model can fail in any way
        yield Failure(
            f"options or their schema are not JSON: {exc}",
            model.__name__,
            "use JSON types for options (they are stored with every match and sent to browsers)",
        )


def option_texts(ctx: Context) -> Iterator[Failure]:
    r = ctx.ruleset
    fields = set(r.options_model.model_fields)
    texts = option_texts_of(r)
    fix = "add it to option_texts (engine.ruleset.option_texts builds them from rows)"
    for name in sorted(fields - set(texts)):
        yield Failure("option has no title or description", f"option '{name}'", fix)
    for name in sorted(set(texts) - fields):
        yield Failure(
            "text for an option that does not exist",
            f"option_texts['{name}']",
            "remove it or fix its name",
        )
    schema = r.options_model.model_json_schema().get("properties", {})
    for name in sorted(fields & set(texts)):
        text = texts[name]
        for part in ("title", "description"):
            missing = _blank(getattr(text, part, None))
            if missing:
                yield Failure(
                    f"{part} missing in {', '.join(missing)}",
                    f"option '{name}'",
                    "write the title and a one-line description in English, Chinese, Japanese",
                )
        if isinstance(text.title, Names) and text.title.zh and text.title.zh == text.title.en:
            yield Failure("the Chinese title is the English one", f"option '{name}'", "translate")
        for value in _named_values(schema.get(name, {})):
            if value not in text.values or _blank(text.values[value]):
                yield Failure(
                    f"value {value!r} has no display name in en/zh/ja",
                    f"option '{name}'",
                    "name it in option_texts' values (keyed by the JSON value as text)",
                )


def _named_values(prop: dict[str, Any]) -> list[str]:
    """The values a person picks by name: enum strings (inside anyOf and items too) and
    "null" when the option can be unset."""
    parts = [prop, *prop.get("anyOf", [])]
    if "items" in prop:
        parts.append(prop["items"])
    out: list[str] = []
    for part in parts:
        values = part.get("enum", [part["const"]] if "const" in part else [])
        out += [v for v in values if isinstance(v, str)]
        if part.get("type") == "null":
            out.append("null")
    return out


def presets(ctx: Context) -> Iterator[Failure]:
    r = ctx.ruleset
    fields = set(r.options_model.model_fields)
    for name, preset in presets_of(r).items():
        where = f"preset '{name}'"
        unknown = sorted(set(preset.options) - fields)
        if unknown:
            yield Failure(
                f"sets options that do not exist: {', '.join(unknown)}",
                where,
                "a preset sets options of the model by name",
            )
        if name == DEFAULT_PRESET and preset.options:
            yield Failure("the default preset sets options", where, "default must set nothing")
        try:
            options = parse_options(r, {PRESET_KEY: name})
        except OptionsError as exc:
            yield Failure(f"does not resolve: {exc}", where, "fix its option values")
            continue
        if isinstance(r, TableRuleset):
            try:
                r.table_rules(options)
                r.match_rules(options)
            except Exception as exc:  # any error of a plugin is reported, not raised
                yield Failure(
                    f"cannot be played: {type(exc).__name__}: {exc}",
                    where,
                    "every preset must make a table (or raise OptionsError for a value)",
                )
        if preset.title is None or _blank(preset.title):
            yield Failure("no title in en/zh/ja", where, "Preset(..., title=Names(en, zh, ja))")
        if not isinstance(preset.description, Names) or _blank(preset.description):
            yield Failure(
                "description not in en/zh/ja", where, "Preset(description=Names(en, zh, ja))"
            )


def unknown_options(ctx: Context) -> Iterator[Failure]:
    r = ctx.ruleset
    for raw, field in (({UNKNOWN: 1}, UNKNOWN), ({PRESET_KEY: UNKNOWN}, PRESET_KEY)):
        try:
            parse_options(r, raw)
            yield Failure(
                f"options {raw} were accepted",
                f"field '{field}'",
                "refuse unknown options: model_config extra='forbid', and no validator "
                "that drops keys",
            )
        except OptionsError as exc:
            if exc.field != field:
                yield Failure(
                    f"refused, but naming '{exc.field}' rather than '{field}'",
                    f"field '{field}'",
                    "let pydantic report the field (engine.ruleset.parse_options names it)",
                )
        except Exception as exc:  # a plugin's validator may raise anything
            yield Failure(f"{type(exc).__name__} rather than OptionsError: {exc}", field)
    for name in r.options_model.model_fields:
        try:
            parse_options(r, {name: NOT_A_VALUE})
            yield Failure(
                "accepts an object where a value belongs",
                f"option '{name}'",
                "type the option precisely (not Any, dict or object)",
            )
        except OptionsError as exc:
            if exc.field.split(".")[0] != name:
                yield Failure(f"a bad value is reported as '{exc.field}'", f"option '{name}'")
        except Exception as exc:  # a plugin's validator may raise anything
            yield Failure(
                f"a bad value raises {type(exc).__name__}, not OptionsError: {exc}",
                f"option '{name}'",
                "raise ValueError in validators (pydantic turns it into a field error)",
            )
