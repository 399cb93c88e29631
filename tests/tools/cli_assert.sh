# Sourced by the CLI tests: small assertion helpers that print what differed.
# Usage in a test: source "$(dirname "$0")/cli_assert.sh"; caipan=$1; data=$2
failures=0

# expect_output NAME EXPECTED_STATUS EXPECTED_STDOUT -- command...
expect_output() {
  local name=$1 want_status=$2 want=$3
  shift 4
  local got status
  got=$("$@" 2>/tmp/cli_assert_stderr.$$)
  status=$?
  if [ "$status" != "$want_status" ] || [ "$got" != "$want" ]; then
    echo "FAIL $name: status $status (want $want_status)"
    echo "--- got:"; echo "$got"; echo "--- want:"; echo "$want"
    echo "--- stderr:"; cat /tmp/cli_assert_stderr.$$
    failures=$((failures + 1))
  else
    echo "ok   $name"
  fi
  rm -f /tmp/cli_assert_stderr.$$
}

# expect_stderr_contains NAME EXPECTED_STATUS SUBSTRING -- command...
expect_stderr_contains() {
  local name=$1 want_status=$2 want=$3
  shift 4
  local err status
  err=$("$@" 2>&1 >/dev/null)
  status=$?
  if [ "$status" != "$want_status" ] || [[ "$err" != *"$want"* ]]; then
    echo "FAIL $name: status $status (want $want_status), stderr: $err (want to contain: $want)"
    failures=$((failures + 1))
  else
    echo "ok   $name"
  fi
}

# bounded COMMAND...: runs a command that must stop at once, killed after 10 s
# and limited to 2 GiB of address space, so that a regression in an input bound
# fails the test instead of hanging it or exhausting the machine's memory. No
# memory limit for an ASan build: it reserves terabytes of address space.
bounded() {
  (
    if ! grep -q __asan_init "$1"; then ulimit -v 2097152; fi
    exec timeout -s KILL 10 "$@"
  )
}

finish() {
  if [ "$failures" -ne 0 ]; then
    echo "$failures failure(s)"
    exit 1
  fi
  echo "all passed"
}
