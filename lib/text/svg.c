/*
 * The board as an SVG picture: the one renderer that the command, the
 * bindings and web pages share (mancala_svg()).
 *
 * Seen from South's seat, as in RULES.md ("Board, players, pit numbers"):
 * North's row on top, pits 2n-1 ... n from left to right; South's row
 * below, pits 0 ... n-1. Every coordinate is an integer, so the output
 * does not depend on the locale's decimal point, and the same game gives
 * the same bytes everywhere.
 *
 * Layout, top to bottom: the headline (who is to move, or the result:
 * mancala_describe_result()'s sentence, wrapped, the match's below it),
 * a line naming the rules, round and ply; North's pit numbers; the
 * board; South's pit numbers; the legends.
 * Left of each row the player's name (and the to-move mark), right of it
 * the player's captures and bank. Text widths are estimated generously
 * (wider than DejaVu Sans or Verdana draw them), and the picture is as
 * wide as its longest line needs, so that no label touches another.
 *
 * SPDX-License-Identifier: MIT
 */
#include <stdarg.h>
#include <stdio.h>

#include "rules/rules.h"

/* Geometry, in pixels. */
#define MARGIN 16
#define PIT_SPACING 80         /* from one pit's centre to the next */
#define PIT_RADIUS 30
#define ROW_SPACING 100        /* from North's row to South's */
#define BOARD_PAD 16           /* board edge to the pits, above and below */
#define BOARD_END 48           /* board end beyond the last pit's cell: the direction arcs */
#define ARC_GAP 24             /* a pit's edge to the end of its row's arc */
#define ARC_BULGE 20           /* how far an arc reaches past its ends */
#define HIGHLIGHT_PAD 7        /* the to-move outline around a row's pits */
#define MARK_WIDTH 14          /* the to-move triangle */
#define GAP 10                 /* between neighbouring elements */

#define FONT_HEADLINE 20
#define FONT_RESULT 16 /* the result's sentence: a few words more than a headline */
#define FONT_TEXT 14
#define FONT_NAME 18
#define FONT_COUNT 22
#define FONT_NUMBER 14
#define FONT_SIDE 15

#define COLOR_TEXT "#222222"
#define COLOR_MUTED "#555555"
#define COLOR_WOOD "#b47b45"
#define COLOR_WOOD_EDGE "#7a4e25"
#define COLOR_HOLLOW "#4a2b12"
#define COLOR_COUNT "#ffffff"
#define COLOR_SAND "#ecd9a8"
#define COLOR_SAND_EDGE "#a8834a"
#define COLOR_GRAIN "#b8925a"
#define COLOR_ARROW "#fbeed2"
#define COLOR_MOVE "#1d7a36"

#define ALL_FLAGS ((unsigned)MANCALA_SVG_INLINE)

/* Text content, escaped for XML. The strings drawn come from the library
 * (rules names, numbers, fixed words), but the escaping keeps the picture
 * valid whatever a later caller passes in. */
static void put_text_n(struct mc_out *o, const char *s, size_t len)
{
    static const char *const entity[] = {['&'] = "&amp;", ['<'] = "&lt;", ['>'] = "&gt;",
                                         ['"'] = "&quot;"};
    for (const char *end = s + len; s < end; s++) {
        const unsigned char c = (unsigned char)*s;
        const char *e = c < sizeof entity / sizeof entity[0] ? entity[c] : NULL;
        if (e)
            mancala__put(o, "%s", e);
        else
            mancala__put(o, "%c", c);
    }
}

static void put_text(struct mc_out *o, const char *s)
{
    put_text_n(o, s, strlen(s));
}

/* A generous estimate of a line's width: DejaVu Sans, the widest of the
 * usual sans-serif fonts, averages about 0.6 em per character and 0.7 em
 * in bold (digits and capitals included). */
static int text_width_n(size_t len, int font, int bold)
{
    return (int)((len * (size_t)font * (bold ? 72u : 64u) + 99) / 100);
}

static int text_width(const char *s, int font, int bold)
{
    return text_width_n(strlen(s), font, bold);
}

static int max_int(int a, int b)
{
    return a > b ? a : b;
}

static const char *key_of(int player)
{
    return player == MANCALA_SOUTH ? "south" : "north";
}

/* Seen from South's seat: the pit drawn in column `col` of a row. */
static int pit_at(int n, int player, int col)
{
    return player == MANCALA_SOUTH ? col : 2 * n - 1 - col;
}

/* What the picture shows, read through the public accessors. */
struct svg_view {
    const struct mc_variant *variant;
    int n;                        /* pits per row */
    int end;                      /* enum mancala_end */
    int to_move, ply, round;
    int pit[MANCALA_MAX_PITS];
    int closed[MANCALA_MAX_PITS];
    int any_closed;
    int captured[2], bank[2], score[2];
};

static void read_view(const mancala_game *game, struct svg_view *g)
{
    const char *rules = mancala_rules(game);
    g->variant = mancala__variant_find(rules, strlen(rules));
    g->n = mancala_num_pits(game) / 2;
    g->end = mancala_end_reason(game);
    g->to_move = mancala_to_move(game);
    g->ply = mancala_ply(game);
    g->round = mancala_round(game);
    g->any_closed = 0;
    for (int p = 0; p < 2 * g->n; p++) {
        g->pit[p] = mancala_pit(game, p);
        g->closed[p] = mancala_pit_closed(game, p);
        g->any_closed |= g->closed[p];
    }
    for (int p = 0; p < 2; p++) {
        g->captured[p] = mancala_captured(game, p);
        g->bank[p] = mancala_bank(game, p);
        g->score[p] = mancala_score(game, p);
    }
}

/* The words of the picture, built once and used both to size it and to
 * draw it (and in the <desc>). */
struct svg_words {
    char headline[96]; /* who is to move, while the game goes on */
    char result[512];  /* once over: mancala_describe_result(), the same words as everywhere */
    char info[96];     /* rules, round, ply */
    char direction[64];
    char captured[2][32];
    char bank[2][32];
    char score[2][32];
};

static void make_words(const mancala_game *game, const struct svg_view *g, struct svg_words *w)
{
    const struct mc_variant *v = g->variant;
    char round[32] = "";
    if (v->match)
        snprintf(round, sizeof round, "round %d", g->round);

    memset(w, 0, sizeof *w);
    if (g->end == MANCALA_END_NONE)
        snprintf(w->headline, sizeof w->headline, "%s to move", mc_player_name(g->to_move));
    else
        mancala_describe_result(game, w->result, sizeof w->result);
    snprintf(w->info, sizeof w->info, "%s%s%s, ply %d", v->name, v->match ? ", " : "", round,
             g->ply);
    snprintf(w->direction, sizeof w->direction, "Stones are sown %s, as the arrows show.",
             v->direction > 0 ? "counter-clockwise" : "clockwise");
    for (int p = 0; p < 2; p++) {
        snprintf(w->captured[p], sizeof w->captured[p], "captured %d", g->captured[p]);
        if (v->match)
            snprintf(w->bank[p], sizeof w->bank[p], "bank %d", g->bank[p]);
        if (g->end != MANCALA_END_NONE)
            snprintf(w->score[p], sizeof w->score[p], "score %d", g->score[p]);
    }
}

/* Breaks a paragraph into lines no wider than `width` (a word wider than
 * that gets a line of its own) by turning spaces into newlines, at the
 * end of a sentence where one fits; returns the number of lines and, in
 * *widest, the widest line's width. */
static int wrap(char *s, int width, int font, int bold, int *widest)
{
    int lines = 0;
    *widest = 0;
    while (*s) {
        char *end = s, *cut = NULL, *sentence = NULL;
        for (;;) {
            while (*end && *end != ' ')
                end++;
            if (cut && text_width_n((size_t)(end - s), font, bold) > width) {
                if (sentence)
                    cut = sentence;
                break;
            }
            cut = end;
            if (end > s && end[-1] == '.')
                sentence = end;
            if (!*end)
                break;
            end++;
        }
        *widest = max_int(*widest, text_width_n((size_t)(cut - s), font, bold));
        lines++;
        if (!*cut)
            break;
        *cut = '\n';
        s = cut + 1;
    }
    return lines;
}

/* The <desc>: everything the picture shows, in sentences. */
static void put_desc(struct mc_out *o, const struct svg_view *g, const struct svg_words *w,
                     const char *position)
{
    const int n = g->n;
    mancala__put(o, "<desc>");
    put_text(o, position);
    mancala__put(o, ". ");
    put_text(o, w->info);
    mancala__put(o, ". ");
    if (w->headline[0]) {
        put_text(o, w->headline);
        mancala__put(o, ".");
    }
    /* The result's paragraphs, run together. */
    for (const char *s = w->result; *s;) {
        const size_t len = strcspn(s, "\n");
        put_text_n(o, s, len);
        s += len;
        if (*s) {
            mancala__put(o, " ");
            s++;
        }
    }
    for (int player = MANCALA_NORTH; player >= MANCALA_SOUTH; player--) {
        mancala__put(o, " %s's row, from left to right:", mc_player_name(player));
        for (int col = 0; col < n; col++) {
            const int pit = pit_at(n, player, col);
            if (g->closed[pit])
                mancala__put(o, " pit %d closed%s", pit, col + 1 < n ? "," : ".");
            else
                mancala__put(o, " pit %d has %d%s", pit, g->pit[pit], col + 1 < n ? "," : ".");
        }
        mancala__put(o, " %s %s", mc_player_name(player), w->captured[player]);
        if (w->bank[player][0])
            mancala__put(o, ", %s", w->bank[player]);
        if (w->score[player][0])
            mancala__put(o, ", %s", w->score[player]);
        mancala__put(o, ".");
    }
    mancala__put(o, " ");
    put_text(o, w->direction);
    mancala__put(o, "</desc>\n");
}

static void put_line(struct mc_out *o, const char *cls, int x, int y, int font, int bold,
                     const char *color, const char *text)
{
    mancala__put(o, "<text class=\"%s\" x=\"%d\" y=\"%d\" font-size=\"%d\"%s fill=\"%s\">", cls, x, y, font,
        bold ? " font-weight=\"bold\"" : "", color);
    put_text(o, text);
    mancala__put(o, "</text>\n");
}

/* A line's height: its font size, a third of it below the baseline for
 * descenders, and a little space. */
static int line_pitch(int font)
{
    return font + font / 3 + GAP / 2;
}

/* The lines of a wrapped paragraph in bold, the first one's top at y. */
static void put_lines(struct mc_out *o, const char *cls, int x, int y, int font, const char *s)
{
    for (;; y += line_pitch(font)) {
        const size_t len = strcspn(s, "\n");
        mancala__put(o, "<text class=\"%s\" x=\"%d\" y=\"%d\" font-size=\"%d\" font-weight=\"bold\" "
                     "fill=\"%s\">", cls, x, y + font, font, COLOR_TEXT);
        put_text_n(o, s, len);
        mancala__put(o, "</text>\n");
        if (!s[len])
            break;
        s += len + 1;
    }
}

/* A closed pit: the hollow filled level with sand, a few grains on it. */
static void put_sand(struct mc_out *o, int pit, int cx, int cy, int r)
{
    static const int grain[][2] = {{-12, -10}, {6, -14}, {14, 2}, {-4, 4}, {-15, 10}, {5, 15}};
    mancala__put(o, "<circle class=\"pit closed\" data-pit=\"%d\" cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\" "
           "stroke=\"%s\" stroke-width=\"2\"/>\n",
        pit, cx, cy, r, COLOR_SAND, COLOR_SAND_EDGE);
    for (size_t i = 0; i < sizeof grain / sizeof grain[0]; i++)
        mancala__put(o, "<circle class=\"grain\" cx=\"%d\" cy=\"%d\" r=\"2\" fill=\"%s\"/>\n",
            cx + grain[i][0] * r / PIT_RADIUS, cy + grain[i][1] * r / PIT_RADIUS, COLOR_GRAIN);
}

/* An arc at one end of the board from the row at y_from to the row at
 * y_to, bulging away from the pits (side -1: left end, +1: right end),
 * with an arrowhead at y_to pointing at that row. */
static void put_arc(struct mc_out *o, int x, int side, int y_from, int y_to)
{
    const int ry = (y_from > y_to ? y_from - y_to : y_to - y_from) / 2;
    /* Sweep 1 is clockwise on the screen (y grows downwards). */
    const int sweep = (side > 0) == (y_to > y_from);
    mancala__put(o, "<path class=\"direction\" d=\"M%d %d A%d %d 0 0 %d %d %d\" fill=\"none\" stroke=\"%s\" "
           "stroke-width=\"3\"/>\n",
        x, y_from, ARC_BULGE, ry, sweep, x, y_to, COLOR_ARROW);
    mancala__put(o, "<polygon class=\"arrowhead\" points=\"%d,%d %d,%d %d,%d\" fill=\"%s\"/>\n",
        x - 8 * side, y_to, x + 5 * side, y_to - 7, x + 5 * side, y_to + 7, COLOR_ARROW);
}

static void render(struct mc_out *o, const mancala_game *game, unsigned flags)
{
    struct svg_view g;
    read_view(game, &g);
    const struct mc_variant *v = g.variant;
    const int n = g.n;
    const int over = g.end != MANCALA_END_NONE;
    const int mover = over ? -1 : g.to_move;
    struct svg_words w;
    make_words(game, &g, &w);
    char position[160];
    mancala_format(game, position, sizeof position);

    /* Columns: mark and name | board | captures, bank, score. */
    const int name_x = MARGIN + MARK_WIDTH + GAP;
    const int board_x = name_x + text_width("North", FONT_NAME, 1) + 2 * GAP;
    const int pits_x = board_x + BOARD_END + PIT_SPACING / 2; /* centre of column 0 */
    const int board_w = n * PIT_SPACING + 2 * BOARD_END;
    const int side_x = board_x + board_w + 2 * GAP;
    int side_w = 0;
    for (int p = 0; p < 2; p++) {
        side_w = max_int(side_w, text_width(w.captured[p], FONT_SIDE, 0));
        side_w = max_int(side_w, text_width(w.bank[p], FONT_SIDE, 0));
        side_w = max_int(side_w, text_width(w.score[p], FONT_SIDE, 1));
    }
    const int has_closed = g.any_closed;
    const char *legend_closed = "closed pit: filled with sand, out of play this round";
    int text_w = max_int(text_width(w.headline, FONT_HEADLINE, 1), text_width(w.info, FONT_TEXT, 0));
    text_w = max_int(text_w, text_width(w.direction, FONT_TEXT, 0));
    if (has_closed)
        text_w = max_int(text_w, 2 * PIT_RADIUS / 3 + GAP + text_width(legend_closed, FONT_TEXT, 0));
    /* The result: the game's or round's sentence as the headline, the
     * match's (after the newline) below it, each wrapped to the width the
     * rest of the picture needs anyway. */
    char result[sizeof w.result], *match = strchr(strcpy(result, w.result), '\n');
    if (match)
        *match++ = '\0';
    const int wrap_w = max_int(side_x + side_w - board_x, text_w);
    int widest;
    const int result_lines = wrap(result, wrap_w, FONT_RESULT, 1, &widest);
    text_w = max_int(text_w, widest);
    const int match_lines = match ? wrap(match, wrap_w, FONT_TEXT, 1, &widest) : 0;
    text_w = max_int(text_w, match ? widest : 0);
    const int width = max_int(side_x + side_w, board_x + text_w) + MARGIN;

    /* Rows, top to bottom; a line's baseline is its top plus its font
     * size, and a third of the size below it is kept for descenders. */
    int y = MARGIN;
    const int headline_top = y;
    y += over ? line_pitch(FONT_RESULT) * result_lines : line_pitch(FONT_HEADLINE);
    const int match_top = y;
    y += line_pitch(FONT_TEXT) * match_lines;
    const int info_y = y + FONT_TEXT;
    y = info_y + FONT_TEXT / 3 + GAP;
    const int north_numbers_y = y + FONT_NUMBER;
    const int board_y = north_numbers_y + FONT_NUMBER / 3 + GAP / 2;
    const int north_y = board_y + BOARD_PAD + PIT_RADIUS;
    const int south_y = north_y + ROW_SPACING;
    const int board_h = 2 * (BOARD_PAD + PIT_RADIUS) + ROW_SPACING;
    const int south_numbers_y = board_y + board_h + GAP / 2 + FONT_NUMBER;
    y = south_numbers_y + FONT_NUMBER / 3 + GAP;
    const int direction_y = y + FONT_TEXT;
    y = direction_y + FONT_TEXT / 3 + GAP / 2;
    const int legend_r = PIT_RADIUS / 3;
    const int legend_cy = y + legend_r;
    if (has_closed)
        y = legend_cy + legend_r + GAP / 2;
    const int height = y + MARGIN - GAP / 2;

    if (!(flags & MANCALA_SVG_INLINE))
        mancala__put(o, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    mancala__put(o, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
           "viewBox=\"0 0 %d %d\" role=\"img\" font-family=\"DejaVu Sans, Verdana, sans-serif\">\n",
        width, height, width, height);
    mancala__put(o, "<title>");
    put_text(o, position);
    mancala__put(o, "</title>\n");
    put_desc(o, &g, &w, position);
    mancala__put(o, "<rect class=\"background\" width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", width, height);

    /* The headline starts where the board does: the names column is for names. */
    if (over) {
        put_lines(o, "result", board_x, headline_top, FONT_RESULT, result);
        if (match)
            put_lines(o, "match", board_x, match_top, FONT_TEXT, match);
    } else {
        put_line(o, "status", board_x, headline_top + FONT_HEADLINE, FONT_HEADLINE, 1, COLOR_TEXT,
                 w.headline);
    }
    put_line(o, "info", board_x, info_y, FONT_TEXT, 0, COLOR_MUTED, w.info);

    mancala__put(o, "<rect class=\"board\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"%d\" fill=\"%s\" "
           "stroke=\"%s\" stroke-width=\"2\"/>\n",
        board_x, board_y, board_w, board_h, BOARD_PAD + PIT_RADIUS, COLOR_WOOD, COLOR_WOOD_EDGE);

    /* The sowing direction: an arc at each end of the board, from the row
     * the stones leave to the row they enter. */
    const int left_x = pits_x - PIT_RADIUS - ARC_GAP;
    const int right_x = pits_x + (n - 1) * PIT_SPACING + PIT_RADIUS + ARC_GAP;
    if (v->direction > 0) {
        put_arc(o, right_x, 1, south_y, north_y);
        put_arc(o, left_x, -1, north_y, south_y);
    } else {
        put_arc(o, right_x, 1, north_y, south_y);
        put_arc(o, left_x, -1, south_y, north_y);
    }

    for (int player = MANCALA_NORTH; player >= MANCALA_SOUTH; player--) {
        const int cy = player == MANCALA_SOUTH ? south_y : north_y;
        const int numbers_y = player == MANCALA_SOUTH ? south_numbers_y : north_numbers_y;
        const char *key = key_of(player);
        if (player == mover) {
            const int pad = PIT_RADIUS + HIGHLIGHT_PAD;
            mancala__put(o, "<rect class=\"to-move-row\" data-player=\"%s\" x=\"%d\" y=\"%d\" width=\"%d\" "
                   "height=\"%d\" rx=\"%d\" fill=\"none\" stroke=\"%s\" stroke-width=\"3\"/>\n",
                key, pits_x - pad, cy - pad, (n - 1) * PIT_SPACING + 2 * pad, 2 * pad, pad,
                COLOR_MOVE);
            mancala__put(o, "<polygon class=\"to-move\" data-player=\"%s\" points=\"%d,%d %d,%d %d,%d\" "
                   "fill=\"%s\"/>\n",
                key, MARGIN, cy - 9, MARGIN, cy + 9, MARGIN + MARK_WIDTH, cy, COLOR_MOVE);
        }
        mancala__put(o, "<text class=\"player\" data-player=\"%s\" x=\"%d\" y=\"%d\" font-size=\"%d\"%s "
               "fill=\"%s\">%s</text>\n",
            key, name_x, cy + FONT_NAME / 3, FONT_NAME, player == mover ? " font-weight=\"bold\"" : "",
            player == mover ? COLOR_MOVE : COLOR_TEXT, mc_player_name(player));

        /* Between neighbouring pits, a small arrowhead the way stones go
         * along this row: rightwards in South's row when sowing
         * counter-clockwise, leftwards in North's. */
        const int along = (player == MANCALA_SOUTH) == (v->direction > 0) ? 1 : -1;
        for (int col = 0; col + 1 < n; col++) {
            const int x = pits_x + col * PIT_SPACING + PIT_SPACING / 2;
            mancala__put(o, "<polygon class=\"row-arrow\" points=\"%d,%d %d,%d %d,%d\" fill=\"%s\"/>\n",
                x + 4 * along, cy, x - 4 * along, cy - 6, x - 4 * along, cy + 6, COLOR_ARROW);
        }
        for (int col = 0; col < n; col++) {
            const int pit = pit_at(n, player, col);
            const int cx = pits_x + col * PIT_SPACING;
            if (g.closed[pit]) {
                put_sand(o, pit, cx, cy, PIT_RADIUS);
            } else {
                mancala__put(o, "<circle class=\"pit\" data-pit=\"%d\" cx=\"%d\" cy=\"%d\" r=\"%d\" "
                       "fill=\"%s\"/>\n",
                    pit, cx, cy, PIT_RADIUS, COLOR_HOLLOW);
                mancala__put(o, "<text class=\"count\" data-pit=\"%d\" x=\"%d\" y=\"%d\" font-size=\"%d\" "
                       "font-weight=\"bold\" text-anchor=\"middle\" fill=\"%s\">%d</text>\n",
                    pit, cx, cy + FONT_COUNT * 3 / 8, FONT_COUNT, COLOR_COUNT, g.pit[pit]);
            }
            mancala__put(o, "<text class=\"pit-number\" data-pit=\"%d\" x=\"%d\" y=\"%d\" font-size=\"%d\" "
                   "text-anchor=\"middle\" fill=\"%s\">%d</text>\n",
                pit, cx, numbers_y, FONT_NUMBER, COLOR_MUTED, pit);
        }

        /* Captures (and bank, and the final score) beside the row. */
        const char *lines[3] = {w.captured[player], w.bank[player], w.score[player]};
        const char *classes[3] = {"captured", "bank", "score"};
        int count = 0;
        for (int i = 0; i < 3; i++)
            count += lines[i][0] != 0;
        const int pitch = FONT_SIDE + GAP / 2;
        int line_y = cy + FONT_SIDE / 3 - (count - 1) * pitch / 2;
        for (int i = 0; i < 3; i++) {
            if (!lines[i][0])
                continue;
            mancala__put(o, "<text class=\"%s\" data-player=\"%s\" x=\"%d\" y=\"%d\" font-size=\"%d\"%s "
                   "fill=\"%s\">%s</text>\n",
                classes[i], key, side_x, line_y, FONT_SIDE, i == 2 ? " font-weight=\"bold\"" : "",
                COLOR_TEXT, lines[i]);
            line_y += pitch;
        }
    }

    put_line(o, "legend direction", board_x, direction_y, FONT_TEXT, 0, COLOR_TEXT, w.direction);
    if (has_closed) {
        mancala__put(o, "<circle class=\"legend-closed\" cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\" stroke=\"%s\" "
               "stroke-width=\"2\"/>\n",
            board_x + legend_r, legend_cy, legend_r, COLOR_SAND, COLOR_SAND_EDGE);
        put_line(o, "legend closed", board_x + 2 * legend_r + GAP, legend_cy + FONT_TEXT / 3,
                 FONT_TEXT, 0, COLOR_TEXT, legend_closed);
    }
    mancala__put(o, "</svg>\n");
}

MANCALA_EXPORT int mancala_svg(const mancala_game *game, char *buf, size_t size, unsigned flags)
{
    if (!game || (!buf && size))
        return MANCALA_E_INVALID;
    if (flags & ~ALL_FLAGS)
        return MANCALA_E_OPTION;
    struct mc_out o = {buf, size, 0};
    render(&o, game, flags);
    /* A picture cut short is no picture: a buffer too small gets "". */
    if (size)
        buf[o.len < size ? o.len : 0] = '\0';
    return (int)o.len;
}
