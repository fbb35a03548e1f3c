"""vision.ink.symbol_ink tells the blobs round the middle by their outer outlines, not by
labelling every pixel: a symbol lies in the field's hole (the white centre the field rings),
an island the field's own outline does not list, and must be found all the same; a mark
joined to the field's edge band is the field."""

import cv2
import numpy as np

from vision.face import FaceParams
from vision.ink import symbol_ink

SHAPE = (174, 112)


def inside() -> np.ndarray:
    out = np.zeros(SHAPE, bool)
    out[8:-8, 8:-8] = True
    return out


def oval(axes=(50, 80)) -> np.ndarray:
    out = np.zeros(SHAPE, np.uint8)
    cv2.ellipse(out, ((56, 87), axes, 0.0), 1, -1)
    return out > 0


def test_a_symbol_reaching_past_the_oval_in_the_fields_hole_is_ink():
    centre = oval()
    mark = inside() & ~centre  # the field rings the centre: the symbol lies in its hole
    symbol = np.zeros(SHAPE, bool)
    symbol[60:115, 36:76] = True  # its corners reach past the oval
    mark &= ~(cv2.dilate(symbol.astype(np.uint8), np.ones((5, 5), np.uint8)) > 0)  # a dark outline round it
    mark |= symbol
    got = symbol_ink(mark, centre, inside(), FaceParams()) > 0
    assert not (symbol & ~centre).all() and (symbol & ~centre).any()  # the case: partly past the oval
    assert got[60:115, 36:76].all()  # the whole symbol, past the (shaved) oval too
    assert not (got & ~symbol).any()


def test_a_mark_joined_to_the_fields_edge_is_no_symbol():
    centre = oval()  # spans x 31-81 at the middle row
    joined = np.zeros(SHAPE, bool)
    joined[84:90, 9:45] = True  # from the field's edge band (x < 11) into the oval
    got = symbol_ink(joined, centre, inside(), FaceParams()) > 0
    assert not got[84:90, 9:30].any()  # outside the shaved oval: the field's, not taken
    apart = np.zeros(SHAPE, bool)
    apart[84:90, 13:45] = True  # the same mark off the edge band: a symbol's part
    got = symbol_ink(apart, centre, inside(), FaceParams()) > 0
    assert got[84:90, 13:45].all()  # round the middle and off the edge: grown into the ink
