#!/usr/bin/env bash
# Installs systemd-analyze (Debian's systemd package), which the packaging
# tests run to check packaging/systemd/vitrine.service
# (`systemd-analyze verify`), when the machine does not have it. Nothing is
# started: the package's tools work without systemd as the init.
set -euo pipefail
command -v systemd-analyze >/dev/null && exit 0
echo "installing systemd (systemd-analyze) for the unit file's check"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends systemd >/dev/null
command -v systemd-analyze >/dev/null
