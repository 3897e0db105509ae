"""The ``jantaku`` console script."""

from __future__ import annotations

import typer

from server.commands.account import login, logout, register
from server.commands.cluster import cluster
from server.commands.db import db
from server.commands.demo import demo
from server.commands.export import export
from server.commands.play import play
from server.commands.rulesets import rulesets
from server.commands.score import score
from server.commands.serve import serve
from server.commands.simulate import simulate

app = typer.Typer(
    name="jantaku",
    help="Jantaku (雀卓): a multi-variant mahjong game server.",
    no_args_is_help=True,
    add_completion=False,
)
app.command()(score)
app.command()(rulesets)
app.command()(demo)
app.command()(serve)
app.command()(play)
app.command()(register)
app.command()(login)
app.command()(logout)

app.command()(simulate)
app.command()(export)
app.add_typer(db)
app.add_typer(cluster)


if __name__ == "__main__":
    app()
