"""Colours and sizes of the touchscreen: high contrast, large type, big targets.

Read from across a table on a 800x480 (or 720x1280) screen: names and counts at least
28 px, one-finger targets at least 60 px, and a colour always paired with its shape and
its word (the colour-blind shapes of the newer decks).
"""

from companion.engine.cards import COLOR_SHAPES, COLORS

BG = (0.07, 0.07, 0.09, 1)
PANEL = (0.17, 0.17, 0.21, 1)
PANEL_HI = (0.26, 0.26, 0.32, 1)
TEXT = (1, 1, 1, 1)
MUTED = (0.78, 0.78, 0.84, 1)
ACCENT = (1.0, 0.78, 0.1, 1)        # the current player, the direction of play
WARN = (1.0, 0.45, 0.2, 1)          # UNO countdown, reshuffle, camera trouble
GOOD = (0.35, 0.85, 0.45, 1)
BAD = (0.9, 0.2, 0.2, 1)
BUTTON = (0.22, 0.33, 0.55, 1)
BUTTON_DIM = (0.2, 0.2, 0.24, 1)
BLACK = (0, 0, 0, 1)
WHITE = (1, 1, 1, 1)

CARD = {
    "red": (0.84, 0.12, 0.08, 1),
    "yellow": (0.96, 0.80, 0.05, 1),
    "green": (0.18, 0.58, 0.16, 1),
    "blue": (0.05, 0.35, 0.80, 1),
}
#: text drawn on a field of that colour
INK = {"red": WHITE, "yellow": BLACK, "green": WHITE, "blue": WHITE}

NAME_PX = 28        # player names and card counts: at least this
BIG_PX = 34
TITLE_PX = 40
BUTTON_PX = 24
SMALL_PX = 20
TARGET_PX = 64      # the smallest button edge

__all__ = ["COLORS", "COLOR_SHAPES"]


def card_rgba(color):
    return CARD.get(color or "", PANEL_HI)


def ink_rgba(color):
    return INK.get(color or "", TEXT)
