"""A card lying alone beside the pile, touching its top card by a sliver: the pile evidence
(``pile.pile_evidence``) picks the card lying on the pile's lower cards even though the two
quads overlap, as long as the overlap is a sliver and not two corners each over the other.
"""

from __future__ import annotations

import cv2
import numpy as np

from .pile_params import PileParams
from .quads import Candidate


def alone_by_sliver(candidates: list[Candidate], evidence: list[float | None],
                    params: PileParams = PileParams()) -> int | None:
    """The index of the candidate lying on the pile when every other one lies alone (its
    evidence ``alone_evidence`` at most, the best one's beating it by ``evidence_margin``)
    and touches it by a sliver only: their cards overlap by less than ``alone_sliver`` of
    the smaller (0: never), and not each with a corner inside the other's quad (two cards
    lying crossed at their corners, as a top card lying on a lower card's edge does, which
    the band round the lower card does not show). None otherwise. Of cards that overlap by
    a sliver, the whole-border order (``layers``) tells nothing; the band round a card
    leaves the other candidates out, so a card with the table all round it lies on nothing
    but the table, and the other one on the pile."""
    if params.alone_sliver <= 0 or params.alone_evidence <= 0 or len(candidates) < 2:
        return None
    if any(e is None for e in evidence):
        return None
    best = int(np.argmax(evidence))
    quad = candidates[best].card.astype(np.float32)
    for k, other in enumerate(candidates):
        if k == best:
            continue
        if evidence[k] > params.alone_evidence or evidence[best] < evidence[k] + params.evidence_margin:
            return None
        theirs = other.card.astype(np.float32)
        inter, _ = cv2.intersectConvexConvex(quad, theirs)
        if inter >= params.alone_sliver * min(candidates[best].area, other.area):
            return None
        if _corner_inside(quad, theirs) and _corner_inside(theirs, quad):
            return None
    return best


def _corner_inside(quad: np.ndarray, other: np.ndarray) -> bool:
    """Does a corner of ``quad`` lie inside ``other`` (both (4, 2) float32)?"""
    contour = other.reshape(-1, 1, 2)
    return any(cv2.pointPolygonTest(contour, (float(x), float(y)), False) >= 0 for x, y in quad)
