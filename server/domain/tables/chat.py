"""Table chat: a line said at the table reaches every player and spectator connected,
stamped with who said it (seat, name) and when. Nothing is kept: a chat line is not an
event of the match, not in the log, not replayed to a late joiner."""

from __future__ import annotations

import time

from server.domain.tables.connection import Connection, dumps


def chat_frame(conn: Connection, text: str) -> str:
    """The ``chat`` frame of ``text`` said over ``conn``."""
    return dumps(
        {
            "type": "chat",
            "seat": conn.place,
            "name": conn.name,
            "text": text,
            "time": round(time.time(), 3),
        }
    )
