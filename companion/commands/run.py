"""``uno-companion run``: the touchscreen companion with the configured camera, buzzer and
buttons. The composition root of the real table: it makes every device and hands them to
``companion.ui.app.build_app``."""

from __future__ import annotations

import argparse
import logging
import os
import sys

HELP = "start the touchscreen companion (configured camera, buzzer and buttons)"

log = logging.getLogger(__name__)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", help="configuration file (default: the usual config.toml)")
    parser.add_argument("--camera", help="camera source instead of [camera] source "
                        "(picamera2, usb:0, file:PATH, dir:PATH, synthetic, none)")
    parser.add_argument("--size", help="window size WIDTHxHEIGHT (default: Kivy's, or the "
                        "whole screen with --fullscreen)")
    parser.add_argument("--fullscreen", action="store_true", help="fill the screen")


def run(args: argparse.Namespace) -> int:
    from companion.launch import has_display, limit_memory, parse_size, prepare_kivy

    limit_memory()   # first: numpy (loaded by the camera setting's check) reads it once
    from companion.config import ConfigError, load_config

    try:
        config = load_config(args.config)
        size = parse_size(args.size)
    except (ConfigError, ValueError) as err:
        print(f"uno-companion run: {err}", file=sys.stderr)
        return 2
    if not has_display():
        print("uno-companion run: no display to open a window on (no DISPLAY or "
              "WAYLAND_DISPLAY; on the Pi's console set SDL_VIDEODRIVER=kmsdrm, as the "
              "service does).", file=sys.stderr)
        return 1
    spec = args.camera or config.camera.source
    source = recognizer = None
    if spec != "none":
        from hardware.camera import open_source

        try:
            source = open_source(spec, config.camera.width, config.camera.height)
        except ValueError as err:
            print(f"uno-companion run: {err}", file=sys.stderr)
            return 2
        profile = config.camera.deck_profile
        if profile and not os.path.isfile(profile):
            print(f"uno-companion run: no deck profile at {profile} ([camera] deck_profile "
                  "in config.toml): teach the deck again, or remove the setting", file=sys.stderr)
            return 2

        from companion.readers import game_readers

        recognizer = game_readers(profile)   # made on the camera's thread, per game
    prepare_kivy(size, args.fullscreen)
    return start(config, source, recognizer)


def start(config, source, recognizer) -> int:
    """Open the buzzer, the journal and the buttons, run the app, close them all."""
    from companion.journal import Journal, JournalError
    from companion.ui.app import build_app
    from hardware.buzzer import open_buzzer

    try:
        journal = Journal.open()
    except JournalError as err:
        print(f"uno-companion run: {err}", file=sys.stderr)
        return 1
    buzzer = open_buzzer(config.buzzer.type, config.buzzer.pin)
    app = build_app(config, source, buzzer, journal, recognizer=recognizer)
    buttons = open_buttons(config, app)
    try:
        app.run()
    finally:
        if buttons is not None:
            buttons.close()
        buzzer.close()
        journal.close()
    return 0


def open_buttons(config, app):
    """The GPIO buttons, each press handed to the main thread; None when none are set up
    or the pins cannot be used (the screen's buttons still work; the log says why)."""
    if not config.buttons:
        return None
    from hardware.buttons import ButtonPanel

    def pressed(action: str) -> None:      # gpiozero's thread
        app.post(lambda: app.controller.button_action(action))

    try:
        return ButtonPanel(config.buttons, pressed)
    except Exception as err:  # no GPIO on this machine, pins busy, no permission
        log.warning("buttons: not available (%s: %s); use the screen", type(err).__name__, err)
        return None
