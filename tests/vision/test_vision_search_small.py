"""Small cards whose centre oval takes most of the field are still found (vision.quads)."""

from dataclasses import replace

import cv2
import numpy as np
import pytest

from visionkit import place
from vision.geometry import CardGeometry
from vision.quads import QuadParams, find_candidates


def blobs_only(**changes) -> QuadParams:
    """QuadParams without the last stage's search by straight sides (it finds fields the
    blob searches cannot take apart; this test is about what they do)."""
    stages = tuple(tuple(k for k in stage if k[0] != "sides") for stage in QuadParams().stages)
    return QuadParams(stages=tuple(s for s in stages if s), **changes)


def wide_oval_card(width: int = 224) -> np.ndarray:
    """A classic-style card whose tilted oval reaches both long sides of the field,
    cutting it in two pieces that together are less dark area than half the field."""
    height = round(width * 87 / 56)
    card = np.full((height, width, 3), 246, np.uint8)
    b = round(0.047 * width)
    cv2.rectangle(card, (b, b), (width - 1 - b, height - 1 - b), (40, 30, 215), -1)
    cv2.ellipse(card, (width // 2, height // 2), (int(0.33 * width), int(0.66 * width)), 35, 0, 360,
                (246, 246, 246), -1)
    return card


@pytest.mark.parametrize("scale", [0.27, 0.3, 0.34])
def test_a_small_card_cut_in_two_by_its_oval_is_found(scale):
    frame, corners = place(wide_oval_card(), angle=20, scale=scale, background=(40, 60, 90))
    found = find_candidates(frame, CardGeometry(), QuadParams())
    assert len(found) == 1
    size = float(np.linalg.norm(corners[0] - corners[1]))
    assert np.linalg.norm(found[0].card.mean(axis=0) - corners.mean(axis=0)) < 0.1 * size


@pytest.mark.parametrize("scale,angle", [(1.3, 8), (1.35, 3)])
def test_a_card_held_up_close_filling_the_frame_is_read(scale, angle):
    from visionkit import draw_card
    from vision.recognizer import Recognizer

    frame, corners = place(draw_card("blue", "4"), angle=angle, scale=scale)
    assert corners[:, 1].max() - corners[:, 1].min() > 0.95 * frame.shape[0]
    assert Recognizer().top_card(frame).label == "blue-4"


def pale_card(ink, width: int = 224) -> np.ndarray:
    """A card whose field is a pale, brightly lit colour (its darkest channel is high)."""
    height = round(width * 87 / 56)
    card = np.full((height, width, 3), 250, np.uint8)
    b = round(0.047 * width)
    cv2.rectangle(card, (b, b), (width - 1 - b, height - 1 - b), ink, -1)
    cv2.circle(card, (width // 2, height // 2), int(0.38 * width), (250, 250, 250), -1)
    return card


@pytest.mark.parametrize("ink", [(150, 225, 140), (170, 230, 160)])
def test_a_pale_field_is_told_from_its_white_border_by_its_colour(ink):
    frame, _ = place(pale_card(ink), angle=15, scale=0.5, background=(150, 110, 60))
    # Without its colour the searches that weigh darkness as a card's field is dark miss it
    # (the pale search, cutting nearer the border's white, finds it by darkness alone).
    colourless = blobs_only(chroma_weight=0.0, vivid_chroma_weight=0.0)
    colourless = replace(colourless, stages=tuple(tuple(k for k in stage if k[0] != "pale")
                                                  for stage in colourless.stages))
    assert find_candidates(frame, CardGeometry(), colourless) == []
    assert len(find_candidates(frame, CardGeometry(), replace(colourless, stages=(
        (("pale", 640),),)))) == 1
    assert len(find_candidates(frame, CardGeometry(), QuadParams())) == 1


@pytest.mark.parametrize("bridge", [2, 3])
def test_a_field_joined_to_a_neighbour_by_a_thin_bridge_is_split_off(bridge):
    from visionkit import draw_card

    frame, corners = place(draw_card("red", "3"), angle=0, centre=(220, 240), scale=0.5)
    # Something of the field's colour beside the card, joined to its field across the
    # white border by a thin line (a blurred border, a shadow, a neighbour of the same red).
    cv2.rectangle(frame, (300, 150), (380, 330), (40, 30, 215), -1)
    cv2.line(frame, (250, 240), (305, 240), (40, 30, 215), bridge)
    # Without the edges search (which cuts the 2 px bridge along the field's edge too) and
    # the sides search (which needs no closed border).
    no_edges = tuple(tuple(s for s in stage if s[0] != "edges") for stage in blobs_only().stages)
    assert find_candidates(frame, CardGeometry(),
                           QuadParams(split_erode=0, erode=0, stages=no_edges)) == []
    splits = [blobs_only(), blobs_only(erode=0)]  # the split search alone takes it apart
    if bridge == 2:
        splits.append(blobs_only(split_erode=0))  # so does the eroded one, the thinner bridge
    for params in splits:
        found = find_candidates(frame, CardGeometry(), params)
        assert len(found) == 1
        size = float(np.linalg.norm(corners[0] - corners[1]))
        assert np.abs(found[0].card - corners).max() < 0.08 * size or np.abs(
            np.roll(found[0].card, 2, axis=0) - corners).max() < 0.08 * size


@pytest.mark.parametrize("design", ["classic", "disc"])
def test_the_dark_halo_round_a_lone_card_is_no_field(design):
    from visionkit import draw_card
    from vision.quads import search

    frame, _ = place(draw_card("blue", "4", design=design), angle=0)
    params, masks = QuadParams(), {}
    for kind, width in (s for stage in params.stages for s in stage):
        found = search(frame, kind, width, CardGeometry(), params, masks)
        assert len(found) <= 1, (kind, width, [round(c.area) for c in found])
