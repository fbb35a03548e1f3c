"""The live table keeps its memory bounded through a long game: a few card faces, a few
loose cards on the pile, int8 noise; and the pictures are the same as drawn the long way."""

from __future__ import annotations

import cv2
import numpy as np

from vision.synthetic import table_props as props
from vision.synthetic.live_table import LiveTable, TableParams

LABELS = ["red-7", "blue-7", "blue-skip", "green-skip", "wild-dare-3", "red-dare-9",
          "yellow-0", "yellow-5", "green-reverse", "red-1", "blue-2", "green-3", "yellow-4",
          "red-dare-12", "wild-dare-16", "blue-dare-1", "green-9", "yellow-skip", "red-8",
          "blue-reverse"]


def test_faces_and_loose_cards_stay_few_and_a_long_take_back_redraws_the_pile():
    params = TableParams(face_cache=6, pile_patches=3)
    table = LiveTable(seed=5, params=params)
    for label in LABELS:
        table.place(label)
        for _ in table.frames():
            pass
        assert len(table._faces) <= 6
        assert sum(c.patch is not None for c in table._pile) <= 3
    assert table.pile == LABELS
    for _ in range(6):                    # deeper than the loose cards: baked ones come back
        table.take_back()
    frames = list(table.frames())
    assert table.pile == LABELS[:-6]
    assert [e.card for e in table.truth if e.event == "taken_back"] == LABELS[:-7:-1]
    assert frames[-1].top is not None and frames[-1].top[0] == LABELS[-7]

    # the pile drawn card by card from a bare table matches the one kept baked
    fresh = LiveTable(seed=5, params=TableParams(pile_patches=100))
    for label, card in zip(LABELS[:-6], table._pile):
        fresh.lay(label, card.corners)
    assert np.array_equal(fresh._pile_img, table._pile_img)


def test_signed_noise_makes_the_same_pictures_as_the_pair():
    shape, sigma = (70, 90), 6.0
    pairs = props.noise_tiles(np.random.default_rng(3), shape, sigma, count=2)
    signed = props.signed_noise_tiles(np.random.default_rng(3), shape, sigma, count=2)
    img = np.random.default_rng(4).integers(0, 256, (*shape, 3), dtype=np.uint8)
    img[:5] = 255
    img[5:10] = 0
    for (add, sub), tile in zip(pairs, signed):
        assert tile.dtype == np.int8 and tile.nbytes * 2 == add.nbytes + sub.nbytes
        expected = cv2.subtract(cv2.add(img, add), sub)
        assert np.array_equal(cv2.add(img, tile, dtype=cv2.CV_8U), expected)


def test_blending_in_bands_is_blending_at_once():
    rng = np.random.default_rng(8)
    dst = rng.integers(0, 256, (300, 200, 3), dtype=np.uint8)
    patch = rng.integers(0, 256, (250, 180, 3), dtype=np.uint8)
    alpha = rng.integers(0, 256, (250, 180), dtype=np.uint8)
    once = dst.copy()
    roi = once[30:280, 0:160]
    a = alpha[:, 20:].astype(np.float32)[..., None] * (1 / 255.0)
    roi[:] = (patch[:, 20:].astype(np.float32) * a + roi.astype(np.float32) * (1 - a)).astype(np.uint8)
    props.blend_patch(dst, patch, alpha, -20, 30)
    assert np.array_equal(dst, once)
