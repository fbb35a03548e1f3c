#!/usr/bin/env bash
# Install or upgrade the UNO table companion on Raspberry Pi OS (64-bit, Bookworm or Trixie).
#
#   sudo deploy/install.sh              first install, and every upgrade after `git pull`
#   deploy/install.sh --dry-run         print every step, change nothing (no root needed)
#
# What it does, in order: apt packages (picamera2, lgpio and the libraries Kivy's SDL2 needs
# for a full-screen window on KMS/DRM, or through Xwayland under the desktop's compositor);
# a venv with --system-site-packages so apt's numpy and picamera2 stay the ones in use; the project
# installed into it (reinstalled on every run); the system user and its device groups; the
# configuration file if it is missing; the kiosk service enabled. Every run checks before it
# creates, so running it again repairs or upgrades and never duplicates.
#
# UNO_COMPANION_STATE_DIR overrides where the state (config, journal) is looked for; only the
# tests use it, to point the dry run at a temporary folder.
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
APP=uno-companion
UNIT="$APP.service"

DRY_RUN=0
PREFIX=/opt/$APP
SVC_USER=uno
SOURCE="$(cd "$SCRIPT_DIR/.." && pwd)"
WITH_SERVICE=1
SESSION=auto
STATE_DIR="${UNO_COMPANION_STATE_DIR:-/var/lib/$APP}"
ENV_FILE=/etc/default/$APP
# apt's Python: the one python3-numpy and python3-picamera2 belong to (not a pyenv shim).
SYSTEM_PYTHON=/usr/bin/python3
UNIT_DEST=/etc/systemd/system/$UNIT
AUTOSTART=/etc/xdg/autostart/$APP.desktop

# Groups the service user needs: camera (video), GPIO chips (gpio), touchscreen (input),
# and the GPU's render node (render).
GROUPS_NEEDED=(video gpio input render)

# From Raspberry Pi OS: picamera2 and libcamera (never on PyPI), lgpio for gpiozero 2 on a
# Pi 5, apt's numpy that picamera2 is built against. From Debian: venv, and what the SDL2
# inside Kivy's wheel loads at run time: Mesa's EGL/GLES, GBM and DRM for KMS/DRM (console),
# the X11 client libraries for a desktop session (that SDL2 has KMS/DRM and X11 but no
# Wayland driver: under the Wayland desktop it draws through Xwayland), mtdev for Kivy's
# multitouch provider.
APT_PACKAGES=(
  python3 python3-venv python3-numpy
  python3-picamera2 python3-lgpio
  libegl1 libgles2 libgl1 libgl1-mesa-dri libgbm1 libdrm2
  libx11-6 libxext6 libxrandr2 libxi6 libxcursor1
  libmtdev1
)

usage() {
  cat <<EOF
Usage: sudo $0 [options]

Install or upgrade the UNO table companion on Raspberry Pi OS (64-bit, Bookworm or Trixie).

Options:
  --dry-run            print every step instead of doing it (no root needed)
  --prefix DIR         where the venv and installed source go (default: /opt/$APP)
  --user NAME          the unprivileged user the service runs as (default: uno)
  --source DIR         the project to install (default: the repository holding this script)
  --session MODE       console: a system service drawing on KMS/DRM (no desktop; default
                       on Raspberry Pi OS Lite); desktop: start full screen in the desktop
                       session (default when a display manager is installed); auto (default)
  --no-service         install the app and its configuration, but no service or autostart
  -h, --help           this help
EOF
}

say() { printf '==> %s\n' "$*"; }
note() { printf '    %s\n' "$*"; }
warn() { printf 'WARNING: %s\n' "$*" >&2; }
die() {
  printf 'ERROR: %s\n' "$1" >&2
  [ $# -lt 2 ] || printf '       %s\n' "${@:2}" >&2
  exit 1
}

# Every step that changes the machine goes through run: --dry-run prints it, shell-quoted,
# so the printed plan is what a person would type.
run() {
  if [ "$DRY_RUN" = 1 ]; then
    printf '+'
    printf ' %q' "$@"
    printf '\n'
  else
    "$@"
  fi
}

# write_file PATH MODE: the file's content comes on standard input.
write_file() {
  local path=$1 mode=$2 content
  content="$(cat)"
  if [ "$DRY_RUN" = 1 ]; then
    printf '+ write %q (mode %s):\n' "$path" "$mode"
    printf '%s\n' "$content" | sed 's/^/|   /'
  else
    install -d -m 0755 "$(dirname "$path")"
    printf '%s\n' "$content" >"$path.tmp"
    chmod "$mode" "$path.tmp"
    mv -f "$path.tmp" "$path"
  fi
}

parse_args() {
  while [ $# -gt 0 ]; do
    case $1 in
      --dry-run) DRY_RUN=1 ;;
      --prefix) PREFIX=${2:?--prefix needs a folder}; shift ;;
      --prefix=*) PREFIX=${1#*=} ;;
      --user) SVC_USER=${2:?--user needs a name}; shift ;;
      --user=*) SVC_USER=${1#*=} ;;
      --source) SOURCE=${2:?--source needs a folder}; shift ;;
      --source=*) SOURCE=${1#*=} ;;
      --session) SESSION=${2:?--session needs console, desktop or auto}; shift ;;
      --session=*) SESSION=${1#*=} ;;
      --no-service) WITH_SERVICE=0 ;;
      -h | --help) usage; exit 0 ;;
      *) usage >&2; die "unknown option: $1" "Run $0 --help for the options." ;;
    esac
    shift
  done
  case $SESSION in
    auto | console | desktop) ;;
    *) die "--session must be console, desktop or auto, not '$SESSION'." ;;
  esac
  [[ $SVC_USER =~ ^[a-z_][a-z0-9_-]*$ ]] || die "--user '$SVC_USER' is not a valid user name."
  [[ $PREFIX == /* ]] || die "--prefix must be an absolute path, not '$PREFIX'."
  VENV=$PREFIX/venv
  STAGE=$PREFIX/src
  CONSTRAINTS=$PREFIX/constraints.txt
}

preflight() {
  say "Checking the machine"
  [ -f "$SOURCE/pyproject.toml" ] ||
    die "no pyproject.toml in $SOURCE." "Pass --source with the folder of the uno-companion repository."
  [ -f "$SOURCE/systemd/$UNIT" ] || [ "$WITH_SERVICE" = 0 ] ||
    die "no systemd/$UNIT in $SOURCE." "Pass --source with a complete checkout, or use --no-service."
  if [ "$DRY_RUN" = 1 ]; then
    note "dry run: nothing is changed; the lines starting with + are the steps."
  elif [ "$(id -u)" != 0 ]; then
    die "this installer changes the system and must run as root." "Run: sudo $0 $*"
  fi
  local codename="" arch
  # shellcheck source=/dev/null
  codename="$(. /etc/os-release 2>/dev/null && printf '%s' "${VERSION_CODENAME:-}")" || true
  arch="$(uname -m)"
  case $codename in
    bookworm | trixie) note "OS: $codename" ;;
    *) warn "tested on Raspberry Pi OS Bookworm and Trixie; this is '${codename:-unknown}'." ;;
  esac
  [ "$arch" = aarch64 ] || warn "made for 64-bit Raspberry Pi OS (aarch64); this machine is $arch."
  if [ "$SESSION" = auto ]; then
    # Raspberry Pi OS with desktop enables a display manager (lightdm); Lite has none.
    if [ -e /etc/systemd/system/display-manager.service ]; then SESSION=desktop; else SESSION=console; fi
  fi
  note "session: $SESSION"
}

install_apt_packages() {
  say "Installing apt packages"
  run apt-get update
  run env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${APT_PACKAGES[@]}"
}

create_user() {
  say "Creating the service user '$SVC_USER'"
  local group
  for group in "${GROUPS_NEEDED[@]}"; do
    # Raspberry Pi OS has all four; a plain Debian lacks gpio.
    getent group "$group" >/dev/null || run groupadd --system "$group"
  done
  if id -u "$SVC_USER" >/dev/null 2>&1; then
    note "user $SVC_USER exists"
  else
    run useradd --system --user-group --home-dir "$STATE_DIR" --no-create-home \
      --shell /usr/sbin/nologin --comment "UNO table companion" "$SVC_USER"
  fi
  local joined
  joined="$(IFS=,; printf '%s' "${GROUPS_NEEDED[*]}")"
  run usermod --append --groups "$joined" "$SVC_USER"
}

venv_is_usable() {
  [ -x "$VENV/bin/python" ] &&
    grep -qs '^include-system-site-packages *= *true' "$VENV/pyvenv.cfg" &&
    "$VENV/bin/python" -c 'import sys' >/dev/null 2>&1
}

create_venv() {
  say "Creating the venv in $VENV"
  run install -d -m 0755 "$PREFIX"
  if venv_is_usable; then
    note "venv exists and sees the system packages"
  elif [ -e "$VENV" ]; then
    # Left by an older Python (an OS upgrade) or made without the system packages.
    run "$SYSTEM_PYTHON" -m venv --clear --system-site-packages "$VENV"
  else
    run "$SYSTEM_PYTHON" -m venv --system-site-packages "$VENV"
  fi
}

# Pip must not bring a second numpy into the venv: picamera2 and simplejpeg from apt are built
# against apt's numpy. The constraint makes pip pick an OpenCV wheel that fits it instead.
write_constraints() {
  say "Pinning numpy to apt's version"
  local version
  version="$("$SYSTEM_PYTHON" -c 'import numpy; print(numpy.__version__)' 2>/dev/null)" || version=""
  if [ -z "$version" ]; then
    [ "$DRY_RUN" = 1 ] || die "$SYSTEM_PYTHON cannot import numpy after the apt step." "Check: apt-get install python3-numpy"
    version="APT_NUMPY_VERSION"
    note "(numpy is not installed here yet; the real run writes apt's version)"
  fi
  write_file "$CONSTRAINTS" 0644 <<EOF
# Written by deploy/install.sh: keep apt's numpy, which picamera2 is built against.
numpy==$version
EOF
}

install_project() {
  say "Installing uno-companion from $SOURCE"
  # A clean copy, so pip's build never writes root-owned files into the git checkout.
  run rm -rf "$STAGE"
  run install -d -m 0755 "$STAGE"
  run tar -C "$SOURCE" --exclude=./.git --exclude=./.venv --exclude=./build \
    --exclude='*.egg-info' --exclude=__pycache__ --exclude=./.kivy -cf "$PREFIX/src.tar" .
  run tar -C "$STAGE" -xf "$PREFIX/src.tar"
  run rm -f "$PREFIX/src.tar"
  # Dependencies only when missing or too old; then the project itself always, so an upgrade
  # with an unchanged version number still replaces the code.
  run "$VENV/bin/python" -m pip install --disable-pip-version-check --no-cache-dir \
    --constraint "$CONSTRAINTS" "$STAGE"
  run "$VENV/bin/python" -m pip install --disable-pip-version-check --no-cache-dir \
    --constraint "$CONSTRAINTS" --force-reinstall --no-deps "$STAGE"
}

check_install() {
  say "Checking the installed app"
  # apt's numpy must be the one the venv imports; a failure here is an install bug.
  run "$VENV/bin/python" -c \
    'import numpy, sys; sys.exit(0 if numpy.__file__.startswith("/usr/") else "numpy in the venv shadows apt numpy: " + numpy.__file__)'
  run "$VENV/bin/$APP" --help
  if [ "$DRY_RUN" = 0 ] && ! "$VENV/bin/$APP" run --help >/dev/null 2>&1; then
    warn "'$APP run' does not work in this version: the service will not start." \
      "See: $VENV/bin/$APP run --help"
  fi
  if [ "$DRY_RUN" = 0 ] && ! "$VENV/bin/python" -c 'import picamera2' >/dev/null 2>&1; then
    warn "picamera2 does not import in the venv: the Pi camera will not work." \
      "Check: sudo apt-get install python3-picamera2, then run this installer again."
  fi
}

create_state() {
  say "Preparing state and configuration in $STATE_DIR"
  run install -d -o "$SVC_USER" -g "$SVC_USER" -m 0750 "$STATE_DIR"
  local config="$STATE_DIR/config/config.toml"
  if [ -f "$config" ]; then
    note "keeping the existing configuration $config"
  elif [ "$DRY_RUN" = 1 ]; then
    run runuser -u "$SVC_USER" -- env UNO_COMPANION_HOME="$STATE_DIR" "$VENV/bin/$APP" config --init
  elif ! runuser -u "$SVC_USER" -- env UNO_COMPANION_HOME="$STATE_DIR" "$VENV/bin/$APP" config --init; then
    warn "could not write $config with '$APP config --init'." \
      "The app starts with its defaults; write the file later with:" \
      "sudo -u $SVC_USER env UNO_COMPANION_HOME=$STATE_DIR $VENV/bin/$APP config --init"
  fi
  if [ -f "$ENV_FILE" ]; then
    note "keeping $ENV_FILE"
  else
    write_file "$ENV_FILE" 0644 <<'EOF'
# Environment for uno-companion.service (read at every start; edit, then
#   sudo systemctl restart uno-companion).
# Turn the picture (and the touches with it) by 0, 90, 180 or 270 degrees clockwise,
# e.g. 90 for a 720x1280 portrait panel used in landscape (see docs/hardware.md).
#KCFG_GRAPHICS_ROTATION=90
# Which /dev/dri/cardN SDL draws on: try 1 if the screen stays black (a Pi 5 has two).
#SDL_KMSDRM_DEVICE_INDEX=1
EOF
  fi
}

install_console_service() {
  say "Installing the kiosk service $UNIT"
  # The unit in the repository names /opt/uno-companion and the user uno; adapt both.
  write_file "$UNIT_DEST" 0644 < <(
    sed -e "/^#/!s|/opt/$APP|$PREFIX|g" -e "s|^User=uno\$|User=$SVC_USER|" \
      -e "s|^Group=uno\$|Group=$SVC_USER|" "$SOURCE/systemd/$UNIT"
  )
  [ ! -e "$AUTOSTART" ] || run rm -f "$AUTOSTART"
  if [ -d /run/systemd/system ]; then
    run systemctl daemon-reload
  fi
  run systemctl enable "$UNIT"
  # A desktop would hold the screen: the kiosk boots to the console instead.
  if [ -e /etc/systemd/system/display-manager.service ]; then
    run systemctl set-default multi-user.target
    note "the desktop no longer starts at boot; undo with: sudo systemctl set-default graphical.target"
  fi
  if [ -d /run/systemd/system ] && ! systemctl is-active --quiet display-manager.service 2>/dev/null; then
    run systemctl restart "$UNIT"
  else
    note "reboot to start the companion: sudo reboot"
  fi
}

install_desktop_autostart() {
  say "Starting the companion full screen with the desktop session"
  # The desktop user runs it (the compositor is theirs), through Xwayland: Kivy's SDL2 has
  # no Wayland driver. systemd-cat sends its output to the journal under the same name as
  # the console service's.
  write_file "$AUTOSTART" 0644 <<EOF
[Desktop Entry]
Type=Application
Name=UNO table companion
Comment=Referee for UNO Dare! and UNO Dice
Exec=systemd-cat --identifier=$APP env KIVY_WINDOW=sdl2 SDL_VIDEODRIVER=x11 KCFG_GRAPHICS_FULLSCREEN=auto KCFG_KIVY_EXIT_ON_ESCAPE=0 $VENV/bin/$APP run
Terminal=false
X-GNOME-Autostart-enabled=true
EOF
  if [ -e "$UNIT_DEST" ]; then
    run systemctl disable "$UNIT"
    run rm -f "$UNIT_DEST"
  fi
  note "log out and in again (or reboot) to start it; the desktop user's own config is used."
}

summary() {
  say "Done"
  if [ "$SESSION" = desktop ] && [ "$WITH_SERVICE" = 1 ]; then
    note "configuration: ~/.config/uno-companion/config.toml of the desktop user"
  else
    note "configuration: $STATE_DIR/config/config.toml"
  fi
  note "logs:          journalctl -t $APP -b     (follow: journalctl -t $APP -f)"
  note "upgrade:       git pull && sudo deploy/install.sh"
}

main() {
  parse_args "$@"
  preflight "$@"
  install_apt_packages
  create_user
  create_venv
  write_constraints
  install_project
  check_install
  create_state
  if [ "$WITH_SERVICE" = 1 ]; then
    if [ "$SESSION" = console ]; then install_console_service; else install_desktop_autostart; fi
  else
    note "--no-service: start it by hand with $VENV/bin/$APP run"
  fi
  summary
}

main "$@"
