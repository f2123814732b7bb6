/*
 * play.c - `cairn play`: the game in a terminal, through ncurses. It resumes the save (or
 * starts the base game's dungeon), turns each key into the player's action for one beat, and
 * after each draws what cairn_session_view says: the status line, the map with the enemies'
 * intents, a side panel of keys and the message log. Q saves and quits; a game that ends shows
 * its summary and, when left, takes its save with it.
 *
 * The front end knows nothing of the game: glyphs, colours and marks come from the view
 * (scripts/view.lua) and every rule from the session, so a mod's game draws the same way.
 * Everything the front end holds is in one struct, `play`, passed around.
 */
#include <limits.h>
#include <locale.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>
#include <wchar.h>

#include <curses.h>

#include "cairn/lua.h"
#include "cairn/save.h"
#include "common.h"
#include "play.h"

/* What the handling of a key returns when the game goes on; else an exit status. */
enum { GO_ON = -1 };

#define PATH_SIZE    4096
#define NOTICE_SIZE  (CAIRN_ERROR_MESSAGE_SIZE + 64)
#define CTRL_L       ('L' & 0x1f)
#define PANEL_GAP    2 /* columns between the map and the side panel */
#define LEGEND       "? help  u undo  Q save & quit"
#define LEGEND_WIDTH ((int)sizeof LEGEND - 1) /* the side panel needs room for LEGEND */
/* getch keeps failing only when the terminal is gone: then the game is saved and left. */
#define KEY_ERRORS_MAX 8

/* Colour pairs: one per foreground (the default, then 16 colours) and background (the
 * default; yellow for 'm', red for 'a'). */
#define FOREGROUNDS 17
enum { BG_DEFAULT, BG_MOVE, BG_STRIKE, BACKGROUNDS };
#define PAIRS_NEEDED (1 + BACKGROUNDS * FOREGROUNDS)

typedef struct play_options {
    uint64_t seed;
    bool seeded;
    bool fresh; /* --new */
    const char *save;
    const char *record;
    const char *packs[APP_PACKS_MAX];
    int pack_count;
} play_options;

typedef struct play {
    play_options opt;
    cairn_lua *h;
    char save_path[PATH_SIZE];
    /* The save file holds this game (it was resumed or written here): only then does the
     * game's end remove it. With --new, an older game's save stays until it is replaced. */
    bool save_is_ours;
    cairn_view view;
    bool stale;               /* the game changed since the view was taken */
    const char *summary;      /* the summary, once the game has ended */
    SCREEN *screen;           /* NULL when curses is not running */
    bool colors;              /* the colour pairs are set up */
    int palette;              /* 16, or 8 with A_BOLD for the bright ones */
    bool dim;                 /* the terminal can dim */
    size_t scroll;            /* log lines hidden below the newest, while scrolled back */
    int key_errors;           /* getch's failures in a row */
    char notice[NOTICE_SIZE]; /* shown under the log until the next key */
} play;

/* Where the parts of the screen go, for the terminal's size and the view's. */
typedef struct layout {
    bool fits;
    int need_cols, need_lines;
    int panel_col, panel_cols; /* panel_cols 0: no side panel, the legend has a row instead */
    int legend_row;            /* -1 when the panel has the legend */
    int log_row, log_rows;
} layout;

/* A line of the help screen or the side panel; mark, when not 0, is drawn first as a sample
 * of what the map shows for it. */
typedef struct help_line {
    char mark;
    const char *text;
} help_line;

static const help_line help_lines[] = {
    {0, "cairn - how to play"},
    {0, ""},
    {0, "Move, or bump to attack or dig:"},
    {0, "  y k U     7 8 9     or the arrow keys"},
    {0, "   \\|/       \\|/"},
    {0, "  h-.-l     4-5-6     . or 5  wait a beat"},
    {0, "   /|\\       /|\\"},
    {0, "  b j n     1 2 3"},
    {0, "u is undo, so north-east is U or 9."},
    {0, ""},
    {0, "u          undo the last beat"},
    {0, "PgUp PgDn  scroll the message log (or < >)"},
    {0, "?          this help"},
    {0, "Q          save and quit (play resumes it)"},
    {0, ""},
    {0, "On the map:"},
    {'r', "remembered from before, not seen now"},
    {'m', "an enemy moves here next beat"},
    {'a', "an enemy strikes here next beat"},
    {0, ""},
    {0, "Press any key to go back to the game."},
};

static const help_line panel_lines[] = {
    {0, LEGEND},
    {0, "PgUp PgDn  scroll the log"},
    {0, ""},
    {0, "y k U   7 8 9"},
    {0, " \\|/     \\|/    move; bump to"},
    {0, "h . l   4 5 6   attack or dig"},
    {0, " /|\\     /|\\    . or 5: wait"},
    {0, "b j n   1 2 3"},
    {0, "(u is undo: north-east is U)"},
    {0, ""},
    {'m', "an enemy will move here"},
    {'a', "an enemy will strike here"},
    {'r', "remembered, not seen now"},
};

#define LINES_OF(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* --- options, host and game ------------------------------------------------------------- */

static int usage(const char *why)
{
    if (why)
        fprintf(stderr, "cairn play: %s\n", why);
    fprintf(stderr, "usage: cairn play [--seed N] [--pack DIR ...] [--save FILE] [--new] "
                    "[--record FILE]\n");
    return EXIT_USAGE;
}

/* Returns 0 or the exit status of a usage error. */
static int parse(int argc, char **argv, play_options *o)
{
    *o = (play_options){0};
    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i];
        if (!strcmp(opt, "--new")) {
            o->fresh = true;
            continue;
        }
        if (strcmp(opt, "--seed") && strcmp(opt, "--pack") && strcmp(opt, "--save") &&
            strcmp(opt, "--record"))
            return usage(NULL);
        if (i + 1 == argc)
            return usage("an option needs a value");
        const char *val = argv[++i];
        if (!strcmp(opt, "--seed")) {
            if (!app_parse_count(val, &o->seed))
                return usage("--seed takes a whole number");
            o->seeded = true;
        } else if (!strcmp(opt, "--pack")) {
            if (o->pack_count == APP_PACKS_MAX)
                return usage("at most 16 packs");
            o->packs[o->pack_count++] = val;
        } else if (!strcmp(opt, "--save")) {
            o->save = val;
        } else {
            o->record = val;
        }
    }
    return 0;
}

/* Ends curses, if it runs, leaving the terminal as it was. Safe to call twice. */
static void close_screen(play *p)
{
    if (!p->screen)
        return;
    endwin();
    delscreen(p->screen);
    p->screen = NULL;
}

/* Says what went wrong on stderr, after the screen is given back; returns EXIT_FAILED. */
__attribute__((format(printf, 2, 3))) static int complain(play *p, const char *fmt, ...)
{
    close_screen(p);
    va_list ap;
    va_start(ap, fmt);
    fputs("cairn play: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return EXIT_FAILED;
}

static int open_host(play *p)
{
    p->h = app_host("play", p->opt.packs, p->opt.pack_count);
    return p->h ? EXIT_OK : EXIT_FAILED;
}

/* A seed for a game the player did not seed, from the system's randomness (or the clock): it
 * is off the simulation's path. Kept short enough to read off the status line and type again. */
static uint64_t random_seed(void)
{
    uint32_t r;
    if (getrandom(&r, sizeof r, 0) != (ssize_t)sizeof r)
        r = (uint32_t)time(NULL);
    return r % 1000000000u;
}

/* Resumes the save, or starts a new game when there is none or --new says so. A save that is
 * refused is left as it is: the player decides whether to replace it. */
static int open_game(play *p)
{
    cairn_error err;
    if (p->opt.save) {
        if (snprintf(p->save_path, sizeof p->save_path, "%s", p->opt.save) >= PATH_SIZE)
            return complain(p, "the save's path is too long");
    } else if (cairn_save_default_path(p->save_path, sizeof p->save_path, &err)) {
        return complain(p, "%s", err.message);
    }
    if (!p->opt.fresh && cairn_save_exists(p->save_path)) {
        cairn_err st = cairn_save_read(p->h, p->save_path, &err);
        if (st == CAIRN_OK) {
            p->save_is_ours = true;
            return EXIT_OK;
        }
        if (st != CAIRN_ERR_NOT_FOUND) {
            complain(p, "%s", err.message);
            fprintf(stderr,
                    "cairn play: --new starts a new game instead, which Q saves over %s; "
                    "--save FILE keeps it elsewhere\n",
                    p->save_path);
            return EXIT_FAILED;
        }
    }
    uint64_t seed = p->opt.seeded ? p->opt.seed : random_seed();
    if (cairn_session_start(p->h, "dungeon", seed))
        return complain(p, "the game does not start: %s", cairn_lua_error(p->h));
    return EXIT_OK;
}

/* --- the screen ---------------------------------------------------------------------------- */

static void open_colors(play *p)
{
    if (!has_colors() || start_color() == ERR || COLOR_PAIRS < PAIRS_NEEDED)
        return;
    p->palette = COLORS >= 16 ? 16 : 8;
    /* Without the terminal's own default colours, "default" is white on black. */
    bool own = use_default_colors() == OK;
    static const short backgrounds[BACKGROUNDS] = {-1, COLOR_YELLOW, COLOR_RED};
    for (int b = 0; b < BACKGROUNDS; b++)
        for (int f = -1; f < p->palette; f++) {
            short fg = (short)(f < 0 && !own ? COLOR_WHITE : f);
            short bg = backgrounds[b] < 0 && !own ? COLOR_BLACK : backgrounds[b];
            init_pair((short)(1 + b * FOREGROUNDS + f + 1), fg, bg);
        }
    p->colors = true;
}

static int open_screen(play *p)
{
    p->screen = newterm(NULL, stdout, stdin);
    if (!p->screen)
        return complain(p, "cannot drive this terminal (TERM=%s)",
                        getenv("TERM") ? getenv("TERM") : "");
    /* A terminal that goes away (a window closed, a connection lost) leaves getch failing
     * rather than the game killed: read_key sees it and the game is saved. */
    signal(SIGHUP, SIG_IGN);
    cbreak();
    noecho();
    keypad(stdscr, TRUE);
    curs_set(0);
    open_colors(p);
    p->dim = (termattrs() & A_DIM) != 0;
    return EXIT_OK;
}

/* The attributes of a cell of the map: its colour ('0'-'f', '.' the default) and its mark. */
static attr_t cell_attr(const play *p, char color, char mark)
{
    attr_t a = A_NORMAL;
    if (!p->colors) {
        if (mark == 'm')
            a |= A_REVERSE;
        else if (mark == 'a')
            a |= A_REVERSE | A_BOLD;
        else if (mark == 'r')
            a |= A_DIM;
        return a;
    }
    int fg = -1, bg = BG_DEFAULT;
    if (color >= '0' && color <= '9')
        fg = color - '0';
    else if (color >= 'a' && color <= 'f')
        fg = color - 'a' + 10;
    if (fg >= 8 && p->palette < 16) {
        fg -= 8;
        a |= A_BOLD;
    }
    if (mark == 'r') {
        if (p->dim)
            a |= A_DIM;
        else {
            fg = COLOR_BLUE;
            a &= ~(attr_t)A_BOLD;
        }
    } else if (mark == 'm' || mark == 'a') {
        bg = mark == 'm' ? BG_MOVE : BG_STRIKE;
        /* A glyph the colour of the background would vanish. */
        if (fg >= 0 && fg % 8 == (mark == 'm' ? COLOR_YELLOW : COLOR_RED))
            fg = COLOR_BLACK;
    }
    return a | (attr_t)COLOR_PAIR(1 + bg * FOREGROUNDS + fg + 1);
}

/* The character at s (at most len bytes): how many bytes it takes (0 at the end) and, in
 * *drawable, whether it fills exactly one column as it is. Anything else - bytes that are not
 * a character in this locale, controls, wide characters - is drawn as '?', so that the map's
 * columns stay straight and every character counts one column. */
static size_t char_at(const char *s, size_t len, bool *drawable)
{
    size_t avail = 0;
    while (avail < len && avail < MB_LEN_MAX && s[avail])
        avail++;
    *drawable = false;
    if (!avail)
        return 0;
    mbstate_t state;
    memset(&state, 0, sizeof state);
    wchar_t wc;
    size_t n = mbrtowc(&wc, s, avail, &state);
    if (n == 0 || n == (size_t)-1 || n == (size_t)-2)
        return 1;
    *drawable = wcwidth(wc) == 1;
    return n;
}

/* Draws at most cols characters of s (at most len bytes) from the cursor; returns the bytes
 * drawn. */
static size_t put_text(const char *s, size_t len, int cols)
{
    size_t at = 0;
    for (int c = 0; c < cols; c++) {
        bool drawable;
        size_t n = char_at(s + at, len - at, &drawable);
        if (!n)
            break;
        if (drawable)
            addnstr(s + at, (int)n);
        else
            addch('?');
        at += n;
    }
    return at;
}

static void put_line(int row, int col, const char *s, int cols, attr_t attr)
{
    if (cols <= 0)
        return;
    attrset(attr);
    move(row, col);
    put_text(s, strlen(s), cols);
    attrset(A_NORMAL);
}

static layout measure(const play *p)
{
    layout l = {0};
    int w = p->view.width, h = p->view.height;
    l.need_cols = w > LEGEND_WIDTH ? w : LEGEND_WIDTH;
    /* The status, the map, a line of the log and one for the legend. */
    l.need_lines = h + 3;
    l.fits = COLS >= l.need_cols && LINES >= l.need_lines;
    bool panel = COLS >= w + PANEL_GAP + LEGEND_WIDTH;
    l.panel_col = panel ? w + PANEL_GAP : 0;
    l.panel_cols = panel ? COLS - l.panel_col : 0;
    l.legend_row = panel ? -1 : LINES - 1;
    l.log_row = 1 + h;
    l.log_rows = LINES - l.log_row - (panel ? 0 : 1);
    return l;
}

static void draw_too_small(const layout *l)
{
    char text[96];
    snprintf(text, sizeof text, "make the terminal at least %dx%d (it is %dx%d)", l->need_cols,
             l->need_lines, COLS, LINES);
    put_line(0, 0, text, COLS, A_BOLD);
    if (LINES > 1)
        put_line(1, 0, "Q saves and quits", COLS, A_NORMAL);
}

static void draw_map(const play *p)
{
    const cairn_view *v = &p->view;
    for (int y = 0; y < v->height; y++) {
        const char *g = v->glyphs[y], *c = v->colors[y], *m = v->marks[y];
        size_t glen = strlen(g), at = 0, clen = strlen(c), mlen = strlen(m);
        move(1 + y, 0);
        for (int x = 0; x < v->width; x++) {
            attrset(cell_attr(p, (size_t)x < clen ? c[x] : '.', (size_t)x < mlen ? m[x] : ' '));
            size_t n = put_text(g + at, glen - at, 1);
            if (!n)
                break;
            at += n;
        }
    }
    attrset(A_NORMAL);
}

/* A line of help: its mark's sample (a remembered wall, a cell of an intent) and its text. */
static void draw_help_line(const play *p, int row, int col, int cols, const help_line *line)
{
    if (!line->mark) {
        put_line(row, col, line->text, cols, A_NORMAL);
        return;
    }
    put_line(row, col, line->mark == 'r' ? "#" : " ", 1, cell_attr(p, '7', line->mark));
    put_line(row, col + 3, line->text, cols - 3, A_NORMAL);
}

static void draw_panel(const play *p, const layout *l)
{
    if (!l->panel_cols) {
        put_line(l->legend_row, 0, LEGEND, COLS, A_NORMAL);
        return;
    }
    for (int i = 0; i < LINES_OF(panel_lines) && i < p->view.height; i++)
        draw_help_line(p, 1 + i, l->panel_col, l->panel_cols, &panel_lines[i]);
}

/* The first line of s in cols columns: its bytes, broken after the last space that fits when
 * the whole does not; *next is where the next line starts. */
static size_t wrap(const char *s, int cols, const char **next)
{
    size_t at = 0, space = 0;
    bool drawable;
    if (cols < 1)
        cols = 1; /* every line takes a character, or the log would never end */
    for (int c = 0; c < cols && s[at]; c++) {
        if (s[at] == ' ')
            space = at;
        at += char_at(s + at, MB_LEN_MAX, &drawable);
    }
    if (!s[at] || s[at] == ' ' || !space) {
        *next = s + at + (s[at] == ' ');
        return at;
    }
    *next = s + space + 1;
    return space;
}

static size_t count_lines(const char *s, int cols)
{
    size_t n = 0;
    do {
        wrap(s, cols, &s);
        n++;
    } while (*s);
    return n;
}

/* The newest messages that fit, wrapped; the last beat's in bold. While scrolled back, the
 * bottom row says how much is below. */
static void draw_log(play *p, const layout *l)
{
    const cairn_view *v = &p->view;
    int rows = l->log_rows;
    if (p->notice[0]) {
        rows--;
        put_line(l->log_row + rows, 0, p->notice, COLS, A_REVERSE);
    }
    size_t total = 0;
    for (size_t i = 0; i < v->message_count; i++)
        total += count_lines(v->messages[i], COLS);
    if (p->scroll && rows > 1)
        rows--;
    size_t shown = rows > 0 ? (size_t)rows : 0;
    size_t most = total > shown ? total - shown : 0;
    if (p->scroll > most)
        p->scroll = most;
    size_t first = total > shown + p->scroll ? total - shown - p->scroll : 0, line = 0;
    for (size_t i = 0; i < v->message_count; i++) {
        attr_t attr = i + v->fresh >= v->message_count ? A_BOLD : A_NORMAL;
        const char *s = v->messages[i];
        do {
            const char *next;
            size_t bytes = wrap(s, COLS, &next);
            if (line >= first && line < first + shown) {
                attrset(attr);
                move(l->log_row + (int)(line - first), 0);
                put_text(s, bytes, COLS);
            }
            line++;
            s = next;
        } while (*s);
    }
    attrset(A_NORMAL);
    if (p->scroll) {
        char more[80];
        snprintf(more, sizeof more, "-- %zu newer line%s below: PgDn --", p->scroll,
                 p->scroll == 1 ? "" : "s");
        put_line(l->log_row + rows, 0, more, COLS, A_REVERSE);
    }
}

/* How the game ended and its summary, in a box over the map. */
static void draw_ending(const play *p)
{
    const char *ended = p->view.ended, *keys = "u undo the last beat, q quit";
    const char *title = !strcmp(ended, "died")   ? "You died."
                        : !strcmp(ended, "won")  ? "You won!"
                        : !strcmp(ended, "lost") ? "The game is lost."
                                                 : ended;
    int width = (int)strlen(keys), count = 0;
    for (const char *s = p->summary; *s; count++) {
        const char *end = strchr(s, '\n');
        int len = (int)(end ? end - s : (ptrdiff_t)strlen(s));
        width = len > width ? len : width;
        s = end ? end + 1 : s + len;
    }
    int bw = width + 4, bh = count + 6;
    int top = 1 + (p->view.height - bh) / 2, left = (p->view.width - bw) / 2;
    top = top < 0 ? 0 : top;
    left = left < 0 ? 0 : left;
    for (int y = top; y < top + bh; y++)
        mvhline(y, left, ' ', bw);
    mvhline(top, left, ACS_HLINE, bw);
    mvhline(top + bh - 1, left, ACS_HLINE, bw);
    mvvline(top, left, ACS_VLINE, bh);
    mvvline(top, left + bw - 1, ACS_VLINE, bh);
    mvaddch(top, left, ACS_ULCORNER);
    mvaddch(top, left + bw - 1, ACS_URCORNER);
    mvaddch(top + bh - 1, left, ACS_LLCORNER);
    mvaddch(top + bh - 1, left + bw - 1, ACS_LRCORNER);
    put_line(top + 1, left + 2, title, width, A_BOLD);
    const char *s = p->summary;
    for (int i = 0; i < count; i++) {
        const char *end = strchr(s, '\n');
        size_t len = end ? (size_t)(end - s) : strlen(s);
        move(top + 3 + i, left + 2);
        put_text(s, len, width);
        s += len + (end != NULL);
    }
    put_line(top + bh - 2, left + 2, keys, width, A_NORMAL);
}

static void draw(play *p)
{
    erase();
    layout l = measure(p);
    if (!l.fits) {
        draw_too_small(&l);
    } else {
        put_line(0, 0, p->view.status ? p->view.status : "", COLS, A_BOLD);
        draw_map(p);
        draw_panel(p, &l);
        draw_log(p, &l);
        if (p->view.ended)
            draw_ending(p);
    }
    refresh();
}

static void draw_help(const play *p)
{
    erase();
    for (int i = 0; i < LINES_OF(help_lines) && i < LINES; i++)
        draw_help_line(p, i, 1, COLS - 1, &help_lines[i]);
    refresh();
}

/* --- keys ------------------------------------------------------------------------------------ */

/* The next key; KEY_RESIZE after the terminal changed size. EOF when getch keeps failing,
 * which it does once the terminal is gone. */
static int read_key(play *p)
{
    int ch = getch();
    if (ch != ERR) {
        p->key_errors = 0;
        return ch;
    }
    return ++p->key_errors >= KEY_ERRORS_MAX ? EOF : KEY_RESIZE;
}

__attribute__((format(printf, 2, 3))) static void set_notice(play *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->notice, sizeof p->notice, fmt, ap);
    va_end(ap);
    /* Where the notice shows, at the bottom of the log. */
    p->scroll = 0;
}

/* The keys that move, and where. u is undo, so north-east is U (or 9). The numeric keypad
 * sends digits with Num Lock on and KEY_A1 ... KEY_C3 or Home and End without; its PgUp and
 * PgDn scroll the log. */
static const struct move_key {
    int key;
    const char *dir;
} move_keys[] = {
    /* clang-format off */
    {'k', "n"},  {'8', "n"},  {KEY_UP, "n"},
    {'U', "ne"}, {'9', "ne"}, {KEY_A3, "ne"},
    {'l', "e"},  {'6', "e"},  {KEY_RIGHT, "e"},
    {'n', "se"}, {'3', "se"}, {KEY_C3, "se"},
    {'j', "s"},  {'2', "s"},  {KEY_DOWN, "s"},
    {'b', "sw"}, {'1', "sw"}, {KEY_C1, "sw"}, {KEY_END, "sw"},
    {'h', "w"},  {'4', "w"},  {KEY_LEFT, "w"},
    {'y', "nw"}, {'7', "nw"}, {KEY_A1, "nw"}, {KEY_HOME, "nw"},
    /* clang-format on */
};

/* The direction a key moves in, or NULL. */
static const char *direction_of(int ch)
{
    for (size_t i = 0; i < sizeof move_keys / sizeof move_keys[0]; i++)
        if (move_keys[i].key == ch)
            return move_keys[i].dir;
    return NULL;
}

/* The player's action (dir NULL: none) for one beat, and the beat. */
static int act(play *p, const char *action, const char *dir)
{
    if (cairn_session_input(p->h, action, dir) || cairn_session_step(p->h, NULL))
        return complain(p, "%s", cairn_lua_error(p->h));
    p->stale = true;
    p->scroll = 0;
    return GO_ON;
}

static int undo(play *p)
{
    cairn_err st = cairn_session_undo(p->h);
    if (st == CAIRN_ERR_STATE) {
        const char *why = cairn_lua_error(p->h);
        set_notice(p, "%c%s", why[0] >= 'a' && why[0] <= 'z' ? why[0] - 'a' + 'A' : why[0],
                   why[0] ? why + 1 : "");
        return GO_ON;
    }
    if (st)
        return complain(p, "undo: %s", cairn_lua_error(p->h));
    p->stale = true;
    p->scroll = 0;
    return GO_ON;
}

static int show_help(play *p)
{
    int ch;
    do {
        draw_help(p);
        ch = read_key(p);
    } while (ch == KEY_RESIZE);
    return GO_ON;
}

static void scroll_log(play *p, int pages)
{
    layout l = measure(p);
    size_t page = l.log_rows > 2 ? (size_t)l.log_rows - 2 : 1;
    if (pages > 0)
        p->scroll += page; /* draw_log keeps it within the log */
    else
        p->scroll = p->scroll > page ? p->scroll - page : 0;
}

/* --record: the game so far as a replay, written once the screen is given back (so that a
 * failure to write it can be read). */
static int write_record(play *p)
{
    const char *text = NULL;
    if (p->opt.record && cairn_session_record(p->h, &text))
        return complain(p, "no replay: %s", cairn_lua_error(p->h));
    close_screen(p);
    return !text || app_write_file("play", p->opt.record, text) ? EXIT_OK : EXIT_FAILED;
}

/* Q: a save that fails keeps the player in the game, with why. */
static int save_and_quit(play *p)
{
    cairn_error err;
    if (cairn_save_write(p->h, p->save_path, &err)) {
        set_notice(p, "Not saved: %s", err.message);
        return GO_ON;
    }
    p->save_is_ours = true;
    int st = write_record(p);
    if (!st)
        printf("saved to %s\n", p->save_path);
    return st;
}

/* q on the ending screen: a game that is over leaves no save to resume. */
static int leave_ended_game(play *p)
{
    cairn_error err;
    if (p->save_is_ours && cairn_save_remove(p->save_path, &err))
        return complain(p, "%s", err.message);
    return write_record(p);
}

/* The terminal is gone: the game is saved for the next time, or lost with a word why. */
static int hang_up(play *p)
{
    cairn_error err;
    if (cairn_save_write(p->h, p->save_path, &err))
        return complain(p, "the terminal is gone, and the game could not be saved: %s",
                        err.message);
    close_screen(p);
    return EXIT_OK;
}

static int on_key(play *p, int ch)
{
    if (ch == KEY_RESIZE || ch == CTRL_L)
        return GO_ON;
    if (ch == EOF)
        return hang_up(p);
    p->notice[0] = '\0';
    switch (ch) {
    case 'Q':
        return save_and_quit(p);
    case '?':
        return show_help(p);
    case 'q':
        set_notice(p, "Q (shift-q) saves and quits");
        return GO_ON;
    case KEY_PPAGE:
    case '<':
        scroll_log(p, 1);
        return GO_ON;
    case KEY_NPAGE:
    case '>':
        scroll_log(p, -1);
        return GO_ON;
    default:
        break;
    }
    /* Keys that change the game wait until the player can see it. */
    if (!measure(p).fits)
        return GO_ON;
    const char *dir = direction_of(ch);
    if (dir)
        return act(p, "attack_dig_move", dir);
    if (ch == '.' || ch == '5' || ch == KEY_B2)
        return act(p, "none", NULL);
    if (ch == 'u')
        return undo(p);
    return GO_ON;
}

static int on_ending_key(play *p, int ch)
{
    if (ch == 'u')
        return undo(p);
    if (ch == 'q' || ch == 'Q' || ch == EOF)
        return leave_ended_game(p);
    return GO_ON;
}

/* Takes the view again after the game changed, and the summary when it has ended. */
static int look(play *p)
{
    if (cairn_session_view(p->h, &p->view))
        return complain(p, "%s", cairn_lua_error(p->h));
    p->stale = false;
    p->summary = NULL;
    if (p->view.ended && cairn_session_summary(p->h, NULL, &p->summary))
        return complain(p, "%s", cairn_lua_error(p->h));
    return GO_ON;
}

static int run(play *p)
{
    p->stale = true;
    for (;;) {
        if (p->stale && look(p) != GO_ON)
            return EXIT_FAILED;
        draw(p);
        int ch = read_key(p);
        int st = p->view.ended ? on_ending_key(p, ch) : on_key(p, ch);
        if (st != GO_ON)
            return st;
    }
}

/* After the replay's last beat: its end checked, and the verdict in the notice. */
static int watch_end(play *p, uint64_t played, bool partial)
{
    const char *incomplete;
    if (cairn_session_replay_finish(p->h, &incomplete)) {
        set_notice(p, "%s", cairn_lua_error(p->h));
        return EXIT_FAILED;
    }
    if (!incomplete) {
        set_notice(p, "verified: %llu beats (q leaves)", (unsigned long long)played);
        return EXIT_OK;
    }
    if (partial) {
        set_notice(p, "verified: %llu beats (partial: %s) (q leaves)", (unsigned long long)played,
                   incomplete);
        return EXIT_OK;
    }
    set_notice(p, "incomplete: %s (q leaves)", incomplete);
    return EXIT_FAILED;
}

/* A replay's beats, one a key; q leaves. A beat that differs from the recording stops it. */
static int watch(play *p, uint64_t beats, bool partial)
{
    uint64_t played = 0;
    bool stopped = false;
    int st = EXIT_OK;
    set_notice(p, "A replay of %llu beats: any key plays the next, q leaves",
               (unsigned long long)beats);
    if (beats == 0) {
        st = watch_end(p, 0, partial);
        stopped = true;
    }
    p->stale = true;
    for (;;) {
        if (p->stale && look(p) != GO_ON)
            return EXIT_FAILED;
        draw(p);
        int ch = read_key(p);
        if (ch == 'q' || ch == 'Q' || ch == EOF)
            return st;
        if (ch == KEY_RESIZE || ch == CTRL_L || stopped)
            continue;
        bool done = false;
        p->notice[0] = '\0';
        if (cairn_session_replay_step(p->h, &done)) {
            set_notice(p, "%s", cairn_lua_error(p->h));
            stopped = true;
            st = EXIT_FAILED;
            continue;
        }
        played++;
        p->stale = true;
        p->scroll = 0;
        if (done) {
            stopped = true;
            st = watch_end(p, played, partial);
        }
    }
}

int cairn_play_watch(cairn_lua *h, uint64_t beats, bool partial)
{
    play p = {.h = h};
    int st = EXIT_OK;
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
        st = complain(&p, "a replay plays in a terminal (--verify checks it headless)");
    setlocale(LC_CTYPE, "");
    if (!st)
        st = open_screen(&p);
    if (!st)
        st = watch(&p, beats, partial);
    close_screen(&p);
    cairn_lua_destroy(h);
    return st;
}

int cairn_play(int argc, char **argv)
{
    play p = {0};
    int st = parse(argc, argv, &p.opt);
    if (st)
        return st;
    /* Keys read from a pipe would play the game blind, and then save it. */
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
        return complain(&p, "it plays in a terminal (cairn sim plays headless)");
    /* The characters only: collation and numbers stay C's, so Lua compares and prints as it
     * does everywhere else and the game stays the same game. */
    setlocale(LC_CTYPE, "");
    st = open_host(&p);
    if (!st)
        st = open_game(&p);
    if (!st)
        st = open_screen(&p);
    if (!st)
        st = run(&p);
    close_screen(&p);
    cairn_lua_destroy(p.h);
    return st;
}
