"""``uno-companion bench WHAT``: the benchmarks that print the README's figures.

Each benchmark is a function ``run(args) -> int`` in the package it measures, registered in
BENCHES by module path so that ``bench vision`` never imports Kivy and vice versa.
"""

from __future__ import annotations

import argparse
import importlib

HELP = "run a benchmark and print what it measured"

#: name -> "module:function"; the function takes the parsed args and returns an exit code.
BENCHES: dict[str, str] = {
    "journal": "companion.journal.bench:run",
    "synthetic": "vision.synthetic.bench:run",
    "tracker": "vision.tracker_bench:run",
    "vision": "vision.bench:run",
    "held": "vision.synthetic.held_bench:run",
    "dice": "vision.dice.bench:run",
    "dice-tracker": "vision.synthetic.dice_live_bench:run",
    "app": "companion.ui.bench:run",
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("what", choices=sorted(BENCHES), help="which benchmark")
    parser.add_argument("--seed", type=int, default=1, help="seed of the generated data")
    parser.add_argument("-n", "--count", type=int, default=None,
                        help="how many items to generate (each benchmark has its own default)")
    parser.add_argument("--explain", action="store_true",
                        help="bench vision: also say where each missed top card was lost")


def run(args: argparse.Namespace) -> int:
    module_name, _, func = BENCHES[args.what].partition(":")
    return int(getattr(importlib.import_module(module_name), func)(args) or 0)
