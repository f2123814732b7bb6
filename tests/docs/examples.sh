#!/usr/bin/env bash
# The examples in docs/*.md, run, so that they cannot go stale:
#   tests/docs/examples.sh PATH_TO_CAIRN SOURCE_DIR
# Every ```lua block of docs/*.md comes right after a marker line that says what is done with it
# (a block with none fails, so that no example goes untested):
#   <!-- example: PACK/PATH -->  the block is the file PATH of a pack PACK made from the
#                                document's blocks (a later block of the same PATH replaces
#                                the earlier, as a walk-through changes a file).
#   <!-- example+: PACK/PATH --> the block is added to the end of the file PATH of PACK, for a
#                                file the text builds a piece at a time.
#   <!-- excerpt: FILE -->       every non-blank line of the block is a line of FILE (from the
#                                source folder), in the same order: a quote of a real file.
#   <!-- fragment -->            the block cannot run alone (statements that need a world or a
#                                handle, fields of a larger table, a test shown failing): it must
#                                compile, as a chunk or else as the inside of a table.
# A pack with a pack.lua must pass `cairn check`, and `cairn test` when it has tests; files its
# pack.lua loads that no block gives are left empty, so a pack.lua can be shown alone. A pack
# without one is a folder of loose test files, run with `cairn test`. tests/docs/packs/DOC/PACK/
# holds what the text of DOC.md says but does not show (the pack.lua it says to write, tests that
# exercise the blocks): the pack is checked as the document shows it, then with those files
# copied over it, checked and tested.
# Besides, every `depends = { ... }` written anywhere in the docs must be satisfied by the
# packs cairn ships: copying one must not fail.
set -u
shopt -s nullglob
cairn=$1
root=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
cd "$root" || exit 1

fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

mkdir -p "$tmp/excerpts" "$tmp/fragments"
for doc in "$root"/docs/*.md; do
  name=$(basename "$doc" .md)
  # Splits the marked blocks out: examples into $tmp/docs/NAME/PACK/PATH, excerpts into
  # $tmp/excerpts/NAME.N with the quoted file's path in $tmp/excerpts/NAME.N.from, fragments
  # into $tmp/fragments/NAME.LINE.
  mkdir -p "$tmp/docs/$name"
  awk -v out="$tmp/docs/$name" -v ex="$tmp/excerpts/$name" -v fr="$tmp/fragments/$name" -v doc="$doc" '
    function bad(msg) { printf "FAIL: %s:%d: %s\n", doc, NR, msg; status = 1 }
    /^ *<!-- (example|example\+|excerpt): [^ ]+ -->$/ { kind = $2; target = $3; marked = NR; next }
    /^ *<!-- fragment -->$/ { kind = "fragment"; marked = NR; next }
    /^ *```lua$/ && marked != NR - 1 { bad("a lua block with no marker (example, excerpt or fragment)") }
    /^ *```lua$/ && marked == NR - 1 {
      n++
      if (kind == "example:" || kind == "example+:") {
        if (target !~ /^[a-z][a-z0-9_]*\/[A-Za-z0-9_\/.-]+\.lua$/ || target ~ /\.\./) {
          bad("example: wants PACK/PATH.lua, not " target)
        }
        file = out "/" target
        dir = file; sub(/\/[^\/]*$/, "", dir)
        system("mkdir -p \"" dir "\"")
        if (kind == "example:") printf "" > file
      } else if (kind == "excerpt:") {
        file = ex "." n
        print target > (file ".from")
        close(file ".from")
        printf "" > file
      } else {
        file = fr "." NR
        printf "" > file
      }
      inside = 1
      next
    }
    /^ *```$/ && inside { inside = 0; close(file); next }
    inside { print >> file }
    END { if (inside) bad("a marked block is not closed"); exit status }
  ' "$doc" || failures=$((failures + 1))
done

# Loaded files no block gave: empty, so that pack.lua's own fields are what is checked.
fill() {
  local f
  for f in $(grep -o '"[A-Za-z0-9_/.-]*\.lua"' "$1/pack.lua" | tr -d '"'); do
    [ -e "$1/$f" ] || { mkdir -p "$(dirname "$1/$f")"; : >"$1/$f"; }
  done
}

# The packs of the examples.
for pack in "$tmp"/docs/*/*/; do
  pack=${pack%/}
  doc=$(basename "$(dirname "$pack")")
  where="docs/$doc.md, pack $(basename "$pack")"
  extra="$root/tests/docs/packs/$doc/$(basename "$pack")"
  if [ -f "$pack/pack.lua" ]; then
    fill "$pack"
    if ! out=$("$cairn" check "$pack" 2>&1); then
      fail "$where: cairn check says"$'\n'"$out"
    fi
  fi
  if [ -d "$extra" ]; then
    cp -R "$extra/." "$pack/"
    [ -f "$pack/pack.lua" ] && fill "$pack"
    if [ -f "$pack/pack.lua" ] && ! out=$("$cairn" check "$pack" 2>&1); then
      fail "$where, with tests/docs/packs: cairn check says"$'\n'"$out"
    fi
  fi
  if [ ! -f "$pack/pack.lua" ] || [ -d "$pack/tests" ]; then
    if ! out=$("$cairn" test "$pack" 2>&1); then
      fail "$where: cairn test says"$'\n'"$out"
    fi
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

# The fragments, compiled by cairn's own Lua in one test file: as a chunk, or else as what is
# inside a table's braces.
frag="$tmp/docfragments"
mkdir -p "$frag/tests"
printf 'return { id = "docfragments", version = "0.1.0", cairn = "0.1" }\n' >"$frag/pack.lua"
for block in "$tmp"/fragments/*; do
  where=$(basename "$block")
  where="docs/${where%.*}.md:${where##*.}"
  if grep -q ']====]' "$block"; then
    fail "$where: a fragment may not hold ]====]"
    continue
  fi
  {
    printf 'test("%s compiles", function()\n  local src = [====[\n' "$where"
    cat "$block"
    printf ']====]\n  local ok, err = load(src, "=%s, block", "t", {})\n' "$where"
    printf '  if not ok and not load("return {\\n" .. src .. "\\n}", "=%s, block", "t", {}) then\n' \
      "$where"
    printf '    error(err, 0)\n  end\nend)\n'
  } >>"$frag/tests/fragments.lua"
done
if [ -f "$frag/tests/fragments.lua" ] && ! out=$("$cairn" test "$frag" 2>&1); then
  fail "the fragments do not compile:"$'\n'"$out"
fi

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
