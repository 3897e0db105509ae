"""The Redis key and channel names of one cluster (``Settings.cluster_namespace``)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Keys:
    namespace: str

    def lease(self, table_id: str) -> str:
        """The instance id owning the table; expires unless renewed."""
        return f"{self.namespace}:lease:{table_id}"

    def instance(self, instance_id: str) -> str:
        """The instance's heartbeat (JSON: address, load, tables); expires with it."""
        return f"{self.namespace}:instance:{instance_id}"

    @property
    def instances(self) -> str:
        return f"{self.namespace}:instance:*"

    def inbox(self, instance_id: str) -> str:
        """The pub/sub channel an instance listens on (relay frames, adopt requests)."""
        return f"{self.namespace}:inbox:{instance_id}"
