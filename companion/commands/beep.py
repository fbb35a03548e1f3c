"""``uno-companion beep PATTERN``: sound one buzzer pattern, to check the wiring."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HELP = "play a buzzer pattern through the configured buzzer (a wiring check)"


def _pin(text: str) -> int:
    if not text.isdigit() or not 2 <= int(text) <= 27:
        raise argparse.ArgumentTypeError(f"{text!r}: a BCM GPIO pin number 2-27")
    return int(text)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from hardware.buzzer import BUZZER_KINDS
    from hardware.patterns import PATTERN_NAMES

    parser.add_argument("pattern", nargs="?", choices=PATTERN_NAMES, metavar="PATTERN",
                        help=f"one of: {', '.join(PATTERN_NAMES)}")
    parser.add_argument("--list", action="store_true", help="list the patterns and stop")
    parser.add_argument("--config", type=Path, metavar="PATH",
                        help="the configuration file giving [buzzer] type and pin")
    parser.add_argument("--type", choices=BUZZER_KINDS, default=None,
                        help="override [buzzer] type for this check")
    parser.add_argument("--pin", type=_pin, default=None, metavar="BCM",
                        help="override [buzzer] pin for this check")


def run(args: argparse.Namespace) -> int:
    from hardware.patterns import (DEFAULT_PATTERNS, PATTERN_MEANINGS, PATTERN_NAMES,
                                   pattern_duration)

    if args.list:
        for name in PATTERN_NAMES:
            print(f"{name:<12} {pattern_duration(DEFAULT_PATTERNS[name]):.2f} s  "
                  f"{PATTERN_MEANINGS[name]}")
        return 0
    if args.pattern is None:
        print("uno-companion beep: name a pattern, one of "
              f"{', '.join(PATTERN_NAMES)} (or --list)", file=sys.stderr)
        return 2

    import logging

    from companion.config import ConfigError, load_config
    from hardware.buzzer import SilentBuzzer, open_buzzer

    try:
        config = load_config(args.config)
    except ConfigError as err:
        print(f"uno-companion: {err}", file=sys.stderr)
        return 2
    kind = args.type or config.buzzer.type
    pin = args.pin or config.buzzer.pin
    # the buzzer says why it fell silent, and what would have sounded, in its log lines
    logger = logging.getLogger("hardware.buzzer")
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(message)s"))
    level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    try:
        with open_buzzer(kind, pin) as buzzer:
            if not isinstance(buzzer, SilentBuzzer):
                print(f"playing {args.pattern} on the {buzzer.description}")
            buzzer.play(args.pattern)
            done = buzzer.wait(timeout=pattern_duration(DEFAULT_PATTERNS[args.pattern]) + 5)
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
    if isinstance(buzzer, SilentBuzzer):
        if kind == "none":
            print("Nothing sounded: the buzzer type is \"none\". Set [buzzer] type in the "
                  "configuration (`uno-companion config --show` says where) or pass --type.",
                  file=sys.stderr)
        else:
            print(f"Nothing sounded ({buzzer.reason}). On the Pi, check that the user may "
                  "use the GPIO (group gpio) and that python3-lgpio is installed.",
                  file=sys.stderr)
        return 1
    if not done:
        print("The pattern did not finish in time.", file=sys.stderr)
        return 1
    return 0
