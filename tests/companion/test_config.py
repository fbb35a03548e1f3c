"""config.toml: defaults, init -> show round trip, every kind of bad value."""

from __future__ import annotations

import dataclasses
import tomllib
from pathlib import Path

import pytest

from companion.cli import main
from companion.config import Config, ConfigError, load_config, parse_config
from companion.config_schema import KEYS
from companion.config_text import example_text
from companion.engine.errors import UnoError


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("UNO_COMPANION_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def values(config: Config) -> dict:
    """Every effective value, without where it came from."""
    return {key.dotted: config.value(key.section, key.name) for key in KEYS}


def test_no_file_means_every_default(home):
    config = load_config()
    assert config.file is None
    assert values(config) == values(Config())
    assert config.buzzer.pin == 18 and config.buzzer.type == "tonal"
    assert config.camera.source == "picamera2" and (config.camera.width,
                                                    config.camera.height) == (640, 480)
    assert dict(config.buttons) == {}
    assert config.game.target == 500 and config.game.dare_list == "family"
    assert all(config.source(k.section, k.name) == "default" for k in KEYS)


def test_init_then_show_round_trips(home, capsys):
    assert main(["config", "--init"]) == 0
    file = home / "config" / "config.toml"
    assert file.is_file()
    assert str(file) in capsys.readouterr().out

    assert main(["config", "--show"]) == 0
    shown = capsys.readouterr().out
    parsed = tomllib.loads(shown)  # what --show prints is itself a valid config
    assert parsed["buzzer"] == {"type": "tonal", "pin": 18}
    assert parsed["camera"] == {"source": "picamera2", "width": 640, "height": 480,
                                "deck_profile": ""}
    assert parsed["rules"] == {"dare_keeps_turn": False, "two_player_reverse_skips": True,
                               "uno_timer_s": 5, "uno_auto_penalty": False}
    assert parsed["buttons"] == {}  # the example leaves the buttons commented out
    for key in KEYS:
        where = f"{file}:{key.dotted}" if key.default is not None else "default"
        line = next(l for l in shown.splitlines() if l.lstrip("# ").startswith(key.name + " ="))
        assert line.endswith(f"# {where}"), line

    config = load_config()
    assert config.file == file
    assert values(config) == values(Config())
    assert config.source("buzzer", "pin") == f"{file}:buzzer.pin"
    assert config.source("buttons", "uno") == "default"

    shown_file = home / "shown.toml"
    shown_file.write_text(shown)
    assert values(load_config(shown_file)) == values(config)


def test_example_names_every_key_and_default_pins():
    text = example_text()
    for key in KEYS:
        assert f"{key.name} = " in text
    for line in ("# uno = 5", "# draw = 6", "# pass = 13", "# dare_done = 19",
                 "# dare_failed = 26", "pin = 18"):
        assert line in text.splitlines()


def test_init_refuses_to_overwrite_without_force(tmp_path, capsys):
    file = tmp_path / "deep" / "er" / "table.toml"
    assert main(["config", "--init", "--config", str(file)]) == 0
    file.write_text("[game]\ntarget = 300\n")
    before = file.read_bytes()
    assert main(["config", "--init", "--config", str(file)]) == 2
    err = capsys.readouterr().err
    assert "already exists" in err and "--force" in err
    assert file.read_bytes() == before
    assert main(["config", "--init", "--force", "--config", str(file)]) == 0
    assert file.read_text() == example_text()
    assert not list(file.parent.glob("*.tmp"))


FULL = """
[camera]
source = "file:videos/game.mp4"
width = 1280
height = 720
deck_profile = "decks/ours.json"
[buzzer]
type = "active"
pin = 12
[buttons]
uno = 5
pass = 13
dare_failed = 26
[game]
mode = "dare"
players = ["Ann", "Ben", "Cat"]
dare_list = "house"
target = 250
scoring = "penalty"
[house_rules]
dares = ["Sing \\"happy birthday\\".", "", "Swap seats."]
[rules]
dare_keeps_turn = true
two_player_reverse_skips = false
uno_timer_s = 3.5
uno_auto_penalty = true
"""


def test_every_key_is_read_with_its_source(tmp_path):
    file = tmp_path / "table.toml"
    file.write_text(FULL)
    config = load_config(file)
    assert config.camera.source == f"file:{tmp_path / 'videos' / 'game.mp4'}"
    assert config.camera.deck_profile == str(tmp_path / "decks" / "ours.json")
    assert (config.camera.width, config.camera.height) == (1280, 720)
    assert config.buzzer == dataclasses.replace(config.buzzer, type="active", pin=12)
    assert dict(config.buttons) == {"uno": 5, "pass": 13, "dare_failed": 26}
    assert config.game.players == ("Ann", "Ben", "Cat")
    assert config.house_rules.dares == ('Sing "happy birthday".', "", "Swap seats.")
    assert config.rule_options() == {"dare_keeps_turn": True,
                                     "two_player_reverse_skips": False,
                                     "uno_timer_s": 3.5, "uno_auto_penalty": True}
    assert config.source("game", "target") == f"{file}:game.target"
    assert config.source("buttons", "draw") == "default"
    assert config.game_event() == {
        "type": "game", "mode": "dare", "players": ["Ann", "Ben", "Cat"],
        "dare_list": "house", "target": 250, "scoring": "penalty",
        "options": config.rule_options()}
    with pytest.raises(dataclasses.FrozenInstanceError):
        config.game = None  # type: ignore[misc]


def test_show_prints_the_file_values(tmp_path, capsys):
    file = tmp_path / "table.toml"
    file.write_text(FULL)
    assert main(["config", "--show", "--config", str(file)]) == 0
    shown = capsys.readouterr().out
    assert tomllib.loads(shown)["buttons"] == {"uno": 5, "pass": 13, "dare_failed": 26}
    assert "uno_timer_s = 3.5" in shown and f"{file}:rules.uno_timer_s" in shown


def test_rule_options_are_the_engines():
    from companion.engine.dares import LIST_NAMES
    from companion.engine.variant import DEFAULT_OPTIONS

    assert Config().rule_options() == DEFAULT_OPTIONS
    choices = next(k for k in KEYS if k.dotted == "game.dare_list").allowed
    assert all(f'"{name}"' in choices for name in LIST_NAMES)


BAD = [
    # (kind, file text, key, words the message must hold)
    ("unknown key", "[buzzer]\npn = 18\n", "buzzer.pn", ["[buzzer] pn", "unknown key",
                                                         "type, pin"]),
    ("unknown section", "[camra]\nwidth = 640\n", "camra", ["[camra]", "unknown section",
                                                           "[camera]"]),
    ("key outside a section", "target = 300\n", "target", ["unknown section"]),
    ("section not a table", "camera = 5\n", "camera", ["camera = 5", "is a section"]),
    ("wrong type: text for a number", '[camera]\nwidth = "640"\n', "camera.width",
     ['width = "640"', "whole number"]),
    ("wrong type: text for a switch", '[rules]\ndare_keeps_turn = "yes"\n',
     "rules.dare_keeps_turn", ["true or false"]),
    ("wrong type: switch for a number", "[rules]\nuno_timer_s = true\n",
     "rules.uno_timer_s", ["above 0"]),
    ("wrong type: one name for a list", '[game]\nplayers = "Ann"\n', "game.players",
     ["list of distinct names"]),
    ("wrong type: number for a pin", '[buzzer]\npin = 18.0\n', "buzzer.pin", ["2-27"]),
    ("pin out of range", "[buzzer]\npin = 40\n", "buzzer.pin",
     ["[buzzer] pin = 40", "a BCM GPIO pin number 2-27"]),
    ("pin below range", "[buttons]\nuno = 1\n", "buttons.uno", ["[buttons] uno = 1", "2-27"]),
    ("pin shared", "[buttons]\ndraw = 18\n", "buttons.draw", ["GPIO18", "[buzzer] pin"]),
    ("house rules > 16", "[house_rules]\ndares = [" + ", ".join(['"x"'] * 17) + "]\n",
     "house_rules.dares", ["[17 items]", "at most 16"]),
    ("bad enum: buzzer type", '[buzzer]\ntype = "piezo"\n', "buzzer.type",
     ['"tonal", "active", "none"']),
    ("bad enum: dare list", '[game]\ndare_list = "spicy"\n', "game.dare_list",
     ['"show-off"']),
    ("bad enum: scoring", '[game]\nscoring = "golf"\n', "game.scoring", ['"penalty"']),
    ("bad enum: mode", '[game]\nmode = "poker"\n', "game.mode", ['"dare", "dice"']),
    ("bad camera", '[camera]\nsource = "webcam"\n', "camera.source", ["usb:N"]),
    ("bad camera seed", '[camera]\nsource = "synthetic-dice:x"\n', "camera.source",
     ["synthetic-dice"]),
    ("target zero", "[game]\ntarget = 0\n", "game.target", ["target = 0", "above 0"]),
    ("target negative", "[game]\ntarget = -50\n", "game.target", ["above 0"]),
    ("uno timer zero", "[rules]\nuno_timer_s = 0\n", "rules.uno_timer_s", ["above 0"]),
    ("too many dice players", '[game]\nmode = "dice"\nplayers = ["A", "B", "C", "D", "E"]\n',
     "game.players", ["2-4 names"]),
    ("one player", '[game]\nplayers = ["Ann"]\n', "game.players", ["2-10 names"]),
    ("same name twice", '[game]\nplayers = ["Ann", "Ann"]\n', "game.players", ["distinct"]),
    ("not TOML", "[camera\nwidth = 640\n", None, ["not valid TOML", "line 1"]),
]


@pytest.mark.parametrize("kind, text, key, words", BAD, ids=[b[0] for b in BAD])
def test_bad_value_names_file_key_and_what_is_allowed(tmp_path, kind, text, key, words):
    file = tmp_path / "config.toml"
    file.write_text(text)
    with pytest.raises(ConfigError) as caught:
        load_config(file)
    err = caught.value
    assert isinstance(err, UnoError) and isinstance(err, ValueError)
    assert err.file == file and err.key == key
    message = str(err)
    assert message.startswith(f"{file}: ")
    for word in words:
        assert word in message, (word, message)


@pytest.mark.parametrize("kind, text, key, words", BAD, ids=[b[0] for b in BAD])
def test_bad_value_exits_2_and_leaves_the_file(tmp_path, capsys, kind, text, key, words):
    file = tmp_path / "config.toml"
    file.write_text(text)
    before = (file.read_bytes(), file.stat().st_mtime_ns)
    assert main(["config", "--show", "--config", str(file)]) == 2
    err = capsys.readouterr().err
    assert str(file) in err and words[0] in err and "Traceback" not in err
    assert (file.read_bytes(), file.stat().st_mtime_ns) == before


def test_message_reads_as_the_design_says():
    with pytest.raises(ConfigError) as caught:
        parse_config("[buzzer]\npin = 40\n", "config.toml")
    assert str(caught.value) == "config.toml: [buzzer] pin = 40: a BCM GPIO pin number 2-27"


def test_missing_explicit_file_is_an_error(tmp_path, capsys):
    missing = tmp_path / "nope.toml"
    with pytest.raises(ConfigError, match="no such file"):
        load_config(missing)
    assert main(["config", "--show", "--config", str(missing)]) == 2
    assert "config --init" in capsys.readouterr().err
    assert not missing.exists()


def test_unreadable_file_is_reported(tmp_path):
    folder = tmp_path / "config.toml"
    folder.mkdir()
    with pytest.raises(ConfigError, match="folder"):
        load_config(folder)
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe[game]")
    with pytest.raises(ConfigError, match="UTF-8"):
        load_config(binary)


def test_buzzer_none_frees_its_pin(tmp_path):
    config = parse_config('[buzzer]\ntype = "none"\n[buttons]\nuno = 18\n', tmp_path / "c.toml")
    assert config.buttons["uno"] == 18


@pytest.mark.parametrize("source", ["picamera2", "usb:1", "file:game.mp4", "dir:frames",
                                    "synthetic", "synthetic:3", "synthetic-dice",
                                    "synthetic-dice:7"])
def test_every_camera_the_command_line_opens_is_a_valid_setting(tmp_path, source):
    """One grammar (hardware.camera.spec.parse_spec) for the file and for --camera."""
    from hardware.camera.spec import parse_spec

    path = tmp_path / "config.toml"
    path.write_text(f'[camera]\nsource = "{source}"\n')
    parse_spec(source)
    assert load_config(path).camera.source.endswith(source.partition(":")[2] or source)
