#!/usr/bin/env bash
# The index of the example packs is data: each pack's pack.lua says what it is (its
# `description`), and the indexes repeat it, checked here:
#   tests/docs/examples_index.sh SOURCE_DIR
# content/README.md, and the section "Where to look next" of docs/modding.md, each list every
# pack of content/examples exactly once, as a table row that begins
#   | `NAME` | DESCRIPTION |
# with DESCRIPTION the pack's own, word for word (modding.md's rows go on with a column of
# what to read in it); and they list no pack that is not there. The bundled games
# (content/NAME) are named in both too.
set -euo pipefail
root=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# NAME<tab>DESCRIPTION of each example pack: the string, or the strings joined by .., given
# to `description` in its pack.lua.
for pack in "$root"/content/examples/*/pack.lua; do
  name=$(basename "$(dirname "$pack")")
  perl -0777 -ne '
    if (/\bdescription\s*=\s*((?:"(?:[^"\\]|\\.)*"\s*(?:\.\.\s*)?)+)/) {
      my $d = join "", $1 =~ /"((?:[^"\\]|\\.)*)"/g;
      print "'"$name"'\t$d\n";
    } else {
      print "'"$name"'\t\n";
    }' "$pack"
done | sort >"$tmp/packs"

failures=0
check_index() { # FILE, the lines of it that hold the index
  local file=$1
  perl -ne 'print "$1\t$2\n" if /^\s*\|\s*`([A-Za-z0-9_-]+)`\s*\|\s*([^|]*?)\s*\|/' \
    >"$tmp/rows"
  while IFS=$'\t' read -r name description; do
    if [ -z "$description" ]; then
      echo "content/examples/$name/pack.lua has no description for the index"
      failures=$((failures + 1))
      continue
    fi
    count=$(awk -F'\t' -v n="$name" '$1 == n' "$tmp/rows" | wc -l)
    if [ "$count" -eq 0 ]; then
      echo "$file does not list the example $name"
      failures=$((failures + 1))
    elif [ "$count" -gt 1 ]; then
      echo "$file lists the example $name $count times"
      failures=$((failures + 1))
    elif ! awk -F'\t' -v n="$name" -v d="$description" '$1 == n && $2 == d { ok = 1 } END { exit !ok }' "$tmp/rows"; then
      echo "$file: $name is not described as its pack.lua says: \"$description\""
      failures=$((failures + 1))
    fi
  done <"$tmp/packs"
  while IFS=$'\t' read -r name _; do
    if [ ! -f "$root/content/examples/$name/pack.lua" ]; then
      echo "$file lists the example $name, which is not in content/examples"
      failures=$((failures + 1))
    fi
  done <"$tmp/rows"
}

check_index content/README.md <"$root/content/README.md"
# The section is read once into a file: grep -q stops at its first match, and a sed still
# writing into that pipe would die of SIGPIPE and fail the pipeline (pipefail) at random.
sed -n '/^## Where to look next/,/^## /p' "$root/docs/modding.md" >"$tmp/where"
check_index docs/modding.md <"$tmp/where"

# The bundled games beside the examples (content/NAME/pack.lua: base, ...): each is named in
# content/README.md (as `NAME/`) and in the modding guide's "Where to look next" (as
# `content/NAME/`), so that a reader finds every pack cairn ships with from either.
games=""
for pack in "$root"/content/*/pack.lua; do
  [ -f "$pack" ] || continue
  name=$(basename "$(dirname "$pack")")
  games="$games $name"
  if ! grep -qF "\`$name/\`" "$root/content/README.md"; then
    echo "content/README.md does not name the bundled pack $name/"
    failures=$((failures + 1))
  fi
  if ! grep -qF "content/$name/" "$tmp/where"; then
    echo "docs/modding.md's \"Where to look next\" does not name content/$name/"
    failures=$((failures + 1))
  fi
done

[ "$failures" -eq 0 ] && echo "the indexes list the $(wc -l <"$tmp/packs") examples as their packs describe them, and the bundled games:$games"
[ "$failures" -eq 0 ]
