#!/usr/bin/env bash
# Installs xmllint (Debian's libxml2-utils), which the feed's tests run to
# validate the VRSync feed against its XML Schema
# (internal/feed/vrsync/vrsync.xsd), when the machine does not have it.
set -euo pipefail
command -v xmllint >/dev/null && exit 0
echo "installing libxml2-utils (xmllint) for the VRSync schema tests"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq libxml2-utils >/dev/null
command -v xmllint >/dev/null
