"""A journal that cannot be used is moved aside, never deleted, and a fresh one started.

The file keeps its pages for whoever wants to rescue them; its ``-wal`` and ``-shm`` move
with it under the matching names, so ``sqlite3 journal.sqlite3.corrupt-<time>`` still sees
its write-ahead log.
"""

from __future__ import annotations

import os
import sqlite3
from datetime import datetime
from pathlib import Path

#: SQLite result codes that mean "this file is not a usable database" (not "busy" or "full").
DAMAGE_CODES = frozenset({
    11,  # SQLITE_CORRUPT
    14,  # SQLITE_CANTOPEN
    26,  # SQLITE_NOTADB
})

SIDECARS = ("-wal", "-shm")


def is_damage(err: sqlite3.Error) -> bool:
    """True when ``err`` says the file itself is unusable (as opposed to locked or full)."""
    code = getattr(err, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in DAMAGE_CODES
    text = str(err).lower()
    return "malformed" in text or "not a database" in text or "unable to open" in text


def move_aside(path: Path, now: datetime | None = None) -> Path:
    """Rename ``path`` (and its -wal/-shm) to ``<name>.corrupt-<time>``; returns the new path.

    The sidecars go first: a -wal left beside a fresh database of the same name would be
    read back into it. Raises OSError when the files cannot be moved.
    """
    stamp = (now or datetime.now()).strftime("%Y%m%dT%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while any(Path(f"{target}{s}").exists() for s in ("", *SIDECARS)):
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
        n += 1
    for suffix in SIDECARS:
        side = Path(f"{path}{suffix}")
        if side.exists():
            os.replace(side, f"{target}{suffix}")
    if path.exists():
        os.replace(path, target)
    sync_dir(path.parent)
    return target


def sync_dir(folder: Path) -> None:
    """fsync a folder so that a file created or renamed in it survives a power cut."""
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
