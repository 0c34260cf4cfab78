/*
 * Plays seeded random games through the C API and prints everything the
 * API says about each position, one tab-separated line per record, so
 * that the Python tests can replay the same moves through the binding and
 * compare every answer:
 *
 *   G  rules  repetition
 *   S  position  legal-moves  hash  to-move  over  end-reason
 *      south-score,north-score  round  match-over  winner  match-winner
 *      play-status-per-pit  playout-seed  playout-plies  playout-scores
 *   M  pit  events (kind:pit:stones:player, separated by ;)
 *   R  next-round-status
 *   E
 *
 * play-status-per-pit is what mancala_play() returns for each pit number
 * from -1 to 2n (on a copy): 0 for a legal move, else the refusal code.
 * Lists are comma-separated; "-" stands for an empty list.
 *
 * Usage: mancala-py-trace SEED GAMES-PER-RULES
 *
 * SPDX-License-Identifier: MIT
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include <mancala.h>

static const char *const rules_names[] = {"modiar", "rio-kadalis", "rio-kadalis-5",
                                          "rio-kadalis-cw", "rio-kadalis-5-cw"};

static uint64_t rng;

static uint32_t next_random(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)rng;
}

static void print_list(const int *values, int count)
{
    if (count <= 0)
        printf("-");
    for (int i = 0; i < count; i++)
        printf(i ? ",%d" : "%d", values[i]);
}

static int print_state(const mancala_game *game, uint64_t playout_seed)
{
    char text[128];
    int moves[MANCALA_MAX_PITS];
    if (mancala_format(game, text, sizeof text) >= (int)sizeof text)
        return -1;
    const int count = mancala_legal_moves(game, moves, MANCALA_MAX_PITS);
    printf("S\t%s\t", text);
    print_list(moves, count);
    printf("\t%016" PRIx64 "\t%d\t%d\t%d\t%d,%d\t%d\t%d\t%d\t%d\t", mancala_hash(game),
           mancala_to_move(game), mancala_is_over(game), mancala_end_reason(game),
           mancala_score(game, MANCALA_SOUTH), mancala_score(game, MANCALA_NORTH),
           mancala_round(game), mancala_match_over(game), mancala_winner(game),
           mancala_match_winner(game));

    const int npits = mancala_num_pits(game);
    for (int pit = -1; pit <= npits; pit++) {
        mancala_game *copy;
        if (mancala_clone(&copy, game) < 0)
            return -1;
        printf(pit > -1 ? ",%d" : "%d", mancala_play(copy, pit));
        mancala_free(copy);
    }

    int scores[2];
    const int plies = mancala_playout(game, playout_seed, scores);
    printf("\t%" PRIu64 "\t%d\t%d,%d\n", playout_seed, plies, scores[0], scores[1]);
    return 0;
}

static int print_last_move(const mancala_game *game, int pit)
{
    static mancala_event events[100000];
    const int count = mancala_last_move_events(game, events, sizeof events / sizeof events[0]);
    if (count < 0 || count > (int)(sizeof events / sizeof events[0]))
        return -1;
    printf("M\t%d\t", pit);
    for (int i = 0; i < count; i++)
        printf("%s%d:%d:%d:%d", i ? ";" : "", events[i].kind, events[i].pit, events[i].stones,
               events[i].player);
    printf(count ? "\n" : "-\n");
    return 0;
}

/* One game, or for Rio Kadalis its first four rounds. Without the repetition
 * rule a round may never end, so each round stops after 300 plies. */
static int play_game(const char *rules, int repetition)
{
    mancala_game *game;
    if (mancala_new(&game, rules) < 0 ||
        mancala_set_option(game, MANCALA_OPT_REPETITION, repetition) < 0)
        return -1;
    printf("G\t%s\t%d\n", rules, repetition);
    for (int round = 0; round < 4; round++) {
        while (!mancala_is_over(game) && mancala_ply(game) < 300) {
            if (print_state(game, next_random()) < 0)
                goto fail;
            int moves[MANCALA_MAX_PITS];
            const int count = mancala_legal_moves(game, moves, MANCALA_MAX_PITS);
            const int pit = moves[next_random() % (uint32_t)count];
            if (mancala_play(game, pit) < 0 || print_last_move(game, pit) < 0)
                goto fail;
        }
        if (print_state(game, next_random()) < 0)
            goto fail;
        if (!mancala_is_over(game))
            break;
        const int status = mancala_next_round(game);
        printf("R\t%d\n", status);
        if (status < 0)
            break;
    }
    printf("E\n");
    mancala_free(game);
    return 0;
fail:
    mancala_free(game);
    return -1;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s SEED GAMES-PER-RULES\n", argv[0]);
        return 2;
    }
    rng = strtoull(argv[1], NULL, 0) | 1;
    const int games = atoi(argv[2]);
    for (size_t r = 0; r < sizeof rules_names / sizeof rules_names[0]; r++) {
        for (int i = 0; i < games; i++) {
            /* One game in ten without the repetition rule. */
            if (play_game(rules_names[r], i % 10 != 9) < 0) {
                fprintf(stderr, "%s: game %d failed\n", rules_names[r], i);
                return 1;
            }
        }
    }
    return 0;
}
