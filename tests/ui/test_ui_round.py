"""A whole round through the real app: cards played in front of a scripted camera (the
capture thread, the feed's worker thread and the tracker all run), everything else tapped
on the screens; the final scores must equal those of the same round folded by the engine.

The camera source is scripted at the level of sightings: each frame is a tiny picture
whose first pixel numbers the sighting the recogniser is to return (a card at a pose, or
"no card" while a hand covers the pile), so the test does not depend on how well the
recogniser reads rendered cards, only on the path from camera to engine to screen.
"""

import random
import threading
import time

import numpy as np
import pytest

from companion.camerafeed import CameraFeed
from companion.tablesim import SimTable
from hardware.camera.frame import Frame, FrameSource
from uikit import button_in, frames, popups, tap, wait_until
from vision.sighting import Sighting, no_card

CARD_W, CARD_H = 60.0, 93.0


class ScriptedCamera(FrameSource):
    """Frames pushed by the test; when none is waiting it keeps seeing what it saw last
    (a still table), about a hundred frames a second, as a camera would."""

    name = "scripted camera"
    live = False

    def __init__(self):
        self._frames: list[int] = []
        self._lock = threading.Lock()
        self._index = 0
        self._last = 0

    def push(self, tokens: list[int]) -> None:
        with self._lock:
            self._frames += tokens

    def open(self) -> None:
        pass

    def read(self):
        with self._lock:
            waiting = bool(self._frames)
            if waiting:
                self._last = self._frames.pop(0)
            token = self._last
        if not waiting:
            time.sleep(0.01)
        image = np.zeros((2, 2, 3), np.uint8)
        image[0, 0, 0], image[0, 0, 1] = token % 256, token // 256
        frame = Frame(image, self._index, self._index / 30.0)
        self._index += 1
        return frame

    def close(self) -> None:
        pass


class ScriptedRecognizer:
    """Returns the sighting a frame's first pixel names; ``spread`` is what ``all_cards``
    sees (the hand being counted)."""

    def __init__(self):
        self.sightings: list[Sighting] = [no_card()]
        self.spread: list[str] = []

    def token(self, sighting: Sighting) -> int:
        self.sightings.append(sighting)
        return len(self.sightings) - 1

    def top_card(self, image):
        return self.sightings[int(image[0, 0, 0]) + 256 * int(image[0, 0, 1])]

    def all_cards(self, image):
        return [Sighting(label, 0.9, None) for label in self.spread]


def pose(k: int) -> np.ndarray:
    """Where the k-th card lands: a little further round each time."""
    angle = 0.7 * k
    cx, cy = 320 + 40 * np.cos(angle), 240 + 40 * np.sin(angle)
    half = np.array([[-CARD_W / 2, -CARD_H / 2], [CARD_W / 2, -CARD_H / 2],
                     [CARD_W / 2, CARD_H / 2], [-CARD_W / 2, CARD_H / 2]])
    return (half + [cx, cy]).astype(np.float32)


@pytest.fixture
def camera(app):
    source, recognizer = ScriptedCamera(), ScriptedRecognizer()
    feed = CameraFeed(source, recognizer)
    app.feed = feed
    feed.start()
    yield source, recognizer
    feed.stop()
    app.feed = None


def test_a_whole_round_from_camera_and_taps(app, camera):
    source, recognizer = camera
    ctl = app.controller
    sim = SimTable(["Ann", "Ben", "Cat"], random.Random(11), target=500)
    game_line = sim.next_event()
    ng = app.sm.get_screen("newgame")
    ng.players = list(game_line["players"])
    ng.dare_list, ng.target, ng.scoring = "family", 500, "standard"
    ng.dare_keeps_turn, ng.reverse_skips, ng.strict_uno = False, True, False
    ng.uno_timer_s = 5
    tap(ng.ids.start)
    sim.send(ng.game_event())
    placed = 0
    taps = camera_plays = 0
    while not ctl.snapshot()["rounds"]:
        event = sim.next_event()
        n = len(ctl.game.events)
        if event["type"] in ("play", "flip"):
            hand = [recognizer.token(no_card())] * 6          # a hand over the pile
            card = [recognizer.token(Sighting(event["card"], 0.95, pose(placed)))] * 6
            placed += 1
            source.push(hand + card)
            wait_until(lambda: len(ctl.game.events) > n, what=f"the camera to read {event}")
            camera_plays += 1
        else:
            tap_for(app, event, recognizer)
            taps += 1
        assert len(ctl.game.events) == n + 1, f"{event} did not go in: {ctl.message}"
        assert ctl.game.events[-1] == event
        sim.send(event)
    # the round's points are on the round-over screen, then the scores
    ro = app.sm.current_screen
    assert app.sm.current == "roundover" and ro.results
    snap = ctl.snapshot()
    assert snap["rounds"] == sim.game.snapshot()["rounds"]
    assert [p["score"] for p in snap["players"]] == [p["score"] for p in sim.game.snapshot()["players"]]
    assert sum(p["score"] for p in snap["players"]) > 0
    tap(ro.ids.next)
    scores = app.sm.current_screen
    winner = snap["rounds"][0]["winner"]
    assert app.sm.current == "scores" and scores.ids.chart.totals[0] == [p["score"] for p in snap["players"]]
    assert any(t.startswith(f"Round 1: {winner} went out") for t in _texts(scores))
    assert camera_plays > 10 and taps > 3
    # and what the table saw is what the journal kept
    assert ctl.journal.events(ctl.session.game_id) == ctl.game.events


def _texts(root):
    from uikit import texts

    return texts(root)


def tap_for(app, event: dict, recognizer: ScriptedRecognizer) -> None:
    """Do on the screen what a player would for ``event``."""
    sm = app.sm
    kind = event["type"]
    s = sm.current_screen
    if kind == "deal":
        assert sm.current == "deal"
        if "dealer" in event:
            tap(s.player_buttons[event["dealer"]])
        else:
            tap(button_in(s, f"Deal: {s.ctl.state.players[s.ctl.state.left_of(s.ctl.state.dealer)]}"))
    elif kind == "draw":
        tap(sm.get_screen("table").ids.draw)
    elif kind == "pass":
        tap(sm.get_screen("table").ids.pass_)
    elif kind == "uno":
        tap(sm.get_screen("table").ids.uno)
        if popups():
            tap(popups()[-1].buttons[event["player"]])
    elif kind == "catch":
        table = sm.get_screen("table")
        assert table.ids.catch.text == f"Catch\n{event['player']}"
        tap(table.ids.catch)
    elif kind == "color":
        assert sm.current == "colour"
        tap(s.ids[event["color"]])
    elif kind == "dare":
        assert sm.current == "dare"
        tap(s.ids[event["outcome"]])
    elif kind == "hand":
        assert sm.current == "roundover" and s.player == event["player"]
        recognizer.spread = list(event["cards"])
        tap(s.ids.count)
        wait_until(lambda: not s.counting, what="the camera count")
        assert s.cards == event["cards"]
        assert not s.warning                     # the count agrees with the one kept
        tap(s.ids.confirm)
    else:
        raise AssertionError(f"no tap for {event}")
    frames()
