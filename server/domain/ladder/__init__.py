"""The ranked ladder per ruleset (docs/ladder.md): riichi's dan/kyu ranks after tenhou.net,
MCR's and Zung Jung's ladder points from table points; derived from the records."""
