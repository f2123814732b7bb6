/*
 * main.c - cairn_driver: plays games of random keys (game.c) and checks them; a failing
 * game's keys are printed with its seed, shrunk to a short sequence that fails the same way,
 * and may be kept as a file that `cairn_driver FILE` plays again (tests/driver/regressions).
 * A failure whose signature a line of the known-failures file holds is reported as known and
 * does not fail the run. See docs/driver.md.
 */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, clock_gettime */

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "driver.h"

#define USAGE                                                                                      \
    "usage: cairn_driver [--games N] [--keys K] [--seed S] [--pack NAME] [--game NAME]\n"          \
    "                    [--undo-every N] [--known FILE] [--keep DIR]\n"                           \
    "                    [--no-shrink | --shrink-known]\n"                                         \
    "                    [--skip-key KEY ...] [--crossings]\n"                                     \
    "                    [FILE ...]\n"

#define KEYS_MAX  4096
#define KNOWN_MAX 64
#define NAME_SIZE 16
#define LINE_SIZE (KEYS_MAX * NAME_SIZE)

typedef struct options {
    uint64_t games, keys, seed;
    const char *pack; /* a folder of CAIRN_DRIVER_PACKS or a path, or NULL for base alone */
    const char *game; /* the game started: "dungeon" unless --game says */
    int undo_every;
    const char *known_file, *keep;
    int skip[16];
    size_t skip_count;
    bool shrink, shrink_known;
    bool crossings;
    char **files;
    int file_count;
} options;

typedef struct run {
    options opt;
    char known[KNOWN_MAX][256];
    size_t known_count;
    char save_path[256];
    char pack_path[512];
    driver_counts counts;
    uint64_t failures, known_failures;
} run;

/* --- keys by name -------------------------------------------------------------------------- */

static const struct {
    int ch;
    const char *name;
} key_names[] = {
    {KEY_TAB_, "Tab"},   {KEY_ENTER_, "Enter"}, {KEY_ESC_, "Esc"},   {KEY_BACKSPACE_, "BS"},
    {KEY_UP_, "Up"},     {KEY_DOWN_, "Down"},   {KEY_LEFT_, "Left"}, {KEY_RIGHT_, "Right"},
    {KEY_BTAB_, "BTab"}, {KEY_PGUP_, "PgUp"},   {KEY_PGDN_, "PgDn"}, {KEY_RELOAD_, "Reload"},
};

void driver_key_name(driver_key k, char *out, size_t size)
{
    const char *name = NULL;
    for (size_t i = 0; i < sizeof key_names / sizeof key_names[0]; i++)
        if (key_names[i].ch == k.ch)
            name = key_names[i].name;
    char one[2] = {(char)k.ch, 0};
    if (k.stop)
        snprintf(out, size, "%s*%d", name ? name : one, k.stop);
    else
        snprintf(out, size, "%s", name ? name : one);
}

bool driver_key_parse(const char *name, driver_key *out)
{
    char base[NAME_SIZE];
    const char *star = strchr(name, '*');
    size_t len = star ? (size_t)(star - name) : strlen(name);
    if (!len || len >= sizeof base)
        return false;
    memcpy(base, name, len);
    base[len] = '\0';
    out->stop = star ? atoi(star + 1) : 0;
    if (star && out->stop <= 0)
        return false;
    if (len == 1 && base[0] > ' ' && base[0] < 127) {
        out->ch = base[0];
        return true;
    }
    for (size_t i = 0; i < sizeof key_names / sizeof key_names[0]; i++)
        if (!strcmp(key_names[i].name, base)) {
            out->ch = key_names[i].ch;
            return true;
        }
    return false;
}

static void print_keys(FILE *out, const driver_key *keys, size_t count)
{
    char name[NAME_SIZE];
    for (size_t i = 0; i < count; i++) {
        driver_key_name(keys[i], name, sizeof name);
        fprintf(out, "%s%s", i ? " " : "", name);
    }
}

/* --- failures ------------------------------------------------------------------------------ */

/* Every run of letters and digits that holds a digit (a number, a checksum) becomes N. */
void driver_signature(const driver_failure *f, char *out, size_t size)
{
    size_t n = (size_t)snprintf(out, size, "%s: ", f->kind);
    const char *s = f->why;
    while (*s && n + 2 < size) {
        if (isalnum((unsigned char)*s)) {
            const char *e = s;
            bool digit = false;
            for (; isalnum((unsigned char)*e); e++)
                digit = digit || isdigit((unsigned char)*e);
            if (digit) {
                out[n++] = 'N';
            } else {
                while (s < e && n + 2 < size)
                    out[n++] = *s++;
            }
            s = e;
        } else {
            out[n++] = *s == '\n' || *s == '\t' ? ' ' : *s;
            s++;
        }
    }
    out[n] = '\0';
}

static bool same_failure(const driver_failure *a, const driver_failure *b)
{
    char sa[DRIVER_WHY_SIZE + 32], sb[DRIVER_WHY_SIZE + 32];
    driver_signature(a, sa, sizeof sa);
    driver_signature(b, sb, sizeof sb);
    return !strcmp(sa, sb);
}

/* The line of the known failures that the failure's signature holds, or NULL. */
static const char *known(const run *r, const driver_failure *f)
{
    char sig[DRIVER_WHY_SIZE + 32];
    driver_signature(f, sig, sizeof sig);
    for (size_t i = 0; i < r->known_count; i++)
        if (strstr(sig, r->known[i]))
            return r->known[i];
    return NULL;
}

static bool read_known(run *r)
{
    if (!r->opt.known_file)
        return true;
    FILE *in = fopen(r->opt.known_file, "r");
    if (!in) {
        fprintf(stderr, "cairn_driver: cannot read %s\n", r->opt.known_file);
        return false;
    }
    char line[256];
    while (fgets(line, sizeof line, in)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (!line[0] || line[0] == '#')
            continue;
        if (r->known_count == KNOWN_MAX)
            break;
        snprintf(r->known[r->known_count++], sizeof r->known[0], "%s", line);
    }
    fclose(in);
    return true;
}

/* --- shrinking ----------------------------------------------------------------------------- */

/* Drops chunks of the keys, halving them, keeping each drop after which the game still fails
 * the same way, until no single key can go (delta debugging). */
static size_t shrink(const driver_setup *setup, driver_key *keys, size_t count,
                     const driver_failure *first)
{
    driver_key *trial = malloc(count * sizeof *trial);
    driver_counts scratch = {0};
    if (!trial)
        return count;
    for (size_t chunk = count / 2 ? count / 2 : 1; chunk >= 1; chunk /= 2) {
        bool dropped = true;
        while (dropped) {
            dropped = false;
            for (size_t at = 0; at < count;) {
                size_t end = at + chunk < count ? at + chunk : count;
                size_t n = 0;
                for (size_t i = 0; i < count; i++)
                    if (i < at || i >= end)
                        trial[n++] = keys[i];
                driver_failure f = {0};
                if (!driver_play(setup, trial, n, &f, &scratch) && same_failure(&f, first)) {
                    memcpy(keys, trial, n * sizeof *trial);
                    count = n;
                    dropped = true;
                } else {
                    at = end;
                }
            }
        }
        if (chunk == 1)
            break;
    }
    free(trial);
    return count;
}

/* --- sequence files ------------------------------------------------------------------------ */

static const char *pack_name(const run *r)
{
    return r->opt.pack ? r->opt.pack : "none";
}

static bool set_pack(run *r, const char *name)
{
    if (!strcmp(name, "none")) {
        r->opt.pack = NULL;
        return true;
    }
    r->opt.pack = name;
    /* A name with a slash is a pack's folder (a game of its own, such as content/arena). */
    if (strchr(name, '/'))
        return snprintf(r->pack_path, sizeof r->pack_path, "%s", name) < (int)sizeof r->pack_path;
    return snprintf(r->pack_path, sizeof r->pack_path, "%s/%s", CAIRN_DRIVER_PACKS, name) <
           (int)sizeof r->pack_path;
}

static void keep(run *r, const driver_setup *setup, const driver_key *keys, size_t count,
                 const driver_failure *f)
{
    if (!r->opt.keep)
        return;
    char path[1024];
    snprintf(path, sizeof path, "%s/%s-%s-%llu.keys", r->opt.keep, f->kind, pack_name(r),
             (unsigned long long)setup->seed);
    FILE *out = fopen(path, "w");
    if (!out) {
        fprintf(stderr, "cairn_driver: cannot write %s\n", path);
        return;
    }
    char sig[DRIVER_WHY_SIZE + 32];
    driver_signature(f, sig, sizeof sig);
    fprintf(out, "# %s\nseed %llu\npack %s\ngame %s\nask-reactions %s\nundo-every %d\nkeys ", sig,
            (unsigned long long)setup->seed, pack_name(r), setup->game,
            setup->ask_reactions ? "yes" : "no", setup->undo_every);
    print_keys(out, keys, count);
    fputc('\n', out);
    fclose(out);
    printf("  kept in %s\n", path);
}

/* Reports a failing game: its keys, shrunk (unless known and not asked), and whether known. */
static void report(run *r, const driver_setup *setup, driver_key *keys, size_t count,
                   const driver_failure *f, bool from_file)
{
    const char *k = known(r, f);
    printf("%s: seed %llu, pack %s, ask-reactions %s\n  %s: %s\n", k ? "known failure" : "FAILED",
           (unsigned long long)setup->seed, pack_name(r), setup->ask_reactions ? "yes" : "no",
           f->kind, f->why);
    printf("  keys (%zu): ", count);
    print_keys(stdout, keys, count);
    putchar('\n');
    if (k) {
        r->known_failures++;
        printf("  known as: %s\n", k);
    } else {
        r->failures++;
    }
    if (r->opt.shrink && !from_file && (!k || r->opt.shrink_known)) {
        count = shrink(setup, keys, count, f);
        printf("  shrunk to %zu: ", count);
        print_keys(stdout, keys, count);
        putchar('\n');
    }
    if (!from_file)
        keep(r, setup, keys, count, f);
    fflush(stdout);
}

static driver_setup setup_of(const run *r, uint64_t seed, bool ask)
{
    return (driver_setup){.seed = seed,
                          .pack = r->opt.pack ? r->pack_path : NULL,
                          .game = r->opt.game,
                          .ask_reactions = ask,
                          .undo_every = r->opt.undo_every,
                          .save_path = r->save_path,
                          .skip = r->opt.skip,
                          .skip_count = r->opt.skip_count,
                          .crossings = r->opt.crossings ? stdout : NULL};
}

/* Plays the file's keys: a regression kept. */
static bool play_file(run *r, const char *path)
{
    FILE *in = fopen(path, "r");
    if (!in) {
        fprintf(stderr, "cairn_driver: cannot read %s\n", path);
        return false;
    }
    static char line[LINE_SIZE];
    static driver_key keys[KEYS_MAX];
    static char pack[256], game[64];
    size_t count = 0;
    uint64_t seed = 0;
    bool ask = false, ok = true;
    int undo_every = r->opt.undo_every;
    const char *game_of = r->opt.game;
    while (ok && fgets(line, sizeof line, in)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (!strncmp(line, "seed ", 5)) {
            seed = strtoull(line + 5, NULL, 10);
        } else if (!strncmp(line, "pack ", 5)) {
            ok = strlen(line + 5) < sizeof pack;
            if (ok) {
                memcpy(pack, line + 5, strlen(line + 5) + 1);
                ok = set_pack(r, pack);
            }
        } else if (!strncmp(line, "game ", 5)) {
            ok = strlen(line + 5) < sizeof game;
            if (ok) {
                memcpy(game, line + 5, strlen(line + 5) + 1);
                game_of = game;
            }
        } else if (!strncmp(line, "ask-reactions ", 14)) {
            ask = !strcmp(line + 14, "yes");
        } else if (!strncmp(line, "undo-every ", 11)) {
            undo_every = atoi(line + 11);
        } else if (!strncmp(line, "keys", 4)) {
            for (char *t = strtok(line + 4, " "); ok && t; t = strtok(NULL, " ")) {
                ok = count < KEYS_MAX && driver_key_parse(t, &keys[count]);
                count += ok;
            }
        } else if (line[0] && line[0] != '#') {
            ok = false;
        }
    }
    fclose(in);
    if (!ok) {
        fprintf(stderr, "cairn_driver: %s: not a sequence of keys\n", path);
        return false;
    }
    driver_setup setup = setup_of(r, seed, ask);
    setup.undo_every = undo_every;
    setup.game = game_of;
    driver_failure f = {0};
    printf(r->opt.crossings ? "%s:\n" : "%s: ", path);
    if (driver_play(&setup, keys, count, &f, &r->counts)) {
        printf("passes\n");
        return true;
    }
    putchar('\n');
    report(r, &setup, keys, count, &f, true);
    return true;
}

/* Plays a game of random keys drawn from the seed. */
static void play_random(run *r, uint64_t seed)
{
    static driver_key keys[KEYS_MAX];
    driver_setup setup = setup_of(r, seed, seed % 2 == 1);
    driver_failure f = {0};
    uint64_t rng = seed * 0x2545f4914f6cdd1du + 1;
    size_t count = 0;
    driver_game *g = driver_game_start(&setup, &f, &r->counts);
    if (!g)
        return;
    while (!driver_game_over(g) && count < r->opt.keys) {
        keys[count] = driver_game_draw(g, &rng);
        driver_game_press(g, keys[count++], &f);
    }
    bool passed = driver_game_finish(g, &f);
    driver_game_free(g);
    if (!passed)
        report(r, &setup, keys, count, &f, false);
}

/* --- the command --------------------------------------------------------------------------- */

static int usage(const char *why)
{
    if (why)
        fprintf(stderr, "cairn_driver: %s\n", why);
    fputs(USAGE, stderr);
    return 2;
}

static int parse(int argc, char **argv, run *r)
{
    options *o = &r->opt;
    *o = (options){
        .games = 100, .keys = 200, .seed = 1, .undo_every = 3, .shrink = true, .game = "dungeon"};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-') {
            o->files = argv + i;
            o->file_count = argc - i;
            return 0;
        }
        if (!strcmp(a, "--crossings")) {
            o->crossings = true;
            continue;
        }
        if (!strcmp(a, "--no-shrink") || !strcmp(a, "--shrink-known")) {
            o->shrink = a[2] != 'n';
            o->shrink_known = a[2] != 'n';
            continue;
        }
        if (i + 1 == argc)
            return usage("an option needs a value");
        const char *v = argv[++i];
        if (!strcmp(a, "--games"))
            o->games = strtoull(v, NULL, 10);
        else if (!strcmp(a, "--keys"))
            o->keys = strtoull(v, NULL, 10);
        else if (!strcmp(a, "--seed"))
            o->seed = strtoull(v, NULL, 10);
        else if (!strcmp(a, "--undo-every"))
            o->undo_every = atoi(v);
        else if (!strcmp(a, "--known"))
            o->known_file = v;
        else if (!strcmp(a, "--keep"))
            o->keep = v;
        else if (!strcmp(a, "--skip-key")) {
            driver_key k;
            if (o->skip_count == 16 || !driver_key_parse(v, &k))
                return usage("--skip-key takes a key's name, at most 16 times");
            o->skip[o->skip_count++] = k.ch;
        } else if (!strcmp(a, "--game")) {
            o->game = v;
        } else if (!strcmp(a, "--pack")) {
            if (!set_pack(r, v))
                return usage("--pack: the name is too long");
        } else
            return usage(NULL);
    }
    if (o->keys > KEYS_MAX)
        return usage("--keys: at most 4096");
    return 0;
}

static double seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    static run r;
    int st = parse(argc, argv, &r);
    if (st)
        return st;
    if (!read_known(&r))
        return 2;
    /* In memory when the machine has it: a save is a transaction, and a disk's syncs would
     * take most of the run's time. */
    char dir[] = "/dev/shm/cairn-driver-XXXXXX";
    if (access("/dev/shm", W_OK))
        memcpy(dir, "/tmp/", 5), memmove(dir + 5, dir + 9, sizeof dir - 9);
    if (!mkdtemp(dir)) {
        fprintf(stderr, "cairn_driver: no temporary folder\n");
        return 2;
    }
    snprintf(r.save_path, sizeof r.save_path, "%s/save.sqlite", dir);
    double start = seconds();
    bool ok = true;
    if (r.opt.file_count)
        for (int i = 0; i < r.opt.file_count; i++)
            ok = play_file(&r, r.opt.files[i]) && ok;
    else
        for (uint64_t g = 0; g < r.opt.games; g++)
            play_random(&r, r.opt.seed + g);
    unlink(r.save_path);
    rmdir(dir);
    const driver_counts *c = &r.counts;
    printf("%llu games, %llu keys, %llu beats; checked: %llu undos made again, %llu saves "
           "resumed, %llu journeys, %llu reloads, %llu replays; %llu failed (%llu known) in "
           "%.1f s\n",
           (unsigned long long)c->games, (unsigned long long)c->keys, (unsigned long long)c->beats,
           (unsigned long long)c->checks, (unsigned long long)c->saves,
           (unsigned long long)c->journeys, (unsigned long long)c->reloads,
           (unsigned long long)c->replays, (unsigned long long)(r.failures + r.known_failures),
           (unsigned long long)r.known_failures, seconds() - start);
    return ok && !r.failures ? 0 : 1;
}
