"""The ports: the protocols the domain needs from the world (``storage``), implemented by
the adapters (``server.adapters.sql``, ``server.adapters.memory``)."""
