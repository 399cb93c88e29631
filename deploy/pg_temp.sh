#!/usr/bin/env bash
# A throwaway PostgreSQL cluster in a directory, for the tests and deploy/cluster.sh; it needs no
# running service.
#   pg_temp.sh start DIR   initdb (from a cached template) into DIR/data, start it on a free
#                          loopback port; prints its conninfo on stdout
#   pg_temp.sh stop DIR    stop it
# initdb refuses to run as root, so as root the cluster runs as the system user caipan-pg
# (created if missing). CAIPAN_PG_FSYNC=off trades durability across power loss for speed (tests).
# Exit status 3: the PostgreSQL binaries are missing.
set -euo pipefail
cmd=${1:-}
dir=${2:-}
if [ -z "$cmd" ] || [ -z "$dir" ]; then
  echo "usage: pg_temp.sh start|stop DIR" >&2
  exit 2
fi
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "pg_temp: PostgreSQL binaries not found (apt-get install postgresql)" >&2
  exit 3
fi
pg_user=caipan-pg
as=()
if [ "$(id -u)" -eq 0 ]; then
  # Several test processes may get here at once: useradd takes a lock, so try again.
  for _ in 1 2 3 4 5 6 7 8 9 10; do
    id "$pg_user" >/dev/null 2>&1 && break
    useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin \
      "$pg_user" 2>/dev/null || sleep 0.5
  done
  id "$pg_user" >/dev/null
  as=(runuser -u "$pg_user" --)
fi

case "$cmd" in
  stop)
    [ -d "$dir/data" ] || exit 0
    "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -m fast -t 30 -w stop >/dev/null 2>&1 || true
    ;;
  start)
    mkdir -p "$dir"
    # initdb takes seconds: it runs once per machine and version into a template, copied after.
    version=$(basename "$(dirname "$bin")")
    template=${TMPDIR:-/tmp}/caipan-pg-template-$(id -u)-$version
    exec 9>"$template.lock"
    flock -w 120 9
    if [ ! -f "$template/PG_VERSION" ]; then
      rm -rf "$template.tmp"
      mkdir -p "$template.tmp"
      [ ${#as[@]} -eq 0 ] || chown "$pg_user" "$template.tmp"
      "${as[@]}" "$bin/initdb" -D "$template.tmp" -U caipan -A trust -E UTF8 --locale=C -N \
        >"$template.log" 2>&1
      mv "$template.tmp" "$template"
    fi
    flock -u 9
    cp -a "$template" "$dir/data"
    [ ${#as[@]} -eq 0 ] || chown -R "$pg_user" "$dir"
    if ! "${as[@]}" test -w "$dir/data"; then
      echo "pg_temp: $pg_user cannot reach $dir (its parent directories need o+x)" >&2
      exit 1
    fi
    chmod 700 "$dir/data"
    for attempt in 1 2 3 4 5; do
      port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
      if "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -w -t 60 -o \
        "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=${CAIPAN_PG_FSYNC:-on} -c max_connections=200" \
        start >/dev/null 2>&1; then
        echo "host=127.0.0.1 port=$port user=caipan dbname=postgres"
        exit 0
      fi
      [ "$attempt" -lt 5 ] || { tail -5 "$dir/postgres.log" >&2; exit 1; }
    done
    ;;
  *)
    echo "pg_temp: unknown command $cmd (start|stop)" >&2
    exit 2
    ;;
esac
