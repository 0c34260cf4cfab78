/*
 * Plays one seeded game of each variant between two simple players and
 * prints the board after every move; a Rio Kadalis game is a whole match.
 *
 * South plays a greedy player (the move that captures most now, lowest pit
 * on ties); North plays uniformly at random from a seeded generator.
 *
 * Usage: mancala-demo [SEED]
 */
#include <stdio.h>
#include <stdlib.h>

#include <mancala.h>

static uint64_t rng_state;

static uint32_t next_random(void)
{
    /* xorshift64*: small, seeded, the same everywhere. */
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (uint32_t)((rng_state * 0x2545f4914f6cdd1dULL) >> 32);
}

/* Draws the board as seen from South's seat: North's row on top, right to
 * left, then South's row, left to right. */
static void draw(const mancala_game *game)
{
    const int npits = mancala_num_pits(game), n = npits / 2;
    printf("      North %2d  |", mancala_score(game, MANCALA_NORTH));
    for (int p = npits - 1; p >= n; p--) {
        if (mancala_pit_closed(game, p))
            printf("  --");
        else
            printf(" %3d", mancala_pit(game, p));
    }
    printf("\n      South %2d  |", mancala_score(game, MANCALA_SOUTH));
    for (int p = 0; p < n; p++) {
        if (mancala_pit_closed(game, p))
            printf("  --");
        else
            printf(" %3d", mancala_pit(game, p));
    }
    printf("\n");
}

static int greedy_move(const mancala_game *game, const int *moves, int count)
{
    int best = moves[0], best_gain = -1;
    const int me = mancala_to_move(game);
    for (int i = 0; i < count; i++) {
        mancala_game *copy;
        if (mancala_clone(&copy, game) < 0)
            return moves[0];
        mancala_play(copy, moves[i]);
        int gain = mancala_captured(copy, me) - mancala_captured(game, me);
        if (gain > best_gain) {
            best_gain = gain;
            best = moves[i];
        }
        mancala_free(copy);
    }
    return best;
}

static int play_game(const char *rules)
{
    mancala_game *game;
    int status = mancala_new(&game, rules);
    if (status < 0) {
        fprintf(stderr, "%s: %s\n", rules, mancala_strerror(status));
        return 1;
    }
    printf("=== %s ===\n", rules);
    /* A match of at most 8 rounds: then the player holding more stones
     * wins it (as when a match that keeps repeating ends sooner). */
    mancala_set_option(game, MANCALA_OPT_MAX_ROUNDS, 8);
    for (;;) {
        char text[MANCALA_POSITION_MAX];
        mancala_format(game, text, sizeof text);
        printf("round %d, ply %d: %s\n", mancala_round(game), mancala_ply(game), text);
        draw(game);
        while (!mancala_is_over(game)) {
            int moves[MANCALA_MAX_PITS];
            int count = mancala_legal_moves(game, moves, MANCALA_MAX_PITS);
            int player = mancala_to_move(game);
            int pit = player == MANCALA_SOUTH ? greedy_move(game, moves, count)
                                              : moves[next_random() % (uint32_t)count];
            mancala_play(game, pit);
            printf("%s plays %d\n", player == MANCALA_SOUTH ? "South" : "North", pit);
            draw(game);
        }
        int winner = mancala_winner(game);
        printf("round over (%s): South %d, North %d, %s\n",
               mancala_end_reason(game) == MANCALA_END_REPETITION ? "repetition" : "no legal move",
               mancala_score(game, MANCALA_SOUTH), mancala_score(game, MANCALA_NORTH),
               winner == MANCALA_DRAW ? "draw" : winner == MANCALA_SOUTH ? "South wins" : "North wins");
        if (mancala_match_over(game))
            break;
        mancala_next_round(game);
    }
    static const char *const why[] = {"", "one game", "fewer than 4 stones",
                                      "repeating rounds", "round limit"};
    int winner = mancala_match_winner(game);
    printf("match over after %d round(s) (%s): %s\n\n", mancala_round(game),
           why[mancala_match_end_reason(game)],
           winner == MANCALA_DRAW ? "draw" : winner == MANCALA_SOUTH ? "South wins" : "North wins");
    mancala_free(game);
    return 0;
}

int main(int argc, char **argv)
{
    rng_state = argc > 1 ? strtoull(argv[1], NULL, 10) : 2026;
    if (rng_state == 0)
        rng_state = 1;
    int failed = 0;
    for (int i = 0; i < mancala_rules_count(); i++)
        failed |= play_game(mancala_rules_name(i));
    return failed;
}
