/*
 * mechanics.c - the built-in mechanics as the kernel sees them: what they do at the kernel's
 * moments (a world made and freed), registered in the world's table, and cairn_world_create,
 * which makes a world with them.
 * The kernel's files call none of the mechanics by name; this file is where they meet.
 */
#include "world.h"

static void destroy(cairn_world *w)
{
    cairn__sequences_free(w);
    cairn__order_free(w);
    cairn__history_free(w);
}

static const cairn_mechanics builtin = {
    .install = cairn__builtin_init,
    .destroy = destroy,
};

cairn_err cairn_world_create(const cairn_world_config *config, cairn_world **out, cairn_error *err)
{
    return cairn__world_new(config, &builtin, out, err);
}
