/*
 * watch.h - the folders of packs watched for changes to their files, for `cairn play --watch`.
 *
 * Linux's inotify tells of a change as it happens, through a file descriptor that the screen
 * waits on with the terminal (poll): nothing runs while nothing changes, and no change waits
 * for a timer. Every folder of each pack is watched (inotify watches a folder, not a tree);
 * the folders are looked for again after each change, so that a new folder is watched too.
 */
#ifndef CAIRN_APP_WATCH_H
#define CAIRN_APP_WATCH_H

#include <stdbool.h>
#include <stddef.h>

typedef struct app_watch {
    int fd; /* the inotify descriptor, readable when a change is waiting; -1 when closed */
    const char *const *dirs;
    size_t dir_count;
} app_watch;

/* Watches the folders dirs (and every folder in them), which must outlive the watch. false,
 * with why in `why`, when they cannot be watched. */
bool app_watch_open(app_watch *w, const char *const *dirs, size_t count, char *why,
                    size_t why_size);
/* After the descriptor became readable: takes every change waiting, and those that follow
 * within a moment (an editor's save is a few of them: a file written, renamed, its backup
 * removed), so that the content is read once it is whole. Returns whether a file of the
 * content changed (an editor's swap and backup files are not the content's). false, with why,
 * when the folders can no longer be watched. */
bool app_watch_changes(app_watch *w, bool *changed, char *why, size_t why_size);
/* Stops watching; safe to call twice. */
void app_watch_close(app_watch *w);

#endif /* CAIRN_APP_WATCH_H */
