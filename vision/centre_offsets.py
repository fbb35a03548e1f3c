"""Where a card's white centre lies on its face: both designs print the centre in the middle,
so a card whose quad stops where another card lies across it (its field cut there) shows its
centre shifted towards the cut. The settling's last word between whole cards side by side
(:class:`~vision.settling.Settling`)."""

from __future__ import annotations

import cv2
import numpy as np

from .reading import CardReading
from .recognizer_params import RecognizerParams


def centre_offset(face) -> float | None:
    """How far the centroid of ``face``'s white centre lies off its middle: the larger of
    its shifts across and along, each a share of the face's width or height (None without
    a centre)."""
    if face is None or face.centre is None:
        return None
    # The centroid from the column and row counts (exact integer sums: the values of
    # cv2.moments, at a third of its cost).
    centre = face.centre
    centre = centre.view(np.uint8) if centre.dtype == bool else (centre != 0).astype(np.uint8)
    columns = cv2.reduce(centre, 0, cv2.REDUCE_SUM, dtype=cv2.CV_32S).ravel()
    count = int(columns.sum())
    if count <= 0:
        return None
    rows = cv2.reduce(centre, 1, cv2.REDUCE_SUM, dtype=cv2.CV_32S).ravel()
    h, w = centre.shape[:2]
    across = int(columns @ np.arange(w, dtype=np.int64)) / count
    along = int(rows @ np.arange(h, dtype=np.int64)) / count
    return max(abs(across / w - 0.5), abs(along / h - 0.5))


def only_whole(cards: list[CardReading], p: RecognizerParams) -> int | None:
    """The index of the one card of ``cards`` whose white centre lies in the middle of
    its face (off by less than ``centre_whole`` of its width or height) while every
    other one's lies off by ``centre_cut`` or more, else None. Both designs print the
    centre in the middle: a card whose quad stops where another card lies across it
    (its field cut there) shows its centre shifted towards the cut."""
    offsets = [centre_offset(card.face) for card in cards]
    if any(o is None for o in offsets):
        return None
    whole = [k for k, o in enumerate(offsets) if o < p.centre_whole]
    if len(whole) != 1 or sum(o >= p.centre_cut for o in offsets) != len(cards) - 1:
        return None
    return whole[0]


def cut_beside_whole(card: CardReading, cards: list[CardReading], p: RecognizerParams) -> bool:
    """Is ``card`` (the one the pile evidence picked) cut short (its white centre off
    its face's middle by ``centre_cut`` or more) while another of ``cards`` lies whole
    (off by less than ``centre_whole``) across it (their quads overlapping by
    ``pile.min_overlap`` of the smaller at least: the cut card's quad takes in a
    border's width of the card on it), with ``evidence_not_cut`` on? Both designs print
    the centre in the middle: the cut card's quad stops where a card lying across it
    begins. The band round a card's outline says only what lies round it, and a black
    field joined to a dark table, or a card left out as crossed, reads there as table or
    pile: against the centres, "no card". A whole card merely near it (glare shifts a
    top card's centre too) leaves the evidence's pick standing."""
    if not p.evidence_not_cut or p.centre_cut <= 0:
        return False
    offset = centre_offset(card.face)
    if offset is None or offset < p.centre_cut:
        return False
    quad = card.candidate.card.astype(np.float32)
    for other in cards:
        whole = None if other is card else centre_offset(other.face)
        if whole is None or whole >= p.centre_whole:
            continue
        inter, _ = cv2.intersectConvexConvex(quad, other.candidate.card.astype(np.float32))
        if inter >= p.pile.min_overlap * min(card.candidate.area, other.candidate.area):
            return True
    return False
