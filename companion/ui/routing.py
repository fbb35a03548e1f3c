"""Which screen the table needs now, from the engine's state: a pure function (no Kivy).

The game's phase decides (a dare shows the dare, a Wild Dare's colour the colour
buttons ...), and the game's mode (UNO Dice has its own start and table screens, and
shares the colour, round-over and scores screens); after a round the table first sees that round's points, then the scores,
and only then the deal. ``rounds_seen`` / ``rounds_closed`` count the rounds whose points
and whose scores the table has already moved on from.
"""

from __future__ import annotations

PHASE_SCREENS = {
    "deal": "deal",
    "flip": "deal",
    "play": "table",
    "dare": "dare",
    "color": "colour",
    "hands": "roundover",
    "game_over": "scores",
}
DICE_SCREENS = {**PHASE_SCREENS, "start": "dicestart", "play": "dicetable"}


def screen_for(snapshot: dict | None, rounds_seen: int = 0, rounds_closed: int = 0) -> str:
    """The screen for ``snapshot`` (the replay JSON; None: no game in play)."""
    if snapshot is None:
        return "newgame"
    phase = snapshot["phase"]
    dice = snapshot.get("mode") == "dice"
    between = "start" if dice else "deal"
    rounds = len(snapshot.get("rounds") or ())
    if phase in (between, "game_over"):
        if rounds > rounds_seen:
            return "roundover"
        if phase == between and rounds > rounds_closed:
            return "scores"
    if dice:
        return DICE_SCREENS.get(phase, "dicetable")
    return PHASE_SCREENS.get(phase, "table")
