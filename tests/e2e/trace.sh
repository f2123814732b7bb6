#!/usr/bin/env bash
# End-to-end tests of traces and the profiler (docs/tracing.md):
#   tests/e2e/trace.sh CASE PATH_TO_CAIRN FIXTURE_PACKS
# The page's cases drive the page `cairn trace --html` writes in headless Chromium: through
# its address (#beat=K&x=X&y=Y) it opens at beat K with a cell clicked, and --dump-dom gives
# the DOM once the page's script has run (it runs to its end on load: nothing to wait for).
set -u
case_name=$1
cairn=$2
packs=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() {
  echo "FAIL ($case_name): $*"
  exit 1
}

# sim_summary ARGS...: the summary of `cairn sim ARGS` without the profile after it.
sim_summary() {
  "$cairn" sim "$@" | sed '/^profile:/,$d'
}

# page_dom URL_HASH: the page's DOM after load, in $tmp/dom.html; Chromium's log in
# $tmp/chromium.log. Fails on any message of the page's console: the page writes none.
page_dom() {
  command -v chromium >/dev/null || fail "chromium is not installed (tools/setup installs it)"
  timeout 120 chromium --headless --no-sandbox --disable-gpu --no-first-run \
    --user-data-dir="$tmp/profile" --enable-logging=stderr --v=0 \
    --dump-dom "file://$tmp/page.html#$1" >"$tmp/dom.html" 2>"$tmp/chromium.log" ||
    fail "chromium failed: $(tail -n 5 "$tmp/chromium.log")"
  if grep -q ':CONSOLE' "$tmp/chromium.log"; then
    fail "the page wrote to its console: $(grep ':CONSOLE' "$tmp/chromium.log")"
  fi
  grep -q 'data-ready="yes"' "$tmp/dom.html" || fail "the page's script did not run to its end"
  if grep -q 'data-errors=' "$tmp/dom.html"; then fail "the page reported an error"; fi
}

# The text of the element from the line holding START to the line holding END, tags gone.
element_text() {
  awk -v start="$1" -v end="$2" '
    !on && index($0, start) { on = 1; $0 = substr($0, index($0, start)) }
    on { print }
    on && index($0, end) { exit }' \
    "$tmp/dom.html" | sed -e 's/<[^>]*>//g' -e 's/&lt;/</g' -e 's/&gt;/>/g' -e 's/&amp;/\&/g'
}

case $case_name in
traced_and_profiled_runs_are_the_same_game)
  plain=$(sim_summary --seed 9 --beats 300)
  traced=$(sim_summary --seed 9 --beats 300 --trace "$tmp/t.jsonl" --profile)
  [ -n "$plain" ] || fail "no summary"
  [ "$plain" = "$traced" ] || fail "a traced run differs: $plain // $traced"
  ;;
trace_has_a_line_per_node_and_beat)
  "$cairn" sim --seed 9 --beats 20 --trace "$tmp/t.jsonl" >/dev/null || fail "sim failed"
  head -n 1 "$tmp/t.jsonl" | grep -q '^{"kind":"trace","format":1,' || fail "no header"
  [ "$(grep -c '^{"kind":"beat",' "$tmp/t.jsonl")" -eq 20 ] || fail "not 20 beat records"
  for kind in act algo component pass handler; do
    grep -q "^{\"kind\":\"$kind\"," "$tmp/t.jsonl" || fail "no $kind node"
  done
  grep -q '"at":"base:[a-z/_]*\.lua:[0-9]*"' "$tmp/t.jsonl" || fail "no handler's pack:path:line"
  ! grep -qv '^{.*}$' "$tmp/t.jsonl" || fail "a line that is no object"
  ;;
replay_traces_the_same_beats_as_sim)
  "$cairn" sim --seed 9 --beats 60 --trace "$tmp/sim.jsonl" --record "$tmp/r.txt" >/dev/null
  "$cairn" replay "$tmp/r.txt" --verify --partial --trace "$tmp/replay.jsonl" >/dev/null ||
    fail "replay failed"
  for k in 1 30 60; do
    "$cairn" trace "$tmp/sim.jsonl" --map $k >"$tmp/a" || fail "no map $k in sim's trace"
    "$cairn" trace "$tmp/replay.jsonl" --map $k >"$tmp/b" || fail "no map $k in the replay's"
    cmp -s "$tmp/a" "$tmp/b" || fail "beat $k's maps differ"
  done
  diff <(grep -o '"beat":[0-9]*,"status":"ok","checksum":"[0-9a-f]*"' "$tmp/sim.jsonl") \
    <(grep -o '"beat":[0-9]*,"status":"ok","checksum":"[0-9a-f]*"' "$tmp/replay.jsonl") ||
    fail "the checksums differ"
  ;;
page_shows_the_replay_s_map_and_a_click_s_events)
  "$cairn" sim --seed 5 --beats 160 --trace "$tmp/sim.jsonl" --record "$tmp/r.txt" >/dev/null
  "$cairn" replay "$tmp/r.txt" --verify --partial --trace "$tmp/replay.jsonl" >/dev/null
  # A beat in which the player strikes: its weapon's handler (a chain pass with a handler of
  # the base pack's) is part of its act.
  k=$(grep -m1 -oE '^beat [0-9]+ attack ' "$tmp/r.txt" | cut -d' ' -f2)
  [ -n "$k" ] || fail "the player never strikes in 160 beats"
  "$cairn" trace "$tmp/sim.jsonl" --html "$tmp/page.html" || fail "no page"
  ! grep -qE '(src|href)="(https?:)?//' "$tmp/page.html" || fail "the page loads from the network"
  # The player's cell at beat K, from the beat's record.
  at=$(grep "^{\"kind\":\"beat\",\"beat\":$k," "$tmp/sim.jsonl" |
    grep -o '"type":"base:player","x":[0-9]*,"y":[0-9]*' | head -n 1)
  x=$(sed 's/.*"x":\([0-9]*\).*/\1/' <<<"$at") y=$(sed 's/.*"y":\([0-9]*\).*/\1/' <<<"$at")
  [ -n "$x" ] && [ -n "$y" ] || fail "no player at beat $k"
  page_dom "beat=$k&x=$x&y=$y"
  grep -q "<pre id=\"map\" data-beat=\"$k\">" "$tmp/dom.html" || fail "the page is not at beat $k"
  element_text '<pre id="map"' '</pre>' | sed '/^$/d' >"$tmp/page_map"
  "$cairn" trace "$tmp/replay.jsonl" --map $k >"$tmp/replay_map"
  diff "$tmp/replay_map" "$tmp/page_map" || fail "the page's map of beat $k is not the replay's"
  element_text '<div id="events">' '</div>' >"$tmp/events"
  grep -q "base:player#[0-9]* at $x,$y" "$tmp/events" || fail "the click did not show the player"
  grep -q 'act base:player#[0-9]*: ' "$tmp/events" || fail "no act node: $(cat "$tmp/events")"
  grep -q 'chain [a-z_]* on ' "$tmp/events" || fail "no chain pass shown"
  grep -q 'handler base:[a-z/_]*\.lua:[0-9]*' "$tmp/events" || fail "no handler's place shown"
  ;;
page_names_the_states_of_declared_actions)
  # A declared action's change of state is a number in the history; the trace and the page
  # give its name beside it.
  "$cairn" sim --seed 9 --beats 60 --trace "$tmp/sim.jsonl" >/dev/null || fail "sim failed"
  k=$(grep '"content":"cairn:action_state"' "$tmp/sim.jsonl" | head -n 1 |
    sed 's/^{"kind":"beat","beat":\([0-9]*\),.*/\1/')
  [ -n "$k" ] || fail "no action changed state in 60 beats"
  grep "^{\"kind\":\"beat\",\"beat\":$k," "$tmp/sim.jsonl" |
    grep -q '"amount":1,[^}]*"content":"cairn:action_state","amount_name":"declared"' ||
    fail "the trace does not name state 1 'declared' at beat $k"
  "$cairn" trace "$tmp/sim.jsonl" --html "$tmp/page.html" || fail "no page"
  page_dom "beat=$k"
  element_text '<div id="history">' '</div>' >"$tmp/history"
  grep -q 'amount 1 (declared) cairn:action_state' "$tmp/history" ||
    fail "the page does not name the state: $(cat "$tmp/history")"
  ;;
profile_names_the_hot_handler_first)
  "$cairn" sim --seed 9 --beats 50 --pack "$packs/hotspot" --profile >"$tmp/out" ||
    fail "sim failed"
  first=$(sed -n '/^by function/{n;p;q}' "$tmp/out")
  grep -qE '^  hotspot:hot\.lua:4 +[0-9]+ +9[0-9]\.[0-9]%' <<<"$first" ||
    fail "the hot handler is not first: $(cat "$tmp/out")"
  first_pack=$(sed -n '/^by pack/{n;p;q}' "$tmp/out")
  grep -q '^  hotspot ' <<<"$first_pack" || fail "hotspot is not the first pack"
  first_chain=$(sed -n '/^by chain/{n;p;q}' "$tmp/out")
  grep -q '^  beat_start ' <<<"$first_chain" || fail "beat_start is not the first chain"
  ;;
profile_gathers_the_runtime_s_scripts_and_keeps_its_columns)
  # The runtime's own scripts are one row, "(runtime)", not a pack per file by where cairn
  # happens to be; and each table's numbers stay in their columns however long its names.
  "$cairn" sim --seed 9 --beats 100 --profile >"$tmp/out" || fail "sim failed"
  sed -n '/^by pack/,/^$/p' "$tmp/out" | grep -q '^  (runtime)  ' ||
    fail "no (runtime) row by pack: $(cat "$tmp/out")"
  grep -q '^  (runtime):[a-z_/]*\.lua:[0-9]* ' "$tmp/out" ||
    fail "no runtime function by its path under the scripts: $(cat "$tmp/out")"
  ! grep -q '^  /' "$tmp/out" || fail "a row named by an absolute path: $(cat "$tmp/out")"
  # In each table, the end of the instructions column is where its title's is.
  awk '/^by / { want = index($0, "instructions") + length("instructions") - 1; next }
       /^  / && want {
         match($0, / [0-9]+ +[0-9.]+%/); end = RSTART
         match(substr($0, end + 1), /^[0-9]+/)
         if (end + RLENGTH != want) bad = bad $0 "\n"
       }
       /^$/ { want = 0 }
       END { printf "%s", bad }' "$tmp/out" >"$tmp/bad"
  [ ! -s "$tmp/bad" ] || fail "rows out of their columns: $(cat "$tmp/bad")"
  ;;
trace_names_what_is_wrong)
  "$cairn" trace "$tmp/none.jsonl" --map 1 2>"$tmp/err" && fail "a missing file passed"
  grep -q 'cannot read' "$tmp/err" || fail "no message: $(cat "$tmp/err")"
  echo '{"kind":"other"}' >"$tmp/bad.jsonl"
  "$cairn" trace "$tmp/bad.jsonl" --html "$tmp/p.html" 2>"$tmp/err" && fail "a non-trace passed"
  grep -q 'is not a trace' "$tmp/err" || fail "no message: $(cat "$tmp/err")"
  "$cairn" trace "$tmp/bad.jsonl" 2>/dev/null
  [ $? -eq 2 ] || fail "no option is not a usage error"
  "$cairn" trace --help | grep -q '^usage: cairn trace' || fail "no help"
  ;;
*)
  fail "no such case"
  ;;
esac
echo "ok ($case_name)"
