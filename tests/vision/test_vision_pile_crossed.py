"""Something lying across a card's white border (another card's edge or field, a finger)
makes the recogniser look at the whole next search stage before that card answers: a card
lying on it by no more than its border shows none of its field inside the card's outline."""

import numpy as np

from visionkit import draw_card, place
from vision.overlap import border_crossed, ring_lines
from vision.recognizer import Recognizer, RecognizerParams

WIDTH, HEIGHT = 112, 174
BORDER = 0.047 * WIDTH


def flat_card(seed: int = 0, noise: float = 3.0) -> np.ndarray:
    """A flattened red card: a white border ring round the field, a little sensor noise."""
    rng = np.random.default_rng(seed)
    card = np.full((HEIGHT, WIDTH, 3), 225.0)
    b = int(round(BORDER))
    card[b:HEIGHT - b, b:WIDTH - b] = (40, 40, 200)
    card += rng.normal(0, noise, card.shape)
    return np.clip(card, 0, 255).astype(np.uint8)


def test_a_clean_border_is_not_crossed():
    for seed in range(5):
        assert not border_crossed(flat_card(seed), BORDER)


def test_another_cards_field_across_the_border_crosses_it():
    card = flat_card()
    card[0:int(BORDER) + 2, 40:52] = (200, 90, 30)  # a blue field's corner over the top side
    assert border_crossed(card, BORDER)


def test_two_edges_crossing_the_border_cross_it_one_does_not():
    card = flat_card()
    card[60, 0:int(BORDER) + 1] = 150  # a card's edge and the thin shadow it casts
    assert not border_crossed(card, BORDER)
    card[95, 0:int(BORDER) + 1] = 150
    assert border_crossed(card, BORDER)


def test_a_soft_shadow_over_half_the_card_does_not_cross_it():
    card = flat_card().astype(np.float32)
    card *= np.linspace(1.0, 0.6, HEIGHT)[:, None, None]  # darker towards the bottom
    assert not border_crossed(card.astype(np.uint8), BORDER)


def test_the_ring_lines_run_round_the_border_short_of_the_corners():
    card = flat_card(noise=0.0)
    lines = ring_lines(card, BORDER, (0.25, 0.5, 0.75), 1.5)
    skip = int(round(1.5 * BORDER))
    assert lines.shape == (3, 2 * (WIDTH - 2 * skip) + 2 * (HEIGHT - 2 * skip), 3)
    assert (lines == 225).all()  # all border, no field


class Crossed(Recognizer):
    """Sees something across every card's border."""

    def seems_crossed(self, reading, layer, found, joined):
        return self.params.look_past_crossed


def frame() -> np.ndarray:
    return place(draw_card("blue", "5"), angle=15.0)[0]


def test_a_crossed_card_answers_after_the_whole_next_stage_once(searches):
    recognizer = Crossed(params=RecognizerParams(look_on_past_crossed=False))
    assert recognizer.top_card(frame()).label == "blue-5"  # nothing found lying on it
    first, second = recognizer.params.quads.stages[:2]
    assert searches == [*first, *second]


def test_a_crossed_card_waits_on_through_every_stage_but_the_sides_search(searches):
    recognizer = Crossed()
    assert recognizer.top_card(frame()).label == "blue-5"  # nothing found lying on it
    *before, last = recognizer.params.quads.stages
    assert searches == [search for stage in before for search in stage]
    assert not set(last) & set(searches)


def test_without_the_rule_the_first_stage_answers(searches):
    assert Crossed(params=RecognizerParams(look_past_crossed=False)).top_card(frame()).label == "blue-5"
    assert searches == list(RecognizerParams().quads.stages[0])


def test_a_lone_cards_clean_border_is_not_looked_past(searches):
    assert Recognizer().top_card(frame()).label == "blue-5"
    assert searches == list(RecognizerParams().quads.stages[0])


def rounded_card(seed: int = 0, table=(40, 70, 110)) -> np.ndarray:
    """:func:`flat_card` with round corners (radius 1.5 border widths; the field's round
    too, the border as wide all round), the table beyond them."""
    card = flat_card(seed)
    radius, b = 1.5 * BORDER, int(round(BORDER))
    y, x = np.mgrid[0:HEIGHT, 0:WIDTH].astype(float) + 0.5

    def outside(inset: float, r: float) -> np.ndarray:
        dx = np.maximum(np.maximum(inset + r - x, x - (WIDTH - inset - r)), 0)
        dy = np.maximum(np.maximum(inset + r - y, y - (HEIGHT - inset - r)), 0)
        return np.hypot(dx, dy) > r

    paper = flat_card(seed + 100)[0, 0]
    card[outside(b, radius - b) & ~outside(0, radius)] = paper
    card[outside(0, radius)] = table
    return card


def test_the_corner_arcs_stay_on_a_round_cornered_cards_border():
    for seed in range(5):
        assert not border_crossed(rounded_card(seed), BORDER, corner_arcs=True)
    card = rounded_card()
    lines = ring_lines(card, BORDER, (0.25, 0.5, 0.75), 1.5, arcs=True)
    assert lines.shape[1] > ring_lines(card, BORDER, (0.25, 0.5, 0.75), 1.5).shape[1]
    assert (np.abs(lines.astype(int) - 225) < 20).all()  # paper all round, no table, no field


def test_another_cards_corner_across_only_a_corner_of_the_ring_crosses_it():
    card = rounded_card()
    reach = int(round(1.6 * BORDER))
    card[:reach, :reach] = (200, 90, 30)  # a blue card's corner over the top left corner alone
    assert border_crossed(card, BORDER, corner_arcs=True)
    assert not border_crossed(card, BORDER)  # the sides alone (the default) miss it
