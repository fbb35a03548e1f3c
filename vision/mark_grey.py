"""The centre mark cut again from the flattened card's grey levels, not from its colour.

The face cuts a mark's ink by hue and saturation (:mod:`vision.face`): ink of the field's
colour on the white centre. A pale or shadowed fill, a camera's noise or a highlight can
leave that cut speckled, hollow (only the outline read as ink) or in pieces, while the mark
still stands out plainly in grey: on a card's white centre everything printed, the fill,
its dark outline and its drop shadow, is darker than the paper around it. Here each
pixel's darkest channel is judged against the paper near it (its local white), so a
shadow or a highlight across the centre shifts both alike, and only what lies close to
the face's own ink is kept: the grey cut fills and mends that ink, it adds no mark of
its own. Only :func:`centre_mark` looks over the whole centre: a mark a highlight paled
until the face's cut kept next to nothing of it, cut by its chroma. Pure numpy + cv2.
"""

from __future__ import annotations

from collections.abc import Iterator

import cv2
import numpy as np

from .grey_params import GreyParams

__all__ = ["GreyParams", "centre_grey", "centre_local", "centre_mark", "core_mark", "grey_cuts", "grey_mark",
           "paper_centre"]


def grey_cuts(card_bgr: np.ndarray, ink: np.ndarray, params: GreyParams = GreyParams()) -> Iterator[np.ndarray]:
    """The mark cut again from ``card_bgr``'s grey levels near ``ink`` (the face's cut, a
    card-sized 0/255 mask), two ways, the likelier first: :func:`grey_mark`'s whole printed
    mark, then :func:`core_mark`'s core of it. A cut that finds nothing is left out; the
    local white is worked out once, and the second cut only when asked for."""
    levels = _levels(card_bgr, ink, params)
    if levels is None:
        return
    for cut in (_paper_cut, _core_cut):
        mark = cut(levels, ink, params)
        if mark is not None and mark.any():
            yield mark


def _centre_chroma(card_bgr: np.ndarray, centre: np.ndarray, params: GreyParams):
    """The ``centre``'s inside (its rim, ``rim`` px deep, left out) as its box ``(x, y, w,
    h)``, the box's chroma (brightest less darkest channel), the inside within the box, and
    the chroma level that parts a mark from the paper: Otsu's over the inside, and at least
    the paper's own (the inside's median) plus ``centre_chroma`` of the paper's brightness.
    None when the centre is too small to hold a mark."""
    inner = cv2.erode(centre.astype(np.uint8), np.ones((params.rim, params.rim), np.uint8))
    x, y, w, h = cv2.boundingRect(inner)
    if min(w, h) < 8:
        return None
    box = card_bgr[y:y + h, x:x + w]
    chroma = cv2.subtract(box.max(axis=2), box.min(axis=2))
    inside = inner[y:y + h, x:x + w] > 0
    values = chroma[inside].reshape(-1, 1)
    level, _ = cv2.threshold(values, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    bright = float(np.percentile(box.max(axis=2)[inside], 90))
    level = max(level, float(np.median(values)) + params.centre_chroma * bright)
    return (x, y, w, h), chroma, inside, level


def centre_mark(card_bgr: np.ndarray, centre: np.ndarray, params: GreyParams = GreyParams()) -> np.ndarray | None:
    """The mark cut by its colour over the whole white ``centre`` (the face's centre
    mask), not only near the face's ink: a highlight can pale a mark until the face's cut
    (the field's hue, a fixed saturation) keeps next to nothing of it, while its chroma
    (brightest less darkest channel) still stands clear of the paper's. A pixel is mark
    where its chroma passes Otsu's level over the centre's inside, and passes the paper's
    own (the inside's median) by at least ``centre_chroma`` of the paper's brightness; the
    centre's rim, ``rim`` px deep, is left out. None when the centre is too small to hold
    a mark."""
    found = _centre_chroma(card_bgr, centre, params)
    if found is None:
        return None
    (x, y, w, h), chroma, inside, level = found
    out = np.zeros(centre.shape, np.uint8)
    out[y:y + h, x:x + w] = ((chroma > level) & inside).view(np.uint8) * 255
    return out


def paper_centre(card_bgr: np.ndarray, centre: np.ndarray, params: GreyParams = GreyParams()) -> np.ndarray | None:
    """The white ``centre`` (the face's centre mask) as its paper shows it: the convex
    hull of the big pieces of its colourless inside (a pixel no more chromatic than the
    level :func:`centre_mark` parts the mark from the paper with), within the centre.
    A highlight that pales the field next to the oval makes the centre seem bigger, and
    every cut over it takes that field for mark: a crescent along the outline, often
    joined to the print. The paper is colourless where the field is not, and the oval and
    the disc are convex: the print lies inside the hull of their paper, the crescent
    outside. None when the centre is too small, holds no such paper, or when the hull
    leaves out less than ``paper_shrink`` of the centre (the centre is the paper's)."""
    found = _centre_chroma(card_bgr, centre, params)
    if found is None:
        return None
    (x, y, w, h), chroma, inside, level = found
    paper = (inside & (chroma <= level)).view(np.uint8)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(paper, connectivity=8)
    big = stats[:, cv2.CC_STAT_AREA] >= params.paper_centre_piece * np.count_nonzero(inside)
    big[0] = False
    if not big.any():
        return None
    hull = np.zeros_like(paper)
    cv2.fillConvexPoly(hull, cv2.convexHull(cv2.findNonZero(big[labels].view(np.uint8))), 1)
    out = np.zeros(centre.shape, bool)
    out[y:y + h, x:x + w] = (hull > 0) & (centre[y:y + h, x:x + w] > 0)
    if np.count_nonzero(out) > (1.0 - params.paper_shrink) * np.count_nonzero(centre):
        return None
    return out


def centre_local(card_bgr: np.ndarray, centre: np.ndarray, params: GreyParams = GreyParams()) -> np.ndarray | None:
    """The mark cut by its chroma (brightest less darkest channel) against the most chroma
    near it, over the whole white ``centre`` (the face's centre mask). A highlight adds
    light to every channel alike, so a print under it keeps its chroma until the channels
    clip; a print under a highlight's edge keeps less of it than the same print beside
    it, and one level over the whole centre (:func:`centre_mark`) loses the paled
    strokes. Here a pixel is mark where its chroma reaches ``local_share`` of the most
    within ``local_reach`` of the centre's shorter side (smoothed as much), and that most
    passes the paper's chroma (the inside's median) by ``local_floor`` of the paper's
    brightness: bare paper, however noisy, has no stroke's chroma near it. The centre's
    rim, ``rim`` px deep, is left out. None when the centre is too small to hold a mark."""
    inner = cv2.erode(centre.astype(np.uint8), np.ones((params.rim, params.rim), np.uint8))
    x, y, w, h = cv2.boundingRect(inner)
    if min(w, h) < 8:
        return None
    box = card_bgr[y:y + h, x:x + w]
    bright_ch = box.max(axis=2)
    chroma = cv2.subtract(bright_ch, box.min(axis=2))
    inside = inner[y:y + h, x:x + w] > 0
    chroma[~inside] = 0
    k = max(3, int(params.local_reach * min(w, h)) | 1)
    most = cv2.blur(cv2.dilate(chroma, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))), (k, k))
    paper = float(np.median(chroma[inside]))
    floor = params.local_floor * float(np.percentile(bright_ch[inside], 90))
    level = np.maximum(params.local_share * most.astype(np.float32), paper + floor / 2)
    mark = inside & (chroma > level) & (most > paper + floor)
    out = np.zeros(centre.shape, np.uint8)
    out[y:y + h, x:x + w] = mark.view(np.uint8) * 255
    return out


def centre_grey(card_bgr: np.ndarray, centre: np.ndarray, params: GreyParams = GreyParams()) -> np.ndarray | None:
    """The mark cut by its grey levels over the whole white ``centre`` (the face's centre
    mask), not only near the face's ink: a pale print (a washed-out colour, a highlight)
    can leave the face's cut by hue next to nothing, while everything printed, the fill,
    its dark outline and drop shadow, is still darker than the paper round it. A pixel is
    mark where its darkest channel, as a share of its local white (the brightest within
    ``centre_reach`` of the centre's shorter side, smoothed as much: a highlight or a
    shadow across the centre shifts both alike), falls below Otsu's level over the
    centre's inside; the centre's rim, ``rim`` px deep, is left out. None when the centre
    is too small to hold a mark."""
    inner = cv2.erode(centre.astype(np.uint8), np.ones((params.rim, params.rim), np.uint8))
    x, y, w, h = cv2.boundingRect(inner)
    if min(w, h) < 8:
        return None
    dark = card_bgr[y:y + h, x:x + w].min(axis=2)
    k = max(3, int(params.centre_reach * min(w, h)) | 1)
    white = cv2.blur(cv2.dilate(dark, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))), (k, k))
    share = cv2.divide(dark, white, scale=255)
    inside = inner[y:y + h, x:x + w] > 0
    level, _ = cv2.threshold(share[inside].reshape(-1, 1), 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    mark = ((share < level) & inside).view(np.uint8) * 255
    out = np.zeros(centre.shape, np.uint8)
    out[y:y + h, x:x + w] = _without_hairlines(mark, inside, params)
    return out


def _without_hairlines(mark: np.ndarray, inside: np.ndarray, params: GreyParams) -> np.ndarray:
    """``mark`` (a box's cut, ``inside`` its centre) without its hairlines along the rim:
    blobs at least ``hairline`` of the centre's shorter side long, about two pixels wide
    along their length (twice their area over their edge pixels at most
    ``hairline_width``), lying near the centre's outline (their pixels on average within
    ``hairline_depth`` of the shorter side of it): the printed oval's own outline inside a
    centre a highlight made seem bigger, a crease along it. A card's mark stands in the
    centre's middle."""
    n, labels, stats, _ = cv2.connectedComponentsWithStats(mark, connectivity=8)
    if n <= 1:
        return mark
    shorter = min(mark.shape)
    edge = mark & ~cv2.erode(mark, np.ones((3, 3), np.uint8))
    rim = np.bincount(labels[edge > 0], minlength=n)
    area = stats[:, cv2.CC_STAT_AREA]
    depth = cv2.distanceTransform(np.pad(inside.view(np.uint8), 1), cv2.DIST_L2, 3)[1:-1, 1:-1]
    mean_depth = np.bincount(labels.ravel(), weights=depth.ravel(), minlength=n) / np.maximum(area, 1)
    longer = np.maximum(stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT])
    hair = ((longer >= params.hairline * shorter) & (2 * area <= params.hairline_width * np.maximum(rim, 1))
            & (mean_depth <= params.hairline_depth * shorter))
    hair[0] = False
    return mark if not hair.any() else np.where(hair[labels], 0, mark).astype(np.uint8)


def grey_mark(card_bgr: np.ndarray, ink: np.ndarray, params: GreyParams = GreyParams()) -> np.ndarray | None:
    """The whole printed mark cut from ``card_bgr``'s grey levels near ``ink``, as a mask
    like it; None when the ink's surroundings hold no paper to judge it against.

    Within the centre's paper (the hull of the big pieces of paper round the ink), a pixel
    is mark when its darkest channel, as a share of its local white, falls below the
    level that best parts the two (Otsu's threshold on those shares): the level follows
    each card's contrast, no fixed grey value does. A printed outline and drop shadow fall
    within it: the cut is bolder than the fill.
    """
    levels = _levels(card_bgr, ink, params)
    return None if levels is None else _paper_cut(levels, ink, params)


def core_mark(card_bgr: np.ndarray, ink: np.ndarray, params: GreyParams = GreyParams()) -> np.ndarray | None:
    """The core of the mark: the pixels of ``ink`` (grown by a pixel) whose darkest channel,
    as a share of its local white, lies past ``core_level`` of the way from the paper to
    the ink's darkest tenth. A blurred or bold print's fringe is left out, so the bays and
    holes blur closed open again; None when there is no ink."""
    levels = _levels(card_bgr, ink, params)
    return None if levels is None else _core_cut(levels, ink, params)


def _levels(card_bgr: np.ndarray, ink: np.ndarray, params: GreyParams):
    """Over the ink's box grown by ``margin``: the darkest channel, its share of the local
    white, and the box (x0, y0, x1, y1); None without ink."""
    x, y, w, h = cv2.boundingRect(ink)
    if w == 0:
        return None
    grow = int(round(params.margin * max(w, h)))
    rows, cols = ink.shape
    x0, y0, x1, y1 = max(0, x - grow), max(0, y - grow), min(cols, x + w + grow), min(rows, y + h + grow)
    dark = card_bgr[y0:y1, x0:x1].min(axis=2).astype(np.float32)
    k = max(3, int(params.white_reach * h) | 1)
    white = cv2.blur(cv2.dilate(dark, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))), (k, k))
    return dark, dark / np.maximum(white, 1.0), (x0, y0, x1, y1)


def _paper_cut(levels, ink: np.ndarray, params: GreyParams) -> np.ndarray | None:
    """:func:`grey_mark` from :func:`_levels`."""
    dark, share, (x0, y0, x1, y1) = levels
    top = float(np.percentile(dark, 95))
    paper = ((share >= params.paper_ratio) & (dark >= params.paper_min * top)).astype(np.uint8)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(paper, connectivity=8)
    big = stats[:, cv2.CC_STAT_AREA] >= params.paper_piece * paper.size
    big[0] = False
    if not big.any():
        return None
    centre = np.zeros_like(paper)
    cv2.fillConvexPoly(centre, cv2.convexHull(cv2.findNonZero(big[labels].view(np.uint8))), 1)
    inner = cv2.erode(centre, np.ones((params.rim, params.rim), np.uint8)) > 0
    if not inner.any():
        return None
    values = np.clip(share[inner] * 255.0, 0, 255).astype(np.uint8).reshape(-1, 1)
    level, _ = cv2.threshold(values, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    near = cv2.dilate(ink[y0:y1, x0:x1], np.ones((params.near_ink, params.near_ink), np.uint8)) > 0
    out = np.zeros_like(ink)
    out[y0:y1, x0:x1] = ((share * 255.0 < level) & inner & near).view(np.uint8) * 255
    return out


def _core_cut(levels, ink: np.ndarray, params: GreyParams) -> np.ndarray | None:
    """:func:`core_mark` from :func:`_levels`."""
    _, share, (x0, y0, x1, y1) = levels
    inked = ink[y0:y1, x0:x1] > 0
    if not inked.any():
        return None
    ink_level = float(np.percentile(share[inked], 10))
    cut = 1.0 - params.core_level * (1.0 - ink_level)
    region = cv2.dilate(inked.view(np.uint8), np.ones((3, 3), np.uint8)) > 0
    out = np.zeros_like(ink)
    out[y0:y1, x0:x1] = ((share < cut) & region).view(np.uint8) * 255
    return out
