"""What the server asks of riichi beyond scoring, play and its log exports (docs/plugins.md
"What the server asks of a ruleset"): its statistics, the hint on its match length and
its mjai codec for external bots."""

from __future__ import annotations

from engine.ruleset import MjaiCodec
from rulesets.riichi.mjai import MjaiStream, parse_tile_name

# noten payments record who was ready at a draw (riichi.md §12.1); riichi is declared
STATISTICS = frozenset({"tenpai_at_draw_rate", "riichi_rate", "riichi_win_rate"})

LENGTH_HINT = "riichi: options.game_length, hanchan or tonpuusen"

MJAI = MjaiCodec(stream=MjaiStream, parse_tile=parse_tile_name)
