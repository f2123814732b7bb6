/*
 * watch.c - the folders of packs watched for changes, through inotify. See watch.h.
 */
#define _POSIX_C_SOURCE 200809L /* lstat */

#include "watch.h"

#include <dirent.h>
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

/* What changes a folder's content: a file written and closed, one moved in or out, one made or
 * removed, the folder itself removed or moved. A file being written (IN_MODIFY) is not yet. */
#define EVENTS                                                                                     \
    (IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_DELETE_SELF |       \
     IN_MOVE_SELF)
/* An editor's save is over once no change has come for SETTLE_MS; a folder that never stops
 * changing is read after SETTLE_ROUNDS of them all the same. */
#define SETTLE_MS     60
#define SETTLE_ROUNDS 20
/* Folders within folders this deep are left unwatched: a link to a folder above would
 * otherwise be followed for ever. */
#define DEPTH_MAX  16
#define PATH_SIZE  4096
#define EVENTS_BUF 4096

static bool watch_tree(int fd, const char *dir, int depth, char *why, size_t why_size)
{
    if (inotify_add_watch(fd, dir, EVENTS | IN_ONLYDIR) < 0) {
        snprintf(why, why_size, "cannot watch %s: %s", dir, strerror(errno));
        return false;
    }
    DIR *d = depth < DEPTH_MAX ? opendir(dir) : NULL;
    if (!d)
        return true; /* its files are watched; a folder unread has none to load */
    bool ok = true;
    for (struct dirent *e; ok && (e = readdir(d));) {
        char path[PATH_SIZE];
        struct stat st;
        /* ".", "..", and hidden folders (.git), which are no pack's content anyone edits */
        if (e->d_name[0] == '.' ||
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name) >= (int)sizeof path)
            continue;
        if (!stat(path, &st) && S_ISDIR(st.st_mode))
            ok = watch_tree(fd, path, depth + 1, why, why_size);
    }
    closedir(d);
    return ok;
}

bool app_watch_open(app_watch *w, const char *const *dirs, size_t count, char *why, size_t why_size)
{
    w->dirs = dirs;
    w->dir_count = count;
    w->fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (w->fd < 0) {
        snprintf(why, why_size, "cannot watch files: %s", strerror(errno));
        return false;
    }
    for (size_t i = 0; i < count; i++)
        if (!watch_tree(w->fd, dirs[i], 0, why, why_size)) {
            app_watch_close(w);
            return false;
        }
    return true;
}

void app_watch_close(app_watch *w)
{
    if (w->fd >= 0)
        close(w->fd);
    w->fd = -1;
}

/* Whether a file of this name may be content: an editor's swap, backup, lock and probe files
 * are not (vim's .x.swp, x~ and 4913; emacs's #x# and .#x). */
static bool is_content_name(const char *name)
{
    size_t len = strlen(name);
    if (name[0] == '.' || name[0] == '#' || (len && name[len - 1] == '~'))
        return false;
    if (len > 4 && (!strcmp(name + len - 4, ".swp") || !strcmp(name + len - 4, ".swx")))
        return false;
    return strspn(name, "0123456789") != len;
}

/* Reads the events waiting; *changed is set when one is of the content. Returns how many
 * bytes were read (0 when none waited), or -1 on failure. */
static ssize_t take_events(int fd, bool *changed)
{
    _Alignas(struct inotify_event) char buf[EVENTS_BUF];
    ssize_t total = 0, n;
    while ((n = read(fd, buf, sizeof buf)) > 0) {
        total += n;
        for (ssize_t at = 0; at + (ssize_t)sizeof(struct inotify_event) <= n;) {
            struct inotify_event ev;
            memcpy(&ev, buf + at, sizeof ev);
            const char *name = buf + at + sizeof ev;
            /* A folder's own events and a lost queue have no name: they are changes. */
            if ((ev.mask & (IN_ISDIR | IN_Q_OVERFLOW)) || !ev.len || is_content_name(name))
                *changed = *changed || !(ev.mask & IN_IGNORED);
            at += (ssize_t)(sizeof ev + ev.len);
        }
    }
    if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
        return -1;
    return total;
}

bool app_watch_changes(app_watch *w, bool *changed, char *why, size_t why_size)
{
    *changed = false;
    if (w->fd < 0)
        return true;
    ssize_t got = take_events(w->fd, changed);
    for (int round = 0; got > 0 && round < SETTLE_ROUNDS; round++) {
        struct pollfd pfd = {.fd = w->fd, .events = POLLIN};
        if (poll(&pfd, 1, SETTLE_MS) <= 0)
            break;
        got = take_events(w->fd, changed);
    }
    if (got < 0) {
        snprintf(why, why_size, "cannot watch files: %s", strerror(errno));
        return false;
    }
    if (!*changed)
        return true;
    /* Folders made or removed since: the watch is made again, before the content is read, so
     * that a change while it is read is seen too. */
    app_watch_close(w);
    return app_watch_open(w, w->dirs, w->dir_count, why, why_size);
}
