/*
 * fuzz.h - what the fuzz targets share.
 *
 * A target is one file defining LLVMFuzzerTestOneInput, libFuzzer's entry point. Built with
 * -DCAIRN_FUZZ=ON it is linked with libFuzzer and fuzzed (tools/fuzz); built without it,
 * driver.c gives it a main that runs it over files, which is how CTest replays the seed
 * corpus and every crash found so far in every build.
 *
 * A target stops the process (fuzz_die) when the runtime breaks a promise it makes - a
 * restored world that does not come back the same, a failure without a message - so that
 * the fuzzer counts it as a crash like any other.
 */
#ifndef CAIRN_FUZZ_H
#define CAIRN_FUZZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cairn/session.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Prints the message and aborts: a broken promise, or a harness that cannot set itself up. */
_Noreturn void fuzz_die(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* With CAIRN_FUZZ_VERBOSE set, prints what an input came to (a refusal's message): for a
 * person looking at why an input does what it does. Silent otherwise, as fuzzing needs. */
void fuzz_note(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* The input as a NUL-terminated string (malloc'd): the host's text calls take C strings, so
 * a NUL in the input ends the text there, as it would for a caller. */
char *fuzz_text(const uint8_t *data, size_t size);

/* A path in a temporary folder of this process's own, made at first use and removed with
 * what it holds at exit. */
void fuzz_temp_path(const char *name, char *out, size_t size);
/* A folder of that name in the temporary folder, made at first use. */
void fuzz_temp_dir(const char *name, char *out, size_t size);
/* Writes the bytes to path, replacing what it held. */
void fuzz_write_file(const char *path, const void *data, size_t size);

/* The host the game targets share: the base game and the tests' corridor pack loaded, with
 * the world methods cairn's executable gives (field of view, path finding). Made at first
 * use and kept, since loading the base game costs far more than most inputs; a target calls
 * fuzz_host_drop after an input that changed it, so that no input runs on what another left.
 * The seed maker uses the same packs, so that seed saves and replays name the packs the
 * targets have loaded. */
cairn_lua *fuzz_host(void);
void fuzz_host_drop(void);
/* Whether an input changed the host: it made a world. A fresh host has none, and only a
 * game's start or resume makes one. */
bool fuzz_host_changed(void);

/* Checks the contract of a failed call: the host says why (noted). */
void fuzz_check_error(cairn_lua *h, const char *call);

#endif
