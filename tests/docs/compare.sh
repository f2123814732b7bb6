# Sourced by the docs' checks: two sorted lists of names, the source's and a doc's, compared.
#   compare SOURCE DOC MISSING EXTRA
# prints MISSING for each name of SOURCE that DOC lacks and EXTRA for each name of DOC that
# SOURCE lacks (printf formats, %s the name), and counts them in $failures.
failures=0
compare() {
  local name
  while read -r name; do
    # shellcheck disable=SC2059
    printf "$3\n" "$name"
    failures=$((failures + 1))
  done < <(comm -23 "$1" "$2")
  while read -r name; do
    # shellcheck disable=SC2059
    printf "$4\n" "$name"
    failures=$((failures + 1))
  done < <(comm -13 "$1" "$2")
}
