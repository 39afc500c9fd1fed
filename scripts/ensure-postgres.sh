#!/usr/bin/env bash
# Makes sure the PostgreSQL used by the tests answers. The URL comes from
# VITRINE_TEST_POSTGRES; when it points at this machine and the server is
# down, the local cluster is started. Failing to reach it is not fatal here:
# the tests themselves fail under CI and skip loudly elsewhere.
set -u
url=${VITRINE_TEST_POSTGRES:-postgres://postgres@127.0.0.1:5432/test?sslmode=disable}
hostport=${url#*@}; hostport=${hostport%%/*}
host=${hostport%%:*}; port=${hostport##*:}; [ "$port" = "$host" ] && port=5432
if pg_isready -q -h "$host" -p "$port" 2>/dev/null; then exit 0; fi
case "$host" in
  127.0.0.1|localhost|::1)
    if command -v pg_ctlcluster >/dev/null 2>&1; then
      ver=$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n1)
      [ -n "$ver" ] && pg_ctlcluster --skip-systemctl-redirect "$ver" main start 2>&1 | sed 's/^/postgres: /'
      for _ in $(seq 1 30); do pg_isready -q -h "$host" -p "$port" && exit 0; sleep 0.5; done
    fi ;;
esac
echo "PostgreSQL at $host:$port does not answer; PostgreSQL tests will fail under CI and be skipped elsewhere." >&2
exit 0
