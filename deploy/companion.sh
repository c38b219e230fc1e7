#!/bin/sh
# `companion` in the owner's shell on the Pi (installed as /usr/local/bin/companion): the
# installed companion with the service's game log, configuration and user, so that
# `sudo companion doctor`, `companion history` and `sudo companion backup` work on the table's
# own games.
set -a
# shellcheck source=/dev/null
. /etc/companion/companion.env
set +a
exec /opt/companion/venv/bin/companion "$@"
