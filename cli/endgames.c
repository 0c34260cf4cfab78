/*
 * The solved tables a playing search uses (engine, play): the table of a
 * round with every pit open (RULES.table, modiar.table) and the tables of
 * the rounds of a match (RULES-open-KS-KN.table), looked for in one folder
 * by the names 'mancala solve' gives them, each opened when a position of
 * its round is first searched.
 *
 * A search never leaves its round (the round's end ends every line), so it
 * needs one table: the one of the root's closed pits. Two are kept open,
 * the one of every pit open, which every match starts with, and the last
 * round's, so that a match reads each table once a round at most.
 *
 * SPDX-License-Identifier: MIT
 */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

void endgames_init(struct endgames *e, const char *dir)
{
    memset(e, 0, sizeof *e);
    e->dir = dir;
}

int endgames_option(const char *cmd, const char *tables, int no_tables, struct endgames *e)
{
    struct stat st;
    if (tables && no_tables)
        return usage_error(cmd, "give --tables or --no-tables, not both");
    if (tables && stat(tables, &st) != 0)
        return usage_error(cmd, "--tables: %s: %s", quote(tables), strerror(errno));
    if (tables && !S_ISDIR(st.st_mode))
        return usage_error(cmd, "--tables: %s is not a folder", quote(tables));
    endgames_init(e, no_tables ? NULL : tables ? tables : ".");
    return 0;
}

void endgames_close(struct endgames *e)
{
    for (int i = 0; i < 2; i++) {
        mancala_table_close(e->slot[i].table);
        e->slot[i].table = NULL;
        e->slot[i].path[0] = '\0';
    }
}

/* The folder's file of `name` in `buf`; 0, or -1 if it does not fit. */
static int in_dir(const struct endgames *e, const char *name, char *buf, size_t size)
{
    const int len = snprintf(buf, size, "%s/%s", e->dir, name);
    return len >= 0 && (size_t)len < size ? 0 : -1;
}

/* The file of the table of the round of `game` (its closed pits): RULES.table
 * with every pit open, else the round's, or the one of the seats exchanged
 * (it serves turned round: mancala_solve_rio_kadalis_config()). 1 and the
 * path if it exists, else 0. */
static int table_file(const struct endgames *e, const mancala_game *game, char *buf, size_t size)
{
    const char *rules = mancala_rules(game);
    const int n = mancala_num_pits(game) / 2;
    char name[64];
    int ks, kn;
    if (!rules_have_rounds(rules) || !open_pits_of(game, &ks, &kn) || (ks == n && kn == n))
        return default_table(rules, name, sizeof name) && in_dir(e, name, buf, size) == 0 &&
               access(buf, F_OK) == 0;
    for (int turned = 0; turned < 2; turned++)
        if (config_table(rules, turned ? kn : ks, turned ? ks : kn, name, sizeof name) &&
            in_dir(e, name, buf, size) == 0 && access(buf, F_OK) == 0)
            return 1;
    return 0;
}

const mancala_table *endgames_for(struct endgames *e, const char *cmd, const mancala_game *game)
{
    char path[sizeof e->slot[0].path];
    if (!e->dir || !table_file(e, game, path, sizeof path))
        return NULL;
    /* Slot 0: the table of every pit open; slot 1: the last round's. */
    int closed = 0;
    for (int p = 0; p < mancala_num_pits(game); p++)
        closed |= mancala_pit_closed(game, p) == 1;
    struct endgames_slot *slot = &e->slot[closed];
    if (strcmp(slot->path, path) != 0) {
        mancala_table_close(slot->table);
        slot->table = NULL;
        snprintf(slot->path, sizeof slot->path, "%s", path);
        /* One that cannot be used is named in a warning once, then left alone. */
        open_table(cmd, path, 0, mancala_rules(game), &slot->table);
    }
    return slot->table;
}

int endgames_found(const struct endgames *e, const char *rules, char *buf, size_t size)
{
    size_t used = 0;
    int found = 0;
    char name[64], path[sizeof e->slot[0].path];
    const int n = mancala_rules_info(rules, MANCALA_RULES_HOLES);
    buf[0] = '\0';
    if (!e->dir || n <= 0)
        return 0;
    /* Every pit open, then each round a match can have. */
    for (int ks = n; ks >= 1; ks--)
        for (int kn = n; kn >= 1; kn--) {
            const char *file = ks == n && kn == n ? default_table(rules, name, sizeof name)
                                                  : config_table(rules, ks, kn, name, sizeof name);
            if (!file || in_dir(e, file, path, sizeof path) != 0 || access(path, F_OK) != 0)
                continue;
            if (used < size)
                used += (size_t)snprintf(buf + used, size - used, "%s%s", found ? ", " : "", file);
            found++;
        }
    return found;
}

/* The table's value of the position after `move`, for the player making it. */
static int value_after(const mancala_table *table, const mancala_game *game, int move, int *value)
{
    mancala_game *child;
    int lo, hi, status = mancala_clone(&child, game);
    if (status < 0)
        return status;
    if ((status = mancala_play(child, move)) >= 0 &&
        (status = mancala_table_value(table, child, &lo, &hi)) >= 0)
        *value = mancala_to_move(child) == mancala_to_move(game) ? lo : -hi;
    mancala_free(child);
    return status;
}

int endgames_level_move(mancala_search *search, const mancala_table *table,
                        const mancala_game *game, int level, uint64_t seed)
{
    int lo, hi;
    if (!table || mancala_table_value(table, game, &lo, &hi) != MANCALA_OK || lo != hi)
        return mancala_search_level_move(search, game, level, seed);
    /* The table decides: every move that keeps its value is as good as
     * another, and the table's own choice among them (the first of its
     * best moves) is a plain one that a fallible opponent answers well.
     * The search without the table prefers, among them, the positions
     * its evaluation likes, which gave the opponent more chances to err
     * (doc/engine.md); so it chooses, and the table only overrules a
     * move that gives value away. */
    int move, value, moves[MANCALA_MAX_PITS];
    int status = mancala_search_set_table(search, NULL);
    move = status < 0 ? status : mancala_search_level_move(search, game, level, seed);
    mancala_search_set_table(search, table);
    if (move < 0 || (status = value_after(table, game, move, &value)) < 0)
        return move < 0 ? move : status;
    if (value >= lo)
        return move;
    status = mancala_table_best_moves(table, game, moves, MANCALA_MAX_PITS);
    return status > 0 ? moves[0] : status < 0 ? status : move;
}
