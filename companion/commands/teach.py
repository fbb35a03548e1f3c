"""``uno-companion teach --out PROFILE DIR``: learn a real deck from labelled photos.

Each photo in DIR shows one card, its file name starting with the card's label
(``red-7_1.jpg``, ``wild-dare-12_a.png``, ``blue-skip.png``). The recogniser's own steps find
the card in each photo; its ink hue and its marks become the profile, which
``recognize --deck PROFILE`` (and the table) then use. A handful of photos per symbol do.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HELP = "learn a deck profile from labelled photos (file names start with the card label)"

IMAGE_SUFFIXES = {".jpg", ".jpeg", ".png", ".bmp", ".tif", ".tiff", ".webp"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("directory", metavar="DIR", help="folder of labelled photos")
    parser.add_argument("--out", required=True, metavar="PROFILE",
                        help="where to write the deck profile (a small .npz file)")
    parser.add_argument("--name", default=None, help="the deck's name (default: the file's)")


def run(args: argparse.Namespace) -> int:
    import cv2

    from companion.commands.recognize import read_image
    from companion.engine.errors import LabelError
    from vision.profile import TeachReport, label_from_filename, teach

    cv2.setNumThreads(1)
    folder = Path(args.directory)
    if not folder.is_dir():
        print(f"uno-companion teach: {folder} is not a folder of photos", file=sys.stderr)
        return 2
    report = TeachReport()
    photos = []
    for path in sorted(folder.iterdir()):
        if path.suffix.lower() not in IMAGE_SUFFIXES:
            continue
        try:
            label = label_from_filename(path.name)
        except LabelError:
            report.skipped[path.name] = "the file name does not start with a card label (e.g. red-7_1.jpg)"
            continue
        image, error = read_image(str(path))
        if image is None:
            report.skipped[path.name] = error
            continue
        photos.append((label, image, path.name))
    if not photos:
        print(f"uno-companion teach: no labelled photos in {folder} "
              "(name them like red-7_1.jpg, wild-dare-12_a.png)", file=sys.stderr)
        for name, why in report.skipped.items():
            print(f"  skipped {name}: {why}", file=sys.stderr)
        return 2
    out = Path(args.out)
    profile = teach(photos, name=args.name or out.stem, report=report)
    if not report.used:
        print("uno-companion teach: no card could be found in any photo; photograph one card "
              "at a time, whole, on a plain table", file=sys.stderr)
        for name, why in report.skipped.items():
            print(f"  skipped {name}: {why}", file=sys.stderr)
        return 2
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        profile.save(out)
    except OSError as err:
        print(f"uno-companion teach: cannot write {out}: {err.strerror or err}", file=sys.stderr)
        return 2
    used = sum(report.used.values())
    print(f"taught {len(report.used)} cards from {used} photos -> {out}")
    for name, why in report.skipped.items():
        print(f"  skipped {name}: {why}")
    return 0
