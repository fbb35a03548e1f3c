"""``uno-companion watch [SOURCE] [--deck PROFILE] [--json] [--max-frames N]``: the camera
path on its own. Prints one line per play event as it happens; a summary on stderr."""

from __future__ import annotations

import argparse
import json
import sys

HELP = "watch a camera, video, picture folder or synthetic table and print play events"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("source", nargs="?", default=None,
                        help="picamera2, usb:0, file:game.mp4, dir:frames/, synthetic or "
                             "synthetic:SEED (default: camera.source of the configuration)")
    parser.add_argument("--deck", metavar="PROFILE", default=None,
                        help="deck profile made by `uno-companion teach` "
                             "(default: camera.deck_profile of the configuration)")
    parser.add_argument("--json", action="store_true",
                        help='one JSON object a line: {"t", "frame", "event", "card"}')
    parser.add_argument("--max-frames", type=int, default=None, metavar="N",
                        help="stop after N frames (a live camera otherwise runs until Ctrl-C)")
    parser.add_argument("--dice", action="store_true",
                        help="read the centre die of UNO Dice, not the pile's top card "
                             "(default: game.mode of the configuration)")
    parser.add_argument("--config", default=None, help="configuration file to read")


def _say(text: str) -> None:
    print(f"uno-companion watch: {text}", file=sys.stderr, flush=True)


def run(args: argparse.Namespace) -> int:
    from companion.config import ConfigError, load_config

    try:
        config = load_config(args.config)
    except ConfigError as err:
        _say(str(err))
        return 2
    spec = args.source or config.camera.source
    deck = args.deck if args.deck is not None else config.camera.deck_profile
    dice = args.dice or config.game.mode == "dice"
    thing = "die" if dice else "card"   # the play event's key in the table log

    import cv2

    from hardware.camera import CaptureThread, open_source
    from vision.profile import DeckProfile, ProfileError
    from vision.recognizer import Recognizer
    from vision.stream import StreamStats, follow
    from vision.tracker import PlayEvent, Tracker

    cv2.setNumThreads(1)
    _quiet_opencv(cv2)
    try:
        source = open_source(spec, config.camera.width, config.camera.height)
    except ValueError as err:
        _say(str(err))
        return 2
    try:
        profile = DeckProfile.load(deck) if deck and not dice else None
    except ProfileError as err:
        _say(f"{err} (make one with `uno-companion teach`, or leave --deck out)")
        return 2
    if dice:
        from companion.readers import DiceReader

        reader = DiceReader()
    else:
        reader = Recognizer(profile)

    counts = {"play": 0, "taken_back": 0}

    def on_event(event, frame) -> None:
        kind = "play" if isinstance(event, PlayEvent) else "taken_back"
        counts[kind] += 1
        if args.json:
            line = json.dumps({"t": round(event.time, 3), "frame": event.frame,
                               "event": kind, thing: event.card})
        elif kind == "play":
            line = (f"{event.time:8.2f} s  frame {event.frame:6d}  play        {event.card}"
                    f"  (confidence {event.confidence:.2f})")
        else:
            line = f"{event.time:8.2f} s  frame {event.frame:6d}  taken back  {event.card}"
        print(line, flush=True)

    def on_status(state: str, status: str) -> None:
        if state != "ended":
            _say(f"{source.name}: {status}")

    capture = CaptureThread(source, maxsize=2, on_status=on_status)
    interrupted = False
    stats = StreamStats()
    capture.start()
    try:
        follow(capture, reader, Tracker(), on_event, max_frames=args.max_frames,
               stats=stats)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        capture.stop()
    if stats.frames or capture.state != "failed":
        _say(f"{stats.frames} frames in {stats.seconds:.1f} s, {stats.fps:.1f} frames/s "
             f"processed ({1000 * stats.recognise_seconds / max(stats.frames, 1):.1f} ms/frame "
             f"recognising), {capture.dropped} dropped as stale; {counts['play']} plays, "
             f"{counts['taken_back']} taken back; source {capture.status}")
    if interrupted:
        return 130
    if capture.state == "failed" and stats.frames == 0:
        _say(f"cannot watch {spec}: check the path or the camera's cable, then try again")
        return 1
    return 0


def _quiet_opencv(cv2) -> None:
    """OpenCV's own warnings (a camera index it cannot open) repeat what the status says."""
    logging = getattr(getattr(cv2, "utils", None), "logging", None)
    if logging is not None and hasattr(logging, "setLogLevel"):
        logging.setLogLevel(getattr(logging, "LOG_LEVEL_ERROR", 2))
