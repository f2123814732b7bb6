/*
 * host.h - the Lua host's internals, shared by the files of runtime/lua. Names shared
 * across files carry the cairn_lua__ prefix.
 */
#ifndef CAIRN_LUA_HOST_H
#define CAIRN_LUA_HOST_H

#include <lua.h>
#include <lauxlib.h>
#include <stdbool.h>

#include "cairn/lua.h"

struct cairn_lua {
    lua_State *L;
    cairn_world *world;
    uint32_t world_serial; /* counts the worlds made, so handles can tell them apart */
    FILE *out;

    /* The memory ceiling, kept by the allocator. */
    size_t memory;
    size_t memory_limit;
    bool memory_out;      /* the ceiling refused a block in the current outermost call */
    size_t refused;       /* the size of that block */
    uint64_t allocations; /* blocks handed out to the Lua state, new or resized */
    /* "pack:path:line: " of content's line when the ceiling first refused a new block, or "" */
    char memory_where[LUA_IDSIZE + 24];

    /* The instruction budget of the outermost call under way. */
    uint64_t budget;
    int64_t budget_left;
    bool budget_out;
    uint32_t unmetered;      /* > 0: the runtime is putting a world back, unmetered (w:preview) */
    char limit_message[320]; /* what a content pcall must not swallow */

    /* The instruction budget of the beat under way, beside the calls' budgets: a beat runs
     * many calls (cairn_lua_step makes each handler one of its own), and only this bounds
     * them together. What it counts is tallied by the function content gave, so that an
     * overrun can name the one that ran most. */
    uint64_t beat_budget;
    bool in_beat; /* the world is stepping a beat */
    int64_t beat_left;
    bool beat_out;        /* the beat's budget ran out: raised again until the beat ends */
    uint64_t beat_serial; /* beats begun: tells this beat's tallies from older ones */
    int beat_fn;          /* the kept function of the innermost callback running; 0: none */
    int beat_top;         /* the kept function that ran most of this beat so far; 0: none */
    struct cairn_lua_tally *tally; /* by kept function */
    size_t tally_cap;

    uint32_t depth; /* nested calls into Lua */
    /* While a beat runs, the absolute stack index of the message handler it pushed, with the
     * callback table just above it, and the depth they were pushed at: the core's calls into
     * Lua at that depth are made in that frame and need push neither. 0: none. */
    int frame;
    uint32_t frame_depth;
    /* The frame is inside the beat's one protected call (cairn_lua__step_world): a call in it
     * needs no protection of its own where the core may be unwound (cairn_world_may_unwind),
     * since what it raises unwinds to there. */
    bool frame_unwinds;
    int callbacks_ref; /* the registry's reference to the world's callback table */
    /* The names content gave the amounts of its kinds of change, by kind id, then amount: a
     * table replaced with each world, as the callback table is (define.c). */
    int amount_names_ref;
    /* What every push or check of a handle needs, found by a reference or an address rather
     * than by name in the registry: a movs makes several of each per call. */
    int entity_cache_ref; /* the weak cache of entity handles (entity.c) */
    int entity_keep_ref;  /* living entities' handles, by slot (entity.c) */
    int world_handle_ref; /* the handle of the current world, or false (world.c) */
    /* That handle's address and its world's serial: while the registry holds the handle, no
     * other value has its address, so a world method knows its handle by the address. */
    const void *world_handle;
    uint32_t world_handle_serial;
    const void *entity_meta; /* the metatables, which a handle is known by */
    const void *world_meta;
    /* The directions' names as Lua strings, kept alive by the registry: a short string is
     * interned, so a name given by content is one of these by its address alone. */
    const char *dir_names[CAIRN_DIR_NONE + 1];
    const void *dir_keys[CAIRN_DIR_NONE + 1]; /* the same as Lua values (lua_topointer) */
    /* The strings "x" and "y" as Lua values (lua_topointer), kept alive by the registry: an
     * entity handle's __index tells them, which a movs reads most, by address. */
    const void *key_x, *key_y;
    /* The serial of the world whose handle cairn.world() holds as its upvalue; 0 for none
     * (a world's serial is at least 1). */
    uint32_t world_fn_serial;
    uint64_t callbacks; /* calls the core made into Lua */
    uint64_t entries;   /* calls into Lua made while none was under way: from C */

    /* The full message of the last failure; `pending` while it travels back up through the
     * core to the Lua or C code that called in. */
    char *error;
    size_t error_cap;
    bool pending;
    cairn_phase failed_phase; /* the world's phase when a callback failed */

    /* Handlers may call into the core, which may call handlers: each call into content is a
     * scope, and the event handles it made die with it (event.c). 0: outside any. */
    uint32_t scope_top;

    /* The events content holds handles to, in the order the handles were made (so a scope's
     * are above the scopes it runs in); see event.c. */
    struct cairn_lua_live *live;
    uint32_t live_count;
    uint32_t live_cap;
    uint64_t stamp;        /* the last live event's stamp: stamps are never reused */
    uint64_t event_probes; /* places of the index below looked at, for tests */
    /* The live events by event, so that a handle of an event the scope holds already is
     * found in constant time (event.c): live[0, hashed) are in it. */
    struct cairn_lua_slot *slots;
    uint32_t slot_cap; /* a power of two, or 0 */
    uint32_t slot_used;
    uint32_t hashed;

    char *home; /* cairn_lua_home: the bundled packs are found there */
    char *scripts_dir;

    /* Traces and profiles (trace.c): NULL while neither was asked for. profiling is set only
     * while a profiled beat runs, so a call into content tests one flag. */
    struct cairn_lua_observing *observing;
    bool profiling;
    int64_t count_step; /* instructions between two calls of the count hook */

    /* Trust (host.c): the ids of the trusted packs, and by kept function whether it is
     * trusted code. While `trusting`, trusted code runs and the count hook is off (and charges
     * are not taken); `guard_calls`: an untrusted pack is loaded, so a call hook watches for
     * a call into its code, which turns the count hook on again. */
    char **trusted;
    size_t trusted_count;
    bool bundled_untrusted;
    bool guard_calls;
    bool trusting;
    unsigned char *fn_trusted;
    size_t fn_trusted_cap;
};

/* An event handle's bits: the stamp above, the entry's index below (event.c). */
#define CAIRN_LUA_EVENT_INDEX_BITS 20

/* Whether value idx, whose lua_topointer p is the address of a string the host keeps, is that
 * string. Any other value with that "address" would be an event handle, a light userdata
 * made of a stamp and an index (event.c): one whose stamp part is past the last stamp made is
 * none, and only one that is not needs its type asked. */
static inline bool cairn_lua__is_kept_string(const cairn_lua *h, lua_State *L, int idx,
                                             const void *p)
{
    return (uintptr_t)p >> CAIRN_LUA_EVENT_INDEX_BITS > h->stamp || lua_type(L, idx) == LUA_TSTRING;
}

/* An event content holds a handle to (event.c); here for the inline functions below. */
struct cairn_lua_live {
    cairn_event *ev;
    uint64_t stamp;
    uint32_t scope;
    uint32_t slot; /* its place in h->slots, once hashed */
    uint32_t prev; /* the live entry of the same event it hides there, or UINT32_MAX */
};

/* A place of h->slots: an event, and its last live entry (UINT32_MAX: none now). */
struct cairn_lua_slot {
    cairn_event *ev;
    uint32_t index;
};

/* Takes the entries from live[count] on out of h->slots (event.c). */
void cairn_lua__events_unhash(cairn_lua *h, uint32_t count);

/* The events whose handles die with the scope being closed, or all of them (a new beat). */
static inline void cairn_lua__events_end(cairn_lua *h, uint32_t scope)
{
    while (h->live_count > 0 && h->live[h->live_count - 1].scope >= scope)
        h->live_count--;
    if (h->hashed > h->live_count)
        cairn_lua__events_unhash(h, h->live_count);
}

/* --- host.c ------------------------------------------------------------------------------ */

/* The allocator of the host's worlds (ud: the host): the memory ceiling holds for the world
 * and the Lua state together. */
void *cairn_lua__world_alloc(void *ud, void *ptr, size_t old_size, size_t new_size);
/* The host of a state (it is the allocator's ud). */
static inline cairn_lua *cairn_lua__from(lua_State *L)
{
    /* inline: every handle's field and check asks for it */
    void *ud;
    lua_getallocf(L, &ud);
    return ud;
}
/* Makes the host's error a memory overrun (of the ceiling when limit, else of the machine)
 * placed at the function at idx, for LUA_ERRMEM, which runs no message handler. Raises
 * nothing. */
void cairn_lua__memory_overrun(cairn_lua *h, int idx, bool limit);
/* cairn_lua_call for a caller that pushed, in this order: cairn_lua__push_frame's two
 * values, the function, its nargs arguments - sparing the call a rotation of the stack. */
void cairn_lua__push_frame(lua_State *L);
cairn_err cairn_lua__call_framed(cairn_lua *h, int nargs, int nresults);
/* The beat's frame, from h->frame up: the message handler, the callback table and the
 * entity handles' cache (so that the core's calls find a handle with one look-up). */
#define CAIRN_LUA_FRAME_SIZE 3
/* The stack index of the frame's top, its entity cache. */
static inline int cairn_lua__frame_top(const cairn_lua *h)
{
    return h->frame + CAIRN_LUA_FRAME_SIZE - 1;
}
/* Whether the stack is in the beat's frame (h->frame) with nothing above its top: at the
 * frame's depth no Lua function is running, only the core, called from the frame that pushed
 * it (a call into Lua at that depth has returned, or it would be deeper). The frame keeps
 * room for a call's function and arguments (CAIRN_LUA_FRAME_ROOM). */
#define CAIRN_LUA_FRAME_ROOM 8
static inline bool cairn_lua__in_frame(const cairn_lua *h)
{
    return h->frame > 0 && h->depth == h->frame_depth &&
           lua_gettop(h->L) == cairn_lua__frame_top(h);
}
/* A call in the beat's frame: the function and its nargs arguments on top, the message
 * handler at h->frame. On success its nresults results (LUA_MULTRET: all) are left on top,
 * for the caller to take and pop. On failure, the host's error says what went wrong, as
 * after cairn_lua__call_framed, and the stack is the frame's. */
static inline cairn_err cairn_lua__call_in_frame(cairn_lua *h, int nargs, int nresults);
/* A callback from the core into Lua failed: makes the world's message the first line of the
 * host's, marks the full one pending and returns CAIRN_ERR_HANDLER for the core to unwind. */
cairn_err cairn_lua__callback_failed(cairn_lua *h);
/* cairn_lua__callback_failed for the callback of kept function fn, whose call returned st: an
 * out-of-memory error is placed at fn, content's function (define.c). */
cairn_err cairn_lua__callback_failed_in(cairn_lua *h, int fn, cairn_err st);
/* Raises a Lua error for a core call that returned st: the pending message from a nested
 * callback when there is one (whole, traceback included), else the world's message, plain
 * (cairn_lua__plain; no error code name: content reads the message, never the C code). */
int cairn_lua__raise(lua_State *L, cairn_err st);
/* A core message as content should read it. Some name the C function that failed first
 * ("chain_remove: the chain has no handler 5"), which content never called: the text after
 * that name. Other messages as they are. */
const char *cairn_lua__plain(const char *core_message);
/* Charges work done in C on content's behalf (a sort, a scan, a beat) to the budget of the
 * call under way, as if it were that many Lua instructions; raises the overrun past its end. */
void cairn_lua__charge(lua_State *L, int64_t cost);
/* Pushes "pack:path:line: " of the innermost line of content running, or of the runtime's
 * own scripts when no content is; "" when no Lua function is running. */
void cairn_lua__push_content_where(lua_State *L);
/* The name cairn.change's `amounts` gave amount `amount` of the content's kind of change `kind`
 * (an id of the world's), or NULL; raises nothing and allocates nothing. The string lives as
 * long as the world's definitions. */
const char *cairn_lua__amount_name(lua_State *L, uint16_t kind, int32_t amount);
/* "pack:path:line" of the function ar describes (lua_getinfo's "S"): a pack's file by its
 * chunk name, one of the runtime's own scripts as "(runtime):path:line", its path under the
 * scripts folder, so that it reads the same wherever cairn is installed. */
#define CAIRN_LUA_RUNTIME_PLACE "(runtime)"
void cairn_lua__function_place(const cairn_lua *h, const lua_Debug *ar, char *buf, size_t size);
/* Runs one beat of the host's world under the beat's budget (cairn_world_step's error code). */
cairn_err cairn_lua__step_world(cairn_lua *h);
/* What a coroutine's fresh instruction count hides from the budget: charged per resume. */
#define CAIRN_LUA_RESUME_COST 1000
/* The memory ceiling's message, at content's line when the allocator could tell it:
 * "pack:path:line: memory limit of N MiB exceeded", into buf. */
void cairn_lua__memory_message(const cairn_lua *h, char *buf, size_t size);
/* Forgets a memory overrun: the next call starts below the ceiling. */
static inline void cairn_lua__memory_clear(cairn_lua *h)
{
    h->memory_out = false;
    h->memory_where[0] = '\0';
}
/* The error a budget or memory overrun left, when one did: content may not catch it. */
bool cairn_lua__limit_hit(const cairn_lua *h);

/* Makes the metatable of a kind of handle, registered as tname: the metamethods in meta,
 * the methods in a table `methods` that __index looks in first (cairn_lua__method), and
 * locked against getmetatable. */
void cairn_lua__new_class(lua_State *L, const char *tname, const char *label, const luaL_Reg *meta,
                          const luaL_Reg *methods);
/* In an __index: pushes the method `key` of the handle at idx and returns true, or pushes
 * nothing and returns false. */
bool cairn_lua__method(lua_State *L, int idx, const char *key);
/* Makes the class tname's __index the closure of index over its `methods` table (the same
 * table, so methods added later are found), for cairn_lua__upvalue_method: one look-up of a
 * key where cairn_lua__method takes three. */
void cairn_lua__index_closure(lua_State *L, const char *tname, lua_CFunction index);
/* In such an __index: pushes the method named by the key at index 2 and returns true, or
 * pushes nothing and returns false. */
bool cairn_lua__upvalue_method(lua_State *L);
/* The userdata at idx if its metatable is meta (an address kept in the host), else NULL:
 * luaL_testudata without finding the metatable by name in the registry each time. */
void *cairn_lua__test_class(lua_State *L, int idx, const void *meta);
/* The direction the value at idx names (none included), or -1 if it is not a direction's
 * name. Raises nothing. */
int cairn_lua__to_dir(lua_State *L, int idx);
/* The same for a string content gave (a Lua string's text). */
int cairn_lua__dir_named(const cairn_lua *h, const char *name);
/* The address of the class tname's metatable, for cairn_lua__test_class. */
const void *cairn_lua__class_meta(lua_State *L, const char *tname);

/* Scopes of event handles (inline: every call into Lua opens and closes one). */
static inline void cairn_lua__scope_open(cairn_lua *h)
{
    h->scope_top++;
}
static inline void cairn_lua__scope_close(cairn_lua *h)
{
    cairn_lua__events_end(h, h->scope_top);
    h->scope_top--;
}
/* Starts a new top-level scope: every handle made outside callbacks becomes stale. */
void cairn_lua__scope_reset(cairn_lua *h);

/* --- trust (host.c) --------------------------------------------------------------------- */

/* Trust: whether the function at idx is trusted code (the runtime's scripts, or a file of a
 * trusted pack); and notes it for the kept function fn, for cairn_lua__enter_trust. */
bool cairn_lua__trusted_function(lua_State *L, int idx);
void cairn_lua__note_trust(lua_State *L, int idx, int fn);
/* Runs with the count hook off (trusting) or on; cairn_lua__enter_trust sets the mode for the
 * kept function fn and returns the mode it replaced, to be set back when fn returns. */
void cairn_lua__set_trusting(cairn_lua *h, bool trusting);
static inline bool cairn_lua__enter_trust(cairn_lua *h, int fn)
{
    bool was = h->trusting;
    bool now = (size_t)fn < h->fn_trusted_cap && h->fn_trusted[fn] && !h->profiling;
    if (now != was)
        cairn_lua__set_trusting(h, now);
    return was;
}

/* --- trace.c ---------------------------------------------------------------------------- */

typedef struct cairn_lua_observing cairn_lua_observing;
/* The count hook's step while profiling. */
#define CAIRN_LUA_PROFILE_STEP 100
void cairn_lua__observing_free(cairn_lua *h);
/* A call into content begins and ends (the trampolines, while h->profiling). */
void cairn_lua__profile_enter(cairn_lua *h, int fn);
void cairn_lua__profile_leave(cairn_lua *h);
/* Instructions counted while h->profiling, for the function running. */
void cairn_lua__profile_charge(cairn_lua *h, int64_t cost);
/* Sets the count hook's step (0: the budget's own). */
void cairn_lua__count_step(cairn_lua *h, int step);

/* --- names.c ----------------------------------------------------------------------------- */

/* The kinds of names content refers to: the core's kinds, one for one. */
typedef enum cairn_lua_kind {
    CAIRN_LUA_TYPE = CAIRN_KIND_TYPE,
    CAIRN_LUA_DECORATOR = CAIRN_KIND_DECORATOR,
    CAIRN_LUA_CHAIN = CAIRN_KIND_CHAIN,
    CAIRN_LUA_ACTION = CAIRN_KIND_ACTION,
    CAIRN_LUA_MOVS = CAIRN_KIND_MOVS,
    CAIRN_LUA_ALGO = CAIRN_KIND_ALGO,
    CAIRN_LUA_SEQUENCE = CAIRN_KIND_SEQUENCE,
    CAIRN_LUA_STATUS = CAIRN_KIND_STATUS,
    CAIRN_LUA_SOURCE = CAIRN_KIND_SOURCE,
    CAIRN_LUA_CHANGE = CAIRN_KIND_CHANGE, /* a kind of change content defined (cairn.change) */
    CAIRN_LUA_KIND_COUNT = CAIRN_KIND_COUNT
} cairn_lua_kind;

/* The kind named at idx ("type", "decorator", ... "change"), as scripts name them. */
cairn_lua_kind cairn_lua__check_kind(lua_State *L, int idx);
/* Finds the id of a name of a kind; false when there is none. */
bool cairn_lua__find(cairn_world *w, cairn_lua_kind kind, const char *name, int *out);
/* The text of an id of a kind, or NULL. */
const char *cairn_lua__name(cairn_world *w, cairn_lua_kind kind, int id);
/* The longest name content may give to refer to something (spawn, apply, a chain's name,
 * ...). No such name can exist (the core's are at most CAIRN_NAME_MAX), but up to this length
 * the answer is "unknown"; longer ones are refused as too long before they are looked up, so
 * that no message, hint or copy is ever the size of a name of a megabyte. */
#define CAIRN_LUA_NAME_REF_MAX 256
/* The id of the name at idx as content means it, by the rule for short names (names.c) asked
 * from the calling pack. Raises for an unknown name, one several packs define and one longer
 * than CAIRN_LUA_NAME_REF_MAX. */
int cairn_lua__check_name(lua_State *L, int idx, cairn_lua_kind kind);
/* core.resolve(kind, name [, pack]) -> full name, id; or nil and, when several packs define
 * name, the message that lists them. By the same rule: core.resolve(list, name, pack, what)
 * over a list of full names (games, bots), the id the index in it, `what` naming the kind in
 * the message. */
int cairn_lua__core_resolve(lua_State *L);
/* Pushes the name of an id of a kind (nil for none). */
void cairn_lua__push_name(lua_State *L, cairn_lua_kind kind, int id);
/* A status an attack carries, as content reads and gives it: its name, nil (or false, when
 * given) for none. */
void cairn_lua__push_status(lua_State *L, cairn_status_id status);
cairn_status_id cairn_lua__check_status(lua_State *L, int idx);

/* --- sandbox.c --------------------------------------------------------------------------- */

/* Installs the sandbox's primitives: deterministic next and pairs as the state's own,
 * the string metatable locked, string.dump gone, and a table `sandbox` of the safe
 * replacements (pcall, xpcall, setmetatable, load, coroutine.resume/close, math.random,
 * print) for scripts/lua/sandbox.lua to build environments from. Leaves that table on the stack. */
void cairn_lua__open_sandbox(lua_State *L);
/* Puts a new table with weak keys in the registry under key (the host's own sets). */
void cairn_lua__registry_weak_keys(lua_State *L, const char *key);

/* --- pattern.c --------------------------------------------------------------------------- */

/* Sets find, match, gmatch and gsub in the string table at idx to versions that charge
 * their matching to the budget (the stock ones run in C, unseen by the count hook). */
void cairn_lua__open_patterns(lua_State *L, int idx);

/* --- charges.c -------------------------------------------------------------------------- */

/* Makes the functions of the string table at idx (the state's own, which content reaches
 * through the string metatable) whose work grows with their arguments charge it to the
 * budget before they do it, and pushes a table of such versions of the base, table and utf8
 * functions, by library ({base = {tonumber = ...}, table = {...}, utf8 = {...}}), for the
 * copies content's environments are given. */
void cairn_lua__open_charges(lua_State *L, int string_table);
/* Charges bytes copied as a block, and bytes read one at a time (decoded, converted, lexed). */
void cairn_lua__charge_copied(lua_State *L, size_t bytes);
void cairn_lua__charge_scanned(lua_State *L, size_t bytes);
/* Replaces the reader function at idx, given to load, with one that charges each piece it
 * returns by its bytes. */
void cairn_lua__charge_reader(lua_State *L, int idx);

/* --- strings.c -------------------------------------------------------------------------- */

/* Makes the string table at idx (the real one) and the state's tostring and string.format
 * show no addresses. */
void cairn_lua__open_strings(lua_State *L, int string_table);
/* Pushes what content's tostring shows for the value at idx. */
void cairn_lua__push_text(lua_State *L, int idx);
/* named([n]): the count of numbers tostring has given, as prims.named (strings.c). */
int cairn_lua__named(lua_State *L);

/* --- order.c ---------------------------------------------------------------------------- */

/* Makes next, pairs and table.sort, for the whole state, those of a fixed order. */
void cairn_lua__open_order(lua_State *L);
/* Pushes a list of the keys of the table at idx in the order pairs visits them (read once
 * into a C array and sorted there, where comparing costs no call into Lua; the keys are
 * unique, so the order is total and any sort gives the same one) and returns how many there
 * are. Raises for a key with no fixed order. `charged`: the sort is content's work. */
lua_Integer cairn_lua__push_sorted_keys(lua_State *L, int idx, bool charged);

/* --- codec.c ----------------------------------------------------------------------------- */

/* encode(v) -> the canonical text of a plain value; raises for anything else.
 * decode(text [, name]) -> the value, or raises "[NAME is ]damaged at byte N: ..." for text
 * encode could not have written.
 * Both linear in the text and uncharged: the runtime's own work. */
int cairn_lua__encode(lua_State *L);
int cairn_lua__decode(lua_State *L);

/* --- entity.c ---------------------------------------------------------------------------- */

void cairn_lua__open_entity(lua_State *L);
/* Pushes the handle of entity id (nil for none): the cached one, else a new one, cached and,
 * while the entity lives, kept by its slot. Raises out of memory. */
void cairn_lua__push_entity(lua_State *L, cairn_entity_id id);
/* Lets go of the living entities' handles the keep list holds: the world they live in ends. */
void cairn_lua__forget_living(lua_State *L, cairn_lua *h);
/* Pushes the handle of entity id if the cache has it and returns true; else pushes nothing
 * and returns false. Raises nothing and allocates nothing, for a caller outside any
 * protected call. */
bool cairn_lua__push_kept_entity(lua_State *L, cairn_entity_id id);
/* The same with the cache at stack index cache (the beat's frame has it). */
bool cairn_lua__push_kept_entity_at(lua_State *L, int cache, cairn_entity_id id);
/* The same for a caller that has the host at hand (a call into content has it). */
bool cairn_lua__push_kept_entity_in(lua_State *L, const cairn_lua *h, int cache,
                                    cairn_entity_id id);
/* The id of the entity handle at idx, or raises; `alive` also refuses a dead entity. */
cairn_entity_id cairn_lua__check_entity(lua_State *L, int idx, bool alive);
/* e.id, an integer naming an entity and its generation, and back (NONE for no entity). */
lua_Integer cairn_lua__id_to_integer(cairn_entity_id id);
cairn_entity_id cairn_lua__id_from_integer(lua_Integer id);
/* What orders entity handles (the value at idx must be one): world, then e.id. */
void cairn_lua__entity_order(lua_State *L, int idx, uint32_t *world, lua_Integer *id);
/* The id of the entity handle at idx, or NONE when it is not one. */
cairn_entity_id cairn_lua__to_entity(lua_State *L, int idx);
/* The world, or raises "no world yet". */
cairn_world *cairn_lua__world(lua_State *L);
/* The cell given by the integers at x and y; raises for coordinates no grid could have. */
cairn_cell cairn_lua__check_cell(lua_State *L, int x, int y);
/* The cell the fields x and y of the table at idx give (the caller has made sure it is a
 * table, with a message of its own); raises as cairn_lua__check_cell. */
cairn_cell cairn_lua__cell_fields(lua_State *L, int idx);
/* A direction name at idx ("n" ... "nw", "none"); nil counts as none when opt. */
cairn_dir cairn_lua__check_dir(lua_State *L, int idx);

/* --- event.c ----------------------------------------------------------------------------- */

void cairn_lua__open_event(lua_State *L);
void cairn_lua__push_event(lua_State *L, cairn_event *ev);
/* The same for a non-NULL event, raising nothing: false (and nothing pushed) when the list
 * of live events cannot grow. The caller has made room on the stack. */
bool cairn_lua__push_event_quietly(lua_State *L, cairn_event *ev);
/* A new live entry for ev in the current scope, pushed as its handle; false (nothing
 * pushed) if there can be no more. */
bool cairn_lua__push_new_event(lua_State *L, cairn_lua *h, cairn_event *ev);
/* cairn_lua__push_event_quietly for the first event of a scope just opened, which no handle
 * can name yet: every handler call makes one, so the common case is inline. */
static inline bool cairn_lua__push_first_event(lua_State *L, cairn_lua *h, cairn_event *ev)
{
    uint32_t index = h->live_count;
    if (index == h->live_cap) /* to grow the list, or at its limit */
        return cairn_lua__push_new_event(L, h, ev);
    h->live[index] = (struct cairn_lua_live){ev, ++h->stamp, h->scope_top, 0, 0};
    h->live_count++;
    lua_pushlightuserdata(L, (void *)(uintptr_t)((h->stamp << CAIRN_LUA_EVENT_INDEX_BITS) | index));
    return true;
}
cairn_event *cairn_lua__check_event(lua_State *L, int idx);

/* --- stats.c ----------------------------------------------------------------------------- */

/* Pushes the value of a stat (a core field by name: "hp", "damage", ...) from an entity's
 * data or a type's defaults; returns false for an unknown name. */
bool cairn_lua__stat_get(lua_State *L, cairn_world *w, cairn_entity_id id, cairn_type_id type,
                         const char *name);
/* Pushes a teams stat ("targets") as its mask, one integer (bit n: team n): what
 * cairn_lua__stat_get pushes as a list, without making the list. Nil when the type lacks the
 * stat's decorator; returns false for a name that is no teams stat. */
bool cairn_lua__stat_mask(lua_State *L, cairn_world *w, cairn_entity_id id, cairn_type_id type,
                          const char *name);
/* Sets a stat from the value at idx; raises on an unknown stat, a decorator the type lacks or
 * a bad value. On an entity (id not NONE) the change goes in the beat's history: hp as a
 * hurt or a heal (cairn_entity_damage, cairn_entity_heal), any other stat that changed as a
 * CAIRN_CHANGE_STAT naming it. */
void cairn_lua__stat_set(lua_State *L, cairn_world *w, cairn_entity_id id, cairn_type_id type,
                         const char *name, int idx);
/* The name of the stat a CAIRN_CHANGE_STAT's detail numbers. Static storage. */
const char *cairn_lua__stat_name(uint16_t number);
/* Pushes the list of stat names. */
void cairn_lua__stat_names(lua_State *L);
/* The index in cairn_fields of the number stat so named ("damage"), or -1. */
int cairn_lua__stat_field(const char *name);

/* --- define.c ---------------------------------------------------------------------------- */

/* Pushes the table of core bindings the trusted scripts compile definitions with. */
void cairn_lua__open_define(lua_State *L);

/* The function of every handler cairn_lua__handler makes, whose ud is its kept function. */
cairn_handler_fn cairn_lua__handler_fn(void);
/* A handler that calls the Lua function at idx (kept alive in the registry). */
cairn_handler cairn_lua__handler(lua_State *L, int idx, cairn_rank rank);
/* Lets go of the Lua function of a handler made by cairn_lua__handler that was never added. */
void cairn_lua__release_handler(lua_State *L, cairn_handler handler);
/* Remembers which function an entity hook holds, so unhooking lets go of it. */
void cairn_lua__remember_hook(lua_State *L, cairn_handler_id id, cairn_handler handler);
void cairn_lua__forget_hook(lua_State *L, cairn_handler_id id);
/* The rank named at idx ("highest" ... "lowest"; nil: medium). */
cairn_rank cairn_lua__check_rank(lua_State *L, int idx);

/* --- world.c ----------------------------------------------------------------------------- */

void cairn_lua__open_world(lua_State *L);
void cairn_lua__push_world(lua_State *L);
/* Pushes a function returning the current world's handle. */
void cairn_lua__open_world_handle(lua_State *L);
/* Sets, in the table on top, snapshot_parts() -> core, data and restore_parts(core, data):
 * the current world's snapshot as its two parts, for the runtime's scripts that keep them
 * apart (a save), and back. */
void cairn_lua__open_snapshot_parts(lua_State *L);
/* Adds methods to the world handle's class; returns the name of one it had already (the
 * methods after it are not added), else NULL. */
const char *cairn_lua__add_world_methods(lua_State *L, const cairn_lua_method *methods);
/* Calls run(w, args...) - the world at 1, nargs arguments after it - and puts the world back
 * as it was before, whatever happened: leaves run's one result on the stack, or raises run's
 * error. Between beats only (`what` names the caller in the error). */
int cairn_lua__on_copy(lua_State *L, lua_CFunction run, int nargs, const char *what);
/* Raises "`what` cannot run inside a handler or callback; only between beats" when called from
 * inside one (a world method that steps, clears, restores or rewrites the world). */
void cairn_lua__between_beats(lua_State *L, const char *what);

/* --- schedule.c -------------------------------------------------------------------------- */

/* w:schedule(actor, action [, target]) and w:apply(outcome) (docs/lua-api.md). */
int cairn_lua__w_schedule(lua_State *L);
int cairn_lua__w_apply(lua_State *L);

/* --- calls in the beat's frame (host.c), inline: every handler call is one -------------- */

/* The start of a call into Lua: the outermost call gets a whole budget and a clean slate.
 * Returns whether it is the outermost, for cairn_lua__call_end. */
static inline bool cairn_lua__call_begin(cairn_lua *h)
{
    bool outer = h->depth == 0;
    if (outer) {
        h->entries++;
        h->budget_left = (int64_t)h->budget;
        h->budget_out = false;
        cairn_lua__memory_clear(h);
        h->pending = false;
    }
    h->depth++;
    return outer;
}

static inline void cairn_lua__call_end(cairn_lua *h, bool outer)
{
    if (outer) {
        h->budget_out = false;
        cairn_lua__memory_clear(h);
    }
}

/* cairn_lua__call_in_frame's failure: the host's error made of what lua_pcall returned (rc)
 * and the stack put back to the frame's. */
cairn_err cairn_lua__in_frame_failed(cairn_lua *h, int rc);

static inline cairn_err cairn_lua__call_in_frame(cairn_lua *h, int nargs, int nresults)
{
    bool outer = cairn_lua__call_begin(h);
    int rc = LUA_OK;
    if (h->frame_unwinds && cairn_world_may_unwind(h->world))
        lua_call(h->L, nargs, nresults); /* an error unwinds to the beat's protected call */
    else
        rc = lua_pcall(h->L, nargs, nresults, h->frame);
    h->depth--;
    cairn_err st = rc == LUA_OK ? CAIRN_OK : cairn_lua__in_frame_failed(h, rc);
    cairn_lua__call_end(h, outer);
    return st;
}

#endif /* CAIRN_LUA_HOST_H */
