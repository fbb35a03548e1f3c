"""The grey cuts' parameters (:mod:`vision.mark_grey`, :mod:`vision.centre_cuts`,
:mod:`vision.white_print`) and the switches of the symbol checks made on what they cut
(:mod:`vision.symbols`): one frozen dataclass, passed to :func:`~vision.symbols.read_symbol`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GreyParams:
    """How the grey cut is made."""

    #: The cut looks at the ink's box grown by this share of its longer side.
    margin: float = 0.25
    #: The local white is the brightest darkest-channel within this share of the ink's
    #: height (wider than any stroke, outline and shadow together), smoothed as much.
    white_reach: float = 0.5
    #: Paper: at least this share of its local white, and at least ``paper_min`` of the
    #: box's brightest (a field between marks is its own local white, but dark).
    paper_ratio: float = 0.85
    paper_min: float = 0.45
    #: Pieces of paper this share of the box and bigger make the centre's outline (their
    #: convex hull: the oval and the disc are convex); the rim this many pixels deep is
    #: left out (the centre's blurred edge is darker than its paper).
    paper_piece: float = 0.03
    rim: int = 5
    #: The cut keeps only what lies within this many pixels of the face's ink.
    near_ink: int = 5
    #: The core cut: this share of the way from the paper (its local white) to the ink's
    #: darkest tenth, within the face's ink grown by a pixel.
    core_level: float = 0.65
    #: The centre cut's mark passes the paper's chroma by at least this share of the
    #: paper's brightness.
    centre_chroma: float = 0.05
    #: A digit read from a cut stands in the card's middle: its box's centre within this
    #: share of the card's width and height of the card's centre (a dare's number stands
    #: beside its word, off centre by half the word's height and more).
    digit_centred: float = 0.05
    #: The centre's cut by colour counts without a corner index when read fully sure and
    #: matching a template at least this well (a bold blob matches several at ~0.75).
    centre_sure: float = 0.85
    #: ... or when two of the centre's cuts read it fully surely, each matching at least this.
    agree_score: float = 0.75
    #: The centre's grey cut judges each pixel against the brightest paper within this
    #: share of the centre's shorter side (wider than a bold digit's stroke and outline).
    centre_reach: float = 0.3
    #: ... and leaves out hairlines along the rim: at least this share of the centre's
    #: shorter side long, about this many pixels wide, this share of it from the outline.
    hairline: float = 0.25
    hairline_width: float = 2.5
    hairline_depth: float = 0.2
    #: The centre's local chroma cut judges each pixel's chroma against the most within
    #: this share of the centre's shorter side (a stroke and its surroundings): mark where
    #: it reaches ``local_share`` of that, in a neighbourhood whose most passes the paper's
    #: chroma by ``local_floor`` of the paper's brightness (half that for the pixel itself).
    local_reach: float = 0.2
    local_share: float = 0.35
    local_floor: float = 0.12
    #: The centre's paper: pieces of the centre's inside no more chromatic than Otsu's
    #: level over it (as :func:`centre_mark` parts mark from paper), this share of it and
    #: bigger; their hull is the centre a highlight did not grow (:func:`paper_centre`)
    #: when it leaves out at least ``paper_shrink`` of the centre.
    paper_centre_piece: float = 0.03
    paper_shrink: float = 0.1
    #: Session 10's glare re-cuts (joined_hairline and stacked_dare on since session 11,
    #: paper_cuts since session 12 with paper_digits off): on the dev seeds they read 7 more
    #: top cards and 2 more spread cards with no more wrong ones, but held-out seed 7 gained
    #: a wrong card under a finger, a digit read over the paper's centre (see the commits).
    #: The symbol reader also cuts the mark over :func:`paper_centre` ...
    paper_cuts: bool = True
    #: ... (a digit one of them reads, backed by a corner index, is no digit card's when the
    #: face's ink looks like a dare at all, at any score: a finger over a dare's word leaves
    #: its number alone over the paper's centre, and the corner carries that number) ...
    paper_dare_veto: bool = True
    #: ... (a digit read over the paper's centre counts at all; OFF: such readings are only a
    #: veto against the other cuts, see :func:`~vision.digit_checks.a_paper_digit`: a finger over
    #: a dare's word leaves its number alone there, and the corners carry it) ...
    paper_digits: bool = False
    #: ... a wild card's white print leaves out hairlines joined to it at least this share
    #: of the print's height long (:func:`~vision.white_print.without_hairlines_joined`;
    #: 0: none left out; ON: where two of the four colours meet, a camera's blur and
    #: demosaicing blend them into a colourless line as bright as the print, and one
    #: crossing a digit makes it another shape; a print's strokes are far thicker than
    #: two pixels on the flattened card) ...
    joined_hairline: float = 0.25
    #: ... a dare backed by a corner index may have a line beside its word and number
    #: (:func:`~vision.mark_shape.stacked`; ON: a highlight that grows the centre over a
    #: corner of the field leaves a piece of it beside the print, sharing no column with
    #: the number, and a corner index reading the same number is the second cue) ...
    stacked_dare: bool = True
    #: ... and a centre cut reading a dare without its number does not veto two cuts
    #: agreeing on the dare and its number (ON: under blur or glare one measure loses the
    #: number's strokes into the word while the other two still read them; bench vision
    #: seed 3 739, held-out seed 4 +1, no wrong card on any seed).
    unnumbered_agrees: bool = True
    #: A digit read surely without a corner index's backing from any cut of the centre, or
    #: from the face's ink less its blobs along the centre's outline, stands at the middle
    #: height of the card or of its white centre (its line's middle within ``digit_centred``
    #: of the card's height; False: no such check). A dare's number stands above or below its
    #: word; a shadow or a highlight that hides the word leaves the number off the middle,
    #: where no digit card prints its digit.
    placed_digits: bool = True
    #: A digit read from the face's ink less its blobs along the centre's outline gives way
    #: to the centre's cut by colour reading another symbol fully surely, matching it at
    #: least ``centre_sure`` (False: only a digit short of a whole print's match does). The
    #: blobs left out may be a dare's word a highlight joined to the rim; the cut over the
    #: whole centre sees the word and the number.
    trimmed_against_centre: bool = True
    #: A wild card's number read from its white print cut again gives way to a corner index
    #: reading another number surely, neither corner reading it (False: no corner asked).
    white_corner_veto: bool = True
    #: A digit a centre cut reads fully surely, counting without a corner index's backing,
    #: gives way to a corner index reading another digit surely (False: no corner asked): a
    #: highlight over an 8's right half leaves a sure 7 in the cut, the index printed apart
    #: reads 8. Off for a spread hand's cards (:meth:`~vision.recognizer.Recognizer.all_cards`):
    #: their corner indices often lie under the neighbour card, a pile's top card's do not.
    cut_corner_veto: bool = True
    #: A dare a strict centre cut reads with a one-digit number, backed by a corner index
    #: reading that number, counts only when the face's ink is likest a dare too (False:
    #: the corner's backing suffices): a digit card's index reads its digit as a dare's
    #: reads its number, so it backs the number, not the dare; a highlight that flattens a
    #: 3's top leaves a bar such a cut reads as the word (10-16 no digit card carries).
    digit_dare_face: bool = True
