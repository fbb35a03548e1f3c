"""A corner's colour-blind shape, printed under its index, is no index. Blurred and small, a
filled square, circle, diamond or triangle reads as a digit surely (on the dev seeds' cards
an 8, a 9, a 4), and would cast doubt on, or back, a centre reading it has nothing to do
with. Here a drawn digit stands in for such a blob: the rule is where it lies, not what it
looks like."""

import cv2
import numpy as np
import pytest

from visionkit import corner_window
from vision import templates
from vision.indices import CornerIndices, corner_digits, corner_readings, index_rows
from vision.ink_lines import clean_ink, split_rows
from vision.symbol_params import SymbolParams
from vision.profile import default_profile

PARAMS = SymbolParams()
BANKS = default_profile().banks
STYLE = templates.TemplateStyle(cv2.FONT_HERSHEY_DUPLEX, 0.12, False)


def _with_blob(text: str, blob: str = "8") -> np.ndarray:
    """The corner window of index ``text`` with ``blob`` drawn as tall under it."""
    window = corner_window(text, STYLE, size=(48, 72))
    below = corner_window(blob, STYLE, size=(48, 36))
    ys = np.flatnonzero(window.any(axis=1))
    top = int(ys[-1]) + 3
    window[top:top + 32] |= below[4:36]
    return window


@pytest.mark.parametrize("text", ["12", "3", "#7", "16"])
def test_a_blob_under_the_index_is_not_read(text):
    window = _with_blob(text)
    assert len(split_rows(clean_ink(window))) == 2
    number = int(text.lstrip("#"))
    # Read alone, the blob reads as an 8.
    alone = corner_window("8", STYLE)
    assert corner_readings((alone,), BANKS, PARAMS)[0] == {8}
    assert corner_readings((window,), BANKS, PARAMS)[0] == {number}
    assert corner_digits((window,), BANKS, PARAMS) <= ({text} if text.isdigit() and len(text) == 1 else set())
    # Both corners with the blob under a "12": no veto of a centre's 12, both agree on it.
    pair = CornerIndices((window, window), BANKS, PARAMS)
    assert not pair.all_read_another(number) and pair.apart() == number


def test_index_rows_is_the_first_tall_line():
    rows = [(0, 4), (6, 16), (20, 29)]  # a small word, the index, a shape nearly as tall
    assert index_rows(rows, PARAMS) == [(6, 16)]
    assert index_rows(rows, PARAMS, above=True) == [(0, 4), (6, 16)]
    assert index_rows([(0, 4), (6, 7)], PARAMS) == [(0, 4)]
    assert index_rows([], PARAMS) == []
