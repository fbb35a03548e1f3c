"""House Rules edited on the touchscreen are written to config.toml and shown by the next
run of the app; a file that cannot be written is said on the screen and loses nothing."""

import json
import os
import subprocess
import sys
import tomllib

import pytest

from uikit import popups, tap, texts


@pytest.fixture
def table(app, tmp_path):
    """The app as ``run`` starts it with ``config.toml`` in ``tmp_path`` (not a demo)."""
    from companion.config import load_config
    from companion.config_text import example_text

    file = tmp_path / "config.toml"
    file.write_text(example_text().replace('target = 500', 'target = 350  # our table'),
                    encoding="utf-8")
    saved = app.table_config, app.demo, app.controller.house_rules
    app.table_config = load_config(file)
    app.demo = False
    ng = app.sm.get_screen("newgame")
    ng.house_rules = ["Sing [b]loudly[/b]."] + [""] * 15
    yield app, file
    app.table_config, app.demo, app.controller.house_rules = saved
    app.sm.get_screen("houserules").close()


def type_dare(app, number: int, word: str) -> None:
    if app.sm.current != "houserules":
        tap(app.sm.get_screen("newgame").ids.edit_house)
    assert app.sm.current == "houserules"
    rows = app.sm.get_screen("houserules").ids.dare_rows.children[::-1]
    tap(rows[number - 1].children[0])
    keyboard = popups()[-1]
    for ch in word:
        tap(keyboard.key_buttons[ch])
    tap(keyboard.key_buttons["OK"])


def test_an_edited_dare_is_in_the_file_and_the_next_run_shows_it(table):
    app, file = table
    before = file.read_text(encoding="utf-8")
    type_dare(app, 3, "HOP")
    screen = app.sm.get_screen("houserules")
    assert screen.saved == "yes" and "Saved" in screen.message
    rows = list(screen.ids.dare_rows.children)
    type_dare(app, 4, "X")
    type_dare(app, 4, "")                              # OK with no new letter: unchanged
    assert screen.ids.dare_rows.children == rows       # rows are reused, not made again
    assert rows[-4].text == "X" and rows[-3].text == "Hop"
    data = tomllib.loads(file.read_text(encoding="utf-8"))
    assert data["house_rules"]["dares"] == ["Sing [b]loudly[/b].", "", "Hop", "X"]
    assert data["game"]["target"] == 350
    # every other line is as it was: the comment on target, the example's comments
    after = file.read_text(encoding="utf-8")
    assert "target = 350  # our table" in after
    assert [ln for ln in before.splitlines() if "dares" not in ln] == \
           [ln for ln in after.splitlines()
            if "dares" not in ln and not ln.startswith("    ") and ln != "]"]
    assert not [p for p in file.parent.iterdir() if p.name != "config.toml"]  # no temp file
    assert app.table_config.house_rules.dares == ("Sing [b]loudly[/b].", "", "Hop", "X")

    shown = next_run_shows(file)
    assert shown["rows"][:3] == ["1.  Sing [b]loudly[/b].",
                                 "2.  (not filled in: tap to write it)", "3.  Hop"]
    assert shown["markup"] is False


def test_a_file_that_cannot_be_written_is_said_and_the_dare_still_counts(table, tmp_path):
    import dataclasses

    app, file = table
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the configuration folder should be")
    app.table_config = dataclasses.replace(app.table_config, file=blocker / "config.toml")
    type_dare(app, 2, "JUMP")
    screen = app.sm.get_screen("houserules")
    assert screen.saved == "no"
    assert screen.message.startswith("Not saved:") and "cannot be written" in screen.message
    assert screen.ids.message.text == screen.message and screen.ids.message.opacity == 1
    assert screen.message in texts(screen)
    ng = app.sm.get_screen("newgame")
    assert ng.house_rules[1] == "Jump"                    # the game keeps the edit
    tap(screen.ids.back)
    ng.players = ["Ann", "Ben"]
    ng.dare_list = "house"
    ng.refresh()
    tap(ng.ids.start)
    assert app.controller.state.house_rules[:2] == ("Sing [b]loudly[/b].", "Jump")
    app.controller.abandon()


def test_the_demo_does_not_write_the_file(table):
    app, file = table
    before = file.read_text(encoding="utf-8")
    app.demo = True
    type_dare(app, 2, "RUN")
    assert app.sm.get_screen("newgame").house_rules[1] == "Run"
    assert file.read_text(encoding="utf-8") == before
    assert app.sm.get_screen("houserules").saved == "no"


NEXT_RUN = """
import json, sys
from kivy.config import Config
Config.set("graphics", "width", "800")
Config.set("graphics", "height", "480")
from kivy.base import EventLoop
from companion.config import load_config
from companion.journal import Journal
from companion.ui.app import build_app
from hardware.buzzer import SilentBuzzer

config = load_config(sys.argv[1])
app = build_app(config, None, SilentBuzzer("test"), Journal.open(sys.argv[2]))
app._run_prepare()
for _ in range(3):
    EventLoop.idle()
app.sm.get_screen("newgame").edit_house_rules()
for _ in range(3):
    EventLoop.idle()
rows = app.sm.get_screen("houserules").ids.dare_rows.children[::-1]
buttons = [r.children[0] for r in rows]
print(json.dumps({"rows": [b.text for b in buttons], "markup": any(b.markup for b in buttons)}))
app.shutdown()
"""


def next_run_shows(file) -> dict:
    """What a new process of the app shows on its House Rules screen with ``file``."""
    env = dict(os.environ, UNO_COMPANION_HOME=str(file.parent / "home"))
    done = subprocess.run([sys.executable, "-c", NEXT_RUN, str(file),
                           str(file.parent / "journal.sqlite3")],
                          env=env, capture_output=True, text=True, timeout=120)
    lines = [ln for ln in done.stdout.splitlines() if ln.startswith("{")]
    assert done.returncode == 0 and lines, done.stderr[-2000:]
    return json.loads(lines[-1])
