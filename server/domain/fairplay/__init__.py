"""Fair-play tooling for administrators (docs/fair-play.md)."""
