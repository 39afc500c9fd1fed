#!/usr/bin/env bash
# Builds the SMTP server the e-mail tests send to (mailpit) into the
# user's cache directory, once per machine. The tests look for it at the
# same place (internal/mail/mailtest), or at $VITRINE_MAILPIT. The last
# line printed is the binary's path, for scripts that start it themselves
# (the end-to-end tests' setup).
set -euo pipefail
exec bash "$(dirname "$0")/go-tool.sh" github.com/axllent/mailpit v1.33.1
