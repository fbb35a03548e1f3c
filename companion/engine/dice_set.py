"""ASSUMED: not from the rule sheet. The faces printed on each of the 25 UNO Dice dice.

Seed 004 says only "25 dice" and shows the commands; which faces each die bears is not
written anywhere we have (DESIGN.md section 5). The companion never needs this: it reads
the faces that land. Only the simulator (``companion.tablesim_dice``) and tests that want
realistic rolls use it. The set below is our guess, chosen so every colour, number and
command appears and a re-roll can change a die's colour:

- per colour: each number 1-6 four times, Skip, Reverse and Draw 2 four times each
  (36 faces); plus Wild three times and Wild Draw 4 three times: 150 faces = 25 x 6;
- dealt round-robin over the dice, so each die shows several colours.

Replace ASSUMED_DICE with the real faces when a set is at hand; nothing else changes.
"""

from __future__ import annotations

from .dice_faces import DICE_COUNT, DieFace
from .errors import LabelError

#: ASSUMED (not from the rule sheet): 25 dice, six face labels each.
ASSUMED_DICE: tuple[tuple[str, ...], ...] = (
    ("red-1", "yellow-2", "green-4", "blue-5", "red-skip", "yellow-reverse"),
    ("yellow-1", "green-2", "blue-4", "red-5", "yellow-skip", "green-reverse"),
    ("green-1", "blue-2", "red-4", "yellow-5", "green-skip", "blue-reverse"),
    ("blue-1", "red-2", "yellow-4", "green-5", "blue-skip", "red-draw2"),
    ("red-1", "yellow-2", "green-4", "blue-5", "red-skip", "yellow-draw2"),
    ("yellow-1", "green-2", "blue-4", "red-6", "yellow-skip", "green-draw2"),
    ("green-1", "blue-2", "red-4", "yellow-6", "green-skip", "blue-draw2"),
    ("blue-1", "red-3", "yellow-4", "green-6", "blue-skip", "red-draw2"),
    ("red-1", "yellow-3", "green-4", "blue-6", "red-skip", "yellow-draw2"),
    ("yellow-1", "green-3", "blue-4", "red-6", "yellow-skip", "green-draw2"),
    ("green-1", "blue-3", "red-4", "yellow-6", "green-skip", "blue-draw2"),
    ("blue-1", "red-3", "yellow-4", "green-6", "blue-skip", "red-draw2"),
    ("red-1", "yellow-3", "green-4", "blue-6", "red-reverse", "yellow-draw2"),
    ("yellow-1", "green-3", "blue-4", "red-6", "yellow-reverse", "green-draw2"),
    ("green-1", "blue-3", "red-5", "yellow-6", "green-reverse", "blue-draw2"),
    ("blue-1", "red-3", "yellow-5", "green-6", "blue-reverse", "red-draw2"),
    ("red-2", "yellow-3", "green-5", "blue-6", "red-reverse", "yellow-draw2"),
    ("yellow-2", "green-3", "blue-5", "red-6", "yellow-reverse", "green-draw2"),
    ("green-2", "blue-3", "red-5", "yellow-6", "green-reverse", "blue-draw2"),
    ("blue-2", "red-3", "yellow-5", "green-6", "blue-reverse", "wild"),
    ("red-2", "yellow-3", "green-5", "blue-6", "red-reverse", "wild"),
    ("yellow-2", "green-3", "blue-5", "red-skip", "yellow-reverse", "wild"),
    ("green-2", "blue-3", "red-5", "yellow-skip", "green-reverse", "wild-draw4"),
    ("blue-2", "red-4", "yellow-5", "green-skip", "blue-reverse", "wild-draw4"),
    ("red-2", "yellow-4", "green-5", "blue-skip", "red-reverse", "wild-draw4"),
)


def dice_set(labels: tuple[tuple[str, ...], ...] = ASSUMED_DICE) -> tuple[tuple[DieFace, ...], ...]:
    """The dice as faces, checked: 25 dice of six valid faces each."""
    if len(labels) != DICE_COUNT or any(len(die) != 6 for die in labels):
        raise LabelError(f"a dice set is {DICE_COUNT} dice of 6 faces each")
    return tuple(tuple(DieFace.from_label(face) for face in die) for die in labels)
