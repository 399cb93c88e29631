#!/usr/bin/env bash
# Sets up, builds and starts caipan's main job.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/tools/setup.sh"
"$root/tools/build.sh"
# The gRPC adjudication server on its embedded defaults: gRPC on 0.0.0.0:50051, Prometheus
# metrics on 0.0.0.0:9464/metrics, one log line per RPC on stderr. Stop it with Ctrl-C/SIGTERM.
exec "${CAIPAN_BUILD_DIR:-$root/build}/tools/caipan_server/caipan-server" "$@"
