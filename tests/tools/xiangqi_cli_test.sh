# CLI tests for `caipan xiangqi perft|moves|play`.
# Run as: bash xiangqi_cli_test.sh CAIPAN_BINARY TEST_DATA_DIR
source "$(dirname "$0")/cli_assert.sh"
caipan=$1
data=$2

start="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

# --- perft
expect_output perft_start_1 0 "44" -- "$caipan" xiangqi perft --fen startpos --depth 1
expect_output perft_start_3 0 "79666" -- "$caipan" xiangqi perft --fen "$start" --depth 3
expect_output perft_depth_0 0 "1" -- "$caipan" xiangqi perft --fen startpos --depth 0
# An empty holdings bracket, as engines for variants with drops write FENs: read, with a
# warning; a bracket holding pieces is refused.
bracket="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR[] w - - 0 1"
expect_output perft_bracket 0 "44" -- "$caipan" xiangqi perft --fen "$bracket" --depth 1
expect_stderr_contains perft_bracket_warning 0 'warning: --fen: FEN placement: empty holdings bracket "[]" ignored' -- \
  "$caipan" xiangqi perft --fen "$bracket" --depth 1
expect_stderr_contains perft_bracket_pieces 2 "holdings" -- \
  "$caipan" xiangqi perft --fen "${bracket/\[\]/[P]}" --depth 1
expect_output perft_checkmated 0 "0" -- \
  "$caipan" xiangqi perft --fen "1R2k4/R8/9/9/9/9/9/9/9/3K5 b - - 1 1" --depth 2

# Every row of the perft table up to 200k nodes: the count is the last line.
rows=0
while IFS=$'\t' read -r fen depth nodes source; do
  [ "$fen" = "fen" ] && continue
  [ "$nodes" -gt 200000 ] && continue
  rows=$((rows + 1))
  got=$("$caipan" xiangqi perft --fen "$fen" --depth "$depth" | tail -n 1)
  if [ "$got" != "$nodes" ]; then
    echo "FAIL perft_row: $fen depth $depth: got $got, want $nodes"
    failures=$((failures + 1))
  fi
done <"$data/xiangqi/perft.tsv"
if [ "$rows" -lt 5 ]; then
  echo "FAIL perft_rows: only $rows rows checked"
  failures=$((failures + 1))
else
  echo "ok   perft_rows ($rows rows)"
fi

# --divide: `move count` lines sorted by ICCS text, then the total, which is their sum.
divide=$("$caipan" xiangqi perft --fen startpos --depth 2 --divide)
lines=$(echo "$divide" | head -n -1)
total=$(echo "$divide" | tail -n 1)
sum=$(echo "$lines" | awk '{s += $2} END {print s}')
sorted=$(echo "$lines" | LC_ALL=C sort)
if [ "$total" = "1920" ] && [ "$sum" = "1920" ] && [ "$lines" = "$sorted" ] &&
   [ "$(echo "$lines" | wc -l)" = "44" ] && [ "$(echo "$lines" | head -n 1)" = "a0a1 44" ]; then
  echo "ok   perft_divide"
else
  echo "FAIL perft_divide:"; echo "$divide"
  failures=$((failures + 1))
fi

# --- moves: sorted by ICCS text, printed in the requested notation
expect_output moves_iccs 0 "a0a1
a0a2
a3a4
b0a2
b0c2" -- bash -c "\"$caipan\" xiangqi moves --fen startpos | head -n 5"
expect_output moves_count 0 "44" -- bash -c "\"$caipan\" xiangqi moves | wc -l"
expect_output moves_wxf 0 "R9+1
R9+2
P9+1
H8+9
H8+7" -- bash -c "\"$caipan\" xiangqi moves --fen startpos --notation wxf | head -n 5"
expect_output moves_chinese 0 "车九进一
车九进二
兵九进一
马八进九
马八进七" -- bash -c "\"$caipan\" xiangqi moves --notation chinese | head -n 5"
expect_output moves_black_chinese 0 "卒１进１
车１进２
车１进１" -- bash -c "\"$caipan\" xiangqi moves --fen 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1' --notation chinese | head -n 3"
expect_output moves_tandem_pawns 0 "后兵七平八
后兵七平六
中兵七平八
中兵七平六
前兵七平八
前兵七进一
前兵七平六
帅六进一
后兵三平四
后兵三平二
前兵三平四
前兵三进一
前兵三平二" -- \
  "$caipan" xiangqi moves --fen "4k4/9/2P6/2P3P2/2P3P2/9/9/9/9/3K5 w - - 0 1" --notation chinese
expect_output moves_checkmated 0 "" -- \
  "$caipan" xiangqi moves --fen "1R2k4/R8/9/9/9/9/9/9/9/3K5 b - - 1 1"

# --- moves --moves: the legal moves of the position the moves lead to
expect_output moves_after_check 0 "e9f9" -- \
  "$caipan" xiangqi moves --fen "4k4/9/5R3/9/9/9/9/9/9/3K5 w - - 0 1" --moves "f7e7"
expect_output moves_after_two 0 "车九进一
车九进二
兵九进一" -- bash -c "\"$caipan\" xiangqi moves --moves 'h2e2 h9g7' --notation chinese | head -n 3"
# ASCII digits read as Chinese numerals: the same position, the same list.
after_ascii=$("$caipan" xiangqi moves --moves "炮2平5 马8进7" --notation wxf)
after_chinese=$("$caipan" xiangqi moves --moves "炮二平五 马８进７" --notation wxf)
if [ -n "$after_ascii" ] && [ "$after_ascii" = "$after_chinese" ] &&
   [ "$(echo "$after_ascii" | wc -l)" = "$("$caipan" xiangqi moves --moves "h2e2 h9g7" | wc -l)" ]; then
  echo "ok   moves_after_ascii_digits"
else
  echo "FAIL moves_after_ascii_digits:"; echo "$after_ascii"; echo "---"; echo "$after_chinese"
  failures=$((failures + 1))
fi
expect_output moves_after_mate 0 "" -- \
  "$caipan" xiangqi moves --fen "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1" --moves "b0b9"
expect_stderr_contains moves_after_illegal 2 '--moves: ply 2: "h2e2": illegal: no piece on h2' -- \
  "$caipan" xiangqi moves --moves "h2e2 h2e2"
expect_output moves_after_illegal_stdout 2 "" -- "$caipan" xiangqi moves --moves "h2e2 h2e2"
expect_stderr_contains moves_after_illegal_zh 2 "第3着b0d1违例：蹩马腿，马腿c0有子" -- \
  "$caipan" xiangqi moves --moves "h2e2 h9g7 b0d1" --lang zh
expect_stderr_contains moves_after_bad_fen 2 "--fen" -- \
  "$caipan" xiangqi moves --fen "kkk" --moves "h2e2"

# --- play: the FEN, then the state; moves in any notation
expect_output play_normal 0 "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2
normal" -- "$caipan" xiangqi play --fen startpos --moves "h2e2 h9g7 h0g2"
expect_output play_mixed_notations 0 "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2
normal" -- "$caipan" xiangqi play --fen startpos --moves "炮二平五 H8+7 馬二進三"
expect_output play_no_moves 0 "$start
normal" -- "$caipan" xiangqi play --fen startpos --moves ""
expect_output play_check 0 "4k4/4R4/9/9/9/9/9/9/9/1R1K5 b - - 1 1
check" -- "$caipan" xiangqi play --fen "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1" --moves "a8e8"
expect_output play_checkmate 0 "1R2k4/R8/9/9/9/9/9/9/9/3K5 b - - 1 1
checkmate" -- "$caipan" xiangqi play --fen "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1" --moves "b0b9"
expect_output play_stalemate 0 "4k4/R8/9/9/9/9/9/9/3R5/5K3 b - - 1 1
stalemate" -- "$caipan" xiangqi play --fen "4k4/1R7/9/9/9/9/9/9/3R5/5K3 w - - 0 1" --moves "R8.9"

# --- play --notation: then a line per move, in that notation and as typed
expect_output play_notation_chinese 0 "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2
normal
ply 1: 炮二平五 (typed: h2e2)
ply 2: 马８进７ (typed: H8+7)
ply 3: 马二进三 (typed: 马二进三)" -- \
  "$caipan" xiangqi play --moves "h2e2 H8+7 马二进三" --notation chinese
expect_output play_notation_wxf 0 "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2
normal
ply 1: C2.5 (typed: 炮二平五)
ply 2: H8+7 (typed: 马８进７)
ply 3: H2+3 (typed: h0g2)" -- \
  "$caipan" xiangqi play --moves "炮二平五 马８进７ h0g2" --notation wxf
expect_output play_notation_iccs_glued 0 "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2
normal
ply 1: h2e2 (typed: 炮二平五)
ply 2: h9g7 (typed: 马８进７)" -- \
  "$caipan" xiangqi play --moves "炮二平五马８进７" --notation iccs
expect_output play_notation_no_moves 0 "$start
normal" -- "$caipan" xiangqi play --moves "" --notation chinese
expect_stderr_contains play_bad_notation 2 '--notation: unknown notation "san"' -- \
  "$caipan" xiangqi play --moves "h2e2" --notation san
expect_output play_bad_notation_stdout 2 "" -- "$caipan" xiangqi play --moves "h2e2" --notation san

# --- moves typed with ASCII digits (马2进3 for 马二进三) are echoed as typed,
# next to the canonical form.
expect_output play_ascii_digits_typed 0 "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2
normal
ply 1: 炮二平五 (typed: 炮2平5)
ply 2: 马８进７ (typed: 马8进7)
ply 3: 马二进三 (typed: 马2进3)" -- \
  "$caipan" xiangqi play --moves "1. 炮2平5 马8进7 2. 马2进3" --notation chinese
expect_stderr_contains play_ascii_digits_error 2 'ply 1: "车5进1": no red chariot on file 5' -- \
  "$caipan" xiangqi play --moves "车5进1"
expect_stderr_contains play_ascii_digits_error_moves 2 'ply 1: "车5进1": no red chariot on file 5' -- \
  "$caipan" xiangqi moves --moves "车5进1"
# The Chinese reason names the move as typed when it was not written as
# canonical ICCS, then the ICCS squares.
expect_stderr_contains play_lang_zh_typed 2 '第3着"B0-D1"：b0d1违例：蹩马腿，马腿c0有子' -- \
  "$caipan" xiangqi play --moves "h2e2 h9g7 B0-D1" --lang zh

# --- errors: stderr says what and where, exit status 2, nothing on stdout
expect_stderr_contains play_illegal 2 'ply 3: "h2e2": illegal: no piece on h2' -- \
  "$caipan" xiangqi play --fen startpos --moves "h2e2 h9g7 h2e2"
expect_stderr_contains play_illegal_chinese 2 'ply 1: "马八进六": illegal: b0d1' -- \
  "$caipan" xiangqi play --fen startpos --moves "马八进六"
expect_stderr_contains play_no_such_piece 2 'ply 1: "车五进一": no red chariot on file 5' -- \
  "$caipan" xiangqi play --moves "车五进一"
expect_stderr_contains play_garbage 2 'ply 2: "zz": not a move' -- \
  "$caipan" xiangqi play --moves "h2e2 zz"
expect_output play_illegal_stdout 2 "" -- \
  "$caipan" xiangqi play --fen startpos --moves "h2e2 h2e2"
expect_stderr_contains bad_fen 2 "--fen" -- "$caipan" xiangqi play --fen "9/9 w" --moves ""
expect_stderr_contains bad_fen_perft 2 "--fen" -- \
  "$caipan" xiangqi perft --fen "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x" --depth 1
expect_stderr_contains bad_fen_moves 2 "--fen" -- "$caipan" xiangqi moves --fen "kkk"
expect_stderr_contains bad_notation 2 'unknown notation "san"' -- \
  "$caipan" xiangqi moves --notation san
expect_stderr_contains negative_depth 2 "--depth" -- \
  "$caipan" xiangqi perft --fen startpos --depth -1
# Depth is capped (8: about a day from the start position): a larger one is
# refused at once instead of running for ever.
expect_stderr_contains perft_depth_over_cap 2 "--depth 1000: expected 0..8" -- \
  bounded "$caipan" xiangqi perft --fen startpos --depth 1000
expect_stderr_contains perft_depth_one_over_cap 2 "--depth 9: expected 0..8" -- \
  bounded "$caipan" xiangqi perft --depth 9 --divide
expect_stderr_contains missing_depth 2 "depth" -- "$caipan" xiangqi perft --fen startpos
expect_stderr_contains bad_depth 2 "depth" -- "$caipan" xiangqi perft --depth two
expect_stderr_contains unknown_flag 2 "bogus" -- "$caipan" xiangqi moves --bogus

# Rejection reasons in Chinese with the rulebook's terms.
expect_stderr_contains play_lang_zh 2 "第3着b0d1违例：蹩马腿，马腿c0有子" -- \
  "$caipan" xiangqi play --moves "h2e2 h9g7 b0d1" --lang zh
expect_stderr_contains play_lang_en 2 "the horse's leg at c0 is blocked" -- \
  "$caipan" xiangqi play --moves "h2e2 h9g7 b0d1" --lang en

finish
