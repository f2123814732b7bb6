/*
 * event.c - event handles: values naming a core event, valid only in the call that received
 * it (a handler, a callback, an algorithm) or, made outside any call, until the next beat.
 * Using one later raises an error saying so. Fields follow the event's kind; the fields a
 * stage may change (an attack's damage in attack_get, a move's destination in move_get,
 * propagate to veto a check) are writable.
 *
 * Handlers are called often, and a handle that was a new userdata each time would make every
 * call allocate. So a handle is a light userdata: no object at all, but a number that names
 * an entry of the host's list of live events - its index and the stamp the entry got, which
 * no later entry shares. An entry dies with the scope that made it (the call returns, a beat
 * starts, the world goes); a handle whose entry is gone, or was reused under another stamp,
 * is refused. The one metatable of light userdata is the event's: nothing else the runtime
 * gives content is light userdata.
 */
#include <stdlib.h>
#include <string.h>

#include "host.h"

static const char event_meta[] = "cairn.event";

/* A handle's bits: the stamp above, the entry's index below. */
#define INDEX_BITS CAIRN_LUA_EVENT_INDEX_BITS
#define INDEX_MASK ((UINT64_C(1) << INDEX_BITS) - 1)

_Static_assert(sizeof(uintptr_t) >= 8, "event handles need 64-bit light userdata");

/* The live entry a handle names, or NULL. */
static struct cairn_lua_live *entry_of(lua_State *L, int idx)
{
    cairn_lua *h = cairn_lua__from(L);
    uint64_t bits = (uint64_t)(uintptr_t)lua_touserdata(L, idx);
    uint64_t index = bits & INDEX_MASK;
    if (index >= h->live_count || h->live[index].stamp != bits >> INDEX_BITS)
        return NULL;
    return &h->live[index];
}

static const char *const kind_names[CAIRN_EVENT_KIND_COUNT] = {
    "plain", "beat", "entity",   "enclosing", "algo",   "result",
    "hit",   "push", "displace", "damage",    "status",
};

/* "a beat", "an enclosing": the kind with its article, for messages. */
static const char *article(const cairn_event *ev)
{
    static const char *const with_article[CAIRN_EVENT_KIND_COUNT] = {
        "a plain", "a beat", "an entity",  "an enclosing", "an algo",  "a result",
        "a hit",   "a push", "a displace", "a damage",     "a status",
    };
    return ev->kind < CAIRN_EVENT_KIND_COUNT ? with_article[ev->kind] : "a custom";
}

/* A new live entry for ev in the current scope, pushed as its handle. The list never grows
 * past INDEX_MASK + 1 entries, so while an entry is free its index fits in a handle
 * (cairn_lua__push_first_event counts on it). */
bool cairn_lua__push_new_event(lua_State *L, cairn_lua *h, cairn_event *ev)
{
    uint32_t index = h->live_count;
    if (index > INDEX_MASK)
        return false;
    if (index == h->live_cap) {
        uint32_t cap = h->live_cap ? 2 * h->live_cap : 64;
        struct cairn_lua_live *grown = realloc(h->live, cap * sizeof *grown);
        if (!grown)
            return false;
        h->live = grown;
        h->live_cap = cap;
    }
    h->live[index] = (struct cairn_lua_live){ev, ++h->stamp, h->scope_top, 0, 0};
    h->live_count++;
    lua_pushlightuserdata(L, (void *)(uintptr_t)((h->stamp << INDEX_BITS) | index));
    return true;
}

/* --- finding a scope's handle of an event ------------------------------------------------
 * The same event twice in one scope is one handle (ev.algo read twice is ==), so a push asks
 * whether the scope made one already. The live entries are indexed by event in an open
 * addressing table: each place holds an event and its last live entry, and an entry hides the
 * one before it of the same event (prev), which comes back when the entry dies. An entry is
 * indexed when a push first needs it, so a handler that is given one event and asks for no
 * other indexes nothing. A place keeps its event once used, until no entry is indexed. */

#define NO_ENTRY UINT32_MAX

static uint32_t slot_of(cairn_lua *h, const cairn_event *ev)
{
    uint64_t bits = (uint64_t)(uintptr_t)ev;
    uint32_t mask = h->slot_cap - 1;
    uint32_t i = (uint32_t)((bits * UINT64_C(0x9E3779B97F4A7C15)) >> 32) & mask;
    while (h->event_probes++, h->slots[i].ev && h->slots[i].ev != ev)
        i = (i + 1) & mask;
    return i;
}

static void index_entry(cairn_lua *h, uint32_t index)
{
    struct cairn_lua_live *e = &h->live[index];
    uint32_t slot = slot_of(h, e->ev);
    if (!h->slots[slot].ev) {
        h->slots[slot] = (struct cairn_lua_slot){e->ev, NO_ENTRY};
        h->slot_used++;
    }
    e->slot = slot;
    e->prev = h->slots[slot].index;
    h->slots[slot].index = index;
}

/* Makes room for one more event, indexing again what is indexed; false when out of memory. */
static bool index_room(cairn_lua *h)
{
    if (h->slot_cap && 2 * (h->slot_used + 1) <= h->slot_cap)
        return true;
    uint32_t cap = h->slot_cap ? h->slot_cap : 64;
    while (2 * (h->hashed + 1) > cap)
        cap *= 2;
    if (cap == h->slot_cap)
        cap *= 2; /* full of events no live entry holds: start again, larger */
    struct cairn_lua_slot *slots = calloc(cap, sizeof *slots);
    if (!slots)
        return false;
    free(h->slots);
    h->slots = slots;
    h->slot_cap = cap;
    h->slot_used = 0;
    for (uint32_t i = 0; i < h->hashed; i++)
        index_entry(h, i);
    return true;
}

/* Indexes the live entries not yet indexed; false when out of memory. */
static bool index_all(cairn_lua *h)
{
    while (h->hashed < h->live_count) {
        if (!index_room(h))
            return false;
        index_entry(h, h->hashed++);
    }
    return true;
}

void cairn_lua__events_unhash(cairn_lua *h, uint32_t count)
{
    while (h->hashed > count) {
        struct cairn_lua_live *e = &h->live[--h->hashed];
        h->slots[e->slot].index = e->prev;
    }
    if (h->hashed == 0 && h->slot_used > 0) {
        memset(h->slots, 0, h->slot_cap * sizeof *h->slots);
        h->slot_used = 0;
    }
}

static void push_handle(lua_State *L, const cairn_lua *h, uint32_t index)
{
    lua_pushlightuserdata(L, (void *)(uintptr_t)((h->live[index].stamp << INDEX_BITS) | index));
}

bool cairn_lua__push_event_quietly(lua_State *L, cairn_event *ev)
{
    cairn_lua *h = cairn_lua__from(L);
    if (!index_all(h))
        return false;
    if (h->slot_cap) {
        const struct cairn_lua_slot *slot = &h->slots[slot_of(h, ev)];
        if (slot->ev == ev && slot->index != NO_ENTRY &&
            h->live[slot->index].scope == h->scope_top) {
            push_handle(L, h, slot->index);
            return true;
        }
    }
    return cairn_lua__push_new_event(L, h, ev);
}

void cairn_lua__push_event(lua_State *L, cairn_event *ev)
{
    if (!ev)
        lua_pushnil(L);
    else if (!cairn_lua__push_event_quietly(L, ev))
        luaL_error(L, "too many event handles at once");
}

cairn_event *cairn_lua__check_event(lua_State *L, int idx)
{
    if (!lua_islightuserdata(L, idx))
        luaL_typeerror(L, idx, "event");
    struct cairn_lua_live *e = entry_of(L, idx);
    if (!e)
        luaL_error(L, "event handle used after its event ended (keep the values you need, "
                      "not the event)");
    return e->ev;
}

/* --- reading ----------------------------------------------------------------------------- */

static void push_cell(lua_State *L, cairn_cell cell)
{
    lua_createtable(L, 0, 2);
    lua_pushinteger(L, cell.x);
    lua_setfield(L, -2, "x");
    lua_pushinteger(L, cell.y);
    lua_setfield(L, -2, "y");
}

static cairn_cell check_cell(lua_State *L, int idx)
{
    luaL_checktype(L, idx, LUA_TTABLE);
    return cairn_lua__cell_fields(L, idx);
}

static void push_dir(lua_State *L, int dir)
{
    lua_pushstring(L, cairn_dir_name((cairn_dir)dir));
}

/* The attack's fields, as an attack event and a hit event both carry them. */
static bool push_attack(lua_State *L, const cairn_attack *a, const char *key)
{
    if (!strcmp(key, "damage"))
        lua_pushinteger(L, a->damage);
    else if (!strcmp(key, "pierce"))
        lua_pushinteger(L, a->pierce);
    else if (!strcmp(key, "power"))
        lua_pushinteger(L, a->power);
    else if (!strcmp(key, "source"))
        cairn_lua__push_name(L, CAIRN_LUA_SOURCE, a->source);
    else if (!strcmp(key, "inflicts"))
        cairn_lua__push_status(L, a->inflicts);
    else if (!strcmp(key, "inflict_magnitude"))
        lua_pushinteger(L, a->inflict_magnitude);
    else if (!strcmp(key, "inflict_beats"))
        lua_pushinteger(L, a->inflict_beats);
    else
        return false;
    return true;
}

static int32_t check_stat(lua_State *L, int idx)
{
    lua_Integer v = luaL_checkinteger(L, idx);
    luaL_argcheck(L, v >= -CAIRN_STAT_MAX && v <= CAIRN_STAT_MAX, idx,
                  "a stat from -1000000 to 1000000");
    return (int32_t)v;
}

static bool set_attack(lua_State *L, cairn_attack *a, const char *key, int idx)
{
    if (!strcmp(key, "damage"))
        a->damage = check_stat(L, idx);
    else if (!strcmp(key, "pierce"))
        a->pierce = check_stat(L, idx);
    else if (!strcmp(key, "power"))
        a->power = check_stat(L, idx);
    else if (!strcmp(key, "source"))
        a->source = (uint8_t)cairn_lua__check_name(L, idx, CAIRN_LUA_SOURCE);
    else if (!strcmp(key, "inflicts"))
        a->inflicts = cairn_lua__check_status(L, idx);
    else if (!strcmp(key, "inflict_magnitude"))
        a->inflict_magnitude = check_stat(L, idx);
    else if (!strcmp(key, "inflict_beats"))
        a->inflict_beats = check_stat(L, idx);
    else
        return false;
    return true;
}

static void push_entities(lua_State *L, const cairn_entity_id *ids, uint32_t count)
{
    lua_createtable(L, (int)count, 0);
    for (uint32_t i = 0; i < count; i++) {
        cairn_lua__push_entity(L, ids[i]);
        lua_rawseti(L, -2, i + 1);
    }
}

static bool push_result(lua_State *L, cairn_event *ev, const char *key)
{
    cairn_result_event *r = cairn_event_as_result(ev);
    cairn_move_event *move = cairn_event_as_move(ev);
    cairn_attack_event *attack = cairn_event_as_attack(ev);
    cairn_dig_event *dig = cairn_event_as_dig(ev);
    if (!strcmp(key, "component"))
        cairn_lua__push_name(L, CAIRN_LUA_DECORATOR, r->component);
    else if (!strcmp(key, "blocker"))
        cairn_lua__push_entity(L, r->blocker);
    else if (move && !strcmp(key, "from"))
        push_cell(L, move->from);
    else if (move && !strcmp(key, "to"))
        push_cell(L, move->to);
    else if (attack && push_attack(L, &attack->attack, key))
        ;
    else if (attack && !strcmp(key, "push_distance"))
        lua_pushinteger(L, attack->push.distance);
    else if (attack && !strcmp(key, "push_power"))
        lua_pushinteger(L, attack->push.power);
    else if (attack && !strcmp(key, "targets"))
        push_entities(L, attack->targets, attack->target_count);
    else if (attack && !strcmp(key, "hits")) {
        lua_createtable(L, (int)attack->target_count, 0);
        for (uint32_t i = 0; i < attack->target_count; i++) {
            /* hits exist once the attack is applied: before that (attack_get) there are none */
            cairn_hit_event *hit = attack->hits ? attack->hits[i] : NULL;
            cairn_lua__push_event(L, hit ? &hit->head : NULL);
            lua_rawseti(L, -2, i + 1);
        }
    } else if (dig && !strcmp(key, "cell"))
        push_cell(L, dig->cell);
    else if (dig && !strcmp(key, "target"))
        cairn_lua__push_entity(L, dig->target);
    else if (dig && !strcmp(key, "power"))
        lua_pushinteger(L, dig->power);
    else if (dig && !strcmp(key, "damage"))
        lua_pushinteger(L, dig->damage);
    else if (dig && !strcmp(key, "dug"))
        lua_pushboolean(L, dig->dug);
    else
        return false;
    return true;
}

static bool push_kind_field(lua_State *L, cairn_event *ev, const char *key)
{
    switch (ev->kind) {
    case CAIRN_EVENT_BEAT:
        if (strcmp(key, "beat") != 0)
            return false;
        lua_pushinteger(L, (lua_Integer)cairn_event_as_beat(ev)->beat);
        return true;
    case CAIRN_EVENT_ENTITY:
        if (strcmp(key, "entity") != 0)
            return false;
        cairn_lua__push_entity(L, cairn_event_as_entity(ev)->entity);
        return true;
    case CAIRN_EVENT_ENCLOSING: {
        cairn_enclosing_event *e = cairn_event_as_enclosing(ev);
        if (!strcmp(key, "check_success"))
            lua_pushboolean(L, e->check_success);
        else if (!strcmp(key, "algo"))
            cairn_lua__push_event(L, e->algo ? &e->algo->head : NULL);
        else
            return false;
        return true;
    }
    case CAIRN_EVENT_ALGO: {
        cairn_algo_event *a = cairn_event_as_algo(ev);
        if (!strcmp(key, "movs"))
            cairn_lua__push_name(L, CAIRN_LUA_MOVS, a->movs);
        else if (!strcmp(key, "direction"))
            push_dir(L, a->direction);
        else if (!strcmp(key, "result"))
            cairn_lua__push_event(L, a->result ? &a->result->head : NULL);
        else
            return false;
        return true;
    }
    case CAIRN_EVENT_RESULT:
        return push_result(L, ev, key);
    case CAIRN_EVENT_HIT: {
        cairn_hit_event *hit = cairn_event_as_hit(ev);
        if (push_attack(L, &hit->attack, key))
            ;
        else if (!strcmp(key, "target"))
            cairn_lua__push_entity(L, hit->target);
        else if (!strcmp(key, "dealt"))
            lua_pushinteger(L, hit->damage);
        else if (!strcmp(key, "inflicted"))
            lua_pushinteger(L, hit->inflicted);
        else if (!strcmp(key, "blocked"))
            lua_pushboolean(L, hit->blocked);
        else if (!strcmp(key, "killed"))
            lua_pushboolean(L, hit->killed);
        else if (!strcmp(key, "push"))
            cairn_lua__push_event(L, hit->push ? &hit->push->head : NULL);
        else
            return false;
        return true;
    }
    case CAIRN_EVENT_PUSH: {
        cairn_push_event *p = cairn_event_as_push(ev);
        if (!strcmp(key, "target"))
            cairn_lua__push_entity(L, p->target);
        else if (!strcmp(key, "distance"))
            lua_pushinteger(L, p->push.distance);
        else if (!strcmp(key, "power"))
            lua_pushinteger(L, p->push.power);
        else if (!strcmp(key, "direction"))
            push_dir(L, p->dir);
        else if (!strcmp(key, "from"))
            push_cell(L, p->from);
        else if (!strcmp(key, "to"))
            push_cell(L, p->to);
        else if (!strcmp(key, "moved"))
            lua_pushinteger(L, p->moved);
        else
            return false;
        return true;
    }
    case CAIRN_EVENT_DISPLACE: {
        cairn_displace_event *d = cairn_event_as_displace(ev);
        if (!strcmp(key, "target"))
            cairn_lua__push_entity(L, d->target);
        else if (!strcmp(key, "from"))
            push_cell(L, d->from);
        else if (!strcmp(key, "to"))
            push_cell(L, d->to);
        else
            return false;
        return true;
    }
    case CAIRN_EVENT_DAMAGE: {
        cairn_damage_event *d = cairn_event_as_damage(ev);
        if (!strcmp(key, "target"))
            cairn_lua__push_entity(L, d->target);
        else if (!strcmp(key, "amount"))
            lua_pushinteger(L, d->amount);
        else if (!strcmp(key, "hp"))
            lua_pushinteger(L, d->hp);
        else
            return false;
        return true;
    }
    case CAIRN_EVENT_STATUS: {
        cairn_status_event *st = cairn_event_as_status(ev);
        if (!strcmp(key, "target"))
            cairn_lua__push_entity(L, st->target);
        else if (!strcmp(key, "status"))
            cairn_lua__push_name(L, CAIRN_LUA_STATUS, st->status);
        else if (!strcmp(key, "magnitude"))
            lua_pushinteger(L, st->magnitude);
        else if (!strcmp(key, "beats"))
            lua_pushinteger(L, st->beats);
        else
            return false;
        return true;
    }
    default:
        return false;
    }
}

static int ev_index(lua_State *L)
{
    cairn_event *ev = cairn_lua__check_event(L, 1);
    const char *key = luaL_checkstring(L, 2);
    if (cairn_lua__method(L, 1, key))
        return 1;
    /* One way to veto: a `stop` method once did what clearing propagate does. */
    if (!strcmp(key, "stop"))
        return luaL_error(L, "an event has no method 'stop': veto with ev.propagate = false");
    if (!strcmp(key, "kind"))
        lua_pushstring(L, ev->kind < CAIRN_EVENT_KIND_COUNT ? kind_names[ev->kind] : "custom");
    else if (!strcmp(key, "actor"))
        cairn_lua__push_entity(L, ev->actor);
    else if (!strcmp(key, "action"))
        cairn_lua__push_name(L, CAIRN_LUA_ACTION, ev->action.id);
    else if (!strcmp(key, "dir"))
        push_dir(L, ev->action.dir);
    else if (!strcmp(key, "propagate"))
        lua_pushboolean(L, ev->propagate);
    else if (!strcmp(key, "success"))
        lua_pushboolean(L, ev->success);
    else if (!push_kind_field(L, ev, key))
        return luaL_error(L, "%s event has no field '%s'", article(ev), key);
    return 1;
}

/* --- writing ----------------------------------------------------------------------------- */

/* status_give, status_receive: ev.magnitude, ev.beats (1,000,000: lasting). */
static bool set_status(lua_State *L, cairn_status_event *ev, const char *key)
{
    if (!strcmp(key, "magnitude")) {
        ev->magnitude = check_stat(L, 3);
        return true;
    }
    if (strcmp(key, "beats") != 0)
        return false;
    lua_Integer beats = luaL_checkinteger(L, 3);
    luaL_argcheck(L, beats >= 1 && beats <= CAIRN_STATUS_LASTING, 3,
                  "1 to 1,000,000 beats (1,000,000: lasting)");
    ev->beats = (int32_t)beats;
    return true;
}

static bool set_kind_field(lua_State *L, cairn_event *ev, const char *key)
{
    cairn_attack_event *attack = cairn_event_as_attack(ev);
    cairn_move_event *move = cairn_event_as_move(ev);
    cairn_dig_event *dig = cairn_event_as_dig(ev);
    cairn_hit_event *hit = cairn_event_as_hit(ev);
    cairn_push_event *push = cairn_event_as_push(ev);
    cairn_result_event *result = cairn_event_as_result(ev);
    cairn_status_event *status = cairn_event_as_status(ev);
    if (attack && set_attack(L, &attack->attack, key, 3))
        return true;
    if (status)
        return set_status(L, status, key);
    if (result && !strcmp(key, "blocker"))
        result->blocker =
            lua_isnil(L, 3) ? CAIRN_ENTITY_NONE : cairn_lua__check_entity(L, 3, false);
    else if (attack && !strcmp(key, "push_distance"))
        attack->push.distance = check_stat(L, 3);
    else if (attack && !strcmp(key, "push_power"))
        attack->push.power = check_stat(L, 3);
    else if (hit && set_attack(L, &hit->attack, key, 3))
        ;
    else if (move && !strcmp(key, "to"))
        move->to = check_cell(L, 3);
    else if (dig && !strcmp(key, "power"))
        dig->power = check_stat(L, 3);
    else if (dig && !strcmp(key, "damage"))
        dig->damage = check_stat(L, 3);
    else if (dig && !strcmp(key, "target"))
        dig->target = lua_isnil(L, 3) ? CAIRN_ENTITY_NONE : cairn_lua__check_entity(L, 3, false);
    else if (push && !strcmp(key, "distance"))
        push->push.distance = check_stat(L, 3);
    else if (push && !strcmp(key, "power"))
        push->push.power = check_stat(L, 3);
    else
        return false;
    return true;
}

static int ev_newindex(lua_State *L)
{
    cairn_event *ev = cairn_lua__check_event(L, 1);
    const char *key = luaL_checkstring(L, 2);
    if (!strcmp(key, "propagate"))
        ev->propagate = lua_toboolean(L, 3);
    else if (!strcmp(key, "success"))
        ev->success = lua_toboolean(L, 3);
    else if (!set_kind_field(L, ev, key))
        return luaL_error(L, "cannot set '%s' on %s event", key, article(ev));
    return 0;
}

/* --- methods ----------------------------------------------------------------------------- */

/* attack_get: ev:add_target(entity). */
static int ev_add_target(lua_State *L)
{
    cairn_attack_event *a = cairn_event_as_attack(cairn_lua__check_event(L, 1));
    luaL_argcheck(L, a != NULL, 1, "an attack event");
    cairn_entity_id target = cairn_lua__check_entity(L, 2, false);
    cairn_err st = cairn_attack_add_target(cairn_lua__world(L), a, target);
    if (st)
        return cairn_lua__raise(L, st);
    return 0;
}

/* For algorithms: ev:dirs() lists the movs's directions; ev:attempt(dir) tries the action
 * in one (blockers that can still act go first) and returns whether it succeeded. */
static int ev_dirs(lua_State *L)
{
    cairn_algo_event *a = cairn_event_as_algo(cairn_lua__check_event(L, 1));
    luaL_argcheck(L, a != NULL, 1, "an algo event");
    cairn_dir dirs[CAIRN_DIR_COUNT];
    size_t count = 0;
    cairn_err st = cairn_movs_dirs(cairn_lua__world(L), a->movs, a->head.actor, dirs, &count);
    if (st)
        return cairn_lua__raise(L, st);
    lua_createtable(L, (int)count, 0);
    for (size_t i = 0; i < count; i++) {
        push_dir(L, dirs[i]);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    return 1;
}

static int ev_attempt(lua_State *L)
{
    cairn_algo_event *a = cairn_event_as_algo(cairn_lua__check_event(L, 1));
    luaL_argcheck(L, a != NULL, 1, "an algo event");
    cairn_dir dir = cairn_lua__check_dir(L, 2);
    bool success = false;
    cairn_err st = cairn_algo_attempt(cairn_lua__world(L), a, dir, &success);
    if (st)
        return cairn_lua__raise(L, st);
    lua_pushboolean(L, success);
    return 1;
}

static int ev_tostring(lua_State *L)
{
    struct cairn_lua_live *e = lua_islightuserdata(L, 1) ? entry_of(L, 1) : NULL;
    if (!e)
        lua_pushliteral(L, "event (ended)");
    else
        lua_pushfstring(L, "%s event",
                        e->ev->kind < CAIRN_EVENT_KIND_COUNT ? kind_names[e->ev->kind] : "custom");
    return 1;
}

void cairn_lua__open_event(lua_State *L)
{
    static const luaL_Reg methods[] = {
        {"add_target", ev_add_target},
        {"dirs", ev_dirs},
        {"attempt", ev_attempt},
        {NULL, NULL},
    };
    static const luaL_Reg meta[] = {
        {"__index", ev_index},
        {"__newindex", ev_newindex},
        {"__tostring", ev_tostring},
        {NULL, NULL},
    };
    cairn_lua__new_class(L, event_meta, "event", meta, methods);
    lua_pushlightuserdata(L, NULL);
    luaL_getmetatable(L, event_meta);
    lua_setmetatable(L, -2);
    lua_pop(L, 1);
}
