"""UNO Dice faces as small immutable values that round-trip through their label.

The face a die shows is the one text form everywhere (logs, JSON, file names, templates):
``red-1`` ... ``red-6`` (any colour), ``blue-skip``, ``green-reverse``, ``yellow-draw2``,
``wild``, ``wild-draw4`` (DESIGN.md section 3). Only the side facing up is in play (seed 004,
Set up), so a face, not a die, is what the rules and the camera deal in.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .cards import COLORS
from .errors import LabelError

NUMBER = "number"
SKIP = "skip"
REVERSE = "reverse"
DRAW2 = "draw2"
WILD = "wild"
WILD_DRAW4 = "wild-draw4"
KINDS: tuple[str, ...] = (NUMBER, SKIP, REVERSE, DRAW2, WILD, WILD_DRAW4)
COMMANDS: tuple[str, ...] = (SKIP, REVERSE, DRAW2)

NUMBERS = range(1, 7)

DICE_COUNT = 25
HAND_SIZE = 5

#: Seed 004, Ending the Round: the scoring chart.
COMMAND_POINTS = {SKIP: 20, REVERSE: 20, DRAW2: 20, WILD: 50, WILD_DRAW4: 50}


@dataclass(frozen=True, slots=True)
class DieFace:
    """One face of an UNO Dice die. ``color`` is None only for the two wild faces;
    ``number`` is 1-6 for a number face and None otherwise."""

    kind: str
    color: str | None = None
    number: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise LabelError(f"unknown die face kind {self.kind!r}")
        if self.kind in (WILD, WILD_DRAW4):
            if self.color is not None:
                raise LabelError(f"a {self.kind} face has no colour")
        elif self.color not in COLORS:
            raise LabelError(f"unknown colour {self.color!r}")
        if self.kind == NUMBER:
            if not isinstance(self.number, int) or self.number not in NUMBERS:
                raise LabelError(f"a die's number face shows 1-6, not {self.number!r}")
        elif self.number is not None:
            raise LabelError(f"a {self.kind} face has no number")

    @classmethod
    def from_label(cls, label: str) -> "DieFace":
        """Parse ``red-3``, ``blue-skip``, ``green-reverse``, ``yellow-draw2``, ``wild``,
        ``wild-draw4``."""
        if not isinstance(label, str):
            raise LabelError(f"a die face label is text, not {label!r}")
        return _parse_label(label) if cls is DieFace else cls._parse(label)

    @classmethod
    def _parse(cls, label: str) -> "DieFace":
        text = label.strip().lower()
        if text in (WILD, WILD_DRAW4):
            return cls(text)
        color, sep, face = text.partition("-")
        if sep and color in COLORS:
            if face in COMMANDS:
                return cls(face, color)
            if face.isdigit() and len(face) == 1 and int(face) in NUMBERS:
                return cls(NUMBER, color, int(face))
        raise LabelError(
            f"{label!r} is not a die face label (e.g. red-3, blue-skip, green-reverse, "
            "yellow-draw2, wild, wild-draw4)"
        )

    @property
    def label(self) -> str:
        if self.kind in (WILD, WILD_DRAW4):
            return self.kind
        return f"{self.color}-{self.symbol}"

    def __str__(self) -> str:
        return self.label

    @property
    def is_wild(self) -> bool:
        return self.kind in (WILD, WILD_DRAW4)

    @property
    def is_number(self) -> bool:
        return self.kind == NUMBER

    @property
    def symbol(self) -> str:
        """What a face matches on besides colour: its number, or its command's name."""
        return str(self.number) if self.kind == NUMBER else self.kind

    @property
    def points(self) -> int:
        """Seed 004 scoring: 1-6 face value; Draw 2, Reverse, Skip 20; Wild, Wild Draw 4 50."""
        if self.kind == NUMBER:
            return self.number  # type: ignore[return-value]
        return COMMAND_POINTS[self.kind]

    @property
    def draws(self) -> int:
        """How many dice the next player must draw when this face is played."""
        return {DRAW2: 2, WILD_DRAW4: 4}.get(self.kind, 0)


@lru_cache(maxsize=128)
def _parse_label(label: str) -> DieFace:
    # Faces are immutable values: every play of "red-3" may share one.
    return DieFace._parse(label)


def all_face_labels() -> list[str]:
    """Every label a recogniser may answer for a die: 4 colours x (1-6, skip, reverse,
    draw2), then wild and wild-draw4 (38 faces)."""
    labels = []
    for color in COLORS:
        labels += [f"{color}-{n}" for n in NUMBERS]
        labels += [f"{color}-{kind}" for kind in COMMANDS]
    return labels + [WILD, WILD_DRAW4]
