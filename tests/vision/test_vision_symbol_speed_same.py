"""The symbol reader's cheaper forms give what the plain ones give: the ink's specks and its
glare leftovers found within the ink's box, not over the whole card (vision.symbols)."""

import cv2
import numpy as np

from vision.mark_shape import central_part, without_specks
from vision.ink_lines import clean_ink
from vision.symbol_params import SymbolParams

PARAMS = SymbolParams()


def _inks(count: int = 40):
    """Card-sized inks from a fixed seed: a centred blob, a few more blobs and specks."""
    rng = np.random.default_rng(11)
    for _ in range(count):
        ink = np.zeros((174, 112), np.uint8)
        cx, cy = 56 + int(rng.integers(-6, 7)), 87 + int(rng.integers(-6, 7))
        cv2.ellipse(ink, (cx, cy), (int(rng.integers(8, 25)), int(rng.integers(15, 35))), 0, 0, 360, 255, -1)
        for _ in range(int(rng.integers(0, 4))):
            x, y = int(rng.integers(10, 100)), int(rng.integers(10, 160))
            cv2.circle(ink, (x, y), int(rng.integers(1, 9)), 255, -1)
        ink[rng.random(ink.shape) < 0.002] = 255
        yield ink


def test_specks_found_within_the_box_are_the_same():
    for ink in _inks():
        cleaned, box = without_specks(ink)
        assert np.array_equal(cleaned, clean_ink(ink))
        assert box == cv2.boundingRect(ink)


def test_the_central_part_found_within_the_box_is_the_same():
    found = 0
    for ink in _inks():
        cleaned, box = without_specks(ink)
        plain, cheap = central_part(cleaned, PARAMS), central_part(cleaned, PARAMS, box)
        assert (plain is None) == (cheap is None)
        if plain is not None:
            found += 1
            assert np.array_equal(plain, cheap)
    assert found >= 5


def _plain_hole_misfits(ink: np.ndarray) -> frozenset:
    """hole_misfits as it was: outlines traced over the whole card."""
    from vision.marks import HOLES

    contours, hierarchy = cv2.findContours(ink, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    if hierarchy is None:
        return frozenset(sym for sym, allowed in HOLES.items() if 0 not in allowed)
    _, _, w, h = cv2.boundingRect(cv2.findNonZero(ink))
    areas = [cv2.contourArea(c) for c, links in zip(contours, hierarchy[0]) if links[3] != -1]
    sure = sum(1 for a in areas if a >= max(3.0, PARAMS.sure_hole_share * w * h))
    maybe = sum(1 for a in areas if a >= max(3.0, PARAMS.faint_hole_share * w * h))
    counts = set(range(sure, maybe + 1))
    return frozenset(sym for sym, allowed in HOLES.items() if not counts & allowed)


def test_holes_traced_within_the_box_are_the_same():
    from vision.mark_shape import hole_misfits

    rng = np.random.default_rng(12)
    for ink in _inks():
        holed = ink.copy()
        for _ in range(int(rng.integers(0, 3))):
            x, y = int(rng.integers(40, 72)), int(rng.integers(60, 115))
            cv2.circle(holed, (x, y), int(rng.integers(1, 6)), 0, -1)
        holed[:, :3] = holed[:, 3:6]  # ink reaching the card's edge too
        assert hole_misfits(holed, PARAMS) == _plain_hole_misfits(holed)
    assert hole_misfits(np.zeros((174, 112), np.uint8), PARAMS) == _plain_hole_misfits(
        np.zeros((174, 112), np.uint8))
