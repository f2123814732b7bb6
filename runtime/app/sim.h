/*
 * sim.h - `cairn sim`: the game played headless by a bot, with a summary at the end.
 */
#ifndef CAIRN_APP_SIM_H
#define CAIRN_APP_SIM_H

/* Runs the command; argv[0] is "sim". Returns the exit status. */
int cairn_sim(int argc, char **argv);

#endif /* CAIRN_APP_SIM_H */
