"""Every tuning knob of the recogniser (:class:`~vision.recognizer.Recognizer`), grouped by
step: the search's, the face's, the colour's and the symbol's own parameter sets, and the
rules that say which card read may answer for the pile's top card, each with why it is as
it is. Apart from ``recognizer`` because the list is long (as ``quad_params`` and
``face_params`` are apart from theirs); ``vision.recognizer`` exports it too.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .colour import ColourParams
from .corner_cuts import CornerCutParams
from .glare_corner import GlareCornerParams
from .deblur import DeblurParams
from .glare_digit import GlareDigitParams
from .glare_glyph import GlareGlyphParams
from .glare_dare import GlareDareParams
from .face_params import FaceParams
from .symbol_params import SymbolParams
from .pile_params import PileParams
from .quad_params import QuadParams
from .spread_number import SpreadNumberParams
from .spread_sharpen import SpreadSharpenParams


@dataclass(frozen=True)
class RecognizerParams:
    """Every tuning knob of the recogniser, grouped by step."""

    quads: QuadParams = field(default_factory=QuadParams)
    face: FaceParams = field(default_factory=FaceParams)
    colour: ColourParams = field(default_factory=ColourParams)
    symbols: SymbolParams = field(default_factory=SymbolParams)
    #: A wild card no cue numbers, numbered by its corner indices cut again in their own
    #: light (:func:`~vision.corner_cuts.numbered_by_recut`), when its outline is whole.
    corner_cuts: CornerCutParams = field(default_factory=CornerCutParams)
    #: A coloured card whose centre a glare spot left unsure, read as the digit both
    #: corners read when their glyph fits the centre as a digit card prints it, not as a
    #: dare does (:func:`~vision.glare_glyph.digit_by_glare_glyph`).
    glare_glyph: GlareGlyphParams = field(default_factory=GlareGlyphParams)
    #: The same card read from its glare spot's own cut at a digit card's size, the corners
    #: backing its digit (:func:`~vision.glare_digit.digit_by_glare_cut`).
    glare_digit: GlareDigitParams = field(default_factory=GlareDigitParams)
    #: A glared coloured dare numbered by one corner's two-digit index, the centre's
    #: unglared print fitting that number at a dare's size and place
    #: (:func:`~vision.glare_dare.dare_by_glare_corner`).
    glare_dare: GlareDareParams = field(default_factory=GlareDareParams)
    #: A dare read without its number read again with a camera shake undone
    #: (:func:`~vision.deblur.number_by_deblur`).
    deblur: DeblurParams = field(default_factory=DeblurParams)
    #: A spread hand's card its own read left without a label (blur, at a spread card's
    #: size), read again with its print sharpened (:mod:`~vision.spread_sharpen`; only
    #: :meth:`Recognizer.all_cards` asks).
    spread_sharpen: SpreadSharpenParams = field(default_factory=SpreadSharpenParams)
    #: A spread dare read without its number numbered by its sharpened looks agreeing
    #: (:func:`~vision.spread_number.numbered_by_looks`; only all_cards asks).
    spread_number: SpreadNumberParams = field(default_factory=SpreadNumberParams)
    #: Below this the answer is "no card" (a wrong card costs a table more than a missed one).
    min_confidence: float = 0.8
    #: A field with one corner's colour missing (a thumb on a card held up) is a card when
    #: its other three corners show at least this share of the field's colour (0: never),
    #: no paper lies over that corner (``max_paper_over_corner``: a card lying over it
    #: brings its white border) and its symbol reads with ``covered_corner_confidence``.
    one_corner_covered: float = 0.9
    max_paper_over_corner: float = 0.03
    #: ... paper being at least 0.75 of the card's own white in every channel and as
    #: colourless as that white: its channels within this share of it of each other (a
    #: pale thumb or its lit nail under warm light is tinted against the card's white).
    paper_over_corner_spread: float = 0.1
    covered_corner_confidence: float = 0.9
    #: ... or when a glare spot, not a card, whitened that corner: lifted above the card's
    #: own white, broad, no other paint beyond it (:func:`~vision.glare_corner.glare_over_corner`);
    #: its symbol too must read with ``covered_corner_confidence``.
    glare_corner: GlareCornerParams = field(default_factory=GlareCornerParams)
    #: At most this many candidates are read per frame (the likeliest top card first).
    max_candidates: int = 8
    #: How overlapping candidates are judged (which one lies on top).
    pile: PileParams = field(default_factory=PileParams)
    #: A card read with confidence answers only when no other whole card touches it
    #: without being judged under it, or it lies on the pile more surely than they do
    #: (``pile.likelier_top``): two cards side by side, neither on the other, are a pile
    #: one frame cannot order by their overlap (the lower one may be read).
    refuse_readable_rivals: bool = True
    #: A card read in a stage of the search, lying on no other candidate but touching a
    #: blob of a field's size that was no field, answers only after the next stage looked
    #: (it may take that blob apart into the card lying on this one).
    defer_beside_joined: bool = True
    #: The searches of the next stage a deferred answer waits for (those that take a joined
    #: blob apart: the eroded split and the global mask); the rest of that stage (the
    #: full-width search, for cards seen small) runs only when no answer comes of them.
    deferred_searches: tuple[tuple[str, int], ...] = (("split", 320), ("otsu", 320))
    #: A card the first stage read, lying on no other candidate, that such a blob (at
    #: least ``beside_joined_area`` of the card, no piece of its own field) touches
    #: without reaching into it (within this many border widths of its outline; 0: off)
    #: answers only after the local mask at ``beside_width`` px looked at the two
    #: (:meth:`Recognizer.beside_joined`, :func:`~vision.quads.search_near`): a card lying
    #: whole beside it, edge to edge, has its field one border's width from its outline
    #: (a quarter more for the 320 px mask's blur), and it may be the pile's top card,
    #: whose field the 320 px mask ran into a lower card's through a gap in a border
    #: (blur, glare; at full width that gap is twice as many pixels). Which of two cards
    #: side by side lies on top, one frame cannot tell: the settling judges them.
    beside_joined_gap: float = 1.25
    beside_joined_area: float = 0.5
    #: ... and meets it along no more than this share of the card's width (its outline
    #: within that reach): a corner or a short stretch. A lower card's field that this
    #: card lies on stops at its edge all along where the two overlap, mostly for longer
    #: (the wrong answers seen on development seeds met the blob over 0.2-0.55 of a
    #: width; two thirds of the blobs that came so near a card answering right met it
    #: over more than 0.6); it keeps the look to ~4% of frames.
    beside_touch: float = 0.6
    beside_width: int = 640
    #: The first card a stage finds that cannot be read lies on no other candidate (else
    #: it answers "no card" at once): the stage may have missed the card lying on it, so
    #: the next stage's ``deferred_searches`` look once before the answer is "no card".
    look_past_unsure: bool = True
    #: A card-shaped candidate (a white ring brighter than its field) touching the card
    #: read, refused only because its field is no card's colour, is its rival
    #: (:meth:`Recognizer.colourless_card`): warm light or glare can turn the pile's top
    #: card's colour, and the card under it must not answer for it.
    colourless_rivals: bool = True
    #: A whole card lying apart from the card read (touching it not) that reads with
    #: confidence is its rival too: two uncovered cards in view, and the one nearer the
    #: frame's centre need not be the pile's top card (the pile evidence decides).
    apart_rivals: bool = True
    #: A card read unsurely (a mark in its centre, its symbol short of sure) lying apart
    #: from the card that reads after it in the pile order, the two of comparable size
    #: (each at least ``unsure_apart_size`` of the other's), makes the answer "no card"
    #: (:func:`~vision.pile_doubts.unsure_apart`): the unread one is as uncovered as the
    #: one read, and glare or blur on the pile's top card's print leaves it so (dev 16:366:
    #: a red 3 on the pile under glare, a yellow dare 6 lying apart answered; False: off).
    unsure_apart_rivals: bool = True
    unsure_apart_size: float = 0.7
    #: A touching card seen smaller than this share of the card read is no rival: cards
    #: lying on one table are seen about the same size, so it is the visible piece of a
    #: card the read one lies on (its field cut by the read card's border, fitted to a
    #: card's shape).
    min_rival_size: float = 0.5
    #: A quad with no card's border judged to lie on others as borderless is a piece of
    #: the table (a checked cloth's squares), not an unread top card making "no card", when
    #: a card lying clear of it is seen this much larger at least (its area this share of
    #: that card's at most; :func:`~vision.table_pieces.table_piece`; 0: never): dev 9:1211,
    #: 14:1630, squares 0.29-0.43 of the card.
    table_piece_size: float = 0.5
    #: A black card whose centre holds no mark at all is a card's back (the draw pile
    #: beside the discard pile), not a card: it is no rival of a card it touches.
    backs_are_no_cards: bool = True
    #: ... but a black card whose centre is painted green and blue, each over this share
    #: of it (:func:`~vision.reading.wild_paint`; 0: never), is a Wild Dare whose white
    #: print the cut missed (dim light, a shadow), not a back: a back's oval is red with
    #: a yellow word, a wild's centre shows all four colours. It is a card not read, so a
    #: card it touches does not answer for the pile's top card past it (dev seed 10:185:
    #: the wild dare 7 on top, a green 4 beside it answered). ``wild_paint_saturation``:
    #: the least saturation (of 255) that counts as paint.
    wild_not_back: float = 0.05
    wild_paint_saturation: float = 80.0
    #: A field read as no card colour is looked at again as a wild's black (a warm lamp
    #: turns it brown, glare lifts it to grey) when its centre shows each of the four inks
    #: over this share of it (:func:`~vision.wild_looks.grey_wild`; 0: never); it answers
    #: only as a sure dare's number (dev 3:1960, 11:106).
    wild_four_colours: float = 0.08
    #: ... nor does one judged to lie on other candidates make "no card" (the draw pile
    #: beside the discard pile may overlap its top card's edge, playing no card on it):
    #: the pile is judged again without it (:meth:`Recognizer.without_backs`).
    backs_cover_no_card: bool = True
    #: A card read with confidence, lying on no other candidate, whose white border
    #: something lies across (another card's edge or field, a finger:
    #: :func:`~vision.overlap.border_crossed`) while the search left a blob it could not
    #: take apart or another candidate touches it, answers only after the whole next stage
    #: looked (once a frame): the card lying on it by no more than its border is no blob
    #: reaching into it, and it may be found there (in a later stage too: glare on it).
    look_past_crossed: bool = True
    #: ... and so does one whose white centre lies off its face's middle by ``centre_cut``
    #: or more (:meth:`Recognizer.seems_crossed`: its quad stops where a card lying across
    #: it begins).
    look_past_cut: bool = True
    #: ... and, while no stage finds a candidate touching it, the stages after that one
    #: too, all but the last (the sides search: a looser quad beside a card read may be a
    #: piece of what lies round it): the card lying on it may be found only two stages on
    #: (glare on it, a finger joining its field to the table's). Its cost falls on the
    #: frames that waited already (7 of 320 seed-1 frames ran the third stage more).
    look_on_past_crossed: bool = True
    #: ... and a card that waited only for the searches taking apart a blob reaching into
    #: it (``defer_beside_joined``: after them no answer waits), found by them with no
    #: card on it, gets that whole look too when its border or centre says one lies on it
    #: (:meth:`Recognizer.seems_crossed`): the blob and the cut centre are two signs of
    #: one card lying on it, and the narrow look asks only about the first (a card lying
    #: across its corner under glare is found by the glare-bite search of the next stage).
    #: Not when another card's paint crosses its border (``painted_no_card``): it answers
    #: "no card" already, and this wait is to keep a wrong card back, not to find more
    #: (on dev seed 1:289 a finger over the top card found so left a card beside it answering).
    crossed_after_narrowed: bool = True
    #: A card the first stage found alone whose pile evidence is at least
    #: ``lone_least_evidence`` and below ``lone_most_evidence`` (0: off) waits for the later
    #: stages as a crossed one does (:func:`~vision.lone_card.at_pile_edge`: a lower card
    #: sticking out of the pile, its top card missed by the first searches, has little
    #: but the table round it; a pile's top card lies on the pile, a lone card on the table).
    lone_least_evidence: float = 0.03
    lone_most_evidence: float = 0.1
    #: ... and then another card answers for it only when its border is whole within the
    #: lone card's outline by this much more than the lone card's within its (it lies on
    #: it surely: :func:`~vision.lone_card.kept_after_wait`); else the lone card answers.
    lone_over_difference: float = 0.3
    #: ... the pile evidence measured only when the band's points (:func:`~vision.lone_card.band_hint`)
    #: hold another card's paper, a share within ``lone_hint_paper``, with fewer than
    #: ``lone_hint_odd`` of them unlike the table (on dev seeds 1 and 3, 22 of 381 lone
    #: cards; 10:383 and 16:1835 among them): the frame's table mask costs ~1.3 ms.
    lone_hint_paper: tuple[float, float] = (0.02, 0.15)
    lone_hint_odd: float = 0.4
    #: A crossed border is looked for only when a side of its border ring is short of
    #: this share of paper (``Face.ring_side_white``: what lies across it is no paper, or
    #: not all of it; another card's corner over a side takes only a percent or so).
    crossed_side_white: float = 0.99
    #: ... and a card waits so (:meth:`Recognizer.seems_crossed`) whenever a side of its ring
    #: is short of this share of paper, whatever lies across it (:meth:`Recognizer.short_side`;
    #: 0: off), while the ring as a whole holds ``short_side_ring`` of paper at least (a
    #: ring short all round is a dim light's or blur's: on development seeds 1-10, without
    #: that floor, the right answers such waits lost had rings of 0.43-0.89 paper, the
    #: wrong ones they turned to right or "no card" 0.92-0.96). Only the wait, the pile's
    #: order is judged as before. On the development seeds 1, 3, 5, 6, 9-16 it turns 12:166
    #: right and 9:801 to "no card" (a lower card answering while the top card, lying on its
    #: side, was not found yet), nothing right lost.
    short_side_white: float = 0.95
    short_side_ring: float = 0.91
    #: ... and only when another candidate touches it or such a blob comes within this many
    #: border widths of its outline (:meth:`Recognizer.blob_beside`; 0: any blob in the
    #: frame): the field of a card lying on its side, run together with the cards under it,
    #: meets its outline (0-0.6 px on dev 12:166 and 9:801), where a thumb on a card held up
    #: short of paper on a side has the room's blobs farther off.
    short_side_gap: float = 0.5
    #: Of cards side by side that the overlap cannot order (:meth:`Recognizer.settle`),
    #: those whose border something lies across (:meth:`Recognizer.crossed`) lie under
    #: the others: a pile's top card lies whole, and the edge or field of the card on top
    #: crosses a lower card's border where the two meet by a sliver.
    crossed_lie_under: bool = True
    #: ... and a card whose border is crossed so, judged on a card whose border nothing
    #: crosses by a sliver only (the two overlap by less than ``pile.sliver`` of the
    #: smaller: what looks whole in a sliver is a few pixels), is that card's rival too
    #: (:meth:`Recognizer.sliver_under`).
    sliver_under_crossed: bool = True
    #: ... unless only runs of its own field's hue lie across its border
    #: (:data:`~vision.overlap.OWN`: motion blur or a quad a pixel too wide puts its own
    #: field, or a lower card of its colour, in its ring as often as a card of its colour
    #: lies across it) and the borders alone ordered the two (its ring whole inside the
    #: other's outline, the other's gone there: ``pile.sliver_difference``); an order by
    #: the outlines alone gives way as before (False: such a card is crossed as any other).
    own_hue_no_sliver: bool = True
    #: ... but when the card read first (the likeliest top card) lies under only for a run
    #: of colour across its border that is neither another card's paint nor its edge
    #: (:data:`~vision.overlap.ACROSS`: also the card's own field where blur or glare
    #: spreads it into its ring), the card standing in its place answers only when it
    #: reads with this confidence at least, else "no card" (0: always): a fallback cut
    #: read short of sure (0.85: a skip or reverse with no corner digit to back it) on top
    #: of the weakest cue of the order is two doubts, and a wrong card costs more than a
    #: missed one.
    across_rival_confidence: float = 0.9
    #: ... and a card crossed only by its own hue whose border leans over a rival's (its
    #: ring whole inside the rival's outline, the rival's gone inside its own, by
    #: ``pile.min_difference``) does not lie under that rival (:meth:`Recognizer.own_leans_over`):
    #: two weak cues against each other, the pile evidence or "no card" decide (False: off).
    own_lean_stays: bool = True
    #: The wait before a card answers (:meth:`Recognizer.seems_crossed`) when its border a
    #: run darker than this share of its paper crosses (the two inner lines of its ring, a
    #: border width long at least; :func:`~vision.crossings.dark_across`): a wild card's or a
    #: back's black field has no colour for :meth:`Recognizer.crossed` to see, and a shadow
    #: on paper stays near half its white or brighter. Only the wait: the pile's order is
    #: judged as before (a quad a pixel too wide on a dark table shows the same; 0: off).
    dark_across: float = 0.35
    #: A finger's skin across a card's border (:data:`~vision.overlap.SKIN`) is told apart
    #: and makes no card lie under (:meth:`Recognizer.lies_crossed`): a finger lies on the
    #: pile's top card as often as on any other.
    skin_lies_on: bool = True
    #: When another card's paint lies across the border of one of the cards side by side
    #: (:data:`~vision.overlap.PAINT`) and none of the others touches it, the card lying
    #: on it was not found (a finger over it hides it from the search): "no card", not one
    #: of the others.
    painter_found: bool = True
    #: A card read with confidence whose border another card's paint lies across
    #: (:data:`~vision.overlap.PAINT`) answers "no card" (:meth:`Recognizer.answer`): it
    #: lies under that card, found or not (a finger over the top card hides it from the
    #: search; a card lying on it by a corner may not be found at all). On the development
    #: seeds 1, 3, 5, 6 it turns one wrong card and one finger-over wrong card into "no
    #: card" for one right card lost (a motion-blurred card whose ring a blue neighbour runs
    #: into), on quads jittered by 0.3 px one wrong and two finger-over wrongs for the same
    #: right card; held-out seeds 2, 4 and 7 unchanged. A wrong card costs a table more
    #: than a missed one, so it is on (False: off).
    painted_no_card: bool = True
    #: Of cards side by side that neither the overlap nor the pile evidence orders, the
    #: one whose white centre lies in the middle of its face (off by less than
    #: ``centre_whole`` of its size) answers when every other one's lies off by
    #: ``centre_cut`` or more (:meth:`Recognizer.only_whole`: a card cut by another lying
    #: across it, its quad short, shows its centre shifted; 0: never).
    centre_whole: float = 0.02
    centre_cut: float = 0.04
    #: ... unless the pile evidence of another one beats that card's by
    #: ``pile.evidence_margin`` (:func:`~vision.pile.outweighed`: the two cues against each
    #: other; glare shifts a top card's centre as a card lying across it would).
    whole_not_outweighed: bool = True
    #: ... and the other way round: a card the pile evidence picks whose centre lies off by
    #: ``centre_cut`` or more while another card judged with it lies whole (off by less
    #: than ``centre_whole``) across it (overlapping by ``pile.min_overlap`` at least: a
    #: card merely near it leaves the pick, as glare shifts a top card's centre too) answers
    #: "no card" (:meth:`Recognizer.cut_beside_whole`; False: off): its quad stops where a
    #: card lying across it begins, and the band round its outline is fooled by a black
    #: field joined to a dark table or by the card lying on it left out as crossed (dev
    #: seeds 10:635, 11:461).
    evidence_not_cut: bool = True
    #: Of cards side by side that nothing orders (:meth:`Recognizer.undecided`), when all
    #: read the same card with confidence, it answers (False: "no card"): whichever lies on
    #: top, the answer is the same (dev seed 9:1089, two red-dare-12 side by side).
    same_label_answers: bool = True
    #: A card only the last look found (``QuadParams.last_looks``: by its own colour, no
    #: border seen whole) answers only read at least this surely: on table seeds 15 and
    #: 16 it found two yellow cards joined as one quad (a dare 13 read 9, 0.85) and a green
    #: 2 under a finger (read 1, 0.88); the held cards it found read 0.85-1.0, 15 of 18
    #: over 0.9 (held dev seeds 11-16).
    hue_confidence: float = 0.9
