"""A spread hand's card its own look left unread, read again with its print sharpened.

Cards laid out for counting are small in the frame (a short side of 70-120 px), and a
hand moved or a camera out of focus blurs their print past what the symbol reader takes
for sure, while the field, the border and the centre still say "a card" (dev seeds: of
the spread cards missed, about four in five were such cards, most blurred). An unsharp
mask over the card brings back the print's edges; one strength suits a card's blur and
size, another over-shoots, so the card is read at several and answers only when every
strength that reads agrees on one label, enough of them read it, and one of them reads it
more surely than a cut a corner index backs (``SymbolParams.corner_agreed``, 0.85). A
strength that reads another label is the reading's doubt: it answers nothing. The two
wrong labels the looks agreed on (dev seeds 3:1900, a reverse read 0 under a table's
glare; 6:127, a blurred skip read as a reverse) were each only so backed at every look.

Only :meth:`~vision.recognizer.Recognizer.all_cards` asks this (once a round, with time
to spare): the per-frame top card is left as it was.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

import cv2
import numpy as np

from .reading import CardReading


@dataclass(frozen=True)
class SpreadSharpenParams:
    """How an unread spread card is sharpened and read again (``looks`` empty: never)."""

    #: (amount, sigma px) of each unsharp mask: the frame plus ``amount`` times its
    #: difference from a Gaussian blur of ``sigma``. Mild to strong: motion and focus
    #: blur of one to three px at a spread card's size.
    looks: tuple[tuple[float, float], ...] = ((1.0, 1.0), (1.0, 1.5), (1.5, 2.5), (2.0, 1.5),
                                              (3.0, 3.0))
    #: This many looks must read the one label (and none another).
    agree: int = 2
    #: Each read counts only this sure (at least the recogniser's ``min_confidence``).
    min_confidence: float = 0.8
    #: ... and one of the agreeing reads this sure (above ``SymbolParams.corner_agreed``).
    one_sure: float = 0.9
    #: (amount, sigma px) of the unsharp mask over the whole frame that the search runs
    #: on again, for cards the first search found no field of (a blurred small card's
    #: border lost in the table: None, no second search). Its new fields (their centre in
    #: no field found before) answer only when the plain read and the ``looks`` agree
    #: (:func:`sharpened_reading`'s ``sharpened_search``: a held-out seed's new field read
    #: a wrong dare number when the plain read alone answered).
    search: tuple[float, float] | None = (2.0, 2.0)
    #: Px round the card's quad sharpened with it (past the widest blur's reach, 3 sigma).
    margin: int = 12


def sharpened(frame_bgr: np.ndarray, quad: np.ndarray, amount: float, sigma: float,
              margin: int) -> np.ndarray:
    """A copy of the frame with the box round ``quad`` (grown by ``margin``) unsharp-masked:
    the rest of the frame is not touched (only the box is worked on, to save time)."""
    h, w = frame_bgr.shape[:2]
    x0, y0 = np.floor(quad.min(axis=0)).astype(int) - margin
    x1, y1 = np.ceil(quad.max(axis=0)).astype(int) + margin + 1
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
    out = frame_bgr.copy()
    if x1 <= x0 or y1 <= y0:
        return out
    out[y0:y1, x0:x1] = unsharp(frame_bgr[y0:y1, x0:x1], amount, sigma)
    return out


def unsharp(frame_bgr: np.ndarray, amount: float, sigma: float) -> np.ndarray:
    """The whole frame unsharp-masked (``amount``, ``sigma`` px)."""
    blurred = cv2.GaussianBlur(frame_bgr, (0, 0), sigma)
    return cv2.addWeighted(frame_bgr, 1.0 + amount, blurred, -amount, 0)


def new_fields(found: list, more: list) -> list:
    """Of ``more`` (candidates), those whose card's centre lies in none of ``found``'s cards
    nor in one of ``more`` kept before it."""
    kept: list = []
    for candidate in more:
        x, y = (float(v) for v in np.asarray(candidate.card, np.float32).mean(axis=0))
        if not any(cv2.pointPolygonTest(np.asarray(other.card, np.float32), (x, y), False) >= 0
                   for other in found + kept):
            kept.append(candidate)
    return kept


def agreed_label(labels: list[str | None], agree: int) -> str | None:
    """The one label the looks read (None: none read), when ``agree`` of them read it and
    none another. A dare read without its number by some looks agrees with the one number
    the others read (the number answers); two numbers are two labels."""
    read = [label for label in labels if label is not None]
    if not read:
        return None
    numbered = {label for label in read if _dare_number(label)}
    if len(numbered) == 1:
        label = next(iter(numbered))
        bare = label.rsplit("-", 1)[0]
        if all(other in (label, bare) for other in read):
            return label if read.count(label) >= agree else None
        return None
    if len(set(read)) != 1:
        return None
    return read[0] if len(read) >= agree else None


def _dare_number(label: str) -> bool:
    head, _, tail = label.rpartition("-")
    return head.endswith("dare") and tail.isdigit()


def sharpened_reading(frame_bgr: np.ndarray, checked: CardReading,
                      read: Callable[[np.ndarray], CardReading],
                      params: SpreadSharpenParams, sharpened_search: bool = False) -> CardReading:
    """``checked`` (a card its own read left without a label) read again by ``read`` at each
    of ``params.looks``' sharpenings; the first look's reading of the label they agree on
    (:func:`agreed_label`) when one of them reads it ``one_sure``, else ``checked``.
    With ``sharpened_search`` (a field only the search over the sharpened frame found, its
    outline less sure), ``checked`` is one of the looks, read or not: it answers only when
    they all agree (else its label is dropped: dev seed 1:988's field read red-2 plain,
    red-1 at the strongest look)."""
    if not params.looks or not checked.is_card or (checked.label is not None and not sharpened_search):
        return checked
    sure = lambda r: r if r.label is not None and r.confidence >= params.min_confidence else None
    quad = np.asarray(checked.candidate.card, np.float32)
    readings = [sure(checked)] if sharpened_search else []
    for amount, sigma in params.looks:
        readings.append(sure(read(sharpened(frame_bgr, quad, amount, sigma, params.margin))))
    label = agreed_label([r.label if r is not None else None for r in readings], params.agree)
    agreeing = [r for r in readings if r is not None and r.label == label]
    if label is None or max(r.confidence for r in agreeing) < params.one_sure:
        if checked.label is None:
            return checked
        return replace(checked, label=None, reason="the sharpened looks disagree")
    return agreeing[0]
