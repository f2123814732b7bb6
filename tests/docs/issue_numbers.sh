#!/usr/bin/env bash
# The docs say how the system is, never how it came to be: no doc names an issue, a pull
# request or a ticket by its number ("issue 12", "#12", "PR 7"). The history is in the commits.
#   tests/docs/issue_numbers.sh SOURCE_DIR
# Read: README.md, docs/**/*.md and every README.md of the source tree. Code (fenced blocks
# and `spans`), quoted messages and links' targets are left out, where "#1" is Lua's "bad
# argument #1", an entity's id or a section's anchor.
set -euo pipefail
root=$1
cd "$root"
failures=0
while read -r file; do
  hits=$(perl -ne '
    $fence = !$fence, next if /^\s*```/;
    next if $fence;
    s/`[^`]*`//g; s/"[^"]*"//g; s/\]\([^)]*\)//g; s/\bargument #\d+//g;
    print "$ARGV:$.: $_" if /\b(?:issues?|tickets?|PRs?|pull requests?)\s*#?\d+\b/i
                         || /(?:^|[\s(\[,;])#\d+\b/;
  ' "$file")
  if [ -n "$hits" ]; then
    printf '%s\n' "$hits"
    failures=$((failures + $(printf '%s\n' "$hits" | wc -l)))
  fi
done < <({ echo README.md; find docs -name '*.md'; find runtime scripts tests tools content -name README.md; } | sort -u)
[ "$failures" -eq 0 ] && echo "no doc names an issue by its number"
[ "$failures" -eq 0 ]
