#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster on 127.0.0.1:${PGTEST_PORT:-55432} for the second database pass
# of the API tests. initdb refuses to run as root, so the cluster belongs to the postgres user.
set -euo pipefail
port="${PGTEST_PORT:-55432}"
dir="${PGTEST_DIR:-/tmp/substytut-pgtest}"
bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
as_pg() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$*"; else sh -c "$*"; fi; }

if [ ! -f "$dir/data/PG_VERSION" ]; then
  mkdir -p "$dir"
  [ "$(id -u)" = 0 ] && chown postgres "$dir"
  as_pg "$bin/initdb -D $dir/data -A trust -U postgres --no-sync >/dev/null"
fi
if ! as_pg "$bin/pg_ctl -D $dir/data status" >/dev/null 2>&1; then
  as_pg "$bin/pg_ctl -D $dir/data -w -o \"-p $port -k /tmp -h 127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off\" -l $dir/log start" >/dev/null
fi
echo "postgres://postgres@127.0.0.1:$port/postgres"
