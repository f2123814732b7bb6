/*
 * test_crash.c - a save outlives the process that writes it being killed: a child plays a
 * game and saves it after every beat; the parent kills it with SIGKILL in the middle of a
 * later save, 20 times at different points; after each kill the file reads back in a fresh
 * host as the last save that was committed, whole (its world comes to the checksum the game
 * had at that beat).
 *
 * Where the kill lands. Timed from outside, a kill would mostly land in the beat between two
 * saves, not in one. SQLite's unix file layer lets a program replace the system calls it
 * makes (xSetSystemCall, there for fault injection), so the child counts the writes,
 * truncations and unlinks its saves make and, at the one the parent drew, says so and waits
 * to be killed: the journal half written, the file half written, the journal not yet
 * deleted are all reached. A quarter of the rounds kill as soon as a save is reported
 * instead, wherever the child then is.
 *
 * The draws come from a generator seeded by $CAIRN_CRASH_SEED, or by the clock when it is
 * unset; the seed is printed, so that failing draws can be made again.
 */
#define _POSIX_C_SOURCE 200809L /* dprintf, fdopen */

#include <signal.h>
#include <sqlite3.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cairn/save.h"
#include "session.h"

#define ROUNDS 20
/* Saves committed before the child may be stopped: at least one, so there is a last save. */
#define SAVES_MAX 4
/* File operations after those saves at which the child may be stopped: the first save of a
 * file makes some 30; each later one about 110 (the journal, the file, the unlink of the
 * journal that commits it), so the stop lands anywhere in the next save or early in the one
 * after. */
#define STOP_MAX 120

/* --- draws ------------------------------------------------------------------------------ */

static uint64_t draw_state;

/* splitmix64: small, and the same numbers on every platform for one seed. */
static uint64_t draw(uint64_t below)
{
    uint64_t z = (draw_state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return (z ^ (z >> 31)) % below;
}

static void seed_draws(void)
{
    const char *env = getenv("CAIRN_CRASH_SEED");
    uint64_t seed = env ? strtoull(env, NULL, 10) : (uint64_t)time(NULL) ^ (uint64_t)getpid();
    print_message("draws seeded with %llu (CAIRN_CRASH_SEED=%llu draws them again)\n",
                  (unsigned long long)seed, (unsigned long long)seed);
    draw_state = seed;
}

/* --- the child -------------------------------------------------------------------------- */

/* The child never returns into cmocka (a failure there would run the rest of the tests a
 * second time): it reports on the pipe and leaves with _exit, which also keeps the parent's
 * atexit cleanup from running in it. */
static struct {
    int fd;       /* the pipe to the parent */
    long ops;     /* file operations counted since the child was armed */
    long stop_at; /* the one to stop at; 0: none */
    bool armed;
} child;

__attribute__((format(printf, 1, 2))) static void child_says(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char line[512];
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    dprintf(child.fd, "%s\n", line);
}

/* Called before each counted operation: at the drawn one, the child stops before doing it and
 * waits for the parent's SIGKILL. */
static void file_op(const char *name)
{
    if (!child.armed || ++child.ops != child.stop_at)
        return;
    child_says("stopped before %s", name);
    for (;;)
        pause();
}

/* SQLite's unix layer calls pwrite or pwrite64, as it was built; the test replaces both. Its
 * pwrite64 takes an off64_t, which on the 64-bit platforms cairn is built for is off_t. */
typedef ssize_t (*pwrite_fn)(int, const void *, size_t, off_t);

static ssize_t (*real_write)(int, const void *, size_t);
static pwrite_fn real_pwrite, real_pwrite64;
static int (*real_ftruncate)(int, off_t);
static int (*real_unlink)(const char *);

static ssize_t counted_write(int fd, const void *buf, size_t n)
{
    file_op("a write");
    return real_write(fd, buf, n);
}

static ssize_t counted_pwrite(int fd, const void *buf, size_t n, off_t at)
{
    file_op("a write");
    return real_pwrite(fd, buf, n, at);
}

static ssize_t counted_pwrite64(int fd, const void *buf, size_t n, off_t at)
{
    file_op("a write");
    return real_pwrite64(fd, buf, n, at);
}

static int counted_ftruncate(int fd, off_t size)
{
    file_op("a truncation");
    return real_ftruncate(fd, size);
}

static int counted_unlink(const char *path)
{
    file_op("an unlink");
    return real_unlink(path);
}

/* Puts fn in place of the system call `name` of SQLite's default (unix) file layer and
 * returns the one it replaced, or NULL when that layer does not make this call. */
static sqlite3_syscall_ptr replace(const char *name, sqlite3_syscall_ptr fn)
{
    sqlite3_vfs *vfs = sqlite3_vfs_find(NULL);
    if (!vfs || vfs->iVersion < 3) {
        child_says("error: SQLite's file layer does not let its system calls be replaced");
        _exit(2);
    }
    sqlite3_syscall_ptr real = vfs->xGetSystemCall(vfs, name);
    if (real && vfs->xSetSystemCall(vfs, name, fn) != SQLITE_OK) {
        child_says("error: SQLite's file layer does not let %s be replaced", name);
        _exit(2);
    }
    return real;
}

static void count_file_ops(void)
{
    _Static_assert(sizeof(off_t) == 8, "pwrite64 is called with an off_t");
    real_write =
        (ssize_t(*)(int, const void *, size_t))replace("write", (sqlite3_syscall_ptr)counted_write);
    real_pwrite = (pwrite_fn)replace("pwrite", (sqlite3_syscall_ptr)counted_pwrite);
    real_pwrite64 = (pwrite_fn)replace("pwrite64", (sqlite3_syscall_ptr)counted_pwrite64);
    real_ftruncate =
        (int (*)(int, off_t))replace("ftruncate", (sqlite3_syscall_ptr)counted_ftruncate);
    real_unlink = (int (*)(const char *))replace("unlink", (sqlite3_syscall_ptr)counted_unlink);
    if (!real_write || !(real_pwrite || real_pwrite64) || !real_ftruncate || !real_unlink) {
        child_says("error: SQLite's file layer does not write through the calls the test counts");
        _exit(2);
    }
}

/* Plays the game h holds beat by beat, saving after each beat and reporting each save once it
 * is committed as "saved BEAT CHECKSUM"; after `saves` of them, stops at file operation
 * stop_at (when not 0). Never returns. */
static void child_play(cairn_lua *h, const char *path, int saves, long stop_at)
{
    child.stop_at = stop_at;
    count_file_ops();
    for (int saved = 0;;) {
        cairn_session_end ended;
        cairn_error err;
        cairn_session_state state;
        if (cairn_session_bot(h, "explorer") || cairn_session_step(h, &ended)) {
            child_says("error: a beat: %s", cairn_lua_error(h));
            _exit(2);
        }
        if (cairn_save_write(h, path, &err)) {
            child_says("error: the save: %s", err.message);
            _exit(2);
        }
        if (cairn_session_save_state(h, &state)) {
            child_says("error: the state: %s", cairn_lua_error(h));
            _exit(2);
        }
        child_says("saved %llu %s", (unsigned long long)state.beat, state.checksum);
        child.armed = ++saved >= saves && stop_at > 0;
        if (ended != CAIRN_SESSION_PLAYING) {
            child_says("error: the game ended before the child was stopped");
            _exit(2);
        }
    }
}

/* --- the parent ------------------------------------------------------------------------- */

typedef struct crash_round {
    int n;
    uint64_t seed; /* the game's */
    int saves;     /* reported before the kill may come */
    long stop_at;  /* see child_play; 0: kill as soon as those saves are reported */
    char path[256];
    /* What the child reported: its last save, where it stopped, what went wrong if anything. */
    int reported;
    unsigned long long beat;
    char checksum[17];
    char stopped[512];
    char trouble[512];
} crash_round;

/* Reads one line from the child into the round; false when it was not a save. */
static bool take_line(crash_round *r, const char *line)
{
    unsigned long long beat;
    char sum[17];
    if (sscanf(line, "saved %llu %16s", &beat, sum) == 2) {
        r->reported++;
        r->beat = beat;
        snprintf(r->checksum, sizeof r->checksum, "%s", sum);
        return true;
    }
    char *kept = strncmp(line, "stopped", 7) ? r->trouble : r->stopped;
    snprintf(kept, sizeof r->trouble, "%.*s", (int)strcspn(line, "\n"), line);
    return false;
}

/* Reads the child's reports up to the moment of the kill, kills it, and reads what it still
 * reported before the kill landed. */
static void kill_child(crash_round *r, pid_t pid, int fd)
{
    FILE *from = fdopen(fd, "r");
    assert_non_null(from);
    char line[512];
    while (fgets(line, sizeof line, from) && take_line(r, line))
        if (r->stop_at == 0 && r->reported == r->saves)
            break;
    kill(pid, SIGKILL);
    while (fgets(line, sizeof line, from))
        take_line(r, line);
    fclose(from);
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    if (r->trouble[0])
        fail_msg("round %d: the child says: %s", r->n, r->trouble);
    if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGKILL)
        fail_msg("round %d: the child ended before it was killed", r->n);
}

/* The checksum the round's game comes to after `beats` beats, played again from the start. */
static void checksum_at(const crash_round *r, uint64_t beats, char out[17])
{
    cairn_lua *h = session_start(NULL, r->seed);
    session_play(h, (int)beats);
    assert_int_equal(session_beat(h), beats);
    session_checksum(h, out);
    cairn_lua_destroy(h);
}

/* The save reads back in a fresh host as the last one committed: the last one reported, or
 * the next when its commit finished after the report before it but before the kill. */
static void check_resumed(const crash_round *r)
{
    cairn_lua *h = session_host(NULL);
    cairn_error err;
    if (cairn_save_read(h, r->path, &err))
        fail_msg("round %d: the save does not read back: %s", r->n, err.message);
    uint64_t beat = session_beat(h);
    char resumed[17], expected[17];
    session_checksum(h, resumed);
    cairn_lua_destroy(h);
    if (beat == r->beat)
        snprintf(expected, sizeof expected, "%s", r->checksum);
    else if (beat == r->beat + 1)
        checksum_at(r, beat, expected);
    else
        fail_msg("round %d: the save is of beat %llu; the last one reported was of beat %llu", r->n,
                 (unsigned long long)beat, r->beat);
    if (strcmp(resumed, expected))
        fail_msg("round %d: the save of beat %llu comes to %s; the game came to %s", r->n,
                 (unsigned long long)beat, resumed, expected);
    print_message("  %s%s; resumed at beat %llu, the last reported %llu\n", r->stopped,
                  r->stop_at ? " and killed" : "killed at once", (unsigned long long)beat, r->beat);
}

static void play_and_kill(int n)
{
    crash_round r = {.n = n};
    r.seed = 1 + draw(1000);
    r.saves = 1 + (int)draw(SAVES_MAX);
    r.stop_at = draw(4) == 0 ? 0 : 1 + (long)draw(STOP_MAX);
    char name[32];
    snprintf(name, sizeof name, "crash-%d.sqlite", n);
    session_temp(name, r.path);
    print_message("round %d: game %llu, %d save%s, then ", n, (unsigned long long)r.seed, r.saves,
                  r.saves == 1 ? "" : "s");
    if (r.stop_at)
        print_message("a stop at file operation %ld of the later saves\n", r.stop_at);
    else
        print_message("a kill at once\n");

    /* The host is made here, where a failure is the test's; the child gets a copy. */
    cairn_lua *h = session_start(NULL, r.seed);
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        close(fds[0]);
        child.fd = fds[1];
        child_play(h, r.path, r.saves, r.stop_at);
    }
    close(fds[1]);
    cairn_lua_destroy(h);
    kill_child(&r, pid, fds[0]);
    check_resumed(&r);
}

static void a_save_killed_half_way_leaves_the_last_one_whole(void **state)
{
    (void)state;
    seed_draws();
    for (int n = 1; n <= ROUNDS; n++)
        play_and_kill(n);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_save_killed_half_way_leaves_the_last_one_whole),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
