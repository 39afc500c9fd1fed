#!/usr/bin/env bash
# Makes sure Debian's Chromium is installed for the end-to-end tests.
# Playwright cannot download its own browser builds on these machines.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then
  echo "chromium: $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM")"
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "chromium: not found at $CHROMIUM, installing Debian's package"
$SUDO apt-get update
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends chromium
"$CHROMIUM" --version
