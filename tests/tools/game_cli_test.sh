# `caipan game …` against a caipan-server started here (in-memory store, free
# loopback port): create, moves, refusals and their exit statuses, retries by
# ply, show, draws, resignation, fouls, arbiter rulings, clocks, abort,
# takebacks, a rematch, the arbiter starting the clocks, a gomoku opening and
# watch.
# Run as: bash game_cli_test.sh CAIPAN_BINARY CAIPAN_SERVER_BINARY
source "$(dirname "$0")/cli_assert.sh"
caipan=$1
server=$2

tmp=$(mktemp -d)
server_pid=
cleanup() {
  if [ -n "$server_pid" ]; then
    kill "$server_pid" 2>/dev/null
    wait "$server_pid" 2>/dev/null
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT

# An arbiter token of 32 bytes.
arbiter=arbiter-token-0123456789abcdefgh
printf '# arbiters of the test\n%s\n' "$arbiter" >"$tmp/arbiters"
(cd "$tmp" && exec "$server" --address 127.0.0.1:0 --store memory \
  --metrics-address=off --http-address=off --arbiter-tokens-file "$tmp/arbiters" --no-rpc-log \
  >"$tmp/server.log" 2>&1) &
server_pid=$!

# The port from the `listening` log line (" port=N", or "port":N in JSON).
port=
for _ in $(seq 1 300); do
  port=$(grep -oE '(^| )port=[0-9]+|"port": *[0-9]+' "$tmp/server.log" |
    head -n 1 | grep -oE '[0-9]+$')
  [ -n "$port" ] && break
  if ! kill -0 "$server_pid" 2>/dev/null; then break; fi
  sleep 0.1
done
if [ -z "$port" ]; then
  echo "FAIL caipan-server did not start listening; its log:"
  cat "$tmp/server.log"
  exit 1
fi
addr=127.0.0.1:$port
echo "server on $addr"

# run COMMAND...: runs caipan, leaving $out, $err and $status.
run() {
  out=$("$caipan" "$@" 2>"$tmp/stderr")
  status=$?
  err=$(cat "$tmp/stderr")
}

# expect NAME WANT_STATUS [FIRST_LINE] -- caipan arguments...: the exit status
# and, when given, the first line of stdout.
expect() {
  local name=$1 want_status=$2 want_first=
  shift 2
  if [ "$1" != "--" ]; then
    want_first=$1
    shift
  fi
  shift
  run "$@"
  local first
  first=$(printf '%s\n' "$out" | head -n 1)
  if [ "$status" != "$want_status" ] ||
    { [ -n "$want_first" ] && [ "$first" != "$want_first" ]; }; then
    echo "FAIL $name: status $status (want $want_status), first line: $first${want_first:+ (want $want_first)}"
    echo "--- stdout:"; echo "$out"; echo "--- stderr:"; echo "$err"
    failures=$((failures + 1))
  else
    echo "ok   $name"
  fi
}

# expect_err NAME WANT_STATUS SUBSTRING -- caipan arguments...: the status and
# a substring of stderr.
expect_err() {
  local name=$1 want_status=$2 want=$3
  shift 4
  run "$@"
  if [ "$status" != "$want_status" ] || [[ "$err" != *"$want"* ]]; then
    echo "FAIL $name: status $status (want $want_status), stderr: $err (want to contain: $want)"
    failures=$((failures + 1))
  else
    echo "ok   $name"
  fi
}

# json JSON EXPR: EXPR (Python, over the parsed object `d`) printed.
json() {
  python3 -c 'import json, sys; d = json.loads(sys.argv[1]); print(eval(sys.argv[2]))' "$1" "$2"
}

# expect_json NAME JSON EXPR WANT: the value of EXPR in JSON.
expect_json() {
  local name=$1 got
  got=$(json "$2" "$3" 2>&1)
  if [ "$got" != "$4" ]; then
    echo "FAIL $name: $3 = $got (want $4)"
    echo "--- json: $2"
    failures=$((failures + 1))
  else
    echo "ok   $name"
  fi
}

# expect_contains NAME TEXT SUBSTRING: TEXT (the last stdout, say) has it.
expect_contains() {
  if [[ "$2" != *"$3"* ]] || [ "$status" != 0 ]; then
    echo "FAIL $1: status $status, want a line with: $3"
    echo "--- text:"; echo "$2"; echo "--- stderr:"; echo "$err"
    failures=$((failures + 1))
  else
    echo "ok   $1"
  fi
}

# show NAME: the game's `show --json` in $shown.
show() {
  shown=$("$caipan" game show --server "$addr" --game "$1" --json)
}

s=(--server "$addr")

# --- create (xiangqi, clocks, names), --json parsed
run game create "${s[@]}" --game xiangqi --time-control 1200+5 --red Alice \
  --black Bob --event "Test Open" --round 1 --board 3 --json
expect_json create_json_keys "$out" 'sorted(d) == ["game", "tokens"] and sorted(d["tokens"]) == ["black", "red"]' True
[ "$(printf '%s\n' "$out" | wc -l)" = 1 ] || {
  echo "FAIL create_json: not one line: $out"
  failures=$((failures + 1))
}
g1=$(json "$out" 'd["game"]')
red1=$(json "$out" 'd["tokens"]["red"]')
black1=$(json "$out" 'd["tokens"]["black"]')

# --- moves by both sides
expect move_red 0 "*" -- game move "${s[@]}" --game "$g1" --token "$red1" --move h2e2 --ply 1
expect move_black 0 "*" -- game move "${s[@]}" --game "$g1" --token "$black1" --move h9g7 --ply 2
run game move "${s[@]}" --game "$g1" --token "$red1" --move 马二进三 --json
expect_json move_chinese_notation "$out" '(d["legal"], d["move"], d["ply"])' "(True, 'h0g2', 3)"

# --- refusals
expect_err illegal_move 2 "refused: illegal" -- \
  game move "${s[@]}" --game "$g1" --token "$black1" --move a9a1
expect_err unparseable_move 2 "refused: unparseable" -- \
  game move "${s[@]}" --game "$g1" --token "$black1" --move zz
expect_err wrong_token 2 "UNAUTHENTICATED" -- \
  game move "${s[@]}" --game "$g1" --token not-a-token-of-this-game-at-all --move b9c7
expect_err out_of_turn 2 "FAILED_PRECONDITION" -- \
  game move "${s[@]}" --game "$g1" --token "$red1" --move b0c2
expect_err arbiter_token_on_move 2 "PERMISSION_DENIED" -- \
  game move "${s[@]}" --game "$g1" --token "$arbiter" --move b9c7
expect_err stale_ply 2 "FAILED_PRECONDITION" -- \
  game move "${s[@]}" --game "$g1" --token "$black1" --move b9c7 --ply 2
expect_err future_ply 2 "FAILED_PRECONDITION" -- \
  game move "${s[@]}" --game "$g1" --token "$black1" --move b9c7 --ply 7
expect_err unknown_game 2 "NOT_FOUND" -- game show "${s[@]}" --game games/no-such-game
show "$g1"
expect_json refusals_change_nothing "$shown" 'd["ply"]' 3

# --- a retried move (same --ply, numbered from 1) is answered again, not played
# twice
expect move_black_ply4 0 "*" -- game move "${s[@]}" --game "$g1" --token "$black1" --move b9c7 --ply 4
expect retry_same_ply 0 "*" -- game move "${s[@]}" --game "$g1" --token "$black1" --move b9c7 --ply 4
show "$g1"
expect_json retry_not_applied_twice "$shown" '(d["ply"], d["moves"])' \
  "(4, ['h2e2', 'h9g7', 'h0g2', 'b9c7'])"

# --- show --json
expect_json show_fields "$shown" \
  '(d["game"] == "'"$g1"'", d["status"], d["result"], d["reason"], d["side_to_act"], d["draw_offer"], d["fouls"], d["time_control"])' \
  "(True, 'live', '*', 'none', 'red', 'none', [], '1200+5')"
expect_json show_clocks "$shown" \
  '(d["clocks"]["timed"], d["clocks"]["paused"], 0 < d["clocks"]["red_ms"] <= 1210000, 0 < d["clocks"]["black_ms"] <= 1210000, "white_ms" in d["clocks"], "shared_ms" in d["clocks"])' \
  "(True, False, True, True, False, True)"
expect_json show_players "$shown" '[(p["side"], p["name"]) for p in d["players"]]' \
  "[('red', 'Alice'), ('black', 'Bob')]"
expect_json show_event "$shown" '(d["event"], d["round"], d["board"])' "('Test Open', '1', '3')"
expect show_text 0 "*" -- game show "${s[@]}" --game "$g1"

# --- draw offer, declined; draw offer, accepted
expect draw_offer 0 "*" -- game draw offer "${s[@]}" --game "$g1" --token "$red1"
show "$g1"
expect_json draw_offer_pending "$shown" 'd["draw_offer"]' red
expect_err draw_accept_own_offer 2 "FAILED_PRECONDITION" -- \
  game draw accept "${s[@]}" --game "$g1" --token "$red1"
expect draw_decline 0 "*" -- game draw decline "${s[@]}" --game "$g1" --token "$black1"
show "$g1"
expect_json draw_declined "$shown" '(d["draw_offer"], d["result"])' "('none', '*')"
expect_err decline_nothing 2 "FAILED_PRECONDITION" -- \
  game draw decline "${s[@]}" --game "$g1" --token "$black1"
expect move_red_b0c2 0 "*" -- game move "${s[@]}" --game "$g1" --token "$red1" --move b0c2
expect draw_offer_black 0 "*" -- game draw offer "${s[@]}" --game "$g1" --token "$black1"
expect draw_accept 0 "1/2-1/2" -- game draw accept "${s[@]}" --game "$g1" --token "$red1"
show "$g1"
expect_json agreed_draw "$shown" '(d["status"], d["result"], d["reason"], d["side_to_act"])' \
  "('finished', '1/2-1/2', 'agreed-draw', 'none')"
expect_err move_after_end 2 "" -- game move "${s[@]}" --game "$g1" --token "$black1" --move a9a8
show "$g1"
expect_json nothing_after_end "$shown" 'd["ply"]' 5

# --- watch: a finished game gives its snapshot and exits at once
run game watch "${s[@]}" --game "$g1" --json
expect_json watch_finished_snapshot "$out" '(d["kind"], d["snapshot"]["result"])' "('snapshot', '1/2-1/2')"
[ "$status" = 0 ] || { echo "FAIL watch_finished: status $status: $err"; failures=$((failures + 1)); }
# Every event of the game, resumed from the start of its log.
run game watch "${s[@]}" --game "$g1" --after 1 --json
kinds=$(printf '%s\n' "$out" | python3 -c 'import json, sys; print(" ".join(json.loads(l)["kind"] for l in sys.stdin))')
if [ "$status" != 0 ] || [ "$kinds" != "move move move move draw_offered draw_answered move draw_offered draw_answered" ]; then
  echo "FAIL watch_after_1: status $status, kinds: $kinds"; echo "$err"
  failures=$((failures + 1))
else
  echo "ok   watch_after_1"
fi
run game watch "${s[@]}" --game "$g1" --after 1 --count 2
if [ "$status" != 0 ] || [ "$(printf '%s\n' "$out" | wc -l)" != 2 ] ||
  [[ "$out" != "2 move red h2e2"* ]]; then
  echo "FAIL watch_count_text: status $status, out: $out"; echo "$err"
  failures=$((failures + 1))
else
  echo "ok   watch_count_text"
fi
expect_err watch_unknown_game 2 "NOT_FOUND" -- game watch "${s[@]}" --game games/no-such-game

# --- resignation, followed live by watch
run game create "${s[@]}" --game xiangqi --red Carl --black Dora --json
g2=$(json "$out" 'd["game"]')
red2=$(json "$out" 'd["tokens"]["red"]')
black2=$(json "$out" 'd["tokens"]["black"]')
"$caipan" game watch "${s[@]}" --game "$g2" --json >"$tmp/watch" 2>"$tmp/watch.err" &
watch_pid=$!
for _ in $(seq 1 100); do
  [ -s "$tmp/watch" ] && break
  sleep 0.1
done
expect move_g2 0 "*" -- game move "${s[@]}" --game "$g2" --token "$red2" --move h2e2
expect resign 0 "1-0" -- game resign "${s[@]}" --game "$g2" --token "$black2"
watch_status=timeout
for _ in $(seq 1 100); do
  if ! kill -0 "$watch_pid" 2>/dev/null; then
    wait "$watch_pid"
    watch_status=$?
    break
  fi
  sleep 0.1
done
[ "$watch_status" = timeout ] && kill "$watch_pid"
# Each item as KIND:RESULT.
watch_kinds=$(python3 -c '
import json, sys
items = []
for line in open(sys.argv[1]):
    d = json.loads(line)
    result = d["snapshot"]["result"] if d["kind"] == "snapshot" else d["result"]
    items.append(d["kind"] + ":" + result)
print(" ".join(items))' "$tmp/watch")
if [ "$watch_status" != 0 ] || [ "$watch_kinds" != "snapshot:* move:* resigned:1-0" ]; then
  echo "FAIL watch_live: status $watch_status, items: $watch_kinds"; cat "$tmp/watch.err"
  failures=$((failures + 1))
else
  echo "ok   watch_live"
fi
show "$g2"
expect_json resignation "$shown" '(d["status"], d["result"], d["reason"])' "('finished', '1-0', 'resignation')"

# --- fouls: the arbiter's, at --foul-limit 2 the second loses
run game create "${s[@]}" --game xiangqi --foul-limit 2 --json
g3=$(json "$out" 'd["game"]')
red3=$(json "$out" 'd["tokens"]["red"]')
expect draw_claim_nothing 2 "refused" -- game draw claim "${s[@]}" --game "$g3" --token "$red3"
expect_err foul_by_player 2 "PERMISSION_DENIED" -- \
  game foul "${s[@]}" --game "$g3" --token "$red3" --side red --reason "touched a piece"
expect_err foul_bad_token 2 "UNAUTHENTICATED" -- \
  game foul "${s[@]}" --game "$g3" --token not-an-arbiter-token-xxxxxxxx --side red --reason x
expect foul_1 0 "*" -- game foul "${s[@]}" --game "$g3" --token "$arbiter" --side red --reason "phone rang"
expect foul_2 0 "0-1" -- game foul "${s[@]}" --game "$g3" --token "$arbiter" --side red --reason "spoke to a spectator"
show "$g3"
expect_json foul_limit "$shown" '(d["status"], d["result"], d["reason"], [(f["side"], f["reason"]) for f in d["fouls"]])' \
  "('finished', '0-1', 'foul-limit', [('red', 'phone rang'), ('red', 'spoke to a spectator')])"

# --- clocks: pause, resume, adjust; abort (clocks running from the start)
run game create "${s[@]}" --game xiangqi --time-control 1200+5 --clock-start start-time --json
g4=$(json "$out" 'd["game"]')
red4=$(json "$out" 'd["tokens"]["red"]')
black4=$(json "$out" 'd["tokens"]["black"]')
show "$g4"
seq4=$(json "$shown" 'd["last_sequence"]')
expect pause 0 "*" -- game pause "${s[@]}" --game "$g4" --token "$arbiter" --reason "fire alarm"
show "$g4"
expect_json paused "$shown" '(d["clocks"]["paused"], d["status"])' "(True, 'live')"
expect_err pause_twice 2 "FAILED_PRECONDITION" -- \
  game pause "${s[@]}" --game "$g4" --token "$arbiter" --reason "again"
expect_err pause_by_player 2 "PERMISSION_DENIED" -- \
  game pause "${s[@]}" --game "$g4" --token "$red4" --reason "tired"
run game resume "${s[@]}" --game "$g4" --token "$arbiter" --json
expect_json resumed "$out" 'd["clocks"]["paused"]' False
run game adjust-clock "${s[@]}" --game "$g4" --token "$arbiter" --side red --delta-ms 60000 --reason "clock fault" --json
expect_json adjust_red "$out" 'd["clocks"]["red_ms"] > 1200000' True
run game adjust-clock "${s[@]}" --game "$g4" --token "$arbiter" --side black --delta-ms -30000 --reason "penalty" --json
expect_json adjust_black_negative "$out" 'd["clocks"]["black_ms"] <= 1170000' True
expect_err adjust_shared_without_period 2 "" -- \
  game adjust-clock "${s[@]}" --game "$g4" --token "$arbiter" --side shared --delta-ms 1000 --reason x
run game watch "${s[@]}" --game "$g4" --after "$seq4" --count 4 --json
kinds=$(printf '%s\n' "$out" | python3 -c 'import json, sys; print(" ".join(json.loads(l)["kind"] for l in sys.stdin))')
if [ "$status" != 0 ] || [ "$kinds" != "paused resumed clock_adjusted clock_adjusted" ]; then
  echo "FAIL watch_arbiter_events: status $status, kinds: $kinds"; echo "$err"
  failures=$((failures + 1))
else
  echo "ok   watch_arbiter_events"
fi
expect_json watch_clock_adjusted_fields "$(printf '%s\n' "$out" | tail -n 1)" \
  '(d["sequence"], d["clock_adjusted"]["side"], d["clock_adjusted"]["delta_ms"], d["clock_adjusted"]["reason"])' \
  "($((seq4 + 4)), 'black', -30000, 'penalty')"
expect abort 0 "*" -- game abort "${s[@]}" --game "$g4" --token "$arbiter" --reason "power cut"
show "$g4"
expect_json aborted "$shown" '(d["status"], d["result"], d["reason"])' "('aborted', '*', 'aborted')"
expect_err move_after_abort 2 "" -- game move "${s[@]}" --game "$g4" --token "$red4" --move h2e2
expect_err abort_needs_reason 2 "--reason is required" -- game abort "${s[@]}" --game "$g4" --token "$arbiter"

# --- gomoku: the opening decisions
run game create "${s[@]}" --game gomoku --black Erin --white Finn --json
expect_json gomoku_create_keys "$out" 'sorted(d["tokens"])' "['black', 'white']"
g5=$(json "$out" 'd["game"]')
black5=$(json "$out" 'd["tokens"]["black"]')
white5=$(json "$out" 'd["tokens"]["white"]')
expect gomoku_1 0 "*" -- game move "${s[@]}" --game "$g5" --token "$black5" --move h8
expect gomoku_2 0 "*" -- game move "${s[@]}" --game "$g5" --token "$white5" --move h9
expect gomoku_3 0 "*" -- game move "${s[@]}" --game "$g5" --token "$black5" --move h10
expect_err gomoku_stone_while_swap_due 2 "" -- game move "${s[@]}" --game "$g5" --token "$white5" --move i9
expect gomoku_noswap 0 "*" -- game move "${s[@]}" --game "$g5" --token "$white5" --move noswap
expect gomoku_4 0 "*" -- game move "${s[@]}" --game "$g5" --token "$white5" --move i9
expect gomoku_propose 0 "*" -- game move "${s[@]}" --game "$g5" --token "$black5" --move propose:i10,j10
expect gomoku_choose 0 "*" -- game move "${s[@]}" --game "$g5" --token "$white5" --move choose:j10
show "$g5"
expect_json gomoku_show "$shown" '(d["kind"], d["status"], d["side_to_act"], d["swapped"], "red_ms" in d["clocks"], "white_ms" in d["clocks"])' \
  "('gomoku', 'live', 'white', False, False, True)"
expect gomoku_set_result 0 "0-1" -- game set-result "${s[@]}" --game "$g5" --token "$arbiter" --result 0-1 --reason "black left the hall"
show "$g5"
expect_json gomoku_white_wins "$shown" '(d["result"], d["reason"], d["rulings"][-1]["reason"])' \
  "('0-1', 'arbiter-decision', 'black left the hall')"

# --- takebacks by agreement, a rematch, and the arbiter starting the clocks
run game create "${s[@]}" --game xiangqi --time-control 600+5 --red Gina --black Hugo --allow-takebacks --json
g6=$(json "$out" 'd["game"]')
red6=$(json "$out" 'd["tokens"]["red"]')
black6=$(json "$out" 'd["tokens"]["black"]')
show "$g6"
expect_json takebacks_allowed "$shown" '(d["allow_takebacks"], d["takeback_request"], d["last_sequence"])' "(True, 'none', 1)"
expect move6_1 0 "*" -- game move "${s[@]}" --game "$g6" --token "$red6" --move h2e2
expect move6_2 0 "*" -- game move "${s[@]}" --game "$g6" --token "$black6" --move h9g7
expect_err takeback_accept_nothing 2 "FAILED_PRECONDITION" -- \
  game takeback accept "${s[@]}" --game "$g6" --token "$black6"
run game takeback request "${s[@]}" --game "$g6" --token "$black6" --json
expect_json takeback_requested "$out" '(d["takeback_request"], d["ply"])' "('black', 2)"
expect_err takeback_accept_own 2 "FAILED_PRECONDITION" -- \
  game takeback accept "${s[@]}" --game "$g6" --token "$black6"
expect takeback_decline 0 "*" -- game takeback decline "${s[@]}" --game "$g6" --token "$red6"
show "$g6"
expect_json takeback_declined "$shown" '(d["takeback_request"], d["ply"])' "('none', 2)"
expect takeback_request_again 0 "*" -- game takeback request "${s[@]}" --game "$g6" --token "$black6"
expect_contains takeback_summary_text "$out" "takeback request: black"
run game takeback accept "${s[@]}" --game "$g6" --token "$red6" --json
expect_json takeback_accepted "$out" '(d["takeback_request"], d["ply"], d["moves"], d["side_to_act"])' "('none', 1, ['h2e2'], 'black')"
run game watch "${s[@]}" --game "$g6" --after 3 --count 4 --json
expect_json watch_takeback_events "[$(printf '%s\n' "$out" | paste -sd, -)]" \
  '[(e["kind"], e[e["kind"]].get("side"), e[e["kind"]].get("accepted"), e[e["kind"]].get("plies")) for e in d]' \
  "[('takeback_requested', 'black', None, None), ('takeback_answered', 'red', False, 0), ('takeback_requested', 'black', None, None), ('takeback_answered', 'red', True, 1)]"
run game watch "${s[@]}" --game "$g6" --after 6 --count 1
expect_contains watch_takeback_text "$out" "7 takeback_answered red accepted plies=1"
expect_err rematch_of_live_game 2 "FAILED_PRECONDITION" -- \
  game rematch "${s[@]}" --game "$g6" --token "$red6"
expect resign6 0 "0-1" -- game resign "${s[@]}" --game "$g6" --token "$red6"
run game rematch "${s[@]}" --game "$g6" --token "$red6" --json
expect_json rematch_created "$out" '(d["created"], d["side"], d["state"]["status"], [(p["side"], p["name"]) for p in d["state"]["players"]])' \
  "(True, 'black', 'live', [('red', 'Hugo'), ('black', 'Gina')])"
g7=$(json "$out" 'd["game"]')
black7=$(json "$out" 'd["token"]')
run game rematch "${s[@]}" --game "$g6" --token "$black6"
expect_contains rematch_joined_text "$out" "created: no"
expect_contains rematch_same_game "$out" "game: $g7"
red7=$(printf '%s\n' "$out" | sed -n 's/^red: //p')
show "$g6"
expect_json rematch_named "$shown" 'd["rematch"]' "$g7"
expect rematch_move 0 "*" -- game move "${s[@]}" --game "$g7" --token "$red7" --move h2e2
expect_err rematch_wrong_seat 2 "FAILED_PRECONDITION" -- \
  game move "${s[@]}" --game "$g7" --token "$red7" --move h9g7
expect rematch_black_move 0 "*" -- game move "${s[@]}" --game "$g7" --token "$black7" --move h9g7

run game create "${s[@]}" --game xiangqi --time-control 600+5 --clock-start start-time \
  --start-time-unix-ms $(( $(date +%s) * 1000 + 3600000 )) --json
g8=$(json "$out" 'd["game"]')
red8=$(json "$out" 'd["tokens"]["red"]')
expect_err start_clocks_by_player 2 "PERMISSION_DENIED" -- \
  game start-clocks "${s[@]}" --game "$g8" --token "$red8"
run game start-clocks "${s[@]}" --game "$g8" --token "$arbiter" --reason "both players seated" --json
expect_json clocks_started "$out" '(d["start_time_unix_ms"] <= '"$(( $(date +%s) * 1000 + 60000 ))"', d["rulings"][-1]["reason"])' \
  "(True, 'both players seated')"
expect_err start_clocks_twice 2 "FAILED_PRECONDITION" -- \
  game start-clocks "${s[@]}" --game "$g8" --token "$arbiter"
run game watch "${s[@]}" --game "$g8" --after 1 --count 1 --json
expect_json watch_clocks_started "$out" '(d["kind"], d["clocks_started"]["reason"])' "('clocks_started', 'both players seated')"
expect move8_1 0 "*" -- game move "${s[@]}" --game "$g8" --token "$red8" --move h2e2
expect_err takeback_not_allowed 2 "takebacks are not allowed" -- \
  game takeback request "${s[@]}" --game "$g8" --token "$red8"

# --- options checked before any call
expect_err create_bad_kind 2 "--game: expected xiangqi or gomoku" -- game create "${s[@]}" --game chess
expect_err create_other_game_option 2 "--red: not an option of a gomoku game" -- \
  game create "${s[@]}" --game gomoku --red x
expect_err create_bad_rules 2 "--rules" -- game create "${s[@]}" --game xiangqi --rules bogus

# --- a server that is not there: a transport failure, exit status 1
kill "$server_pid"
wait "$server_pid" 2>/dev/null
server_pid=
expect_err server_gone 1 "caipan: UNAVAILABLE: " -- game show "${s[@]}" --game "$g1" --deadline-seconds 5

finish
