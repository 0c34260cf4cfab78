/*
 * Drawing a position (terminal and SVG) and telling what a move did.
 *
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>

#include "cli.h"

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
    if (!is_modiar(game))
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

void print_result(FILE *out, const struct style *style, const mancala_game *game,
                  const char *label)
{
    const int winner = mancala_winner(game);
    fprintf(out, "%s%s over: ", sgr(style, SGR_BOLD), label);
    if (mancala_end_reason(game) == MANCALA_END_REPETITION)
        fprintf(out, "the position repeated.");
    else
        fprintf(out, "%s has no legal move.", player_name(mancala_to_move(game)));
    fprintf(out, " South %d, North %d: ", mancala_score(game, MANCALA_SOUTH),
            mancala_score(game, MANCALA_NORTH));
    if (winner == MANCALA_DRAW)
        fprintf(out, "a draw.");
    else
        fprintf(out, "%s wins%s.", player_name(winner), is_modiar(game) ? "" : " the round");
    fprintf(out, "%s\n", sgr(style, SGR_RESET));
}

/* The relays of a long move are listed up to this many lap starts. */
#define LISTED_LAPS 8

int report_move(FILE *out, const struct style *style, const mancala_game *game)
{
    int count = mancala_last_move_events(game, NULL, 0);
    if (count <= 0)
        return count < 0 ? count : MANCALA_E_NO_HISTORY;
    mancala_event *events = malloc((size_t)count * sizeof *events);
    if (!events)
        return MANCALA_E_NOMEM;
    mancala_last_move_events(game, events, (size_t)count);

    int laps = 0, sown = 0, last = events[0].pit;
    for (int i = 0; i < count; i++) {
        laps += events[i].kind == MANCALA_EV_LAP;
        if (events[i].kind == MANCALA_EV_SOW) {
            sown++;
            last = events[i].pit;
        }
    }
    const int mover = events[0].player;
    fprintf(out, "%s plays %d: %d lap%s", player_name(mover), events[0].pit, laps,
            laps == 1 ? "" : "s");
    if (laps > 1) {
        /* Rio Kadalis rule 5: each further lap is a relay from where the
         * previous one ended. */
        fprintf(out, " (relays from");
        int listed = 0;
        for (int i = 1; i < count; i++) {
            if (events[i].kind != MANCALA_EV_LAP)
                continue;
            if (listed++ == LISTED_LAPS) {
                fprintf(out, " ...");
                break;
            }
            fprintf(out, " %d", events[i].pit);
        }
        fputc(')', out);
    }
    fprintf(out, ", %d stone%s sown, the last into pit %d.\n", sown, sown == 1 ? "" : "s", last);

    const char *hi = sgr(style, SGR_YELLOW), *off = sgr(style, SGR_RESET);
    for (int i = 0; i < count; i++) {
        const mancala_event *ev = &events[i];
        switch (ev->kind) {
        case MANCALA_EV_CAPTURE:
            if (is_modiar(game))
                fprintf(out, "  %s%s captures %d from pit %d.%s\n", hi, player_name(ev->player),
                        ev->stones, ev->pit, off);
            else
                fprintf(out, "  %s%s captures the four formed in pit %d.%s\n", hi,
                        player_name(ev->player), ev->pit, off);
            break;
        case MANCALA_EV_BINIKH:
            fprintf(out, "  %sBinikh: %s captures the four in pit %d and the move ends.%s\n", hi,
                    player_name(ev->player), ev->pit, off);
            break;
        case MANCALA_EV_FORFEIT:
            fprintf(out, "  First move: no capture, the %d stones stay in pit %d.\n", ev->stones,
                    ev->pit);
            break;
        default:
            break;
        }
    }
    free(events);
    return 0;
}

/* ---- SVG ---- */

#define SVG_PIT_SPACING 80
#define SVG_PIT_RADIUS 30
#define SVG_LEFT 90      /* room for the players' names */
#define SVG_RIGHT 150    /* room for captures and banks */
#define SVG_NORTH_Y 100
#define SVG_SOUTH_Y 190
#define SVG_SAND "#e3cc96"
#define SVG_HOLLOW "#5c3a1e"
#define SVG_WOOD "#a0703c"

int write_svg(FILE *out, const mancala_game *game)
{
    const int npits = mancala_num_pits(game), n = npits / 2;
    const int board_width = n * SVG_PIT_SPACING + 20;
    const int width = SVG_LEFT + board_width + SVG_RIGHT, height = 270;
    const int over = mancala_is_over(game), to_move = mancala_to_move(game);
    char position[160];
    mancala_format(game, position, sizeof position);

    fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                 "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n",
            width, height, width, height);
    fprintf(out, "  <title>%s</title>\n", position);
    fprintf(out, "  <rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", width, height);
    fprintf(out, "  <text id=\"status\" x=\"%d\" y=\"28\" font-size=\"16\">%s: %s%s</text>\n",
            SVG_LEFT, mancala_rules(game), over ? "over" : player_name(to_move),
            over ? "" : " to move");
    fprintf(out, "  <rect class=\"board\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"40\" "
                 "fill=\"%s\"/>\n",
            SVG_LEFT, SVG_NORTH_Y - 45, board_width, SVG_SOUTH_Y - SVG_NORTH_Y + 90, SVG_WOOD);

    for (int player = MANCALA_SOUTH; player <= MANCALA_NORTH; player++) {
        const int y = player == MANCALA_SOUTH ? SVG_SOUTH_Y : SVG_NORTH_Y;
        const int label_y = player == MANCALA_SOUTH ? y + 60 : y - 55;
        const int moving = !over && to_move == player;
        fprintf(out, "  <text class=\"player\" x=\"10\" y=\"%d\" font-size=\"16\"%s>%s</text>\n",
                y + 6, moving ? " font-weight=\"bold\"" : "", player_name(player));
        if (moving)
            fprintf(out, "  <polygon id=\"to-move\" points=\"%d,%d %d,%d %d,%d\" "
                         "fill=\"#2a8a2a\"/>\n",
                    62, y - 9, 62, y + 9, 78, y);
        for (int col = 0; col < n; col++) {
            const int pit = pit_at(npits, player, col);
            const int x = SVG_LEFT + 10 + SVG_PIT_SPACING / 2 + col * SVG_PIT_SPACING;
            const int closed = mancala_pit_closed(game, pit);
            fprintf(out, "  <circle class=\"pit%s\" id=\"pit-%d\" cx=\"%d\" cy=\"%d\" r=\"%d\" "
                         "fill=\"%s\"/>\n",
                    closed ? " closed" : "", pit, x, y, SVG_PIT_RADIUS,
                    closed ? SVG_SAND : SVG_HOLLOW);
            if (!closed)
                fprintf(out, "  <text class=\"count\" id=\"count-%d\" x=\"%d\" y=\"%d\" "
                             "font-size=\"20\" text-anchor=\"middle\" fill=\"#ffffff\">%d</text>\n",
                        pit, x, y + 7, mancala_pit(game, pit));
            fprintf(out, "  <text class=\"pit-number\" x=\"%d\" y=\"%d\" font-size=\"12\" "
                         "text-anchor=\"middle\" fill=\"#666666\">%d</text>\n",
                    x, label_y, pit);
        }
        const int side_x = SVG_LEFT + board_width + 15;
        fprintf(out, "  <text class=\"captured\" id=\"captured-%s\" x=\"%d\" y=\"%d\" "
                     "font-size=\"16\">captured %d</text>\n",
                player == MANCALA_SOUTH ? "south" : "north", side_x, y + 6,
                mancala_captured(game, player));
        if (!is_modiar(game))
            fprintf(out, "  <text class=\"bank\" id=\"bank-%s\" x=\"%d\" y=\"%d\" "
                         "font-size=\"13\" fill=\"#666666\">bank %d</text>\n",
                    player == MANCALA_SOUTH ? "south" : "north", side_x, y + 24,
                    mancala_bank(game, player));
    }
    fprintf(out, "</svg>\n");
    return ferror(out) ? -1 : 0;
}
