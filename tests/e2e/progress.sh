#!/usr/bin/env bash
# The long tools' progress line (tools/progress.sh): shown on a terminal, rewritten in place;
# nothing of it where stderr is not a terminal, or in CI.
#   tests/e2e/progress.sh SOURCE_DIR
set -u
root=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# A script of the helper's calls, with stderr where the caller puts it.
cat >"$tmp/calls" <<SCRIPT
source "$root/tools/progress.sh"
progress "seed 1/2"
progress "seed 2/2"
progress_end
echo done >&2
printf '#1 pulse\nfound one\n#2 pulse\n' | progress_lines '^#[0-9]+ '
SCRIPT

# Not a terminal: only what is not progress.
env -u CI bash "$tmp/calls" 2>"$tmp/file"
[ "$(cat "$tmp/file")" = "$(printf 'done\nfound one')" ] ||
  fail "stderr to a file holds more than the tool's own lines: $(od -c "$tmp/file" | head -3)"

# A terminal (script gives the command one): the progress, each in place of the last.
env -u CI script -qec "bash $tmp/calls" /dev/null >"$tmp/tty" 2>&1
grep -q $'\r\033\[Kseed 1/2\r\033\[Kseed 2/2\r\033\[K' "$tmp/tty" ||
  fail "a terminal does not see the seeds counted on one line: $(od -c "$tmp/tty" | head -5)"
grep -q $'\r\033\[K#2 pulse' "$tmp/tty" || fail "a terminal does not see the lines made progress"
grep -q 'found one' "$tmp/tty" || fail "a line that is not progress is lost on a terminal"

# A terminal in CI: as quiet as a file.
CI=true script -qec "bash $tmp/calls" /dev/null >"$tmp/ci" 2>&1
grep -q 'seed\|pulse' "$tmp/ci" && fail "CI=true still shows progress: $(od -c "$tmp/ci" | head -3)"
grep -q 'found one' "$tmp/ci" || fail "a line that is not progress is lost in CI"

# The long tools use it.
for tool in tools/determinism tools/balance/run tools/fuzz; do
  grep -q 'source "$root/tools/progress.sh"' "$root/$tool" || fail "$tool shows no progress"
done

[ "$failures" -eq 0 ] && echo "progress shows on a terminal only, outside CI"
[ "$failures" -eq 0 ]
