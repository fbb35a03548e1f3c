"""A warm lamp over an orange cloth or a wood table: the white border's blue channel drops
nearly as low as the table's, so in the whiteness image border, field and table are all
dark and the field never parts from the table. The ``balanced`` search takes the light's
colour out first (vision.masks.white_balanced, vision.quads)."""

import numpy as np
import pytest

from visionkit import draw_card, place
from vision.geometry import CardGeometry
from vision.masks import white_balanced
from vision.quads import QuadParams, find_candidates, search

#: A warm bulb's light as channel gains (B, G, R): a white card shows about (84, 167, 236).
WARM = np.array([0.34, 0.68, 0.96])


def under_lamp(colour: str, table, light=WARM, seed: int = 3):
    """A card on a plain table, the whole frame lit by ``light``, with sensor noise."""
    frame, corners = place(draw_card(colour, "4"), angle=25, scale=0.5, background=table)
    noise = np.random.default_rng(seed).normal(0.0, 3.0, frame.shape)
    return np.clip(frame * light + noise, 0, 255).astype(np.uint8), corners


def near(found, corners) -> bool:
    size = float(np.linalg.norm(corners[0] - corners[1]))
    return any(float(np.linalg.norm(c.card.mean(axis=0) - corners.mean(axis=0))) < 0.1 * size
               for c in found)


@pytest.mark.parametrize("colour,table", [("red", (40, 110, 235)), ("yellow", (40, 110, 235)),
                                          ("black", (40, 110, 235)), ("green", (60, 120, 190)),
                                          ("red", (70, 130, 200))])
def test_a_card_under_a_warm_lamp_on_an_orange_table_is_found_balanced(colour, table):
    frame, corners = under_lamp(colour, table)
    geometry = CardGeometry()
    without = QuadParams().stages[:2] + (QuadParams().stages[2][:-1],)
    assert not near(find_candidates(frame, geometry, QuadParams(stages=without)), corners)
    assert near(search(frame, "balanced", 320, geometry, QuadParams(), {}), corners)
    assert near(find_candidates(frame, geometry, QuadParams()), corners)


def test_white_balance_greys_the_brightest_pixels_and_skips_neutral_or_coloured_light():
    rng = np.random.default_rng(5)
    frame = rng.integers(0, 60, (120, 160, 3)).astype(np.uint8)
    frame[:10, :24] = (90, 165, 240)  # white paper under a warm lamp: 1.25% of the frame
    balanced = white_balanced(frame, 0.01, 1.25, 3.0)
    assert balanced is not None
    assert np.abs(balanced[:10, :24].astype(int) - 240).max() <= 2
    frame[:10, :24] = (230, 236, 240)  # neutral light: nothing to take out
    assert white_balanced(frame, 0.01, 1.25, 3.0) is None
    frame[:10, :24] = (30, 200, 240)  # a yellow cloth is no white under any lamp
    assert white_balanced(frame, 0.01, 1.25, 3.0) is None
    assert white_balanced(np.zeros((60, 80, 3), np.uint8), 0.01, 1.25, 3.0) is None


def test_a_card_in_neutral_light_is_left_to_the_other_searches():
    frame, _ = under_lamp("red", (40, 110, 235), light=np.array([1.0, 1.0, 1.0]))
    assert search(frame, "balanced", 320, CardGeometry(), QuadParams(), {}) == []
