/*
 * checksum.c - a number summing up the world's state, for replays to catch a divergence and
 * for tests to compare two runs. It hashes values field by field, never raw memory: a data
 * block holds pointers (this beat's event, a status table) and padding, which differ between
 * runs that are the same game.
 */
#include <string.h>

#include "world.h"

typedef struct hasher {
    uint64_t h;
} hasher;

/* FNV-1a over the value's bytes, least significant first, so the sum is the same on any
 * machine. */
void cairn__hash_mix(uint64_t *h, uint64_t v, int bytes)
{
    for (int i = 0; i < bytes; i++) {
        *h ^= (v >> (8 * i)) & 0xff;
        *h *= UINT64_C(0x100000001b3);
    }
}

static void mix(hasher *s, uint64_t v, int bytes)
{
    cairn__hash_mix(&s->h, v, bytes);
}

static void mix32(hasher *s, int64_t v)
{
    mix(s, (uint64_t)v, 4);
}

static void mix_attack(hasher *s, const cairn_attacking *a)
{
    mix32(s, a->attack.damage);
    mix32(s, a->attack.pierce);
    mix32(s, a->attack.power);
    mix32(s, a->attack.source);
    mix32(s, a->attack.targets);
    mix32(s, a->push.distance);
    mix32(s, a->push.power);
}

/* One decorator's data of one entity. */
static void mix_data(hasher *s, const cairn_world *w, cairn_decorator_id deco,
                     const unsigned char *data)
{
    switch (deco) {
    case CAIRN_DECO_ACTING: {
        const cairn_acting *a = (const void *)data;
        mix32(s, a->next.id);
        mix32(s, a->next.dir);
        mix32(s, a->movs);
        mix32(s, a->algo);
        mix32(s, a->priority);
        mix32(s, a->did_action);
        return;
    }
    case CAIRN_DECO_ATTACKING:
        mix_attack(s, (const void *)data);
        return;
    case CAIRN_DECO_ATTACKABLE: {
        const cairn_attackable *a = (const void *)data;
        mix32(s, a->team);
        mix32(s, a->armor);
        mix32(s, a->pierce_resistance);
        for (int i = 0; i < CAIRN_SOURCE_MAX; i++)
            mix32(s, a->resistance[i]);
        return;
    }
    case CAIRN_DECO_MOVING:
    case CAIRN_DECO_PUSHABLE:
    case CAIRN_DECO_DIGGING:
    case CAIRN_DECO_DIGGABLE: {
        int32_t v;
        memcpy(&v, data, sizeof v); /* each of these is a single int32_t */
        mix32(s, v);
        return;
    }
    case CAIRN_DECO_WITH_HP: {
        const cairn_with_hp *hp = (const void *)data;
        mix32(s, hp->hp);
        mix32(s, hp->max);
        return;
    }
    case CAIRN_DECO_SEQUENTIAL: {
        const cairn_sequential *q = (const void *)data;
        mix32(s, q->sequence);
        mix32(s, q->step);
        mix32(s, q->done);
        mix32(s, q->entered);
        return;
    }
    case CAIRN_DECO_PLAYER_CONTROL: {
        const cairn_player_control *p = (const void *)data;
        mix32(s, p->input.id);
        mix32(s, p->input.dir);
        mix32(s, p->has_input);
        return;
    }
    case CAIRN_DECO_STATUSED:
        cairn__statused_mix(data, &s->h);
        return;
    default:
        /* Decorators defined outside the core: their data, byte by byte (see core.h). */
        for (uint32_t i = 0; i < w->decorators[deco].data_size; i++)
            mix(s, data[i], 1);
        return;
    }
}

static void mix_entity(hasher *s, const cairn_world *w, const cairn_entity *e)
{
    mix32(s, e->cell.x);
    mix32(s, e->cell.y);
    mix32(s, e->spawn_order);
    mix32(s, e->type);
    mix32(s, e->facing);
    /* Hooks are functions: what can be compared is how many there are on which chains. */
    mix32(s, e->own_count);
    for (uint32_t i = 0; i < e->own_count; i++) {
        const cairn_chain *c = e->own[i].chain;
        mix32(s, e->own[i].name);
        mix32(s, c->list ? c->list->count : 0);
    }
    const cairn_type *t = &w->types[e->type];
    for (uint32_t i = 0; i < t->deco_count; i++)
        mix_data(s, w, t->decos[i].deco, e->data + t->decos[i].offset);
}

uint64_t cairn_world_checksum(const cairn_world *w)
{
    hasher s = {UINT64_C(0xcbf29ce484222325)};
    mix32(&s, w->grid.width);
    mix32(&s, w->grid.height);
    mix(&s, w->beat, 8);
    mix(&s, w->rng.state, 8);
    mix(&s, w->rng.inc, 8);
    mix32(&s, (int64_t)w->next_handler_id);
    const cairn_entities *es = &w->entities;
    /* The free list decides the ids of entities to come, so it is state too. */
    mix32(&s, es->count);
    mix32(&s, es->free_head);
    mix32(&s, es->next_spawn_order);
    for (uint32_t i = 0; i < es->count; i++) {
        const cairn_entity *e = &es->slots[i];
        mix32(&s, e->generation);
        mix32(&s, e->flags);
        if (e->flags & CAIRN_ENTITY_USED)
            mix_entity(&s, w, e);
        else
            mix32(&s, e->next_free);
    }
    return s.h;
}
