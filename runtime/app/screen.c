/*
 * screen.c - see screen.h. Everything drawn is laid out anew from the terminal's size and the
 * view's at each draw, so a resized terminal needs nothing but a redraw.
 */
#define _POSIX_C_SOURCE 200809L /* poll */

#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

#include "app.h"
#include "screen.h"

#define CTRL_L       ('L' & 0x1f)
#define PANEL_GAP    2 /* columns between the map and the side panel */
#define LEGEND       "? help  u undo  Q save & quit"
#define LEGEND_WIDTH ((int)sizeof LEGEND - 1) /* the side panel needs room for LEGEND */
/* A replay's keys (replay.c): it plays, it is not played, so it neither undoes nor saves. */
#define REPLAY_LEGEND "any key: next beat  q quit"
/* getch keeps failing only when the terminal is gone: then the game is saved and left. */
#define KEY_ERRORS_MAX  8
#define NOTICE_ROWS_MAX 3
/* Milliseconds curses waits after Esc for the rest of a key's sequence: Esc cancels a prompt,
 * and the default second would make it feel ignored. */
#define ESC_DELAY_MS 50

/* Colour pairs: one per foreground (the default, then the palette's colours) and background
 * (the default; yellow for an enemy's move, red for its strike; while a target is chosen, blue
 * for the cells in range and magenta for the area it would affect, or a blow being answered
 * covers). */
enum { BG_DEFAULT, BG_MOVE, BG_STRIKE, BG_RANGE, BG_AREA, BACKGROUNDS };
static const short background_colors[BACKGROUNDS] = {-1, COLOR_YELLOW, COLOR_RED, COLOR_BLUE,
                                                     COLOR_MAGENTA};
#define PAIRS_NEEDED(palette) (1 + BACKGROUNDS * ((palette) + 1))

/* Where the parts of the screen go, for the terminal's size and the view's. */
typedef struct layout {
    bool fits;
    int need_cols, need_lines;
    int panel_col, panel_cols; /* panel_cols 0: no side panel, the legend has a row instead */
    int legend_row;            /* -1 when the panel has the legend */
    int panel_rows;            /* the map's, or more beside a map too short for the choices */
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
    {0, "  h-.-l     4-5-6     5 is the . key"},
    {0, "   /|\\       /|\\"},
    {0, "  b j n     1 2 3"},
    {0, "u is undo, so north-east is U or 9."},
    {0, ""},
    {0, "_          travel to a cell you pick; Tab"},
    {0, "           goes to the stairs and items"},
    {0, "o          explore; any key stops either"},
    {0, "u          undo the last beat"},
    {0, "PgUp PgDn  scroll the message log (or < >)"},
    {0, "?          this help"},
    {0, "Q          save and quit (play resumes it)"},
    {0, ""},
    {0, "On the map:"},
    {CAIRN_VIEW_REMEMBERED, "remembered from before, not seen now"},
    {CAIRN_VIEW_MOVE, "an enemy moves here next beat"},
    {CAIRN_VIEW_STRIKE, "an enemy strikes here next beat"},
};

/* The panel of a screen without choices: a replay's. */
static const help_line panel_lines[] = {
    {0, REPLAY_LEGEND},
    {0, ""},
};

/* What the map's marks mean, under the panel's keys. */
static const help_line mark_lines[] = {
    {CAIRN_VIEW_MOVE, "an enemy will move here"},
    {CAIRN_VIEW_STRIKE, "an enemy will strike here"},
    {CAIRN_VIEW_REMEMBERED, "remembered, not seen now"},
};

#define LINES_OF(a) ((int)(sizeof(a) / sizeof((a)[0])))

void screen_close(game_screen *sc)
{
    if (!sc->term)
        return;
    endwin();
    delscreen(sc->term);
    sc->term = NULL;
}

int screen_fail(game_screen *sc, const char *fmt, ...)
{
    screen_close(sc);
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "cairn %s: ", sc->command);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return EXIT_FAILED;
}

/* The colour pair of a foreground (-1 the default) on a background. */
static int pair_of(const game_screen *sc, int fg, int bg)
{
    return 1 + bg * (sc->palette + 1) + fg + 1;
}

static void open_colors(game_screen *sc)
{
    if (!has_colors() || start_color() == ERR)
        return;
    /* 8 colours (bright ones in bold) where the terminal has too few pairs for 16. */
    sc->palette = COLORS >= 16 && COLOR_PAIRS >= PAIRS_NEEDED(16) ? 16 : 8;
    if (COLOR_PAIRS < PAIRS_NEEDED(sc->palette))
        return;
    /* Without the terminal's own default colours, "default" is white on black. */
    bool own = use_default_colors() == OK;
    for (int b = 0; b < BACKGROUNDS; b++)
        for (int f = -1; f < sc->palette; f++) {
            short fg = (short)(f < 0 && !own ? COLOR_WHITE : f);
            short bg = background_colors[b] < 0 && !own ? COLOR_BLACK : background_colors[b];
            init_pair((short)pair_of(sc, f, b), fg, bg);
        }
    sc->colors = true;
}

int screen_open(game_screen *sc)
{
    sc->term = newterm(NULL, stdout, stdin);
    if (!sc->term)
        return screen_fail(sc, "cannot drive this terminal (TERM=%s)",
                           getenv("TERM") ? getenv("TERM") : "");
    /* A terminal that goes away (a window closed, a connection lost) leaves getch failing
     * rather than the game killed: read_key sees it and the game is saved. */
    signal(SIGHUP, SIG_IGN);
    cbreak();
    noecho();
    keypad(stdscr, TRUE);
    set_escdelay(ESC_DELAY_MS);
    curs_set(0);
    open_colors(sc);
    sc->dim = (termattrs() & A_DIM) != 0;
    return EXIT_OK;
}

/* How a cell of the map stands to the target being chosen. */
typedef enum target_mark {
    TARGET_NONE,
    TARGET_RANGE, /* within the prompt's range of the actor */
    TARGET_AREA,  /* within the prompt's area of the cursor */
} target_mark;

/* The attributes of a cell of the map: its colour ('0'-'f', '.' the default), its mark and
 * how it stands to a target being chosen. The area outshines an enemy's intent, which
 * outshines the range: what the choice would hit, then what threatens the player. */
static attr_t cell_attr(const game_screen *sc, char color, char mark, target_mark target)
{
    attr_t a = A_NORMAL;
    if (!sc->colors) {
        if (target == TARGET_AREA)
            a |= A_BOLD | A_UNDERLINE;
        else if (mark == CAIRN_VIEW_MOVE)
            a |= A_REVERSE;
        else if (mark == CAIRN_VIEW_STRIKE)
            a |= A_REVERSE | A_BOLD;
        else if (mark == CAIRN_VIEW_REMEMBERED)
            a |= A_DIM;
        if (target == TARGET_RANGE)
            a |= A_UNDERLINE;
        return a;
    }
    int fg = -1, bg = BG_DEFAULT;
    if (color >= '0' && color <= '9')
        fg = color - '0';
    else if (color >= 'a' && color <= 'f')
        fg = color - 'a' + 10;
    if (fg >= 8 && sc->palette < 16) {
        fg -= 8;
        a |= A_BOLD;
    }
    if (mark == CAIRN_VIEW_REMEMBERED) {
        if (sc->dim)
            a |= A_DIM;
        else {
            fg = COLOR_BLUE;
            a &= ~(attr_t)A_BOLD;
        }
    } else if (mark == CAIRN_VIEW_MOVE || mark == CAIRN_VIEW_STRIKE) {
        bg = mark == CAIRN_VIEW_MOVE ? BG_MOVE : BG_STRIKE;
    }
    if (target == TARGET_AREA || (target == TARGET_RANGE && bg == BG_DEFAULT))
        bg = target == TARGET_AREA ? BG_AREA : BG_RANGE;
    /* A glyph the colour of the background would vanish. */
    if (bg != BG_DEFAULT && fg >= 0 && fg % 8 == background_colors[bg])
        fg = COLOR_BLACK;
    return a | (attr_t)COLOR_PAIR(pair_of(sc, fg, bg));
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

/* The rows the panel of choices needs: the legend, the scrolling keys and a blank line, the
 * movement keys (five rows), the header and the choices, a blank line and the marks. */
#define PANEL_KEY_ROWS 9
static int panel_rows_wanted(const game_screen *sc, int cols);

/* The log keeps at least this many rows under a panel that reaches past the map. */
#define LOG_ROWS_MIN 5

static layout measure(const game_screen *sc)
{
    layout l = {0};
    int w = sc->view.width, h = sc->view.height;
    l.need_cols = w > LEGEND_WIDTH ? w : LEGEND_WIDTH;
    /* The status, the map, a line of the log and one for the legend. */
    l.need_lines = h + 3;
    l.fits = COLS >= l.need_cols && LINES >= l.need_lines;
    bool panel = COLS >= w + PANEL_GAP + LEGEND_WIDTH;
    l.panel_col = panel ? w + PANEL_GAP : 0;
    l.panel_cols = panel ? COLS - l.panel_col : 0;
    l.legend_row = panel ? -1 : LINES - 1;
    l.panel_rows = h;
    /* Beside a short map the panel reaches down past it, as far as the log can spare, so that
     * the choices are not cut short for want of the map's rows. */
    int wanted = panel && sc->with_choices ? panel_rows_wanted(sc, l.panel_cols) : 0;
    int most = LINES - 1 - LOG_ROWS_MIN;
    if (wanted > h && most > h)
        l.panel_rows = wanted < most ? wanted : most;
    l.log_row = 1 + l.panel_rows;
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

static int32_t distance(int32_t x0, int32_t y0, int32_t x1, int32_t y1)
{
    int32_t dx = x0 > x1 ? x0 - x1 : x1 - x0, dy = y0 > y1 ? y0 - y1 : y1 - y0;
    return dx > dy ? dx : dy;
}

/* Whether (x, y) is among count cells given as x, y pairs. */
static bool in_cells(const int32_t *cells, size_t count, int32_t x, int32_t y)
{
    for (size_t i = 0; i < count; i++)
        if (cells[2 * i] == x && cells[2 * i + 1] == y)
            return true;
    return false;
}

/* Whether a target may be chosen at (x, y): the prompt's candidates. */
static bool is_candidate(const cairn_prompt *p, int32_t x, int32_t y)
{
    return in_cells(p->cells, p->cell_count, x, y);
}

/* How (x, y) stands to the target being chosen, if one is. The area is shown only when the
 * choice affects more than the cell chosen. A pick that names cells (the reaction to a blow:
 * the cells the blow covers) shows them as an area. */
static target_mark target_at(const screen_prompt *sp, int32_t x, int32_t y)
{
    const cairn_prompt *p = &sp->p;
    if (p->kind == CAIRN_PROMPT_PICK)
        return in_cells(p->cells, p->cell_count, x, y) ? TARGET_AREA : TARGET_NONE;
    if (p->kind != CAIRN_PROMPT_SELECT)
        return TARGET_NONE;
    if (p->area > 0 && distance(x, y, sp->x, sp->y) <= p->area)
        return TARGET_AREA;
    return distance(x, y, p->x, p->y) <= p->range ? TARGET_RANGE : TARGET_NONE;
}

/* While a target is chosen the candidates stand out in bold and underlined, and the cursor's
 * cell is reversed. */
static attr_t target_attr(const screen_prompt *sp, int32_t x, int32_t y)
{
    if (sp->p.kind != CAIRN_PROMPT_SELECT)
        return A_NORMAL;
    attr_t a = is_candidate(&sp->p, x, y) ? A_BOLD | A_UNDERLINE : A_NORMAL;
    return x == sp->x && y == sp->y ? a | A_REVERSE : a;
}

/* The cells the effect being shown reaches stand out, reversed. */
static attr_t frame_attr(const game_screen *sc, int32_t x, int32_t y)
{
    const cairn_frame *f = sc->frame;
    return f && in_cells(f->cells, f->cell_count, x, y) ? A_REVERSE | A_BOLD : A_NORMAL;
}

/* Whether (x, y) is on the way drawn on the map. */
static bool on_path(const game_screen *sc, int32_t x, int32_t y)
{
    return in_cells(sc->path, sc->path_count, x, y);
}

/* The way drawn on the map shows as a trail of bright yellow stars over the empty cells it
 * crosses; whatever stands on the others keeps its glyph, in the trail's colour. */
#define PATH_GLYPH "*"
#define PATH_COLOR 'b'

static void draw_map(const game_screen *sc)
{
    const cairn_view *v = &sc->view;
    for (int y = 0; y < v->height; y++) {
        const char *g = v->glyphs[y], *c = v->colors[y], *m = v->marks[y];
        size_t glen = strlen(g), at = 0, clen = strlen(c), mlen = strlen(m);
        move(1 + y, 0);
        for (int x = 0; x < v->width; x++) {
            bool path = sc->path_count && on_path(sc, x, y);
            char color = path ? PATH_COLOR : (size_t)x < clen ? c[x] : '.';
            attrset(cell_attr(sc, color, (size_t)x < mlen ? m[x] : CAIRN_VIEW_UNSEEN,
                              target_at(&sc->prompt, x, y)) |
                    target_attr(&sc->prompt, x, y) | frame_attr(sc, x, y) |
                    (path ? A_BOLD : A_NORMAL));
            size_t n;
            if (path && g[at] == '.') {
                n = 1;
                addstr(PATH_GLYPH);
            } else {
                n = put_text(g + at, glen - at, 1);
            }
            if (!n)
                break;
            at += n;
        }
    }
    attrset(A_NORMAL);
}

/* A line of help: its mark's sample (a remembered wall, a cell of an intent) and its text. */
static void draw_help_line(const game_screen *sc, int row, int col, int cols, const help_line *line)
{
    if (!line->mark) {
        put_line(row, col, line->text, cols, A_NORMAL);
        return;
    }
    put_line(row, col, line->mark == CAIRN_VIEW_REMEMBERED ? "#" : " ", 1,
             cell_attr(sc, '7', line->mark, TARGET_NONE));
    put_line(row, col + 3, line->text, cols - 3, A_NORMAL);
}

static size_t wrap(const char *s, int cols, const char **next);

/* How a choice that cannot be made now is drawn: dimmed, or in the blue of what is not seen
 * now where the terminal cannot dim (and in brackets where it has no colours either). */
static attr_t unavailable_attr(const game_screen *sc)
{
    if (sc->dim)
        return A_DIM;
    return sc->colors ? (attr_t)COLOR_PAIR(pair_of(sc, COLOR_BLUE, BG_DEFAULT)) : A_NORMAL;
}

/* A choice's line in the panel or the help: its key in a column `key_cols` wide, then its
 * label. */
/* Where packs share a key it is the first choice's (play.c): whether an earlier choice has
 * c's. */
static bool shadowed(const game_screen *sc, const cairn_choice_entry *c)
{
    for (const cairn_choice_entry *e = sc->choices; e < c; e++)
        if (!strcmp(e->key, c->key))
            return true;
    return false;
}

static void format_choice(const game_screen *sc, const cairn_choice_entry *c, int key_cols,
                          char *out, size_t size)
{
    bool brackets = !c->available && !sc->dim && !sc->colors;
    /* A choice whose key does another shows none; so does one of the movement keys, which
     * are drawn apart. */
    const char *key = shadowed(sc, c) || !strcmp(c->key, "direction") ? "" : c->key;
    snprintf(out, size, "%-*s%s%s%s", key_cols, key, brackets ? "(" : "", c->label,
             brackets ? ")" : "");
}

static bool is_direction(const cairn_choice_entry *c)
{
    return !strcmp(c->key, "direction");
}

/* The choice the movement keys take: the first whose key is "direction". */
static const cairn_choice_entry *direction_choice(const game_screen *sc)
{
    for (size_t i = 0; i < sc->choice_count; i++)
        if (is_direction(&sc->choices[i]))
            return &sc->choices[i];
    return NULL;
}

/* A game line's rows in cols columns: wrapped, its next rows indented by GAME_INDENT. */
#define GAME_INDENT 2
static int game_line_rows(const char *s, int cols)
{
    int rows = 0;
    do {
        wrap(s, rows ? cols - GAME_INDENT : cols, &s);
        rows++;
    } while (*s);
    return rows;
}

/* The game's own lines of the panel (the hand of cards), under the choices after a blank
 * line: how many rows they take, wrapped to cols. */
static int game_rows(const game_screen *sc, int cols)
{
    int rows = sc->view.panel_count ? 1 : 0;
    for (size_t i = 0; i < sc->view.panel_count; i++)
        rows += game_line_rows(sc->view.panel[i], cols);
    return rows;
}

static bool game_line_dim(const game_screen *sc, size_t i)
{
    return sc->view.panel_dim[i] == 'd';
}

static int panel_rows_wanted(const game_screen *sc, int cols)
{
    int listed = (int)sc->choice_count - (direction_choice(sc) != NULL);
    return PANEL_KEY_ROWS + 1 + listed + game_rows(sc, cols) + 1 + LINES_OF(mark_lines);
}

static bool any_unavailable(const game_screen *sc)
{
    for (size_t i = 0; i < sc->choice_count; i++)
        if (!sc->choices[i].available)
            return true;
    for (size_t i = 0; i < sc->view.panel_count; i++)
        if (game_line_dim(sc, i))
            return true;
    return false;
}

/* The game's lines from row to last at most, after a blank row, each wrapped; returns the row
 * after them. Where they do not all fit, the last row says that the help has the rest (the
 * hand of cards is never cut without a word). */
static int draw_game_lines(const game_screen *sc, int row, int last, int col, int cols)
{
    if (!sc->view.panel_count || row > last)
        return row;
    row++;
    bool all = game_rows(sc, cols) - 1 <= last - row + 1;
    for (size_t i = 0; i < sc->view.panel_count && row <= last; i++) {
        attr_t attr = game_line_dim(sc, i) ? unavailable_attr(sc) : A_NORMAL;
        const char *s = sc->view.panel[i];
        for (int n = 0; row <= last; n++) {
            if (!all && row == last) {
                put_line(row++, col, "... more: ? shows it all", cols, A_BOLD);
                return row;
            }
            int indent = n ? GAME_INDENT : 0;
            const char *next;
            size_t bytes = wrap(s, cols - indent, &next);
            attrset(attr);
            move(row++, col + indent);
            put_text(s, bytes, cols - indent);
            attrset(A_NORMAL);
            if (!*(s = next))
                break;
        }
    }
    return row;
}

/* The choices but the movement keys' under a header, from row to last at most; returns the
 * row after them. */
static int draw_choice_list(const game_screen *sc, int row, int last, int col, int cols)
{
    char text[256];
    const cairn_choice_entry *moving = direction_choice(sc);
    put_line(row++, col, any_unavailable(sc) ? "Actions (Tab: why dimmed)" : "Actions", cols,
             A_BOLD);
    for (size_t i = 0; i < sc->choice_count && row <= last; i++) {
        const cairn_choice_entry *c = &sc->choices[i];
        if (c == moving)
            continue;
        format_choice(sc, c, 3, text, sizeof text);
        put_line(row++, col, text, cols, c->available ? A_NORMAL : unavailable_attr(sc));
    }
    return row;
}

/* The panel of `cairn play`: the keys, the player's choices (the one the movement keys take
 * beside them), then what the map's marks mean when there is room left. Where its rows (see
 * measure) are too few for it all, the keys that the help shows anyway give way to the
 * choices. */
static void draw_choices_panel(const game_screen *sc, const layout *l)
{
    int row = 1, last = l->panel_rows, col = l->panel_col, cols = l->panel_cols;
    const cairn_choice_entry *moving = direction_choice(sc);
    int listed = (int)sc->choice_count - (moving != NULL);
    put_line(row++, col, LEGEND, cols, A_NORMAL);
    if (last < PANEL_KEY_ROWS + 1 + listed + game_rows(sc, cols)) {
        if (row <= last)
            draw_game_lines(sc, draw_choice_list(sc, row, last, col, cols), last, col, cols);
        return;
    }
    put_line(row++, col, "PgUp PgDn  scroll the log", cols, A_NORMAL);
    row++;
    /* The movement keys, and beside them (wrapped to three lines) what they do. */
    static const char *const keypad[] = {"y k U  7 8 9", "h   l  4   6", "b j n  1 2 3"};
    const char *label = moving ? moving->label : "";
    for (int i = 0; i < 3; i++, row++) {
        put_line(row, col, keypad[i], cols, A_NORMAL);
        const char *next;
        size_t bytes = wrap(label, cols - 14, &next);
        move(row, col + 14);
        attrset(moving && !moving->available ? unavailable_attr(sc) : A_NORMAL);
        put_text(label, bytes, cols - 14);
        attrset(A_NORMAL);
        label = next;
    }
    put_line(row++, col, "(u is undo: north-east is U)", cols, A_NORMAL);
    row++;
    row = draw_choice_list(sc, row, last, col, cols);
    row = draw_game_lines(sc, row, last, col, cols);
    if (last - row + 1 < 1 + LINES_OF(mark_lines))
        return;
    row++;
    for (int i = 0; i < LINES_OF(mark_lines); i++)
        draw_help_line(sc, row++, col, cols, &mark_lines[i]);
}

static void draw_panel(const game_screen *sc, const layout *l)
{
    if (!l->panel_cols) {
        put_line(l->legend_row, 0, sc->with_choices ? LEGEND : REPLAY_LEGEND, COLS, A_NORMAL);
        return;
    }
    if (sc->with_choices) {
        draw_choices_panel(sc, l);
        return;
    }
    int row = 1;
    for (int i = 0; i < LINES_OF(panel_lines) && row <= sc->view.height; i++)
        draw_help_line(sc, row++, l->panel_col, l->panel_cols, &panel_lines[i]);
    for (int i = 0; i < LINES_OF(mark_lines) && row <= sc->view.height; i++)
        draw_help_line(sc, row++, l->panel_col, l->panel_cols, &mark_lines[i]);
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

/* Whether the cells a target under the cursor would affect (its area round the cursor) take
 * in the actor's own: a bomb's blast that would hit the thrower, said before it is thrown. */
static bool reaches_actor(const screen_prompt *sp)
{
    int32_t dx = sp->x - sp->p.x, dy = sp->y - sp->p.y;
    dx = dx < 0 ? -dx : dx;
    dy = dy < 0 ? -dy : dy;
    return sp->p.area > 0 && (dx > dy ? dx : dy) <= sp->p.area;
}

/* The newest messages that fit, wrapped; the last beat's in bold. While scrolled back, the
 * bottom row says how much is below. */
static void draw_log(game_screen *sc, const layout *l)
{
    const cairn_view *v = &sc->view;
    int rows = l->log_rows;
    const screen_prompt *sp = &sc->prompt;
    /* While a target is chosen: the question, then what is under the cursor (or the notice of
     * an answer refused). */
    if (sp->p.kind == CAIRN_PROMPT_SELECT && rows > 1) {
        char question[SCREEN_NOTICE_SIZE];
        snprintf(question, sizeof question, "%s: %s  (Enter, Tab next, Esc cancels)", sp->p.choice,
                 sp->p.text);
        rows -= 2;
        put_line(l->log_row + rows, 0, question, COLS, A_REVERSE);
        char under[SCREEN_NOTICE_SIZE];
        snprintf(under, sizeof under, "%s%s", reaches_actor(sp) ? "It would reach you too! " : "",
                 sp->described ? sp->described : "");
        put_line(l->log_row + rows + 1, 0, sc->notice[0] ? sc->notice : under, COLS,
                 sc->notice[0] || reaches_actor(sp) ? A_REVERSE : A_BOLD);
    } else if (sc->notice[0]) {
        /* A notice may be long (a pack's load error, by `play --watch`): it takes up to
         * NOTICE_ROWS_MAX rows, leaving the log one at least. */
        int n = (int)count_lines(sc->notice, COLS);
        n = n > NOTICE_ROWS_MAX ? NOTICE_ROWS_MAX : n;
        n = n >= rows ? (rows > 1 ? rows - 1 : 1) : n;
        rows -= n;
        const char *s = sc->notice;
        for (int i = 0; i < n; i++) {
            const char *next;
            size_t bytes = wrap(s, COLS, &next);
            attrset(A_REVERSE);
            move(l->log_row + rows + i, 0);
            put_text(s, bytes, COLS);
            attrset(A_NORMAL);
            s = next;
        }
    }
    size_t total = 0;
    for (size_t i = 0; i < v->message_count; i++)
        total += count_lines(v->messages[i], COLS);
    if (sc->scroll && rows > 1)
        rows--;
    size_t shown = rows > 0 ? (size_t)rows : 0;
    size_t most = total > shown ? total - shown : 0;
    if (sc->scroll > most)
        sc->scroll = most;
    size_t first = total > shown + sc->scroll ? total - shown - sc->scroll : 0, line = 0;
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
    if (sc->scroll) {
        char more[80];
        snprintf(more, sizeof more, "-- %zu newer line%s below: PgDn --", sc->scroll,
                 sc->scroll == 1 ? "" : "s");
        put_line(l->log_row + rows, 0, more, COLS, A_REVERSE);
    }
}

/* An empty box bw columns by bh lines, its top left corner at row t and column l, moved
 * within the terminal; where it went into *top and *left. */
static void frame_at(int t, int l, int bw, int bh, int *top, int *left)
{
    t = t + bh > LINES ? LINES - bh : t;
    l = l + bw > COLS ? COLS - bw : l;
    t = t < 0 ? 0 : t;
    l = l < 0 ? 0 : l;
    for (int y = t; y < t + bh; y++)
        mvhline(y, l, ' ', bw);
    mvhline(t, l, ACS_HLINE, bw);
    mvhline(t + bh - 1, l, ACS_HLINE, bw);
    mvvline(t, l, ACS_VLINE, bh);
    mvvline(t, l + bw - 1, ACS_VLINE, bh);
    mvaddch(t, l, ACS_ULCORNER);
    mvaddch(t, l + bw - 1, ACS_URCORNER);
    mvaddch(t + bh - 1, l, ACS_LLCORNER);
    mvaddch(t + bh - 1, l + bw - 1, ACS_LRCORNER);
    *top = t;
    *left = l;
}

/* An empty box bw columns by bh lines, centred on the map (within the terminal). */
static void draw_frame(const game_screen *sc, int bw, int bh, int *top, int *left)
{
    frame_at(1 + (sc->view.height - bh) / 2, (sc->view.width - bw) / 2, bw, bh, top, left);
}

/* The columns s takes on the screen: a column a character (see char_at). */
static int text_width(const char *s)
{
    int n = 0;
    bool drawable;
    for (size_t at = 0, k; (k = char_at(s + at, MB_LEN_MAX, &drawable)); at += k)
        n++;
    return n;
}

/* The lines of a box over the map (a menu, a question, the reasons), each a text of its own
 * with its attributes; at most BOX_LINES_MAX, each cut to BOX_LINE_SIZE bytes. */
#define BOX_LINES_MAX 40
#define BOX_LINE_SIZE 256
typedef struct text_box {
    int count;
    char text[BOX_LINES_MAX][BOX_LINE_SIZE];
    attr_t attr[BOX_LINES_MAX];
} text_box;

static void box_add(text_box *b, attr_t attr, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void box_add(text_box *b, attr_t attr, const char *fmt, ...)
{
    if (b->count == BOX_LINES_MAX)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(b->text[b->count], BOX_LINE_SIZE, fmt, ap);
    va_end(ap);
    b->attr[b->count++] = attr;
}

/* The widest a box's text may be: what the terminal leaves beside its frame. */
static int box_width_max(void)
{
    return COLS > 5 ? COLS - 4 : 1;
}

/* Adds s to the box wrapped to its widest, the lines after the first indented by two. */
static void box_add_wrapped(text_box *b, attr_t attr, const char *s)
{
    int width = box_width_max();
    bool first = true;
    do {
        const char *next;
        size_t bytes = wrap(s, first ? width : width - 2, &next);
        box_add(b, attr, "%s%.*s", first ? "" : "  ", (int)bytes, s);
        first = false;
        s = next;
    } while (*s);
}

/* The widest line of the box, within the widest a box may be. */
static int box_width(const text_box *b)
{
    int width = 0;
    for (int i = 0; i < b->count; i++) {
        int w = text_width(b->text[i]);
        width = w > width ? w : width;
    }
    return width > box_width_max() ? box_width_max() : width;
}

static void put_box_lines(const text_box *b, int top, int left, int width)
{
    for (int i = 0; i < b->count; i++)
        put_line(top + 1 + i, left + 2, b->text[i], width, b->attr[i]);
}

static void draw_box(const game_screen *sc, const text_box *b)
{
    int width = box_width(b), top, left;
    draw_frame(sc, width + 4, b->count + 2, &top, &left);
    put_box_lines(b, top, left, width);
}

/* The same box beside the map, over the side panel's keys, so that the cells it speaks of
 * stay in sight (as far as the terminal leaves room for it). */
static void draw_box_beside(const game_screen *sc, const text_box *b)
{
    int width = box_width(b), top, left;
    frame_at(1, sc->view.width + 1, width + 4, b->count + 2, &top, &left);
    put_box_lines(b, top, left, width);
}

/* The effect being shown, what it did and what waits on the stack under it, in a box beside
 * the map, over the side panel's keys (the cells it reaches stay in sight). */
#define STACK_SHOWN 6
static void draw_stack(const game_screen *sc)
{
    const cairn_frame *f = sc->frame;
    if (!f)
        return;
    text_box b = {0};
    box_add(&b, A_BOLD, "%s: %s", f->label, f->effect);
    for (size_t i = 0; i < f->change_count && i < STACK_SHOWN; i++)
        box_add(&b, A_NORMAL, "  %s", f->changes[i]);
    for (size_t i = 0; i < f->waiting_count && i < STACK_SHOWN; i++)
        box_add(&b, A_NORMAL, "  then %s", f->waiting[i]);
    if (f->waiting_count > STACK_SHOWN)
        box_add(&b, A_NORMAL, "  and %zu more", f->waiting_count - STACK_SHOWN);
    box_add(&b, A_DIM, "%s", "any key skips");
    draw_box_beside(sc, &b);
}

/* A PICK, NUMBER or CONFIRM prompt, in a box over the map (beside it for a pick that names
 * cells: a reaction to a blow, the cells it covers lit): the question, then the options (as
 * many as fit, around the one highlighted), what was typed, or yes and no. */
static void draw_prompt(const game_screen *sc)
{
    const screen_prompt *sp = &sc->prompt;
    const cairn_prompt *p = &sp->p;
    if (p->kind == CAIRN_PROMPT_NONE || p->kind == CAIRN_PROMPT_SELECT)
        return;
    text_box b = {0};
    box_add(&b, A_BOLD, "%s: %s", p->choice, p->text);
    box_add(&b, A_NORMAL, "%s", "");
    if (p->kind == CAIRN_PROMPT_PICK) {
        /* The frame, the question, a blank line before and after the options and the keys. */
        size_t room = LINES > 6 ? (size_t)LINES - 6 : 1;
        room = room > BOX_LINES_MAX - 4 ? BOX_LINES_MAX - 4 : room;
        size_t shown = p->option_count < room ? p->option_count : room;
        size_t first = sp->pick >= shown ? sp->pick - shown + 1 : 0;
        for (size_t i = first; i < first + shown; i++) {
            int label = keys_pick_label(i);
            box_add(&b, i == sp->pick ? A_REVERSE : A_NORMAL, "%c  %s", label ? label : ' ',
                    p->options[i]);
        }
        box_add(&b, A_NORMAL, "%s", "");
        box_add(&b, A_NORMAL, "%s", "Its key, or arrows and Enter; Esc cancels");
    } else if (p->kind == CAIRN_PROMPT_NUMBER) {
        box_add(&b, A_NORMAL, "> %s_   (%lld to %lld)", sp->entry, (long long)p->min,
                (long long)p->max);
        box_add(&b, A_NORMAL, "%s", "");
        box_add(&b, A_NORMAL, "%s", "Digits, then Enter; Esc cancels");
    } else {
        box_add(&b, A_NORMAL, "%s", "y yes   n no   Esc cancels");
    }
    if (p->kind == CAIRN_PROMPT_PICK && p->cell_count)
        draw_box_beside(sc, &b);
    else
        draw_box(sc, &b);
}

/* How the game ended and its summary, in a box over the map. */
static void draw_ending(const game_screen *sc)
{
    const char *ended = sc->view.ended;
    const char *keys = sc->with_choices ? "u undo the last beat, q quit" : "q quit";
    const char *title = !strcmp(ended, "died")   ? "You died."
                        : !strcmp(ended, "won")  ? "You won!"
                        : !strcmp(ended, "lost") ? "The game is lost."
                                                 : ended;
    int width = (int)strlen(keys), count = 0;
    for (const char *s = sc->summary; *s; count++) {
        const char *end = strchr(s, '\n');
        int len = (int)(end ? end - s : (ptrdiff_t)strlen(s));
        width = len > width ? len : width;
        s = end ? end + 1 : s + len;
    }
    int top, left, bh = count + 6;
    draw_frame(sc, width + 4, bh, &top, &left);
    put_line(top + 1, left + 2, title, width, A_BOLD);
    const char *s = sc->summary;
    for (int i = 0; i < count; i++) {
        const char *end = strchr(s, '\n');
        size_t len = end ? (size_t)(end - s) : strlen(s);
        move(top + 3 + i, left + 2);
        put_text(s, len, width);
        s += len + (end != NULL);
    }
    put_line(top + bh - 2, left + 2, keys, width, A_NORMAL);
}

static void draw(game_screen *sc)
{
    erase();
    layout l = measure(sc);
    if (!l.fits) {
        draw_too_small(&l);
    } else {
        put_line(0, 0, sc->view.header ? sc->view.header : "", COLS, A_BOLD);
        draw_map(sc);
        draw_panel(sc, &l);
        draw_log(sc, &l);
        if (sc->view.ended)
            draw_ending(sc);
        draw_prompt(sc);
        draw_stack(sc);
    }
    /* The terminal's cursor stands on the target being chosen, for those who follow it. */
    if (l.fits && sc->prompt.p.kind == CAIRN_PROMPT_SELECT) {
        move(1 + sc->prompt.y, sc->prompt.x);
        curs_set(1);
    } else {
        curs_set(0);
    }
    refresh();
}

/* The help's second column, in play: the choices' keys, then how a target is chosen. */
static const help_line target_help_lines[] = {
    {0, "Choosing a target:"},
    {0, "  move keys  move the cursor"},
    {0, "  Tab        the next target"},
    {0, "  Enter      choose (or a click)"},
    {0, "  Esc        cancel (no beat)"},
    {0, "In a menu: its number or letter,"},
    {0, "or the arrows and Enter."},
};

/* The help is a list of lines laid out in columns (two where the terminal is wide enough:
 * the keys, then what can be done now), each line wrapped to its column; what does not fit
 * the screen goes on to further pages, so that nothing of it - the hand of cards least of
 * all - is ever cut off. */
typedef struct help_src {
    char mark;   /* as help_line's */
    bool column; /* no text: the next line starts a column */
    attr_t attr;
    const char *text;
} help_src;

/* The help's column of choices stands beside the rest where the terminal is wide enough. */
#define HELP_SECOND_COL 46
#define HELP_INDENT     4 /* a wrapped line's next rows */

typedef struct help_page {
    int page;     /* the page drawn, from 0 */
    bool draw;    /* false: only count the pages */
    int columns;  /* per page: 1 or 2 */
    int rows;     /* per column */
    int col, row; /* where the next line goes */
    int pages;    /* the pages so far, less one */
} help_page;

static int help_col_x(const help_page *h)
{
    return h->col == 0 ? 1 : HELP_SECOND_COL;
}

static int help_col_width(const help_page *h)
{
    if (h->columns == 1)
        return COLS - 2;
    return h->col == 0 ? HELP_SECOND_COL - 3 : COLS - HELP_SECOND_COL - 1;
}

static void help_next_column(help_page *h)
{
    h->row = 0;
    if (++h->col == h->columns) {
        h->col = 0;
        h->pages++;
    }
}

static void help_place(const game_screen *sc, help_page *h, const help_src *l)
{
    if (l->column) {
        if (h->row > 0)
            help_next_column(h);
        return;
    }
    if (!l->text[0] && h->row == 0)
        return; /* no blank line at the top of a column */
    const char *s = l->text;
    bool first = true;
    do {
        if (h->row == h->rows)
            help_next_column(h);
        int x = help_col_x(h) + (l->mark ? 3 : 0) + (first ? 0 : HELP_INDENT);
        int width = help_col_width(h) - (x - help_col_x(h));
        const char *next;
        size_t bytes = wrap(s, width, &next);
        if (h->draw && h->pages == h->page) {
            if (l->mark && first)
                put_line(h->row, help_col_x(h), l->mark == CAIRN_VIEW_REMEMBERED ? "#" : " ", 1,
                         cell_attr(sc, '7', l->mark, TARGET_NONE));
            attrset(l->attr);
            move(h->row, x);
            put_text(s, bytes, width);
            attrset(A_NORMAL);
        }
        h->row++;
        first = false;
        s = next;
    } while (*s);
}

/* Lays the help out, drawing page `page` when `draw`; returns how many pages it takes. */
static int help_layout(const game_screen *sc, int page, bool draw)
{
    help_page h = {.page = page,
                   .draw = draw,
                   .columns = sc->with_choices && COLS >= HELP_SECOND_COL + 20 ? 2 : 1,
                   .rows = LINES > 1 ? LINES - 1 : 1};
    for (int i = 0; i < LINES_OF(help_lines); i++)
        help_place(sc, &h, &(help_src){help_lines[i].mark, false, A_NORMAL, help_lines[i].text});
    if (sc->with_choices) {
        help_place(sc, &h, &(help_src){0, true, A_NORMAL, ""});
        help_place(sc, &h, &(help_src){0, false, A_NORMAL, "What you can do now:"});
        char text[256];
        for (size_t i = 0; i < sc->choice_count; i++) {
            const cairn_choice_entry *c = &sc->choices[i];
            if (c == direction_choice(sc))
                snprintf(text, sizeof text, "  %-11s%s", "move keys", c->label);
            else if (!strcmp(c->key, ".") && !shadowed(sc, c))
                snprintf(text, sizeof text, "  %-11s%s", ". or 5", c->label);
            else {
                text[0] = text[1] = ' ';
                format_choice(sc, c, 11, text + 2, sizeof text - 2);
            }
            help_place(sc, &h,
                       &(help_src){0, false, c->available ? A_NORMAL : unavailable_attr(sc), text});
        }
        help_place(sc, &h, &(help_src){0, false, A_NORMAL, "  Tab        why some are dimmed"});
        /* The game's lines (the hand of cards), wider here than in the panel. */
        help_place(sc, &h, &(help_src){0, false, A_NORMAL, ""});
        for (size_t i = 0; i < sc->view.panel_count; i++)
            help_place(sc, &h,
                       &(help_src){0, false, game_line_dim(sc, i) ? unavailable_attr(sc) : A_NORMAL,
                                   sc->view.panel[i]});
        help_place(sc, &h, &(help_src){0, false, A_NORMAL, ""});
        for (int i = 0; i < LINES_OF(target_help_lines); i++)
            help_place(sc, &h, &(help_src){0, false, A_NORMAL, target_help_lines[i].text});
    }
    return h.pages + 1;
}

/* Draws page `page` of the help (kept within its pages) with how to leave or turn it on the
 * last row; returns how many pages there are. */
static int draw_help(const game_screen *sc, int page)
{
    erase();
    int pages = help_layout(sc, 0, false);
    help_layout(sc, page < pages ? page : pages - 1, true);
    char footer[128];
    if (pages == 1)
        snprintf(footer, sizeof footer, "Press any key to go back to the game.");
    else
        snprintf(footer, sizeof footer,
                 "Page %d of %d: Space or PgDn the next, PgUp the one before, "
                 "another key the game.",
                 page + 1, pages);
    put_line(LINES - 1, 1, footer, COLS - 1, A_BOLD);
    refresh();
    return pages;
}

/* Why each dimmed choice cannot be made now, in a box over the map. */
static void draw_reasons(const game_screen *sc)
{
    text_box b = {0};
    box_add(&b, A_BOLD, "%s", "What cannot be done now, and why:");
    box_add(&b, A_NORMAL, "%s", "");
    char line[BOX_LINE_SIZE];
    for (size_t i = 0; i < sc->choice_count; i++) {
        const cairn_choice_entry *c = &sc->choices[i];
        if (c->available)
            continue;
        snprintf(line, sizeof line, "%s: %s", c->label, c->reason[0] ? c->reason : "not now");
        box_add_wrapped(&b, A_NORMAL, line);
    }
    /* The game's dimmed lines say their own why (a card that cannot be played now). */
    for (size_t i = 0; i < sc->view.panel_count; i++)
        if (game_line_dim(sc, i))
            box_add_wrapped(&b, A_NORMAL, sc->view.panel[i]);
    if (b.count == 2)
        box_add(&b, A_NORMAL, "%s", "Everything listed can be done.");
    box_add(&b, A_NORMAL, "%s", "");
    box_add(&b, A_NORMAL, "%s", "Press any key to go back to the game.");
    draw_box(sc, &b);
    refresh();
}

/* While watching: the next key, or SCREEN_KEY_WATCHED once the descriptor watched is
 * readable. Both are waited for in poll, so that nothing runs while nothing happens; keys
 * curses has read already are taken first, without waiting. ERR when the terminal has
 * something that is no key yet (the rest of an escape sequence, its end): getch waits for it. */
static int wait_key_or_watched(game_screen *sc)
{
    for (;;) {
        nodelay(stdscr, TRUE);
        int ch = getch();
        nodelay(stdscr, FALSE);
        if (ch != ERR)
            return ch;
        struct pollfd fds[2] = {{.fd = STDIN_FILENO, .events = POLLIN},
                                {.fd = sc->watch_fd, .events = POLLIN}};
        if (poll(fds, 2, -1) < 0) {
            if (errno == EINTR) /* a resize: getch has KEY_RESIZE */
                continue;
            return ERR;
        }
        if (fds[0].revents)
            return ERR;
        if (fds[1].revents)
            return SCREEN_KEY_WATCHED;
    }
}

/* The next key; KEY_RESIZE after the terminal changed size. EOF when getch keeps failing,
 * which it does once the terminal is gone. With `watched`, SCREEN_KEY_WATCHED too (only
 * screen_run's caller handles it: the help and reasons leave it for after them). */
static int read_key(game_screen *sc, bool watched)
{
    int ch = watched && sc->watching ? wait_key_or_watched(sc) : ERR;
    if (ch == SCREEN_KEY_WATCHED)
        return ch;
    if (ch == ERR)
        ch = getch();
    if (ch != ERR) {
        sc->key_errors = 0;
        return ch;
    }
    return ++sc->key_errors >= KEY_ERRORS_MAX ? EOF : KEY_RESIZE;
}

void screen_notice(game_screen *sc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(sc->notice, sizeof sc->notice, fmt, ap);
    va_end(ap);
    /* Where the notice shows, at the bottom of the log. */
    sc->scroll = 0;
}

void screen_show_help(game_screen *sc)
{
    int page = 0;
    for (;;) {
        int pages = draw_help(sc, page);
        int ch = read_key(sc, false);
        if (ch == KEY_RESIZE)
            page = 0;
        else if ((ch == ' ' || ch == KEY_NPAGE || ch == '>') && page + 1 < pages)
            page++;
        else if ((ch == KEY_PPAGE || ch == '<') && page > 0)
            page--;
        else
            return;
    }
}

void screen_show_reasons(game_screen *sc)
{
    int ch;
    do {
        draw(sc);
        draw_reasons(sc);
        ch = read_key(sc, false);
    } while (ch == KEY_RESIZE);
}

static int look(game_screen *sc);

void screen_show_frame(game_screen *sc, const cairn_frame *f)
{
    sc->frame = f;
    if (sc->stale && look(sc) != SCREEN_GO_ON)
        return;
    draw(sc);
}

int screen_wait(game_screen *sc, int ms)
{
    (void)sc;
    timeout(ms);
    int ch = getch();
    timeout(-1);
    return ch;
}

void screen_scroll(game_screen *sc, int pages)
{
    layout l = measure(sc);
    size_t page = l.log_rows > 2 ? (size_t)l.log_rows - 2 : 1;
    if (pages > 0)
        sc->scroll += page; /* draw_log keeps it within the log */
    else
        sc->scroll = sc->scroll > page ? sc->scroll - page : 0;
}

/* Takes the view again after the game changed, and the summary when it has ended. */
static int look(game_screen *sc)
{
    if (cairn_session_view(sc->h, &sc->view))
        return screen_fail(sc, "%s", cairn_lua_error(sc->h));
    sc->stale = false;
    sc->summary = NULL;
    if (sc->view.ended && cairn_session_summary(sc->h, NULL, &sc->summary))
        return screen_fail(sc, "%s", cairn_lua_error(sc->h));
    /* A game that has ended offers nothing to do: its ending's keys are all there is. */
    sc->choices = NULL;
    sc->choice_count = 0;
    if (sc->with_choices && !sc->view.ended &&
        cairn_session_choices(sc->h, &sc->choices, &sc->choice_count))
        return screen_fail(sc, "%s", cairn_lua_error(sc->h));
    return SCREEN_GO_ON;
}

int screen_show(game_screen *sc)
{
    if (sc->stale && look(sc) != SCREEN_GO_ON)
        return EXIT_FAILED;
    draw(sc);
    return SCREEN_GO_ON;
}

int screen_poll_key(game_screen *sc, int ms)
{
    (void)sc;
    timeout(ms);
    int ch = getch();
    timeout(-1);
    return ch == KEY_RESIZE ? ERR : ch;
}

void screen_changed(game_screen *sc)
{
    sc->stale = true;
    sc->scroll = 0;
}

void screen_take(game_screen *sc, const cairn_screen *taken)
{
    sc->view = taken->view;
    sc->summary = taken->summary;
    sc->choices = sc->with_choices ? taken->choices : NULL;
    sc->choice_count = sc->with_choices ? taken->choice_count : 0;
    sc->stale = false;
}

bool screen_fits(const game_screen *sc)
{
    return measure(sc).fits;
}

bool screen_cell_at(const game_screen *sc, int col, int row, int32_t *x, int32_t *y)
{
    if (!measure(sc).fits || col < 0 || col >= sc->view.width || row < 1 || row > sc->view.height)
        return false;
    *x = col;
    *y = row - 1;
    return true;
}

/* Resizing and ^L only redraw, whatever the command: they never reach its keys. */
int screen_run(game_screen *sc, screen_key_fn *on_key, void *ud)
{
    sc->stale = true;
    for (;;) {
        if (sc->stale && look(sc) != SCREEN_GO_ON)
            return EXIT_FAILED;
        draw(sc);
        int ch = read_key(sc, true);
        if (ch == KEY_RESIZE || ch == CTRL_L)
            continue;
        int st = on_key(sc, ch, ud);
        if (st != SCREEN_GO_ON)
            return st;
    }
}
