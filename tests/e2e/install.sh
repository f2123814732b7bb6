#!/usr/bin/env bash
# End-to-end test of the installed package: `cmake --install` into a temporary prefix, the
# embedding example (examples/embed) built against it by pkg-config alone, and run.
#
#   install.sh CASE CMAKE BUILD_DIR SOURCE_DIR CC
set -euo pipefail

case_name=$1 cmake=$2 build=$3 source=$4 cc=$5
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

fail() { echo "FAIL: $*" >&2; exit 1; }

# Installs into $work/prefix, as a packager would, and points pkg-config at it.
install_package() {
  "$cmake" --install "$build" --prefix "$work/prefix" >"$work/install.log" ||
    fail "cmake --install failed: $(cat "$work/install.log")"
  local pc
  pc=$(find "$work/prefix" -name cairn.pc)
  [ -n "$pc" ] || fail "no cairn.pc installed"
  export PKG_CONFIG_PATH=${pc%/cairn.pc}
}

case $case_name in
embed_builds_from_the_installed_package_and_plays)
  install_package
  # The example is built away from the source tree, so that nothing of it can be found but
  # through the package.
  cp "$source/examples/embed/embed.c" "$source/examples/embed/Makefile" "$work/"
  flags=$(pkg-config --cflags --libs cairn)
  case $flags in *"$source"*) fail "pkg-config names the source tree: $flags" ;; esac
  make -s -C "$work" CC="$cc" >"$work/make.log" 2>&1 || fail "make: $(cat "$work/make.log")"
  base=$(pkg-config --variable=basedir cairn)
  (cd "$work" && ./embed "$base" game.sqlite) >"$work/out" || fail "embed failed"
  # The runtime found its scripts in the prefix, not in the source tree it was built from.
  home=$(cd "$work/prefix/share/cairn" && pwd -P)
  [ "$(head -n 1 "$work/out")" = "home: $home" ] ||
    fail "the home is not the installed one: $(head -n 1 "$work/out")"
  # The embedded runtime plays the game the installed executable plays.
  "$work/prefix/bin/cairn" sim --seed 7 --beats 50 >"$work/sim" || fail "cairn sim failed"
  expected=$(cat "$work/sim"; echo "resumed: the same game")
  [ "$(tail -n +2 "$work/out")" = "$expected" ] ||
    fail "embed printed $(cat "$work/out"), expected $expected"
  # A prefix moved whole still finds its own scripts: the home is found from the library's
  # place, not from where it was installed.
  mv "$work/prefix" "$work/moved"
  libdir=$(dirname "$(find "$work/moved" -name 'libcairn.so.*' | head -n 1)")
  (cd "$work" && LD_LIBRARY_PATH=$libdir ./embed "$work/moved/share/cairn/content/base" \
    moved.sqlite) >"$work/out" || fail "embed failed in the moved prefix"
  [ "$(head -n 1 "$work/out")" = "home: $(cd "$work/moved/share/cairn" && pwd -P)" ] ||
    fail "the moved prefix's home is not found: $(head -n 1 "$work/out")"
  ;;
installs_headers_library_scripts_and_content)
  install_package
  p=$work/prefix
  for h in core kernel mechanics lua sight session save; do
    [ -f "$p/include/cairn/$h.h" ] || fail "no include/cairn/$h.h"
  done
  [ -n "$(find "$p" -name 'libcairn.so*')" ] || fail "no libcairn"
  [ -x "$p/bin/cairn" ] || fail "no bin/cairn"
  [ ! -e "$p/bin/cairn-bench" ] || fail "the benchmark is installed"
  [ -f "$p/share/cairn/content/base/pack.lua" ] || fail "no bundled base game"
  [ -d "$p/share/cairn/scripts" ] || fail "no scripts"
  "$p/bin/cairn" sim --seed 3 --beats 5 >/dev/null || fail "the installed cairn does not play"
  ;;
an_installed_cairn_tests_its_bundled_packs)
  # With no folder, `cairn test` runs the tests of every pack installed with it.
  install_package
  (cd "$work" && "$work/prefix/bin/cairn" test) >"$work/out" 2>&1 ||
    fail "cairn test failed: $(tail -n 5 "$work/out")"
  grep -q '^ok  *base:' "$work/out" || fail "the base game's tests did not run: $(tail -n 5 "$work/out")"
  ;;
an_installed_cairn_serves_its_browser_client)
  # `cairn serve` finds the client's files in the installed tree, not in the source tree.
  install_package
  mkfifo "$work/said"
  "$work/prefix/bin/cairn" serve --port 0 --db "$work/games.sqlite" >"$work/said" &
  pid=$!
  read -r line <"$work/said" || fail "cairn serve said nothing"
  port=${line##*:}
  port=${port%/}
  page=$(/usr/bin/python3 -c 'import http.client, sys
c = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]), timeout=10)
c.request("GET", "/")
r = c.getresponse()
print(r.status, r.read().decode()[:200])' "$port") || { kill "$pid"; fail "no answer from cairn serve"; }
  kill -TERM "$pid"
  wait "$pid" || fail "cairn serve did not stop cleanly"
  case $page in "200 <!"*) ;; *) fail "GET / answered: $page" ;; esac
  ;;
the_library_exports_the_public_api_alone)
  # What libcairn exports is what its headers declare (CAIRN_API), nothing more: every
  # function or datum of the layers' static libraries named in the installed headers is
  # exported, and every symbol exported is named there (but the linker's own, _end...).
  install_package
  printf '#include <cairn/%s.h>\n' core lua sight sight_lua session save >"$work/all.c"
  # shellcheck disable=SC2046 # pkg-config's flags, one word each
  "$cc" -E $(pkg-config --cflags cairn) "$work/all.c" |
    grep -oE '\bcairn_[a-z0-9_]+\b' | sort -u >"$work/named"
  nm -D --defined-only "$(find "$work/prefix" -name 'libcairn.so.*.*.*')" |
    awk '$3 !~ /^_/ { print $3 }' | sort -u >"$work/exported"
  nm --defined-only "$build"/runtime/*/libcairn_*.a 2>/dev/null | awk '$2 ~ /^[TDRB]$/ { print $3 }' |
    sort -u >"$work/defined"
  if [ ! -s "$work/exported" ] || [ ! -s "$work/defined" ]; then fail "no symbols read"; fi
  hidden=$(comm -12 "$work/named" "$work/defined" | comm -23 - "$work/exported" | tr '\n' ' ')
  [ -z "$hidden" ] || fail "declared in the headers but not exported: $hidden"
  extra=$(comm -23 "$work/exported" "$work/named" | tr '\n' ' ')
  [ -z "$extra" ] || fail "exported but not declared in the headers: $extra"
  ;;
*)
  fail "unknown case $case_name"
  ;;
esac
echo "ok: $case_name"
