"""The symbol reader's cheaper forms give what the plain ones give: the ink's specks and its
glare leftovers found within the ink's box, not over the whole card (vision.symbols)."""

import cv2
import numpy as np

from vision.marks import SymbolParams, clean_ink
from vision.symbols import _central_part, _without_specks

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
        cleaned, box = _without_specks(ink)
        assert np.array_equal(cleaned, clean_ink(ink))
        assert box == cv2.boundingRect(ink)


def test_the_central_part_found_within_the_box_is_the_same():
    found = 0
    for ink in _inks():
        cleaned, box = _without_specks(ink)
        plain, cheap = _central_part(cleaned, PARAMS), _central_part(cleaned, PARAMS, box)
        assert (plain is None) == (cheap is None)
        if plain is not None:
            found += 1
            assert np.array_equal(plain, cheap)
    assert found >= 5
