/*
 * support.h - what the core's unit tests share: a counting allocator that can be told to
 * fail, a world with a few types, and a handler that records which handlers ran.
 */
#ifndef CAIRN_TEST_SUPPORT_H
#define CAIRN_TEST_SUPPORT_H

/* cmocka needs these before it. */
#include <setjmp.h>
#include <stdbool.h>
#include <stdlib.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "cairn/core.h"

/* Counts allocations and fails every one after `fail_after` have succeeded (-1: never). */
typedef struct test_alloc {
    long allocations;
    long fail_after;
    size_t bytes;
} test_alloc;

void *test_alloc_fn(void *ud, void *ptr, size_t old_size, size_t new_size);

/* A world of the given size on a counting allocator that never fails. */
cairn_world *test_world(test_alloc *counter, int32_t width, int32_t height);

/* Destroys a test_world and asserts that it gave back every byte it held. */
void test_world_close(cairn_world *w, test_alloc *counter);

/* Asserts that a call succeeded, printing the world's message when it did not. */
#define assert_ok(w, call)                                                                         \
    do {                                                                                           \
        cairn_err st_ = (call);                                                                    \
        if (st_ != CAIRN_OK)                                                                       \
            fail_msg("%s -> %s: %s", #call, cairn_err_name(st_), cairn_world_error(w));            \
    } while (0)

/* A handler that appends its tag to a log, and may clear propagate or fail. */
typedef struct trace {
    char log[256];
    size_t len;
} trace;

typedef struct recorder {
    trace *trace;
    char tag;
    bool stop;      /* clear ev->propagate */
    cairn_err fail; /* return this (CAIRN_OK: succeed) */
    /* Optional: run this after recording, to change chains mid-pass. */
    void (*then)(cairn_world *w, struct recorder *self);
    cairn_chain *chain; /* for `then` */
    cairn_handler_id other;
    cairn_handler_id victim; /* a second handler id, for `then` */
    cairn_handler added;
} recorder;

cairn_err record(cairn_world *w, cairn_event *ev, void *ud);

/* Appends a tag to a trace (what record does), for callbacks that are not handlers. */
void trace_note(trace *t, char tag);

static inline cairn_handler recorder_handler(recorder *r, cairn_rank rank)
{
    return (cairn_handler){record, r, rank};
}

/* A fresh plain event. */
cairn_event *test_event(cairn_world *w);

#endif
