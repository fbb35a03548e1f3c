"""``uno-companion simulate``: bots play whole games through the engine's event path."""

from __future__ import annotations

import argparse
import sys
import time

HELP = "let bots play whole games through the engine, checking invariants after every event"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    parser.add_argument("--players", type=int, default=4, help="players per game (default 4)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--mode", choices=["dare", "dice"], default="dare",
                        help="dare: UNO Dare! (2-10 players); dice: UNO Dice (2-4 players)")
    parser.add_argument("--scoring", choices=["standard", "penalty"], default="standard")
    parser.add_argument("--target", type=int, default=500)
    parser.add_argument("--no-check", action="store_true",
                        help="skip the invariant checks (measures the engine alone)")


def run(args: argparse.Namespace) -> int:
    import platform
    import random

    from companion.tablesim import InvariantError, SimTable
    from companion.tablesim_dice import DiceTable

    title, most, table = {"dare": ("UNO Dare!", 10, SimTable),
                          "dice": ("UNO Dice", 4, DiceTable)}[args.mode]
    if not 2 <= args.players <= most:
        print(f"uno-companion simulate: {title} is for 2-{most} players", file=sys.stderr)
        return 2
    names = [f"P{i + 1}" for i in range(args.players)]
    rng = random.Random(args.seed)
    events = rounds = 0
    wins: dict[str, int] = {}
    start = time.perf_counter()
    for number in range(1, args.games + 1):
        sim = table(names, random.Random(rng.getrandbits(64)), target=args.target,
                    scoring=args.scoring)
        try:
            for _ in sim.play(check=not args.no_check):
                events += 1
        except InvariantError as err:
            print(f"game {number}: invariant broken: {err}", file=sys.stderr)
            return 1
        snap = sim.game.snapshot()
        rounds += len(snap["rounds"])
        wins[snap["winner"]] = wins.get(snap["winner"], 0) + 1
    elapsed = time.perf_counter() - start
    print(f"{args.games} games, {args.players} players, seed {args.seed}: "
          f"{rounds} rounds, {events} events, invariants "
          f"{'not checked' if args.no_check else 'held after every event'}")
    print(f"{args.games / elapsed:.1f} games/s, {events / elapsed:,.0f} events/s "
          f"({elapsed:.1f} s on {platform.python_implementation()} {platform.python_version()}, "
          f"{platform.machine()})")
    print("wins: " + ", ".join(f"{k} {v}" for k, v in sorted(wins.items())))
    return 0
