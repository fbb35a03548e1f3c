"""A card lying alone beside the pile (the table all round it, clear of the pile's cards)
is none of the pile's cards: the card whose band holds the pile's lower cards answers over
it however few of them show (PileParams.alone_evidence), as long as the two do not overlap
(the band leaves the other candidates' cards out, so a top card lying on one found card
shows the table round it too)."""

import numpy as np
import pytest

from test_vision_pile_rivals import lay
from visionkit import draw_card
from vision.pile import PileParams, _others_alone, likelier_top, narrowest, pile_evidence, table_mask
from vision.quads import QuadParams
from vision.recognizer import Recognizer, RecognizerParams

TABLE = (60, 90, 60)


def alone_beside(green_x: int = 510, red_x: int = 300, under: int = 30) -> np.ndarray:
    """A green 4 lying on a blue card that sticks out below it (a pile of two: a strip of
    the lower card shows), and a red 8 lying alone on the table."""
    frame = np.empty((480, 640, 3), np.uint8)
    frame[:] = TABLE
    frame = lay(frame, draw_card("blue", "3"), 0, (green_x, 240 + under))
    frame = lay(frame, draw_card("red", "8"), 0, (red_x, 240))
    return lay(frame, draw_card("green", "4"), 0, (green_x, 240))


@pytest.fixture(scope="module")
def recognizer():
    return Recognizer()


def by_label(recognizer, frame):
    return {recognizer.read(frame, c).label: c for c in recognizer.candidates(frame)}


def evidence(frame, cards):
    table, scale = table_mask(frame, QuadParams(), PileParams(), None, narrowest(cards))
    return [pile_evidence(table, scale, cards, k) for k in range(len(cards))]


def test_the_pile_shows_little_round_its_top_card_and_nothing_round_the_lone_one(recognizer):
    frame = alone_beside()
    cards = by_label(recognizer, frame)
    assert set(cards) >= {"red-8", "green-4"}
    red, green = evidence(frame, [cards["red-8"], cards["green-4"]])
    assert red <= 0.06  # the table all round it
    assert 0.15 <= green < PileParams().min_evidence  # a strip of the blue card only


def test_likelier_top_picks_the_card_on_the_pile_over_a_lone_one(recognizer):
    frame = alone_beside()
    cards = by_label(recognizer, frame)
    pair = [cards["red-8"], cards["green-4"]]
    assert likelier_top(frame, pair, QuadParams()) == 1
    assert likelier_top(frame, pair, QuadParams(), PileParams(alone_evidence=0.0)) is None


def test_the_others_must_have_the_table_all_round_them(recognizer):
    frame = alone_beside()
    cards = by_label(recognizer, frame)
    pair = [cards["red-8"], cards["green-4"]]
    assert _others_alone(pair, [0.05, 0.25], 1, PileParams())
    assert not _others_alone(pair, [0.08, 0.25], 1, PileParams())  # lower cards round it too
    assert not _others_alone(pair, [0.0, 0.25], 1, PileParams(alone_evidence=0.0))  # off
    assert not _others_alone([cards["green-4"], cards["green-4"]], [0.0, 0.25], 1, PileParams())


def test_the_top_card_answers_over_a_lone_card_beside_the_pile(recognizer):
    frame = alone_beside()
    assert recognizer.top_card(frame).label == "green-4"
    off = Recognizer(params=RecognizerParams(pile=PileParams(alone_evidence=0.0)))
    assert off.top_card(frame).label is None


def test_a_lone_card_overlapping_the_other_leaves_the_pair_to_the_minimum(recognizer):
    # Apart, the lone look waives the minimum whatever it is ...
    frame = alone_beside()
    cards = by_label(recognizer, frame)
    strict = PileParams(min_evidence=0.5)
    assert likelier_top(frame, [cards["red-8"], cards["green-4"]], QuadParams(), strict) == 1
    # ... but not with the red 8 lying across the green 4's side: the band leaves each
    # other's card out, so a top card lying on one found card shows the table round it too.
    frame = alone_beside(green_x=400, red_x=305)
    cards = by_label(recognizer, frame)
    assert set(cards) >= {"red-8", "green-4"}
    pair = [cards["red-8"], cards["green-4"]]
    red, green = evidence(frame, pair)
    assert red <= 0.06 and green < 0.5
    assert likelier_top(frame, pair, QuadParams(), PileParams(min_evidence=0.0)) == 1
    assert likelier_top(frame, pair, QuadParams(), strict) is None
