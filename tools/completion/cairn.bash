# Bash completion for cairn: its commands, each command's options, and pack folders, files or
# nothing for what they take.
#
#   source tools/completion/cairn.bash   # in ~/.bashrc, or copied to
#                                        # ~/.local/share/bash-completion/completions/cairn
#
# It completes `cairn` on the PATH and any path to it (build/cairn), since bash falls back to
# the name after the last slash. What it offers is read from the executable's own help, the
# one typed on the line: `cairn --help` lists the commands, `cairn COMMAND --help` the options,
# each with what it takes (DIR, FILE, or a value to type). So a new command or option is
# completed as soon as its help names it, and this file never lists one to go stale.

# _cairn_help CAIRN [COMMAND]: the help of cairn, or of one of its commands; nothing when the
# executable cannot be run.
_cairn_help() {
  local cairn=$1
  # The word as typed: a "~/" in it is literal here, so it is expanded by hand.
  # shellcheck disable=SC2088
  [[ $cairn == "~/"* ]] && cairn=$HOME/${cairn#"~/"}
  "$cairn" ${2:+"$2"} --help 2>/dev/null
}

# _cairn_commands CAIRN: the commands, from the lines "  NAME ARGS" of the help.
_cairn_commands() {
  _cairn_help "$1" | sed -n 's/^  \([a-z][a-z]*\)\( .*\)\{0,1\}$/\1/p'
}

# _cairn_takes CAIRN COMMAND OPTION: what the option takes (DIR, FILE, another word for a
# value to type), or nothing for a flag. Read from its line "  --option WHAT  what it does".
_cairn_takes() {
  _cairn_help "$1" "$2" | sed -n "s/^  $3 \([A-Z][A-Z.|]*\) .*/\1/p" | head -n 1
}

# _cairn_arguments CAIRN COMMAND: what the command takes besides options, from its usage
# line ("usage: cairn check DIR", "cairn test [DIR ...]"): DIR, FILE or nothing.
_cairn_arguments() {
  _cairn_help "$1" "$2" | sed -n '1s/^usage: cairn [a-z]* \[\{0,1\}\(DIR\|FILE\)\b.*/\1/p'
}

# _cairn_offer WHAT CUR: the folders (DIR), files (FILE) or nothing that complete CUR.
_cairn_offer() {
  case $1 in
  DIR)
    compopt -o filenames 2>/dev/null
    mapfile -t COMPREPLY < <(compgen -d -- "$2")
    ;;
  FILE | FILE.*)
    compopt -o filenames 2>/dev/null
    mapfile -t COMPREPLY < <(compgen -f -- "$2")
    ;;
  *) COMPREPLY=() ;;
  esac
}

_cairn() {
  local cairn=${COMP_WORDS[0]} cur=${COMP_WORDS[COMP_CWORD]} prev=""
  ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
  COMPREPLY=()
  if ((COMP_CWORD == 1)); then
    mapfile -t COMPREPLY < <(compgen -W "$(_cairn_commands "$cairn") help --help --version" \
      -- "$cur")
    return 0
  fi
  local command=${COMP_WORDS[1]}
  if [[ $command == help ]]; then
    ((COMP_CWORD == 2)) &&
      mapfile -t COMPREPLY < <(compgen -W "$(_cairn_commands "$cairn")" -- "$cur")
    return 0
  fi
  # The value of an option: a folder, a file, or something only the user knows.
  if [[ $prev == --* ]]; then
    local takes
    takes=$(_cairn_takes "$cairn" "$command" "$prev")
    if [[ -n $takes ]]; then
      _cairn_offer "$takes" "$cur"
      return 0
    fi
  fi
  if [[ $cur == -* ]]; then
    local options
    options=$({
      _cairn_help "$cairn" "$command" | grep -oE -- '(^|[ [])--[a-z][a-z-]*' | tr -d ' ['
      echo --help
    } | sort -u)
    mapfile -t COMPREPLY < <(compgen -W "$options" -- "$cur")
    return 0
  fi
  _cairn_offer "$(_cairn_arguments "$cairn" "$command")" "$cur"
  return 0
}

complete -F _cairn cairn
