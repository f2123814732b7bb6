/*
 * state.c - fuzz target: the parts of a saved game that the host decodes (cairn/lua.h's
 * cairn_session_resume), past the file's checks: a save's checks refuse any changed byte
 * before the host reads it, so the save target never reaches the data decoder
 * (runtime/lua/codec.c) or the host's checks of a session. Here the input is one part of a
 * real game's state - the first byte says which: 0 the session, 1 the world's data (w.data),
 * 2 the first entity's data (when the game has one) - and the other parts are the game's
 * own. A state resumed must
 * play on and undo: one beat, then an undo, through checkpoints the input may have made up.
 *
 * The game is the tests' corridor pack's, two beats in, captured once per process. Every
 * input resumes into the same host, which makes its world anew each time.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

typedef struct captured {
    cairn_session_state state;
    cairn_session_entity entity; /* the first entity's row, when there is one */
    cairn_session_pack *packs;   /* copies: the host's strings die with its next call */
    char *texts[16];
    size_t text_count;
} captured;

static const char *keep(captured *c, const char *s, size_t size)
{
    if (c->text_count == sizeof c->texts / sizeof c->texts[0])
        fuzz_die("too many strings to keep");
    char *copy = malloc(size + 1);
    if (!copy)
        fuzz_die("out of memory");
    memcpy(copy, s, size);
    copy[size] = '\0';
    return c->texts[c->text_count++] = copy;
}

static cairn_session_bytes keep_bytes(captured *c, cairn_session_bytes b)
{
    return (cairn_session_bytes){keep(c, b.data, b.size), b.size};
}

static void ok(cairn_lua *h, cairn_err st, const char *what)
{
    if (st)
        fuzz_die("%s: %s", what, cairn_lua_error(h));
}

/* The corridor game two beats in, as cairn_session_save_state gives it, copied. */
static const captured *game(cairn_lua *h)
{
    static captured c;
    static bool made;
    if (made)
        return &c;
    ok(h, cairn_session_start(h, "corridor:corridor", 2), "the corridor");
    for (int i = 0; i < 2; i++) {
        ok(h, cairn_session_input(h, "move", "e"), "an input");
        ok(h, cairn_session_step(h, NULL), "a beat");
    }
    cairn_session_state s;
    ok(h, cairn_session_save_state(h, &s), "the state");
    c.state = s;
    c.state.game = keep(&c, s.game, strlen(s.game));
    c.state.checksum = keep(&c, s.checksum, strlen(s.checksum));
    c.state.core = keep_bytes(&c, s.core);
    c.state.world = keep_bytes(&c, s.world);
    c.state.session = keep_bytes(&c, s.session);
    c.packs = calloc(s.pack_count ? s.pack_count : 1, sizeof *c.packs);
    if (!c.packs || s.pack_count > 3)
        fuzz_die("the corridor game has %zu packs", s.pack_count);
    for (size_t i = 0; i < s.pack_count; i++) {
        c.packs[i].id = keep(&c, s.packs[i].id, strlen(s.packs[i].id));
        c.packs[i].version = keep(&c, s.packs[i].version, strlen(s.packs[i].version));
        c.packs[i].hash = keep(&c, s.packs[i].hash, strlen(s.packs[i].hash));
    }
    c.state.packs = c.packs;
    c.state.entity_count = s.entity_count ? 1 : 0;
    if (s.entity_count) {
        c.entity = s.entities[0];
        c.entity.type = keep(&c, s.entities[0].type, strlen(s.entities[0].type));
        c.entity.data = keep_bytes(&c, s.entities[0].data);
    }
    c.state.entities = &c.entity;
    made = true;
    return &c;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    cairn_lua *h = fuzz_host();
    const captured *c = game(h);
    cairn_session_state state = c->state;
    cairn_session_entity entity = c->entity;
    cairn_session_bytes input = {(const char *)data + 1, size - 1};
    switch (data[0] % (c->state.entity_count ? 3 : 2)) {
    case 0:
        state.session = input;
        break;
    case 1:
        state.world = input;
        break;
    default:
        entity.data = input;
        state.entities = &entity;
        state.entity_count = 1;
    }
    if (cairn_session_resume(h, &state) != CAIRN_OK) {
        fuzz_check_error(h, "cairn_session_resume");
        return 0;
    }
    fuzz_note("resumed");
    cairn_session_end ended;
    if (cairn_session_standing(h, &ended) != CAIRN_OK)
        fuzz_die("a resumed game has no standing: %s", cairn_lua_error(h));
    if (ended == CAIRN_SESSION_PLAYING && cairn_session_step(h, &ended) != CAIRN_OK)
        fuzz_check_error(h, "cairn_session_step");
    if (cairn_session_undo(h) != CAIRN_OK)
        fuzz_check_error(h, "cairn_session_undo");
    return 0;
}
