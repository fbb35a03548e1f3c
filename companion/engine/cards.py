"""UNO Dare! cards as small immutable values that round-trip through their label.

A label is the one text form of a card everywhere (logs, JSON, file names, templates):
``red-7``, ``blue-skip``, ``green-reverse``, ``red-dare-12``, ``wild-dare-5``; a dare card
whose number could not be read is ``red-dare`` / ``wild-dare`` (DESIGN.md section 3).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .errors import LabelError

COLORS: tuple[str, ...] = ("red", "yellow", "green", "blue")

#: The colour-blind shapes printed on newer decks (seed 002, "For Colorblind Players").
COLOR_SHAPES: dict[str, str] = {
    "red": "circle",
    "yellow": "diamond",
    "green": "triangle",
    "blue": "square",
}

NUMBER = "number"
SKIP = "skip"
REVERSE = "reverse"
DARE = "dare"
WILD_DARE = "wild-dare"
KINDS: tuple[str, ...] = (NUMBER, SKIP, REVERSE, DARE, WILD_DARE)

#: Dare and Wild Dare cards carry the numbers 1-16 of the chosen Dare List.
DARE_NUMBERS = range(1, 17)

DECK_SIZE = 108
HAND_SIZE = 7


@dataclass(frozen=True, slots=True)
class Card:
    """One UNO Dare! card. ``color`` is None only for a Wild Dare.

    ``number`` is the face value of a number card (0-9) or the dare number of a dare card
    (1-16, or None when it could not be read).
    """

    kind: str
    color: str | None = None
    number: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise LabelError(f"unknown card kind {self.kind!r}")
        if self.kind == WILD_DARE:
            if self.color is not None:
                raise LabelError("a wild dare has no colour")
        elif self.color not in COLORS:
            raise LabelError(f"unknown colour {self.color!r}")
        if self.kind == NUMBER:
            if not isinstance(self.number, int) or not 0 <= self.number <= 9:
                raise LabelError(f"a number card shows 0-9, not {self.number!r}")
        elif self.kind in (DARE, WILD_DARE):
            if self.number is not None and self.number not in DARE_NUMBERS:
                raise LabelError(f"dare numbers run 1-16, not {self.number!r}")
        elif self.number is not None:
            raise LabelError(f"a {self.kind} card has no number")

    @classmethod
    def from_label(cls, label: str) -> "Card":
        """Parse ``red-7``, ``blue-skip``, ``red-dare-12``, ``wild-dare`` ..."""
        if not isinstance(label, str):
            raise LabelError(f"a card label is text, not {label!r}")
        return _parse_label(label) if cls is Card else cls._parse(label)

    @classmethod
    def _parse(cls, label: str) -> "Card":
        text = label.strip().lower()
        if text.startswith("wild-dare"):
            rest = text[len("wild-dare"):]
            return cls(WILD_DARE, None, _dare_number(rest, label))
        color, sep, face = text.partition("-")
        if not sep or color not in COLORS:
            raise LabelError(f"{label!r} is not a card label (e.g. red-7, blue-skip, wild-dare-5)")
        if face in (SKIP, REVERSE):
            return cls(face, color)
        if face.startswith(DARE):
            return cls(DARE, color, _dare_number(face[len(DARE):], label))
        if face.isdigit() and len(face) == 1:
            return cls(NUMBER, color, int(face))
        raise LabelError(f"{label!r} is not a card label (e.g. red-7, blue-skip, wild-dare-5)")

    @property
    def label(self) -> str:
        if self.kind == WILD_DARE:
            head = "wild-dare"
        elif self.kind == NUMBER:
            return f"{self.color}-{self.number}"
        else:
            head = f"{self.color}-{self.kind}"
        return head if self.number is None else f"{head}-{self.number}"

    def __str__(self) -> str:
        return self.label

    @property
    def is_wild(self) -> bool:
        return self.kind == WILD_DARE

    @property
    def is_dare(self) -> bool:
        return self.kind in (DARE, WILD_DARE)

    @property
    def symbol(self) -> str:
        """What a card matches on besides colour: its digit, or its action's name."""
        return str(self.number) if self.kind == NUMBER else self.kind

    @property
    def points(self) -> int:
        """Scoring chart: numbers face value; Reverse, Skip, Dare 20; Wild Dare 50."""
        if self.kind == NUMBER:
            return self.number  # type: ignore[return-value]
        return 50 if self.kind == WILD_DARE else 20

    @property
    def dealer_draw_value(self) -> int:
        """Drawing for dealer: highest number deals, action cards count as zero."""
        return self.number if self.kind == NUMBER else 0  # type: ignore[return-value]


@lru_cache(maxsize=512)
def _parse_label(label: str) -> Card:
    # Cards are immutable values: every play of "red-7" may share one.
    return Card._parse(label)


def _dare_number(rest: str, label: str) -> int | None:
    if rest == "":
        return None
    if rest.startswith("-") and rest[1:].isdigit():
        return int(rest[1:])
    raise LabelError(f"{label!r} is not a card label (a dare reads e.g. red-dare-12)")


def deck() -> list[Card]:
    """The 108 playing cards, dare numbers left unread (which number sits where is printed)."""
    cards: list[Card] = []
    for color in COLORS:
        cards.append(Card(NUMBER, color, 0))
        for n in range(1, 10):
            cards += [Card(NUMBER, color, n)] * 2
        for kind in (SKIP, REVERSE, DARE):
            cards += [Card(kind, color)] * 2
    cards += [Card(WILD_DARE)] * 8
    return cards


def all_labels() -> list[str]:
    """Every label a recogniser may answer: each face with dare numbers 1-16 spelled out."""
    labels = []
    for color in COLORS:
        labels += [f"{color}-{n}" for n in range(10)]
        labels += [f"{color}-{SKIP}", f"{color}-{REVERSE}"]
        labels += [f"{color}-dare-{n}" for n in DARE_NUMBERS]
    labels += [f"wild-dare-{n}" for n in DARE_NUMBERS]
    return labels
