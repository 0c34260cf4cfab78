/*
 * The lean solver (solve_lean.c) against the solver of solve.c, entry by
 * entry on small tables of each kind: the same lo and hi everywhere, the
 * same positions forced by each player; its distances make progress;
 * the same file for any number of threads and after being stopped.
 *
 * SPDX-License-Identifier: MIT
 */
#define _XOPEN_SOURCE 700

#include <unistd.h>

#include "helpers.h"
#include "solve/solve_lean.h"

#define require(cond, ...)                                                                         \
    do {                                                                                           \
        if (!(cond))                                                                               \
            ck_abort_msg(__VA_ARGS__);                                                             \
    } while (0)

struct config {
    const char *rules;
    int ks, kn; /* open pits of South and North: the highest of each row */
    int max_stones, step;
    int slow_stones; /* the largest layer under the slow test setups (0: max_stones) */
};

/* `c` as the test setup runs it: under the slow ones (sanitizers,
 * coverage at -O0) a table of the same kind to fewer stones, which runs
 * the same code in a fraction of the time; the gcc and clang suites
 * solve it whole. */
static struct config at_scale(struct config c)
{
    if (c.slow_stones && !test_full_scale())
        c.max_stones = c.slow_stones;
    return c;
}

static unsigned closed_pits(const struct config *c)
{
    const struct mc_variant *v = mancala__variant_find(c->rules, strlen(c->rules));
    unsigned closed = 0;
    for (int p = 0; p < v->n - c->ks; p++)
        closed |= 1u << p;
    for (int p = v->n; p < 2 * v->n - c->kn; p++)
        closed |= 1u << p;
    return closed;
}

static uint8_t *read_whole(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    fseek(f, 0, SEEK_END);
    *size = (size_t)ftell(f);
    rewind(f);
    uint8_t *data = malloc(*size);
    ck_assert_ptr_nonnull(data);
    ck_assert_uint_eq(fread(data, 1, *size, f), *size);
    fclose(f);
    return data;
}

static void temp_name(char *buf, size_t size, const char *what)
{
    snprintf(buf, size, "test-lean-%s-%ld.table", what, (long)getpid());
}

static int lean(const char *path, const struct config *c, int threads, int resumable,
                mancala_progress_fn progress, void *opaque, struct mt_lean_stats *stats)
{
    return mancala__solve_lean(&(struct mt_solve_params){
        .path = path, .rules = c->rules, .closed = closed_pits(c), .max_stones = c->max_stones,
        .step = c->step, .threads = threads, .resumable = resumable, .progress = progress,
        .opaque = opaque, .lean_stats = stats});
}

/* After a capture-free best move of any position whose lo is forced and
 * any capture-free reply, the potential (mancala__table_best()) is lower:
 * the perfect player never repeats a position. (Where lo is not forced,
 * lo is the worst of the layer, which any play gets.) Returns the steps
 * checked. */
static uint64_t check_progress(const char *path, const struct config *c)
{
    mancala_table *t = NULL;
    ck_assert_int_eq(mancala_table_open(&t, path), MANCALA_OK);
    struct mt_layout lay;
    struct mc_board board;
    const struct mc_variant *v = mancala__variant_find(c->rules, strlen(c->rules));
    ck_assert(mt_layout_init_format(&lay, v->n, (uint16_t)closed_pits(c), c->max_stones, c->step,
                                    MT_VERSION_LEAN));
    mancala__board_init(&board, v, lay.closed);
    unsigned *potential = malloc(lay.count * sizeof *potential);
    ck_assert_ptr_nonnull(potential);
    uint64_t checked = 0;
    const int m = lay.open_count;
    for (int pass = 0; pass < 2; pass++)
        for (int s = 0; s <= c->max_stones; s++) {
            if (!mt_layout_covers(&lay, s))
                continue;
            for (int side = 0; side < lay.sides; side++) {
                uint8_t r[MT_MOST_PITS] = {0};
                r[m - 1] = (uint8_t)s;
                do {
                    struct mc_state st;
                    memset(&st, 0, sizeof st);
                    for (int j = 0; j < m; j++)
                        st.pit[lay.open[side][j]] = r[j];
                    st.to_move = (uint8_t)side;
                    st.ply = 1;
                    const uint64_t at = mt_layout_index(&lay, side, r, s);
                    int best[MANCALA_MAX_PITS];
                    const int nbest = mancala__table_best(t, &st, best, &potential[at]);
                    if (pass == 0 || potential[at] > MT_NO_DISTANCE)
                        continue;
                    struct mc_moves moves, replies;
                    v->rules->generate(&board, &st, &moves, NULL);
                    for (int k = 0; k < moves.count; k++) {
                        int listed = 0;
                        for (int b = 0; b < nbest; b++)
                            listed |= best[b] == moves.pit[k];
                        const struct mc_state *child = &moves.child[k];
                        if (!listed || child->captured[0] + child->captured[1])
                            continue;
                        v->rules->generate(&board, child, &replies, NULL);
                        for (int q = 0; q < replies.count; q++) {
                            const struct mc_state *reply = &replies.child[q];
                            if (reply->captured[0] + reply->captured[1])
                                continue;
                            checked++;
                            const unsigned after = potential[mt_layout_state_index(&lay, reply)];
                            require(after < potential[at],
                                    "%s: position %llu (potential %u), best move %d, reply %d: %u",
                                    c->rules, (unsigned long long)at, potential[at], moves.pit[k], replies.pit[q],
                                    after);
                        }
                    }
                } while (mt_next_position(r, m));
            }
        }
    free(potential);
    mancala_table_close(t);
    return checked;
}

/* Solves c with both solvers and compares every entry. */
static void compare(const struct config *c)
{
    char today[64], lean_path[64];
    temp_name(today, sizeof today, "today");
    temp_name(lean_path, sizeof lean_path, "lean");
    struct mt_stats want;
    struct mt_lean_stats got;
    ck_assert_int_eq(mancala__solve(&(struct mt_solve_params){
                         .path = today, .rules = c->rules, .closed = closed_pits(c),
                         .max_stones = c->max_stones, .step = c->step, .stats = &want}),
                     MANCALA_OK);
    ck_assert_int_eq(lean(lean_path, c, 2, 0, NULL, NULL, &got), MANCALA_OK);
    size_t size_want, size_got;
    uint8_t *a = read_whole(today, &size_want), *b = read_whole(lean_path, &size_got);
    const uint64_t count = mt_get(a + MT_OFF_ENTRIES, 4);
    /* Format 3: two bytes an entry, padded to 8. */
    ck_assert_uint_eq(size_got, MT_HEADER_SIZE + (count * 2 + 7) / 8 * 8);
    ck_assert_uint_eq(mt_get(b + MT_OFF_VERSION, 4), 3);
    ck_assert_uint_eq(mt_get(b + MT_OFF_ENTRY_SIZE, 4), 2);
    /* Otherwise the same header but for the checksum. */
    ck_assert_int_eq(memcmp(a, b, MT_OFF_VERSION), 0);
    ck_assert_int_eq(memcmp(a + 12, b + 12, MT_OFF_ENTRY_SIZE - 12), 0);
    ck_assert_int_eq(
        memcmp(a + MT_OFF_ENTRIES, b + MT_OFF_ENTRIES, MT_OFF_CHECKSUM - MT_OFF_ENTRIES), 0);
    struct mt_layout lay;
    struct mc_board board;
    const struct mc_variant *v = mancala__variant_find(c->rules, strlen(c->rules));
    ck_assert(mt_layout_init_format(&lay, v->n, (uint16_t)closed_pits(c), c->max_stones, c->step,
                                    MT_VERSION_LEAN));
    mancala__board_init(&board, v, lay.closed);
    for (uint64_t i = 0; i < count; i++) {
        const struct mt_entry x = mt_entry_read(a + MT_HEADER_SIZE, i);
        const struct mt_entry y = mancala__entry(&lay, &board, b + MT_HEADER_SIZE, i, NULL);
        require(x.lo == y.lo && x.hi == y.hi,
                "%s %d,%d up to %d: entry %llu is [%d, %d], the lean solver's [%d, %d]",
                c->rules, c->ks, c->kn, c->max_stones, (unsigned long long)i, x.lo, x.hi, y.lo,
                y.hi);
        require((x.distance == MT_NO_DISTANCE) == (y.distance == MT_NO_DISTANCE),
                "%s: entry %llu: distance %u, the lean solver's %u", c->rules,
                (unsigned long long)i, x.distance, y.distance);
    }
    ck_assert_uint_eq(got.table.positions, want.positions);
    ck_assert_uint_eq(got.table.exact, want.exact);
    ck_assert_uint_eq(got.table.forced, want.forced);
    free(a);
    free(b);
    ck_assert_uint_gt(check_progress(lean_path, c), 0);
    remove(today);
    remove(lean_path);
}

/* The tests' tables: each kind of board and layers, a few seconds in all
 * (the large ones most of it: under the sanitizers and at -O0 with
 * coverage counters, the others cover the same code, and two tables stop
 * at the last column's stones). */
static const struct config configs[] = {
    {"modiar", 3, 3, 20, 1, 0},
    {"rio-kadalis", 6, 6, 6, 1, 0},        /* every pit open, every layer */
    {"rio-kadalis", 6, 2, 16, 4, 12},      /* turned round: both sides */
    {"rio-kadalis-5", 1, 5, 24, 4, 0},     /* a trailer's one pit, the whole round */
    {"rio-kadalis-5", 5, 5, 12, 4, 8},     /* every pit open, multiples of 4 */
    {"rio-kadalis-5-cw", 2, 5, 12, 1, 0},  /* clockwise, every layer */
}, large_configs[] = { /* left out by the slow test setups */
    {"rio-kadalis", 6, 6, 9, 1, 0},
    {"rio-kadalis", 1, 6, 20, 4, 0},       /* a trailer's one pit */
    {"rio-kadalis", 2, 6, 16, 4, 0},
    {"rio-kadalis-5", 2, 5, 20, 4, 0},
};

START_TEST(lean_values_are_todays)
{
    const struct config c = at_scale(configs[_i]);
    compare(&c);
}
END_TEST

START_TEST(lean_values_are_todays_on_larger_tables)
{
    if (test_full_scale())
        compare(&large_configs[_i]);
}
END_TEST

/* The same bytes for 1 and 3 threads: the values are one fixed point
 * whatever the order, and the distances are settled level by level. */
START_TEST(lean_table_is_the_same_for_any_thread_count)
{
    const struct config c = at_scale((struct config){"rio-kadalis-5", 2, 5, 20, 4, 16});
    char one[64], three[64];
    temp_name(one, sizeof one, "one");
    temp_name(three, sizeof three, "three");
    ck_assert_int_eq(lean(one, &c, 1, 0, NULL, NULL, NULL), MANCALA_OK);
    ck_assert_int_eq(lean(three, &c, 3, 0, NULL, NULL, NULL), MANCALA_OK);
    size_t n1, n3;
    uint8_t *a = read_whole(one, &n1), *b = read_whole(three, &n3);
    ck_assert_uint_eq(n1, n3);
    ck_assert_int_eq(memcmp(a, b, n1), 0);
    free(a);
    free(b);
    remove(one);
    remove(three);
}
END_TEST

/* Stops the solve at the start of its second layer. */
static int stop_after(void *opaque, int step, int steps, uint64_t done, uint64_t total)
{
    (void)steps, (void)done, (void)total;
    int *first = opaque;
    if (*first < 0)
        *first = step;
    return step != *first;
}

/* Stopped at each layer in turn and resumed: the table of a solve that
 * was never stopped. */
START_TEST(lean_solve_resumes_where_it_stopped)
{
    const struct config c = at_scale((struct config){"rio-kadalis", 1, 6, 20, 4, 12});
    char whole[64], stopped[64], partial[80];
    temp_name(whole, sizeof whole, "whole");
    temp_name(stopped, sizeof stopped, "stopped");
    snprintf(partial, sizeof partial, "%s.partial", stopped);
    ck_assert_int_eq(lean(whole, &c, 2, 1, NULL, NULL, NULL), MANCALA_OK);
    int status;
    int stops = 0;
    do {
        int first = -1;
        status = lean(stopped, &c, 2, 1, stop_after, &first, NULL);
        if (status == MANCALA_E_CANCELLED) {
            stops++;
            ck_assert_int_eq(access(stopped, F_OK), -1);
            ck_assert_int_eq(access(partial, F_OK), 0);
        }
    } while (status == MANCALA_E_CANCELLED && stops < 20);
    ck_assert_int_eq(status, MANCALA_OK);
    ck_assert_int_eq(stops, c.max_stones / c.step); /* at each layer but the first */
    ck_assert_int_eq(access(partial, F_OK), -1);
    size_t n1, n2;
    uint8_t *a = read_whole(whole, &n1), *b = read_whole(stopped, &n2);
    ck_assert_uint_eq(n1, n2);
    ck_assert_int_eq(memcmp(a, b, n1), 0);
    free(a);
    free(b);
    remove(whole);
    remove(stopped);
}
END_TEST

/* Stops the solve at its `at`-th call inside a layer (every chunk of a
 * sweep calls, the pulse interval being 0). */
struct stop_inside {
    int calls, at;
    int last_step;
};

static int stop_inside(void *opaque, int step, int steps, uint64_t done, uint64_t total)
{
    (void)steps, (void)done, (void)total;
    struct stop_inside *s = opaque;
    /* The first call of a layer is made before it starts. */
    const int inside = step == s->last_step;
    s->last_step = step;
    return inside && ++s->calls == s->at;
}

/* `calls` (may be NULL) receives the calls made inside layers; a
 * checkpoint after every sweep, or only where the solve stops
 * (`checkpoints` 0). */
static int lean_stopped_with(const char *path, const struct config *c, int at, int *calls,
                             int checkpoints)
{
    /* One thread: the sweeps a layer takes, and so the calls counted
     * here, are then the same in every run (with more, the values are,
     * but a sweep may see its neighbours' bounds sooner or later). */
    struct stop_inside s = {0, at, -1};
    const int status = mancala__solve_lean(&(struct mt_solve_params){
        .path = path, .rules = c->rules, .closed = closed_pits(c), .max_stones = c->max_stones,
        .step = c->step, .threads = 1, .resumable = 1, .progress = stop_inside, .opaque = &s,
        .pulse_seconds = -1, .checkpoint_seconds = checkpoints ? -1 : 1e9});
    if (calls)
        *calls = s.calls;
    return status;
}

static int lean_stopped(const char *path, const struct config *c, int at, int *calls)
{
    return lean_stopped_with(path, c, at, calls, 1);
}

/* Stopped inside a layer, in its value sweeps and in its distance sweeps,
 * and resumed each time from that point (a checkpoint after every sweep):
 * the table of a solve never stopped. Each run counts from where the last
 * one stopped: layers 0, 4 and 8 make about 510 calls (the 8-stone layer
 * 6 chunks, swept 25 times for values and 52 for distances), the 12-stone
 * layer 72 chunks swept 20 and 37 times (1,440 calls, then 2,664). */
START_TEST(lean_solve_resumes_inside_a_layer)
{
    const struct config c = {"rio-kadalis-5", 5, 5, 12, 4, 0};
    char whole[64], stopped[64], partial[80];
    temp_name(whole, sizeof whole, "whole-in");
    temp_name(stopped, sizeof stopped, "stopped-in");
    snprintf(partial, sizeof partial, "%s.partial", stopped);
    int never, calls, total = 0;
    ck_assert_int_eq(lean_stopped(whole, &c, 1 << 30, &never), MANCALA_OK);
    static const int stops[] = {30, 200, 30, 600, 500, 72, 1, 700, 900};
    const int count = (int)(sizeof stops / sizeof *stops);
    for (int k = 0; k < count; k++) {
        ck_assert_int_eq(lean_stopped(stopped, &c, stops[k], &calls), MANCALA_E_CANCELLED);
        ck_assert_int_eq(access(stopped, F_OK), -1);
        total += calls;
    }
    ck_assert_int_eq(lean_stopped(stopped, &c, 1 << 30, &calls), MANCALA_OK);
    /* Each run went on where the last stopped: at most the sweep under
     * way again, and one more sweep (72 calls each), where starting the
     * layer again would have taken thousands. */
    ck_assert_int_le(total + calls, never + count * 2 * 72);
    ck_assert_int_eq(access(partial, F_OK), -1);
    size_t n1, n2;
    uint8_t *a = read_whole(whole, &n1), *b = read_whole(stopped, &n2);
    ck_assert_uint_eq(n1, n2);
    ck_assert_int_eq(memcmp(a, b, n1), 0);
    free(a);
    free(b);
    remove(whole);
    remove(stopped);
}
END_TEST

/* Stopped at every point of a solve in turn (each chunk of each sweep:
 * the values, the pass that settles the exits, the distances), once
 * each, and resumed: the table of a solve never stopped. Some positions
 * are not exact, so that the exits
 * the value sweeps keep, and a child's hi computed from its moves,
 * count: every pit open on five holes, every layer to 5 stones (3,003
 * entries, 1,864 exact). */
START_TEST(lean_solve_resumes_from_every_point)
{
    const struct config c = {"rio-kadalis-5", 5, 5, 5, 1, 0};
    char whole[64], stopped[64], partial[80];
    temp_name(whole, sizeof whole, "whole-every");
    temp_name(stopped, sizeof stopped, "stopped-every");
    snprintf(partial, sizeof partial, "%s.partial", stopped);
    int never, calls;
    ck_assert_int_eq(lean_stopped(whole, &c, 1 << 30, &never), MANCALA_OK);
    size_t n1, n2;
    uint8_t *a = read_whole(whole, &n1);
    ck_assert_int_gt(never, 100);
    /* Every point, or every tenth under the slow test setups. */
    const int stride = (int)(100 / test_scaled(100));
    for (int at = 1; at <= never; at += stride) {
        ck_assert_int_eq(lean_stopped_with(stopped, &c, at, &calls, 0), MANCALA_E_CANCELLED);
        ck_assert_int_eq(access(partial, F_OK), 0);
        ck_assert_int_eq(lean_stopped_with(stopped, &c, 1 << 30, &calls, 0), MANCALA_OK);
        uint8_t *b = read_whole(stopped, &n2);
        ck_assert_uint_eq(n1, n2);
        ck_assert_msg(memcmp(a, b, n1) == 0, "stopped at call %d of %d", at, never);
        free(b);
        remove(stopped);
    }
    free(a);
    remove(whole);
}
END_TEST

/* A checkpoint inside a layer that does not verify is refused, and the
 * partial file left as it is. */
START_TEST(lean_damaged_checkpoint_is_refused)
{
    const struct config c = {"rio-kadalis-5", 5, 5, 12, 4, 0};
    char stopped[64], partial[80];
    temp_name(stopped, sizeof stopped, "damaged");
    snprintf(partial, sizeof partial, "%s.partial", stopped);
    /* Stopped in the value sweeps of the 12-stone layer. */
    ck_assert_int_eq(lean_stopped(stopped, &c, 900, NULL), MANCALA_E_CANCELLED);
    size_t size;
    uint8_t *data = read_whole(partial, &size);
    struct mt_layout lay;
    ck_assert(mt_layout_init_format(&lay, 5, 0, 12, 4, MT_VERSION_LEAN));
    const size_t at = MT_HEADER_SIZE + (lay.layer[12] + 1000) * MT_ENTRY_SIZE_LEAN;
    ck_assert_uint_gt(size, at);
    data[at] ^= 1;
    FILE *f = fopen(partial, "wb");
    ck_assert_uint_eq(fwrite(data, 1, size, f), size);
    fclose(f);
    ck_assert_int_eq(lean_stopped(stopped, &c, 1 << 30, NULL), MANCALA_E_FORMAT);
    size_t after;
    uint8_t *kept = read_whole(partial, &after);
    ck_assert_uint_eq(after, size);
    ck_assert_int_eq(memcmp(kept, data, size), 0);
    free(data);
    free(kept);
    remove(partial);
}
END_TEST

/* Format 3's two bytes: lo, whether it is exact, the distance. */
START_TEST(lean_entries_read_back)
{
    uint8_t e[2];
    static const struct {
        int lo, hi;
        unsigned distance;
        uint8_t bytes[2];
    } cases[] = {
        {0, 0, 0, {0x00, 0x00}},   {-48, -48, 126, {0xd0, 0x7e}},
        {40, 40, MT_NO_DISTANCE, {0x28, 0x7f}}, {-40, 40, 7, {0xd8, 0x87}},
        {-2, 0, MT_NO_DISTANCE, {0xfe, 0xff}},  {-48, 48, 0, {0xd0, 0x80}},
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        mt_lean_entry_write(e, 0, cases[k].lo, cases[k].hi, cases[k].distance);
        ck_assert_uint_eq(e[0], cases[k].bytes[0]);
        ck_assert_uint_eq(e[1], cases[k].bytes[1]);
        int lo;
        unsigned distance;
        ck_assert_int_eq(mt_lean_entry_read(e, 0, &lo, &distance), cases[k].lo == cases[k].hi);
        ck_assert_int_eq(lo, cases[k].lo);
        ck_assert_uint_eq(distance, cases[k].distance);
    }
}
END_TEST

START_TEST(lean_solve_errors)
{
    const struct config c = {"rio-kadalis", 1, 6, 8, 4, 0};
    struct config bad = c;
    bad.step = 3;
    ck_assert_int_eq(lean("x.table", &bad, 1, 0, NULL, NULL, NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(lean("x.table", &c, -1, 0, NULL, NULL, NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(lean("x.table", &c, MT_MOST_THREADS + 1, 0, NULL, NULL, NULL),
                     MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_solve_lean(NULL, "rio-kadalis", 0, 8, 1, NULL, NULL),
                     MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_solve_lean("x.table", "chess", 0, 8, 1, NULL, NULL),
                     MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_solve_lean("x.table", "modiar", 1, 8, 1, NULL, NULL),
                     MANCALA_E_INVALID);
    ck_assert_int_eq(lean("no-such-folder/x.table", &c, 1, 0, NULL, NULL, NULL), MANCALA_E_IO);
    ck_assert_int_eq(access("x.table", F_OK), -1);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("solve-lean");
    TCase *tc = tcase_create("lean");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, lean_values_are_todays, 0, (int)(sizeof configs / sizeof *configs));
    tcase_add_loop_test(tc, lean_values_are_todays_on_larger_tables, 0,
                        (int)(sizeof large_configs / sizeof *large_configs));
    tcase_add_test(tc, lean_table_is_the_same_for_any_thread_count);
    tcase_add_test(tc, lean_solve_resumes_where_it_stopped);
    tcase_add_test(tc, lean_solve_resumes_inside_a_layer);
    tcase_add_test(tc, lean_solve_resumes_from_every_point);
    tcase_add_test(tc, lean_damaged_checkpoint_is_refused);
    tcase_add_test(tc, lean_solve_errors);
    tcase_add_test(tc, lean_entries_read_back);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
