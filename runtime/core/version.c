/*
 * version.c - the runtime's version, set by the build from the project's version.
 */
#include "cairn/core.h"

#ifndef CAIRN_VERSION
#error "the build defines CAIRN_VERSION"
#endif

const char *cairn_version(void)
{
    return CAIRN_VERSION;
}
