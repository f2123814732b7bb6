/*
 * entity.h - the entity table (entity.c) and the grid (grid.c).
 * Private to the core (see world.h).
 */
#ifndef CAIRN_ENTITY_H
#define CAIRN_ENTITY_H

#include "type.h"

/* --- entities (entity.c) ---------------------------------------------------------------- */

enum {
    CAIRN_ENTITY_USED = 1 << 0,   /* the slot holds an entity */
    CAIRN_ENTITY_DEAD = 1 << 1,   /* killed, waiting for the end of the beat */
    CAIRN_ENTITY_PLACED = 1 << 2, /* on the grid */
    /* Dead, and on the grid when it died: it left the grid then, and `cell` is where it was.
     * Never with PLACED: the dead cannot be put back. */
    CAIRN_ENTITY_DIED_PLACED = 1 << 3,
};

typedef struct cairn_own_chain {
    cairn_chain_id name;
    cairn_chain *chain;
} cairn_own_chain;

/* One slot of the entity table. Kept small: the benchmark counts bytes per entity. */
struct cairn_entity {
    uint32_t generation;
    uint32_t next_free; /* when the slot is free: the next free slot's index + 1 */
    cairn_cell cell;
    uint32_t spawn_order; /* creation order, for stable orderings */
    cairn_type_id type;
    uint8_t flags;
    uint8_t facing;
    uint16_t own_count; /* chains this entity has its own copy of (at most one per name) */
    uint32_t own_cap;
    cairn_own_chain *own;
    unsigned char *data;
};

typedef struct cairn_entities {
    cairn_entity *slots;
    uint32_t count; /* slots ever used */
    uint32_t cap;
    uint32_t free_head; /* index + 1 of the first free slot, 0 if none */
    uint32_t alive;
    uint32_t next_spawn_order;
    cairn_entity_id *dying; /* killed this beat, in order of death */
    uint32_t dying_count;
    uint32_t dying_cap;
} cairn_entities;

/* The slot of a current id, or NULL with the world's error set. */
cairn_entity *cairn__entity(cairn_world *w, cairn_entity_id id);
/* Destroys the entities killed so far, in the order they died. */
void cairn__entities_reap(cairn_world *w);
void cairn__entities_free(cairn_world *w);
/* cairn_entity_kill with the cause the entity_died event and the history name (the attacker
 * whose damage killed it, the digger; NONE when there is none). */
cairn_err cairn__entity_kill(cairn_world *w, cairn_entity_id id, cairn_entity_id cause);
/* Turns a current entity to face dir; the mechanics hear of it when its facing changes. */
cairn_err cairn__entity_turn(cairn_world *w, cairn_entity_id id, cairn_dir facing);
/* Calls fn for each entity of a type holding its own copy of a chain, in slot order. */
cairn_err cairn__entities_each_copy(cairn_world *w, cairn_type_id type, cairn_chain_id name,
                                    cairn_err (*fn)(cairn_world *w, cairn_chain *copy, void *ud),
                                    void *ud);

/* --- the grid (grid.c) ------------------------------------------------------------------ */

typedef struct cairn_grid {
    int32_t width;
    int32_t height;
    uint32_t *cells; /* width * height * CAIRN_LAYER_COUNT: entity index + 1, 0 is empty */
} cairn_grid;

cairn_err cairn__grid_init(cairn_world *w, int32_t width, int32_t height);
void cairn__grid_free(cairn_world *w);
/* OK if cell is in bounds and empty on that layer; CAIRN_ERR_BOUNDS or CAIRN_ERR_OCCUPIED. */
cairn_err cairn__grid_check_free(cairn_world *w, unsigned layer, cairn_cell cell);
/* Clears an entity's cell on its layer, if it is placed. Never fails. */
void cairn__grid_unlink(cairn_world *w, cairn_entity *e);

/* --- portals (portal.c) ------------------------------------------------------------------- */

/* OK when a portal's cells are on the grid, its sides n, e, s or w and its edges two;
 * otherwise the error, with the world's message. */
cairn_err cairn__portal_check(cairn_world *w, const cairn_portal *p);
/* Makes room for `need` portals (the list and its index). */
cairn_err cairn__portal_reserve(cairn_world *w, uint32_t need);
/* Rebuilds the indexes from the list (after a restore). */
cairn_err cairn__portal_reindex(cairn_world *w);
/* Frees the list and the index (the world's destruction). */
void cairn__portal_free(cairn_world *w);

#endif /* CAIRN_ENTITY_H */
