"""systemd/uno-companion.service: systemd's own checks, and the settings the kiosk relies on.

``systemd-analyze verify`` wants ExecStart's program to exist, so it checks a copy whose
/opt/uno-companion points at a temporary folder holding a stub program. ``systemd-analyze
security --offline=true`` scores the hardening without a running systemd; the figure is
printed, and must match the one README.md states.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
UNIT = REPO / "systemd" / "uno-companion.service"
INSTALLER = REPO / "deploy" / "install.sh"
EXPOSURE_BAR = 2.0  # systemd calls up to 2.9 "OK"; ours must stay well inside it

ANALYZE = shutil.which("systemd-analyze")
needs_analyze = pytest.mark.skipif(
    ANALYZE is None,
    reason="systemd-analyze is missing: apt-get install systemd (.ci/run installs it)",
)


def unit_settings(text: str) -> dict[str, list[str]]:
    """``Section.Key`` -> every value given (systemd allows a key more than once)."""
    settings: dict[str, list[str]] = {}
    section = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1]
            continue
        key, _, value = line.partition("=")
        settings.setdefault(f"{section}.{key.strip()}", []).append(value.strip())
    return settings


def stub_copy(tmp_path: Path, text: str, prefix: str = "/opt/uno-companion") -> Path:
    """Write ``text`` with ``prefix`` moved under tmp_path, where a stub program waits."""
    root = tmp_path / "root"
    program = root / "venv" / "bin" / "uno-companion"
    program.parent.mkdir(parents=True)
    program.write_text("#!/bin/sh\nexit 0\n")
    program.chmod(0o755)
    copy = tmp_path / "uno-companion.service"
    copy.write_text(text.replace(prefix, str(root)))
    return copy


def verify(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [ANALYZE, "verify", str(path)], capture_output=True, text=True, timeout=120,
        env={**os.environ, "SYSTEMD_LOG_COLOR": "0"},
    )


def exposure(path: Path) -> float:
    proc = subprocess.run(
        [ANALYZE, "security", "--offline=true", "--no-pager", str(path)],
        capture_output=True, text=True, timeout=120,
    )
    match = re.search(r"Overall exposure level for \S+: (\d+\.\d+)", proc.stdout)
    assert match, proc.stdout[-2000:] + proc.stderr
    return float(match.group(1))


def test_deploy_unit_settings() -> None:
    s = unit_settings(UNIT.read_text())
    assert s["Service.ExecStart"] == ["/opt/uno-companion/venv/bin/uno-companion run"]
    assert s["Service.User"] == ["uno"] and s["Service.Restart"] == ["on-failure"]
    assert s["Install.WantedBy"] == ["multi-user.target"]
    assert s["Service.StateDirectory"] == ["uno-companion"]
    env = dict(e.split("=", 1) for e in s["Service.Environment"])
    assert env["UNO_COMPANION_HOME"] == "/var/lib/uno-companion"
    assert env["KIVY_WINDOW"] == "sdl2" and env["SDL_VIDEODRIVER"] == "kmsdrm"
    assert env["KCFG_GRAPHICS_FULLSCREEN"] == "auto"
    # The hardening the issue names.
    assert s["Service.NoNewPrivileges"] == ["yes"]
    assert s["Service.ProtectSystem"] == ["strict"]
    assert s["Service.PrivateTmp"] == ["yes"]
    assert s["Service.DevicePolicy"] == ["closed"]
    allowed = {d.split()[0] for d in s["Service.DeviceAllow"]}
    assert allowed == {
        "char-drm", "char-input", "char-video4linux", "char-media", "char-dma_heap", "char-gpiochip",
    }
    assert s["Service.SyslogIdentifier"] == ["uno-companion"]
    # lgpio makes its notification pipes in the working directory: it must be writable.
    assert s["Service.WorkingDirectory"] == ["/var/lib/uno-companion"]


@needs_analyze
def test_deploy_unit_verifies(tmp_path: Path) -> None:
    proc = verify(stub_copy(tmp_path, UNIT.read_text()))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "uno-companion.service" not in proc.stdout + proc.stderr, proc.stdout + proc.stderr


@needs_analyze
def test_deploy_unit_verify_catches_a_broken_unit(tmp_path: Path) -> None:
    broken = UNIT.read_text().replace("ExecStart=/opt/uno-companion/venv/bin/uno-companion run",
                                      "ExecStart=/opt/uno-companion/venv/bin/missing-program run")
    proc = verify(stub_copy(tmp_path, broken))
    assert proc.returncode != 0


@needs_analyze
def test_deploy_installed_unit_verifies(tmp_path: Path) -> None:
    """The unit as install.sh writes it (other --prefix and --user) still verifies."""
    prefix = "/srv/uno-test-prefix"
    proc = subprocess.run(
        ["bash", str(INSTALLER), "--dry-run", "--session", "console", "--prefix", prefix,
         "--user", "table"],
        capture_output=True, text=True, timeout=60,
        env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"),
             "UNO_COMPANION_STATE_DIR": str(tmp_path / "state")},
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    start = lines.index("+ write /etc/systemd/system/uno-companion.service (mode 0644):")
    body = []
    for line in lines[start + 1:]:
        if not line.startswith("|"):
            break
        body.append(line[4:])
    text = "\n".join(body) + "\n"
    assert f"ExecStart={prefix}/venv/bin/uno-companion run" in text
    assert "User=table" in text
    result = verify(stub_copy(tmp_path, text, prefix=prefix))
    assert result.returncode == 0, result.stdout + result.stderr


@needs_analyze
def test_deploy_unit_security_exposure(tmp_path: Path) -> None:
    level = exposure(stub_copy(tmp_path, UNIT.read_text()))
    print(f"systemd-analyze security --offline=true systemd/uno-companion.service: {level}")
    assert level <= EXPOSURE_BAR
    readme = (REPO / "README.md").read_text()
    section = readme.partition("## Install on a Raspberry Pi")[2].partition("\n## ")[0]
    stated = re.search(r"exposure\s+(?:level\s+)?(?:of\s+|is\s+)?\**(\d+\.\d+)", section)
    assert stated, "README.md's section 'Install on a Raspberry Pi' must state the exposure figure"
    assert float(stated.group(1)) == level, "update the figure in README.md"
