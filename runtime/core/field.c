/*
 * field.c - the fields of the built-in decorators' data: one table that snapshots write and
 * read and that a host reads to show content its stats, so the two cannot disagree.
 */
#include <stddef.h>
#include <string.h>

#include "world.h"

#define FIELD(name, deco, kind, type, member)                                                      \
    {                                                                                              \
        name, deco, kind, (uint16_t)offsetof(type, member), (uint16_t)sizeof(((type *)0)->member)  \
    }
#define ACTING(name, kind, member) FIELD(name, CAIRN_DECO_ACTING, kind, cairn_acting, member)
#define ATTACKING(name, kind, member)                                                              \
    FIELD(name, CAIRN_DECO_ATTACKING, kind, cairn_attacking, member)
#define ATTACKABLE(name, kind, member)                                                             \
    FIELD(name, CAIRN_DECO_ATTACKABLE, kind, cairn_attackable, member)
#define SEQUENTIAL(name, kind, member)                                                             \
    FIELD(name, CAIRN_DECO_SEQUENTIAL, kind, cairn_sequential, member)
#define PLAYER(kind, member)                                                                       \
    FIELD(NULL, CAIRN_DECO_PLAYER_CONTROL, kind, cairn_player_control, member)

/* Grouped by decorator, in decorator order; within one, the order a snapshot writes them in:
 * changing it changes the snapshot stream, which saves depend on. Fields without a name are
 * state the core keeps, not stats. Acting's `last` and Statused are kept another way. */
static const cairn_field fields[] = {
    ACTING(NULL, CAIRN_FIELD_ACTION, next.id),
    ACTING(NULL, CAIRN_FIELD_DIR, next.dir),
    ACTING(NULL, CAIRN_FIELD_MOVS, movs),
    ACTING("algo", CAIRN_FIELD_ALGO, algo),
    ACTING("priority", CAIRN_FIELD_INT, priority),
    ACTING(NULL, CAIRN_FIELD_BOOL, did_action),
    ATTACKING("damage", CAIRN_FIELD_INT, attack.damage),
    ATTACKING("pierce", CAIRN_FIELD_INT, attack.pierce),
    ATTACKING("power", CAIRN_FIELD_INT, attack.power),
    ATTACKING("source", CAIRN_FIELD_SOURCE, attack.source),
    ATTACKING("targets", CAIRN_FIELD_TEAMS, attack.targets),
    ATTACKING("push_distance", CAIRN_FIELD_INT, push.distance),
    ATTACKING("push_power", CAIRN_FIELD_INT, push.power),
    ATTACKING("inflicts", CAIRN_FIELD_STATUS, attack.inflicts),
    ATTACKING("inflict_magnitude", CAIRN_FIELD_INT, attack.inflict_magnitude),
    ATTACKING("inflict_beats", CAIRN_FIELD_INT, attack.inflict_beats),
    ATTACKABLE("team", CAIRN_FIELD_TEAM, team),
    ATTACKABLE("armor", CAIRN_FIELD_INT, armor),
    ATTACKABLE("pierce_resistance", CAIRN_FIELD_INT, pierce_resistance),
    ATTACKABLE("resistance", CAIRN_FIELD_RESISTANCE, resistance),
    FIELD("move_distance", CAIRN_DECO_MOVING, CAIRN_FIELD_INT, cairn_moving, distance),
    FIELD("push_resistance", CAIRN_DECO_PUSHABLE, CAIRN_FIELD_INT, cairn_pushable, resistance),
    FIELD("dig_power", CAIRN_DECO_DIGGING, CAIRN_FIELD_INT, cairn_digging, power),
    FIELD("dig_resistance", CAIRN_DECO_DIGGABLE, CAIRN_FIELD_INT, cairn_diggable, resistance),
    FIELD("hp", CAIRN_DECO_WITH_HP, CAIRN_FIELD_INT, cairn_with_hp, hp),
    FIELD("max_hp", CAIRN_DECO_WITH_HP, CAIRN_FIELD_INT, cairn_with_hp, max),
    SEQUENTIAL("sequence", CAIRN_FIELD_SEQUENCE, sequence),
    SEQUENTIAL("step", CAIRN_FIELD_STEP, step),
    SEQUENTIAL(NULL, CAIRN_FIELD_COUNT, done),
    SEQUENTIAL(NULL, CAIRN_FIELD_BOOL, entered),
    PLAYER(CAIRN_FIELD_ACTION, input.id),
    PLAYER(CAIRN_FIELD_DIR, input.dir),
    PLAYER(CAIRN_FIELD_BOOL, has_input),
};

#undef FIELD
#undef ACTING
#undef ATTACKING
#undef ATTACKABLE
#undef SEQUENTIAL
#undef PLAYER

/* A snapshot writes a field as its kind's width; the table's sizes must agree with it. */
_Static_assert(sizeof(((cairn_attackable *)0)->resistance) == CAIRN_SOURCE_MAX * sizeof(int32_t),
               "a resistance field is one int32_t per source");

const cairn_field *cairn_fields(size_t *count)
{
    *count = sizeof fields / sizeof fields[0];
    return fields;
}

/* The inflict fields came with snapshot format 4: a snapshot writes them only in that format,
 * which it takes only when an attack's are not as every attack's were before (no status,
 * magnitude 1, lasting), so that such a world has the bytes (and the checksum) it had. */
static bool inflict_field(const cairn_field *f)
{
    return f->decorator == CAIRN_DECO_ATTACKING &&
           (f->offset == offsetof(cairn_attacking, attack.inflicts) ||
            f->offset == offsetof(cairn_attacking, attack.inflict_magnitude) ||
            f->offset == offsetof(cairn_attacking, attack.inflict_beats));
}

uint32_t cairn__field_format(const cairn_field *f)
{
    return inflict_field(f) ? 4 : 2;
}

void cairn__field_unread(const cairn_field *f, unsigned char *at)
{
    int32_t one = 1, zero = 0;
    cairn_status_id none = CAIRN_STATUS_NONE;
    if (f->kind == CAIRN_FIELD_STATUS)
        memcpy(at, &none, sizeof none);
    else if (f->offset == offsetof(cairn_attacking, attack.inflict_magnitude))
        memcpy(at, &one, sizeof one);
    else
        memcpy(at, &zero, f->size < sizeof zero ? f->size : sizeof zero);
}

bool cairn__attack_as_before(const cairn_attack *a)
{
    return a->inflicts == CAIRN_STATUS_NONE && a->inflict_magnitude == 1 && a->inflict_beats == 0;
}

const cairn_field *cairn__decorator_fields(cairn_decorator_id deco, size_t *count)
{
    size_t first = 0, n = sizeof fields / sizeof fields[0];
    while (first < n && fields[first].decorator != deco)
        first++;
    size_t last = first;
    while (last < n && fields[last].decorator == deco)
        last++;
    *count = last - first;
    return fields + first;
}
