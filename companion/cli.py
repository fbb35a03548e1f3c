"""``uno-companion``: the command line, and the composition root of every command.

Each subcommand lives in ``companion/commands/<name>.py`` with ``HELP``,
``add_arguments(parser)`` and ``run(args) -> int``. Those modules import heavy libraries
(cv2, kivy, gpiozero) inside ``run`` only, so ``uno-companion replay`` never pays for OpenCV.
"""

from __future__ import annotations

import argparse
import importlib
import sys

#: Subcommand name -> module. Order is the order ``--help`` lists them.
COMMANDS: dict[str, str] = {
    "replay": "companion.commands.replay",
    "simulate": "companion.commands.simulate",
    "demo": "companion.commands.demo",
    "bench": "companion.commands.bench",
    "history": "companion.commands.history",
    "export": "companion.commands.export",
    "config": "companion.commands.config",
    "beep": "companion.commands.beep",
    "watch": "companion.commands.watch",
    "recognize": "companion.commands.recognize",
    "teach": "companion.commands.teach",
    "run": "companion.commands.run",
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="uno-companion",
        description="Table companion for UNO Dare! and UNO Dice.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, module_name in COMMANDS.items():
        module = importlib.import_module(module_name)
        cmd = sub.add_parser(name, help=module.HELP, description=module.HELP)
        module.add_arguments(cmd)
        cmd.set_defaults(_run=module.run)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "_run", None):
        parser.print_help()
        return 2
    try:
        return int(args._run(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # `uno-companion ... | head`: the reader left; not an error worth a traceback.
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
