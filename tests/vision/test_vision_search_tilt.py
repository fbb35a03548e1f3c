"""A card seen by a tilted camera near the frame's edge looks squarer than a card: the search
takes the tilt out of its side ratio (vision.geometry.flat_view, vision.quads.quad_shape_ok)."""

import math

import cv2
import numpy as np
import pytest

from visionkit import draw_card
from vision.geometry import CardGeometry, flat_view
from vision.quads import QuadParams, find_candidates, quad_shape_ok


def blobs_only(**changes) -> QuadParams:
    """QuadParams without the last stage's search by straight sides (it finds fields the
    blob searches cannot take apart; this test is about what they do)."""
    stages = tuple(tuple(k for k in stage if k[0] != "sides") for stage in QuadParams().stages)
    return QuadParams(stages=tuple(s for s in stages if s), **changes)

FOCAL = 544.0  # px, a 62 degree wide camera at 640 px


def tilted_view(card, tilt_deg, centre_mm, turn_deg=0.0, height_mm=380.0,
                background=(60, 90, 60)):
    """The card lying on a table at ``centre_mm`` (table mm from the point under the
    camera), seen from ``height_mm`` by a pinhole camera tilted ``tilt_deg`` about its x
    axis; returns (frame, card corners in the frame)."""
    ch, cw = card.shape[:2]
    c, s = math.cos(math.radians(turn_deg)), math.sin(math.radians(turn_deg))
    local = np.array([[-28.0, -43.5], [28.0, -43.5], [28.0, 43.5], [-28.0, 43.5]])
    table = local @ np.array([[c, s], [-s, c]]) + np.array(centre_mm, float)
    t = math.radians(tilt_deg)
    space = np.column_stack([table[:, 0], table[:, 1] * math.cos(t),
                             height_mm + table[:, 1] * math.sin(t)])
    corners = np.column_stack([FOCAL * space[:, 0] / space[:, 2] + 320,
                               FOCAL * space[:, 1] / space[:, 2] + 240]).astype(np.float32)
    m = cv2.getPerspectiveTransform(np.float32([[0, 0], [cw, 0], [cw, ch], [0, ch]]), corners)
    frame = np.empty((480, 640, 3), np.uint8)
    frame[:] = background
    warped = cv2.warpPerspective(card, m, (640, 480))
    inside = cv2.warpPerspective(np.full((ch, cw), 255, np.uint8), m, (640, 480)) > 127
    frame[inside] = warped[inside]
    return frame, corners


def seen_ratio(quad):
    sides = np.linalg.norm(quad - np.roll(quad, -1, axis=0), axis=1)
    pairs = sides[0] + sides[2], sides[1] + sides[3]
    return min(pairs) / max(pairs)


@pytest.mark.parametrize("tilt,turn", [(30, 0), (25, 8)])
def test_flat_view_takes_the_tilt_out_of_a_cards_side_ratio(tilt, turn):
    _, corners = tilted_view(draw_card(), tilt, (30, 160), turn)
    assert seen_ratio(corners) > 0.8  # looks far squarer than a card (0.64)
    view = flat_view(corners, FOCAL, (320, 240))
    assert view.aspect == pytest.approx(56 / 87, abs=0.01)
    assert view.tilt == pytest.approx(tilt, abs=0.5)
    assert view.skew < 0.01


def test_a_card_foreshortened_near_the_frames_edge_is_found():
    frame, corners = tilted_view(draw_card("red", "5"), 30, (30, 150))
    geometry = CardGeometry()
    assert find_candidates(frame, geometry, blobs_only(max_tilt=0)) == []
    found = find_candidates(frame, geometry, QuadParams())
    assert len(found) == 1
    size = float(np.linalg.norm(corners[0] - corners[1]))
    assert np.abs(found[0].card - corners).max() < 0.1 * size


@pytest.mark.parametrize("quad", [
    [[250, 180], [380, 180], [380, 310], [250, 310]],    # a square
    [[250, 180], [380, 180], [380, 330], [250, 290]],    # a field cut by another card's edge
    [[100, 300], [230, 300], [230, 450], [100, 410]]])
def test_a_quad_no_tilt_of_a_table_explains_is_no_field(quad):
    assert not quad_shape_ok(np.float32(quad), CardGeometry(), QuadParams(), (640, 480))


def test_a_field_quad_must_lie_flat_even_when_its_side_ratio_looks_right():
    """A blob that took in a strip of a neighbour's field through a gap in the border keeps a
    card's side ratio while its corners are no rectangle's (fields.lies_flat): a sheared
    quad with a card's ratio is refused; a card seen tilted near the frame's edge is not."""
    from vision.fields import lies_flat

    params = QuadParams()
    _, corners = tilted_view(draw_card(), 25, (30, 160), 8)
    assert lies_flat(corners, params, (640, 480))
    upright = np.array([[280, 180], [336, 180], [336, 267], [280, 267]], np.float32)
    assert lies_flat(upright, params, (640, 480))
    sheared = upright + np.array([[18, 0], [18, 0], [-18, 0], [-18, 0]], np.float32)
    assert quad_shape_ok(sheared, CardGeometry(), params, (640, 480))  # its ratio passes
    assert not lies_flat(sheared, params, (640, 480))
