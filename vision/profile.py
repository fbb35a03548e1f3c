"""A deck profile: what one deck's cards look like (border, ink hues, marks), and teaching it.

``default_profile()`` is drawn in code at first use (a fraction of a second, then kept in
memory); ``teach`` learns a real deck from a handful of labelled photos by running the
recogniser's own steps on each photo and keeping what it measured, so a profile never holds
more than the features of the photos it was taught.
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Iterable

import numpy as np

from companion.engine.cards import Card

from . import templates
from .colour import BLACK, DEFAULT_HUES, circular_mean
from .geometry import CardGeometry
from .ink_lines import clean_ink, split_characters, split_rows, split_rows_at_valley
from .marks import SymbolBanks, TemplateBank, feature
from .symbol_params import SymbolParams

FORMAT = "uno-companion deck profile"
VERSION = 1


class ProfileError(ValueError):
    """A profile file that cannot be read; the message says which and why."""


@dataclass(frozen=True)
class DeckProfile:
    """One deck's look, as the recogniser needs it.

    ``learnt`` holds only what teaching added (the rest of ``banks`` is the default deck's
    drawn marks), so a saved profile stays a few kilobytes and rebuilds the rest at load.
    """

    name: str
    geometry: CardGeometry
    hues: dict[str, float]
    banks: SymbolBanks
    taught: dict[str, int] = field(default_factory=dict)
    learnt: SymbolBanks | None = None

    def save(self, path: str | Path) -> None:
        """Write the profile as one small compressed ``.npz``."""
        meta = {"format": FORMAT, "version": VERSION, "name": self.name,
                "border": self.geometry.border, "hues": self.hues, "taught": self.taught}
        arrays = {"meta": np.array(json.dumps(meta))}
        for kind in BANKS:
            bank = getattr(self.learnt, kind) if self.learnt else _empty_bank()
            arrays[f"{kind}_labels"] = np.array(bank.labels, dtype=str)
            arrays[f"{kind}_vectors"] = bank.vectors.astype(np.float16)
        buffer = io.BytesIO()
        np.savez_compressed(buffer, **arrays)
        Path(path).write_bytes(buffer.getvalue())

    @classmethod
    def load(cls, path: str | Path, params: SymbolParams | None = None) -> "DeckProfile":
        """Read a profile written by :meth:`save`; ProfileError when it is not one."""
        try:
            with np.load(Path(path), allow_pickle=False) as data:
                meta = json.loads(str(data["meta"]))
                if not isinstance(meta, dict) or meta.get("format") != FORMAT:
                    raise ProfileError(f"{path} is not a deck profile")
                learnt = {kind: TemplateBank(tuple(str(x) for x in data[f"{kind}_labels"]),
                                             data[f"{kind}_vectors"].astype(np.float32))
                          for kind in BANKS}
                hues = {k: float(v) for k, v in meta["hues"].items()}
                border = float(meta["border"])
        except ProfileError:
            raise
        except FileNotFoundError:
            raise ProfileError(f"no deck profile at {path}") from None
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            raise ProfileError(f"{path} is not a deck profile") from None
        base = _default_banks(params or SymbolParams())
        banks = SymbolBanks(**{kind: getattr(base, kind).merged(learnt[kind])
                               if learnt[kind].labels else getattr(base, kind) for kind in BANKS})
        return cls(str(meta.get("name", Path(path).stem)), CardGeometry(border), hues, banks,
                   {k: int(v) for k, v in meta.get("taught", {}).items()}, SymbolBanks(**learnt))


BANKS: tuple[str, ...] = ("glyph", "word", "digit")


def _empty_bank() -> TemplateBank:
    return TemplateBank((), np.zeros((0, 1), np.float32))


@lru_cache(maxsize=1)
def _default_banks(params: SymbolParams) -> SymbolBanks:
    blur = params.template_blur
    glyph = TemplateBank.from_masks(templates.with_blur(templates.symbol_masks(), blur)
                                    + templates.dare_masks(), params.glyph_box)
    word = TemplateBank.from_masks(templates.word_masks(), params.word_box)
    digit = TemplateBank.from_masks(templates.with_blur(templates.digit_masks(), blur),
                                    params.digit_box, params.digit_blur)
    return SymbolBanks(glyph, word, digit)


def default_profile(params: SymbolParams | None = None) -> DeckProfile:
    """The profile used without ``--deck``: drawn marks in several fonts, nominal inks."""
    return DeckProfile("default", CardGeometry(), dict(DEFAULT_HUES),
                       _default_banks(params or SymbolParams()))


def label_from_filename(name: str) -> str:
    """The card label a teaching photo's file name starts with: ``red-7_1.jpg`` -> red-7.

    The label ends at the first ``_``, space or ``.`` (labels themselves hold only letters,
    digits and ``-``); raises ValueError (a LabelError) when it is not a card label.
    """
    stem = Path(name).name
    for sep in ("_", " ", "."):
        stem = stem.split(sep, 1)[0]
    return Card.from_label(stem).label


@dataclass
class TeachReport:
    """What ``teach`` learnt and which photos it could not use (path -> reason)."""

    used: dict[str, int] = field(default_factory=dict)
    skipped: dict[str, str] = field(default_factory=dict)


def teach(labelled_images: Iterable[tuple], base: DeckProfile | None = None,
          recognizer_params=None, name: str = "taught",
          report: TeachReport | None = None) -> DeckProfile:
    """A profile learnt from (label, BGR photo[, name]) items, one card in each photo.

    Each photo goes through the recogniser's own steps (find the card, flatten it, read
    its colour and cut out its centre's ink); the card's ink hue and its marks become the
    new profile's hues and templates. Symbols never shown keep the ``base`` templates.
    ``report`` (optional) collects what was used and what was skipped and why.
    """
    from .recognizer import Recognizer  # the recogniser builds on profiles

    base = base or default_profile()
    recognizer = Recognizer(base, recognizer_params)
    sp = recognizer.params.symbols
    report = report if report is not None else TeachReport()
    hues: dict[str, list[float]] = {}
    items: dict[str, list[tuple[str, np.ndarray]]] = {"glyph": [], "word": [], "digit": []}
    for key, item in enumerate(labelled_images):
        label, image = item[0], item[1]
        tag = item[2] if len(item) > 2 else f"{label} #{key + 1}"
        card = Card.from_label(label)
        want = BLACK if card.is_wild else card.color
        face, reason = recognizer.best_face(image)
        if face is not None and face.colour.name != want and want != BLACK:
            # This deck's ink may sit far from the default hue: read the photo again with
            # the card's known colour placed at the hue its field measures.
            retry = Recognizer(replace(base, hues={want: face.colour.hue}), recognizer_params)
            face, reason = retry.best_face(image)
        if face is None:
            report.skipped[tag] = reason
            continue
        if face.colour.name != want:
            report.skipped[tag] = f"its field reads {face.colour.name or 'no colour'}, not {want}"
            continue
        if face.ink is None or not np.count_nonzero(face.ink):
            report.skipped[tag] = "no mark found in the card's centre"
            continue
        if not card.is_wild:
            hues.setdefault(card.color, []).append(face.colour.hue)
        ink = clean_ink(face.ink)
        symbol = "dare" if card.is_dare else card.symbol
        view = _upright(ink, symbol, base.banks, sp)
        items["glyph"].append((symbol, view))
        if card.is_dare and card.number is not None:
            rows = split_rows_at_valley(view, split_rows(view))
            if len(rows) >= 2:
                scores = [base.banks.word.best(feature(view[a:b], sp.word_box))[1] for a, b in rows]
                w = int(np.argmax(scores))
                a, b = rows[w]
                items["word"].append(("dare", view[a:b]))
                rest = [r for i, r in enumerate(rows) if i != w]
                a, b = max(rest, key=lambda r: int(np.count_nonzero(view[r[0]:r[1]])))
                pieces = split_characters(view[a:b])
                text = str(card.number)
                if len(pieces) == len(text) + 1:  # "#12": the first piece is the hash
                    items["digit"].append(("#", pieces[0]))
                    pieces = pieces[1:]
                if len(pieces) == len(text):
                    items["digit"] += list(zip(text, pieces))
        report.used[label] = report.used.get(label, 0) + 1
    new_hues = dict(base.hues)
    for colour, values in hues.items():
        new_hues[colour] = circular_mean(np.array(values))
    boxes = {"glyph": (sp.glyph_box, 1.0), "word": (sp.word_box, 1.0),
             "digit": (sp.digit_box, sp.digit_blur)}
    banks, learnt = {}, {}
    for kind, (box, blur) in boxes.items():
        new = TemplateBank.from_masks(items[kind], box, blur)
        before = getattr(base.learnt, kind) if base.learnt else None
        learnt[kind] = before.merged(new) if before is not None and before.labels else new
        banks[kind] = getattr(base.banks, kind).merged(new) if new.labels else getattr(base.banks, kind)
    taught = dict(base.taught)
    for label, count in report.used.items():
        taught[label] = taught.get(label, 0) + count
    return replace(base, name=name, hues=new_hues, banks=SymbolBanks(**banks), taught=taught,
                   learnt=SymbolBanks(**learnt))


def _upright(ink: np.ndarray, symbol: str, banks: SymbolBanks, sp: SymbolParams) -> np.ndarray:
    """The ink the right way up: the turn under which the base profile scores the known
    symbol best (the dare word decides for dare cards)."""
    views = (ink, ink[::-1, ::-1])
    if symbol == "dare":
        scores = []
        for view in views:
            rows = split_rows(view)
            scores.append(max((banks.word.best(feature(view[a:b], sp.word_box))[1]
                               for a, b in rows), default=-1.0) if len(rows) >= 2 else -1.0)
    else:
        scores = []
        for view in views:
            f = feature(view, sp.glyph_box)
            mine = [i for i, lab in enumerate(banks.glyph.labels) if lab == symbol]
            scores.append(float((banks.glyph.vectors[mine] @ f).max()) if f is not None and mine else -1.0)
    return views[int(np.argmax(scores))]
