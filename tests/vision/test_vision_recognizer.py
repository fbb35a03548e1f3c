"""The recogniser end to end on drawn cards: the answer, its corners, "no card"."""

import json

import numpy as np
import pytest

from visionkit import INKS, draw_card, place, same_quad
from vision.recognizer import Recognizer, label_of
from vision.sighting import Sighting, no_card
from vision.symbols import SymbolReading


@pytest.fixture(scope="module")
def recognizer():
    return Recognizer()


def test_sighting_json_is_what_the_cli_prints():
    s = Sighting("red-7", 0.91234, np.array([[1, 2], [3, 4], [5, 6], [7, 8]], np.float32))
    assert s.to_json() == {"card": "red-7", "confidence": 0.912,
                           "corners": [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]}
    assert json.dumps(no_card().to_json()) == '{"card": null, "confidence": 0.0, "corners": null}'
    assert s.center() == (4.0, 5.0)


def test_label_of_puts_colour_and_symbol_together():
    read = lambda sym, n=None: SymbolReading(sym, n, False, 1.0)  # noqa: E731
    assert label_of("red", read("7")) == "red-7"
    assert label_of("blue", read("skip")) == "blue-skip"
    assert label_of("green", read("dare", 12)) == "green-dare-12"
    assert label_of("yellow", read("dare")) == "yellow-dare"
    assert label_of("black", read("dare", 3)) == "wild-dare-3"
    assert label_of("black", read("7")) is None


@pytest.mark.parametrize("colour,digit", [("red", "7"), ("blue", "4"), ("green", "2"), ("yellow", "5")])
def test_a_drawn_card_is_read_with_its_corners(recognizer, colour, digit):
    frame, corners = place(draw_card(colour, digit), angle=25)
    s = recognizer.top_card(frame)
    assert s.label == f"{colour}-{digit}"
    assert s.confidence >= recognizer.params.min_confidence
    assert same_quad(s.corners, corners, 0.06 * float(np.linalg.norm(corners[0] - corners[1])))


def test_an_upside_down_card_starts_its_corners_at_its_own_top_left(recognizer):
    frame, corners = place(draw_card("red", "7"), angle=180)
    s = recognizer.top_card(frame)
    assert s.label == "red-7"
    assert same_quad(s.corners, corners, 0.06 * float(np.linalg.norm(corners[0] - corners[1])))
    assert s.corners[0][1] > s.corners[2][1]  # its top-left is at the bottom of the frame


@pytest.mark.parametrize("background", [(0, 210, 250), (40, 30, 215), (230, 230, 230)])
def test_plain_cloths_are_no_card(recognizer, background):
    frame = np.empty((480, 640, 3), np.uint8)
    frame[:] = background
    assert recognizer.top_card(frame).label is None
    assert recognizer.all_cards(frame) == []


def test_a_coloured_rectangle_with_a_white_border_but_no_centre_is_no_card(recognizer):
    card = draw_card("yellow", "")
    card[40:-40, 30:-30] = INKS["yellow"]
    frame, _ = place(card)
    assert recognizer.top_card(frame).label is None


def test_a_card_with_no_readable_mark_is_no_card_not_a_guess(recognizer):
    card = draw_card("blue", "")
    frame, _ = place(card)
    s = recognizer.top_card(frame)
    assert s.label is None and s.corners is None


def test_all_cards_lists_every_card_of_a_spread(recognizer):
    frame = np.full((480, 640, 3), (60, 90, 60), np.uint8)
    truth = {}
    for (colour, digit), centre in zip([("red", "3"), ("blue", "8"), ("green", "1")],
                                       [(130, 240), (320, 240), (510, 240)]):
        part, corners = place(draw_card(colour, digit), angle=5, centre=centre, scale=0.5)
        mask = np.any(part != (60, 90, 60), axis=2)
        frame[mask] = part[mask]
        truth[f"{colour}-{digit}"] = corners
    seen = {s.label: s.corners for s in recognizer.all_cards(frame)}
    assert set(seen) == set(truth)
