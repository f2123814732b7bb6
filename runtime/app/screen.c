/*
 * screen.c - see screen.h. Everything drawn is laid out anew from the terminal's size and the
 * view's at each draw, so a resized terminal needs nothing but a redraw.
 */
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "app.h"
#include "screen.h"

#define CTRL_L       ('L' & 0x1f)
#define PANEL_GAP    2 /* columns between the map and the side panel */
#define LEGEND       "? help  u undo  Q save & quit"
#define LEGEND_WIDTH ((int)sizeof LEGEND - 1) /* the side panel needs room for LEGEND */
/* getch keeps failing only when the terminal is gone: then the game is saved and left. */
#define KEY_ERRORS_MAX 8

/* Colour pairs: one per foreground (the default, then 16 colours) and background (the
 * default; yellow for an enemy's move, red for its strike). */
#define FOREGROUNDS 17
enum { BG_DEFAULT, BG_MOVE, BG_STRIKE, BACKGROUNDS };
#define PAIRS_NEEDED (1 + BACKGROUNDS * FOREGROUNDS)

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
    {CAIRN_VIEW_REMEMBERED, "remembered from before, not seen now"},
    {CAIRN_VIEW_MOVE, "an enemy moves here next beat"},
    {CAIRN_VIEW_STRIKE, "an enemy strikes here next beat"},
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

static void open_colors(game_screen *sc)
{
    if (!has_colors() || start_color() == ERR || COLOR_PAIRS < PAIRS_NEEDED)
        return;
    sc->palette = COLORS >= 16 ? 16 : 8;
    /* Without the terminal's own default colours, "default" is white on black. */
    bool own = use_default_colors() == OK;
    static const short backgrounds[BACKGROUNDS] = {-1, COLOR_YELLOW, COLOR_RED};
    for (int b = 0; b < BACKGROUNDS; b++)
        for (int f = -1; f < sc->palette; f++) {
            short fg = (short)(f < 0 && !own ? COLOR_WHITE : f);
            short bg = backgrounds[b] < 0 && !own ? COLOR_BLACK : backgrounds[b];
            init_pair((short)(1 + b * FOREGROUNDS + f + 1), fg, bg);
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
    curs_set(0);
    open_colors(sc);
    sc->dim = (termattrs() & A_DIM) != 0;
    return EXIT_OK;
}

/* The attributes of a cell of the map: its colour ('0'-'f', '.' the default) and its mark. */
static attr_t cell_attr(const game_screen *sc, char color, char mark)
{
    attr_t a = A_NORMAL;
    if (!sc->colors) {
        if (mark == CAIRN_VIEW_MOVE)
            a |= A_REVERSE;
        else if (mark == CAIRN_VIEW_STRIKE)
            a |= A_REVERSE | A_BOLD;
        else if (mark == CAIRN_VIEW_REMEMBERED)
            a |= A_DIM;
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
        /* A glyph the colour of the background would vanish. */
        if (fg >= 0 && fg % 8 == (mark == CAIRN_VIEW_MOVE ? COLOR_YELLOW : COLOR_RED))
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

static void draw_map(const game_screen *sc)
{
    const cairn_view *v = &sc->view;
    for (int y = 0; y < v->height; y++) {
        const char *g = v->glyphs[y], *c = v->colors[y], *m = v->marks[y];
        size_t glen = strlen(g), at = 0, clen = strlen(c), mlen = strlen(m);
        move(1 + y, 0);
        for (int x = 0; x < v->width; x++) {
            attrset(cell_attr(sc, (size_t)x < clen ? c[x] : '.',
                              (size_t)x < mlen ? m[x] : CAIRN_VIEW_UNSEEN));
            size_t n = put_text(g + at, glen - at, 1);
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
             cell_attr(sc, '7', line->mark));
    put_line(row, col + 3, line->text, cols - 3, A_NORMAL);
}

static void draw_panel(const game_screen *sc, const layout *l)
{
    if (!l->panel_cols) {
        put_line(l->legend_row, 0, LEGEND, COLS, A_NORMAL);
        return;
    }
    for (int i = 0; i < LINES_OF(panel_lines) && i < sc->view.height; i++)
        draw_help_line(sc, 1 + i, l->panel_col, l->panel_cols, &panel_lines[i]);
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
static void draw_log(game_screen *sc, const layout *l)
{
    const cairn_view *v = &sc->view;
    int rows = l->log_rows;
    if (sc->notice[0]) {
        rows--;
        put_line(l->log_row + rows, 0, sc->notice, COLS, A_REVERSE);
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

/* How the game ended and its summary, in a box over the map. */
static void draw_ending(const game_screen *sc)
{
    const char *ended = sc->view.ended, *keys = "u undo the last beat, q quit";
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
    int bw = width + 4, bh = count + 6;
    int top = 1 + (sc->view.height - bh) / 2, left = (sc->view.width - bw) / 2;
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
        put_line(0, 0, sc->view.status ? sc->view.status : "", COLS, A_BOLD);
        draw_map(sc);
        draw_panel(sc, &l);
        draw_log(sc, &l);
        if (sc->view.ended)
            draw_ending(sc);
    }
    refresh();
}

static void draw_help(const game_screen *sc)
{
    erase();
    for (int i = 0; i < LINES_OF(help_lines) && i < LINES; i++)
        draw_help_line(sc, i, 1, COLS - 1, &help_lines[i]);
    refresh();
}

/* The next key; KEY_RESIZE after the terminal changed size. EOF when getch keeps failing,
 * which it does once the terminal is gone. */
static int read_key(game_screen *sc)
{
    int ch = getch();
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
    int ch;
    do {
        draw_help(sc);
        ch = read_key(sc);
    } while (ch == KEY_RESIZE);
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
    return SCREEN_GO_ON;
}

void screen_changed(game_screen *sc)
{
    sc->stale = true;
    sc->scroll = 0;
}

bool screen_fits(const game_screen *sc)
{
    return measure(sc).fits;
}

/* Resizing and ^L only redraw, whatever the command: they never reach its keys. */
int screen_run(game_screen *sc, screen_key_fn *on_key, void *ud)
{
    sc->stale = true;
    for (;;) {
        if (sc->stale && look(sc) != SCREEN_GO_ON)
            return EXIT_FAILED;
        draw(sc);
        int ch = read_key(sc);
        if (ch == KEY_RESIZE || ch == CTRL_L)
            continue;
        int st = on_key(sc, ch, ud);
        if (st != SCREEN_GO_ON)
            return st;
    }
}
