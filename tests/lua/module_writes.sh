#!/usr/bin/env bash
# A runtime script reaches another module by calling it, never by writing into its table:
#   tests/lua/module_writes.sh SOURCE_DIR
# In each scripts/**/*.lua, a local bound to `require(...)` must not be the target of an
# assignment (`m.f = v`, `m.t[k] = v`, `m.list[#m.list + 1] = v`) nor of table.insert,
# table.remove or rawset; the owning module declares a function for that instead. Each such
# line is printed as file:line, and the test fails. Comments and strings are ignored; a write
# through another local that aliases the module's table is not seen.
set -euo pipefail
cd "$1"
found=$(find scripts -name '*.lua' | sort | xargs awk '
  FNR == 1 { delete mods; long = "" }
  {
    line = $0
    # Inside a long comment: skip up to its end.
    if (long != "") {
      i = index(line, long)
      if (i == 0) next
      line = substr(line, i + length(long))
      long = ""
    }
    gsub(/\\./, "", line)              # escapes, before the quotes they could hide
    gsub(/"[^"]*"/, "\"\"", line)
    gsub(/\047[^\047]*\047/, "\"\"", line)
    if (match(line, /--\[=*\[/)) {     # a long comment opens: keep what precedes it
      eqs = substr(line, RSTART + 3, RLENGTH - 4)
      rest = substr(line, RSTART + RLENGTH)
      close_ = "]" eqs "]"
      line = substr(line, 1, RSTART - 1)
      if (index(rest, close_) == 0) long = close_
    }
    sub(/--.*/, "", line)
    if (match(line, /^[ \t]*local[ \t]+[A-Za-z_][A-Za-z0-9_]*[ \t]*=[ \t]*require[ \t]*[("]/)) {
      name = line
      sub(/^[ \t]*local[ \t]+/, "", name)
      sub(/[^A-Za-z0-9_].*/, "", name)
      mods[name] = 1
      next
    }
    for (m in mods) {
      field = "(\\.[A-Za-z_][A-Za-z0-9_]*|\\[[^]]*\\])"
      before = "(^|[^.:A-Za-z0-9_])"
      if (line ~ (before m field "+[ \t]*=([^=]|$)") ||
          line ~ ("(table\\.(insert|remove)|rawset)[ \t]*\\([ \t]*" m "[ \t]*[.[,)]")) {
        printf "%s:%d: writes into the module it required as %s: %s\n", FILENAME, FNR, m, $0
      }
    }
  }')
if [ -n "$found" ]; then
  printf 'these write into a module they required (call a function it declares instead):\n%s\n' \
    "$found"
  exit 1
fi
echo "no script writes into a module it required"
