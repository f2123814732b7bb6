/*
 * replay.h - `cairn replay FILE [--verify] [--partial] [--pack DIR ...]`: a recorded game
 * played back.
 */
#ifndef CAIRN_APP_REPLAY_H
#define CAIRN_APP_REPLAY_H

/* Runs the command; argv[0] is "replay". Returns the exit status. */
int cairn_replay(int argc, char **argv);

#endif /* CAIRN_APP_REPLAY_H */
