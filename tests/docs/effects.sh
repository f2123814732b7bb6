#!/usr/bin/env bash
# Every built-in effect (a stack.define of scripts/cards/) has its row in the table "Built-in
# effects" of docs/cards.md and its field in the LuaLS definitions (docs/luals/cairn-cards.lua),
# and neither names an effect the runtime does not define.
#   tests/docs/effects.sh SOURCE_DIR
set -euo pipefail
root=$1
cd "$root"
defined=$(grep -ho 'define({ name = "[a-z_]*"' scripts/cards/*.lua | sed 's/.*"\(.*\)"/\1/' | sort -u)
# The table's first column: each row names one or more effects, `name`, `name`.
documented=$(awk '/^### Built-in effects/ { on = 1; next } on && /^###/ { exit }
  on && /^\| `/ { split($0, cols, "|"); print cols[2] }' docs/cards.md |
  grep -o '`[a-z_]*`' | tr -d '`' | sort -u)
# The fields of the class CairnEffectEntry.
declared=$(awk '/^---@class CairnEffectEntry/ { on = 1; next } on && !/^---@field/ { exit }
  on { print $2 }' docs/luals/cairn-cards.lua | tr -d '?' | { grep -v '^\[' || true; } | sort -u)
status=0
for pair in "docs/cards.md's table:$documented" "docs/luals/cairn-cards.lua:$declared"; do
  where=${pair%%:*}
  names=${pair#*:}
  missing=$(comm -23 <(printf '%s\n' "$defined") <(printf '%s\n' "$names"))
  extra=$(comm -13 <(printf '%s\n' "$defined") <(printf '%s\n' "$names"))
  if [ -n "$missing" ]; then
    echo "$where does not name the built-in effects:" $missing
    status=1
  fi
  if [ -n "$extra" ]; then
    echo "$where names effects the runtime does not define:" $extra
    status=1
  fi
done
[ "$status" -eq 0 ] && echo "every built-in effect is in the effects table and the LuaLS definitions"
exit "$status"
