#!/usr/bin/env bash
# The kernel calls no mechanic by name: no object file of the kernel (cairn/kernel.h's part of
# the core) uses a function that a file of the mechanics defines. The mechanics reach the
# kernel's moments only through the table they register with each world (world.h).
#   tests/unit/kernel_calls.sh OBJECT_FILE...   (the core's objects, NAME.c.o or NAME.o)
# Every file of the core must be named below, as kernel or mechanics, so a new file is placed
# on purpose.
set -euo pipefail

# CMake hands its list of objects over as one argument, split by ';'.
objects=()
for arg in "$@"; do
  IFS=';' read -ra part <<<"$arg"
  objects+=("${part[@]}")
done

declare -A kernel_objects=()
mechanics_objects=()
for object in "${objects[@]}"; do
  name=$(basename "$object")
  name=${name%.o}
  name=${name%.c}
  case $name in
    alloc | arena | chain | dir | entity | error | event | grid | names | portal | registry | rng | \
      type | version | world)
      kernel_objects[$name]=$object ;;
    act | attack | beat | builtin | dig | field | history | life | mechanics | move | movs | \
      outcome | sequence | snapshot | stage | statused | status_give)
      mechanics_objects+=("$object") ;;
    *)
      echo "kernel_calls: $name.c is neither kernel nor mechanics: name it in $0" >&2
      exit 1 ;;
  esac
done
if [ ${#kernel_objects[@]} -eq 0 ] || [ ${#mechanics_objects[@]} -eq 0 ]; then
  echo "kernel_calls: no objects of the kernel or of the mechanics among the arguments" >&2
  exit 1
fi

defined=$(nm --defined-only "${mechanics_objects[@]}" | awk '$2 == "T" { print $3 }' | sort -u)
failed=0
for name in $(printf '%s\n' "${!kernel_objects[@]}" | sort); do
  calls=$(nm --undefined-only "${kernel_objects[$name]}" | awk '{ print $2 }' |
    grep -Fx -f <(printf '%s\n' "$defined") || true)
  if [ -n "$calls" ]; then
    echo "kernel_calls: $name.c calls the mechanics by name:" $calls >&2
    failed=1
  fi
done
[ $failed -eq 0 ] && echo "kernel_calls: ${#kernel_objects[@]} kernel files call no mechanic"
exit $failed
