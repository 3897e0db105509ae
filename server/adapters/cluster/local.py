"""Instances of one cluster on this machine, each its own ``jantaku serve`` process on a
loopback port: what the cluster tests and bench/cluster.py run (SIGKILL, SIGSTOP and
SIGCONT reach a real process)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass
class LocalInstance:
    name: str
    port: int
    process: subprocess.Popen[bytes]
    log: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def signal(self, sig: signal.Signals) -> None:
        self.process.send_signal(sig)

    def alive(self) -> bool:
        return self.process.poll() is None


@dataclass
class LocalCluster:
    database_url: str
    redis_url: str
    namespace: str
    admin_token: str
    workdir: Path
    env: dict[str, str] = field(default_factory=dict)
    instances: list[LocalInstance] = field(default_factory=list)

    def migrate(self) -> None:
        """Bring the database up to date once (the instances then start on it together)."""
        subprocess.run(
            [sys.executable, "-m", "server.cli", "db", "upgrade", "--url", self.database_url],
            check=True,
            capture_output=True,
        )

    def start(self, name: str, **settings: str) -> LocalInstance:
        instance = self._spawn(name, settings)
        self.wait_healthy(instance)
        return instance

    def start_many(self, *names: str) -> list[LocalInstance]:
        """Several instances started side by side (each start is mostly imports)."""
        instances = [self._spawn(name, {}) for name in names]
        for instance in instances:
            self.wait_healthy(instance)
        return instances

    def _spawn(self, name: str, settings: dict[str, str]) -> LocalInstance:
        port = free_port()
        env = os.environ | {
            "JANTAKU_DATABASE_URL": self.database_url,
            "JANTAKU_REDIS_URL": self.redis_url,
            "JANTAKU_CLUSTER_NAMESPACE": self.namespace,
            "JANTAKU_INSTANCE_ID": name,
            "JANTAKU_ADMIN_TOKEN": self.admin_token,
            "JANTAKU_ADMIN_TOKEN_FILE": str(self.workdir / "admin_token.sha256"),
            "JANTAKU_PORT": str(port),
        }
        env |= self.env | {f"JANTAKU_{k.upper()}": v for k, v in settings.items()}
        log = self.workdir / f"{name}.log"
        process = subprocess.Popen(
            [sys.executable, "-m", "server.cli", "serve", "--log-level", "warning"],
            env=env,
            stdout=log.open("wb"),
            stderr=subprocess.STDOUT,
            cwd=self.workdir,
        )
        instance = LocalInstance(name, port, process, log)
        self.instances.append(instance)
        return instance

    def wait_healthy(self, instance: LocalInstance, timeout: float = 90.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not instance.alive():
                raise RuntimeError(f"{instance.name} exited: {instance.log.read_text()[-2000:]}")
            try:
                if httpx.get(f"{instance.url}/api/health", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"{instance.name} did not start: {instance.log.read_text()[-2000:]}")

    def stop(self) -> None:
        for instance in self.instances:
            if instance.alive():
                instance.signal(signal.SIGCONT)
                instance.signal(signal.SIGTERM)
        for instance in self.instances:
            try:
                instance.process.wait(10)
            except subprocess.TimeoutExpired:
                instance.process.kill()
                instance.process.wait(5)
