/*
 * Drawing a position (terminal and SVG) and telling what a move did.
 *
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "platform/port.h"

/* Seen from South's seat (RULES.md, "Board, players, pit numbers"):
 * North's row runs 2n-1 ... n from left to right, South's row 0 ... n-1.
 * This is the pit drawn in column @p col of @p player's row. */
static int pit_at(int npits, int player, int col)
{
    return player == MANCALA_SOUTH ? col : npits - 1 - col;
}

static void draw_pit_numbers(FILE *out, const struct style *style, int npits, int player)
{
    fprintf(out, "%s       ", sgr(style, SGR_DIM));
    for (int col = 0; col < npits / 2; col++)
        fprintf(out, " %3d", pit_at(npits, player, col));
    fprintf(out, "%s\n", sgr(style, SGR_RESET));
}

static void draw_row(FILE *out, const struct style *style, const mancala_game *game, int player)
{
    const int npits = mancala_num_pits(game);
    const int moving = !mancala_is_over(game) && mancala_to_move(game) == player;
    fprintf(out, "%s%s%s |", moving ? sgr(style, SGR_BOLD) : "", player_name(player),
            moving ? sgr(style, SGR_RESET) : "");
    for (int col = 0; col < npits / 2; col++) {
        int pit = pit_at(npits, player, col);
        if (mancala_pit_closed(game, pit))
            fprintf(out, " %s  x%s", sgr(style, SGR_DIM), sgr(style, SGR_RESET));
        else
            fprintf(out, " %3d", mancala_pit(game, pit));
    }
    fprintf(out, " |  captured %s%d%s", sgr(style, SGR_YELLOW), mancala_captured(game, player),
            sgr(style, SGR_RESET));
    if (has_rounds(game))
        fprintf(out, "  bank %d", mancala_bank(game, player));
    if (moving)
        fprintf(out, "  %s<- to move%s", sgr(style, SGR_GREEN), sgr(style, SGR_RESET));
    fputc('\n', out);
}

void draw_board(FILE *out, const struct style *style, const mancala_game *game)
{
    const int npits = mancala_num_pits(game);
    draw_pit_numbers(out, style, npits, MANCALA_NORTH);
    draw_row(out, style, game, MANCALA_NORTH);
    draw_row(out, style, game, MANCALA_SOUTH);
    draw_pit_numbers(out, style, npits, MANCALA_SOUTH);
}

void print_result(FILE *out, const struct style *style, const mancala_game *game)
{
    /* The library's words, as the page's and every binding's; each line
     * stands out. */
    char text[512];
    if (mancala_describe_result(game, text, sizeof text) < 0)
        return;
    for (const char *line = text, *end;; line = end + 1) {
        end = strchr(line, '\n');
        const int n = end ? (int)(end - line) : (int)strlen(line);
        fprintf(out, "%s%.*s%s\n", sgr(style, SGR_BOLD), n, line, sgr(style, SGR_RESET));
        if (!end)
            break;
    }
}

int report_move(FILE *out, const struct style *style, const mancala_game *game)
{
    /* The library tells the move: the same words as the page's and every
     * binding's. */
    int len = mancala_describe_last_move(game, NULL, 0);
    if (len < 0)
        return len;
    char *text = malloc((size_t)len + 1);
    if (!text)
        return MANCALA_E_NOMEM;
    mancala_describe_last_move(game, text, (size_t)len + 1);
    /* The first line says what was sown; the lines after it, what was
     * captured (or forfeited), stand out. */
    const char *hi = sgr(style, SGR_YELLOW), *off = sgr(style, SGR_RESET);
    for (const char *line = text, *end;; line = end + 1) {
        end = strchr(line, '\n');
        int n = end ? (int)(end - line) : (int)strlen(line);
        fprintf(out, "%s%.*s%s\n", line == text ? "" : hi, n, line, line == text ? "" : off);
        if (!end)
            break;
    }
    free(text);
    return 0;
}

/* ---- SVG ---- */

int write_svg(FILE *out, const mancala_game *game)
{
    /* The library draws the picture: the same one as every binding's. */
    int len = mancala_svg(game, NULL, 0, MANCALA_SVG_DEFAULT);
    if (len < 0)
        return len;
    char *svg = malloc((size_t)len + 1);
    if (!svg)
        return MANCALA_E_NOMEM;
    int status = mancala_svg(game, svg, (size_t)len + 1, MANCALA_SVG_DEFAULT);
    if (status == len && fwrite(svg, 1, (size_t)len, out) != (size_t)len)
        status = -1;
    free(svg);
    return status < 0 ? status : 0;
}

static int write_svg_of(FILE *out, const void *game)
{
    return write_svg(out, game);
}

int save_svg(const char *path, const mancala_game *game)
{
    return save_file(path, write_svg_of, game);
}
