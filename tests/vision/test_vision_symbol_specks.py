"""A cut of specks only (each smaller than clean_ink keeps) reads no symbol, and does not fail:
vision.symbol_ink.read_mark found no inked row after without_specks (IndexError before)."""

import numpy as np

from vision.symbol_params import SymbolParams
from vision.profile import default_profile
from vision.symbol_ink import read_ink, read_mark

PARAMS = SymbolParams()


def test_a_cut_of_specks_alone_reads_nothing():
    banks = default_profile(PARAMS).banks
    specks = np.zeros((174, 112), np.uint8)
    specks[40:130:3, 20:90:4] = 255  # two-pixel dashes, none touching another
    specks[40:130:3, 21:91:4] = 255
    assert np.count_nonzero(specks) >= PARAMS.min_ink_share * specks.size
    assert read_mark(specks, banks, PARAMS).symbol is None
    assert read_ink(specks, banks, PARAMS, False, None).symbol is None
