"""``uno-companion beep``: the configured buzzer plays the pattern on gpiozero's mock pins."""

from __future__ import annotations

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPin, MockPWMPin

from companion.cli import main
from hardware.patterns import PATTERN_NAMES


@pytest.fixture
def mock_pins(monkeypatch):
    """gpiozero's default factory, as GPIOZERO_PIN_FACTORY=mock gives it, fresh per test."""
    factory = MockFactory(pin_class=MockPWMPin)
    monkeypatch.setattr(Device, "pin_factory", factory)
    yield factory
    factory.reset()


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("UNO_COMPANION_HOME", str(tmp_path / "home"))


def test_list_names_every_pattern(capsys):
    assert main(["beep", "--list"]) == 0
    out = capsys.readouterr().out
    assert [line.split()[0] for line in out.splitlines()] == list(PATTERN_NAMES)


def test_beep_plays_through_the_configured_buzzer(tmp_path, mock_pins, capsys):
    config = tmp_path / "table.toml"
    config.write_text('[buzzer]\ntype = "active"\npin = 24\n')
    assert main(["beep", "illegal", "--config", str(config)]) == 0
    assert "active buzzer on GPIO24" in capsys.readouterr().out
    states = [s.state for s in mock_pins.pin(24).states]
    assert states[-6:] == [1, 0, 1, 0, 1, 0] and states.count(1) == 3


def test_beep_tonal_default_pin(mock_pins):
    assert main(["beep", "penalty"]) == 0  # no file: tonal on GPIO18
    assert [s.state for s in mock_pins.pin(18).states][-4:] == [0.5, 0.0, 0.5, 0.0]


def test_overrides_win_over_the_file(tmp_path, mock_pins):
    config = tmp_path / "table.toml"
    config.write_text('[buzzer]\ntype = "active"\npin = 24\n')
    assert main(["beep", "illegal", "--config", str(config), "--type", "tonal",
                 "--pin", "25"]) == 0
    assert 0.5 in [s.state for s in mock_pins.pin(25).states]


def test_nothing_sounded_is_exit_1(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(Device, "pin_factory", MockFactory(pin_class=MockPin))  # no PWM
    assert main(["beep", "dare"]) == 1
    assert "PWM" in capsys.readouterr().err
    config = tmp_path / "quiet.toml"
    config.write_text('[buzzer]\ntype = "none"\n')
    assert main(["beep", "dare", "--config", str(config)]) == 1
    assert '"none"' in capsys.readouterr().err


def test_bad_config_or_no_pattern_is_exit_2(tmp_path, capsys):
    config = tmp_path / "bad.toml"
    config.write_text("[buzzer]\npin = 99\n")
    assert main(["beep", "dare", "--config", str(config)]) == 2
    assert "[buzzer] pin = 99" in capsys.readouterr().err
    assert main(["beep"]) == 2
    with pytest.raises(SystemExit) as exit_:
        main(["beep", "fanfare"])
    assert exit_.value.code == 2
