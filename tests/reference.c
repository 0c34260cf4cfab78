/*
 * The naive reference implementation of RULES.md (see reference.h).
 *
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reference.h"

static int owner(const struct ref_game *g, int p) { return p < g->n ? 0 : 1; }

static int step(const struct ref_game *g, int p)
{
    do {
        p = g->clockwise ? (p + g->npits - 1) % g->npits : (p + 1) % g->npits;
    } while (g->closed[p]);
    return p;
}

static int row_sum(const struct ref_game *g, const int *pit, int player)
{
    int s = 0;
    for (int i = 0; i < g->n; i++)
        s += pit[player * g->n + i];
    return s;
}

static void remember(struct ref_game *g)
{
    if (g->seen_count == (int)(sizeof g->seen / sizeof g->seen[0])) {
        fprintf(stderr, "reference: too many positions without a capture\n");
        abort();
    }
    memcpy(g->seen[g->seen_count], g->pos.pit, sizeof g->pos.pit);
    g->seen[g->seen_count][12] = g->to_move;
    g->seen_count++;
}

int ref_parse(struct ref_game *g, const char *text)
{
    memset(g, 0, sizeof *g);
    g->repetition = 1;
    const char *slash = strchr(text, '/');
    if (!slash || (size_t)(slash - text) >= sizeof g->rules)
        return -1;
    memcpy(g->rules, text, (size_t)(slash - text));
    g->modiar = strcmp(g->rules, "modiar") == 0;
    g->n = g->modiar ? 3 : strstr(g->rules, "-5") ? 5 : 6;
    g->npits = 2 * g->n;
    g->clockwise = strstr(g->rules, "-cw") != NULL;
    const char *c = slash + 1;
    for (int i = 0; i < g->npits; i++) {
        if (*c == 'x') {
            g->closed[i] = 1;
            c++;
        } else {
            char *end;
            g->pos.pit[i] = (int)strtol(c, &end, 10);
            c = end;
        }
        c++; /* ',' or '/' */
    }
    g->to_move = *c == 'N';
    c += 2;
    if (sscanf(c, "%d,%d/%d", &g->pos.captured[0], &g->pos.captured[1], &g->ply) != 3)
        return -1;
    const char *banks = strchr(c, '/');
    banks = banks ? strchr(banks + 1, '/') : NULL;
    if (banks && sscanf(banks + 1, "%d,%d", &g->bank[0], &g->bank[1]) != 2)
        return -1;
    int moves[12];
    if (ref_legal_moves(g, moves) == 0)
        g->over = 1;
    remember(g);
    return 0;
}

void ref_format(const struct ref_game *g, char *buf, size_t size)
{
    size_t len = (size_t)snprintf(buf, size, "%s/", g->rules);
    for (int i = 0; i < g->npits; i++) {
        if (i)
            len += (size_t)snprintf(buf + len, size - len, ",");
        if (g->closed[i])
            len += (size_t)snprintf(buf + len, size - len, "x");
        else
            len += (size_t)snprintf(buf + len, size - len, "%d", g->pos.pit[i]);
    }
    len += (size_t)snprintf(buf + len, size - len, "/%c/%d,%d/%d", g->to_move ? 'N' : 'S',
                            g->pos.captured[0], g->pos.captured[1], g->ply);
    if (!g->modiar)
        snprintf(buf + len, size - len, "/%d,%d", g->bank[0], g->bank[1]);
}

/* Modiar rules 1-5 for one pit: returns 1 if legal and fills `after`. */
static int modiar_move(const struct ref_game *g, int pit, struct ref_pos *after, int *feeds)
{
    int c = g->pos.pit[pit];
    if (c < 2)
        return 0;
    *after = g->pos;
    int *b = after->pit;
    int sown_into[6] = {0};
    b[pit] = 0;
    int p = pit;
    *feeds = 0;
    for (int k = 1; k <= c; k++) {
        p = (pit + k - 1) % 6;
        b[p]++;
        sown_into[p] = 1;
        if (owner(g, p) != g->to_move)
            *feeds = 1;
    }
    int opp = 1 - g->to_move;
    int opp_after_sowing = row_sum(g, b, opp);
    int taken = 0;
    if (g->ply != 0) {
        for (int q = p, i = 0; i < 6; i++, q = (q + 5) % 6) {
            if (!sown_into[q] || !(b[q] == 2 || b[q] == 4 || b[q] == 6))
                break;
            taken += b[q];
            b[q] = 0;
        }
    }
    if (taken && opp_after_sowing > 0 && row_sum(g, b, opp) == 0)
        return 0; /* grand slam */
    after->captured[g->to_move] += taken;
    return 1;
}

/* Rio Kadalis rules 1-6 for one pit: returns 1 if legal and fills `after`. */
static int rio_move(const struct ref_game *g, int pit, struct ref_pos *after)
{
    if (g->closed[pit] || g->pos.pit[pit] == 0)
        return 0;
    *after = g->pos;
    int *b = after->pit;
    /* Every lap start seen so far: pits and the pit lifted. */
    size_t count = 0, cap = 64;
    int (*starts)[13] = malloc(cap * sizeof *starts);
    int from = pit, legal = 1;
    for (;;) {
        for (size_t i = 0; i < count; i++) {
            if (starts[i][12] == from && memcmp(starts[i], b, 12 * sizeof(int)) == 0) {
                legal = 0;
                goto done;
            }
        }
        if (count == cap) {
            cap *= 2;
            starts = realloc(starts, cap * sizeof *starts);
        }
        memcpy(starts[count], b, 12 * sizeof(int));
        starts[count][12] = from;
        count++;

        int hand = b[from];
        b[from] = 0;
        int p = from;
        while (hand > 0) {
            p = step(g, p);
            b[p]++;
            hand--;
            if (hand > 0 && b[p] == 4) {
                after->captured[owner(g, p)] += 4;
                b[p] = 0;
            }
        }
        if (b[p] == 4) {
            after->captured[g->to_move] += 4;
            b[p] = 0;
            break;
        }
        if (b[p] == 1)
            break;
        from = p;
    }
done:
    free(starts);
    return legal;
}

static int legal_and_after(const struct ref_game *g, int *moves, struct ref_pos *afters)
{
    int count = 0;
    struct ref_pos tmp;
    if (g->modiar) {
        int feeds[3], any_feeds = 0, cand[3], ncand = 0;
        struct ref_pos cand_after[3];
        for (int p = g->to_move * 3; p < g->to_move * 3 + 3; p++) {
            if (modiar_move(g, p, &cand_after[ncand], &feeds[ncand])) {
                any_feeds |= feeds[ncand];
                cand[ncand++] = p;
            }
        }
        int must_feed = row_sum(g, g->pos.pit, 1 - g->to_move) == 0;
        for (int i = 0; i < ncand; i++) {
            if (must_feed && any_feeds && !feeds[i])
                continue;
            afters[count] = cand_after[i];
            moves[count++] = cand[i];
        }
    } else {
        for (int p = g->to_move * g->n; p < (g->to_move + 1) * g->n; p++) {
            if (rio_move(g, p, &tmp)) {
                afters[count] = tmp;
                moves[count++] = p;
            }
        }
    }
    return count;
}

int ref_legal_moves(const struct ref_game *g, int *moves)
{
    struct ref_pos afters[12];
    if (g->over)
        return 0;
    return legal_and_after(g, moves, afters);
}

void ref_play(struct ref_game *g, int pit)
{
    int moves[12];
    struct ref_pos afters[12];
    int count = g->over ? 0 : legal_and_after(g, moves, afters);
    int i = 0;
    while (i < count && moves[i] != pit)
        i++;
    if (i == count) {
        fprintf(stderr, "reference: %d is not legal\n", pit);
        abort();
    }
    int captured_before = g->pos.captured[0] + g->pos.captured[1];
    g->pos = afters[i];
    g->to_move = 1 - g->to_move;
    g->ply++;
    if (g->pos.captured[0] + g->pos.captured[1] != captured_before)
        g->seen_count = 0;
    for (int k = 0; g->repetition && k < g->seen_count; k++) {
        if (g->seen[k][12] == g->to_move && memcmp(g->seen[k], g->pos.pit, sizeof g->pos.pit) == 0) {
            g->over = 2;
            return;
        }
    }
    if (g->repetition)
        remember(g);
    if (legal_and_after(g, moves, afters) == 0)
        g->over = 1;
}

int ref_score(const struct ref_game *g, int player)
{
    int s = g->pos.captured[player] + g->bank[player];
    if (g->over)
        s += row_sum(g, g->pos.pit, player);
    return s;
}
