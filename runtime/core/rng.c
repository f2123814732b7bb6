/*
 * rng.c - PCG32 (XSH RR), the world's only source of randomness.
 *
 * Chosen because its whole state is two integers that serialise to 16 bytes, it needs no
 * tables, and it gives the same numbers on every platform and compiler.
 */
#include <stdio.h>

#include "world.h"

#define PCG_MULT UINT64_C(6364136223846793005)

static void step(cairn_rng *rng)
{
    rng->state = rng->state * PCG_MULT + rng->inc;
}

void cairn_rng_seed(cairn_rng *rng, uint64_t seed, uint64_t stream)
{
    rng->state = 0;
    rng->inc = (stream << 1) | 1u;
    step(rng);
    rng->state += seed;
    step(rng);
}

uint32_t cairn_rng_next(cairn_rng *rng)
{
    uint64_t old = rng->state;
    step(rng);
    uint32_t xorshifted = (uint32_t)(((old >> 18) ^ old) >> 27);
    uint32_t rot = (uint32_t)(old >> 59);
    return (xorshifted >> rot) | (xorshifted << ((32 - rot) & 31));
}

uint32_t cairn_rng_below(cairn_rng *rng, uint32_t bound)
{
    if (bound == 0)
        return 0;
    /* Reject the low values that would make some results more likely than others. */
    uint32_t threshold = (uint32_t)(-bound) % bound;
    for (;;) {
        uint32_t r = cairn_rng_next(rng);
        if (r >= threshold)
            return r % bound;
    }
}

int32_t cairn_rng_range(cairn_rng *rng, int32_t lo, int32_t hi)
{
    if (lo >= hi)
        return lo;
    uint64_t span = (uint64_t)((int64_t)hi - lo) + 1;
    uint32_t offset =
        span > UINT32_MAX ? cairn_rng_next(rng) : cairn_rng_below(rng, (uint32_t)span);
    return (int32_t)((int64_t)lo + offset);
}

static void put_u64(uint8_t *out, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        out[i] = (uint8_t)(v >> (8 * i));
}

static uint64_t get_u64(const uint8_t *in)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v |= (uint64_t)in[i] << (8 * i);
    return v;
}

void cairn_rng_save(const cairn_rng *rng, uint8_t out[CAIRN_RNG_STATE_SIZE])
{
    put_u64(out, rng->state);
    put_u64(out + 8, rng->inc);
}

static cairn_err load_error(cairn_error *err, const char *message)
{
    if (err) {
        err->code = CAIRN_ERR_INVALID;
        snprintf(err->message, sizeof err->message, "%s", message);
    }
    return CAIRN_ERR_INVALID;
}

cairn_err cairn_rng_load(cairn_rng *rng, const uint8_t *in, size_t len, cairn_error *err)
{
    if (!rng || !in)
        return load_error(err, "rng state: NULL argument");
    if (len != CAIRN_RNG_STATE_SIZE)
        return load_error(err, "rng state: expected 16 bytes");
    uint64_t inc = get_u64(in + 8);
    if (!(inc & 1u))
        return load_error(err, "rng state: the increment must be odd; not a saved state");
    rng->state = get_u64(in);
    rng->inc = inc;
    return CAIRN_OK;
}
