"""The card search's tuning: its stages and every share and ratio its masks and fields use.

Apart from ``quads`` because the search's helpers (``masks``, ``fields``, ``sides``) read
these parameters too, and because the list is long: one place to look up what each number
means and why it is what it is. Every size is a fraction, so any frame size works.
"""

from __future__ import annotations

from dataclasses import dataclass

from .sides import SideParams


@dataclass(frozen=True)
class QuadParams:
    """Tuning of the quadrilateral search; all sizes are fractions so any frame size works."""

    #: The searches, in stages run cheapest first until one finds the card; each search is
    #: (kind, width of the working image the frame is downscaled to). The searches of a
    #: stage are judged together, so the pile's order is judged with all its cards. The
    #: local mask at 320 px finds nearly every card; the second stage looks again: the
    #: blobs of that mask that are no field, eroded apart (``split``: a field joined to a
    #: neighbour through a gap in its border), a global split (``otsu``: it sometimes
    #: closes a ring the local one leaves open), and the local mask at full width (a
    #: card's border seen small and blurred can vanish at 320 px). The last looks once more
    #: at full width, with every blob shrunk (``eroded``: a field run into the table or a
    #: neighbour through a border with gaps, say where a shadow or a cable crosses it),
    #: with a whiteness that weighs colour fully (``vivid``: a field washed by glare), and
    #: with the local mask cut along the image's edges (``edges``: a border smeared by
    #: motion blur into a ridge too faint to stay paper still has the field's edge beside
    #: it, where shrinking every blob breaks a small field up); and it takes the blobs of
    #: the local mask at full width that are no field whole for fields a glare spot took a
    #: bite out of (``bitten``: glare on a glossy card washes its field as white as
    #: paper); and it takes the light's colour out of the frame at 320 px when it has one
    #: (``balanced``: under a warm lamp a white border on an orange cloth or a wood table
    #: is as dark in the whiteness image as the table). Only when none of these answers,
    #: the last stage looks for fields that the light washed nearly as pale as paper
    #: (``pale``: the vivid whiteness with the darker share ``pale_dark_ratio``), and for
    #: fields by their straight sides (``sides``, :mod:`vision.sides`): a thumb or a
    #: finger across a border joins the field to the hand and the room, which no blob
    #: search takes apart.
    #: Not in the stages: ``faint`` (320 px, fainter ridges kept as paper) found 1 more
    #: top card in 1532 for ~2 ms more on the frames it runs on.
    stages: tuple[tuple[tuple[str, int], ...], ...] = (
        (("local", 320),), (("split", 320), ("otsu", 320), ("local", 640)),
        (("eroded", 640), ("vivid", 640), ("edges", 640), ("bitten", 640), ("balanced", 320)),
        (("pale", 640), ("sides", 640)))
    #: Searches after the last stage, for :meth:`~vision.recognizer.Recognizer.top_card`
    #: alone and only when the stages found nothing that is a card (no card read, none
    #: unsure, none covered): fields by their own vivid colour (``hue``,
    #: :mod:`vision.hue_fields`), in which a thumb over a held card's border is no field.
    #: In the last stage it ran on two held frames in three (a thumb across the border
    #: makes the recogniser look on through every stage: +7.5% CPU there) and found a
    #: pile's lower card beside a top card a finger hid, which answered for the pile
    #: (one wrong on a held-out table seed); here a card the stages found, read or not,
    #: answers first, and the frames it runs on are the few with no card in sight.
    last_looks: tuple[tuple[str, int], ...] = (("hue", 320),)
    #: A pixel is "dark" (field) when its whiteness is below this share of the local white.
    dark_ratio: float = 0.62
    #: How much of a pixel's chroma counts against its whiteness (see :func:`whiteness`).
    chroma_weight: float = 0.5
    #: The same for the ``vivid`` search's mask: a field under glare (white light added,
    #: its darkest channel lifted) still differs from paper by its colour.
    vivid_chroma_weight: float = 1.0
    #: ... blurred over this many px (odd; 0: not), as the noise it lifts would speckle it.
    vivid_blur: int = 3
    #: The ``pale`` search's share of the local white below which a pixel of the vivid
    #: whiteness is field: a washed-out print or a pale light leaves a field's colour only
    #: a little darker than its border.
    pale_dark_ratio: float = 0.85
    #: Floor of the local white level, so a black frame does not make noise look white.
    white_floor: float = 48.0
    #: A thin ridge this much brighter than its surroundings (within ridge_size px) is white.
    ridge_contrast: int = 18
    ridge_size: int = 5
    #: The ``faint`` search's mask keeps fainter ridges as paper (a thin border smeared by
    #: motion blur into a dark field and a dark table).
    faint_ridge_contrast: int = 10
    #: Field area as a share of the frame: smaller is too far to read, larger is no card
    #: (a card held up to a webcam can fill the frame's height: its field is ~0.4).
    min_area: float = 0.012
    max_area: float = 0.45
    #: A blob whose largest hole takes more than this share of it is a ring round
    #: something (a dark halo round a white card), not a field round its centre.
    max_hole: float = 0.6
    #: ... or more than this share when that hole fills more than ``card_hole_fill`` of its
    #: rotated box (a card's outline does, a disc or an oval about 0.79).
    max_card_hole: float = 0.3
    card_hole_fill: float = 0.9
    #: Contour area over its fitted quad's area (rounded corners lose a little).
    min_fill: float = 0.45
    #: The same for a field cut in two by the centre oval (the oval's share is missing).
    min_pair_fill: float = 0.3
    #: Pieces smaller than this share of the frame are never part of a field.
    min_piece: float = 0.003
    #: Two pieces may be one field when their boxes are this share of their size apart.
    pair_gap: float = 0.12
    #: ... or this share of the longer side of the box both span.
    pair_span_gap: float = 0.2
    #: The share of its weakest side a field's outline must follow (see side_support).
    min_side_support: float = 0.75
    max_fill: float = 1.06
    #: Field's short/long side ratio, as it lies flat (see ``focal``), may differ from the
    #: deck's by this factor (lens, blur, a blob's ragged edge).
    aspect_tolerance: float = 0.28
    #: The camera's focal length as a share of the frame's width (a webcam's or the Pi
    #: camera's 55-70 degrees across: 0.7-1.0), to take a tilted view's foreshortening
    #: out of a field's side ratio (see :func:`~vision.geometry.flat_view`). Only a quad
    #: whose seen ratio is off is judged so, and then it must lie as a card on a table
    #: seen by a camera tilted at most ``max_tilt`` degrees, with square corners in space
    #: (``max_skew``: |cos| of the angle between its sides).
    focal: float = 0.85
    max_tilt: float = 40.0
    max_skew: float = 0.1
    #: Opposite sides may differ in length by this factor (perspective), not more.
    max_side_ratio: float = 1.6
    #: The ``split`` search erodes a blob of a field's size that is no field this many work
    #: pixels and tries again (at most ``max_splits`` blobs a mask).
    split_erode: int = 1
    max_splits: int = 4
    #: The ``eroded`` search shrinks every dark blob of the mask this many work pixels.
    erode: int = 2
    #: The ``edges`` search cuts the local mask along the whiteness image's edges (Canny,
    #: these two gradient thresholds, after a 3 px blur): a border smeared by motion blur
    #: into a ridge too faint to stay paper still has the field's edge beside it.
    edge_low: int = 20
    edge_high: int = 60
    #: The ``bitten`` search (a field a glare spot took a bite out of, see
    #: :func:`~vision.bitten.bitten_fields`): the share its outline must follow of two of
    #: its box's sides, of a third, how much of the box the blob must fill, the smallest
    #: box (share of the frame) worth a look, and how far another piece may reach into it.
    bite_sides: float = 0.85
    bite_third: float = 0.5
    bite_fill: float = 0.25
    bite_min_area: float = 0.012
    bite_foreign: float = 0.01
    #: The searches whose fields must lie in a white frame (:func:`~vision.bitten.framed_by_paper`):
    #: the card's border ring at least ``ring_contrast`` times as white (median) as the field
    #: just inside it. Those searches take a field for a blob's outline after a gap let
    #: something join it, and the local mask also marks the table in a band round a bright
    #: card (the local mean there is the border's): through a gap in the border that band
    #: joins the field, and the box round both is the card with a rim of table, its
    #: "border" the table. A card's field always lies in its white paper border
    #: (``ColourParams.min_ring_contrast`` asks the same of a flattened card).
    framed_searches: tuple[str, ...] = ("eroded", "bitten", "hue")
    #: :func:`~vision.quads.search_near` takes the fields lying in its box grown by this
    #: many work px (a field's outline in the full-width mask may reach past the blob's
    #: at 320 px by a few px).
    near_margin: int = 16
    ring_contrast: float = 1.2
    #: The ``balanced`` search (the image with its light's colour taken out, see
    #: :func:`~vision.masks.white_balanced`): the share of the image, brightest in its
    #: darkest channel, that shows the light's colour, and the least and most gain a
    #: channel needs for the search to run (a warm bulb's white needs ~1.5-2.7 on blue).
    balance_top: float = 0.01
    balance_least_gain: float = 1.25
    balance_most_gain: float = 3.0
    #: Two candidates closer than this share of their size are one.
    same_card_distance: float = 0.25
    #: The ``sides`` search (a field whose border a thumb or finger breaks, found by its
    #: straight sides in the local mask; see :mod:`vision.sides`).
    sides: SideParams = SideParams()
    #: The ``hue`` search (:mod:`vision.hue_fields`: a field found by its own vivid colour,
    #: a thumb over its border being as dark as it): the deck's field hues (degrees: red,
    #: yellow, green, blue, as ``colour.DEFAULT_HUES``), how far a pixel's hue may lie from
    #: one, the least saturation and value (of 255) a field's print keeps in room light
    #: (skin is duller), how full of the blobs' hull its quad must be, and how much of its
    #: weakest side and of each of the other three its outline must follow (the thumb
    #: bites one side; a corner index notches the others).
    hue_hues: tuple[float, ...] = (356.0, 48.0, 128.0, 204.0)
    hue_reach: float = 20.0
    hue_saturation: int = 120
    hue_value: int = 50
    #: A hue's mask is traced only when it holds this share of the least field's area
    #: (``min_area``) at least: the fields it found on held dev seeds 11-13 held 1.06 of
    #: it at least, and 4 masks in 10 hold less than half (a third of its CPU there).
    hue_least_pixels: float = 0.5
    hue_min_fill: float = 0.85
    hue_max_fill: float = 1.2
    #: ... its weakest side over 0.4 (a thumb's wide bite). In the last stage, at 640 px,
    #: 0.4 found a pile's lower card beside a top card a finger hid (table seeds 3 and 6:
    #: three wrong cards, each followed over 9/16 of a side) and it was raised to 0.6; as a
    #: last look at 320 px those are not found, and 0.4 reads 4 held cards more (dev
    #: seeds 11-16: weakest sides 0.44-0.5).
    hue_side_support: float = 0.4
    hue_other_sides: float = 0.6
    #: ... and how much of its quad another card's print may bite
    #: (:func:`~vision.hue_fields.bite_of_cards`: a pile's lower card, a card lying on
    #: it; a held card's thumb is skin, in no field hue: on held dev seeds 11-16 the hue
    #: fields that read had at most 0.022).
    hue_bite_cards: float = 0.05
