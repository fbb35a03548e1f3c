"""The rules of UNO Dare! and UNO Dice, as a pure fold of table-log events.

Standard library only (a test proves it): no kivy, cv2, numpy, gpiozero.
"""

from .cards import COLORS, Card, all_labels, deck
from .errors import EventFormatError, IllegalEventError, LabelError, LogError, UnoError
from .game import VARIANTS, Game, Replay, find_variant, replay

__all__ = [
    "COLORS", "Card", "all_labels", "deck", "Game", "Replay", "replay", "find_variant",
    "VARIANTS", "UnoError", "LabelError", "IllegalEventError", "EventFormatError", "LogError",
]
