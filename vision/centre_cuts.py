"""The centre mark cut again over the whole white centre, three ways (by colour, by grey
levels, by local chroma), and over the centre its paper shows: the cuts the symbol reader
(:mod:`vision.symbols`) reads when the face's own ink leaves it short of sure. Each cut is
worked out when first asked, once per card.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from .mark_grey import GreyParams, centre_grey, centre_local, centre_mark, paper_centre
from .mark_shape import off_the_rim

__all__ = ["CentreCuts"]


class CentreCuts:
    """The mark cut over the whole centre (None without a coloured card's ``card`` and
    ``centre``), by its colour (:func:`~vision.mark_grey.centre_mark`), by its grey
    levels (:func:`~vision.mark_grey.centre_grey`) and by its local chroma
    (:func:`~vision.mark_grey.centre_local`), each less its blobs along the centre's
    outline (:func:`~vision.mark_shape.off_the_rim`: the field a highlight let into the
    centre), each worked out when first asked; then, with ``paper_cuts``, the same three
    over the centre its paper shows (:func:`~vision.mark_grey.paper_centre`), when that
    leaves a crescent of the field out."""

    def __init__(self, card: np.ndarray | None, centre: np.ndarray | None, grey: GreyParams, wild: bool):
        self._args = None if card is None or centre is None or wild else (card, centre, grey)
        self.grey = grey
        self._cuts: dict = {}
        self._paper: list = []

    def _cut(self, how, paper: bool = False) -> np.ndarray | None:
        if self._args is None:
            return None
        if (how, paper) not in self._cuts:
            card, centre, grey = self._args
            if paper:
                centre = self._paper_centre()
            mark = None if centre is None else how(card, centre, grey)
            if mark is not None and mark.any():
                trimmed = off_the_rim(mark, centre)
                mark = mark if trimmed is None else trimmed
            else:
                mark = None
            self._cuts[how, paper] = mark
        return self._cuts[how, paper]

    def _paper_centre(self) -> np.ndarray | None:
        if not self._paper:
            card, centre, grey = self._args
            self._paper.append(paper_centre(card, centre, grey))
        return self._paper[0]

    def strict(self, cut: np.ndarray) -> bool:
        """Is ``cut`` the cut by local chroma, or one over the paper's centre? A reading of
        those must pass the stricter checks (a digit alone in the card's middle, a dare's
        two lines with the number centred)."""
        return cut is not None and any(cut is self._cuts.get(key) for key in
                                       ((centre_local, False), (centre_mark, True), (centre_grey, True),
                                        (centre_local, True)))

    def over_paper(self, cut: np.ndarray) -> bool:
        """Is ``cut`` one over the paper's centre?"""
        return cut is not None and any(mark is cut for (_, paper), mark in self._cuts.items() if paper)

    def measure(self, cut: np.ndarray):
        """Which of the three measures ``cut`` is (over either centre)."""
        return next((how for (how, _), mark in self._cuts.items() if mark is cut), None)

    def by_colour(self) -> np.ndarray | None:
        """The cut by colour, or None when it cuts nothing."""
        return self._cut(centre_mark)

    def by_chroma(self) -> Iterator[np.ndarray]:
        """The cuts over the whole centre by a measure of colour (by colour, by local
        chroma) that cut something: measures apart from the grey levels."""
        for how in (centre_mark, centre_local):
            cut = self._cut(how)
            if cut is not None:
                yield cut

    def all(self, with_paper: bool = True) -> Iterator[np.ndarray]:
        """The cuts that cut something: by colour, then by grey levels, then by local chroma;
        then (``with_paper``) the same over the paper's centre. Each is cut only when the
        reader gets to it: a cut read as backed before the last ends the search, and the
        paper's centre and its three cuts cost as much as the first three."""
        centres = (False, True) if self.grey.paper_cuts and with_paper else (False,)
        for paper in centres:
            for how in (centre_mark, centre_grey, centre_local):
                cut = self._cut(how, paper)
                if cut is not None:
                    yield cut
