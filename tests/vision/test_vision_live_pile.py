"""The live table bakes deep pile cards into its picture: a long demo keeps a bounded
number of card pictures, and the pile looks exactly as if it kept them all."""

import numpy as np

from vision.synthetic.live_table import LiveTable, TableParams


def corners_near(table, rng):
    cx, cy = table.pile_center
    w, h = table.card_width, table.card_width * 87 / 56
    box = np.array([[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]])
    a = np.deg2rad(rng.uniform(-30, 30))
    rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    return box @ rot.T + [cx + rng.uniform(-15, 15), cy + rng.uniform(-15, 15)]


def build(pile_patches):
    table = LiveTable(5, params=TableParams(pile_patches=pile_patches))
    rng = np.random.default_rng(1)
    labels = ["red-1", "red-2", "blue-2", "blue-skip", "green-5", "wild-dare-3"] * 5
    for label in labels:
        table.lay(label, corners_near(table, rng))
    return table


def kept(table):
    return sum(c.patch is not None for c in table._pile)


def test_deep_cards_are_baked_and_the_pile_looks_the_same():
    baked, full = build(4), build(1000)
    assert kept(baked) == 4 and kept(full) == 30
    assert np.array_equal(baked._pile_img, full._pile_img)
    for _ in range(7):   # lifting past the baked cards draws them anew, exactly
        assert baked.lift().label == full.lift().label
        assert np.array_equal(baked._pile_img, full._pile_img)
    assert baked.pile == full.pile and kept(baked) <= 4
