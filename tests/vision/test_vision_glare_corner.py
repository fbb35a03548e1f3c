"""A glare spot over one corner of a card's field is no card lying there
(vision.glare_corner.glare_over_corner): the highlight lifts the card's own paper above the
white of its border elsewhere, it is broad, and beyond it is the card's own field; a card
lying over the corner brings a strip of border no whiter than this card's, and its field."""

from dataclasses import replace

import cv2
import numpy as np
import pytest

from visionkit import INKS, dev_scene, draw_card, glare, read_drawn, same_quad
from vision.face import FaceParams
from vision.geometry import CardGeometry, portrait_order as portrait
from vision.glare_corner import GlareCornerParams, glare_over_corner
from vision.reading import CORNER_COVERED
from vision.recognizer import Recognizer, RecognizerParams

FACE = FaceParams()
GLARE = GlareCornerParams()
BORDER = CardGeometry().border
WHOLE = RecognizerParams().one_corner_covered
# The field's corners in the quad's order (top-left, top-right, bottom-right, bottom-left),
# as shares of the card's width and height.
CORNERS = ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0))


def dim_card(colour: str, digit: str, light: float = 0.75) -> np.ndarray:
    """A card drawn large in a dim room: its paper well below the camera's clipping."""
    return (draw_card(colour, digit, width=448) * light).astype(np.uint8)


def glared(card: np.ndarray, corner: int, radius: float = 0.3, strength: float = 0.9) -> np.ndarray:
    """A highlight centred just off the field's ``corner``, over it and the border there."""
    h, w = card.shape[:2]
    x, y = CORNERS[corner]
    cx = 0.02 + 0.96 * x
    cy = (0.02 * w + (h - 0.04 * w) * y) / w
    return glare(card, (cx, cy), radius, strength)


def covered(card: np.ndarray, corner: int, paint=INKS["red"], paper: int = 184, reach: float = 0.3) -> np.ndarray:
    """Another card lying over ``corner``: its straight edge across the corner ``reach`` of the
    card's width in along both sides, its white border (as white as this card's), then its field."""
    h, w = card.shape[:2]
    x, y = CORNERS[corner][0] * w, CORNERS[corner][1] * h
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    # How far past the edge toward the corner (the edge at 45 degrees across it).
    past = (np.abs(xs - x) + np.abs(ys - y) - reach * w) / -np.sqrt(2.0)
    out = card.copy()
    out[past >= 0] = paper
    out[past >= 0.047 * w] = (np.asarray(paint) * 0.75).astype(np.uint8)
    return out


def is_glare(face) -> bool:
    return glare_over_corner(face, BORDER, WHOLE, GLARE, FACE)


# How strong a highlight leaves the corner short of each field's colour (the premise).
@pytest.mark.parametrize("colour,strength", [("red", 0.7), ("green", 0.7), ("blue", 0.9), ("yellow", 0.9)])
@pytest.mark.parametrize("corner", [1, 3])
def test_a_glare_spot_over_a_corner_is_no_cover(colour, strength, corner):
    face = read_drawn(glared(dim_card(colour, "5"), corner, strength=strength), FACE)
    # The highlight makes the corner look covered (the test's premise) ...
    assert face.corner_shares[corner] < FACE.min_edge_agreement
    assert sorted(face.corner_shares)[1] >= WHOLE
    # ... and the rule sees it is light, not something lying there.
    assert is_glare(face)
    # Off, it says nothing.
    assert not glare_over_corner(face, BORDER, WHOLE, replace(GLARE, reach=0.0), FACE)


@pytest.mark.parametrize("corner", [1, 3])
def test_a_card_lying_over_the_corner_still_covers_it(corner):
    face = read_drawn(covered(dim_card("blue", "6"), corner), FACE)
    assert face.corner_shares[corner] < FACE.min_edge_agreement
    assert not is_glare(face)


@pytest.mark.parametrize("corner", [1, 3])
def test_a_glare_spot_over_a_card_lying_there_still_covers_it(corner):
    # The highlight lifts the covering card's border too, but its field lies beyond.
    card = glared(covered(dim_card("blue", "6"), corner), corner, radius=0.2, strength=0.4)
    face = read_drawn(card, FACE)
    assert face.corner_shares[corner] < FACE.min_edge_agreement
    assert not is_glare(face)


def test_a_paper_patch_as_white_as_the_border_is_no_glare():
    # A broad sheet of paper over the corner, lit as the card is: nothing lifts it.
    card = dim_card("red", "3")
    h, w = card.shape[:2]
    cv2.circle(card, (w, 0), int(0.3 * w), (184, 184, 184), -1)
    face = read_drawn(card, FACE)
    assert face.corner_shares[1] < FACE.min_edge_agreement
    assert not is_glare(face)


@pytest.mark.parametrize("seed,index,label", [(1, 1559, "green-7"), (11, 786, "blue-dare-15")])
def test_the_recogniser_takes_a_glared_corner_for_a_card(seed, index, label):
    # Rendered scenes: a lamp's highlight over one corner of the pile's top card (seed 1's
    # a glare spot on the card, seed 11's one on the table reaching over the card's corner).
    scene = dev_scene(seed, index)
    assert scene.label == label
    off = Recognizer(params=RecognizerParams(glare_corner=replace(GLARE, reach=0.0)))
    on = Recognizer()
    top = [c for c in on.candidates(scene.image) if same_quad(portrait(c.card), portrait(scene.corners), 8.0)]
    assert top
    assert off.check(scene.image, top[0]).reason == CORNER_COVERED
    assert on.check(scene.image, top[0]).reason != CORNER_COVERED
    assert off.top_card(scene.image).label is None
    assert on.top_card(scene.image).label == label
