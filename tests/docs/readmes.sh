#!/usr/bin/env bash
# Every folder's README lists what the folder holds, and only what it holds:
#   tests/docs/readmes.sh SOURCE_DIR
# For each README.md under runtime/, scripts/, tests/, tools/, content/ and docs/:
# - each file and folder beside it (hidden ones aside) is named in it, in backquotes: as
#   `name`, `name/`, a path under it (`include/cairn/lua.h`) or, for a file, its name without
#   the extension (`sequence` for sequence.lua);
# - each file it names in backquotes (a name with an extension such as `view.lua`, or a
#   folder as `name/`) exists, in the folder or below it (a folder may also be one of the
#   source tree's own, `scripts/`); a path with a slash that starts with one of the folder's
#   entries must exist from the folder. A name in capitals (`VERSION/`) stands for any.
set -euo pipefail
root=$1
cd "$root"
failures=0
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT

# The backquoted tokens of a file, one a line.
tokens() { perl -ne 'print "$1\n" while /`([^`\s]+)`/g' "$1" | sort -u; }

file_like='^[A-Za-z0-9][A-Za-z0-9_.-]*\.(lua|c|h|md|sh|txt|json|sqlite|replay|html|cmake|png|supp|pc|in)$'

while read -r readme; do
  dir=$(dirname "$readme")
  tokens "$readme" >"$tmp"
  for entry in "$dir"/*; do
    name=$(basename "$entry")
    [ "$name" = README.md ] && continue
    stem=${name%.*}
    if ! grep -qxF -e "$name" -e "$name/" "$tmp" &&
      ! grep -q "^$(printf '%s' "$name" | sed 's/[.[\*^$]/\\&/g')/" "$tmp" &&
      { [ -d "$entry" ] || ! grep -qxF "$stem" "$tmp"; }; then
      echo "$readme does not name $name"
      failures=$((failures + 1))
    fi
  done
  while read -r token; do
    case $token in
      */*/* | */?*)
        first=${token%%/*}
        [ -e "$dir/$first" ] || continue
        [ -e "$dir/${token%/}" ] && continue
        ;;
      [A-Z]*/)
        continue # a placeholder: `VERSION/`
        ;;
      */)
        [ -d "${token%/}" ] && continue
        [ -n "$(find "$dir" -type d -name "${token%/}" -print -quit)" ] && continue
        ;;
      *)
        [[ $token =~ $file_like ]] || continue
        [ -n "$(find "$dir" -name "$token" -print -quit)" ] && continue
        ;;
    esac
    echo "$readme names $token, which is not there"
    failures=$((failures + 1))
  done <"$tmp"
done < <(find runtime scripts tests tools content docs -name README.md | sort)

[ "$failures" -eq 0 ] && echo "every README names what its folder holds"
[ "$failures" -eq 0 ]
