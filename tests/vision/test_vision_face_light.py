"""Reading a face under uneven room light (vision.face, vision.border): a shadow over most of
the card or a highlight over part of it dims or lights the border and the field beside it
alike; a highlight over a corner or a strip of the field pales or blows it out; a washed-out
camera makes the field nearly as pale as the centre. The card must still be a card, read
as without, and a card lying partly under another, or a rectangle with no white border,
must still not be."""

import cv2
import numpy as np
import pytest

from visionkit import draw_card, read_drawn
from vision.colour import ColourParams
from vision.face import FaceParams

PARAMS = ColourParams()
FACE = FaceParams()


def read(card: np.ndarray):
    return read_drawn(card, FACE, PARAMS)


def shaded(card: np.ndarray, lit: np.ndarray, dim: float) -> np.ndarray:
    """The card dimmed to ``dim`` of its light outside the ``lit`` mask (a soft-edged shadow)."""
    shade = np.where(lit, 1.0, dim).astype(np.float32)
    shade = cv2.GaussianBlur(shade, (0, 0), 5)
    return np.clip(card * shade[..., None], 0, 255).astype(np.uint8)


def highlight(card: np.ndarray, centre: tuple[float, float], radius: float, strength: float) -> np.ndarray:
    """A soft colourless highlight added to the card (clipped at 255, as a camera clips it);
    ``centre`` and ``radius`` are shares of the card's width."""
    h, w = card.shape[:2]
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    r2 = (xs - centre[0] * w) ** 2 + (ys - centre[1] * w) ** 2
    spot = np.clip(255 * strength * np.exp(-r2 / (2 * (radius * w) ** 2)), 0, 255).astype(np.uint8)
    return cv2.add(card, cv2.merge([spot, spot, spot]))


def is_whole_card(face) -> bool:
    return (face.ring_white >= FACE.min_ring_white and face.ring_contrast >= PARAMS.min_ring_contrast
            and face.edge_agreement >= FACE.min_edge_agreement)


@pytest.mark.parametrize("colour", ["red", "green", "blue", "yellow"])
def test_a_shadow_over_most_of_the_card_leaves_its_border_white(colour):
    card = draw_card(colour, "4", width=448)
    h, w = card.shape[:2]
    lit = np.zeros((h, w), bool)
    lit[int(0.8 * h):] = True  # only the bottom fifth lit: the border's white is taken there
    face = read(shaded(card, lit, 0.55))
    assert face.colour.name == colour
    assert is_whole_card(face)


def test_a_highlight_on_the_field_leaves_the_border_brighter_than_the_field():
    # A washed-out blue card, a highlight over its top-right: the field's strip there is as
    # bright as the dim border below.
    card = draw_card("blue", "7", width=448)
    washed = (0.45 * card + 0.45 * 200).astype(np.uint8)
    h, w = card.shape[:2]
    lit = np.zeros((h, w), bool)
    lit[: int(0.35 * h)] = True
    face = read(highlight(shaded(washed, lit, 0.6), (0.8, 0.1), 0.35, 0.5))
    assert face.colour.name == "blue"
    assert face.ring_contrast >= PARAMS.min_ring_contrast


@pytest.mark.parametrize("table", [(70, 70, 70), (150, 150, 150), (200, 120, 40)])
def test_a_table_round_most_of_the_field_is_no_white_border_in_any_light(table):
    # Only the bottom of the border is white paper: the rest is a grey or coloured table
    # (in the shadow, too), which the field's darkest channel cannot tell from paper.
    card = draw_card("red", "4", width=448)
    b = round(0.047 * 448)
    h, w = card.shape[:2]
    framed = card.copy()
    framed[: int(0.8 * h), :b] = framed[: int(0.8 * h), -b:] = framed[:b] = table
    lit = np.zeros((h, w), bool)
    lit[int(0.8 * h):] = True
    for image in (framed, shaded(framed, lit, 0.55)):
        assert read(image).ring_white < FACE.min_ring_white


@pytest.mark.parametrize("strength", [0.6, 1.2])
@pytest.mark.parametrize("colour", ["red", "blue"])
def test_a_highlight_over_a_corner_leaves_the_card_whole(colour, strength):
    # A highlight over the top-right corner of the field: pale but tinted (0.6) or blown
    # out by the camera (1.2) over both of the corner's bands.
    card = draw_card(colour, "3", width=448)
    face = read(highlight(card, (0.9, 0.12), 0.12, strength))
    assert face.colour.name == colour
    assert face.edge_agreement >= FACE.min_edge_agreement


@pytest.mark.parametrize("paper", [246, 255])
def test_paper_over_a_corner_is_still_covered_even_clipped(paper):
    # The top-right corner under a white paper card, as bright as the border (246) or
    # clipped by the camera like it (255: the border clipped too).
    card = draw_card("red", "3", width=448)
    if paper == 255:
        card[np.all(card == 246, axis=2)] = 255
    h, w = card.shape[:2]
    card[: int(0.2 * h), -int(0.3 * w):] = paper
    assert read(card).edge_agreement < FACE.min_edge_agreement


@pytest.mark.parametrize("colour", ["red", "green", "blue", "yellow"])
def test_a_blown_out_highlight_over_a_strip_of_the_field_leaves_its_colour(colour):
    # The bottom-left strip of the field (where the colour is read) under a highlight the
    # camera clipped: what is left of the field tells its colour.
    card = draw_card(colour, "8", width=448)
    face = read(highlight(card, (0.25, 1.48), 0.16, 2.0))
    assert face.colour.name == colour
    assert is_whole_card(face)


def test_a_plain_highlight_over_the_whole_field_is_still_no_colour():
    card = np.full((697, 448, 3), 255, np.uint8)
    b = round(0.047 * 448)
    card[b:-b, b:-b] = (250, 252, 255)  # a clipped, colourless field: nothing to read
    assert read(card).colour.name is None


@pytest.mark.parametrize("colour", ["green", "blue", "red"])
def test_a_washed_out_field_keeps_its_centre_and_ink(colour):
    # A low-contrast, noisy camera: the field barely saturated (under 0.2, much of it less),
    # nearly as pale as the centre's paper.
    card = draw_card(colour, "2", width=448)
    clean = read(card)
    mix = {"green": 0.32, "blue": 0.2, "red": 0.225}[colour]
    noise = np.random.default_rng(5).normal(0.0, 4.0, card.shape)
    washed = read(np.clip(mix * card + (1 - mix) * 215 + noise, 0, 255).astype(np.uint8))
    assert washed.colour.name == colour
    assert washed.colour.saturation < 0.2
    assert FACE.min_centre_share <= washed.centre_share <= FACE.max_centre_share
    assert washed.centre_share == pytest.approx(clean.centre_share, rel=0.15)
    ink, truth = washed.ink > 0, clean.ink > 0
    assert np.count_nonzero(ink & truth) >= 0.7 * np.count_nonzero(truth)
    assert np.count_nonzero(ink & ~cv2.dilate(clean.ink, np.ones((5, 5), np.uint8)).astype(bool)) \
        <= 0.05 * np.count_nonzero(truth)
