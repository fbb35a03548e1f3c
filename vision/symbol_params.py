"""The symbol reader's parameters: feature sizes, the score and margin bars below which a
reading is "unsure", and the switches and bars of each rule that lets a second cue (a corner
index, the face's own ink, a recut) settle a reading. Kept apart from ``marks`` (the features
and template banks) because every rule module reads them and they grow with each rule.
"""

from __future__ import annotations

from dataclasses import dataclass

@dataclass(frozen=True)
class SymbolParams:
    """Feature sizes and the bars below which a reading is "unsure"."""

    glyph_box: tuple[int, int] = (32, 32)
    word_box: tuple[int, int] = (48, 16)
    digit_box: tuple[int, int] = (20, 28)
    digit_blur: float = 0.7
    #: The default templates come sharp and blurred by these shares of their height.
    template_blur: tuple[float, ...] = (0.04,)
    #: A dare number read less surely than this is left out (the label says ``red-dare``).
    number_min_confidence: float = 0.8
    #: Fewer ink pixels than this share of the card is no mark at all.
    min_ink_share: float = 0.012
    #: Every centre symbol stands at least this share of the card's height.
    min_ink_height: float = 0.14
    #: Correlation at which a symbol starts to count, and at which it is fully trusted.
    min_score: float = 0.55
    good_score: float = 0.75
    #: Lead over the best other symbol that is fully trusted.
    good_margin: float = 0.10
    #: A row is the dare word when it correlates at least this well with the word.
    word_score: float = 0.6
    #: ... and reads better by this much one way up than the other, to tell 6 from 9.
    word_margin: float = 0.04
    #: A dare number read at least this surely is kept when a corner index reads it too,
    #: each corner reading at least ``corner_min_confidence`` sure.
    corner_agree_min: float = 0.1
    corner_min_confidence: float = 0.9
    #: Under a word read only faintly both ways up, a number read at least this surely one
    #: way up while the other way reads none counts without a corner index, when its line
    #: is centred on the card: its middle within ``number_centred`` of its width of the
    #: card's middle (a number glare took the end of, "#1" left of "#13", is not).
    faint_sure: float = 0.9
    number_centred: float = 0.15
    #: Of two ways up reading different dare numbers surely, the one whose last digit
    #: scores this much better against its templates lies the right way up (not 6 and 9).
    turn_margin: float = 0.1
    #: ... but a 4 likelier than a 9 lies up by any margin: a bold 4 turned round passes
    #: for a 9, while a 9 turned round is a 6 (False: turn_margin for a 4 and a 9 too;
    #: see half_turns.TURNED_LOOKALIKES).
    four_turned_nine: bool = True
    #: Of two ways up reading a 6 and a 9 surely, the one a corner index reads at least
    #: this surely (its likeliest number, short of ``corner_min_confidence``) lies the right
    #: way up (see :mod:`vision.half_turns`; 0: off).
    corner_turn_min: float = 0.5
    #: ... any two numbers read surely, one each way up, not only a 6 and a 9: the
    #: corner's index shows upright however the card lies, so its lean picks between the
    #: two the centre offers (a bold 4 turned round passes for a 9; False: a 6 and a 9 only).
    corner_turn_any: bool = True
    #: A 6 or a 9 read short of ``half_turn_sure`` the way the word reads better by under
    #: ``half_turn_lead``, while the other way up reads the other (a 9 or a 6) more surely
    #: and at least ``half_turn_rival`` surely, and no corner index reads the number, is no
    #: number (0: off). Off: under a word leading by under 0.1 a 6 and a 9 both read
    #: surely are mostly right the word's way (without half_turn_sure, dev 1, 3, 5: 7 right
    #: lost to 1 wrong fixed); at 0.1 with half_turn_sure it turned spread dev 15:1114 (a 9
    #: read 6) unnumbered and lost nothing on dev seeds, but lost a right held-up frame
    #: (bench held seed 1: 90.48 -> 90.08%) and a right spread card on held-out seed 4.
    half_turn_lead: float = 0.0
    half_turn_rival: float = 0.5
    half_turn_sure: float = 0.9
    #: A dare number, read however surely the way the word says, is no number when the
    #: other way up reads another number at least this surely (short of
    #: ``number_min_confidence``) and a corner index reads that one and none this one
    #: (0: off). Dev seeds 1, 3, 5, 6, 9-16 and held-out 2, 4, 7: only spread dev 11:574
    #: changed (a yellow dare-8 read a 9 at 0.99, its other way 8 at 0.28: now read 8 on
    #: the reread), bench held 1 and 3 unchanged.
    corner_rival_min: float = 0.2
    #: Against a word read better the way up that reads a 9, a sure 4 the other way up,
    #: likelier its template, lies up when a corner index reads 4 surely and none another
    #: number (see half_turns.four_against_the_word; False: no number).
    four_misled: bool = True
    #: A 9 whose other way up reads a 4 likelier its template than the 9 is its, no corner
    #: index reading 9 surely, is no number (see half_turns.turned_in_doubt; False: off).
    four_likelier_doubts: bool = True
    #: A 6 or a 9 under a word leading the other way up (reading the other of the two at
    #: least ``half_turn_rival`` surely) by under this, a corner index's likeliest reading
    #: that other number and none this one, is no number (0: off; half_turns.turned_in_doubt).
    half_turn_corner_lead: float = 0.1
    #: A dare a centre cut reads fully surely with its number still counts when one corner
    #: index alone reads another number surely and the other corner's likeliest reading is
    #: the centre's, at least this sure (0: off; see :func:`~vision.corner_leans.outvoted`).
    corner_lean: float = 0.1
    #: A dare whose centre reads no number takes the one a corner index reads surely when
    #: the other corner's likeliest reading is the same, at least this sure (0: off; see
    #: :func:`~vision.corner_leans.seconded`).
    corner_second: float = 0.5
    #: A centre number read short of sure, at least this sure on the way the word reads,
    #: counts when both corners' likeliest readings are that number, each at least this
    #: sure too, and no corner reads it or another surely (0: off; see
    #: :func:`~vision.corner_leans.three_leans`).
    corner_both_lean: float = 0.3
    #: A centre number read at least this sure (short of sure) counts when one corner leans
    #: to it ``corner_both_lean`` surely and the other to no other number, under the same
    #: conditions (0: off; see :func:`~vision.corner_leans.one_lean`). Off: at 0.4 it
    #: numbered dev 3:638, 3:1503, 9:1373 and a spread's 3:870 right and no dev or held-out
    #: card wrong, but on the integrator's seed 8 it read a spread's blurred blue dare 15 as
    #: 14 (8:398: centre 14 and one corner leaning to it) - one corner is not enough.
    centre_one_lean: float = 0.0
    #: Neither leaning rule names a number with a digit a blurred fill's closed bays make
    #: (a 5 reads 8 in the centre and both corners alike).
    lean_closed: str = "0689"
    #: Both corner indices agreeing surely, each read apart, overrule a centre number read
    #: short of sure (False: only one ending in the same digit, its lead in doubt; see
    #: :func:`~vision.corner_leans.overrule`).
    corners_overrule: bool = True
    #: A corner's index is its tallest line: lines shorter than this share of it (a word
    #: above the number, a colour-blind shape below) are not read as a dare number.
    index_min_height: float = 0.8
    #: How sure a digit card short of sure becomes when a corner index reads the same digit.
    corner_agreed: float = 0.85
    #: A dare whose face is too glared or blurred to read its number is still read when both
    #: corner indices read the same number, a wild's, or one of two digits (10-16: only a
    #: dare carries one) under a face whose ink is likest a dare's, matching it at least this
    #: well (a mark a highlight paled matches ~0.4-0.55; 0: off). See symbols._a_dare_by_its_corner.
    corner_dare_likeness: float = 0.4
    #: ... and any dare both of whose corners print the dare word above their index, each
    #: matching it at least this well, and read the same number apart (a digit card prints
    #: no word there: non-dares' best ~0.43; 0: off). See corner_words.dare_by_corner_words.
    corner_word_score: float = 0.5
    #: A digit card's reading is no answer when either corner prints a line above its index
    #: matching the dare word at least this well: a dare whose word the centre's cut lost
    #: (a highlight, a shadow's edge) reads as the digit card of its number, and its corner
    #: index backs that digit (dev 11:557, a red dare 2 read red-2: 0.78). A digit card
    #: prints no word there, but a bar above its index (dev 11:713's green 2) matches the
    #: blurred word 0.7 (0: off). See corner_words.word_over_digit. Only a line shaped as the
    #: word over a one-digit index counts: at least ``digit_word_height`` of the index's
    #: height and ``digit_word_width`` of its width (11:557's word: 5 of 15 px high, 18 of
    #: 13 px wide; a speck 1 px high over dev 13:240's green 3 matched 0.79).
    digit_word_veto: float = 0.75
    digit_word_height: float = 0.25
    digit_word_width: float = 1.2
    #: ... asked only of a digit read short of this: the face's ink reads a digit card fully
    #: surely (1.0) only with the whole centre, the word's place included, matched to it
    #: (109 of 117 digit readings on 300 seed-1 frames; the cuts that lose a word read at
    #: 0.85, 11:557's too): looking at their corners cost +0.5% CPU median for nothing.
    digit_word_sure: float = 1.0
    #: A centre cut reading a dare fully surely, matching it at least this well, without its
    #: number, takes a number of two digits (10-16) one corner index alone reads surely
    #: while the other corner reads none surely nor leans to another, and no cut reads
    #: another number ending otherwise (0: off). See corner_leans.sure_dare_by_one_corner.
    one_corner_dare: float = 0.5
    #: ... also when the face's own cut reads the dare surely without its number (it then
    #: returns before those cuts are read: the same card, a second path), unless a way up
    #: of the face's number line reads another number even corner_agree_min surely: both
    #: small corners of a blurred card can misread alike (False: off; see
    #: corner_leans.face_dare_by_one_corner).
    one_corner_face_dare: bool = True
    #: ... only for a number with no digit among these, the digits a closed bay makes of
    #: another (blur or a highlight fills a 5's bays into a 6 or a 0: a 15 read 10 by
    #: every cue, dev 12:149), as a lone corner's number in symbols._a_numbered_dare ("": any).
    one_corner_face_closed: str = "0689"
    #: A dare's number the colour's cut reads fully surely while no corner index reads any
    #: number, with a digit a closed bay makes (see ``symbols._a_numbered_dare``'s lone
    #: corner), counts when the face's own ink, cut by another measure (hue and saturation,
    #: the print's outline and shadow with its fill), reads a number ending in the same digit
    #: the same way up at least ``corner_agree_min`` surely, and no way up of it reads
    #: another number as surely: a bay that blur closed in the fill is still open in the
    #: outlined print (dev 5:1719 spread, a 2 the cut reads 8, its face 2), and a 5 whose
    #: bays closed turned round reads a 9 one way and the 5 the other (6:442 spread); an 8
    #: only when the face reads 8 turned round too (its own print turned; a "#2" blurred
    #: shut reads 8 one way only: 10:1361). False: off.
    closed_face_agrees: bool = True
    #: A sure dare read without its number takes the number a grey or local-chroma centre
    #: cut (none over the paper's centre) reads fully surely, two lines with the number
    #: centred, when the face's ink reads it the same way up and no other as surely, it has
    #: no digit in CLOSED_BAYS, and no corner nor other cut reads another (dev 13:346; see
    #: numbered_dares.numbered_by_a_cut). ``joined_face_agrees``: a cut, the colour's too,
    #: reading one line, the number joined to the word, counts so too (dev 12:1455).
    every_cut_numbers: bool = True
    joined_face_agrees: bool = True
    #: A wild card (a dare by its colours) whose centre no cut numbers takes the number one
    #: corner alone reads surely while the other reads none surely nor leans to another,
    #: when no way up of its centre reads another number surely (False: off; see
    #: corner_leans.wild_by_one_corner).
    one_corner_wild: bool = True
    #: ... and a centre reading the corner's number with its bays closed (a 3 as a 9, a 5
    #: as a 6) is no vote against it: a highlight over a white print fills its bays, never
    #: opens one (False: any other number vetoes; see corner_leans.closed_bays).
    wild_closed_bays: bool = True
    #: A digit card read less surely than this gives way to one corner reading another
    #: digit surely (a surer one to both corners).
    corner_doubt: float = 0.9
    #: The digits whose small corner index, blurred, closes into a ring that reads a sure 0
    #: (a 6's loop and tail, an 8's two bowls, a 5's bays): a corner's 0 does not outvote a
    #: sure centre reading of one of them, nor two of the centre's cuts agreeing on one
    #: (symbols._cuts_agree; "": it does). Dev 11:90, 14:1306 (6s), 15:1520 (an 8) read
    #: 0.93-0.95 by a lead of 0.15-0.27 in the centre while both blurred corners read 0;
    #: 16:1934, a glared 5 two cuts read at 0.96 and 0.92, one corner 0.
    corner_zero_closes: str = "5689"
    #: A line reading at least this well as the word casts doubt on a digit reading.
    word_doubt: float = 0.45
    #: The word's line is at least this share of the tallest line's height, and this many
    #: times as wide as it is tall (a word of three or more letters).
    word_min_height: float = 0.3
    word_min_aspect: float = 1.6
    #: A mark of one line is cut where its rows are thinnest, down to this share of the
    #: thinner part's widest row, when a part then reads as the word (its number run into
    #: it: blur, a slanted "#"; see :func:`~vision.dare_lines.both_ways`).
    word_valley: float = 0.45
    #: ... each part of that cut at least this share of the other's height.
    word_valley_part: float = 0.5
    #: A hole of at least this share of the centre mark's box surely is one (a 0's, a
    #: skip's); from ``faint_hole_share`` up it may be (a blurred 8's half closed, or the
    #: pocket where a bold 5's tail meets its bowl).
    sure_hole_share: float = 0.06
    faint_hole_share: float = 0.008
    #: A centre symbol's biggest blob lies within ``symbol_centred`` of its height from the
    #: card's centre; blobs farther than ``symbol_reach`` of that height are glare's
    #: leftovers, dropped when the rest hold at least ``symbol_most`` of the ink.
    symbol_centred: float = 0.35
    symbol_reach: float = 1.0
    symbol_most: float = 0.5
    #: The same bars for each digit of the dare number.
    digit_min_score: float = 0.55
    digit_good_margin: float = 0.08
    #: In a centre number's line of three characters ("#" then 1 then a digit: only 10-16
    #: print three), as the face's own cut shows it, the middle one is a 1 by its place: its
    #: likeness weighs in how sure the number is only when it reads likeliest as another
    #: character (False: always, as the 1 before a last digit does). A thin stroke loses its
    #: likeness to blur and a small card first (a blurred 1 scores ~0.7 while the wide digit
    #: beside it scores ~0.85). Not on the finer grey-level cuts, which thin every stroke.
    middle_one_placed: bool = True
    #: Every character of a dare number stands at least this share of its tallest
    #: character's height; a shorter blob at the line's start is left out, the rest read at
    #: most ``short_end_confidence`` sure: a corner index must back it (see
    #: :func:`~vision.number_rows.number_row`).
    digit_min_height: float = 0.5
    short_end_confidence: float = 0.5
    #: A bay this share of a digit's width deep, within ``bay_reach`` of its height from
    #: its top (right side) or bottom (left side), rules out the digits closed there (see
    #: :mod:`vision.bays`; a dare number's last digit, in the centre).
    bay_depth: float = 0.25
    bay_reach: float = 0.4
    #: A dare number is read again from the card's grey levels, each character cut at these
    #: shares of the way from the paper round it to its ink (see :mod:`vision.grey_ink` and
    #: :func:`~vision.number_rows.number_row`) when read short of sure; read surely by a lead of
    #: its last digit over the next likeliest short of ``narrow_lead``, it is checked by
    #: cuts at ``recut_checks``.
    recut_ladder: tuple[float, ...] = (0.4, 0.5, 0.6, 0.7, 0.8)
    narrow_lead: float = 0.12
    recut_checks: tuple[float, ...] = (0.4, 0.6, 0.8)
    #: Cuts from this share up see a blurred stroke's core, past its fringe: only they
    #: second a reading (fainter ones may still read another number, and cast doubt).
    recut_core: float = 0.5
    #: The digits a heavy, blurred print of others closes into (a 5, 3, 2, 6 or 9 whose bays
    #: fill reads 8; a 6 whose loop fills, 0): read so by a narrow lead, one of them needs a
    #: core cut leaning to it too.
    closed_digits: frozenset = frozenset({"8", "0"})
    #: A centre's dare number 14 whose 4 leads a 6 by less than this is read at most
    #: ``short_end_confidence`` surely: a corner index must back it (asked where a number is
    #: read for an answer, not as a vote against another: :func:`~vision.number_rows.filled_six`); 0: off.
    four_six_lead: float = 0.1
    #: A number one sure cut reads, every other cut at the core leaning to it, counts only
    #: when its last digit stands at least this share of its tallest character's height
    #: (see :func:`~vision.number_rows.number_row`: glare that took a 6's stem leaves a short 0).
    whole_digit: float = 0.85
    #: A line the face's cut reads as no number at all (a character of it no "#", 1 or
    #: digit) is cut again from its grey levels too (see ``recut_ladder``): glare or a
    #: shadow across the print pales part of a stroke below the face's one cut, while a
    #: cut at the character's own levels keeps it (False: only a line read as some number).
    #: Read surely by no cut, it stays unread unless the likeliest cut's last digit leads
    #: by ``narrow_lead``.
    recut_unread: bool = True
    #: A lone 1 (a one-character line) the face's own cut reads short of sure is not made
    #: sure by a finer grey-level cut once a coarser cut at the core (``recut_core``) read
    #: another number (False; True: it is): the finest cuts thin a blurred 3 or 5 into a bar
    #: that reads a sure 1 (spread card 15:1869), while a 1 reads so from the core's first
    #: cut up. Measured at b7e2262: spread wrongs 15:1869, 14:1523 gone (unnumbered, no
    #: card), 13:1660 and 15:559 right, no other scene on seeds 1-7, 9-16 changed.
    recut_lone_one: bool = False
    #: A dare's number read from a line of one character lying wholly left of the word's
    #: middle (the way up the word reads) is no number (False: off): a dare prints "#8" or
    #: "14" centred over its word, its last digit right of the middle; a lone character
    #: left of it is the "#" or the 1 that glare or a washed-out print left of the number
    #: (see :func:`~vision.dare_lines.first_character_alone`).
    first_character_alone: bool = True
    #: A dare's number whose last digit stands under this share of its line's tallest
    #: character (the way up chosen) is no number unless a corner index reads it (0: off):
    #: a number's characters are printed alike, and glare that took a 6's loop leaves its
    #: head (a sure 4, 0.65 of the 1 before it), a 5 cut to half its height a sure 0; a 1's
    #: flag or blur varies a whole digit's stature by some 15% (a 16's 6 stands 0.85 of its
    #: 1 on a spread card read right). Asked of the chosen number only, not inside the line's
    #: reading: a rival way up weakened so let the other way win (a held 7 read as a dare
    #: 7). Not on a wild card: a highlight joined to its white print makes a character
    #: taller than the print (see :func:`~vision.dare_lines.last_digit_short`).
    short_last_digit: float = 0.75
    #: A digit card's centre mark a highlight left unsure is that digit when both corner
    #: indices read it on their own and the mark (one line in the card's middle) matches
    #: it at least ``corner_tie_score`` (0: off), within ``corner_tie_gap`` of the best
    #: symbol (see :func:`~vision.corner_ties.digit_by_corners`).
    corner_tie_score: float = 0.5
    corner_tie_gap: float = 0.02
    #: ... or when one corner reads it and the other nothing, the mark matching it best of
    #: all symbols and at least this well (0: off).
    corner_tie_one_score: float = 0.7
    #: A skip or reverse whose centre a highlight left unsure is that action when both
    #: corners' index matches it at least this well (0: off), leading every other symbol
    #: by ``corner_action_lead``, and the centre's mark matches it as a digit's must
    #: (``corner_tie_score``, ``corner_tie_gap``; see :func:`~vision.corner_ties.action_by_corners`).
    corner_action_score: float = 0.7
    corner_action_lead: float = 0.08
    #: Short of every other cue, the mark cut again in a glare spot's own light is read,
    #: the spot's light above the paper by each of these shares of the way to white in
    #: turn (see :func:`~vision.symbols._read_in_glare`; empty: off).
    glare_lifts: tuple[float, ...] = (0.5, 0.3)
    #: Short of every other cue, a digit the print's core (its darkest pixels, a blur's
    #: fringe left out) reads fully surely, matching it at least this well, counts when the
    #: face's ink and the centre's cut by chroma each match it the same way up within
    #: ``measures_gap`` of their best symbol (0: off; see
    #: :func:`~vision.blurred_digits.digit_by_measures`).
    measures_core_score: float = 0.85
    measures_gap: float = 0.02
    #: Last, a 0 when a corner reads 0 (neither another digit) and a re-cut of the centre's
    #: mark is a 0's ring, its hole at least this share of the filled ring (0: off; see
    #: :func:`~vision.zero_ring.zero_by_ring`).
    zero_ring_hole: float = 0.2
