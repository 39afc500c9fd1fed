#!/usr/bin/env bash
# Builds the S3-compatible gateway the storage tests run (versitygw) into
# the user's cache directory, once per machine. The tests look for it at
# the same place (internal/media/blob/s3test), or at $VITRINE_VERSITYGW.
set -euo pipefail
bash "$(dirname "$0")/go-tool.sh" github.com/versity/versitygw/cmd/versitygw v1.8.0 >/dev/null
