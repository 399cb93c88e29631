#!/usr/bin/env bash
# Configures and builds caipan into build/ (or $CAIPAN_BUILD_DIR). Extra arguments go to cmake.
# CAIPAN_BUILD_TARGETS (space-separated) builds only those targets and what they need; by default
# everything is built (tests, benchmarks and fuzz replays included).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${CAIPAN_BUILD_DIR:-$root/build}
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
targets=()
if [ -n "${CAIPAN_BUILD_TARGETS:-}" ]; then
  read -r -a names <<<"$CAIPAN_BUILD_TARGETS"
  targets=(--target "${names[@]}")
fi
cmake --build "$build" -j "$(nproc)" "${targets[@]}"
