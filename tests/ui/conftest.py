"""One Kivy app for all the touchscreen tests (Kivy's window is one per process), on an
offscreen 800x480 window, with a fresh game for each test."""

import pytest


class FakeClock:
    """The UNO timer's clock, stepped by hand."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


@pytest.fixture(scope="session")
def ui(tmp_path_factory):
    from kivy.config import Config

    Config.set("graphics", "width", "800")
    Config.set("graphics", "height", "480")
    from kivy.core.window import Window

    from companion.journal import Journal
    from companion.table import TableController
    from companion.ui.app import CompanionApp
    from hardware.buzzer import SilentBuzzer

    if tuple(Window.size) != (800, 480):
        Window.size = (800, 480)
    journal = Journal.open(tmp_path_factory.mktemp("ui") / "journal.sqlite3")
    clock = FakeClock()
    buzzer = SilentBuzzer("ui tests")
    controller = TableController(journal, buzzer, clock=clock)
    # poll every frame: what the screen shows after frames() must not depend on how fast
    # a busy machine runs the frames (a 1/20 s interval made the countdown test flaky)
    app = CompanionApp(controller, poll_interval=0)
    app._run_prepare()
    from uikit import frames

    frames()
    app.clock = clock
    app.buzzer = buzzer
    yield app
    app.shutdown()
    journal.close()


@pytest.fixture
def app(ui):
    """The app with no game in play and no pop-up open."""
    from uikit import close_popups, frames

    close_popups()
    ui.controller.abandon()
    ui.manual = None
    ui.feed = None
    ui.buzzer.played.clear()
    ui.game_started()
    frames()
    yield ui
    close_popups()
