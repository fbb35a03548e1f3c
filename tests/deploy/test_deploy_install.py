"""deploy/install.sh --dry-run: the plan a Raspberry Pi would get, checked step by step.

The dry run changes nothing and needs no root, so it runs on any Linux machine. Each test
reads the printed ``+ command`` lines (shell-quoted, so shlex gives back the argv) and the
``+ write PATH`` blocks (a file's content, each line prefixed by ``|   ``).
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
INSTALLER = REPO / "deploy" / "install.sh"


@dataclass
class Plan:
    returncode: int
    stdout: str
    stderr: str
    commands: list[list[str]] = field(default_factory=list)
    files: dict[str, str] = field(default_factory=dict)

    def find(self, *words: str) -> list[list[str]]:
        """The planned commands whose argv holds every one of ``words``."""
        return [c for c in self.commands if all(w in c for w in words)]

    def index(self, *words: str) -> int:
        for i, c in enumerate(self.commands):
            if all(w in c for w in words):
                return i
        raise AssertionError(f"no planned step with {words}:\n{self.stdout}")


def parse(stdout: str) -> tuple[list[list[str]], dict[str, str]]:
    commands: list[list[str]] = []
    files: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in stdout.splitlines():
        if line.startswith("+ write "):
            path = shlex.split(line[len("+ write "):].split(" (mode ")[0])[0]
            current = files.setdefault(path, [])
        elif line.startswith("|   ") or line == "|":
            assert current is not None, f"file content outside a write block: {line!r}"
            current.append(line[4:])
        elif line.startswith("+ "):
            commands.append(shlex.split(line[2:]))
            current = None
        else:
            current = None
    return commands, {p: "\n".join(lines) for p, lines in files.items()}


def dry_run(tmp_path: Path, *args: str) -> Plan:
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "LANG": "C.UTF-8",
        "UNO_COMPANION_STATE_DIR": str(tmp_path / "state"),
    }
    proc = subprocess.run(
        ["bash", str(INSTALLER), "--dry-run", "--prefix", str(tmp_path / "opt"), *args],
        capture_output=True, text=True, env=env, timeout=60,
    )
    commands, files = parse(proc.stdout)
    return Plan(proc.returncode, proc.stdout, proc.stderr, commands, files)


@pytest.fixture()
def plan(tmp_path: Path) -> Plan:
    result = dry_run(tmp_path, "--session", "console")
    assert result.returncode == 0, result.stderr
    return result


def test_deploy_dry_run_changes_nothing(tmp_path: Path, plan: Plan) -> None:
    assert not (tmp_path / "opt").exists()
    assert not (tmp_path / "state").exists()
    assert "dry run: nothing is changed" in plan.stdout


def test_deploy_apt_packages(plan: Plan) -> None:
    (install,) = plan.find("apt-get", "install")
    assert "-y" in install and "--no-install-recommends" in install
    packages = set(install[install.index("--no-install-recommends") + 1:])
    # The Pi-only Python packages, apt's numpy and what Kivy's bundled SDL2 loads.
    assert {"python3-picamera2", "python3-lgpio", "python3-numpy", "python3-venv"} <= packages
    assert {"libegl1", "libgles2", "libgbm1", "libdrm2", "libmtdev1"} <= packages
    # Kivy's SDL2 has no Wayland driver: under the desktop it needs the X11 client libraries.
    assert {"libx11-6", "libxext6", "libxrandr2", "libxi6", "libxcursor1"} <= packages
    assert plan.index("apt-get", "update") < plan.index("apt-get", "install")


def test_deploy_venv_sees_system_packages(tmp_path: Path, plan: Plan) -> None:
    (venv,) = plan.find("-m", "venv")
    assert venv[0] == "/usr/bin/python3", "the venv must be made from apt's Python"
    assert "--system-site-packages" in venv
    assert venv[-1] == str(tmp_path / "opt" / "venv")


def test_deploy_numpy_pinned_to_apt(tmp_path: Path, plan: Plan) -> None:
    constraints = plan.files[str(tmp_path / "opt" / "constraints.txt")]
    assert any(line.startswith("numpy==") for line in constraints.splitlines())
    pip_steps = plan.find("pip", "install")
    assert len(pip_steps) == 2
    for step in pip_steps:
        assert step[step.index("--constraint") + 1] == str(tmp_path / "opt" / "constraints.txt")
        assert step[-1] == str(tmp_path / "opt" / "src")
    deps, project = pip_steps
    assert "--no-deps" not in deps
    # The project is reinstalled on every run, so an upgrade replaces the code.
    assert "--force-reinstall" in project and "--no-deps" in project
    assert plan.index("-m", "venv") < plan.index("pip", "install")


def test_deploy_user_and_groups(plan: Plan) -> None:
    (usermod,) = plan.find("usermod")
    groups = usermod[usermod.index("--groups") + 1].split(",")
    assert {"video", "gpio", "input"} <= set(groups)
    assert usermod[-1] == "uno" and "--append" in usermod
    for add in plan.find("useradd"):
        assert "--system" in add and add[-1] == "uno"
        assert add[add.index("--shell") + 1] == "/usr/sbin/nologin"


def test_deploy_config_created_only_if_missing(tmp_path: Path, plan: Plan) -> None:
    (init,) = plan.find("config", "--init")
    assert init[:4] == ["runuser", "-u", "uno", "--"], "the config must belong to the service user"
    assert f"UNO_COMPANION_HOME={tmp_path / 'state'}" in init

    config = tmp_path / "state" / "config" / "config.toml"
    config.parent.mkdir(parents=True)
    config.write_text("# a table's own settings\n")
    again = dry_run(tmp_path, "--session", "console")
    assert again.returncode == 0, again.stderr
    assert again.find("config", "--init") == []
    assert "keeping the existing configuration" in again.stdout
    assert config.read_text() == "# a table's own settings\n"


def test_deploy_service_enabled_with_prefix(tmp_path: Path, plan: Plan) -> None:
    assert plan.find("systemctl", "enable", "uno-companion.service")
    unit = plan.files["/etc/systemd/system/uno-companion.service"]
    assert f"ExecStart={tmp_path / 'opt'}/venv/bin/uno-companion run" in unit.splitlines()
    assert "User=uno" in unit.splitlines()
    order = [
        plan.index("apt-get", "install"),
        plan.index("usermod"),
        plan.index("-m", "venv"),
        plan.index("pip", "install"),
        plan.index("config", "--init"),
        plan.index("systemctl", "enable"),
    ]
    assert order == sorted(order)


def test_deploy_user_option_reaches_unit(tmp_path: Path) -> None:
    result = dry_run(tmp_path, "--session", "console", "--user", "table")
    assert result.returncode == 0, result.stderr
    unit = result.files["/etc/systemd/system/uno-companion.service"].splitlines()
    assert "User=table" in unit and "Group=table" in unit
    assert result.find("usermod")[0][-1] == "table"


def test_deploy_no_service(tmp_path: Path) -> None:
    result = dry_run(tmp_path, "--no-service")
    assert result.returncode == 0, result.stderr
    assert result.find("systemctl") == []
    assert "/etc/systemd/system/uno-companion.service" not in result.files
    assert result.find("pip", "install"), "the app itself is still installed"


def test_deploy_desktop_session_autostart(tmp_path: Path) -> None:
    result = dry_run(tmp_path, "--session", "desktop")
    assert result.returncode == 0, result.stderr
    entry = result.files["/etc/xdg/autostart/uno-companion.desktop"]
    exec_line = next(line for line in entry.splitlines() if line.startswith("Exec="))
    assert "KCFG_GRAPHICS_FULLSCREEN=auto" in exec_line and "SDL_VIDEODRIVER=x11" in exec_line
    assert exec_line.endswith(f"{tmp_path / 'opt'}/venv/bin/uno-companion run")
    assert result.find("systemctl", "enable") == []


@pytest.mark.parametrize(
    "args, message",
    [
        (["--frobnicate"], "unknown option: --frobnicate"),
        (["--session", "tv"], "--session must be console, desktop or auto"),
        (["--user", "Bad User"], "is not a valid user name"),
        (["--source", "/nonexistent-uno"], "no pyproject.toml in /nonexistent-uno"),
    ],
)
def test_deploy_bad_arguments_say_what_to_do(tmp_path: Path, args: list[str], message: str) -> None:
    result = dry_run(tmp_path, *args)
    assert result.returncode != 0
    assert message in result.stderr
    assert result.commands == []


@pytest.mark.skipif(os.geteuid() == 0, reason="checks the refusal a non-root user gets")
def test_deploy_real_run_needs_root(tmp_path: Path) -> None:
    proc = subprocess.run(
        ["bash", str(INSTALLER), "--prefix", str(tmp_path / "opt")],
        capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode != 0
    assert "must run as root" in proc.stderr
    assert not (tmp_path / "opt").exists()


def test_deploy_shellcheck() -> None:
    shellcheck = shutil.which("shellcheck")
    if shellcheck is None:
        pytest.skip("shellcheck is not installed (apt-get install shellcheck)")
    proc = subprocess.run([shellcheck, str(INSTALLER)], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stdout + proc.stderr
