"""A spread hand's dare read without its number, numbered by its sharpened looks.

A spread card is small in the frame, and a blurred dare's centre word and field still
read while its one- or two-digit number does not (dev seeds: about 390 spread dares
answered "without number"). The unsharp looks of :mod:`~vision.spread_sharpen` bring a
blurred number's strokes back; each look is a read of its own, so the number answers only
when they agree: ``agree`` looks read the same colour's dare with the one number, none reads
another number or another card (a look reading the bare dare is no doubt), and one of them
reads it ``one_sure``. Deblur (:mod:`~vision.deblur`) is not asked here: it read three
wrong spread numbers on its own.

Only :meth:`~vision.recognizer.Recognizer.all_cards` asks this: the top card is untouched.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

from .reading import CardReading
from .spread_sharpen import sharpened


@dataclass(frozen=True)
class SpreadNumberParams:
    """When a spread dare read without number takes the number its sharpened looks read
    (``looks`` empty: never)."""

    #: (amount, sigma px) of each unsharp mask (as ``SpreadSharpenParams.looks``).
    looks: tuple[tuple[float, float], ...] = ((1.0, 1.0), (1.0, 1.5), (1.5, 2.5), (2.0, 1.5),
                                              (3.0, 3.0))
    #: This many looks must read the one number (dev seeds: at 2 or 3 of the 5 looks,
    #: 4 of 141 numbers read were wrong, e.g. 5:1319 blue-dare-5 read 6 at 3 looks; at 4
    #: or more, none of 107).
    agree: int = 4
    #: Each look counts only this sure.
    min_confidence: float = 0.8
    #: ... and one of the agreeing looks this sure.
    one_sure: float = 0.9
    #: Px round the card's quad sharpened with it.
    margin: int = 12


def bare_dare(label: str | None) -> bool:
    """A dare's label without its number ("green-dare", "wild-dare")."""
    return label is not None and label.endswith("-dare")


def agreed_number(bare: str, labels: list[str | None], agree: int) -> str | None:
    """The numbered label of ``bare`` (a dare without number) that ``agree`` of ``labels``
    read, when no label read is other than it or ``bare`` (None: no such number)."""
    read = [label for label in labels if label is not None]
    numbered = {label for label in read if label != bare}
    if len(numbered) != 1:
        return None
    label = next(iter(numbered))
    head, _, tail = label.rpartition("-")
    if head != bare or not tail.isdigit():
        return None
    return label if read.count(label) >= agree else None


def numbered_by_looks(frame_bgr: np.ndarray, checked: CardReading,
                      read: Callable[[np.ndarray], CardReading],
                      params: SpreadNumberParams) -> CardReading:
    """``checked`` (a spread card's reading) with the number its sharpened looks agree on
    (:func:`agreed_number`) when it is a dare read without one; else ``checked``."""
    if not params.looks or not bare_dare(checked.label):
        return checked
    quad = np.asarray(checked.candidate.card, np.float32)
    readings = []
    for amount, sigma in params.looks:
        reading = read(sharpened(frame_bgr, quad, amount, sigma, params.margin))
        readings.append(reading if reading.label is not None
                        and reading.confidence >= params.min_confidence else None)
    label = agreed_number(checked.label, [r.label if r is not None else None for r in readings],
                          params.agree)
    agreeing = [r for r in readings if r is not None and r.label == label]
    if label is None or max(r.confidence for r in agreeing) < params.one_sure:
        return checked
    return agreeing[0]
