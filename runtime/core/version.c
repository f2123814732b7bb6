/*
 * version.c - the runtime's version, set by the build from the project's version, and the
 * hash that names versions of content (packs, saves).
 */
#include "cairn/core.h"

#ifndef CAIRN_VERSION
#error "the build defines CAIRN_VERSION"
#endif

const char *cairn_version(void)
{
    return CAIRN_VERSION;
}

uint64_t cairn_hash(uint64_t sum, const void *bytes, size_t size)
{
    const unsigned char *b = bytes;
    for (size_t i = 0; i < size; i++) {
        sum ^= b[i];
        sum *= UINT64_C(0x100000001b3);
    }
    return sum;
}
