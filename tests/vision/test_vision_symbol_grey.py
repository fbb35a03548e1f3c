"""The centre mark cut again from the card's grey levels (vision.mark_grey) and read when the
face's ink leaves the reading short of sure, backed by a corner index (vision.symbols)."""

import cv2
import numpy as np
import pytest

from vision.mark_grey import core_mark, grey_cuts, grey_mark
from vision.symbol_params import SymbolParams
from vision.profile import default_profile
from vision.symbols import read_symbol

PARAMS = SymbolParams()
FIELD = (40, 190, 225)  # BGR, a yellow field


@pytest.fixture(scope="module")
def banks():
    return default_profile(PARAMS).banks


def card_with(digit: str, w: int = 112, h: int = 174):
    """A flattened card: a field, a white oval, ``digit`` printed in the field's colour with a
    dark outline, a little blurred; and the mask of its fill (what a clean cut would give)."""
    card = np.zeros((h, w, 3), np.uint8)
    card[:] = FIELD
    cv2.ellipse(card, (w // 2, h // 2), (40, 62), 0, 0, 360, (225, 228, 230), -1, cv2.LINE_AA)
    org = (w // 2 - 22, h // 2 + 24)
    cv2.putText(card, digit, org, cv2.FONT_HERSHEY_DUPLEX, 2.0, (30, 30, 30), 9, cv2.LINE_AA)
    cv2.putText(card, digit, org, cv2.FONT_HERSHEY_DUPLEX, 2.0, FIELD, 5, cv2.LINE_AA)
    fill = np.zeros((h, w), np.uint8)
    cv2.putText(fill, digit, org, cv2.FONT_HERSHEY_DUPLEX, 2.0, 255, 5, cv2.LINE_AA)
    return cv2.GaussianBlur(card, (0, 0), 0.8), np.where(fill > 127, 255, 0).astype(np.uint8)


def speckled(fill: np.ndarray, keep: float = 0.35, seed: int = 5) -> np.ndarray:
    """The fill as a noisy cut leaves it: a third of its pixels."""
    rng = np.random.default_rng(seed)
    return np.where(rng.random(fill.shape) < keep, fill, 0).astype(np.uint8)


def corner(digit: str) -> np.ndarray:
    """A corner index's white mark reading ``digit``."""
    mark = np.zeros((30, 40), np.uint8)
    cv2.putText(mark, digit, (8, 24), cv2.FONT_HERSHEY_DUPLEX, 0.8, 255, 2, cv2.LINE_AA)
    return np.where(mark > 127, 255, 0).astype(np.uint8)


@pytest.mark.parametrize("digit", ["3", "5"])
def test_grey_mark_mends_a_speckled_cut(digit):
    card, fill = card_with(digit)
    mark = grey_mark(card, speckled(fill))
    assert mark is not None and mark.shape == fill.shape
    overlap = np.count_nonzero(mark & fill) / np.count_nonzero(mark | fill)
    assert overlap > 0.85


def test_grey_mark_adds_nothing_far_from_the_ink():
    card, fill = card_with("3")
    cv2.circle(card, (56, 40), 5, (30, 30, 30), -1)  # a dark spot on the oval, above the 3
    ink = speckled(fill)
    mark = grey_mark(card, ink)
    assert not mark[30:50, 46:66].any()
    near = cv2.dilate(ink, np.ones((5, 5), np.uint8))
    assert not np.count_nonzero(mark & ~near)


def test_grey_mark_none_without_ink():
    card, fill = card_with("3")
    assert grey_mark(card, np.zeros_like(fill)) is None


@pytest.mark.parametrize("digit", ["3", "5"])
def test_speckled_digit_reads_in_grey_when_a_corner_backs_it(banks, digit):
    card, fill = card_with(digit)
    ink = speckled(fill)
    corners = (corner(digit), corner(digit))
    alone = read_symbol(ink, banks, PARAMS, corners=corners)
    assert alone.confidence < PARAMS.number_min_confidence
    seen = read_symbol(ink, banks, PARAMS, corners=corners, card=card)
    assert (seen.symbol, seen.number) == (digit, None)
    assert seen.confidence >= PARAMS.number_min_confidence


def test_grey_reading_needs_a_corner_that_backs_it(banks):
    card, fill = card_with("3")
    ink = speckled(fill)
    against = read_symbol(ink, banks, PARAMS, corners=(corner("8"), corner("8")), card=card)
    assert against.confidence < PARAMS.number_min_confidence
    unseen = read_symbol(ink, banks, PARAMS, corners=None, card=card)
    assert unseen.confidence < PARAMS.number_min_confidence


def test_a_sure_reading_is_not_read_again(banks):
    card, fill = card_with("5")
    corners = (corner("5"), corner("5"))
    alone = read_symbol(fill, banks, PARAMS, corners=corners)
    assert alone.symbol == "5" and alone.confidence >= PARAMS.number_min_confidence
    # A card whose grey levels say nothing at all: the reading cannot have come from them.
    blank = np.full_like(card, 200)
    assert read_symbol(fill, banks, PARAMS, corners=corners, card=blank) == alone


def test_core_mark_leaves_a_blurred_fringe_out():
    card, fill = card_with("5")
    soft = cv2.GaussianBlur(card, (0, 0), 2.0)
    # A cut that takes the blur's fringe in: anything a little darker than the paper.
    fringe = np.where(soft.min(axis=2) < 200, 255, 0).astype(np.uint8)
    fringe[:, :20] = fringe[:, -20:] = 0
    fringe[:30] = fringe[-30:] = 0  # the centre only, not the field
    core = core_mark(soft, fringe)
    assert core is not None and core.any()
    assert not np.count_nonzero(core & ~cv2.dilate(fringe, np.ones((3, 3), np.uint8)))
    assert np.count_nonzero(core) < 0.8 * np.count_nonzero(fringe)
    assert core_mark(soft, np.zeros_like(fringe)) is None


def test_grey_cuts_give_the_whole_mark_then_its_core():
    card, fill = card_with("3")
    ink = speckled(fill)
    cuts = list(grey_cuts(card, ink))
    assert len(cuts) == 2
    assert np.array_equal(cuts[0], grey_mark(card, ink))
    assert np.array_equal(cuts[1], core_mark(card, ink))
    assert list(grey_cuts(card, np.zeros_like(ink))) == []
