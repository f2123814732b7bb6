#!/usr/bin/env bash
# End-to-end tests of `cairn play`, the terminal front end, driven through tmux:
#   tests/e2e/play.sh CASE PATH_TO_CAIRN [FIXTURE_PACKS]
# Each case runs cairn in a detached tmux server of its own (80x24 unless the case says), with
# its save and data folder in a temporary folder, sends keys and reads the screen with
# capture-pane. Nothing waits a fixed time to decide anything: every expectation polls the
# screen until it holds, or fails with the screen printed after a generous timeout.
# FIXTURE_PACKS is the folder of test packs (tests/lua/packs), for saves made with other packs.
# The packs beside this script (tests/e2e/packs) are games set up for a case, such as a throw.
set -u
case_name=$1
cairn=$2
packs=${3:-}
e2e_packs=$(cd "$(dirname "$0")" && pwd)/packs
dir=$(mktemp -d)
save="$dir/s.sqlite"
timeout=${CAIRN_E2E_TIMEOUT:-15} # seconds; sanitizer builds start slower
export XDG_DATA_HOME="$dir/data" CAIRN_SAVE="$dir/data/default.sqlite" LC_ALL=C.UTF-8

# No status bar, so that the pane is the whole window.
echo 'set -g status off' >"$dir/tmux.conf"

# Each start has a tmux server of its own (a server being killed and one being started on the
# same socket race), its socket in the case's folder.
servers=0
t() { tmux -S "$dir/tmux-$servers" -f "$dir/tmux.conf" "$@"; }

# Whether process PID runs (a zombie has ended, whether or not anyone reaps it).
running() {
  local state
  state=$(sed -E 's/.*\) (.).*/\1/' "/proc/$1/stat" 2>/dev/null) && [ "$state" != Z ]
}

# stop N: ends tmux server N and waits for its cairn, which saves when its terminal hangs up.
stop() {
  tmux -S "$dir/tmux-$1" kill-server 2>/dev/null
  local pid deadline=$((SECONDS + timeout))
  pid=$(cat "$dir/pid-$1" 2>/dev/null) || return 0
  while running "$pid" && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.05; done
}

cleanup() {
  for ((n = 1; n <= servers; n++)); do stop "$n"; done
  rm -rf "$dir"
}
trap cleanup EXIT

fail() {
  echo "FAIL ($case_name): $*"
  echo "--- screen"
  t capture-pane -p -t play 2>/dev/null
  if [ -s "$dir/stderr" ]; then echo "--- stderr"; cat "$dir/stderr"; fi
  exit 1
}

# start [--size WxH] ARGS...: cairn play ARGS (cairn $verb ARGS when verb is set) in a new
# session "play", the last one stopped.
# Its exit status goes to $dir/status, its stderr to $dir/stderr, its pid to $dir/pid-N. The
# pane's shell outlives cairn, so that tmux reads cairn's last words (tmux drops what a pane's
# process writes just before it exits) and they stay on the screen.
start() {
  local width=80 height=24
  if [ "$1" = --size ]; then
    width=${2%x*} height=${2#*x}
    shift 2
  fi
  [ "$servers" -eq 0 ] || stop "$servers"
  servers=$((servers + 1))
  rm -f "$dir/status" "$dir/stderr"
  local command
  # shellcheck disable=SC2016 # $$ and $@ are the inner shell's
  command=$(printf '%q ' sh -c 'echo $$ >"$0"; exec "$@"' "$dir/pid-$servers" "$cairn" "${verb:-play}" "$@")
  t new-session -d -s play -x "$width" -y "$height" \
    "$command 2>'$dir/stderr'; echo \$? >'$dir/status'; exec sleep 600" || fail "tmux did not start"
}

screen() { t capture-pane -p -t play; }
# Lines FIRST to LAST of the screen (1-based): the status is line 1, the map lines 2-19.
lines() { screen | sed -n "$1,$2p"; }

# wait_for REGEX: polls the screen until a line matches.
wait_for() {
  local deadline=$((SECONDS + timeout))
  until screen | grep -qE -- "$1"; do
    [ "$SECONDS" -lt "$deadline" ] || fail "the screen never showed /$1/"
    sleep 0.05
  done
}

# wait_gone REGEX: polls the screen until no line matches.
wait_gone() {
  local deadline=$((SECONDS + timeout))
  while screen | grep -qE -- "$1"; do
    [ "$SECONDS" -lt "$deadline" ] || fail "the screen still shows /$1/"
    sleep 0.05
  done
}

# wait_exit STATUS: polls until cairn has exited, then checks its exit status.
wait_exit() {
  local deadline=$((SECONDS + timeout))
  until [ -s "$dir/status" ]; do
    [ "$SECONDS" -lt "$deadline" ] || fail "cairn did not exit"
    sleep 0.05
  done
  [ "$(cat "$dir/status")" = "$1" ] || fail "exit status $(cat "$dir/status"), expected $1"
}

key() { t send-keys -t play -l -- "$1"; }
# named KEY: a key by tmux's name for it (Enter, Escape, Tab).
named() { t send-keys -t play "$1"; }

# The beat the header shows.
beat() { lines 1 1 | sed -nE 's/.*  Beat ([0-9]+)  .*/\1/p'; }

# press KEY: one key that plays a beat, and the wait until the status shows the next beat.
press() {
  local next=$(($(beat) + 1))
  key "$1"
  wait_for "^HP .*  Beat $next  "
}

# Where the player is: "line,column" of the @ on the map (the map's 48 columns of lines 2-19).
player_at() {
  lines 2 19 | awk '{ i = index(substr($0, 1, 48), "@"); if (i) { print NR + 1 "," i; exit } }'
}

# press_moving KEY...: presses keys until one moves the player (a wall may stand in the way of
# some: that key takes no beat, and says so); fails when none does. Leaves in $moved_from the
# screen's lines 1-19 before the move.
press_moving() {
  for k in "$@"; do
    moved_from=$(lines 1 19)
    local was next=$(($(beat) + 1))
    was=$(player_at)
    key "$k"
    wait_for "^HP .*  Beat $next  |is in the way\.$"
    [ "$(player_at)" != "$was" ] && return 0
    # refused: a wait takes the beat the bump used to, and clears the notice
    key .
    wait_for "^HP .*  Beat $next  "
  done
  fail "none of the keys $* moved the player"
}

# start_saved PACK GAME [ARGS...]: the fixture pack's game (tests/e2e/packs/PACK), one beat
# in with its bot that waits, saved by cairn sim for cairn play (with ARGS) to resume.
start_saved() {
  local pack=$1 game=$2
  shift 2
  "$cairn" sim --pack "$e2e_packs/$pack" --game "$pack:$game" --bot "$pack:wait" \
    --beats 1 --save "$save" >/dev/null 2>"$dir/sim-stderr" ||
    fail "sim did not save the $pack:$game game: $(cat "$dir/sim-stderr")"
  start --save "$save" --pack "$e2e_packs/$pack" "$@"
  wait_for '^HP .*  Beat 1  '
}

# The throwing fixture's game: the player with a throwing dagger in its bag, a skeleton in
# range.
start_throwing() { start_saved throwing range; }

TARGETING='\(Enter, Tab next, Esc cancels\)'

# The cardplay fixture's game: the player with a deck of strikes and a fireball, a stunned
# skeleton two cells east; one beat in, its first turn drew the hand.
start_cardplay() { start_saved cardplay range; }

# aim_throw: t, then the throw's prompts up to its target (a menu of what to throw, when it
# asks, takes the first), until the targeting line shows.
aim_throw() {
  key t
  local deadline=$((SECONDS + timeout))
  until screen | grep -qE -- "$TARGETING"; do
    screen | grep -q 'Its key, or arrows and Enter' && key 1
    [ "$SECONDS" -lt "$deadline" ] || fail "t never came to choosing a target"
    sleep 0.05
  done
}

# Where the terminal's cursor stands: "column,row", from 0.
cursor() { t display-message -p -t play '#{cursor_x},#{cursor_y}'; }

# Where glyph CHAR is on the screen, as cursor says it: the first on lines 2-6 (the
# throwing game's map).
glyph_at() {
  lines 2 6 | awk -v c="$1" '{ i = index(substr($0, 1, 12), c); if (i) { print i - 1 "," NR; exit } }'
}

# A pack of the case's own, for --watch to reload as the case edits it: it adds to base's
# dungeon from kit.lua, which holds nothing to begin with.
make_watched_pack() {
  mkdir -p "$dir/watched"
  cat >"$dir/watched/pack.lua" <<'EOF'
return { id = "watched", version = "0.1.0", cairn = "0.1", depends = { base = "0.1" },
  load = { "kit.lua" } }
EOF
  echo 'local dungeon = require "base:dungeon"' >"$dir/watched/kit.lua"
}

# kit_with_potion: kit.lua puts a healing potion in the starting kit, which the status shows.
kit_with_potion() {
  cat >"$dir/watched/kit.lua" <<'EOF'
local dungeon = require "base:dungeon"
local kit = dungeon.kit()
kit[#kit + 1] = "base:healing_potion"
dungeon.set_kit(kit)
EOF
}

case $case_name in
the_panel_tells_why_a_choice_is_dimmed)
  start_throwing
  wait_for 'Actions \(Tab: why dimmed\)'
  # Every choice is listed with its key, the last too, though the map is five rows high.
  wait_for '^ +t  throw$'
  wait_for '^ +r  rest$'
  t capture-pane -e -p -t play | grep -q $'\e\\[2m' || fail "no choice is dimmed"
  named Tab
  wait_for 'What cannot be done now, and why:'
  screen | grep -qE '│ [^ ].*: [^ ]' || fail "no reason is given"
  key x
  wait_gone 'What cannot be done now'
  wait_for '^HP .*  Beat 1  '
  ;;
a_thrown_dagger_hits_the_skeleton)
  start_throwing
  aim_throw
  # The cursor starts on the nearest candidate, the skeleton, which the line under the log
  # describes.
  [ "$(cursor)" = "$(glyph_at s)" ] || fail "the cursor is at $(cursor), the skeleton at $(glyph_at s)"
  wait_for 'skeleton'
  named Enter
  wait_for '^HP .*  Beat 2  '
  wait_gone "$TARGETING"
  lines 7 24 | grep -qiE 'throw' || fail "the log does not tell of the throw"
  ;;
esc_cancels_a_target_and_no_beat_passes)
  start_throwing
  aim_throw
  before=$(lines 1 6)
  named Escape
  wait_for 'Cancelled: no beat passed'
  wait_gone "$TARGETING"
  [ "$(lines 1 6)" = "$before" ] || fail "the game changed:
$before"
  # The keys play again: a wait is a beat.
  press .
  ;;
a_number_and_a_question_are_answered_in_boxes)
  start_throwing
  key r
  wait_for 'rest: rest how long\?'
  wait_for '> _   \(1 to 3\)'
  # Out of bounds: refused with why, and the prompt waits.
  key 9
  named Enter
  wait_for 'rest: rest how long\?'
  wait_for '> 9_'
  wait_for "^Rest: 'rest how long\\?' takes a whole number from 1 to 3"
  named BSpace
  key 2
  wait_for '> 2_'
  named Enter
  wait_for 'rest: rest now\?'
  wait_for 'y yes   n no   Esc cancels'
  key y
  wait_for '^HP .*  Beat 2  '
  wait_gone 'rest now'
  # Esc at the first prompt: no beat.
  key r
  wait_for 'rest: rest how long\?'
  named Escape
  wait_for 'Cancelled: no beat passed'
  wait_for '^HP .*  Beat 2  '
  ;;
a_card_played_at_the_skeleton_kills_it)
  start_cardplay
  # The hand under the actions: energy, the piles, a line a card with its cost and text.
  wait_for ' c  play a card$'
  wait_for 'Hand \(c\)  energy 3/3'
  wait_for 'turn 1, the next in 5 beats'
  wait_for 'strike \(1\): 2 damage, range 2'
  # The rest of the hand does not fit beside the map at 80x24: the panel says where it is.
  wait_for '\.\.\. more: \? shows it all'
  # c: the menu of playable cards; a strike; then its target through the cursor, which starts
  # on the skeleton.
  key c
  wait_for 'play a card: Play which card\?'
  wait_for '│ 1  strike \(1\): 2 damage, range 2'
  wait_for '│ [0-9]  fireball \(2\): 2 to all around a cell'
  key 1
  wait_for "$TARGETING"
  wait_for 'Strike what\?'
  [ "$(cursor)" = "$(glyph_at s)" ] || fail "the cursor is at $(cursor), the skeleton at $(glyph_at s)"
  named Enter
  wait_for '^HP .*  Beat 2  '
  wait_gone "$TARGETING"
  wait_for '^You strike for 2\.'
  wait_for 'You kill the skeleton'
  wait_for 'Hand \(c\)  energy 2/3'
  wait_for 'turn 1, the next in 4 beats'
  wait_for 'draw 0  discard 1  exhaust 0'
  # With the skeleton dead the strikes left have nothing to hit: dimmed, and Tab says why.
  named Tab
  wait_for 'What cannot be done now, and why:'
  wait_for 'strike \(1\): 2 damage, range 2 \[nothing to target in'
  key x
  wait_gone 'What cannot be done now'
  # The help lists the card key and the hand.
  key '?'
  wait_for 'What you can do now:'
  wait_for '^.* c +play a card'
  wait_for 'Hand \(c\)  energy 2/3'
  key x
  wait_gone 'What you can do now:'
  ;;
a_hit_asks_whether_to_riposte)
  # The riposte_far game (tests/e2e/packs/cardplay), one beat in: the skeleton has stepped next
  # to the riposting player; it rests a beat, then hits, and the hit asks in the middle of the
  # beat.
  start_saved cardplay riposte_far
  wait_for '^HP 6/6  .*Beat 1  '
  key .
  wait_for '^HP 6/6  .*Beat 2  '
  key .
  wait_for 'riposte: Riposte for 1 energy\?'
  wait_for 'y yes   n no   Esc cancels'
  wait_for '^HP 6/6  .*Beat 2  ' # the beat waits for the answer
  key y
  wait_for '^HP 5/6  .*Beat 3  '
  wait_gone 'Riposte for 1 energy'
  wait_for 'You riposte\.'
  wait_for 'energy 2/3'
  ;;
a_card_s_hits_are_shown_one_by_one)
  # The flurry game (tests/e2e/packs/cardplay): a flurry's two hits on the skeleton, with a
  # pace long enough that the first hit stays shown, the second waiting on the stack.
  start_saved cardplay flurry --pace 3600000
  wait_for '^HP .*  Beat 1  '
  key c
  wait_for 'play a card: Play which card\?'
  key 1
  wait_for "$TARGETING"
  named Enter
  wait_for '│ flurry: damage'
  wait_for '│   skeleton 2 -> 1 hp'
  wait_for '│   then flurry: damage'
  wait_for 'any key skips'
  named Escape
  wait_gone 'any key skips'
  wait_for '^A flurry of blows\.'
  wait_for 'You kill the skeleton'
  ;;
a_declared_blow_asks_for_a_reaction)
  # The knight game (tests/e2e/packs/cardplay), one beat in: the knight beside the player
  # declares its heavy blow in the next beat, and the player is asked to react.
  start_saved cardplay knight
  wait_for '^HP 6/6  .*Beat 1  '
  key .
  wait_for "react: The knight's heavy blow \(in 1 beat\): the cell 1,2 - you"
  wait_for '│ 1  counter \(1\) - 1 reaction'
  wait_for '│ 2  dodge \(0\) - 1 reaction'
  wait_for '│ 3  pass'
  # The cell the blow covers, the player's, stands out in magenta on the map.
  t capture-pane -e -p -t play | grep -qE $'\e\\[([0-9;]*;)?45m' ||
    fail "the cell the blow covers is not shown"
  key 2
  # Then whether to answer with more: the counter, or pass.
  wait_for '│ 2  pass'
  key 2
  wait_for '^HP 6/6  .*Beat 2  '
  wait_for '! knight: heavy blow, reacted to, 1 beat left'
  wait_for 'actions 3/3  reactions 1/2'
  wait_for 'The knight readies heavy blow \(in 1 beat\)\.'
  wait_for 'You answer with dodge\.'
  key .
  wait_for '^HP 6/6  .*Beat 3  '
  wait_for 'heavy blow fails \(you dodge\)'
  wait_gone '! knight: heavy blow'
  ;;
a_riposte_after_earlier_reactions_goes_on)
  # The knight_riposte game (tests/e2e/packs/cardplay): the knight's blows, each answered with
  # a dodge (not what the defaults answer), then a riposte. Every question plays its beat again
  # from the last checkpoint, the earlier reactions' answers with it.
  start_saved cardplay knight_riposte
  react_with_a_dodge() {
    wait_for "react: The knight's heavy blow \(in 1 beat\)"
    wait_for '│ 2  dodge \(0\) - 1 reaction'
    key 2
    wait_for '│ 2  pass'
    key 2
  }
  key .
  react_with_a_dodge
  wait_for '^HP 6/6  .*Beat 2  '
  press .
  press .
  press .
  key .
  react_with_a_dodge
  wait_for '^HP 6/6  .*Beat 6  '
  press .
  press .
  press .
  key .
  wait_for "react: The knight's heavy blow \(in 1 beat\)"
  key 2
  wait_for '^HP 6/6  .*Beat 10  '
  key .
  wait_for 'riposte: Riposte for 1 energy\?'
  key y
  wait_for '^HP 3/6  .*Beat 11  '
  wait_for 'You riposte\.'
  ;;
esc_at_a_reaction_menu_passes)
  # The knight game: Esc at the menu of reactions passes, and the game goes on.
  start_saved cardplay knight
  key .
  wait_for '│ 3  pass'
  named Escape
  wait_for '^HP 6/6  .*Beat 2  '
  wait_for '! knight: heavy blow, reacted to, 1 beat left'
  wait_for 'actions 3/3  reactions 2/2'
  key .
  wait_for '^HP [0-5]/6  .*Beat 3  '
  # With --ask-reactions and no reaction in hand, a menu of "pass" alone: Esc passes too.
  # (That game stopped first: stopping saves it, over the save made for the next.)
  stop "$servers"
  start_saved cardplay knight_bare --ask-reactions
  key .
  wait_for '│ 1  pass'
  named Escape
  wait_for '^HP 6/6  .*Beat 2  '
  wait_for '! knight: heavy blow, reacted to, 1 beat left'
  ;;
a_click_chooses_a_target)
  start_throwing
  aim_throw
  # A click on the skeleton, as an xterm reports it with ncurses' mouse on (X10 encoding:
  # button, then column and row from 1, each plus 32), pressed and released.
  at=$(glyph_at s)
  col=$((${at%,*} + 33)) row=$((${at#*,} + 33))
  click=$(printf '\e[M %b\e[M#%b' "\\$(printf %03o "$col")\\$(printf %03o "$row")" \
    "\\$(printf %03o "$col")\\$(printf %03o "$row")")
  key "$click"
  wait_for '^HP .*  Beat 2  '
  wait_gone "$TARGETING"
  ;;
a_replay_plays_back_a_beat_per_key)
  # Recorded while the game went on: verified as far as it goes with --partial, and
  # incomplete without.
  "$cairn" sim --seed 9 --beats 3 --record "$dir/r.txt" >/dev/null || fail "sim did not record"
  verb=replay start "$dir/r.txt" --partial
  wait_for '^HP .*  Beat 0  Seed 9'
  wait_for 'A replay of 3 beats'
  # A replay plays: its keys are a beat and quit, not the game's undo and save.
  wait_for 'any key: next beat  q quit'
  screen | grep -qE 'undo|save & quit' && fail "the replay offers the game's keys"
  key x
  wait_for '^HP .*  Beat 1  Seed 9'
  key x
  key x
  wait_for '^HP .*  Beat 3  Seed 9'
  wait_for 'verified: 3 beats \(partial: '
  key q
  wait_exit 0
  verb=replay start "$dir/r.txt"
  wait_for 'A replay of 3 beats'
  key x
  key x
  key x
  wait_for 'incomplete: the replay stops at beat 3, before its game ended'
  key q
  wait_exit 1
  ;;
map_and_status_appear_in_80x24)
  start --seed 7 --save "$save"
  wait_for '^HP [0-9]+/[0-9]+  Floor 1/3  Beat 0  Seed 7'
  [ "$(t display-message -p -t play '#{pane_width}x#{pane_height}')" = 80x24 ] ||
    fail "the pane is not 80x24"
  lines 1 1 | grep -qE '^HP [0-9]+/[0-9]+  Floor 1/3  Beat 0  Seed 7' || fail "line 1 is not the status"
  [ -n "$(player_at)" ] || fail "no @ on the map"
  wait_for '\? help  u undo  Q save & quit'
  wait_for '^Floor 1 of 3\.'
  ;;
a_move_changes_the_map)
  start --seed 7 --save "$save"
  wait_for '  Beat 0  Seed 7'
  before=$(lines 2 19)
  press_moving k l j h
  [ "$(lines 2 19)" != "$before" ] || fail "the map did not change"
  ;;
the_log_reports_an_attack)
  # Seed 9 puts a skeleton near the player: waiting, it comes and strikes within a few beats.
  start --seed 9 --save "$save"
  wait_for '  Beat 0  Seed 9'
  for _ in $(seq 60); do
    screen | grep -q 'hits you' && break
    press .
  done
  lines 20 24 | grep -qE '^The [a-z ]+ hits you for [0-9]+\.' || fail "no attack in the log"
  ;;
help_shows_and_a_key_returns)
  start --seed 7 --save "$save"
  wait_for '  Beat 0  Seed 7'
  key '?'
  wait_for 'u is undo, so north-east is U or 9\.'
  wait_for 'an enemy strikes here next beat'
  # At 80x24 the help does not fit one screen: it goes on to a second page, whole, its last
  # line (how to answer a menu) included, and PgUp comes back.
  wait_for '^ Page 1 of 2: Space or PgDn the next'
  screen | grep -q 'or the arrows and Enter\.' && fail "the last line of the help on page 1"
  key ' '
  wait_for '^ Page 2 of 2'
  wait_for 'or the arrows and Enter\.'
  named PPage
  wait_for '^ Page 1 of 2'
  key x
  wait_gone 'u is undo, so north-east is U or 9\.'
  wait_for '^HP .*  Beat 0  Seed 7'
  ;;
undo_restores_the_previous_position)
  start --seed 7 --save "$save"
  wait_for '  Beat 0  Seed 7'
  press_moving k l j h
  was=$(echo "$moved_from" | awk '{ i = index(substr($0, 1, 48), "@"); if (i) { print NR "," i; exit } }')
  beat_before=$(echo "$moved_from" | sed -nE '1s/.*  Beat ([0-9]+)  .*/\1/p')
  key u
  wait_for "^HP .*  Beat $beat_before  "
  [ "$(lines 1 1)" = "$(echo "$moved_from" | sed -n 1p)" ] || fail "the status is not as before"
  [ "$(player_at)" = "$was" ] || fail "the player is at $(player_at), not back at $was"
  # Every cell shown before shows the same after. (Cells first seen in the beat undone stay
  # remembered: the session's memory of the map is not part of what undo puts back.)
  diff_cells=$(paste -d '\n' <(echo "$moved_from" | sed -n 2,19p) <(lines 2 19) | awk '
    NR % 2 { before = $0; next }
    { for (i = 1; i <= 48; i++) { b = substr(before, i, 1); if (b != "" && b != " " && b != substr($0, i, 1)) n++ } }
    END { print n + 0 }')
  [ "$diff_cells" -eq 0 ] || fail "$diff_cells cells of the map differ from before the move"
  key u
  [ "$beat_before" -eq 0 ] && wait_for 'Nothing to undo'
  ;;
hot_seat_asks_each_seat_in_turn)
  # The duo example's two heroes at one terminal: each seat commits its move in turn, the
  # header saying whose turn it is, and the beat is played once both have. Undo asks both
  # again; a save made between the two resumes with the first seat's move kept.
  duo=$(cd "$(dirname "$0")/../../content/examples/duo" && pwd)
  start --seed 7 --save "$save" --pack "$duo" --record "$dir/replay.txt"
  wait_for '^Seat 1/2  HP .*  Beat 0  '
  key .
  wait_for '^Seat 2/2  HP .*  Beat 0  '
  key .
  wait_for '^Seat 1/2  HP .*  Beat 1  '
  key .
  wait_for '^Seat 2/2  HP .*  Beat 1  '
  key .
  wait_for '^Seat 1/2  HP .*  Beat 2  '
  key u
  wait_for '^Seat 1/2  HP .*  Beat 1  '
  key .
  wait_for '^Seat 2/2  HP .*  Beat 1  '
  key Q
  wait_exit 0
  start --save "$save" --pack "$duo" --record "$dir/replay.txt"
  wait_for '^Seat 2/2  HP .*  Beat 1  '
  key .
  wait_for '^Seat 1/2  HP .*  Beat 2  '
  key Q
  wait_exit 0
  "$cairn" replay "$dir/replay.txt" --verify --partial >"$dir/verify" 2>&1 ||
    fail "the replay does not verify: $(cat "$dir/verify")"
  grep -q '^verified: 2 beats' "$dir/verify" || fail "replay said: $(cat "$dir/verify")"
  ;;
a_bot_takes_a_seat_in_play)
  # --bot 2=NAME: the second hero is the bot's, so each key plays a beat; a bot for a seat
  # the game lacks, or for every seat, is refused.
  duo=$(cd "$(dirname "$0")/../../content/examples/duo" && pwd)
  start --seed 7 --save "$save" --pack "$duo" --bot 2=explorer
  wait_for '^Seat 1/2  HP .*  Beat 0  '
  key .
  wait_for '^Seat 1/2  HP .*  Beat 1  '
  key .
  wait_for '^Seat 1/2  HP .*  Beat 2  '
  start --seed 7 --save "$save" --new --pack "$duo" --bot 3=explorer
  wait_exit 1
  grep -q 'bot names seat 3, and the game has 2' "$dir/stderr" || fail "stderr: $(cat "$dir/stderr")"
  start --seed 7 --save "$save" --new --pack "$duo" --bot 1=explorer --bot 2=explorer
  wait_exit 1
  grep -q 'every seat has a bot' "$dir/stderr" || fail "stderr: $(cat "$dir/stderr")"
  ;;
quit_saves_and_play_resumes)
  start --seed 7 --save "$save"
  wait_for '  Beat 0  Seed 7'
  press_moving k l j h
  press .
  before=$(lines 1 19)
  key Q
  wait_exit 0
  wait_for "^saved to $save$"
  [ -s "$save" ] || fail "no save at $save"
  # Another seed: a resumed game keeps its own.
  start --seed 11 --save "$save"
  wait_for '  Seed 7'
  [ "$(lines 1 19)" = "$before" ] || fail "the resumed game differs:
$before"
  ;;
a_save_after_a_cancelled_choice_resumes)
  # A choice begun and cancelled passes no beat and leaves the game as it was: the save made
  # then resumes, the dimmed throw tried and the card's menu cancelled.
  start --seed 7 --save "$save"
  wait_for '  Beat 0  Seed 7'
  press y
  key t
  wait_for '^Throw is not possible now'
  key c
  wait_for 'play a card: Play which card\?'
  named Escape
  wait_for 'Cancelled: no beat passed'
  before=$(lines 1 19)
  key Q
  wait_exit 0
  start --save "$save"
  wait_for '  Beat 1  Seed 7'
  [ "$(lines 1 19)" = "$before" ] || fail "the resumed game differs:
$before"
  ;;
a_refused_save_is_left_alone)
  [ -d "$packs" ] || fail "no fixture folder given"
  # A file that is not a save, then a save of a game played with another pack.
  echo "not a save" >"$save"
  cp "$save" "$dir/copy"
  start --seed 7 --save "$save"
  wait_exit 1
  grep -q '^cairn play: .*not a cairn save' "$dir/stderr" || fail "no message"
  grep -q -- '--new starts a new game' "$dir/stderr" || fail "no hint of --new"
  cmp -s "$save" "$dir/copy" || fail "the refused file was changed"
  rm "$save"
  start --seed 7 --save "$save" --pack "$packs/diary"
  wait_for '  Beat 0  Seed 7'
  key Q
  wait_exit 0
  cp "$save" "$dir/copy"
  start --seed 7 --save "$save"
  wait_exit 1
  grep -q "^cairn play: .*pack 'diary'" "$dir/stderr" || fail "the message does not name the pack"
  cmp -s "$save" "$dir/copy" || fail "the refused save was changed"
  # --new plays another game, which Q saves over the old one.
  start --seed 8 --save "$save" --new
  wait_for '  Beat 0  Seed 8'
  key Q
  wait_exit 0
  start --save "$save"
  wait_for '  Beat 0  Seed 8'
  ;;
the_end_shows_the_summary_and_takes_the_save)
  # Seed 22: waiting, the player is beaten to death at beat 21 - just past a checkpoint of the
  # session (one every 20 beats), so that undo has no beat to play again.
  start --seed 22 --save "$save"
  wait_for '  Beat 0  Seed 22'
  key Q
  wait_exit 0
  start --save "$save" --record "$dir/replay.txt"
  wait_for '  Beat 0  Seed 22'
  # The header may show the last beat a moment before the death's box is drawn: each
  # wait is for the next beat or the death, whichever the screen shows.
  for _ in $(seq 80); do
    screen | grep -q 'You died\.' && break
    next=$(($(beat) + 1))
    key .
    wait_for "^HP .*  Beat $next  |You died\."
  done
  wait_for 'You died\.'
  wait_for 'ended: +died'
  # what killed the player, and the hp it had, though it is gone from the world
  wait_for 'killed by: +the [a-z ]+'
  wait_for '^HP 0/[1-9][0-9]*  '
  wait_for 'u undo the last beat, q quit'
  died_at=$(beat)
  key u
  wait_for "^HP .*  Beat $((died_at - 1))  "
  wait_gone 'You died\.'
  press .
  wait_for 'ended: +died'
  key q
  wait_exit 0
  [ ! -e "$save" ] || fail "the save of an ended game is still there"
  grep -q '^cairn-replay ' "$dir/replay.txt" || fail "no replay written"
  grep -q '^seed 22$' "$dir/replay.txt" || fail "the replay is not of seed 22"
  grep -q '^end died$' "$dir/replay.txt" || fail "the replay does not end in death"
  ;;
a_closed_terminal_saves_the_game)
  start --seed 7 --save "$save"
  wait_for '  Beat 0  Seed 7'
  press .
  start --save "$save" # which hangs up the terminal of the first
  wait_for '^HP .*  Beat 1  Seed 7'
  ;;
a_closed_terminal_writes_the_replay)
  # The terminal hangs up: the game is saved, and --record's replay written as Q writes it.
  start --seed 7 --save "$save" --record "$dir/replay.txt"
  wait_for '  Beat 0  Seed 7'
  press .
  press .
  stop "$servers"
  [ -s "$save" ] || fail "no save at $save"
  [ -s "$dir/replay.txt" ] || fail "no replay written"
  "$cairn" replay "$dir/replay.txt" --verify --partial >"$dir/verify" 2>&1 ||
    fail "the replay does not verify: $(cat "$dir/verify")"
  grep -q '^verified: 2 beats' "$dir/verify" || fail "replay said: $(cat "$dir/verify")"
  ;;
a_small_terminal_asks_for_more)
  start --size 60x20 --seed 7 --save "$save"
  wait_for '^make the terminal at least 48x21'
  t resize-window -t play -x 80 -y 24
  wait_for '^HP .*  Beat 0  Seed 7'
  wait_gone 'make the terminal'
  [ -n "$(player_at)" ] || fail "no @ on the map"
  ;;
watch_reloads_a_changed_pack_and_play_goes_on)
  make_watched_pack
  start --seed 7 --save "$save" --pack "$dir/watched" --watch
  wait_for '^HP .*  Beat 0  Seed 7  dagger, shovel$'
  press .
  press .
  # The same content written again (as an editor saves: a new file renamed over the old):
  # the same game, played again to where it was.
  cp "$dir/watched/kit.lua" "$dir/kit.lua" && mv "$dir/kit.lua" "$dir/watched/kit.lua"
  wait_for '^Reloaded: the same game, to beat 2'
  kit_with_potion
  wait_for '^Reloaded: the game differs from beat 1 on \(now beat 2\)'
  wait_for '^HP .*  Beat 2  Seed 7  dagger, shovel, healing potion$'
  # The game goes on, the new one: its save is of the new content.
  press .
  wait_gone '^Reloaded'
  key Q
  wait_exit 0
  start --save "$save" --pack "$dir/watched"
  wait_for '^HP .*  Beat 3  Seed 7  dagger, shovel, healing potion$'
  ;;
watch_shows_a_broken_file_s_error_and_the_game_goes_on)
  make_watched_pack
  start --seed 7 --save "$save" --pack "$dir/watched" --watch
  wait_for '^HP .*  Beat 0  Seed 7  dagger, shovel$'
  press .
  before=$(lines 1 19)
  echo 'local x = = 1' >>"$dir/watched/kit.lua"
  wait_for '^Not reloaded, the game goes on as it was: '
  wait_for "watched:kit\\.lua:2: unexpected symbol near '='"
  [ "$(lines 1 19)" = "$before" ] || fail "the game changed:
$before"
  # The old content plays on.
  press .
  wait_for '^HP .*  Beat 2  Seed 7  dagger, shovel$'
  # Mended, it is reloaded.
  kit_with_potion
  wait_for '^Reloaded: the game differs from beat 1 on \(now beat 2\)'
  wait_for '^HP .*  Beat 2  Seed 7  dagger, shovel, healing potion$'
  ;;
a_menu_whose_answer_ends_the_choice_lets_go_of_the_keys)
  # The throwing game's point: its menu's answer leads to a target with nothing to aim at,
  # which ends the choice. The menu goes with it, and the next key is the game's.
  start_throwing
  key p
  wait_for 'point how\?'
  key 1
  wait_for "nothing to choose for 'point at what\?'"
  wait_gone 'point how\?'
  press .
  ;;
a_bomb_whose_blast_reaches_the_player_says_so)
  # The bomb's cursor starts on the skeleton, three cells off: its blast spares the player.
  # Two cells nearer, the blast would take in the player's cell, and the line says so.
  start_saved throwing bombing
  aim_throw
  wait_for '^skeleton \(2 of 2 hp\)'
  screen | grep -q 'It would reach you too' && fail "a warning with the player out of reach"
  key h
  key h
  wait_for '^It would reach you too! '
  key l
  key l
  wait_gone 'It would reach you too'
  named Escape
  wait_gone "$TARGETING"
  ;;
the_hand_is_never_cut_at_80x24)
  # Seed 20's first hand is longer than the panel beside the map has rows for at 80x24: the
  # panel says so, and the help has every card whole, a long one wrapped.
  start --seed 20 --save "$save"
  wait_for '  Beat 0  Seed 20'
  press .
  wait_for '  Hand \(c\)  energy 3/3$'
  wait_for '  \.\.\. more: \? shows it all$'
  key '?'
  wait_for '  second wind \(1\): hp below 3: heal$'
  wait_for '      2; else block 1$'
  ;;
a_walk_into_a_wall_takes_no_beat_and_says_so)
  # The throwing game: a wall west of the player, nobody next to it.
  start_throwing
  before=$(lines 2 19)
  key h
  wait_for '^The wall is in the way\.$'
  wait_for '^HP .*  Beat 1  '
  [ "$(lines 2 19)" = "$before" ] || fail "the map changed"
  # F with nobody in reach is dimmed, and says why.
  key F
  wait_for '^Fight is not possible now: nobody in reach'
  wait_for '^HP .*  Beat 1  '
  press l
  ;;
watch_plays_a_changed_copy_of_the_base_game)
  # A copy of the base game (its folder named base, as a pack's is after its id) stands in
  # for the bundled one: it loads, is watched, and a change to it is played.
  mkdir -p "$dir/copy"
  cp -r "$(dirname "$0")/../../content/base" "$dir/copy/base"
  start --seed 7 --save "$save" --pack "$dir/copy/base" --watch
  wait_for '^HP .*  Beat 0  Seed 7  dagger, shovel$'
  press .
  sed -i 's/^local kit = { "dagger", "shovel" }$/local kit = { "dagger", "shovel", "healing_potion" }/' \
    "$dir/copy/base/dungeon.lua"
  grep -q '"healing_potion" }$' "$dir/copy/base/dungeon.lua" || fail "the kit was not edited"
  wait_for '^Reloaded: the game differs from beat 1 on \(now beat 1\)'
  wait_for '^HP .*  Beat 1  Seed 7  dagger, shovel, healing potion$'
  ;;
watch_waits_for_a_choice_under_way)
  # The throwing game, from a copy of its pack that the case edits.
  cp -r "$e2e_packs/throwing" "$dir/throwing"
  "$cairn" sim --pack "$dir/throwing" --game throwing:range --bot throwing:wait \
    --beats 1 --save "$save" >/dev/null 2>"$dir/sim-stderr" ||
    fail "sim did not save the throwing game: $(cat "$dir/sim-stderr")"
  start --save "$save" --pack "$dir/throwing" --watch
  wait_for '^HP .*  Beat 1  '
  aim_throw
  # The prompt is the old content's: the reload waits until it is answered or dropped.
  echo '-- edited' >>"$dir/throwing/game.lua"
  named Tab
  wait_for "$TARGETING"
  screen | grep -q '^Reloaded' && fail "reloaded under a prompt"
  named Escape
  wait_for '^Reloaded: the same game, to beat 1'
  wait_gone "$TARGETING"
  press .
  ;;
travel_draws_its_way_and_the_replay_verifies)
  # Seed 7: the player starts in a small room. _ puts a cursor on it; moving the cursor draws
  # the way there as a trail of stars; Enter walks it, a beat a step, each step logged as a
  # move, so that the recorded game replays and verifies.
  start --seed 7 --save "$save" --record "$dir/replay.txt"
  wait_for '  Beat 0  Seed 7'
  lines 2 19 | cut -c1-48 | grep -q '\*' && fail "stars on the map before travel"
  was=$(player_at)
  key _
  wait_for '^travel: Go where\?'
  key hhhj
  wait_for '\*'
  stars=$(lines 2 19 | cut -c1-48 | tr -cd '*' | wc -c)
  [ "$stars" -ge 2 ] || fail "the way shows $stars stars, not a trail"
  [ "$(beat)" = 0 ] || fail "aiming played a beat"
  named Enter
  wait_for '^You are there'
  wait_gone '^travel: Go where'
  [ "$(beat)" -ge 3 ] || fail "the travel took $(beat) beats, not 3 or more"
  [ "$(player_at)" != "$was" ] || fail "the player did not move"
  lines 2 19 | cut -c1-48 | grep -q '\*' && fail "the trail stayed after the travel"
  key Q
  wait_exit 0
  grep -q '^beat 3 move ' "$dir/replay.txt" || fail "the travel's steps are not in the replay"
  "$cairn" replay "$dir/replay.txt" --verify --partial >"$dir/verify" 2>&1 ||
    fail "the replay does not verify: $(cat "$dir/verify")"
  grep -q '^verified: 3 beats' "$dir/verify" || fail "replay said: $(cat "$dir/verify")"
  ;;
explore_walks_until_something_turns_up)
  # Seed 7: o walks out of the first room, a beat a step, and stops by itself at the first
  # thing that turns up (the potion on the way, then a bat coming into view); with an enemy
  # in view it will not start.
  start --seed 7 --save "$save"
  wait_for '  Beat 0  Seed 7'
  key o
  wait_for '^There is something here'
  [ "$(beat)" -ge 1 ] || fail "exploring played no beat"
  key o
  wait_for '^Bat comes into view'
  key o
  wait_for '^Not with an enemy in view'
  ;;
tab_goes_to_the_places_worth_travelling_to)
  # Seed 7: in the first room, Tab moves the travel cursor to the potion, then the pickaxe,
  # and back to the potion; Enter walks there (a step, onto it).
  start --seed 7 --save "$save"
  wait_for '  Beat 0  Seed 7'
  key _
  wait_for '^travel: Go where\?'
  named Tab
  wait_for '^healing potion$'
  named Tab
  wait_for '^pickaxe$'
  named BTab
  wait_for '^healing potion$'
  named Enter
  wait_for '^There is something here'
  wait_for '^HP .*  Beat 1  '
  ;;
explore_picks_up_what_the_rule_names)
  # Seed 7 with --pickup '!': exploring picks the potion up on its way, a beat of its own,
  # and walks on, to the bat.
  start --seed 7 --save "$save" --pickup '!'
  wait_for '  Beat 0  Seed 7'
  key o
  wait_for '^Bat comes into view'
  wait_for 'You pick up the healing potion'
  ;;
a_key_stops_a_journey)
  # A key that comes with the Enter that starts travel (sent together, so it is waiting
  # before the first step) stops it: the way is three steps, and they are not all taken.
  start --seed 7 --save "$save"
  wait_for '  Beat 0  Seed 7'
  key _
  wait_for '^travel: Go where\?'
  key hhhj
  wait_for '\*'
  t send-keys -t play Enter x
  wait_for '^Stopped'
  [ "$(beat)" -lt 3 ] || fail "the travel went on to beat $(beat)"
  lines 2 19 | cut -c1-48 | grep -q '\*' && fail "the trail stayed after the stop"
  press .
  ;;
a_pick_among_the_discard_pile_shows_it)
  # The recall game: recall's pick lists the discard pile in its question, wrapped rather
  # than cut at 80 columns, and offers the two strikes as one option.
  start_saved cardplay recall
  key c
  wait_for 'play a card: Play which card\?'
  wait_for '│ [0-9]  recall \(0\)'
  key "$(screen | sed -nE 's/.*│ ([0-9])  recall \(0\).*/\1/p')"
  wait_for 'play a card: Take back which card\? \(discard pile: strike \(1\), strike'
  wait_for 'twin strike \(1\)\)'
  wait_for '│ 1  strike '
  wait_for '│ 5  twin strike '
  screen | grep -q '│ 6 ' && fail "the two strikes are two options"
  key 2
  wait_for '^HP .*  Beat 2  '
  wait_for 'draw 0  discard 6' # one taken back, recall itself put there
  ;;
the_arena_is_played_to_its_end)
  # The bundled arena, started by name: one fighter at a time, by initiative. A wait costs
  # the gladiator one of its two action points; the second ends its turn, the others take
  # theirs, and the next key comes at its turn of the next round. The gladiator that only
  # waits is beaten to death, and the end's summary says so.
  start --game arena --pack "$(dirname "$0")/../../content/arena" --seed 3 --save "$save"
  wait_for '  Beat 0  Seed 3'
  wait_for 'hp: hound 5/5, '
  wait_for 'Round 1: your turn'
  wait_for '> you \(2\)$'
  press .
  wait_for '> you \(1\)$'
  key .
  wait_for 'Round 2: your turn'
  wait_for '> you \(2\)$'
  for _ in $(seq 100); do
    screen | grep -q 'You died\.' && break
    was=$(beat) deadline=$((SECONDS + timeout))
    key .
    until screen | grep -q 'You died\.' || [ "$(beat)" != "$was" ]; do
      [ "$SECONDS" -lt "$deadline" ] || fail "the wait at beat $was played no beat"
      sleep 0.05
    done
  done
  wait_for 'ended: +died'
  wait_for 'killed by: +the [a-z]+'
  key q
  wait_exit 0
  ;;
*)
  echo "unknown case $case_name"
  exit 2
  ;;
esac
echo "ok ($case_name)"
