/*
 * bench.h - `cairn bench`, the benchmark behind docs/performance.md.
 */
#ifndef CAIRN_APP_BENCH_H
#define CAIRN_APP_BENCH_H

#include <stdint.h>

/* Runs the benchmark with the command's arguments (argv[0] is "bench"); returns the exit
 * status: 0, 1 when a run failed, 2 for a usage error. */
int cairn_bench(int argc, char **argv);

/* `cairn bench --saves`: the size, write time and resume time of a save at 100, 1,000 and
 * 10,000 beats of a long game (bench_saves.c). Returns the exit status. */
int cairn_bench_saves(uint64_t seed);

#endif
