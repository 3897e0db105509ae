"""The ``jantaku`` console script."""

from __future__ import annotations

import typer

from server.cli.commands.account import login, logout, register
from server.cli.commands.cluster import cluster
from server.cli.commands.db import db
from server.cli.commands.demo import demo
from server.cli.commands.export import export
from server.cli.commands.play import play
from server.cli.commands.ruleset import ruleset
from server.cli.commands.rulesets import rulesets
from server.cli.commands.score import score
from server.cli.commands.serve import serve
from server.cli.commands.simulate import simulate

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
app.add_typer(ruleset)

