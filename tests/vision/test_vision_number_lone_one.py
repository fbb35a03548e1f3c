"""A lone character the face's own cut reads short of sure is not made a 1 by a finer
grey-level cut once a coarser cut at the core read another number (vision.number_rows.number_row,
``recut_lone_one``): the finest cuts thin a blurred 3 into a bar that reads a sure 1."""

from dataclasses import replace

import numpy as np

from vision.bench import match_truth
from vision.recognizer import Recognizer
from vision.recognizer_params import RecognizerParams
from vision.synthetic.scene import make_scene, scene_plan


def spread_labels(recognizer: Recognizer, seed: int, index: int) -> tuple[list, list]:
    """A spread hand's cards, each as (truth, answer), for development scene ``seed:index``."""
    kind, label, extra = scene_plan(seed, index + 1)[index]
    scene = make_scene(np.random.default_rng([seed, index]), kind, label=label, **extra)
    truth = list(scene.cards)
    pairs = []
    for sighting in recognizer.all_cards(scene.image):
        j = match_truth(sighting.corners, truth)
        pairs.append((truth[j][0] if j is not None else None, sighting.label))
    return pairs


def test_a_blurred_three_cut_finer_is_no_sure_one():
    # A red dare 3, blurred, in a spread hand: its face cut reads a faint 8, the core's
    # first cuts a 5, only the two finest a sure 1.
    pairs = spread_labels(Recognizer(), 15, 1869)
    assert ("red-dare-3", "red-dare-1") not in pairs
    assert ("red-dare-3", "red-dare") in pairs  # a dare still, its number left unsaid


def test_with_the_finer_cuts_allowed_a_one_the_three_reads_one():
    base = RecognizerParams()
    params = replace(base, symbols=replace(base.symbols, recut_lone_one=True))
    assert ("red-dare-3", "red-dare-1") in spread_labels(Recognizer(params=params), 15, 1869)


def test_a_one_every_core_cut_reads_stays_a_one():
    # A green dare 1 alone, its face cut short of sure (0.47): every finer cut reads a 1.
    kind, label, extra = scene_plan(1, 1163)[1162]
    scene = make_scene(np.random.default_rng([1, 1162]), kind, label=label, **extra)
    assert Recognizer().top_card(scene.image).label == "green-dare-1"

