"""Colour: which of red, yellow, green, blue (or the wild card's black) a card's field is.

Room light is rarely white: under a warm bulb white paper looks yellow and a yellow card
looks orange. Every card carries its own white reference, its border ring, so the colours
are judged after dividing by that white (a per-card white balance), as hue angles in HSV.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from companion.engine.cards import COLORS

BLACK = "black"

#: Nominal hue of each UNO ink in degrees (0-360) after white balance.
DEFAULT_HUES: dict[str, float] = {"red": 356.0, "yellow": 48.0, "green": 128.0, "blue": 204.0}


@dataclass(frozen=True)
class ColourParams:
    """Thresholds of the colour decision, in white-balanced units (paper white = 1)."""

    #: A field darker than this (its brightest channel) is the wild card's black.
    black_value: float = 0.38
    #: A grey field this dark and unsaturated is black seen through haze or glare on the
    #: lens (a washed-out camera lifts black far more than it dims white).
    grey_black_value: float = 0.5
    grey_black_saturation: float = 0.15
    #: Field samples this bright and colourless are glare (or paper), not a black field: no
    #: black ink is this bright, even seen through haze (``grey_black_value``), and a
    #: highlight's soft rim lifts black to every grey above it.
    highlight_value: float = 0.5
    #: ... left out while at most this share of the samples is theirs.
    max_glare_share: float = 0.6
    #: A coloured field is at least this saturated (a grey or white rectangle is no card).
    min_saturation: float = 0.18
    #: The ring's brightness must beat the field's darkest-channel by this factor.
    min_ring_contrast: float = 1.2
    #: Pixels of the field strips that must agree with the winning colour.
    min_agreement: float = 0.6
    #: Hue distance (degrees) beyond which a pixel belongs to no prototype.
    max_hue_distance: float = 38.0


@dataclass(frozen=True)
class ColourReading:
    """The field's colour (a colour name, ``"black"``, or None) and how sure (0..1), with the
    field's measured saturation, value and hue (degrees) whatever the verdict."""

    name: str | None
    confidence: float
    saturation: float = 0.0
    value: float = 0.0
    hue: float = 0.0


def white_balance(card_bgr: np.ndarray, white_bgr: np.ndarray) -> np.ndarray:
    """The card as float32 BGR with its white reference mapped to 1.0."""
    ref = np.maximum(np.asarray(white_bgr, np.float64).ravel()[:3], 1.0)
    return cv2.multiply(card_bgr, (*(1.0 / ref), 0.0), dtype=cv2.CV_32F)


def median(values: np.ndarray) -> float:
    """``np.median`` of a 1-D array without NaNs, the same value at a fraction of its
    overhead (a card's reading takes several of small arrays)."""
    a = np.asarray(values).ravel()
    n = a.size
    if n == 0:
        return float(np.median(a))
    half = n // 2
    if n % 2:
        return float(np.partition(a, half)[half])
    part = np.partition(a, (half - 1, half))
    if a.dtype.kind == "f":
        return float((part[half - 1] + part[half]) / 2)  # as .mean() of the two, in their dtype
    return float(part[half - 1:half + 1].mean())


def percentile_rows(values: np.ndarray, q: float) -> np.ndarray:
    """``np.percentile(values, q, axis=0)`` (linear) of an N x K array, N > 0: for integers
    (a card's pixels) the same values at a fraction of its overhead."""
    if values.dtype.kind not in "iu":
        return np.percentile(values, q, axis=0)
    n = values.shape[0]
    at = (n - 1) * (q / 100.0)
    lo = int(math.floor(at))
    hi = min(lo + 1, n - 1)
    gamma = at - lo
    part = np.partition(values, (lo, hi) if hi != lo else lo, axis=0)
    a, b = part[lo].astype(np.float64), part[hi].astype(np.float64)
    diff = b - a
    return b - diff * (1 - gamma) if gamma >= 0.5 else a + diff * gamma


def hsv_float(bgr01: np.ndarray, clip: bool = True) -> np.ndarray:
    """HSV of a float BGR image (clipped to 0..1 unless ``clip`` is off: then V may pass 1;
    it must not be negative): H in degrees, S 0..1."""
    if not clip:
        return cv2.cvtColor(bgr01.astype(np.float32, copy=False), cv2.COLOR_BGR2HSV)
    return cv2.cvtColor(np.clip(bgr01, 0.0, 1.0).astype(np.float32, copy=False), cv2.COLOR_BGR2HSV)


def unclipped_balance(card_bgr: np.ndarray, white_bgr: np.ndarray, sensor_clip: int = 250) -> np.ndarray:
    """:func:`white_balance`, where only pixels the camera clipped (a channel at
    ``sensor_clip`` or more: their colour is lost) are capped at 1. Paper lit brighter than
    its white reference (a highlight on the centre, the reference taken on a dimmer part of
    the border) keeps the tint of the ink printed on it: capping every pixel at 1 turns a
    pale ink under glare into plain white."""
    wb = white_balance(card_bgr, white_bgr)
    if int(card_bgr.max()) < sensor_clip:
        return wb
    unclipped = cv2.inRange(card_bgr, (0, 0, 0), (sensor_clip - 1,) * 3)
    cv2.copyTo(cv2.min(wb, (1.0, 1.0, 1.0, 1.0)), cv2.bitwise_not(unclipped), wb)
    return wb


def hue_distance(a: np.ndarray | float, b: float) -> np.ndarray:
    """Distance between hue angles in degrees, around the circle."""
    d = np.abs(np.asarray(a, np.float32) - np.float32(b % 360.0))
    return np.minimum(d, 360.0 - d)


def circular_mean(hues: np.ndarray) -> float:
    """Mean of hue angles in degrees (red sits at both ends of the scale)."""
    rad = np.deg2rad(hues.astype(np.float64))
    return float(np.rad2deg(np.arctan2(np.sin(rad).mean(), np.cos(rad).mean())) % 360.0)


def classify_colour(field_hsv: np.ndarray, hues: dict[str, float],
                    params: ColourParams) -> ColourReading:
    """The colour of a card's field from HSV samples of it (N x 3, white-balanced).

    ``hues`` are the deck's ink hues (a taught profile has its own). A dark, unsaturated
    field is black (a Wild Dare); a pale one is no card; otherwise the nearest ink hue wins,
    with a confidence that falls as the samples disagree or sit between two inks.
    """
    samples = field_hsv.reshape(-1, 3)
    if len(samples) == 0:
        return ColourReading(None, 0.0)
    value = median(samples[:, 2])
    sat = median(samples[:, 1])
    if value < params.black_value or (value < params.grey_black_value
                                      and sat < params.grey_black_saturation):
        if sat < 0.55 or value < 0.22:
            # How much of the field is that dark; glare's bright, colourless patches are
            # left out while enough is left (a lit corner of a black card).
            dark = max(params.black_value, value if value >= params.black_value else 0.0)
            glare = ((samples[:, 2] >= min(params.highlight_value, dark * 1.2))
                     & (samples[:, 1] < params.min_saturation))
            rest = samples[~glare] if np.count_nonzero(glare) <= params.max_glare_share * len(samples) else samples
            dark_share = np.count_nonzero(rest[:, 2] < dark * 1.2) / len(rest)
            return ColourReading(BLACK, dark_share, sat, value)
    # compress(): samples[mask, 0]'s values, without the cost of a mixed boolean index.
    coloured_hues = samples[:, 0].compress(samples[:, 1] >= params.min_saturation * 0.8)
    # The hues' unit vectors, once: the mean hue of all and of the winning ink's share.
    rad = np.deg2rad(coloured_hues.astype(np.float64))
    sin, cos = np.sin(rad), np.cos(rad)
    # Sums over counts: the means numpy takes, without its overhead.
    n_hues = len(coloured_hues)
    measured = (float(np.rad2deg(np.arctan2(sin.sum() / n_hues, cos.sum() / n_hues)) % 360.0)
                if len(coloured_hues) else 0.0)
    if sat < params.min_saturation or len(coloured_hues) < 0.5 * len(samples):
        return ColourReading(None, 0.0, sat, value, measured)
    names, inks = _inks(tuple(hues.get(n) for n in COLORS))
    dist = np.abs(coloured_hues.astype(np.float32)[None, :] - inks[:, None])
    nearest = _first_least(np.minimum(dist, 360.0 - dist))
    votes = np.bincount(nearest, minlength=len(names))
    best = int(np.argmax(votes))
    agreement = float(votes[best]) / len(samples)
    mine = nearest == best
    n_mine = int(np.count_nonzero(mine))
    hue = float(np.rad2deg(np.arctan2(sin[mine].sum() / n_mine, cos[mine].sum() / n_mine)) % 360.0)
    d_all = np.abs(np.float32(hue) - inks)
    d_all = np.minimum(d_all, 360.0 - d_all)
    d_best = float(d_all[best])
    others = d_all.tolist()  # plain floats (the same values): cheaper to compare than numpy's
    del others[best]
    d_other = min(others) if others else 180.0
    if agreement < params.min_agreement or d_best > params.max_hue_distance:
        return ColourReading(None, 0.0, sat, value, measured)
    # 1 while the hue sits within a quarter of the way to the next ink, 0 halfway.
    separation = d_other / max(d_best + d_other, 1e-6)
    confidence = agreement * min(max((separation - 0.5) / 0.25, 0.0), 1.0)
    return ColourReading(names[best], confidence, sat, value, hue)


@lru_cache(maxsize=8)
def _inks(hues: tuple[float | None, ...]) -> tuple[list[str], np.ndarray]:
    """The deck's inks (of :data:`COLORS`, in its order, None where the deck has none) and
    their hues (float32 degrees 0-360), worked out once per deck."""
    names = [n for n, hue in zip(COLORS, hues) if hue is not None]
    inks = np.array([hue % 360.0 for hue in hues if hue is not None], np.float32)
    inks.flags.writeable = False
    return names, inks


def _first_least(rows: np.ndarray) -> np.ndarray:
    """``np.argmin(rows, axis=0)`` of a few rows (one per ink) of many columns: the first
    least row of each column, by one comparison a row (an argmin down the columns is slow)."""
    nearest = np.zeros(rows.shape[1], np.intp)
    least = rows[0]
    for k in range(1, len(rows)):
        closer = rows[k] < least
        nearest[closer] = k
        least = np.minimum(least, rows[k])
    return nearest
