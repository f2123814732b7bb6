# How far a long tool has come, on one line of the terminal that is rewritten as it goes:
# sourced by tools/determinism, tools/balance/run and tools/fuzz. It shows only when stderr is
# a terminal and CI is not "true", so that logs and CI's output hold only what they did.
#   source "$root/tools/progress.sh"
#   progress "seed 12/100"    # that line, in place of the last one
#   progress_end              # the line cleared, before anything else is printed
#   CMD 2>&1 | progress_lines REGEX
#                             # CMD's lines matching REGEX (an extended regex) shown as
#                             # progress, or dropped where progress does not show; the
#                             # others go to stderr as they come

progress_shows() {
  [ -t 2 ] && [ "${CI:-}" != true ]
}

progress() {
  if progress_shows; then
    # Cut to the terminal's width, so that the line never wraps and \r returns to its start.
    local width=${COLUMNS:-$(tput cols 2>/dev/null || echo 80)} text="$*"
    printf '\r\033[K%s' "${text:0:$((width - 1))}" >&2
  fi
  return 0
}

progress_end() {
  if progress_shows; then
    printf '\r\033[K' >&2
  fi
  return 0
}

progress_lines() {
  local regex=$1 line
  while IFS= read -r line; do
    if [[ $line =~ $regex ]]; then
      progress "$line"
    else
      progress_end
      printf '%s\n' "$line" >&2
    fi
  done
  progress_end
}
