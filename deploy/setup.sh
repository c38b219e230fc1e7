#!/usr/bin/env bash
# Install the table companion into .venv, then run it or its tests.
#
#   deploy/setup.sh run  [APP ARGS...]     the touchscreen app, on an emulated dice module
#   deploy/setup.sh test [PYTEST ARGS...]  the whole test suite, the app's tests off-screen
#
# `run` opens the app in a window (games kept in $XDG_DATA_HOME/companion/games.db, default
# ~/.local/share/companion/games.db); ARGS go to `companion app` (`--dice /dev/companion-dice`
# reads the real module instead of the emulator on a pseudo-terminal).
# Both link ~/.local/bin/companion to .venv/bin/companion, and ask this account's login shell
# whether that folder is on its PATH: when not (root's, an account with a ~/.bash_profile, zsh),
# they say the line to add and where, or to call .venv/bin/companion.
#
# For a fresh Debian 12 or Raspberry Pi OS (bookworm) machine, as root or as a user with sudo.
set -euo pipefail

die() { echo "setup.sh: $*" >&2; exit 1; }
usage() { echo "usage: deploy/setup.sh run [APP ARGS...] | test [PYTEST ARGS...]" >&2; exit 2; }

[[ $# -ge 1 ]] || usage
mode=$1
shift
case $mode in run | test) ;; *) usage ;; esac

cd "$(dirname "${BASH_SOURCE[0]}")/.."

apt_install() {
    local sudo=()
    if [[ $(id -u) -ne 0 ]]; then
        command -v sudo >/dev/null || die "need root or sudo to install: $*"
        sudo=(sudo)
    fi
    echo "setup.sh: installing $* with apt-get" >&2
    "${sudo[@]}" apt-get update -qq
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o Dpkg::Use-Pty=0 "$@"
}

command -v python3 >/dev/null || die "python3 not found (apt-get install python3)"
python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' ||
    die "Python >= 3.11 is needed, found $(python3 -V 2>&1)"

# Debian ships venv's ensurepip (and so pip) in a separate package.
if ! python3 -c 'import ensurepip, venv' 2>/dev/null; then
    apt_install python3-venv python3-pip
    python3 -c 'import ensurepip, venv' || die "python3 still has no venv/ensurepip"
fi

# The libraries Kivy's wheel does not carry (it bundles SDL2): OpenGL and its Mesa drivers (the
# off-screen tests render with Mesa's software driver), EGL, GBM and DRM for KMS on the Pi, and
# mtdev for the touchscreen. Installed only when one is missing, so a set-up Pi starts offline.
packages=(libgl1 libgl1-mesa-dri libegl1 libgles2 libgbm1 libdrm2 libmtdev1 libxrender1)
# The tests also check the Pi's set-up scripts with shellcheck.
if [[ $mode == test ]]; then packages+=(shellcheck); fi
missing=()
for pkg in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
done
[[ ${#missing[@]} -eq 0 ]] || apt_install "${missing[@]}"

# An interrupted first run leaves a .venv without a working pip: start it again.
if [[ -d .venv ]] && ! .venv/bin/python -m pip --version >/dev/null 2>&1; then
    echo "setup.sh: .venv is broken, recreating it" >&2
    rm -rf .venv
fi
[[ -d .venv ]] || python3 -m venv .venv

# pip runs only when pyproject.toml (or the checkout's place, or the extras) changed since the
# last install, so the Pi at the table starts without a network. `run` needs the hardware extra
# (pyserial, gpiozero) and the ui extra (Kivy, Babel); `dev` holds both and the test tools.
if [[ $mode == test ]]; then target='.[dev]'; else target='.[hardware,ui]'; fi
stamp=.venv/.installed-$mode
want="$PWD $target $(sha256sum pyproject.toml | cut -d' ' -f1)"
if [[ ! -f $stamp || $(<"$stamp") != "$want" ]]; then
    .venv/bin/python -m pip install -q --upgrade pip
    .venv/bin/python -m pip install -q -e "$target"
    echo "$want" >"$stamp"
fi

# `companion` for a new shell: a link in ~/.local/bin (replacing a link, never a file).
companion=$PWD/.venv/bin/companion
bin=${HOME:-}/.local/bin
if [[ -n ${HOME:-} ]] && mkdir -p "$bin" 2>/dev/null &&
    { [[ -L $bin/companion || ! -e $bin/companion ]]; } &&
    ln -sfn "$companion" "$bin/companion" 2>/dev/null; then
    echo "setup.sh: companion is $companion, linked from $bin/companion" >&2
    # Whether a new login shell of this account has ~/.local/bin on its PATH: asked of that
    # shell itself, since not every account's start-up files add it (Debian's ~/.profile does
    # when the folder exists; root's does not, nor does bash read ~/.profile when a
    # ~/.bash_profile exists, nor zsh at all).
    shell=${SHELL:-/bin/sh}
    # shellcheck disable=SC2016 # $PATH is the login shell's, expanded by that shell
    login_path=$(env -i HOME="$HOME" USER="${USER:-}" LOGNAME="${LOGNAME:-}" SHELL="$shell" \
        "$shell" -lc 'printf %s "$PATH"' </dev/null 2>/dev/null || true)
    profile=~/.profile
    if [[ $shell == */zsh ]]; then
        profile=~/.zprofile
    elif [[ $shell == */bash && -e ~/.bash_profile ]]; then
        profile=~/.bash_profile
    elif [[ $shell == */bash && -e ~/.bash_login ]]; then
        profile=~/.bash_login
    fi
    if [[ ":$login_path:" == *":$bin:"* ]]; then
        [[ ":$PATH:" == *":$bin:"* ]] ||
            echo "setup.sh: a new login shell has companion on its PATH;" \
                "in this one: export PATH=\"$bin:\$PATH\"" >&2
    else
        echo "setup.sh: a new login shell of $(id -un) does not have $bin on its PATH: add" \
            "'export PATH=\"\$HOME/.local/bin:\$PATH\"' to $profile, or call $companion" >&2
    fi
else
    echo "setup.sh: companion is $companion (not linked into ~/.local/bin)" >&2
fi

if [[ $mode == test ]]; then
    rc=0
    .venv/bin/python -m pytest "$@" || rc=$?
    # pytest exits 5 when it collected nothing: a suite that ran no test has not passed.
    [[ $rc -ne 5 ]] || die "pytest collected no tests"
    exit "$rc"
fi
exec .venv/bin/companion app "$@"
