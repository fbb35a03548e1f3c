"""vision.dare_number reads the other way up's number only when it can change the answer:
a dare whose word reads surely one way up, whose number reads surely under it, whose
number's line ends in no "#" and whose first corner index reads that number too is
answered without it (``_plainly_read``). The plain form (both ways up read, then settled)
is kept here as the reference: on drawn dares, upright and turned round, with a corner
index wiped, blurred, both give the same answer - a faster read that changed one would
change answers behind a benchmark."""

from functools import partial

import numpy as np
import pytest

from vision import dare_number
from vision.dare_lines import both_ways
from vision.grey_ink import ink_strength
from vision.indices import CornerIndices
from vision.mark_shape import without_bars, without_specks
from vision.symbol_params import SymbolParams
from vision.profile import default_profile
from visionkit import drawn_dare_faces

PARAMS = SymbolParams()
BANKS = default_profile(PARAMS).banks


def read_number_plain(views, banks, params, lines, corners, wild, card=None, reread=True):
    """_read_number as it was: both ways up read, then settled."""
    readings, spans = [], []
    for flipped, view, line in zip((False, True), views, lines):
        found = dare_number.number_line(view, line, wild)
        if found is None:
            continue
        a, b = found
        levels = None
        if card is not None:
            levels = partial(ink_strength, card[::-1, ::-1][a:b] if flipped else card[a:b], wild)
        readings.append((line[0], *dare_number.number_row(view[a:b], banks.digit, params, levels=levels,
                                                           reread=reread), flipped))
        spans.append(view[a:b])
    turned = dare_number._turned_way(readings, spans, banks, params)
    if turned is not None and not reread:
        readings[turned] = (readings[turned][0], None, 0.0, -1.0, readings[turned][4])
    rival = readings[turned] if turned is not None else None
    number, flipped, confidence = dare_number._settle(list(readings), spans, lines, corners, wild, banks, params)
    if rival is not None and reread and (number, flipped) == (rival[1], rival[4]):
        return None, flipped, 0.0
    return number, flipped, confidence


def _drawn_dares(seed: int, count: int):
    """Faces of drawn dares (every deck's own style), some turned round, some blurred, some
    with the first corner's index wiped (its marks gone: that corner reads nothing)."""
    rng = np.random.default_rng(seed)
    for _, face in drawn_dare_faces(rng, count):
        if face.ink is None or face.corner_ink is None:
            continue
        corners = face.corner_ink
        if rng.random() < 0.25:
            corners = (np.zeros_like(corners[0]), corners[1])
        yield face, corners


@pytest.mark.parametrize("seed", [0])
def test_the_other_way_up_is_read_only_where_it_can_change_the_answer(seed, monkeypatch):
    taken = []
    plainly = dare_number._plainly_read

    def counted(*args):
        answer = plainly(*args)
        taken.append(answer is not None)
        return answer

    monkeypatch.setattr(dare_number, "_plainly_read", counted)
    for face, corners in _drawn_dares(seed, 70):
        ink = without_specks(face.ink)[0]
        if not ink.any():
            continue
        views = (ink, ink[::-1, ::-1])
        lines = [without_bars(view, line) for view, line in zip(views, both_ways(ink, BANKS, PARAMS))]
        for reread in (False, True):
            got = dare_number._read_number(views, BANKS, PARAMS, lines, CornerIndices(corners, BANKS, PARAMS),
                                           face.is_wild, face.card, reread=reread)
            plain = read_number_plain(views, BANKS, PARAMS, lines, CornerIndices(corners, BANKS, PARAMS),
                                      face.is_wild, face.card, reread=reread)
            assert got == plain
    # Both kinds were met: dares answered without the other way up, and dares read both ways.
    assert sum(taken) >= 10 and taken.count(False) >= 3


def _corners(first: set, second: set) -> CornerIndices:
    """Corner indices that read these numbers (as if read from the card's marks)."""
    corners = CornerIndices((None, None), BANKS, PARAMS)
    corners._read = [set(first), set(second)]
    return corners


def test_every_way_the_readings_can_fall_is_settled_as_the_plain_form(monkeypatch):
    """The two ways up's words, numbers (sure, unsure, none, a 6 and a 9), lines ending in
    a "#" and corner readings drawn at random (fixed seed): the lazy form answers as the
    plain one in every case, and took its shortcut in many."""
    rng = np.random.default_rng(7)
    table: dict = {}
    monkeypatch.setattr(dare_number, "number_row", lambda span, *a, **k: table[int(span[0, 0])][:3])
    monkeypatch.setattr(dare_number, "ends_in_hash", lambda span, *a: table[int(span[0, 0])][3])
    taken = []
    plainly = dare_number._plainly_read
    monkeypatch.setattr(dare_number, "_plainly_read", lambda *a: taken.append(plainly(*a)) or taken[-1])
    numbers = [None, 6, 7, 9, 13, 16]
    views = tuple(np.full((10, 4), v, np.uint8) for v in (1, 2))
    for _ in range(4000):
        for view in views:
            view[:5] = 0  # the word's rows; the number's rows hold the view's mark
        words = [float(rng.choice([0.2, 0.5, 0.61, 0.66, 0.7, 0.9])) for _ in views]
        lines = [(w, [(0, 5), (5, 10)], 0 if rng.random() < 0.9 else -1) for w in words]
        for k in (1, 2):
            number = numbers[int(rng.integers(len(numbers)))]
            sure = float(rng.choice([0.0, 0.05, 0.5, 0.85, 0.95, 1.0]))
            table[k] = (number, sure if number is not None else 0.0, float(rng.uniform(0.5, 1.0)),
                        bool(rng.random() < 0.2))
        seen = [set(int(n) for n in rng.choice(numbers[1:], int(rng.integers(0, 3)), replace=False))
                for _ in range(2)]
        wild, reread = bool(rng.random() < 0.2), bool(rng.random() < 0.3)
        got = dare_number._read_number(views, BANKS, PARAMS, lines, _corners(*seen), wild, None, reread=reread)
        plain = read_number_plain(views, BANKS, PARAMS, lines, _corners(*seen), wild, None, reread=reread)
        assert got == plain, (words, table, seen, wild, reread)
    assert sum(answer is not None for answer in taken) >= 100
