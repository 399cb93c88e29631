# caipan-loadgen against a caipan-server it starts: every unary item of the
# CheckMove mix is answered without an error, with requests built per call and
# with --pre-encoded (bytes encoded once and sent through a generic stub, so a
# wrong method path would show as errors here).
# Run as: bash loadgen_cli_test.sh CAIPAN_LOADGEN_BINARY CAIPAN_SERVER_BINARY
loadgen=$1
server=$2
failures=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# check_rows NAME OUTPUT_FILE: each measured row (Ping, CheckMove text, codes
# and codes answered from the position cache) has calls and no errors.
check_rows() {
  local name=$1 out=$2 row calls errors
  for row in "Ping (empty)" "CheckMove h20" "CheckMove h20 codes" \
    "CheckMove h20 cached"; do
    # The row's last line: the name, then spaces and the figures.
    read -r calls errors < <(awk -v row="$row" '
      index($0, row) == 1 && substr($0, length(row) + 1) ~ /^ +[0-9]/ {
        split(substr($0, length(row) + 1), f, " "); line = f[1] " " f[2]
      }
      END { print line }' "$out")
    if [ -z "$calls" ] || [ "$calls" -le 0 ] || [ "$errors" != 0 ]; then
      echo "FAIL $name: row '$row' calls='$calls' errors='$errors'"
      cat "$out"
      failures=$((failures + 1))
    else
      echo "ok   $name: $row $calls calls, 0 errors"
    fi
  done
}

for mode in per-call pre-encoded; do
  extra=()
  [ "$mode" = pre-encoded ] && extra=(--pre-encoded)
  out="$tmp/$mode.txt"
  "$loadgen" --server "$server" --server-log "$tmp/server-$mode.log" \
    --server-arg=--no-rpc-log --server-arg=--store=memory \
    --mix check_move,check_move_codes,check_move_codes_cached \
    --plies 20 --in-flight 4 --seconds 0.3 "${extra[@]}" >"$out" 2>&1
  status=$?
  if [ "$status" != 0 ]; then
    echo "FAIL $mode: exit status $status"
    cat "$out" "$tmp/server-$mode.log"
    failures=$((failures + 1))
    continue
  fi
  if [ "$mode" = pre-encoded ] && ! grep -q "plies=20 pre-encoded" "$out"; then
    echo "FAIL $mode: the header does not say pre-encoded"
    cat "$out"
    failures=$((failures + 1))
  fi
  check_rows "$mode" "$out"
done
exit $((failures > 0))
