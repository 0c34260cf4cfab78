/*
 * solve-lean-stats: the lean solver's measurements, and two tables
 * compared entry by entry (not a test; doc/performance.md uses it).
 *
 *   solve-lean-stats solve RULES KS,KN MAX_STONES STEP FILE [THREADS]
 *       solves as 'mancala solve RULES --open KS,KN --max-stones MAX_STONES
 *       --step STEP --lean -o FILE' does, then prints per layer its
 *       positions, the sweeps of its values (the last one changes
 *       nothing), the sweeps of its distances and the positions whose
 *       moves were generated.
 *   solve-lean-stats compare A B
 *       compares the lo and hi of every entry of two tables of the same
 *       positions (of format 2 or 3, the same or not), and whether each
 *       distance is none where both keep one: prints the entries, how
 *       many are exact and how many differ; exits 1 if any does.
 *
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L /* strnlen() */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "solve/solve_lean.h"

static int usage(void)
{
    fprintf(stderr, "usage: solve-lean-stats solve RULES KS,KN MAX_STONES STEP FILE [THREADS]\n"
                    "       solve-lean-stats compare A B\n");
    return 2;
}

static int solve(char **argv, int argc)
{
    const char *rules = argv[2];
    const struct mc_variant *v = mancala__variant_find(rules, strlen(rules));
    int ks, kn;
    if (!v || sscanf(argv[3], "%d,%d", &ks, &kn) != 2 || ks < 1 || kn < 1 || ks > v->n ||
        kn > v->n)
        return usage();
    unsigned closed = 0;
    for (int p = 0; p < v->n - ks; p++)
        closed |= 1u << p;
    for (int p = v->n; p < 2 * v->n - kn; p++)
        closed |= 1u << p;
    const int max_stones = atoi(argv[4]), step = atoi(argv[5]);
    struct mt_lean_stats st;
    const int status = mancala__solve_lean(&(struct mt_solve_params){
        .path = argv[6], .rules = rules, .closed = closed, .max_stones = max_stones, .step = step,
        .threads = argc > 7 ? atoi(argv[7]) : 0, .resumable = 1, .lean_stats = &st});
    if (status != MANCALA_OK) {
        fprintf(stderr, "solve-lean-stats: %s\n", mancala_strerror(status));
        return 1;
    }
    struct mt_layout lay;
    mt_layout_init(&lay, v->n, (uint16_t)closed, max_stones, step);
    printf("stones positions value_sweeps distance_sweeps visits_per_position "
           "value_visits_per_position\n");
    for (int s = 0; s <= max_stones; s++)
        if (mt_layout_covers(&lay, s) && st.value_sweeps[s])
            printf("%d %" PRIu64 " %u %u %.2f %.2f\n", s, mt_layout_size(&lay, s),
                   st.value_sweeps[s], st.rank_sweeps[s],
                   (double)st.visits[s] / (double)mt_layout_size(&lay, s),
                   (double)st.value_visits[s] / (double)mt_layout_size(&lay, s));
    printf("entries %" PRIu64 " exact %" PRIu64 " forced %" PRIu64 " max_distance %u "
           "largest_layer %" PRIu64 "\n",
           st.table.positions, st.table.exact, st.table.forced, st.table.max_distance,
           st.table.largest_layer);
    return 0;
}

static uint8_t *read_whole(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    uint8_t *data = NULL;
    if (f && fseek(f, 0, SEEK_END) == 0) {
        *size = (size_t)ftell(f);
        rewind(f);
        data = malloc(*size ? *size : 1);
        if (data && fread(data, 1, *size, f) != *size) {
            free(data);
            data = NULL;
        }
    }
    if (f)
        fclose(f);
    if (!data)
        fprintf(stderr, "solve-lean-stats: cannot read %s\n", path);
    return data;
}

/* The positions of a table image, from its header (checked enough for a
 * tool: mancala_table_open() checks everything). */
static int layout_of(const uint8_t *data, size_t size, struct mt_layout *lay)
{
    if (size < MT_HEADER_SIZE || memcmp(data, mt_magic, sizeof mt_magic) != 0)
        return 0;
    const int step = data[MT_OFF_STEP] ? data[MT_OFF_STEP] : 1;
    const int version = (int)mt_get(data + MT_OFF_VERSION, 4);
    return (version == MT_VERSION || version == MT_VERSION_LEAN) &&
           mt_layout_init_format(lay, (int)mt_get(data + MT_OFF_PITS, 2) / 2,
                                 (uint16_t)mt_get(data + MT_OFF_CLOSED, 2),
                                 (int)mt_get(data + MT_OFF_MAX_STONES, 2), step, version) &&
           size >= MT_HEADER_SIZE + lay->count * (uint64_t)lay->entry_size;
}

static int compare(const char *path_a, const char *path_b)
{
    size_t na = 0, nb = 0;
    uint8_t *a = read_whole(path_a, &na), *b = a ? read_whole(path_b, &nb) : NULL;
    struct mt_layout la, lb;
    if (!a || !b || !layout_of(a, na, &la) || !layout_of(b, nb, &lb) || la.count != lb.count ||
        memcmp(la.layer, lb.layer, sizeof la.layer) != 0) {
        fprintf(stderr, "solve-lean-stats: not two tables of the same positions\n");
        return 2;
    }
    const uint64_t count = la.count;
    const char *rules = (const char *)a + MT_OFF_RULES;
    struct mc_board board;
    mancala__board_init(&board, mancala__variant_find(rules, strnlen(rules, 16)), la.closed);
    uint64_t exact = 0, differ = 0;
    for (uint64_t i = 0; i < count; i++) {
        const struct mt_entry x = mancala__entry(&la, &board, a + MT_HEADER_SIZE, i, NULL);
        const struct mt_entry y = mancala__entry(&lb, &board, b + MT_HEADER_SIZE, i, NULL);
        exact += x.lo == x.hi;
        differ += x.lo != y.lo || x.hi != y.hi ||
                  (x.lo == x.hi && (x.distance == MT_NO_DISTANCE) != (y.distance == MT_NO_DISTANCE));
    }
    printf("entries %" PRIu64 " exact %" PRIu64 " differ %" PRIu64 "\n", count, exact, differ);
    free(a);
    free(b);
    return differ ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc >= 7 && !strcmp(argv[1], "solve"))
        return solve(argv, argc);
    if (argc == 4 && !strcmp(argv[1], "compare"))
        return compare(argv[2], argv[3]);
    return usage();
}
