"""Two whole readable cards side by side, neither on the other: the top card is the one lying
on the pile's other cards (vision.pile.likelier_top), or "no card" when that does not stand out."""

from dataclasses import replace

import numpy as np
import pytest

from visionkit import draw_card, lay as visionkit_lay
from vision.pile import Layer, PileParams, percentile_u8, pile_evidence, table_mask
from vision.reach import intrusion
from vision.quads import Candidate, QuadParams, search
from vision.recognizer import CORNER_COVERED, Recognizer, RecognizerParams

SCALE = 0.45


def lay(frame: np.ndarray, card: np.ndarray, angle: float, centre) -> np.ndarray:
    """``card`` laid over ``frame`` at this file's SCALE (visionkit.lay)."""
    return visionkit_lay(frame, card, angle, centre, SCALE)


def side_by_side(pile_under_left: bool, table=(60, 90, 60)) -> np.ndarray:
    """A red 8 and a green 4 whose long sides touch; with ``pile_under_left`` two more
    cards lie under the red 8, sticking out on its far side (a pile's lower cards)."""
    frame = np.empty((480, 640, 3), np.uint8)
    frame[:] = table
    if pile_under_left:
        frame = lay(frame, draw_card("blue", "3"), 25, (215, 230))
        frame = lay(frame, draw_card("yellow", "6"), -20, (225, 265))
    frame = lay(frame, draw_card("red", "8"), 0, (270, 240))
    return lay(frame, draw_card("green", "4"), 0, (372, 240))


@pytest.fixture(scope="module")
def recognizer():
    return Recognizer()


def readable(recognizer, frame):
    return [c for c in recognizer.candidates(frame) if recognizer.read(frame, c).label]


def test_two_lone_cards_side_by_side_make_no_card(recognizer):
    frame = side_by_side(pile_under_left=False)
    assert len(readable(recognizer, frame)) == 2
    assert recognizer.top_card(frame).label is None
    # Without the rule one of them is named (that is a guess: either may be the top).
    blind = Recognizer(params=RecognizerParams(refuse_readable_rivals=False))
    assert blind.top_card(frame).label in ("red-8", "green-4")


@pytest.mark.parametrize("table", [(60, 90, 60), (225, 228, 230), (40, 60, 110)])
def test_the_card_lying_on_the_pile_is_the_top(recognizer, table):
    # A white table is one paper region with the lone card's border; a dark one is dark.
    frame = side_by_side(pile_under_left=True, table=table)
    cards = readable(recognizer, frame)
    assert sorted(recognizer.read(frame, c).label for c in cards) == ["green-4", "red-8"]
    assert recognizer.top_card(frame).label == "red-8"


def test_pile_evidence_is_the_lower_cards_around_a_card_not_the_table(recognizer):
    frame = side_by_side(pile_under_left=True)
    cards = readable(recognizer, frame)
    table, scale = table_mask(frame, QuadParams())
    evidence = {recognizer.read(frame, c).label: pile_evidence(table, scale, cards, k)
                for k, c in enumerate(cards)}
    assert evidence["red-8"] >= evidence["green-4"] + PileParams().evidence_margin
    assert evidence["green-4"] < 0.2


def square_candidate(x0, y0, x1, y1):
    card = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float32)
    return Candidate(card, card, 1.0, {"support": 1.0})


def test_a_blob_reaching_into_a_card_intrudes_one_stopping_at_its_border_does_not():
    card = square_candidate(100, 100, 200, 260)
    beside = np.array([[202, 120], [300, 120], [300, 240], [202, 240]], np.float32)
    across = np.array([[170, 200], [300, 200], [300, 330], [170, 330]], np.float32)
    own = np.array([[110, 110], [400, 110], [400, 250], [110, 250]], np.float32)
    assert intrusion(beside, card) == 0.0
    assert intrusion(across, card) > PileParams().intrusion_share
    assert intrusion(own, card) == 0.0  # the card's own field run together with another


def test_a_card_is_deferred_to_the_next_stage_only_when_a_joined_blob_reaches_into_it(recognizer):
    card = square_candidate(100, 100, 200, 260)
    across = np.array([[170, 200], [300, 200], [300, 330], [170, 330]], np.float32)
    beside = np.array([[202, 120], [300, 120], [300, 240], [202, 240]], np.float32)
    assert recognizer.may_lie_beside(Layer(card), [across])
    assert not recognizer.may_lie_beside(Layer(card), [beside])
    assert not recognizer.may_lie_beside(Layer(card, covers=True), [across])
    off = Recognizer(params=RecognizerParams(defer_beside_joined=False))
    assert not off.may_lie_beside(Layer(card), [across])


class GlaredGreen(Recognizer):
    """Reads the green card as a card whose corner colour is missing (glare on it)."""

    def check(self, frame_bgr, candidate):
        reading = super().check(frame_bgr, candidate)
        if reading.face.colour.name == "green":
            return replace(reading, is_card=False, reason=CORNER_COVERED)
        return reading


def test_a_card_whose_corner_colour_is_missing_is_a_rival_too():
    recognizer = GlaredGreen()
    frame = side_by_side(pile_under_left=False)
    found = [layer for batch in recognizer.candidate_passes(frame) for layer in batch]
    red = next(layer for layer in found if recognizer.read(frame, layer.candidate).label == "red-8")
    assert [r.reason for r in recognizer.rivals(frame, red, found)] == [CORNER_COVERED]
    assert recognizer.top_card(frame).label is None
    assert recognizer.top_card(side_by_side(pile_under_left=True)).label == "red-8"


def test_percentile_u8_is_numpys_percentile():
    rng = np.random.default_rng(7)
    for _ in range(300):
        size, step = int(rng.integers(1, 3000)), int(rng.integers(1, 40))
        values = rng.integers(0, 256, size, dtype=np.uint8) // step
        q = float(rng.choice([99.0, 90.0, 50.0, rng.uniform(0, 100)]))
        assert percentile_u8(values.astype(np.uint8), q) == float(np.percentile(values, q))


def test_table_mask_from_the_searchs_images_is_the_same():
    frame = side_by_side(pile_under_left=True)
    masks: dict = {}
    search(frame, "local", 320, Recognizer().profile.geometry, QuadParams(), masks)
    alone, scale = table_mask(frame, QuadParams())
    reused, reused_scale = table_mask(frame, QuadParams(), masks=masks)
    assert scale == reused_scale and alone.any() and np.array_equal(alone, reused)


def test_a_piece_of_the_cards_own_field_is_no_intrusion():
    card = square_candidate(100, 100, 200, 260)
    upper_half = np.array([[104, 104], [196, 104], [196, 170], [104, 170]], np.float32)
    assert intrusion(upper_half, card) == 0.0
    # A blob coming in from outside the field is not one, even when it reaches as deep.
    from_outside = upper_half + np.float32([60, 0])
    assert intrusion(from_outside, card) > PileParams().intrusion_share


class UnsureRed(Recognizer):
    """Cannot read the red card's symbol (it stays a card: glare over its centre)."""

    def read(self, frame_bgr, candidate, checked=None):
        reading = super().read(frame_bgr, candidate, checked)
        if reading.label == "red-8":
            return replace(reading, label=None, confidence=0.0, reason="the symbol is unsure")
        return reading


def pile_under_right() -> np.ndarray:
    """As :func:`side_by_side`, but the pile's lower cards stick out beside the green 4."""
    frame = np.empty((480, 640, 3), np.uint8)
    frame[:] = (60, 90, 60)
    frame = lay(frame, draw_card("blue", "3"), -25, (425, 230))
    frame = lay(frame, draw_card("yellow", "6"), 20, (415, 265))
    frame = lay(frame, draw_card("red", "8"), 0, (270, 240))
    return lay(frame, draw_card("green", "4"), 0, (372, 240))


def test_an_unread_card_beside_a_read_one_lets_it_answer_only_when_it_lies_on_the_pile():
    recognizer = UnsureRed()
    # The red 8 comes first (nearer the frame's centre) and cannot be read.
    assert recognizer.top_card(pile_under_right()).label == "green-4"
    assert recognizer.top_card(side_by_side(pile_under_left=True)).label is None
    assert recognizer.top_card(side_by_side(pile_under_left=False)).label is None
