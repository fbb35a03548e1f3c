"""Field classes: which pixels could belong to a die face's field, and of which colour.

Each pixel of the (half-size) frame gets a class from its hue when it is saturated and not
whitish (red, yellow, green, blue), or "black" when it is much darker than the brightest
thing within about a die's width (the face's own white mark, or the die's plastic), so a
dim corner of the frame keeps its dice and white plastic tinted by a neighbouring field
(JPEG's blurred colour) is not a field.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

#: Field classes in the order of the class image's values 1..5.
FIELD_CLASSES: tuple[str, ...] = ("red", "yellow", "green", "blue", "black")
BLACK_CLASS = 5


@dataclass(frozen=True)
class FieldParams:
    """Thresholds of the pixel classes (8-bit HSV units; shares of the local bright level)."""

    #: A coloured field pixel: saturation and value at least these.
    min_saturation: int = 60
    min_value: int = 40
    #: Hue ranges (OpenCV units, 0-180) of the four colours: red wraps around 0.
    red_hues: tuple[int, int] = (165, 12)
    yellow_hues: tuple[int, int] = (12, 40)
    green_hues: tuple[int, int] = (40, 88)
    blue_hues: tuple[int, int] = (88, 135)
    #: A pixel whose darkest channel is above this share of the local bright and whose
    #: saturation is below ``pale_saturation`` is whitish (a mark, white plastic tinted by
    #: its field through JPEG's blurred colour, paper), never a field.
    max_whiteness: float = 0.55
    pale_saturation: int = 115
    #: A black field pixel's value is below this share of the local bright, and it is
    #: greyish (its brightest and darkest channels differ by less than ``black_chroma``)
    #: or below ``deep_black`` of it.
    black_value: float = 0.4
    black_chroma: int = 40
    deep_black: float = 0.2
    #: "Local" is a square this share of the frame's width.
    local_size: float = 0.06


@dataclass(frozen=True)
class FieldImages:
    """The class image and what later steps reuse: value, whiteness (darkest channel) and
    the local bright level, all at the search's size."""

    classes: np.ndarray
    value: np.ndarray
    whiteness: np.ndarray
    bright: np.ndarray
    #: 255 where a pixel is too white to be any field (a mark, plastic, paper, glare).
    pale: np.ndarray


def _hue_lut(params: FieldParams) -> np.ndarray:
    lut = np.zeros(256, np.uint8)
    for value, (lo, hi) in enumerate((params.red_hues, params.yellow_hues, params.green_hues,
                                      params.blue_hues), start=1):
        if lo <= hi:
            lut[lo:hi] = value
        else:
            lut[lo:180] = value
            lut[0:hi] = value
    return lut


def field_images(small_bgr: np.ndarray, params: FieldParams) -> FieldImages:
    """Classes 1..4 (the colours, FIELD_CLASSES order), 5 (black) or 0 for every pixel."""
    hsv = cv2.cvtColor(small_bgr, cv2.COLOR_BGR2HSV)
    h, s, v = cv2.split(hsv)
    b, g, r = cv2.split(small_bgr)
    whiteness = cv2.min(cv2.min(b, g), r)
    classes = cv2.LUT(h, _hue_lut(params))
    k = max(3, int(round(params.local_size * small_bgr.shape[1])) | 1)
    bright = cv2.dilate(v, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    coloured = cv2.min(cv2.compare(s, params.min_saturation, cv2.CMP_GE),
                       cv2.compare(v, params.min_value, cv2.CMP_GE))
    pale = cv2.min(cv2.compare(whiteness, cv2.convertScaleAbs(bright, alpha=params.max_whiteness), cv2.CMP_GT),
                   cv2.compare(s, params.pale_saturation, cv2.CMP_LT))
    classes = cv2.bitwise_and(classes, cv2.subtract(coloured, pale))
    dark = cv2.compare(v, cv2.convertScaleAbs(bright, alpha=params.black_value), cv2.CMP_LT)
    grey = cv2.max(cv2.compare(cv2.subtract(v, whiteness), params.black_chroma, cv2.CMP_LT),
                   cv2.compare(v, cv2.convertScaleAbs(bright, alpha=params.deep_black), cv2.CMP_LT))
    classes[cv2.min(dark, grey) > 0] = BLACK_CLASS
    return FieldImages(classes, v, whiteness, bright, pale)
