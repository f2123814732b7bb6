/*
 * error.c - error code names, the world's last message, and a cairn_error filled.
 */
#include <stdarg.h>
#include <stdio.h>

#include "world.h"

const char *cairn_err_name(cairn_err code)
{
    /* Indexed by cairn_err: keep in step with the enum in cairn/core.h. */
    static const char *const names[CAIRN_ERR_COUNT] = {
        [CAIRN_OK] = "ok",
        [CAIRN_ERR_NOMEM] = "out of memory",
        [CAIRN_ERR_INVALID] = "invalid argument",
        [CAIRN_ERR_STALE] = "stale entity",
        [CAIRN_ERR_BOUNDS] = "out of bounds",
        [CAIRN_ERR_OCCUPIED] = "cell occupied",
        [CAIRN_ERR_NOT_FOUND] = "not found",
        [CAIRN_ERR_EXISTS] = "already exists",
        [CAIRN_ERR_LIMIT] = "limit reached",
        [CAIRN_ERR_STATE] = "not allowed now",
        [CAIRN_ERR_HANDLER] = "handler failed",
    };
    if ((unsigned)code >= CAIRN_ERR_COUNT)
        return "unknown error code";
    return names[code];
}

cairn_err cairn_world_fail(cairn_world *w, cairn_err code, const char *fmt, ...)
{
    if (!w)
        return code;
    va_list ap;
    va_start(ap, fmt);
    w->error.code = code;
    vsnprintf(w->error.message, sizeof w->error.message, fmt, ap);
    va_end(ap);
    return code;
}

cairn_err cairn_error_set(cairn_error *err, cairn_err code, const char *fmt, ...)
{
    if (!err)
        return code;
    va_list ap;
    va_start(ap, fmt);
    err->code = code;
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return code;
}

const char *cairn_world_error(const cairn_world *w)
{
    return w ? w->error.message : "no world";
}

cairn_err cairn_world_error_code(const cairn_world *w)
{
    return w ? w->error.code : CAIRN_ERR_INVALID;
}
