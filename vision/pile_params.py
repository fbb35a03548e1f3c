"""How the pile's order is judged: every share and contrast :mod:`vision.pile` uses to say
which of two overlapping candidates lies on top, and what the band round a card's outline
(the pile evidence) must show.

Apart from ``pile`` because the list is long (as ``quad_params`` and ``face_params`` are
apart from theirs), and ``reach`` reads it too.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PileParams:
    """How overlaps are judged."""

    #: One of two overlapping candidates must look this much wholer than the other inside
    #: the overlap to be judged on top ...
    min_difference: float = 0.05
    #: ... or this much, when they overlap by less than ``sliver`` of the smaller one's
    #: card: a thin sliver of border holds few pixels, and only a border lying right
    #: across the other's field is clear there.
    sliver: float = 0.06
    sliver_difference: float = 0.5
    #: Where the borders cannot tell (both look as whole), the card whose own outline shows
    #: as a dark line inside the other's lies on top (:func:`outline_edge`: the outline one
    #: sees is the top card's, its cut edge and the thin shadow it casts; the lower card's
    #: runs hidden under the top card's paper), when its line is this many grey levels (of
    #: min(B, G, R)) darker than the other's. 0: not used.
    edge_contrast: float = 30.0
    #: ... and where the borders do tell, an outline line as clearly the other way round
    #: leaves the pair unordered (two cues against each other: the pile evidence decides).
    edge_veto: bool = True
    #: In a sliver (less than ``sliver`` overlap), borders wholer by ``min_difference`` at
    #: least (short of ``sliver_difference``) order the pair when the outlines say the same
    #: by this many grey levels (:func:`outline_edge`; 0: never): two weak cues agreeing.
    sliver_edge_contrast: float = 10.0
    #: ... and when such borders lean one way while the outlines say the other (by
    #: ``edge_contrast``), the pair stays unordered (True; False: the outlines order it):
    #: two cues against each other, as ``edge_veto`` says where the borders tell. A quad is
    #: a pixel or two off, so a sliver's outline may run along the lower card's field edge
    #: (a step from paper to paint reads as a dark line there) while the border cue,
    #: weak but the other way, says which paper runs on whole.
    sliver_lean_veto: bool = True
    #: Two candidates overlapping by less than this share of the smaller one's card are
    #: not ordered at all: a strip a pixel or two wide, or a corner's tip, is no wider
    #: than the quads' own error, so what looks whole there is noise.
    min_overlap: float = 0.01
    #: ... unless their borders there differ by this much (of at most 2: one card's ring
    #: all paper, the other's ring none and its field's rim all paper; 0: never): a
    #: quad's error leaves a border partly white, but only a card's border lying across
    #: the other's field turns that field's rim white (a card lying on another's corner).
    #: Asked only of rivals the recogniser's settling left unordered (:func:`tip_under`).
    tip_difference: float = 1.2
    #: ... or, short of that, when they lean by ``min_difference`` and the outlines say the
    #: same by ``edge_contrast`` (True; False: never): two cues agreeing, the outlines as
    #: clearly as where they order a pair alone. The top card's border runs on over the tip
    #: while the lower one's stops, and its cut edge and shadow are the line one sees there;
    #: blur or a dim light soften the borders' cue short of ``tip_difference`` without
    #: turning it round. Not the sliver's weaker ``sliver_edge_contrast``: a tip's outline is
    #: a few pixels long, and blur and noise move a short line's mean as much as that; a
    #: card lying beside the pile may also touch the top card's corner (dev 13:1622).
    tip_lean: bool = True
    #: A candidate at least this much larger than one it holds almost wholly (this share
    #: of the smaller one) is two cards' fields run together, not a card.
    swallow_ratio: float = 1.4
    swallow_share: float = 0.85
    #: Pile evidence (:func:`pile_evidence`) is looked for in a band this wide (a share of
    #: the card's size) around a card's outline, in the search's mask at this width ...
    evidence_band: float = 0.12
    evidence_width: int = 320
    #: ... where a connected region (paper or not) taking this share of the frame is the
    #: table, or a dark one of this share that reaches the frame's edge (paper that does is
    #: often the border of a card cut by the edge, or light wood joined to it).
    table_share: float = 0.25
    table_edge_share: float = 0.05
    #: A pale table under a lamp with a shadow across it falls into a dark part and a lit
    #: one: the lit part is no dark region, and under ``table_share`` it was never table (a
    #: card lying alone on it then showed a pile all round it). A paper-white region of
    #: this share at least that reaches the frame's edge is table too when a disc
    #: ``paper_open_width`` times the narrowest card's width across fits inside it (0:
    #: never): the cards' paper run together is borders and centres, the widest a centre
    #: round its symbol, about half a card (a disc 0.46 and 0.35 of one fits on seed 1's
    #: scene 889 and seed 6's 469); a stretch of lit cloth is wide open (0.98 on seed 6's
    #: 788).
    paper_edge_share: float = 0.1
    paper_open_width: float = 0.75
    #: Of two whole cards side by side, neither judged on the other, one is taken for the
    #: top only when its evidence beats the other's by this much.
    evidence_margin: float = 0.15
    #: ... and when this share of the band around it at least is no table: a card with
    #: the table nearly all round it lies on no pile, whatever lies round the other.
    min_evidence: float = 0.3
    #: ... unless every other one has the table all round it (evidence this much at most;
    #: 0: never) and lies clear of it (their cards do not overlap): a card lying alone
    #: beside the pile is none of its cards, and the one with the pile's lower cards in
    #: its band (by ``evidence_margin`` more) lies on it, however few of them show round
    #: it. Not when the two overlap: the band leaves out the other candidates' cards, so
    #: a top card lying on one found card only shows the table round it too.
    alone_evidence: float = 0.06
    #: ... and, only once nothing else ordered the cards, when the two overlap by less than
    #: this share of the smaller card (0: never) and not each with a corner inside the
    #: other's quad (:func:`~vision.alone_sliver.alone_by_sliver`): dev 6:1815, 9:1023,
    #: 10:954, 12:204, 14:1415, 16:148 no card -> right; the crossed corners keep dev 3:56
    #: (the top card lying on a lower card's edge, the table all round it) "no card".
    alone_sliver: float = 0.06
    #: A blob reaches into a card when it covers this share of the card's inside (the card
    #: shrunk by ``intrusion_depth``): a lower card's field stops at the card's border ...
    intrusion_share: float = 0.005
    intrusion_depth: float = 0.0
    #: ... unless this share of the blob lies within the card's own field (grown by
    #: ``own_margin``): a piece of that field (a tilted oval or a disc cuts it in two).
    own_share: float = 0.9
    own_margin: float = 0.04
