"""``python -m server.cli``: the ``jantaku`` command."""

from server.cli import app

app()
