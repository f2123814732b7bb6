/*
 * chain.c - handler chains.
 *
 * A chain's handlers sit in one array sorted by (rank, id); handler ids only grow, so within
 * a rank, id order is the order handlers were added. A pass pins the array it runs over.
 * Changing a chain whose array is pinned copies the array first and retires the pinned one;
 * the last pass to unpin a retired array frees it. So a handler added during a pass counts
 * from the next pass, and a pass itself never allocates (but to grow the world's stack of
 * passes under way, the first time they nest deeper than CAIRN_PASSES_NESTED).
 *
 * A removal is different: a removed handler must never be called again, since whoever added
 * it may free what its ud points to (the Lua host reuses the slot of its function at once).
 * Retired arrays that passes still hold are linked from the current one, newest first; a
 * removal clears the entry's fn in each of them, and passes skip entries without a fn.
 */
#include <string.h>

#include "world.h"

static size_t list_bytes(uint32_t cap)
{
    return sizeof(cairn_handler_list) + (size_t)cap * sizeof(cairn_handler_entry);
}

/* Frees a list no pass holds, taking it out of the links between a chain's lists. */
static void list_free(cairn_world *w, cairn_handler_list *list)
{
    if (list->older)
        list->older->newer = list->newer;
    if (list->newer)
        list->newer->older = list->older;
    cairn__free(w, list, list_bytes(list->cap));
}

static void list_release(cairn_world *w, cairn_handler_list *list)
{
    if (!list)
        return;
    if (list->pins)
        list->retired = true; /* the pass that holds it frees it */
    else
        list_free(w, list);
}

/* A fresh list with room for cap entries holding a copy of src's. */
static cairn_handler_list *list_copy(cairn_world *w, const cairn_handler_list *src, uint32_t cap)
{
    uint32_t count = src ? src->count : 0;
    if (cap < count)
        cap = count;
    if (cap < 4)
        cap = 4;
    cairn_handler_list *list = cairn__alloc(w, list_bytes(cap));
    if (!list)
        return NULL;
    list->pins = 0;
    list->count = count;
    list->cap = cap;
    list->retired = false;
    list->older = list->newer = NULL;
    if (count)
        memcpy(list->items, src->items, count * sizeof *src->items);
    return list;
}

/* The chain's list, ready to take `extra` more entries without disturbing any pass. */
static cairn_handler_list *writable(cairn_world *w, cairn_chain *chain, uint32_t extra)
{
    cairn_handler_list *list = chain->list;
    if (list && !list->pins && list->count + extra <= list->cap)
        return list;
    uint32_t need = (list ? list->count : 0) + extra;
    uint32_t cap = list && !list->pins ? list->cap * 2 : need;
    cairn_handler_list *fresh = list_copy(w, list, cap < need ? need : cap);
    if (!fresh)
        return NULL;
    if (list) {
        /* fresh takes list's place among the chain's lists, in front of the pinned ones */
        fresh->older = list;
        list->newer = fresh;
    }
    list_release(w, list);
    chain->list = fresh;
    return fresh;
}

static bool before(const cairn_handler_entry *a, const cairn_handler_entry *b)
{
    return a->rank != b->rank ? a->rank < b->rank : a->id < b->id;
}

/* Inserts an entry with a given id at its place by (rank, id). */
static cairn_err insert(cairn_world *w, cairn_chain *chain, cairn_handler_entry entry)
{
    cairn_handler_list *list = writable(w, chain, 1);
    if (!list)
        return CAIRN_ERR_NOMEM;
    uint32_t at = list->count;
    while (at > 0 && before(&entry, &list->items[at - 1]))
        at--;
    memmove(&list->items[at + 1], &list->items[at], (list->count - at) * sizeof entry);
    list->items[at] = entry;
    list->count++;
    return CAIRN_OK;
}

static long find(const cairn_handler_list *list, cairn_handler_id id)
{
    for (uint32_t i = 0; list && i < list->count; i++)
        if (list->items[i].id == id)
            return (long)i;
    return -1;
}

/* Removes the entry with that id: CAIRN_ERR_NOT_FOUND (no message set) if there is none. */
static cairn_err drop(cairn_world *w, cairn_chain *chain, cairn_handler_id id)
{
    if (find(chain->list, id) < 0)
        return CAIRN_ERR_NOT_FOUND;
    cairn_handler_list *list = writable(w, chain, 0);
    if (!list)
        return CAIRN_ERR_NOMEM;
    long at = find(list, id);
    memmove(&list->items[at], &list->items[at + 1],
            (list->count - (uint32_t)at - 1) * sizeof *list->items);
    list->count--;
    /* Passes under way over older lists must not call it either. */
    for (cairn_handler_list *old = list->older; old; old = old->older) {
        long was = find(old, id);
        if (was >= 0)
            old->items[was].fn = NULL;
    }
    return CAIRN_OK;
}

cairn_chain *cairn__chain_new(cairn_world *w, cairn_chain_scope scope, cairn_chain_id name,
                              cairn_type_id type)
{
    cairn_chain *chain = cairn__alloc(w, sizeof *chain);
    if (!chain)
        return NULL;
    chain->list = NULL;
    chain->name = name;
    chain->scope = (uint8_t)scope;
    chain->type = type;
    return chain;
}

cairn_chain *cairn__chain_copy(cairn_world *w, const cairn_chain *from, cairn_chain_id name,
                               cairn_type_id type)
{
    cairn_chain *chain = cairn__chain_new(w, CAIRN_SCOPE_ENTITY, name, type);
    if (!chain || !from || !from->list || !from->list->count)
        return chain;
    chain->list = list_copy(w, from->list, from->list->count + 2);
    if (!chain->list) {
        cairn__free(w, chain, sizeof *chain);
        return NULL;
    }
    return chain;
}

void cairn__chain_free(cairn_world *w, cairn_chain *chain)
{
    if (!chain)
        return;
    list_release(w, chain->list);
    cairn__free(w, chain, sizeof *chain);
}

/* Template changes reach the entities that hold their own copy of the chain. */
static cairn_err insert_in_copy(cairn_world *w, cairn_chain *copy, void *ud)
{
    return insert(w, copy, *(const cairn_handler_entry *)ud);
}

/* An entity may have unhooked the template's handler from its copy already: not an error. */
static cairn_err drop_from_copy(cairn_world *w, cairn_chain *copy, void *ud)
{
    cairn_err st = drop(w, copy, *(const cairn_handler_id *)ud);
    return st == CAIRN_ERR_NOT_FOUND ? CAIRN_OK : st;
}

cairn_err cairn__handler_check(cairn_world *w, cairn_handler handler)
{
    if (!handler.fn)
        return cairn_world_fail(w, CAIRN_ERR_INVALID, "a handler needs a function");
    if ((unsigned)handler.rank >= CAIRN_RANK_COUNT)
        return cairn_world_fail(w, CAIRN_ERR_INVALID, "%d is not a handler rank",
                                (int)handler.rank);
    return CAIRN_OK;
}

cairn_err cairn_chain_add(cairn_world *w, cairn_chain *chain, cairn_handler handler,
                          cairn_handler_id *out_id)
{
    if (!chain)
        return cairn_world_fail(w, CAIRN_ERR_INVALID, "chain_add: the chain is NULL");
    cairn_err st = cairn__handler_check(w, handler);
    if (st)
        return st;
    if (w->next_handler_id == UINT32_MAX)
        return cairn_world_fail(w, CAIRN_ERR_LIMIT, "chain_add: handler ids are used up");
    cairn_handler_entry entry = {handler.fn, handler.ud, w->next_handler_id + 1,
                                 (uint8_t)handler.rank};
    st = insert(w, chain, entry);
    if (st)
        return st;
    w->next_handler_id++;
    if (chain->scope == CAIRN_SCOPE_TEMPLATE) {
        st = cairn__entities_each_copy(w, chain->type, chain->name, insert_in_copy, &entry);
        if (st) {
            cairn_chain_remove(w, chain, entry.id);
            return st;
        }
    }
    if (out_id)
        *out_id = entry.id;
    return CAIRN_OK;
}

cairn_err cairn_chain_remove(cairn_world *w, cairn_chain *chain, cairn_handler_id id)
{
    if (!chain)
        return cairn_world_fail(w, CAIRN_ERR_INVALID, "chain_remove: the chain is NULL");
    cairn_err st = drop(w, chain, id);
    if (st == CAIRN_ERR_NOT_FOUND)
        return cairn_world_fail(w, st, "chain_remove: the chain has no handler %u", (unsigned)id);
    if (st == CAIRN_OK && chain->scope == CAIRN_SCOPE_TEMPLATE)
        st = cairn__entities_each_copy(w, chain->type, chain->name, drop_from_copy, &id);
    return st;
}

size_t cairn_chain_count(const cairn_chain *chain)
{
    return chain && chain->list ? chain->list->count : 0;
}

/* A pass holds its list: pinned, and on the world's stack of passes under way, whence
 * cairn__passes_let_go finds it when a host's error has skipped the pass's end. */
static cairn_err pin(cairn_world *w, cairn_handler_list *list)
{
    if (w->pass_depth == w->passes_cap && cairn__reserve(w, (void **)&w->passes, &w->passes_cap,
                                                         w->pass_depth + 1, sizeof *w->passes))
        return CAIRN_ERR_NOMEM;
    w->passes[w->pass_depth++] = list;
    list->pins++;
    return CAIRN_OK;
}

/* The innermost pass ends: the last pass over a retired list frees it. */
static void unpin(cairn_world *w)
{
    cairn_handler_list *list = w->passes[--w->pass_depth];
    if (--list->pins == 0 && list->retired)
        list_free(w, list);
}

void cairn__passes_let_go(cairn_world *w)
{
    while (w->pass_depth)
        unpin(w);
}

void cairn__passes_free(cairn_world *w)
{
    cairn__passes_let_go(w);
    cairn__free(w, w->passes, (size_t)w->passes_cap * sizeof *w->passes);
}

/* A pass told to the observer, handler by handler: apart so that the pass without one stays
 * as it was but for the one test of w->observer. Never inlined: its observation, on the
 * stack of every pass, made each pass save six registers and reserve 200 bytes. */
static __attribute__((noinline)) cairn_err observed_pass(cairn_world *w, cairn_handler_list *list,
                                                         cairn_chain *chain, cairn_event *ev,
                                                         bool all, cairn_entity_id entity)
{
    cairn_observation o = {
        .what = CAIRN_OBSERVED_PASS, .entity = entity, .ev = ev, .chain = chain->name, .all = all};
    cairn__observe(w, &o);
    bool pinned = (o.code = pin(w, list)) == CAIRN_OK;
    for (uint32_t i = 0; pinned && i < list->count; i++) {
        if (!all && !ev->propagate)
            break;
        const cairn_handler_entry *h = &list->items[i];
        if (!h->fn)
            continue;
        cairn_observation ho = {.what = CAIRN_OBSERVED_HANDLER,
                                .entity = entity,
                                .ev = ev,
                                .chain = chain->name,
                                .all = all,
                                .fn = h->fn,
                                .ud = h->ud,
                                .handler = h->id};
        cairn__observe(w, &ho);
        o.code = h->fn(w, ev, h->ud);
        ho.end = true;
        ho.code = o.code;
        cairn__observe(w, &ho);
        if (o.code != CAIRN_OK)
            break;
    }
    if (pinned)
        unpin(w);
    o.end = true;
    cairn__observe(w, &o);
    return o.code;
}

cairn_err cairn__chain_pass_on(cairn_world *w, cairn_chain *chain, cairn_event *ev, bool all,
                               cairn_entity_id entity)
{
    if (!ev)
        return cairn_world_fail(w, CAIRN_ERR_INVALID, "chain pass: the event is NULL");
    cairn_handler_list *list = chain ? chain->list : NULL;
    if (!list)
        return CAIRN_OK;
    if (w->observer && list->count)
        return observed_pass(w, list, chain, ev, all, entity);
    cairn_err st = pin(w, list);
    if (st)
        return st;
    for (uint32_t i = 0; i < list->count; i++) {
        if (!all && !ev->propagate)
            break;
        const cairn_handler_entry *h = &list->items[i];
        if (!h->fn)
            continue; /* removed since the pass began */
        st = h->fn(w, ev, h->ud);
        if (st != CAIRN_OK)
            break;
    }
    unpin(w);
    return st;
}

cairn_err cairn_chain_pass(cairn_world *w, cairn_chain *chain, cairn_event *ev)
{
    return cairn__chain_pass_on(w, chain, ev, false, CAIRN_ENTITY_NONE);
}

cairn_err cairn_chain_pass_all(cairn_world *w, cairn_chain *chain, cairn_event *ev)
{
    return cairn__chain_pass_on(w, chain, ev, true, CAIRN_ENTITY_NONE);
}
