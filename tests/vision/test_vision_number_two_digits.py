"""Which way up, when the dare word says one way by a little and that way reads no number,
while the other reads a two-digit number surely (vision.dare_ways.two_digits_against_the_word):
no number turned round reads as one of 10-16 (its first character would be a 1 or a "#"), so
the number outweighs the word, unless a corner index reads another number."""

from vision.dare_ways import two_digits_against_the_word
from vision.indices import CornerIndices
from vision.symbol_params import SymbolParams
from vision.profile import default_profile

PARAMS = SymbolParams()
BANKS = default_profile().banks


class Corners(CornerIndices):
    """Corner indices that read the given numbers."""

    def __init__(self, *found: set[int]):
        super().__init__(tuple(None for _ in found), BANKS, PARAMS)
        self._read = [set(f) for f in found]


def other(number, confidence):
    """The other way up's reading: (word score, number, confidence, last digit's score, upside down)."""
    return (0.54, number, confidence, 0.9, True)


def test_a_sure_two_digit_number_outweighs_a_word_whose_way_reads_nothing():
    assert two_digits_against_the_word(None, 0.0, other(12, 1.0), None, PARAMS)
    assert two_digits_against_the_word(5, 0.02, other(12, 1.0), Corners({12}, set()), PARAMS)


def test_not_a_one_digit_number_nor_one_read_short_of_faint_sure():
    assert not two_digits_against_the_word(None, 0.0, other(9, 1.0), None, PARAMS)
    assert not two_digits_against_the_word(None, 0.0, other(12, 0.85), None, PARAMS)


def test_not_when_the_words_way_reads_a_number_or_a_corner_reads_another():
    assert not two_digits_against_the_word(5, 0.3, other(12, 1.0), None, PARAMS)
    assert not two_digits_against_the_word(None, 0.0, other(12, 1.0), Corners({8}, set()), PARAMS)
    assert not two_digits_against_the_word(None, 0.0, other(12, 1.0), Corners({12}, {15}), PARAMS)


def test_a_wild_cards_number_read_by_a_narrow_lead_is_checked_by_its_grey_levels(monkeypatch):
    # A wild card's white number, read surely by a narrow lead, is checked by cuts of its
    # levels as a coloured card's is (the face's cut takes its fringe in alike).
    import numpy as np

    import vision.dare_number as dare_number
    from vision import templates
    from visionkit import on_canvas

    style = templates.TemplateStyle(0, 0.12, False)
    ink = on_canvas(templates.stack(templates.text("DARE", style, 16), templates.text("12", style, 30), 5))
    views = (ink, ink[::-1, ::-1].copy())
    asked = []
    real = dare_number.number_row

    def number_row(row, bank, params, levels=None, reread=True, **kw):
        asked.append(levels is not None)
        return real(row, bank, params, levels=levels, reread=reread, **kw)

    monkeypatch.setattr(dare_number, "number_row", number_row)
    card = np.full(ink.shape + (3,), 200, np.uint8)
    dare_number.read_dare_number(views, BANKS, PARAMS, wild=True, card=card)
    assert asked and all(asked)
