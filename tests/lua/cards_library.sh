#!/usr/bin/env bash
# Cards are a library of the runtime: they register through the extension points its scripts
# declare (docs/cards.md, "How cards plug into the runtime"). No script outside scripts/cards
# names a module of theirs; a line that does is printed, and the test fails.
set -euo pipefail
scripts=$1/scripts
modules='abilities|lifecycle|piles|stack|effects'
found=$(grep -rnE "\b($modules)\.[A-Za-z_]+|cards/($modules|api)\b|use\.($modules|cards)\b" \
  --include='*.lua' --exclude-dir=cards "$scripts" | grep -vE '^[^:]+:[0-9]+:[[:space:]]*--' ||
  true)
if [ -n "$found" ]; then
  printf 'these name a module of scripts/cards rather than an extension point:\n%s\n' "$found"
  exit 1
fi
