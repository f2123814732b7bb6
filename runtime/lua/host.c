/*
 * host.c - the Lua state: its allocator (the memory ceiling), the instruction budget, calls
 * into Lua and their errors, the runtime's own scripts, and the host's public functions.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "host.h"
/* lfs.h uses lua_State without including lua.h: it comes after host.h. */
#include <lfs.h>
#include <lualib.h>

/* Instructions between two looks at the budget: small enough to stop a loop promptly,
 * large enough that counting costs nothing measurable. */
#define BUDGET_STEP 1000
/* Room left above the ceiling for reporting an overrun (the message, the traceback). */
#define MEMORY_HEADROOM ((size_t)1 << 20)

static char *copy_string(const char *s)
{
    size_t n = strlen(s) + 1;
    char *c = malloc(n);
    return c ? memcpy(c, s, n) : NULL;
}

lua_State *cairn_lua_state(cairn_lua *h)
{
    return h->L;
}

/* --- places ------------------------------------------------------------------------------ */

/* How many of the innermost frames a place is looked for in. lua_getstack walks from the top
 * to its level, so a search of n levels costs n squared: the hundreds of thousands of frames
 * of a stack overflow would take minutes. Content's line, and the runtime's line an error is
 * raised at, are among the innermost frames of any stack the runtime and content make. */
#define PLACE_LEVELS_MAX 256

/* Whether a function's source (lua_Debug.source) is one of the runtime's own scripts. */
static bool runtime_source(const cairn_lua *h, const char *source)
{
    if (!h->scripts_dir)
        return false;
    size_t n = strlen(h->scripts_dir);
    return source[0] == '@' && !strncmp(source + 1, h->scripts_dir, n) && source[1 + n] == '/';
}

/* The level of the innermost Lua frame that is content's, or else of the innermost Lua frame
 * (the runtime's own, when no content is running); -1 when there is none. */
static int content_level(lua_State *L, const cairn_lua *h)
{
    lua_Debug ar;
    int first = -1;
    for (int level = 0; level < PLACE_LEVELS_MAX && lua_getstack(L, level, &ar); level++) {
        lua_getinfo(L, "Sl", &ar);
        if (ar.currentline <= 0)
            continue;
        if (!runtime_source(h, ar.source))
            return level;
        if (first < 0)
            first = level;
    }
    return first;
}

void cairn_lua__push_content_where(lua_State *L)
{
    lua_Debug ar;
    int level = content_level(L, cairn_lua__from(L));
    if (level >= 0 && lua_getstack(L, level, &ar) && lua_getinfo(L, "Sl", &ar))
        lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
    else
        lua_pushliteral(L, "");
}

/* How long the place a message starts with is when that place is a line of the runtime's
 * scripts running now (an error raised there, or by Lua inside them); 0 otherwise. */
static size_t runtime_place_length(lua_State *L, const cairn_lua *h, const char *msg)
{
    lua_Debug ar;
    char place[LUA_IDSIZE + 24];
    for (int level = 0; level < PLACE_LEVELS_MAX && lua_getstack(L, level, &ar); level++) {
        lua_getinfo(L, "Sl", &ar);
        if (ar.currentline <= 0 || !runtime_source(h, ar.source))
            continue;
        int n = snprintf(place, sizeof place, "%s:%d: ", ar.short_src, ar.currentline);
        if (n > 0 && (size_t)n < sizeof place && !strncmp(msg, place, (size_t)n))
            return (size_t)n;
    }
    return 0;
}

/* Whether a message's first line holds a place, "...:LINE: ". */
static bool placed(const char *msg)
{
    for (const char *c = msg; *c && *c != '\n'; c++) {
        if (*c != ':' || !isdigit((unsigned char)c[1]))
            continue;
        const char *d = c + 1;
        while (isdigit((unsigned char)*d))
            d++;
        if (d[0] == ':' && d[1] == ' ')
            return true;
    }
    return false;
}

/* Whether content has a line on the stack (not only the runtime's scripts). */
static bool content_running(lua_State *L, const cairn_lua *h)
{
    lua_Debug ar;
    int level = content_level(L, h);
    return level >= 0 && lua_getstack(L, level, &ar) && lua_getinfo(L, "S", &ar) &&
           !runtime_source(h, ar.source);
}

/* --- limits ------------------------------------------------------------------------------ */

/* Writes "pack:path:line: " of content's innermost line into h->memory_where, from inside
 * the allocator: only reading the stack (lua_getstack and lua_getinfo "Sl" allocate nothing),
 * and only for a new block - a block that is resized may be a Lua stack, whose frames are
 * not readable while it moves (Lua 5.4.6 makes them offsets for the while). */
static void note_memory_where(cairn_lua *h)
{
    lua_Debug ar;
    lua_State *L = h->L;
    int level = L ? content_level(L, h) : -1;
    h->memory_where[0] = '\0';
    if (level >= 0 && lua_getstack(L, level, &ar) && lua_getinfo(L, "Sl", &ar))
        snprintf(h->memory_where, sizeof h->memory_where, "%s:%d: ", ar.short_src, ar.currentline);
}

void cairn_lua__memory_message(const cairn_lua *h, char *buf, size_t size)
{
    snprintf(buf, size, "%smemory limit of %d MiB exceeded", h->memory_where,
             (int)(h->memory_limit >> 20));
}

static void *host_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    cairn_lua *h = ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        h->memory -= old;
        return NULL;
    }
    size_t limit = h->memory_out ? h->memory_limit + MEMORY_HEADROOM : h->memory_limit;
    if (nsize > old && h->memory - old + nsize > limit) {
        if (!ptr && !h->memory_where[0] && h->depth > 0)
            note_memory_where(h);
        h->memory_out = true;
        h->refused = nsize;
        return NULL;
    }
    void *p = realloc(ptr, nsize);
    if (!p)
        return NULL;
    h->memory = h->memory - old + nsize;
    /* Lua retries a refused block after a full collection: when that frees enough, the
     * ceiling was not overrun after all. */
    if (h->memory_out && nsize >= h->refused && h->memory <= h->memory_limit)
        cairn_lua__memory_clear(h);
    return p;
}

/* The Lua state's allocator: host_alloc, counting the blocks it hands out (a steady beat
 * hands out none, and the benchmark and its test count them). */
static void *lua_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    void *p = host_alloc(ud, ptr, osize, nsize);
    if (p)
        ((cairn_lua *)ud)->allocations++;
    return p;
}

void *cairn_lua__world_alloc(void *ud, void *ptr, size_t old_size, size_t new_size)
{
    /* The same contract as Lua's allocator: content that fills the world's event arena or
     * asks for a huge grid meets the same ceiling as content that fills Lua tables. */
    return host_alloc(ud, ptr, old_size, new_size);
}

/* What the beat's budget has counted for one kept function (the slot is stale when serial is
 * not the beat's). */
struct cairn_lua_tally {
    uint64_t serial;
    int64_t used;
};

/* Counts cost for the function running, keeping the beat's top spender. A table that cannot
 * grow only loses the count: the budget itself still holds. */
static void tally(cairn_lua *h, int64_t cost)
{
    int fn = h->beat_fn;
    if (fn <= 0)
        return;
    if ((size_t)fn >= h->tally_cap) {
        size_t cap = h->tally_cap ? h->tally_cap : 64;
        while (cap <= (size_t)fn)
            cap *= 2;
        struct cairn_lua_tally *t = realloc(h->tally, cap * sizeof *t);
        if (!t)
            return;
        memset(t + h->tally_cap, 0, (cap - h->tally_cap) * sizeof *t);
        h->tally = t;
        h->tally_cap = cap;
    }
    struct cairn_lua_tally *slot = &h->tally[fn];
    if (slot->serial != h->beat_serial)
        *slot = (struct cairn_lua_tally){h->beat_serial, 0};
    slot->used += cost;
    int top = h->beat_top;
    if (top != fn && (top <= 0 || slot->used > h->tally[top].used))
        h->beat_top = fn;
}

void cairn_lua__function_place(const cairn_lua *h, const lua_Debug *ar, char *buf, size_t size)
{
    if (runtime_source(h, ar->source))
        snprintf(buf, size, "%s:%s:%d", CAIRN_LUA_RUNTIME_PLACE,
                 ar->source + 2 + strlen(h->scripts_dir), ar->linedefined);
    else
        snprintf(buf, size, "%s:%d", ar->short_src, ar->linedefined);
}

/* "pack:path:line" of the kept function `fn`, into buf. */
static void kept_function_place(lua_State *L, cairn_lua *h, int fn, char *buf, size_t size)
{
    lua_Debug ar;
    lua_rawgeti(L, LUA_REGISTRYINDEX, h->callbacks_ref);
    if (lua_rawgeti(L, -1, fn) != LUA_TFUNCTION) {
        lua_pop(L, 2);
        snprintf(buf, size, "?");
        return;
    }
    lua_getinfo(L, ">S", &ar);
    lua_pop(L, 1);
    cairn_lua__function_place(h, &ar, buf, size);
}

/* Raises the overrun of whichever budget ran out, placed at content's innermost line; the first
 * overrun's message is raised again for as long as its call (or beat) goes on. */
static int overrun(lua_State *L, cairn_lua *h)
{
    if (h->budget_out || h->beat_out) {
        /* Still running after the overrun (unwinding, the runtime's own reporting): the first
         * message says where the content was. */
        lua_pushstring(L, h->limit_message);
        return lua_error(L);
    }
    h->budget_out = true;
    cairn_lua__push_content_where(L);
    const char *where = lua_tostring(L, -1);
    if (!h->in_beat || h->beat_left > 0) {
        snprintf(h->limit_message, sizeof h->limit_message,
                 "%sinstruction budget exceeded (%llu instructions in one call into Lua): a "
                 "loop that never ends?",
                 where, (unsigned long long)h->budget);
    } else {
        h->beat_out = true;
        char top[LUA_IDSIZE + 16] = "?";
        int64_t used = 0;
        if (h->beat_top > 0) {
            kept_function_place(L, h, h->beat_top, top, sizeof top);
            used = h->tally[h->beat_top].used;
        }
        snprintf(h->limit_message, sizeof h->limit_message,
                 "%sinstruction budget of a beat exceeded (%llu instructions in one beat; the "
                 "function at %s ran %lld of them): a loop that never ends?",
                 where, (unsigned long long)h->beat_budget, top, (long long)used);
    }
    lua_pop(L, 1);
    lua_pushstring(L, h->limit_message);
    return lua_error(L);
}

/* Takes cost from the budget of the call under way and from the beat's; past the end of
 * either, raises the overrun. */
static void charge(lua_State *L, int64_t cost)
{
    cairn_lua *h = cairn_lua__from(L);
    if (h->depth == 0 || h->unmetered || h->trusting)
        return;
    if (h->profiling)
        cairn_lua__profile_charge(h, cost);
    h->budget_left -= cost;
    if (h->in_beat) {
        /* A function's tally counts no more than the beat had left: a charge larger than the
         * budget (a huge string.rep) would otherwise report more than the budget it broke. */
        tally(h, cost < h->beat_left ? cost : h->beat_left > 0 ? h->beat_left : 0);
        h->beat_left -= cost;
    }
    if (h->budget_left > 0 && (!h->in_beat || h->beat_left > 0))
        return;
    overrun(L, h);
}

static int message_handler(lua_State *L);
static cairn_err call_failed(cairn_lua *h, int rc, int fn);

/* A beat run inside one protected call (cairn_lua__step_world): what the host had under way
 * when it began, to go back to if content's error unwinds it. */
typedef struct beat_call {
    cairn_lua *h;
    bool stepped; /* cairn_world_step was called */
    cairn_err code;
    uint32_t depth;
    int beat_fn;
    bool trusting;
    uint32_t scope_top;
} beat_call;

/* The beat's body: its frame - the message handler, the callback table and the entity cache,
 * pushed once for all the calls the core makes into Lua in this beat rather than once a call
 * (no push can raise: a light C function, tables the registry holds) - and the step. */
static int beat_body(lua_State *L)
{
    beat_call *b = lua_touserdata(L, 1);
    cairn_lua *h = b->h;
    lua_settop(L, 0);
    if (lua_checkstack(L, CAIRN_LUA_FRAME_SIZE + CAIRN_LUA_FRAME_ROOM)) {
        lua_pushcfunction(L, message_handler);
        lua_rawgeti(L, LUA_REGISTRYINDEX, h->callbacks_ref);
        lua_rawgeti(L, LUA_REGISTRYINDEX, h->entity_cache_ref);
        h->frame = 1;
        h->frame_depth = h->depth;
        /* A profile counts each call's end, which an unwind would skip. */
        h->frame_unwinds = !h->profiling;
    }
    b->stepped = true;
    b->code = cairn_world_step(h->world);
    return 0;
}

/* Content raised in a call the beat made without a protected call of its own, and the error
 * unwound the core and the host's calls under way to the beat's: the host is put back as
 * their ends would have left it, the error made the world's as a failed call's is, and the
 * core told (cairn_world_unwound). */
static cairn_err beat_unwound(cairn_lua *h, int rc, const beat_call *b)
{
    int fn = h->beat_fn;
    cairn_err st = call_failed(h, rc, lua_gettop(h->L));
    if (b->depth == 0) {
        h->budget_out = false;
        cairn_lua__memory_clear(h);
    }
    h->depth = b->depth;
    h->beat_fn = b->beat_fn;
    if (h->trusting != b->trusting)
        cairn_lua__set_trusting(h, b->trusting);
    cairn_lua__events_end(h, b->scope_top + 1);
    h->scope_top = b->scope_top;
    cairn_lua__callback_failed_in(h, fn, st);
    return cairn_world_unwound(h->world);
}

cairn_err cairn_lua__step_world(cairn_lua *h)
{
    lua_State *L = h->L;
    h->beat_serial++;
    h->beat_left = (int64_t)(h->beat_budget < INT64_MAX ? h->beat_budget : INT64_MAX);
    h->beat_top = 0;
    h->beat_out = false;
    h->in_beat = true;
    int top = lua_gettop(L), outer_frame = h->frame;
    uint32_t outer_depth = h->frame_depth;
    bool outer_unwinds = h->frame_unwinds;
    beat_call b = {h, false, CAIRN_OK, h->depth, h->beat_fn, h->trusting, h->scope_top};
    cairn_err st;
    if (lua_checkstack(L, 3)) {
        lua_pushcfunction(L, message_handler);
        lua_pushcfunction(L, beat_body);
        lua_pushlightuserdata(L, &b);
        int rc = lua_pcall(L, 1, 0, top + 1);
        if (rc == LUA_OK)
            st = b.code;
        else if (b.stepped)
            st = beat_unwound(h, rc, &b);
        else
            st = cairn_world_fail(h->world, CAIRN_ERR_NOMEM, "no memory to begin a beat");
    } else {
        st = cairn_world_step(h->world);
    }
    lua_settop(L, top);
    h->frame = outer_frame;
    h->frame_depth = outer_depth;
    h->frame_unwinds = outer_unwinds;
    h->in_beat = false;
    h->beat_out = false;
    return st;
}

static void budget_hook(lua_State *L, lua_Debug *ar)
{
    (void)ar;
    charge(L, cairn_lua__from(L)->count_step);
}

void cairn_lua__count_step(cairn_lua *h, int step)
{
    h->count_step = step > 0 ? step : BUDGET_STEP;
    h->trusting = false;
    lua_sethook(h->L, budget_hook, LUA_MASKCOUNT, (int)h->count_step);
}

/* --- trust -------------------------------------------------------------------------------
 *
 * Trusted code (the runtime's scripts, and the files of the packs the player, the server or
 * the embedder trusts) runs with no count hook, which costs an instruction's worth of work on
 * every instruction. A kept function's trust is known when it is kept; a callback of trusted
 * code turns the hook off while it runs, and its end puts back the mode of what it
 * interrupted. Trusted code may call untrusted code directly (a function an untrusted pack
 * handed it): while an untrusted pack is loaded, trusted code runs under a call hook that
 * turns the count hook on again at any call into a function that is not trusted, until the
 * trusted callback ends.
 */

/* Whether the pack whose id is the n bytes at id is among the trusted. */
static bool trusted_id(const cairn_lua *h, const char *id, size_t n)
{
    for (size_t i = 0; i < h->trusted_count; i++)
        if (strlen(h->trusted[i]) == n && !strncmp(h->trusted[i], id, n))
            return true;
    return false;
}

/* Whether a function's source (lua_Debug.source) is trusted: the runtime's scripts, or a
 * chunk of a trusted pack ("=pack:path", a name no pack can give its chunks but its own). */
static bool trusted_source(const cairn_lua *h, const char *source)
{
    if (runtime_source(h, source))
        return true;
    if (source[0] != '=')
        return false;
    const char *colon = strchr(source + 1, ':');
    if (!colon)
        return false;
    return trusted_id(h, source + 1, (size_t)(colon - (source + 1)));
}

bool cairn_lua__trusted_function(lua_State *L, int idx)
{
    lua_Debug ar;
    if (lua_type(L, idx) != LUA_TFUNCTION)
        return false;
    lua_pushvalue(L, idx);
    lua_getinfo(L, ">S", &ar);
    return ar.what[0] == 'C' ? false : trusted_source(cairn_lua__from(L), ar.source);
}

void cairn_lua__note_trust(lua_State *L, int idx, int fn)
{
    cairn_lua *h = cairn_lua__from(L);
    if (fn <= 0)
        return;
    bool trusted = cairn_lua__trusted_function(L, idx);
    if ((size_t)fn >= h->fn_trusted_cap) {
        if (!trusted)
            return; /* past the end reads as untrusted */
        size_t cap = h->fn_trusted_cap ? h->fn_trusted_cap : 64;
        while (cap <= (size_t)fn)
            cap *= 2;
        unsigned char *t = realloc(h->fn_trusted, cap);
        if (!t)
            return; /* untrusted: only slower */
        memset(t + h->fn_trusted_cap, 0, cap - h->fn_trusted_cap);
        h->fn_trusted = t;
        h->fn_trusted_cap = cap;
    }
    h->fn_trusted[fn] = trusted;
}

/* The call hook of trusted code while an untrusted pack is loaded: a call into a Lua function
 * that is not trusted turns the count hook on (in the thread it runs in, a coroutine's own). */
static void guard_hook(lua_State *L, lua_Debug *ar)
{
    cairn_lua *h = cairn_lua__from(L);
    if (!lua_getinfo(L, "S", ar) || ar->what[0] == 'C' || trusted_source(h, ar->source))
        return;
    h->trusting = false;
    lua_sethook(L, budget_hook, LUA_MASKCOUNT, (int)h->count_step);
    if (L != h->L)
        lua_sethook(h->L, budget_hook, LUA_MASKCOUNT, (int)h->count_step);
}

void cairn_lua__set_trusting(cairn_lua *h, bool trusting)
{
    h->trusting = trusting;
    if (!trusting)
        lua_sethook(h->L, budget_hook, LUA_MASKCOUNT, (int)h->count_step);
    else if (h->guard_calls)
        lua_sethook(h->L, guard_hook, LUA_MASKCALL, 0);
    else
        lua_sethook(h->L, NULL, 0, 0);
}

/* Adds id to the trusted packs; false when out of memory. */
static bool add_trusted(cairn_lua *h, const char *id)
{
    if (trusted_id(h, id, strlen(id)))
        return true;
    char **list = realloc(h->trusted, (h->trusted_count + 1) * sizeof *list);
    if (!list)
        return false;
    h->trusted = list;
    char *copy = copy_string(id);
    if (!copy)
        return false;
    h->trusted[h->trusted_count++] = copy;
    return true;
}

/* host.trust(id, bundled) -> whether the pack `id` (bundled: one of the runtime's) is
 * trusted, as it loads: the config says so, not the pack. An untrusted pack makes trusted
 * code run under the call hook from then on. */
static int host_trust(lua_State *L)
{
    cairn_lua *h = cairn_lua__from(L);
    const char *id = luaL_checkstring(L, 1);
    bool trusted = trusted_id(h, id, strlen(id));
    if (!trusted && lua_toboolean(L, 2) && !h->bundled_untrusted) {
        if (!add_trusted(h, id))
            return luaL_error(L, "out of memory");
        trusted = true;
    }
    if (!trusted)
        h->guard_calls = true;
    lua_pushboolean(L, trusted);
    return 1;
}

void cairn_lua__charge(lua_State *L, int64_t cost)
{
    charge(L, cost);
}

bool cairn_lua__limit_hit(const cairn_lua *h)
{
    return h->budget_out || h->beat_out || h->memory_out;
}

/* --- errors ------------------------------------------------------------------------------ */

static void set_error(cairn_lua *h, const char *text, size_t len)
{
    if (len + 1 > h->error_cap) {
        char *e = realloc(h->error, len + 1);
        if (!e) {
            /* Keep whatever fits: a message is better cut than lost. */
            len = h->error_cap ? h->error_cap - 1 : 0;
        } else {
            h->error = e;
            h->error_cap = len + 1;
        }
    }
    if (h->error_cap) {
        memcpy(h->error, text, len);
        h->error[len] = '\0';
    }
}

cairn_err cairn_lua_fail(cairn_lua *h, cairn_err code, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    set_error(h, buf, n < 0 ? 0 : (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
    h->pending = false;
    return code;
}

const char *cairn_lua_error(const cairn_lua *h)
{
    return h && h->error ? h->error : "";
}

/* The message handler of every call into Lua: the message with where it happened and a
 * traceback. A message that has its traceback already (it came up from a nested call) is
 * passed on as it is. A message placed in the runtime's own scripts is placed at content's
 * line instead: that is the line a modder can change. */
static int message_handler(lua_State *L)
{
    cairn_lua *h = cairn_lua__from(L);
    bool is_string = lua_type(L, 1) == LUA_TSTRING; /* before lua_tostring makes a number one */
    const char *msg = lua_tostring(L, 1);
    if (h->memory_out && msg && !strcmp(msg, "not enough memory")) {
        /* The standard message of a refused block: say which limit, and where. */
        char text[sizeof h->memory_where + 64];
        if (!h->memory_where[0])
            note_memory_where(h);
        cairn_lua__memory_message(h, text, sizeof text);
        msg = lua_pushstring(L, text);
    } else if (!msg && (h->budget_out || h->beat_out)) {
        msg = h->limit_message;
    } else if (!is_string) {
        /* a value that is no message (Lua places only strings): content's line, then what
         * the value says of itself */
        cairn_lua__push_content_where(L);
        if (msg)
            lua_pushvalue(L, 1);
        else if (!luaL_callmeta(L, 1, "__tostring") || lua_type(L, -1) != LUA_TSTRING)
            lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
        lua_concat(L, 2);
        msg = lua_tostring(L, -1);
    } else if (strstr(msg, "\nstack traceback:")) {
        return 1;
    } else {
        size_t skip = runtime_place_length(L, h, msg);
        if (skip || (!placed(msg) && content_running(L, h))) {
            /* placed in the runtime, or nowhere (a library function reached by a tail call,
             * error(msg, 0)): content's line is the one to show */
            cairn_lua__push_content_where(L);
            lua_pushstring(L, msg + skip);
            lua_concat(L, 2);
            msg = lua_tostring(L, -1);
        }
    }
    luaL_traceback(L, L, msg, 1);
    return 1;
}

/* A traceback is for the modder: the frames of the runtime's own scripts go. Works on the
 * host's error in place, without Lua (the call has failed; nothing may raise now). */
static void drop_runtime_frames(cairn_lua *h)
{
    if (!h->error || !strstr(h->error, h->scripts_dir))
        return;
    char *out = h->error;
    for (const char *in = h->error; *in;) {
        size_t n = strcspn(in, "\n");
        const char *at = strstr(in, h->scripts_dir);
        bool runtime = in[0] == '\t' && at && at < in + n;
        size_t keep = n + (in[n] == '\n');
        if (!runtime) {
            memmove(out, in, keep);
            out += keep;
        }
        in += keep;
    }
    *out = '\0';
    /* The trampoline that called content is no frame of the modder's. */
    size_t len = strlen(h->error);
    while (len >= 11 && !strcmp(h->error + len - 11, "\n\t[C]: in ?"))
        h->error[len -= 11] = '\0';
    /* A traceback left with nothing but the raising of the error says nothing. */
    char *tb = strstr(h->error, "\nstack traceback:");
    if (!tb)
        return;
    for (const char *line = strchr(tb + 1, '\n'); line; line = strchr(line + 1, '\n')) {
        const char *next = line + 1;
        static const char raise[] = "\t[C]: in function 'error'", trampoline[] = "\t[C]: in ?",
                          tail[] = "\t(...tail calls...)"; /* the runtime's frames, gone */
        if (*next && strncmp(next, raise, sizeof raise - 1) != 0 &&
            strncmp(next, trampoline, sizeof trampoline - 1) != 0 &&
            strncmp(next, tail, sizeof tail - 1) != 0)
            return;
    }
    *tb = '\0';
}

void cairn_lua__memory_overrun(cairn_lua *h, int idx, bool limit)
{
    lua_State *L = h->L;
    lua_Debug ar;
    char msg[sizeof h->memory_where + 128];
    if (!lua_isfunction(L, idx)) {
        /* no function to place it at (a framed call's caller places it) */
        ar.short_src[0] = '?';
        ar.short_src[1] = '\0';
        ar.linedefined = 0;
    } else {
        lua_pushvalue(L, idx);
        lua_getinfo(L, ">S", &ar);
    }
    int n;
    if (limit && h->memory_where[0])
        n = snprintf(msg, sizeof msg, "%smemory limit of %d MiB exceeded", h->memory_where,
                     (int)(h->memory_limit >> 20));
    else if (limit)
        n = snprintf(msg, sizeof msg,
                     "%s:%d: memory limit of %d MiB exceeded (in the function defined here, or "
                     "one it called)",
                     ar.short_src, ar.linedefined, (int)(h->memory_limit >> 20));
    else
        n = snprintf(msg, sizeof msg, "%s:%d: out of memory", ar.short_src, ar.linedefined);
    set_error(h, msg, n < 0 ? 0 : (size_t)n < sizeof msg ? (size_t)n : sizeof msg - 1);
}

cairn_err cairn_lua_call(cairn_lua *h, int nargs, int nresults)
{
    lua_State *L = h->L;
    int base = lua_gettop(L) - nargs;
    /* Keep the function, to say where an out-of-memory error happened (Lua runs no message
     * handler for those). */
    lua_pushvalue(L, base);
    lua_pushcfunction(L, message_handler);
    lua_rotate(L, base, 2);
    return cairn_lua__call_framed(h, nargs, nresults);
}

void cairn_lua__push_frame(lua_State *L)
{
    lua_pushnil(L);
    lua_pushcfunction(L, message_handler);
}

/* Makes the host's error what a failed pcall (rc) left on top of the stack; fn is the index of
 * the function that was called, kept to place an out-of-memory error. Raises nothing: this may
 * be deep inside the core. */
static cairn_err call_failed(cairn_lua *h, int rc, int fn)
{
    lua_State *L = h->L;
    if (h->pending) {
        /* An earlier failure is still on its way up (the core runs clean-up callbacks as it
         * unwinds): it is the one to report, not what failed after it. */
    } else if (rc == LUA_ERRMEM) {
        /* Lua runs no message handler for these: say which function it was. */
        cairn_lua__memory_overrun(h, fn, h->memory_out);
    } else if (lua_type(L, -1) == LUA_TSTRING) {
        size_t len;
        const char *msg = lua_tolstring(L, -1, &len);
        set_error(h, msg, len);
    } else {
        set_error(h, "error", 5);
    }
    drop_runtime_frames(h);
    /* A block the ceiling refused outside Lua's own allocator (the core's world, made by
     * core.world_new) comes up as an ordinary error with its message: it is still the
     * ceiling's, as a caller that tells the two apart (a save too big to resume) must hear. */
    return rc == LUA_ERRMEM || h->memory_out ? CAIRN_ERR_NOMEM : CAIRN_ERR_HANDLER;
}

cairn_err cairn_lua__call_framed(cairn_lua *h, int nargs, int nresults)
{
    lua_State *L = h->L;
    int base = lua_gettop(L) - nargs - 2; /* the kept function; the handler is above it */
    bool outer = cairn_lua__call_begin(h);
    int rc = lua_pcall(L, nargs, nresults, base + 1);
    h->depth--;
    cairn_err st = CAIRN_OK;
    if (rc != LUA_OK) {
        st = call_failed(h, rc, base);
        lua_settop(L, base - 1);
    } else if (nresults == 0) {
        lua_settop(L, base - 1);
    } else {
        lua_remove(L, base);
        lua_remove(L, base);
    }
    cairn_lua__call_end(h, outer);
    return st;
}

cairn_err cairn_lua__in_frame_failed(cairn_lua *h, int rc)
{
    lua_State *L = h->L;
    /* no function kept: the message on top is no function, and the caller, which knows which
     * function it called, places an out-of-memory error itself */
    cairn_err st = call_failed(h, rc, lua_gettop(L));
    lua_settop(L, cairn_lua__frame_top(h)); /* as cairn_lua__in_frame found it */
    return st;
}

cairn_err cairn_lua__callback_failed(cairn_lua *h)
{
    const char *msg = cairn_lua_error(h);
    size_t line = strcspn(msg, "\n");
    if (!h->pending) {
        h->pending = true;
        h->failed_phase = cairn_world_phase(h->world);
    }
    return cairn_world_fail(h->world, CAIRN_ERR_HANDLER, "%.*s", (int)line, msg);
}

const char *cairn_lua__plain(const char *core_message)
{
    const char *p = core_message;
    bool has_underscore = false;
    while ((*p >= 'a' && *p <= 'z') || *p == '_')
        has_underscore |= *p++ == '_';
    return has_underscore && p[0] == ':' && p[1] == ' ' ? p + 2 : core_message;
}

int cairn_lua__raise(lua_State *L, cairn_err st)
{
    cairn_lua *h = cairn_lua__from(L);
    if (h->pending) {
        h->pending = false;
        lua_pushstring(L, cairn_lua_error(h));
        return lua_error(L);
    }
    if (st == CAIRN_ERR_NOMEM && h->memory_out)
        return luaL_error(L, "memory limit of %d MiB exceeded (%s)", (int)(h->memory_limit >> 20),
                          h->world ? cairn_world_error(h->world) : "no world");
    return luaL_error(L, "%s",
                      h->world ? cairn_lua__plain(cairn_world_error(h->world)) : "no world");
}

/* --- handle classes ----------------------------------------------------------------------- */

void cairn_lua__new_class(lua_State *L, const char *tname, const char *label, const luaL_Reg *meta,
                          const luaL_Reg *methods)
{
    luaL_newmetatable(L, tname);
    luaL_setfuncs(L, meta, 0);
    lua_newtable(L);
    luaL_setfuncs(L, methods, 0);
    lua_setfield(L, -2, "methods");
    /* __name is what Lua's own messages call a handle ("bad argument: entity expected") */
    lua_pushstring(L, label);
    lua_setfield(L, -2, "__name");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 1);
}

void cairn_lua__index_closure(lua_State *L, const char *tname, lua_CFunction index)
{
    luaL_getmetatable(L, tname);
    lua_getfield(L, -1, "methods");
    lua_pushcclosure(L, index, 1);
    lua_setfield(L, -2, "__index");
    lua_pop(L, 1);
}

bool cairn_lua__upvalue_method(lua_State *L)
{
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL)
        return true;
    lua_pop(L, 1);
    return false;
}

void *cairn_lua__test_class(lua_State *L, int idx, const void *meta)
{
    void *p = lua_touserdata(L, idx);
    if (!p || !lua_getmetatable(L, idx))
        return NULL;
    bool same = lua_topointer(L, -1) == meta;
    lua_pop(L, 1);
    return same ? p : NULL;
}

const void *cairn_lua__class_meta(lua_State *L, const char *tname)
{
    luaL_getmetatable(L, tname);
    const void *meta = lua_topointer(L, -1);
    lua_pop(L, 1);
    return meta;
}

bool cairn_lua__method(lua_State *L, int idx, const char *key)
{
    lua_getmetatable(L, idx);
    lua_getfield(L, -1, "methods");
    if (lua_getfield(L, -1, key) != LUA_TNIL) {
        lua_replace(L, -3);
        lua_pop(L, 1);
        return true;
    }
    lua_pop(L, 3);
    return false;
}

/* --- scopes ------------------------------------------------------------------------------ */

void cairn_lua__scope_reset(cairn_lua *h)
{
    cairn_lua__events_end(h, 0);
}

/* --- the runtime's scripts --------------------------------------------------------------- */

void cairn_lua_push_runtime(lua_State *L, const char *name)
{
    const char *dot = strrchr(name, '.');
    lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    lua_pushlstring(L, name, dot ? (size_t)(dot - name) : 0);
    if (lua_rawget(L, -2) == LUA_TTABLE && dot)
        lua_getfield(L, -1, dot + 1);
    else
        lua_pushnil(L);
    lua_replace(L, -3);
    lua_pop(L, 1);
}

/* host.hash(text) -> 16 hex digits: FNV-1a of the text (packs' content hashes). */
static int host_hash(lua_State *L)
{
    size_t len;
    const char *text = luaL_checklstring(L, 1, &len);
    char hex[17];
    snprintf(hex, sizeof hex, "%016llx",
             (unsigned long long)cairn_hash(CAIRN_HASH_START, text, len));
    lua_pushstring(L, hex);
    return 1;
}

/* Registers the value on top of the stack (popping it) as the module `name`, so that the
 * runtime's scripts reach it by require. */
static void set_module(lua_State *L, const char *name)
{
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    lua_insert(L, -2);
    lua_setfield(L, -2, name);
    lua_pop(L, 1);
}

/* The runtime's scripts are modules of the scripts folder and nothing else: require finds
 * them there (NAME.lua, NAME/init.lua), and no C module. */
static void set_search_path(cairn_lua *h)
{
    lua_State *L = h->L;
    lua_getglobal(L, "package");
    lua_pushfstring(L, "%s/?.lua;%s/?/init.lua", h->scripts_dir, h->scripts_dir);
    lua_setfield(L, -2, "path");
    lua_pushliteral(L, "");
    lua_setfield(L, -2, "cpath");
    lua_pop(L, 1);
}

/* The host's primitives as modules: cairn.host (the world handle, hashing, folders, stats),
 * cairn.core (the core's bindings), cairn.prims (the sandbox's primitives), and lfs. */
static void open_host_modules(cairn_lua *h)
{
    lua_State *L = h->L;
    luaL_requiref(L, "lfs", luaopen_lfs, 0);
    lua_pop(L, 1);
    cairn_lua__open_sandbox(L);
    set_module(L, "cairn.prims");
    cairn_lua__open_define(L);
    set_module(L, "cairn.core");
    cairn_lua__open_entity(L);
    cairn_lua__open_event(L);
    cairn_lua__open_world(L);
    lua_newtable(L);
    lua_pushstring(L, h->scripts_dir);
    lua_setfield(L, -2, "scripts_dir");
    lua_pushstring(L, h->home);
    lua_setfield(L, -2, "source_dir");
    lua_pushstring(L, cairn_version());
    lua_setfield(L, -2, "version");
    lua_pushcfunction(L, host_hash);
    lua_setfield(L, -2, "hash");
    lua_pushcfunction(L, host_trust);
    lua_setfield(L, -2, "trust");
    cairn_lua__open_world_handle(L);
    lua_setfield(L, -2, "world");
    cairn_lua__open_snapshot_parts(L);
    cairn_lua__stat_names(L);
    lua_setfield(L, -2, "stats");
    set_module(L, "cairn.host");
}

/* Runs scripts/prelude.lua once the host's primitives are modules: it loads the modules
 * whose functions the host calls (cairn_lua_push_runtime). */
static cairn_err load_scripts(cairn_lua *h)
{
    lua_State *L = h->L;
    set_search_path(h);
    open_host_modules(h);
    lua_pushfstring(L, "%s/prelude.lua", h->scripts_dir);
    if (luaL_loadfilex(L, lua_tostring(L, -1), "t") != LUA_OK)
        return cairn_lua_fail(h, CAIRN_ERR_NOT_FOUND, "cannot load the runtime's scripts: %s",
                              lua_tostring(L, -1));
    lua_remove(L, -2);
    return cairn_lua_call(h, 0, 0);
}

/* --- public ------------------------------------------------------------------------------ */

/* A copy of cairn_lua_home; NULL when out of memory. */
static char *home_copy(void)
{
    size_t n = cairn_lua_home(NULL, 0) + 1;
    char *home = malloc(n);
    if (home)
        cairn_lua_home(home, n);
    return home;
}

/* The scripts/ folder of the home; NULL when there is none (out of memory). */
static char *scripts_in(const char *home)
{
    if (!home)
        return NULL;
    size_t n = strlen(home) + sizeof "/scripts";
    char *dir = malloc(n);
    if (dir)
        snprintf(dir, n, "%s/scripts", home);
    return dir;
}

static cairn_err create_error(cairn_error *err, cairn_err st, const char *msg)
{
    if (err) {
        err->code = st;
        snprintf(err->message, sizeof err->message, "%s", msg);
    }
    return st;
}

cairn_err cairn_lua_create(const cairn_lua_config *config, cairn_lua **out, cairn_error *err)
{
    *out = NULL;
    cairn_lua *h = calloc(1, sizeof *h);
    if (!h)
        return create_error(err, CAIRN_ERR_NOMEM, "lua: out of memory");
    cairn_lua_config none = {0};
    if (!config)
        config = &none;
    h->memory_limit = config->memory_limit ? config->memory_limit : CAIRN_LUA_MEMORY_DEFAULT;
    h->budget = config->instruction_budget ? config->instruction_budget : CAIRN_LUA_BUDGET_DEFAULT;
    h->beat_budget = config->beat_budget ? config->beat_budget : CAIRN_LUA_BEAT_BUDGET_DEFAULT;
    h->out = config->out ? config->out : stdout;
    h->bundled_untrusted = config->bundled_untrusted;
    for (const char *const *id = config->trusted_packs; id && *id; id++)
        if (!add_trusted(h, *id)) {
            cairn_lua_destroy(h);
            return create_error(err, CAIRN_ERR_NOMEM, "lua: out of memory");
        }
    const char *dir = config->scripts_dir ? config->scripts_dir : getenv("CAIRN_SCRIPTS");
    h->home = home_copy();
    h->scripts_dir = dir && *dir ? copy_string(dir) : scripts_in(h->home);
    h->callbacks_ref = h->amount_names_ref = LUA_NOREF;
    h->entity_cache_ref = h->entity_keep_ref = h->world_handle_ref = LUA_NOREF;
    h->L = lua_newstate(lua_alloc, h);
    if (!h->home || !h->scripts_dir || !h->L) {
        cairn_lua_destroy(h);
        return create_error(err, CAIRN_ERR_NOMEM, "lua: out of memory");
    }
    lua_State *L = h->L;
    luaL_openlibs(L);
    cairn_lua__count_step(h, 0);
    cairn_lua__scope_reset(h);
    cairn_err st = load_scripts(h);
    const char *clash = st ? NULL : cairn_lua__add_world_methods(L, config->world_methods);
    if (clash)
        st = cairn_lua_fail(h, CAIRN_ERR_EXISTS, "lua: the world handle has a method '%s' already",
                            clash);
    if (st) {
        create_error(err, st, cairn_lua_error(h));
        cairn_lua_destroy(h);
        return st;
    }
    *out = h;
    return CAIRN_OK;
}

void cairn_lua_destroy(cairn_lua *h)
{
    if (!h)
        return;
    if (h->L)
        lua_close(h->L);
    /* After the state: closing it may still reach the world through handles' finalizers. */
    cairn_world_destroy(h->world);
    free(h->home);
    free(h->scripts_dir);
    free(h->error);
    free(h->live);
    free(h->slots);
    free(h->tally);
    for (size_t i = 0; i < h->trusted_count; i++)
        free(h->trusted[i]);
    free(h->trusted);
    free(h->fn_trusted);
    cairn_lua__observing_free(h);
    free(h);
}

/* Calls a runtime function with string arguments and no results. */
static cairn_err run(cairn_lua *h, const char *name, const char *arg)
{
    cairn_lua_push_runtime(h->L, name);
    lua_pushstring(h->L, arg);
    return cairn_lua_call(h, 1, 0);
}

cairn_err cairn_lua_add_pack_path(cairn_lua *h, const char *dir)
{
    return run(h, "lua.packs.add_path", dir);
}

cairn_err cairn_lua_load_pack(cairn_lua *h, const char *dir)
{
    return run(h, "lua.packs.load_checked", dir);
}

cairn_err cairn_lua_world_create(cairn_lua *h, const cairn_world_config *config, cairn_world **out)
{
    lua_State *L = h->L;
    cairn_lua_push_runtime(L, "lua.compile.make_world");
    lua_pushinteger(L, config->width);
    lua_pushinteger(L, config->height);
    lua_pushinteger(L, (lua_Integer)config->seed);
    cairn_err st = cairn_lua_call(h, 3, 0);
    if (out)
        *out = st ? NULL : h->world;
    return st;
}

cairn_world *cairn_lua_world(cairn_lua *h)
{
    return h->world;
}

cairn_err cairn_lua_step(cairn_lua *h)
{
    if (!h->world)
        return cairn_lua_fail(h, CAIRN_ERR_STATE, "step: no world yet");
    cairn_lua__scope_reset(h);
    cairn_err st = cairn_lua__step_world(h);
    if (st && h->pending) {
        /* The core's heading, over content's whole message. */
        char heading[96];
        int n = snprintf(heading, sizeof heading, "beat %llu stopped in phase '%s': ",
                         (unsigned long long)cairn_world_beat(h->world),
                         cairn_phase_name(h->failed_phase));
        size_t len = strlen(cairn_lua_error(h));
        char *joined = malloc((size_t)n + len + 1);
        if (joined) {
            memcpy(joined, heading, (size_t)n);
            memcpy(joined + n, h->error, len + 1);
            set_error(h, joined, (size_t)n + len);
            free(joined);
        }
    } else if (st)
        cairn_lua_fail(h, st, "%s", cairn_world_error(h->world));
    h->pending = false;
    return st;
}

void cairn_lua_charge(lua_State *L, int64_t cost)
{
    cairn_lua__charge(L, cost);
}

void cairn_lua_get_stats(const cairn_lua *h, cairn_lua_stats *out)
{
    out->callbacks = h->callbacks;
    out->entries = h->entries;
    out->memory = h->memory;
    out->allocations = h->allocations;
}
