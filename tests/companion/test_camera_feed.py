"""CameraFeed: capture and recognition off the main thread, results through a queue."""

import threading
import time

import numpy as np
import pytest

from companion.camerafeed import CameraFeed
from hardware.camera import ListSource
from vision.sighting import Sighting, no_card


class Reader:
    """Reads a 'card' from the grey level of a frame: 0 is no card."""

    def __init__(self):
        self.threads = set()

    def top_card(self, image):
        self.threads.add(threading.current_thread().name)
        level = int(image[0, 0, 0])
        if level == 0:
            return no_card()
        corners = np.array([[0, 0], [56, 0], [56, 87], [0, 87]], np.float32) + level
        return Sighting(f"red-{level % 10}", 0.9, corners)

    def all_cards(self, image):
        return [Sighting("blue-1", 0.9, None), Sighting(None, 0.1, None)]


def frames(levels):
    return [np.full((8, 8, 3), v, np.uint8) for v in levels]


def drain(feed, until, timeout=10.0):
    got = []
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        got += feed.poll()
        if until(got):
            return got
        time.sleep(0.01)
    raise AssertionError(f"no such messages: {got}")


def test_plays_are_tracked_on_the_worker_and_read_by_poll():
    reader = Reader()
    source = ListSource(frames([0] * 3 + [3] * 5 + [0] * 6 + [40] * 6), fps=100)
    with CameraFeed(source, reader) as feed:
        got = drain(feed, lambda g: sum(m.kind == "play" for m in g) == 2)
    plays = [m.card for m in got if m.kind == "play"]
    assert plays == ["red-3", "red-0"]
    assert "recognition" in reader.threads and threading.main_thread().name not in reader.threads
    assert feed.latest() is not None and feed.frames >= 10


def test_factories_are_made_on_the_worker_and_count_and_photo_requests():
    made = []

    def make_reader():
        made.append(threading.current_thread().name)
        return Reader()

    source = ListSource(frames([5] * 400), fps=50, pace=True, live=True)
    feed = CameraFeed(lambda: source, make_reader)
    assert feed.reads_cards and feed.source is None
    with feed:
        assert feed.ready.wait(5)
        feed.request_count()
        feed.request_photo()
        got = drain(feed, lambda g: {"count", "photo"} <= {m.kind for m in g})
    assert made == ["recognition"] and feed.source is source
    count = next(m for m in got if m.kind == "count")
    assert count.cards == ("blue-1",)
    photo = next(m for m in got if m.kind == "photo")
    assert photo.image.shape == (8, 8, 3)
    assert not feed.running


def test_a_recogniser_that_cannot_be_made_leaves_the_camera_on():
    def broken():
        raise RuntimeError("no templates")

    with CameraFeed(ListSource(frames([1] * 5)), broken) as feed:
        got = drain(feed, lambda g: any(m.kind == "error" for m in g))
    assert "camera not available: no templates" in [m.text for m in got if m.kind == "error"][0]


def test_without_a_recogniser_the_picture_still_comes():
    with CameraFeed(ListSource(frames([7] * 5), fps=100)) as feed:
        got = drain(feed, lambda g: any("card reading not available" in m.text for m in g))
        end = time.monotonic() + 5
        while feed.latest() is None and time.monotonic() < end:
            time.sleep(0.01)
    assert not feed.reads_cards and feed.latest().label is None
    assert got


def test_teach_session_learns_a_deck_from_photos(tmp_path):
    pytest.importorskip("vision.profile")
    from companion.teaching import TeachSession
    from vision.synthetic.live_table import LiveTable

    session = TeachSession(tmp_path / "decks")
    table = LiveTable(seed=2)
    for label in ("green-7", "blue-skip"):
        table.place(label, throw=False)
        *_, last = table.frames()
        session.add(label, last.image)
    result = session.learn_now(session.photos)
    assert result.error == "" and result.path.exists()
    assert sum(result.used.values()) >= 1
    from vision.profile import DeckProfile

    assert DeckProfile.load(result.path).name.startswith("taught")


class DieReader(Reader):
    """Reads a 'die' the way ``Reader`` reads a card."""

    def top_card(self, image):
        s = super().top_card(image)
        return s if s.label is None else Sighting(f"blue-{int(image[0, 0, 0]) % 6 + 1}", 0.9, s.corners)


def test_one_feed_reads_the_game_in_play_with_its_recogniser():
    made = []

    def make_dice():
        made.append("dice")
        return DieReader()

    source = ListSource(frames([3] * 150 + [0] * 20 + [8] * 150), fps=100, pace=True)
    feed = CameraFeed(source, {"dare": Reader(), "dice": make_dice})
    assert feed.reads_cards and feed.mode == "dare"
    with feed:
        got = drain(feed, lambda g: any(m.kind == "play" for m in g))
        assert [m.card for m in got if m.kind == "play"] == ["red-3"] and not made
        feed.read_game("dice")
        got = drain(feed, lambda g: sum(m.kind == "play" for m in g) == 2)
    # a new tracker: the die in view (level 3) is its first top, then level 8 replaces it
    assert [m.card for m in got if m.kind == "play"] == ["blue-4", "blue-3"]
    assert made == ["dice"] and feed.mode == "dice"


def test_a_feed_with_one_recogniser_keeps_it():
    reader = Reader()
    feed = CameraFeed(ListSource(frames([0])), reader)
    feed.read_game("dice")
    assert feed.reads_cards and feed.recognizer is reader
