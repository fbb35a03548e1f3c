"""A thumb across a card's white border joins its field to the hand and the room: no blob
is a field's shape, yet the field's straight sides are still there. The ``sides`` search
(vision.sides) finds the field by them; a quad with a side on the frame's edge, or one
lying across cards already found, is none."""

import cv2
import numpy as np
import pytest

from visionkit import draw_card, place
from vision.geometry import CardGeometry
from vision.quads import QuadParams, search
from vision.sides import SideParams, side_lines

SKIN = (95, 125, 170)


def thumbed(where: str, seed: int = 3, angle: float = 14.0, centre=(320, 240)):
    """A red card held up before a pale wall with a thumb (a skin-coloured capsule, as dark
    in the whiteness image as the field) from the hand at the frame's edge across its
    border; and the card's corners."""
    frame, corners = place(draw_card("red", "5"), angle=angle, scale=0.9, centre=centre,
                           background=(200, 205, 205))
    tl, tr, br, bl = corners
    if where == "edge":       # across the left side, into the field
        start, end = np.array([0.0, 300.0]), (tl + bl) / 2 + 0.2 * (tr - tl)
    else:                     # over the bottom-right corner
        start, end = np.array([639.0, 479.0]), br - 0.1 * (br - tl)
    width = int(0.4 * np.linalg.norm(tr - tl))
    cv2.line(frame, tuple(int(v) for v in start), tuple(int(v) for v in end), SKIN, width)
    noise = np.random.default_rng(seed).normal(0, 2.0, frame.shape)
    return np.clip(frame + noise, 0, 255).astype(np.uint8), corners


def close_to(found, corners, share: float) -> bool:
    size = float(np.linalg.norm(corners[0] - corners[1]))
    return any(min(np.abs(np.roll(c.card, k, axis=0) - corners).max() for k in (0, 2)) < share * size
               for c in found)


@pytest.mark.parametrize("where", ["edge", "corner"])
def test_a_field_a_thumb_joins_to_the_room_is_found_by_its_sides(where):
    frame, corners = thumbed(where)
    geometry, params = CardGeometry(), QuadParams()
    masks: dict = {}
    blobs = [c for kind in ("local", "eroded", "bitten") for c in
             search(frame, kind, 640, geometry, params, masks)]
    assert not close_to(blobs, corners, 0.08)
    found = search(frame, "sides", 640, geometry, params, masks)
    assert len(found) == 1 and found[0].extra["sides"]
    assert close_to(found, corners, 0.06)


def test_a_field_found_whole_already_gets_no_sides_quad():
    frame, corners = place(draw_card("blue", "2"), angle=10, scale=0.9, background=(70, 60, 50))
    geometry, params = CardGeometry(), QuadParams()
    masks: dict = {}
    assert close_to(search(frame, "local", 640, geometry, params, masks), corners, 0.06)
    assert search(frame, "sides", 640, geometry, params, masks) == []
    # Alone, the sides search finds it as well.
    assert close_to(search(frame, "sides", 640, geometry, params, {}), corners, 0.06)


def test_a_field_cut_by_the_frame_is_no_whole_card():
    # Its bottom side would be the frame's edge: that stretch is no side at all.
    frame, _ = thumbed("edge", centre=(320, 380), angle=0.0)
    assert search(frame, "sides", 640, CardGeometry(), QuadParams(), {}) == []


def test_side_lines_point_their_normals_into_the_dark():
    mask = np.zeros((480, 640), np.uint8)
    cv2.rectangle(mask, (200, 100), (330, 300), 255, -1)
    sides = side_lines(mask, SideParams())
    assert len(sides) == 4
    centre = np.array([265.0, 200.0])
    for s in sides:
        mid = np.array(s.point) + np.array(s.along) * (s.lo + s.hi) / 2
        assert float((centre - mid) @ np.array(s.normal)) > 0


def test_lines_of_a_room_with_no_card_make_no_field():
    # Bookshelf-like stripes: many long parallel sides, none closed across by a side
    # whose dark faces them at a field's shape.
    frame = np.full((480, 640, 3), 225, np.uint8)
    rng = np.random.default_rng(5)
    x = 20
    while x < 600:
        w = int(rng.integers(12, 30))
        cv2.rectangle(frame, (x, 60), (x + w, 420), tuple(int(v) for v in rng.integers(20, 200, 3)), -1)
        x += w + int(rng.integers(8, 20))
    assert search(frame, "sides", 640, CardGeometry(), QuadParams(), {}) == []


def turned_away(converge: float):
    """A red card held up turned about its upright axis (its right side further from the
    camera), its short sides ``converge`` degrees apart, with a thumb across its left side."""
    card = draw_card("red", "5")
    h, w = card.shape[:2]
    half = 150.0 * np.tan(np.radians(converge / 2))
    corners = np.float32([[240, 100], [390, 100 + half], [390, 400 - half], [240, 400]])
    m = cv2.getPerspectiveTransform(np.float32([[0, 0], [w, 0], [w, h], [0, h]]), corners)
    frame = np.full((480, 640, 3), (200, 205, 205), np.uint8)
    warped = cv2.warpPerspective(card, m, (640, 480))
    inside = cv2.warpPerspective(np.full((h, w), 255, np.uint8), m, (640, 480)) > 127
    frame[inside] = warped[inside]
    cv2.line(frame, (0, 300), (270, 250), SKIN, 60)
    noise = np.random.default_rng(5).normal(0, 2.0, frame.shape)
    return np.clip(frame + noise, 0, 255).astype(np.uint8), corners


def test_a_card_turned_away_whose_short_sides_converge_is_found_by_its_sides():
    # A card held up at a webcam is often turned: its short sides 15-17 degrees apart.
    frame, corners = turned_away(17.0)
    geometry = CardGeometry()
    blobs = [c for kind in ("local", "eroded", "bitten") for c in
             search(frame, kind, 640, geometry, QuadParams(), {})]
    assert not close_to(blobs, corners, 0.08)
    assert close_to(search(frame, "sides", 640, geometry, QuadParams(), {}), corners, 0.06)
    # The sides as far apart as a card lying on the table shows them (up to 14 degrees) miss it.
    strict = QuadParams(sides=SideParams(max_converge=14.0))
    assert not close_to(search(frame, "sides", 640, geometry, strict, {}), corners, 0.06)
