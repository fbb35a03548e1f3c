"""A thumb over one colour strip of a card held up under a dim or warm lamp
(vision.field_colour.vivid_strip): the field's ink is less vivid there too, and white-balanced
skin reaches up to ~0.8 of its saturation (bench held seed 1 #398: a green field at 0.50,
the thumb at 0.39). The other strip's colour is still taken; a strip about as vivid as the
field (another card's print) is not."""

from dataclasses import replace

import numpy as np

from vision.colour import DEFAULT_HUES, ColourParams
from vision.face import FaceParams
from vision.field_colour import vivid_strip

W, H = 40, 60


def strips(top_hsv, bottom_hsv):
    """A card's HSV rows (W x H) and the indices of a top and a bottom strip, each strip's
    pixels of one colour with a little noise."""
    rng = np.random.default_rng(4)
    hsv = np.zeros((H, W, 3), np.float32)
    hsv[: H // 2] = top_hsv
    hsv[H // 2:] = bottom_hsv
    hsv += rng.normal(0, [2.0, 0.02, 0.02], hsv.shape).astype(np.float32)
    rows = np.r_[2:5, H - 5:H - 2]
    at = (rows[:, None] * W + np.arange(4, W - 4)[None, :]).ravel()
    return hsv.reshape(-1, 3), at


def test_a_dim_fields_strip_is_taken_over_skin_near_as_vivid():
    hsv, at = strips((10.0, 0.39, 0.7), (134.0, 0.50, 0.55))   # skin over the top strip
    colour = vivid_strip(hsv, at, W, H, DEFAULT_HUES, ColourParams(), FaceParams())
    assert colour is not None and colour.name == "green"
    # At the former share (0.75) that skin was too vivid to be told from a card's print.
    assert vivid_strip(hsv, at, W, H, DEFAULT_HUES, ColourParams(),
                       replace(FaceParams(), strip_dull_share=0.75)) is None


def test_a_strip_about_as_vivid_is_no_thumb():
    hsv, at = strips((356.0, 0.46, 0.7), (134.0, 0.50, 0.55))  # a red print, 0.92 as vivid
    assert vivid_strip(hsv, at, W, H, DEFAULT_HUES, ColourParams(), FaceParams()) is None
