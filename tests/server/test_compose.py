"""docker-compose.yml (Docker cannot run here): its structure — PostgreSQL with a
healthcheck and a volume, a one-shot migrate step, the server after both, one database
URL for both — and that the commands it runs exist in the ``jantaku`` CLI."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import yaml
from jsonschema import Draft7Validator
from sqlalchemy.engine import make_url
from typer.testing import CliRunner

from server.cli import app

ROOT = Path(__file__).resolve().parents[2]


def compose() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    return data


def interpolate(value: str) -> str:
    """Compose's ``${VAR:-default}`` with the defaults."""
    return re.sub(r"\$\{(\w+):-([^}]*)\}", lambda m: m.group(2), value)


def test_the_file_follows_the_compose_specification() -> None:
    """Validated against the Compose Specification's own JSON schema (vendored:
    tests/server/data/README.md), after YAML's anchors and merge keys are resolved."""
    schema = json.loads((Path(__file__).parent / "data" / "compose-spec.json").read_text())
    Draft7Validator.check_schema(schema)
    errors = sorted(Draft7Validator(schema).iter_errors(compose()), key=lambda e: e.json_path)
    assert not errors, [f"{e.json_path}: {e.message}" for e in errors]


def test_services_and_their_order() -> None:
    services = compose()["services"]
    assert set(services) == {"db", "migrate", "jantaku", "redis", "jantaku-1", "jantaku-2", "proxy"}
    assert services["jantaku"]["profiles"] == ["single"]
    db = services["db"]
    assert db["image"].startswith("postgres:")
    assert "pg_isready" in " ".join(db["healthcheck"]["test"])
    volume = db["volumes"][0].split(":")
    assert volume[1] == "/var/lib/postgresql/data" and volume[0] in compose()["volumes"]

    migrate = services["migrate"]
    assert migrate["command"] == ["jantaku", "db", "upgrade"]
    assert migrate["depends_on"]["db"]["condition"] == "service_healthy"
    assert migrate.get("restart") == "no"

    server = services["jantaku"]
    assert server["depends_on"]["db"]["condition"] == "service_healthy"
    assert server["depends_on"]["migrate"]["condition"] == "service_completed_successfully"
    assert server["command"][:2] == ["jantaku", "serve"]
    assert any(p.endswith(":8000") for p in server["ports"])
    assert server["image"] == migrate["image"] and "build" in migrate


def test_one_database_url_for_the_migration_and_the_servers() -> None:
    services = compose()["services"]
    urls = {
        interpolate(services[s]["environment"]["JANTAKU_DATABASE_URL"])
        for s in ("migrate", "jantaku", "jantaku-1", "jantaku-2")
    }
    assert len(urls) == 1
    url = make_url(urls.pop())
    db_env = services["db"]["environment"]
    assert url.drivername == "postgresql+asyncpg" and url.host == "db" and url.port == 5432
    assert url.username == db_env["POSTGRES_USER"] and url.database == db_env["POSTGRES_DB"]
    assert url.password == interpolate(db_env["POSTGRES_PASSWORD"])


def test_the_commands_exist_and_the_image_carries_the_migrations() -> None:
    runner = CliRunner()
    for service in ("migrate", "jantaku", "jantaku-1", "jantaku-2"):
        command = compose()["services"][service]["command"]
        r = runner.invoke(app, [*command[1:], "--help"])
        assert r.exit_code == 0, r.output
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert "COPY migrations ./migrations" in dockerfile
    assert "JANTAKU_MIGRATIONS=/app/migrations" in dockerfile
    assert (ROOT / "migrations" / "env.py").exists()


def test_the_cluster_profile() -> None:
    """Two replicas on one database and one Redis, each reachable by the other at its own
    advertised address, behind nginx on port 8000 that passes WebSocket upgrades."""
    services = compose()["services"]
    replicas = [services["jantaku-1"], services["jantaku-2"]]
    for name, replica in zip(("jantaku-1", "jantaku-2"), replicas, strict=True):
        env = replica["environment"]
        assert replica["profiles"] == ["cluster"] and "ports" not in replica
        assert env["JANTAKU_REDIS_URL"] == "redis://redis:6379/0"
        assert env["JANTAKU_INSTANCE_ID"] == name
        assert env["JANTAKU_ADVERTISE_URL"] == f"http://{name}:8000"
        assert env["FORWARDED_ALLOW_IPS"] == "*"  # the client's address, not the proxy's
        assert replica["depends_on"]["redis"]["condition"] == "service_healthy"
        assert replica["depends_on"]["migrate"]["condition"] == "service_completed_successfully"
    assert "redis-cli" in " ".join(services["redis"]["healthcheck"]["test"])
    proxy = services["proxy"]
    assert proxy["image"].startswith("nginx:") and "8000:8000" in proxy["ports"]
    source = proxy["volumes"][0].split(":")[0]
    conf = (ROOT / source).read_text()
    assert "jantaku-1:8000" in conf and "jantaku-2:8000" in conf
    assert "proxy_set_header Upgrade $http_upgrade" in conf and "listen 8000" in conf
    assert conf.count("X-Forwarded-For $proxy_add_x_forwarded_for") == 2  # REST and /ws/
