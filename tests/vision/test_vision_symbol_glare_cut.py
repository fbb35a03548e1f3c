"""The centre mark cut again in a glare spot's own light (vision.glare_cut): under the spot
the paper clips white and the strokes pale to the paper's level elsewhere, so a cut over
the whole centre sees them as paper; split on the spot's own levels they come back. The
reader uses that cut last, only short of every other cue, and only with a second one."""

import cv2
import numpy as np

from vision.corner_cuts import CornerCutParams
from vision.glare_cut import GlareCutParams, glare_cut, glare_spot
from vision.glare_dare import GlareDareParams
from vision.glare_digit import GlareDigitParams
from vision.recognizer import Recognizer, RecognizerParams
from vision.symbol_params import SymbolParams
from vision.synthetic.scene import make_scene, scene_plan

PARAMS = GlareCutParams()
H, W = 174, 112


def glared_card(glare: float = 1.0):
    """A flattened card's centre: paper at 185 inside an oval, a thick "3" at 30, and a
    glare spot of ``glare`` strength over the mark's left half (light added to every
    channel, clipped at 255). Also the centre mask and the drawn mark."""
    centre = np.zeros((H, W), np.uint8)
    cv2.ellipse(centre, (W // 2, H // 2), (46, 70), 0, 0, 360, 255, -1)
    mark = np.zeros((H, W), np.uint8)
    cv2.putText(mark, "3", (W // 2 - 22, H // 2 + 22), cv2.FONT_HERSHEY_DUPLEX, 1.6, 255, 6, cv2.LINE_AA)
    mark = (mark > 127).astype(np.uint8) * 255
    grey = np.full((H, W), 40, np.float32)
    grey[centre > 0] = 185
    grey[mark > 0] = 30
    yy, xx = np.mgrid[0:H, 0:W]
    spot = np.exp(-(((xx - (W // 2 - 14)) / 22.0) ** 2 + ((yy - H // 2) / 26.0) ** 2))
    lit = np.clip(grey + glare * 190 * spot, 0, 255).astype(np.uint8)
    return cv2.merge([lit, lit, lit]), centre, mark, spot > 0.85


def global_ink(card: np.ndarray, centre: np.ndarray) -> np.ndarray:
    """One level over the whole centre (0.6 of its paper's median), as a face's cut sees the mark."""
    lo = card.min(axis=2)
    level = 0.6 * float(np.median(lo[centre > 0]))
    return ((lo < level) & (centre > 0)).astype(np.uint8) * 255


def test_strokes_under_the_spot_come_back():
    card, centre, mark, under = glared_card()
    ink = global_ink(card, centre)
    hidden = (mark > 0) & under
    # The one level over the whole centre loses the strokes under the spot ...
    assert np.mean(ink[hidden] > 0) < 0.3
    cut = glare_cut(card, centre, ink, PARAMS)
    assert cut is not None
    # ... the cut in the spot's own light finds most of them, and little paper with them.
    assert np.mean(cut[hidden] > 0) > 0.6
    paper = (centre > 0) & (mark == 0) & under
    assert np.mean(cut[paper] > 0) < 0.1


def test_no_spot_no_cut():
    card, centre, mark, _ = glared_card(glare=0.0)
    assert glare_spot(card, centre, PARAMS) is None
    assert glare_cut(card, centre, global_ink(card, centre), PARAMS) is None


def test_a_spot_over_bare_paper_does_not_split():
    _, centre, _, _ = glared_card()
    lo = np.full((H, W), 40, np.float32)
    lo[centre > 0] = 185
    yy, xx = np.mgrid[0:H, 0:W]
    lo += 190 * np.exp(-(((xx - W // 2) / 22.0) ** 2 + ((yy - H // 2) / 26.0) ** 2))
    lo = np.clip(lo, 0, 255).astype(np.uint8)
    plain = cv2.merge([lo, lo, lo])
    assert glare_cut(plain, centre, np.zeros((H, W), np.uint8), PARAMS) is None


def _scene(seed: int, i: int):
    kind, label, extra = scene_plan(seed, 2000)[i]
    return make_scene(np.random.default_rng([seed, i]), kind, label=label, **extra)


def test_a_glared_digit_card_reads_with_both_corners():
    # Dev seed 10, scene 1404: a lamp's glare over a green 3's centre took its spine; the
    # cut in the spot's light brings the paled strokes back, and its mark matches the 3
    # both corner indices read as well as anything. Without that cut: no card (with
    # glare_digit off too: its own cut in the spot's light reads the 3 at a digit card's size).
    scene = _scene(10, 1404)
    assert scene.label == "green-3"
    assert Recognizer().top_card(scene.image).label == "green-3"
    off = RecognizerParams(symbols=SymbolParams(glare_lifts=()), glare_digit=GlareDigitParams(enabled=False))
    assert Recognizer(params=off).top_card(scene.image).label is None


def test_a_glared_two_digit_dare_reads_with_a_corner():
    # Dev seed 11, scene 1941: the cut in the spot's light reads the word and the 10 fully
    # surely, and a corner reads 10 too.
    scene = _scene(11, 1941)
    assert scene.label == "yellow-dare-10"
    assert Recognizer().top_card(scene.image).label == "yellow-dare-10"
    # Both corners recut read 10 too (corner_cuts.two_digit_dare_by_recut), and so does
    # vision.glare_dare: off here, so that the glare cut alone is what reads it.
    off = RecognizerParams(symbols=SymbolParams(glare_lifts=()),
                           corner_cuts=CornerCutParams(unsure_two_digits=False),
                           glare_dare=GlareDareParams(enabled=False))
    assert Recognizer(params=off).top_card(scene.image).label is None
    recut = RecognizerParams(symbols=SymbolParams(glare_lifts=()))
    assert Recognizer(params=recut).top_card(scene.image).label == "yellow-dare-10"


def test_a_glared_dare_needs_its_word_number_and_corners(monkeypatch):
    import vision.glare_cut as glare
    from vision.symbol_ink import SymbolReading

    class Corners:
        def __init__(self, apart, numbers):
            self._apart, self._numbers = apart, numbers

        def apart(self):
            return self._apart

        def numbers(self):
            return self._numbers

    def reading(symbol, number, confidence):
        monkeypatch.setattr(glare, "read_ink", lambda *a, **k: SymbolReading(symbol, number, False, confidence))

    banks, params, cut = Recognizer().profile.banks, SymbolParams(), np.zeros((4, 4), np.uint8)
    use = lambda apart, numbers: monkeypatch.setattr(glare, "CornerIndices", lambda *a: Corners(apart, numbers))
    reading("dare", 2, 1.0)
    use(2, {2})  # one digit, even both corners reading it: a digit card's index too
    assert glare.glared_dare(cut, banks, params, ((), ())) is None
    reading("dare", 12, 1.0)
    use(None, {12})  # two digits: no digit card prints them
    got = glare.glared_dare(cut, banks, params, ((), ()))
    assert got is not None and (got.symbol, got.number, got.confidence) == ("dare", 12, params.corner_agreed)
    use(None, {13})
    assert glare.glared_dare(cut, banks, params, ((), ())) is None
    reading("dare", 12, 0.85)  # not fully sure of its word and number
    use(12, {12})
    assert glare.glared_dare(cut, banks, params, ((), ())) is None
    reading("7", None, 1.0)
    assert glare.glared_dare(cut, banks, params, ((), ())) is None
