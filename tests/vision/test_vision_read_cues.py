"""The reading half's robustness cues: the dare word's line, a hazy wild card's black, glare's
arc along the centre's rim, and templates blurred as a camera blurs ink."""

import cv2
import numpy as np
import pytest

from visionkit import INKS, draw_card, on_canvas
from vision import templates
from vision.colour import BLACK, DEFAULT_HUES, ColourParams, classify_colour, hsv_float, white_balance
from vision.face import FaceParams, read_face
from vision.geometry import CardGeometry, warp_card
from vision.symbol_params import SymbolParams
from vision.profile import default_profile
from vision.dare_number import dare_lines
from vision.symbols import read_symbol

PARAMS = SymbolParams()
BANKS = default_profile().banks
STYLE = templates.TemplateStyle(cv2.FONT_HERSHEY_COMPLEX, 0.12, False)


@pytest.mark.parametrize("number", [3, 11, 15])
def test_a_line_that_reads_as_the_word_makes_a_dare_with_its_number(number):
    # Word and number far apart: the whole mark is unlike any drawn dare template, the
    # word's own line still reads.
    word = templates.text("DARE!", STYLE, 16)
    ink = on_canvas(templates.stack(templates.text(str(number), STYLE, 30), word, 14))
    score, rows, w = dare_lines(ink, BANKS, PARAMS)
    assert len(rows) == 2 and w == 1 and score >= PARAMS.word_score
    reading = read_symbol(ink, BANKS, PARAMS)
    assert (reading.symbol, reading.number) == ("dare", number)
    assert reading.confidence >= 0.8


@pytest.mark.parametrize("digit", [6, 9])
def test_a_digits_underline_is_no_word(digit):
    ink = on_canvas(templates.digit(digit, STYLE))
    score, rows, _ = dare_lines(ink, BANKS, PARAMS)
    assert score < PARAMS.word_doubt
    assert read_symbol(ink, BANKS, PARAMS).symbol == str(digit)


def samples(bgr, n=200, noise=3.0, seed=0):
    rng = np.random.default_rng(seed)
    ink = np.clip(np.array(bgr, float) + rng.normal(0, noise, (n, 3)), 0, 255)
    paper = np.array([246, 246, 246], float)
    return hsv_float(white_balance(ink.reshape(-1, 1, 3).astype(np.uint8), paper)).reshape(-1, 3)


def test_black_seen_through_haze_is_still_the_wild_cards():
    params = ColourParams()
    assert classify_colour(samples((105, 104, 102)), DEFAULT_HUES, params).name == BLACK  # value ~0.43
    # ... but not a mid grey, nor a dark colour.
    assert classify_colour(samples((135, 135, 135)), DEFAULT_HUES, params).name is None
    assert classify_colour(samples((30, 25, 110)), DEFAULT_HUES, params).name != BLACK


def card_with_rim_arc(width=448):
    """A green 5 on a white disc, with an arc of the field's green just inside the disc's
    rim (what glare over the disc's edge leaves), flattened to 112 px."""
    card = draw_card("green", "5", width=width)
    h = card.shape[0]
    radius = int(0.38 * width)
    cv2.ellipse(card, (width // 2, h // 2), (radius - 10, radius - 10), 0, 200, 320, INKS["green"], 7)
    corners = np.array([[0, 0], [width, 0], [width, h], [0, h]], np.float32)
    return warp_card(card, corners, (112, round(112 * 87 / 56)))


def test_an_arc_along_the_centres_rim_is_not_ink():
    card = card_with_rim_arc()
    rim_arc = np.zeros(card.shape[:2], np.uint8)
    cv2.ellipse(rim_arc, (56, 87), (39, 39), 0, 205, 315, 255, 3)
    kept = read_face(card, CardGeometry(), DEFAULT_HUES, FaceParams(rim_share=2.0), ColourParams())
    assert np.count_nonzero(kept.ink[rim_arc > 0]) > 20  # without the rule the arc is ink
    face = read_face(card, CardGeometry(), DEFAULT_HUES, FaceParams(), ColourParams())
    assert np.count_nonzero(face.ink[rim_arc > 0]) == 0
    assert read_symbol(face.ink, BANKS, PARAMS).symbol == "5"


def test_blurred_templates_close_small_gaps_and_keep_their_labels():
    mask = np.zeros((40, 40), np.uint8)
    mask[5:35, 5:35] = 255
    mask[5:35, 19:21] = 0  # a slit two pixels wide
    closed = templates.blurred(mask, 0.06)
    assert np.count_nonzero(closed[15:25, 17:23] == 0) == 0
    items = [("1", templates.text("1", STYLE, 32)), ("7", templates.text("7", STYLE, 32))]
    more = templates.with_blur(items, (0.04, 0.08))
    assert [label for label, _ in more] == ["1", "7"] * 3


class _Reader:
    """A stand-in recogniser: finds the given candidates and reads each one as told."""

    def __init__(self, candidates, readings):
        self._candidates, self._readings = candidates, readings

    def top_card(self, image):
        from vision.sighting import no_card
        return no_card(1.0)

    def candidates(self, image):
        return self._candidates

    def read(self, image, candidate):
        return self._readings[id(candidate)]


def test_explain_says_where_each_missed_top_card_was_lost():
    from types import SimpleNamespace
    from vision.bench import evaluate, report
    from vision.quads import Candidate

    quad = np.array([[100, 100], [160, 100], [160, 190], [100, 190]], np.float32)
    far = quad + 300
    scene = SimpleNamespace(image=None, label="red-7", corners=quad, cards=(("red-7", quad),),
                            conditions={"kind": "single", "occluded": "no"})
    at_card, elsewhere = Candidate(quad, quad), Candidate(far, far)
    unsure = SimpleNamespace(label=None, reason="the symbol is unsure")
    res = evaluate([scene, scene], _Reader([elsewhere, at_card], {id(at_card): unsure}), explain=True)
    assert res.stages == {"read: the symbol is unsure": 2}
    assert res.examples["read: the symbol is unsure"] == [0, 1]
    lost = evaluate([scene], _Reader([elsewhere], {}), explain=True)
    assert lost.stages == {"search: its field was not found": 1}
    assert "search: its field was not found  (e.g. 0)" in report(lost, 1, 1)
    assert not evaluate([scene], _Reader([], {})).stages  # only when asked


def corner_window(text, word=False, size=(48, 52)):
    """A corner's white marks: the index (and the small word above it), upright."""
    w, h = size
    window = np.zeros((h, w), np.uint8)
    mark = templates.text(text, STYLE, 20)
    if word:
        mark = templates.stack(templates.text("DARE", STYLE, 7), mark, 3)
    mh, mw = mark.shape
    window[4:4 + mh, 4:4 + mw] = mark[:h - 4, :w - 4]
    return window


def test_corner_indices_read_their_number():
    from vision.indices import corner_numbers
    assert corner_numbers((corner_window("12"), corner_window("12", word=True)), BANKS, PARAMS) == {12}
    assert corner_numbers((np.zeros((52, 48), np.uint8), None), BANKS, PARAMS) == set()


def test_an_unsure_dare_number_counts_only_when_a_corner_reads_the_same():
    from dataclasses import replace
    from vision.dare_number import both_ways, read_dare_number

    word = templates.text("DARE", STYLE, 16)
    ink = on_canvas(templates.stack(word, templates.text("12", STYLE, 30), 5))
    views = (ink, ink[::-1, ::-1].copy())
    lines = both_ways(ink, BANKS, PARAMS)
    assert read_dare_number(views, BANKS, PARAMS, lines)[0] == 12
    unsure = replace(PARAMS, number_min_confidence=1.01, corner_agree_min=0.0)  # never sure alone
    assert read_dare_number(views, BANKS, unsure, lines)[0] is None
    same = (corner_window("12"), corner_window("12"))
    assert read_dare_number(views, BANKS, unsure, lines, same)[0] == 12
    other = (corner_window("13"), corner_window("13"))
    # Both corners agreeing on another number overrule the unsure centre (corners_overrule);
    # without it, they only deny the centre's number.
    assert read_dare_number(views, BANKS, unsure, lines, other)[0] == 13
    assert read_dare_number(views, BANKS, replace(unsure, corners_overrule=False), lines, other)[0] is None


def test_a_digit_short_of_sure_is_sure_when_a_corner_reads_the_same_digit():
    from dataclasses import replace

    ink = on_canvas(templates.digit(5, STYLE))
    base = read_symbol(ink, BANKS, PARAMS)
    assert base.symbol == "5"
    eager = replace(PARAMS, corner_agree_min=0.0, corner_agreed=1.5)  # any reading is "short"
    agreed = read_symbol(ink, BANKS, eager, corners=(corner_window("5"), corner_window("5")))
    assert agreed.symbol == "5" and agreed.confidence == pytest.approx(1.5)
    other = read_symbol(ink, BANKS, eager, corners=(corner_window("3"), corner_window("3")))
    assert other.confidence == 0.0  # both corners against: unsure, not a boost
    # A mark of two lines is no digit card, whatever its corner says.
    two_lines = on_canvas(templates.stack(templates.text("7", STYLE, 30), templates.text("DA", STYLE, 14), 4))
    seven = (corner_window("7"), corner_window("7"))
    assert read_symbol(two_lines, BANKS, eager, corners=seven).confidence < 1.5


def test_with_nothing_read_in_the_centre_both_corners_must_agree():
    from dataclasses import replace
    from vision.dare_number import both_ways, read_dare_number

    word = templates.text("DARE", STYLE, 16)
    ink = on_canvas(templates.stack(word, templates.text("12", STYLE, 30), 5))
    views = (ink, ink[::-1, ::-1].copy())
    lines = both_ways(ink, BANKS, PARAMS)
    blind = replace(PARAMS, corner_agree_min=2.0)  # the centre's reading never counts
    assert read_dare_number(views, BANKS, blind, lines)[0] is None
    both = (corner_window("13"), corner_window("13"))
    assert read_dare_number(views, BANKS, blind, lines, both)[0] == 13
    one = (corner_window("13"), np.zeros((52, 48), np.uint8))
    assert read_dare_number(views, BANKS, blind, lines, one)[0] is None
    apart = (corner_window("13"), corner_window("15"))
    assert read_dare_number(views, BANKS, blind, lines, apart)[0] is None


def test_a_black_field_under_a_glare_patch_or_haze_is_surely_black():
    params = ColourParams()
    hazy = classify_colour(samples((108, 106, 104)), DEFAULT_HUES, params)  # value ~0.44
    assert hazy.name == BLACK and hazy.confidence >= 0.8
    lit = np.vstack([samples((30, 28, 26), n=140), samples((250, 250, 250), n=60, seed=1)])
    reading = classify_colour(lit, DEFAULT_HUES, params)
    assert reading.name == BLACK and reading.confidence >= 0.8


def test_a_sure_centre_number_gives_way_when_both_corners_read_another():
    from vision.dare_number import both_ways, read_dare_number

    word = templates.text("DARE", STYLE, 16)
    ink = on_canvas(templates.stack(word, templates.text("2", STYLE, 30), 5))
    views = (ink, ink[::-1, ::-1].copy())
    lines = both_ways(ink, BANKS, PARAMS)
    assert read_dare_number(views, BANKS, PARAMS, lines)[0] == 2
    twelve = (corner_window("12"), corner_window("12"))
    assert read_dare_number(views, BANKS, PARAMS, lines, twelve)[0] is None
    # One corner against is not enough; corners that agree change nothing.
    one = (corner_window("12"), np.zeros((52, 48), np.uint8))
    assert read_dare_number(views, BANKS, PARAMS, lines, one)[0] == 2
    assert read_dare_number(views, BANKS, PARAMS, lines, (corner_window("2"), corner_window("2")))[0] == 2


def test_a_barely_sure_digit_gives_way_to_a_corner_reading_another():
    from dataclasses import replace

    ink = on_canvas(templates.digit(7, STYLE))
    assert read_symbol(ink, BANKS, PARAMS).symbol == "7"
    doubtful = replace(PARAMS, corner_doubt=2.0)  # every reading counts as barely sure
    five = (corner_window("5"), np.zeros((52, 48), np.uint8))
    assert read_symbol(ink, BANKS, doubtful, corners=five).confidence == 0.0
    seven = (corner_window("7"), np.zeros((52, 48), np.uint8))
    assert read_symbol(ink, BANKS, doubtful, corners=seven).confidence > 0.8
    # A sure reading needs both corners against it.
    assert read_symbol(ink, BANKS, PARAMS, corners=five).confidence > 0.8


def test_a_centre_in_a_shadow_is_still_found():
    card = draw_card("blue", "9", width=448).astype(np.float32)
    h = card.shape[0]
    card[int(0.3 * h):int(0.75 * h)] *= 0.62  # a shadow across the middle, not the border's ends
    corners = np.array([[0, 0], [448, 0], [448, h], [0, h]], np.float32)
    flat = warp_card(np.clip(card, 0, 255).astype(np.uint8), corners, (112, round(112 * 87 / 56)))
    # Strict: paper only from 0.7 of the border's white, and no second look against the
    # centre's own paper (vision.face's retry), so the shadowed centre is missed.
    strict_params = FaceParams(centre_white_min=0.7, centre_paper_saturation=-1.0, centre_paper_field_share=-1.0)
    strict = read_face(flat, CardGeometry(), DEFAULT_HUES, strict_params, ColourParams())
    face = read_face(flat, CardGeometry(), DEFAULT_HUES, FaceParams(), ColourParams())
    assert strict.centre_share < FaceParams().min_centre_share
    assert face.centre_share >= FaceParams().min_centre_share
