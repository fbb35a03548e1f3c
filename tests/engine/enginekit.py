import pytest

from companion.engine import Game, IllegalEventError


def new_table(players=("Ann", "Ben", "Cat"), dealer="Ann", starter="red-5", **game):
    """A game dealt by ``dealer`` with ``starter`` turned over."""
    g = Game(game.pop("house_rules", None))
    g.apply({"type": "game", "mode": "dare", "players": list(players), **game})
    g.apply({"type": "deal", "dealer": dealer})
    if starter is not None:
        g.apply({"type": "flip", "card": starter})
    return g


def send(g, *events):
    notices = ()
    for e in events:
        notices = g.apply(e)
    return notices


def play(label, **kw):
    return {"type": "play", "card": label, **kw}


DRAW = {"type": "draw"}
PASS = {"type": "pass"}


def dare(outcome):
    return {"type": "dare", "outcome": outcome}


def rejected(g, event):
    """Assert ``event`` is refused and leaves the state exactly as it was; return the reason."""
    before = g.snapshot()
    events = list(g.events)
    with pytest.raises(IllegalEventError) as err:
        g.apply(event)
    assert g.snapshot() == before
    assert g.events == events
    return str(err.value)


def counts(g):
    return [p["cards"] for p in g.snapshot()["players"]]


