/*
 * keys.c - what a key does to the prompt waiting (keys.h). Nothing here calls the session or
 * draws: the caller answers, moves the cursor and tells, each in its own way.
 */
#include "keys.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* The keys that move, and where. u is undo, so north-east is U (or 9). The numeric keypad
 * sends digits with Num Lock on and its corners, Home and End without. */
static const struct move_key {
    int key;
    const char *dir;
} move_keys[] = {
    /* clang-format off */
    {'k', "n"},  {'8', "n"},  {KEYS_UP, "n"},
    {'U', "ne"}, {'9', "ne"}, {KEYS_A3, "ne"},
    {'l', "e"},  {'6', "e"},  {KEYS_RIGHT, "e"},
    {'n', "se"}, {'3', "se"}, {KEYS_C3, "se"},
    {'j', "s"},  {'2', "s"},  {KEYS_DOWN, "s"},
    {'b', "sw"}, {'1', "sw"}, {KEYS_C1, "sw"}, {KEYS_END, "sw"},
    {'h', "w"},  {'4', "w"},  {KEYS_LEFT, "w"},
    {'y', "nw"}, {'7', "nw"}, {KEYS_A1, "nw"}, {KEYS_HOME, "nw"},
    /* clang-format on */
};

const char *keys_direction(int key)
{
    for (size_t i = 0; i < sizeof move_keys / sizeof move_keys[0]; i++)
        if (move_keys[i].key == key)
            return move_keys[i].dir;
    return NULL;
}

/* The direction name of the step from (x0, y0) to (x1, y1), a neighbour; NULL when it is
 * not one. */
static const char *direction_to(int32_t x0, int32_t y0, int32_t x1, int32_t y1)
{
    static const char *const names[3][3] = {
        {"nw", "n", "ne"},
        {"w", NULL, "e"},
        {"sw", "s", "se"},
    };
    int32_t dx = x1 - x0, dy = y1 - y0;
    if (dx < -1 || dx > 1 || dy < -1 || dy > 1)
        return NULL;
    return names[dy + 1][dx + 1];
}

int keys_pick_label(size_t option)
{
    if (option < 9)
        return '1' + (int)option;
    return option < 9 + 26 ? 'a' + (int)(option - 9) : 0;
}

bool keys_pick_option(int key, size_t *option)
{
    if (key >= '1' && key <= '9')
        *option = (size_t)(key - '1');
    else if (key >= 'a' && key <= 'z')
        *option = (size_t)(key - 'a') + 9;
    else
        return false;
    return true;
}

static keys_action answer(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static keys_action answer(const char *fmt, ...)
{
    keys_action a = {.what = KEYS_DO_ANSWER};
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(a.text, sizeof a.text, fmt, ap);
    va_end(ap);
    return a;
}

static keys_action cursor_to(int32_t x, int32_t y)
{
    return (keys_action){.what = KEYS_DO_CURSOR, .x = x, .y = y};
}

keys_action keys_cursor_by(const keys_prompt *sp, const char *dir)
{
    int32_t dx = (int32_t)(strchr(dir, 'e') != NULL) - (int32_t)(strchr(dir, 'w') != NULL);
    int32_t dy = (int32_t)(strchr(dir, 's') != NULL) - (int32_t)(strchr(dir, 'n') != NULL);
    return cursor_to(sp->x + dx, sp->y + dy);
}

keys_action keys_answer_cursor(const keys_prompt *sp)
{
    if (!strcmp(sp->p.among, "direction")) {
        const char *dir = direction_to(sp->p.x, sp->p.y, sp->x, sp->y);
        if (!dir)
            return (keys_action){.what = KEYS_DO_HINT, .text = "Choose a cell next to you"};
        return answer("%s", dir);
    }
    return answer("%d,%d", (int)sp->x, (int)sp->y);
}

static keys_action on_pick_key(keys_prompt *sp, int key)
{
    size_t option, count = sp->p.option_count;
    if (key == KEYS_UP || key == KEYS_DOWN) {
        if (count)
            sp->pick = (sp->pick + (key == KEYS_UP ? count - 1 : 1)) % count;
        return (keys_action){0};
    }
    if (key == KEYS_ENTER)
        option = sp->pick;
    else if (!keys_pick_option(key, &option))
        return (keys_action){0};
    if (option >= count)
        return (keys_action){0};
    return answer("%zu", option + 1);
}

static keys_action on_number_key(keys_prompt *sp, int key)
{
    size_t len = strlen(sp->entry);
    if (key == KEYS_ENTER) {
        if (len)
            return answer("%s", sp->entry);
        keys_action hint = {.what = KEYS_DO_HINT};
        snprintf(hint.text, sizeof hint.text, "Type a number from %lld to %lld",
                 (long long)sp->p.min, (long long)sp->p.max);
        return hint;
    }
    if (key == KEYS_BACKSPACE) {
        if (len)
            sp->entry[len - 1] = '\0';
        return (keys_action){0};
    }
    bool sign = key == '-' && !len && sp->p.min < 0;
    if ((sign || (key >= '0' && key <= '9')) && len + 1 < sizeof sp->entry) {
        sp->entry[len] = (char)key;
        sp->entry[len + 1] = '\0';
    }
    return (keys_action){0};
}

static keys_action on_confirm_key(int key)
{
    if (key == 'y' || key == 'Y')
        return answer("yes");
    if (key == 'n' || key == 'N')
        return answer("no");
    return (keys_action){0};
}

/* Tab: the cursor goes to the candidate after the one it is on (the nearest when it is on
 * none); shift-Tab to the one before. */
static keys_action cycle_candidates(const keys_prompt *sp, bool back)
{
    size_t n = sp->p.cell_count, at = n;
    if (!n)
        return (keys_action){0};
    for (size_t i = 0; i < n; i++)
        if (sp->p.cells[2 * i] == sp->x && sp->p.cells[2 * i + 1] == sp->y)
            at = i;
    size_t next = at == n ? 0 : back ? (at + n - 1) % n : (at + 1) % n;
    return cursor_to(sp->p.cells[2 * next], sp->p.cells[2 * next + 1]);
}

static keys_action on_select_key(const keys_prompt *sp, int key)
{
    const char *dir = keys_direction(key);
    if (dir && !strcmp(sp->p.among, "direction"))
        return answer("%s", dir);
    if (dir)
        return keys_cursor_by(sp, dir);
    if (key == KEYS_TAB || key == KEYS_BTAB)
        return cycle_candidates(sp, key == KEYS_BTAB);
    if (key == KEYS_ENTER)
        return keys_answer_cursor(sp);
    return (keys_action){0};
}

keys_action keys_on_prompt(keys_prompt *sp, int key)
{
    switch (sp->p.kind) {
    case CAIRN_PROMPT_PICK:
        return on_pick_key(sp, key);
    case CAIRN_PROMPT_NUMBER:
        return on_number_key(sp, key);
    case CAIRN_PROMPT_CONFIRM:
        return on_confirm_key(key);
    case CAIRN_PROMPT_SELECT:
        return on_select_key(sp, key);
    default:
        return (keys_action){0};
    }
}
