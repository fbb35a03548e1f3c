"""A deferred answer (a card beside a blob the first search could not take apart) waits only
for the next stage's ``deferred_searches``; the rest of that stage runs when none answers.
An unread card lying on nothing waits for those searches once before it makes "no card"."""

from dataclasses import replace

import numpy as np
import pytest

from visionkit import draw_card, place
from vision.quads import QuadParams
from vision.recognizer import Recognizer, RecognizerParams

#: Two stages as the search had them when this rule came: the deferral's searches are the
#: second stage's first two.
STAGES = ((("local", 320),), (("split", 320), ("otsu", 320), ("local", 640)))


def two_stages() -> Recognizer:
    return Recognizer(params=RecognizerParams(quads=QuadParams(stages=STAGES)))


def frame() -> np.ndarray:
    return place(draw_card("blue", "5"), angle=15.0)[0]


def test_a_deferred_answer_waits_for_the_deferred_searches_only(searches):
    recognizer = two_stages()
    stages = recognizer._stages(frame())
    more = next(stages)[3]
    assert more and searches == [("local", 320)]
    more = stages.send(True)[3]
    assert searches[1:] == list(recognizer.params.deferred_searches)
    assert not more  # the deferred answer waits for no more
    more = stages.send(True)[3]  # still nothing answered: the rest of the stage
    assert searches[3:] == [("local", 640)] and not more
    with pytest.raises(StopIteration):
        stages.send(True)


def test_without_a_deferral_each_stage_runs_whole(searches):
    recognizer = two_stages()
    passes = list(recognizer.candidate_passes(frame()))
    assert len(passes) == len(recognizer.params.quads.stages)
    assert searches == [s for stage in recognizer.params.quads.stages for s in stage]


def test_a_lone_card_answers_from_the_first_search(searches):
    assert Recognizer().top_card(frame()).label == "blue-5"
    assert searches == [("local", 320)]


class Unreadable(Recognizer):
    """Finds cards but never reads their symbols (glare over every centre)."""

    def read(self, frame_bgr, candidate, checked=None):
        return replace(super().read(frame_bgr, candidate, checked), label=None, confidence=0.0,
                       reason="the symbol is unsure")


def test_an_unread_card_lying_on_nothing_waits_once_for_the_deferred_searches(searches):
    params = RecognizerParams(quads=QuadParams(stages=STAGES))
    assert Unreadable(params=params).top_card(frame()).label is None
    assert searches == [("local", 320), *params.deferred_searches]
    searches.clear()
    assert Unreadable(params=replace(params, look_past_unsure=False)).top_card(frame()).label is None
    assert searches == [("local", 320)]
