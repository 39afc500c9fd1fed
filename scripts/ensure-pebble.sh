#!/usr/bin/env bash
# Builds the ACME server the certificate tests run (Pebble, Let's
# Encrypt's test server) into the user's cache directory, once per machine.
# The tests look for it at the same place (internal/tlsacme/pebbletest),
# or at $VITRINE_PEBBLE; its test certificates come from the module cache.
set -euo pipefail
bash "$(dirname "$0")/go-tool.sh" github.com/letsencrypt/pebble/v2/cmd/pebble v2.10.3 >/dev/null
