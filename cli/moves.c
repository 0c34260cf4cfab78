/*
 * mancala moves: the legal moves of a position, or why each pit is not one.
 *
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "platform/port.h"

static const char moves_help[] =
    "Usage: mancala moves POSITION [--all]\n"
    "\n"
    "Lists the legal moves of the player to move, one a line: the pit, then\n"
    "the position after the move (\"(over)\" if the game or round ends).\n"
    "\n"
    "  --all  list every pit of the player to move, with the reason each\n"
    "         illegal one is refused\n";

int cmd_moves(int argc, char **argv)
{
    const char *cmd = "moves", *position = NULL;
    int all = 0;
    const struct option_spec options[] = {{"all", NULL, &all}, {0}};
    static const char *const names[] = {"POSITION"};
    int status = parse_args(cmd, argc, argv, options, &position, 1, 1, names);
    if (status < 0)
        return fputs(moves_help, stdout), EXIT_DONE;
    if (status)
        return status;
    mancala_game *game;
    if ((status = open_position(cmd, position, &game)))
        return status;

    int pits[MANCALA_MAX_PITS], count;
    if (all) {
        const int n = mancala_num_pits(game) / 2, first = mancala_to_move(game) * n;
        for (count = 0; count < n; count++)
            pits[count] = first + count;
    } else {
        count = mancala_legal_moves(game, pits, MANCALA_MAX_PITS);
        if (count == 0)
            printf("No legal move: %s.\n", mancala_strerror(MANCALA_E_OVER));
    }
    int result = EXIT_DONE;
    for (int i = 0; i < count && result == EXIT_DONE; i++) {
        mancala_game *after;
        if ((status = mancala_clone(&after, game)) < 0) {
            result = fail(cmd, "%s", mancala_strerror(status));
            break;
        }
        status = mancala_play(after, pits[i]);
        if (status < 0) {
            printf("%d  %s\n", pits[i], mancala_strerror(status));
        } else {
            char text[160];
            mancala_format(after, text, sizeof text);
            printf("%d  %s%s\n", pits[i], text, mancala_is_over(after) ? " (over)" : "");
        }
        mancala_free(after);
    }
    mancala_free(game);
    return result;
}
