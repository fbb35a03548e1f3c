"""Which colour a die face's field is: red, yellow, green, blue, or the wilds' black.

Room light is rarely white, so the field is judged against the face's own white, its
printed mark (a per-face white balance), as a hue angle; a field much darker than that white
and unsaturated is black. A face with no white mark (a plain wild) is judged as seen.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from companion.engine.cards import COLORS

BLACK = "black"

#: Nominal hue of each ink in degrees (0-360) after white balance.
DEFAULT_HUES: dict[str, float] = {"red": 357.0, "yellow": 50.0, "green": 130.0, "blue": 205.0}


@dataclass(frozen=True)
class ColourParams:
    """Thresholds of the colour decision in white-balanced units (the mark's white = 1)."""

    hues: tuple[tuple[str, float], ...] = tuple(DEFAULT_HUES.items())
    #: A field darker than this (its brightest channel) and unsaturated is black.
    black_value: float = 0.36
    black_saturation: float = 0.45
    #: Darker than this is black whatever its saturation.
    deep_black: float = 0.18
    #: A coloured field is at least this saturated; fully trusted from ``min_saturation``
    #: + ``saturation_ramp`` (a washed-out camera leaves green at about 0.35).
    min_saturation: float = 0.2
    saturation_ramp: float = 0.1
    #: Beyond this hue distance (degrees) from the nearest ink the field is no die colour.
    max_hue_distance: float = 40.0


@dataclass(frozen=True)
class FieldColour:
    """The field's colour name (a colour, ``"black"`` or None) and how sure (0..1)."""

    name: str | None
    confidence: float
    hue: float = 0.0
    saturation: float = 0.0
    value: float = 0.0


def hue_distance(a: float, b: float) -> float:
    d = abs(a - b) % 360.0
    return min(d, 360.0 - d)


def to_hsv(bgr01: np.ndarray) -> tuple[float, float, float]:
    """Hue (degrees), saturation and value of one float BGR colour (0..1 and above)."""
    scale = max(1.0, float(np.max(bgr01)))
    px = np.asarray(bgr01, np.float32).reshape(1, 1, 3) / scale
    h, s, v = cv2.cvtColor(px, cv2.COLOR_BGR2HSV)[0, 0]
    return float(h), float(s), float(v) * scale


def classify_field(field_bgr: np.ndarray, white_bgr: np.ndarray | None,
                   params: ColourParams) -> FieldColour:
    """The colour of a field whose median colour is ``field_bgr`` (0-255) on a face whose
    white mark is ``white_bgr`` (or None: no white on the face)."""
    if white_bgr is None:
        white = np.full(3, 255.0)
    else:
        white = np.maximum(np.asarray(white_bgr, np.float64), 1.0)
    balanced = np.asarray(field_bgr, np.float64) / white
    hue, sat, val = to_hsv(balanced)
    if val < params.deep_black or (val < params.black_value and sat < params.black_saturation):
        margin = min(1.0, (params.black_value - val) / 0.12) if val >= params.deep_black else 1.0
        return FieldColour(BLACK, float(np.clip(margin, 0.0, 1.0)), hue, sat, val)
    if sat < params.min_saturation:
        return FieldColour(None, 0.0, hue, sat, val)
    names = [n for n, _ in params.hues if n in COLORS]
    hues = dict(params.hues)
    dist = sorted((hue_distance(hue, hues[n]), n) for n in names)
    (d_best, best), (d_next, _) = dist[0], dist[1]
    if d_best > params.max_hue_distance:
        return FieldColour(None, 0.0, hue, sat, val)
    separation = d_next / max(d_best + d_next, 1e-6)
    confidence = float(np.clip((separation - 0.5) / 0.2, 0.0, 1.0))
    confidence *= float(np.clip((sat - params.min_saturation) / params.saturation_ramp, 0.0, 1.0))
    return FieldColour(best, confidence, hue, sat, val)


def hue_classes(bgr: np.ndarray, white_bgr: np.ndarray | None, params: ColourParams,
                min_saturation: float = 0.35, min_value: float = 0.25) -> np.ndarray:
    """Per pixel (N x 3 BGR, 0-255): the index into COLORS of its ink, or -1 for pixels too
    grey or dark to be one (the wild emblem's four colours are counted this way)."""
    white = np.full(3, 255.0) if white_bgr is None else np.maximum(np.asarray(white_bgr, np.float64), 1.0)
    px = (np.asarray(bgr, np.float32).reshape(-1, 1, 3) / white.astype(np.float32))
    px = np.clip(px / max(1.0, float(px.max())), 0, 1)
    hsv = cv2.cvtColor(px, cv2.COLOR_BGR2HSV).reshape(-1, 3)
    hues = dict(params.hues)
    dist = np.stack([np.minimum(np.abs(hsv[:, 0] - hues[n]) % 360, 360 - np.abs(hsv[:, 0] - hues[n]) % 360)
                     for n in COLORS])
    idx = np.argmin(dist, axis=0)
    ok = (hsv[:, 1] >= min_saturation) & (hsv[:, 2] >= min_value) & (dist.min(axis=0) <= params.max_hue_distance)
    return np.where(ok, idx, -1)
