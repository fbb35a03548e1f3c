"""The game journal: SQLite, durable on every event, resumable after a power cut.

``Journal`` stores table logs; ``Session`` couples an engine Game with it so that every
accepted event is on disk before the screen shows it.
"""

from .errors import JournalError
from .records import GameRecord, Summary
from .schema import SCHEMA_VERSION
from .session import Session
from .store import FILE_NAME, Journal, default_path

__all__ = ["FILE_NAME", "GameRecord", "Journal", "JournalError", "SCHEMA_VERSION", "Session",
           "Summary", "default_path"]
