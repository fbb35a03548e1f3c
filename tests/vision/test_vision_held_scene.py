"""Held-up webcam scenes (vision.synthetic.held): deterministic, truthful, and the
no-card ones carry no card."""

from __future__ import annotations

import numpy as np
import pytest

from vision.synthetic.held import (HELD_EMPTY_SORTS, held_plan, held_quad, held_set,
                                   make_held_scene)

#: The webcam's effects off, so the truth can be checked against the pixels.
PLAIN = dict(glare="no", blur="none", noise="none", jpeg=None, lens="none", color="normal",
             light="neutral", shadow=False)


def test_the_same_seed_makes_the_same_scenes():
    a, b = list(held_set(3, 4)), list(held_set(3, 4))
    for x, y in zip(a, b):
        assert np.array_equal(x.image, y.image)
        assert x.label == y.label and x.conditions == y.conditions
    # Scene i is made alone from its own generator, as held_set makes it.
    kind, label, extra = held_plan(3, 4)[2]
    alone = make_held_scene(np.random.default_rng([3, 2]), kind, label=label, **extra)
    assert np.array_equal(alone.image, a[2].image)
    assert not np.array_equal(a[0].image, a[1].image)


def test_the_plan_mixes_cards_and_no_card_scenes():
    plan = held_plan(5, 40)
    kinds = [k for k, _, _ in plan]
    assert kinds.count("card") == 32 and kinds.count("empty") == 8
    assert {e["empty"] for k, _, e in plan if k == "empty"} == set(HELD_EMPTY_SORTS)
    assert len({lab for k, lab, _ in plan if k == "card"}) == 32  # labels cycle, no repeats


def test_an_untilted_upright_card_is_an_upright_rectangle():
    quad = held_quad(100, 155, 0, 0, 0, 600, (320, 240))
    assert np.allclose(quad, [(270, 162.5), (370, 162.5), (370, 317.5), (270, 317.5)])
    tilted = held_quad(100, 155, 30, 0, 0, 600, (320, 240))  # about the x axis: a trapezoid
    assert abs(np.linalg.norm(tilted[1] - tilted[0]) - np.linalg.norm(tilted[2] - tilted[3])) > 5


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4, 5])
def test_the_truth_corners_lie_on_the_card(seed):
    """Just inside each edge's middle lies the white border; a tenth of the card's height
    in from the top and bottom edges, the red field: the corners are the card's, in its own
    order (top-left first, so edges 0 and 2 are the short ones)."""
    scene = make_held_scene(np.random.default_rng([11, seed]), "card", label="red-5",
                            thumb="behind", hands=1, cut=False, **PLAIN)
    assert scene.conditions["frame"] == "whole" and scene.cards[0][0] == "red-5"
    assert scene.conditions["thumbs"] == "0"  # no thumb in front
    q = scene.corners.astype(np.float64)
    centre = q.mean(axis=0)
    img = scene.image.astype(np.int32)

    def at(point):
        x, y = np.round(point).astype(int)
        return img[y, x]

    for i in range(4):
        mid = (q[i] + q[(i + 1) % 4]) / 2
        short_edge = i % 2 == 0
        paper = at(mid + (centre - mid) * (0.026 if short_edge else 0.04))
        assert paper.max() - paper.min() < 45 and paper.min() > 120, (i, paper)
        if short_edge:
            red = at(mid + (centre - mid) * 0.2)
            assert red[2] > 1.6 * max(red[0], red[1]) and red[2] - max(red[0], red[1]) > 50, \
                (i, red)


def test_a_cut_card_reaches_past_the_frame_and_is_not_whole():
    scene = make_held_scene(np.random.default_rng([12, 0]), "card", cut=True, **PLAIN)
    assert scene.conditions["frame"] == "cut" and scene.cards == ()
    h, w = scene.image.shape[:2]
    q = scene.corners
    assert (q[:, 0] < 0).any() or (q[:, 1] < 0).any() or (q[:, 0] > w - 1).any() \
        or (q[:, 1] > h - 1).any()
    assert scene.label is not None


@pytest.mark.parametrize("sort", HELD_EMPTY_SORTS)
def test_no_card_scenes_have_no_label(sort):
    scene = make_held_scene(np.random.default_rng([13, 0]), "empty", empty=sort)
    assert scene.label is None and scene.corners is None and scene.cards == ()
    assert scene.conditions["empty"] == sort and scene.image.shape == (480, 640, 3)


def test_bad_overrides_say_what_is_known():
    with pytest.raises(ValueError, match="known"):
        make_held_scene(np.random.default_rng(0), "card", table="wood")
    with pytest.raises(ValueError, match="thumb"):
        make_held_scene(np.random.default_rng(0), "card", thumb="nose")
    with pytest.raises(ValueError, match="no label"):
        make_held_scene(np.random.default_rng(0), "empty", label="red-5")
