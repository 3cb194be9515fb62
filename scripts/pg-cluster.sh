#!/usr/bin/env bash
# A throwaway PostgreSQL 15 cluster for the server's integration tests.
#   scripts/pg-cluster.sh start [port]   prints TEST_DATABASE_URL=postgres://postgres@127.0.0.1:PORT/postgres
#   scripts/pg-cluster.sh stop [port]    stops it and removes its folder
# Trust authentication, loopback only.
set -euo pipefail

command=${1:-}
port=${2:-55432}
bin=${PG_BIN:-/usr/lib/postgresql/15/bin}
state="${TMPDIR:-/tmp}/ops-console-pg-$port.dir"

# initdb refuses root: as root the cluster runs as `postgres`; anyone else runs it as themselves.
as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "$command" in
  start)
    if [ -f "$state" ]; then
      if "$bin/pg_isready" -q -h 127.0.0.1 -p "$port"; then
        echo "a cluster on port $port is already running (data in $(cat "$state"))" >&2
        exit 1
      fi
      # Left by a cluster that is gone (the machine restarted): its folder is of no use.
      echo "removing the state of a cluster on port $port that is no longer running" >&2
      rm -rf "$(cat "$state")" "$state"
    fi
    dir=$(mktemp -d "${TMPDIR:-/tmp}/ops-console-pg.XXXXXX")
    chown postgres: "$dir" 2>/dev/null || true
    chmod 700 "$dir"
    as_postgres "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --no-locale >"$dir/initdb.log" 2>&1 ||
      { cat "$dir/initdb.log" >&2; exit 1; }
    as_postgres "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off" start >/dev/null ||
      { cat "$dir/server.log" >&2; exit 1; }
    echo "$dir" >"$state"
    echo "TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    if [ ! -f "$state" ]; then
      echo "no cluster on port $port" >&2
      exit 0
    fi
    dir=$(cat "$state")
    as_postgres "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null || true
    rm -rf "$dir" "$state"
    ;;
  *)
    echo "usage: $0 start|stop [port]" >&2
    exit 2
    ;;
esac
