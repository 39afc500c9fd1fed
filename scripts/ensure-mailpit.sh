#!/usr/bin/env bash
# Builds the SMTP server the e-mail tests send to (mailpit, a Go program
# served by the module proxy) into the user's cache directory, once per
# machine, so that the build is not part of a test's time. The tests look
# for it at the same place (internal/mail/mailtest), or at
# $VITRINE_MAILPIT. The last line printed is the binary's path, for
# scripts that start it themselves (the end-to-end tests' setup).
set -euo pipefail
version=v1.33.1
dir="${XDG_CACHE_HOME:-$HOME/.cache}/vitrine/mailpit-$version"
if [ ! -x "$dir/mailpit" ]; then
	echo "building mailpit $version into $dir (once per machine, about a minute)" >&2
	mkdir -p "$dir"
	tmp=$(mktemp -d "$dir/build-XXXXXX")
	trap 'rm -rf "$tmp"' EXIT
	GOBIN="$tmp" GOFLAGS=-buildvcs=false CGO_ENABLED=0 go install "github.com/axllent/mailpit@$version"
	mv "$tmp/mailpit" "$dir/mailpit"
fi
echo "$dir/mailpit"
