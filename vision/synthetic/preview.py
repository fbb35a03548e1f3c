"""Contact sheets of synthetic scenes, to look at with the eye:
``python -m vision.synthetic.preview OUT_DIR [--seed S --n N] [--truth]``.

Each sheet holds 12 scenes (4 x 3, half size) captioned with their kind and label;
``--truth`` outlines the truth corners (green, a dot on the card's own top-left).
A second sheet shows every card face of a few random decks.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import cv2
import numpy as np

from companion.engine.cards import all_labels

from .card import render_back, render_card
from .scene import Scene, scene_set
from .style import random_style


def annotate(scene: Scene, truth: bool) -> np.ndarray:
    """The scene at half size with a caption (and the truth outlines)."""
    img = scene.image.copy()
    if truth:
        quads = [q for _, q in scene.cards]
        if not quads and scene.corners is not None:
            quads = [scene.corners]
        for q in quads:
            cv2.polylines(img, [np.round(q).astype(np.int32)], True, (0, 255, 0), 2, cv2.LINE_AA)
            cv2.circle(img, tuple(np.round(q[0]).astype(int)), 6, (0, 255, 0), -1)
    img = cv2.resize(img, (320, 240), interpolation=cv2.INTER_AREA)
    c = scene.conditions
    caption = f"{c['kind']} {scene.label or '-'} {c['table']} {c['light']}"
    cv2.rectangle(img, (0, 0), (320, 16), (0, 0, 0), -1)
    cv2.putText(img, caption, (3, 12), cv2.FONT_HERSHEY_SIMPLEX, 0.4, (255, 255, 255), 1,
                cv2.LINE_AA)
    return img


def sheets(scenes: list[Scene], truth: bool, per_row: int = 4, rows: int = 3) -> list[np.ndarray]:
    tiles = [annotate(s, truth) for s in scenes]
    per = per_row * rows
    out = []
    for i in range(0, len(tiles), per):
        chunk = tiles[i:i + per]
        chunk += [np.zeros_like(tiles[0])] * (per - len(chunk))
        rows_img = [np.hstack(chunk[r * per_row:(r + 1) * per_row]) for r in range(rows)]
        out.append(np.vstack(rows_img))
    return out


def deck_sheet(seed: int, decks: int = 3, width: int = 72) -> np.ndarray:
    """Every label (and the back) in ``decks`` random styles, one row of 16 per block."""
    rng = np.random.default_rng(seed)
    rows = []
    for _ in range(decks):
        style = random_style(rng)
        faces = [render_card(label, style, width)[0] for label in all_labels()]
        faces.append(render_back(style, width)[0])
        faces += [np.zeros_like(faces[0])] * (-len(faces) % 16)
        faces = [cv2.copyMakeBorder(f, 2, 2, 2, 2, cv2.BORDER_CONSTANT, value=(70, 70, 70))
                 for f in faces]
        rows += [np.hstack(faces[i:i + 16]) for i in range(0, len(faces), 16)]
    return np.vstack(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m vision.synthetic.preview",
                                     description="write PNG contact sheets of synthetic scenes")
    parser.add_argument("out_dir", type=Path)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--n", type=int, default=48, help="how many scenes (default 48)")
    parser.add_argument("--truth", action="store_true", help="outline the truth corners")
    args = parser.parse_args(argv)
    try:
        args.out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        print(f"cannot create {args.out_dir}: {err.strerror}; choose another folder",
              file=sys.stderr)
        return 1
    written = []
    for i, sheet in enumerate(sheets(list(scene_set(args.seed, args.n)), args.truth)):
        path = args.out_dir / f"scenes_{args.seed}_{i:02d}.png"
        cv2.imwrite(str(path), sheet)
        written.append(path)
    path = args.out_dir / f"decks_{args.seed}.png"
    cv2.imwrite(str(path), deck_sheet(args.seed))
    written.append(path)
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
