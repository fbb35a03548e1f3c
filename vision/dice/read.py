"""Reading one die-face candidate: flatten it, split field from mark, name the field's colour
and the mark, and say how sure (or why it is no die face at all).

The field is the face's one colour: its median over a band inside the outline (the darker
part of the band, so a mark reaching into it does not count). The mark is what lies past
``ink_level`` on the line from the field's colour to the mark's white, away from the
outline; it is read again cut lighter and darker, and another answer there makes the
reading unsure. A black field is a wild: its four-colour emblem must be there, and a white
"+4" makes it a wild draw 4 (a plain wild only with no white at all). The mark is compared
with the drawn marks at the four quarter turns a square face allows; the best turn says
which corner is the face's own top-left.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import cv2
import numpy as np

from companion.engine.cards import COLORS

from .colour import BLACK, ColourParams, FieldColour, classify_field, hue_classes
from .geometry import quantile
from .marks import MarkBank, feature

NUMBER_MARKS = ("1", "2", "3", "4", "5", "6")


@dataclass(frozen=True)
class ReadParams:
    """Where to look on the flattened face and the bars of a confident reading."""

    #: Side of the flattened face (px).
    size: int = 40
    #: The band the field colour is taken from, as shares of the side from the outline.
    band: tuple[float, float] = (0.05, 0.2)
    #: The mark is looked for inside this share of the side from the outline.
    inner: float = 0.07
    #: The mark's darkest channel exceeds the field's by at least this share of the white.
    min_contrast: float = 0.18
    #: A pixel is ink past this point of the way from the field's colour to the mark's.
    ink_level: float = 0.6
    #: The mark is read again cut at these levels; another answer there makes it unsure
    #: (a blurred 5 that closes into a 6, a highlight on the face).
    check_levels: tuple[float, ...] = (0.5, 0.7)
    #: ... when the reading at ``ink_level`` is at least this sure (else it is unsure anyway).
    check_confidence: float = 0.5
    #: The mark covers this share of the face (numbers and symbols alike).
    min_ink: float = 0.035
    max_ink: float = 0.5
    #: A mark is white: its saturation below this (then it also white-balances the field),
    #: or below this share of the field's (a small mark blurred into its field).
    max_ink_saturation: float = 0.4
    ink_field_saturation: float = 0.6
    #: The mark's centre lies within this share of the side from the face's centre.
    max_offset: float = 0.16
    #: The field is one ink: the spread (MAD) of its pixels' darkest channel and hue-ish
    #: channels is below this share of the white.
    max_field_spread: float = 0.25
    #: A wild's emblem: at least this many of the four colours, each this share of the face.
    emblem_colours: int = 3
    emblem_share: float = 0.025
    #: A wild face's mark: less ink than this share of the face is none (a plain wild);
    #: its white is at least this share of the face's brightest.
    wild_ink: float = 0.02
    wild_white: float = 0.6
    #: ... and less saturated than this (the emblem's light yellow is not white).
    wild_ink_saturation: float = 0.25
    #: Correlation at which a mark starts to count and at which it is fully trusted.
    min_score: float = 0.65
    good_score: float = 0.9
    #: Lead over the best other mark that is fully trusted.
    good_margin: float = 0.08
    feature_box: int = 24
    colour: ColourParams = field(default_factory=ColourParams)


@dataclass(frozen=True, eq=False)
class FaceReading:
    """What one candidate shows. ``label`` is a die face label or None; ``is_face`` says the
    candidate looks like a die face at all (a field with a mark or an emblem); ``corners``
    are clockwise from the face's own top-left; ``brightness`` is the field's value (0-255)
    as seen, for telling a top face from its darker sides."""

    label: str | None
    confidence: float
    corners: np.ndarray
    is_face: bool
    colour: FieldColour | None = None
    mark: str | None = None
    mark_score: float = 0.0
    brightness: float = 0.0
    reason: str = ""
    mark_margin: float = 0.0


@lru_cache(maxsize=8)
def _zones(size: int, band: tuple[float, float], inner: float) -> tuple[np.ndarray, np.ndarray]:
    ys, xs = np.mgrid[0:size, 0:size].astype(np.float32) + 0.5
    edge = np.minimum.reduce([xs, ys, size - xs, size - ys]) / size
    return (edge >= band[0]) & (edge <= band[1]), edge >= inner


def flatten(frame_bgr: np.ndarray, quad: np.ndarray, size: int) -> np.ndarray:
    """The quad warped to a ``size`` x ``size`` square (quad[0] at the top-left)."""
    dst = np.float32([(0, 0), (size, 0), (size, size), (0, size)])
    m = cv2.getPerspectiveTransform(np.asarray(quad, np.float32), dst)
    return cv2.warpPerspective(frame_bgr, m, (size, size), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)


def _mad(x: np.ndarray) -> float:
    return float(np.median(np.abs(x - np.median(x)))) if x.size else 0.0


def split_mark(face: np.ndarray, params: ReadParams) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
    """(field median BGR, whiteness image, mark image, contrast) of a flattened face; the
    mark image is each inside pixel's place from field (0) to mark (1), 0 elsewhere.

    The field is the darker part of the band inside the outline; its "white" is the colour
    of the inside's pixels furthest from the field. Each pixel is placed on the line from
    field to white (0 field .. 1 white, all three channels weighed as the two colours
    differ), and the ink is what lies past the middle: a mark blurred into a light field
    keeps its shape better than with a threshold on one channel.
    """
    band, inner = _zones(params.size, params.band, params.inner)
    b, g, r = cv2.split(face)
    white = cv2.min(cv2.min(b, g), r)
    w_band = white[band]
    darker = w_band <= quantile(w_band, 0.7)
    field_bgr = np.median(face[band][darker], axis=0)
    inside = face[inner]
    if inside.size == 0:
        return field_bgr, white, np.zeros(white.shape, np.float32), 0.0
    far = np.abs(inside - field_bgr).sum(axis=1)
    top = inside[far >= quantile(far, 0.85)]
    chroma = top.max(axis=1) - top.min(axis=1)
    white_bgr = np.median(top[chroma <= np.median(chroma)], axis=0)
    axis = white_bgr - field_bgr
    if float(np.linalg.norm(axis)) < 1.0:
        return field_bgr, white, np.zeros(white.shape, np.float32), 0.0
    # Each pixel as field + a (mark's white - field) + b grey: a glare's grey light on the
    # field adds b, not a, so a highlight is not taken for ink.
    basis = np.stack([axis, np.full(3, 1.0 / np.sqrt(3.0))], axis=1)
    gram = basis.T @ basis
    if abs(float(np.linalg.det(gram))) < 1e-3 * float(np.trace(gram)) ** 2:
        solve = np.array([axis / float(axis @ axis), np.zeros(3)])
    else:
        solve = np.linalg.solve(gram, basis.T)
    a = np.where(inner, (face - field_bgr) @ solve[0], 0.0).astype(np.float32)
    # The contrast that matters for a white mark is in the darkest channel.
    return field_bgr, white, a, float(white_bgr.min() - field_bgr.min())


def ink_at(mark: np.ndarray, level: float) -> np.ndarray:
    """The mark image cut at ``level``: 255 where ink, cleaned of specks and outline junk."""
    return clean_ink(cv2.compare(mark, level, cv2.CMP_GT))


def clean_ink(ink: np.ndarray, edge_band: float = 0.14, min_part: float = 0.04) -> np.ndarray:
    """The ink without specks (parts under ``min_part`` of the largest) and without white
    that lies mostly within ``edge_band`` of the outline (plastic or a margin the outline
    took in), and without a thin ring around everything else (a wild emblem's outline)."""
    n, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    if n <= 1:
        return ink
    size = ink.shape[0]
    edge, _ = _zones(size, (0.0, edge_band), 1.0)
    in_band = np.bincount(labels[edge], minlength=n)
    areas = stats[:, cv2.CC_STAT_AREA].astype(np.float64)
    keep = np.zeros(n, np.uint8)
    ok = (areas >= 3) & (in_band <= 0.5 * areas)
    ok[0] = False
    if ok.any():
        ok &= areas >= min_part * areas[ok].max()
        if ok.sum() >= 2:
            box_area = stats[:, cv2.CC_STAT_WIDTH] * stats[:, cv2.CC_STAT_HEIGHT]
            ring = ok & (areas < 0.3 * box_area) & (np.maximum(stats[:, cv2.CC_STAT_WIDTH],
                                                                stats[:, cv2.CC_STAT_HEIGHT]) > 0.6 * size)
            if (ok & ~ring).any():
                ok &= ~ring
    keep[ok] = 255
    return keep[labels]


def read_mark(ink: np.ndarray, bank: MarkBank, allowed: tuple[str, ...], box: int
              ) -> tuple[str | None, float, float, int]:
    """(mark, best score, lead over the best other mark, quarter turns) for the ink (0/255),
    trying the four quarter turns; the turn is how many times the ink was turned
    anticlockwise to stand upright."""
    feats = [feature(np.ascontiguousarray(np.rot90(ink, k)), box) for k in range(4)]
    if any(f is None for f in feats):
        return None, 0.0, 0.0, 0
    scores = bank.scores(np.stack(feats))
    rows = [i for i, name in enumerate(bank.names) if name in allowed]
    best = scores[rows].max(axis=1)
    order = np.argsort(-best)
    top = rows[int(order[0])]
    second = float(best[order[1]]) if len(order) > 1 else -1.0
    turn = int(np.argmax(scores[top]))
    return bank.names[top], float(best[order[0]]), float(best[order[0]]) - second, turn


def _label(colour: str, mark: str) -> str:
    """The die face label: the marks are named as the labels end (3, skip, draw2)."""
    return f"{colour}-{mark}"


def _score_confidence(score: float, margin: float, params: ReadParams) -> float:
    a = np.clip((score - params.min_score) / (params.good_score - params.min_score), 0.0, 1.0)
    b = np.clip(margin / params.good_margin, 0.0, 1.0)
    return float(min(a, b))


def read_face(frame_bgr: np.ndarray, quad: np.ndarray, bank: MarkBank,
              params: ReadParams) -> FaceReading:
    """Flatten ``quad`` (clockwise, any corner first) and read it."""
    quad = np.asarray(quad, np.float32)
    face = flatten(frame_bgr, quad, params.size).astype(np.float32)
    field_bgr, white, mark_img, contrast = split_mark(face, params)
    brightness = float(field_bgr.max())
    n = params.size * params.size
    band, _ = _zones(params.size, params.band, params.inner)

    def reject(reason: str, is_face: bool = False, colour: FieldColour | None = None,
               confidence: float = 0.0) -> FaceReading:
        return FaceReading(None, confidence, quad, is_face, colour, None, 0.0, brightness, reason)

    ink = ink_at(mark_img, params.ink_level)
    ink_share = cv2.countNonZero(ink) / n
    ink_px = face[ink > 0]
    white_ref = None
    whitish = balance = False
    if ink_px.size and ink_share >= params.wild_ink and contrast >= params.min_contrast * 255:
        darkest = ink_px.min(axis=1)
        bright = ink_px[darkest >= quantile(darkest, 0.5)]
        white_ref = np.median(bright, axis=0)
        sat = 1.0 - float(white_ref.min()) / max(float(white_ref.max()), 1.0)
        field_sat = 1.0 - float(field_bgr.min()) / max(float(field_bgr.max()), 1.0)
        # A small mark blurred into its field never reaches white: it is whiter than the
        # field, not white.
        whitish = sat <= max(params.max_ink_saturation, params.ink_field_saturation * field_sat)
        balance = sat <= params.max_ink_saturation
    colour = classify_field(field_bgr, white_ref if whitish and balance else None, params.colour)
    if colour.name is None:
        return reject("the field is no die colour")
    scale = float(white_ref.max()) if whitish else 255.0
    field_px = face[band & (ink == 0)]
    spread = max(_mad(field_px.min(axis=1)), _mad(field_px.max(axis=1)), 
                 _mad(field_px[:, 0] - field_px[:, 2])) / max(scale, 1.0)
    if colour.name == BLACK:
        return _read_wild(face, quad, colour, brightness, bank, params)
    if spread > params.max_field_spread:
        return reject("the field is not one ink", colour=colour)
    if not whitish:
        return reject("no white mark on the field", colour=colour)
    if not params.min_ink <= ink_share <= params.max_ink:
        return reject("no mark of a die's size", True, colour)
    offset = _ink_offset(ink) / params.size
    if offset > params.max_offset:
        return reject("the mark is off the face's centre", True, colour)
    allowed = NUMBER_MARKS + ("skip", "reverse", "draw2")
    mark, score, margin, turn = read_mark(ink, bank, allowed, params.feature_box)
    if mark is None:
        return reject("the mark is unreadable", True, colour)
    corners = np.roll(quad, -turn, axis=0)
    confidence = min(colour.confidence, _score_confidence(score, margin, params))
    if confidence < params.check_confidence:
        return FaceReading(None, confidence, corners, True, colour, mark, score, brightness,
                           "the mark is unsure", margin)
    for level in params.check_levels:
        other, other_score, _, _ = read_mark(ink_at(mark_img, level), bank, allowed, params.feature_box)
        if other is not None and other != mark and other_score >= params.min_score:
            return reject(f"the mark reads {mark} or {other}", True, colour)
    label = _label(colour.name, mark)
    return FaceReading(label, confidence, corners, True, colour, mark, score, brightness,
                       mark_margin=margin)


def _ink_offset(ink: np.ndarray) -> float:
    m = cv2.moments(ink, binaryImage=True)
    if m["m00"] <= 0:
        return float("inf")
    c = (ink.shape[1] / 2.0, ink.shape[0] / 2.0)
    return float(np.hypot(m["m10"] / m["m00"] - c[0], m["m01"] / m["m00"] - c[1]))


def white_ink(face: np.ndarray, params: ReadParams, saturation: float | None = None) -> np.ndarray:
    """On a wild: the white of a "+4" (bright and at most ``saturation`` saturated, by
    default ``wild_ink_saturation``), not the emblem's colours."""
    _, inner = _zones(params.size, params.band, params.inner)
    b, g, r = cv2.split(face)
    hi = cv2.max(cv2.max(b, g), r)
    lo = cv2.min(cv2.min(b, g), r)
    top = quantile(hi[inner], 0.98) if inner.any() else 255.0
    sat = 1.0 - lo / np.maximum(hi, 1.0)
    most = params.wild_ink_saturation if saturation is None else saturation
    ink = inner & (hi >= params.wild_white * top) & (sat <= most) & (lo >= 60)
    return clean_ink(ink.astype(np.uint8) * 255)


def _read_wild(face: np.ndarray, quad: np.ndarray, colour: FieldColour, brightness: float,
               bank: MarkBank, params: ReadParams) -> FaceReading:
    """A black field: a wild (the four-colour emblem) or a wild draw 4 (emblem and "+4")."""
    _, inner = _zones(params.size, params.band, params.inner)
    ink = white_ink(face, params)
    n = params.size * params.size
    ink_share = cv2.countNonZero(ink) / n
    white_ref = np.median(face[ink > 0], axis=0) if ink_share >= params.wild_ink else None
    px = face[inner & (ink == 0)]
    classes = hue_classes(px, white_ref, params.colour)
    shares = np.bincount(classes[classes >= 0], minlength=len(COLORS)) / n
    present = int(np.sum(shares >= params.emblem_share))
    if present < params.emblem_colours:
        return FaceReading(None, 0.0, quad, False, colour, None, 0.0, brightness,
                           "a black field without the four-colour emblem")
    emblem_conf = float(np.clip((np.sort(shares)[-params.emblem_colours] - 0.5 * params.emblem_share)
                                / params.emblem_share, 0.0, 1.0))
    if ink_share < params.wild_ink:
        # A plain wild only when not even a tinted "+4" is there: wild and wild draw 4
        # differ by four dice.
        loose = cv2.countNonZero(white_ink(face, params, params.max_ink_saturation)) / n
        if loose >= params.wild_ink:
            return FaceReading(None, 0.0, quad, True, colour, None, 0.0, brightness,
                               "a wild with some white that does not read as +4")
        confidence = min(colour.confidence, emblem_conf)
        return FaceReading("wild", confidence, quad, True, colour, None, 0.0, brightness)
    if ink_share > params.max_ink:
        return FaceReading(None, 0.0, quad, True, colour, None, 0.0, brightness, "too much white on a wild")
    mark, score, margin, turn = read_mark(ink, bank, ("draw4", "draw2") + NUMBER_MARKS,
                                          params.feature_box)
    if mark != "draw4":
        return FaceReading(None, 0.0, quad, True, colour, mark, score, brightness,
                           "a wild with a mark that is not +4")
    confidence = min(colour.confidence, emblem_conf, _score_confidence(score, margin, params))
    return FaceReading("wild-draw4", confidence, np.roll(quad, -turn, axis=0), True, colour,
                       mark, score, brightness)
