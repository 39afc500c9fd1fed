#!/usr/bin/env bash
# go-tool.sh PACKAGE VERSION: installs a Go program the tests run (served
# by the module proxy) into the user's cache directory,
# vitrine/NAME-VERSION/NAME, once per machine, so that its build is not
# part of a test's time, and prints its path. The Go test helpers look for
# it at the same place and build it there themselves when run without make
# (internal/proc.Tool).
set -euo pipefail
pkg=$1 version=$2
name=${pkg##*/}
dir="${XDG_CACHE_HOME:-$HOME/.cache}/vitrine/$name-$version"
if [ ! -x "$dir/$name" ]; then
	echo "building $name $version into $dir (once per machine, a few minutes)" >&2
	mkdir -p "$dir"
	tmp=$(mktemp -d "$dir/build-XXXXXX")
	trap 'rm -rf "$tmp"' EXIT
	GOBIN="$tmp" GOFLAGS=-buildvcs=false CGO_ENABLED=0 go install "$pkg@$version"
	mv "$tmp/$name" "$dir/$name"
fi
echo "$dir/$name"
