# CLI tests for `caipan tournament …`: pairing and standings of the TRF files
# in tests/data/tournament (expected outputs worked out by hand from the
# digest's rules, noted beside each), entry lists, conversion, bad input.
# Run as: bash tournament_cli_test.sh CAIPAN_BINARY TEST_DATA_DIR
source "$(dirname "$0")/cli_assert.sh"
caipan=$1
data=$2/tournament
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
unset LC_ALL LC_MESSAGES
export LANG=C.UTF-8

# --- pair: Swiss
# Round 1 of 8: top half against bottom half (1-5, 2-6, 3-7, 4-8); the
# higher-placed player has red on odd tables, black on even ones.
expect_output swiss_round1 0 "1 1 5
2 6 2
3 3 7
4 8 4" -- "$caipan" tournament pair --trf "$data/swiss8_round1.trf" --round 1
expect_output swiss_round1_default_system 0 \
  "$("$caipan" tournament pair --trf "$data/swiss8_round1.trf" --round 1 --system swiss)" -- \
  "$caipan" tournament pair --trf "$data/swiss8_round1.trf" --round 1
expect_output swiss_round1_neighbours 0 "1 1 2
2 4 3
3 5 6
4 8 7" -- "$caipan" tournament pair --trf "$data/swiss8_round1.trf" --round 1 --neighbours
# A 260 record for round 1 only (1 and 5, same unit): 1 takes 6, 2 takes 5.
sed 's/^XXR 5$/XXR 5\n260 001 001    1    5/' "$data/swiss8_round1.trf" > "$tmp/forbidden.trf"
expect_output swiss_round1_forbidden 0 "1 1 6
2 5 2
3 3 7
4 8 4" -- "$caipan" tournament pair --trf "$tmp/forbidden.trf" --round 1
# 8 asked for a half-point bye in round 1 (a block only on its line): the
# other 7 are paired, 7 (the lowest) has the bye; 1-4, 2-5, 3-6.
sed 's/^\(001    8 .*\)$/\1'"$(printf '%39s' '')"'0000 - H/' \
  "$data/swiss8_round1.trf" > "$tmp/asked_bye.trf"
expect_output swiss_asked_bye 0 "1 1 4
2 5 2
3 3 6
4 7 BYE" -- "$caipan" tournament pair --trf "$tmp/asked_bye.trf" --round 1
# Odd field: the lowest-placed player (5) has the bye, listed last.
expect_output swiss_bye 0 "1 1 3
2 4 2
3 5 BYE" -- "$caipan" tournament pair --trf "$data/five_players.trf" --round 1
# Round 3 after two rounds (7 withdrawn): 1 (4 points) floats into the
# 3-point group (3, 4, 2 by 对手分 4, 3, 1) and may not meet 3 (260), so 1-4;
# then 3-2 and 6-5. Colours: 1 had black last, 4 red; 3 is a black down (its
# forfeit win counts no colour), 2 is even; 6 and 5 both had red last, the
# higher-placed 6 alternates.
expect_output swiss_round3 0 "1 1 4
2 3 2
3 5 6" -- "$caipan" tournament pair --trf "$data/swiss7_round3.trf" --round 3
# The same through a GBK copy of a file (--encoding auto).
iconv -f UTF-8 -t GBK "$data/swiss8_round1.trf" > "$tmp/gbk.trf"
expect_output swiss_gbk_file 0 "1 1 5
2 6 2
3 3 7
4 8 4" -- "$caipan" tournament pair --trf "$tmp/gbk.trf" --round 1

# --- pair: round robin (Berger; 5 players play the table of 6, 6 = bye)
expect_output roundrobin_round1 0 "1 2 5
2 3 4
3 1 BYE" -- "$caipan" tournament pair --trf "$data/five_players.trf" --round 1 --system roundrobin
expect_output roundrobin_round2 0 "1 5 3
2 1 2
3 4 BYE" -- "$caipan" tournament pair --trf "$data/five_players.trf" --round 2 --system roundrobin

# --- pair: knockout seeded by the rank column (rank 1 is start number 8)
expect_output knockout_round1 0 "1 8 1
2 5 4
3 6 3
4 7 2" -- "$caipan" tournament pair --trf "$data/knockout8_round2.trf" --round 1 --system knockout
# Winners 8, 4 (the upset), 6, 7 in bracket order; red to the better seed.
expect_output knockout_round2 0 "1 8 4
2 7 6" -- "$caipan" tournament pair --trf "$data/knockout8_round2.trf" --round 2 --system knockout
sed 's/   4 w 0$/   4 w =/; s/   5 b 1$/   5 b =/' "$data/knockout8_round2.trf" > "$tmp/drawn.trf"
expect_stderr_contains knockout_undecided 1 "--trf $tmp/drawn.trf: round 2:" -- \
  "$caipan" tournament pair --trf "$tmp/drawn.trf" --round 2 --system knockout
# The drawn match settled by a decider that 4 won: the same round 2.
{ cat "$tmp/drawn.trf"; echo "### caipan decider 001 0004"; } > "$tmp/decided.trf"
expect_output knockout_decider 0 "1 8 4
2 7 6" -- "$caipan" tournament pair --trf "$tmp/decided.trf" --round 2 --system knockout

# --- pair: bad requests
expect_stderr_contains pair_round_zero 2 "--round 0: expected 1..999" -- \
  "$caipan" tournament pair --trf "$data/swiss8_round1.trf" --round 0
expect_stderr_contains pair_round_past_xxr 2 "the event has 5 rounds" -- \
  "$caipan" tournament pair --trf "$data/swiss8_round1.trf" --round 6
expect_stderr_contains pair_round_ahead 2 \
  "the file has results of 0 rounds; round 1 comes first" -- \
  "$caipan" tournament pair --trf "$data/swiss8_round1.trf" --round 3
expect_stderr_contains pair_unfinished 2 \
  "round 3 is not finished: 0001 against 0004 has no result" -- \
  "$caipan" tournament pair --trf "$data/swiss7_round3.trf" --round 4
expect_stderr_contains pair_bad_system 2 \
  '--system: expected swiss, roundrobin or knockout, got "dutch"' -- \
  "$caipan" tournament pair --trf "$data/swiss8_round1.trf" --round 1 --system dutch
expect_stderr_contains pair_missing_round 2 "--round is required" -- \
  "$caipan" tournament pair --trf "$data/swiss8_round1.trf"
expect_stderr_contains pair_missing_file 2 "--trf $tmp/none.trf" -- \
  "$caipan" tournament pair --trf "$tmp/none.trf" --round 1
sed 's/   5 w 1 /   5 w 2 /' "$data/swiss7_round3.trf" > "$tmp/bad_result.trf"
expect_stderr_contains pair_bad_result 2 \
  "--trf $tmp/bad_result.trf: line 15 column 99: round 1: result: expected one of" -- \
  "$caipan" tournament pair --trf "$tmp/bad_result.trf" --round 3
sed 's/   6 b 1 /   6 w 1 /' "$data/swiss7_round3.trf" > "$tmp/same_colour.trf"
expect_stderr_contains pair_same_colour 2 \
  "line 15 column 107: round 2: 0001 (line 15) and 0006 (line 20) both have w" -- \
  "$caipan" tournament pair --trf "$tmp/same_colour.trf" --round 3
head -c 9000000 /dev/zero | tr '\0' '#' > "$tmp/big.trf"
expect_stderr_contains pair_file_too_big 2 "--trf $tmp/big.trf" -- \
  bounded "$caipan" tournament pair --trf "$tmp/big.trf" --round 1

# --- standings
# After round 2 with the file's chain (### caipan tiebreaks opp,wins,fouls):
# PLACE NUMBER POINTS 对手分 胜局 犯规. 4's bye counts as an opponent with the
# lowest score (0); 3's forfeit win counts as a win.
expect_output standings_swiss7 0 "1 1 4 1 2 0
2 3 3 4 1 0
3 4 3 3 0 0
4 2 3 1 1 0
5 6 1 7 0 1
6 7 1 3 0 0
7 5 0 7 0 0" -- "$caipan" tournament standings --trf "$data/swiss7_round3.trf"
expect_output standings_explicit_round 0 \
  "$("$caipan" tournament standings --trf "$data/swiss7_round3.trf")" -- \
  "$caipan" tournament standings --trf "$data/swiss7_round3.trf" --after-round 2
# After round 1: 1 and 3 equal on everything share place 1; 2 is ahead of 6
# on fouls; 5 and 7 share place 6.
expect_output standings_after_round1 0 "1 1 2 0 1 0
1 3 2 0 1 0
3 4 2 0 0 0
4 2 1 1 0 0
5 6 1 1 0 1
6 5 0 2 0 0
6 7 0 2 0 0" -- "$caipan" tournament standings --trf "$data/swiss7_round3.trf" --after-round 1
expect_output standings_chain_option 0 "1 1 4 2
2 2 3 1
2 3 3 1
4 4 3 0
5 6 1 0
5 7 1 0
7 5 0 0" -- "$caipan" tournament standings --trf "$data/swiss7_round3.trf" --tiebreaks wins
expect_output standings_points_only 0 "1 1 4
2 2 3
2 3 3
2 4 3
5 6 1
5 7 1
7 5 0" -- "$caipan" tournament standings --trf "$data/swiss7_round3.trf" --tiebreaks ""
# No 162: FIDE's 1, 1/2, 0; halves printed as decimals.
expect_output standings_halves 0 "1 2 1.5 1
1 3 1.5 1
3 1 1 3
4 4 0 3" -- "$caipan" tournament standings --trf "$data/fide_points.trf" --tiebreaks opp
# Without the file's chain: the xiangqi Swiss default, 对手分 胜局 犯规 直胜
# 后走局数 and the previous rounds' points as digits (last round first).
# Forfeits are no games played as black (7); every group is split before
# 直胜, so it is 0.
grep -v "caipan tiebreaks" "$data/swiss7_round3.trf" > "$tmp/no_chain.trf"
expect_output standings_default_chain_swiss7 0 "1 1 4 1 2 0 0 1 22
2 3 3 4 1 0 0 1 12
3 4 3 3 0 0 0 0 12
4 2 3 1 1 0 0 1 21
5 6 1 7 0 1 0 1 1
6 7 1 3 0 0 0 0 10
7 5 0 7 0 0 0 1 0" -- "$caipan" tournament standings --trf "$tmp/no_chain.trf"
# The xiangqi Swiss default chain has six tie-breaks; nothing played yet.
expect_output standings_default_chain 0 "1 1 0 0 0 0 0 0 0
1 2 0 0 0 0 0 0 0
1 3 0 0 0 0 0 0 0
1 4 0 0 0 0 0 0 0
1 5 0 0 0 0 0 0 0
1 6 0 0 0 0 0 0 0
1 7 0 0 0 0 0 0 0
1 8 0 0 0 0 0 0 0" -- "$caipan" tournament standings --trf "$data/swiss8_round1.trf"
expect_stderr_contains standings_bad_tiebreak 2 "--tiebreaks:" -- \
  "$caipan" tournament standings --trf "$data/swiss7_round3.trf" --tiebreaks opp,bogus
expect_stderr_contains standings_round_past_file 2 \
  "--after-round 4: --trf $data/swiss7_round3.trf: the file has 3 rounds" -- \
  "$caipan" tournament standings --trf "$data/swiss7_round3.trf" --after-round 4
expect_stderr_contains standings_bad_format 2 '--format: expected' -- \
  "$caipan" tournament standings --trf "$data/swiss7_round3.trf" --format dutch
# A points column that disagrees with the results: a warning, not an error.
sed 's/^\(001    1 .\{71\}\) 1.0 /\1 9.0 /' "$data/fide_points.trf" > "$tmp/points.trf"
expect_stderr_contains standings_points_warning 0 \
  "warning: --trf $tmp/points.trf: line 3 column 81: points 9.0, but the results give 1.0" -- \
  "$caipan" tournament standings --trf "$tmp/points.trf"

# --- convert
"$caipan" tournament convert --csv "$data/entries8.csv" --name 积分编排测试 --rounds 5 \
  > "$tmp/entries.trf"
expect_output convert_csv_then_pair 0 "1 1 5
2 6 2
3 3 7
4 8 4" -- "$caipan" tournament pair --trf "$tmp/entries.trf" --round 1
expect_output convert_csv_lines 0 "012 积分编排测试
001    8 m    吴十, Jr.                           1550                             0.0
### caipan unit 0008 大庆" -- grep -E '^012|^001    8|unit 0008' "$tmp/entries.trf"
# A TRF file read and written again reads back to the same text.
for file in "$data"/*.trf; do
  name=$(basename "$file" .trf)
  "$caipan" tournament convert --trf "$file" > "$tmp/$name.once.trf"
  expect_output "convert_round_trip_$name" 0 "$(cat "$tmp/$name.once.trf")" -- \
    "$caipan" tournament convert --trf "$tmp/$name.once.trf"
done
printf 'name,birthdate\nA,2005\n' > "$tmp/bad.csv"
expect_stderr_contains convert_bad_csv 2 \
  "--csv $tmp/bad.csv: line 1: column 2: unknown column \"birthdate\"" -- \
  "$caipan" tournament convert --csv "$tmp/bad.csv"
expect_stderr_contains convert_no_input 2 "give the input with --csv" -- \
  "$caipan" tournament convert
expect_stderr_contains convert_bad_to 2 '--to: expected trf, got "pgn"' -- \
  "$caipan" tournament convert --csv "$data/entries8.csv" --to pgn

finish
