/*
 * mancala show: a position drawn as text or SVG.
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

static const char show_help[] =
    "Usage: mancala show POSITION [--svg FILE]\n"
    "\n"
    "Draws the position: the pits with their numbers, the stones captured\n"
    "(and the banks of Rio Kadalis), and whose turn it is.\n"
    "\n"
    "  --svg FILE  write an SVG picture of the board to FILE instead\n"
    "              (- for standard output)\n";

static int write_svg_file(const char *cmd, const char *path, const mancala_game *game)
{
    int failed = strcmp(path, "-") ? save_svg(path, game) != 0
                                   : write_svg(stdout, game) != 0 || fflush(stdout) != 0;
    return failed ? fail(cmd, "%s: %s", quote(path), strerror(errno)) : EXIT_DONE;
}

int cmd_show(int argc, char **argv)
{
    const char *cmd = "show", *svg = NULL, *position = NULL;
    const struct option_spec options[] = {{"svg", &svg, NULL}, {0}};
    static const char *const names[] = {"POSITION"};
    int status = parse_args(cmd, argc, argv, options, &position, 1, 1, names);
    if (status < 0)
        return fputs(show_help, stdout), EXIT_DONE;
    if (status)
        return status;
    mancala_game *game;
    if ((status = open_position(cmd, position, &game)))
        return status;

    if (svg && !*svg) {
        status = usage_error(cmd, "--svg needs a file name (or - for standard output)");
    } else if (svg) {
        status = write_svg_file(cmd, svg, game);
    } else {
        struct style style;
        style_for(&style, stdout);
        char text[160];
        mancala_format(game, text, sizeof text);
        printf("%s\n", text);
        draw_board(stdout, &style, game);
        if (mancala_is_over(game)) {
            print_result(stdout, &style, game);
        } else {
            int moves[MANCALA_MAX_PITS];
            int count = mancala_legal_moves(game, moves, MANCALA_MAX_PITS);
            printf("%s to move; legal moves:", player_name(mancala_to_move(game)));
            for (int i = 0; i < count; i++)
                printf(" %d", moves[i]);
            printf(".\n");
        }
        status = EXIT_DONE;
    }
    mancala_free(game);
    return status;
}
