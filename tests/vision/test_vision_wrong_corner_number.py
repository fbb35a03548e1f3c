"""A wrong dare number costs a table more than a missing one: a centre number read only
barely surely gives way to a corner index reading another number surely."""

import cv2
import numpy as np
from dataclasses import replace

from visionkit import corner_window, on_canvas
from vision import templates
from vision.symbol_params import SymbolParams
from vision.profile import default_profile
from vision.symbols import read_symbol

PARAMS = SymbolParams()
BANKS = default_profile().banks
STYLE = templates.TemplateStyle(cv2.FONT_HERSHEY_COMPLEX, 0.12, False)
BLANK = np.zeros((52, 48), np.uint8)


def corner(text):
    return corner_window(text, STYLE)


def dare_ink(number):
    return on_canvas(templates.stack(templates.text("DARE", STYLE, 16), templates.text(str(number), STYLE, 30), 5))


def test_a_barely_sure_dare_number_gives_way_to_one_corner_reading_another():
    ink = dare_ink(9)
    assert (read_symbol(ink, BANKS, PARAMS).symbol, read_symbol(ink, BANKS, PARAMS).number) == ("dare", 9)
    doubtful = replace(PARAMS, corner_doubt=2.0)  # every centre reading counts as barely sure
    against = read_symbol(ink, BANKS, doubtful, corners=(corner("7"), BLANK))
    assert against.symbol == "dare" and against.number is None  # a dare, its number unread
    assert against.confidence >= 0.8
    backed = read_symbol(ink, BANKS, doubtful, corners=(BLANK, corner("9")))
    assert backed.number == 9
    # A corner reading this number too outweighs one reading another.
    assert read_symbol(ink, BANKS, doubtful, corners=(corner("7"), corner("9"))).number == 9
    assert read_symbol(ink, BANKS, doubtful, corners=(BLANK, BLANK)).number == 9


def test_one_corner_alone_does_not_overrule_a_sure_dare_number():
    ink = dare_ink(12)
    reading = read_symbol(ink, BANKS, PARAMS, corners=(corner("13"), BLANK))
    assert (reading.symbol, reading.number) == ("dare", 12)


def test_corner_indices_run_into_one_blob_name_no_number():
    """Seed-1 scene 588, a spread hand: the blue dare-5's corner indices are each one blob
    ("#5" run together by blur, wider than tall); such a blob reads about as much like the "#" as like
    any digit, so neither corner may name the number (both read "4" surely before)."""
    from vision.bench import match_truth, outcome
    from vision.recognizer import Recognizer
    from vision.synthetic.scene import make_scene, scene_plan

    kind, label, extra = scene_plan(1, 589)[588]
    scene = make_scene(np.random.default_rng([1, 588]), kind, label=label, **extra)
    truth = list(scene.cards)
    answers = []
    for sighting in Recognizer().all_cards(scene.image):
        i = match_truth(sighting.corners, truth)
        if i is not None:
            answers.append((truth[i][0], sighting.label))
    assert ("blue-dare-5", "blue-dare-4") not in answers
    assert all(outcome(t, a) != "wrong" for t, a in answers)
