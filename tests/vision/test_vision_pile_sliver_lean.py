"""Two cues against each other in a sliver: borders leaning one way (by min_difference,
short of sliver_difference) and the outlines saying the other way by edge_contrast leave
the pair unordered (vision.pile.PileParams.sliver_lean_veto): a quad a pixel or two off
runs along the lower card's field edge, a step from paper to paint that reads as a line."""

import dataclasses
from types import SimpleNamespace

import numpy as np
import pytest

from vision import pile
from vision.pile import PileParams, layers
from vision.recognizer import Recognizer, RecognizerParams
from visionkit import dev_scene


def square(x):
    quad = np.array([[x, 0], [x + 100, 0], [x + 100, 156], [x, 156]], np.float32)
    return SimpleNamespace(card=quad, field=quad, area=15600.0)


@pytest.fixture
def sliver(monkeypatch):
    """Two cards overlapping by 3% (a sliver); a's border wholer by 0.07, b's outline the
    darker line by 30.2 grey levels (as on dev seed 9:1242)."""
    a, b = square(0.0), square(97.0)
    monkeypatch.setattr(pile, "whole_within", lambda f, card, region: 0.907 if card is a else 0.837)
    monkeypatch.setattr(pile, "sharper_outline", lambda f, x, y, contrast, leaning=None: 0 if x is b else 1)
    return a, b


def test_outlines_against_the_borders_lean_leave_a_sliver_unordered(sliver):
    a, b = sliver
    on = layers([a, b], None, PileParams(sliver_lean_veto=True))
    assert [(l.covered, l.covers) for l in on] == [(False, False), (False, False)]
    off = layers([a, b], None, PileParams(sliver_lean_veto=False))
    assert [(l.covered, l.covers) for l in off] == [(True, False), (False, True)]


@pytest.fixture(scope="module")
def green_under_blue():
    # Dev seed 9, scene 1242: a blue 7 lies over a green dare 7's edge, the two borders
    # one white band (a 3.8% sliver). The blue's border runs on a little wholer, but the
    # green quad's side runs 1-1.5 px from the blue field's edge, which the outline cue
    # reads as the green card's line (30.2 darker): the green dare 7 answered.
    scene = dev_scene(9, 1242)
    assert scene.label == "blue-7"
    return scene.image


def test_the_card_on_the_sliver_answers(green_under_blue):
    def params(veto):
        base = RecognizerParams()
        return dataclasses.replace(base, pile=dataclasses.replace(base.pile, sliver_lean_veto=veto))

    assert Recognizer(params=params(True)).top_card(green_under_blue).label == "blue-7"
    assert Recognizer(params=params(False)).top_card(green_under_blue).label == "green-dare-7"
