/*
 * play.h - `cairn play`: the game in the terminal, with saves, undo and an optional replay.
 */
#ifndef CAIRN_APP_PLAY_H
#define CAIRN_APP_PLAY_H

#include <stdbool.h>
#include <stdint.h>

#include "cairn/session.h"

/* Runs the command; argv[0] is "play". Returns the exit status. */
int cairn_play(int argc, char **argv);

/* `cairn replay FILE` without --verify: shows the replay started in h (cairn_session_replay_start,
 * `beats` beats) on the same screen, a beat for each key, and after the last checks its end.
 * Takes h, which it destroys. Returns the exit status: failed when a beat or the end differed
 * from the recording, or when the replay stops before its game ended and partial is false. */
int cairn_play_watch(cairn_lua *h, uint64_t beats, bool partial);

#endif /* CAIRN_APP_PLAY_H */
