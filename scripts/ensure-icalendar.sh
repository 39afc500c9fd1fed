#!/usr/bin/env bash
# Installs Python's icalendar (Debian's python3-icalendar), which the
# visits' tests run to read a visit's invitation (.ics) back with a
# calendar parser other than our own, when the machine does not have it.
set -euo pipefail
/usr/bin/python3 -c 'import icalendar' 2>/dev/null && exit 0
echo "installing python3-icalendar for the invitation tests"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq python3-icalendar >/dev/null
/usr/bin/python3 -c 'import icalendar'
