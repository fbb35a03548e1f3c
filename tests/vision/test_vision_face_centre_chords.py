"""The white centre where something pale joins it to the field (vision.centre.printed_oval): a
highlight that pales the field beside the oval, or a thumb over the oval's rim, is as pale as
the paper, so the hull of the paper reaches over the field there with a straight chord. The
printed curve is what still borders the field's own colour; the hull's chords are not."""

import cv2
import numpy as np
import pytest

from visionkit import draw_card, read_drawn
from vision.centre import CentreParams
from vision.face import FaceParams

OLD = FaceParams(centre=CentreParams(oval_chord=0.0, oval_hidden_support=0.0))


def ink_outside(face, oval: np.ndarray) -> int:
    return int(np.count_nonzero((face.ink > 0) & ~oval))


def true_oval(card: np.ndarray) -> np.ndarray:
    """The printed oval on the reader's 112 px card, grown a little (its blurred rim)."""
    h, w = card.shape[:2]
    mask = np.zeros((h, w), np.uint8)
    cv2.ellipse(mask, (w // 2, h // 2), (int(0.3 * w), int(0.5 * w)), 35, 0, 360, 255, -1)
    flat = cv2.resize(mask, (112, round(112 * 87 / 56)), interpolation=cv2.INTER_AREA)
    return cv2.dilate(flat, np.ones((5, 5), np.uint8)) > 0


@pytest.mark.parametrize("colour", ["green", "blue", "red"])
def test_a_pale_patch_joining_the_field_to_the_oval_is_no_centre_and_no_ink(colour):
    card = draw_card(colour, "7", width=448, design="classic")
    h, w = card.shape[:2]
    # Two pale patches on the field against the oval's rim (a highlight there, or a thumb):
    # the paper's hull spans them with chords over the field between them and the oval.
    pale = (235, 238, 240)
    cv2.circle(card, (int(0.18 * w), int(0.82 * h)), int(0.09 * w), pale, -1)
    cv2.circle(card, (int(0.83 * w), int(0.2 * h)), int(0.09 * w), pale, -1)
    oval = true_oval(card)
    old = read_drawn(card, OLD)
    face = read_drawn(card)
    assert ink_outside(old, oval) > 300  # the field between patches and oval cut as ink
    assert ink_outside(face, oval) < 0.3 * ink_outside(old, oval)
    assert np.count_nonzero(face.centre & ~oval) < 0.7 * np.count_nonzero(old.centre & ~oval)


def test_a_clean_card_keeps_its_centre():
    card = draw_card("yellow", "4", width=448, design="classic")
    assert np.array_equal(read_drawn(card).centre, read_drawn(card, OLD).centre)
