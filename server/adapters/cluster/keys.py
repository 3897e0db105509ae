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

    @property
    def everyone(self) -> str:
        """The pub/sub channel every instance listens on (revocations: close a player's
        or a session's sockets wherever they are)."""
        return f"{self.namespace}:all"

    def replies(self, instance_id: str) -> str:
        """The pub/sub channel of the answers to an instance's broadcasts."""
        return f"{self.namespace}:replies:{instance_id}"

    def presence(self, instance_id: str) -> str:
        """The players connected at an instance's tables (JSON: player id -> sockets);
        expires with the instance's lease."""
        return f"{self.namespace}:presence:{instance_id}"

    @property
    def presences(self) -> str:
        return f"{self.namespace}:presence:*"

    def creating(self, player_id: str) -> str:
        """A lock: one table creation at a time per player on the whole cluster."""
        return f"{self.namespace}:creating:{player_id}"
