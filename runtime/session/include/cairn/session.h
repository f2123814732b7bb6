/*
 * cairn/session.h - a game session: a game defined by content (cairn.game) played on a Lua
 * host's world, floor after floor, with inputs from a front end or from a bot (cairn.bot);
 * undo, the view a front end draws, the state a save keeps, and replays.
 *
 * The session sits on the host (cairn/lua.h): each call runs the runtime's own scripts
 * (scripts/session/: flow.lua, view.lua, replay.lua) in the host's Lua state, and takes the host as
 * its first argument. What a call hands back (text, views, states, folders) is owned by the
 * host and valid until the next call of the same kind, unless said otherwise.
 *
 * The games' scripts (the base game's bots) use w:fov, w:path and the other world methods of
 * cairn/sight_lua.h: make the host with cairn_sight_lua_methods as its world methods.
 *
 * Seats: each player entity the game's generate puts on the first floor is a seat, numbered
 * from 1 in the order of w:players() then, for the whole game; a person, a bot or a peer over
 * the network takes it. Before each beat the game waits for an input from each seat whose
 * character lives (and that the game's turn model asks); a question inside a beat is asked
 * of the seat whose character it is about. The calls with a seat (cairn_session_seat_*) act
 * for that seat; the calls without one, and seat 0, act for the seat the game waits for
 * (cairn_session_turn), else the first. A game of one seat needs none of them.
 *
 * Errors are content's (pack:path:line) or name what is missing, in cairn_lua_error. A content
 * error in the middle of a step leaves the session where it failed (the beat run and counted,
 * a floor half made): report it and start another game rather than go on.
 */
#ifndef CAIRN_SESSION_H
#define CAIRN_SESSION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cairn/lua.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Makes the world of the game named `game` ("base:dungeon", or "dungeon" when one pack has
 * it) and generates its first floor. Replaces the host's world. */
CAIRN_API cairn_err cairn_session_start(cairn_lua *h, const char *game, uint64_t seed);
/* The player's action for the next beat, given directly: an action's name and a direction
 * name ("n", ...; NULL or "" for none). Front ends commit choices instead (below). */
CAIRN_API cairn_err cairn_session_input(cairn_lua *h, const char *action, const char *dir);

/* --- seats (above) -------------------------------------------------------------------------- */

/* How many seats the game has, into *count (0 before its first floor has a player). */
CAIRN_API cairn_err cairn_session_seats(cairn_lua *h, size_t *count);
/* The seat the game waits for, into *seat: the seat a question inside a beat is about, else
 * the first seat asked that has given no input for the next beat; 0 when none waits (every
 * seat asked has given its input, or a beat given up for a question holds them: step). */
CAIRN_API cairn_err cairn_session_turn(cairn_lua *h, size_t *seat);
/* How long a seat may take over a question, in ms, into *ms: the game's answer_seconds
 * (cairn.game; 30 s unless it says). The session keeps no clock: whoever waits for the seat
 * answers for it once the time is out (cairn_session_seat_cancel: the default). */
CAIRN_API cairn_err cairn_session_answer_ms(cairn_lua *h, int64_t *ms);
/* cairn_session_input for seat `seat`. A seat whose character is gone gives nothing. */
CAIRN_API cairn_err cairn_session_seat_input(cairn_lua *h, size_t seat, const char *action,
                                             const char *dir);
/* --- choices: what the player can do now (cairn.choice), committed a prompt at a time ---- */

typedef struct cairn_choice_entry {
    const char *name;  /* the full name, "base:throw" */
    const char *label; /* what a panel shows */
    const char *key;   /* one character, "direction" (the movement keys give its target), or "" */
    bool available;
    const char *reason; /* why not, when unavailable; "" otherwise */
} cairn_choice_entry;

/* The player's choices now, in the order content defined them (the ones content hides left
 * out); owned by the host until the next call of it. None when there is no player. */
CAIRN_API cairn_err cairn_session_choices(cairn_lua *h, const cairn_choice_entry **list,
                                          size_t *count);
/* The choices of seat `seat`'s character, as cairn_session_choices. */
CAIRN_API cairn_err cairn_session_seat_choices(cairn_lua *h, size_t seat,
                                               const cairn_choice_entry **list, size_t *count);

/* Begins committing choice `name` (full or short name) as the player's input for the next
 * beat; its prompts follow (cairn_session_prompt), and one without prompts is committed at
 * once. A choice begun replaces one under way and any input given before. CAIRN_ERR_STATE
 * with why (in cairn_lua_error) when it is unavailable or cannot go on ("throw: nothing to
 * choose for 'Throw at what?'"), or content failed; nothing is then committed. */
CAIRN_API cairn_err cairn_session_choose(cairn_lua *h, const char *name);
/* cairn_session_choose for seat `seat`: each seat commits its own choice, and a choice begun
 * replaces only that seat's. */
CAIRN_API cairn_err cairn_session_seat_choose(cairn_lua *h, size_t seat, const char *name);

typedef enum cairn_prompt_kind {
    CAIRN_PROMPT_NONE, /* no prompt waits */
    CAIRN_PROMPT_PICK, /* one among options */
    CAIRN_PROMPT_NUMBER,
    CAIRN_PROMPT_CONFIRM, /* yes or no */
    CAIRN_PROMPT_SELECT   /* a target: a direction, a cell or an entity */
} cairn_prompt_kind;

/* The prompt waiting, as the host owns it until the next call of cairn_session_prompt. */
typedef struct cairn_prompt {
    cairn_prompt_kind kind;
    bool committed;     /* kind NONE: the next beat's inputs are committed (a seat's own, when
                           the call named the seat; else every seat's the game waits for) */
    size_t seat;        /* the seat the prompt is asked of (0 for kind NONE) */
    const char *choice; /* the choice's label */
    const char *name;   /* the prompt's name, the key of its answer */
    const char *text;   /* the question */
    bool cancel_costs;  /* cancelling commits the prompt's cancel effect: a beat passes */
    /* PICK: the options' labels. */
    const char *const *options;
    size_t option_count;
    /* NUMBER: the answer's bounds. */
    int64_t min, max;
    /* SELECT: among "direction", "cell" or "entity"; the actor's cell; how far a target may
     * be (cells, any way) and the radius of the area around it the choice affects; the cells
     * of the candidates, x, y pairs, nearest first (a direction's is the next cell that way). */
    const char *among;
    int32_t x, y, range, area;
    const int32_t *cells;
    size_t cell_count;
} cairn_prompt;

CAIRN_API cairn_err cairn_session_prompt(cairn_lua *h, cairn_prompt *out);
/* The prompt waiting for seat `seat`: a question inside a beat (whichever seat it is about:
 * the beat waits for it), else the choice the seat is committing. */
CAIRN_API cairn_err cairn_session_seat_prompt(cairn_lua *h, size_t seat, cairn_prompt *out);
/* Answers the waiting prompt with text: PICK the option's number from 1; NUMBER digits;
 * CONFIRM "yes" or "no"; SELECT a direction's name, or "X,Y" (the cell, or the candidate
 * entity on it). CAIRN_ERR_INVALID with what it takes when the prompt does not take it: the
 * prompt still waits. After the last prompt the choice is committed. */
CAIRN_API cairn_err cairn_session_answer(cairn_lua *h, const char *answer);
/* Cancels the waiting prompt: the choice is dropped (nothing is committed), unless the prompt
 * has a cancel effect, which is then committed in its place. *committed (may be NULL) says
 * which. Without a prompt waiting it does nothing. */
CAIRN_API cairn_err cairn_session_cancel(cairn_lua *h, bool *committed);
/* cairn_session_answer and _cancel for seat `seat`'s prompt (cairn_session_seat_prompt). */
CAIRN_API cairn_err cairn_session_seat_answer(cairn_lua *h, size_t seat, const char *answer);
CAIRN_API cairn_err cairn_session_seat_cancel(cairn_lua *h, size_t seat, bool *committed);

/* Whether a person answers the prompts asked inside a beat (a card's trigger, an ability set
 * off by an enemy's hit) - a front end's, such as `cairn play` - rather than the bot or the
 * defaults (the questions about a seat a bot has played, cairn_session_seat_bot, take the
 * default). Off when a game starts or resumes. When on, a beat that asks the player stops at
 * the question: cairn_session_step gives CAIRN_SESSION_ASKING with the world as it was before
 * the beat, the question waits as a prompt (cairn_session_prompt; a cancel declines it, or
 * takes the first of an order), and once it is answered the next cairn_session_step plays the
 * beat again from its start with the answers so far. A save keeps the question waiting. */
CAIRN_API cairn_err cairn_session_set_interactive(cairn_lua *h, bool on);
/* Whether the player passes by itself when an action gives it a window to react in and none
 * of its reactions is legal (on, the default), or is asked all the same, with only "pass"
 * to answer. */
CAIRN_API cairn_err cairn_session_set_auto_pass(cairn_lua *h, bool on);

/* One effect resolved in the last beat (a card's payload, an ability's), as a front end shows
 * it: what resolved, where, and what was still on the stack after it, top first. Timed ones
 * (damage, moves, pushes...) are for showing one by one; instant ones need no pause. */
typedef struct cairn_frame {
    const char *label;  /* the ability's (or card's) label: "strike" */
    const char *effect; /* the effect type: "damage" */
    bool timed;
    const int32_t *cells; /* its targets' cells (or the cell chosen), x, y pairs */
    size_t cell_count;
    const char *const *waiting; /* "label: effect", top of the stack first */
    size_t waiting_count;
    const char *const *changes; /* what it did to its targets' hp: "skeleton 2 -> 1 hp" */
    size_t change_count;
} cairn_frame;

/* The frames of the last beat's resolutions, in the order they resolved, while the session is
 * interactive (none otherwise, and none for a beat that resolved nothing). The host owns them
 * until the next call of cairn_session_frames. */
CAIRN_API cairn_err cairn_session_frames(cairn_lua *h, const cairn_frame **list, size_t *count);
/* What the player knows of a cell, in a line, for targeting ("skeleton (2 of 3 hp)"); the
 * host's until the next call of it. */
CAIRN_API cairn_err cairn_session_describe(cairn_lua *h, int32_t x, int32_t y, const char **text);

/* --- travel and auto-explore (scripts/session/travel.lua): journeys a front end plays a beat at a
 * time. Each step is an ordinary input (a move) the session logs, so a game with journeys
 * replays, undoes and saves as any other. They go over what the player remembers of its
 * floor, keeping off the cells the game's `avoid` names. ---------------------------------- */

/* The way from the player to (x, y), to draw while a travel is aimed. Owned by the host until
 * the next call of it. */
typedef struct cairn_travel_way {
    int32_t x, y;         /* the player's cell */
    const int32_t *cells; /* the way's cells, x, y pairs, from the first step to (x, y) */
    size_t cell_count;    /* 0: there is no way (a negative x and y ask only for the player) */
    const char *why;      /* why there is no way ("you know no way there"), else "" */
} cairn_travel_way;
CAIRN_API cairn_err cairn_session_travel_way(cairn_lua *h, int32_t x, int32_t y,
                                             cairn_travel_way *out);
/* Begins travel to (x, y): its schedule (w:schedule) is built once, and its steps are played by
 * cairn_session_travel_step. CAIRN_ERR_STATE with why (in cairn_lua_error) when there is no
 * way there. */
CAIRN_API cairn_err cairn_session_travel(cairn_lua *h, int32_t x, int32_t y);
/* Begins auto-explore: towards the nearest remembered cell next to one never seen, planned
 * again each step. CAIRN_ERR_STATE with why when an enemy is in view or nothing is left. */
CAIRN_API cairn_err cairn_session_explore(cairn_lua *h);
/* One beat of the journey under way (the game's rules and all, as cairn_session_step). Owned
 * by the host until the next call of it. */
typedef struct cairn_travel_step {
    bool going;           /* false: the journey is over (or none was under way) */
    const char *why;      /* once over: why it stopped ("goblin comes into view"), or "" when
                             the log or the game says it already */
    const int32_t *cells; /* the rest of a travel's schedule: its cells to come, x, y pairs */
    size_t cell_count;
} cairn_travel_step;
CAIRN_API cairn_err cairn_session_travel_step(cairn_lua *h, cairn_travel_step *out);
/* Ends the journey under way, if any (a key was pressed): the game is left as it is. */
CAIRN_API cairn_err cairn_session_travel_stop(cairn_lua *h);
/* The places worth travelling to, for the cursor to go through while a travel is aimed: the
 * cells the player remembers showing one of the game's landmarks (its stairs) or an item,
 * landmarks first, each kind nearest first by the way the player knows. x, y pairs, *count
 * of them; owned by the host until the next call of it. */
CAIRN_API cairn_err cairn_session_travel_places(cairn_lua *h, const int32_t **cells, size_t *count);
/* Which items auto-explore picks up, with the game's pick-up choice, as it comes on them: their
 * glyphs ("!-" potions and throwing daggers in the base game), "*" every item, "" none (the
 * default). */
CAIRN_API cairn_err cairn_session_set_pickup(cairn_lua *h, const char *glyphs);

/* Asks the bot named `bot` for the player's action for the next beat. */
CAIRN_API cairn_err cairn_session_bot(cairn_lua *h, const char *bot);
/* Asks the bot named `bot` for seat `seat`'s action for the next beat; each seat's bot keeps a
 * memory of its own. A seat the game does not wait for (its character is gone, or the turn
 * model asks another) is not asked. */
CAIRN_API cairn_err cairn_session_seat_bot(cairn_lua *h, size_t seat, const char *bot);

typedef enum cairn_session_end {
    CAIRN_SESSION_PLAYING,
    CAIRN_SESSION_WON,
    CAIRN_SESSION_DIED,  /* the player is dead (every seat's character, in a game of several) */
    CAIRN_SESSION_LOST,  /* the game's own rules ended it */
    CAIRN_SESSION_ASKING /* the beat waits for an answer (cairn_session_set_interactive) */
} cairn_session_end;

/* Runs one beat, then the game's rules: on, down a floor, won or lost. *ended (may be NULL)
 * receives how the game stands. Stepping a game that has ended is CAIRN_ERR_STATE. */
CAIRN_API cairn_err cairn_session_step(cairn_lua *h, cairn_session_end *ended);
/* How the game stands now, into *ended: a resumed game may have ended before it was saved. */
CAIRN_API cairn_err cairn_session_standing(cairn_lua *h, cairn_session_end *ended);
/* The session's summary, lines of "key: value" (game, seed, ended, floor, beats, hp, the
 * game's own report, checksum), as text the host owns, valid until the next summary.
 * `unfinished` is what "ended" says while the game goes on (NULL: "playing"). */
CAIRN_API cairn_err cairn_session_summary(cairn_lua *h, const char *unfinished, const char **text);
/* The game's log, for `cairn sim --log`: cairn_session_log_start starts noting what is played
 * (cards, abilities); cairn_session_log sets *text to lines "beat N: ..." of what spawned and
 * what was played since it was last called (the history as it stands: the beat just played
 * and a floor made after it), "" for none, as text the host owns, valid until the next call. */
CAIRN_API cairn_err cairn_session_log_start(cairn_lua *h);
CAIRN_API cairn_err cairn_session_log(cairn_lua *h, const char **text);

/* Undoes the last beat: the last checkpoint before it is restored and the inputs of the beats
 * between are played again (each must come to the checksum it came to the first time, or the
 * content's fault is told). CAIRN_ERR_STATE, with why, when no beat has been played or the
 * checkpoint needed is no longer kept. Undo works after the game has ended, too. */
CAIRN_API cairn_err cairn_session_undo(cairn_lua *h);

/* What a front end shows of the game (scripts/session/view.lua), owned by the host and valid until
 * the next view or the next call that changes the game. Rows are NUL-terminated strings:
 * glyphs has width UTF-8 characters per row; colors one byte per cell ('0'-'7' black, red,
 * green, yellow, blue, magenta, cyan, white; '8'-'f' their bright kinds; '.' the default);
 * marks one byte per cell, a cairn_view_mark (below). */
typedef struct cairn_view {
    int32_t width;
    int32_t height;
    const char *const *glyphs;
    const char *const *colors;
    const char *const *marks;
    const char *header;          /* the first line: hp, statuses, floor, beat, seed, items (in
                                    a game of several seats, the seat shown first: "Seat 2/2") */
    size_t seat, seats;          /* the seat whose character the view is of, and how many */
    const char *const *messages; /* what happened, oldest first */
    size_t message_count;
    size_t fresh;      /* how many of the last messages are the last beat's */
    const char *ended; /* NULL while the game goes on, else "won", "died", "lost" */
    /* Lines the game adds to the side panel, under the choices (the base game: the hand of
     * cards); panel_dim has a byte a line, 'd' for a line drawn dimmed (what cannot be done
     * now, with why), else ' '. */
    const char *const *panel;
    size_t panel_count;
    const char *panel_dim;
} cairn_view;

CAIRN_API cairn_err cairn_session_view(cairn_lua *h, cairn_view *out);

/* The bytes of cairn_view.marks. scripts/session/view.lua writes them: change both together. */
typedef enum cairn_view_mark {
    CAIRN_VIEW_UNSEEN = ' ',     /* never seen */
    CAIRN_VIEW_SEEN = 'v',       /* seen now */
    CAIRN_VIEW_REMEMBERED = 'r', /* remembered from before, not seen now */
    CAIRN_VIEW_MOVE = 'm',       /* an enemy moves here next beat */
    CAIRN_VIEW_STRIKE = 'a'      /* an enemy strikes here next beat */
} cairn_view_mark;

/* Everything a front end's screen shows after the game changed, taken in one call into the
 * scripts where cairn_session_frames, _prompt, _view, and _choices or _summary would be five:
 * the frames of the last beat's resolutions, the prompt waiting, the view, and once the game
 * has ended its summary (the summary cairn_session_summary gives with NULL), else the player's
 * choices. Owned by the host until the next call of it. */
typedef struct cairn_screen {
    const cairn_frame *frames;
    size_t frame_count;
    cairn_prompt prompt;
    cairn_view view;
    const char *summary;               /* NULL while the game goes on */
    const cairn_choice_entry *choices; /* none once the game has ended */
    size_t choice_count;
} cairn_screen;

CAIRN_API cairn_err cairn_session_screen(cairn_lua *h, cairn_screen *out);
/* The screen of seat `seat`: what its character may know and nothing of the other seats' -
 * the view from its character (its field of view, its own memory of the floor, its panel:
 * hand and deck), its choices, its prompt (a question about its character, or the choice it
 * is committing; none while the beat waits for another seat's answer), the frames of the last
 * beat that touched a cell it sees (with those cells only). The header leaves out the seed;
 * the messages are the game's one log, the same for every seat.
 * Seat 0: what a spectator may see, as the game's `spectate` says (cairn.game): the map, no
 * panel but the turns', no prompt, no choices. CAIRN_ERR_INVALID for a seat the game has not.
 * Owned by the host until the next call of it. */
CAIRN_API cairn_err cairn_session_seat_screen(cairn_lua *h, size_t seat, cairn_screen *out);
/* Whether the screens built from now on (cairn_session_seat_screen, cairn_session_screen) are
 * of one moment and share one preview of the next beat for their intents, most of a screen's
 * cost: for a front end that builds several audiences' screens back to back. Turn it off
 * before anything changes the game: a shared preview is not made again. Off at first. */
CAIRN_API cairn_err cairn_session_share_preview(cairn_lua *h, bool on);

/* Bytes that may hold NULs: the parts of a saved game. */
typedef struct cairn_session_bytes {
    const char *data;
    size_t size;
} cairn_session_bytes;

typedef struct cairn_session_pack {
    const char *id;
    const char *version;
    const char *hash; /* 16 hex digits over the pack's files but its tests */
} cairn_session_pack;

typedef struct cairn_session_entity {
    int64_t id;               /* e.id */
    const char *type;         /* its type's name */
    cairn_session_bytes data; /* its e.data, encoded (scripts/lua/data.lua) */
} cairn_session_entity;

/* A game as a save keeps it: the core's snapshot (cairn_world_snapshot), the data of each
 * entity whose data is not its type's starting data, the world's data, the session (floor,
 * log of beats, checkpoints, messages, what each seat remembers), the packs it was played
 * with and the checksum the world comes to. */
typedef struct cairn_session_state {
    const char *game;
    uint64_t seed;
    uint64_t beat;
    const char *checksum;
    cairn_session_bytes core;
    cairn_session_bytes world;
    cairn_session_bytes session;
    const cairn_session_pack *packs;
    size_t pack_count;
    const cairn_session_entity *entities;
    size_t entity_count;
} cairn_session_state;

/* The game's state, owned by the host until the next call on it. Between beats only; fails
 * (naming the entity) when content hooked handlers a snapshot cannot keep. */
CAIRN_API cairn_err cairn_session_save_state(cairn_lua *h, cairn_session_state *out);
/* Makes the host's world again and resumes the saved game in it. Refused, with every
 * difference named, when the packs loaded are not the ones it was saved with (ids, versions,
 * content); refused as damaged when its parts do not read back or its world does not come to
 * its checksum. On failure the host has no game. */
CAIRN_API cairn_err cairn_session_resume(cairn_lua *h, const cairn_session_state *state);

/* The game so far as a replay's text (scripts/session/replay.lua), owned by the host until the next
 * call on it. */
CAIRN_API cairn_err cairn_session_record(cairn_lua *h, const char **text);
/* The folders of the packs a replay's text names that are not loaded yet, in load order, for
 * the caller to load before cairn_session_replay_start. Each is found by its id among `folders`
 * (pack folders, each named after its pack), else at the folder the replay recorded; whichever
 * it is must hold the recorded content (by hash), else it is refused, naming the pack, before
 * any of it runs. Owned by the host until the next call of either function (loading packs
 * leaves them be) or its destruction. A text that is not a replay fails with the line at
 * fault. */
CAIRN_API cairn_err cairn_session_replay_find_packs(cairn_lua *h, const char *text,
                                                    const char *const *folders, size_t folder_count,
                                                    const char *const **dirs, size_t *count);
/* cairn_session_replay_find_packs with no folders given. */
CAIRN_API cairn_err cairn_session_replay_packs(cairn_lua *h, const char *text,
                                               const char *const **dirs, size_t *count);
/* Starts the replay's game (checking the packs as cairn_session_resume does); *beats is how
 * many it has. */
CAIRN_API cairn_err cairn_session_replay_start(cairn_lua *h, const char *text, uint64_t *beats);
/* Plays the replay's next beat and compares what the world came to with every field its line
 * recorded: fails with "beat N differs from the replay: ..." naming the fields that differ.
 * *done is set after the last beat. A failure ends the replay. */
CAIRN_API cairn_err cairn_session_replay_step(cairn_lua *h, bool *done);
/* After the last beat: compares how the game stands with the replay's end line, failing with
 * "replay line N: the game ended 'won' at beat K, where the replay has 'lost'" when they
 * differ. *incomplete is NULL when the replay holds its whole game, else says where it stops
 * short and why ("the replay stops at beat K, before its game ended: ..."), owned by the host
 * until the next call on it. */
CAIRN_API cairn_err cairn_session_replay_finish(cairn_lua *h, const char **incomplete);

/* --- playing a game again on other content (`cairn play --watch`) ------------------------- */

/* What cairn_session_rerun made of a game's inputs on this host's content. */
typedef struct cairn_session_rerun_result {
    uint64_t beats;      /* the beats the text has */
    uint64_t played;     /* the beats played again: the game stands after the last of them */
    uint64_t differs_at; /* the first beat that came out otherwise (another checksum than the
                            text's, or not played at all); 0 when every beat came out the same */
    const char *stopped; /* NULL, or why the inputs went no further than `played` (the game
                            ended sooner, an input was refused); the host's until the next call */
} cairn_session_rerun_result;

/* Starts the game of a replay's text (cairn_session_record of another host) on this host's
 * content, whatever packs the text names - their content is meant to have changed - and gives
 * it the text's inputs, a beat at a time (each under the budget of a beat), comparing what
 * each beat's world comes to with the text's checksum. The inputs go on past a difference, as
 * far as the new content takes them: the host keeps the game they make. Fails, with the
 * content's error, when a beat fails: the host's game is then half played, to be thrown away.
 * Replaces the host's world. */
CAIRN_API cairn_err cairn_session_rerun(cairn_lua *h, const char *text,
                                        cairn_session_rerun_result *out);

#ifdef __cplusplus
}
#endif

#endif /* CAIRN_SESSION_H */
