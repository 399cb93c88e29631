# `caipan xiangqi adjudicate` and `caipan xiangqi limit`: first lines, JSON
# fields, record input and the exit status for bad input (2, message on
# stderr). Positions as in tests/engine/xiangqi/repetition_test.cc.
source "$(dirname "$0")/cli_assert.sh"
caipan=$1

# Prints the first N lines of a command's output, keeping its exit status.
first() {
  local n=$1 out status
  shift
  out=$("$@")
  status=$?
  printf '%s\n' "$out" | head -n "$n"
  return $status
}

check_fen="4k4/9/5R3/9/9/9/9/9/9/3K5 w - - 0 1"
check_cycle="f7e7 e9f9 e7f7 f9e9 f7e7 e9f9 e7f7 f9e9"
chase_fen="4k4/9/1c7/9/9/9/9/2R6/9/3K5 w - - 0 1"
chase_cycle="c2b2 b7c7 b2c2 c7b7 c2b2 b7c7 b2c2 c7b7"

expect_output perpetual_check 0 "0-1
reason: perpetual-check
ply: 8" -- first 3 "$caipan" xiangqi adjudicate --fen "$check_fen" --moves "$check_cycle"

expect_output perpetual_check_simple 0 "0-1
reason: perpetual-check" -- first 2 "$caipan" xiangqi adjudicate --fen "$check_fen" --moves "$check_cycle" --rules simple

expect_output perpetual_chase 0 "0-1
reason: perpetual-chase
ply: 8" -- first 3 "$caipan" xiangqi adjudicate --fen "$chase_fen" --moves "$chase_cycle"

expect_output chase_is_draw_under_simple 0 "1/2-1/2
reason: repetition-draw
ply: 8" -- first 3 "$caipan" xiangqi adjudicate --fen "$chase_fen" --moves "$chase_cycle" --rules simple

expect_output claim_mode_orders_to_vary 0 "*
reason: ongoing
ply: 8" -- first 3 "$caipan" xiangqi adjudicate --fen "$chase_fen" --moves "$chase_cycle" --mode claim

expect_output ongoing_start 0 "*
reason: ongoing
ply: 2" -- first 3 "$caipan" xiangqi adjudicate --moves "h2e2 h9g7"

expect_output checkmate 0 "1-0
reason: checkmate
ply: 3" -- first 3 "$caipan" xiangqi adjudicate --fen "4k4/9/R8/9/9/9/9/9/1R7/3K5 w - - 0 1" --moves "a7a8 e9f9 b1b9"

expect_output natural_limit_draw 0 "1/2-1/2
reason: natural-limit
ply: 6" -- first 3 "$caipan" xiangqi adjudicate --moves "h0g2 h9g7 b0c2 b9c7 a0a1 a9a8" --natural-limit 3

# Chinese notation is accepted for --moves.
expect_output chinese_notation 0 "*
reason: ongoing
ply: 2" -- first 3 "$caipan" xiangqi adjudicate --moves "炮二平五 马８进７"

# JSON: the ruling with each move's classification and its target.
json=$("$caipan" xiangqi adjudicate --fen "$chase_fen" --moves "$chase_cycle" --json)
before=$failures
for want in '"result":"0-1"' '"reason":"perpetual-chase"' '"ply":8' \
  '"red":"perpetual-chase"' '"kind":"chase"' '"target_square":"b7"' \
  '"protected":false' '"chinese":"车七平八"'; do
  if [[ "$json" != *"$want"* ]]; then
    echo "FAIL json: missing $want in: $json"
    failures=$((failures + 1))
  fi
done
if command -v python3 >/dev/null; then
  if ! printf '%s' "$json" | python3 -c 'import json,sys; json.load(sys.stdin)'; then
    echo "FAIL json: not valid JSON"
    failures=$((failures + 1))
  fi
fi
[ "$failures" = "$before" ] && echo "ok   json_fields"

# Record files (PGN with a FEN tag).
record=$(mktemp)
cat >"$record" <<PGN
[FEN "$check_fen"]

1. f7e7 e9f9 2. e7f7 f9e9 3. f7e7 e9f9 4. e7f7 f9e9 *
PGN
expect_output record_file 0 "0-1
reason: perpetual-check" -- first 2 "$caipan" xiangqi adjudicate --record "$record"
rm -f "$record"

# Natural limit for a claimant: red's checks uncounted under "none".
checks_fen="4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1"
checks="a0a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e7"
expect_output limit_red_none 0 "not-reached
rounds counted: 0
rounds remaining: 2" -- first 3 "$caipan" xiangqi limit --fen "$checks_fen" --moves "$checks" --claimant red --natural-limit 2 --limit-checks none
expect_output limit_black_none 0 "reached
rounds counted: 4
rounds remaining: 0" -- first 3 "$caipan" xiangqi limit --fen "$checks_fen" --moves "$checks" --claimant black --natural-limit 2 --limit-checks none
expect_output limit_red_k3 0 "not-reached
rounds counted: 3
rounds remaining: 1" -- first 3 "$caipan" xiangqi limit --fen "$checks_fen" --moves "$checks" --claimant red --natural-limit 4 --limit-checks 3
expect_output limit_red_all 0 "reached
rounds counted: 4
rounds remaining: 0" -- first 3 "$caipan" xiangqi limit --fen "$checks_fen" --moves "$checks" --claimant red --natural-limit 4
# Without --claimant, both sides (as GetNaturalLimitStatus with no claimant):
# a block each, headed by the side; "first reached at ply" only where it was.
expect_output limit_both_sides 0 "red: not-reached
rounds counted: 0
rounds remaining: 2
limit: 2 rounds, claimant's checks counted: none
plies since capture: 8
claimant checks: 4 (4 not counted)

black: reached
rounds counted: 4
rounds remaining: 0
limit: 2 rounds, claimant's checks counted: none
plies since capture: 8
claimant checks: 0 (0 not counted)
first reached at ply: 4" -- "$caipan" xiangqi limit --fen "$checks_fen" --moves "$checks" --natural-limit 2 --limit-checks none
# The same counts as asking for each side.
both=$("$caipan" xiangqi limit --fen "$checks_fen" --moves "$checks" --natural-limit 3)
red=$("$caipan" xiangqi limit --fen "$checks_fen" --moves "$checks" --natural-limit 3 --claimant red)
black=$("$caipan" xiangqi limit --fen "$checks_fen" --moves "$checks" --natural-limit 3 --claimant black)
if [ "$both" = "red: $red

black: $black" ]; then
  echo "ok   limit_both_is_each"
else
  echo "FAIL limit_both_is_each:"; echo "$both"
  failures=$((failures + 1))
fi
# Not reached: no "first reached at ply: 0".
expect_output limit_not_reached_no_first_ply 0 "not-reached
rounds counted: 1
rounds remaining: 59
limit: 60 rounds, claimant's checks counted: all
plies since capture: 2
claimant checks: 0 (0 not counted)" -- "$caipan" xiangqi limit --moves "h0g2 h9g7" --claimant red
expect_output limit_reached_first_ply 0 "first reached at ply: 6" -- \
  bash -c "\"$caipan\" xiangqi limit --moves 'h0g2 h9g7 b0c2 b9c7 a0a1 a9a8' --natural-limit 3 --claimant black | tail -n 1"

# Bad input: exit 2, the message names the ply or the option.
expect_stderr_contains illegal_move 2 "ply 3" -- "$caipan" xiangqi adjudicate --moves "h2e2 h9g7 a0a5"
# An illegal move is ruled as AdjudicateGame rules it: its mover loses there
# (the exit status still flags the faulty input). So is a move text that names
# no legal move.
expect_output illegal_move_verdict 2 "0-1
reason: illegal-move
ply: 3" -- first 3 "$caipan" xiangqi adjudicate --moves "h2e2 h9g7 a0a5"
expect_output unplayable_move_verdict 2 "0-1
reason: illegal-move
ply: 3" -- first 3 "$caipan" xiangqi adjudicate --moves "h2e2 h9g7 车九进三 h0g2"
expect_stderr_contains unreadable_move 2 "--moves: ply 2" -- "$caipan" xiangqi adjudicate --moves "h2e2 hello"
expect_stderr_contains illegal_move_limit 2 "ply 1" -- "$caipan" xiangqi limit --claimant red --moves "a0a5"
expect_stderr_contains bad_rules 2 "rules" -- "$caipan" xiangqi adjudicate --rules fide
expect_stderr_contains bad_mode 2 "mode" -- "$caipan" xiangqi adjudicate --mode auto
expect_stderr_contains bad_limit_checks 2 "limit-checks" -- "$caipan" xiangqi adjudicate --limit-checks some
expect_stderr_contains bad_natural_limit 2 "natural-limit" -- "$caipan" xiangqi adjudicate --natural-limit 0
expect_stderr_contains bad_claimant 2 "claimant" -- "$caipan" xiangqi limit --claimant blue
expect_stderr_contains bad_fen 2 "--fen" -- "$caipan" xiangqi adjudicate --fen "9/9/9 w"
expect_stderr_contains missing_record 2 "--record /nonexistent/game.pgn: cannot read" -- \
  "$caipan" xiangqi adjudicate --record /nonexistent/game.pgn

# Record files are bounded: only regular files, at most --max-record-bytes
# (default 1 MiB), refused before they are read whole.
dir=$(mktemp -d)
expect_stderr_contains record_empty_directory 2 "--record $dir: no record files" -- \
  bounded "$caipan" xiangqi adjudicate --record "$dir"
expect_stderr_contains record_directory_limit 2 "--record $dir: not a regular file" -- \
  bounded "$caipan" xiangqi limit --claimant red --record "$dir"
expect_stderr_contains record_dev_zero 2 "--record /dev/zero: not a regular file" -- \
  bounded "$caipan" xiangqi adjudicate --record /dev/zero
mkfifo "$dir/fifo"
expect_stderr_contains record_fifo 2 "--record $dir/fifo: not a regular file" -- \
  bounded "$caipan" xiangqi adjudicate --record "$dir/fifo"
truncate -s 50M "$dir/big.pgn"
expect_stderr_contains record_over_default_limit 2 \
  "--record $dir/big.pgn: 52428800 bytes exceed --max-record-bytes 1048576" -- \
  bounded "$caipan" xiangqi adjudicate --record "$dir/big.pgn"
expect_stderr_contains record_over_default_limit_limit 2 \
  "--record $dir/big.pgn: 52428800 bytes exceed --max-record-bytes 1048576" -- \
  bounded "$caipan" xiangqi limit --claimant black --record "$dir/big.pgn"
# Exactly at the limit is read; one byte more is refused.
{
  printf 'h2e2 h9g7'
  head -c $((1048576 - 9)) /dev/zero | tr '\0' ' '
} >"$dir/edge.txt"
expect_output record_at_limit 0 "*
reason: ongoing
ply: 2" -- first 3 bounded "$caipan" xiangqi adjudicate --record "$dir/edge.txt"
printf ' ' >>"$dir/edge.txt"
expect_stderr_contains record_over_limit_by_one 2 \
  "1048577 bytes exceed --max-record-bytes 1048576" -- \
  bounded "$caipan" xiangqi adjudicate --record "$dir/edge.txt"
printf 'h2e2 h9g7\n' >"$dir/small.txt"
expect_stderr_contains record_over_lowered_limit 2 \
  "--record $dir/small.txt: 10 bytes exceed --max-record-bytes 9" -- \
  bounded "$caipan" xiangqi adjudicate --record "$dir/small.txt" --max-record-bytes 9
expect_output record_within_lowered_limit 0 "*" -- \
  first 1 bounded "$caipan" xiangqi adjudicate --record "$dir/small.txt" --max-record-bytes 10
expect_stderr_contains bad_max_record_bytes 2 "--max-record-bytes 0: expected 1..16777216" -- \
  "$caipan" xiangqi adjudicate --record "$dir/small.txt" --max-record-bytes 0
expect_stderr_contains huge_max_record_bytes 2 "--max-record-bytes 16777217: expected 1..16777216" -- \
  "$caipan" xiangqi limit --claimant red --record "$dir/small.txt" --max-record-bytes 16777217
printf 'h2e2 zz\n' >"$dir/bad.txt"
expect_stderr_contains record_bad_move_names_path 2 "--record $dir/bad.txt: ply 2" -- \
  "$caipan" xiangqi adjudicate --record "$dir/bad.txt"
rm -rf "$dir"

# Claims written among the moves: claim mode rules only there.
expect_output claim_word_orders_to_vary 0 "*
reason: ongoing
ply: 8" -- first 3 "$caipan" xiangqi adjudicate --fen "$chase_fen" --moves "$chase_cycle claim" --mode claim
out=$("$caipan" xiangqi adjudicate --fen "$chase_fen" --moves "$chase_cycle claim" --mode claim)
expect_output claim_ruling_line 0 "claim: claim by red after ply 8: red perpetual chase, black allowed: red must vary (plies 1-8): red is ordered to vary and loses if the cycle recurs" -- \
  grep '^claim:' <<<"$out"
expect_output claim_recurs_loses 0 "0-1
reason: perpetual-chase
ply: 12" -- first 3 "$caipan" xiangqi adjudicate --fen "$chase_fen" --moves "$chase_cycle claim $chase_cycle" --mode claim
expect_output no_claim_no_ruling 0 "*
reason: ongoing
ply: 16" -- first 3 "$caipan" xiangqi adjudicate --fen "$chase_fen" --moves "$chase_cycle $chase_cycle" --mode claim
# --repetitions: an automatic ruling waits for the K-th occurrence.
expect_output repetitions_four 0 "*
reason: ongoing" -- first 2 "$caipan" xiangqi adjudicate --fen "$chase_fen" --moves "$chase_cycle" --repetitions 4
expect_stderr_contains bad_repetitions 2 "repetitions: expected 3..100" -- \
  "$caipan" xiangqi adjudicate --moves "h2e2" --repetitions 2
# The FEN's halfmove clock counts toward the natural limit.
expect_output fen_halfmove_counts 0 "1/2-1/2
reason: natural-limit
ply: 2" -- first 3 "$caipan" xiangqi adjudicate --fen "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 4 3" --moves "h0g2 h9g7" --natural-limit 3
# Explanations in Chinese.
out=$("$caipan" xiangqi adjudicate --fen "$check_fen" --moves "$check_cycle" --lang zh)
expect_output lang_zh_explanation 0 "explanation: 黑胜：红方长将判负（第8着）。红方长将，黑方允许：红方须变着（第1至8着）。" -- \
  grep '^explanation:' <<<"$out"
expect_stderr_contains bad_lang 2 "--lang: unknown language" -- \
  "$caipan" xiangqi adjudicate --moves "h2e2" --lang fr

# Several games: one line each, the recorded result beside the verdict, a
# summary; a game that cannot be read is named on its line (exit status 1).
dir=$(mktemp -d)
printf '[Result "1-0"]\n1. h2e2 h9g7 2. h0g2 1-0\n\n[Result "0-1"]\n1. h2e2 zz 0-1\n' >"$dir/two.pgn"
printf '[FEN "%s"]\n[Result "1-0"]\n1. a7a8 e9f9 2. b1b9 1-0\n' "4k4/9/R8/9/9/9/9/9/1R7/3K5 w - - 0 1" >"$dir/mate.pgn"
mkdir "$dir/sub"
printf '%s\n' "$chase_cycle" "{claim}" "$chase_cycle" >"$dir/sub/ignored.dat"
expect_output batch_lines 1 "$dir/mate.pgn#1	1-0	checkmate	ply 3	recorded 1-0	agree
$dir/two.pgn#1	*	ongoing	ply 3	recorded 1-0	-
$dir/two.pgn#2	error: ply 2: \"zz\": not a move in ICCS, WXF or Chinese notation
summary: files 2, games 3, read 2, errors 1, agree 1, disagree 0, unknown 1" -- \
  "$caipan" xiangqi adjudicate --record "$dir" --mode claim --jobs 2
json=$("$caipan" xiangqi adjudicate --record "$dir/mate.pgn" "$dir/two.pgn" --json)
expect_output batch_json_summary 0 '{"summary":{"files":2,"games":3,"read":2,"errors":1,"agree":1,"disagree":0,"unknown":1}}' -- \
  tail -n 1 <<<"$json"
if command -v python3 >/dev/null &&
  ! printf '%s\n' "$json" | python3 -c 'import json,sys; [json.loads(l) for l in sys.stdin]'; then
  echo "FAIL batch_json: not one JSON object per line"
  failures=$((failures + 1))
fi
# The rules contradict the record: a recorded 1-0 after mate by black.
printf '[FEN "%s"]\n[Result "0-1"]\n1. a7a8 e9f9 2. b1b9 0-1\n' "4k4/9/R8/9/9/9/9/9/1R7/3K5 w - - 0 1" >"$dir/wrong.pgn"
expect_output batch_disagreement 0 "disagreement: the record says 0-1 but by the rules Red wins: black is checkmated (ply 3)." -- \
  grep '^disagreement:' <<<"$("$caipan" xiangqi adjudicate --record "$dir/wrong.pgn")"

# Convert: a record written back as PGN or a move list, in any notation; it
# reads back to the same game.
expect_output convert_text_chinese 1 "1. 炮二平五 马８进７ 2. 马二进三 1-0" -- \
  "$caipan" xiangqi convert --record "$dir/two.pgn" --to text --notation chinese
expect_stderr_contains convert_names_bad_game 1 "game 2 not converted" -- \
  "$caipan" xiangqi convert --record "$dir/two.pgn"
"$caipan" xiangqi convert --record "$dir/mate.pgn" --notation wxf >"$dir/back.pgn" 2>/dev/null
expect_output convert_round_trip 0 "1-0
reason: checkmate
ply: 3" -- first 3 "$caipan" xiangqi adjudicate --record "$dir/back.pgn"
expect_stderr_contains convert_bad_to 2 "--to: expected pgn or text" -- \
  "$caipan" xiangqi convert --moves "h2e2" --to xml
rm -rf "$dir"

finish
