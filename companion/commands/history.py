"""``uno-companion history``: the games in the journal, newest first."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HELP = "list the games in the journal (finished and unfinished), newest first"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", type=Path, default=None,
                        help="journal file (default: journal.sqlite3 in the data folder)")


def run(args: argparse.Namespace) -> int:
    from companion.journal import Journal, JournalError, default_path
    from companion.journal.records import local_time

    path = args.db or default_path()
    if not path.exists():
        print(f"No games recorded yet (no journal at {path}).")
        return 0
    try:
        with Journal.open(path, repair=False, create=False) as journal:
            games = journal.history()
    except JournalError as err:
        print(f"uno-companion history: {err}", file=sys.stderr)
        return 1
    if not games:
        print(f"No games recorded yet (journal: {path}).")
        return 0
    rows = [("game", "started", "mode", "players", "rounds", "winner", "status")]
    for g in games:
        rows.append((str(g.id), local_time(g.started), g.mode, ", ".join(g.players),
                     str(len(g.rounds)), g.winner or "-", _status(g, local_time)))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for row in rows:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip())
    return 0


def _status(game, local_time) -> str:
    if game.finished:
        return f"finished {local_time(game.finished)}"
    if game.abandoned:
        return f"abandoned ({game.lines} lines)"
    return f"unfinished ({game.lines} lines)"
