"""Field colour under different lights (vision.colour) and reading a flattened face (vision.face)."""

import numpy as np
import pytest

from visionkit import INKS, draw_card
from vision.colour import (BLACK, DEFAULT_HUES, ColourParams, classify_colour, circular_mean,
                           hsv_float, hue_distance, white_balance)
from vision.face import FaceParams, read_face
from vision.geometry import CardGeometry, warp_card

PARAMS = ColourParams()


def samples(bgr, n=200, noise=4.0, cast=(1.0, 1.0, 1.0), seed=0):
    """HSV samples of an ink seen under a light ``cast`` (per-channel gain) after white balance
    against paper seen under the same light."""
    rng = np.random.default_rng(seed)
    ink = np.clip(np.array(bgr, float) * cast + rng.normal(0, noise, (n, 3)), 0, 255)
    paper = np.array([246, 246, 246], float) * cast
    return hsv_float(white_balance(ink.reshape(-1, 1, 3).astype(np.uint8), paper)).reshape(-1, 3)


def test_hue_distance_wraps_round_red():
    assert hue_distance(np.float32(355.0), 5.0) == pytest.approx(10.0)
    assert circular_mean(np.array([350.0, 10.0])) % 360 == pytest.approx(0.0, abs=1e-6)


@pytest.mark.parametrize("name", ["red", "yellow", "green", "blue"])
@pytest.mark.parametrize("cast", [(1.0, 1.0, 1.0), (0.55, 0.8, 1.0), (1.0, 0.9, 0.7), (0.4, 0.4, 0.4)])
def test_each_ink_reads_its_colour_under_warm_cold_and_dim_light(name, cast):
    reading = classify_colour(samples(INKS[name], cast=cast), DEFAULT_HUES, PARAMS)
    assert reading.name == name
    assert reading.confidence > 0.8


def test_a_black_field_is_the_wild_cards():
    assert classify_colour(samples(INKS["black"]), DEFAULT_HUES, PARAMS).name == BLACK


@pytest.mark.parametrize("bgr", [(230, 230, 230), (128, 128, 128), (150, 170, 180)])
def test_paper_and_greys_are_no_card_colour(bgr):
    assert classify_colour(samples(bgr), DEFAULT_HUES, PARAMS).name is None


def test_an_orange_between_red_and_yellow_is_not_sure():
    reading = classify_colour(samples((0, 92, 250)), DEFAULT_HUES, PARAMS)  # hue 22: halfway
    assert reading.name is None or reading.confidence < 0.5


def flat(colour, digit, width=112):
    card = draw_card(colour, digit, width=448)
    h = round(width * 87 / 56)
    corners = np.array([[0, 0], [448, 0], [448, card.shape[0]], [0, card.shape[0]]], np.float32)
    return warp_card(card, corners, (width, h))


def test_read_face_finds_ring_colour_centre_and_ink():
    face = read_face(flat("green", "5"), CardGeometry(), DEFAULT_HUES, FaceParams(), PARAMS)
    assert face.colour.name == "green"
    assert face.ring_white > 0.9 and face.ring_contrast > 2
    assert face.centre_share > 0.3
    assert face.edge_agreement > 0.9
    ys, xs = np.nonzero(face.ink)
    assert len(ys) > 100
    h, w = face.ink.shape
    assert abs(xs.mean() - w / 2) < 0.1 * w and abs(ys.mean() - h / 2) < 0.1 * h


@pytest.mark.parametrize("colour", ["red", "yellow", "green", "blue"])
def test_a_plain_coloured_rectangle_has_no_white_centre(colour):
    card = flat(colour, "")
    card[12:-12, 10:-10] = INKS[colour]  # paint over the centre
    face = read_face(card, CardGeometry(), DEFAULT_HUES, FaceParams(), PARAMS)
    assert face.centre_share < FaceParams().min_centre_share
