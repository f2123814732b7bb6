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

run() {
  "$cairn" "$@" >"$out" 2>"$err"
  status=$?
}
# The benchmark, an executable of its own beside cairn.
bench=$(dirname "$cairn")/cairn-bench
run_bench() {
  "$bench" "$@" >"$out" 2>"$err"
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

# For the cases of replay and new: files of their own, and a folder for packs.
tmp=$(mktemp -d)
replay="$tmp/replay.txt" tampered="$tmp/tampered.txt"
trap 'rm -rf "$out" "$err" "$tmp"' EXIT

# record_game: the base game of seed 9 played to its end (won) by the explorer, in $replay;
# $beats its beats, $lines its lines, $header the lines before its first beat.
record_game() {
  run sim --seed 9 --record "$replay"
  expect_status 0
  grep -q '^end won$' "$replay" || fail "seed 9's game is no longer won: choose another"
  beats=$(sed -n 's/^beats: *//p' "$out")
  lines=$(wc -l <"$replay")
  header=$(($(grep -n '^beat 1 ' "$replay" | cut -d: -f1) - 1))
}
# field_of FIELD N: what beat N of $replay has for FIELD (sum, floor, at, hp).
field_of() {
  sed -n "s/^beat $2 .* $1=\([^ ]*\).*/\1/p" "$replay"
}
# edit_field FIELD N VALUE: $replay with FIELD of beat N set to VALUE, in $tampered.
edit_field() {
  sed "s/^\(beat $2 .* $1=\)[^ ]*/\1$3/" "$replay" >"$tampered"
  cmp -s "$replay" "$tampered" && fail "beat $2's $1 was not edited"
}

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
  for command in play sim check test replay; do
    expect_out "^  $command( |$)"
  done
  # every command is built
  grep -q 'not yet built' "$out" && fail "a command is marked not yet built"
  expect_out '--version'
  # The benchmark is not one of them: it is cairn-bench, beside cairn.
  grep -q '^  bench' "$out" && fail "cairn lists bench"
  run_bench --help
  expect_status 0
  expect_out '^usage: cairn-bench '
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
every_command_s_help_goes_to_stdout_and_exits_0)
  # The commands as the top help lists them, so that a new one is held to this too.
  commands=$("$cairn" --help | sed -n 's/^  \([a-z][a-z]*\) .*/\1/p')
  [ -n "$commands" ] || fail "the help lists no command"
  for command in $commands; do
    for ask in "$command --help" "$command -h" "help $command"; do
      run $ask
      expect_status 0
      expect_quiet_err
      expect_out "^usage: cairn $command( |$)"
      awk 'length > 80 { exit 1 }' "$out" || fail "$ask: a line is longer than 80 columns"
    done
    # Help wins over the other arguments, even a usage error among them.
    run "$command" --frobnicate --help
    expect_status 0
    expect_out "^usage: cairn $command( |$)"
  done
  ;;
usage_errors_go_to_stderr_with_status_2)
  # Each command given an option it does not take: its usage on stderr, nothing on stdout.
  commands=$("$cairn" --help | sed -n 's/^  \([a-z][a-z]*\) .*/\1/p')
  for command in $commands; do
    run "$command" --frobnicate
    expect_status 2
    expect_err "^usage: cairn $command( |$)"
    [ ! -s "$out" ] || fail "$command: a usage error printed on stdout"
  done
  run help frobnicate
  expect_status 2
  expect_err "unknown command 'frobnicate'"
  run help sim check
  expect_status 2
  expect_err '^usage: cairn help'
  # A number is digits only: a trailing letter or a sign is refused, not read as far as it goes.
  for bad in "--seed x" "--beats 5x" "--repeat 0" "--repeat 101" "--n 10,x" "--frobnicate 1"; do
    # shellcheck disable=SC2086 # an option and its value, split into two on purpose
    run_bench $bad
    expect_status 2
    expect_err '^usage: cairn-bench'
    [ ! -s "$out" ] || fail "cairn-bench $bad: a usage error printed on stdout"
  done
  ;;
new_writes_a_pack_that_passes_check_and_test)
  run new "$tmp/crypt/"
  expect_status 0
  expect_quiet_err
  for file in pack.lua ghoul.lua tests/ghoul.lua README.md; do
    [ -s "$tmp/crypt/$file" ] || fail "new wrote no $file"
  done
  run check "$tmp/crypt"
  expect_status 0
  expect_out "no problems"
  run test "$tmp/crypt"
  expect_status 0
  expect_out '^ok +crypt:tests/ghoul\.lua: '
  expect_last_line "1 passed, 0 failed"
  # Built on the base game, as a mod grows to be, it still passes: its test does not rest
  # on which player '@' is.
  base_pack="$(dirname "$0")/../../content/base/pack.lua"
  base_version=$(sed -n 's/^ *version = "\([0-9]*\.[0-9]*\).*/\1/p' "$base_pack")
  sed -i "s/^  load = /  depends = { base = \"$base_version\" },\n  load = /" "$tmp/crypt/pack.lua"
  grep -q 'depends' "$tmp/crypt/pack.lua" || fail "pack.lua's load line moved: depends was not added"
  run test "$tmp/crypt"
  expect_status 0
  expect_last_line "1 passed, 0 failed"
  # Lint-clean too, with the sandbox's and the test kit's globals, as CI lints content/.
  if command -v luacheck >/dev/null; then
    luacheck --no-color --std lua54 --read-globals cairn test scenario expect \
      -- "$tmp/crypt" >"$out" 2>&1 || fail "luacheck finds fault with the new pack"
  fi
  ;;
links_in_a_pack_are_walked_once_and_kept_inside_it)
  # Two links to the pack's own folder: its content is hashed once (the game saves and
  # records, and the replay finds the same pack), never once per path through the links.
  run new "$tmp/crypt"
  expect_status 0
  ln -s . "$tmp/crypt/a" && ln -s . "$tmp/crypt/b" || fail "cannot make links"
  run sim --pack "$tmp/crypt" --beats 3 --save "$tmp/crypt.sqlite" --record "$replay"
  expect_status 0
  run replay "$replay" --verify --partial --pack "$tmp/crypt"
  expect_status 0
  # A link that leads out of the pack, straight or through another link, is a problem at
  # its path.
  ln -s /etc "$tmp/crypt/out" && ln -s a/.. "$tmp/crypt/up" || fail "cannot make links"
  run check "$tmp/crypt"
  expect_status 1
  expect_out "^crypt:out: a symbolic link to /etc, which leads out of the pack"
  expect_out "^crypt:up: a symbolic link to a/\.\., which leads out of the pack"
  [ "$(wc -l <"$out")" -eq 2 ] || fail "expected exactly 2 problems"
  ;;
sim_runs_trusted_packs_without_the_budget_and_plays_the_same_game)
  # A pack whose handler runs more instructions in a beat than the beat's budget: stopped,
  # unless the command line trusts it.
  mkdir "$tmp/heavy"
  printf '%s\n' 'return { id = "heavy", version = "1.0.0", cairn = "0.1", load = { "heavy.lua" } }' \
    >"$tmp/heavy/pack.lua"
  printf '%s\n' 'cairn.handler { chain = "beat_start", fn = function()' \
    '  local sum = 0' 'for i = 1, 12000000 do sum = sum + i end' 'end }' >"$tmp/heavy/heavy.lua"
  run sim --pack "$tmp/heavy" --beats 1
  expect_status 1
  expect_err 'heavy:heavy.lua:3: instruction budget of a beat exceeded'
  run sim --pack "$tmp/heavy" --beats 1 --trust heavy
  expect_status 0
  # The base game, bundled and so trusted, plays the same game with every budget on.
  run sim --seed 9 --beats 40 --record "$tmp/trusted.txt"
  expect_status 0
  run sim --seed 9 --beats 40 --record "$tmp/counted.txt" --distrust-bundled
  expect_status 0
  cmp -s <(grep -E '^(beat|end) ' "$tmp/trusted.txt") <(grep -E '^(beat|end) ' "$tmp/counted.txt") ||
    fail "the games differ"
  # The replay records a trust that is not the default one: format 4, with its trust line.
  head -1 "$tmp/trusted.txt" | grep -q '^cairn-replay 2$' || fail "the default trust is format 2"
  head -1 "$tmp/counted.txt" | grep -q '^cairn-replay 4$' || fail "another trust is format 4"
  grep -q '^trust -$' "$tmp/counted.txt" || fail "the replay does not say nothing was trusted"
  run sim --seed 9 --beats 2 --record "$tmp/both.txt" --pack "$tmp/heavy" --trust heavy
  expect_status 0
  grep -q '^trust base heavy$' "$tmp/both.txt" || fail "the replay does not name the packs trusted"
  # And a replay verifies whatever the trust it is played back with.
  run replay "$tmp/trusted.txt" --verify --partial --distrust-bundled
  expect_status 0
  run replay "$tmp/counted.txt" --verify --partial --trust base
  expect_status 0
  ;;
new_refuses_an_existing_folder_and_a_bad_id)
  mkdir "$tmp/keep"
  echo mine >"$tmp/keep/notes.txt"
  run new "$tmp/keep"
  expect_status 1
  expect_err "^cairn new: $tmp/keep already exists"
  [ "$(ls "$tmp/keep")" = notes.txt ] || fail "new wrote into a folder that existed"
  for id in Crypt 9lives my-pack a_name_longer_than_24_cha .; do
    run new "$tmp/$id"
    expect_status 2
    expect_err "the pack's id, and '$id' is not one: an id is 1 to 24 lower-case"
    [ ! -e "$tmp/$id" ] || [ "$id" = . ] || fail "new made $tmp/$id"
  done
  for id in base test scenario cairn; do
    run new "$tmp/$id"
    expect_status 2
    expect_err "'$id' is the (runtime's own|bundled game's)"
    [ ! -e "$tmp/$id" ] || fail "new made $tmp/$id"
  done
  run new "$tmp/no/such/crypt"
  expect_status 1
  expect_err "^cairn new: cannot make the folder $tmp/no/such/crypt: "
  run new
  expect_status 2
  expect_err '^usage: cairn new DIR$'
  run new a b
  expect_status 2
  ;;
completion_completes_commands_options_and_folders)
  # The script as a user sources it, in a shell of its own; _cairn called as bash would.
  script="$(dirname "$0")/../../tools/completion/cairn.bash"
  mkdir -p "$tmp/packs/crypt" "$tmp/packs/cave"
  touch "$tmp/packs/game.txt"
  bash -c '
    source "$1" || exit 1
    cairn=$2
    complete -p cairn
    complete_line() {
      COMP_WORDS=("$cairn" "$@")
      COMP_CWORD=$#
      _cairn
      echo "$* -> ${COMPREPLY[*]}"
    }
    complete_line ""
    complete_line s
    complete_line help ""
    complete_line sim --
    complete_line replay --
    cd "$3"
    complete_line check ""
    complete_line sim --pack c
    complete_line sim --record g
    complete_line sim --seed ""
    complete_line replay --verify ""
  ' bash "$script" "$cairn" "$tmp/packs" >"$out" 2>"$err"
  status=$?
  expect_status 0
  expect_out '^complete -F _cairn cairn$'
  commands=$("$cairn" --help | sed -n 's/^  \([a-z][a-z]*\) .*/\1/p' | tr '\n' ' ')
  expect_out "^ -> ${commands}help --help --version$"
  expect_out '^s -> sim serve$'
  expect_out "^help  -> ${commands% }$"
  expect_out '^sim -- -> .*--beats .*--pack .*--record .*--resume .*--save .*--seed'
  expect_out '^replay -- -> --distrust-bundled --help --pack --partial --trace --trust --verify$'
  # Pack folders where a folder is taken, files where a file is, nothing for a number.
  expect_out '^check  -> (cave crypt|crypt cave)$'
  expect_out '^sim --pack c -> (cave crypt|crypt cave)$'
  expect_out '^sim --record g -> game.txt$'
  expect_out '^sim --seed  -> $'
  expect_out '^replay --verify  -> .*game.txt'
  ;;
docs_cli_md_names_every_command_and_option)
  # Each command has its section, and each option its help names is in that section.
  doc="$(dirname "$0")/../../docs/cli.md"
  [ -f "$doc" ] || fail "no docs/cli.md"
  commands=$("$cairn" --help | sed -n 's/^  \([a-z][a-z]*\) .*/\1/p')
  for command in $commands; do
    section=$(awk -v h="## cairn $command" '$0 == h { on = 1; next } /^## / { on = 0 } on' "$doc")
    [ -n "$section" ] || fail "docs/cli.md has no section '## cairn $command'"
    for option in $("$cairn" "$command" --help | grep -oE -- '(^|[ [])--[a-z][a-z-]*' | tr -d ' [' | sort -u); do
      grep -qF -- "\`$option" <<<"$section" || fail "docs/cli.md's cairn $command does not name $option"
    done
  done
  section=$(awk '$0 == "## cairn-bench" { on = 1; next } /^## / { on = 0 } on' "$doc")
  [ -n "$section" ] || fail "docs/cli.md has no section '## cairn-bench'"
  for option in $("$bench" --help | grep -oE -- '(^|[ [])--[a-z][a-z-]*' | tr -d ' [' | sort -u); do
    grep -qF -- "\`$option" <<<"$section" || fail "docs/cli.md's cairn-bench does not name $option"
  done
  grep -qF '](docs/cli.md)' "$(dirname "$0")/../../README.md" || fail "README.md does not link docs/cli.md"
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
check_says_why_a_step_is_never_tried)
  need_packs
  run check "$packs/unheard"
  expect_status 1
  expect_out "^unheard:unheard\.lua:5: .*'unheard:crier': step 1: action 'unheard:shout' is never tried: .*movs 'none' gives none"
  # The same step under algo = "simple" is done, and action "none" waits: no problem.
  grep -q "unheard:fine'.*never tried" "$out" && fail "a simple algorithm does try the step"
  ;;
check_counts_the_parameters_of_handlers)
  need_packs
  run check "$packs/unheard"
  expect_status 1
  expect_out "^unheard:unheard\.lua:11: .*the handler on 'be_hit' takes 2 parameters \(e, ev\), but is called with 1 \(ev\): 'ev' is always nil"
  expect_out "^unheard:unheard\.lua:13: cairn\.handler on 'beat_end' takes 2 parameters \(w, ev\)"
  # No parameter, one, or a vararg: all fine.
  [ "$(wc -l <"$out")" -eq 3 ] || fail "expected exactly 3 problems"
  ;;
check_suggests_a_dependency_s_id)
  need_packs
  run check "$packs/misspelt"
  expect_status 1
  expect_out "^misspelt:pack\.lua:1: depends on 'bsae', which was not found \(did you mean 'base'\?\)"
  ;;
check_names_each_mistake_in_a_choice)
  need_packs
  run check "$packs/badchoice"
  expect_status 1
  expect_out "^badchoice:choices\.lua:2: .*unknown field 'acton' \(did you mean 'action'\?\)"
  expect_out "^badchoice:choices\.lua:3: .*'key' must be a string, not a number"
  expect_out "^badchoice:choices\.lua:4: .*the key 'f' is badchoice:fine's already"
  expect_out "^badchoice:choices\.lua:5: .*unknown action 'jump'"
  expect_out "^badchoice:choices\.lua:6: .*the key 'k' moves"
  expect_out "^badchoice:choices\.lua:7: .*an action or a perform function"
  expect_out "^badchoice:choices\.lua:8: .*not 'slect' \(did you mean 'select'\?\)"
  expect_out "^badchoice:choices\.lua:9: .*unknown field 'amog' \(did you mean 'among'\?\)"
  expect_out "^badchoice:choices\.lua:10: .*'among' is direction, cell or entity, not 'cells'"
  grep -q '^badchoice:choices\.lua:1:' "$out" && fail "line 1 is a fine choice"
  expect_err "9 problems in $packs/badchoice"
  ;;
check_names_each_mistake_in_a_card)
  need_packs
  run check "$packs/badcards"
  expect_status 1
  expect_out "^badcards:cards\.lua:2: .*unknown field 'vaules' \(did you mean 'values'\?\)"
  expect_out "^badcards:cards\.lua:3: .*unknown effect type 'damgae' \(did you mean 'damage'\?\)"
  expect_out "^badcards:cards\.lua:4: .*damage has no parameter 'damgae' \(did you mean 'damage'\?\)"
  expect_out "^badcards:cards\.lua:5: .*block's 'block' is a number, not a string"
  expect_out "^badcards:cards\.lua:6: .*an entry holds one effect"
  expect_out "^badcards:cards\.lua:7: .*target 'all_enemys' .*\(did you mean 'all_enemies'\?\)"
  expect_out "^badcards:cards\.lua:8: .*payload\[1\]: heal has no parameter 'hael'"
  expect_out "^badcards:cards\.lua:9: .*unknown validator 'hp_belwo' \(did you mean 'hp_below'\?\)"
  expect_out "^badcards:cards\.lua:10: .*cost: unknown field 'enrgy' \(did you mean 'energy'\?\)"
  expect_out "^badcards:cards\.lua:11: .*once is \"per_turn\", not 'per_trun'"
  expect_out "^badcards:cards\.lua:12: .*'run' must be a function, not a number"
  expect_out "^badcards:cards\.lua:13: .*'effect' is required"
  expect_out "^badcards:cards\.lua:14: .*'amount' is 'numbr', not a type name .*\(did you mean 'number'\?\)"
  expect_out "^badcards:cards\.lua:14: .*'what' is a number, not a type name"
  grep -q '^badcards:cards\.lua:1:' "$out" && fail "line 1 is a fine card"
  expect_err "14 problems in $packs/badcards"
  ;;
check_places_a_memory_overrun_at_its_line)
  need_packs
  run check "$packs/bomb"
  expect_status 1
  expect_out '^bomb:grow\.lua:5: memory limit of 256 MiB exceeded'
  ;;
check_stops_a_library_call_that_would_never_return)
  # (timeout only keeps a regression from hanging the suite.)
  need_packs
  timeout 60 "$cairn" check "$packs/libspin" >"$out" 2>"$err"
  status=$?
  expect_status 1
  expect_out '^libspin:move\.lua:2: instruction budget exceeded'
  ;;
check_names_the_failure_behind_a_missing_name)
  need_packs
  # bot.lua uses a decorator that charging.lua fails to define: the bot's problem names that
  # failure, and no hint suggests the very name it rejects.
  run check "$packs/late"
  expect_status 1
  expect_out "^late:bot\.lua:2: cairn\.entity 'late:bot': decorator 'late:Charging' failed to define \(late:charging\.lua:1: .*unknown decorator 'Nope'\)"
  expect_out "^late:charging\.lua:1: cairn\.decorator 'late:Charging': unknown decorator 'Nope'"
  grep -q "did you mean 'Charging'" "$out" && fail "a hint suggests the name it rejects"
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
test_places_errors_at_content_s_line)
  need_packs
  # Lua raises this inside the runtime's test library: the modder's line is what to show.
  run test "$packs/misplaced"
  expect_status 1
  expect_out '^      misplaced:tests/calls\.lua:4: attempt to index a number value'
  grep -q 'scripts/' "$out" && fail "a runtime script is named"
  ;;
test_refuses_a_budget_above_the_runtime_s)
  # A budget above the runtime's would lift the guard against a loop that never ends.
  printf 'test("greedy", function() end, { budget = 100000001 })\ntest("frugal", function() end, { budget = 100 })\n' \
    >"$tmp/greedy.lua"
  run test "$tmp/greedy.lua"
  expect_status 1
  expect_out '^FAIL  scenario:greedy\.lua: greedy$'
  expect_out 'its budget of 100000001 instructions is more than the runtime.s, 100000000'
  expect_out '^ok    scenario:greedy\.lua: frugal$'
  expect_last_line "1 passed, 1 failed"
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
test_and_check_take_regular_files_only)
  # A FIFO named like a Lua file would block the reader forever, a folder named so would be
  # read as nothing: neither is content. (timeout only keeps a regression from hanging the
  # suite.)
  tmp=$(mktemp -d)
  trap 'rm -rf "$out" "$err" "$tmp"' EXIT
  mkdir -p "$tmp/odd/tests" "$tmp/odd/tests/folder.lua" "$tmp/oddload/folder.lua"
  echo 'return { id = "odd", version = "1.0.0", cairn = "0.1", load = {} }' >"$tmp/odd/pack.lua"
  echo 'test("fine", function() end)' >"$tmp/odd/tests/fine.lua"
  mkfifo "$tmp/odd/tests/pipe.lua"
  timeout 60 "$cairn" test "$tmp/odd" >"$out" 2>"$err"
  status=$?
  expect_status 1
  expect_out '^ok    odd:tests/fine\.lua: fine$'
  expect_out '^      odd:tests/folder\.lua: not a regular file'
  expect_out '^      odd:tests/pipe\.lua: not a regular file'
  expect_last_line "1 passed, 2 failed"
  cat >"$tmp/oddload/pack.lua" <<'PACK'
return { id = "oddload", version = "1.0.0", cairn = "0.1",
  load = { "pipe.lua", "folder.lua", "main.lua" } }
PACK
  echo 'require "mod"' >"$tmp/oddload/main.lua"
  mkfifo "$tmp/oddload/pipe.lua" "$tmp/oddload/mod.lua"
  timeout 60 "$cairn" check "$tmp/oddload" >"$out" 2>"$err"
  status=$?
  expect_status 1
  expect_out "^oddload:pack\.lua:2: load lists 'pipe\.lua', which is not a regular file"
  expect_out "^oddload:pack\.lua:2: load lists 'folder\.lua', which is not a regular file"
  expect_out "^oddload:main\.lua:1: require 'mod': mod\.lua is not a regular file"
  ;;
bench_preview_times_the_intents_of_three_crowds)
  # Speed is the benchmark's to measure, not a test's: this only runs it, on the crowd games.
  run_bench --preview
  expect_status 0
  expect_out '^ +enemies +preview ms +view ms +beat ms'
  for n in 10 100 1000; do expect_out "^ +$n +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+$"; done
  ;;
bench_initiative_times_a_crowd_taking_turns)
  # Speed is the benchmark's to measure, not a test's: this only runs it, on a few beats.
  run_bench --initiative --beats 300
  expect_status 0
  expect_out '^model +beats/s +actions/s +core allocs/beat +Lua allocs/beat'
  expect_out '^initiative +[0-9]+ +[0-9]+ +0\.00 +[0-9.]+$'
  expect_out '^beats +[0-9]+ +[0-9]+ +0\.00 +[0-9.]+$'
  run_bench --initiative --beats
  expect_status 2
  ;;
bench_statuses_cost_no_lua_call_and_no_allocation)
  # Counts, not times: once warmed up, 1,000 enemies that carry three data-only statuses each
  # (the benchmark fails when one does not land) make no call into Lua and allocate nothing,
  # as the same chase without them does.
  run_bench --statuses --beats 300
  expect_status 0
  expect_out '^run +beats/s +ns/entity-beat +Lua calls/beat +core allocs/beat +Lua allocs/beat$'
  expect_out '^without +[0-9]+ +[0-9.]+ +0\.00 +0\.00 +0\.00$'
  expect_out '^with statuses +[0-9]+ +[0-9.]+ +0\.00 +0\.00 +0\.00$'
  run_bench --statuses --beats 0
  expect_status 2
  ;;
bench_runs_end_to_end_on_a_tiny_n)
  # Speed is the benchmark's to measure, not a test's: this only runs it.
  csv=$(mktemp --suffix=.csv) json=$(mktemp --suffix=.json)
  run_bench --n 10 --beats 5 --out "$csv"
  expect_status 0
  expect_out '^var +N +beats +beats/s'
  expect_out '^targets:'
  [ "$(grep -c '^[abcde],10,5,' "$csv")" -eq 5 ] || fail "expected a CSV row per variant"
  head -1 "$csv" | grep -q '^variant,n,beats,beats_per_second' || fail "CSV header"
  run_bench --variant b --n 10 --beats 5 --out "$json"
  expect_status 0
  grep -q '"variant": "b", "n": 10, "beats": 5' "$json" || fail "expected a JSON record"
  # The picture: well-formed XML (xmllint when the machine has it, else its outline), and a
  # line per variant in each of its two panels, ns per entity-beat and the share of (a).
  svg=$(mktemp --suffix=.svg)
  run_bench --variant abc --n 10,100 --beats 5 --repeat 1 --svg "$svg"
  expect_status 0
  if command -v xmllint >/dev/null; then
    xmllint --noout "$svg" || fail "the SVG is not well-formed XML"
  fi
  head -1 "$svg" | grep -q '^<?xml ' || fail "the SVG has no XML declaration"
  grep -q '^<svg xmlns="http://www.w3.org/2000/svg"' "$svg" || fail "the SVG has no svg root"
  [ "$(tail -1 "$svg")" = "</svg>" ] || fail "the SVG's root is not closed"
  for key in a b c; do
    [ "$(grep -c "^<polyline class=\"variant-$key\"" "$svg")" -eq 2 ] ||
      fail "expected a line for variant $key in each panel"
  done
  [ "$(grep -c '^<polyline ' "$svg")" -eq 6 ] || fail "expected one line per variant a panel"
  grep -q '>(b) lua handlers<' "$svg" || fail "expected a legend naming the variants"
  # Without (a) there is nothing to divide by: the second panel says so.
  run_bench --variant b --n 10 --beats 5 --repeat 1 --svg "$svg"
  expect_status 0
  grep -q '>(a) was not measured: no ratios to draw<' "$svg" || fail "expected the missing (a) said"
  rm -f "$csv" "$json" "$svg"
  run_bench --n nonsense
  expect_status 2
  expect_err '^usage: cairn-bench'
  # Move planning, a few plans of each kind: met or missed is the machine's to say.
  run_bench --plan --repeat 3
  [ "$status" -le 1 ] || fail "cairn-bench --plan exited $status"
  expect_out '^rectangle +[0-9.]+ +[0-9.]+ +5010$'
  expect_out '^view +[0-9.]+ +[0-9.]+ +[0-9]+ '
  expect_out '^target: a plan in under 1 ms: (met|MISSED)$'
  run_bench --plan --repeat 0
  expect_status 2
  ;;
bench_steady_beats_allocate_nothing)
  # Counts, not times: after the warm-up, no beat of any variant allocates, in the world or
  # in the Lua state (a handler, a movs or a step function making garbage each call would).
  run_bench --n 100 --beats 500 --repeat 1
  expect_status 0
  for v in a b c d e; do
    expect_out "^  \\($v\\) N=100 +0 allocations/beat: +0\\.00  met\$"
  done
  if grep -q 'allocations/beat.*MISSED' "$out"; then fail "a variant allocated in a steady beat"; fi
  ;;
bench_payload_steady_beats_allocate_nothing)
  # Counts, not times: once warmed up, a card played every beat (a ten-effect payload on 100
  # foes) allocates nothing, in the world or in the Lua state (its play request is filled
  # again, not made anew).
  run_bench --payload
  expect_status 0
  expect_out '^  core allocations/beat +0\.00$'
  expect_out '^  Lua allocations/beat +0\.00$'
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
  expect_err "no bot is named 'nobody' \(the bots loaded: base:explorer, base:explorer_no_cards, corridor:east"
  run sim --pack "$packs/corridor" --game sideways --bot idle
  expect_status 1
  expect_err "corridor:game.lua:[0-9]+: a game's outcome returns nil, 'descend', 'won' or 'lost', not sideways"
  run sim --pack "$packs/corridor" --game empty
  expect_status 1
  expect_err "generate put no player on floor 1"
  # A short name two packs define means neither: the message lists both.
  run sim --pack "$packs/corridor" --pack "$packs/corridor_twin" --game corridor
  expect_status 1
  expect_err "game 'corridor' is defined by several packs: say which in full \(corridor:corridor, corridor_twin:corridor\)"
  run sim --pack "$packs/corridor" --pack "$packs/corridor_twin" --game corridor:corridor --bot east
  expect_status 1
  expect_err "bot 'east' is defined by several packs: say which in full \(corridor:east, corridor_twin:east\)"
  run sim --beats 0
  expect_status 2
  expect_err '^usage: cairn sim'
  run sim --seed
  expect_status 2
  ;;
sim_stops_a_beat_that_overruns_its_budget)
  need_packs
  # About 30 million instructions a beat, in one handler call: inside a call's budget, so only
  # the beat's stops the game - at its first beat, instead of crawling on for minutes. The
  # budget is counted a thousand instructions at a time, and the base game's own beat_start
  # handler (the turn of its deck of cards) may take the first thousand of the beat.
  run sim --pack "$packs/glutton" --beats 5000
  expect_status 1
  expect_err "^cairn sim: the game stopped: beat 1 stopped in phase 'start': glutton:feast\.lua:8: instruction budget of a beat exceeded \(20000000 instructions in one beat; the function at glutton:feast\.lua:6 ran (19999000|20000000) of them\)"
  ;;
sim_log_says_what_spawned_and_what_was_played)
  # What a pack's author looks for without a trace: its enemy turned up (the ghouls example's
  # ghoul, on the first floor, before any beat), the cards the player played at whom, an
  # enemy's ability cast and the reactions to it (tests/e2e/packs/cardplay); neither the
  # walls nor the floor a floor is made of. The game is the one played without the log.
  ghouls=$(dirname "$0")/../../content/examples/ghouls
  run sim --seed 9 --beats 300 --pack "$ghouls"
  plain=$(cat "$out")
  run sim --seed 9 --beats 300 --pack "$ghouls" --log
  expect_status 0
  expect_quiet_err
  expect_out '^beat 0: spawned ghouls:ghoul#[0-9]+ at [0-9]+,[0-9]+$'
  expect_out '^beat 0: spawned base:player#[0-9]+ at [0-9]+,[0-9]+$'
  expect_out '^beat [1-9][0-9]*: base:player#[0-9]+ plays base:strike at ghouls:ghoul#[0-9]+$'
  ! grep -qE 'spawned base:(wall|dirt|stairs)#' "$out" || fail "the floor's scenery is logged"
  [ "$(grep -v '^beat ' "$out")" = "$plain" ] || fail "logged, the game differs from:
$plain"
  run sim --pack "$(dirname "$0")/packs/cardplay" --game cardplay:knight --bot cardplay:reactor \
    --log
  expect_status 0
  expect_out '^beat [0-9]+: base:knight#[0-9]+ casts base:heavy_blow at base:player#[0-9]+$'
  expect_out '^beat [0-9]+: base:player#[0-9]+ plays base:(counter|dodge) at base:knight#[0-9]+ \(a reaction\)$'
  run sim --help
  expect_out '--log'
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
two_bots_play_a_game_of_two_seats)
  # The duo example: two heroes, each played by a bot of its own. The replay holds both seats'
  # inputs and verifies; a save in the middle resumes to the same game.
  dir=$(mktemp -d)
  duo=$(cd "$(dirname "$0")/../../content/examples/duo" && pwd)
  run sim --pack "$duo" --seed 3 --beats 80 --bot explorer --bot 2=explorer_no_cards \
    --record "$dir/r.txt"
  expect_status 0
  expect_quiet_err
  expect_out '^seat 2: '
  straight=$(grep -v '^ended' "$out")
  head -1 "$dir/r.txt" | grep -q '^cairn-replay 5$' || fail "a replay of two seats is format 5"
  grep -q '^beat 1 .* s2=' "$dir/r.txt" || fail "the beats lack seat 2's inputs"
  run replay "$dir/r.txt" --verify --partial
  expect_status 0
  expect_out '^verified: 80 beats'
  run sim --pack "$duo" --seed 3 --beats 50 --bot explorer --bot 2=explorer_no_cards \
    --save "$dir/s.sqlite"
  expect_status 0
  run sim --resume "$dir/s.sqlite" --pack "$duo" --beats 30 --bot explorer \
    --bot 2=explorer_no_cards
  expect_status 0
  expect_quiet_err
  [ "$(grep -v '^ended' "$out")" = "$straight" ] || fail "resumed, the game differs from:
$straight"
  run sim --bot 17=explorer
  expect_status 2
  expect_err 'a seat from 1 to 16'
  rm -rf "$dir"
  ;;
sim_plays_the_arena_to_its_end_saved_or_not)
  # The bundled arena under each of its bots, to an end; then the tactician's fight cut by a
  # save after 6 beats and resumed is the same fight, and its replay verifies.
  arena="$(dirname "$0")/../../content/arena"
  for bot in tactician brawler; do
    run sim --seed 2 --pack "$arena" --game arena --bot "$bot"
    expect_status 0
    expect_quiet_err
    expect_out '^ended: +(won|died|lost)'
  done
  run sim --seed 2 --pack "$arena" --game arena --bot tactician
  straight=$(grep -v '^ended' "$out")
  run sim --seed 2 --pack "$arena" --game arena --bot tactician --beats 6 --save "$tmp/a.sqlite"
  expect_status 0
  run sim --resume "$tmp/a.sqlite" --pack "$arena" --bot tactician --record "$replay"
  expect_status 0
  expect_quiet_err
  [ "$(grep -v '^ended' "$out")" = "$straight" ] || fail "resumed, the fight differs from:
$straight"
  run replay "$replay" --verify
  expect_status 0
  ;;
sim_plays_every_bundled_game_with_the_explorer)
  # The base game's explorer bot plays each bundled game to its end, the arena's gladiator
  # included, which has no Inventory and none of the base game's choices.
  arena="$(dirname "$0")/../../content/arena"
  for seed in 1 2 3; do
    run sim --seed "$seed" --bot explorer
    expect_status 0
    expect_quiet_err
    expect_out '^ended: +(won|died|lost)'
    run sim --seed "$seed" --pack "$arena" --game arena --bot explorer
    expect_status 0
    expect_quiet_err
    expect_out '^ended: +(won|died|lost)'
  done
  ;;
replay_verifies_a_game_with_reactions)
  # A knight's blows, answered by the bot's reactions and passes, until it dies
  # (tests/e2e/packs/cardplay): the replay records them and comes to the same checksum every
  # beat.
  run sim --pack "$(dirname "$0")/packs/cardplay" --game cardplay:knight --bot cardplay:reactor \
    --record "$replay"
  expect_status 0
  beats=$(sed -n 's/^beats: *//p' "$out")
  grep -q ' mid=reaction=1;reaction=' "$replay" || fail "no reaction was recorded: $(cat "$replay")"
  run replay "$replay" --verify
  expect_status 0
  expect_last_line "verified: $beats beats"
  ;;
replay_verifies_a_game_played_with_cards)
  # A bot plays cards (draws, triggers, enemies' abilities through the stack): the replay of
  # the recorded game comes to the same checksum every beat.
  need_packs
  for seed in 1 3; do
    run sim --seed "$seed" --pack "$packs/cardgame" --game duel --bot cardplayer \
      --record "$replay"
    expect_status 0
    beats=$(sed -n 's/^beats: *//p' "$out")
    grep -q '^beat [0-9]* !cardgame:play card=' "$replay" || fail "no card was played"
    # The bot's answers inside beats (the charms' order) are in the replay, format 3.
    grep -q ' mid=order=' "$replay" || fail "no answer given inside a beat was recorded"
    head -1 "$replay" | grep -q '^cairn-replay 3$' || fail "a replay with mid= is format 3"
    run replay "$replay" --verify
    expect_status 0
    expect_last_line "verified: $beats beats"
  done
  # Saved mid-turn and resumed, the game comes to the checksum of the game played through:
  # hands, piles, energy and once-per-turn marks are in the save.
  run sim --seed 3 --pack "$packs/cardgame" --game duel --bot cardplayer --beats 30
  through=$(sed -n 's/^checksum: *//p' "$out")
  [ -n "$through" ] || fail "sim printed no checksum"
  run sim --seed 3 --pack "$packs/cardgame" --game duel --bot cardplayer --beats 13 \
    --save "$tmp/duel.save"
  expect_status 0
  run sim --resume "$tmp/duel.save" --pack "$packs/cardgame" --bot cardplayer --beats 17
  expect_status 0
  [ "$(sed -n 's/^checksum: *//p' "$out")" = "$through" ] || fail "the resumed game differs"
  ;;
replay_verifies_a_game_through_portals)
  # A walk round a corridor looped by a portal and through a portal door (tests/lua/packs/
  # portal_walk): the replay comes to the same checksum every beat, and a save made on the
  # way resumes to the game played through - the portals are in both.
  need_packs
  walk=(--pack "$packs/portal_walk" --bot walker)
  run sim --seed 1 --game loop "${walk[@]}" --beats 20 --record "$replay"
  expect_status 0
  through=$(sed -n 's/^checksum: *//p' "$out")
  grep -q '^beat 8 move e .* at=1,1 ' "$replay" || fail "the walk did not go round the loop"
  grep -q '^beat 11 move n .* at=5,6 ' "$replay" || fail "the walk did not take the door"
  run replay "$replay" --verify --partial
  expect_status 0
  expect_out '^verified: 20 beats \(partial: '
  run sim --seed 1 --game loop "${walk[@]}" --beats 9 --save "$tmp/walk.save"
  expect_status 0
  run sim --resume "$tmp/walk.save" "${walk[@]}" --beats 11
  expect_status 0
  [ "$(sed -n 's/^checksum: *//p' "$out")" = "$through" ] || fail "the resumed walk differs"
  ;;
replay_verifies_recorded_games)
  # Whole games recorded by sim play back beat for beat, and end as they ended.
  need_packs
  for seed in 9 10; do
    run sim --seed "$seed" --record "$replay"
    expect_status 0
    beats=$(sed -n 's/^beats: *//p' "$out")
    grep -qE '^end (won|died|lost)$' "$replay" || fail "seed $seed's game did not end"
    # The explorer plays cards and takes the stairs' rewards: both are in the record.
    grep -q '^beat [0-9]* !base:play_card card=' "$replay" || fail "seed $seed: no card played"
    grep -q '^beat [0-9]* !base:reward option=' "$replay" || fail "seed $seed: no reward taken"
    run replay "$replay" --verify
    expect_status 0
    expect_quiet_err
    expect_last_line "verified: $beats beats"
  done
  # A mod pack's game, stopped after 80 beats: verified as far as it goes.
  run sim --seed 11 --beats 80 --pack "$packs/diary" --record "$replay"
  expect_status 0
  grep -q '^pack diary 1.0.0 [0-9a-f]\{16\} ' "$replay" || fail "the replay does not name the mod"
  run replay "$replay" --verify --partial
  expect_status 0
  expect_out '^verified: 80 beats \(partial: '
  ;;
replay_reports_the_first_diverging_beat)
  run sim --seed 9 --beats 120 --record "$replay"
  expect_status 0
  # The first beat the player walks: replaying it standing still must differ there.
  first=$(awk '$1 == "beat" && $3 == "move" { print $2; exit }' "$replay")
  [ -n "$first" ] || fail "no move in the replay"
  sed "s/^beat $first move [a-z]* /beat $first none - /" "$replay" >"$tampered"
  run replay "$tampered" --verify
  expect_status 1
  expect_err "beat $first differs from the replay: at is [0-9]+,[0-9]+, where the replay has "
  expect_last_line "diverged: beat $first of 120"
  # A checksum changed alone: the player agrees, so the difference is said to be elsewhere.
  sed 's/^\(beat 30 .* sum=\)[0-9a-f]*/\10123456789abcdef/' "$replay" >"$tampered"
  run replay "$tampered" --verify
  expect_status 1
  expect_err "beat 30 differs from the replay: the player is where the replay has it"
  expect_err "the replay has 0123456789abcdef"
  ;;
replay_names_an_edited_sum)
  record_game
  sum=$(field_of sum 37)
  edit_field sum 37 0123456789abcdef
  run replay "$tampered" --verify
  expect_status 1
  expect_err "^cairn replay: $tampered: beat 37 differs from the replay: the player is where the replay has it \(.*\): the difference is elsewhere in the world; sum \(the world's checksum\) is $sum, where the replay has 0123456789abcdef$"
  expect_last_line "diverged: beat 37 of $beats"
  ;;
replay_names_an_edited_floor)
  record_game
  floor=$(field_of floor 37)
  edit_field floor 37 $((floor + 1))
  run replay "$tampered" --verify
  expect_status 1
  expect_err "^cairn replay: $tampered: beat 37 differs from the replay: floor is $floor, where the replay has $((floor + 1)) "
  expect_last_line "diverged: beat 37 of $beats"
  ;;
replay_names_an_edited_cell)
  record_game
  at=$(field_of at 37)
  moved="$((${at%,*} + 1)),${at#*,}"
  edit_field at 37 "$moved"
  run replay "$tampered" --verify
  expect_status 1
  expect_err "^cairn replay: $tampered: beat 37 differs from the replay: at is $at, where the replay has $moved "
  expect_last_line "diverged: beat 37 of $beats"
  ;;
replay_names_an_edited_hp)
  record_game
  hp=$(field_of hp 37)
  edit_field hp 37 $((hp + 1))
  run replay "$tampered" --verify
  expect_status 1
  expect_err "^cairn replay: $tampered: beat 37 differs from the replay: hp is $hp, where the replay has $((hp + 1)) "
  expect_last_line "diverged: beat 37 of $beats"
  ;;
replay_names_an_edited_end)
  record_game
  sed 's/^end won$/end lost/' "$replay" >"$tampered"
  run replay "$tampered" --verify
  expect_status 1
  expect_err "^cairn replay: $tampered: replay line $lines: the game ended 'won' at beat $beats, where the replay has 'lost'$"
  expect_last_line "diverged: the end, after beat $beats"
  # A whole game's replay that claims the game went on is no less wrong.
  sed 's/^end won$/end playing/' "$replay" >"$tampered"
  run replay "$tampered" --verify --partial
  expect_status 1
  expect_err "the game ended 'won' at beat $beats, where the replay has 'playing'"
  ;;
replay_of_a_cut_game_is_incomplete)
  record_game
  # Recorded while the game went on ("end playing").
  run sim --seed 9 --beats 40 --record "$tampered"
  run replay "$tampered" --verify
  expect_status 1
  expect_last_line "incomplete: the replay stops at beat 40 before its game ended"
  expect_err "recorded while the game went on; --partial verifies the beats it has"
  run replay "$tampered" --verify --partial
  expect_status 0
  expect_last_line "verified: 40 beats (partial: the replay stops at beat 40, before its game ended: it was recorded while the game went on)"
  # Cut after a whole line: no end line.
  head -n "$(grep -n '^beat 50 ' "$replay" | cut -d: -f1)" "$replay" >"$tampered"
  run replay "$tampered" --verify
  expect_status 1
  expect_last_line "incomplete: the replay stops at beat 50 before its game ended"
  expect_err "it has no end line"
  run replay "$tampered" --verify --partial
  expect_status 0
  expect_out '^verified: 50 beats \(partial: '
  # Cut inside a line - here just before beat 50's newline, where it still reads as a beat:
  # the line is not trusted, so beat 49 is the last verified.
  bytes=$(head -n "$(grep -n '^beat 50 ' "$replay" | cut -d: -f1)" "$replay" | wc -c)
  head -c $((bytes - 1)) "$replay" >"$tampered"
  run replay "$tampered" --verify
  expect_status 1
  expect_last_line "incomplete: the replay stops at beat 49 before its game ended"
  run replay "$tampered" --verify --partial
  expect_status 0
  expect_out "^verified: 49 beats \(partial: .*line $((50 + header)) is cut short"
  ;;
replay_refuses_what_follows_its_end)
  record_game
  { cat "$replay"; echo "end won"; } >"$tampered"
  run replay "$tampered" --verify --partial
  expect_status 1
  expect_err "^cairn replay: $tampered: replay line $((lines + 1)): nothing may follow the end line \(line $lines\)"
  { cat "$replay"; echo; } >"$tampered"
  run replay "$tampered" --verify --partial
  expect_status 1
  expect_err "replay line $((lines + 1)): nothing may follow the end line"
  # A beat after the game ended, and then the end line again.
  last=$(grep "^beat $beats " "$replay" | sed "s/^beat $beats /beat $((beats + 1)) /")
  { grep -v '^end ' "$replay"; echo "$last"; echo "end won"; } >"$tampered"
  run replay "$tampered" --verify --partial
  expect_status 1
  expect_err "^cairn replay: $tampered: replay line $lines: beat $((beats + 1)) comes after the game ended \('won' at beat $beats\)"
  expect_last_line "diverged: beat $((beats + 1)) of $((beats + 1))"
  ;;
replay_finds_a_moved_pack_with_pack)
  need_packs
  mkdir -p "$tmp/a" "$tmp/b"
  cp -r "$packs/diary" "$tmp/a/diary"
  run sim --seed 11 --beats 30 --pack "$tmp/a/diary" --record "$replay"
  expect_status 0
  mv "$tmp/a/diary" "$tmp/b/diary"
  # The recorded folder is gone: the pack is not found without --pack.
  run replay "$replay" --verify --partial
  expect_status 1
  expect_err "needs pack 'diary' 1.0.0, which is not loaded, not among the packs given and not in its recorded folder '$tmp/a/diary' \(give its folder with --pack\)"
  run replay "$replay" --verify --partial --pack "$tmp/b/diary"
  expect_status 0
  expect_quiet_err
  expect_out '^verified: 30 beats \(partial: '
  # Found by its id: a --pack folder is used before the recorded one.
  cp -r "$tmp/b/diary" "$tmp/a/diary"
  echo "-- changed" >>"$tmp/a/diary/diary.lua"
  run replay "$replay" --verify --partial --pack "$tmp/b/diary"
  expect_status 0
  # A folder that is no pack's is said to be so.
  run replay "$replay" --verify --partial --pack "$tmp/b"
  expect_status 1
  expect_err "$tmp/b holds no pack.lua"
  ;;
replay_refuses_a_changed_pack_in_its_recorded_folder)
  need_packs
  cp -r "$packs/diary" "$tmp/diary"
  run sim --seed 11 --beats 30 --pack "$tmp/diary" --record "$replay"
  expect_status 0
  hash=$(sed -n 's/^pack diary 1.0.0 \([0-9a-f]*\) .*/\1/p' "$replay")
  echo "-- changed" >>"$tmp/diary/diary.lua"
  changed="pack 'diary' in $tmp/diary is not the replay's: its content is [0-9a-f]{16}, where the replay has $hash"
  run replay "$replay" --verify --partial
  expect_status 1
  expect_err "$changed"
  run replay "$replay" --verify --partial --pack "$tmp/diary"
  expect_status 1
  expect_err "$changed"
  # The same content under another version than the one recorded.
  cp "$packs/diary/diary.lua" "$tmp/diary/diary.lua"
  sed 's/^pack diary 1.0.0 /pack diary 1.0.1 /' "$replay" >"$tampered"
  run replay "$tampered" --verify --partial
  expect_status 1
  expect_err "pack 'diary' is 1.0.0 here but was 1.0.1"
  run replay "$replay" --verify --partial
  expect_status 0
  ;;
replay_refuses_other_packs_and_bad_files)
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
a_changed_copy_of_the_base_game_plays_and_replays)
  # A folder named base given with --pack is the base game: sim plays the copy (its kit
  # holds a potion more), and its replay verifies with the copy, never with the bundled one.
  mkdir -p "$tmp/copy"
  cp -r "$(dirname "$0")/../../content/base" "$tmp/copy/base"
  sed -i 's/^local kit = { "dagger", "shovel" }$/local kit = { "dagger", "shovel", "healing_potion" }/' \
    "$tmp/copy/base/dungeon.lua"
  grep -q '"healing_potion" }$' "$tmp/copy/base/dungeon.lua" || fail "the kit was not edited"
  run sim --seed 3 --beats 20 --pack "$tmp/copy/base" --record "$replay"
  expect_status 0
  run replay "$replay" --verify --partial --pack "$tmp/copy/base"
  expect_status 0
  expect_out '^verified: 20 beats'
  run replay "$replay" --verify --partial
  expect_status 1
  expect_err "pack 'base' 0\.1\.0 has changed since"
  ;;
replay_names_the_line_of_a_damaged_file)
  # Whatever the bytes, a message naming the file and the line, exit status 1, no crash.
  record_game
  damaged() { # EXPECTED_MESSAGE: runs the replay of $tampered
    run replay "$tampered" --verify --partial
    expect_status 1
    expect_err "^cairn replay: $tampered: $1"
  }
  sed 's/^beat 12 /beat 99999999999999999999999999 /' "$replay" >"$tampered"
  damaged "replay line $((12 + header)): beat 12 was expected here, not '99999999999999999999999999'"
  sed 's/^seed .*/seed 123456789012345678901234567890/' "$replay" >"$tampered"
  damaged "replay line 4: the seed is a whole number, not '1234567890"
  sed 's/^\(beat 12 .* hp=\)[0-9]*/\11e3/' "$replay" >"$tampered"
  damaged "replay line $((12 + header)): hp is a whole number, not '1e3'"
  moved=$(grep -m1 -oE '^beat [0-9]+ move ' "$replay" | cut -d' ' -f2) # a beat of a step
  sed "s/^beat $moved move /beat $moved fly /" "$replay" >"$tampered"
  damaged "replay line $((moved + header)): the input of beat $moved \(fly .*\) is refused: unknown action 'fly'"
  sed '12s/$/\r/' "$replay" >"$tampered"
  damaged "replay line 12: byte [0-9]+ is a control character \(\\\\13\): a replay is plain text"
  { head -n 11 "$replay"; printf 'beat 7\0 none\n'; tail -n +13 "$replay"; } >"$tampered"
  damaged "replay line 12 holds a NUL byte: a replay is text"
  { head -n 11 "$replay"; printf 'beat %09000d\n' 0; tail -n +13 "$replay"; } >"$tampered"
  damaged "replay line 12: the line is 9005 bytes long: no replay line is"
  { head -n 11 "$replay"; head -n 11 "$replay" | tail -n 1; tail -n +12 "$replay"; } >"$tampered"
  damaged "replay line 12: beat [0-9]+ was expected here"
  { head -n 4 "$replay"; head -n 4 "$replay" | tail -n 1; tail -n +5 "$replay"; } >"$tampered"
  damaged "replay line 5: a second seed line \(line 4 first\)"
  printf '\x89PNG\r\n\x1a\n\xff\xfe' >"$tampered"
  damaged "replay line 1: byte 5 is a control character"
  printf 'cairn-replay 1\ncairn 0.1.0\ngame base:dun' >"$tampered"
  damaged "replay line 3: the replay is cut short in its header"
  : >"$tampered"
  damaged "replay line 1: the replay is empty"
  ;;
replay_help_names_its_options)
  run replay --help
  expect_status 0
  expect_quiet_err
  expect_out '^usage: cairn replay FILE \[--verify\] \[--partial\] \[--pack DIR \.\.\.\] \[--trace FILE\]$'
  expect_out '--trace FILE'
  expect_out '--partial'
  expect_out '--pack DIR'
  run replay "$replay" --pack
  expect_status 2
  expect_err '^usage: cairn replay'
  ;;
*)
  echo "unknown case $case_name"
  exit 2
  ;;
esac
echo "ok ($case_name)"
