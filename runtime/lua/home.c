/*
 * home.c - the runtime's home: the folder its own scripts (scripts/) and the bundled packs
 * (content/) are found in. An installed library finds it from where it lies, so that the
 * installed tree can be moved whole; a library in the build tree uses its source tree.
 */
/* dladdr and realpath. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cairn/lua.h"

/* The home from the folder the library is installed in (the build writes both from its
 * install layout: `../share/cairn` for PREFIX/lib and PREFIX/share/cairn). */
#ifndef CAIRN_HOME_FROM_LIBDIR
#define CAIRN_HOME_FROM_LIBDIR "../share/cairn"
#endif
#ifndef CAIRN_SOURCE_DIR
#define CAIRN_SOURCE_DIR "."
#endif

/* The installed home beside the file the code runs from (the shared library), in `home`
 * (PATH_MAX bytes), if there is one: a folder holding scripts/. A program the library was
 * linked into statically has none beside it, and uses the source tree's. */
static bool installed_home(char *home)
{
    Dl_info info;
    if (!dladdr((void *)cairn_lua_home, &info) || !info.dli_fname)
        return false;
    const char *file = info.dli_fname;
    const char *slash = strrchr(file, '/');
    if (!slash)
        return false;
    char guess[PATH_MAX];
    int n = CAIRN_HOME_FROM_LIBDIR[0] == '/'
                ? snprintf(guess, sizeof guess, "%s", CAIRN_HOME_FROM_LIBDIR)
                : snprintf(guess, sizeof guess, "%.*s/%s", (int)(slash - file), file,
                           CAIRN_HOME_FROM_LIBDIR);
    if (n < 0 || (size_t)n >= sizeof guess || !realpath(guess, home))
        return false;
    char scripts[PATH_MAX + sizeof "/scripts"];
    snprintf(scripts, sizeof scripts, "%s/scripts", home);
    struct stat s;
    return !stat(scripts, &s) && S_ISDIR(s.st_mode);
}

size_t cairn_lua_home(char *buf, size_t size)
{
    char home[PATH_MAX];
    int n = snprintf(buf, size, "%s", installed_home(home) ? home : CAIRN_SOURCE_DIR);
    return n < 0 ? 0 : (size_t)n;
}
