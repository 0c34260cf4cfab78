/*
 * Prints the position reached from POSITION (a position string or a rules
 * name) after the given steps, then its picture from mancala_svg(), for
 * test_svg.py:
 *
 *   svg-dump [--inline] POSITION [STEP...]
 *
 * A STEP is a pit number to play, "first" or "last" (the first or last
 * legal move), or "next" (mancala_next_round()). The first line of the
 * output is the position string, the rest the SVG.
 *
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mancala.h>

static int fail(const char *what, int status)
{
    fprintf(stderr, "svg-dump: %s: %s\n", what, mancala_strerror(status));
    return 1;
}

int main(int argc, char **argv)
{
    unsigned flags = MANCALA_SVG_DEFAULT;
    int arg = 1;
    if (arg < argc && !strcmp(argv[arg], "--inline")) {
        flags |= MANCALA_SVG_INLINE;
        arg++;
    }
    if (arg >= argc) {
        fprintf(stderr, "usage: svg-dump [--inline] POSITION [STEP...]\n(STEP: a pit, first, last, next, rounds=N)\n");
        return 2;
    }
    mancala_game *game;
    int status = strchr(argv[arg], '/') ? mancala_parse(&game, argv[arg], NULL, 0)
                                        : mancala_new(&game, argv[arg]);
    if (status < 0)
        return fail(argv[arg], status);
    for (arg++; arg < argc; arg++) {
        const char *step = argv[arg];
        if (!strcmp(step, "next")) {
            status = mancala_next_round(game);
        } else if (!strncmp(step, "rounds=", 7)) {
            status = mancala_set_option(game, MANCALA_OPT_MAX_ROUNDS, atoi(step + 7));
        } else if (!strcmp(step, "first") || !strcmp(step, "last")) {
            int moves[MANCALA_MAX_PITS];
            int count = mancala_legal_moves(game, moves, MANCALA_MAX_PITS);
            status = count > 0 ? mancala_play(game, moves[step[0] == 'f' ? 0 : count - 1])
                               : MANCALA_E_OVER;
        } else {
            status = mancala_play(game, atoi(step));
        }
        if (status < 0) {
            mancala_free(game);
            return fail(step, status);
        }
    }
    char position[160];
    mancala_format(game, position, sizeof position);
    int len = mancala_svg(game, NULL, 0, flags);
    char *svg = len >= 0 ? malloc((size_t)len + 1) : NULL;
    if (!svg || mancala_svg(game, svg, (size_t)len + 1, flags) != len) {
        mancala_free(game);
        free(svg);
        return fail("mancala_svg", len < 0 ? len : MANCALA_E_NOMEM);
    }
    printf("%s\n%s", position, svg);
    free(svg);
    mancala_free(game);
    return fflush(stdout) ? 1 : 0;
}
