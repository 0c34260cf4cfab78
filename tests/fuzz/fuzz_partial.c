/*
 * libFuzzer harness for resuming from a partial file (lib/solve/solve.h,
 * "Partial files"). Once, it solves a small round configuration whole
 * (the reference table) and again stopped after a few layers (the partial
 * file). Each input is a list of changes to that partial file: 4 bytes
 * each, a little-endian u24 offset (modulo the file's size) and the byte
 * to put there; an input of odd length also cuts the file to
 * (first byte * size / 256) bytes. The solve is then run again on it.
 *
 * Checks: the solve either resumes and writes the reference table byte
 * for byte (a change to what it does not use), or refuses the file with
 * MANCALA_E_FORMAT or MANCALA_E_VERSION and leaves it exactly as it was,
 * writing no table. Never another table, never another status.
 *
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mancala.h"
#include "solve/solve.h"

#include "fuzz/check.h"

enum { STONES = 10, STOP_AT = 6 };
static const char *const RULES = "rio-kadalis";
/* Two pits each side open (a match round): small layers. */
static const unsigned CLOSED = 0xf | 0xf << 6;

static char table_path[80], partial_path[96];
static uint8_t *reference, *partial;
static size_t reference_size, partial_size;

static uint8_t *read_all(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    CHECK(f);
    CHECK(fseek(f, 0, SEEK_END) == 0);
    const long end = ftell(f);
    CHECK(end >= 0 && fseek(f, 0, SEEK_SET) == 0);
    uint8_t *data = malloc((size_t)end + 1);
    CHECK(data && fread(data, 1, (size_t)end, f) == (size_t)end);
    fclose(f);
    *size = (size_t)end;
    return data;
}

static void write_all(const char *path, const uint8_t *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    CHECK(f && fwrite(data, 1, size, f) == size && fclose(f) == 0);
}

static int stop_at(void *opaque, int step, int steps, uint64_t done, uint64_t total)
{
    (void)opaque, (void)steps, (void)done, (void)total;
    return step >= STOP_AT;
}

static int solve(mancala_progress_fn progress)
{
    return mancala__solve(&(struct mt_solve_params){.path = table_path, .rules = RULES,
                                                     .closed = CLOSED, .max_stones = STONES,
                                                     .threads = 1, .resumable = 1,
                                                     .progress = progress});
}

static void setup(void)
{
    /* In memory where there is a tmpfs: the solver syncs every layer. */
    const char *dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
    snprintf(table_path, sizeof table_path, "%s/fuzz-partial-%ld.table", dir, (long)getpid());
    snprintf(partial_path, sizeof partial_path, "%s.partial", table_path);
    remove(partial_path);
    CHECK(solve(NULL) == MANCALA_OK);
    reference = read_all(table_path, &reference_size);
    remove(table_path);
    CHECK(solve(stop_at) == MANCALA_E_CANCELLED);
    partial = read_all(partial_path, &partial_size);
    CHECK(partial_size > MT_HEADER_SIZE);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!reference)
        setup();
    uint8_t *file = malloc(partial_size);
    CHECK(file);
    memcpy(file, partial, partial_size);
    size_t file_size = partial_size;
    size_t at = 0;
    if (size % 2) {
        file_size = (size_t)data[0] * partial_size / 256;
        at = 1;
    }
    for (; at + 4 <= size; at += 4) {
        const size_t offset = ((size_t)data[at] | (size_t)data[at + 1] << 8 |
                               (size_t)data[at + 2] << 16) % partial_size;
        if (offset < file_size)
            file[offset] = data[at + 3];
    }
    write_all(partial_path, file, file_size);
    remove(table_path);

    const int status = solve(NULL);
    if (status == MANCALA_OK) {
        size_t got_size;
        uint8_t *got = read_all(table_path, &got_size);
        CHECK(got_size == reference_size && memcmp(got, reference, got_size) == 0);
        free(got);
        CHECK(access(partial_path, F_OK) != 0); /* removed once the table is written */
    } else {
        CHECK(status == MANCALA_E_FORMAT || status == MANCALA_E_VERSION);
        CHECK(access(table_path, F_OK) != 0);
        size_t kept_size;
        uint8_t *kept = read_all(partial_path, &kept_size);
        CHECK(kept_size == file_size && memcmp(kept, file, file_size) == 0);
        free(kept);
    }
    remove(partial_path);
    free(file);
    return 0;
}
