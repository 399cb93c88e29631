# CLI tests for `caipan gomoku …`: forbidden-point queries and adjudication.
# Run as: bash gomoku_cli_test.sh CAIPAN_BINARY TEST_DATA_DIR
source "$(dirname "$0")/cli_assert.sh"
caipan=$1
data=$2
# The outputs below are the English ones: whatever the runner's locale.
unset LC_ALL LC_MESSAGES
export LANG=C.UTF-8

# --- forbidden, one point
expect_output forbidden_point_none 0 "none" -- \
  "$caipan" gomoku forbidden --stones "B:h8,i9;W:h9" --point h10
expect_output forbidden_point_double_three 0 "double-three" -- \
  "$caipan" gomoku forbidden --stones "B:g8,h7,h9,i8;W:" --point h8
expect_output forbidden_point_upper_case 0 "double-three" -- \
  "$caipan" gomoku forbidden --stones "b:G8,H7,H9,I8;w:" --point H8
expect_output forbidden_point_five 0 "five" -- \
  "$caipan" gomoku forbidden --stones "B:f8,g8,i8,j8;W:" --point h8
expect_output forbidden_point_overline 0 "overline" -- \
  "$caipan" gomoku forbidden --stones "B:e8,f8,g8,i8,j8;W:" --point h8
expect_output forbidden_point_double_four 0 "double-four" -- \
  "$caipan" gomoku forbidden --stones "B:e8,g8,i8,k8;W:" --point h8

# --- forbidden, whole board (sorted by column, then row)
expect_output forbidden_map 0 "c13 double-three
d1 overline
e5 double-four" -- \
  "$caipan" gomoku forbidden --stones "B:b1,b5,b8,b13,c1,c5,c7,c12,c14,d5,d6,d13,e1,f1,g1,k1,k11,l1,l12,l13,m1,m12,m14,n1,n13,n14,o15;W:l14,n12"
expect_output forbidden_map_empty 0 "" -- \
  "$caipan" gomoku forbidden --stones "B:h8;W:h9"

# Every row of the forbidden-cases table through the CLI.
rows=0
while IFS=$'\t' read -r stones point expected _; do
  [ "$stones" = "stones" ] && continue
  got=$("$caipan" gomoku forbidden --stones "$stones" --point "$point")
  if [ "$got" != "$expected" ]; then
    echo "FAIL forbidden_tsv: $stones @ $point: got $got, want $expected"
    failures=$((failures + 1))
  fi
  rows=$((rows + 1))
done < "$data/gomoku/forbidden_cases.tsv"
if [ "$rows" -lt 200 ]; then
  echo "FAIL forbidden_tsv: only $rows rows read from $data"
  failures=$((failures + 1))
else
  echo "ok   forbidden_tsv ($rows rows)"
fi

# --- forbidden, bad input
expect_stderr_contains forbidden_bad_column 2 '"z9"' -- \
  "$caipan" gomoku forbidden --stones "B:h8,z9;W:h9"
expect_stderr_contains forbidden_bad_section 2 'must start with "B:" or "W:"' -- \
  "$caipan" gomoku forbidden --stones "X:h8"
expect_stderr_contains forbidden_duplicate 2 'h8 is given twice' -- \
  "$caipan" gomoku forbidden --stones "B:h8;W:h8"
expect_stderr_contains forbidden_bad_point 2 '--point' -- \
  "$caipan" gomoku forbidden --stones "B:h8" --point h16
expect_stderr_contains forbidden_occupied 2 'h8 is occupied' -- \
  "$caipan" gomoku forbidden --stones "B:h8" --point h8
expect_stderr_contains forbidden_strict_counts 2 'impossible position' -- \
  "$caipan" gomoku forbidden --strict --stones "B:h8,h9,h10;W:"
expect_output forbidden_strict_ok 0 "none" -- \
  "$caipan" gomoku forbidden --strict --stones "B:h8,h10;W:h9" --point h11
expect_stderr_contains forbidden_missing_stones 2 'give the position with --stones or --moves' -- \
  "$caipan" gomoku forbidden --point h8

# --- forbidden: rule sets. h8 is a double-three for black (g8 h7 h9 i8).
three="B:g8,h7,h9,i8;W:a1,a3,a5,a7"
three_moves="g8 a1 h7 a3 h9 a5 i8 a7"
no_forbidden="forbidden points apply to black only under renju-type rules (chinese, renju_rif); rules"
expect_output forbidden_rules_chinese 0 "h8 double-three" -- \
  "$caipan" gomoku forbidden --rules chinese --stones "$three"
expect_output forbidden_rules_renju_rif 0 "double-three" -- \
  "$caipan" gomoku forbidden --rules renju_rif --stones "$three" --point h8
expect_output forbidden_rules_upper_case 0 "h8 double-three" -- \
  "$caipan" gomoku forbidden --rules RENJU_RIF --stones "$three"
expect_output forbidden_rules_standard 0 "none
$no_forbidden gomoku_standard has none" -- \
  "$caipan" gomoku forbidden --rules gomoku_standard --stones "$three"
expect_output forbidden_rules_freestyle_point 0 "none
$no_forbidden gomoku_freestyle has none" -- \
  "$caipan" gomoku forbidden --rules gomoku_freestyle --stones "$three" --point h8
expect_stderr_contains forbidden_rules_unknown 2 '--rules: unknown rule set "renju"' -- \
  "$caipan" gomoku forbidden --rules renju --stones "$three"
# Without --rules: as before, black's points under chinese rules.
big="B:b1,b5,b8,b13,c1,c5,c7,c12,c14,d5,d6,d13,e1,f1,g1,k1,k11,l1,l12,l13,m1,m12,m14,n1,n13,n14,o15;W:l14,n12"
expect_output forbidden_default_is_chinese 0 \
  "$("$caipan" gomoku forbidden --rules chinese --stones "$big")" -- \
  "$caipan" gomoku forbidden --stones "$big"
expect_output forbidden_side_white 0 "none
forbidden points apply to black only; white has none" -- \
  "$caipan" gomoku forbidden --side white --stones "$three"
expect_stderr_contains forbidden_side_bad 2 '--side: expected black or white, got "red"' -- \
  "$caipan" gomoku forbidden --side red --stones "$three"

# --- forbidden: --moves builds the position from the empty board
expect_output forbidden_moves_equal_stones 0 \
  "$("$caipan" gomoku forbidden --stones "$three")" -- \
  "$caipan" gomoku forbidden --moves "$three_moves"
expect_output forbidden_moves_map 0 "h8 double-three" -- \
  "$caipan" gomoku forbidden --moves "$three_moves"
expect_output forbidden_moves_point_commas 0 "double-three" -- \
  "$caipan" gomoku forbidden --moves "G8,a1, h7 a3 h9 a5 i8 a7" --point h8
expect_output forbidden_moves_standard 0 "none
$no_forbidden gomoku_standard has none" -- \
  "$caipan" gomoku forbidden --rules gomoku_standard --moves "$three_moves"
expect_output forbidden_moves_white_to_move 0 "none
white is to move after 7 moves; forbidden points apply to black only (--side black lists black's)" -- \
  "$caipan" gomoku forbidden --moves "g8 a1 h7 a3 h9 a5 i8"
expect_output forbidden_moves_side_black 0 "h8 double-three" -- \
  "$caipan" gomoku forbidden --side black --moves "g8 a1 h7 a3 h9 a5 i8"
expect_output forbidden_moves_pass 0 "h8 double-three" -- \
  "$caipan" gomoku forbidden --moves "g8 a1 h7 a3 h9 a5 i8 pass"
expect_stderr_contains forbidden_moves_and_stones 2 '--stones excludes --moves' -- \
  "$caipan" gomoku forbidden --stones "$three" --moves "$three_moves"
expect_stderr_contains forbidden_moves_duplicate 2 \
  '--moves: move 5 ("h7"): h7 is already taken by move 3' -- \
  "$caipan" gomoku forbidden --moves "g8 a1 h7 a3 h7"
expect_stderr_contains forbidden_moves_bad_token 2 '--moves: move 2 ("x1y")' -- \
  "$caipan" gomoku forbidden --moves "h8 x1y h9"
expect_stderr_contains forbidden_moves_off_board 2 \
  '--moves: move 3 ("p9"): off the board' -- \
  "$caipan" gomoku forbidden --moves "h8 h9 p9"
expect_stderr_contains forbidden_moves_not_a_move 2 \
  '--moves: move 4 ("swap"): only points and pass' -- \
  "$caipan" gomoku forbidden --moves "h8 h9 h10 swap"
expect_stderr_contains forbidden_moves_after_five 2 \
  '--moves: move 10 ("a9"): the game ended at move 9 (black wins: five)' -- \
  "$caipan" gomoku forbidden --moves "h8 a1 i8 a3 j8 a5 k8 a7 l8 a9"
# Black's double-three at move 9 loses under chinese rules, not under standard.
expect_stderr_contains forbidden_moves_after_forbidden 2 \
  'move 10 ("a9"): the game ended at move 9 (white wins: forbidden-move double-three)' -- \
  "$caipan" gomoku forbidden --moves "$three_moves h8 a9"
expect_output forbidden_moves_after_double_three_standard 0 "none
$no_forbidden gomoku_standard has none" -- \
  "$caipan" gomoku forbidden --rules gomoku_standard --moves "$three_moves h8 a9"

# --- adjudicate
expect_output adjudicate_black_five 0 "black
reason: five
ply: 9
move: 9
action: l12
opening: D4 花月 Kagetsu
swapped: no" -- \
  "$caipan" gomoku adjudicate --moves "h8 h9 i9 g9 j10 f9 k11 e9 l12"
first_line() { "$@" | head -3 | tr '\n' ' '; }
expect_output adjudicate_white_five 0 "white reason: five ply: 10 " -- \
  first_line "$caipan" gomoku adjudicate --moves "H8 H9 H10 I9 J10 G9 K11 F9 L12 E9"
expect_output adjudicate_forbidden 0 "white reason: forbidden-move double-three ply: 13 " -- \
  first_line "$caipan" gomoku adjudicate --moves "h8 h9 h10 a15 b5 c15 c4 e15 c6 g15 d5 i15 c5"
expect_output adjudicate_overline_chinese 0 "white reason: forbidden-move overline ply: 15 " -- \
  first_line "$caipan" gomoku adjudicate --moves "h8 h9 h10 a15 c3 c15 d3 e15 e3 g15 g3 i15 h3 k15 f3"
expect_output adjudicate_overline_freestyle 0 "black reason: five ply: 15 " -- \
  first_line "$caipan" gomoku adjudicate --rules gomoku_freestyle --moves "h8 h9 h10 a15 c3 c15 d3 e15 e3 g15 g3 i15 h3 k15 f3"
expect_output adjudicate_overline_standard 0 "ongoing reason: none ply: 15 " -- \
  first_line "$caipan" gomoku adjudicate --rules gomoku_standard --moves "h8 h9 h10 a15 c3 c15 d3 e15 e3 g15 g3 i15 h3 k15 f3"
expect_output adjudicate_two_passes 0 "draw reason: two-passes ply: 7 " -- \
  first_line "$caipan" gomoku adjudicate --moves "h8 h9 h10 i9 j10 pass pass"
expect_output adjudicate_ongoing_swap 0 "ongoing
reason: none
ply: 3
move: 3
next: white swap|noswap
opening: D1 寒星 Kansei
swapped: no" -- \
  "$caipan" gomoku adjudicate --moves "h8 h9 h10"
expect_output adjudicate_opening_actions 0 "ongoing
reason: none
ply: 7
move: 5
next: white place|pass|draw
opening: D1 寒星 Kansei
swapped: yes" -- \
  "$caipan" gomoku adjudicate --moves "h8 h9 h10 i9 j10" --opening-actions "swap propose:i10,j10"
expect_output adjudicate_json 0 '{"verdict":"white","reason":"forbidden-move","forbidden":"double-three","ply":13,"move":13,"action":"c5","point":"c5","rules":"renju_rif","allowed":[],"candidates":[],"swapped":false,"opening":{"id":"D1","name_zh":"寒星","name_ja":"Kansei"}}' -- \
  "$caipan" gomoku adjudicate --json --rules renju_rif --moves "h8 h9 h10 a15 b5 c15 c4 e15 c6 g15 d5 i15 c5"

# --- adjudicate: illegal actions (exit 2, reason on stderr)
expect_stderr_contains adjudicate_occupied 2 'illegal action at ply 5 (h9): occupied' -- \
  "$caipan" gomoku adjudicate --moves "h8 h9 h10 i9 h9"
expect_stderr_contains adjudicate_off_board 2 'off-board' -- \
  "$caipan" gomoku adjudicate --moves "h8 h9 h10 i9 p9"
expect_stderr_contains adjudicate_not_opening 2 'not-designated-opening' -- \
  "$caipan" gomoku adjudicate --moves "h8 h9 h12"
expect_stderr_contains adjudicate_equivalent 2 'equivalent-candidates' -- \
  "$caipan" gomoku adjudicate --moves "h8 h9 h10 noswap h7 propose:i11,g11"
expect_stderr_contains adjudicate_strict 2 'swap or noswap' -- \
  "$caipan" gomoku adjudicate --strict-opening --moves "h8 h9 h10 i9"
expect_stderr_contains adjudicate_game_over 2 'game-over' -- \
  "$caipan" gomoku adjudicate --moves "h8 h9 i9 g9 j10 f9 k11 e9 l12 a1"
expect_output adjudicate_illegal_stdout 2 "illegal" -- \
  bash -c "\"\$0\" gomoku adjudicate --moves 'h8 pass' 2>/dev/null > /tmp/gomoku_cli_\$\$; s=\$?; head -1 /tmp/gomoku_cli_\$\$; rm -f /tmp/gomoku_cli_\$\$; exit \$s" "$caipan"

# --- adjudicate: bad input
expect_stderr_contains adjudicate_bad_token 2 '--moves: token 3' -- \
  "$caipan" gomoku adjudicate --moves "h8 h9 x1y"
expect_stderr_contains adjudicate_bad_rules 2 'unknown rule set' -- \
  "$caipan" gomoku adjudicate --rules renju --moves "h8"
expect_stderr_contains adjudicate_bad_opening_actions 2 '--opening-actions' -- \
  "$caipan" gomoku adjudicate --moves "h8 h9 h10" --opening-actions "swap swap"
expect_stderr_contains adjudicate_bad_n 2 'fifth_move_alternatives' -- \
  "$caipan" gomoku adjudicate --fifth-alternatives 0 --moves "h8"
expect_stderr_contains adjudicate_missing_moves 2 'moves' -- \
  "$caipan" gomoku adjudicate


# --- --lang: explanations and reasons in Chinese or English; the names stay.
forbidden13="h8 h9 h10 a15 b5 c15 c4 e15 c6 g15 d5 i15 c5"
expect_output adjudicate_lang_zh_forbidden 0 "white
reason: forbidden-move double-three
ply: 13
move: 13
action: c5
opening: D1 寒星 Kansei
swapped: no
explanation: 白胜：黑方第13手c5为三三禁手，禁手判负。" -- \
  "$caipan" gomoku adjudicate --lang zh --moves "$forbidden13"
last_line() { "$@" | tail -1; }
# The last line of stdout, keeping the command's exit status.
last_line_status() {
  local out status
  out=$("$@" 2>/dev/null)
  status=$?
  printf '%s\n' "$out" | tail -1
  return $status
}
expect_output adjudicate_lang_en_forbidden 0 \
  "explanation: White wins: black's move 13 at c5 is a forbidden double-three and loses." -- \
  last_line "$caipan" gomoku adjudicate --lang en --moves "$forbidden13"
# A Chinese locale asks for Chinese without --lang.
expect_output adjudicate_lang_locale_zh 0 \
  "explanation: 白胜：黑方第13手c5为三三禁手，禁手判负。" -- \
  last_line env LANG=zh_CN.UTF-8 "$caipan" gomoku adjudicate --moves "$forbidden13"
expect_output adjudicate_lang_zh_json 0 '{"verdict":"white","reason":"forbidden-move","forbidden":"double-three","ply":13,"move":13,"action":"c5","point":"c5","rules":"renju_rif","allowed":[],"candidates":[],"swapped":false,"opening":{"id":"D1","name_zh":"寒星","name_ja":"Kansei"},"explanation":"白胜：黑方第13手c5为三三禁手，禁手判负。","language":"zh"}' -- \
  "$caipan" gomoku adjudicate --json --lang zh --rules renju_rif --moves "$forbidden13"
expect_output adjudicate_lang_zh_ongoing 0 \
  "explanation: 对局未结束（已走3手），轮到白方：交换或不交换。" -- \
  last_line "$caipan" gomoku adjudicate --lang zh --moves "h8 h9 h10"
expect_stderr_contains adjudicate_lang_zh_occupied 2 \
  'illegal action at ply 5 (h9): occupied: h9已有棋子' -- \
  "$caipan" gomoku adjudicate --lang zh --moves "h8 h9 h10 i9 h9"
expect_stderr_contains adjudicate_lang_zh_opening 2 \
  'not-designated-opening: 第3手h12不构成26种指定开局之一' -- \
  "$caipan" gomoku adjudicate --lang zh --moves "h8 h9 h12"
expect_output adjudicate_lang_zh_opening_stdout 2 \
  "explanation: 违例（第3步h12）：第3手h12不构成26种指定开局之一（须在中心5×5范围内）。" -- \
  last_line_status "$caipan" gomoku adjudicate --lang zh --moves "h8 h9 h12"
expect_stderr_contains adjudicate_lang_bad 2 '--lang' -- \
  "$caipan" gomoku adjudicate --lang klingon --moves "h8"
expect_output forbidden_lang_zh_point 0 "double-three
explanation: 黑方下在h8为三三禁手，禁手判负" -- \
  "$caipan" gomoku forbidden --lang zh --stones "B:g8,h7,h9,i8;W:" --point h8
expect_output forbidden_lang_en_point 0 "double-three
explanation: black at h8 is a forbidden double-three and loses" -- \
  "$caipan" gomoku forbidden --lang en --stones "B:g8,h7,h9,i8;W:" --point h8
expect_output forbidden_lang_zh_map 0 "h8 double-three" -- \
  "$caipan" gomoku forbidden --lang zh --stones "$three"
expect_output forbidden_lang_zh_standard 0 "none
规则gomoku_standard没有禁手；禁手只在有禁手的规则（chinese、renju_rif）下对黑方适用" -- \
  "$caipan" gomoku forbidden --lang zh --rules gomoku_standard --stones "$three"
expect_output forbidden_lang_zh_white 0 "none
禁手只对黑方适用；白方没有禁手" -- \
  "$caipan" gomoku forbidden --lang zh --side white --stones "$three"
expect_stderr_contains forbidden_lang_bad 2 '--lang' -- \
  "$caipan" gomoku forbidden --lang klingon --stones "$three"

finish
