"""``jantaku db upgrade|downgrade|current`` and ``jantaku export`` on a SQLite file."""

from __future__ import annotations

import asyncio
import csv
import io
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

from typer.testing import CliRunner

from server.adapters.sql import migrate
from server.adapters.sql.store import SqlStore
from server.cli import app
from tests.server.adapters.sql.played import logged, played, record

runner = CliRunner()


def test_upgrade_downgrade_and_current(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'ops.db'}"
    newest = migrate.head()
    r = runner.invoke(app, ["db", "current", "--url", url])
    assert r.exit_code == 0 and "current: None" in r.output and f"head: {newest}" in r.output
    r = runner.invoke(app, ["db", "upgrade", "0001", "--url", url])
    assert r.exit_code == 0 and "revision 0001" in r.output, r.output
    r = runner.invoke(app, ["db", "upgrade", "--url", url])
    assert r.exit_code == 0 and f"revision {newest}" in r.output, r.output
    r = runner.invoke(app, ["db", "downgrade", "base", "--url", url])
    assert r.exit_code == 0 and "revision None" in r.output
    r = runner.invoke(app, ["db", "upgrade", "head", "--url", url])
    assert r.exit_code == 0 and f"revision {newest}" in r.output


def test_the_url_comes_from_the_environment(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'env.db'}"
    r = runner.invoke(app, ["db", "upgrade"], env={"JANTAKU_DATABASE_URL": url})
    assert r.exit_code == 0 and (tmp_path / "env.db").exists()


def test_a_bad_revision_is_an_error_not_a_crash(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'bad.db'}"
    r = runner.invoke(app, ["db", "upgrade", "nonsense", "--url", url])
    assert r.exit_code == 1 and "error:" in r.output


def test_export_json_csv_events(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'x.db'}"

    async def fill() -> None:
        store = await SqlStore.open(url)
        await store.tables.add(record("m1"))
        for batch in logged("m1", played()):
            await store.events.append(batch)
        await store.close()

    asyncio.run(fill())
    r = runner.invoke(app, ["export", "--match", "m1", "--url", url])
    assert r.exit_code == 0, r.output
    sheet = json.loads(r.output)
    assert sheet["match"]["match_id"] == "m1" and len(sheet["standings"]) == 4
    out = tmp_path / "m1.csv"
    r = runner.invoke(
        app, ["export", "--match", "m1", "--format", "csv", "-o", str(out), "--url", url]
    )
    assert r.exit_code == 0
    rows = list(csv.reader(io.StringIO(out.read_text())))
    assert rows[0][0] == "line" and len(rows) == 3  # the header and two hands
    r = runner.invoke(app, ["export", "--match", "m1", "--format", "events", "--url", url])
    assert json.loads(r.output)[-1]["event"]["type"] == "match_ended"
    r = runner.invoke(app, ["export", "--match", "m1", "--format", "tenhou6", "--url", url])
    assert r.exit_code == 1 and "riichi" in r.output
    r = runner.invoke(app, ["export", "--match", "nope", "--database", url])
    assert r.exit_code == 1 and f"no match 'nope' in database {url}" in r.output
    r = runner.invoke(app, ["export", "--match", "m1", "--format", "xml", "--url", url])
    assert r.exit_code == 2
    r = runner.invoke(app, ["export", "--match", "m1", "--format", "standings", "--url", url])
    assert r.output.splitlines()[0] == "rank,place,seat wind,name,player id,score,points"
    today = datetime.now(UTC).date()
    span = ["--from", str(today - timedelta(days=1)), "--to", str(today + timedelta(days=1))]
    r = runner.invoke(app, ["export", *span, "--database", url])
    assert r.exit_code == 0, r.output
    archive = json.loads(r.output)
    assert archive["count"] == 1 and archive["matches"][0]["scoresheet"]["match"]["match_id"]
    old = ["--from", "2001-01-01", "--to", "2001-01-31"]
    r = runner.invoke(app, ["export", *old, "--database", url])
    assert r.exit_code == 1 and "no finished match ended between 2001-01-01" in r.output
    r = runner.invoke(app, ["export", "--from", "2001-02-01", "--to", "2001-01-01"])
    assert r.exit_code == 2 and "before" in r.output
    r = runner.invoke(app, ["db", "rebuild-records", "--url", url])
    assert r.exit_code == 0 and "records of 1 matches rebuilt, ratings replayed" in r.output, (
        r.output
    )
    r = runner.invoke(app, ["export", "--match", "m1", "--url", url])
    assert json.loads(r.output)["hands"] == sheet["hands"]


def test_export_never_creates_the_database_it_reads(tmp_path: Path) -> None:
    missing = tmp_path / "elsewhere" / "jantaku.db"
    url = f"sqlite+aiosqlite:///{missing}"
    r = runner.invoke(app, ["export", "--match", "m1", "--database", url])
    assert r.exit_code == 1 and str(missing) in r.output and "does not exist" in r.output
    assert not missing.exists() and not missing.parent.exists()
    r = runner.invoke(app, ["export", "--match", "m1"], env={"JANTAKU_DATABASE_URL": url})
    assert r.exit_code == 1 and str(missing) in r.output  # the default is serve's database
    empty = tmp_path / "empty.db"
    empty.touch()
    r = runner.invoke(app, ["export", "--match", "m1", "--database", f"sqlite:///{empty}"])
    assert r.exit_code == 1 and "not a Jantaku database" in r.output
    secret = "postgresql+asyncpg://someone:hunter2@127.0.0.1:1/nothing"
    r = runner.invoke(app, ["export", "--match", "m1", "--database", secret])
    assert r.exit_code == 1 and "someone:***@127.0.0.1:1" in r.output
    assert "hunter2" not in r.output


def test_serve_reports_an_unreachable_database_in_one_line() -> None:
    url = "postgresql+asyncpg://someone:hunter2@127.0.0.1:1/nothing"
    r = runner.invoke(app, ["serve", "--port", "1", "--database-url", url])
    assert r.exit_code == 1
    assert "cannot open the database postgresql+asyncpg://someone:***@127.0.0.1:1" in r.output
    assert "hunter2" not in r.output
