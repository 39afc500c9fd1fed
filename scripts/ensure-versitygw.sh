#!/usr/bin/env bash
# Builds the S3-compatible gateway the storage tests run (versitygw, a Go
# program served by the module proxy) into the user's cache directory,
# once per machine, so that the build is not part of a test's time. The
# tests look for it at the same place (internal/media/blob/s3test),
# and build it themselves when run without make.
set -euo pipefail
version=v1.8.0
dir="${XDG_CACHE_HOME:-$HOME/.cache}/vitrine/versitygw-$version"
[ -x "$dir/versitygw" ] && exit 0
echo "building versitygw $version into $dir (once per machine, a few minutes)"
mkdir -p "$dir"
tmp=$(mktemp -d "$dir/build-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
GOBIN="$tmp" GOFLAGS=-buildvcs=false CGO_ENABLED=0 go install "github.com/versity/versitygw/cmd/versitygw@$version"
mv "$tmp/versitygw" "$dir/versitygw"
