"""Many ``jantaku serve`` instances on one PostgreSQL database, coordinated through Redis
(docs/cluster.md): leases with fencing tokens (``leases``), the instance registry with
heartbeats and load (``registry``), the WebSocket relay over pub/sub (``relay``), REST
routing to a table's owner (``routing``), and the instance that ties them together
(``node``) with its parts over their shared ``core``: failover (``takeover``), the inbox
and its relayed connections (``inbox``), the heartbeat (``heartbeat``), placement
(``balance``) and drain (``drain``). Without ``JANTAKU_REDIS_URL`` none of it runs."""
