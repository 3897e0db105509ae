"""Tournaments: ``seating`` (who sits where each round; pure, seeded) and the event's
records on top of the match records (docs/tournaments.md)."""
