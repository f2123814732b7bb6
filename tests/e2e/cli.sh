#!/usr/bin/env bash
# End-to-end tests of the `cairn` command line: tests/e2e/cli.sh CASE PATH_TO_CAIRN
# Each case runs the real executable and checks its output and exit status.
set -u
case_name=$1
cairn=$2
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT

run() {
  "$cairn" "$@" >"$out" 2>"$err"
  status=$?
}

fail() {
  echo "FAIL ($case_name): $*"
  echo "--- stdout"; cat "$out"
  echo "--- stderr"; cat "$err"
  exit 1
}

expect_status() { [ "$status" -eq "$1" ] || fail "exit status $status, expected $1"; }
expect_out() { grep -qE -- "$1" "$out" || fail "stdout lacks /$1/"; }
expect_err() { grep -qE -- "$1" "$err" || fail "stderr lacks /$1/"; }
expect_quiet_err() { [ ! -s "$err" ] || fail "stderr should be empty"; }

case $case_name in
version)
  run --version
  expect_status 0
  expect_out '^cairn [0-9]+\.[0-9]+\.[0-9]+$'
  expect_quiet_err
  run -V
  expect_status 0
  ;;
help_lists_every_planned_command)
  run --help
  expect_status 0
  expect_quiet_err
  for command in play sim check test replay bench; do
    expect_out "^  $command( |$)"
  done
  # check and test are built; the other four say they are not yet.
  [ "$(grep -c '(not yet built)' "$out")" -eq 4 ] || fail "expected 4 commands marked not yet built"
  grep -A1 '^  check ' "$out" | grep -q 'not yet built' && fail "check is built"
  grep -A1 '^  test ' "$out" | grep -q 'not yet built' && fail "test is built"
  expect_out '--version'
  ;;
help_fits_a_terminal_of_80_columns)
  run --help
  expect_status 0
  awk 'length > 80 { exit 1 }' "$out" || fail "a help line is longer than 80 columns"
  ;;
unbuilt_command_says_so)
  run play --seed 3
  expect_status 2
  expect_err "'play' is planned but not built yet"
  ;;
unknown_command_is_a_usage_error)
  run frobnicate
  expect_status 2
  expect_err "unknown command 'frobnicate'"
  run --frobnicate
  expect_status 2
  expect_err "unknown option '--frobnicate'"
  ;;
no_arguments_prints_usage_to_stderr)
  run
  expect_status 2
  expect_err '^usage: cairn COMMAND'
  ;;
*)
  echo "unknown case $case_name"
  exit 2
  ;;
esac
echo "ok ($case_name)"
