/*
 * The solved tables the subcommands share (play, analyze, solve): which
 * table covers a position, the command that writes it, opening one.
 *
 * SPDX-License-Identifier: MIT
 */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "platform/port.h"

/* Why the table file at `path` could not be opened (`status`). */
static void table_open_problem(char *buf, size_t size, const char *path, const char *rules,
                               int status)
{
    struct stat st;
    if (status == MANCALA_E_VERSION) {
        snprintf(buf, size, "table format %d, expected 2 to %d: solve again",
                 mancala_table_file_format(path), mancala_table_file_format(NULL));
    } else if (status == MANCALA_E_FORMAT) {
        snprintf(buf, size, "not a valid table file (damaged or incomplete): solve again");
    } else if (status == MANCALA_E_IO && stat(path, &st) != 0) {
        const int error = errno;
        snprintf(buf, size, "%s%s%s%s", strerror(error), error == ENOENT ? " (make it with "
                 "'mancala solve " : "", error == ENOENT ? rules : "", error == ENOENT ? "')" : "");
    } else if (status == MANCALA_E_IO && !S_ISREG(st.st_mode)) {
        snprintf(buf, size, "not a regular file");
    } else if (status == MANCALA_E_UNSUPPORTED) {
        engine_unavailable_text(buf, size, "the solved table");
    } else {
        snprintf(buf, size, "%s", mancala_strerror(status));
    }
}

int open_table(const char *cmd, const char *path, int named, const char *rules,
               mancala_table **out)
{
    *out = NULL;
    char why[160];
    mancala_table *table;
    int status = mancala_table_open(&table, path);
    if (status == MANCALA_OK && strcmp(mancala_table_rules(table), rules) != 0) {
        snprintf(why, sizeof why, "a table of %s, not of %s", mancala_table_rules(table), rules);
        mancala_table_close(table);
    } else if (status == MANCALA_OK) {
        *out = table;
        return 0;
    } else {
        table_open_problem(why, sizeof why, path, rules, status);
    }
    if (named)
        return fail(cmd, "%s: %s", quote(path), why);
    /* A table found by its default name that does not serve: go on without. */
    fprintf(stderr, "mancala: %s: warning: %s not used: %s\n", cmd, path, why);
    return 0;
}

int open_pits_of(const mancala_game *game, int *ks, int *kn)
{
    const int n = mancala_num_pits(game) / 2;
    int open[2] = {0, 0};
    unsigned closed = 0;
    for (int pit = 0; pit < 2 * n; pit++) {
        if (mancala_pit_closed(game, pit) == 1)
            closed |= 1u << pit;
        else
            open[pit >= n]++;
    }
    *ks = open[MANCALA_SOUTH];
    *kn = open[MANCALA_NORTH];
    /* The match rule's closed pits for those counts. */
    return mancala_round_closed_pits(mancala_rules(game), *ks, *kn) == (int)closed;
}

int solve_command(const mancala_game *game, char *buf, size_t size)
{
    const char *rules = mancala_rules(game);
    int ks, kn;
    const int n = mancala_num_pits(game) / 2;
    if (!rules_have_rounds(rules)) {
        snprintf(buf, size, "mancala solve %s", rules);
        return 1;
    }
    if (open_pits_of(game, &ks, &kn) && !(ks == n && kn == n)) {
        snprintf(buf, size, "mancala solve %s --open %d,%d", rules, ks, kn);
        return 1;
    }
    /* Every pit open: the endgames a table covers. */
    int stones = 0;
    for (int p = 0; p < 2 * n; p++)
        stones += mancala_pit(game, p);
    if (stones > mancala_rules_info(rules, MANCALA_RULES_TABLE_STONES))
        return 0;
    if (stones > mancala_rules_info(rules, MANCALA_RULES_DEFAULT_TABLE_STONES))
        snprintf(buf, size, "mancala solve %s --max-stones %d", rules, stones);
    else
        snprintf(buf, size, "mancala solve %s", rules);
    return 1;
}

const char *table_for_position(const mancala_game *game, char *buf, size_t size)
{
    const char *rules = mancala_rules(game);
    int ks, kn;
    const int n = mancala_num_pits(game) / 2;
    if (!rules_have_rounds(rules) || !open_pits_of(game, &ks, &kn) || (ks == n && kn == n))
        return default_table(rules, buf, size);
    /* The table of the round with the players' roles exchanged serves too
     * (the board turned round; mancala_solve_rio_kadalis_config()). */
    char turned[64];
    if (ks != kn && config_table(rules, kn, ks, turned, sizeof turned) &&
        config_table(rules, ks, kn, buf, size) && access(buf, F_OK) != 0 &&
        access(turned, F_OK) == 0 && strlen(turned) < size)
        return strcpy(buf, turned);
    return config_table(rules, ks, kn, buf, size);
}

int table_covers(const mancala_table *table, const mancala_game *game, char *why, size_t size)
{
    int lo, hi;
    const int status = mancala_table_value(table, game, &lo, &hi);
    if (status == MANCALA_OK)
        return 1;
    int stones = 0, closed = 0;
    for (int pit = 0; pit < mancala_num_pits(game); pit++) {
        stones += mancala_pit(game, pit);
        closed += mancala_pit_closed(game, pit) == 1;
    }
    const int most = mancala_table_max_stones(table);
    if (status == MANCALA_E_UNSUPPORTED)
        snprintf(why, size, "the table is for %s, not %s", mancala_table_rules(table),
                 mancala_rules(game));
    else if (stones > most)
        snprintf(why, size, "the table covers positions of at most %d stones on the board; this "
                 "one has %d", most, stones);
    else if (status == MANCALA_E_RANGE)
        snprintf(why, size, "the table covers other closed pits or other stone counts; this "
                 "position has %d closed and %d stones on the board", closed, stones);
    else
        snprintf(why, size, "%s", mancala_strerror(status));
    return 0;
}
