/*
 * trace.c - what a trace and a profile record of the beats a front end watches
 * (cairn_lua_observe_begin/end): the core's observer (cairn_world_observe) tells each chain
 * pass, handler, action, algorithm and component as it runs, and the host's trampolines
 * tell each call into content (cairn_lua__profile_enter/leave).
 *
 * A trace is one JSON object a line (docs/tracing.md): a node of the beat's tree as each
 * ends, then the beat itself with its history, the map and the entities. A profile counts,
 * per function content gave the core and per chain, the calls, the instructions and the
 * time, and prints them sorted.
 *
 * Everything here reads the world and writes to its own memory: a traced or profiled game is
 * the same game. The host's only cost without either is a test of h->observing per beat and
 * of h->profiling per call into content.
 */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "host.h"

/* --- growable arrays ------------------------------------------------------------------- */

/* Makes room for n items of size bytes in *items (cap in *cap); false when memory is out. */
static bool grow(void **items, size_t *cap, size_t n, size_t size)
{
    if (n <= *cap)
        return true;
    size_t c = *cap ? *cap : 16;
    while (c < n)
        c *= 2;
    void *p = realloc(*items, c * size);
    if (!p)
        return false;
    memset((char *)p + *cap * size, 0, (c - *cap) * size);
    *items = p;
    *cap = c;
    return true;
}

static uint64_t now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* --- the state --------------------------------------------------------------------------- */

/* A place of content's: "pack:path:line" of a function, with what the profile counted for it. */
typedef struct place {
    char text[LUA_IDSIZE + 16];
    uint64_t calls;
    uint64_t instructions; /* its own: not those of calls into content it made */
    uint64_t ns;           /* likewise */
} place;

/* What a kept function (a slot of the callback table) was last seen to be. */
typedef struct slot {
    const void *fn; /* lua_topointer of the function */
    size_t place;   /* 1-based index into places; 0: not resolved */
} slot;

/* A call into content under way (profile). */
typedef struct frame {
    size_t place;
    uint64_t start;
    uint64_t child_ns;
} frame;

typedef struct chain_stats {
    uint64_t passes;
    uint64_t handlers;
    uint64_t instructions; /* with everything the pass ran, nested passes included */
    uint64_t ns;
} chain_stats;

/* A pass under way (profile) or a node of the trace's tree under way. */
typedef struct open_node {
    uint64_t id;
    cairn_chain_id chain;
    uint64_t start;
    uint64_t instructions;
    uint32_t history;  /* the history's length when it began */
    uint32_t handlers; /* handlers it ran (passes) */
    int32_t fields[8]; /* the event's fields when it began (handlers) */
} open_node;

/* A cell's look on the map: glyph bytes and colour character, per type id. */
typedef struct look {
    char glyph[8];
    char color;
    bool known;
} look;

struct cairn_lua_observing {
    FILE *trace; /* NULL: no trace */
    bool profile;
    bool watching;

    /* trace */
    uint64_t next_id;
    open_node *nodes;
    size_t node_count, node_cap;
    look *looks;
    size_t look_cap;
    const cairn_world *looks_of; /* the world the looks were read for */
    char *rows;                  /* the last beat's map: glyph rows, then colour rows */
    size_t rows_size;
    int32_t rows_width, rows_height;

    /* profile */
    place *places;
    size_t place_count, place_cap;
    slot *slots;
    size_t slot_cap;
    frame *frames;
    size_t frame_count, frame_cap;
    open_node *passes;
    size_t pass_count, pass_cap;
    chain_stats *chains;
    size_t chain_cap;
    uint64_t instructions; /* every instruction counted while watching */
    uint64_t outside;      /* of them, those run outside any call into content */
    uint64_t beats;
    uint64_t ns;
    uint64_t watch_start;
};

static cairn_lua_observing *observing(cairn_lua *h)
{
    if (!h->observing)
        h->observing = calloc(1, sizeof *h->observing);
    return h->observing;
}

void cairn_lua__observing_free(cairn_lua *h)
{
    cairn_lua_observing *o = h->observing;
    if (!o)
        return;
    free(o->nodes);
    free(o->looks);
    free(o->rows);
    free(o->places);
    free(o->slots);
    free(o->frames);
    free(o->passes);
    free(o->chains);
    free(o);
    h->observing = NULL;
    h->profiling = false;
}

/* --- JSON ------------------------------------------------------------------------------ */

static void json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (*p == '\n')
            fputs("\\n", f);
        else if (*p == '\t')
            fputs("\\t", f);
        else if (*p < 0x20)
            fprintf(f, "\\u%04x", *p);
        else if (*p == '<')
            fputs("\\u003c", f); /* so that no "</script>" ever ends the page that embeds it */
        else
            fputc(*p, f);
    }
    fputc('"', f);
}

static void json_entity(FILE *f, cairn_entity_id id)
{
    if (cairn_entity_id_is_none(id))
        fputs("null", f);
    else
        fprintf(f, "%lld", (long long)cairn_lua__id_to_integer(id));
}

static void json_cell(FILE *f, cairn_cell c)
{
    fprintf(f, "[%d,%d]", (int)c.x, (int)c.y);
}

static const char *dir_name(unsigned dir)
{
    return dir <= CAIRN_DIR_NONE ? cairn_dir_name((cairn_dir)dir) : "?";
}

static const char *event_kinds[] = {"plain",  "beat", "entity", "enclosing", "algo",
                                    "result", "hit",  "push",   "displace",  "damage"};

/* The numbers of an event that handlers change, with their names: what a handler "did" to
 * it is the difference. Returns how many (at most 8). */
static int event_fields(cairn_event *ev, int32_t *v, const char **names)
{
    int n = 0;
#define FIELD(name, value) (names[n] = (name), v[n++] = (int32_t)(value))
    FIELD("propagate", ev->propagate);
    FIELD("success", ev->success);
    cairn_hit_event *hit = cairn_event_as_hit(ev);
    cairn_attack_event *attack = cairn_event_as_attack(ev);
    cairn_move_event *move = cairn_event_as_move(ev);
    cairn_dig_event *dig = cairn_event_as_dig(ev);
    cairn_damage_event *damage = cairn_event_as_damage(ev);
    cairn_displace_event *displace = cairn_event_as_displace(ev);
    const cairn_attack *a = hit ? &hit->attack : attack ? &attack->attack : NULL;
    if (a) {
        FIELD("damage", a->damage);
        FIELD("pierce", a->pierce);
        FIELD("power", a->power);
    }
    if (hit) {
        FIELD("dealt", hit->damage);
        FIELD("blocked", hit->blocked);
    }
    if (attack)
        FIELD("push", attack->push.distance);
    if (move) {
        FIELD("to_x", move->to.x);
        FIELD("to_y", move->to.y);
    }
    if (displace) {
        FIELD("to_x", displace->to.x);
        FIELD("to_y", displace->to.y);
    }
    if (dig) {
        FIELD("power", dig->power);
        FIELD("damage", dig->damage);
    }
    if (damage)
        FIELD("amount", damage->amount);
#undef FIELD
    return n;
}

static void json_event(FILE *f, cairn_world *w, cairn_event *ev)
{
    if (!ev) {
        fputs("null", f);
        return;
    }
    fprintf(f, "{\"kind\":");
    json_string(f, ev->kind < sizeof event_kinds / sizeof *event_kinds ? event_kinds[ev->kind]
                                                                       : "content's");
    fputs(",\"actor\":", f);
    json_entity(f, ev->actor);
    const char *action = cairn_action_name(w, ev->action.id);
    fputs(",\"action\":", f);
    json_string(f, action ? action : "?");
    fprintf(f, ",\"dir\":\"%s\"", dir_name(ev->action.dir));
    int32_t v[8];
    const char *names[8];
    int n = event_fields(ev, v, names);
    for (int i = 0; i < n; i++)
        fprintf(f, ",\"%s\":%" PRId32, names[i], v[i]);
    cairn_result_event *r = cairn_event_as_result(ev);
    if (r) {
        const char *deco = cairn_decorator_name(w, r->component);
        fputs(",\"component\":", f);
        json_string(f, deco ? deco : "?");
    }
    cairn_hit_event *hit = cairn_event_as_hit(ev);
    if (hit) {
        fputs(",\"target\":", f);
        json_entity(f, hit->target);
    }
    cairn_damage_event *damage = cairn_event_as_damage(ev);
    if (damage) {
        fputs(",\"target\":", f);
        json_entity(f, damage->target);
    }
    cairn_displace_event *displace = cairn_event_as_displace(ev);
    if (displace) {
        fputs(",\"target\":", f);
        json_entity(f, displace->target);
        fputs(",\"from\":", f);
        json_cell(f, displace->from);
    }
    cairn_move_event *move = cairn_event_as_move(ev);
    if (move) {
        fputs(",\"from\":", f);
        json_cell(f, move->from);
    }
    fputc('}', f);
}

/* --- places ------------------------------------------------------------------------------ */

/* The place of a kept function, found once per function a slot holds. 0 when there is none
 * (the stack has no room, the slot holds no function, memory is out). */
static size_t place_of(cairn_lua *h, cairn_lua_observing *o, int fn)
{
    lua_State *L = h->L;
    if (fn <= 0 || !lua_checkstack(L, 2) ||
        !grow((void **)&o->slots, &o->slot_cap, (size_t)fn + 1, sizeof *o->slots))
        return 0;
    lua_rawgeti(L, LUA_REGISTRYINDEX, h->callbacks_ref);
    if (lua_rawgeti(L, -1, fn) != LUA_TFUNCTION) {
        lua_pop(L, 2);
        return 0;
    }
    slot *s = &o->slots[fn];
    const void *p = lua_topointer(L, -1);
    if (s->place && s->fn == p) {
        lua_pop(L, 2);
        return s->place;
    }
    lua_Debug ar;
    lua_getinfo(L, ">S", &ar); /* pops the function */
    lua_pop(L, 1);
    char text[sizeof o->places->text];
    cairn_lua__function_place(h, &ar, text, sizeof text);
    size_t found = 0;
    for (size_t i = 0; i < o->place_count && !found; i++)
        if (!strcmp(o->places[i].text, text))
            found = i + 1;
    if (!found) {
        if (!grow((void **)&o->places, &o->place_cap, o->place_count + 1, sizeof *o->places))
            return 0;
        memcpy(o->places[o->place_count].text, text, sizeof text);
        found = ++o->place_count;
    }
    s->fn = p;
    s->place = found;
    return found;
}

/* --- the profile's side of calls into content ------------------------------------------ */

void cairn_lua__profile_enter(cairn_lua *h, int fn)
{
    cairn_lua_observing *o = h->observing;
    if (!grow((void **)&o->frames, &o->frame_cap, o->frame_count + 1, sizeof *o->frames))
        return;
    size_t p = place_of(h, o, fn);
    o->frames[o->frame_count++] = (frame){p, now_ns(), 0};
}

void cairn_lua__profile_leave(cairn_lua *h)
{
    cairn_lua_observing *o = h->observing;
    if (!o->frame_count)
        return; /* entered while memory was out: nothing to close */
    frame f = o->frames[--o->frame_count];
    uint64_t spent = now_ns() - f.start;
    if (f.place) {
        place *p = &o->places[f.place - 1];
        p->calls++;
        p->ns += spent - (f.child_ns < spent ? f.child_ns : spent);
    }
    if (o->frame_count)
        o->frames[o->frame_count - 1].child_ns += spent;
}

void cairn_lua__profile_charge(cairn_lua *h, int64_t cost)
{
    cairn_lua_observing *o = h->observing;
    if (cost <= 0)
        return;
    o->instructions += (uint64_t)cost;
    size_t p = o->frame_count ? o->frames[o->frame_count - 1].place : 0;
    if (p)
        o->places[p - 1].instructions += (uint64_t)cost;
    else
        o->outside += (uint64_t)cost;
}

/* --- the observer ------------------------------------------------------------------------ */

/* The node under way that a new one hangs from: its id, 0 for the beat itself. */
static uint64_t parent_id(const cairn_lua_observing *o)
{
    return o->node_count ? o->nodes[o->node_count - 1].id : 0;
}

static void trace_begin(cairn_lua_observing *o, cairn_world *w, const cairn_observation *ob)
{
    if (!grow((void **)&o->nodes, &o->node_cap, o->node_count + 1, sizeof *o->nodes))
        return; /* the node is lost; its end finds the stack as it was and writes nothing */
    open_node *n = &o->nodes[o->node_count++];
    memset(n, 0, sizeof *n);
    n->id = ++o->next_id;
    size_t count;
    cairn_world_history(w, &count);
    n->history = (uint32_t)count;
    if (ob->what == CAIRN_OBSERVED_HANDLER) {
        const char *names[8];
        event_fields(ob->ev, n->fields, names);
    }
}

static const char *status_text(cairn_err st)
{
    return st == CAIRN_OK ? "ok" : cairn_err_name(st);
}

/* The place of a handler, when it is content's: else NULL. */
static const char *handler_place(cairn_lua *h, cairn_lua_observing *o, const cairn_observation *ob)
{
    if (ob->fn != cairn_lua__handler_fn())
        return NULL;
    size_t p = place_of(h, o, (int)(intptr_t)ob->ud);
    return p ? o->places[p - 1].text : NULL;
}

static void trace_end(cairn_lua *h, cairn_lua_observing *o, cairn_world *w,
                      const cairn_observation *ob)
{
    if (!o->node_count)
        return;
    open_node n = o->nodes[--o->node_count];
    FILE *f = o->trace;
    static const char *const whats[] = {"pass", "handler", "act", "algo", "component"};
    fprintf(f, "{\"kind\":\"%s\",\"beat\":%" PRIu64 ",\"id\":%" PRIu64 ",\"parent\":%" PRIu64,
            whats[ob->what], cairn_world_beat(w), n.id, parent_id(o));
    fprintf(f, ",\"phase\":\"%s\",\"status\":", cairn_phase_name(cairn_world_phase(w)));
    json_string(f, status_text(ob->code));
    fputs(",\"entity\":", f);
    json_entity(f, ob->entity);
    cairn_type_id type;
    if (!cairn_entity_id_is_none(ob->entity) &&
        cairn_entity_type(w, ob->entity, &type) == CAIRN_OK) {
        fputs(",\"type\":", f);
        json_string(f, cairn_type_name(w, type));
    }
    if (ob->what == CAIRN_OBSERVED_PASS || ob->what == CAIRN_OBSERVED_HANDLER) {
        fputs(",\"chain\":", f);
        json_string(f, cairn_chain_name(w, ob->chain));
    }
    switch (ob->what) {
    case CAIRN_OBSERVED_PASS:
        fprintf(f, ",\"stage\":\"%s\",\"outcome\":\"%s\",\"handlers\":%" PRIu32,
                ob->all ? "all" : "check",
                ob->code            ? "failed"
                : ob->all           ? "ran"
                : ob->ev->propagate ? "held"
                                    : "vetoed",
                n.handlers);
        break;
    case CAIRN_OBSERVED_HANDLER: {
        const char *at = handler_place(h, o, ob);
        fputs(",\"at\":", f);
        json_string(f, at ? at : "C");
        fprintf(f, ",\"handler\":%" PRIu32, (uint32_t)ob->handler);
        int32_t v[8];
        const char *names[8];
        int count = event_fields(ob->ev, v, names);
        fputs(",\"did\":{", f);
        bool first = true;
        for (int i = 0; i < count; i++)
            if (v[i] != n.fields[i]) {
                fprintf(f, "%s\"%s\":[%" PRId32 ",%" PRId32 "]", first ? "" : ",", names[i],
                        n.fields[i], v[i]);
                first = false;
            }
        fputc('}', f);
        break;
    }
    case CAIRN_OBSERVED_ACT: {
        cairn_enclosing_event *enc = cairn_event_as_enclosing(ob->ev);
        fprintf(f, ",\"check\":%s,\"success\":%s", enc->check_success ? "true" : "false",
                enc->head.success ? "true" : "false");
        break;
    }
    case CAIRN_OBSERVED_ALGO: {
        cairn_algo_event *algo = cairn_event_as_algo(ob->ev);
        void *data;
        const char *name = NULL;
        if (cairn_entity_data(w, ob->entity, CAIRN_DECO_ACTING, &data) == CAIRN_OK)
            name = cairn_algo_name(w, ((cairn_acting *)data)->algo);
        fputs(",\"algo\":", f);
        json_string(f, name ? name : "?");
        const char *movs = cairn_movs_name(w, algo->movs);
        fputs(",\"movs\":", f);
        json_string(f, movs ? movs : "none");
        fprintf(f, ",\"settled\":\"%s\",\"success\":%s", dir_name(algo->direction),
                algo->head.success ? "true" : "false");
        break;
    }
    case CAIRN_OBSERVED_COMPONENT: {
        const char *deco = cairn_decorator_name(w, ob->component);
        cairn_result_event *r = ob->ev ? cairn_event_as_result(ob->ev) : NULL;
        fputs(",\"component\":", f);
        json_string(f, deco ? deco : "?");
        fprintf(f, ",\"dir\":\"%s\",\"success\":%s,\"blocker\":", dir_name(ob->dir),
                r && r->head.success ? "true" : "false");
        json_entity(f, r ? r->blocker : CAIRN_ENTITY_NONE);
        break;
    }
    }
    if (ob->what != CAIRN_OBSERVED_COMPONENT || ob->ev) {
        fputs(",\"event\":", f);
        json_event(f, w, ob->ev);
    }
    size_t count;
    cairn_world_history(w, &count);
    fprintf(f, ",\"changes\":[%" PRIu32 ",%zu]}\n", n.history, count);
    if (o->node_count && ob->what == CAIRN_OBSERVED_HANDLER)
        o->nodes[o->node_count - 1].handlers++;
}

static void profile_pass(cairn_lua_observing *o, const cairn_observation *ob)
{
    if (ob->what == CAIRN_OBSERVED_HANDLER) {
        if (!ob->end && o->pass_count)
            o->chains[o->passes[o->pass_count - 1].chain].handlers++;
        return;
    }
    if (!ob->end) {
        if (!grow((void **)&o->chains, &o->chain_cap, (size_t)ob->chain + 1, sizeof *o->chains) ||
            !grow((void **)&o->passes, &o->pass_cap, o->pass_count + 1, sizeof *o->passes))
            return;
        o->passes[o->pass_count++] =
            (open_node){.chain = ob->chain, .start = now_ns(), .instructions = o->instructions};
        return;
    }
    if (!o->pass_count)
        return;
    open_node n = o->passes[--o->pass_count];
    chain_stats *c = &o->chains[n.chain];
    c->passes++;
    c->instructions += o->instructions - n.instructions;
    c->ns += now_ns() - n.start;
}

static void observe(cairn_world *w, const cairn_observation *ob, void *ud)
{
    cairn_lua *h = ud;
    cairn_lua_observing *o = h->observing;
    if (o->profile && (ob->what == CAIRN_OBSERVED_PASS || ob->what == CAIRN_OBSERVED_HANDLER))
        profile_pass(o, ob);
    if (!o->trace)
        return;
    if (!ob->end)
        trace_begin(o, w, ob);
    else
        trace_end(h, o, w, ob);
}

/* --- the beat's record ------------------------------------------------------------------- */

/* The look of a type, asked of the runtime's scripts once per type and world. */
static const look *look_of(cairn_lua *h, cairn_lua_observing *o, cairn_type_id type)
{
    static const look unknown = {"?", '.', true};
    if (o->looks_of != h->world) {
        for (size_t i = 0; i < o->look_cap; i++)
            o->looks[i].known = false;
        o->looks_of = h->world;
    }
    if (!grow((void **)&o->looks, &o->look_cap, (size_t)type + 1, sizeof *o->looks))
        return &unknown;
    look *l = &o->looks[type];
    if (l->known)
        return l;
    lua_State *L = h->L;
    cairn_lua_push_runtime(L, "session.view.type_look");
    lua_pushstring(L, cairn_type_name(h->world, type));
    *l = unknown;
    if (cairn_lua_call(h, 1, 2) == CAIRN_OK) {
        snprintf(l->glyph, sizeof l->glyph, "%s", lua_tostring(L, -2) ? lua_tostring(L, -2) : "?");
        const char *c = lua_tostring(L, -1);
        l->color = c && c[0] ? c[0] : '.';
        lua_pop(L, 2);
    }
    l->known = true;
    return l;
}

/* Writes "map" with the rows that differ from the last beat's (all of them at first and when
 * the grid's size changed): {"width":W,"height":H,"glyphs":{"ROW":"..."},"colors":{...}}. */
static void write_map(cairn_lua *h, cairn_lua_observing *o, FILE *f)
{
    cairn_world *w = h->world;
    int32_t width = cairn_grid_width(w), height = cairn_grid_height(w);
    static const cairn_layer top_first[] = {
        CAIRN_LAYER_REAL, CAIRN_LAYER_PROJECTILE, CAIRN_LAYER_ITEM, CAIRN_LAYER_WALL,
        CAIRN_LAYER_TRAP, CAIRN_LAYER_FLOOR,      CAIRN_LAYER_MISC};
    size_t row_bytes = (size_t)width * 8 + 1;
    size_t need = row_bytes * (size_t)height * 2;
    char *rows = malloc(need);
    if (!rows)
        return;
    for (int32_t y = 0; y < height; y++) {
        char *g = rows + row_bytes * (size_t)y;
        char *c = rows + row_bytes * (size_t)(height + y);
        size_t gn = 0;
        for (int32_t x = 0; x < width; x++) {
            const char *glyph = " ";
            char color = '.';
            for (size_t l = 0; l < sizeof top_first / sizeof *top_first; l++) {
                cairn_entity_id id;
                cairn_type_id type;
                if (cairn_grid_at(w, (cairn_cell){x, y}, top_first[l], &id) == CAIRN_OK &&
                    !cairn_entity_id_is_none(id) && cairn_entity_type(w, id, &type) == CAIRN_OK) {
                    const look *lk = look_of(h, o, type);
                    glyph = lk->glyph;
                    color = lk->color;
                    break;
                }
            }
            size_t len = strlen(glyph);
            memcpy(g + gn, glyph, len);
            gn += len;
            c[x] = color;
        }
        g[gn] = '\0';
        c[width] = '\0';
    }
    bool full = !o->rows || o->rows_width != width || o->rows_height != height;
    fprintf(f, ",\"map\":{\"width\":%d,\"height\":%d", (int)width, (int)height);
    for (int part = 0; part < 2; part++) {
        fprintf(f, ",\"%s\":{", part ? "colors" : "glyphs");
        bool first = true;
        for (int32_t y = 0; y < height; y++) {
            size_t at = row_bytes * (size_t)(part * height + y);
            if (!full && !strcmp(rows + at, o->rows + at))
                continue;
            fprintf(f, "%s\"%d\":", first ? "" : ",", (int)y);
            json_string(f, rows + at);
            first = false;
        }
        fputc('}', f);
    }
    fputc('}', f);
    free(o->rows);
    o->rows = rows;
    o->rows_size = need;
    o->rows_width = width;
    o->rows_height = height;
}

static void write_history(cairn_lua *h, FILE *f)
{
    cairn_world *w = h->world;
    size_t count;
    const cairn_change *c = cairn_world_history(w, &count);
    fputs(",\"history\":[", f);
    for (size_t i = 0; i < count; i++) {
        fprintf(f, "%s{\"change\":\"%s\",\"phase\":\"%s\",\"entity\":", i ? "," : "",
                cairn_change_name((cairn_change_kind)c[i].kind),
                cairn_phase_name((cairn_phase)c[i].phase));
        json_entity(f, c[i].entity);
        fputs(",\"other\":", f);
        json_entity(f, c[i].other);
        fputs(",\"from\":", f);
        json_cell(f, c[i].from);
        fputs(",\"to\":", f);
        json_cell(f, c[i].to);
        fprintf(f, ",\"amount\":%" PRId32 ",\"value\":%" PRId32 ",\"detail\":%u", c[i].amount,
                c[i].value, (unsigned)c[i].detail);
        if (c[i].kind == CAIRN_CHANGE_CONTENT) {
            fputs(",\"content\":", f);
            json_string(f, cairn_change_kind_name(w, c[i].detail));
            const char *named = cairn_lua__amount_name(h->L, c[i].detail, c[i].amount);
            if (named) {
                fputs(",\"amount_name\":", f);
                json_string(f, named);
            }
        } else if (c[i].kind == CAIRN_CHANGE_STAT) {
            fputs(",\"stat\":", f);
            json_string(f, cairn_lua__stat_name(c[i].detail));
        }
        fputc('}', f);
    }
    fputc(']', f);
}

/* Every entity that acts and stands on the grid: what a click on the map finds. */
static void write_entities(cairn_lua *h, FILE *f)
{
    cairn_world *w = h->world;
    int32_t width = cairn_grid_width(w), height = cairn_grid_height(w);
    fputs(",\"entities\":[", f);
    bool first = true;
    for (int32_t y = 0; y < height; y++)
        for (int32_t x = 0; x < width; x++)
            for (int l = 0; l < CAIRN_LAYER_COUNT; l++) {
                cairn_entity_id id;
                cairn_type_id type;
                void *data;
                if (cairn_grid_at(w, (cairn_cell){x, y}, (cairn_layer)l, &id) != CAIRN_OK ||
                    cairn_entity_id_is_none(id) ||
                    cairn_entity_data(w, id, CAIRN_DECO_ACTING, &data) != CAIRN_OK ||
                    cairn_entity_type(w, id, &type) != CAIRN_OK)
                    continue;
                fprintf(f, "%s{\"id\":", first ? "" : ",");
                json_entity(f, id);
                fputs(",\"type\":", f);
                json_string(f, cairn_type_name(w, type));
                fprintf(f, ",\"x\":%d,\"y\":%d", (int)x, (int)y);
                if (cairn_entity_data(w, id, CAIRN_DECO_WITH_HP, &data) == CAIRN_OK)
                    fprintf(f, ",\"hp\":%" PRId32, ((cairn_with_hp *)data)->hp);
                fputc('}', f);
                first = false;
            }
    fputc(']', f);
}

static void write_beat(cairn_lua *h, cairn_lua_observing *o, cairn_err st)
{
    FILE *f = o->trace;
    cairn_world *w = h->world;
    /* Nodes a failure left open are closed by it: said so rather than lost. */
    o->node_count = 0;
    fprintf(f, "{\"kind\":\"beat\",\"beat\":%" PRIu64 ",\"status\":", cairn_world_beat(w));
    json_string(f, status_text(st));
    if (st) {
        fputs(",\"error\":", f);
        json_string(f, cairn_lua_error(h));
    }
    fprintf(f, ",\"checksum\":\"%016" PRIx64 "\"", cairn_world_checksum(w));
    write_history(h, f);
    write_entities(h, f);
    write_map(h, o, f);
    fputs("}\n", f);
    fflush(f);
}

/* --- public ------------------------------------------------------------------------------ */

cairn_err cairn_lua_trace(cairn_lua *h, FILE *out)
{
    cairn_lua_observing *o = observing(h);
    if (!o)
        return cairn_lua_fail(h, CAIRN_ERR_NOMEM, "trace: out of memory");
    o->trace = out;
    if (out)
        fprintf(out, "{\"kind\":\"trace\",\"format\":1,\"cairn\":\"%s\"}\n", cairn_version());
    return CAIRN_OK;
}

cairn_err cairn_lua_profile(cairn_lua *h, bool on)
{
    cairn_lua_observing *o = observing(h);
    if (!o)
        return cairn_lua_fail(h, CAIRN_ERR_NOMEM, "profile: out of memory");
    o->profile = on;
    /* Finer counting while profiling: a function is charged the instructions it ran to within
     * this many, rather than within the budget's step. */
    cairn_lua__count_step(h, on ? CAIRN_LUA_PROFILE_STEP : 0);
    return CAIRN_OK;
}

void cairn_lua_observe_begin(cairn_lua *h)
{
    cairn_lua_observing *o = h->observing;
    if (!o || !h->world || (!o->trace && !o->profile))
        return;
    o->watching = true;
    o->node_count = 0;
    o->pass_count = 0;
    o->watch_start = now_ns();
    h->profiling = o->profile;
    cairn_world_observe(h->world, observe, h);
}

void cairn_lua_observe_end(cairn_lua *h, cairn_err code)
{
    cairn_lua_observing *o = h->observing;
    if (!o || !o->watching)
        return;
    o->watching = false;
    h->profiling = false;
    o->frame_count = 0;
    if (h->world)
        cairn_world_observe(h->world, NULL, NULL);
    o->beats++;
    o->ns += now_ns() - o->watch_start;
    if (o->trace && h->world)
        write_beat(h, o, code);
}

/* --- the profile's report ---------------------------------------------------------------- */

typedef struct row {
    const char *name;
    uint64_t instructions;
    uint64_t ns;
    uint64_t calls;
    uint64_t extra; /* handlers, for chains */
} row;

static int by_instructions(const void *a, const void *b)
{
    const row *x = a, *y = b;
    if (x->instructions != y->instructions)
        return x->instructions < y->instructions ? 1 : -1;
    if (x->ns != y->ns)
        return x->ns < y->ns ? 1 : -1;
    return strcmp(x->name, y->name);
}

static double percent(uint64_t part, uint64_t whole)
{
    return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

/* The table's first column is as wide as its longest name (34 at least), so that long paths
 * keep the numbers in their columns. */
static void print_rows(FILE *out, const char *title, row *rows, size_t n, uint64_t total,
                       const char *extra)
{
    qsort(rows, n, sizeof *rows, by_instructions);
    int width = 34;
    for (size_t i = 0; i < n; i++)
        if (strlen(rows[i].name) > (size_t)width)
            width = (int)strlen(rows[i].name);
    fprintf(out, "\n%-*s %14s %7s %10s %10s%s\n", width + 2, title, "instructions", "%", "time ms",
            "calls", extra ? extra : "");
    for (size_t i = 0; i < n; i++) {
        fprintf(out, "  %-*s %14" PRIu64 " %6.1f%% %10.2f %10" PRIu64, width, rows[i].name,
                rows[i].instructions, percent(rows[i].instructions, total),
                (double)rows[i].ns / 1e6, rows[i].calls);
        if (extra)
            fprintf(out, " %10" PRIu64, rows[i].extra);
        fputc('\n', out);
    }
}

cairn_err cairn_lua_profile_report(cairn_lua *h, FILE *out)
{
    cairn_lua_observing *o = h->observing;
    if (!o || !o->profile)
        return cairn_lua_fail(h, CAIRN_ERR_STATE, "profile: not profiling");
    size_t n = o->place_count;
    row *rows = calloc(n + 1, sizeof *rows);
    char(*packs)[LUA_IDSIZE + 16] = calloc(n + 1, sizeof *packs);
    if (!rows || !packs) {
        free(rows);
        free(packs);
        return cairn_lua_fail(h, CAIRN_ERR_NOMEM, "profile: out of memory");
    }
    fprintf(out,
            "profile: %" PRIu64 " beats, %" PRIu64 " Lua instructions, %.2f ms\n"
            "(instructions counted to within %d; time and instructions of a function are its "
            "own, without the calls into content it made; a chain's include everything its "
            "passes ran)\n",
            o->beats, o->instructions, (double)o->ns / 1e6, CAIRN_LUA_PROFILE_STEP);

    /* by pack: the text before the first ':' of each place */
    size_t pack_count = 0;
    for (size_t i = 0; i < n; i++) {
        const place *p = &o->places[i];
        size_t len = strcspn(p->text, ":");
        size_t j = 0;
        while (j < pack_count && (strlen(packs[j]) != len || strncmp(packs[j], p->text, len)))
            j++;
        if (j == pack_count) {
            snprintf(packs[j], sizeof packs[j], "%.*s", (int)len, p->text);
            rows[j] = (row){packs[j], 0, 0, 0, 0};
            pack_count++;
        }
        rows[j].instructions += p->instructions;
        rows[j].ns += p->ns;
        rows[j].calls += p->calls;
    }
    if (o->outside)
        rows[pack_count++] = (row){"(outside callbacks: runtime, game rules)", o->outside, 0, 0, 0};
    print_rows(out, "by pack", rows, pack_count, o->instructions, NULL);

    for (size_t i = 0; i < n; i++)
        rows[i] = (row){o->places[i].text, o->places[i].instructions, o->places[i].ns,
                        o->places[i].calls, 0};
    print_rows(out, "by function (pack:path:line)", rows, n, o->instructions, NULL);
    free(rows);
    free(packs);

    size_t chains = 0;
    for (size_t i = 0; i < o->chain_cap; i++)
        chains += o->chains[i].passes > 0;
    rows = calloc(chains + 1, sizeof *rows);
    if (!rows)
        return cairn_lua_fail(h, CAIRN_ERR_NOMEM, "profile: out of memory");
    size_t k = 0;
    for (size_t i = 0; i < o->chain_cap; i++)
        if (o->chains[i].passes) {
            const char *name = h->world ? cairn_chain_name(h->world, (cairn_chain_id)i) : NULL;
            rows[k++] = (row){name ? name : "?", o->chains[i].instructions, o->chains[i].ns,
                              o->chains[i].passes, o->chains[i].handlers};
        }
    print_rows(out, "by chain (passes with handlers)", rows, k, o->instructions, "   handlers");
    free(rows);
    return CAIRN_OK;
}
