"""Match records: scoresheet rows derived from the event log, the scoresheet with running
totals and corrections, and its exports (CSV, JSON)."""
