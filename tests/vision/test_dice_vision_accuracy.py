"""The dice recogniser on a small fixed-seed synthetic set: it must get most centre dice
right, call no empty table a die, and (the table's rule) rather answer nothing than a
wrong face. The full benchmark is ``uno-companion bench dice``."""

from __future__ import annotations

import numpy as np
import pytest

from vision.dice import DiceRecognizer
from vision.dice.bench import evaluate
from vision.synthetic.dice import dice_scene_set

SEED, COUNT = 2024, 120


@pytest.fixture(scope="module")
def results():
    return evaluate(dice_scene_set(SEED, COUNT), DiceRecognizer())


def test_most_centre_dice_are_read(results):
    c = results.centre
    assert c.n == 90
    assert c.correct >= 0.8 * c.n, (c.correct, c.n)


def test_no_wrong_faces_and_no_die_on_empty_tables(results):
    assert results.centre.wrong <= 1, results.confusion
    assert results.empty.n == 12 and results.empty.wrong == 0, results.confusion


def test_hands_are_read_die_by_die(results):
    assert results.hands == 18
    assert results.hand_correct >= 0.65 * results.hand_dice, (results.hand_correct, results.hand_dice)
    assert results.hand_wrong <= 1, results.confusion


def test_answers_come_with_corners_on_the_die():
    rec = DiceRecognizer()
    for scene in dice_scene_set(SEED, 12):
        s = rec.center_die(scene.image)
        if s.label is not None and s.label == scene.label:
            side = float(np.linalg.norm(scene.corners[1] - scene.corners[0]))
            assert np.linalg.norm(s.corners.mean(axis=0) - scene.corners.mean(axis=0)) < 0.25 * side
