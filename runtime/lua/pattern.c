/*
 * pattern.c - string.find, string.match, string.gmatch and string.gsub, with the semantics of
 * Lua 5.4's (reference manual §6.4.1), error messages included, but charged to the instruction
 * budget. The stock functions run entirely in C, where the count hook never fires: a
 * backtracking pattern such as ("a*"):rep(40) .. "b" would keep the runtime busy for longer
 * than anyone will wait, with the budget none the wiser.
 *
 * Any step may end in a Lua error that longjmps out (the budget's end, a malformed pattern, a
 * buffer that cannot grow): all state lives on the C stack, on Lua's stack or in a luaL_Buffer,
 * so nothing is left behind when that happens.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "host.h"

#define ESC '%'
/* Lua's own limits (LUA_MAXCAPTURES, MAXCCALLS), so the same patterns are refused. */
#define CAPTURES_MAX 32
#define DEPTH_MAX    200
/* Steps between two charges: a step is about as costly as a Lua instruction. */
#define CHARGE_EVERY 1000

/* The length of a capture that holds no text (yet). */
#define CAP_OPEN     (-1)
#define CAP_POSITION (-2)

typedef struct capture {
    const char *start;
    ptrdiff_t len; /* or CAP_OPEN, CAP_POSITION */
} capture;

typedef struct matcher {
    lua_State *L;
    /* The whole subject: positions count from its start and %f looks before `init`. */
    const char *subject;
    const char *subject_end;
    const char *pattern_end;
    int depth_left;
    int count;    /* captures opened */
    size_t steps; /* done but not yet charged */
    capture caps[CAPTURES_MAX];
} matcher;

static void prepare(matcher *m, lua_State *L, const char *s, size_t len, const char *pattern_end)
{
    m->L = L;
    m->subject = s;
    m->subject_end = s + len;
    m->pattern_end = pattern_end;
    m->steps = 0;
    m->count = 0;
    m->depth_left = DEPTH_MAX;
}

static void restart(matcher *m)
{
    m->count = 0;
    m->depth_left = DEPTH_MAX;
}

static void step(matcher *m, size_t n)
{
    m->steps += n;
    if (m->steps >= CHARGE_EVERY) {
        size_t due = m->steps - m->steps % CHARGE_EVERY;
        /* Settled before charging: the charge may not return. */
        m->steps -= due;
        cairn_lua__charge(m->L, (int64_t)due);
    }
}

/* Charges what is left at the end of a call: many small calls must not run free. */
static void settle(matcher *m)
{
    size_t due = m->steps;
    m->steps = 0;
    if (due)
        cairn_lua__charge(m->L, (int64_t)due);
}

/* --- single characters ------------------------------------------------------------------- */

static bool in_class(int c, int cl)
{
    int r;
    switch (tolower(cl)) {
    case 'a':
        r = isalpha(c);
        break;
    case 'c':
        r = iscntrl(c);
        break;
    case 'd':
        r = isdigit(c);
        break;
    case 'g':
        r = isgraph(c);
        break;
    case 'l':
        r = islower(c);
        break;
    case 'p':
        r = ispunct(c);
        break;
    case 's':
        r = isspace(c);
        break;
    case 'u':
        r = isupper(c);
        break;
    case 'w':
        r = isalnum(c);
        break;
    case 'x':
        r = isxdigit(c);
        break;
    case 'z':
        /* Gone from the manual since 5.2, still honoured by 5.4: scripts may rely on it. */
        r = c == 0;
        break;
    default:
        return cl == c;
    }
    return isupper(cl) ? !r : r != 0;
}

/* The end of the single-character class at p (one past it). */
static const char *item_end(matcher *m, const char *p)
{
    const char *end = m->pattern_end;
    char c = *p++;
    if (c == ESC) {
        if (p >= end)
            luaL_error(m->L, "malformed pattern (ends with '%%')");
        return p + 1;
    }
    if (c != '[')
        return p;
    if (*p == '^')
        p++;
    /* A ']' first in a set is a member, not its end. */
    for (const char *q = p;;) {
        if (q >= end)
            luaL_error(m->L, "malformed pattern (missing ']')");
        if (*q == ']' && q > p)
            return q + 1;
        q += *q == ESC ? 2 : 1;
    }
}

/* Whether c is in the set that opens at p and closes at close. */
static bool in_set(matcher *m, int c, const char *p, const char *close)
{
    bool member = true;
    if (*++p == '^') {
        member = false;
        p++;
    }
    /* A long set makes every test of it long. */
    step(m, (size_t)(close - p) / 16);
    while (p < close) {
        if (*p == ESC) {
            if (in_class(c, (unsigned char)p[1]))
                return member;
            p += 2;
        } else if (p[1] == '-' && p + 2 < close) {
            if ((unsigned char)p[0] <= c && c <= (unsigned char)p[2])
                return member;
            p += 3;
        } else {
            if ((unsigned char)*p == c)
                return member;
            p++;
        }
    }
    return !member;
}

/* Whether the class p..ep matches the character at s. */
static bool item_matches(matcher *m, const char *s, const char *p, const char *ep)
{
    if (s >= m->subject_end)
        return false;
    int c = (unsigned char)*s;
    switch (*p) {
    case '.':
        return true;
    case ESC:
        return in_class(c, (unsigned char)p[1]);
    case '[':
        return in_set(m, c, p, ep - 1);
    default:
        return (unsigned char)*p == c;
    }
}

/* --- the matcher ------------------------------------------------------------------------- */

static const char *match_here(matcher *m, const char *s, const char *p);

static const char *greedy(matcher *m, const char *s, const char *p, const char *ep)
{
    ptrdiff_t n = 0;
    while (item_matches(m, s + n, p, ep)) {
        step(m, 1);
        n++;
    }
    for (; n >= 0; n--) {
        const char *r = match_here(m, s + n, ep + 1);
        if (r)
            return r;
    }
    return NULL;
}

static const char *lazy(matcher *m, const char *s, const char *p, const char *ep)
{
    for (;;) {
        const char *r = match_here(m, s, ep + 1);
        if (r)
            return r;
        if (!item_matches(m, s, p, ep))
            return NULL;
        s++;
    }
}

static const char *capture_open(matcher *m, const char *s, const char *p, ptrdiff_t kind)
{
    if (m->count >= CAPTURES_MAX)
        luaL_error(m->L, "too many captures");
    m->caps[m->count].start = s;
    m->caps[m->count].len = kind;
    m->count++;
    const char *r = match_here(m, s, p);
    if (!r)
        m->count--;
    return r;
}

static const char *capture_close(matcher *m, const char *s, const char *p)
{
    int i = m->count - 1;
    while (i >= 0 && m->caps[i].len != CAP_OPEN)
        i--;
    if (i < 0)
        luaL_error(m->L, "invalid pattern capture");
    m->caps[i].len = s - m->caps[i].start;
    const char *r = match_here(m, s, p);
    if (!r)
        m->caps[i].len = CAP_OPEN;
    return r;
}

static const char *backref(matcher *m, const char *s, int digit)
{
    int i = digit - '1';
    if (i < 0 || i >= m->count || m->caps[i].len == CAP_OPEN)
        luaL_error(m->L, "invalid capture index %%%d", i + 1);
    ptrdiff_t len = m->caps[i].len;
    /* A position capture has no text to repeat: Lua never matches it, and neither do we. */
    if (len < 0 || m->subject_end - s < len)
        return NULL;
    step(m, (size_t)len / 16);
    return memcmp(m->caps[i].start, s, (size_t)len) == 0 ? s + len : NULL;
}

/* %bxy at s, p pointing at x. */
static const char *balance(matcher *m, const char *s, const char *p)
{
    if (m->pattern_end - p < 2)
        luaL_error(m->L, "malformed pattern (missing arguments to '%%b')");
    if (s >= m->subject_end || *s != p[0])
        return NULL;
    const char *from = s;
    int open = 1;
    while (++s < m->subject_end) {
        /* The closer is looked for first, so %bxx pairs neighbours. */
        if (*s == p[1]) {
            if (--open == 0) {
                step(m, (size_t)(s - from) / 8);
                return s + 1;
            }
        } else if (*s == p[0]) {
            open++;
        }
    }
    step(m, (size_t)(s - from) / 8);
    return NULL;
}

/* The pattern p..pattern_end against s; the end of the match or NULL. Recursion (here and
 * through greedy, lazy and the captures) happens at the same points as in Lua's matcher, so
 * the depth limit refuses the same patterns. */
static const char *match_body(matcher *m, const char *s, const char *p)
{
    for (;;) {
        step(m, 1);
        if (p == m->pattern_end)
            return s;
        switch (*p) {
        case '(':
            if (p[1] == ')')
                return capture_open(m, s, p + 2, CAP_POSITION);
            return capture_open(m, s, p + 1, CAP_OPEN);
        case ')':
            return capture_close(m, s, p + 1);
        case '$':
            if (p + 1 == m->pattern_end)
                return s == m->subject_end ? s : NULL;
            break; /* elsewhere it is a plain character */
        case ESC:
            if (p[1] == 'b') {
                s = balance(m, s, p + 2);
                if (!s)
                    return NULL;
                p += 4;
                continue;
            }
            if (p[1] == 'f') {
                p += 2;
                if (*p != '[')
                    luaL_error(m->L, "missing '[' after '%%f' in pattern");
                const char *ep = item_end(m, p);
                int before = s == m->subject ? 0 : (unsigned char)s[-1];
                int here = s < m->subject_end ? (unsigned char)*s : 0;
                if (in_set(m, before, p, ep - 1) || !in_set(m, here, p, ep - 1))
                    return NULL;
                p = ep;
                continue;
            }
            if (isdigit((unsigned char)p[1])) {
                s = backref(m, s, p[1]);
                if (!s)
                    return NULL;
                p += 2;
                continue;
            }
            break;
        default:
            break;
        }
        const char *ep = item_end(m, p);
        bool hit = item_matches(m, s, p, ep);
        /* ep may be pattern_end, where Lua's strings hold a '\0': no quantifier. */
        switch (*ep) {
        case '?':
            if (hit) {
                const char *r = match_here(m, s + 1, ep + 1);
                if (r)
                    return r;
            }
            p = ep + 1;
            continue;
        case '*':
        case '-':
            if (!hit) {
                p = ep + 1;
                continue;
            }
            return *ep == '*' ? greedy(m, s, p, ep) : lazy(m, s, p, ep);
        case '+':
            return hit ? greedy(m, s + 1, p, ep) : NULL;
        default:
            if (!hit)
                return NULL;
            s++;
            p = ep;
            continue;
        }
    }
}

static const char *match_here(matcher *m, const char *s, const char *p)
{
    if (m->depth_left-- == 0)
        luaL_error(m->L, "pattern too complex");
    const char *r = match_body(m, s, p);
    m->depth_left++;
    return r;
}

/* --- results ----------------------------------------------------------------------------- */

/* The text of capture i, or of the whole match s..e when there are no captures and i is 0;
 * for a position capture, pushes the position and returns CAP_POSITION. */
static ptrdiff_t capture_text(matcher *m, int i, const char *s, const char *e, const char **text)
{
    if (i >= m->count) {
        if (i != 0)
            luaL_error(m->L, "invalid capture index %%%d", i + 1);
        *text = s;
        return e - s;
    }
    const capture *c = &m->caps[i];
    if (c->len == CAP_OPEN)
        luaL_error(m->L, "unfinished capture");
    *text = c->start;
    if (c->len == CAP_POSITION)
        lua_pushinteger(m->L, (lua_Integer)(c->start - m->subject) + 1);
    return c->len;
}

static void push_capture(matcher *m, int i, const char *s, const char *e)
{
    const char *text;
    ptrdiff_t len = capture_text(m, i, s, e, &text);
    if (len != CAP_POSITION)
        lua_pushlstring(m->L, text, (size_t)len);
}

/* Pushes the captures; with none, the whole match s..e when whole. */
static int push_captures(matcher *m, const char *s, const char *e, bool whole)
{
    int n = m->count == 0 && whole ? 1 : m->count;
    luaL_checkstack(m->L, n, "too many captures");
    for (int i = 0; i < n; i++)
        push_capture(m, i, s, e);
    return n;
}

/* --- find and match ---------------------------------------------------------------------- */

/* A 1-based start position from a possibly negative one (past the end stays past it). */
static size_t start_position(lua_Integer pos, size_t len)
{
    if (pos > 0)
        return (size_t)pos;
    if (pos == 0 || pos < -(lua_Integer)len)
        return 1;
    return (size_t)((lua_Integer)len + pos + 1);
}

static bool has_specials(const char *p, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        switch (p[i]) {
        case '^':
        case '$':
        case '*':
        case '+':
        case '?':
        case '.':
        case '(':
        case '[':
        case '%':
        case '-':
            return true;
        default:
            break;
        }
    }
    return false;
}

static const char *search(matcher *m, const char *h, size_t hlen, const char *needle, size_t nlen)
{
    if (nlen == 0)
        return h;
    if (nlen > hlen)
        return NULL;
    const char *last = h + (hlen - nlen);
    while (h <= last) {
        const char *c = memchr(h, needle[0], (size_t)(last - h) + 1);
        if (!c) {
            step(m, (size_t)(last - h) / 64 + 1);
            return NULL;
        }
        step(m, (size_t)(c - h) / 64 + 1 + nlen / 32);
        if (memcmp(c + 1, needle + 1, nlen - 1) == 0)
            return c;
        h = c + 1;
    }
    return NULL;
}

static int find_or_match(lua_State *L, bool find)
{
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = start_position(luaL_optinteger(L, 3, 1), ls) - 1;
    if (init > ls) {
        luaL_pushfail(L);
        return 1;
    }
    matcher m;
    prepare(&m, L, s, ls, p + lp);
    if (find && (lua_toboolean(L, 4) || !has_specials(p, lp))) {
        const char *at = search(&m, s + init, ls - init, p, lp);
        settle(&m);
        if (!at) {
            luaL_pushfail(L);
            return 1;
        }
        lua_pushinteger(L, (lua_Integer)(at - s) + 1);
        lua_pushinteger(L, (lua_Integer)(at - s + lp));
        return 2;
    }
    bool anchored = *p == '^';
    if (anchored)
        p++;
    for (const char *at = s + init;; at++) {
        restart(&m);
        const char *e = match_here(&m, at, p);
        if (e) {
            settle(&m);
            if (!find)
                return push_captures(&m, at, e, true);
            lua_pushinteger(L, (lua_Integer)(at - s) + 1);
            lua_pushinteger(L, (lua_Integer)(e - s));
            return push_captures(&m, NULL, NULL, false) + 2;
        }
        if (anchored || at >= m.subject_end)
            break;
    }
    settle(&m);
    luaL_pushfail(L);
    return 1;
}

static int pattern_find(lua_State *L)
{
    return find_or_match(L, true);
}

static int pattern_match(lua_State *L)
{
    return find_or_match(L, false);
}

/* --- gmatch ------------------------------------------------------------------------------ */

/* Kept in a userdata between calls of the iterator; the subject and the pattern are its
 * upvalues, which keeps the pointers good. */
typedef struct iteration {
    matcher m;
    const char *pattern;
    const char *next; /* where the next search starts */
    const char *last; /* the end of the last match: an empty match there would repeat it */
} iteration;

static int gmatch_next(lua_State *L)
{
    iteration *it = lua_touserdata(L, lua_upvalueindex(3));
    /* The iterator may be called from another coroutine than the one that made it. */
    it->m.L = L;
    for (const char *at = it->next; at <= it->m.subject_end; at++) {
        restart(&it->m);
        const char *e = match_here(&it->m, at, it->pattern);
        if (e && e != it->last) {
            it->next = it->last = e;
            settle(&it->m);
            return push_captures(&it->m, at, e, true);
        }
    }
    settle(&it->m);
    return 0;
}

static int pattern_gmatch(lua_State *L)
{
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = start_position(luaL_optinteger(L, 3, 1), ls) - 1;
    /* Past the end: one past the '\0' at most, a pointer that may still be formed. */
    if (init > ls)
        init = ls + 1;
    lua_settop(L, 2);
    iteration *it = lua_newuserdatauv(L, sizeof *it, 0);
    /* No anchor here: a '^' would stop the iteration, so it is a plain character. */
    prepare(&it->m, L, s, ls, p + lp);
    it->pattern = p;
    it->next = s + init;
    it->last = NULL;
    lua_pushcclosure(L, gmatch_next, 3);
    return 1;
}

/* --- gsub -------------------------------------------------------------------------------- */

/* The replacement string (argument 3) for the match s..e. */
static void add_template(matcher *m, luaL_Buffer *b, const char *s, const char *e)
{
    size_t len;
    const char *t = lua_tolstring(m->L, 3, &len);
    const char *end = t + len;
    const char *pc;
    while ((pc = memchr(t, ESC, (size_t)(end - t))) != NULL) {
        luaL_addlstring(b, t, (size_t)(pc - t));
        /* A template of many "%1" that stand for nothing costs time but builds nothing. */
        step(m, 1 + (size_t)(pc - t) / 64);
        /* pc[1] is at most the '\0' after the string. */
        int d = (unsigned char)pc[1];
        if (d == ESC) {
            luaL_addchar(b, ESC);
        } else if (d == '0') {
            luaL_addlstring(b, s, (size_t)(e - s));
        } else if (isdigit(d)) {
            const char *text;
            ptrdiff_t n = capture_text(m, d - '1', s, e, &text);
            if (n == CAP_POSITION)
                luaL_addvalue(b);
            else
                luaL_addlstring(b, text, (size_t)n);
        } else {
            luaL_error(m->L, "invalid use of '%%' in replacement string");
        }
        t = pc + 2;
    }
    luaL_addlstring(b, t, (size_t)(end - t));
}

static void add_replacement(matcher *m, luaL_Buffer *b, const char *s, const char *e, int kind)
{
    lua_State *L = m->L;
    if (kind == LUA_TFUNCTION) {
        lua_pushvalue(L, 3);
        int n = push_captures(m, s, e, true);
        lua_call(L, n, 1);
    } else if (kind == LUA_TTABLE) {
        push_capture(m, 0, s, e);
        lua_gettable(L, 3);
    } else {
        add_template(m, b, s, e);
        return;
    }
    if (!lua_toboolean(L, -1)) {
        lua_pop(L, 1);
        luaL_addlstring(b, s, (size_t)(e - s));
    } else if (!lua_isstring(L, -1)) {
        luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    } else {
        luaL_addvalue(b);
    }
}

static int pattern_gsub(lua_State *L)
{
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    int kind = lua_type(L, 3);
    lua_Integer max = luaL_optinteger(L, 4, (lua_Integer)ls + 1);
    luaL_argexpected(L,
                     kind == LUA_TNUMBER || kind == LUA_TSTRING || kind == LUA_TFUNCTION ||
                         kind == LUA_TTABLE,
                     3, "string/function/table");
    matcher m;
    prepare(&m, L, s, ls, p + lp);
    bool anchored = *p == '^';
    if (anchored)
        p++;
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    const char *at = s, *last = NULL;
    lua_Integer n = 0;
    while (n < max) {
        restart(&m);
        const char *e = match_here(&m, at, p);
        if (e && e != last) {
            n++;
            add_replacement(&m, &b, at, e, kind);
            at = last = e;
        } else if (at < m.subject_end) {
            luaL_addchar(&b, *at++);
        } else {
            break;
        }
        if (anchored)
            break;
    }
    luaL_addlstring(&b, at, (size_t)(m.subject_end - at));
    settle(&m);
    luaL_pushresult(&b);
    lua_pushinteger(L, n);
    return 2;
}

void cairn_lua__open_patterns(lua_State *L, int idx)
{
    static const luaL_Reg fns[] = {
        {"find", pattern_find},
        {"match", pattern_match},
        {"gmatch", pattern_gmatch},
        {"gsub", pattern_gsub},
        {NULL, NULL},
    };
    idx = lua_absindex(L, idx);
    for (const luaL_Reg *f = fns; f->name; f++) {
        lua_pushcfunction(L, f->func);
        lua_setfield(L, idx, f->name);
    }
}
