"""The centre mark cut by its chroma against the most chroma near it (vision.mark_grey.centre_local):
a highlight adds light to every channel alike, so strokes under its edge keep some chroma
while one level over the whole centre loses them; read when a corner index backs it."""

import numpy as np
import pytest
from test_vision_symbol_recut import corner, overlap, pen, red_oval_card
from visionkit import glare

from vision.mark_grey import GreyParams, centre_local, centre_mark
from vision.symbol_params import SymbolParams
from vision.profile import default_profile
from vision.symbol_ink import read_ink
from vision.symbols import read_symbol

PARAMS = SymbolParams()
W, H = 112, 174


@pytest.fixture(scope="module")
def banks():
    return default_profile(PARAMS).banks


def lit_three(strength: float = 0.8, lower: int = 0):
    """A red 3 on a white oval, ``lower`` px below the card's middle, a highlight of
    ``strength`` over its lower half; the card, its centre mask and the 3's printed mask."""
    fill = pen("3", (W // 2 - 22, H // 2 + 22 + lower), 1.9, 4)
    card, centre = red_oval_card(fill)
    return glare(card, (0.5, 0.62 + lower / W), 0.2, strength), centre, fill


def test_centre_local_keeps_the_strokes_a_highlight_paled():
    card, centre, fill = lit_three()
    local, whole = centre_local(card, centre), centre_mark(card, centre)
    assert overlap(local, fill) > 0.9
    assert overlap(whole, fill) < 0.75  # one level over the centre lost the paled strokes


def test_centre_local_cuts_no_mark_on_bare_noisy_paper():
    card, centre = red_oval_card(np.zeros((H, W), np.uint8))
    noise = np.random.default_rng(3).normal(0, 6, card.shape)
    card = np.clip(card + noise, 0, 255).astype(np.uint8)
    mark = centre_local(card, centre)
    assert mark is not None
    assert np.count_nonzero(mark) < 0.002 * np.count_nonzero(centre)


def test_centre_local_none_on_a_centre_too_small():
    card, centre, _ = lit_three()
    tiny = np.zeros_like(centre)
    tiny[80:86, 50:56] = True
    assert centre_local(card, tiny, GreyParams()) is None


def test_a_digit_a_highlight_paled_reads_from_its_local_cut_when_a_corner_backs_it(banks):
    card, centre, _ = lit_three()
    # The centre's one-level cut reads the paled 3 as another digit (its bay closed).
    assert read_ink(centre_mark(card, centre), banks, PARAMS, False, None).symbol != "3"
    empty = np.zeros((H, W), np.uint8)
    seen = read_symbol(empty, banks, PARAMS, corners=(corner("3"), corner("3")), card=card, centre=centre)
    assert (seen.symbol, seen.number) == ("3", None)
    assert seen.confidence >= PARAMS.number_min_confidence
    # Without a corner index backing it, the local cut alone says nothing surely.
    alone = read_symbol(empty, banks, PARAMS, corners=(corner("8"), corner("8")), card=card, centre=centre)
    assert alone.symbol != "3" or alone.confidence < PARAMS.number_min_confidence


def test_a_digit_the_local_cut_reads_as_a_whole_print_counts_only_in_the_cards_middle(banks):
    empty = np.zeros((H, W), np.uint8)
    card, centre, _ = lit_three()
    seen = read_symbol(empty, banks, PARAMS, card=card, centre=centre)
    assert (seen.symbol, seen.confidence) == ("3", PARAMS.corner_agreed)
    # The same 3 standing below the middle is a dare's number whose word the cut lost.
    card, centre, _ = lit_three(lower=26)
    aside = read_symbol(empty, banks, PARAMS, card=card, centre=centre)
    assert aside.symbol != "3" or aside.confidence < PARAMS.number_min_confidence
