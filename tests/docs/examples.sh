#!/usr/bin/env bash
# The examples in docs/*.md, run, so that they cannot go stale:
#   tests/docs/examples.sh PATH_TO_CAIRN SOURCE_DIR
# A ```lua block is run or compared when the line before it is a marker:
#   <!-- example: PACK/PATH -->  the block is the file PATH of a pack PACK made from the
#                                document's blocks (a later block of the same PATH replaces
#                                the earlier, as a walk-through changes a file); each pack
#                                must pass `cairn check`, and `cairn test` when it has tests.
#                                Files its pack.lua loads that no block gives are left empty,
#                                so a pack.lua can be shown alone.
#   <!-- excerpt: FILE -->       every non-blank line of the block is a line of FILE (from the
#                                source folder), in the same order: a quote of a real file.
# Besides, every `depends = { ... }` written anywhere in the docs must be satisfied by the
# packs cairn ships: copying one must not fail.
set -u
shopt -s nullglob
cairn=$1
root=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

for doc in "$root"/docs/*.md; do
  name=$(basename "$doc" .md)
  # Splits the marked blocks out: examples into $tmp/NAME/PACK/PATH, excerpts into
  # $tmp/excerpts/NAME.N with the quoted file's path in $tmp/excerpts/NAME.N.from.
  mkdir -p "$tmp/$name" "$tmp/excerpts"
  awk -v out="$tmp/$name" -v ex="$tmp/excerpts/$name" -v doc="$doc" '
    function bad(msg) { printf "FAIL: %s:%d: %s\n", doc, NR, msg; status = 1 }
    /^<!-- (example|excerpt): [^ ]+ -->$/ { kind = $2; target = $3; marked = NR; next }
    /^```lua$/ && marked == NR - 1 {
      n++
      if (kind == "example:") {
        if (target !~ /^[a-z][a-z0-9_]*\/[A-Za-z0-9_\/.-]+\.lua$/ || target ~ /\.\./) {
          bad("example: wants PACK/PATH.lua, not " target)
        }
        file = out "/" target
        dir = file; sub(/\/[^\/]*$/, "", dir)
        system("mkdir -p \"" dir "\"")
        printf "" > file
      } else {
        file = ex "." n
        print target > (file ".from")
        close(file ".from")
        printf "" > file
      }
      inside = 1
      next
    }
    /^```$/ && inside { inside = 0; close(file); next }
    inside { print >> file }
    END { if (inside) bad("a marked block is not closed"); exit status }
  ' "$doc" || failures=$((failures + 1))
done

# The packs of the examples.
for pack in "$tmp"/*/*/; do
  [ -f "$pack/pack.lua" ] || continue
  pack=${pack%/}
  # Loaded files no block gave: empty, so that pack.lua's own fields are what is checked.
  for f in $(grep -o '"[A-Za-z0-9_/.-]*\.lua"' "$pack/pack.lua" | tr -d '"'); do
    [ -e "$pack/$f" ] || { mkdir -p "$(dirname "$pack/$f")"; : >"$pack/$f"; }
  done
  where="docs/$(basename "$(dirname "$pack")").md, pack $(basename "$pack")"
  if ! out=$("$cairn" check "$pack" 2>&1); then
    fail "$where: cairn check says"$'\n'"$out"
  fi
  if [ -d "$pack/tests" ] && ! out=$("$cairn" test "$pack" 2>&1); then
    fail "$where: cairn test says"$'\n'"$out"
  fi
done

# The excerpts: each line of the block found in the file, after the one before it.
for block in "$tmp"/excerpts/*.[0-9]*; do
  case $block in *.from) continue ;; esac
  from=$(cat "$block.from")
  if [ ! -f "$root/$from" ]; then
    fail "$(basename "$block"): quotes $from, which is not a file"
    continue
  fi
  missing=$(awk -v want="$block" '
    function trim(s) { sub(/[ \t]+$/, "", s); return s }
    BEGIN { while ((getline line < want) > 0) if (trim(line) != "") lines[++n] = trim(line) }
    { if (k < n && trim($0) == lines[k + 1]) k++ }
    END { if (k < n) print lines[k + 1] }
  ' "$root/$from")
  [ -z "$missing" ] || fail "$(basename "$block"): not in $from (in that order): $missing"
done

# Every depends written in the docs, in a pack of its own beside nothing: the ids it names
# are found among the bundled packs, and their versions must satisfy it.
grep -ho 'depends = {[^}]*}' "$root"/docs/*.md | sort -u | while IFS= read -r depends; do
  probe="$tmp/depends/probe"
  mkdir -p "$probe"
  printf 'return { id = "probe", version = "1.0.0", cairn = "0.1", %s }\n' "$depends" \
    >"$probe/pack.lua"
  if ! out=$("$cairn" check "$probe" 2>&1); then
    echo "FAIL: the docs write $depends, but: $out"
    exit 1
  fi
done || failures=$((failures + 1))

if [ "$failures" -gt 0 ]; then
  echo "$failures failed"
  exit 1
fi
echo "the docs' examples run"
