"""Matchmaking: queues per ruleset, preset and match length that form tables of four
players of close ratings, widening the band the longer they wait (docs/matchmaking.md)."""
