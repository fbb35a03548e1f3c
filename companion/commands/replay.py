"""``uno-companion replay LOG [--strict]``: the state after the last line, as JSON."""

from __future__ import annotations

import argparse
import json
import sys

HELP = "print the table state after a table log (JSON Lines) as JSON"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("log", help="a table log (JSON Lines); - reads standard input")
    parser.add_argument("--strict", action="store_true",
                        help="stop at the first rejected event and exit 1")
    parser.add_argument("--indent", type=int, default=None, help="pretty-print the JSON")


def run(args: argparse.Namespace) -> int:
    from companion.engine import LogError, replay
    from companion.log import iter_log, read_log_numbered

    try:
        if args.log == "-":
            events = list(iter_log(sys.stdin))
        else:
            events = read_log_numbered(args.log)
        result = replay(events, strict=args.strict)
    except OSError as err:
        print(f"uno-companion replay: cannot read {args.log}: {err.strerror or err}", file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print(f"uno-companion replay: {args.log} is not a text file", file=sys.stderr)
        return 2
    except LogError as err:
        print(f"uno-companion replay: {args.log} {err}", file=sys.stderr)
        return 2
    print(json.dumps(result.snapshot(), indent=args.indent, ensure_ascii=False))
    if args.strict and result.rejected:
        line, reason = result.rejected[0]
        print(f"uno-companion replay: line {line} rejected: {reason}", file=sys.stderr)
        return 1
    return 0
