"""Refining a face's outline at full resolution, from its own field colour.

The search runs on a half-size frame with four broad hue classes, so its quadrilaterals are
coarse, and a face whose neighbour (a side face, a cloth) falls in the same class comes out
joined to it. Here the candidate's field colour is measured inside it (the mark, being
whiter, left out), every pixel near the candidate is compared with it in Lab (a side face
of the same ink is darker, a cloth of the same hue differs in shade or chroma), the region
that holds the candidate's inside is outlined, and a line is fitted to each of its sides.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from .geometry import fit_quad, quantile


@dataclass(frozen=True)
class OutlineParams:
    """Tolerances of the refinement."""

    #: The field is sampled in a ring about the candidate's centre, between these shares of
    #: its half side: around the mark, inside the outline (a seed's mark is larger).
    ring: tuple[float, float] = (0.55, 0.85)
    seed_ring: tuple[float, float] = (0.65, 0.95)
    #: Of the sample, the pixels whose darkest channel is below this quantile are field
    #: (the whiter rest is the mark).
    field_quantile: float = 0.55
    #: A pixel belongs to the field within this Lab distance: ``spread_gain`` x the
    #: sample's own spread plus ``base``, clipped to ``limits``.
    spread_gain: float = 2.5
    base: float = 12.0
    limits: tuple[float, float] = (18.0, 42.0)
    #: Lightness counts this much in the distance (chroma counts 1).
    lightness_weight: float = 1.0
    #: A field reaching the window's edges (1.1 sides about its centre) for more than this
    #: share of them is no face.
    max_border_share: float = 0.1
    #: Canny's thresholds for cutting a field from a neighbour of its own colour.
    edge_thresholds: tuple[float, float] = (25.0, 60.0)
    #: The refined outline's area over the candidate's must lie in this range.
    area_range: tuple[float, float] = (0.45, 1.6)
    #: ... and a seed's, whose size is only guessed from its mark's.
    seed_area_range: tuple[float, float] = (0.45, 3.0)


def _touches_border(region: np.ndarray, box: tuple[int, int, int, int], size: tuple[int, int],
                    max_share: float) -> bool:
    """Whether the region lies along the window's edges (those inside the frame) for more
    than ``max_share`` of their length."""
    x0, y0, x1, y1 = box
    w, h = size
    edges = []
    if y0 > 0:
        edges.append(region[0, :])
    if y1 < h:
        edges.append(region[-1, :])
    if x0 > 0:
        edges.append(region[:, 0])
    if x1 < w:
        edges.append(region[:, -1])
    if not edges:
        return False
    on = np.concatenate(edges)
    return float(np.mean(on > 0)) > max_share


def refine_outline(frame_bgr: np.ndarray, quad: np.ndarray, params: OutlineParams,
                   seed: bool = False) -> tuple[np.ndarray | None, bool]:
    """(the field's outline around ``quad`` (frame px) at full resolution or None when the
    field cannot be told from its surroundings, whether the field runs on past a face's
    reach: a table or cloth, not a face). A ``seed`` is a rough square about a mark (its
    field is sampled just outside the mark)."""
    quad = np.asarray(quad, np.float32)
    h, w = frame_bgr.shape[:2]
    c = quad.mean(axis=0)
    side = float(np.sqrt(max(cv2.contourArea(quad), 1.0)))
    x0, y0 = np.maximum(np.floor(c - 1.1 * side).astype(int), 0)
    x1, y1 = np.minimum(np.ceil(c + 1.1 * side).astype(int) + 1, [w, h])
    if x1 - x0 < 8 or y1 - y0 < 8:
        return None, False
    roi = frame_bgr[y0:y1, x0:x1]
    sample = np.zeros(roi.shape[:2], np.uint8)
    mid = tuple(int(v) for v in np.round(c - [x0, y0]))
    r_in, r_out = params.seed_ring if seed else params.ring
    cv2.circle(sample, mid, max(2, int(round(r_out * side / 2))), 255, -1)
    cv2.circle(sample, mid, max(1, int(round(r_in * side / 2))), 0, -1)
    b, g, r = cv2.split(roi)
    whiteness = cv2.min(cv2.min(b, g), r)
    inside = sample > 0
    if int(inside.sum()) < 12:
        return None, False
    cut = quantile(whiteness[inside], params.field_quantile)
    field_px = inside & (whiteness <= cut)
    lab = cv2.cvtColor(roi, cv2.COLOR_BGR2Lab)
    samples = lab[field_px].astype(np.float32)
    centre = np.median(samples, axis=0)
    spread = float(np.sum(np.median(np.abs(samples - centre), axis=0)))
    tol = float(np.clip(params.spread_gain * spread + params.base, *params.limits))
    diff = cv2.absdiff(lab, np.full_like(lab, np.round(centre).astype(np.uint8)))
    dl, da, db = cv2.split(diff)
    # Half the weighted L1 distance, so it fits in 8 bits.
    dist = cv2.addWeighted(dl, params.lightness_weight / 2, cv2.addWeighted(da, 0.5, db, 0.5, 0), 1.0, 0)
    near = cv2.compare(dist, tol / 2, cv2.CMP_LT)
    near = cv2.morphologyEx(near, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    region = _voted(near, field_px)
    if region is None:
        return None, False
    box = (x0, y0, x1, y1)
    lo, hi = params.seed_area_range if seed else params.area_range
    if _touches_border(region, box, (w, h), params.max_border_share) or \
            cv2.countNonZero(region) > hi * side * side:
        # Joined to a cloth or side face of the same colour: cut along the brightness and
        # colour edges (the die's rounded rim) and try again.
        edges = cv2.Canny(cv2.GaussianBlur(roi, (3, 3), 0.8), *params.edge_thresholds, L2gradient=True)
        near = cv2.bitwise_and(near, cv2.bitwise_not(cv2.dilate(edges, np.ones((2, 2), np.uint8))))
        region = _voted(near, field_px)
        if region is None:
            return None, False
        if _touches_border(region, box, (w, h), params.max_border_share):
            return None, True
    contours = cv2.findContours(region, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)[-2]
    if not contours:
        return None, False
    outline = cv2.convexHull(max(contours, key=cv2.contourArea))
    hull_area = cv2.contourArea(outline)
    if not lo * side * side <= hull_area <= hi * side * side:
        return None, False
    return fit_quad(outline) + np.float32([x0, y0]), False


def _voted(near: np.ndarray, field_px: np.ndarray) -> np.ndarray | None:
    """The connected part of ``near`` that holds most of the field's sample (0/255), or
    None when no part holds half of it."""
    n, labels = cv2.connectedComponents(near, connectivity=4)
    if n <= 1:
        return None
    votes = np.bincount(labels[field_px], minlength=n)
    votes[0] = 0
    best = int(np.argmax(votes))
    if votes[best] < 0.5 * int(field_px.sum()):
        return None
    return (labels == best).astype(np.uint8) * 255
