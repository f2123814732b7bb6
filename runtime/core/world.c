/*
 * world.c - creating and destroying worlds, world-level chains, chain names and the beat.
 */
#include <stdio.h>
#include <string.h>

#include "world.h"

/* Registered by every world in this order, so their ids are the CAIRN_CHAIN_* constants. */
static const char *const builtin_chains[CAIRN_CHAIN_BUILTIN_COUNT] = {
    [CAIRN_CHAIN_BEAT_START] = "beat_start",
    [CAIRN_CHAIN_BEAT_END] = "beat_end",
    [CAIRN_CHAIN_ENTITY_SPAWNED] = "entity_spawned",
    [CAIRN_CHAIN_ENTITY_DIED] = "entity_died",
    [CAIRN_CHAIN_ACT_CHECK] = "act_check",
    [CAIRN_CHAIN_ACT_SUCCESS] = "act_success",
    [CAIRN_CHAIN_ACT_FAILURE] = "act_failure",
    [CAIRN_CHAIN_ATTACK_CHECK] = "attack_check",
    [CAIRN_CHAIN_ATTACK_GET] = "attack_get",
    [CAIRN_CHAIN_ATTACK_DO] = "attack_do",
    [CAIRN_CHAIN_ATTACK_SUCCESS] = "attack_success",
    [CAIRN_CHAIN_ATTACK_FAILURE] = "attack_failure",
    [CAIRN_CHAIN_DEFENCE] = "defence",
    [CAIRN_CHAIN_BE_HIT] = "be_hit",
    [CAIRN_CHAIN_MOVE_CHECK] = "move_check",
    [CAIRN_CHAIN_MOVE_GET] = "move_get",
    [CAIRN_CHAIN_MOVE_DO] = "move_do",
    [CAIRN_CHAIN_MOVE_SUCCESS] = "move_success",
    [CAIRN_CHAIN_MOVE_FAILURE] = "move_failure",
    [CAIRN_CHAIN_DISPLACE_CHECK] = "displace_check",
    [CAIRN_CHAIN_DISPLACED] = "displaced",
    [CAIRN_CHAIN_PUSH_CHECK] = "push_check",
    [CAIRN_CHAIN_BE_PUSHED] = "be_pushed",
    [CAIRN_CHAIN_DIG_CHECK] = "dig_check",
    [CAIRN_CHAIN_DIG_GET] = "dig_get",
    [CAIRN_CHAIN_DIG_DO] = "dig_do",
    [CAIRN_CHAIN_DIG_SUCCESS] = "dig_success",
    [CAIRN_CHAIN_DIG_FAILURE] = "dig_failure",
    [CAIRN_CHAIN_BE_DUG_CHECK] = "be_dug_check",
    [CAIRN_CHAIN_BE_DUG] = "be_dug",
    [CAIRN_CHAIN_DAMAGED] = "damaged",
    [CAIRN_CHAIN_DIE_CHECK] = "die_check",
    [CAIRN_CHAIN_TICK] = "tick",
};

static cairn_err config_error(cairn_error *err, cairn_err code, const char *message)
{
    if (err) {
        err->code = code;
        snprintf(err->message, sizeof err->message, "%s", message);
    }
    return code;
}

/* Each kind of name: what messages call it, how many ids it may hand out, its record. */
static const struct {
    const char *what;
    uint32_t limit;
    size_t record_size;
} kinds[CAIRN_KIND_COUNT] = {
    [CAIRN_KIND_TYPE] = {"type", UINT16_MAX, sizeof(cairn_type)},
    [CAIRN_KIND_DECORATOR] = {"decorator", UINT16_MAX, sizeof(cairn_decorator)},
    [CAIRN_KIND_CHAIN] = {"chain", UINT16_MAX, sizeof(cairn_chain *)},
    [CAIRN_KIND_ACTION] = {"action", UINT16_MAX, sizeof(cairn_action_def)},
    [CAIRN_KIND_MOVS] = {"movs", UINT16_MAX, sizeof(cairn_movs_def)},
    [CAIRN_KIND_ALGO] = {"algorithm", UINT16_MAX, sizeof(cairn_algo_def)},
    [CAIRN_KIND_SEQUENCE] = {"sequence", UINT16_MAX, sizeof(cairn_sequence_def)},
    [CAIRN_KIND_STATUS] = {"status", UINT16_MAX, sizeof(cairn_status_record)},
    [CAIRN_KIND_SOURCE] = {"attack source", CAIRN_SOURCE_MAX, 1},
    [CAIRN_KIND_CHANGE] = {"kind of change", UINT16_MAX, 1},
};

static cairn_err init(cairn_world *w, const cairn_world_config *config)
{
    for (int kind = 0; kind < CAIRN_KIND_COUNT; kind++)
        cairn__registry_init(&w->registry[kind], kinds[kind].what, kinds[kind].limit,
                             kinds[kind].record_size);
    cairn_rng_seed(&w->rng, config->seed, 0);
    cairn_err st = cairn__grid_init(w, config->width, config->height);
    if (st == CAIRN_OK)
        st = cairn__reserve(w, (void **)&w->passes, &w->passes_cap, CAIRN_PASSES_NESTED,
                            sizeof *w->passes);
    for (int i = 0; st == CAIRN_OK && i < CAIRN_CHAIN_BUILTIN_COUNT; i++)
        st = cairn_chain_register(w, builtin_chains[i], NULL);
    return st ? st : w->mechanics->install(w);
}

cairn_err cairn__world_new(const cairn_world_config *config, const cairn_mechanics *mechanics,
                           cairn_world **out, cairn_error *err)
{
    if (out)
        *out = NULL;
    if (!config || !out)
        return config_error(err, CAIRN_ERR_INVALID, "world_create: NULL argument");
    if (config->width < 1 || config->height < 1 || config->width > CAIRN_GRID_MAX_SIDE ||
        config->height > CAIRN_GRID_MAX_SIDE) {
        char message[CAIRN_ERROR_MESSAGE_SIZE];
        snprintf(message, sizeof message, "world_create: a %dx%d grid; each side must be 1 to %d",
                 (int)config->width, (int)config->height, CAIRN_GRID_MAX_SIDE);
        return config_error(err, CAIRN_ERR_INVALID, message);
    }
    cairn_alloc_fn alloc = config->alloc ? config->alloc : cairn_default_alloc;
    cairn_world *w = alloc(config->alloc_ud, NULL, 0, sizeof *w);
    if (!w)
        return config_error(err, CAIRN_ERR_NOMEM, "world_create: out of memory");
    memset(w, 0, sizeof *w);
    w->alloc = alloc;
    w->alloc_ud = config->alloc_ud;
    w->user = config->user;
    w->mechanics = mechanics;
    w->allocations = 1;
    w->bytes_in_use = sizeof *w;
    cairn_err st = init(w, config);
    if (st) {
        config_error(err, st, w->error.message);
        cairn_world_destroy(w);
        return st;
    }
    *out = w;
    return CAIRN_OK;
}

void cairn_world_destroy(cairn_world *w)
{
    if (!w)
        return;
    /* Entities first: their data blocks go back to the pools that cairn__types_free empties. */
    cairn__entities_free(w);
    cairn__types_free(w);
    for (uint32_t i = 0; i < w->registry[CAIRN_KIND_CHAIN].names.count; i++)
        cairn__chain_free(w, cairn__world_chains(w)[i]);
    w->mechanics->destroy(w);
    for (int kind = 0; kind < CAIRN_KIND_COUNT; kind++)
        cairn__registry_free(w, &w->registry[kind]);
    cairn__passes_free(w);
    cairn__arena_free(w, &w->arena);
    cairn__portal_free(w);
    cairn__grid_free(w);
    cairn__free(w, w->snapshot, w->snapshot_cap);
    w->alloc(w->alloc_ud, w, sizeof *w, 0);
}

cairn_rng *cairn_world_rng(cairn_world *w)
{
    return &w->rng;
}

uint64_t cairn_world_beat(const cairn_world *w)
{
    return w->beat;
}

void cairn_world_get_stats(const cairn_world *w, cairn_world_stats *out)
{
    out->allocations = w->allocations;
    out->bytes_in_use = w->bytes_in_use;
    out->entities_alive = w->entities.alive;
    out->arena_bytes = w->arena.capacity;
}

/* --- chain names and world chains ------------------------------------------------------ */

/* Each name gets its world chain at once, so cairn_world_chain cannot fail for a known name.
 * The chain is made before the name is added, so a failure leaves neither behind. */
cairn_err cairn_chain_register(cairn_world *w, const char *name, cairn_chain_id *out)
{
    uint32_t id;
    if (cairn_lookup(w, CAIRN_KIND_CHAIN, name, &id)) {
        if (out)
            *out = (cairn_chain_id)id;
        return CAIRN_OK;
    }
    cairn_chain *chain = cairn__chain_new(
        w, CAIRN_SCOPE_WORLD, (cairn_chain_id)w->registry[CAIRN_KIND_CHAIN].names.count, 0);
    if (!chain)
        return CAIRN_ERR_NOMEM;
    cairn_chain **record;
    cairn_err st =
        cairn__registry_add(w, &w->registry[CAIRN_KIND_CHAIN], name, &id, (void **)&record);
    if (st) {
        cairn__chain_free(w, chain);
        return st;
    }
    *record = chain;
    if (out)
        *out = (cairn_chain_id)id;
    return CAIRN_OK;
}

cairn_err cairn_chain_find(cairn_world *w, const char *name, cairn_chain_id *out)
{
    return cairn__registry_find16(w, &w->registry[CAIRN_KIND_CHAIN], name, out);
}

const char *cairn_chain_name(const cairn_world *w, cairn_chain_id name)
{
    return cairn_name(w, CAIRN_KIND_CHAIN, name);
}

cairn_err cairn__chain_name_check(cairn_world *w, cairn_chain_id name)
{
    if (name >= w->registry[CAIRN_KIND_CHAIN].names.count)
        return cairn_world_fail(w, CAIRN_ERR_NOT_FOUND, "no chain name has id %u", (unsigned)name);
    return CAIRN_OK;
}

cairn_chain *cairn_world_chain(cairn_world *w, cairn_chain_id name)
{
    return cairn__chain_name_check(w, name) ? NULL : cairn__world_chains(w)[name];
}

void *cairn_world_user(const cairn_world *w)
{
    return w->user;
}

void cairn_world_observe(cairn_world *w, cairn_observer_fn fn, void *ud)
{
    w->observer = fn;
    w->observer_ud = ud;
}
