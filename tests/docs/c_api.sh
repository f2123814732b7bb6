#!/usr/bin/env bash
# docs/c-api.md against the public headers, so that neither can change without the other:
#   tests/docs/c_api.sh SOURCE_DIR
# The headers are runtime/*/include/cairn/*.h. Every name they declare (each cairn_... and
# CAIRN_... identifier outside comments, include guards aside) must appear in docs/c-api.md,
# and every such name the doc writes must exist in a header. The doc may also write, without
# a header declaring them: a family by its prefix (`cairn_status_*`, `CAIRN_CHAIN_`), the
# internal names with a double underscore, the CMake targets (add_library) and environment
# variables (`$CAIRN_SAVE`).
set -euo pipefail
root=$1
doc=$root/docs/c-api.md
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

names() { grep -o '\$\?\b[cC][aA][iI][rR][nN]_[A-Za-z0-9_]*\b' | grep -v '^\$' | sort -u; }

# Comments out, so that a name a comment quotes is not taken for a declaration.
perl -0777 -pe 's{/\*.*?\*/}{ }gs; s{//[^\n]*}{}g' "$root"/runtime/*/include/cairn/*.h |
  names | grep -v '^CAIRN_[A-Z0-9_]*_H$' >"$tmp/headers"
grep -ho 'add_library( *[A-Za-z0-9_]*' $(find "$root" -name CMakeLists.txt -not -path '*/build*') |
  sed 's/add_library( *//' | sort -u >"$tmp/targets"
names <"$doc" | grep -v '_$' | grep -v '__' >"$tmp/doc"

failures=0
while read -r name; do
  echo "docs/c-api.md does not document $name (declared in a header)"
  failures=$((failures + 1))
done < <(comm -23 "$tmp/headers" "$tmp/doc")
while read -r name; do
  echo "docs/c-api.md names $name, which no header declares"
  failures=$((failures + 1))
done < <(comm -13 "$tmp/headers" "$tmp/doc" | comm -23 - "$tmp/targets")
[ "$failures" -eq 0 ] && echo "docs/c-api.md and the headers agree: $(wc -l <"$tmp/headers") names"
[ "$failures" -eq 0 ]
