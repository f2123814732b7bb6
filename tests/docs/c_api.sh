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

# shellcheck source=tests/docs/compare.sh
source "$(dirname "$0")/compare.sh"
# A CMake target the doc names is not a C name, unless a header declares it too (cairn_lua).
comm -23 "$tmp/targets" "$tmp/headers" | comm -23 "$tmp/doc" - >"$tmp/doc_names"
compare "$tmp/headers" "$tmp/doc_names" "docs/c-api.md does not document %s (declared in a header)" \
  "docs/c-api.md names %s, which no header declares"
[ "$failures" -eq 0 ] && echo "docs/c-api.md and the headers agree: $(wc -l <"$tmp/headers") names"
[ "$failures" -eq 0 ]
