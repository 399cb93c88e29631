# `caipan xiangqi repetition`: the ruling on the repetition the moves end in
# (text and JSON, English and Chinese), and the exit status for bad input (2,
# message on stderr naming the option or ply). Positions as in
# xiangqi_adjudicate_cli_test.sh.
# Run as: bash xiangqi_repetition_cli_test.sh CAIPAN_BINARY TEST_DATA_DIR
source "$(dirname "$0")/cli_assert.sh"
caipan=$1

check_fen="4k4/9/5R3/9/9/9/9/9/9/3K5 w - - 0 1"
check_cycle="f7e7 e9f9 e7f7 f9e9 f7e7 e9f9 e7f7 f9e9"
chase_fen="4k4/9/1c7/9/9/9/9/2R6/9/3K5 w - - 0 1"
chase_cycle="c2b2 b7c7 b2c2 c7b7 c2b2 b7c7 b2c2 c7b7"

# Perpetual check: red at fault, the cycle and every move.
expect_output perpetual_check 0 "red-must-vary
occurrences: 3
at fault: red
red: perpetual-check
black: allowed
cycle: plies 1-8
explanation: red perpetual check, black allowed: red must vary (plies 1-8)
moves:
  ply 1 red f7e7 车四平五 check
  ply 2 black e9f9 将５平６ idle (plain)
  ply 3 red e7f7 车五平四 check
  ply 4 black f9e9 将６平５ idle (plain)
  ply 5 red f7e7 车四平五 check
  ply 6 black e9f9 将５平６ idle (plain)
  ply 7 red e7f7 车五平四 check
  ply 8 black f9e9 将６平５ idle (plain)
fen: 4k4/9/5R3/9/9/9/9/9/9/3K5 w - - 8 5" -- \
  "$caipan" xiangqi repetition --fen "$check_fen" --moves "$check_cycle" --lang en

expect_output perpetual_check_zh 0 "red-must-vary
occurrences: 3
at fault: red
red: perpetual-check
black: allowed
cycle: plies 1-8
explanation: 红方长将，黑方允许：红方须变着（第1至8着）
moves:
  第1着红方f7e7：将 车四平五
  第2着黑方e9f9：闲着 将５平６" -- \
  bash -c "\"$caipan\" xiangqi repetition --fen '$check_fen' --moves '$check_cycle' --lang zh | head -n 10"

# Perpetual chase: forbidden under the Chinese rules, a draw under simple.
expect_output perpetual_chase 0 "red-must-vary
occurrences: 3
at fault: red
red: perpetual-chase
black: allowed" -- \
  bash -c "\"$caipan\" xiangqi repetition --fen '$chase_fen' --moves '$chase_cycle' --lang en | head -n 5"
expect_output chase_simple_draw 0 "draw
occurrences: 3
at fault: none
red: allowed
black: allowed" -- \
  bash -c "\"$caipan\" xiangqi repetition --fen '$chase_fen' --moves '$chase_cycle' --rules simple --lang en | head -n 5"
expect_output chase_in_chase_line 0 "  ply 1 red c2b2 车七平八 chase; Rb2>cb7 (unprotected)" -- \
  bash -c "\"$caipan\" xiangqi repetition --fen '$chase_fen' --moves '$chase_cycle' --lang en | grep 'ply 1 '"

# Twice is no repetition yet: the count, no fault, no cycle.
expect_output twice 0 "no-repetition
occurrences: 2
at fault: none
explanation: the final position has occurred 2 times since the last capture; a ruling needs three
fen: 4k4/9/5R3/9/9/9/9/9/9/3K5 w - - 4 3" -- \
  "$caipan" xiangqi repetition --fen "$check_fen" --moves "f7e7 e9f9 e7f7 f9e9" --lang en
expect_output twice_zh 0 "explanation: 自上次吃子以来该局面出现2次，裁决需出现三次" -- \
  bash -c "\"$caipan\" xiangqi repetition --fen '$check_fen' --moves 'f7e7 e9f9 e7f7 f9e9' --lang zh | grep explanation"
# Only the final position is ruled on: one move past the cycle, none.
expect_output past_the_cycle 0 "no-repetition
occurrences: 1" -- \
  bash -c "\"$caipan\" xiangqi repetition --fen '$check_fen' --moves '$check_cycle f7f8' --lang en | head -n 2"
expect_output no_moves 0 "no-repetition
occurrences: 1
at fault: none" -- bash -c "\"$caipan\" xiangqi repetition --lang en | head -n 3"

# JSON: one object; the fields checked with python's json module.
json=$("$caipan" xiangqi repetition --fen "$check_fen" --moves "$check_cycle" --json --lang en)
if python3 -c '
import json, sys
o = json.loads(sys.argv[1])
r = o["ruling"]
assert o["outcome"] == "red-must-vary", o
assert o["at_fault"] == "red" and o["occurrences"] == 3, o
assert o["rules"] == "chinese" and o["language"] == "en", o
assert o["explanation"].startswith("Red perpetual check"), o["explanation"]
assert r["red"] == "perpetual-check" and r["black"] == "allowed", r
assert (r["first_ply"], r["last_ply"]) == (1, 8), r
assert [m["move"] for m in r["moves"]] == sys.argv[2].split(), r["moves"]
assert [m["kind"] for m in r["moves"]] == ["check", "idle"] * 4, r["moves"]
assert r["moves"][0]["chinese"] == "车四平五", r["moves"][0]
' "$json" "$check_cycle"; then
  echo "ok   json_perpetual_check"
else
  echo "FAIL json_perpetual_check: $json"
  failures=$((failures + 1))
fi
json=$("$caipan" xiangqi repetition --fen "$check_fen" --moves "f7e7 e9f9" --json --lang zh)
if python3 -c '
import json, sys
o = json.loads(sys.argv[1])
assert o["outcome"] == "no-repetition" and o["occurrences"] == 1, o
assert o["at_fault"] is None and o["ruling"] is None, o
assert o["explanation"] == "自上次吃子以来该局面出现1次，裁决需出现三次", o
' "$json"; then
  echo "ok   json_no_repetition"
else
  echo "FAIL json_no_repetition: $json"
  failures=$((failures + 1))
fi

# A record file gives the game as --fen/--moves do.
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf '[FEN "%s"]\n\n%s\n' "$check_fen" "$check_cycle" >"$dir/cycle.pgn"
expect_output record 0 "red-must-vary
occurrences: 3
at fault: red" -- bash -c "\"$caipan\" xiangqi repetition --record '$dir/cycle.pgn' --lang en | head -n 3"

# Bad input: exit 2, the message names the option or ply, nothing on stdout.
expect_stderr_contains illegal_move 2 '--moves: ply 2: "h2e2": illegal: no piece on h2' -- \
  "$caipan" xiangqi repetition --moves "h2e2 h2e2"
expect_output illegal_move_stdout 2 "" -- "$caipan" xiangqi repetition --moves "h2e2 h2e2"
expect_stderr_contains unknown_move 2 '--moves: ply 1: "车5进1": no red chariot on file 5' -- \
  "$caipan" xiangqi repetition --moves "车5进1"
expect_stderr_contains bad_rules 2 '--rules: expected chinese, asian or simple, got "fide"' -- \
  "$caipan" xiangqi repetition --rules fide
expect_stderr_contains bad_fen 2 "--fen" -- "$caipan" xiangqi repetition --fen "9/9 w"
expect_stderr_contains bad_lang 2 "--lang" -- "$caipan" xiangqi repetition --lang xx
expect_stderr_contains record_and_moves 2 "excludes" -- \
  "$caipan" xiangqi repetition --record "$dir/cycle.pgn" --moves "h2e2"
expect_stderr_contains record_directory 2 "--record $dir: not a regular file" -- \
  bounded "$caipan" xiangqi repetition --record "$dir"
expect_stderr_contains record_over_limit 2 "--max-record-bytes 0: expected 1..16777216" -- \
  "$caipan" xiangqi repetition --record "$dir/cycle.pgn" --max-record-bytes 0

finish
