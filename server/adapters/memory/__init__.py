"""Storage in process: ``store.MemoryStore`` implements every port of
``server.ports.storage`` in memory (tests, the bench, and ``JANTAKU_STORE=memory``)."""
