# `--version` of caipan and caipan-server, and the commit stamp of cmake/version_info.cmake.
# Run as: bash version_cli_test.sh VERSION CAIPAN_BINARY [CAIPAN_SERVER_BINARY]
# No -e: the assertions count failures and report them all at the end.
set -uo pipefail
source "$(dirname "$0")/cli_assert.sh"
version=$1
caipan=$2
server=${3:-}
script=$(cd "$(dirname "$0")/../.." && pwd)/cmake/version_info.cmake
commit_re='([0-9a-f]{7,}(-dirty)?|unknown)'

# expect_version NAME PROGRAM BINARY: one line "PROGRAM VERSION (commit HASH)", status 0.
expect_version() {
  local name=$1 program=$2 binary=$3 got status=0
  got=$("$binary" --version) || status=$?
  if [ "$status" -ne 0 ] ||
    ! [[ $got =~ ^$program\ ${version//./\\.}\ \(commit\ $commit_re\)$ ]]; then
    echo "FAIL $name: status $status, got: $got (want: $program $version (commit HASH))"
    failures=$((failures + 1))
  else
    echo "ok   $name: $got"
  fi
}

expect_version caipan_version caipan "$caipan"
if [ -n "$server" ]; then
  expect_version server_version caipan-server "$server"
  # Both binaries of one build carry the same commit.
  cli_commit=$("$caipan" --version | sed 's/.*(commit \(.*\))$/\1/')
  server_commit=$("$server" --version | sed 's/.*(commit \(.*\))$/\1/')
  expect_output same_commit 0 "$cli_commit" -- echo "$server_commit"
fi

# The generator on its own: the commit of a checkout, "-dirty" for a changed tracked file (not
# for an untracked one), "unknown" outside git, and no rewrite when nothing changed.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
stamp() { # stamp SOURCE_DIR: prints the commit the generated file holds
  cmake -DSOURCE_DIR="$1" -DOUTPUT="$work/version.cc" -DVERSION="$version" -P "$script"
  sed -n 's/.*Commit() { return "\(.*\)"; }/\1/p' "$work/version.cc"
}
mkdir "$work/tarball"
expect_output not_a_checkout 0 unknown -- stamp "$work/tarball"
mkdir "$work/repo"
echo one >"$work/repo/file"
git -C "$work/repo" init -q
git -C "$work/repo" add file
git -C "$work/repo" -c user.name=test -c user.email=test@example.com commit -qm one
hash=$(git -C "$work/repo" rev-parse --short=7 HEAD)
expect_output clean_checkout 0 "$hash" -- stamp "$work/repo"
touch -d '2000-01-01 00:00:00 UTC' "$work/version.cc"
stamp "$work/repo" >/dev/null
expect_output unchanged_not_rewritten 0 946684800 -- stat -c %Y "$work/version.cc"
echo untracked >"$work/repo/new"
expect_output untracked_is_clean 0 "$hash" -- stamp "$work/repo"
echo two >"$work/repo/file"
expect_output tracked_change_is_dirty 0 "$hash-dirty" -- stamp "$work/repo"
# A tree inside another checkout is not that checkout.
mkdir "$work/repo/sub"
expect_output nested_not_a_checkout 0 unknown -- stamp "$work/repo/sub"

finish
