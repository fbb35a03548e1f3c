"""The centre mark cut again over the whole centre by its own measures (vision.mark_grey:
a wild card's white print, a pale print's grey levels) and read when the face's ink leaves
the reading short of sure (vision.symbols)."""

import cv2
import numpy as np
import pytest

from vision.mark_grey import GreyParams, centre_grey
from vision.white_print import white_print
from vision.mark_shape import tallest_centred
from vision.symbol_params import SymbolParams
from vision.profile import default_profile
from vision.symbols import read_symbol

PARAMS = SymbolParams()
W, H = 112, 174
#: The four colours of a wild card's centre (BGR), as a lamp's light leaves them.
PAINT = ((40, 30, 200), (190, 110, 20), (20, 190, 225), (60, 160, 40))


@pytest.fixture(scope="module")
def banks():
    return default_profile(PARAMS).banks


def pen(text: str, org: tuple[int, int], scale: float, width: int) -> np.ndarray:
    """``text`` drawn ``width`` pixels bold (0/255): a two-pixel pen thickened, the same on
    OpenCV 4 and 5 (OpenCV 5 draws every thicker pen as two)."""
    mask = np.zeros((H, W), np.uint8)
    cv2.putText(mask, text, org, cv2.FONT_HERSHEY_SIMPLEX, scale, 255, 2, cv2.LINE_AA)
    mask = np.where(mask > 127, 255, 0).astype(np.uint8)
    if width <= 2:
        return mask
    return cv2.dilate(mask, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (width - 1, width - 1)))


def white_dare(number: str, word: str = "DARE", light: float = 0.6):
    """A flattened wild card: its black field, a disc of the four colours, ``number`` over
    ``word`` printed white with a dark outline, all under a dim ``light`` (the print far
    darker than a lit card's white border); its centre mask and the print's mask."""
    card = np.full((H, W, 3), 35, np.uint8)
    centre = np.zeros((H, W), np.uint8)
    cv2.circle(centre, (W // 2, H // 2), 48, 255, -1)
    ys, xs = np.mgrid[0:H, 0:W]
    quarter = (ys >= H // 2).astype(int) * 2 + (xs >= W // 2)
    for k, colour in enumerate(PAINT):
        card[(centre > 0) & (quarter == k)] = colour
    print_mask = np.zeros((H, W), np.uint8)
    for text, org, scale, width in ((number, (W // 2 - 16, H // 2 + 2), 1.3, 4), (word, (W // 2 - 30, H // 2 + 26), 0.65, 2)):
        if text:
            card[pen(text, org, scale, width + 4) > 0] = (20, 20, 20)
            print_mask |= pen(text, org, scale, width)
    card[print_mask > 0] = (235, 235, 235)
    card = np.clip(cv2.GaussianBlur(card, (0, 0), 0.7).astype(np.float32) * light, 0, 255).astype(np.uint8)
    return card, centre > 0, print_mask


def broken(mask: np.ndarray) -> np.ndarray:
    """A mask as a cut against too bright a white leaves it: every other column pair gone."""
    out = mask.copy()
    out[:, ::4] = 0
    out[:, 1::4] = 0
    return out


def overlap(a: np.ndarray, b: np.ndarray) -> float:
    return np.count_nonzero((a > 0) & (b > 0)) / max(1, np.count_nonzero((a > 0) | (b > 0)))


def test_white_print_cuts_a_dim_wild_cards_print():
    card, centre, fill = white_dare("3")
    mark = white_print(card, centre)
    assert mark is not None and mark.shape == fill.shape
    assert overlap(mark, fill) > 0.6
    # Neither the paint nor the print's dark outline nor the black field is print.
    assert not mark[~cv2.dilate(fill, np.ones((3, 3), np.uint8)).astype(bool)].any()


def test_white_print_none_on_a_centre_too_small():
    card, centre, _ = white_dare("3")
    tiny = np.zeros_like(centre)
    tiny[80:86, 50:56] = True
    assert white_print(card, tiny) is None


@pytest.mark.parametrize("number", ["3", "7"])
def test_a_wild_dare_whose_cut_broke_reads_from_its_white_print(banks, number):
    card, centre, fill = white_dare(number)
    ink = broken(fill)
    alone = read_symbol(ink, banks, PARAMS, wild=True)
    assert alone.number is None or alone.confidence < PARAMS.number_min_confidence
    seen = read_symbol(ink, banks, PARAMS, wild=True, card=card, centre=centre)
    assert (seen.symbol, seen.number) == ("dare", int(number))
    assert seen.confidence >= PARAMS.number_min_confidence


def test_a_white_print_without_a_word_is_no_wild_dare(banks):
    """A black thing round four colours with a white digit alone (a card's back, a phone
    or a toy) is no wild dare: its print holds no line of a word's shape."""
    card, centre, fill = white_dare("3", word="")
    seen = read_symbol(broken(fill), banks, PARAMS, wild=True, card=card, centre=centre)
    assert seen.number is None or seen.confidence < PARAMS.number_min_confidence


def pale_card(digit: str, highlight: float = 60.0):
    """A flattened card: a green field, a white oval with its printed outline, ``digit``
    printed so pale (a washed-out print) that only its grey outline stands out, a highlight
    brightening the oval's upper left; its centre mask (grown past the oval, as a highlight
    lets the field in) and the digit's mask."""
    card = np.zeros((H, W, 3), np.uint8)
    card[:] = (70, 170, 60)
    cv2.ellipse(card, (W // 2, H // 2), (42, 64), 0, 0, 360, (205, 210, 208), -1, cv2.LINE_AA)
    cv2.ellipse(card, (W // 2, H // 2), (42, 64), 0, 0, 360, (120, 150, 120), 1, cv2.LINE_AA)
    org = (W // 2 - 24, H // 2 + 26)
    digit_mask = pen(digit, org, 2.2, 9)
    card[digit_mask > 0] = (110, 130, 110)
    card[pen(digit, org, 2.2, 5) > 0] = (160, 186, 158)
    ys, xs = np.mgrid[0:H, 0:W]
    lit = card.astype(np.float32) + (highlight * np.exp(-((xs - 30) ** 2 + (ys - 50) ** 2) / (2 * 35.0 ** 2)))[..., None]
    card = np.clip(cv2.GaussianBlur(lit, (0, 0), 0.8), 0, 255).astype(np.uint8)
    centre = np.zeros((H, W), np.uint8)
    cv2.ellipse(centre, (W // 2, H // 2), (45, 67), 0, 0, 360, 255, -1)
    return card, centre > 0, digit_mask


def test_centre_grey_cuts_a_pale_print_and_leaves_the_ovals_outline_out():
    card, centre, digit = pale_card("2")
    mark = centre_grey(card, centre)
    assert mark is not None
    assert overlap(mark, digit) > 0.6
    # The printed oval's outline, a hairline along the centre's rim, is no mark.
    rim = centre & ~cv2.erode(centre.astype(np.uint8), np.ones((9, 9), np.uint8)).astype(bool)
    assert np.count_nonzero(mark[rim]) < 10


def test_centre_grey_none_on_a_centre_too_small():
    card, centre, _ = pale_card("2")
    tiny = np.zeros_like(centre)
    tiny[80:86, 50:56] = True
    assert centre_grey(card, tiny, GreyParams()) is None


def corner(digit: str) -> np.ndarray:
    """A corner index's white mark reading ``digit``."""
    mark = np.zeros((30, 40), np.uint8)
    cv2.putText(mark, digit, (8, 24), cv2.FONT_HERSHEY_DUPLEX, 0.8, 255, 2, cv2.LINE_AA)
    return np.where(mark > 127, 255, 0).astype(np.uint8)


def test_a_pale_digit_the_face_did_not_cut_reads_in_grey_when_a_corner_backs_it(banks):
    card, centre, _ = pale_card("2")
    empty = np.zeros((H, W), np.uint8)
    assert read_symbol(empty, banks, PARAMS, corners=(corner("2"), corner("2"))).symbol is None
    seen = read_symbol(empty, banks, PARAMS, corners=(corner("2"), corner("2")), card=card, centre=centre)
    assert (seen.symbol, seen.number) == ("2", None)
    assert seen.confidence >= PARAMS.number_min_confidence
    # A corner reading another digit backs nothing.
    against = read_symbol(empty, banks, PARAMS, corners=(corner("8"), corner("8")), card=card, centre=centre)
    assert against.confidence < PARAMS.number_min_confidence or against.symbol != "2"


def red_oval_card(fill: np.ndarray):
    """A flattened red card whose white oval carries ``fill`` printed red with a dark outline
    round it (slightly blurred), and its centre mask."""
    card = np.zeros((H, W, 3), np.uint8)
    card[:] = (40, 30, 200)
    cv2.ellipse(card, (W // 2, H // 2), (46, 70), 0, 0, 360, (228, 230, 232), -1, cv2.LINE_AA)
    card[cv2.dilate(fill, np.ones((3, 3), np.uint8)) > 0] = (30, 30, 40)
    card[fill > 0] = (40, 30, 200)
    centre = np.zeros((H, W), np.uint8)
    cv2.ellipse(centre, (W // 2, H // 2), (46, 70), 0, 0, 360, 255, -1)
    return cv2.GaussianBlur(card, (0, 0), 0.6), centre > 0


def red_dare_card(number: str):
    """A flattened red dare: a white oval, ``number`` over the word DARE printed red with a
    dark outline; its centre mask and the face's ink as a blurred print leaves it, the
    number run into one blob."""
    from visionkit import dare_mark, heavy

    digits = heavy(number, height=30)
    whole = dare_mark(digits)
    mark, blob = dare_mark(digits), dare_mark(cv2.dilate(digits, np.ones((7, 7), np.uint8)))
    y, x = (H - whole.shape[0]) // 2, (W - whole.shape[1]) // 2
    fill, ink = np.zeros((H, W), np.uint8), np.zeros((H, W), np.uint8)
    fill[y:y + mark.shape[0], x:x + mark.shape[1]] = mark
    ink[y:y + blob.shape[0], x:x + blob.shape[1]] = blob
    return (*red_oval_card(fill), ink)


def test_a_dare_whose_number_ran_into_a_blob_reads_from_its_colour_cut(banks):
    card, centre, ink = red_dare_card("7")
    alone = read_symbol(ink, banks, PARAMS)
    assert alone.number is None or alone.confidence < PARAMS.number_min_confidence
    seen = read_symbol(ink, banks, PARAMS, card=card, centre=centre)
    assert (seen.symbol, seen.number) == ("dare", 7)
    assert seen.confidence >= PARAMS.number_min_confidence


def test_tallest_centred():
    from visionkit import dare_mark, heavy

    mark = dare_mark(heavy("16", height=30))
    assert tallest_centred(mark)
    cut = mark.copy()
    cut[:50, :41] = 0  # the 1 gone, the 6 aside over the word
    assert not tallest_centred(cut)


def printed_digit_card(digit: str):
    """A flattened red card: a white oval with ``digit`` printed red, a dark outline round it."""
    from visionkit import heavy

    mark = heavy(digit, font=cv2.FONT_HERSHEY_SIMPLEX, weight=4, height=44)
    fill = np.zeros((H, W), np.uint8)
    y, x = (H - mark.shape[0]) // 2, (W - mark.shape[1]) // 2
    fill[y:y + mark.shape[0], x:x + mark.shape[1]] = mark
    return red_oval_card(fill)


def tilted_seven() -> np.ndarray:
    """A face's ink reading a 7 surely but short of a whole print's score (a fragment of
    another digit can read so): a bold 7 turned 10 degrees."""
    from visionkit import heavy

    seven = heavy("7", font=cv2.FONT_HERSHEY_SIMPLEX, weight=6, height=44)
    ink = np.zeros((H, W), np.uint8)
    y, x = (H - seven.shape[0]) // 2, (W - seven.shape[1]) // 2
    ink[y:y + seven.shape[0], x:x + seven.shape[1]] = seven
    turn = cv2.getRotationMatrix2D((W / 2, H / 2), 10, 1.0)
    return np.where(cv2.warpAffine(ink, turn, (W, H)) > 127, 255, 0).astype(np.uint8)


def test_a_digit_short_of_a_whole_print_gives_way_to_the_centres_own_cut(banks):
    ink = tilted_seven()
    alone = read_symbol(ink, banks, PARAMS)
    assert alone.symbol == "7" and alone.confidence >= PARAMS.number_min_confidence and alone.score < 0.85
    card, centre = printed_digit_card("8")
    seen = read_symbol(ink, banks, PARAMS, card=card, centre=centre)
    assert seen.symbol != "7" or seen.confidence < PARAMS.number_min_confidence
    # The centre printing the same digit: the reading stands as it was.
    card, centre = printed_digit_card("7")
    assert read_symbol(ink, banks, PARAMS, card=card, centre=centre) == alone
