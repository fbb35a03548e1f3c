"""The white centre cut into pieces by a big symbol (vision.centre.central_hull): a skip's ring
or a reverse's arrows, thickened by blur, can split the oval's paper into crescents that each
lie off the card's middle; together they still make the centre. Pieces that do not lie round
the middle make none."""

import cv2
import numpy as np
import pytest

from visionkit import INKS, draw_card, read_drawn
from vision.centre import central_hull


def read(card: np.ndarray):
    return read_drawn(card)


@pytest.mark.parametrize("colour", ["yellow", "green", "red"])
def test_an_oval_split_by_a_big_ring_of_ink_is_still_the_centre(colour):
    plain = read(draw_card(colour, "", width=448, design="classic"))
    card = draw_card(colour, "", width=448, design="classic")
    h, w = card.shape[:2]
    cv2.circle(card, (w // 2, h // 2), int(0.35 * w), INKS[colour], -1)  # the ring's ink fills the middle
    cv2.circle(card, (w // 2, h // 2), int(0.35 * w), (20, 20, 20), 6)
    face = read(card)
    assert face.centre_share == pytest.approx(plain.centre_share, rel=0.1)
    assert face.ink is not None and np.count_nonzero(face.ink) > 0.1 * face.ink.size * plain.centre_share


def test_pieces_on_one_side_of_the_card_make_no_centre():
    w, h = 112, 174
    inside = np.zeros((h, w), bool)
    inside[5:-5, 5:-5] = True
    mask = np.zeros((h, w), np.uint8)
    cv2.circle(mask, (28, 50), 14, 1, -1)  # two big blobs, both up and to the left
    cv2.circle(mask, (70, 40), 14, 1, -1)
    assert central_hull(mask.astype(bool), w, h, inside) is None
    mask2 = np.zeros((h, w), np.uint8)
    cv2.circle(mask2, (28, 60), 14, 1, -1)  # the same two round the middle
    cv2.circle(mask2, (84, 114), 14, 1, -1)
    hull = central_hull(mask2.astype(bool), w, h, inside)
    assert hull is not None and hull[87, 56]
