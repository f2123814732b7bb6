/*
 * chain.h - chains' insides (chain.c).
 * Private to the core (see world.h).
 */
#ifndef CAIRN_CHAIN_H
#define CAIRN_CHAIN_H

#include "memory.h"

/* --- chains (chain.c) ------------------------------------------------------------------ */

typedef struct cairn_handler_entry {
    cairn_handler_fn fn;
    void *ud;
    cairn_handler_id id; /* ids grow with every add, so within a rank id order is add order */
    uint8_t rank;
} cairn_handler_entry;

/* The handlers of a chain, sorted by (rank, id). A pass pins the list it runs over; a change
 * to a pinned list builds a new list instead and retires the old one, which the last pass to
 * unpin it frees. That is what makes changes during a pass safe and pass-free of allocation.
 * Retired lists still pinned stay linked to the list that replaced them (older/newer), so a
 * removal reaches every list a pass may still be running over: the removed entry's fn is
 * cleared there, and passes skip entries without one. */
typedef struct cairn_handler_list {
    uint32_t pins;
    uint32_t count;
    uint32_t cap;
    bool retired;
    struct cairn_handler_list *older; /* the pinned list this one replaced, if any */
    struct cairn_handler_list *newer; /* the list that replaced this one (retired lists) */
    cairn_handler_entry items[];
} cairn_handler_list;

typedef enum cairn_chain_scope {
    CAIRN_SCOPE_WORLD,
    CAIRN_SCOPE_TEMPLATE,
    CAIRN_SCOPE_ENTITY
} cairn_chain_scope;

struct cairn_chain {
    cairn_handler_list *list; /* NULL while empty */
    cairn_chain_id name;
    uint8_t scope;      /* a cairn_chain_scope */
    cairn_type_id type; /* for templates: whose */
};

/* CAIRN_ERR_INVALID, with a message, for a handler without a function or with a bad rank. */
cairn_err cairn__handler_check(cairn_world *w, cairn_handler handler);
cairn_chain *cairn__chain_new(cairn_world *w, cairn_chain_scope scope, cairn_chain_id name,
                              cairn_type_id type);
/* A new entity-scope chain named `name` holding the same handlers as `from` (may be NULL). */
cairn_chain *cairn__chain_copy(cairn_world *w, const cairn_chain *from, cairn_chain_id name,
                               cairn_type_id type);
void cairn__chain_free(cairn_world *w, cairn_chain *chain);
/* cairn_chain_pass (all false) or cairn_chain_pass_all on the chain of an entity (NONE for a
 * world chain): the entity is only for an observer. */
cairn_err cairn__chain_pass_on(cairn_world *w, cairn_chain *chain, cairn_event *ev, bool all,
                               cairn_entity_id entity);
/* Passes nested this deep need no allocation: the world's stack of passes under way starts
 * with room for them, and only grows (once) for deeper nesting. */
#define CAIRN_PASSES_NESTED 32
/* Ends every pass under way, as their own ends would have (cairn_world_unwound). */
void cairn__passes_let_go(cairn_world *w);
void cairn__passes_free(cairn_world *w);

#endif /* CAIRN_CHAIN_H */
