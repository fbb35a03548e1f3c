"""Which corner of a card's field is covered (vision.face.Face.corner_shares): a card or a
thumb over one corner leaves that corner short and the other three whole, so a caller can
tell one covered corner from a field cut short all round."""

import cv2
import numpy as np
import pytest

from visionkit import draw_card, read_drawn
from vision.face import FaceParams

FACE = FaceParams()


def read(card: np.ndarray):
    return read_drawn(card, FACE)


@pytest.mark.parametrize("corner", range(4))
def test_a_thumb_over_one_corner_leaves_only_that_corner_short(corner):
    # Corners in the quad's order: top-left, top-right, bottom-right, bottom-left.
    card = draw_card("blue", "6", width=448)
    h, w = card.shape[:2]
    x = (0, w, w, 0)[corner]
    y = (0, 0, h, h)[corner]
    # The top-left and bottom-right corners are judged further along the sides (their
    # corner index lies nearer): a thumb covers them when it reaches that far.
    axes = (int(0.5 * w), int(0.3 * w)) if corner in (1, 3) else (int(0.8 * w), int(0.5 * w))
    cv2.ellipse(card, (x, y), axes, 55 if corner in (0, 2) else -55, 0, 360, (120, 150, 210), -1)  # skin
    face = read(card)
    assert face.colour.name == "blue"
    assert face.corner_shares[corner] < FACE.min_edge_agreement
    assert all(s >= 0.9 for i, s in enumerate(face.corner_shares) if i != corner)
    assert face.edge_agreement == min(face.corner_shares)


def test_a_whole_card_has_every_corner_whole():
    face = read(draw_card("green", "2", width=448))
    assert all(s >= 0.9 for s in face.corner_shares)


def test_the_centre_the_ink_was_cut_from_is_kept():
    face = read(draw_card("red", "4", width=448))
    assert face.centre is not None and face.centre.dtype == bool
    assert face.centre.shape == face.ink.shape
    assert np.count_nonzero(face.centre) / face.centre.size == pytest.approx(face.centre_share, rel=0.4)


@pytest.mark.parametrize("colour", ["red", "green", "blue", "yellow"])
def test_a_thumb_over_one_strip_leaves_the_colour_read_from_the_other(colour):
    # A thumb over the middle of the top edge (a card held up to a webcam) covers most of
    # the strip the colour is read from there, not the corners.
    card = draw_card(colour, "3", width=448)
    w = card.shape[1]
    cv2.ellipse(card, (int(0.72 * w), 0), (int(0.2 * w), int(0.17 * w)), 0, 0, 360, (120, 150, 210), -1)
    face = read(card)
    assert face.colour.name == colour and face.colour.confidence >= 0.95
    assert face.edge_agreement >= FACE.min_edge_agreement


def test_another_cards_field_over_one_strip_is_no_reason_to_read_the_other_alone():
    # Another card's yellow field over the same place reads surely yellow: the strips
    # disagree surely, so neither is taken alone.
    card = draw_card("blue", "3", width=448)
    w = card.shape[1]
    card[: int(0.17 * w), int(0.5 * w):int(0.95 * w)] = (0, 210, 250)
    face = read(card)
    assert face.colour.confidence < 0.95
