"""The table log's events (DESIGN.md section 4): their shape, checked before any rule.

Events stay plain JSON objects (dicts) end to end - camera, touch, GPIO button, journal and
replay all speak the same lines - so this module only says whether one is well formed.
Whether it is *allowed now* is the rules' business.
"""

from __future__ import annotations

from typing import Any, Callable

from .errors import EventFormatError, LabelError

#: type -> (required fields, optional fields). A field's JSON type is checked in FIELD_TYPES.
EVENT_FIELDS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "game": (frozenset({"mode", "players"}),
             frozenset({"dare_list", "target", "scoring", "options"})),
    "deal": (frozenset(), frozenset({"dealer"})),
    "flip": (frozenset({"card"}), frozenset()),
    "start": (frozenset({"center"}), frozenset({"first"})),
    "play": (frozenset(), frozenset({"card", "die", "player", "override"})),
    "draw": (frozenset(), frozenset({"player"})),
    "pass": (frozenset(), frozenset({"player"})),
    "reroll": (frozenset(), frozenset({"player"})),
    "color": (frozenset({"color"}), frozenset({"player"})),
    "dare": (frozenset({"outcome"}), frozenset({"player"})),
    "challenge": (frozenset(), frozenset({"player"})),
    "uno": (frozenset({"player"}), frozenset()),
    "catch": (frozenset({"player"}), frozenset()),
    "hand": (frozenset({"player"}), frozenset({"cards", "dice", "points"})),
    "undo": (frozenset(), frozenset()),
}

EVENT_TYPES: tuple[str, ...] = tuple(EVENT_FIELDS)

DARE_OUTCOMES = ("done", "failed", "declined")

_STR = (str,)
FIELD_TYPES: dict[str, tuple[type, ...]] = {
    "type": _STR, "mode": _STR, "dare_list": _STR, "scoring": _STR, "dealer": _STR,
    "card": _STR, "die": _STR, "center": _STR, "first": _STR, "player": _STR,
    "color": _STR, "outcome": _STR, "players": (list,), "cards": (list,), "dice": (list,),
    "options": (dict,), "target": (int,), "points": (int,), "override": (bool,),
}


def check_shape(event: Any) -> dict:
    """Raise EventFormatError unless ``event`` is a JSON object of a known type and fields."""
    if not isinstance(event, dict):
        raise EventFormatError("an event is a JSON object such as {\"type\": \"draw\"}")
    kind = event.get("type")
    if not isinstance(kind, str):
        raise EventFormatError("the event has no \"type\"")
    if kind not in EVENT_FIELDS:
        raise EventFormatError(
            f"unknown event type {kind!r} (known: {', '.join(EVENT_TYPES)})"
        )
    required, optional = EVENT_FIELDS[kind]
    missing = sorted(required - event.keys())
    if missing:
        raise EventFormatError(f"a {kind} event needs {', '.join(repr(m) for m in missing)}")
    for key in required | optional:
        if key in event and event[key] is not None:
            want = FIELD_TYPES[key]
            value = event[key]
            # JSON has no separate bool type check for ints: True is not a target.
            if isinstance(value, bool) and bool not in want:
                raise EventFormatError(f"{key!r} must be {_name(want)}, not {value!r}")
            if not isinstance(value, want):
                raise EventFormatError(f"{key!r} must be {_name(want)}, not {value!r}")
    if kind == "play" and ("card" in event) == ("die" in event):
        raise EventFormatError("a play event names one \"card\" (or, in UNO Dice, one \"die\")")
    if kind == "hand" and sum(k in event for k in ("cards", "dice", "points")) != 1:
        raise EventFormatError("a hand event gives one of \"cards\", \"dice\" or \"points\"")
    if kind == "hand" and "points" in event and event["points"] < 0:
        raise EventFormatError("hand points cannot be negative")
    if kind == "dare" and event["outcome"] not in DARE_OUTCOMES:
        raise EventFormatError(
            f"a dare's outcome is one of {', '.join(DARE_OUTCOMES)}, not {event['outcome']!r}"
        )
    return event


def check_players_named(event: dict, players: list[str]) -> None:
    """Every player an event names must be seated at the table."""
    for key in ("player", "dealer", "first"):
        name = event.get(key)
        if name is not None and name not in players:
            raise EventFormatError(
                f"unknown player {name!r} (players: {', '.join(players)})"
            )


def check_labels(event: dict, parse: Callable[[str], Any], field_names: tuple[str, ...]) -> None:
    """Parse every label an event carries, so an unknown label is bad input, not a play."""
    for key in field_names:
        if key not in event:
            continue
        value = event[key]
        for label in value if isinstance(value, list) else [value]:
            if not isinstance(label, str):
                raise EventFormatError(f"{key!r} holds labels (text), not {label!r}")
            try:
                parse(label)
            except LabelError as err:
                raise EventFormatError(str(err)) from None


def _name(types: tuple[type, ...]) -> str:
    names = {str: "text", list: "a list", dict: "an object", int: "a whole number", bool: "true or false"}
    return " or ".join(names.get(t, t.__name__) for t in types)
