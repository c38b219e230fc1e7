#!/usr/bin/env bash
# Set up a Raspberry Pi as the table companion: from Raspberry Pi OS Bookworm Lite to the app
# starting on boot. Run it from the companion's folder (a git clone), as root:
#
#   sudo deploy/setup-pi.sh                    install, or update after a `git pull`
#   sudo deploy/setup-pi.sh --touch-display-2  also turn on Touch Display 2 in config.txt
#   deploy/setup-pi.sh --dry-run               print every step, change nothing
#   deploy/setup-pi.sh --root DIR              write the files into DIR instead of /
#
# Idempotent: a second run changes nothing that is already right, and never overwrites the
# owner's hardware configuration (/etc/companion/companion.toml) or the games. Steps:
#   1. Debian packages: Python, lgpio, SQLite and the libraries Kivy's wheel needs
#   2. the service user `companion`, in the groups of the screen, GPU, touch, GPIO and serial
#   3. a virtual environment in /opt/companion/venv that sees Debian's python3-lgpio, with the
#      companion installed from this folder
#   4. /etc/companion: the configuration (kept if present) and the paths of the games
#   5. the Kivy configuration for the touchscreen (one input provider, full screen, no cursor)
#   6. the udev rule naming the dice module /dev/companion-dice
#   7. the systemd units: the app on tty1, and a daily backup of the game log
#   8. the boot configuration: no console blanking (and Touch Display 2 if asked)
#   9. enable and (re)start the app
#
# Under --root, commands that act on the running system (apt-get, useradd, pip, systemctl start,
# udevadm, chown) are printed and skipped; the files are written under DIR, and the units are
# enabled with `systemctl --root`.
set -euo pipefail

usage() {
    sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}
die() {
    echo "setup-pi.sh: $*" >&2
    exit 1
}

dry_run=0
root=
touch_display_2=0
while [[ $# -gt 0 ]]; do
    case $1 in
        --dry-run) dry_run=1 ;;
        --root)
            [[ $# -ge 2 && -n $2 ]] || die "--root needs a folder"
            root=$(realpath -m -- "$2")
            shift
            ;;
        --root=*) root=$(realpath -m -- "${1#--root=}") ;;
        --touch-display-2) touch_display_2=1 ;;
        -h | --help) usage 0 ;;
        *)
            echo "setup-pi.sh: unknown option '$1'" >&2
            usage 2
            ;;
    esac
    shift
done
[[ $root == / ]] && root=

src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
deploy=$src/deploy
[[ -f $src/pyproject.toml && -f $deploy/companion.service ]] ||
    die "run it from the companion's folder: $src has no pyproject.toml"
if [[ $dry_run -eq 0 && -z $root && $(id -u) -ne 0 ]]; then
    die "run it as root: sudo $0 (or --dry-run to see the steps)"
fi

user=companion
prefix=/opt/companion
venv=$prefix/venv
state=/var/lib/companion
groups=(video render input gpio dialout)
packages=(
    python3 python3-venv python3-pip python3-lgpio sqlite3
    libgl1 libgl1-mesa-dri libegl1 libgles2 libgbm1 libdrm2 libmtdev1 libxrender1
)

step() { printf '\n==> %s\n' "$*"; }

# A command on the running system: run it, print it in a dry run, skip it under --root.
system() {
    local shown
    printf -v shown '%q ' "$@"
    if [[ $dry_run -eq 1 ]]; then
        echo "would run: ${shown% }"
    elif [[ -n $root ]]; then
        echo "skipped under --root: ${shown% }"
    else
        echo "+ ${shown% }"
        "$@"
    fi
}

# put MODE PATH: write standard input to $root/PATH with MODE (- for the boot partition, whose
# FAT has no modes), unless it holds that already. The new text goes to PATH.new first, then
# replaces PATH in one rename: a power cut leaves the old file or the new one.
put() {
    local mode=$1 path=$2 target=$root$2 text
    text=$(cat)
    if [[ -f $target && $(cat "$target") == "$text" ]]; then
        echo "unchanged: $path"
        [[ $dry_run -eq 1 || $mode == - ]] || chmod "$mode" "$target"
        return 0
    fi
    if [[ $dry_run -eq 1 ]]; then
        if [[ $mode == - ]]; then echo "would write $path:"; else echo "would write $path (mode $mode):"; fi
        printf '%s\n' "$text" | sed 's/^/    | /'
        return 0
    fi
    mkdir -p "$(dirname "$target")"
    printf '%s\n' "$text" >"$target.new"
    [[ $mode == - ]] || chmod "$mode" "$target.new"
    mv -f "$target.new" "$target"
    echo "wrote $path"
}

# put_file MODE SOURCE PATH: install the file SOURCE of deploy/ as PATH.
put_file() { put "$1" "$3" <"$deploy/$2"; }

# boot_file NAME: the path of the boot partition's NAME under $root (Bookworm: /boot/firmware).
boot_file() {
    local file
    for file in "$root/boot/firmware/$1" "$root/boot/$1"; do
        [[ -f $file ]] && {
            echo "$file"
            return 0
        }
    done
    return 1
}

step "1. Debian packages"
missing=()
for pkg in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
done
if [[ ${#missing[@]} -eq 0 ]]; then
    echo "all present: ${packages[*]}"
else
    system apt-get update -qq
    system env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi

step "2. the service user '$user'"
if id "$user" >/dev/null 2>&1; then
    echo "exists: $(id "$user")"
else
    system useradd --system --user-group --home-dir "$state" --no-create-home \
        --shell /usr/sbin/nologin --comment "Ultimate Monopoly companion" "$user"
fi
present=()
for group in "${groups[@]}"; do
    getent group "$group" >/dev/null && present+=("$group")
done
if [[ ${#present[@]} -gt 0 ]]; then
    system usermod --append --groups "$(
        IFS=,
        echo "${present[*]}"
    )" "$user"
fi
# The person who ran sudo may read the games (companion history, companion export).
if [[ -n ${SUDO_USER:-} && $SUDO_USER != root ]]; then
    system usermod --append --groups "$user" "$SUDO_USER"
fi

step "3. the companion in $venv"
# Reinstalled only when the source changed, so a second run is quick and works offline.
stamp=$root$venv/.installed-from
want=$(cd "$src" && find pyproject.toml companion hardware ui -type f \
    ! -name '*.pyc' ! -path '*/__pycache__/*' -print0 | sort -z | xargs -0 sha256sum | sha256sum)
if [[ -f $stamp && $(cat "$stamp") == "$want" ]]; then
    echo "up to date with $src"
else
    # --system-site-packages: gpiozero finds Debian's python3-lgpio, built for this kernel.
    [[ -x $root$venv/bin/python ]] || system python3 -m venv --system-site-packages "$venv"
    system "$venv/bin/python" -m pip install --quiet --upgrade pip
    system "$venv/bin/python" -m pip install --quiet "${src}[hardware,ui]"
    # The stamp says what was installed: nothing was under --root.
    [[ -n $root ]] || put 0644 "$venv/.installed-from" <<<"$want"
fi
put_file 0755 companion.sh /usr/local/bin/companion
put_file 0644 README.md "$prefix/README.md"

step "4. /etc/companion"
put_file 0644 companion.env /etc/companion/companion.env
if [[ -f $root/etc/companion/companion.toml ]]; then
    echo "kept: /etc/companion/companion.toml (the owner's settings)"
else
    # The dice module by the name the udev rule gives it.
    sed 's|^url = "/dev/ttyACM0"|url = "/dev/companion-dice"|' "$deploy/companion.toml" |
        put 0644 /etc/companion/companion.toml
fi

step "5. Kivy for the touchscreen"
put_file 0644 kivy-config.ini "$state/kivy/config.ini"
system install -d -o "$user" -g "$user" -m 0750 "$state" "$state/kivy" "$state/backups"
system chown "$user:$user" "$state/kivy/config.ini"

step "6. the dice module's udev rule"
put_file 0644 99-companion-dice.rules /etc/udev/rules.d/99-companion-dice.rules
system udevadm control --reload-rules
system udevadm trigger --subsystem-match=tty

step "7. the systemd units"
for unit in companion.service companion-backup.service companion-backup.timer; do
    put_file 0644 "$unit" "/etc/systemd/system/$unit"
done

step "8. the boot configuration"
if cmdline=$(boot_file cmdline.txt); then
    if grep -qw 'consoleblank=0' "$cmdline"; then
        echo "console blanking already off in ${cmdline#"$root"}"
    else
        sed '1s/$/ consoleblank=0/' "$cmdline" | put - "${cmdline#"$root"}"
    fi
else
    echo "no cmdline.txt under $root/boot: not a Raspberry Pi, left alone"
fi
if [[ $touch_display_2 -eq 1 ]]; then
    config=$(boot_file config.txt) || die "no config.txt under $root/boot for --touch-display-2"
    overlay=dtoverlay=vc4-kms-dsi-ili9881-7inch
    if grep -qx "$overlay" "$config"; then
        echo "Touch Display 2 already on in ${config#"$root"}"
    else
        { cat "$config"; echo "$overlay"; } | put - "${config#"$root"}"
    fi
fi

step "9. start on boot"
if [[ $dry_run -eq 1 ]]; then
    echo "would run: systemctl enable companion.service companion-backup.timer"
elif [[ -n $root ]]; then
    if command -v systemctl >/dev/null; then
        systemctl --root="$root" --quiet enable companion.service companion-backup.timer
        echo "enabled under $root"
    else
        echo "skipped under --root (no systemctl here): systemctl enable"
    fi
else
    system systemctl daemon-reload
    system systemctl enable companion.service companion-backup.timer
    system systemctl restart companion.service companion-backup.timer
fi

step "done"
if [[ $dry_run -eq 1 ]]; then
    echo "dry run: nothing was changed"
else
    echo "the companion starts on boot; 'sudo companion doctor' checks the installation"
fi
