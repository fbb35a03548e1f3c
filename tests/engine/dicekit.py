"""Helpers for the UNO Dice tests: a started table and short event names."""

from companion.engine import Game
from enginekit import counts, rejected, send  # noqa: F401  (re-exported for the dice tests)

REROLL = {"type": "reroll"}
DRAW = {"type": "draw"}
PASS = {"type": "pass"}


def dice_table(players=("Ann", "Ben", "Cat"), first="Ann", center="red-3", **game):
    """A UNO Dice game whose first round has started: ``first`` rolled ``center``."""
    g = Game()
    g.apply({"type": "game", "mode": "dice", "players": list(players), **game})
    if center is not None:
        g.apply({"type": "start", "first": first, "center": center})
    return g


def die(label, **kw):
    return {"type": "play", "die": label, **kw}


def color(name):
    return {"type": "color", "color": name}


def challenge(player=None):
    return {"type": "challenge"} if player is None else {"type": "challenge", "player": player}


def pouch(g):
    return g.snapshot()["draw_pile"]


def hand(player, *labels):
    return {"type": "hand", "player": player, "dice": list(labels)}
