"""Which label depth OpenCV's connected-component calls measure fastest for a mask."""

from __future__ import annotations

import cv2
import numpy as np


def label_type(mask: np.ndarray) -> int:
    """16-bit labels while a mask this size cannot hold more components (at most one in
    four pixels is its own 8-connected component): OpenCV labels and measures those about
    twice as fast, the same labels and stats."""
    return cv2.CV_16U if mask.size < 4 * 65535 else cv2.CV_32S
