#!/usr/bin/env bash
# Sets up, builds and starts caipan's main job. Only the server and what it links (and the Python
# client's stubs) are built, not the tests, benchmarks and fuzz targets (tools/test.sh builds
# everything).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/tools/setup.sh"
# The Python client's generated modules too (clients/python/call.py), made in seconds.
CAIPAN_BUILD_TARGETS="caipan-server caipan_python_stubs" "$root/tools/build.sh"
# The gRPC adjudication server on its embedded defaults: gRPC on 0.0.0.0:50051, Prometheus
# metrics on 127.0.0.1:9464/metrics, one log line per RPC on stderr. Stop it with Ctrl-C/SIGTERM.
exec "${CAIPAN_BUILD_DIR:-$root/build}/tools/caipan_server/caipan-server" "$@"
