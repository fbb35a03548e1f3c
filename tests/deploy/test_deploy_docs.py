"""The Raspberry Pi guide and its wiring diagram agree with the pins the app uses."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SVG = REPO / "docs" / "wiring.svg"
GUIDE = REPO / "docs" / "hardware.md"

# (label, BCM, physical pin): DESIGN's defaults, the README's Wiring table.
WIRING = [
    ("buzzer", 18, 12),
    ("UNO", 5, 29),
    ("drew", 6, 31),
    ("pass", 13, 33),
    ("dare done", 19, 35),
    ("dare failed", 26, 37),
]


def svg_texts() -> list[str]:
    root = ET.parse(SVG).getroot()  # also proves the file is well-formed XML
    return ["".join(el.itertext()) for el in root.iter() if el.tag.endswith("text")]


def test_deploy_wiring_svg_names_every_pin() -> None:
    texts = svg_texts()
    for label, bcm, pin in WIRING:
        assert f"GPIO{bcm} · pin {pin}" in texts, f"{label}: GPIO{bcm} on pin {pin} is not drawn"
    assert "GND · pin 14" in texts, "the buzzer's ground"
    assert any(t.startswith("GND · pin 39") for t in texts), "the buttons' ground"
    for _label, bcm, pin in WIRING[1:]:
        assert any(f"GPIO{bcm} (pin {pin})" in t for t in texts), f"caption lacks GPIO{bcm}"


def test_deploy_wiring_svg_marks_only_the_used_pins() -> None:
    root = ET.parse(SVG).getroot()
    used = {el.get("cx") + "," + el.get("cy") for el in root.iter()
            if el.tag.endswith("circle") and el.get("fill") == "#f2b705" and el.get("r") == "10"}
    assert len(used) == 6, "buzzer + five buttons are the only GPIO signals drawn in use"


def test_deploy_guide_links_and_commands() -> None:
    guide = GUIDE.read_text()
    assert "](wiring.svg)" in guide
    for needed in ("sudo deploy/install.sh", "git pull && sudo deploy/install.sh",
                   "journalctl -u uno-companion", "KCFG_GRAPHICS_ROTATION", "30-50 cm"):
        assert needed in guide, needed
    readme = (REPO / "README.md").read_text()
    section = readme.partition("## Install on a Raspberry Pi")[2]
    assert "(docs/hardware.md)" in section and "(docs/wiring.svg)" in section
