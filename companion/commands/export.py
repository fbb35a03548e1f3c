"""``uno-companion export GAME``: one game out of the journal, as its table log or as CSV.

The JSON Lines form is the table log itself, line for line as journaled, so ``uno-companion
replay`` reads it back to the same state. The CSV form has one row per round: the round,
its winner, each player's points in it, then each player's running total.
"""

from __future__ import annotations

import argparse
import csv
import io
import sys
from pathlib import Path

HELP = "write one game of the journal as a table log (jsonl) or its rounds as CSV"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="game number from `uno-companion history`, or 'last'")
    parser.add_argument("--format", choices=("jsonl", "csv"), default="jsonl",
                        help="jsonl: the table log; csv: points per round (default jsonl)")
    parser.add_argument("--out", type=Path, default=None,
                        help="file to write (default: standard output)")
    parser.add_argument("--db", type=Path, default=None,
                        help="journal file (default: journal.sqlite3 in the data folder)")


def run(args: argparse.Namespace) -> int:
    from companion.engine.errors import UnoError
    from companion.journal import Journal, default_path

    try:
        with Journal.open(args.db or default_path(), repair=False, create=False) as journal:
            game_id = _game_id(journal, args.game)
            if args.format == "jsonl":
                text = "".join(line + "\n" for line in journal.lines(game_id))
            else:
                text = rounds_csv(journal, game_id)
    except (UnoError, ValueError) as err:
        print(f"uno-companion export: {err}", file=sys.stderr)
        return 1
    if args.out is None:
        sys.stdout.write(text)
        return 0
    try:
        args.out.write_text(text, encoding="utf-8", newline="")
    except OSError as err:
        print(f"uno-companion export: cannot write {args.out}: {err}", file=sys.stderr)
        return 1
    return 0


def _game_id(journal, text: str) -> int:
    from companion.journal import JournalError

    if text == "last":
        games = journal.history()
        if not games:
            raise JournalError("The journal holds no game yet.")
        return games[0].id
    try:
        return journal.game(int(text)).id
    except ValueError:
        raise JournalError(f"{text!r} is not a game number: `uno-companion history` lists "
                           "them (or say 'last').") from None


def rounds_csv(journal, game_id: int) -> str:
    """The game's rounds replayed from its log: round, winner, points, running totals."""
    from companion.engine import replay

    record = journal.game(game_id)
    state = replay(journal.events(game_id), house_rules=record.house_rules).snapshot()
    players = [p["name"] for p in state["players"]]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["round", "winner", *players, *(f"{p} total" for p in players)])
    totals = dict.fromkeys(players, 0)
    for number, rnd in enumerate(state["rounds"], 1):
        points = [rnd["points"].get(p, 0) for p in players]
        for p, pts in zip(players, points):
            totals[p] += pts
        writer.writerow([number, rnd["winner"], *points, *(totals[p] for p in players)])
    return out.getvalue()
