/*
 * layer-moves: for random positions of one layer of an all-open Rio
 * Kadalis round (S stones on the board, every pit open), how many legal
 * moves each has and how many of them stay in the layer (capture
 * nothing). The solver stores a predecessor for every move that stays
 * in the layer, so this mean, E, sets most of its memory (doc/scaling.md).
 *
 *   layer-moves RULES STONES SAMPLES [SEED]
 *
 * Public API only. Positions are drawn uniformly from the boards of
 * STONES stones (stars and bars), South to move, the rest captured.
 *
 * SPDX-License-Identifier: MIT
 */
#include <mancala.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t next(uint64_t *state) /* SplitMix64 */
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static int board_stones(const mancala_game *game, int pits)
{
    int sum = 0;
    for (int p = 0; p < pits; p++)
        sum += mancala_pit(game, p);
    return sum;
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: layer-moves RULES STONES SAMPLES [SEED]\n");
        return 2;
    }
    const char *rules = argv[1];
    int stones = atoi(argv[2]);
    long samples = atol(argv[3]);
    uint64_t seed = argc > 4 ? strtoull(argv[4], NULL, 10) : 1;
    mancala_game *start;
    if (mancala_new(&start, rules) < 0) {
        fprintf(stderr, "layer-moves: unknown rules %s\n", rules);
        return 2;
    }
    int pits = mancala_num_pits(start);
    int total = board_stones(start, pits);
    mancala_free(start);
    if (stones < 0 || stones > total || samples <= 0 || pits > 16) {
        fprintf(stderr, "layer-moves: STONES 0-%d, SAMPLES > 0\n", total);
        return 2;
    }
    long moves = 0, inside = 0;
    for (long n = 0; n < samples; n++) {
        /* stars and bars: choose pits - 1 bar places among stones + pits - 1 */
        int slots = stones + pits - 1, bars = pits - 1, count[16] = {0}, pit = 0;
        for (int i = 0; i < slots; i++) {
            if ((int)(next(&seed) % (uint64_t)(slots - i)) < bars) {
                bars--;
                pit++;
            } else
                count[pit]++;
        }
        char text[MANCALA_POSITION_MAX];
        int len = snprintf(text, sizeof text, "%s/", rules);
        for (int p = 0; p < pits; p++)
            len += snprintf(text + len, sizeof text - (size_t)len, "%s%d", p ? "," : "", count[p]);
        int captured = total - stones;
        snprintf(text + len, sizeof text - (size_t)len, "/S/%d,%d/1", captured - captured / 2,
                 captured / 2);
        mancala_game *game;
        char why[MANCALA_REASON_MAX];
        if (mancala_parse(&game, text, why, sizeof why) < 0) {
            fprintf(stderr, "layer-moves: %s: %s\n", text, why);
            return 1;
        }
        int list[MANCALA_MAX_PITS];
        int k = mancala_legal_moves(game, list, MANCALA_MAX_PITS);
        for (int i = 0; i < k; i++) {
            mancala_game *child;
            if (mancala_clone(&child, game) < 0 || mancala_play(child, list[i]) < 0)
                return 1;
            moves++;
            inside += board_stones(child, pits) == stones;
            mancala_free(child);
        }
        mancala_free(game);
    }
    printf("%s stones=%d samples=%ld moves_per_position=%.3f inside_layer_per_position=%.3f\n",
           rules, stones, samples, (double)moves / samples, (double)inside / samples);
    return 0;
}
