"""The table log: JSON Lines, one event an object, ``type`` first (DESIGN.md section 4).

Reading checks each line's shape (JSON object, known type, fields) and, once the game line
has named the players and the mode, the players and labels it names; the rules themselves
are the engine's. Errors name the 1-based line.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterable, Iterator, TextIO

from companion.engine import Game
from companion.engine.errors import EventFormatError, IllegalEventError, LogError


def parse_line(text: str, line_no: int) -> dict | None:
    """One line of a log -> its event, or None for a blank line. Raises LogError."""
    if not text.strip():
        return None
    try:
        event = json.loads(text)
    except json.JSONDecodeError as err:
        raise LogError(line_no, f"not JSON ({err.msg} at column {err.colno})") from None
    if not isinstance(event, dict):
        raise LogError(line_no, "each line is one JSON object, e.g. {\"type\":\"draw\"}")
    return event


def iter_log(lines: Iterable[str]) -> Iterator[tuple[int, dict]]:
    """(line number, event) for each non-blank line; shape, players and labels checked."""
    checker = Game()
    for line_no, text in enumerate(lines, 1):
        event = parse_line(text, line_no)
        if event is None:
            continue
        try:
            checker.check(event)
            if checker.state is None:
                checker.apply(event)  # the game line: now players and labels can be checked
        except EventFormatError as err:
            raise LogError(line_no, str(err)) from None
        except IllegalEventError:
            pass  # a rules matter (e.g. an undo with nothing to undo): the engine's to judge
        yield line_no, event


def read_log_numbered(path: str | Path) -> list[tuple[int, dict]]:
    """Read a whole log file. Raises OSError if unreadable, LogError on a bad line."""
    with open(path, encoding="utf-8") as f:
        return list(iter_log(f))


def read_log(path: str | Path) -> list[dict]:
    return [event for _, event in read_log_numbered(path)]


def dump_event(event: dict) -> str:
    """One compact JSON line with ``type`` first."""
    ordered = {"type": event["type"], **{k: v for k, v in event.items() if k != "type"}}
    return json.dumps(ordered, ensure_ascii=False, separators=(",", ":"))


def write_log(events: Iterable[dict], out: TextIO) -> None:
    for event in events:
        out.write(dump_event(event) + "\n")
