#include <stdlib.h>
#include <string.h>

#include "support.h"

void *test_alloc_fn(void *ud, void *ptr, size_t old_size, size_t new_size)
{
    test_alloc *a = ud;
    if (new_size == 0) {
        a->bytes -= ptr ? old_size : 0;
        free(ptr);
        return NULL;
    }
    if (a->fail_after >= 0 && a->allocations >= a->fail_after)
        return NULL;
    void *p = realloc(ptr, new_size);
    if (p) {
        a->allocations++;
        a->bytes += new_size - (ptr ? old_size : 0);
    }
    return p;
}

cairn_world *test_world(test_alloc *counter, int32_t width, int32_t height)
{
    memset(counter, 0, sizeof *counter);
    counter->fail_after = -1;
    cairn_world_config config = {
        .width = width, .height = height, .seed = 1, .alloc = test_alloc_fn, .alloc_ud = counter};
    cairn_world *w = NULL;
    cairn_error err;
    if (cairn_world_create(&config, &w, &err) != CAIRN_OK)
        fail_msg("world_create: %s", err.message);
    return w;
}

void test_world_close(cairn_world *w, test_alloc *counter)
{
    cairn_world_destroy(w);
    assert_int_equal(counter->bytes, 0);
}

void trace_note(trace *t, char tag)
{
    if (t->len + 1 < sizeof t->log)
        t->log[t->len++] = tag;
    t->log[t->len] = '\0';
}

cairn_err record(cairn_world *w, cairn_event *ev, void *ud)
{
    recorder *r = ud;
    trace_note(r->trace, r->tag);
    if (r->stop)
        ev->propagate = false;
    if (r->then)
        r->then(w, r);
    if (r->fail != CAIRN_OK)
        return cairn_world_fail(w, r->fail, "handler %c failed", r->tag);
    return CAIRN_OK;
}

cairn_event *test_event(cairn_world *w)
{
    cairn_event *ev =
        cairn_event_new(w, CAIRN_EVENT_PLAIN, CAIRN_ENTITY_NONE, (cairn_action){0, CAIRN_DIR_NONE});
    assert_non_null(ev);
    return ev;
}
