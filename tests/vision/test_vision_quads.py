"""Finding card-shaped fields and flattening a card (vision.quads)."""

import numpy as np
import pytest

from visionkit import draw_card, place, same_quad
from vision.geometry import (CardGeometry, card_from_field, order_clockwise, portrait_order,
                             rotate_half_turn, warp_card)
from vision.quads import QuadParams, find_candidates

GEOMETRY = CardGeometry()
PARAMS = QuadParams()


def test_order_clockwise_sorts_any_permutation_as_seen_on_screen():
    square = np.array([[0, 0], [10, 0], [10, 10], [0, 10]], np.float32)
    shuffled = square[[2, 0, 3, 1]]
    out = order_clockwise(shuffled)
    # Clockwise on screen (y down): each corner's successor is a quarter turn clockwise.
    start = int(np.argmin(out.sum(axis=1)))
    assert np.array_equal(np.roll(out, -start, axis=0), square)


def test_portrait_order_starts_on_the_upper_short_side():
    landscape_top = np.array([[0, 0], [100, 0], [100, 60], [0, 60]], np.float32)  # short sides vertical
    q = portrait_order(landscape_top)
    sides = np.linalg.norm(q - np.roll(q, -1, axis=0), axis=1)
    assert sides[0] < sides[1]
    upright = np.array([[0, 0], [60, 0], [60, 100], [0, 100]], np.float32)
    assert np.array_equal(portrait_order(upright[::-1]), upright)


def test_rotate_half_turn_twice_is_the_same_quad():
    q = np.arange(8, dtype=np.float32).reshape(4, 2)
    assert np.array_equal(rotate_half_turn(q)[0], q[2])
    assert np.array_equal(rotate_half_turn(rotate_half_turn(q)), q)


def test_card_from_field_adds_the_border_on_every_side():
    bx, by = GEOMETRY.border * 56, GEOMETRY.border_y * 87
    field = np.array([[bx, by], [56 - bx, by], [56 - bx, 87 - by], [bx, 87 - by]], np.float32)
    card = card_from_field(field, GEOMETRY)
    assert same_quad(card, [[0, 0], [56, 0], [56, 87], [0, 87]], 1e-3)


@pytest.mark.parametrize("angle", [0, 35, 90, 200])
@pytest.mark.parametrize("design", ["disc", "classic"])
def test_one_card_on_a_plain_table_is_found_with_its_corners(angle, design):
    frame, corners = place(draw_card("blue", "4", design=design), angle=angle)
    found = find_candidates(frame, GEOMETRY, PARAMS)
    assert len(found) == 1
    card = found[0].card
    size = float(np.linalg.norm(corners[0] - corners[1]))
    assert any(same_quad(np.roll(card, k, axis=0), corners, 0.06 * size) for k in (0, 2))


def test_a_card_on_a_white_table_is_still_found_by_its_field():
    frame, corners = place(draw_card("green", "2"), angle=15, background=(240, 240, 240))
    assert len(find_candidates(frame, GEOMETRY, PARAMS)) == 1


@pytest.mark.parametrize("background", [(0, 200, 240), (30, 30, 30), (128, 128, 128)])
def test_plain_tables_and_cloths_have_no_card_shaped_field(background):
    frame = np.empty((480, 640, 3), np.uint8)
    frame[:] = background
    assert find_candidates(frame, GEOMETRY, PARAMS) == []


def test_a_white_sheet_on_a_dark_table_is_no_field():
    frame = np.full((480, 640, 3), 40, np.uint8)
    frame[100:300, 200:330] = 245
    assert find_candidates(frame, GEOMETRY, PARAMS) == []


def test_warp_card_flattens_the_card_upright():
    card = draw_card("red", "7")
    frame, corners = place(card, angle=0, scale=0.5)
    flat = warp_card(frame, corners, (56, 87))
    small = np.asarray(card[::4, ::4][:87, :56], np.int16)
    assert np.abs(flat.astype(np.int16) - small).mean() < 30
