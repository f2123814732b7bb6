/*
 * snapshot.c - the world's state as bytes and back: saves, undo and previews restore a world
 * from a snapshot, and the checksum is a hash of the same bytes, so whatever a snapshot keeps
 * the checksum covers.
 *
 * The stream is field by field, fixed widths, least significant byte first, never raw memory:
 * a data block holds pointers (this beat's event, a status table) and padding, which differ
 * between runs that are the same game. If you add state to the world, add it to write_world
 * and read_world both; the round-trip tests compare a restored world's bytes with the
 * original's.
 *
 * Left out on purpose: handler ids (only their order within a chain matters, and a restore
 * keeps it), the arena and this beat's events (nothing may point into them between beats),
 * and entries of the beat order whose entity is gone (the next beat drops them unread).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "world.h"

#define SNAPSHOT_MAGIC UINT32_C(0x574e5243) /* "CRNW" */
/* 4 added the statuses' magnitudes and sources (older: magnitude 1, no source) and the
 * status an attack carries (older: none); 3 added the portals (2 is read as a world without
 * any). A world is written in the oldest format that holds it, 3 on: a world format 3 holds
 * has the snapshot and checksum it had, so that the saves and replays made before format 4
 * still verify. */
#define SNAPSHOT_VERSION 4

/* --- the stream -------------------------------------------------------------------------- */

void cairn__sink_put(cairn_sink *s, uint64_t v, int bytes)
{
    unsigned char b[8];
    for (int i = 0; i < bytes; i++) {
        b[i] = (unsigned char)(v >> (8 * i));
        s->hash ^= b[i];
        s->hash *= UINT64_C(0x100000001b3); /* FNV-1a */
    }
    cairn_world *w = s->keep;
    if (!w || s->code)
        return;
    if (w->snapshot_size + (size_t)bytes > w->snapshot_cap) {
        size_t cap = w->snapshot_cap ? 2 * w->snapshot_cap : 4096;
        unsigned char *grown = cairn__realloc(w, w->snapshot, w->snapshot_cap, cap);
        if (!grown) {
            s->code = CAIRN_ERR_NOMEM;
            return;
        }
        w->snapshot = grown;
        w->snapshot_cap = cap;
    }
    memcpy(w->snapshot + w->snapshot_size, b, (size_t)bytes);
    w->snapshot_size += (size_t)bytes;
}

uint64_t cairn__source_get(cairn_source *src, int bytes)
{
    if (src->end - src->at < bytes) {
        src->short_read = true;
        src->at = src->end;
        return 0;
    }
    uint64_t v = 0;
    for (int i = 0; i < bytes; i++)
        v |= (uint64_t)src->at[i] << (8 * i);
    src->at += bytes;
    return v;
}

static void put_id(cairn_sink *s, cairn_entity_id id)
{
    cairn__sink_put(s, id.index, 4);
    cairn__sink_put(s, id.generation, 4);
}

static cairn_entity_id get_id(cairn_source *src)
{
    cairn_entity_id id;
    id.index = (uint32_t)cairn__source_get(src, 4);
    id.generation = (uint32_t)cairn__source_get(src, 4);
    return id;
}

static void put_cell(cairn_sink *s, cairn_cell c)
{
    cairn__sink_put(s, (uint32_t)c.x, 4);
    cairn__sink_put(s, (uint32_t)c.y, 4);
}

static cairn_cell get_cell(cairn_source *src)
{
    cairn_cell c;
    c.x = (int32_t)(uint32_t)cairn__source_get(src, 4);
    c.y = (int32_t)(uint32_t)cairn__source_get(src, 4);
    return c;
}

/* --- the built-in decorators' data --------------------------------------------------------
 * The core's one table of fields (field.c) serves writing and reading, so the two cannot
 * disagree. A field is written at its width; signed ones as their two's complement, a
 * resistance as one int32_t per source. */

static void put_fields(cairn_sink *s, const cairn_field *fields, size_t count,
                       const unsigned char *data)
{
    for (size_t i = 0; i < count; i++) {
        const cairn_field *f = &fields[i];
        if (cairn__field_format(f) > s->version)
            continue;
        size_t width = f->kind == CAIRN_FIELD_RESISTANCE ? sizeof(int32_t) : f->size;
        for (size_t at = 0; at < f->size; at += width) {
            uint64_t v = 0;
            memcpy(&v, data + f->offset + at, width); /* little-endian hosts */
            cairn__sink_put(s, v, (int)width);
        }
    }
}

static void get_fields(cairn_source *src, const cairn_field *fields, size_t count,
                       unsigned char *data)
{
    for (size_t i = 0; i < count; i++) {
        const cairn_field *f = &fields[i];
        if (cairn__field_format(f) > src->version) {
            cairn__field_unread(f, data + f->offset);
            continue;
        }
        size_t width = f->kind == CAIRN_FIELD_RESISTANCE ? sizeof(int32_t) : f->size;
        for (size_t at = 0; at < f->size; at += width) {
            uint64_t v = cairn__source_get(src, (int)width);
            if (f->kind == CAIRN_FIELD_BOOL)
                v = v != 0; /* read back as 0 or 1 whatever the byte says */
            memcpy(data + f->offset + at, &v, width);
        }
    }
}

static bool little_endian(void)
{
    const uint16_t one = 1;
    unsigned char first;
    memcpy(&first, &one, 1);
    return first == 1;
}

/* One decorator's data: the built-in ones field by field, the rest byte by byte. */
static void put_data(cairn_sink *s, const cairn_world *w, cairn_decorator_id deco,
                     const unsigned char *data)
{
    if (deco == CAIRN_DECO_STATUSED) {
        cairn__statused_put(s, data);
        return;
    }
    size_t count;
    const cairn_field *fields = cairn__decorator_fields(deco, &count);
    if (count) {
        put_fields(s, fields, count, data);
        return;
    }
    for (uint32_t i = 0; i < cairn__decorators(w)[deco].data_size; i++)
        cairn__sink_put(s, data[i], 1);
}

static cairn_err get_data(cairn_world *w, cairn_source *src, cairn_decorator_id deco,
                          unsigned char *data)
{
    if (deco == CAIRN_DECO_STATUSED)
        return cairn__statused_get(w, src, data);
    size_t count;
    const cairn_field *fields = cairn__decorator_fields(deco, &count);
    if (count) {
        get_fields(src, fields, count, data);
        return CAIRN_OK;
    }
    for (uint32_t i = 0; i < cairn__decorators(w)[deco].data_size; i++)
        data[i] = (unsigned char)cairn__source_get(src, 1);
    return CAIRN_OK;
}

/* --- writing ----------------------------------------------------------------------------- */

static void put_entity(cairn_sink *s, const cairn_world *w, const cairn_entity *e)
{
    put_cell(s, e->cell);
    cairn__sink_put(s, e->spawn_order, 4);
    cairn__sink_put(s, e->type, 4);
    cairn__sink_put(s, e->facing, 1);
    /* Handlers are code: what a restore can check is which chains hold how many. */
    cairn__sink_put(s, e->own_count, 2);
    for (uint32_t i = 0; i < e->own_count; i++) {
        const cairn_chain *c = e->own[i].chain;
        cairn__sink_put(s, e->own[i].name, 4);
        cairn__sink_put(s, c->list ? c->list->count : 0, 4);
    }
    const cairn_type *t = &cairn__types(w)[e->type];
    for (uint32_t i = 0; i < t->deco_count; i++)
        put_data(s, w, t->decos[i].deco, e->data + t->decos[i].offset);
}

static void put_order(cairn_sink *s, const cairn_world *w, const cairn_order_entry *items,
                      uint32_t count)
{
    uint32_t current = 0;
    for (uint32_t i = 0; i < count; i++)
        current += cairn__entity_current(w, items[i].id);
    cairn__sink_put(s, current, 4);
    for (uint32_t i = 0; i < count; i++) {
        if (!cairn__entity_current(w, items[i].id))
            continue;
        put_id(s, items[i].id);
        cairn__sink_put(s, items[i].spawn_order, 4);
        cairn__sink_put(s, (uint32_t)items[i].priority, 4);
        cairn__sink_put(s, items[i].phase, 1);
    }
}

/* A status_on's magnitude (its value) is a format 4 thing: format 3 wrote 0, for 1. */
static bool magnitude_change(const cairn_change *c)
{
    return c->kind == CAIRN_CHANGE_STATUS_ON || c->kind == CAIRN_CHANGE_STATUS_CHANGED;
}

/* Format 3 has no status_changed: a world it holds leaves out the plain ones (magnitude 1, no
 * source), which only say that a status lasts longer. */
static bool written(const cairn_sink *s, const cairn_change *c)
{
    return s->version >= 4 || c->kind != CAIRN_CHANGE_STATUS_CHANGED;
}

static void put_change(cairn_sink *s, const cairn_change *c)
{
    cairn__sink_put(s, c->kind, 1);
    cairn__sink_put(s, c->phase, 1);
    cairn__sink_put(s, c->detail, 2);
    put_id(s, c->entity);
    put_id(s, c->other);
    put_cell(s, c->from);
    put_cell(s, c->to);
    cairn__sink_put(s, (uint32_t)c->amount, 4);
    cairn__sink_put(s, s->version < 4 && magnitude_change(c) ? 0 : (uint32_t)c->value, 4);
}

/* The oldest format that holds the world (see SNAPSHOT_VERSION). */
static uint32_t format_of(const cairn_world *w)
{
    for (uint32_t i = 0; i < w->entities.count; i++) {
        const cairn_entity *e = &w->entities.slots[i];
        if (!(e->flags & CAIRN_ENTITY_USED))
            continue;
        cairn_entity_id id = {i, e->generation};
        const void *data = cairn__data((cairn_world *)w, id, CAIRN_DECO_STATUSED);
        if (data && !cairn__statused_plain(data))
            return 4;
        /* an attack's status, or the numbers of one, that format 3 could not keep */
        const cairn_attacking *a = cairn__data((cairn_world *)w, id, CAIRN_DECO_ATTACKING);
        if (a && !cairn__attack_as_before(&a->attack))
            return 4;
    }
    for (uint32_t i = 0; i < w->history_count; i++) {
        const cairn_change *c = &w->history[i];
        if (magnitude_change(c) && (c->value != 1 || c->other.generation))
            return 4;
    }
    return 3;
}

static void write_world(cairn_sink *s, const cairn_world *w)
{
    s->version = format_of(w);
    cairn__sink_put(s, SNAPSHOT_MAGIC, 4);
    cairn__sink_put(s, s->version, 4);
    cairn__sink_put(s, (uint32_t)w->grid.width, 4);
    cairn__sink_put(s, (uint32_t)w->grid.height, 4);
    /* What the ids in the stream index: a world made by other definitions is refused. */
    cairn__sink_put(s, w->registry[CAIRN_KIND_TYPE].names.count, 4);
    cairn__sink_put(s, w->registry[CAIRN_KIND_DECORATOR].names.count, 4);
    cairn__sink_put(s, w->registry[CAIRN_KIND_CHAIN].names.count, 4);
    cairn__sink_put(s, w->registry[CAIRN_KIND_STATUS].names.count, 4);
    cairn__sink_put(s, w->registry[CAIRN_KIND_SEQUENCE].names.count, 4);
    cairn__sink_put(s, w->registry[CAIRN_KIND_CHANGE].names.count, 4);
    cairn__sink_put(s, w->beat, 8);
    cairn__sink_put(s, w->rng.state, 8);
    cairn__sink_put(s, w->rng.inc, 8);

    const cairn_entities *es = &w->entities;
    cairn__sink_put(s, es->count, 4);
    cairn__sink_put(s, es->free_head, 4);
    cairn__sink_put(s, es->next_spawn_order, 4);
    for (uint32_t i = 0; i < es->count; i++) {
        const cairn_entity *e = &es->slots[i];
        cairn__sink_put(s, e->generation, 4);
        cairn__sink_put(s, e->flags, 1);
        if (e->flags & CAIRN_ENTITY_USED)
            put_entity(s, w, e);
        else
            cairn__sink_put(s, e->next_free, 4);
    }
    cairn__sink_put(s, es->dying_count, 4);
    for (uint32_t i = 0; i < es->dying_count; i++)
        put_id(s, es->dying[i]);

    put_order(s, w, w->order.items, w->order.count);
    put_order(s, w, w->order.pending, w->order.pending_count);

    uint32_t changes = 0;
    for (uint32_t i = 0; i < w->history_count; i++)
        changes += written(s, &w->history[i]);
    cairn__sink_put(s, changes, 4);
    for (uint32_t i = 0; i < w->history_count; i++)
        if (written(s, &w->history[i]))
            put_change(s, &w->history[i]);

    cairn__sink_put(s, w->portal_count, 4);
    for (uint32_t i = 0; i < w->portal_count; i++) {
        const cairn_portal *p = &w->portals[i];
        put_cell(s, p->a);
        cairn__sink_put(s, (uint8_t)p->a_side, 1);
        put_cell(s, p->b);
        cairn__sink_put(s, (uint8_t)p->b_side, 1);
    }
}

uint64_t cairn_world_checksum(const cairn_world *w)
{
    cairn_sink s = {UINT64_C(0xcbf29ce484222325), NULL, CAIRN_OK, 0};
    write_world(&s, w);
    return s.hash;
}

static cairn_err between_beats(cairn_world *w, const char *what)
{
    if (w->in_beat || w->pass_depth || w->act_depth || w->phase != CAIRN_PHASE_OUTSIDE)
        return cairn_world_fail(w, CAIRN_ERR_STATE, "a world can be %s only between beats", what);
    if (!little_endian())
        return cairn_world_fail(w, CAIRN_ERR_STATE, "snapshots need a little-endian machine");
    return CAIRN_OK;
}

/* Every handler an entity holds of its own must be one a restore puts back: a status's. */
static cairn_err check_restorable(cairn_world *w, const cairn_entity *e)
{
    cairn_entity_id id = {(uint32_t)(e - w->entities.slots), e->generation};
    cairn_err st = cairn__statused_check(w, id);
    if (st)
        return st;
    const cairn_type *t = &cairn__types(w)[e->type];
    for (uint32_t i = 0; i < e->own_count; i++) {
        cairn_chain_id name = e->own[i].name;
        const cairn_chain *mine = e->own[i].chain;
        const cairn_chain *shared = name < t->chain_cap ? t->chains[name] : NULL;
        uint32_t have = mine->list ? mine->list->count : 0;
        uint32_t from_type = shared && shared->list ? shared->list->count : 0;
        if (have != from_type + cairn__statused_handlers_on(w, id, name))
            return cairn_world_fail(w, CAIRN_ERR_STATE,
                                    "entity %u (%s) holds handlers of its own on chain %s that "
                                    "no status hooked: they are code, which a snapshot cannot "
                                    "keep (give a lasting handler a status)",
                                    id.index, cairn_type_name(w, e->type),
                                    cairn_chain_name(w, name));
    }
    return CAIRN_OK;
}

cairn_err cairn_world_snapshot(cairn_world *w, const void **bytes, size_t *size)
{
    cairn_err st = between_beats(w, "snapshot");
    if (st)
        return st;
    for (uint32_t i = 0; i < w->entities.count; i++) {
        const cairn_entity *e = &w->entities.slots[i];
        if ((e->flags & CAIRN_ENTITY_USED) && (st = check_restorable(w, e)))
            return st;
    }
    w->snapshot_size = 0;
    cairn_sink s = {UINT64_C(0xcbf29ce484222325), w, CAIRN_OK, 0};
    write_world(&s, w);
    if (s.code)
        return cairn_world_fail(w, s.code, "no memory for a snapshot of %zu bytes",
                                w->snapshot_size);
    *bytes = w->snapshot;
    *size = w->snapshot_size;
    return CAIRN_OK;
}

/* --- reading ----------------------------------------------------------------------------- */

static cairn_err damaged(cairn_world *w, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static cairn_err damaged(cairn_world *w, const char *fmt, ...)
{
    char detail[128];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(detail, sizeof detail, fmt, ap);
    va_end(ap);
    return cairn_world_fail(w, CAIRN_ERR_INVALID, "the snapshot is damaged: %s", detail);
}

/* Destroys every entity, as cairn_entity_destroy does, and empties what refers to them. */
static void wipe(cairn_world *w)
{
    cairn_entities *es = &w->entities;
    for (uint32_t i = 0; i < es->count; i++) {
        cairn_entity *e = &es->slots[i];
        if (e->flags & CAIRN_ENTITY_USED)
            cairn_entity_destroy(w, (cairn_entity_id){i, e->generation});
    }
    if (es->count)
        memset(es->slots, 0, (size_t)es->count * sizeof *es->slots);
    es->count = es->free_head = es->alive = es->next_spawn_order = es->dying_count = 0;
    w->order.count = w->order.pending_count = 0;
    w->order.stale = false;
    w->history_count = 0;
    cairn_portal_clear(w);
}

static cairn_err check_header(cairn_world *w, cairn_source *src)
{
    if (cairn__source_get(src, 4) != SNAPSHOT_MAGIC)
        return cairn_world_fail(w, CAIRN_ERR_INVALID, "these bytes are not a world's snapshot");
    uint32_t version = (uint32_t)cairn__source_get(src, 4);
    src->version = version;
    if (version > SNAPSHOT_VERSION || version < 2)
        return cairn_world_fail(w, CAIRN_ERR_INVALID,
                                "the snapshot is of format %u; this cairn reads formats 2 to %d",
                                version, SNAPSHOT_VERSION);
    int32_t width = (int32_t)(uint32_t)cairn__source_get(src, 4);
    int32_t height = (int32_t)(uint32_t)cairn__source_get(src, 4);
    if (width != w->grid.width || height != w->grid.height)
        return cairn_world_fail(w, CAIRN_ERR_INVALID,
                                "the snapshot is of a %dx%d world; this one is %dx%d", (int)width,
                                (int)height, (int)w->grid.width, (int)w->grid.height);
    const struct {
        const char *what;
        uint32_t here;
    } counts[] = {
        {"types", w->registry[CAIRN_KIND_TYPE].names.count},
        {"decorators", w->registry[CAIRN_KIND_DECORATOR].names.count},
        {"chains", w->registry[CAIRN_KIND_CHAIN].names.count},
        {"statuses", w->registry[CAIRN_KIND_STATUS].names.count},
        {"sequences", w->registry[CAIRN_KIND_SEQUENCE].names.count},
        {"kinds of change", w->registry[CAIRN_KIND_CHANGE].names.count},
    };
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
        uint32_t there = (uint32_t)cairn__source_get(src, 4);
        if (there != counts[i].here)
            return cairn_world_fail(w, CAIRN_ERR_INVALID,
                                    "the snapshot was made with other definitions: %u %s, "
                                    "where this world has %u",
                                    there, counts[i].what, counts[i].here);
    }
    return src->short_read ? damaged(w, "cut short in its header") : CAIRN_OK;
}

/* The built-in fields that name something: a bad one would index past a table later. */
static cairn_err check_names(cairn_world *w, const cairn_entity *e)
{
    cairn_entity_id id = {(uint32_t)(e - w->entities.slots), e->generation};
    const cairn_acting *a = cairn__data(w, id, CAIRN_DECO_ACTING);
    if (a && (a->next.id >= w->registry[CAIRN_KIND_ACTION].names.count ||
              a->next.dir > CAIRN_DIR_NONE || a->movs >= w->registry[CAIRN_KIND_MOVS].names.count ||
              a->algo >= w->registry[CAIRN_KIND_ALGO].names.count))
        return damaged(w, "entity %u acts by names it cannot have", id.index);
    const cairn_player_control *p = cairn__data(w, id, CAIRN_DECO_PLAYER_CONTROL);
    if (p && (p->input.id >= w->registry[CAIRN_KIND_ACTION].names.count ||
              p->input.dir > CAIRN_DIR_NONE))
        return damaged(w, "entity %u has an input it cannot have", id.index);
    const cairn_sequential *q = cairn__data(w, id, CAIRN_DECO_SEQUENTIAL);
    if (q && q->sequence >= w->registry[CAIRN_KIND_SEQUENCE].names.count)
        return damaged(w, "entity %u follows sequence %u", id.index, (unsigned)q->sequence);
    const cairn_attacking *k = cairn__data(w, id, CAIRN_DECO_ATTACKING);
    const cairn_attackable *t = cairn__data(w, id, CAIRN_DECO_ATTACKABLE);
    if ((k && k->attack.source >= CAIRN_SOURCE_MAX) || (t && t->team > 31))
        return damaged(w, "entity %u has a source or team out of range", id.index);
    if (k && k->attack.inflicts != CAIRN_STATUS_NONE &&
        k->attack.inflicts >= w->registry[CAIRN_KIND_STATUS].names.count)
        return damaged(w, "entity %u inflicts status %u", id.index, (unsigned)k->attack.inflicts);
    return CAIRN_OK;
}

/* Gives the entity copies of the chains it had its own of, as its type has them; the
 * statuses' attach functions then add theirs, and the counts must come out as they were written. */
static cairn_err get_own_chains(cairn_world *w, cairn_source *src, cairn_entity *e,
                                cairn_source *counts)
{
    uint16_t n = (uint16_t)cairn__source_get(src, 2);
    *counts = *src;
    for (uint16_t i = 0; i < n; i++) {
        cairn_chain_id name = (cairn_chain_id)cairn__source_get(src, 4);
        cairn__source_get(src, 4);
        if (name >= w->registry[CAIRN_KIND_CHAIN].names.count || src->short_read)
            return damaged(w, "entity %u holds chain %u", (unsigned)(e - w->entities.slots),
                           (unsigned)name);
        for (uint16_t k = 0; k < e->own_count; k++)
            if (e->own[k].name == name)
                return damaged(w, "entity %u holds chain %u twice",
                               (unsigned)(e - w->entities.slots), (unsigned)name);
        const cairn_type *t = cairn__type(w, e->type);
        cairn_err st =
            cairn__reserve(w, (void **)&e->own, &e->own_cap, e->own_count + 1u, sizeof *e->own);
        if (st)
            return st;
        cairn_chain *copy =
            cairn__chain_copy(w, name < t->chain_cap ? t->chains[name] : NULL, name, e->type);
        if (!copy)
            return CAIRN_ERR_NOMEM;
        e->own[e->own_count++] = (cairn_own_chain){name, copy};
    }
    return CAIRN_OK;
}

static cairn_err check_own_counts(cairn_world *w, const cairn_entity *e, cairn_source counts)
{
    for (uint32_t i = 0; i < e->own_count; i++) {
        cairn__source_get(&counts, 4);
        uint32_t want = (uint32_t)cairn__source_get(&counts, 4);
        const cairn_chain *c = e->own[i].chain;
        uint32_t have = c->list ? c->list->count : 0;
        if (have != want)
            return cairn_world_fail(w, CAIRN_ERR_INVALID,
                                    "entity %u had %u handlers on chain %s, and its statuses "
                                    "put back %u: its statuses hook other handlers than when "
                                    "the snapshot was made",
                                    (unsigned)(e - w->entities.slots), want,
                                    cairn_chain_name(w, e->own[i].name), have);
    }
    return CAIRN_OK;
}

static cairn_err get_entity(cairn_world *w, cairn_source *src, uint32_t index, uint8_t flags)
{
    cairn_entity *e = &w->entities.slots[index];
    cairn_cell cell = get_cell(src);
    uint32_t spawn_order = (uint32_t)cairn__source_get(src, 4);
    uint32_t type_id = (uint32_t)cairn__source_get(src, 4);
    uint8_t facing = (uint8_t)cairn__source_get(src, 1);
    if (type_id >= w->registry[CAIRN_KIND_TYPE].names.count || facing > CAIRN_DIR_NONE ||
        (flags & ~(CAIRN_ENTITY_USED | CAIRN_ENTITY_DEAD | CAIRN_ENTITY_PLACED |
                   CAIRN_ENTITY_DIED_PLACED)) ||
        ((flags & CAIRN_ENTITY_DIED_PLACED) &&
         (flags & (CAIRN_ENTITY_DEAD | CAIRN_ENTITY_PLACED)) != CAIRN_ENTITY_DEAD))
        return damaged(w, "entity %u has type %u", index, type_id);
    /* The dead are off the grid. A snapshot made when they kept their cell until the reap
     * says they are on it: they died there. */
    if ((flags & CAIRN_ENTITY_DEAD) && (flags & CAIRN_ENTITY_PLACED))
        flags = (uint8_t)((flags & ~CAIRN_ENTITY_PLACED) | CAIRN_ENTITY_DIED_PLACED);
    cairn_type *type = cairn__type(w, type_id);
    cairn_err st = cairn__type_seal(w, type);
    if (st)
        return st;
    unsigned char *block = cairn__type_block_take(w, type);
    if (type->data_size && !block)
        return CAIRN_ERR_NOMEM;
    /* From here the slot is an entity that cairn_entity_destroy can take apart. */
    e->type = (cairn_type_id)type_id;
    e->data = block;
    e->flags = CAIRN_ENTITY_USED | (flags & (CAIRN_ENTITY_DEAD | CAIRN_ENTITY_DIED_PLACED));
    e->facing = facing;
    e->spawn_order = spawn_order;
    if (!(flags & CAIRN_ENTITY_DEAD))
        w->entities.alive++;
    cairn_entity_id id = {index, e->generation};
    e->cell = cell; /* off the grid, the cell it was last on */
    if ((flags & CAIRN_ENTITY_PLACED) && (st = cairn_grid_place(w, id, cell)))
        return damaged(w, "entity %u stands where it cannot", index);
    cairn_source counts;
    if ((st = get_own_chains(w, src, e, &counts)))
        return st;
    for (uint32_t i = 0; i < type->deco_count; i++) {
        cairn_decorator_id deco = type->decos[i].deco;
        if ((st = get_data(w, src, deco, w->entities.slots[index].data + type->decos[i].offset)))
            return st;
    }
    if (src->short_read)
        return damaged(w, "cut short in entity %u", index);
    if ((st = check_names(w, e)) || (st = cairn__statused_reattach(w, id)))
        return st;
    return check_own_counts(w, &w->entities.slots[index], counts);
}

/* The free list must lead through free slots only, each once: take_slot trusts it. */
static cairn_err check_free_list(cairn_world *w)
{
    const cairn_entities *es = &w->entities;
    uint32_t at = es->free_head, steps = 0;
    while (at) {
        if (at > es->count || (es->slots[at - 1].flags & CAIRN_ENTITY_USED) || ++steps > es->count)
            return damaged(w, "its free list is broken at slot %u", at - 1);
        at = es->slots[at - 1].next_free;
    }
    return CAIRN_OK;
}

static cairn_err get_order(cairn_world *w, cairn_source *src, cairn_order_entry **items,
                           uint32_t *count, uint32_t *cap)
{
    uint32_t n = (uint32_t)cairn__source_get(src, 4);
    if (n > w->entities.count)
        return damaged(w, "%u entities in its beat order", n);
    cairn_err st = cairn__reserve(w, (void **)items, cap, n, sizeof **items);
    if (st)
        return st;
    for (uint32_t i = 0; i < n; i++) {
        cairn_order_entry *o = &(*items)[i];
        o->id = get_id(src);
        o->spawn_order = (uint32_t)cairn__source_get(src, 4);
        o->priority = (int32_t)(uint32_t)cairn__source_get(src, 4);
        o->phase = (uint8_t)cairn__source_get(src, 1);
        if (!cairn__entity_current(w, o->id) || o->phase >= CAIRN_PHASE_COUNT)
            return damaged(w, "its beat order names entity %u", o->id.index);
    }
    *count = n;
    return CAIRN_OK;
}

/* A change's detail names a type, a status, a source or a sequence, by its kind. */
static bool change_ok(const cairn_world *w, const cairn_change *c)
{
    if (c->kind >= CAIRN_CHANGE_KIND_COUNT || c->phase >= CAIRN_PHASE_COUNT)
        return false;
    switch (c->kind) {
    case CAIRN_CHANGE_SPAWNED:
    case CAIRN_CHANGE_DIED:
        return c->detail < w->registry[CAIRN_KIND_TYPE].names.count;
    case CAIRN_CHANGE_STATUS_ON:
    case CAIRN_CHANGE_STATUS_OFF:
    case CAIRN_CHANGE_STATUS_CHANGED:
        return c->detail < w->registry[CAIRN_KIND_STATUS].names.count;
    case CAIRN_CHANGE_ATTACKED:
        return c->detail < CAIRN_SOURCE_MAX;
    case CAIRN_CHANGE_STEP:
        return c->detail < w->registry[CAIRN_KIND_SEQUENCE].names.count;
    case CAIRN_CHANGE_CONTENT:
        return c->detail < w->registry[CAIRN_KIND_CHANGE].names.count;
    case CAIRN_CHANGE_TURNED:
        return (uint32_t)c->amount <= CAIRN_DIR_NONE && (uint32_t)c->value <= CAIRN_DIR_NONE;
    default:
        return true;
    }
}

static cairn_err get_history(cairn_world *w, cairn_source *src)
{
    uint32_t n = (uint32_t)cairn__source_get(src, 4);
    if (n > (size_t)(src->end - src->at) / 40) /* each change takes 40 bytes */
        return damaged(w, "%u changes in its history", n);
    cairn_err st = cairn__reserve(w, (void **)&w->history, &w->history_cap, n, sizeof *w->history);
    if (st)
        return st;
    for (uint32_t i = 0; i < n; i++) {
        cairn_change *c = &w->history[i];
        c->kind = (uint8_t)cairn__source_get(src, 1);
        c->phase = (uint8_t)cairn__source_get(src, 1);
        c->detail = (uint16_t)cairn__source_get(src, 2);
        c->entity = get_id(src);
        c->other = get_id(src);
        c->from = get_cell(src);
        c->to = get_cell(src);
        c->amount = (int32_t)(uint32_t)cairn__source_get(src, 4);
        c->value = (int32_t)(uint32_t)cairn__source_get(src, 4);
        if (src->version < 4 && magnitude_change(c))
            c->value = 1;
        if (!change_ok(w, c))
            return damaged(w, "change %u of its history cannot be", i);
    }
    w->history_count = n;
    return CAIRN_OK;
}

static cairn_err read_entities(cairn_world *w, cairn_source *src)
{
    cairn_entities *es = &w->entities;
    uint32_t count = (uint32_t)cairn__source_get(src, 4);
    uint32_t free_head = (uint32_t)cairn__source_get(src, 4);
    uint32_t next_spawn_order = (uint32_t)cairn__source_get(src, 4);
    /* Each slot takes at least 9 bytes of the stream. */
    if (count > CAIRN_ENTITY_MAX || count > (size_t)(src->end - src->at) / 9)
        return damaged(w, "%u entity slots", count);
    cairn_err st = cairn__reserve(w, (void **)&es->slots, &es->cap, count, sizeof *es->slots);
    if (st)
        return st;
    es->count = count;
    if (count)
        memset(es->slots, 0, (size_t)count * sizeof *es->slots);
    for (uint32_t i = 0; i < count && !st; i++) {
        cairn_entity *e = &es->slots[i];
        e->generation = (uint32_t)cairn__source_get(src, 4);
        uint8_t flags = (uint8_t)cairn__source_get(src, 1);
        if (!(flags & CAIRN_ENTITY_USED)) {
            e->next_free = (uint32_t)cairn__source_get(src, 4);
            if (flags)
                st = damaged(w, "free slot %u has flags %u", i, (unsigned)flags);
        } else if (e->generation == 0) {
            st = damaged(w, "entity %u has generation 0", i);
        } else {
            st = get_entity(w, src, i, flags);
        }
    }
    es->free_head = free_head;
    es->next_spawn_order = next_spawn_order;
    if (st || (st = check_free_list(w)))
        return st;
    uint32_t dying = (uint32_t)cairn__source_get(src, 4);
    if (dying > count)
        return damaged(w, "%u entities dying", dying);
    if ((st = cairn__reserve(w, (void **)&es->dying, &es->dying_cap, dying, sizeof *es->dying)))
        return st;
    for (uint32_t i = 0; i < dying; i++) {
        cairn_entity_id id = get_id(src);
        if (!cairn__entity_current(w, id) || !(es->slots[id.index].flags & CAIRN_ENTITY_DEAD))
            return damaged(w, "entity %u is dying but not dead", id.index);
        es->dying[es->dying_count++] = id;
    }
    return CAIRN_OK;
}

/* The portals, each checked as cairn_portal_add checks one (version 3 on). */
static cairn_err get_portals(cairn_world *w, cairn_source *src)
{
    if (src->version < 3)
        return CAIRN_OK;
    uint32_t n = (uint32_t)cairn__source_get(src, 4);
    /* each takes 18 bytes of the stream */
    if (n > CAIRN_PORTAL_MAX || n > (size_t)(src->end - src->at) / 18)
        return damaged(w, "%u portals", n);
    cairn_err st;
    if ((st = cairn__portal_reserve(w, n)))
        return st;
    for (uint32_t i = 0; i < n; i++) {
        cairn_portal p;
        p.a = get_cell(src);
        p.a_side = (cairn_dir)cairn__source_get(src, 1);
        p.b = get_cell(src);
        p.b_side = (cairn_dir)cairn__source_get(src, 1);
        if (cairn__portal_check(w, &p))
            return damaged(w, "portal %u: %s", i, cairn_world_error(w));
        w->portals[w->portal_count++] = p;
    }
    return cairn__portal_reindex(w);
}

static cairn_err read_world(cairn_world *w, cairn_source *src)
{
    cairn_err st;
    uint64_t beat = cairn__source_get(src, 8);
    cairn_rng rng;
    rng.state = cairn__source_get(src, 8);
    rng.inc = cairn__source_get(src, 8);
    if (!(rng.inc & 1))
        return damaged(w, "its generator is not a generator's state");
    if ((st = read_entities(w, src)) ||
        (st = get_order(w, src, &w->order.items, &w->order.count, &w->order.cap)) ||
        (st = get_order(w, src, &w->order.pending, &w->order.pending_count,
                        &w->order.pending_cap)) ||
        (st = get_history(w, src)) || (st = get_portals(w, src)))
        return st;
    if (src->short_read)
        return damaged(w, "cut short");
    if (src->at != src->end)
        return damaged(w, "%u bytes follow its end", (unsigned)(src->end - src->at));
    w->beat = beat;
    w->rng = rng;
    return CAIRN_OK;
}

cairn_err cairn_world_restore(cairn_world *w, const void *bytes, size_t size)
{
    cairn_err st = between_beats(w, "restored");
    if (st)
        return st;
    if (!bytes && size)
        return cairn_world_fail(w, CAIRN_ERR_INVALID, "no bytes to restore from");
    cairn_source src = {bytes, (const unsigned char *)bytes + size, false, 0};
    /* Bytes of another world's kind are refused before anything is touched. */
    if ((st = check_header(w, &src)))
        return st;
    wipe(w);
    if ((st = read_world(w, &src)) == CAIRN_OK)
        return CAIRN_OK;
    cairn_error saved = w->error;
    wipe(w);
    w->error = saved;
    return st;
}
