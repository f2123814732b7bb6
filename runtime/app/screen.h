/*
 * screen.h - the terminal screen that shows a game, through ncurses: the header, the map
 * with the enemies' intents, a side panel of keys, the message log, a notice, the help and
 * the ending's summary. `cairn play` and `cairn replay` both show their game on it.
 *
 * The screen knows nothing of the game: glyphs, colours and marks come from the session's
 * view (cairn_session_view, made by scripts/session/view.lua), so a mod's game draws the same way.
 * What a key does is the command's: screen_run reads keys and hands each to it.
 */
#ifndef CAIRN_APP_SCREEN_H
#define CAIRN_APP_SCREEN_H

#include <stdbool.h>
#include <stddef.h>

#include <curses.h>

#include "cairn/session.h"
#include "keys.h"

/* What a command's key handler returns while the game goes on; else an exit status. */
enum { SCREEN_GO_ON = -1 };
/* The "key" screen_run hands over when the descriptor it watches is readable (watch_fd). */
enum { SCREEN_KEY_WATCHED = KEY_MAX + 1 };

#define SCREEN_NOTICE_SIZE (CAIRN_ERROR_MESSAGE_SIZE + 64)

/* The prompt the player is answering (`cairn play`'s), as the screen shows it: PICK as a menu
 * over the map, NUMBER and CONFIRM as a box there too, SELECT as a cursor on the map with the
 * cells it may reach. */
typedef keys_prompt screen_prompt;

typedef struct game_screen {
    cairn_lua *h;                    /* the host whose game is shown; borrowed */
    const char *command;             /* the command's name, for its complaints: "play", "replay" */
    cairn_view view;                 /* the view last taken, the host's */
    bool stale;                      /* the game changed since the view was taken */
    const char *summary;             /* the summary, once the game has ended */
    SCREEN *term;                    /* NULL when curses is not running */
    bool colors;                     /* the colour pairs are set up */
    int palette;                     /* 16, or 8 with A_BOLD for the bright ones */
    bool dim;                        /* the terminal can dim */
    size_t scroll;                   /* log lines hidden below the newest, while scrolled back */
    int key_errors;                  /* getch's failures in a row */
    char notice[SCREEN_NOTICE_SIZE]; /* shown under the log until the next key */
    /* The side panel lists the player's choices (play; a replay has none to make). They are
     * taken with the view, and are the host's until then. */
    bool with_choices;
    const cairn_choice_entry *choices;
    size_t choice_count;
    screen_prompt prompt;
    /* The effect of a resolution being shown (play's pacing of a beat's frames), or NULL: its
     * targets' cells stand out and the stack is shown beside the map. The host's. */
    const cairn_frame *frame;
    /* A descriptor screen_run waits on with the keyboard (`play --watch`'s changes), when
     * `watching`: it is handed over as SCREEN_KEY_WATCHED, for the command to read. */
    bool watching;
    int watch_fd;
    /* A way drawn on the map (`play`'s travel: aimed, or still to go), x, y pairs; borrowed
     * from the host, path_count 0 for none. */
    const int32_t *path;
    size_t path_count;
} game_screen;

/* Starts curses on the terminal. Returns 0, or EXIT_FAILED with why on stderr. */
int screen_open(game_screen *s);
/* Ends curses, if it runs, leaving the terminal as it was. Safe to call twice. */
void screen_close(game_screen *s);

/* Says "cairn COMMAND: ..." on stderr, after the screen is given back; returns EXIT_FAILED. */
int screen_fail(game_screen *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Shows a line under the log until the next key, scrolled to the newest messages. */
void screen_notice(game_screen *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The game changed: the next draw takes the view again, showing the newest messages. */
void screen_changed(game_screen *s);
/* The view, summary and choices of a screen taken (cairn_session_screen, the host's) are what
 * the next draw shows. */
void screen_take(game_screen *s, const cairn_screen *taken);
/* Whether the terminal is big enough to show the game: keys that change it wait until it is. */
bool screen_fits(const game_screen *s);
/* Shows the game with frame f of a resolution (NULL: none), at once. */
void screen_show_frame(game_screen *s, const cairn_frame *f);
/* Waits up to ms milliseconds for a key: the key, or ERR when none came. */
int screen_wait(game_screen *s, int ms);
/* Scrolls the message log back (pages > 0) or forward by a page. */
void screen_scroll(game_screen *s, int pages);
/* Shows the help until a key is pressed. */
void screen_show_help(game_screen *s);
/* Shows why each choice that is dimmed cannot be made now, until a key is pressed. */
void screen_show_reasons(game_screen *s);
/* The map's cell at the terminal's column and row (a mouse click's): false when it is off the
 * map. */
bool screen_cell_at(const game_screen *s, int col, int row, int32_t *x, int32_t *y);

/* Draws the game now (taking the view again when it changed), for a command that plays beats
 * without waiting for keys (`play`'s travel). SCREEN_GO_ON, or EXIT_FAILED when the view cannot
 * be taken. */
int screen_show(game_screen *s);
/* The key pressed within `ms` milliseconds, or ERR when none was: a journey stops at any key
 * and otherwise goes on at a pace the eye can follow. */
int screen_poll_key(game_screen *s, int ms);

/* A command's handling of a key: SCREEN_GO_ON, or the exit status that ends screen_run. The
 * key is EOF once the terminal is gone, KEY_RESIZE after it changed size. */
typedef int screen_key_fn(game_screen *s, int key, void *ud);

/* Draws the game (taking the view again when it changed) and hands each key to on_key, until
 * on_key returns an exit status, which it returns; EXIT_FAILED when the view cannot be taken.
 * While watching, SCREEN_KEY_WATCHED is handed over each time watch_fd is readable: on_key
 * must read it, or it would be handed over again at once. */
int screen_run(game_screen *s, screen_key_fn *on_key, void *ud);

#endif /* CAIRN_APP_SCREEN_H */
