#!/usr/bin/env bash
# End-to-end tests of the `cairn` command line:
#   tests/e2e/cli.sh CASE PATH_TO_CAIRN [FIXTURE_PACKS]
# Each case runs the real executable and checks its output and exit status. FIXTURE_PACKS is
# the folder of test packs (tests/lua/packs), for the cases of check and test.
set -u
case_name=$1
cairn=$2
packs=${3:-}
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT

run() {
  "$cairn" "$@" >"$out" 2>"$err"
  status=$?
}

fail() {
  echo "FAIL ($case_name): $*"
  echo "--- stdout"; cat "$out"
  echo "--- stderr"; cat "$err"
  exit 1
}

expect_status() { [ "$status" -eq "$1" ] || fail "exit status $status, expected $1"; }
expect_out() { grep -qE -- "$1" "$out" || fail "stdout lacks /$1/"; }
expect_err() { grep -qE -- "$1" "$err" || fail "stderr lacks /$1/"; }
expect_quiet_err() { [ ! -s "$err" ] || fail "stderr should be empty"; }
expect_last_line() {
  [ "$(tail -n 1 "$out")" = "$1" ] || fail "the last line of stdout is not '$1'"
}
need_packs() { [ -d "$packs" ] || { echo "FAIL ($case_name): no fixture folder given"; exit 1; }; }

case $case_name in
version)
  run --version
  expect_status 0
  expect_out '^cairn [0-9]+\.[0-9]+\.[0-9]+$'
  expect_quiet_err
  run -V
  expect_status 0
  ;;
help_lists_every_planned_command)
  run --help
  expect_status 0
  expect_quiet_err
  for command in play sim check test replay bench; do
    expect_out "^  $command( |$)"
  done
  # every command is built
  grep -q 'not yet built' "$out" && fail "a command is marked not yet built"
  expect_out '--version'
  ;;
help_fits_a_terminal_of_80_columns)
  run --help
  expect_status 0
  awk 'length > 80 { exit 1 }' "$out" || fail "a help line is longer than 80 columns"
  ;;
unknown_command_is_a_usage_error)
  run frobnicate
  expect_status 2
  expect_err "unknown command 'frobnicate'"
  run --frobnicate
  expect_status 2
  expect_err "unknown option '--frobnicate'"
  ;;
no_arguments_prints_usage_to_stderr)
  run
  expect_status 2
  expect_err '^usage: cairn COMMAND'
  ;;
check_of_a_clean_pack_finds_no_problems)
  need_packs
  run check "$packs/good"
  expect_status 0
  expect_out "^$packs/good: no problems$"
  [ "$(wc -l <"$out")" -eq 1 ] || fail "expected one line"
  expect_quiet_err
  ;;
check_lists_every_problem_of_a_broken_pack)
  need_packs
  run check "$packs/broken"
  expect_status 1
  # One line per problem, each at its place; one of each kind of mistake.
  expect_out "^broken:fields\.lua:2: .*unknown field 'glph' \(did you mean 'glyph'\?\)"
  expect_out "^broken:decorators\.lua:3: .*unknown decorator 'Attackabel' \(did you mean 'Attackable'\?\)"
  # The stat is on line 4 of a definition that starts on line 2: either place will do.
  expect_out "^broken:stats\.lua:[2-4]: .*unknown stat 'damge' \(did you mean 'damage'\?\)"
  expect_out "^broken:types\.lua:2: .*'color' must be a string, not a number"
  expect_out "^broken:syntax\.lua:4: .*'\}' expected \(to close '\{' at line 2\)"
  expect_out "^broken:again\.lua:2: .*'broken:rat' is already defined at broken:base\.lua:2"
  bad=$(grep -cvE '^broken:[a-z_/]+\.lua:[0-9]+: ' "$out")
  [ "$bad" -eq 0 ] || fail "$bad lines do not start with broken:<path>:<line>:"
  [ "$(wc -l <"$out")" -eq 6 ] || fail "expected exactly 6 problems"
  grep -q '^broken:base\.lua' "$out" && fail "base.lua has no problem"
  expect_err "6 problems in $packs/broken"
  ;;
check_of_a_missing_folder_fails_with_a_message)
  need_packs
  run check "$packs/no_such_pack"
  [ "$status" -ne 0 ] || fail "exit status 0 for a missing folder"
  grep -qF "no pack.lua in $packs/no_such_pack" "$out" "$err" || fail "no message naming the folder"
  run check
  expect_status 2
  expect_err '^usage: cairn check DIR'
  ;;
test_counts_a_passing_and_a_failing_test)
  need_packs
  run test "$packs/tested"
  expect_status 1
  expect_last_line "1 passed, 1 failed"
  expect_out '^ok    tested:tests/slime\.lua: a slime creeps towards the player$'
  expect_out '^FAIL  tested:tests/slime\.lua: a slime is faster than it is'
  expect_out '^      tested:tests/slime\.lua:10: at beat 1 the map is$'
  ;;
test_of_passing_tests_exits_0)
  need_packs
  run test "$packs/passing"
  expect_status 0
  expect_last_line "2 passed, 0 failed"
  expect_out '^ok    passing:tests/stone\.lua: a stone stays put$'
  expect_out '^ok    passing:tests/stone\.lua: a stone is a wall$'
  grep -q '^FAIL' "$out" && fail "a test failed"
  expect_quiet_err
  ;;
test_of_a_missing_folder_fails_with_a_message)
  need_packs
  run test "$packs/no_such_folder"
  expect_status 1
  expect_err "no such folder or test file: $packs/no_such_folder"
  ;;
bench_runs_end_to_end_on_a_tiny_n)
  # Speed is the benchmark's to measure, not a test's: this only runs it.
  csv=$(mktemp --suffix=.csv) json=$(mktemp --suffix=.json)
  run bench --n 10 --beats 5 --out "$csv"
  expect_status 0
  expect_out '^var +N +beats +beats/s'
  expect_out '^targets:'
  [ "$(grep -c '^[abcd],10,5,' "$csv")" -eq 4 ] || fail "expected a CSV row per variant"
  head -1 "$csv" | grep -q '^variant,n,beats,beats_per_second' || fail "CSV header"
  run bench --variant b --n 10 --beats 5 --out "$json"
  expect_status 0
  grep -q '"variant": "b", "n": 10, "beats": 5' "$json" || fail "expected a JSON record"
  rm -f "$csv" "$json"
  run bench --n nonsense
  expect_status 2
  expect_err '^usage: cairn bench'
  ;;
sim_plays_a_game_to_each_of_its_ends)
  need_packs
  game=(sim --pack "$packs/corridor" --game corridor)
  run "${game[@]}" --bot east
  expect_status 0
  expect_out '^ended: +won$'
  expect_out '^floor: +2 of 2$'
  expect_out '^beats: +10$'
  expect_out '^floors_made: +2$'
  expect_out '^checksum: +[0-9a-f]{16}$'
  run "${game[@]}" --bot idle --beats 5
  expect_status 0
  expect_out '^ended: +beat limit$'
  expect_out '^beats: +5$'
  run "${game[@]}" --bot quitter
  expect_status 0
  expect_out '^ended: +died$'
  ;;
sim_names_what_is_wrong)
  need_packs
  run sim --pack "$packs/corridor" --game corridor --bot broken
  expect_status 1
  expect_err "^cairn sim: the bot failed: corridor:bots.lua:4: attempt to index a nil value"
  run sim --pack "$packs/corridor" --game corridor --bot confused
  expect_status 1
  expect_err "corridor:bots.lua:[0-9]+: bot 'confused' gave the player a bad action: unknown action 'fly'"
  run sim --pack "$packs/corridor" --game corridor --bot nobody
  expect_status 1
  expect_err "no bot is named 'nobody' \(the bots loaded: base:explorer, corridor:east"
  run sim --pack "$packs/corridor" --game sideways --bot idle
  expect_status 1
  expect_err "corridor:game.lua:[0-9]+: a game's outcome returns nil, 'descend', 'won' or 'lost', not sideways"
  run sim --pack "$packs/corridor" --game empty
  expect_status 1
  expect_err "generate put no player on floor 1"
  run sim --beats 0
  expect_status 2
  expect_err '^usage: cairn sim'
  run sim --seed
  expect_status 2
  ;;
sim_is_the_same_game_for_the_same_seed)
  run sim --seed 11 --beats 400
  expect_status 0
  first=$(cat "$out")
  run sim --seed 11 --beats 400
  [ "$(cat "$out")" = "$first" ] || fail "two runs of seed 11 differ:
$first"
  run sim --seed 12 --beats 400
  [ "$(grep checksum "$out")" != "$(echo "$first" | grep checksum)" ] || fail "seeds 11 and 12 gave one game"
  ;;
sim_runs_50_seeds_to_an_end)
  # Each game ends - won, died or at the beat limit - with its summary and no error.
  for seed in $(seq 1 50); do
    run sim --seed "$seed" --beats 3000
    expect_status 0
    expect_quiet_err
    expect_out '^ended: +(won|died|lost|beat limit)$'
    expect_out '^kills: +[0-9]+$'
  done
  ;;
sim_saves_and_resumes_a_game_headless)
  # 60 beats, a save, 40 beats from it: the game of 100 beats straight, summary and all.
  dir=$(mktemp -d)
  run sim --seed 3 --beats 100
  expect_status 0
  straight=$(grep -v '^ended' "$out")
  run sim --seed 3 --beats 60 --save "$dir/s.sqlite"
  expect_status 0
  expect_quiet_err
  run sim --resume "$dir/s.sqlite" --beats 40 --record "$dir/r.txt"
  expect_status 0
  expect_quiet_err
  [ "$(grep -v '^ended' "$out")" = "$straight" ] || fail "resumed, the game differs from:
$straight"
  # The replay of a resumed game starts at beat 1: the log came with the save.
  grep -q '^beat 1 ' "$dir/r.txt" || fail "the replay lacks the beats before the save"
  grep -q '^beat 100 ' "$dir/r.txt" || fail "the replay lacks the beats after the resume"
  # Neither a missing save nor --seed with --resume is taken.
  run sim --resume "$dir/none.sqlite"
  expect_status 1
  expect_err "there is no save at $dir/none.sqlite"
  run sim --resume "$dir/s.sqlite" --seed 4
  expect_status 2
  run sim --help
  expect_status 0
  expect_out '--resume FILE'
  rm -rf "$dir"
  ;;
replay_verifies_recorded_games)
  # Games recorded by sim play back beat for beat, with and without a mod pack.
  need_packs
  replay=$(mktemp)
  trap 'rm -f "$out" "$err" "$replay"' EXIT
  for seed in 9 10; do
    run sim --seed "$seed" --beats 150 --record "$replay"
    expect_status 0
    beats=$(sed -n 's/^beats: *//p' "$out")
    run replay "$replay" --verify
    expect_status 0
    expect_quiet_err
    expect_last_line "verified: $beats beats"
  done
  run sim --seed 11 --beats 80 --pack "$packs/diary" --record "$replay"
  expect_status 0
  grep -q '^pack diary 1.0.0 [0-9a-f]\{16\} ' "$replay" || fail "the replay does not name the mod"
  run replay "$replay" --verify
  expect_status 0
  expect_last_line "verified: 80 beats"
  ;;
replay_reports_the_first_diverging_beat)
  replay=$(mktemp) tampered=$(mktemp)
  trap 'rm -f "$out" "$err" "$replay" "$tampered"' EXIT
  run sim --seed 9 --beats 120 --record "$replay"
  expect_status 0
  # The first beat the player walks: replaying it standing still must differ there.
  first=$(awk '$1 == "beat" && $3 == "move" { print $2; exit }' "$replay")
  [ -n "$first" ] || fail "no move in the replay"
  sed "s/^beat $first move [a-z]* /beat $first none - /" "$replay" >"$tampered"
  run replay "$tampered" --verify
  expect_status 1
  expect_err "beat $first differs from the replay: the player is at "
  expect_last_line "diverged: beat $first of 120"
  # A checksum changed alone: the player agrees, so the difference is said to be elsewhere.
  sed 's/^\(beat 30 .* sum=\)[0-9a-f]*/\10123456789abcdef/' "$replay" >"$tampered"
  run replay "$tampered" --verify
  expect_status 1
  expect_err "beat 30 differs from the replay: the player is where the replay has it"
  expect_err "the replay has 0123456789abcdef"
  ;;
replay_refuses_other_packs_and_bad_files)
  replay=$(mktemp) tampered=$(mktemp)
  trap 'rm -f "$out" "$err" "$replay" "$tampered"' EXIT
  run sim --seed 9 --beats 20 --record "$replay"
  sed 's/^\(pack base [^ ]*\) [0-9a-f]*/\1 0000000000000000/' "$replay" >"$tampered"
  run replay "$tampered" --verify
  expect_status 1
  expect_err "pack 'base' 0.1.0 has changed since"
  sed 's/^beat 3 .*/beat 3 move/' "$replay" >"$tampered"
  run replay "$tampered" --verify
  expect_status 1
  expect_err "replay line [0-9]+: a beat is"
  run replay "$packs/no-such-replay" --verify
  expect_status 1
  expect_err "cannot read"
  run replay
  expect_status 2
  ;;
*)
  echo "unknown case $case_name"
  exit 2
  ;;
esac
echo "ok ($case_name)"
