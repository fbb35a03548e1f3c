"""What lies across a card's white border (overlap.border_crossed): a saturated run of
another hue than the card's own field is another card's paint (PAINT); a run of its own
hue (a card of its colour, or its own field where a blurred border or a short quad puts
it in the ring) or a paler one (a finger) is only something across (ACROSS)."""

import numpy as np

from vision.overlap import ACROSS, PAINT, border_crossed, chroma_vectors, hue_apart

WIDTH, HEIGHT = 112, 174
BORDER = 0.047 * WIDTH
RED, BLUE, GREEN, BLACK, SKIN = (40, 40, 200), (200, 90, 30), (40, 160, 40), (30, 30, 30), (120, 160, 225)


def flat_card(field=RED, seed: int = 0, noise: float = 3.0) -> np.ndarray:
    """A flattened card: a white border ring round a field of one colour, sensor noise."""
    rng = np.random.default_rng(seed)
    card = np.full((HEIGHT, WIDTH, 3), 225.0)
    b = int(round(BORDER))
    card[b:HEIGHT - b, b:WIDTH - b] = field
    card += rng.normal(0, noise, card.shape)
    return np.clip(card, 0, 255).astype(np.uint8)


def side_over(card: np.ndarray, colour, rows=slice(50, 90), depth: float = 3.0) -> np.ndarray:
    """``colour`` over the card's right side along ``rows``, ``depth`` border widths in from
    its outline: another card (or a finger) lying on it, or (``depth`` 1) a neighbour seen
    in a ring a little too wide, stopping at the card's outline."""
    out = card.copy()
    out[rows, WIDTH - int(round(depth * BORDER)):] = colour
    return out


def test_its_own_hue_across_the_ring_is_no_paint():
    # A card of its own colour lying across it, or its own field where the ring runs short:
    # something across, but not told from the card's own field.
    for field in (RED, BLUE, GREEN):
        for depth in (1.0, 3.0):
            assert border_crossed(side_over(flat_card(field), field, depth=depth), BORDER) == ACROSS


def test_another_hue_lying_on_the_card_is_paint():
    assert border_crossed(side_over(flat_card(RED), BLUE), BORDER) == PAINT
    assert border_crossed(side_over(flat_card(GREEN), RED), BORDER) == PAINT
    assert border_crossed(side_over(flat_card(RED), GREEN), BORDER, own_hue=200.0) == ACROSS


def test_another_hue_stopping_at_the_outline_is_no_paint():
    # A neighbour (or the table) seen in a ring a little too wide.
    assert border_crossed(side_over(flat_card(RED), BLUE, depth=1.0), BORDER) == ACROSS


def test_a_finger_across_the_ring_is_no_paint():
    assert border_crossed(side_over(flat_card(BLUE), SKIN), BORDER) == ACROSS


def test_any_saturated_colour_lying_on_a_black_field_is_paint():
    assert border_crossed(side_over(flat_card(BLACK), RED), BORDER) == PAINT
    assert border_crossed(side_over(flat_card(BLACK), SKIN), BORDER) == ACROSS


def test_a_clean_ring_is_not_crossed():
    for field in (RED, BLUE, GREEN, BLACK):
        assert border_crossed(flat_card(field), BORDER) == ""


def test_hues_wrap_round_red():
    purple_red, orange_red = chroma_vectors(np.array([[60, 20, 200], [20, 60, 200]], np.uint8))
    assert hue_apart(purple_red, orange_red) < 30
    blue, yellow = chroma_vectors(np.array([[200, 90, 30], [30, 210, 230]], np.uint8))
    assert hue_apart(blue, yellow) > 150


def test_paint_is_told_only_when_asked():
    assert border_crossed(side_over(flat_card(RED), BLUE), BORDER, tell_paint=False) == ACROSS


def test_a_dark_thumb_saturated_but_dull_is_no_paint():
    # Brown skin is as saturated as a card's ink against the paper, but far less vivid.
    thumb = (50, 90, 150)  # saturation 0.67, chroma 0.44 of the paper
    assert border_crossed(side_over(flat_card(GREEN), thumb), BORDER) == ACROSS
    assert border_crossed(side_over(flat_card(GREEN), thumb), BORDER, paint_chroma=0.0) == PAINT
