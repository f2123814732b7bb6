/*
 * bench.h - `cairn bench`, the benchmark behind docs/performance.md.
 */
#ifndef CAIRN_APP_BENCH_H
#define CAIRN_APP_BENCH_H

/* Runs the benchmark with the command's arguments (argv[0] is "bench"); returns the exit
 * status: 0, 1 when a run failed, 2 for a usage error. */
int cairn_bench(int argc, char **argv);

#endif
