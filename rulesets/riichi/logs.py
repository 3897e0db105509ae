"""What the server asks of riichi beyond scoring, play and its log exports (docs/plugins.md
"What the server asks of a ruleset"): its statistics, the hint on its match length, its
mjai codec for external bots and its words for the web client."""

from __future__ import annotations

from engine.ruleset import MjaiCodec, Names
from rulesets.riichi.mjai import MjaiStream, parse_tile_name

# noten payments record who was ready at a draw (riichi.md §12.1); riichi is declared
STATISTICS = frozenset({"tenpai_at_draw_rate", "riichi_rate", "riichi_win_rate"})

# the client's words for riichi (engine.ruleset.WORDS)
WORDS = {
    "win_on_discard": Names("Win on discard", "和", "ロン"),
    "match_points": Names("result (uma/oka)", "顺位分（马/返）", "順位点（ウマ/オカ）"),
}

LENGTH_HINT = "riichi: options.game_length, hanchan or tonpuusen"

MJAI = MjaiCodec(stream=MjaiStream, parse_tile=parse_tile_name)
