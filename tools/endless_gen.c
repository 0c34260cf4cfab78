/*
 * Derives the endless moves of Rio Kadalis (RULES.md, rule 6) from the
 * rules, for each ring of 1 to 12 open pits, and writes them as the table
 * the move list looks them up in (lib/rules/endless_table.h; doc/endless.md has
 * the proof this follows).
 *
 * It follows endless.c (the proof is in doc/endless.md). Run by hand when
 * the rules change:
 *
 *   endless-gen           writes the table to standard output
 *   endless-gen --counts  prints the counts per ring size and stone count
 *   endless-gen --check   also sows every lap start of small rings and few
 *                         stones, and says whether the two agree
 *   endless-gen --compare FILE
 *                         whether FILE is the table it writes (a test)
 *
 * It links the library, which includes the table: a change to the
 * table's layout is made by building this against the library before it
 * (or by hand), then the library against the new table.
 *
 * SPDX-License-Identifier: MIT
 */
/* open_memstream() */
#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/random.h"
#include "endless.h"

/* ---- the table ---- */

/* The most stones of the lap starts in the table (a smaller build
 * includes fewer: ENDLESS_TABLE_STONES in rio_kadalis.c). */
enum { TABLE_MOST = 32 };

static int compare_u16(const void *a, const void *b)
{
    return (int)*(const uint16_t *)a - (int)*(const uint16_t *)b;
}

/* `static const TYPE NAME[count] = {...};`, twelve values a line (one
 * a ring size, for the arrays by group). */
static void write_array(FILE *f, const char *type, const char *name, const int *values,
                        int count)
{
    fprintf(f, "static const %s %s[%d] = {", type, name, count);
    for (int k = 0; k < count; k++)
        fprintf(f, "%s%d,", k % 12 ? " " : "\n    ", values[k]);
    fprintf(f, "\n};\n");
}

/* ---- the board filter ---- */

/* Bits of the board filter per distinct number of a group, for boards
 * of at most 32 stones and of more (doc/endless.md: their false hits,
 * and the size). */
enum { BOARD_BITS_FEW = 8, BOARD_BITS_MANY = 4 };

/* The keys of mc_ring_pairs(): splitmix64 from a fixed seed, odd. */
static void pair_keys(uint64_t keys[64])
{
    uint64_t x = 0x243f6a8885a308d3u;
    for (int i = 0; i < 64; i++) {
        keys[i] = mc_random_next(&x) | 1;
    }
}

static int compare_u64(const void *a, const void *b)
{
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* `static const uint64_t NAME[count] = {...};`, four a line. */
static void write_words(FILE *f, const char *name, const uint64_t *values, size_t count)
{
    fprintf(f, "static const uint64_t %s[%zu] = {", name, count);
    for (size_t i = 0; i < count; i++)
        fprintf(f, "%s0x%016" PRIx64 "u,", i % 4 ? " " : "\n    ", values[i]);
    fprintf(f, "\n};\n");
}

/* The filter of the boards with every pit open (10 and 12 pits) that
 * may hold an endless lap start: a Bloom filter (two bits a number) of
 * the endless lap starts' mc_ring_pairs() for each stone count, a
 * multiple of 4 from 0 to 48. */
static void write_board_filter(FILE *f, struct ring_set endless[ENDLESS_RING_MAX + 1])
{
    enum { GROUPS = 2 * (ENDLESS_MAX_STONES / 4 + 1) };
    uint64_t keys[64];
    pair_keys(keys);
    int size[GROUPS], start[GROUPS + 1];
    uint64_t *bits = NULL;
    size_t words = 0;
    for (int k = 0; k < GROUPS; k++) {
        const int stones = k / 2 * 4, m = k % 2 ? 12 : 10;
        uint64_t *number = malloc((endless[m].count + 1) * sizeof *number);
        if (!number) {
            fprintf(stderr, "endless-gen: out of memory\n");
            exit(1);
        }
        size_t count = 0;
        for (size_t i = 0; i < endless[m].cap; i++)
            if (endless[m].used[i] && ring_stones(&endless[m].slot[i], m) == stones)
                number[count++] = mc_ring_pairs(endless[m].slot[i].c, m, keys);
        qsort(number, count, sizeof *number, compare_u64);
        size_t distinct = 0;
        for (size_t i = 0; i < count; i++)
            distinct += i == 0 || number[i] != number[i - 1];
        const size_t per = stones <= 32 ? BOARD_BITS_FEW : BOARD_BITS_MANY;
        const size_t group_words = (distinct * per + 63) / 64 + 1;
        bits = realloc(bits, (words + group_words) * sizeof *bits);
        if (!bits) {
            fprintf(stderr, "endless-gen: out of memory\n");
            exit(1);
        }
        memset(bits + words, 0, group_words * sizeof *bits);
        size[k] = (int)(64 * group_words);
        start[k] = (int)words;
        for (size_t i = 0; i < count; i++) {
            uint32_t bit[2];
            mc_filter_bits(number[i], (uint32_t)size[k], bit);
            for (int j = 0; j < 2; j++)
                bits[words + bit[j] / 64] |= (uint64_t)1 << bit[j] % 64;
        }
        words += group_words;
        free(number);
    }
    start[GROUPS] = (int)words;
    fprintf(f, "\n/* The board filter (doc/endless.md, \"A board at once\"): the keys of\n"
               " * mc_ring_pairs(), and for the boards with every pit open of t stones,\n"
               " * t a multiple of 4, and m = 10 or 12 pits, group k = t / 4 * 2 +\n"
               " * (m == 12): endless_board_size[k] bits from word endless_board_start[k]\n"
               " * of endless_board_bits, with both bits of mc_filter_bits() set for\n"
               " * the mc_ring_pairs() of each endless lap start of the group (%d bits\n"
               " * for each distinct number up to 32 stones, %d above, and a word). */\n",
            BOARD_BITS_FEW, BOARD_BITS_MANY);
    fprintf(f, "#if ENDLESS_TABLE_STONES > 0\n");
    write_words(f, "endless_pair_keys", keys, 64);
    write_array(f, "uint32_t", "endless_board_size", size, GROUPS);
    write_array(f, "uint32_t", "endless_board_start", start, GROUPS + 1);
    write_words(f, "endless_board_bits", bits, words);
    fprintf(f, "#endif\n");
    free(bits);
}

static void write_table(FILE *f, struct ring_set endless[ENDLESS_RING_MAX + 1])
{
    fprintf(f, "/*\n * The endless lap starts of Rio Kadalis (RULES.md, rule 6), derived from\n"
           " * the rules by tools/endless_gen.c (doc/endless.md): do not edit. The\n"
           " * test endless-table writes it again and compares.\n *\n"
           " * Endless lap starts of at most 48 stones on a ring of m open pits:\n");
    for (int m = 1; m <= ENDLESS_RING_MAX; m++)
        fprintf(f, " *   m = %2d: %zu\n", m, endless[m].count);
    fprintf(f, " *\n * SPDX-License-Identifier: MIT\n */\n\n");
    fprintf(f, "/* endless_counts[m]: bit t set if a lap start of t stones on a ring of m\n"
           " * open pits is endless (bits 49 to 63: more stones than a board holds,\n"
           " * not known, so set). */\n");
    fprintf(f, "static const uint64_t endless_counts[%d] = {\n    0x0,\n", ENDLESS_RING_MAX + 1);
    for (int m = 1; m <= ENDLESS_RING_MAX; m++) {
        uint64_t bits = ~(uint64_t)0 << (ENDLESS_MAX_STONES + 1);
        for (size_t i = 0; i < endless[m].cap; i++)
            if (endless[m].used[i])
                bits |= (uint64_t)1 << ring_stones(&endless[m].slot[i], m);
        fprintf(f, "    0x%016" PRIx64 "u,\n", bits);
    }
    fprintf(f, "};\n\n");
    /* The fingerprints, by stone count (multiples of 4) then ring size. */
    const int groups = TABLE_MOST / 4 + 1;
    static uint16_t fingerprint[1 << 16];
    int start[(TABLE_MOST / 4 + 1) * ENDLESS_RING_MAX + 1], total = 0;
    int group_end[TABLE_MOST / 4 + 1];
    for (int g = 0; g < groups; g++) {
        for (int m = 1; m <= ENDLESS_RING_MAX; m++) {
            start[g * ENDLESS_RING_MAX + m - 1] = total;
            const int first = total;
            for (size_t i = 0; i < endless[m].cap; i++)
                if (endless[m].used[i] && ring_stones(&endless[m].slot[i], m) == 4 * g) {
                    uint8_t ring[16] = {0};
                    memcpy(ring, endless[m].slot[i].c, sizeof endless[m].slot[i].c);
                    fingerprint[total++] = (uint16_t)mc_ring_fingerprint(ring);
                }
            qsort(fingerprint + first, (size_t)(total - first), sizeof *fingerprint,
                  compare_u16);
            int kept = first; /* one of each */
            for (int i = first; i < total; i++)
                if (i == first || fingerprint[i] != fingerprint[kept - 1])
                    fingerprint[kept++] = fingerprint[i];
            total = kept;
        }
        group_end[g] = total;
    }
    start[groups * ENDLESS_RING_MAX] = total;
    fprintf(f, "/* The fingerprints (mc_ring_fingerprint()) of the endless lap starts\n"
           " * whose stones are a multiple of 4 (the counts play reaches: a round\n"
           " * starts with 4 in each open pit, and fours are taken), at most %d,\n"
           " * sorted: those of t stones on a ring of m open pits are\n"
           " * endless_fingerprint[endless_start[k]] up to endless_start[k + 1]\n"
           " * excluded, k = t / 4 * 12 + m - 1. The groups of more than\n"
           " * ENDLESS_TABLE_STONES stones are left out (then never looked up). */\n",
           TABLE_MOST);
    fprintf(f, "#define ENDLESS_TABLE_MOST %d\n", TABLE_MOST);
    write_array(f, "uint16_t", "endless_start", start, groups * ENDLESS_RING_MAX + 1);
    fprintf(f, "static const uint16_t endless_fingerprint[] = {\n");
    for (int g = 0, at = 0; g < groups; g++) {
        if (at == group_end[g])
            continue;
        fprintf(f, "#if ENDLESS_TABLE_STONES >= %d\n", 4 * g);
        for (int col = 0; at < group_end[g]; at++, col++)
            fprintf(f, "%s0x%04x,", col % 10 ? " " : col ? "\n    " : "    ", fingerprint[at]);
        fprintf(f, "\n#endif\n");
    }
    fprintf(f, "    0 /* none: keeps the array from being empty */\n};\n");
    /* The buckets: a group of L fingerprints by their top floor(log2 L)
     * bits (1 to 2 fingerprints a bucket on average), an empty one as one
     * empty bucket. */
    static uint16_t bucket[(1 << 16) + 2 * (TABLE_MOST / 4 + 1) * ENDLESS_RING_MAX];
    int bits[(TABLE_MOST / 4 + 1) * ENDLESS_RING_MAX];
    int bucket_start[(TABLE_MOST / 4 + 1) * ENDLESS_RING_MAX + 1], buckets = 0;
    int bucket_end[TABLE_MOST / 4 + 1];
    for (int g = 0; g < groups; g++) {
        for (int m = 1; m <= ENDLESS_RING_MAX; m++) {
            const int k = g * ENDLESS_RING_MAX + m - 1, len = start[k + 1] - start[k];
            int b = 0;
            while (len >> (b + 1))
                b++;
            bits[k] = b;
            bucket_start[k] = buckets;
            for (int j = 0, at = start[k]; j <= 1 << b; j++) {
                while (at < start[k + 1] && fingerprint[at] >> (16 - b) < j)
                    at++;
                bucket[buckets++] = (uint16_t)at;
            }
        }
        bucket_end[g] = buckets;
    }
    bucket_start[groups * ENDLESS_RING_MAX] = buckets;
    fprintf(f, "/* The fingerprints of group k in buckets by their top\n"
               " * endless_bucket_bits[k] bits: bucket j holds endless_fingerprint[i] for\n"
               " * i from endless_bucket[endless_bucket_start[k] + j] up to the next\n"
               " * entry excluded. */\n");
    write_array(f, "uint8_t", "endless_bucket_bits", bits, groups * ENDLESS_RING_MAX);
    write_array(f, "uint16_t", "endless_bucket_start", bucket_start,
                groups * ENDLESS_RING_MAX + 1);
    fprintf(f, "static const uint16_t endless_bucket[] = {\n");
    for (int g = 0, at = 0; g < groups; g++) {
        fprintf(f, "#if ENDLESS_TABLE_STONES >= %d\n", 4 * g);
        for (int col = 0; at < bucket_end[g]; at++, col++)
            fprintf(f, "%s%d,", col % 12 ? " " : col ? "\n    " : "    ", bucket[at]);
        fprintf(f, "\n#endif\n");
    }
    fprintf(f, "    0 /* none: keeps the array from being empty */\n};\n");
    /* The hands, by the same groups. */
    fprintf(f, "/* endless_hands[k], k as above: bit h set if an endless lap start of\n"
               " * that group has h stones in its origin. */\n");
    fprintf(f, "static const uint64_t endless_hands[] = {\n");
    for (int g = 0; g < groups; g++) {
        fprintf(f, "#if ENDLESS_TABLE_STONES >= %d\n", 4 * g);
        for (int m = 1; m <= ENDLESS_RING_MAX; m++) {
            uint64_t hands = 0;
            for (size_t i = 0; i < endless[m].cap; i++)
                if (endless[m].used[i] && ring_stones(&endless[m].slot[i], m) == 4 * g)
                    hands |= (uint64_t)1 << endless[m].slot[i].c[0];
            fprintf(f, "%s0x%" PRIx64 "u,", m % 4 == 1 ? "    " : " ", hands);
            if (m % 4 == 0)
                fprintf(f, "\n");
        }
        fprintf(f, "#endif\n");
    }
    fprintf(f, "};\n");
    write_board_filter(f, endless);
}

int main(int argc, char **argv)
{
    const int counts = argc > 1 && strcmp(argv[1], "--counts") == 0;
    const int check = argc > 1 && strcmp(argv[1], "--check") == 0;
    static struct ring_set endless[ENDLESS_RING_MAX + 1];
    long wrong = 0;
    for (int m = 1; m <= ENDLESS_RING_MAX; m++) {
        endless_find(m, &endless[m], NULL);
        long by_stones[ENDLESS_MAX_STONES + 1] = {0};
        for (size_t i = 0; i < endless[m].cap; i++)
            if (endless[m].used[i])
                by_stones[ring_stones(&endless[m].slot[i], m)]++;
        if (counts) {
            long four = 0, upto40 = 0;
            for (int t = 0; t <= ENDLESS_MAX_STONES; t++) {
                four += t % 4 == 0 ? by_stones[t] : 0;
                upto40 += t <= 40 ? by_stones[t] : 0;
            }
            printf("m=%d endless=%zu multiple-of-4=%ld at-most-40=%ld\n ", m, endless[m].count,
                   four, upto40);
            for (int t = 0; t <= ENDLESS_MAX_STONES; t++)
                if (by_stones[t])
                    printf(" %d:%ld", t, by_stones[t]);
            printf("\n");
        }
        if (check) {
            /* Every lap start of up to `most` stones, about a million each. */
            static const int most[ENDLESS_RING_MAX + 1] = {0, 48, 48, 40, 28, 22, 18, 16, 15, 14, 13, 13, 13};
            long seen = 0;
            const long bad = endless_brute_force(m, most[m], &endless[m], &seen);
            printf("m=%d: every lap start of up to %d stones sown: %ld endless, %ld disagree\n", m,
                   most[m], seen, bad);
            wrong += bad;
        }
    }
    if (argc > 2 && strcmp(argv[1], "--compare") == 0) {
        /* The table as written, against the file's bytes. */
        char *text = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&text, &len);
        if (!f)
            return 2;
        write_table(f, endless);
        fclose(f);
        FILE *in = fopen(argv[2], "rb");
        char *old = malloc(len + 1);
        const size_t got = in && old ? fread(old, 1, len + 1, in) : 0;
        const int same = got == len && memcmp(old, text, len) == 0;
        printf("%s %s the table endless-gen writes%s\n", argv[2], same ? "is" : "is NOT",
               same ? "" : " (endless-gen > lib/rules/endless_table.h writes it)");
        wrong += !same;
        if (in)
            fclose(in);
        free(old);
        free(text);
    } else if (!counts && !check) {
        write_table(stdout, endless);
    }
    for (int m = 1; m <= ENDLESS_RING_MAX; m++) {
        endless_set_free(&endless[m]);
    }
    return wrong != 0;
}
