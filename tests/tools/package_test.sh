#!/usr/bin/env bash
# The Debian package, end to end: `cpack -G DEB` in a built tree, then the package installed
# with dpkg -i (as root, when caipan is not installed already; removed again at the end) or else
# unpacked with dpkg-deb -x; the installed programs must print the build's --version, and a
# small CMake project must build and run against the install through find_package(caipan).
# Run as: bash package_test.sh BUILD_DIR VERSION CAIPAN CAIPAN_SERVER   (the build's programs;
# ctest -L package, not in the default run)
set -euo pipefail
build=$(cd "$1" && pwd)
version=$2
declare -A built=([caipan]=$3 [caipan-server]=$4)
work=$(mktemp -d)
installed=0
cleanup() {
  if [ "$installed" = 1 ]; then dpkg -r caipan >/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "FAIL $*" >&2
  exit 1
}

# --- the package
(cd "$build" && cpack -G DEB -B "$work/pkg") >"$work/cpack.log" 2>&1 ||
  { cat "$work/cpack.log" >&2; fail "cpack"; }
debs=("$work"/pkg/caipan_"$version"_*.deb)
[ -f "${debs[0]}" ] || fail "no caipan_${version}_*.deb in: $(ls "$work/pkg")"
deb=${debs[0]}
echo "ok   package $(basename "$deb") ($(du -k "$deb" | cut -f1) KiB)"
contents=$(dpkg-deb --contents "$deb" | awk '{print $6}')
for want in ./usr/bin/caipan ./usr/bin/caipan-server \
  ./usr/include/caipan/engine/xiangqi/position.h ./usr/include/caipan/engine/common/version.h \
  ./usr/share/doc/caipan/LICENSE; do
  grep -qx -- "$want" <<<"$contents" || fail "$want not in the package"
done
for lib in common xiangqi gomoku clock tournament version; do
  grep -q "/libcaipan_$lib\.a$" <<<"$contents" || fail "libcaipan_$lib.a not in the package"
done
grep -q '/cmake/caipan/caipanConfig\.cmake$' <<<"$contents" || fail "no caipanConfig.cmake"
depends=$(dpkg-deb --field "$deb" Depends)
# dpkg-shlibdeps found the programs' libraries (gRPC among them).
[[ $depends == *libgrpc* ]] || fail "Depends lacks gRPC: $depends"
echo "ok   contents and Depends: $depends"

# --- installed, or unpacked
if [ "$(id -u)" = 0 ] && [ "${CAIPAN_PACKAGE_EXTRACT:-0}" != 1 ] &&
  ! dpkg-query -W -f='${Status}' caipan 2>/dev/null | grep -q "install ok installed"; then
  installed=1
  dpkg -i "$deb" >"$work/dpkg.log" 2>&1 || { cat "$work/dpkg.log" >&2; fail "dpkg -i"; }
  prefix=/usr
  echo "ok   dpkg -i"
else
  dpkg-deb -x "$deb" "$work/root"
  prefix=$work/root/usr
  echo "ok   dpkg-deb -x into $work/root"
fi
for program in caipan caipan-server; do
  got=$("$prefix/bin/$program" --version)
  [[ $got =~ ^$program\ ${version//./\\.}\ \(commit\ [^\)]+\)$ ]] || fail "$program --version: $got"
  [ "$got" = "$("${built[$program]}" --version)" ] || fail "$program --version: $got, the build's differs"
  echo "ok   $prefix/bin/$program --version: $got"
done

# --- a consumer project
mkdir -p "$work/consumer"
cat >"$work/consumer/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.25)
project(caipan_consumer LANGUAGES CXX)
find_package(caipan ${version%.*} REQUIRED)
add_executable(consumer main.cc)
target_link_libraries(consumer PRIVATE caipan::engine)
CMAKE
cat >"$work/consumer/main.cc" <<'CC'
#include <cstdio>

#include "engine/clock/time_control.h"
#include "engine/common/version.h"
#include "engine/gomoku/board.h"
#include "engine/gomoku/forbidden.h"
#include "engine/xiangqi/position.h"

int main() {
  auto start = caipan::xiangqi::Position::Start();
  caipan::gomoku::Board board;
  bool clock_ok = caipan::clock::ParseTimeControl("1200+5").ok();
  std::printf("%s moves=%d forbidden=%zu clock=%d\n",
              caipan::VersionLine("consumer").c_str(), start.CountLegalMoves(),
              caipan::gomoku::ListForbiddenPoints(board).size(), clock_ok);
}
CC
cmake -S "$work/consumer" -B "$work/consumer/build" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_FIND_PACKAGE_NO_PACKAGE_REGISTRY=ON >"$work/consumer.log" 2>&1 &&
  cmake --build "$work/consumer/build" >>"$work/consumer.log" 2>&1 ||
  { cat "$work/consumer.log" >&2; fail "the consumer project did not build"; }
grep -q "caipan_DIR:PATH=$prefix/" "$work/consumer/build/CMakeCache.txt" ||
  fail "find_package(caipan) did not take the install: $(grep caipan_DIR "$work/consumer/build/CMakeCache.txt")"
commit=$("$prefix/bin/caipan" --version | sed 's/.*(commit \(.*\))$/\1/')
want="consumer $version (commit $commit) moves=44 forbidden=0 clock=1"
got=$("$work/consumer/build/consumer")
[ "$got" = "$want" ] || fail "consumer printed: $got (want: $want)"
echo "ok   consumer through find_package(caipan): $got"
echo "all passed"
