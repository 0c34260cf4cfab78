/*
 * The batched tree search (mancala_batch_mcts_*): each tree grows exactly
 * as mancala_mcts_tree's PUCT with the same evaluations; exact values
 * from a solved table give the table's best outcomes at the roots; the
 * leaves handed out are the trees' leaves, never a game that is over;
 * noise and choices are fixed by the seed; nothing is allocated after
 * creation; bad arguments are refused and change nothing.
 *
 * The search has no threads, so there is no 1-thread/2-thread comparison
 * to make.
 *
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <unistd.h>

#include "helpers.h"
#include "core/random.h"
#include "solve/solve.h"

/* The longest observation: 4n + 7 for rows of 6. */
#define OBS_MAX 31

/* A leaf's value for its player to move, given its game. */
typedef float (*value_fn)(const mancala_game *game, void *opaque);

/* +1, 0 or -1 for the player to move, from final scores. */
static float outcome(const mancala_game *g, const int scores[2])
{
    const int me = mancala_to_move(g);
    return scores[me] > scores[!me] ? 1.0f : scores[me] == scores[!me] ? 0.0f : -1.0f;
}

/* A random playout's result, seeded by the position: the same value for
 * the same position, whichever search asks. */
static float playout_value(const mancala_game *g, void *opaque)
{
    (void)opaque;
    int scores[2];
    expect(mancala_playout(g, mancala_hash(g) ^ 0x5eed, scores) >= 0, "playout");
    return outcome(g, scores);
}

/* Runs every search of `m` to its end with uniform priors and `value`,
 * checking each leaf handed out: a tree's leaf, not over, its rows those
 * of its game. Returns the number of leaves evaluated. */
static long run(mancala_batch_mcts *m, int games, int n, value_fn value, void *opaque)
{
    float *priors = malloc((size_t)games * n * sizeof *priors);
    float *values = malloc((size_t)games * sizeof *values);
    ck_assert_ptr_nonnull(priors);
    ck_assert_ptr_nonnull(values);
    long evaluated = 0;
    for (int leaves; (leaves = mancala_batch_mcts_select(m)) > 0;) {
        expect(leaves <= games, "%d leaves", leaves);
        const float *obs = mancala_batch_mcts_observations(m);
        const uint8_t *masks = mancala_batch_mcts_legal_masks(m);
        const int32_t *trees = mancala_batch_mcts_leaf_trees(m);
        for (int j = 0; j < leaves; j++) {
            const mancala_game *g = mancala_batch_mcts_leaf_game(m, j);
            expect(g != NULL, "leaf %d has no game", j);
            expect(!mancala_is_over(g), "leaf %d (tree %d) is over: %s", j, trees[j], fmt(g));
            expect(j == 0 || trees[j] > trees[j - 1], "leaves out of order");
            float o[OBS_MAX];
            uint8_t mask[MANCALA_MAX_PITS];
            const int size = mancala_observation(g, o, OBS_MAX);
            expect(memcmp(o, &obs[(size_t)j * size], (size_t)size * sizeof *o) == 0,
                   "observation of leaf %d", j);
            expect(mancala_legal_mask(g, mask, sizeof mask) > 0, "leaf %d: no legal move", j);
            expect(memcmp(mask, &masks[(size_t)j * n], (size_t)n) == 0, "mask of leaf %d", j);
            for (int a = 0; a < n; a++)
                priors[(size_t)j * n + a] = 1.0f;
            values[j] = value(g, opaque);
        }
        ck_assert_ptr_null(mancala_batch_mcts_leaf_game(m, leaves));
        ck_assert_int_eq(mancala_batch_mcts_answer(m, priors, values, (size_t)leaves), MANCALA_OK);
        evaluated += leaves;
    }
    free(priors);
    free(values);
    return evaluated;
}

/* A game of `rules` after `plies` random moves from the start (fewer if
 * it ends), seeded. */
static mancala_game *random_game(const char *rules, int plies, uint64_t seed)
{
    mancala_game *g = NULL;
    ck_assert_int_eq(mancala_new(&g, rules), MANCALA_OK);
    uint64_t rng = mc_random_seed(seed, 0);
    for (int p = 0; p < plies; p++) {
        int moves[MANCALA_MAX_PITS];
        const int count = mancala_legal_moves(g, moves, MANCALA_MAX_PITS);
        if (count <= 1 && p > 0) /* keep a choice at the root */
            break;
        ck_assert_int_eq(mancala_play(g, moves[mc_random_below(&rng, (uint32_t)count)]), MANCALA_OK);
        if (mancala_is_over(g)) {
            mancala_undo(g);
            break;
        }
    }
    return g;
}

static mancala_batch_mcts *new_ok(const char *rules, int games, int simulations, uint64_t seed)
{
    mancala_batch_mcts *m = NULL;
    char err[256];
    const int status = mancala_batch_mcts_new(&m, rules, games, simulations, seed, err, sizeof err);
    expect(status == MANCALA_OK, "new: %s", err);
    expect_str_eq(err, "");
    return m;
}

/* The callback of mancala_mcts_tree with the same evaluation. */
static int uniform_prior(const mancala_game *g, double *priors, double *value, void *opaque)
{
    int moves[MANCALA_MAX_PITS];
    const int count = mancala_legal_moves(g, moves, MANCALA_MAX_PITS);
    for (int k = 0; k < count; k++)
        priors[moves[k]] = 1.0;
    *value = ((value_fn)opaque)(g, NULL);
    return 0;
}

static const char *const rules_sets[] = {"modiar", "rio-kadalis", "rio-kadalis-5-cw"};

/* Each tree of the batch is the tree mancala_mcts_tree grows alone with
 * PUCT and the same evaluations: the same visits for every root move,
 * the same value and the same choice. */
START_TEST(each_tree_as_mcts_tree)
{
    const char *rules = rules_sets[_i];
    enum { GAMES = 12, SIMS = 300 };
    mancala_batch_mcts *m = new_ok(rules, GAMES, SIMS, 7);
    mancala_game *roots[GAMES];
    for (int i = 0; i < GAMES; i++) {
        roots[i] = random_game(rules, 3 * i, 100 + (uint64_t)i);
        ck_assert_int_eq(mancala_batch_mcts_set_root(m, i, roots[i]), MANCALA_OK);
    }
    const int n = mancala_num_actions(roots[0]);
    const long evaluated = run(m, GAMES, n, playout_value, NULL);
    ck_assert_int_gt(evaluated, GAMES * SIMS / 2);
    for (int i = 0; i < GAMES; i++) {
        mancala_mcts_tree *tree = NULL;
        ck_assert_int_eq(mancala_mcts_new(&tree), MANCALA_OK);
        ck_assert_int_eq(mancala_mcts_set_prior(tree, uniform_prior, (void *)playout_value),
                         MANCALA_OK);
        ck_assert_int_eq(mancala_mcts_set_limit(tree, MANCALA_LIMIT_PLAYOUTS, SIMS), MANCALA_OK);
        ck_assert_int_eq(mancala_mcts_run(tree, roots[i]), MANCALA_OK);
        int moves[MANCALA_MAX_PITS];
        uint64_t visits[MANCALA_MAX_PITS];
        const int count = mancala_mcts_root(tree, moves, visits, NULL, NULL, MANCALA_MAX_PITS);
        uint32_t batch[MANCALA_MAX_PITS];
        double value;
        ck_assert_int_eq(mancala_batch_mcts_visits(m, i, batch, MANCALA_MAX_PITS, &value), SIMS);
        uint32_t sum = 0;
        for (int a = 0; a < n; a++)
            sum += batch[a];
        ck_assert_uint_eq(sum, SIMS - 1); /* the root's own evaluation is the first */
        for (int k = 0; k < count; k++)
            expect(batch[mancala_pit_to_action(roots[i], moves[k])] == visits[k],
                   "%s game %d pit %d: %u visits in the batch, %llu alone", rules, i, moves[k],
                   batch[mancala_pit_to_action(roots[i], moves[k])],
                   (unsigned long long)visits[k]);
        expect(value >= -1 && value <= 1, "value %f", value);
        ck_assert_int_eq(mancala_action_to_pit(roots[i], mancala_batch_mcts_choose(m, i, 0)),
                         mancala_mcts_best_move(tree));
        mancala_mcts_free(tree);
        mancala_free(roots[i]);
    }
    /* Once every search is done, a selection hands out nothing. */
    ck_assert_int_eq(mancala_batch_mcts_select(m), 0);
    mancala_batch_mcts_free(m);
}
END_TEST

/* ---- exact values from a solved table ---- */

enum { TABLE_STONES = 12, TABLE_GAMES = 48, TABLE_SIMS = 10 };

static float table_value(const mancala_game *g, void *opaque)
{
    int lo, hi;
    expect(mancala_table_value(opaque, g, &lo, &hi) == MANCALA_OK, "value of %s", fmt(g));
    expect(lo == hi, "%s: [%d, %d]", fmt(g), lo, hi);
    return lo > 0 ? 1.0f : lo == 0 ? 0.0f : -1.0f;
}

/* With every leaf valued exactly (won, drawn or lost, from the table),
 * each search chooses a move of the best outcome the table gives, in
 * positions where some move is worse: PUCT's values are outcomes, so
 * among the moves of the best outcome it need not prefer the largest
 * margin that mancala_table_best_moves() lists. The roots' moves all
 * lead to positions the table values (none ends the game at once), and
 * the searches are short (10 simulations): a search blind to the values
 * (all 0) fails here. */
START_TEST(table_values_give_best_outcomes)
{
    char path[64];
    snprintf(path, sizeof path, "test-batch-mcts-%ld.table", (long)getpid());
    ck_assert_int_eq(mancala__solve(&(struct mt_solve_params){
                         .path = path, .rules = "modiar", .max_stones = TABLE_STONES}),
                     MANCALA_OK);
    mancala_table *t = NULL;
    ck_assert_int_eq(mancala_table_open(&t, path), MANCALA_OK);
    remove(path);
    mancala_batch_mcts *m = new_ok("modiar", TABLE_GAMES, TABLE_SIMS, 3);
    int best[TABLE_GAMES][MANCALA_MAX_PITS] = {{0}};
    uint64_t rng = 11;
    for (int i = 0; i < TABLE_GAMES;) {
        /* A random position of 4 to 12 stones, the captures shared out. */
        int r[6], s = 8 + (int)mc_random_below(&rng, TABLE_STONES - 7), left = s;
        for (int p = 0; p < 5; p++) {
            r[p] = (int)mc_random_below(&rng, (uint32_t)left + 1) / 2;
            left -= r[p];
        }
        r[5] = left;
        char text[96];
        snprintf(text, sizeof text, "modiar/%d,%d,%d,%d,%d,%d/%c/%d,%d/1", r[0], r[1], r[2], r[3],
                 r[4], r[5], mc_random_below(&rng, 2) ? 'N' : 'S', (42 - s) / 2,
                 42 - s - (42 - s) / 2);
        mancala_game *g = parse_ok(text);
        int moves[MANCALA_MAX_PITS], worst = 3, top = -2;
        const int count = mancala_is_over(g) ? 0 : mancala_legal_moves(g, moves, MANCALA_MAX_PITS);
        int result[MANCALA_MAX_PITS];
        for (int k = 0; k < count; k++) {
            ck_assert_int_eq(mancala_play(g, moves[k]), MANCALA_OK);
            /* The outcome for the player who moved; a move that ends the
             * game would be valued by the rules, not the table. */
            result[k] = mancala_is_over(g) ? 2 : -(int)table_value(g, t);
            mancala_undo(g);
            worst = result[k] < worst ? result[k] : worst;
            top = result[k] > top ? result[k] : top;
        }
        if (count > 1 && worst < top && top < 2) {
            for (int k = 0; k < count; k++)
                best[i][mancala_pit_to_action(g, moves[k])] = result[k] == top;
            ck_assert_int_eq(mancala_batch_mcts_set_root(m, i, g), MANCALA_OK);
            i++;
        }
        mancala_free(g);
    }
    run(m, TABLE_GAMES, 3, table_value, t);
    for (int i = 0; i < TABLE_GAMES; i++) {
        const int action = mancala_batch_mcts_choose(m, i, 0);
        ck_assert_int_ge(action, 0);
        expect(best[i][action], "tree %d chose action %d, not of the best outcome", i, action);
    }
    mancala_batch_mcts_free(m);
    mancala_table_close(t);
}
END_TEST

/* ---- seeds, noise and choices ---- */

/* All visit counts of a search of `games` Rio Kadalis games, noise
 * `alpha`, seed `seed`, into `out` ([games][6]). */
static void visits_of(uint64_t seed, double alpha, uint32_t *out, int games)
{
    mancala_batch_mcts *m = new_ok("rio-kadalis", games, 64, seed);
    ck_assert_int_eq(mancala_batch_mcts_set_param(m, MANCALA_BATCH_MCTS_DIRICHLET_ALPHA, alpha),
                     MANCALA_OK);
    for (int i = 0; i < games; i++) {
        mancala_game *g = random_game("rio-kadalis", i, 5);
        ck_assert_int_eq(mancala_batch_mcts_set_root(m, i, g), MANCALA_OK);
        mancala_free(g);
    }
    run(m, games, 6, playout_value, NULL);
    for (int i = 0; i < games; i++)
        ck_assert_int_eq(mancala_batch_mcts_visits(m, i, &out[6 * i], 6, NULL), 64);
    mancala_batch_mcts_free(m);
}

START_TEST(noise_is_fixed_by_the_seed)
{
    enum { GAMES = 16 };
    uint32_t a[GAMES * 6], b[GAMES * 6], c[GAMES * 6], d[GAMES * 6], e[GAMES * 6];
    visits_of(1, 0.5, a, GAMES);
    visits_of(1, 0.5, b, GAMES);
    visits_of(2, 0.5, c, GAMES);
    visits_of(1, 0, d, GAMES);
    visits_of(2, 0, e, GAMES);
    ck_assert_mem_eq(a, b, sizeof a);                /* the same seed, the same trees */
    ck_assert_int_ne(memcmp(a, c, sizeof a), 0);     /* another seed, other noise */
    ck_assert_int_ne(memcmp(a, d, sizeof a), 0);     /* the noise changes the trees */
    ck_assert_mem_eq(d, e, sizeof d);                /* without noise the seed plays no part */
}
END_TEST

/* Temperature 0 takes the most visited action; temperature 1 draws the
 * actions in proportion to their visits, the same draws for the same seed. */
START_TEST(choices_follow_the_visits)
{
    mancala_batch_mcts *m = new_ok("rio-kadalis", 2, 200, 9);
    mancala_game *g = random_game("rio-kadalis", 4, 1);
    ck_assert_int_eq(mancala_batch_mcts_set_root(m, 0, g), MANCALA_OK);
    ck_assert_int_eq(mancala_batch_mcts_set_root(m, 1, g), MANCALA_OK);
    run(m, 2, 6, playout_value, NULL);
    uint32_t visits[6];
    ck_assert_int_eq(mancala_batch_mcts_visits(m, 0, visits, 6, NULL), 200);
    int most = 0;
    for (int a = 1; a < 6; a++)
        most = visits[a] > visits[most] ? a : most;
    ck_assert_int_eq(mancala_batch_mcts_choose(m, 0, 0), most);
    int drawn[2][6] = {{0}};
    for (int k = 0; k < 2000; k++)
        for (int tree = 0; tree < 2; tree++) {
            const int action = mancala_batch_mcts_choose(m, tree, 1);
            ck_assert_int_ge(action, 0);
            ck_assert_int_lt(action, 6);
            drawn[tree][action]++;
        }
    for (int a = 0; a < 6; a++) {
        /* 2000 visits[a] / 199 draws, within about 5 standard deviations */
        const double expected = 2000.0 * visits[a] / 199;
        expect(fabs(drawn[0][a] - expected) < 5 * sqrt(expected) + 1, "action %d: %d draws, %f expected",
               a, drawn[0][a], expected);
    }
    /* Two trees, two generators: not the same draws. */
    ck_assert_int_ne(memcmp(drawn[0], drawn[1], sizeof drawn[0]), 0);
    mancala_free(g);
    mancala_batch_mcts_free(m);
}
END_TEST

/* ---- no allocation after creation ---- */

struct counting {
    long calls;
};

static void *counting_alloc(void *opaque, void *ptr, size_t size)
{
    ((struct counting *)opaque)->calls++;
    if (size == 0) {
        free(ptr);
        return NULL;
    }
    return realloc(ptr, size);
}

START_TEST(searches_do_not_allocate)
{
    const char *rules = rules_sets[_i];
    struct counting c = {0};
    mancala_batch_mcts *m = NULL;
    enum { GAMES = 16 };
    ck_assert_int_eq(mancala_batch_mcts_new_with_allocator(&m, rules, GAMES, 200, 1, NULL, 0,
                                                           counting_alloc, &c),
                     MANCALA_OK);
    ck_assert_int_eq(mancala_batch_mcts_set_param(m, MANCALA_BATCH_MCTS_DIRICHLET_ALPHA, 0.3),
                     MANCALA_OK);
    mancala_game *start = NULL;
    ck_assert_int_eq(mancala_new(&start, rules), MANCALA_OK);
    char position[MANCALA_POSITION_MAX];
    mancala_format(start, position, sizeof position);
    for (int i = 0; i < GAMES; i++)
        ck_assert_int_eq(mancala_batch_mcts_set_position(m, i, position), MANCALA_OK);
    const long before = c.calls;
    const int n = mancala_num_actions(start);
    run(m, GAMES, n, playout_value, NULL);
    for (int i = 0; i < GAMES; i++) {
        uint32_t visits[MANCALA_MAX_PITS];
        ck_assert_int_eq(mancala_batch_mcts_visits(m, i, visits, MANCALA_MAX_PITS, NULL), 200);
        ck_assert_int_ge(mancala_batch_mcts_choose(m, i, 1), 0);
    }
    ck_assert_int_eq(c.calls, before);
    mancala_free(start);
    mancala_batch_mcts_free(m);
}
END_TEST

/* ---- leaves over are valued by the rules ---- */

/* One legal move, which ends the game (South 22, North 20: South
 * wins): the only simulations after the root's are of that leaf, valued
 * by the rules, and no leaf but the root is handed out. */
START_TEST(leaves_over_are_not_handed_out)
{
    mancala_batch_mcts *m = new_ok("modiar", 1, 10, 1);
    ck_assert_int_eq(mancala_batch_mcts_set_position(m, 0, "modiar/0,0,2,0,0,0/S/21,19/5"),
                     MANCALA_OK);
    ck_assert_int_eq(mancala_batch_mcts_select(m), 1);
    ck_assert_int_eq(mancala_batch_mcts_leaf_trees(m)[0], 0);
    const float priors[3] = {0, 0, 1}, value = -1;
    ck_assert_int_eq(mancala_batch_mcts_answer(m, priors, &value, 1), MANCALA_OK);
    ck_assert_int_eq(mancala_batch_mcts_select(m), 0);
    uint32_t visits[3];
    double root;
    ck_assert_int_eq(mancala_batch_mcts_visits(m, 0, visits, 3, &root), 10);
    const uint32_t expected[3] = {0, 0, 9};
    ck_assert_mem_eq(visits, expected, sizeof visits);
    /* the evaluation's -1, then nine wins: (9 - 1) / 10 */
    ck_assert_double_eq_tol(root, 0.8, 1e-12);
    ck_assert_int_eq(mancala_batch_mcts_choose(m, 0, 0), 2);
    mancala_batch_mcts_free(m);
}
END_TEST

/* The same leaf valued by its stones (South 22, North 20: 2 of 42). */
START_TEST(leaves_over_valued_by_stones)
{
    mancala_batch_mcts *m = new_ok("modiar", 1, 10, 1);
    ck_assert_int_eq(mancala_batch_mcts_set_param(m, MANCALA_BATCH_MCTS_TERMINAL_STONES, 2),
                     MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_batch_mcts_set_param(m, MANCALA_BATCH_MCTS_TERMINAL_STONES, 1),
                     MANCALA_OK);
    ck_assert_int_eq(mancala_batch_mcts_set_position(m, 0, "modiar/0,0,2,0,0,0/S/21,19/5"),
                     MANCALA_OK);
    ck_assert_int_eq(mancala_batch_mcts_select(m), 1);
    const float priors[3] = {0, 0, 1}, value = -1;
    ck_assert_int_eq(mancala_batch_mcts_answer(m, priors, &value, 1), MANCALA_OK);
    ck_assert_int_eq(mancala_batch_mcts_select(m), 0);
    uint32_t visits[3];
    double root;
    ck_assert_int_eq(mancala_batch_mcts_visits(m, 0, visits, 3, &root), 10);
    /* the evaluation's -1, then nine of 2 / 42 */
    ck_assert_double_eq_tol(root, (9 * 2.0 / 42 - 1) / 10, 1e-12);
    mancala_batch_mcts_free(m);
}
END_TEST

/* ---- bad arguments ---- */

START_TEST(bad_arguments_change_nothing)
{
    mancala_batch_mcts *m = NULL;
    char err[256];
    ck_assert_int_eq(mancala_batch_mcts_new(NULL, "modiar", 1, 1, 0, err, sizeof err),
                     MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_batch_mcts_new(&m, "chess", 1, 1, 0, err, sizeof err), MANCALA_E_RULES);
    ck_assert_int_eq(mancala_batch_mcts_new(&m, "modiar", 0, 1, 0, err, sizeof err),
                     MANCALA_E_INVALID);
    expect_str_eq(err, "games: 0 is not in 1 ... 65536");
    ck_assert_int_eq(mancala_batch_mcts_new(&m, "modiar", 1, 100001, 0, err, sizeof err),
                     MANCALA_E_INVALID);
    expect_str_eq(err, "max_simulations: 100001 is not in 1 ... 100000");
    ck_assert_ptr_null(m);

    m = new_ok("modiar", 2, 20, 0);
    ck_assert_int_eq(mancala_batch_mcts_set_param(m, MANCALA_BATCH_MCTS_C_PUCT, 0), MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_batch_mcts_set_param(m, MANCALA_BATCH_MCTS_C_PUCT, NAN),
                     MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_batch_mcts_set_param(m, MANCALA_BATCH_MCTS_DIRICHLET_FRACTION, 1.5),
                     MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_batch_mcts_set_param(m, MANCALA_BATCH_MCTS_DIRICHLET_ALPHA, -1),
                     MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_batch_mcts_set_param(m, 99, 1), MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_batch_mcts_set_position(m, 2, "modiar/2,2,2,2,2,2/S/15,15/1"),
                     MANCALA_E_RANGE);
    ck_assert_int_eq(mancala_batch_mcts_set_position(m, -1, "x"), MANCALA_E_RANGE);
    ck_assert_int_eq(mancala_batch_mcts_set_position(m, 0, "modiar/2,2"), MANCALA_E_PARSE);
    ck_assert_int_eq(mancala_batch_mcts_set_position(m, 0, NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_batch_mcts_set_position(m, 0, "modiar/0,0,0,0,0,1/S/20,21/3"),
                     MANCALA_E_OVER);
    mancala_game *other = NULL;
    ck_assert_int_eq(mancala_new(&other, "rio-kadalis"), MANCALA_OK);
    ck_assert_int_eq(mancala_batch_mcts_set_root(m, 0, other), MANCALA_E_INVALID);
    mancala_free(other);
    /* No root: nothing to select, no results. */
    ck_assert_int_eq(mancala_batch_mcts_select(m), 0);
    ck_assert_int_eq(mancala_batch_mcts_visits(m, 0, NULL, 0, NULL), MANCALA_E_STATE);
    ck_assert_int_eq(mancala_batch_mcts_choose(m, 0, 0), MANCALA_E_STATE);
    ck_assert_int_eq(mancala_batch_mcts_answer(m, (float[3]){0}, (float[1]){0}, 1), MANCALA_E_STATE);

    ck_assert_int_eq(mancala_batch_mcts_set_position(m, 1, "modiar/2,2,2,2,2,2/S/15,15/1"),
                     MANCALA_OK);
    ck_assert_int_eq(mancala_batch_mcts_choose(m, 1, 0), MANCALA_E_STATE); /* not expanded */
    ck_assert_int_eq(mancala_batch_mcts_visits(m, 1, NULL, 0, NULL), 0);
    ck_assert_int_eq(mancala_batch_mcts_select(m), 1);
    /* While a leaf waits: no second selection, no new root or parameter. */
    ck_assert_int_eq(mancala_batch_mcts_select(m), MANCALA_E_STATE);
    ck_assert_int_eq(mancala_batch_mcts_set_position(m, 0, "modiar/2,2,2,2,2,2/S/15,15/1"),
                     MANCALA_E_STATE);
    ck_assert_int_eq(mancala_batch_mcts_set_param(m, MANCALA_BATCH_MCTS_C_PUCT, 1), MANCALA_E_STATE);
    const float nan_priors[3] = {NAN, -1, INFINITY}, nan_value = NAN;
    ck_assert_int_eq(mancala_batch_mcts_answer(m, nan_priors, &nan_value, 2), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_batch_mcts_answer(m, NULL, &nan_value, 1), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_batch_mcts_answer(m, nan_priors, NULL, 1), MANCALA_E_INVALID);
    ck_assert_ptr_nonnull(mancala_batch_mcts_leaf_game(m, 0));
    /* NaN, negative and infinite priors count as 0 (all 0: uniform), a NaN value as 0. */
    ck_assert_int_eq(mancala_batch_mcts_answer(m, nan_priors, &nan_value, 1), MANCALA_OK);
    ck_assert_ptr_null(mancala_batch_mcts_leaf_game(m, 0));
    double value = 1;
    ck_assert_int_eq(mancala_batch_mcts_visits(m, 1, NULL, 0, &value), 1);
    ck_assert_double_eq(value, 0);
    uint32_t visits[3];
    ck_assert_int_eq(mancala_batch_mcts_visits(m, 1, visits, 2, NULL), MANCALA_E_NOSPACE);
    ck_assert_int_eq(mancala_batch_mcts_choose(m, 1, NAN), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_batch_mcts_choose(m, 1, -1), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_batch_mcts_choose(m, 2, 0), MANCALA_E_RANGE);
    ck_assert_int_eq(mancala_batch_mcts_choose(m, 1, 0), 0); /* equal priors: the first */

    ck_assert_int_eq(mancala_batch_mcts_select(NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_batch_mcts_answer(NULL, nan_priors, &nan_value, 1), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_batch_mcts_set_root(NULL, 0, NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_batch_mcts_set_param(NULL, 1, 1), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_batch_mcts_visits(NULL, 0, NULL, 0, NULL), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_batch_mcts_choose(NULL, 0, 0), MANCALA_E_INVALID);
    ck_assert_ptr_null(mancala_batch_mcts_observations(NULL));
    ck_assert_ptr_null(mancala_batch_mcts_legal_masks(NULL));
    ck_assert_ptr_null(mancala_batch_mcts_leaf_trees(NULL));
    ck_assert_ptr_null(mancala_batch_mcts_leaf_game(NULL, 0));
    /* A root taken away: the tree is passed by. */
    ck_assert_int_eq(mancala_batch_mcts_set_root(m, 1, NULL), MANCALA_OK);
    ck_assert_int_eq(mancala_batch_mcts_select(m), 0);
    mancala_batch_mcts_free(m);
    mancala_batch_mcts_free(NULL);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("batch_mcts");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, each_tree_as_mcts_tree, 0, 3);
    tcase_add_test(tc, table_values_give_best_outcomes);
    tcase_add_test(tc, noise_is_fixed_by_the_seed);
    tcase_add_test(tc, choices_follow_the_visits);
    tcase_add_loop_test(tc, searches_do_not_allocate, 0, 3);
    tcase_add_test(tc, leaves_over_are_not_handed_out);
    tcase_add_test(tc, leaves_over_valued_by_stones);
    tcase_add_test(tc, bad_arguments_change_nothing);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    const int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
