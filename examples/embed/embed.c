/*
 * embed.c - cairn embedded in a program of its own, through the installed package: a host
 * made, the base game loaded and started, fifty beats played by the explorer bot, the game
 * saved and resumed in a second host. Prints the runtime's home, the game's summary, and
 * whether the resumed game is the game saved.
 *
 *   embed BASE_DIR SAVE_FILE     (BASE_DIR: `pkg-config --variable=basedir cairn`)
 *
 * The summary is the one `cairn sim --seed 7 --beats 50` prints: the same runtime, the same
 * game. Exit status 0 when all went well, 1 with a message on stderr otherwise.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairn/save.h>
#include <cairn/session.h>
#include <cairn/sight_lua.h>

#define SEED  7
#define BEATS 50

/* A host with the base game loaded, its worlds given field of view and path finding (the
 * base game's bots use them); NULL after a message. */
static cairn_lua *host_with(const char *base)
{
    cairn_lua_config config = {.world_methods = cairn_sight_lua_methods};
    cairn_lua *h;
    cairn_error err;
    if (cairn_lua_create(&config, &h, &err)) {
        fprintf(stderr, "embed: %s\n", err.message);
        return NULL;
    }
    if (cairn_lua_load_pack(h, base)) {
        fprintf(stderr, "embed: %s: %s\n", base, cairn_lua_error(h));
        cairn_lua_destroy(h);
        return NULL;
    }
    return h;
}

static int fail(cairn_lua *h, const char *what)
{
    fprintf(stderr, "embed: %s: %s\n", what, cairn_lua_error(h));
    cairn_lua_destroy(h);
    return 1;
}

/* The summary as "cairn sim" words it, copied: the host's own lasts until its next one. */
static char *summary_of(cairn_lua *h)
{
    const char *text;
    if (cairn_session_summary(h, "beat limit", &text))
        return NULL;
    size_t n = strlen(text) + 1;
    char *copy = malloc(n);
    return copy ? memcpy(copy, text, n) : NULL;
}

/* Resumes the save in a host of its own; whether its summary is `played`. */
static int check_resumed(const char *base, const char *save, const char *played)
{
    cairn_lua *h = host_with(base);
    if (!h)
        return 1;
    cairn_error err;
    if (cairn_save_read(h, save, &err)) {
        fprintf(stderr, "embed: %s\n", err.message);
        cairn_lua_destroy(h);
        return 1;
    }
    char *resumed = summary_of(h);
    if (!resumed)
        return fail(h, "no summary");
    printf("resumed: %s\n", strcmp(resumed, played) ? "a different game" : "the same game");
    free(resumed);
    cairn_lua_destroy(h);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: embed BASE_DIR SAVE_FILE\n");
        return 1;
    }
    char home[4096];
    cairn_lua_home(home, sizeof home);
    printf("home: %s\n", home);

    cairn_lua *h = host_with(argv[1]);
    if (!h)
        return 1;
    if (cairn_session_start(h, "dungeon", SEED))
        return fail(h, "the game does not start");
    cairn_session_end ended = CAIRN_SESSION_PLAYING;
    for (int beat = 0; beat < BEATS && ended == CAIRN_SESSION_PLAYING; beat++)
        if (cairn_session_bot(h, "explorer") || cairn_session_step(h, &ended))
            return fail(h, "the game stopped");
    char *played = summary_of(h);
    if (!played)
        return fail(h, "no summary");
    fputs(played, stdout);
    cairn_error err;
    if (cairn_save_write(h, argv[2], &err)) {
        fprintf(stderr, "embed: %s\n", err.message);
        free(played);
        cairn_lua_destroy(h);
        return 1;
    }
    cairn_lua_destroy(h);
    int status = check_resumed(argv[1], argv[2], played);
    free(played);
    return status;
}
