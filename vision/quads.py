"""The search for cards: card-shaped quadrilaterals in a frame (see ``masks`` for the images
searched, ``fields`` for which of their blobs are card fields, ``geometry`` for the shapes).

A card is found through its coloured field, not its outline: every UNO card is a white
border ring around a coloured (or, for a Wild Dare, black) field. In a "whiteness" image
(the smallest of B, G, R: white stays bright, every printed colour and black go dark) the
field is a dark, rounded rectangle enclosed by the bright ring. That holds on a white table
(the outline vanishes but the ring still encloses the field) and on a pile (the top card's
field is whole; the fields below are cut by its border). The card's outline follows from the
field by the deck's border width.
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from .bitten import bitten_fields, framed_by_paper
from .fields import Candidate, dark_pieces, fields_among, quad_shape_ok
from .hue_fields import hue_fields
from .geometry import CardGeometry, card_from_field, portrait_order
from .quad_fit import refine_edges
from .masks import (channel_extremes, dark_mask, edge_cut, eroded, preprocess, white_balanced,
                    whiteness)
from .quad_params import QuadParams
from .sides import side_fields

__all__ = ["Candidate", "QuadParams", "candidates_in_mask", "distinct", "find_candidates",
           "edge_cut", "quad_shape_ok", "search", "search_near", "sharpened", "split_candidates"]


def find_candidates(frame_bgr: np.ndarray, geometry: CardGeometry, params: QuadParams) -> list[Candidate]:
    """Every card-shaped field in the frame, as :class:`Candidate` in frame pixels, from all
    of ``params.stages`` (the recogniser itself stops at the first stage that finds a card)."""
    found: list[Candidate] = []
    masks: dict = {}
    for kind, width in (search for stage in params.stages for search in stage):
        found += search(frame_bgr, kind, width, geometry, params, masks)
    return distinct(found, params)


def search(frame_bgr: np.ndarray, kind: str, width: int, geometry: CardGeometry,
           params: QuadParams, masks: dict) -> list[Candidate]:
    """The candidates one search of ``params.stages`` finds. ``masks`` keeps the working
    images and masks between the searches of one frame: (width) -> (image, scale),
    ("extremes", width) -> its darkest and brightest channel, (mask kind, width) -> mask
    ("white": its whiteness; "vivid white": that weighing chroma fully, for the ``vivid``
    and ``pale`` masks), "joined": the outlines (frame px) of the blobs of a field's size
    that were no field, "found": every candidate found so far, ("outlines", width):
    every outline of the local mask's blobs, and ("balanced image", width): the image with
    its light's colour taken out (or None), for the ``balanced`` and ``hue`` searches."""
    if width not in masks:
        masks[width] = preprocess(frame_bgr, width)
    small, scale = masks[width]
    if kind == "balanced":
        found = _balanced_fields(small, scale, geometry, params, masks, width)
        masks.setdefault("found", []).extend(found)
        return found
    mask_kind = "local" if kind in ("split", "eroded", "edges", "bitten", "sides") else kind
    if ("white", width) not in masks:
        masks[("extremes", width)] = channel_extremes(small)
        masks[("white", width)] = whiteness(small, params.chroma_weight,
                                            masks[("extremes", width)])
    if (mask_kind, width) not in masks and mask_kind != "hue":
        if mask_kind in ("vivid", "pale"):
            # Glare adds white light: a field keeps its chroma longer than its darkness.
            # Weighing chroma fully lifts sensor noise into speckles (costly to trace): a
            # slight blur of that whiteness takes them out.
            if ("vivid white", width) not in masks:
                vivid = whiteness(small, params.vivid_chroma_weight, masks[("extremes", width)])
                if params.vivid_blur > 1:
                    vivid = cv2.GaussianBlur(vivid, (params.vivid_blur, params.vivid_blur), 0)
                masks[("vivid white", width)] = vivid
            vivid = masks[("vivid white", width)]
            cut = (replace(params, dark_ratio=params.pale_dark_ratio) if mask_kind == "pale"
                   else params)
            masks[(mask_kind, width)] = dark_mask(small, "local", cut, vivid)
        elif mask_kind == "faint":
            # A thin border blurred into its dark neighbours stays a faint ridge.
            masks[(mask_kind, width)] = dark_mask(
                small, "local", replace(params, ridge_contrast=params.faint_ridge_contrast),
                masks[("white", width)])
        else:
            masks[(mask_kind, width)] = dark_mask(small, mask_kind, params,
                                                  masks[("white", width)])
    mask = masks.get((mask_kind, width))
    if kind == "hue":
        if ("balanced image", width) not in masks:
            masks[("balanced image", width)] = white_balanced(
                small, params.balance_top, params.balance_least_gain, params.balance_most_gain,
                masks[("extremes", width)][0])
        found = hue_fields(small, scale, geometry, params, params.hue_hues,
                           masks[("balanced image", width)])
    elif kind == "split":
        found = split_candidates(mask, scale, geometry, params, masks.get(("pieces", width)))
    elif kind == "bitten":
        if ("pieces", width) not in masks:
            search(frame_bgr, "local", width, geometry, params, masks)
        found = bitten_fields(masks[("pieces", width)][0], mask, scale, geometry, params,
                              masks[("whole", width)])
    elif kind == "sides":
        found = side_fields(mask, scale, geometry, params, masks.get("found", []),
                            masks.get(("outlines", width)))
    else:
        found = _blob_fields(mask, kind, scale, geometry, params, masks, width)
    if kind in params.framed_searches and params.ring_contrast > 0:
        white = masks[("white", width)]
        found = [c for c in found
                 if framed_by_paper(c.field / scale, white, geometry, params.ring_contrast)]
    # What every search found, for the sides search (a quad of lined-up lines across
    # cards found whole is none).
    masks.setdefault("found", []).extend(found)
    return found


#: How far (work px) the local mask's white level reaches: a 5 px dilation and a 3 px
#: blur of the image shrunk 8 times, then scaled up (4 px there, 32 here), and the ridge's
#: opening (``ridge_size``), with room to spare.
_LOCAL_REACH = 40


def search_near(frame_bgr: np.ndarray, box: tuple[float, float, float, float], width: int,
                geometry: CardGeometry, params: QuadParams, masks: dict) -> list[Candidate]:
    """The fields the local mask at ``width`` finds in ``box`` (x0, y0, x1, y1, frame px)
    grown by ``near_margin`` work px: the same candidates as ``search(frame_bgr, "local",
    width, ...)`` finds there, for a part of its cost. The mask is made over that region
    grown by :data:`_LOCAL_REACH` more (on the 8 px grid the local white is averaged on),
    so inside the region it is the whole frame's mask; fields reaching out of it are left
    out, as the strip round it may differ. ``masks`` as :func:`search`; the full mask's
    entries are left alone (a later search makes them whole)."""
    if width not in masks:
        masks[width] = preprocess(frame_bgr, width)
    small, scale = masks[width]
    h, w = small.shape[:2]
    grow, grid = params.near_margin + _LOCAL_REACH, 8
    x0 = max(0, int(box[0] / scale - grow) // grid * grid)
    y0 = max(0, int(box[1] / scale - grow) // grid * grid)
    x1 = min(w, -(-int(box[2] / scale + grow + 1) // grid) * grid)
    y1 = min(h, -(-int(box[3] / scale + grow + 1) // grid) * grid)
    if x1 - x0 < 2 * grid or y1 - y0 < 2 * grid:
        return []
    crop = small[y0:y1, x0:x1]
    white = masks.get(("white", width))
    white = (white[y0:y1, x0:x1] if white is not None
             else whiteness(crop, params.chroma_weight))
    # Traced where it was made, at its place in the frame (its pieces' shares are of the
    # whole frame's area, as the full search's are).
    mask = dark_mask(crop, "local", params, white)
    # Only the pieces lying in the box as grown (the strip round it may differ from the
    # full mask; the frame's own edges are the full mask's too).
    reach = _LOCAL_REACH
    low_x, low_y = (x0 + reach if x0 > 0 else 0), (y0 + reach if y0 > 0 else 0)
    high_x, high_y = (x1 - reach if x1 < w else w), (y1 - reach if y1 < h else h)
    pieces = [piece for piece in dark_pieces(mask, params, float(w * h), offset=(x0, y0))
              if _box_within(piece[2], low_x, low_y, high_x, high_y)]
    found, _ = fields_among(pieces, scale, geometry, params, (w, h))
    masks.setdefault("found", []).extend(found)
    return found


def _box_within(box: tuple, x0: int, y0: int, x1: int, y1: int) -> bool:
    """Does the rectangle ``box`` (x, y, width, height) lie within x0..x1, y0..y1?"""
    x, y, bw, bh = box
    return x >= x0 and y >= y0 and x + bw <= x1 and y + bh <= y1


def _blob_fields(mask: np.ndarray, kind: str, scale: float, geometry: CardGeometry,
                 params: QuadParams, masks: dict, width: int) -> list[Candidate]:
    """The fields among the blobs of one search's mask (see :func:`search`)."""
    if kind == "edges":
        mask = edge_cut(mask, masks[("white", width)], params)
    size = (mask.shape[1], mask.shape[0])
    grow = 0.0
    if kind == "eroded":
        mask, grow = eroded(mask, params.erode), float(params.erode)
    elif kind == "edges":
        grow = 1.0  # the cut takes about a pixel off the field's rim
    outlines = None
    if kind == "local":
        outlines = masks[("outlines", width)] = []
    pieces = dark_pieces(mask, params, float(size[0] * size[1]), specks=kind != "eroded",
                         outlines=outlines)
    whole: set[int] = set()
    found, rejected = fields_among(pieces, scale, geometry, params, size, grow, whole)
    if kind == "local":
        # The split search takes apart this mask's rejected blobs, the bitten search looks
        # at what is not a field whole: they need not find them again.
        masks[("pieces", width)] = (pieces, rejected)
        masks[("whole", width)] = whole
    # Blobs of a field's size that are no field (two fields joined through a gap in a
    # border), as outlines in frame px: a later stage may take them apart.
    masks.setdefault("joined", []).extend(
        pieces[i][0].reshape(-1, 2).astype(np.float32) * scale for i in rejected)
    return found


def _balanced_fields(small: np.ndarray, scale: float, geometry: CardGeometry, params: QuadParams,
                     masks: dict, width: int) -> list[Candidate]:
    """The fields of the ``balanced`` search: the local and the global mask of the image
    with its light's colour taken out (see :func:`~vision.masks.white_balanced`), when
    the light has a colour (a warm lamp over an orange cloth or a wood table)."""
    extremes = masks.get(("extremes", width))
    balanced = white_balanced(small, params.balance_top, params.balance_least_gain,
                              params.balance_most_gain, None if extremes is None else extremes[0])
    masks[("balanced image", width)] = balanced  # the hue search's too
    if balanced is None:
        return []
    white = whiteness(balanced, params.chroma_weight)
    return [cand for mask_kind in ("local", "otsu")
            for cand in _blob_fields(dark_mask(balanced, mask_kind, params, white), "balanced",
                                     scale, geometry, params, masks, width)]


def distinct(found: list[Candidate], params: QuadParams,
             already: list[Candidate] = ()) -> list[Candidate]:
    """``found`` without repeats (the best-supported of each place wins; a ``hue`` search's
    field only where no other search found one: its quad is a hull's, rougher), without
    blobs inside another candidate's field, and without places ``already`` holds."""
    found = sorted(found, key=lambda c: (c.extra.get("hue", False), -c.extra["support"]))
    kept: list[Candidate] = []
    for cand in found:
        if not any(_same_place(cand, other, params) for other in list(kept) + list(already)):
            kept.append(cand)
    return [c for c in kept if not any(_inside(c, other) for other in kept if other is not c)]


def candidates_in_mask(mask: np.ndarray, scale: float, geometry: CardGeometry,
                       params: QuadParams) -> list[Candidate]:
    """Card-shaped fields among the blobs of one mask (work pixels -> frame pixels).

    A field is one dark blob, or two: the classic deck's tilted oval (and a large disc seen
    small) can touch the border and cut the field in an upper and a lower piece, so pairs of
    neighbouring pieces are tried together as well.
    """
    size = (mask.shape[1], mask.shape[0])
    return fields_among(dark_pieces(mask, params, float(size[0] * size[1])), scale, geometry, params,
                   size)[0]


def split_candidates(mask: np.ndarray, scale: float, geometry: CardGeometry,
                     params: QuadParams, known: tuple | None = None) -> list[Candidate]:
    """The fields hidden in the blobs of a mask that are a field's size but no field: one
    joined to its neighbour through a gap in its white border (blurred, in a shadow, or
    beside the same colour) comes apart when the blob's rim is eroded (``split_erode``).
    ``known`` is (pieces, rejected) of this mask when a search found them already."""
    size = (mask.shape[1], mask.shape[0])
    if known is None:
        pieces = dark_pieces(mask, params, float(size[0] * size[1]))
        known = pieces, fields_among(pieces, scale, geometry, params, size)[1]
    pieces, rejected = known
    found = []
    for i in rejected[: params.max_splits]:
        found += _split(mask, pieces[i], scale, geometry, params)
    return found


def _split(mask: np.ndarray, piece: tuple, scale: float, geometry: CardGeometry,
           params: QuadParams) -> list[Candidate]:
    """Fields inside one blob once its rim is eroded ``split_erode`` px: a field joined to
    its neighbour by a thin bridge comes apart."""
    contour, _, (x, y, bw, bh), _, _ = piece
    e = params.split_erode
    x0, y0 = max(0, x - 1), max(0, y - 1)
    x1, y1 = min(mask.shape[1], x + bw + 1), min(mask.shape[0], y + bh + 1)
    own = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.drawContours(own, [contour], -1, 255, -1, offset=(-x0, -y0))
    roi = cv2.erode(cv2.bitwise_and(mask[y0:y1, x0:x1], own), _SQUARE3, iterations=e)
    size = (mask.shape[1], mask.shape[0])
    pieces = dark_pieces(roi, params, float(size[0] * size[1]), (x0, y0), specks=False)
    found, _ = fields_among(pieces, scale, geometry, params, size, grow=float(e))
    return found


_SQUARE3 = np.ones((3, 3), np.uint8)


def sharpened(frame_bgr: np.ndarray, candidate: Candidate, geometry: CardGeometry) -> Candidate:
    """``candidate`` with its field moved onto the field's edges in the full-size frame
    (see :func:`refine_edges`), and its card outline from that."""
    border_px = geometry.border * float(np.linalg.norm(candidate.card[1] - candidate.card[0]))
    field_quad = portrait_order(refine_edges(frame_bgr, candidate.field, border_px))
    if not np.isfinite(field_quad).all():
        return candidate
    return Candidate(field_quad, card_from_field(field_quad, geometry), candidate.contour_fill,
                     candidate.extra)


def _inside(small: Candidate, big: Candidate) -> bool:
    """Is ``small`` a blob inside ``big``'s field (a symbol, not another card)?"""
    if small.area >= 0.6 * big.area or big.extra["support"] < small.extra["support"]:
        return False
    cx, cy = small.field.mean(axis=0)
    return cv2.pointPolygonTest(big.field.reshape(-1, 1, 2), (float(cx), float(cy)), False) > 0


def _same_place(a: Candidate, b: Candidate, params: QuadParams) -> bool:
    size = np.sqrt(max(a.area, b.area))
    return float(np.hypot(*(a.field.mean(0) - b.field.mean(0)))) < params.same_card_distance * size
