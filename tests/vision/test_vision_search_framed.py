"""A field lies in its card's white border. The searches that take a field for a blob's
outline after a gap let something join it (``eroded``, ``bitten``) can take the card with a
rim of table for a field: the local mask marks the table in a band round a bright card, and
through a gap in the border that band joins the field. Their fields must be framed by paper
(vision.fields.framed_by_paper, QuadParams.framed_searches / ring_contrast)."""

from dataclasses import replace

import cv2
import numpy as np

from visionkit import draw_card, place
from vision.bitten import framed_by_paper
from vision.geometry import CardGeometry, portrait_order
from vision.masks import whiteness
from vision.quads import QuadParams
from vision.recognizer import Recognizer, RecognizerParams
from vision.synthetic.scene import make_scene, scene_plan


def _field_of(card: np.ndarray, border: float) -> np.ndarray:
    """The field's quad inside a card's quad (TL, TR, BR, BL), ``border`` of the width in."""
    unit = np.float32([[0, 0], [1, 0], [1, 1], [0, 1]])
    geometry = CardGeometry(border=border)
    inset = np.float32([[border, geometry.border_y], [1 - border, geometry.border_y],
                        [1 - border, 1 - geometry.border_y], [border, 1 - geometry.border_y]])
    m = cv2.getPerspectiveTransform(unit, card.astype(np.float32))
    return cv2.perspectiveTransform(inset.reshape(-1, 1, 2), m).reshape(4, 2)


def test_a_cards_own_field_is_framed_and_the_card_with_a_rim_of_table_is_not():
    frame, corners = place(draw_card("red", "5", width=300), angle=25, scale=0.8,
                           background=(70, 50, 45))
    white = whiteness(frame, QuadParams().chroma_weight)
    geometry = CardGeometry()
    field = portrait_order(_field_of(corners, geometry.border))
    assert framed_by_paper(field, white, geometry, 1.2)
    # The card's outline taken for a field: its "border" is the table, no whiter than the
    # card's own border and field inside it.
    centre = corners.mean(axis=0)
    grown = portrait_order((corners - centre) * 1.04 + centre)
    assert not framed_by_paper(grown, white, geometry, 1.2)


def test_a_washed_red_card_by_a_halo_of_table_is_read_not_lost():
    # Seed 1's scene 1716 of `bench vision`: a pale red 5 alone on a dark cloth under a
    # bright lamp. The eroded and bitten searches joined its field to the band of table the
    # local mask marks round it; that quad, read first, is no card ("neither a card colour
    # nor black"), and it hid the right one at the same place.
    kind, label, extra = scene_plan(1, 2000)[1716]
    scene = make_scene(np.random.default_rng([1, 1716]), kind, label=label, **extra)
    assert scene.label == "red-5"
    assert Recognizer().top_card(scene.image).label == "red-5"
    off = RecognizerParams()
    off = replace(off, quads=replace(off.quads, ring_contrast=0.0))
    assert Recognizer(params=off).top_card(scene.image).label is None
