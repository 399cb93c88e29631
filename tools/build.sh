#!/usr/bin/env bash
# Configures and builds caipan into build/ (or $CAIPAN_BUILD_DIR). Extra arguments go to cmake.
# CAIPAN_BUILD_TARGETS (space-separated) builds only those targets and what they need; by default
# everything is built (tests, benchmarks and fuzz replays included).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${CAIPAN_BUILD_DIR:-$root/build}
# Compiles through ccache where it is installed (tools/setup.sh installs it), so a rebuild of
# unchanged sources, in this clone or a fresh one, takes the objects from the cache. The base
# directory makes paths inside the clone hash alike in every clone; not hashing the working
# directory does the same for -g builds (the sanitizer build); the sloppiness is what ccache
# needs to cache objects built on precompiled headers. CAIPAN_CCACHE=0 compiles directly.
launcher=-DCMAKE_CXX_COMPILER_LAUNCHER=
# A cache directory that cannot be written (a read-only home) means compiling directly.
cache_writable() {
  local dir
  dir=$(ccache --get-config cache_dir 2>/dev/null) && mkdir -p "$dir" 2>/dev/null && [ -w "$dir" ]
}
if [ "${CAIPAN_CCACHE:-1}" != 0 ] && command -v ccache >/dev/null && cache_writable; then
  launcher="$launcher/usr/bin/env;CCACHE_BASEDIR=$root;CCACHE_NOHASHDIR=true;CCACHE_SLOPPINESS=pch_defines,time_macros;ccache"
fi
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release "$launcher" "$@" >/dev/null
targets=()
if [ -n "${CAIPAN_BUILD_TARGETS:-}" ]; then
  read -r -a names <<<"$CAIPAN_BUILD_TARGETS"
  targets=(--target "${names[@]}")
fi
cmake --build "$build" -j "$(nproc)" "${targets[@]}"
