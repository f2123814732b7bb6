/*
 * keys.h - what a key does to the prompt the player is answering, without a terminal: the
 * menu's highlight, the number being typed, yes or no, the targeting cursor's moves and the
 * answer it gives. `cairn play` (play.c) turns the terminal's keys into these and does what they
 * say; the randomized player (tests/driver) presses its keys through the same code, so that it
 * plays the game as the terminal does.
 */
#ifndef CAIRN_APP_KEYS_H
#define CAIRN_APP_KEYS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cairn/session.h"

/* The keys: printable ASCII as itself, the others named. KEYS_NONE does nothing anywhere. */
enum {
    KEYS_NONE = 0,
    KEYS_TAB = 9,
    KEYS_ENTER = 10,
    KEYS_ESC = 27,
    KEYS_BACKSPACE = 127,
    KEYS_UP = 256,
    KEYS_DOWN,
    KEYS_LEFT,
    KEYS_RIGHT,
    KEYS_BTAB, /* shift-Tab */
    KEYS_PGUP,
    KEYS_PGDN,
    /* The numeric keypad without Num Lock: its corners, Home, End and its middle. */
    KEYS_HOME,
    KEYS_END,
    KEYS_A1,
    KEYS_A3,
    KEYS_B2,
    KEYS_C1,
    KEYS_C3,
};

#define KEYS_ENTRY_SIZE 24 /* the digits of a number prompt, with its sign */

/* The prompt the player is answering: PICK a menu, NUMBER an entry, CONFIRM yes or no, SELECT a
 * cursor on the map among the cells it may reach. */
typedef struct keys_prompt {
    cairn_prompt p;              /* kind NONE while none waits; its text is the host's */
    int32_t x, y;                /* SELECT: the cell under the cursor */
    const char *described;       /* SELECT: what the player knows of that cell, or "" */
    size_t pick;                 /* PICK: the option highlighted, from 0 */
    char entry[KEYS_ENTRY_SIZE]; /* NUMBER: what was typed so far */
} keys_prompt;

/* What a key asks of the one who holds the game. */
typedef enum keys_do {
    KEYS_DO_NOTHING,
    KEYS_DO_ANSWER, /* answer the prompt with `text` (cairn_session_answer) */
    KEYS_DO_CURSOR, /* move the cursor to (x, y), which may be off the map */
    KEYS_DO_HINT,   /* tell the player `text`: how to answer */
} keys_do;

typedef struct keys_action {
    keys_do what;
    char text[80];
    int32_t x, y;
} keys_action;

/* The direction a key moves in ("n", "ne", ...), or NULL. */
const char *keys_direction(int key);
/* A PICK menu's option keys: 1-9, then a-z; 0 for an option past them (the arrows reach it).
 * keys_pick_option is the other way: false for a key that picks none. */
int keys_pick_label(size_t option);
bool keys_pick_option(int key, size_t *option);

/* The cursor one cell that way (a direction's name). */
keys_action keys_cursor_by(const keys_prompt *sp, const char *dir);
/* Enter, or a click on a candidate: the cell under the cursor is the answer; a direction's
 * answer is the way to it from the actor. */
keys_action keys_answer_cursor(const keys_prompt *sp);
/* A key pressed while sp's prompt waits: the menu's highlight and the entry change in *sp, and
 * what else the key does is returned. Esc, the help and the log are the caller's. */
keys_action keys_on_prompt(keys_prompt *sp, int key);

#endif /* CAIRN_APP_KEYS_H */
