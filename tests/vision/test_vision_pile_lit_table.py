"""A table a shadow splits into a dark part and a lit one: the lit part reaching the frame's
edge, wider open than any card's paper, is table too (vision.pile.table_mask,
``PileParams.paper_open_width``), so a card lying alone on it shows no pile round it, and
the card lying on the pile's lower cards is the top."""

import cv2
import numpy as np
import pytest

from visionkit import draw_card, lay as visionkit_lay
from vision.pile import PileParams, narrowest, pile_evidence, table_mask
from vision.quads import QuadParams
from vision.recognizer import Recognizer, RecognizerParams

SCALE = 0.45


def lay(frame: np.ndarray, card: np.ndarray, angle: float, centre) -> np.ndarray:
    """``card`` laid over ``frame`` at this file's SCALE (visionkit.lay)."""
    return visionkit_lay(frame, card, angle, centre, SCALE)


def shadowed_cloth() -> np.ndarray:
    """A pale cloth in shadow but for a lit patch (a fifth of the frame) reaching the
    frame's right edge; a red 8 on two lower cards in the shadow, a green 4 lying alone on
    the lit patch beside it."""
    frame = np.empty((480, 640, 3), np.uint8)
    frame[:] = (120, 126, 130)
    frame[140:340, 326:] = (214, 220, 224)
    frame = cv2.GaussianBlur(frame, (0, 0), 3)
    frame = lay(frame, draw_card("blue", "3"), 25, (215, 230))
    frame = lay(frame, draw_card("yellow", "6"), -20, (225, 265))
    frame = lay(frame, draw_card("red", "8"), 0, (270, 240))
    return lay(frame, draw_card("green", "4"), 0, (376, 240))


@pytest.fixture(scope="module")
def frame():
    return shadowed_cloth()


def lit_part(table: np.ndarray, scale: float) -> float:
    """The share of the lit patch right of the green 4 that ``table`` holds."""
    return float(table[int(180 / scale):int(300 / scale), int(450 / scale):].mean())


def test_a_lit_patch_of_the_table_reaching_the_frames_edge_is_table(frame):
    width = 0.45 * 224  # the cards' width as laid
    table, scale = table_mask(frame, QuadParams(), card_width=width)
    assert lit_part(table, scale) > 0.9
    blind, _ = table_mask(frame, QuadParams(), PileParams(paper_open_width=0.0), card_width=width)
    assert lit_part(blind, scale) < 0.1
    # The patch is table only as wide open as three quarters of a card: cards twice as
    # wide would leave it paper (a card's centre round its symbol is half a card).
    wide, _ = table_mask(frame, QuadParams(), card_width=3 * width)
    assert lit_part(wide, scale) < 0.1


def test_the_card_on_the_pile_answers_not_the_one_alone_on_the_lit_patch(frame):
    recognizer = Recognizer()
    cards = [c for c in recognizer.candidates(frame) if recognizer.read(frame, c).label]
    assert sorted(recognizer.read(frame, c).label for c in cards) == ["green-4", "red-8"]
    table, scale = table_mask(frame, QuadParams(), card_width=narrowest(cards))
    evidence = {recognizer.read(frame, c).label: pile_evidence(table, scale, cards, k)
                for k, c in enumerate(cards)}
    assert evidence["green-4"] < 0.3
    assert recognizer.top_card(frame).label == "red-8"
    blind = Recognizer(params=RecognizerParams(pile=PileParams(paper_open_width=0.0)))
    assert blind.top_card(frame).label != "red-8"
