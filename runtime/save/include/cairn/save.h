/*
 * cairn/save.h - saved games, in SQLite: the whole game a host is playing (cairn/session.h's
 * cairn_session_state) written to one file in one transaction, and read back into a host
 * that has loaded the same packs.
 *
 * A save file holds one game. Writing replaces what the file held in a single transaction,
 * so a crash or a failure in the middle leaves the previous save as it was. Reading refuses,
 * with a message naming what is wrong, a file that is not a save, one that is damaged or cut
 * short, one written by another version of cairn or of the save format, and one made with
 * other packs (ids, versions or content); a refused file is never written to.
 *
 * Errors: every function returns a cairn_err and, on failure, writes a message the caller
 * can show to err (which may be NULL).
 */
#ifndef CAIRN_SAVE_H
#define CAIRN_SAVE_H

#include <stdbool.h>
#include <stddef.h>

#include "cairn/session.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Writes the host's game to the save file at path, creating it (and not its folder) when
 * needed. Between beats only. */
CAIRN_API cairn_err cairn_save_write(cairn_lua *h, const char *path, cairn_error *err);

/* Resumes the game saved at path in the host, whose packs must be loaded already: the host's
 * world is made again. CAIRN_ERR_NOT_FOUND when there is no file at path; CAIRN_ERR_INVALID
 * when the file is refused (the message says why). On failure the host has no game. */
CAIRN_API cairn_err cairn_save_read(cairn_lua *h, const char *path, cairn_error *err);

/* Whether a file exists at path. */
CAIRN_API bool cairn_save_exists(const char *path);

/* Removes the save at path (a game that ended leaves none). No file is not an error. */
CAIRN_API cairn_err cairn_save_remove(const char *path, cairn_error *err);

/* The default save file: $CAIRN_SAVE if set, else $XDG_DATA_HOME/cairn/save.sqlite, else
 * $HOME/.local/share/cairn/save.sqlite. Creates the folders it needs. */
CAIRN_API cairn_err cairn_save_default_path(char *out, size_t size, cairn_error *err);

/* The file `name` in cairn's data folder: $XDG_DATA_HOME/cairn/NAME (XDG_DATA_HOME absolute),
 * else $HOME/.local/share/cairn/NAME. Creates the folders it needs. CAIRN_ERR_NOT_FOUND with
 * neither set, CAIRN_ERR_LIMIT for a path longer than size. */
CAIRN_API cairn_err cairn_save_data_path(const char *name, char *out, size_t size,
                                         cairn_error *err);

#ifdef __cplusplus
}
#endif

#endif /* CAIRN_SAVE_H */
