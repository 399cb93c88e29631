#!/usr/bin/env bash
# A whole cluster on one machine, started from nothing: a PostgreSQL cluster (deploy/pg_temp.sh:
# initdb in DIR, a free port), N caipan-servers on it (--store postgres:…), and HAProxy in front
# balancing gRPC and the HTTP gateway across them. For the cluster test, the benchmark, and trying
# it out.
#   cluster.sh start DIR [N]    start everything (N servers, default 3); prints the addresses
#   cluster.sh kill DIR I       SIGKILL server I (1..N)
#   cluster.sh restart DIR I    start server I again (same ports)
#   cluster.sh stop DIR         stop everything
# DIR/cluster.env holds the addresses (GRPC, HTTP, PG, SERVER_I_GRPC, …); DIR/server-I.log the
# servers' logs. CAIPAN_SERVER names the server binary (default: build/ of this checkout);
# CAIPAN_SERVER_ARGS adds flags to every server.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cmd=${1:-}
dir=${2:-}
if [ -z "$cmd" ] || [ -z "$dir" ]; then
  sed -n '2,13p' "$0" >&2
  exit 2
fi
server_bin=${CAIPAN_SERVER:-$here/../build/tools/caipan_server/caipan-server}
# HAProxy connects to the servers from this address and names each client in a PROXY header;
# the servers trust it alone. A client on 127.0.0.1 reaching a server directly is an ordinary
# client.
proxy_source=127.0.0.2

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

# Waits (at most $2 seconds) until http://127.0.0.1:$1/healthz answers 200; gives up early once
# process $3 (if given) has exited.
wait_healthy() {
  python3 - "$1" "${2:-30}" "${3:-0}" <<'PY'
import os, sys, time, urllib.request
port, limit, pid = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
deadline = time.time() + limit
while time.time() < deadline:
    if pid and not os.path.exists("/proc/%d" % pid):
        sys.exit(1)
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1) as r:
            if r.status == 200:
                sys.exit(0)
    except Exception:
        time.sleep(0.1)
sys.exit(1)
PY
}

start_server() {
  local i=$1 grpc_var http_var metrics_var
  grpc_var=SERVER_${i}_GRPC http_var=SERVER_${i}_HTTP metrics_var=SERVER_${i}_METRICS
  # shellcheck disable=SC2086
  setsid "$server_bin" --address "127.0.0.1:${!grpc_var}" --http-address "127.0.0.1:${!http_var}" \
    --metrics-address "127.0.0.1:${!metrics_var}" --store "postgres:$PG" \
    --trusted-proxy "$proxy_source/32" --data-dir "$dir/data" ${CAIPAN_SERVER_ARGS:-} \
    >>"$dir/server-$i.log" 2>&1 &
  echo $! >"$dir/server-$i.pid"
  if ! wait_healthy "${!http_var}" 60 "$!"; then
    echo "cluster: server $i did not become healthy; its log:" >&2
    tail -20 "$dir/server-$i.log" >&2
    return 1
  fi
}

stop_pid_file() {
  local file=$1 pid
  [ -f "$file" ] || return 0
  pid=$(cat "$file")
  kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 50); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  kill -KILL "$pid" 2>/dev/null || true
  rm -f "$file"
}

case "$cmd" in
  start)
    n=${3:-3}
    [ -x "$server_bin" ] || { echo "cluster: no server binary at $server_bin" >&2; exit 1; }
    command -v haproxy >/dev/null || { echo "cluster: haproxy is not installed" >&2; exit 1; }
    mkdir -p "$dir/data"
    pg=$(bash "$here/pg_temp.sh" start "$dir/pg")
    # The players' token key is shared by every server (each reads DIR/data/token.key).
    python3 -c 'import secrets; print(secrets.token_hex(32), end="")' >"$dir/data/token.key"
    chmod 600 "$dir/data/token.key"
    {
      echo "N=$n"
      echo "PG='$pg'"
      echo "GRPC=$(free_port)"
      echo "HTTP=$(free_port)"
      for i in $(seq "$n"); do
        echo "SERVER_${i}_GRPC=$(free_port)"
        echo "SERVER_${i}_HTTP=$(free_port)"
        echo "SERVER_${i}_METRICS=$(free_port)"
      done
    } >"$dir/cluster.env"
    # shellcheck disable=SC1091
    source "$dir/cluster.env"
    grpc_servers="" http_servers=""
    for i in $(seq "$n"); do
      start_server "$i"
      g=SERVER_${i}_GRPC h=SERVER_${i}_HTTP
      grpc_servers+="  server s$i 127.0.0.1:${!g}"$'\n'
      http_servers+="  server s$i 127.0.0.1:${!h}"$'\n'
    done
    python3 - "$here/haproxy.cfg.in" "$dir/haproxy.cfg" "$GRPC" "$HTTP" "$grpc_servers" \
      "$http_servers" "$proxy_source" <<'PY'
import sys
src, dst, grpc, http, grpc_servers, http_servers, proxy_source = sys.argv[1:]
text = open(src).read()
import os
for key, value in {"@BIND@": "127.0.0.1", "@GRPC_PORT@": grpc, "@HTTP_PORT@": http,
                   "@PROXY_SOURCE@": proxy_source,
                   "@DIR@": os.path.dirname(os.path.abspath(dst)),
                   "@GRPC_SERVERS@": grpc_servers.rstrip(),
                   "@HTTP_SERVERS@": http_servers.rstrip()}.items():
    text = text.replace(key, value)
open(dst, "w").write(text)
PY
    haproxy -c -q -f "$dir/haproxy.cfg"
    setsid haproxy -f "$dir/haproxy.cfg" -db >>"$dir/haproxy.log" 2>&1 &
    echo $! >"$dir/haproxy.pid"
    if ! wait_healthy "$HTTP" 30 "$(cat "$dir/haproxy.pid")"; then
      echo "cluster: haproxy did not answer; its log:" >&2
      tail -5 "$dir/haproxy.log" >&2
      exit 1
    fi
    echo "cluster: $n servers on PostgreSQL ($pg); gRPC 127.0.0.1:$GRPC, HTTP" \
      "http://127.0.0.1:$HTTP/ (HAProxy)"
    ;;
  kill)
    kill -KILL "$(cat "$dir/server-$3.pid")"
    rm -f "$dir/server-$3.pid"
    ;;
  restart)
    # shellcheck disable=SC1091
    source "$dir/cluster.env"
    PG=$PG start_server "$3"
    ;;
  stop)
    if [ -f "$dir/cluster.env" ]; then
      # shellcheck disable=SC1091
      source "$dir/cluster.env"
      stop_pid_file "$dir/haproxy.pid"
      for i in $(seq "$N"); do stop_pid_file "$dir/server-$i.pid"; done
    fi
    bash "$here/pg_temp.sh" stop "$dir/pg"
    ;;
  *)
    echo "cluster: unknown command $cmd" >&2
    exit 2
    ;;
esac
