"""``uno-companion bench journal``: what durability costs, and how fast a game comes back.

Measured on a fresh journal in a temporary folder inside the data folder, so on the same
disk (the Pi's SD card) as the real journal; removed afterwards.
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import tempfile
import time
from pathlib import Path

from companion import paths

from .records import Summary
from .scripted import scripted_game
from .store import Journal

RESUME_LINES = 500
RESUME_REPEATS = 7


def run(args: argparse.Namespace) -> int:
    writes = args.count or 500
    folder = paths.data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="bench-", dir=folder) as tmp:
        path = Path(tmp) / "journal.sqlite3"
        print(f"journal benchmark in {tmp} (WAL, synchronous=FULL; seed {args.seed})")
        _writes(path, writes, args.seed)
        _resume(Path(tmp) / "resume.sqlite3", args.seed)
    return 0


def _writes(path: Path, count: int, seed: int) -> None:
    log = scripted_game(seed, max_lines=count + 1, target=10**6)
    times = []
    with Journal.open(path) as journal:
        game_id = journal.start_game(log[0])
        for event in log[1:]:
            start = time.perf_counter()
            journal.append(game_id, event)
            times.append(time.perf_counter() - start)
    times.sort()
    p99 = times[min(len(times) - 1, round(0.99 * (len(times) - 1)))]
    print(f"durable event write ({len(times)} appends, one commit + fsync each): "
          f"median {_ms(statistics.median(times))}, p99 {_ms(p99)}, max {_ms(times[-1])}")


def bot_game(seed: int, lines: int) -> list[dict]:
    """The first ``lines`` lines of a game played by the table simulator's bots."""
    from companion.tablesim import SimTable

    table = SimTable(["Ann", "Ben", "Cat", "Dan"], random.Random(seed), target=10**6)
    return [event for event, _ in itertools.islice(table.play(check=False), lines)]


def _resume(path: Path, seed: int) -> None:
    from companion.engine import replay

    log = bot_game(seed, RESUME_LINES)
    with Journal.open(path) as journal:
        game_id = journal.start_game(log[0])
        game = replay(log[:1]).game
        for event in log[1:]:
            game.apply(event)
            journal.append(game_id, event, Summary.of(game))
        expected = game.snapshot()
    resume_times, total_times = [], []
    for _ in range(RESUME_REPEATS):
        start = time.perf_counter()
        with Journal.open(path) as journal:
            opened = time.perf_counter()
            resumed, problems = journal.resume(journal.unfinished().id)
            done = time.perf_counter()
        if problems or resumed.snapshot() != expected:
            raise RuntimeError(f"resume did not restore the game: {problems}")
        resume_times.append(done - opened)
        total_times.append(done - start)
    print(f"resume of a {len(log)}-line bot game (median of {RESUME_REPEATS}): "
          f"replay {_ms(statistics.median(resume_times))}, "
          f"open + check + replay {_ms(statistics.median(total_times))}")


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"
