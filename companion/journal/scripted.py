"""A table that plays by itself: seeded, legal UNO Dare! logs for the journal's tests and
benchmark (a power-cut test needs a long game with undos, dares, UNO calls and catches).

It proposes plausible events in a shuffled, weighted order and keeps the first one the
engine accepts, so it needs to know nothing of the rules beyond the event shapes.
"""

from __future__ import annotations

import random
from typing import Iterator

from companion.engine import Game, IllegalEventError
from companion.engine.cards import COLORS, all_labels

PLAYERS = ("Ann", "Ben", "Cat")


def game_line(players: tuple[str, ...] = PLAYERS, target: int = 500) -> dict:
    return {"type": "game", "mode": "dare", "players": list(players), "dare_list": "family",
            "target": target, "scoring": "standard"}


def scripted_game(seed: int, max_lines: int = 500, players: tuple[str, ...] = PLAYERS,
                  target: int = 500, undo_rate: float = 0.03) -> list[dict]:
    """A legal table log of at most ``max_lines`` lines (game line first), ending early when
    the game is over. The same seed gives the same log."""
    rng = random.Random(seed)
    game = Game()
    first = game_line(players, target)
    game.apply(first)
    log = [first]
    while len(log) < max_lines and not game.over:
        for event in _proposals(rng, game.snapshot(), players, undo_rate):
            try:
                game.apply(event)
            except IllegalEventError:
                continue
            log.append(event)
            break
        else:  # nothing fits: cannot happen with a correct engine; do not loop forever
            raise RuntimeError(f"scripted game {seed} is stuck at line {len(log)}: "
                               f"{game.snapshot()}")
    return log


_LABELS = all_labels()


def _proposals(rng: random.Random, snap: dict, players: tuple[str, ...],
               undo_rate: float) -> Iterator[dict]:
    phase = snap["phase"]
    if rng.random() < undo_rate and snap["round"] > 0:
        yield {"type": "undo"}
    if phase == "deal":
        yield {"type": "deal", "dealer": rng.choice(players)} if snap["round"] == 0 \
            else {"type": "deal"}
    elif phase == "flip":
        while True:
            yield {"type": "flip", "card": rng.choice(_LABELS)}
    elif phase == "color":
        yield {"type": "color", "color": rng.choice(COLORS)}
    elif phase == "dare":
        yield {"type": "dare", "outcome": rng.choice(("done", "done", "failed", "declined"))}
    elif phase == "hands":
        counts = {p["name"]: p["cards"] for p in snap["players"]}
        for name in rng.sample(players, len(players)):
            if rng.random() < 0.5:
                yield {"type": "hand", "player": name,
                       "cards": [rng.choice(_LABELS) for _ in range(counts[name])]}
            else:
                yield {"type": "hand", "player": name, "points": rng.randrange(0, 60)}
    elif phase == "play":
        if rng.random() < 0.15:
            yield {"type": "uno", "player": rng.choice(players)}
            yield {"type": "catch", "player": rng.choice(players)}
        color = snap["color"]
        top = snap["top"] or ""
        same_symbol = top.split("-", 1)[1] if "-" in top and not top.startswith("wild") else ""
        if rng.random() < 0.3:
            yield {"type": "draw"}
        if rng.random() < 0.5:
            yield {"type": "pass"}
        for _ in range(3):
            if rng.random() < 0.8:
                yield {"type": "play", "card": _matching(rng, color, same_symbol)}
        yield {"type": "draw"}
        yield {"type": "pass"}
        yield {"type": "play", "card": f"wild-dare-{rng.randrange(1, 17)}"}


def _matching(rng: random.Random, color: str | None, symbol: str) -> str:
    """A card that probably matches: the colour in play, or the top card's symbol."""
    if symbol and rng.random() < 0.3:
        return f"{rng.choice(COLORS)}-{symbol}"
    face = rng.choice([*map(str, range(10)), "skip", "reverse", "dare"])
    if face == "dare":
        face = f"dare-{rng.randrange(1, 17)}"
    return f"{color or rng.choice(COLORS)}-{face}"
