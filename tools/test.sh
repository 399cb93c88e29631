#!/usr/bin/env bash
# Sets up, builds and runs every test: by default the fast set, the server abuse suite and the
# board pages in headless Chromium (labels `fast|abuse|browser`); `CAIPAN_TEST_LABELS=slow` for
# the deep perft rows, `all` for everything. With CAIPAN_SANITIZE=1 it uses an ASan+UBSan build.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/tools/setup.sh"
extra=()
build=$root/build
if [ "${CAIPAN_SANITIZE:-0}" = 1 ]; then
  extra+=(-DCAIPAN_SANITIZE=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo)
  build=$root/build-asan
fi
CAIPAN_BUILD_DIR=$build "$root/tools/build.sh" "${extra[@]}"
cd "$build"
# CAIPAN_TEST_EXCLUDE_LABELS: a label regex left out of the run (e.g. `cluster`).
exclude=()
if [ -n "${CAIPAN_TEST_EXCLUDE_LABELS:-}" ]; then
  exclude=(-LE "$CAIPAN_TEST_EXCLUDE_LABELS")
fi
case "${CAIPAN_TEST_LABELS:-fast}" in
  all) ctest --output-on-failure -j "$(nproc)" "${exclude[@]}" ;;
  *) ctest --output-on-failure -j "$(nproc)" -L "${CAIPAN_TEST_LABELS:-fast|abuse|browser}" \
       "${exclude[@]}" ;;
esac
