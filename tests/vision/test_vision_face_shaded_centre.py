"""A shadow over a card's centre and not its border (vision.face): the symbol's ink there is
as much dimmer than the field's strips as the centre's paper is than the border, so it is
judged against the centre's own light; a card lit evenly is cut as before."""

import cv2
import numpy as np
import pytest

from visionkit import draw_card, read_drawn
from vision.face import FaceParams

OFF = FaceParams(shaded_ink_share=0.0)


def shaded(colour: str, light: float) -> np.ndarray:
    """A card whose middle lies in a soft shadow ``light`` times as bright as the rest."""
    card = draw_card(colour, "5", width=448)
    h, w = card.shape[:2]
    shade = np.ones((h, w), np.float32)
    cv2.ellipse(shade, (w // 2, h // 2), (int(0.36 * w), int(0.5 * w)), 0, 0, 360, light, -1)
    shade = cv2.GaussianBlur(shade, (0, 0), 0.04 * w)
    return np.clip(card * shade[..., None], 0, 255).astype(np.uint8)


@pytest.mark.parametrize("colour", ["red", "blue", "green"])
def test_the_symbol_in_a_shadow_over_the_centre_is_cut_as_ink(colour):
    card = shaded(colour, 0.55)
    assert np.count_nonzero(read_drawn(card, OFF).ink) < 100  # judged by the strips' light: lost
    face = read_drawn(card)
    plain = read_drawn(draw_card(colour, "5", width=448))
    assert np.count_nonzero(face.ink) > 0.6 * np.count_nonzero(plain.ink)


def test_an_evenly_lit_card_is_cut_as_before():
    card = draw_card("red", "8", width=448)
    assert np.array_equal(read_drawn(card).ink, read_drawn(card, OFF).ink)
