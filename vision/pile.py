"""Which candidate lies on top of the pile: overlaps judged by whose border stays whole (and
whose outline shows as an edge: the pixels of one overlap are read in ``overlap``).

A pile's top card is whole; the cards below it are cut by its border. Where two candidates
overlap enough to tell, the one whose white border still runs unbroken inside the other's
outline lies on top. Candidates that do not overlap cannot be told apart this way; among
those the one nearest the frame's centre comes first (the camera is aimed at the pile).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from .masks import dark_mask, preprocess, whiteness
from .overlap import percentile_u8, sharper_outline, whole_within
from .pile_params import PileParams
from .quads import Candidate, QuadParams


def touching(a: Candidate, b: Candidate, reach: float = 0.08) -> bool:
    """Do two candidates' cards overlap or nearly touch (within ``reach`` of the smaller
    card's size)?"""
    small, big = (a, b) if a.area <= b.area else (b, a)
    centre = small.card.mean(axis=0)
    grown = centre + (small.card - centre) * (1 + 2 * reach)
    inter, _ = cv2.intersectConvexConvex(grown.astype(np.float32), big.card.astype(np.float32))
    return inter > 0


def table_mask(frame_bgr: np.ndarray, quad_params: QuadParams, params: PileParams = PileParams(),
               masks: dict | None = None, card_width: float = 0.0) -> tuple[np.ndarray, float]:
    """Where the search's mask (at ``evidence_width``) shows the table: its large connected
    regions, dark or paper-white (a white table is one paper region with the borders of the
    cards lying alone on it). Returns the mask (bool) and frame px per mask px. ``masks``
    are the search's working images of this frame (``quads.search``), reused when they
    hold this width. ``card_width``: the narrowest card's width in view (frame px; 0: not
    known), for a lit patch of the table (``paper_open_width``)."""
    masks = masks if masks is not None else {}
    width = params.evidence_width
    known = masks.get(("table", width, card_width))
    if known is not None and known[0] is quad_params:
        return known[1], known[2]
    small, scale = masks[width] if width in masks else preprocess(frame_bgr, width)
    # Dark beside its local white, or beside the frame's paper: a plain table far from
    # any card is its own local white, yet darker than the cards' paper.
    white = masks.get(("white", width))
    if white is None:
        white = whiteness(small, quad_params.chroma_weight)
    local = masks.get(("local", width))
    if local is None:
        local = dark_mask(small, "local", quad_params, white)
    paper = percentile_u8(white, 99)
    dark = cv2.bitwise_or(local, cv2.compare(white, quad_params.dark_ratio * paper, cv2.CMP_LT))
    h, w = dark.shape
    table = np.zeros((h, w), bool)
    for region, edge_share in ((dark, params.table_edge_share), (cv2.bitwise_not(dark), 1.0)):
        n, labels, stats, _ = cv2.connectedComponentsWithStats(region, connectivity=4)
        x, y, bw, bh, area = (stats[:, k] for k in range(5))
        at_edge = (x == 0) | (y == 0) | (x + bw == w) | (y + bh == h)
        big = (area > params.table_share * h * w) | (at_edge & (area > edge_share * h * w))
        big[0] = False  # the other part of the mask
        if region is not dark and params.paper_open_width > 0 and card_width > 0:
            # A lit patch of the table reaching the edge: wider open than cards' paper.
            lit = np.flatnonzero(at_edge & (area > params.paper_edge_share * h * w) & ~big)
            lit = lit[lit > 0]  # label 0: the dark part
            inside = cv2.distanceTransform(region, cv2.DIST_L2, 3) if len(lit) else None
            for k in lit:
                if 2 * float(inside[labels == k].max()) >= params.paper_open_width * card_width / scale:
                    big[k] = True
        table |= big[labels] & (region > 0)
    masks[("table", width, card_width)] = (quad_params, table, scale)
    return table, scale


def pile_evidence(table: np.ndarray, scale: float, candidates: list[Candidate], index: int,
                  params: PileParams = PileParams()) -> float | None:
    """How much of the band around candidate ``index``'s outline is not the table (nor
    another candidate): the lower cards a pile's top card lies on, their fields and
    borders cut by its outline. A card lying alone has the table all round it. None when
    the band is too small to tell."""
    h, w = table.shape
    card = candidates[index].card / scale
    centre = card.mean(axis=0)
    inner = np.zeros((h, w), np.uint8)
    outer = np.zeros((h, w), np.uint8)
    cv2.fillConvexPoly(inner, np.round(centre + 1.02 * (card - centre)).astype(np.int32), 1)
    grown = centre + (1 + params.evidence_band) * (card - centre)
    cv2.fillConvexPoly(outer, np.round(grown).astype(np.int32), 1)
    for k, other in enumerate(candidates):
        if k != index:
            cv2.fillConvexPoly(outer, np.round(other.card / scale).astype(np.int32), 0)
    band = (outer > 0) & (inner == 0)
    if band.sum() < 10:
        return None
    return 1.0 - float(table[band].mean())


def narrowest(candidates: list[Candidate]) -> float:
    """The shortest side of any of ``candidates``' card quads (frame px; 0 for none)."""
    sides = [float(np.linalg.norm(c.card - np.roll(c.card, -1, axis=0), axis=1).min())
             for c in candidates]
    return min(sides, default=0.0)


def pile_evidences(frame_bgr: np.ndarray, candidates: list[Candidate], quad_params: QuadParams,
                   params: PileParams = PileParams(), masks: dict | None = None) -> list[float | None]:
    """Each candidate's :func:`pile_evidence` among ``candidates`` (``masks``: as
    :func:`table_mask`)."""
    table, scale = table_mask(frame_bgr, quad_params, params, masks, narrowest(candidates))
    return [pile_evidence(table, scale, candidates, k, params) for k in range(len(candidates))]


def likelier_top(frame_bgr: np.ndarray, candidates: list[Candidate], quad_params: QuadParams,
                 params: PileParams = PileParams(), masks: dict | None = None) -> int | None:
    """Of whole cards side by side that the overlap cannot order, the index of the one
    lying on the pile (:func:`pile_evidence` beats every other one's by
    ``evidence_margin`` and is ``min_evidence`` at least, or the others lie alone apart from
    it: ``alone_evidence``), or None when no one does. ``masks``: as :func:`table_mask`."""
    table, scale = table_mask(frame_bgr, quad_params, params, masks, narrowest(candidates))
    evidence = [pile_evidence(table, scale, candidates, k, params) for k in range(len(candidates))]
    if any(e is None for e in evidence):
        return None
    best = int(np.argmax(evidence))
    others = [e for k, e in enumerate(evidence) if k != best]
    if others and evidence[best] < max(others) + params.evidence_margin:
        return None
    if evidence[best] < params.min_evidence and not _others_alone(candidates, evidence, best, params):
        return None
    return best


def _others_alone(candidates: list[Candidate], evidence: list[float], best: int,
                  params: PileParams) -> bool:
    """Does every candidate but ``best`` have the table all round it (``alone_evidence``)
    and lie clear of ``best``'s card (see :func:`likelier_top`)?"""
    if params.alone_evidence <= 0:
        return False
    quad = candidates[best].card.astype(np.float32)
    for k, other in enumerate(candidates):
        if k == best:
            continue
        if evidence[k] > params.alone_evidence:
            return False
        inter, _ = cv2.intersectConvexConvex(quad, other.card.astype(np.float32))
        if inter > 0:
            return False
    return True


def outweighed(frame_bgr: np.ndarray, candidates: list[Candidate], index: int,
               quad_params: QuadParams, params: PileParams = PileParams(),
               masks: dict | None = None) -> bool:
    """Does another candidate's :func:`pile_evidence` beat candidate ``index``'s by
    ``evidence_margin`` (it lies on the pile more surely: what else picks ``index`` then
    has the pile's evidence against it)? ``masks``: as :func:`table_mask`."""
    table, scale = table_mask(frame_bgr, quad_params, params, masks, narrowest(candidates))
    evidence = [pile_evidence(table, scale, candidates, k, params) for k in range(len(candidates))]
    if evidence[index] is None:
        return False
    return any(e is not None and e >= evidence[index] + params.evidence_margin
               for k, e in enumerate(evidence) if k != index)


@dataclass(frozen=True)
class Layer:
    """A candidate's place in the pile as far as one frame tells: ``covered`` when another
    candidate lies on it (or it is two fields run together), ``covers`` when it lies on
    another candidate."""

    candidate: Candidate
    covered: bool = False
    covers: bool = False


def layers(candidates: list[Candidate], frame_bgr: np.ndarray,
           params: PileParams = PileParams()) -> list[Layer]:
    """Each candidate's :class:`Layer`, in the same order."""
    covered = [False] * len(candidates)
    covers = [False] * len(candidates)
    cards = [c.card.astype(np.float32) for c in candidates]
    areas = [c.area for c in candidates]
    for i, a in enumerate(candidates):
        for j in range(i + 1, len(candidates)):
            b = candidates[j]
            inter, _ = cv2.intersectConvexConvex(cards[i], cards[j])
            small, big = (i, j) if areas[i] <= areas[j] else (j, i)
            if inter <= 0:
                continue
            if (inter >= params.swallow_share * areas[small]
                    and areas[big] >= params.swallow_ratio * areas[small]):
                covered[big] = True
                continue
            if inter < params.min_overlap * areas[small]:
                continue
            a_white = whole_within(frame_bgr, a, b.card)
            b_white = whole_within(frame_bgr, b, a.card)
            need = (params.min_difference if inter >= params.sliver * areas[small]
                    else params.sliver_difference)
            if a_white is None or b_white is None:
                continue
            if abs(a_white - b_white) >= need:
                top, under = (i, j) if a_white > b_white else (j, i)
                if params.edge_veto and sharper_outline(
                        frame_bgr, candidates[under], candidates[top], params.edge_contrast) == 0:
                    continue
            else:
                leaning = _leaning(a_white, b_white, need, params)
                sharper = sharper_outline(frame_bgr, a, b, params.edge_contrast, leaning)
                if sharper is None or (params.sliver_lean_veto and leaning is not None
                                       and sharper != leaning[0]):
                    continue
                top, under = (i, j) if sharper == 0 else (j, i)
            covered[under] = True
            covers[top] = True
    return [Layer(c, covered[k], covers[k]) for k, c in enumerate(candidates)]


def tip_under(frame_bgr: np.ndarray, a: Candidate, b: Candidate,
              params: PileParams = PileParams()) -> int | None:
    """Which of two candidates overlapping by a corner's tip only (less than
    ``min_overlap`` of the smaller card, which :func:`layers` leaves unordered) lies under
    the other (0: ``a``), when their borders there differ by ``tip_difference``: one ring
    whole, the other's gone and its field's rim turned to paper; None otherwise (and when
    the outlines say the other way round, ``edge_veto``). Borders leaning less, by
    ``min_difference``, order the pair when the outlines agree by ``edge_contrast``
    (``tip_lean``)."""
    if params.tip_difference <= 0:
        return None
    inter, _ = cv2.intersectConvexConvex(a.card.astype(np.float32), b.card.astype(np.float32))
    if inter <= 0 or inter >= params.min_overlap * min(a.area, b.area):
        return None
    a_white = whole_within(frame_bgr, a, b.card)
    b_white = whole_within(frame_bgr, b, a.card)
    if a_white is None or b_white is None:
        return None
    top, under = (a, b) if a_white > b_white else (b, a)
    if abs(a_white - b_white) < params.tip_difference:
        if (not params.tip_lean or abs(a_white - b_white) < params.min_difference
                or sharper_outline(frame_bgr, top, under, params.edge_contrast) != 0):
            return None
        return 1 if under is b else 0
    if params.edge_veto and sharper_outline(frame_bgr, under, top, params.edge_contrast) == 0:
        return None
    return 1 if under is b else 0


def _leaning(a_white: float, b_white: float, need: float, params: PileParams) -> tuple[int, float] | None:
    """Which of a pair overlapping by a sliver its borders lean to (0: the first), and the
    weaker outline contrast (``sliver_edge_contrast``) that orders them when the outlines
    lean the same way; None when the borders do not lean so (by ``min_difference``)."""
    if (need <= params.min_difference or params.sliver_edge_contrast <= 0
            or abs(a_white - b_white) < params.min_difference):
        return None
    return (0 if a_white > b_white else 1), params.sliver_edge_contrast


def covered_flags(candidates: list[Candidate], frame_bgr: np.ndarray,
                  params: PileParams = PileParams()) -> list[bool]:
    """For each candidate, does another one lie on it (or is it two fields run together)?"""
    return [layer.covered for layer in layers(candidates, frame_bgr, params)]


def rank_top_first(candidates: list[Candidate], frame_bgr: np.ndarray,
                   params: PileParams = PileParams()) -> list[Layer]:
    """The candidates' layers, the likeliest top card first: the uncovered before the
    covered; among the uncovered, one lying on another candidate first (a pile's top card
    lies on the pile; a whole card beside it may lie alone); then nearest the frame's
    centre first."""
    h, w = frame_bgr.shape[:2]

    def key(layer: Layer) -> tuple:
        x, y = layer.candidate.card.mean(axis=0)
        return layer.covered, not layer.covers, float(np.hypot(x - w / 2, y - h / 2))

    return sorted(layers(candidates, frame_bgr, params), key=key)


def order_top_first(candidates: list[Candidate], frame_bgr: np.ndarray,
                    params: PileParams = PileParams()) -> list[Candidate]:
    """Candidates sorted so the pile's top card comes first (see :func:`rank_top_first`)."""
    return [layer.candidate for layer in rank_top_first(candidates, frame_bgr, params)]
