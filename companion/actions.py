"""What a physical button means now: a button's action -> one table-log event.

``hardware.buttons`` knows pins, not rules: it reports ``uno``, ``draw``, ``pass``,
``dare_done`` or ``dare_failed``. Here the action meets the table's state (the engine's
replay JSON, DESIGN.md section 4) and becomes the event a tap on the screen would have
sent. The engine still judges the event; this only declines actions that cannot mean
anything in the current phase (no game, a round being scored, a dare button with no
dare pending), so a stray press makes no rejected line in the journal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: The button actions (hardware.buttons.BUTTON_ACTIONS) and the phases they act in.
ACTION_PHASES: Mapping[str, tuple[str, ...]] = {
    "uno": ("play", "color", "dare"),
    "draw": ("play",),
    "pass": ("play",),
    "dare_done": ("dare",),
    "dare_failed": ("dare",),
}


def action_event(action: str, snapshot: Mapping[str, Any] | None) -> dict | None:
    """The table-log event for ``action`` in the state ``snapshot``, or None.

    ``uno`` names the player holding one card who has not called yet (the most recent
    to play when there are two), else the current player: a call may come just before
    the second-to-last card is played.
    """
    if action not in ACTION_PHASES:
        raise ValueError(f"unknown button action {action!r}; one of {', '.join(ACTION_PHASES)}")
    if not snapshot or snapshot.get("phase") not in ACTION_PHASES[action]:
        return None
    if action == "draw":
        return {"type": "draw"}
    if action == "pass":
        return {"type": "pass"}
    if action in ("dare_done", "dare_failed"):
        if snapshot.get("pending_dare") is None:
            return None
        return {"type": "dare", "outcome": "done" if action == "dare_done" else "failed"}
    player = uno_caller(snapshot)
    return None if player is None else {"type": "uno", "player": player}


def uno_caller(snapshot: Mapping[str, Any]) -> str | None:
    """Who an UNO button press is for (see ``action_event``)."""
    players = list(snapshot.get("players") or [])
    names = [p.get("name") for p in players]
    current = snapshot.get("current")
    step = -1 if snapshot.get("direction", "clockwise") == "clockwise" else 1
    start = names.index(current) if current in names else 0
    # backwards from the current player: the most recent to play comes first
    for offset in range(1, len(players) + 1):
        seat = players[(start + step * offset) % len(players)]
        if seat.get("cards") == 1 and not seat.get("uno"):
            return seat["name"]
    return current if current in names else None
