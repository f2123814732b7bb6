#!/usr/bin/env bash
# docs/lua-api.md against what the runtime gives content, so that neither can change without
# the other:
#   tests/docs/lua_api.sh PATH_TO_CAIRN SOURCE_DIR
# - The methods of the handles, from the binding tables of runtime/: each {"name", fn} entry
#   (and each function pushed then set as a named field) whose C function is named for a
#   handle - e_ an entity, ev_ an event, w_ the world, p_ a plan, v_ a view; a prefix ending
#   in "__" is the file's and does not count - is a method `X:name` (metamethods aside). The
#   doc documents a method in a heading or in the first cell of a table row that writes
#   `X:name(`.
# - The `cairn` module and the test library's `expect`, from the runtime itself: a scenario
#   test lists their keys. The doc lists the module in the table of "The cairn module" and
#   each expect.NAME in a heading.
# Each name the runtime has must be documented, and each name documented must exist.
# The editor's definitions (docs/luals/*.lua) must declare each method too, on the handle's
# class: `function CairnEntity:move`, CairnWorld, CairnPlan, a view (CairnView, CairnActorView)
# or an event (Cairn...Event).
set -euo pipefail
cairn=$1
root=$2
doc=$root/docs/lua-api.md
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The handles' methods, as "X:name", from the C sources.
find "$root/runtime" -name '*.c' -print0 | xargs -0 perl -0777 -ne '
  my %handle = (e => "e", ev => "ev", w => "w", p => "p", v => "v");
  my @found;
  push @found, [$1, $2] while /\{\s*"(\w+)"\s*,\s*(\w+)\s*\}/g;
  push @found, [$2, $1] while /lua_pushc(?:function|closure)\(L,\s*(\w+)[^;]*;\s*lua_setfield\(L,\s*-2,\s*"(\w+)"\)/g;
  for (@found) {
    my ($name, $fn) = @$_;
    next if $name =~ /^__/;
    $fn =~ s/^\w*?__//;
    print "$handle{$1}:$name\n" if $fn =~ /^([a-z]+)_/ && $handle{$1};
  }' | sort -u >"$tmp/c_methods"

grep -E '^(#|\| *`)' "$doc" | sed -E 's/^(\|[^|]*)\|.*/\1/' |
  grep -oE '\b(e|ev|w|p|v):[a-z_]+\(' | tr -d '(' | sort -u >"$tmp/doc_methods"

# The methods the editor's definitions declare, as "X:name".
perl -ne '
  my %handle = (Entity => "e", World => "w", Plan => "p", View => "v", ActorView => "v");
  next unless /^function Cairn(\w+):(\w+)/;
  my ($class, $name) = ($1, $2);
  my $x = $handle{$class} // ($class =~ /Event$/ ? "ev" : undef);
  print "$x:$name\n" if defined $x;' "$root"/docs/luals/*.lua | sort -u >"$tmp/luals_methods"

# The cairn module's and expect's keys, as the runtime gives them to a scenario test.
mkdir "$tmp/tests"
cat >"$tmp/tests/names.lua" <<'EOF'
local function keys(t, prefix)
  local list = {}
  for k in pairs(t) do list[#list + 1] = prefix .. k end
  table.sort(list)
  return table.concat(list, "\n")
end
test("the names content is given", function()
  print(keys(cairn, "cairn.") .. "\n" .. keys(expect, "expect."))
end)
EOF
"$cairn" test "$tmp/tests" | grep -E '^(cairn|expect)\.' | sort -u >"$tmp/lua_names" || true
if [ ! -s "$tmp/lua_names" ]; then
  echo "cairn test did not list the cairn module's names"
  exit 1
fi

sed -n '/^## The cairn module/,/^## /p' "$doc" | grep '^| *`cairn\.' | sed -E 's/^(\|[^|]*)\|.*/\1/' |
  grep -oE 'cairn\.[a-z_]+' >"$tmp/doc_names"
grep -E '^#+ ' "$doc" | grep -oE '\bexpect\.[a-z_]+\(' | tr -d '(' >>"$tmp/doc_names"
sort -u -o "$tmp/doc_names" "$tmp/doc_names"

# shellcheck source=tests/docs/compare.sh
source "$(dirname "$0")/compare.sh"
compare "$tmp/c_methods" "$tmp/doc_methods" \
  "docs/lua-api.md does not document %s (the binding tables of runtime/)" \
  "docs/lua-api.md documents %s, which the binding tables of runtime/ do not have"
compare "$tmp/lua_names" "$tmp/doc_names" "docs/lua-api.md does not document %s (the runtime)" \
  "docs/lua-api.md documents %s, which the runtime does not have"
compare "$tmp/c_methods" "$tmp/luals_methods" \
  "docs/luals does not declare %s (the binding tables of runtime/)" \
  "docs/luals declares %s, which the binding tables of runtime/ do not have"
if [ "$failures" -eq 0 ]; then
  echo "docs/lua-api.md and the runtime agree: $(cat "$tmp/c_methods" "$tmp/lua_names" | wc -l) names"
fi
[ "$failures" -eq 0 ]
