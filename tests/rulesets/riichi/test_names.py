"""English yaku names are the romaji English-speaking players use (Riichi, Menzen tsumo,
Ippatsu, Iipeikou …), not translations ("Ready declaration")."""

from __future__ import annotations

from rulesets.riichi.patterns import CATALOGUE

EXPECTED = {
    "riichi": "Riichi",
    "ippatsu": "Ippatsu",
    "menzen_tsumo": "Menzen tsumo",
    "pinfu": "Pinfu",
    "tanyao": "Tanyao",
    "iipeikou": "Iipeikou",
    "yakuhai_chun": "Yakuhai: chun",
    "chiitoitsu": "Chiitoitsu",
    "kokushi_musou": "Kokushi musou",
    "nagashi_mangan": "Nagashi mangan",
}


def test_romaji_names() -> None:
    names = {y.id: y.en for y in CATALOGUE}
    assert {k: names[k] for k in EXPECTED} == EXPECTED
    # every name is romaji: plain Latin letters (a colon, comma, digits or a hyphen at most)
    for yaku in CATALOGUE:
        assert yaku.en.isascii() and yaku.en[0].isupper(), yaku.en
    assert len(set(names.values())) == len(names)  # no two yaku share a name
