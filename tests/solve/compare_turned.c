/*
 * compare-turned: checks the table of a Rio Kadalis round configuration
 * against the table of the configuration turned round by half a turn
 * (`--open KS,KN` against `--open KN,KS`), entry by entry, byte for byte:
 *
 *   compare-turned FILE FILE2
 *
 * A position is stored as the counts of its open pits seen from the
 * player to move (solve.h, "Round configurations"), so the position
 * turned round has the same counts with the other player to move: in
 * each layer, FILE's block of South to move must equal FILE2's block of
 * North to move, and the other way round; value and distance alike. It
 * reads the files in pieces (a table of 36 stones is 2.4 GB), so it takes
 * the time of reading them. Much faster than check-round-tables
 * --rotated, which asks the public API for every position's value and
 * best moves; this one trusts only the file format. Prints what it
 * compared; exit status 0 if every entry is equal, 1 if not, 2 on a
 * file it cannot read or tables that are not each other's turned twin.
 *
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "solve/solve.h"

static void die(const char *path, const char *what)
{
    fprintf(stderr, "compare-turned: %s: %s\n", path, what);
    exit(2);
}

/* Reads `size` bytes at `at`, in as many reads as it takes. */
static void read_at(int fd, const char *path, uint8_t *buf, size_t size, uint64_t at)
{
    while (size) {
        const ssize_t got = pread(fd, buf, size, (off_t)at);
        if (got <= 0)
            die(path, "short read");
        buf += got;
        size -= (size_t)got;
        at += (uint64_t)got;
    }
}

struct table {
    const char *path;
    int fd;
    uint8_t header[MT_HEADER_SIZE];
    struct mt_layout lay;
};

static void open_table(struct table *t, const char *path)
{
    t->path = path;
    t->fd = open(path, O_RDONLY);
    if (t->fd < 0)
        die(path, "cannot open it");
    read_at(t->fd, path, t->header, MT_HEADER_SIZE, 0);
    const uint8_t *h = t->header;
    const int pits = (int)mt_get(h + MT_OFF_PITS, 2), step = h[MT_OFF_STEP] ? h[MT_OFF_STEP] : 1;
    if (memcmp(h + MT_OFF_MAGIC, mt_magic, sizeof mt_magic) != 0 ||
        mt_get(h + MT_OFF_ENTRY_SIZE, 4) != MT_ENTRY_SIZE || pits % 2 || pits > MT_MOST_PITS ||
        !mt_layout_init(&t->lay, pits / 2, (uint16_t)mt_get(h + MT_OFF_CLOSED, 2),
                        (int)mt_get(h + MT_OFF_MAX_STONES, 2), step) ||
        t->lay.count != mt_get(h + MT_OFF_ENTRIES, 4))
        die(path, "not a table of a round configuration");
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: compare-turned FILE FILE2\n");
        return 2;
    }
    struct table a, b;
    open_table(&a, argv[1]);
    open_table(&b, argv[2]);
    const int n = a.lay.n;
    const unsigned all = (1u << a.lay.pits) - 1;
    if (memcmp(a.header + MT_OFF_RULES, b.header + MT_OFF_RULES, 16) != 0 || b.lay.n != n ||
        b.lay.max_stones != a.lay.max_stones || b.lay.step != a.lay.step ||
        b.lay.closed != (((a.lay.closed >> n) | (a.lay.closed << n)) & all))
        die(argv[2], "not the table of the configuration turned round");

    enum { PIECE = 1 << 22 }; /* bytes */
    uint8_t *x = malloc(PIECE), *y = malloc(PIECE);
    if (!x || !y)
        die(argv[1], "out of memory");
    uint64_t entries = 0, differ = 0;
    for (int s = 0; s <= a.lay.max_stones; s++) {
        if (!mt_layout_covers(&a.lay, s))
            continue;
        /* Each side's block of the layer: one block when the board is
         * the same turned round (sides = 1). */
        const uint64_t block = mt_layout_size(&a.lay, s) / (uint64_t)a.lay.sides;
        for (int side = 0; side < a.lay.sides; side++) {
            const int other = a.lay.sides == 2 ? 1 - side : 0;
            const uint64_t from = MT_HEADER_SIZE + (a.lay.layer[s] + side * block) * MT_ENTRY_SIZE,
                           to = MT_HEADER_SIZE + (b.lay.layer[s] + other * block) * MT_ENTRY_SIZE;
            for (uint64_t done = 0; done < block * MT_ENTRY_SIZE;) {
                const uint64_t left = block * MT_ENTRY_SIZE - done;
                const size_t size = left < PIECE ? (size_t)left : PIECE;
                read_at(a.fd, a.path, x, size, from + done);
                read_at(b.fd, b.path, y, size, to + done);
                if (memcmp(x, y, size) != 0)
                    for (size_t k = 0; k < size; k += MT_ENTRY_SIZE)
                        differ += memcmp(x + k, y + k, MT_ENTRY_SIZE) != 0;
                done += size;
            }
            entries += block;
        }
    }
    free(x);
    free(y);
    close(a.fd);
    close(b.fd);
    printf("%llu entries of %s: %llu differ from their position turned round in %s\n",
           (unsigned long long)entries, argv[1], (unsigned long long)differ, argv[2]);
    return differ ? 1 : 0;
}
