/*
 * define.c - what content's definitions compile into: the bindings scripts/lua/compile.lua calls
 * to register types, decorators, actions, movs, algorithms, statuses, sequences and handlers
 * in the core, and the trampolines through which the core calls the Lua functions among them.
 *
 * The functions live in the world's callback table (a registry table replaced with each
 * world), referenced by index: a core handler's ud is that index, so hooking a Lua function
 * costs no allocation outside Lua.
 */
#include <string.h>

#include "host.h"

/* The callback table is reached by a registry reference, not a name: every call into a
 * handler looks it up. */
static void push_callbacks(lua_State *L)
{
    lua_rawgeti(L, LUA_REGISTRYINDEX, cairn_lua__from(L)->callbacks_ref);
}

/* A new callback table for a new world, and a new table of its amounts' names; the old ones,
 * and every function in them, can go. */
static void new_callbacks(lua_State *L)
{
    cairn_lua *h = cairn_lua__from(L);
    luaL_unref(L, LUA_REGISTRYINDEX, h->callbacks_ref);
    lua_newtable(L);
    h->callbacks_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    luaL_unref(L, LUA_REGISTRYINDEX, h->amount_names_ref);
    lua_newtable(L);
    h->amount_names_ref = luaL_ref(L, LUA_REGISTRYINDEX);
}

/* --- the callback table ------------------------------------------------------------------ */

static int keep(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    push_callbacks(L);
    lua_pushvalue(L, idx);
    int ref = luaL_ref(L, -2);
    lua_pop(L, 1);
    cairn_lua__note_trust(L, idx, ref);
    return ref;
}

/* Keeps the function at idx when there is one; 0 for nil. */
static int keep_fn(lua_State *L, int idx)
{
    if (lua_isnoneornil(L, idx))
        return 0;
    luaL_checktype(L, idx, LUA_TFUNCTION);
    return keep(L, idx);
}

/* A C struct kept alive by the callback table. */
static void *new_record(lua_State *L, size_t size)
{
    void *p = lua_newuserdatauv(L, size, 0);
    memset(p, 0, size);
    keep(L, -1);
    lua_pop(L, 1);
    return p;
}

/* --- calling back ------------------------------------------------------------------------
 *
 * The core calls Lua through these trampolines, deep inside its own work. Nothing there may
 * raise a Lua error outside a protected call - a longjmp across the core's frames would leave
 * the world half-changed - and pushing a handle allocates, so everything Lua does happens in
 * callback_body, under cairn_lua_call: the arguments go in as a C struct, the results come
 * out through it.
 */
typedef struct callback {
    int fn;                      /* the kept function */
    cairn_entity_id entity;      /* pushed first as a handle, unless NONE */
    bool cell;                   /* then the entity's cell, x and y (nil, nil off the grid) */
    const char *dir;             /* then a direction's name, unless NULL */
    int step;                    /* then a 1-based step number, unless 0 */
    cairn_step_outcome *outcome; /* then the outcome as a table, unless NULL; decide's result */
    cairn_event *ev;             /* last, an event handle, unless NULL */
    /* What comes back: */
    bool want_bool; /* activate: the first result, which must be a boolean */
    bool no_result; /* an algorithm: returns nothing (ev:attempt settles its event) */
    bool result;
    cairn_dir *dirs; /* movs: the directions returned */
    size_t *count;
} callback;

static void push_outcome(lua_State *L, const cairn_step_outcome *o)
{
    lua_createtable(L, 0, 4);
    lua_pushinteger(L, o->step + 1);
    lua_setfield(L, -2, "step");
    lua_pushinteger(L, o->done);
    lua_setfield(L, -2, "done");
    lua_pushboolean(L, o->success);
    lua_setfield(L, -2, "success");
    lua_pushinteger(L, o->next + 1);
    lua_setfield(L, -2, "next");
}

/* Raises a message about what the function at index 2 returned, naming where it is. */
static int bad_result(lua_State *L, const char *fmt, const char *arg)
{
    lua_Debug ar;
    lua_pushvalue(L, 2);
    lua_getinfo(L, ">S", &ar);
    lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.linedefined);
    lua_pushfstring(L, fmt, arg);
    lua_concat(L, 2);
    return lua_error(L);
}

/* "nothing" or "a string", for the messages about what content returned. */
static const char *returned(lua_State *L, int idx)
{
    return lua_isnoneornil(L, idx) ? "nothing" : lua_pushfstring(L, "a %s", luaL_typename(L, idx));
}

/* What was wrong with a movs's result, for raise_bad_result. */
typedef struct bad_dirs {
    const char *fmt;
    const char *arg;
} bad_dirs;

/* Under lua_pcall: raises the bad_dirs at index 1 about the function at index 2. */
static int raise_bad_result(lua_State *L)
{
    const bad_dirs *bad = lua_touserdata(L, 1);
    return bad_result(L, bad->fmt, bad->arg);
}

/* One direction name of a movs's result, the value at idx, which names direction d (-1: it
 * names none), into cb->dirs; false (and *bad says why) if it is none. Raises nothing. */
static bool keep_dir(lua_State *L, callback *cb, int idx, int d, bad_dirs *bad)
{
    if (d < 0 || d == CAIRN_DIR_NONE) {
        bad->fmt = "a movs returns directions (n, ne, e, se, s, sw, w, nw); '%s' is not one";
        bad->arg = lua_type(L, idx) == LUA_TSTRING ? lua_tostring(L, idx) : "";
        return false;
    }
    if (*cb->count == CAIRN_DIR_COUNT) {
        bad->fmt = "a movs returns at most 8 directions; this one returned more%s";
        bad->arg = "";
        return false;
    }
    cb->dirs[(*cb->count)++] = (cairn_dir)d;
    return true;
}

/* A movs's result, the values from index first up, into cb->dirs: a list of at most 8
 * direction names, or the names themselves up to the first nil - the form that builds no
 * table each call. False (*bad saying why) for anything else. Raises nothing, so that it
 * also serves after a call made outside the trampoline; leaves the values at first and
 * above, where bad's strings live. */
static bool keep_dirs(lua_State *L, callback *cb, int first, bad_dirs *bad)
{
    *cb->count = 0;
    int last = lua_gettop(L);
    int type = first > last ? LUA_TNIL : lua_type(L, first);
    if (type == LUA_TNIL)
        return true;
    if (type == LUA_TSTRING) {
        for (int i = first; i <= last; i++) {
            int d = cairn_lua__to_dir(L, i);
            if (d < 0 && lua_isnil(L, i))
                break;
            if (!keep_dir(L, cb, i, d, bad))
                return false;
        }
        return true;
    }
    if (!lua_istable(L, first)) {
        bad->fmt = "a movs must return a list of directions, not a %s";
        bad->arg = luaL_typename(L, first);
        return false;
    }
    bool ok = true;
    for (lua_Integer i = 1; ok && lua_rawgeti(L, first, i) != LUA_TNIL; i++) {
        ok = keep_dir(L, cb, -1, cairn_lua__to_dir(L, -1), bad);
        if (ok)
            lua_pop(L, 1); /* a bad one stays: bad->arg may be its string */
    }
    return ok;
}

/* A movs's result, the values from index first up: a list of at most 8 direction names, or
 * the names themselves - the form that builds no table each call. */
static void take_dirs(lua_State *L, callback *cb, int first)
{
    bad_dirs bad;
    if (!keep_dirs(L, cb, first, &bad))
        bad_result(L, bad.fmt, bad.arg);
}

/* decide's result: a 1-based step, or nil to keep the rules' choice. */
static void take_next(lua_State *L, callback *cb)
{
    if (lua_isnil(L, -1))
        return;
    int isnum;
    lua_Integer next = lua_tointegerx(L, -1, &isnum);
    size_t steps = 0;
    void *data;
    if (cairn_entity_data(cairn_lua__from(L)->world, cb->entity, CAIRN_DECO_SEQUENTIAL, &data) ==
        CAIRN_OK)
        steps =
            cairn_sequence_length(cairn_lua__from(L)->world, ((cairn_sequential *)data)->sequence);
    if (!isnum || next < 1 || (size_t)next > steps) {
        lua_pushfstring(L, "%d", (int)steps);
        bad_result(L, "a step's decide must return nil or a step number from 1 to %s",
                   lua_tostring(L, -1));
    }
    cb->outcome->next = (uint32_t)(next - 1);
}

/* A callback's x and y: its entity's cell, nil and nil when it is not on the grid. Pushes
 * two values, into the room the caller made. */
static int push_cell(lua_State *L, cairn_entity_id id)
{
    cairn_cell cell;
    if (cairn_entity_cell(cairn_lua__from(L)->world, id, &cell) == CAIRN_OK) {
        lua_pushinteger(L, cell.x);
        lua_pushinteger(L, cell.y);
    } else {
        lua_pushnil(L);
        lua_pushnil(L);
    }
    return 2;
}

static int callback_body(lua_State *L)
{
    callback *cb = lua_touserdata(L, 1);
    lua_settop(L, 0);
    luaL_checkstack(L, 8, "calling content");
    push_callbacks(L);         /* 1 */
    lua_rawgeti(L, 1, cb->fn); /* 2: kept to name it in errors */
    lua_pushvalue(L, 2);
    int n = 0;
    if (!cairn_entity_id_is_none(cb->entity))
        cairn_lua__push_entity(L, cb->entity), n++;
    if (cb->cell)
        n += push_cell(L, cb->entity);
    if (cb->dir)
        lua_pushstring(L, cb->dir), n++;
    if (cb->step)
        lua_pushinteger(L, cb->step), n++;
    if (cb->outcome)
        push_outcome(L, cb->outcome), n++;
    if (cb->ev)
        cairn_lua__push_event(L, cb->ev), n++;
    bool wants = cb->want_bool || cb->dirs || cb->outcome;
    lua_call(L, n, cb->dirs || cb->no_result ? LUA_MULTRET : wants ? 1 : 0);
    if (cb->want_bool) {
        /* A string or a number would read as success, and nothing as failure: content that
         * returns either most likely meant something else, so it is told. */
        if (!lua_isboolean(L, -1))
            bad_result(L,
                       "an activate returns true or false (whether the component "
                       "succeeded); this one returned %s",
                       returned(L, -1));
        cb->result = lua_toboolean(L, -1);
    } else if (cb->dirs) {
        take_dirs(L, cb, 3); /* above the callback table and the kept function */
    } else if (cb->outcome) {
        take_next(L, cb);
    } else if (cb->no_result) {
        /* What an algorithm returns is dropped: one that returns ev:attempt's success, or
         * false to fail, expects it to count, and it does not. */
        for (int i = 3; i <= lua_gettop(L); i++)
            if (!lua_isnil(L, i))
                bad_result(L,
                           "an algorithm returns nothing (ev:attempt settles its event, "
                           "and an event not settled has failed); this one returned %s",
                           returned(L, i));
    }
    return 0;
}

/* What a callback interrupts: the function, and whether it ran trusted. */
typedef struct interrupted {
    int fn;
    bool trusting;
} interrupted;

/* A callback's start: counted, tallied by its function (the beat's budget, host.c), run
 * trusted or counted as its function is (host.c), with a scope for the event handles it
 * makes. Returns what it interrupts, for leave. */
static interrupted enter(cairn_lua *h, int fn)
{
    h->callbacks++;
    interrupted outer = {h->beat_fn, cairn_lua__enter_trust(h, fn)};
    h->beat_fn = fn;
    if (h->profiling)
        cairn_lua__profile_enter(h, fn);
    cairn_lua__scope_open(h);
    return outer;
}

/* A callback's failure made the world's, for the core to unwind; out of leave, which every
 * call runs, to keep that short. */
cairn_err cairn_lua__callback_failed_in(cairn_lua *h, int fn, cairn_err st)
{
    if (st == CAIRN_ERR_NOMEM) {
        /* Placed at content's function, not at the trampoline: neither call raises (the
         * key is interned, the slot exists). */
        lua_State *L = h->L;
        bool limit = strstr(cairn_lua_error(h), "memory limit") != NULL;
        push_callbacks(L);
        lua_rawgeti(L, -1, fn);
        cairn_lua__memory_overrun(h, -1, limit);
        lua_pop(L, 2);
    }
    return cairn_lua__callback_failed(h);
}

/* A callback's end, back to what it interrupted; a failure is made the world's, for the core
 * to unwind. */
static inline cairn_err leave(cairn_lua *h, int fn, interrupted outer, cairn_err st)
{
    h->beat_fn = outer.fn;
    if (h->trusting != outer.trusting)
        cairn_lua__set_trusting(h, outer.trusting);
    if (h->profiling)
        cairn_lua__profile_leave(h);
    cairn_lua__scope_close(h);
    return st ? cairn_lua__callback_failed_in(h, fn, st) : CAIRN_OK;
}

/* In the beat's frame, pushes the function of a callback whose arguments push without raising
 * or allocating - a kept entity handle, a step number, the first event handle of its scope -
 * and those arguments, and returns how many arguments; so that it is called directly, not
 * through callback_body, which would make it two calls. Returns -1 having pushed nothing when
 * the callback cannot be called so. */
static int push_direct(lua_State *L, cairn_lua *h, const callback *cb)
{
    /* A direction's name, an outcome's table and a result to check go the trampoline's way. */
    if (cb->dir || cb->outcome || cb->no_result)
        return -1;
    int top = cairn_lua__frame_top(h);
    lua_rawgeti(L, h->frame + 1, cb->fn);
    int n = 0;
    if (!cairn_entity_id_is_none(cb->entity)) {
        if (!cairn_lua__push_kept_entity_in(L, h, top, cb->entity))
            goto fail;
        n++;
    }
    if (cb->cell)
        n += push_cell(L, cb->entity);
    if (cb->step)
        lua_pushinteger(L, cb->step), n++;
    if (cb->ev) {
        if (!cairn_lua__push_first_event(L, h, cb->ev))
            goto fail;
        n++;
    }
    return n;
fail:
    lua_settop(L, top);
    return -1;
}

/* A callback called directly in the beat's frame (push_direct pushed it, with nargs
 * arguments): its results taken as callback_body takes them; a bad movs result is raised in
 * a call of its own under the frame's message handler, as callback_body would raise it. */
static cairn_err call_direct(cairn_lua *h, callback *cb, int nargs)
{
    int top = cairn_lua__frame_top(h);
    lua_State *L = h->L;
    cairn_err st = cairn_lua__call_in_frame(h, nargs,
                                            cb->dirs        ? LUA_MULTRET
                                            : cb->want_bool ? 1
                                                            : 0);
    if (st)
        return st;
    bad_dirs bad;
    if (cb->want_bool) {
        cb->result = lua_toboolean(L, -1);
    } else if (cb->dirs && !keep_dirs(L, cb, top + 1, &bad)) {
        /* the function, to name it, from the callback table (bad's strings are results) */
        lua_pushcfunction(L, raise_bad_result);
        lua_pushlightuserdata(L, &bad);
        lua_rawgeti(L, h->frame + 1, cb->fn);
        st = cairn_lua__call_in_frame(h, 2, 0);
    }
    lua_settop(L, top);
    return st;
}

/* Calls back into Lua; a failure is made the world's, for the core to unwind. */
static cairn_err call_back(cairn_lua *h, callback *cb)
{
    lua_State *L = h->L;
    /* In the beat's frame the message handler and the callback table are on the stack
     * already, with room above them; elsewhere they are pushed for this call. */
    bool in_frame = cairn_lua__in_frame(h);
    if (!in_frame && !lua_checkstack(L, 5))
        return cairn_world_fail(h->world, CAIRN_ERR_LIMIT, "calls into Lua nested too deeply");
    interrupted outer = enter(h, cb->fn);
    int table = 0; /* the callback table's index, out of the frame */
    if (in_frame) {
        int nargs = push_direct(L, h, cb);
        if (nargs >= 0)
            return leave(h, cb->fn, outer, call_direct(h, cb, nargs));
    } else {
        cairn_lua__push_frame(L);
        push_callbacks(L);
        table = lua_gettop(L);
    }
    /* A handler: its event's handle is a light userdata and nothing else is needed, so
     * nothing here can raise - the function is called directly, without the trampoline. */
    bool direct = !in_frame && cb->ev && cairn_entity_id_is_none(cb->entity) && !cb->dir &&
                  !cb->step && !cb->outcome && !cb->want_bool && !cb->dirs && !cb->no_result;
    if (direct) {
        lua_rawgeti(L, table, cb->fn);
        direct = cairn_lua__push_first_event(L, h, cb->ev);
        if (!direct)
            lua_pop(L, 1);
    }
    if (!direct) {
        lua_pushcfunction(L, callback_body);
        lua_pushlightuserdata(L, cb);
    }
    cairn_err st;
    if (in_frame) {
        st = cairn_lua__call_in_frame(h, 1, 0);
    } else {
        lua_remove(L, table);
        st = cairn_lua__call_framed(h, 1, 0);
    }
    return leave(h, cb->fn, outer, st);
}

static cairn_lua *host_of(cairn_world *w)
{
    return cairn_world_user(w);
}

/* --- handlers ---------------------------------------------------------------------------- */

static cairn_err lua_handler(cairn_world *w, cairn_event *ev, void *ud)
{
    cairn_lua *h = host_of(w);
    int fn = (int)(intptr_t)ud;
    /* The most frequent call into Lua by far, so the shortest: in the beat's frame, the
     * function and its event's handle go straight on the stack. */
    if (cairn_lua__in_frame(h)) {
        interrupted outer = enter(h, fn);
        lua_rawgeti(h->L, h->frame + 1, fn);
        if (cairn_lua__push_first_event(h->L, h, ev))
            return leave(h, fn, outer, cairn_lua__call_in_frame(h, 1, 0));
        lua_pop(h->L, 1);
        leave(h, fn, outer, CAIRN_OK);
        h->callbacks--;
    }
    callback cb = {.fn = fn, .ev = ev};
    return call_back(h, &cb);
}

cairn_handler_fn cairn_lua__handler_fn(void)
{
    return lua_handler;
}

cairn_handler cairn_lua__handler(lua_State *L, int idx, cairn_rank rank)
{
    return (cairn_handler){lua_handler, (void *)(intptr_t)keep(L, idx), rank};
}

void cairn_lua__release_handler(lua_State *L, cairn_handler handler)
{
    push_callbacks(L);
    luaL_unref(L, -1, (int)(intptr_t)handler.ud);
    lua_pop(L, 1);
}

/* Entity hooks by handler id, in the callback table's field "hooks". */
static void push_hooks(lua_State *L)
{
    push_callbacks(L);
    if (lua_getfield(L, -1, "hooks") != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_setfield(L, -3, "hooks");
    }
    lua_remove(L, -2);
}

void cairn_lua__remember_hook(lua_State *L, cairn_handler_id id, cairn_handler handler)
{
    push_hooks(L);
    lua_pushinteger(L, (lua_Integer)(intptr_t)handler.ud);
    lua_rawseti(L, -2, (lua_Integer)id);
    lua_pop(L, 1);
}

void cairn_lua__forget_hook(lua_State *L, cairn_handler_id id)
{
    push_hooks(L);
    if (lua_rawgeti(L, -1, (lua_Integer)id) == LUA_TNUMBER) {
        cairn_handler handler = {lua_handler, (void *)(intptr_t)lua_tointeger(L, -1), 0};
        lua_pushnil(L);
        lua_rawseti(L, -3, (lua_Integer)id);
        cairn_lua__release_handler(L, handler);
    }
    lua_pop(L, 2);
}

cairn_rank cairn_lua__check_rank(lua_State *L, int idx)
{
    static const char *const ranks[] = {"highest", "high", "medium", "low", "lowest", NULL};
    return (cairn_rank)luaL_checkoption(L, idx, "medium", ranks);
}

/* --- decorators -------------------------------------------------------------------------- */

typedef struct decorator_record {
    cairn_decorator_id deco;
    int activate, compute, tick;
} decorator_record;

/* Calls a Lua function of a definition (a decorator's callback, a status's function) with
 * the entity. */
static cairn_err call_with_entity(cairn_world *w, cairn_entity_id id, int ref)
{
    callback cb = {.fn = ref, .entity = id};
    return call_back(host_of(w), &cb);
}

static cairn_err deco_compute(cairn_world *w, cairn_entity_id id, void *data, void *ud)
{
    (void)data;
    return call_with_entity(w, id, ((decorator_record *)ud)->compute);
}

static cairn_err deco_tick(cairn_world *w, cairn_entity_id id, void *data, void *ud)
{
    (void)data;
    return call_with_entity(w, id, ((decorator_record *)ud)->tick);
}

/* Runs Lua function fn(entity, dir, ev) as an action component's turn: ev is the result event
 * (of `component`, for `action`), whose blocker it may name; what fn returns is its success. */
static cairn_err activate_lua(cairn_world *w, cairn_entity_id actor, cairn_dir dir,
                              cairn_action_id action, cairn_decorator_id component, int fn,
                              cairn_result_event **out)
{
    cairn_result_event *ev = (cairn_result_event *)cairn_event_new_sized(
        w, CAIRN_EVENT_RESULT, sizeof *ev, actor, (cairn_action){action, (uint8_t)dir});
    if (!ev)
        return cairn_world_error_code(w);
    ev->component = component;
    callback cb = {
        .fn = fn, .entity = actor, .dir = cairn_dir_name(dir), .ev = &ev->head, .want_bool = true};
    cairn_err st = call_back(host_of(w), &cb);
    if (st)
        return st;
    ev->head.success = cb.result;
    *out = ev;
    return CAIRN_OK;
}

/* A Lua action component: its activate. */
static cairn_err deco_activate(cairn_world *w, cairn_entity_id actor, cairn_dir dir,
                               cairn_result_event **out, void *ud)
{
    decorator_record *rec = ud;
    return activate_lua(w, actor, dir, 0, rec->deco, rec->activate, out);
}

/* The built-in action perform: PlayerControl's turn runs the runtime's Lua function (kept as
 * ud, scripts/choices/init.lua), as a Lua action component runs its activate. */
static cairn_err host_perform(cairn_world *w, cairn_entity_id actor, cairn_dir dir,
                              cairn_result_event **out, void *ud)
{
    return activate_lua(w, actor, dir, CAIRN_ACTION_PERFORM, CAIRN_DECO_PLAYER_CONTROL,
                        (int)(intptr_t)ud, out);
}

/* core.set_perform(fn): what the current world's `perform` action runs
 * (scripts/choices/init.lua). */
static int c_set_perform(lua_State *L)
{
    int ref = keep_fn(L, 1);
    cairn_player_set_perform(cairn_lua__world(L), host_perform, (void *)(intptr_t)ref);
    return 0;
}

/* The length of the list at idx (0 for nil), at most max; raises otherwise. */
static size_t list_length(lua_State *L, int idx, size_t max, const char *what)
{
    if (lua_isnoneornil(L, idx))
        return 0;
    luaL_checktype(L, idx, LUA_TTABLE);
    size_t n = (size_t)luaL_len(L, idx);
    if (n > max)
        luaL_error(L, "at most %d %s", (int)max, what);
    return n;
}

/* Strings of a list at idx; they stay valid while the list is on the stack. */
static size_t string_list(lua_State *L, int idx, const char **out, size_t max, const char *what)
{
    size_t n = list_length(L, idx, max, what);
    for (size_t i = 0; i < n; i++) {
        lua_rawgeti(L, idx, (lua_Integer)i + 1);
        out[i] = luaL_checkstring(L, -1);
        lua_pop(L, 1); /* the string stays referenced by the list */
    }
    return n;
}

static size_t id_list(lua_State *L, int idx, uint16_t *out, size_t max, const char *what)
{
    size_t n = list_length(L, idx, max, what);
    for (size_t i = 0; i < n; i++) {
        lua_rawgeti(L, idx, (lua_Integer)i + 1);
        out[i] = (uint16_t)luaL_checkinteger(L, -1);
        lua_pop(L, 1);
    }
    return n;
}

static void check(lua_State *L, cairn_err st)
{
    if (st)
        cairn_lua__raise(L, st);
}

#define DECORATOR_CHAINS_MAX 64

/* core.decorator(name, chains, required, activate, compute, tick) -> id */
static int c_decorator(lua_State *L)
{
    cairn_world *w = cairn_lua__world(L);
    const char *chains[DECORATOR_CHAINS_MAX];
    uint16_t required[CAIRN_DECORATOR_REQUIRES_MAX];
    decorator_record *rec = new_record(L, sizeof *rec);
    rec->activate = keep_fn(L, 4);
    rec->compute = keep_fn(L, 5);
    rec->tick = keep_fn(L, 6);
    cairn_decorator_def def = {
        .name = luaL_checkstring(L, 1),
        .chains = chains,
        .chain_count = string_list(L, 2, chains, DECORATOR_CHAINS_MAX, "chains"),
        .required = required,
        .required_count = id_list(L, 3, required, CAIRN_DECORATOR_REQUIRES_MAX, "requires"),
        .activate = rec->activate ? deco_activate : NULL,
        .compute = rec->compute ? deco_compute : NULL,
        .tick = rec->tick ? deco_tick : NULL,
        .ud = rec,
    };
    check(L, cairn_decorator_define(w, &def, &rec->deco));
    lua_pushinteger(L, rec->deco);
    return 1;
}

/* --- movs and algorithms ----------------------------------------------------------------- */

/* A Lua movs: fn(entity, x, y) returns a list of direction names, best first. */
static cairn_err lua_movs(cairn_world *w, cairn_entity_id actor, cairn_dir *dirs, size_t *count,
                          void *ud)
{
    callback cb = {
        .fn = (int)(intptr_t)ud, .entity = actor, .cell = true, .dirs = dirs, .count = count};
    *count = 0;
    return call_back(host_of(w), &cb);
}

static cairn_err lua_algo(cairn_world *w, cairn_algo_event *ev, void *ud)
{
    callback cb = {.fn = (int)(intptr_t)ud, .ev = &ev->head, .no_result = true};
    return call_back(host_of(w), &cb);
}

/* core.movs(name, fn) / core.algo(name, fn) -> id: registered with a trampoline to fn. */
static int register_fn(lua_State *L, bool movs)
{
    cairn_world *w = cairn_lua__world(L);
    const char *name = luaL_checkstring(L, 1);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    void *ud = (void *)(intptr_t)keep(L, 2);
    uint16_t id;
    check(L, movs ? cairn_movs_register(w, name, lua_movs, ud, &id)
                  : cairn_algo_register(w, name, lua_algo, ud, &id));
    lua_pushinteger(L, id);
    return 1;
}

static int c_movs(lua_State *L)
{
    return register_fn(L, true);
}

static int c_algo(lua_State *L)
{
    return register_fn(L, false);
}

/* --- statuses ---------------------------------------------------------------------------- */

typedef struct status_handler {
    cairn_chain_id chain;
    cairn_rank rank;
    int fn;
} status_handler;

typedef struct status_record {
    int apply, tick, wear_off;
    uint32_t handler_count;
    status_handler handlers[CAIRN_STATUS_HANDLERS_MAX];
} status_record;

static cairn_err status_call(cairn_world *w, cairn_entity_id id, int ref)
{
    return ref ? call_with_entity(w, id, ref) : CAIRN_OK;
}

/* The status's handlers, from its definition: hooked when it is applied (the core unhooks
 * them when it wears off) and again when a snapshot is restored. */
static cairn_err status_attach(cairn_world *w, cairn_entity_id id, cairn_status_id status, void *ud)
{
    status_record *rec = ud;
    for (uint32_t i = 0; i < rec->handler_count; i++) {
        const status_handler *hk = &rec->handlers[i];
        cairn_handler handler = {lua_handler, (void *)(intptr_t)hk->fn, hk->rank};
        cairn_err st = cairn_status_hook(w, id, status, hk->chain, handler);
        if (st)
            return st;
    }
    return CAIRN_OK;
}

static cairn_err status_apply(cairn_world *w, cairn_entity_id id, cairn_status_id status, void *ud)
{
    (void)status;
    return status_call(w, id, ((status_record *)ud)->apply);
}

static cairn_err status_tick(cairn_world *w, cairn_entity_id id, cairn_status_id status, void *ud)
{
    (void)status;
    return status_call(w, id, ((status_record *)ud)->tick);
}

static cairn_err status_wear_off(cairn_world *w, cairn_entity_id id, cairn_status_id status,
                                 void *ud)
{
    (void)status;
    return status_call(w, id, ((status_record *)ud)->wear_off);
}

/* The number stat named by the string at idx, as an index into cairn_fields; raises. */
static uint16_t check_stat(lua_State *L, int idx)
{
    const char *name = luaL_checkstring(L, idx);
    int field = cairn_lua__stat_field(name);
    if (field < 0)
        luaL_error(L, "'%s' is not a number stat", name);
    return (uint16_t)field;
}

/* The integer in field `key` of the table at idx, or `absent`. */
static lua_Integer int_field(lua_State *L, int idx, const char *key, lua_Integer absent)
{
    lua_getfield(L, idx, key);
    lua_Integer v = luaL_optinteger(L, -1, absent);
    lua_pop(L, 1);
    if (v < -CAIRN_STAT_MAX || v > CAIRN_STAT_MAX)
        luaL_error(L, "'%s' must be from %d to %d", key, -CAIRN_STAT_MAX, CAIRN_STAT_MAX);
    return v;
}

/* The option in field `key` of the table at idx (its index in `options`), or 0 when absent. */
static int option_field(lua_State *L, int idx, const char *key, const char *const options[])
{
    lua_getfield(L, idx, key);
    int v = luaL_checkoption(L, -1, options[0], options);
    lua_pop(L, 1);
    return v;
}

static void status_decay(lua_State *L, int idx, cairn_status_def *def)
{
    static const char *const whens[] = {"beat", "turn_start", "turn_end", "hit", "never", NULL};
    if (lua_getfield(L, idx, "decay") == LUA_TTABLE) {
        int t = lua_gettop(L);
        lua_getfield(L, t, "by");
        bool all = lua_type(L, -1) == LUA_TSTRING && !strcmp(lua_tostring(L, -1), "all");
        lua_pop(L, 1);
        def->decay_by = all ? CAIRN_DECAY_ALL : (int32_t)int_field(L, t, "by", 0);
        def->decay_when = (cairn_decay_when)option_field(L, t, "when", whens);
    }
    lua_pop(L, 1);
}

/* Sorted lists, from compile.lua: modifies { {stat, n}, ... }, resists { {status, %}, ... } */
static void status_lists(lua_State *L, int idx, cairn_status_def *def)
{
    if (lua_getfield(L, idx, "modifies") == LUA_TTABLE) {
        lua_Integer n = luaL_len(L, -1);
        if (n > CAIRN_STATUS_MODIFIES_MAX)
            luaL_error(L, "a status modifies at most %d stats", CAIRN_STATUS_MODIFIES_MAX);
        for (lua_Integer i = 1; i <= n; i++, def->modifies_count++) {
            lua_rawgeti(L, -1, i);
            lua_rawgeti(L, -1, 1);
            def->modifies[i - 1].field = check_stat(L, -1);
            lua_rawgeti(L, -2, 2);
            def->modifies[i - 1].per = (int32_t)luaL_checkinteger(L, -1);
            lua_pop(L, 3);
        }
    }
    lua_pop(L, 1);
    if (lua_getfield(L, idx, "resists") == LUA_TTABLE) {
        lua_Integer n = luaL_len(L, -1);
        if (n > CAIRN_STATUS_RESISTS_MAX)
            luaL_error(L, "a status resists at most %d statuses", CAIRN_STATUS_RESISTS_MAX);
        for (lua_Integer i = 1; i <= n; i++, def->resists_count++) {
            lua_rawgeti(L, -1, i);
            lua_rawgeti(L, -1, 1);
            def->resists[i - 1].status = (cairn_status_id)luaL_checkinteger(L, -1);
            lua_rawgeti(L, -2, 2);
            def->resists[i - 1].percent = (int32_t)luaL_checkinteger(L, -1);
            lua_pop(L, 3);
        }
    }
    lua_pop(L, 1);
}

static void status_save(lua_State *L, int idx, cairn_status_def *def)
{
    if (lua_getfield(L, idx, "save") == LUA_TTABLE) {
        int t = lua_gettop(L);
        def->save_chance = (int32_t)int_field(L, t, "chance", 0);
        if (lua_getfield(L, t, "stat") != LUA_TNIL) {
            def->save_stat = true;
            def->save_field = check_stat(L, -1);
        }
        lua_pop(L, 1);
        lua_getfield(L, t, "against");
        def->has_against = !lua_isnil(L, -1);
        lua_pop(L, 1);
        def->save_against = (int32_t)int_field(L, t, "against", 0);
    }
    lua_pop(L, 1);
}

/* The data of a status (core.status's table: stacking, max, decay, at_zero, each, modifies,
 * resists, save), into def. */
static void status_data(lua_State *L, int idx, cairn_status_def *def)
{
    static const char *const stackings[] = {"longer", "intensity", "extend", "refresh",
                                            "higher", "instances", NULL};
    static const char *const at_zero[] = {"wear_off", "stay", NULL};
    static const char *const each[] = {"nothing", "damage", "heal", NULL};
    if (lua_isnoneornil(L, idx))
        return;
    luaL_checktype(L, idx, LUA_TTABLE);
    def->stacking = (cairn_stacking)option_field(L, idx, "stacking", stackings);
    def->max = (int32_t)int_field(L, idx, "max", 0);
    def->stay_at_zero = option_field(L, idx, "at_zero", at_zero) == 1;
    def->each = (cairn_status_each)option_field(L, idx, "each", each);
    status_decay(L, idx, def);
    status_lists(L, idx, def);
    status_save(L, idx, def);
}

/* core.status(name, apply, tick, wear_off, handlers, data) -> id; handlers: { {chain, fn,
 * rank}, ... }; data: see status_data */
static int c_status(lua_State *L)
{
    cairn_world *w = cairn_lua__world(L);
    const char *name = luaL_checkstring(L, 1);
    status_record *rec = new_record(L, sizeof *rec);
    rec->apply = keep_fn(L, 2);
    rec->tick = keep_fn(L, 3);
    rec->wear_off = keep_fn(L, 4);
    if (!lua_isnoneornil(L, 5)) {
        luaL_checktype(L, 5, LUA_TTABLE);
        lua_Integer n = luaL_len(L, 5);
        if (n > CAIRN_STATUS_HANDLERS_MAX)
            return luaL_error(L, "a status hooks at most %d handlers", CAIRN_STATUS_HANDLERS_MAX);
        for (lua_Integer i = 1; i <= n; i++) {
            lua_rawgeti(L, 5, i);
            status_handler *hk = &rec->handlers[rec->handler_count++];
            lua_rawgeti(L, -1, 1);
            hk->chain = (cairn_chain_id)luaL_checkinteger(L, -1);
            lua_rawgeti(L, -2, 2);
            hk->fn = keep_fn(L, -1);
            lua_rawgeti(L, -3, 3);
            hk->rank = cairn_lua__check_rank(L, -1);
            lua_pop(L, 4);
        }
    }
    cairn_status_def def = {.name = name,
                            .attach = status_attach,
                            /* a status without a function costs no call */
                            .apply = rec->apply ? status_apply : NULL,
                            .tick = rec->tick ? status_tick : NULL,
                            .wear_off = rec->wear_off ? status_wear_off : NULL,
                            .ud = rec};
    status_data(L, 6, &def);
    cairn_status_id id;
    check(L, cairn_status_define(w, &def, &id));
    lua_pushinteger(L, id);
    return 1;
}

/* core.status_chains(): registers status_give and status_receive in this world */
static int c_status_chains(lua_State *L)
{
    check(L, cairn_status_chains(cairn_lua__world(L), NULL, NULL));
    return 0;
}

/* core.status_resist(status id, resisted id, percent) */
static int c_status_resist(lua_State *L)
{
    check(L, cairn_status_resist(cairn_lua__world(L), (cairn_status_id)luaL_checkinteger(L, 1),
                                 (cairn_status_id)luaL_checkinteger(L, 2),
                                 (int32_t)luaL_checkinteger(L, 3)));
    return 0;
}

/* --- sequences --------------------------------------------------------------------------- */

typedef struct step_record {
    int decide, enter, exit;
} step_record;

/* decide(entity, outcome) returns the 1-based step to go to, or nil to keep the rules'. */
static cairn_err step_decide(cairn_world *w, cairn_entity_id id, cairn_step_outcome *o, void *ud)
{
    callback cb = {.fn = ((step_record *)ud)->decide, .entity = id, .outcome = o};
    return call_back(host_of(w), &cb);
}

/* A step's enter or exit function, called with the entity and the 1-based step. */
static cairn_err step_call(cairn_world *w, cairn_entity_id id, uint32_t step, int ref)
{
    callback cb = {.fn = ref, .entity = id, .step = (int)step + 1};
    return call_back(host_of(w), &cb);
}

static cairn_err step_enter(cairn_world *w, cairn_entity_id id, uint32_t step, void *ud)
{
    return step_call(w, id, step, ((step_record *)ud)->enter);
}

static cairn_err step_exit(cairn_world *w, cairn_entity_id id, uint32_t step, void *ud)
{
    return step_call(w, id, step, ((step_record *)ud)->exit);
}

static lua_Integer opt_field(lua_State *L, int idx, const char *key, lua_Integer max)
{
    lua_getfield(L, idx, key);
    lua_Integer v = luaL_optinteger(L, -1, 0);
    lua_pop(L, 1);
    if (v < 0 || v > max)
        luaL_error(L, "step field '%s' must be from 0 to %d", key, (int)max);
    return v;
}

/* core.sequence(name, steps) -> id; each step {action=id, movs=id, repeats=, on_success=,
 * on_failure=, decide=, enter=, exit=} */
static int c_sequence(lua_State *L)
{
    cairn_world *w = cairn_lua__world(L);
    const char *name = luaL_checkstring(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_Integer n = luaL_len(L, 2);
    luaL_argcheck(L, n >= 1 && n <= CAIRN_SEQUENCE_STEPS_MAX, 2, "1 to 1024 steps");
    cairn_step *steps = lua_newuserdatauv(L, (size_t)n * sizeof *steps, 0);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, 2, i);
        int s = lua_gettop(L);
        cairn_step *step = &steps[i - 1];
        memset(step, 0, sizeof *step);
        step->action = (cairn_action_id)opt_field(L, s, "action", UINT16_MAX);
        step->movs = (cairn_movs_id)opt_field(L, s, "movs", UINT16_MAX);
        step->repeat = (uint16_t)opt_field(L, s, "repeats", UINT16_MAX);
        step->on_success = (uint16_t)opt_field(L, s, "on_success", UINT16_MAX);
        step->on_failure = (uint16_t)opt_field(L, s, "on_failure", UINT16_MAX);
        lua_getfield(L, s, "decide");
        lua_getfield(L, s, "enter");
        lua_getfield(L, s, "exit");
        if (!lua_isnil(L, -1) || !lua_isnil(L, -2) || !lua_isnil(L, -3)) {
            step_record *rec = new_record(L, sizeof *rec);
            rec->decide = keep_fn(L, -3);
            rec->enter = keep_fn(L, -2);
            rec->exit = keep_fn(L, -1);
            step->decide = rec->decide ? step_decide : NULL;
            step->enter = rec->enter ? step_enter : NULL;
            step->exit = rec->exit ? step_exit : NULL;
            step->ud = rec;
        }
        lua_settop(L, s - 1);
    }
    cairn_sequence_id id;
    check(L, cairn_sequence_register(w, name, steps, (size_t)n, &id));
    lua_pushinteger(L, id);
    return 1;
}

/* --- the rest: names, types, actions, hooks ---------------------------------------------- */

/* core.find(kind, name) -> id or nil */
static int c_find(lua_State *L)
{
    cairn_lua_kind kind = cairn_lua__check_kind(L, 1);
    int id;
    if (cairn_lua__find(cairn_lua__world(L), kind, luaL_checkstring(L, 2), &id))
        lua_pushinteger(L, id);
    else
        lua_pushnil(L);
    return 1;
}

/* core.names(kind) -> every name of the kind the world has, in id order: the core's own
 * first (builtin.c registers them), then content's. The one list of the built-in names. */
static int c_names(lua_State *L)
{
    cairn_lua_kind kind = cairn_lua__check_kind(L, 1);
    cairn_world *w = cairn_lua__world(L);
    lua_newtable(L);
    for (int id = 0;; id++) {
        const char *name = cairn_lua__name(w, kind, id);
        if (!name)
            break;
        lua_pushstring(L, name);
        lua_rawseti(L, -2, id + 1);
    }
    return 1;
}

static int c_source(lua_State *L)
{
    cairn_source_id id;
    check(L, cairn_source_register(cairn_lua__world(L), luaL_checkstring(L, 1), &id));
    lua_pushinteger(L, id);
    return 1;
}

/* core.change(name [, amounts]): a kind of change content defined, and the names of its
 * amounts (a list of strings: amount n is the nth), which the history shows beside them. */
static int c_change(lua_State *L)
{
    uint16_t id;
    check(L, cairn_change_kind_register(cairn_lua__world(L), luaL_checkstring(L, 1), &id));
    if (!lua_isnoneornil(L, 2)) {
        luaL_checktype(L, 2, LUA_TTABLE);
        lua_Integer n = (lua_Integer)lua_rawlen(L, 2);
        lua_createtable(L, (int)n, 0);
        for (lua_Integer i = 1; i <= n; i++) {
            if (lua_rawgeti(L, 2, i) != LUA_TSTRING)
                luaL_error(L, "amounts must be a list of strings, not a %s", luaL_typename(L, -1));
            lua_rawseti(L, -2, i);
        }
        lua_rawgeti(L, LUA_REGISTRYINDEX, cairn_lua__from(L)->amount_names_ref);
        lua_insert(L, -2);
        lua_rawseti(L, -2, id);
        lua_pop(L, 1);
    }
    lua_pushinteger(L, id);
    return 1;
}

const char *cairn_lua__amount_name(lua_State *L, uint16_t kind, int32_t amount)
{
    if (!lua_checkstack(L, 3))
        return NULL;
    int top = lua_gettop(L);
    const char *name = NULL;
    if (lua_rawgeti(L, LUA_REGISTRYINDEX, cairn_lua__from(L)->amount_names_ref) == LUA_TTABLE &&
        lua_rawgeti(L, -1, kind) == LUA_TTABLE && lua_rawgeti(L, -1, amount) == LUA_TSTRING)
        name = lua_tostring(L, -1); /* the table keeps it */
    lua_settop(L, top);
    return name;
}

static int c_chain(lua_State *L)
{
    cairn_chain_id id;
    check(L, cairn_chain_register(cairn_lua__world(L), luaL_checkstring(L, 1), &id));
    lua_pushinteger(L, id);
    return 1;
}

static int c_type(lua_State *L)
{
    static const char *const layers[] = {"floor", "trap",       "item", "wall",
                                         "real",  "projectile", "misc", NULL};
    cairn_layer layer = (cairn_layer)luaL_checkoption(L, 2, "real", layers);
    cairn_type_id id;
    check(L, cairn_type_register(cairn_lua__world(L), luaL_checkstring(L, 1), layer, &id));
    lua_pushinteger(L, id);
    return 1;
}

static int c_type_add(lua_State *L)
{
    check(L, cairn_type_add_decorator(cairn_lua__world(L), (cairn_type_id)luaL_checkinteger(L, 1),
                                      (cairn_decorator_id)luaL_checkinteger(L, 2)));
    return 0;
}

static int c_type_has(lua_State *L)
{
    lua_pushboolean(L, cairn_type_has_decorator(cairn_lua__world(L),
                                                (cairn_type_id)luaL_checkinteger(L, 1),
                                                (cairn_decorator_id)luaL_checkinteger(L, 2)));
    return 1;
}

static int c_type_stat(lua_State *L)
{
    cairn_type_id type = (cairn_type_id)luaL_checkinteger(L, 1);
    const char *stat = luaL_checkstring(L, 2);
    luaL_checkany(L, 3);
    cairn_lua__stat_set(L, cairn_lua__world(L), CAIRN_ENTITY_NONE, type, stat, 3);
    return 0;
}

static int c_type_hook(lua_State *L)
{
    cairn_world *w = cairn_lua__world(L);
    cairn_chain *chain;
    check(L, cairn_type_chain(w, (cairn_type_id)luaL_checkinteger(L, 1),
                              (cairn_chain_id)luaL_checkinteger(L, 2), &chain));
    luaL_checktype(L, 3, LUA_TFUNCTION);
    check(L,
          cairn_chain_add(w, chain, cairn_lua__handler(L, 3, cairn_lua__check_rank(L, 4)), NULL));
    return 0;
}

static int c_world_hook(lua_State *L)
{
    cairn_world *w = cairn_lua__world(L);
    cairn_chain *chain = cairn_world_chain(w, (cairn_chain_id)luaL_checkinteger(L, 1));
    if (!chain)
        return cairn_lua__raise(L, cairn_world_error_code(w));
    luaL_checktype(L, 2, LUA_TFUNCTION);
    check(L,
          cairn_chain_add(w, chain, cairn_lua__handler(L, 2, cairn_lua__check_rank(L, 3)), NULL));
    return 0;
}

static int c_action(lua_State *L)
{
    const char *name = luaL_checkstring(L, 1);
    uint16_t components[CAIRN_ACTION_COMPONENTS_MAX];
    size_t n = id_list(L, 2, components, CAIRN_ACTION_COMPONENTS_MAX, "components");
    cairn_action_id id;
    check(L, cairn_action_register(cairn_lua__world(L), name, components, n, &id));
    lua_pushinteger(L, id);
    return 1;
}

/* Ends the host's world, if any: its callbacks and every handle to it go with it. */
static void drop_world(lua_State *L, cairn_lua *h)
{
    if (h->depth > 1 || h->scope_top > 0)
        luaL_error(L, "a world cannot be replaced or destroyed from inside one of its handlers");
    cairn_world_destroy(h->world);
    h->world = NULL;
    h->world_serial++;
    cairn_lua__forget_living(L, h);
    new_callbacks(L);
    cairn_lua__scope_reset(h);
}

/* core.world_new(width, height, seed): the host's next world, in place of the last. */
static int c_world_new(lua_State *L)
{
    cairn_lua *h = cairn_lua__from(L);
    cairn_cell size = cairn_lua__check_cell(L, 1, 2);
    cairn_world_config config = {
        .width = size.x,
        .height = size.y,
        .seed = (uint64_t)luaL_optinteger(L, 3, 0),
        .alloc = cairn_lua__world_alloc,
        .alloc_ud = h,
        .user = h,
    };
    drop_world(L, h);
    cairn_error err;
    if (cairn_world_create(&config, &h->world, &err) == CAIRN_ERR_NOMEM && h->memory_out)
        return luaL_error(L, "a %dx%d world does not fit the memory limit of %d MiB",
                          (int)config.width, (int)config.height, (int)(h->memory_limit >> 20));
    if (!h->world)
        return luaL_error(L, "%s", cairn_lua__plain(err.message));
    return 0;
}

/* core.entity_current(id) -> whether the e.id names an entity not yet reaped */
static int c_entity_current(lua_State *L)
{
    cairn_lua *h = cairn_lua__from(L);
    cairn_entity_id eid = cairn_lua__id_from_integer(luaL_checkinteger(L, 1));
    lua_pushboolean(L, h->world && !cairn_entity_id_is_none(eid) &&
                           cairn_entity_check(h->world, eid) == CAIRN_OK);
    return 1;
}

/* core.stat_mask(e, name): the teams stat `name` of entity e as a mask (nil when its type
 * lacks the stat): the cards' foes are asked for every effect, and e.targets makes a list. */
static int c_stat_mask(lua_State *L)
{
    cairn_world *w = cairn_lua__world(L);
    cairn_entity_id id = cairn_lua__check_entity(L, 1, false);
    const char *name = luaL_checkstring(L, 2);
    cairn_type_id type;
    check(L, cairn_entity_type(w, id, &type));
    if (!cairn_lua__stat_mask(L, w, id, type, name))
        return luaL_error(L, "no stat '%s' holds teams", name);
    return 1;
}

/* core.world_destroy(): the host's world goes (a world whose definitions did not compile). */
static int c_world_destroy(lua_State *L)
{
    drop_world(L, cairn_lua__from(L));
    return 0;
}

void cairn_lua__open_define(lua_State *L)
{
    static const luaL_Reg fns[] = {
        {"world_new", c_world_new},
        {"set_perform", c_set_perform},
        {"find", c_find},
        {"names", c_names},
        {"resolve", cairn_lua__core_resolve},
        {"source", c_source},
        {"change", c_change},
        {"chain", c_chain},
        {"decorator", c_decorator},
        {"type", c_type},
        {"type_add", c_type_add},
        {"type_has", c_type_has},
        {"type_stat", c_type_stat},
        {"type_hook", c_type_hook},
        {"world_hook", c_world_hook},
        {"action", c_action},
        {"movs", c_movs},
        {"algo", c_algo},
        {"status", c_status},
        {"status_chains", c_status_chains},
        {"status_resist", c_status_resist},
        {"sequence", c_sequence},
        {"entity_current", c_entity_current},
        {"stat_mask", c_stat_mask},
        {"world_destroy", c_world_destroy},
        {NULL, NULL},
    };
    luaL_newlib(L, fns);
    /* The limits of names, for the scripts' checks of definitions. */
    lua_pushinteger(L, CAIRN_NAME_MAX);
    lua_setfield(L, -2, "NAME_MAX");
    lua_pushinteger(L, CAIRN_LUA_NAME_REF_MAX);
    lua_setfield(L, -2, "NAME_REF_MAX");
    new_callbacks(L);
}
