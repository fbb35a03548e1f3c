"""``uno-companion recognize [--deck PROFILE] [--all] IMAGE...``: which card each photo shows.

One JSON line per image: ``{"image", "card", "confidence", "corners"}`` (``card`` and
``corners`` null for "no card"), or with ``--all`` ``{"image", "cards": [...]}``. An image
that cannot be read gives ``{"image", "error"}`` and the run goes on; the exit code is 2
only when no image at all could be read. ``--dice`` reads UNO Dice instead: the centre die's
top face ``{"image", "die", "confidence", "corners"}``, with ``--all`` every die in view
``{"image", "dice": [...]}`` (a hand at the end of a round).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HELP = "recognise the top card (or every card) in photos; one JSON line per image"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("images", nargs="+", metavar="IMAGE", help="photos (JPEG, PNG, ...)")
    parser.add_argument("--deck", metavar="PROFILE",
                        help="a deck profile made by `uno-companion teach` (default: built in)")
    parser.add_argument("--all", action="store_true",
                        help="list every whole card in view (a hand spread out) instead of the top card")
    parser.add_argument("--dice", action="store_true",
                        help="UNO Dice: the centre die's top face (with --all: every die in view)")


def find_profile(name: str) -> Path:
    """A profile path as given, else the taught deck of that name in the data folder."""
    path = Path(name)
    if path.exists():
        return path
    from companion.paths import data_dir

    for candidate in (data_dir() / "decks" / name, data_dir() / "decks" / f"{name}.npz"):
        if candidate.exists():
            return candidate
    return path


def read_image(path: str):
    """(BGR image, None) or (None, why it could not be read)."""
    import cv2
    import numpy as np

    try:
        data = Path(path).read_bytes()
    except OSError as err:
        return None, f"cannot read the file: {err.strerror or err}"
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR) if data else None
    if image is None:
        return None, "not an image OpenCV can decode (JPEG, PNG, BMP, TIFF, WebP ...)"
    return image, None


def run(args: argparse.Namespace) -> int:
    import cv2

    if getattr(args, "dice", False):
        return run_dice(args)
    from vision.profile import DeckProfile, ProfileError
    from vision.recognizer import Recognizer

    cv2.setNumThreads(1)
    profile = None
    if args.deck:
        try:
            profile = DeckProfile.load(find_profile(args.deck))
        except ProfileError as err:
            print(f"uno-companion recognize: {err}; make one with `uno-companion teach`",
                  file=sys.stderr)
            return 2
    recognizer = Recognizer(profile)

    def answer(image) -> dict:
        if args.all:
            return {"cards": [s.to_json() for s in recognizer.all_cards(image)]}
        return recognizer.top_card(image).to_json()

    return each_image(args.images, answer)


def each_image(paths: list[str], answer) -> int:
    """One JSON line per image: ``{"image", **answer(image)}``, or ``{"image", "error"}``
    for a file that cannot be read; exit 2 only when no image at all could be read."""
    readable = 0
    for path in paths:
        image, error = read_image(path)
        if image is None:
            print(json.dumps({"image": path, "error": error}), flush=True)
            continue
        readable += 1
        print(json.dumps({"image": path, **answer(image)}), flush=True)
    if not readable:
        print("uno-companion recognize: none of the images could be read", file=sys.stderr)
        return 2
    return 0


def run_dice(args: argparse.Namespace) -> int:
    """``--dice``: the same loop with the dice recogniser; a die face label as ``die``."""
    import cv2

    from vision.dice import DiceRecognizer

    if args.deck:
        print("uno-companion recognize: --deck is a card deck's profile; leave it out with --dice",
              file=sys.stderr)
        return 2
    cv2.setNumThreads(1)
    recognizer = DiceRecognizer()

    def as_die(sighting) -> dict:
        out = sighting.to_json()
        return {"die": out["card"], "confidence": out["confidence"], "corners": out["corners"]}

    def answer(image) -> dict:
        if args.all:
            return {"dice": [as_die(s) for s in recognizer.all_dice(image)]}
        return as_die(recognizer.center_die(image))

    return each_image(args.images, answer)
