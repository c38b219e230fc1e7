#!/usr/bin/env bash
# Install the table companion into .venv, then run it or its tests.
#
#   deploy/setup.sh run  [ARGS...]         the referee (an interactive prompt without ARGS)
#   deploy/setup.sh test [PYTEST ARGS...]  the whole test suite
#
# For a fresh Debian 12 or Raspberry Pi OS (bookworm) machine, as root or as a user with sudo.
set -euo pipefail

die() { echo "setup.sh: $*" >&2; exit 1; }
usage() { echo "usage: deploy/setup.sh run [ARGS...] | test [PYTEST ARGS...]" >&2; exit 2; }

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

# An interrupted first run leaves a .venv without a working pip: start it again.
if [[ -d .venv ]] && ! .venv/bin/python -m pip --version >/dev/null 2>&1; then
    echo "setup.sh: .venv is broken, recreating it" >&2
    rm -rf .venv
fi
[[ -d .venv ]] || python3 -m venv .venv

# pip runs only when pyproject.toml (or the checkout's place) changed since the last install,
# so the Pi at the table starts without a network. The ui and hardware extras join `run`
# when the touchscreen app lands.
if [[ $mode == test ]]; then target='.[dev]'; else target='.'; fi
stamp=.venv/.installed-$mode
want="$PWD $(sha256sum pyproject.toml | cut -d' ' -f1)"
if [[ ! -f $stamp || $(<"$stamp") != "$want" ]]; then
    .venv/bin/python -m pip install -q --upgrade pip
    .venv/bin/python -m pip install -q -e "$target"
    echo "$want" >"$stamp"
fi

if [[ $mode == test ]]; then
    rc=0
    .venv/bin/python -m pytest "$@" || rc=$?
    # pytest exits 5 when it collected nothing: a suite that ran no test has not passed.
    [[ $rc -ne 5 ]] || die "pytest collected no tests"
    exit "$rc"
fi
exec .venv/bin/companion referee "$@"
