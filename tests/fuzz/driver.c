/*
 * driver.c - a main for a fuzz target built without libFuzzer: runs the target once over each
 * file named, and over each file of each folder named, in name order. CTest runs every target
 * this way over its seed corpus and its regressions, so what the fuzzers found stays fixed in
 * every build (gcc, the sanitizers, Release), not only in the fuzzing one.
 *
 *   fuzz_TARGET FILE_OR_DIR...
 *
 * A crash is the test failing; otherwise it prints how many inputs ran and exits 0.
 */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

static unsigned char *read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        fuzz_die("cannot open %s", path);
    size_t cap = 4096, n = 0;
    unsigned char *bytes = malloc(cap);
    size_t got;
    while (bytes && (got = fread(bytes + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            unsigned char *grown = realloc(bytes, cap *= 2);
            if (!grown)
                free(bytes);
            bytes = grown;
        }
    }
    fclose(f);
    if (!bytes)
        fuzz_die("out of memory reading %s", path);
    *size = n;
    return bytes;
}

static void run_file(const char *path, unsigned *count)
{
    size_t size;
    unsigned char *bytes = read_file(path, &size);
    LLVMFuzzerTestOneInput(bytes, size);
    free(bytes);
    (*count)++;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
    return strcmp((*a)->d_name, (*b)->d_name);
}

static int visible(const struct dirent *e)
{
    return e->d_name[0] != '.';
}

/* Every file of the folder, in name order; hidden ones (.gitkeep) are not inputs. */
static void run_dir(const char *dir, unsigned *count)
{
    struct dirent **entries;
    int n = scandir(dir, &entries, visible, by_name);
    if (n < 0)
        fuzz_die("cannot read the folder %s", dir);
    for (int i = 0; i < n; i++) {
        char path[4096];
        struct stat s;
        snprintf(path, sizeof path, "%s/%s", dir, entries[i]->d_name);
        if (stat(path, &s) == 0 && S_ISREG(s.st_mode))
            run_file(path, count);
        free(entries[i]);
    }
    free(entries);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE_OR_DIR...\n", argv[0]);
        return 2;
    }
    unsigned count = 0;
    for (int i = 1; i < argc; i++) {
        struct stat s;
        if (stat(argv[i], &s) != 0)
            fuzz_die("no file or folder %s", argv[i]);
        if (S_ISDIR(s.st_mode))
            run_dir(argv[i], &count);
        else
            run_file(argv[i], &count);
    }
    printf("%u inputs ran\n", count);
    return 0;
}
