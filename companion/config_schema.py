"""Every key of ``config.toml``: its section, default, what is allowed, and a comment.

One table drives the loader (checking each value), ``config --init`` (the commented example)
and ``config --show`` (the effective settings), so the three cannot disagree. A check takes
the value as TOML gave it and returns the value to keep, or raises ``ValueError``; the
loader then reports the file, the key and the key's ``allowed`` text.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

#: Sections in file order.
SECTIONS: tuple[str, ...] = ("camera", "buzzer", "buttons", "game", "house_rules", "rules")

BUZZER_TYPES = ("tonal", "active", "none")
BUTTON_ACTIONS = ("uno", "draw", "pass", "dare_done", "dare_failed")
MODES = ("dare", "dice")
DARE_LISTS = ("family", "daredevil", "show-off", "house")
SCORINGS = ("standard", "penalty")
PLAYER_RANGE = {"dare": (2, 10), "dice": (2, 4)}
HOUSE_RULES_SLOTS = 16
PIN_RANGE = range(2, 28)
CAMERA_FORMS = ("picamera2, usb:N, file:PATH, dir:PATH, synthetic or synthetic:SEED, "
                "synthetic-dice or synthetic-dice:SEED")


@dataclass(frozen=True)
class Key:
    section: str
    name: str
    default: Any            # None: absent unless the file sets it (the buttons)
    check: Callable[[Any], Any]
    allowed: str            # completes "[section] key = value: <allowed>"
    comment: str            # the example file's line above the key
    example: Any = None     # shown commented out in the example when default is None

    @property
    def dotted(self) -> str:
        return f"{self.section}.{self.name}"


# -- checks -----------------------------------------------------------------------------

def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _one_of(*choices: str) -> Callable[[Any], str]:
    def check(value: Any) -> str:
        if not isinstance(value, str) or value not in choices:
            raise ValueError
        return value
    return check


def _int_range(low: int, high: int | None = None) -> Callable[[Any], int]:
    def check(value: Any) -> int:
        if not _is_int(value) or value < low or (high is not None and value > high):
            raise ValueError
        return value
    return check


def _boolean(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError
    return value


def _positive_number(value: Any) -> int | float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
        raise ValueError
    if isinstance(value, float) and value == float("inf"):
        raise ValueError
    return value


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError
    return value


def _camera_source(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError
    from hardware.camera.spec import parse_spec  # the one grammar of camera settings

    parse_spec(value)
    return value.strip()


def _players(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(p, str) and p.strip() for p in value):
        raise ValueError
    names = tuple(p.strip() for p in value)
    if len(set(names)) != len(names) or len(names) > max(h for _, h in PLAYER_RANGE.values()):
        raise ValueError
    return names


def _house_dares(value: Any) -> tuple[str, ...]:
    if (not isinstance(value, list) or len(value) > HOUSE_RULES_SLOTS
            or not all(isinstance(d, str) for d in value)):
        raise ValueError
    return tuple(value)


_PIN = "a BCM GPIO pin number 2-27"

KEYS: tuple[Key, ...] = (
    Key("camera", "source", "picamera2", _camera_source, f"one of {CAMERA_FORMS}",
        "Where frames come from: picamera2 (the Pi camera), usb:0 (an OpenCV capture "
        "device), file:game.mp4, dir:frames/, synthetic, synthetic-dice. Relative paths "
        "are read from this file's folder."),
    Key("camera", "width", 640, _int_range(16, 4096), "a whole number of pixels 16-4096",
        "Frame size asked of the camera; 640x480 is plenty."),
    Key("camera", "height", 480, _int_range(16, 4096), "a whole number of pixels 16-4096",
        ""),
    Key("camera", "deck_profile", "", _text, 'a path in quotes ("" for none)',
        "A deck profile made by `uno-companion teach` (optional; empty = the built-in "
        "defaults)."),
    Key("buzzer", "type", "tonal", _one_of(*BUZZER_TYPES), 'one of "tonal", "active", "none"',
        "tonal: a passive piezo driven at pitches (PWM); active: a buzzer with its own "
        "oscillator (on/off only); none: no buzzer."),
    Key("buzzer", "pin", 18, _int_range(2, 27), _PIN,
        "BCM number of the buzzer's pin: GPIO18 (physical pin 12) has hardware PWM; its "
        "ground is physical pin 14."),
    *(Key("buttons", action, None, _int_range(2, 27), _PIN, comment, example=pin)
      for action, pin, comment in (
          ("uno", 5, "BCM pins of the big buttons, each wired to ground (the internal "
                     "pull-up is used). Uncomment the ones you fitted; absent = no button."),
          ("draw", 6, ""), ("pass", 13, ""), ("dare_done", 19, ""), ("dare_failed", 26, ""))),
    Key("game", "mode", "dare", _one_of(*MODES), 'one of "dare", "dice"',
        "dare: UNO Dare!; dice: UNO Dice."),
    Key("game", "players", [], _players,
        "a list of distinct names in quotes: 2-10 for dare, 2-4 for dice ([] to ask)",
        "Default players in seating order, clockwise, e.g. [\"Ann\", \"Ben\", \"Cat\"]."),
    Key("game", "dare_list", "family", _one_of(*DARE_LISTS),
        'one of "family", "daredevil", "show-off", "house"',
        "The Dare List in play; house uses [house_rules] below."),
    Key("game", "target", 500, _int_range(1), "a whole number above 0",
        "Points that end the game."),
    Key("game", "scoring", "standard", _one_of(*SCORINGS), 'one of "standard", "penalty"',
        "standard: the round's winner scores the others' cards, first to target wins; "
        "penalty: each scores their own cards, lowest total wins when one reaches target."),
    Key("house_rules", "dares", [], _house_dares,
        f"a list of at most {HOUSE_RULES_SLOTS} texts in quotes",
        "Your own House Rules dares, number 1 first; \"\" leaves a slot not filled in."),
    Key("rules", "dare_keeps_turn", False, _boolean, "true or false",
        "true: a player keeps the turn after a dare (the seeds do not say; default false)."),
    Key("rules", "two_player_reverse_skips", True, _boolean, "true or false",
        "With two players a Reverse acts as a Skip, as in standard UNO."),
    Key("rules", "uno_timer_s", 5, _positive_number, "a number of seconds above 0",
        "Seconds of the screen's UNO countdown once a player is down to one card."),
    Key("rules", "uno_auto_penalty", False, _boolean, "true or false",
        "true: when the UNO countdown ends without a call, the player is caught (+2)."),
)


def section_keys(section: str) -> tuple[Key, ...]:
    return tuple(k for k in KEYS if k.section == section)


def find_key(section: str, name: str) -> Key | None:
    for key in KEYS:
        if key.section == section and key.name == name:
            return key
    return None
