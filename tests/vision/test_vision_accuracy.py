"""A small fixed-seed run of the recogniser over synthetic scenes (the full figures come from
``uno-companion bench vision``; this guards against a change that quietly makes it worse)."""

import pytest

from vision.bench import Results, evaluate, report
from vision.recognizer import Recognizer
from vision.synthetic import scene_set

SCENES = 150


@pytest.fixture(scope="module")
def results() -> Results:
    return evaluate(scene_set(7, SCENES), Recognizer())


def test_no_card_scenes_are_never_called_a_card(results):
    assert results.empty.n >= 10
    assert results.empty.wrong == 0


def test_top_cards_are_mostly_read_and_rarely_wrong(results):
    cards = results.cards
    assert cards.n >= 100
    assert cards.correct >= 0.88 * cards.n, f"correct {cards.correct}/{cards.n}"
    assert cards.wrong <= 0.02 * cards.n, f"wrong {cards.wrong}/{cards.n}: {results.confusion}"


def test_spread_hands_are_counted_without_wrong_cards(results):
    assert results.spread_cards > 0
    assert results.spread_wrong <= 0.02 * results.spread_cards
    assert results.spread_correct >= 0.79 * results.spread_cards


def test_every_frame_is_timed_by_the_clock_and_by_this_threads_cpu(results):
    assert len(results.ms) == len(results.cpu_ms) == SCENES
    assert all(0 < cpu for cpu in results.cpu_ms)
    lines = report(results, 7, SCENES).splitlines()
    line = next(line for line in lines if line.startswith("ms per frame"))
    assert "(cpu median" in line
