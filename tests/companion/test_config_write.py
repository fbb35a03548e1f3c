"""House Rules written back into config.toml: only the dares change, the write is atomic,
and a file that cannot be used is refused and left as it was."""

from __future__ import annotations

import os
import tomllib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.config import ConfigError, load_config, parse_config
from companion.config_text import example_text
from companion.config_write import save_house_rules, tidy_dares, with_house_rules

HAND_WRITTEN = """# our table
[game]
players = ["Ann", "Ben"]   # the usual two
target = 300

[house_rules]
dares = [ # the first ones we wrote
    "Sing [b]loud[/b]", # 1
    '''A "quoted" one ] with a bracket''',
]   # keep this comment

[rules]
uno_timer_s = 3
"""


def settings_of(config) -> dict:
    from companion.config_schema import KEYS

    return {k.dotted: config.value(k.section, k.name) for k in KEYS}


def test_only_the_dares_change_in_a_hand_written_file(tmp_path):
    file = tmp_path / "config.toml"
    file.write_text(HAND_WRITTEN, encoding="utf-8")
    old = load_config(file)
    new = save_house_rules(["Hop on one foot", "", "Say \"UNO\" backwards # twice"], file)
    text = file.read_text(encoding="utf-8")
    assert tomllib.loads(text)["house_rules"]["dares"] == [
        "Hop on one foot", "", "Say \"UNO\" backwards # twice"]
    assert new.house_rules.dares == load_config(file).house_rules.dares
    changed = {k for k, v in settings_of(new).items() if settings_of(old)[k] != v}
    assert changed == {"house_rules.dares"}
    for line in ("# our table", 'players = ["Ann", "Ben"]   # the usual two',
                 "uno_timer_s = 3"):
        assert line in text.splitlines()
    assert text.count("   # keep this comment\n") == 1     # after the value's last line
    assert "the first ones we wrote" not in text          # the old value is gone, all of it
    assert text.index("[house_rules]") < text.index("Hop on one foot") < text.index("[rules]")


def test_the_example_file_keeps_its_comments(tmp_path):
    file = tmp_path / "config.toml"
    file.write_text(example_text(), encoding="utf-8")
    save_house_rules(["Sing a lullaby."] * 16, file)
    text = file.read_text(encoding="utf-8")
    assert len(text.splitlines()) == len(example_text().splitlines()) + 17  # one line a dare
    assert load_config(file).house_rules.dares == ("Sing a lullaby.",) * 16
    save_house_rules([], file)
    assert file.read_text(encoding="utf-8") == example_text()


def test_a_missing_file_is_created_with_only_the_dares(tmp_path):
    file = tmp_path / "new" / "config.toml"
    config = save_house_rules(["Dance"], file)
    assert config.file == file and config.house_rules.dares == ("Dance",)
    assert settings_of(load_config(file)) == {**settings_of(parse_config("")),
                                              "house_rules.dares": ("Dance",)}


def test_the_default_file_is_the_usual_config_toml(tmp_path, monkeypatch):
    monkeypatch.setenv("UNO_COMPANION_HOME", str(tmp_path))
    save_house_rules(["Wink"])
    assert load_config().house_rules.dares == ("Wink",)
    assert (tmp_path / "config" / "config.toml").is_file()


def test_dares_are_tidied_and_at_most_sixteen():
    assert tidy_dares(["  a ", "", "b", "", "  "]) == ("a", "", "b")
    with pytest.raises(ValueError, match="16"):
        tidy_dares(["x"] * 17)


def test_a_bad_file_is_refused_and_left_as_it_was(tmp_path):
    file = tmp_path / "config.toml"
    file.write_text("[buzzer]\npin = 40\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="pin = 40"):
        save_house_rules(["Hop"], file)
    assert file.read_text(encoding="utf-8") == "[buzzer]\npin = 40\n"


def test_a_folder_that_cannot_be_written_is_an_error_and_leaves_nothing(tmp_path):
    blocker = tmp_path / "blocker"
    blocker.write_text("a file, not a folder")
    with pytest.raises(ConfigError, match="cannot be written"):
        save_house_rules(["Hop"], blocker / "config.toml")
    assert blocker.read_text() == "a file, not a folder"


def test_a_failed_replace_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    file = tmp_path / "config.toml"
    file.write_text(HAND_WRITTEN, encoding="utf-8")

    def power_cut(src, dst):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "replace", power_cut)
    with pytest.raises(ConfigError, match="Input/output error"):
        save_house_rules(["Hop"], file)
    assert file.read_text(encoding="utf-8") == HAND_WRITTEN
    assert [p.name for p in tmp_path.iterdir()] == ["config.toml"]


def test_a_layout_the_writer_cannot_edit_is_refused(tmp_path):
    file = tmp_path / "config.toml"
    text = 'house_rules = { dares = ["a"] }\n'
    file.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError, match="by hand"):
        save_house_rules(["Hop"], file)
    assert file.read_text(encoding="utf-8") == text


@settings(max_examples=150, deadline=None)
@given(st.lists(st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=40),
                max_size=16),
       st.sampled_from(["", HAND_WRITTEN, example_text(), "[house_rules]\n"]))
def test_any_typed_text_reads_back_as_typed(dares, base):
    text = with_house_rules(base, tidy_dares(dares))
    assert parse_config(text).house_rules.dares == tidy_dares(dares)
