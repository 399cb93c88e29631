#!/usr/bin/env bash
# Fuzzes every libFuzzer target of tests/fuzz/ for SECONDS each (default 60): builds them with
# clang, libFuzzer, ASan and UBSan into build-fuzz/ (or $CAIPAN_FUZZ_BUILD_DIR), runs each on a
# copy of its seed corpus (tests/fuzz/corpus/<target>/ is left as it is), and prints one line
# per target: runs, corpus size before and after, findings. Crashes, leaks, timeouts and
# out-of-memory inputs of this run go to build-fuzz/crashes/<target>/ (emptied first), with the
# fuzzer's log in build-fuzz/fuzz-work/<target>/log. Exits non-zero if any target found
# something. Meant for a scheduled job, not for the normal test run:
#
#   tools/fuzz.sh 600
#
# Reproduce a finding by running the target on the file alone:
#   build-fuzz/tests/fuzz/<target> build-fuzz/crashes/<target>/crash-<hash>
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-60}
if ! [[ $seconds =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: $0 [SECONDS]   (per target, default 60)" >&2
  exit 2
fi
build=${CAIPAN_FUZZ_BUILD_DIR:-$root/build-fuzz}

# Longest input per target: a little over the longest meaningful one.
max_len_of() {
  case "$1" in
    xiangqi_notation_fuzz) echo 64 ;;
    xiangqi_fen_fuzz) echo 256 ;;
    xiangqi_adjudicate_fuzz | gomoku_stones_fuzz | gomoku_record_fuzz) echo 512 ;;
    xiangqi_record_fuzz) echo 1024 ;;
    adjudication_request_fuzz) echo 4096 ;;
    *) echo 1024 ;;
  esac
}

"$root/tools/setup.sh"

# gRPC and protobuf are Debian's gcc-built libraries: not instrumented, but they link into the
# clang/libFuzzer binaries (both use libstdc++), so the request target is built here too, with
# coverage and sanitizers on our code (generated messages included).
targets=()
for src in "$root"/tests/fuzz/*_fuzz.cc; do
  targets+=("$(basename "$src" .cc)")
done
CXX=clang++ cmake -S "$root" -B "$build" -G Ninja -DCAIPAN_FUZZ=ON \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j "$(nproc)" --target "${targets[@]}"

summary=()
found=0
for t in "${targets[@]}"; do
  work=$build/fuzz-work/$t
  crashes=$build/crashes/$t
  rm -rf "$work" "$crashes"
  mkdir -p "$work/corpus" "$crashes"
  seeds=0
  if [ -d "$root/tests/fuzz/corpus/$t" ]; then
    cp "$root/tests/fuzz/corpus/$t"/* "$work/corpus/"
    seeds=$(find "$work/corpus" -type f | wc -l)
  fi
  max_len=$(max_len_of "$t")
  echo "fuzz: $t for ${seconds}s (max_len $max_len, $seeds seeds)"
  status=0
  "$build/tests/fuzz/$t" "$work/corpus" -max_total_time="$seconds" -max_len="$max_len" \
    -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$crashes/" \
    >"$work/log" 2>&1 || status=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log" | tail -n 1)
  corpus=$(find "$work/corpus" -type f | wc -l)
  findings=$(find "$crashes" -type f \
    \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) | wc -l)
  if [ "$status" -ne 0 ] && [ "$findings" -eq 0 ]; then
    # The fuzzer failed without leaving an input (e.g. it did not start): count it.
    findings=1
    echo "fuzz: $t exited with $status and no reproducer; see $work/log" >&2
  fi
  if [ "$findings" -gt 0 ]; then
    found=1
    grep -m 1 -E '^==[0-9]+== ?ERROR|^SUMMARY|deadly signal|runtime error' "$work/log" >&2 || true
  fi
  summary+=("$(printf '%-28s %12s %8s %8s %8s' "$t" "${runs:-?}" "$seeds" "$corpus" "$findings")")
done

echo
printf '%-28s %12s %8s %8s %8s\n' target runs seeds corpus crashes
printf '%s\n' "${summary[@]}"
if [ "$found" -ne 0 ]; then
  echo "fuzz: findings in $build/crashes/ (logs in $build/fuzz-work/<target>/log)" >&2
  exit 1
fi
