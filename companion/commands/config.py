"""``uno-companion config --show | --init``: see or start the table's configuration file."""

from __future__ import annotations

import argparse
import contextlib
import sys
from pathlib import Path

HELP = "show the effective settings (--show) or write a commented example file (--init)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--show", action="store_true",
                      help="print every setting in effect and where it came from")
    what.add_argument("--init", action="store_true",
                      help="write a commented example configuration file")
    parser.add_argument("--config", type=Path, metavar="PATH",
                        help="the configuration file (default: the user's configuration "
                             "folder, see --show)")
    parser.add_argument("--force", action="store_true",
                        help="with --init: replace an existing file")


def run(args: argparse.Namespace) -> int:
    from companion.config import ConfigError, load_config
    from companion.config_text import effective_text

    if args.init:
        return _init(args.config, args.force)
    try:
        config = load_config(args.config)
    except ConfigError as err:
        print(f"uno-companion: {err}", file=sys.stderr)
        if err.file is not None and err.file.is_file():
            print("The file was not changed: correct that value and run again "
                  "(`uno-companion config --init --config example.toml` writes a commented "
                  "example to compare with).", file=sys.stderr)
        return 2
    sys.stdout.write(effective_text(config))
    return 0


def _init(path: Path | None, force: bool) -> int:
    from companion import paths
    from companion.config_text import example_text

    file = path.expanduser() if path is not None else paths.config_file()
    if file.exists() and not force:
        print(f"uno-companion: {file} already exists; it was not changed. Add --force to "
              "replace it with the example.", file=sys.stderr)
        return 2
    tmp = file.with_name(file.name + ".tmp")
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_text(example_text(), encoding="utf-8")
        tmp.replace(file)  # a reader never sees half a file
    except OSError as err:
        with contextlib.suppress(OSError):
            tmp.unlink()
        print(f"uno-companion: cannot write {file}: {err.strerror or err}", file=sys.stderr)
        return 1
    print(f"wrote {file}")
    return 0
