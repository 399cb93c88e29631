# CLI tests for `caipan gomoku …`: forbidden-point queries and adjudication.
# Run as: bash gomoku_cli_test.sh CAIPAN_BINARY SHARED_DIR
source "$(dirname "$0")/cli_assert.sh"
caipan=$1
shared=$2

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

# Every row of the shared table through the CLI.
rows=0
while IFS=$'\t' read -r stones point expected _; do
  [ "$stones" = "stones" ] && continue
  got=$("$caipan" gomoku forbidden --stones "$stones" --point "$point")
  if [ "$got" != "$expected" ]; then
    echo "FAIL forbidden_tsv: $stones @ $point: got $got, want $expected"
    failures=$((failures + 1))
  fi
  rows=$((rows + 1))
done < "$shared/data/gomoku/forbidden_cases.tsv"
if [ "$rows" -lt 200 ]; then
  echo "FAIL forbidden_tsv: only $rows rows read from $shared"
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
expect_stderr_contains forbidden_missing_stones 2 'stones' -- \
  "$caipan" gomoku forbidden --point h8

finish
