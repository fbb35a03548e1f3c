"""A card whose print the light washed out (a pale field, only a little darker than its
white border) leaves no dark blob in the local or the vivid mask; the ``pale`` search
(vision.quads, the vivid whiteness cut at ``pale_dark_ratio``) still finds its field."""

import numpy as np
import pytest

from visionkit import draw_card, place
from vision.geometry import CardGeometry
from vision.quads import QuadParams, search


def washed(colour: str, keep: float, seed: int = 3):
    """A card of ``colour`` whose print keeps ``keep`` of its ink (the rest washed to the
    paper's white), on a dark slate table, with sensor noise; and its corners."""
    card = draw_card(colour, "7").astype(np.float32)
    card = 246.0 - keep * (246.0 - card)
    frame, corners = place(card.astype(np.uint8), angle=-35, scale=0.6, background=(70, 60, 55))
    noise = np.random.default_rng(seed).normal(0, 2.0, frame.shape)
    return np.clip(frame + noise, 0, 255).astype(np.uint8), corners


@pytest.mark.parametrize("colour", ["green", "blue", "yellow", "red"])
def test_a_washed_out_field_is_found_by_the_pale_search_alone(colour):
    frame, corners = washed(colour, 0.2)
    geometry, params = CardGeometry(), QuadParams()
    masks: dict = {}
    assert search(frame, "local", 640, geometry, params, masks) == []
    assert search(frame, "vivid", 640, geometry, params, masks) == []
    found = search(frame, "pale", 640, geometry, params, masks)
    assert len(found) == 1
    size = float(np.linalg.norm(corners[0] - corners[1]))
    assert min(np.abs(np.roll(found[0].card, k, axis=0) - corners).max() for k in (0, 2)) < 0.08 * size


def test_a_plain_pale_patch_without_a_border_is_no_pale_field():
    # A pale cloth of a card's shape: no white ring round it, so nothing darker inside.
    patch = np.full((348, 224, 3), (200, 225, 205), np.uint8)
    frame, _ = place(patch, angle=-35, scale=0.6, background=(70, 60, 55))
    assert search(frame, "pale", 640, CardGeometry(), QuadParams(), {}) == []


def test_the_pale_search_runs_only_in_the_last_stage():
    stages = QuadParams().stages
    assert ("pale", 640) in stages[-1]
    assert all(search_[0] != "pale" for stage in stages[:-1] for search_ in stage)
