"""Every option of every installed ruleset can be read by a person (issue 17): a title and
a one-line description in English, Chinese and Japanese, display names for its named
values and for "none", presets titled and described in the three languages, all of it in
the exported options JSON Schema."""

from __future__ import annotations

from typing import Any

import pytest

from engine.ruleset import Names, option_texts_of, options_schema, presets_of
from server.domain.registry import load_all

RULESETS = {r.id: r for r in load_all()}
LANGS = ("en", "zh", "ja")


def _named_values(prop: dict[str, Any]) -> list[str]:
    """The values a person picks from by name: strings of enums (also inside anyOf and
    array items), and "null" when the option can be unset."""
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


def _full(names: Names) -> bool:
    return all(isinstance(t, str) and t.strip() for t in (names.en, names.zh, names.ja))


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_every_option_has_a_title_and_description_in_three_languages(ruleset_id: str) -> None:
    ruleset = RULESETS[ruleset_id]
    texts = option_texts_of(ruleset)
    fields = set(ruleset.options_model.model_fields)
    assert fields - set(texts) == set(), "options without texts"
    assert set(texts) - fields == set(), "texts of options that do not exist"
    schema = options_schema(ruleset)["properties"]
    for name in fields:
        text = texts[name]
        assert _full(text.title) and _full(text.description), name
        assert "\n" not in text.description.en and len(text.description.en) <= 160, name
        assert text.title.zh != text.title.en, f"{name}: Chinese title is the English one"
        for value in _named_values(schema[name]):
            assert value in text.values and _full(text.values[value]), f"{name}={value}"


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_the_schema_exports_the_texts(ruleset_id: str) -> None:
    ruleset = RULESETS[ruleset_id]
    schema = options_schema(ruleset)
    for name, text in option_texts_of(ruleset).items():
        prop = schema["properties"][name]
        assert prop["title"] == text.title.en and prop["description"] == text.description.en
        assert prop["x-title"] == {"en": text.title.en, "zh": text.title.zh, "ja": text.title.ja}
        assert set(prop["x-description"]) == set(LANGS)
        for value, names in text.values.items():
            assert prop["x-values"][value]["zh"] == names.zh


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_presets_are_titled_and_described_and_exported_resolved(ruleset_id: str) -> None:
    ruleset = RULESETS[ruleset_id]
    presets = presets_of(ruleset)
    schema = options_schema(ruleset)
    for name, preset in presets.items():
        assert preset.title is not None and _full(preset.title), name
        assert isinstance(preset.description, Names) and _full(preset.description), name
    if len(presets) > 1:
        exported = schema["x-presets"]
        assert list(exported) == list(presets)
        defaults = ruleset.options_model().model_dump(mode="json")
        assert exported["default"]["options"] == defaults
        for entry in exported.values():
            assert set(entry["options"]) == set(defaults)  # resolved: every option
            assert set(entry["x-title"]) == set(LANGS) == set(entry["x-description"])


def test_mcr_presets_seed_rules_and_botzone() -> None:
    schema = options_schema(RULESETS["mcr"])
    presets = schema["x-presets"]
    assert list(presets) == ["default", "botzone"]
    assert presets["default"]["x-title"]["en"] == "Seed rules"
    assert presets["default"]["options"]["edition"] == "competition"
    botzone = presets["botzone"]["options"]
    assert botzone["edition"] == "botzone1998"
    differs = {k for k, v in botzone.items() if presets["default"]["options"][k] != v}
    assert differs == {"edition"}
    assert schema["properties"]["preset"]["enum"] == ["default", "botzone"]
    assert schema["properties"]["seat_change"]["x-values"]["mcr_table"]["zh"]
