"""Reading a face under a highlight or a shadow (vision.face, vision.centre, vision.colour): a
glare patch is bright and colourless like the white centre, a shadow dims the centre below
the border's white, yet the centre, the ink and the colour must come out as they do without."""

import cv2
import numpy as np
import pytest

from visionkit import INKS, draw_card, glare
from vision.colour import DEFAULT_HUES, ColourParams, classify_colour, hsv_float, unclipped_balance
from vision.face import FaceParams, read_face
from vision.geometry import CardGeometry, warp_card

PARAMS = ColourParams()


def flat(card: np.ndarray, width: int = 112) -> np.ndarray:
    """A card drawn large, flattened to the reader's size (as flatten() warps it)."""
    h, w = card.shape[:2]
    corners = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    return warp_card(card, corners, (width, round(width * 87 / 56)))


def read(card: np.ndarray):
    return read_face(card, CardGeometry(), DEFAULT_HUES, FaceParams(), PARAMS)


def wild_card(digit: str = "5", width: int = 448) -> np.ndarray:
    """A wild card: black field, a four-colour disc, the number in white."""
    card = draw_card("black", "", width=width)
    h = card.shape[0]
    centre, r = (width // 2, h // 2), int(0.38 * width)
    for k, name in enumerate(("red", "blue", "green", "yellow")):
        cv2.ellipse(card, centre, (r, r), 0, 90 * k, 90 * (k + 1), INKS[name], -1)
    scale = width / 70
    thick = max(2, width // 22)
    (tw, th), _ = cv2.getTextSize(digit, cv2.FONT_HERSHEY_DUPLEX, scale, thick)
    cv2.putText(card, digit, (width // 2 - tw // 2, h // 2 + th // 2), cv2.FONT_HERSHEY_DUPLEX, scale,
                (246, 246, 246), thick, cv2.LINE_AA)
    return card


def stray(ink: np.ndarray, truth: np.ndarray) -> int:
    """Ink pixels further than two pixels from any pixel of the glare-free ink."""
    near = cv2.dilate(truth, np.ones((5, 5), np.uint8)) > 0
    return int(np.count_nonzero((ink > 0) & ~near))


@pytest.mark.parametrize("colour", ["red", "green", "blue", "yellow"])
@pytest.mark.parametrize("where", [(0.5, 0.18), (0.2, 0.8), (0.85, 0.45)])
def test_a_glare_patch_on_the_field_beside_the_centre_adds_no_ink(colour, where):
    card = draw_card(colour, "7", width=448)
    clean = read(flat(card))
    lit = read(flat(glare(card, where, 0.12, 0.9)))
    assert lit.colour.name == colour
    assert lit.ink is not None
    assert stray(lit.ink, clean.ink) <= 0.03 * np.count_nonzero(clean.ink)
    assert np.count_nonzero(lit.ink) >= 0.9 * np.count_nonzero(clean.ink)
    assert lit.centre_share == pytest.approx(clean.centre_share, rel=0.12)


@pytest.mark.parametrize("colour", ["red", "blue"])
@pytest.mark.parametrize("design", ["oval", "disc"])
@pytest.mark.parametrize("spot", [((0.5, 0.35), 0.12, 1.0), ((0.3, 0.45), 0.15, 0.8)])
def test_the_centre_is_the_printed_ellipse_though_glare_joins_the_field_to_it(colour, design, spot):
    card = draw_card(colour, "4", width=448, design=design)
    clean = read(flat(card))
    # A hot spot across the centre's rim: the field beside it turns as white as the paper.
    lit = read(flat(glare(card, *spot)))
    assert lit.centre_share == pytest.approx(clean.centre_share, rel=0.03)
    assert stray(lit.ink, clean.ink) <= 0.02 * np.count_nonzero(clean.ink)


def test_a_pale_ink_under_a_highlight_on_the_centre_keeps_its_shape():
    card = draw_card("green", "8", width=448)
    h, w = card.shape[:2]
    ink = np.all(card == INKS["green"], axis=2)
    ink[:int(0.3 * h)] = ink[int(0.7 * h):] = False
    # The symbol printed in a pale tint of the field (some decks do), the card in a dim light.
    card[ink] = (190, 225, 180)
    card = cv2.convertScaleAbs(card, alpha=0.8)
    clean = read(flat(card))
    assert np.count_nonzero(clean.ink) > 300
    # A highlight lights the centre above the border's white, short of clipping it: the
    # ink grows paler (less saturated), its chroma stays.
    lit_card = glare(card, (0.5, 0.78), 0.3, 0.2)
    assert lit_card.max() < 250
    lit = read(flat(lit_card))
    assert np.count_nonzero(lit.ink) >= 0.9 * np.count_nonzero(clean.ink)
    assert stray(lit.ink, clean.ink) <= 0.03 * np.count_nonzero(clean.ink)


def test_a_glare_patch_on_a_wild_cards_black_field_is_no_mark():
    card = wild_card("5")
    clean = read(flat(card))
    assert clean.is_wild and np.count_nonzero(clean.ink) > 100
    lit = read(flat(glare(card, (0.5, 1.2), 0.1, 1.0)))  # below the disc, on the black
    assert lit.is_wild
    assert stray(lit.ink, clean.ink) <= 0.03 * np.count_nonzero(clean.ink)


def test_a_centre_covering_nearly_the_whole_field_gives_no_ink():
    card = draw_card("yellow", "3", width=448)
    washed = glare(card, (0.5, 0.78), 0.9, 1.0)  # a sheen whitening the whole card
    face = read(flat(washed))
    assert face.ink is None or face.centre_share <= FaceParams().max_centre_share


def test_unclipped_balance_keeps_the_tint_of_paper_lit_above_its_reference():
    card = np.array([[[220, 245, 215], [255, 255, 255], [120, 120, 120]]], np.uint8)
    wb = unclipped_balance(card, np.array([200.0, 200.0, 200.0]))
    hsv = hsv_float(wb, clip=False)
    assert hsv[0, 0, 1] > 0.08                       # a pale green tint, brighter than the white
    assert 90 < hsv[0, 0, 0] < 150
    assert np.allclose(wb[0, 1], 1.0)                # clipped by the camera: plain white
    assert np.allclose(wb[0, 2], 0.6)


def test_a_washed_out_camera_still_reads_a_pale_green_field():
    paper = np.array([240, 240, 240], float)
    field = np.array([150, 182, 148], float)  # green with little saturation left
    rng = np.random.default_rng(3)
    pixels = np.clip(field + rng.normal(0, 3, (300, 3)), 0, 255).astype(np.uint8).reshape(-1, 1, 3)
    reading = classify_colour(hsv_float(unclipped_balance(pixels, paper)).reshape(-1, 3), DEFAULT_HUES,
                              PARAMS)
    assert reading.name == "green"


@pytest.mark.parametrize("colour", ["red", "green", "blue"])
def test_a_tinted_shadow_over_the_centre_alone_still_shows_centre_and_ink(colour):
    card = draw_card(colour, "6", width=448)
    clean = read(flat(card))
    h, w = card.shape[:2]
    shade = np.ones((h, w, 3), np.float32)
    cv2.circle(shade, (w // 2, h // 2), int(0.45 * w), (0.5, 0.5, 0.62), -1)  # a warm shadow
    shade = cv2.GaussianBlur(shade, (0, 0), 6)
    dark = read(flat(np.clip(card * shade, 0, 255).astype(np.uint8)))
    assert dark.centre_share >= FaceParams().min_centre_share
    assert dark.ink is not None
    assert np.count_nonzero(dark.ink) >= 0.8 * np.count_nonzero(clean.ink)
    assert stray(dark.ink, clean.ink) <= 0.05 * np.count_nonzero(clean.ink)


def tinted_lower_centre(card: np.ndarray) -> np.ndarray:
    """A greenish light over the lower part of the card (a lamp's tinted highlight or a
    coloured reflection): the paper there is no longer plain white."""
    h, w = card.shape[:2]
    tint = np.ones((h, w, 3), np.float32)
    tint[h // 2 + 60:, :] = (0.72, 0.9, 0.78)
    tint = cv2.GaussianBlur(tint, (0, 0), 8)
    return np.clip(card * tint, 0, 255).astype(np.uint8)


@pytest.mark.parametrize("colour", ["red", "blue"])
def test_the_centre_is_the_whole_ellipse_where_a_tint_leaves_part_of_it_no_paper(colour):
    card = draw_card(colour, "2", width=448)
    clean = read(flat(card))
    tinted = read(flat(tinted_lower_centre(card)))
    assert tinted.centre_share == pytest.approx(clean.centre_share, rel=0.05)
    assert np.count_nonzero(tinted.ink) >= 0.95 * np.count_nonzero(clean.ink)
    assert stray(tinted.ink, clean.ink) <= 0.03 * np.count_nonzero(clean.ink)


def test_paper_tinted_the_fields_own_colour_is_not_taken_for_ink():
    card = draw_card("green", "2", width=448)
    clean = read(flat(card))
    tinted = read(flat(tinted_lower_centre(card)))
    assert stray(tinted.ink, clean.ink) <= 0.03 * np.count_nonzero(clean.ink)


def test_a_shadow_across_a_corner_leaves_it_the_fields_colour():
    card = draw_card("red", "3", width=448)
    h, w = card.shape[:2]
    shade = np.ones((h, w), np.float32)
    shade[:, : int(0.3 * w)] = 0.4  # a hand's shadow down the left side
    shade = cv2.GaussianBlur(shade, (0, 0), 6)
    face = read(flat(np.clip(card * shade[..., None], 0, 255).astype(np.uint8)))
    assert face.edge_agreement >= FaceParams().min_edge_agreement


def test_a_corner_under_another_card_is_still_covered():
    card = draw_card("red", "3", width=448)
    h, w = card.shape[:2]
    other = draw_card("blue", "5", width=448)
    covered = card.copy()  # the top-right corner under the other card's bottom-left
    covered[: int(0.2 * h), -int(0.3 * w):] = other[-int(0.2 * h):, : int(0.3 * w)]
    face = read(flat(covered))
    assert face.edge_agreement < FaceParams().min_edge_agreement
