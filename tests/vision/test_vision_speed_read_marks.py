"""vision.marks' cheaper forms (16-bit labels, a lone blob picked out by comparing its
label, a line's runs of rows judged all at once) give what the plain forms (kept here as
references) give: a dare's number and the corner indices are read from these pieces, so a
faster cut that moved a piece would change answers behind a benchmark."""

import cv2
import numpy as np
import pytest

from vision.ink_lines import character_spans, clean_ink, row_ink, split_characters, split_rows


def character_spans_plain(row):
    """character_spans as it was: 32-bit labels, every group's pixels looked up."""
    n, labels, stats, _ = cv2.connectedComponentsWithStats(row, 8)
    if n <= 1:
        return []
    st = stats.tolist()
    total = sum(s[cv2.CC_STAT_AREA] for s in st[1:])
    height = row.shape[0]
    groups = []
    for i in sorted(range(1, n), key=lambda k: st[k][cv2.CC_STAT_LEFT]):
        if st[i][cv2.CC_STAT_AREA] < 0.03 * total:
            continue
        x0 = st[i][cv2.CC_STAT_LEFT]
        x1 = x0 + st[i][cv2.CC_STAT_WIDTH]
        if groups:
            g, gx0, gx1 = groups[-1]
            if min(x1, gx1) - max(x0, gx0) > 0.5 * min(x1 - x0, gx1 - gx0):
                g.append(i)
                groups[-1] = (g, min(gx0, x0), max(gx1, x1))
                continue
        groups.append(([i], x0, x1))
    pieces = []
    for g, x, x1 in groups:
        w = x1 - x
        member = np.zeros(n, np.uint8)
        member[g] = 255
        blob = member[labels[:, x:x + w]]
        count = 1 if w < 1.25 * height else int(round(w / (0.8 * height)))
        if count >= 2:
            cols = (blob > 0).sum(axis=0)
            cuts = []
            for k in range(1, count):
                centre = int(w * k / count)
                span = max(1, int(w / count / 3))
                lo, hi = max(1, centre - span), min(w - 1, centre + span)
                cuts.append(lo + int(np.argmin(cols[lo:hi])) if hi > lo else centre)
            edges = [0] + cuts + [w]
            pieces += [(x + edges[k], blob[:, edges[k]:edges[k + 1]]) for k in range(count)]
        else:
            pieces.append((x, blob))
    return [(x, p) for x, p in pieces if np.count_nonzero(p)]


def clean_ink_plain(ink, min_share=0.02):
    n, labels, stats, _ = cv2.connectedComponentsWithStats(ink, 8)
    if n <= 2:
        return ink
    total = stats[1:, cv2.CC_STAT_AREA].sum()
    small = np.flatnonzero(stats[:, cv2.CC_STAT_AREA] < max(3, min_share * total))
    small = small[small > 0]
    if len(small) == 0:
        return ink
    keep = np.full(n, 255, np.uint8)
    keep[small] = 0
    keep[0] = 0
    return keep[labels]


def split_rows_plain(ink, profile=None):
    profile = row_ink(ink) if profile is None else profile
    total = int(profile.sum())
    edges = np.flatnonzero(np.diff(np.concatenate(([0], profile > 0, [0])).astype(np.int8)))
    cumulative = np.concatenate(([0], np.cumsum(profile)))
    return [(int(a), int(b)) for a, b in zip(edges[::2], edges[1::2])
            if cumulative[b] - cumulative[a] >= 0.04 * total]


def _masks(seed, count):
    """Random lines of ink: specks, blobs run together, characters broken by wear, drawn text."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(count):
        h, w = int(rng.integers(2, 48)), int(rng.integers(2, 120))
        mask = (rng.random((h, w)) < rng.random() * 0.5).astype(np.uint8) * 255
        if rng.random() < 0.5:
            mask = cv2.dilate(mask, np.ones((2, 2), np.uint8))
        if rng.random() < 0.3:
            mask[:] = 0
            cv2.putText(mask, str(int(rng.integers(0, 17))), (1, h - 2), cv2.FONT_HERSHEY_SIMPLEX,
                        h / 30.0, 255, int(rng.integers(1, 4)))
        out.append(mask)
    return out


def _same(a, b):
    if isinstance(a, np.ndarray):
        return isinstance(b, np.ndarray) and a.dtype == b.dtype and a.shape == b.shape and np.array_equal(a, b)
    if isinstance(a, (list, tuple)):
        return type(a) is type(b) and len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b


@pytest.mark.parametrize("seed", [0, 1])
def test_pieces_as_the_plain_forms_cut_them(seed):
    masks = _masks(seed, 400)
    split_up = 0
    for mask in masks:
        spans = character_spans(mask)
        assert _same(spans, character_spans_plain(mask))
        assert _same(split_characters(mask), [p for _, p in character_spans_plain(mask)])
        assert _same(clean_ink(mask), clean_ink_plain(mask))
        assert _same(split_rows(mask), split_rows_plain(mask))
        assert _same(split_rows(mask, row_ink(mask)), split_rows_plain(mask, row_ink(mask)))
        split_up += len(spans) >= 2
    assert split_up > 50  # lines of several characters were among them


def test_a_lone_blob_and_a_group_of_broken_strokes():
    row = np.zeros((20, 40), np.uint8)
    row[2:18, 3:8] = 255  # one stroke
    row[2:9, 20:26] = 255  # a character broken in two by wear: one group
    row[11:18, 21:27] = 255
    spans = character_spans(row)
    assert [x for x, _ in spans] == [3, 20]
    assert spans[0][1].dtype == np.uint8 and set(np.unique(spans[0][1])) == {0, 255}
    assert np.count_nonzero(spans[1][1]) == 7 * 6 + 7 * 6
    assert _same(spans, character_spans_plain(row))


def test_rows_of_an_empty_mark():
    assert split_rows(np.zeros((0, 5), np.uint8)) == [] == split_rows_plain(np.zeros((0, 5), np.uint8))
    assert split_rows(np.zeros((6, 5), np.uint8)) == []
