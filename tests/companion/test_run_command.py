"""``run`` and ``demo``: what a person meets when the app cannot start, and the fallback."""

import os
import subprocess
import sys

import pytest

from companion.cli import main


def test_run_with_a_missing_config_file_says_so(tmp_path, capsys):
    assert main(["run", "--config", str(tmp_path / "nope.toml")]) == 2
    err = capsys.readouterr().err
    assert "nope.toml" in err and "config --init" in err and "Traceback" not in err


def test_run_with_an_unknown_camera_names_the_forms(capsys):
    assert main(["run", "--camera", "webcam7"]) == 2
    err = capsys.readouterr().err
    assert "unknown camera 'webcam7'" in err and "usb:0" in err


def test_run_with_a_bad_window_size(capsys):
    assert main(["run", "--size", "big"]) == 2
    assert "WIDTHxHEIGHT" in capsys.readouterr().err


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="display detection is for Linux")
def test_run_without_a_display_explains(monkeypatch, capsys):
    for var in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(var, raising=False)
    assert main(["run", "--camera", "none"]) == 1
    assert "no display" in capsys.readouterr().err


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="display detection is for Linux")
def test_demo_without_a_display_plays_in_the_terminal():
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    done = subprocess.run([sys.executable, "-m", "companion", "demo", "--target", "60",
                           "--players", "Ann,Ben"], env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0
    assert done.stderr.strip().splitlines()[0] == (
        "demo: no display here (no DISPLAY or WAYLAND_DISPLAY): playing in the terminal.")
    assert done.stdout.strip().endswith("wins the game.")
