"""A card the first stage found alone with little but the table round it (a lower card
sticking out of the pile, its top card missed by the first searches) waits for the later
stages (RecognizerParams.lone_least_evidence / lone_most_evidence, vision.lone_card)."""

from dataclasses import replace

import numpy as np
import pytest

from test_vision_pile_rivals import lay
from visionkit import draw_card
from vision.lone_card import at_pile_edge, band_hint, kept_after_wait
from vision.pile import Layer, PileParams, narrowest, pile_evidence, table_mask
from vision.quads import QuadParams
from vision.recognizer import Recognizer
from vision.recognizer_params import RecognizerParams
from vision.sighting import no_card
from vision.synthetic.scene import make_scene, scene_plan

TABLE = (60, 90, 60)
OFF = replace(RecognizerParams(), lone_most_evidence=0.0)


def frame_with(*cards) -> np.ndarray:
    """``cards``: (colour, symbol, angle, centre) laid in order on a plain table."""
    frame = np.empty((480, 640, 3), np.uint8)
    frame[:] = TABLE
    for colour, symbol, angle, centre in cards:
        frame = lay(frame, draw_card(colour, symbol), angle, centre)
    return frame


@pytest.fixture(scope="module")
def recognizer():
    return Recognizer()


def red_card(recognizer, frame):
    found = {recognizer.read(frame, c).label: c for c in recognizer.candidates(frame)}
    assert "red-8" in found
    return found["red-8"]


def evidence(frame, card):
    table, scale = table_mask(frame, QuadParams(), PileParams(), None, narrowest([card]))
    return pile_evidence(table, scale, [card], 0)


def edge(frame, card, least=0.03, most=0.1):
    return at_pile_edge(frame, card, least, most, QuadParams(), PileParams())


def test_a_card_alone_on_the_table_does_not_wait(recognizer):
    frame = frame_with(("red", "8", 0, (320, 240)))
    card = red_card(recognizer, frame)
    assert evidence(frame, card) < 0.03
    assert not edge(frame, card)


def test_a_card_with_another_card_at_its_corner_waits(recognizer):
    # A blue card's corner just past the red card's: a little of the band is no table.
    frame = frame_with(("blue", "3", 40, (422, 372)), ("red", "8", 0, (320, 240)))
    card = red_card(recognizer, frame)
    assert 0.03 <= evidence(frame, card) < 0.1
    assert edge(frame, card)
    assert not edge(frame, card, most=0.0)  # off
    assert not edge(frame, card, least=0.2, most=0.3)


def test_a_card_lying_on_the_pile_does_not_wait(recognizer):
    # Two lower cards stick out on both sides: the pile shows round much of it.
    frame = frame_with(("blue", "3", 25, (300, 250)), ("yellow", "6", -25, (340, 230)),
                       ("red", "8", 0, (320, 240)))
    card = red_card(recognizer, frame)
    assert evidence(frame, card) >= 0.1
    assert not edge(frame, card)


def test_a_lower_card_found_alone_waits_for_the_top_card_on_its_corner():
    # Dev 16:1835: the red 2 lies over the yellow dare 3's corner under glare; the first
    # stage finds the yellow card alone, the later ones the red card lying on it.
    kind, label, extra = scene_plan(16, 2000)[1835]
    scene = make_scene(np.random.default_rng([16, 1835]), kind, label=label, **extra)
    assert scene.label == "red-2"
    assert Recognizer().top_card(scene.image).label == "red-2"
    assert Recognizer(params=OFF).top_card(scene.image).label == "yellow-dare-3"


def test_after_the_wait_a_card_judged_on_the_lone_one_only_weakly_does_not_answer():
    # Dev 5:108: a glared yellow 5 found alone first; the later stages find a green 1
    # judged on it by a weak lean of their borders: the yellow 5 answers as without the wait.
    kind, label, extra = scene_plan(5, 2000)[108]
    scene = make_scene(np.random.default_rng([5, 108]), kind, label=label, **extra)
    assert scene.label == "yellow-5"
    assert Recognizer().top_card(scene.image).label == "yellow-5"
    # Its band hint (another card's paper on a quarter of it) no longer lets it wait:
    # opened wide, the wait's own rule keeps the yellow card.
    wide = replace(RecognizerParams(), lone_hint_paper=(0.0, 1.0), lone_hint_odd=1.01)
    assert Recognizer(params=wide).top_card(scene.image).label == "yellow-5"
    weak = replace(wide, lone_over_difference=0.0)
    assert Recognizer(params=weak).top_card(scene.image).label == "green-1"


def test_kept_after_wait_keeps_no_card_the_lone_card_and_a_card_surely_on_it(recognizer):
    # A red 8 lying over a blue card's corner: the red card lies surely on the blue one.
    frame = frame_with(("blue", "3", 40, (410, 360)), ("red", "8", 0, (320, 240)))
    layers = recognizer.candidates(frame)
    reads = {recognizer.read(frame, c).label: recognizer.read(frame, c) for c in layers}
    assert {"red-8", "blue-3"} <= set(reads)
    red, blue = reads["red-8"], reads["blue-3"]
    found = [Layer(c) for c in layers]
    assert kept_after_wait(frame, red.sighting(), None, found, 0.3).label == "red-8"  # no wait
    assert kept_after_wait(frame, no_card(1.0), blue, found, 0.3).label is None
    assert kept_after_wait(frame, blue.sighting(), blue, found, 0.3).label == "blue-3"  # itself
    assert kept_after_wait(frame, red.sighting(), blue, found, 0.3).label == "red-8"  # on it
    # The red card waited and the blue one, lying under it, answered: the red one answers.
    assert kept_after_wait(frame, blue.sighting(), red, found, 0.3).label == "red-8"
    assert kept_after_wait(frame, red.sighting(), blue, found, 5.0).label == "blue-3"  # not surely


def test_after_the_wait_an_unread_piece_found_on_the_lone_card_does_not_overturn_it():
    # Dev 6:8: the yellow dare 4 found alone first; the later stages find a third of a blue
    # card under it, unread, whose border leans over it: the yellow card answers as before.
    kind, label, extra = scene_plan(6, 2000)[8]
    scene = make_scene(np.random.default_rng([6, 8]), kind, label=label, **extra)
    assert scene.label == "yellow-dare-4"
    assert Recognizer().top_card(scene.image).label == "yellow-dare-4"


def hint(recognizer, frame, card):
    return band_hint(frame, card, recognizer.params.quads, recognizer.params.pile)


def test_band_hint_sees_another_cards_paper_at_a_corner_and_a_pile_all_round(recognizer):
    # Alone: no paper round it, nothing unlike the table.
    frame = frame_with(("red", "8", 0, (320, 240)))
    bright, odd = hint(recognizer, frame, red_card(recognizer, frame))
    assert bright == 0.0 and odd < 0.05
    # A blue card's corner just past the red card's: a few points on its white border.
    frame = frame_with(("blue", "3", 40, (422, 372)), ("red", "8", 0, (320, 240)))
    card = red_card(recognizer, frame)
    bright, odd = hint(recognizer, frame, card)
    assert 0.02 <= bright <= 0.15 and odd < 0.4
    # Its paper outside the bounds given: no second share counted.
    assert band_hint(frame, card, recognizer.params.quads, recognizer.params.pile, None, (0.2, 1.0)) is None
    # On a pile: the lower cards' paper and fields on both sides.
    frame = frame_with(("blue", "3", 25, (300, 250)), ("yellow", "6", -25, (340, 230)),
                       ("red", "8", 0, (320, 240)))
    bright, odd = hint(recognizer, frame, red_card(recognizer, frame))
    assert bright > 0.15 or odd >= 0.4


def test_the_table_mask_is_not_made_when_the_band_hint_says_no(recognizer, monkeypatch):
    import vision.lone_card as lone_card
    frame = frame_with(("blue", "3", 40, (422, 372)), ("red", "8", 0, (320, 240)))
    card = red_card(recognizer, frame)
    calls = []
    real = lone_card.table_mask
    monkeypatch.setattr(lone_card, "table_mask", lambda *a, **k: calls.append(1) or real(*a, **k))
    # The hint passes: the evidence is measured (and lies in the edge's range).
    assert at_pile_edge(frame, card, 0.03, 0.1, QuadParams(), PileParams(), None, (0.02, 0.15), 0.4)
    assert calls == [1]
    # A hint range that leaves it out: no table mask, no wait.
    assert not at_pile_edge(frame, card, 0.03, 0.1, QuadParams(), PileParams(), None, (0.5, 1.0), 0.4)
    assert calls == [1]
