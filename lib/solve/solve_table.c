/*
 * Reading a solved table: from a file or from the caller's bytes, both
 * into memory the table owns and checked there once (header, checksum and
 * every entry), then the value of a position and its best moves.
 *
 * The file is read, not mapped: a mapping shows whatever the file holds
 * now, so a table rewritten or truncated on disk while open would give
 * other answers than the ones checked, or SIGBUS. A private copy cannot
 * change after it was checked.
 *
 * SPDX-License-Identifier: MIT
 */
/* open(), read() and O_CLOEXEC are POSIX, not C11. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "platform/port.h"
#include "solve/solve.h"

struct mancala_table {
    uint8_t *data;          /* the whole file, owned */
    size_t size;
    const uint8_t *entries;
    int max_stones;
    int pits;               /* 6 (Modiar), 10 or 12 (Rio Kadalis) */
    struct mt_layout lay;   /* the positions it covers: closed pits, layers */
    struct mc_board board;  /* with the table's closed pits */
};

/* The largest table file any variant can have, in either format. */
static uint64_t largest_table(void)
{
    return MT_HEADER_SIZE + (MT_MOST_ENTRIES_LEAN * MT_ENTRY_SIZE_LEAN + 7) / 8 * 8;
}

/* The entry size of a format this library reads, or 0. */
static int entry_size(uint64_t version)
{
    return version == MT_VERSION ? MT_ENTRY_SIZE
           : version == MT_VERSION_LEAN ? MT_ENTRY_SIZE_LEAN : 0;
}

/* The header's entry count: 32 bits in format 2, 64 in format 3. */
static uint64_t header_count(const uint8_t *header)
{
    return mt_get(header + MT_OFF_ENTRIES, 4) | mt_get(header + MT_OFF_ENTRIES_HIGH, 4) << 32;
}

/* Whether a table can have `size` bytes: its header, then entries padded
 * to 8 bytes. Checked before memory is taken for it (on a 32-bit system
 * SIZE_MAX is below the largest table, and odd). */
static int possible_size(uint64_t size)
{
    return size >= MT_HEADER_SIZE && size <= largest_table() && (size - MT_HEADER_SIZE) % 8 == 0;
}

/* The first check of a table image, on its header alone: the magic, the
 * version, and the size that the entry count gives (so that a large file
 * that is no table of that size is refused before it is read). */
static int check_header(const uint8_t *header, uint64_t size)
{
    if (size < MT_HEADER_SIZE || memcmp(header + MT_OFF_MAGIC, mt_magic, sizeof mt_magic) != 0)
        return MANCALA_E_FORMAT;
    /* Another version of the format: say so, whatever else it holds. */
    const int bytes = entry_size(mt_get(header + MT_OFF_VERSION, 4));
    if (!bytes)
        return MANCALA_E_VERSION;
    const uint64_t count = header_count(header);
    return count <= MT_MOST_ENTRIES_LEAN &&
                   size == MT_HEADER_SIZE + (count * (uint64_t)bytes + 7) / 8 * 8
               ? MANCALA_OK : MANCALA_E_FORMAT;
}

/* Checks a table image: MANCALA_OK and its variant in `*variant`, or why
 * it is refused. The one check of both ways to open a table. */
static int check_table(const uint8_t *data, size_t size, struct mt_layout *lay,
                       const struct mc_variant **variant)
{
    const int status = check_header(data, size);
    if (status != MANCALA_OK)
        return status;
    /* The rules name, NUL-padded: a known variant that has tables. */
    const char *rules = (const char *)data + MT_OFF_RULES;
    const size_t len = strnlen(rules, 16);
    const struct mc_variant *v = mancala__variant_find(rules, len);
    if (!v || mt_most_stones(v) < 0)
        return MANCALA_E_FORMAT;
    for (size_t i = len; i < 16; i++)
        if (rules[i])
            return MANCALA_E_FORMAT;
    const uint64_t max_stones = mt_get(data + MT_OFF_MAX_STONES, 2);
    const int pits = 2 * v->n;
    if (mt_get(data + MT_OFF_HEADER_SIZE, 4) != MT_HEADER_SIZE ||
        mt_get(data + MT_OFF_INDEX, 4) != MT_INDEX_MOVER_FIRST ||
        mt_get(data + MT_OFF_PITS, 2) != (uint64_t)pits ||
        max_stones > (uint64_t)mt_most_stones(v) ||
        mt_get(data + MT_OFF_ENTRY_SIZE, 4) !=
            (uint64_t)entry_size(mt_get(data + MT_OFF_VERSION, 4)) ||
        data[MT_OFF_RESERVED] != 0)
        return MANCALA_E_FORMAT;
    /* The configuration (Rio Kadalis only): closed pits, layers. */
    const uint16_t closed = (uint16_t)mt_get(data + MT_OFF_CLOSED, 2);
    const int step = data[MT_OFF_STEP] ? data[MT_OFF_STEP] : 1;
    if (((closed || step != 1) && !v->match) || data[MT_OFF_STEP] == 1 ||
        !mt_layout_init_format(lay, v->n, closed, (int)max_stones, step,
                               (int)mt_get(data + MT_OFF_VERSION, 4)))
        return MANCALA_E_FORMAT;
    /* (A format 2 layout has fewer than 2^32 entries: the count's high
     * half is zero there.) */
    const uint64_t count = header_count(data);
    if (count != lay->count)
        return MANCALA_E_FORMAT;
    if (mt_checksum(data, data + MT_HEADER_SIZE, size - MT_HEADER_SIZE) !=
        mt_get(data + MT_OFF_CHECKSUM, 8))
        return MANCALA_E_FORMAT;
    /* Every entry a value the solver can give, so that even a crafted file
     * with a valid checksum answers within the stones on the board:
     * -s <= lo <= hi <= s in the layer of s stones. The padding is zero. */
    const uint8_t *entries = data + MT_HEADER_SIZE;
    for (int s = 0; s <= (int)max_stones; s++) {
        const uint64_t end = lay->layer[s] + mt_layout_size(lay, s);
        for (uint64_t i = lay->layer[s]; i < end; i++) {
            /* (Format 3's hi where not exact comes from the children.) */
            const struct mt_entry e = lay->version == MT_VERSION_LEAN
                                          ? (struct mt_entry){(int8_t)entries[2 * i],
                                                              (int8_t)entries[2 * i], 0}
                                          : mt_entry_read(entries, i);
            if (e.lo < -s || e.lo > e.hi || e.hi > s)
                return MANCALA_E_FORMAT;
        }
    }
    for (size_t i = count * (size_t)lay->entry_size; i < size - MT_HEADER_SIZE; i++)
        if (entries[i])
            return MANCALA_E_FORMAT;
    *variant = v;
    return MANCALA_OK;
}

/* Makes a table of `data` (malloc()ed, `size` bytes), which it takes in
 * every case: kept on success, freed on failure. */
static int adopt(mancala_table **out, uint8_t *data, size_t size)
{
    struct mancala_table *t = malloc(sizeof *t);
    if (!t) {
        free(data);
        return MANCALA_E_NOMEM;
    }
    const struct mc_variant *variant = NULL;
    const int status = check_table(data, size, &t->lay, &variant);
    if (status != MANCALA_OK) {
        free(t);
        free(data);
        return status;
    }
    t->data = data;
    t->size = size;
    t->entries = data + MT_HEADER_SIZE;
    t->max_stones = (int)mt_get(data + MT_OFF_MAX_STONES, 2);
    t->pits = 2 * variant->n;
    mancala__board_init(&t->board, variant, t->lay.closed);
    *out = t;
    return MANCALA_OK;
}

MANCALA_EXPORT int mancala_table_open(mancala_table **out, const char *path)
{
    if (!out || !path)
        return MANCALA_E_INVALID;
    /* Non-blocking: opening a FIFO for reading would otherwise wait for a
     * writer. Anything but a regular file is then refused. */
    const int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | MC_O_BINARY);
    if (fd < 0)
        return MANCALA_E_IO;
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        return MANCALA_E_IO;
    }
    if (st.st_size < 0 || !possible_size((uint64_t)st.st_size)) {
        close(fd);
        return MANCALA_E_FORMAT;
    }
    /* The header first: its entry count must give the file's size. */
    const size_t size = (size_t)st.st_size;
    uint8_t header[MT_HEADER_SIZE];
    int status = mancala__pread_all(fd, header, sizeof header, 0);
    if (status == MANCALA_OK)
        status = check_header(header, size);
    uint8_t *data = status == MANCALA_OK ? malloc(size) : NULL;
    if (status == MANCALA_OK && !data)
        status = MANCALA_E_NOMEM;
    if (status == MANCALA_OK)
        status = mancala__pread_all(fd, data, size, 0); /* E_FORMAT: truncated meanwhile */
    close(fd);
    if (status != MANCALA_OK) {
        free(data);
        return status;
    }
    return adopt(out, data, size);
}

MANCALA_EXPORT int mancala_table_open_memory(mancala_table **out, const void *data, size_t size)
{
    if (!out || (!data && size))
        return MANCALA_E_INVALID;
    if (!possible_size(size))
        return MANCALA_E_FORMAT;
    /* Checked in the copy: the caller's bytes may change afterwards. */
    uint8_t *copy = malloc(size);
    if (!copy)
        return MANCALA_E_NOMEM;
    memcpy(copy, data, size);
    return adopt(out, copy, size);
}

MANCALA_EXPORT const char *mancala_table_rules(const mancala_table *table)
{
    return table ? table->board.variant->name : NULL;
}

MANCALA_EXPORT int mancala_table_max_stones(const mancala_table *table)
{
    return table ? table->max_stones : MANCALA_E_INVALID;
}

MANCALA_EXPORT void mancala_table_close(mancala_table *table)
{
    if (!table)
        return;
    free(table->data);
    free(table);
}

/* The position of `game` as the rule code sees it; checks that the table
 * can answer for it: the same rules, the same closed pits, a layer of
 * stones on the board that it holds. A board whose closed pits are the
 * table's turned round by half a turn (pit p there is pit p + n here) is
 * the same game with the players' seats exchanged, so it is read turned
 * round (*turned = 1): its values for the player to move are the same. */
static int read_position(const mancala_table *table, const mancala_game *game, struct mc_state *st,
                         int *turned)
{
    *turned = 0;
    if (!table || !game)
        return MANCALA_E_INVALID;
    if (strcmp(mancala_rules(game), table->board.variant->name) != 0)
        return MANCALA_E_UNSUPPORTED;
    memset(st, 0, sizeof *st);
    int stones = 0;
    unsigned closed = 0;
    for (int p = 0; p < table->pits; p++) {
        stones += st->pit[p] = (uint8_t)mancala_pit(game, p);
        closed |= (unsigned)(mancala_pit_closed(game, p) == 1) << p;
    }
    for (int player = 0; player < 2; player++)
        st->captured[player] = (uint8_t)mancala_captured(game, player);
    st->to_move = (uint8_t)mancala_to_move(game);
    st->ply = (uint32_t)mancala_ply(game);
    const int n = table->pits / 2;
    const unsigned all = (1u << table->pits) - 1, round = ((closed >> n) | (closed << n)) & all;
    if (closed != table->lay.closed && round == table->lay.closed) {
        struct mc_state was = *st;
        for (int p = 0; p < table->pits; p++)
            st->pit[p] = was.pit[(p + n) % table->pits];
        st->captured[0] = was.captured[1];
        st->captured[1] = was.captured[0];
        st->to_move ^= 1;
        closed = round;
        *turned = 1;
    }
    return !mt_layout_covers(&table->lay, stones) || closed != table->lay.closed ? MANCALA_E_RANGE
                                                                               : MANCALA_OK;
}

/* Also what the solvers read of the layers below (solve.h). */
struct mt_entry mancala__entry(const struct mt_layout *lay, const struct mc_board *board,
                               const uint8_t *entries, uint64_t index, const struct mc_state *st)
{
    if (lay->version != MT_VERSION_LEAN)
        return mt_entry_read(entries, index);
    struct mt_entry e;
    if (mt_lean_entry_read(entries, index, &e.lo, &e.distance)) {
        e.hi = e.lo;
        return e;
    }
    struct mc_state here;
    if (st) {
        here = *st;
    } else {
        int s = 0, side;
        while (s < lay->max_stones && index >= lay->layer[s + 1])
            s++;
        uint8_t r[MT_MOST_PITS];
        mt_layout_position(lay, s, index - lay->layer[s], &side, r);
        memset(&here, 0, sizeof here);
        for (int j = 0; j < lay->open_count; j++)
            here.pit[lay->open[side][j]] = r[j];
        here.to_move = (uint8_t)side;
    }
    here.ply = 1; /* the positions of the table, as mancala__solve_expand() */
    struct mc_moves moves;
    board->variant->rules->generate(board, &here, &moves, NULL);
    const int mover = here.to_move, opponent = mover ^ 1;
    e.hi = e.lo;
    for (int m = 0; m < moves.count; m++) {
        const struct mc_state *c = &moves.child[m];
        const int gain = c->captured[mover] - here.captured[mover] -
                         (c->captured[opponent] - here.captured[opponent]);
        int lo;
        unsigned distance;
        mt_lean_entry_read(entries, mt_layout_state_index(lay, c), &lo, &distance);
        if (gain - lo > e.hi)
            e.hi = gain - lo;
    }
    return e;
}

static struct mt_entry lookup(const mancala_table *table, const struct mc_state *st)
{
    return mancala__entry(&table->lay, &table->board, table->entries,
                          mt_layout_state_index(&table->lay, st), st);
}

/* Modiar's rule 4: no capture on the very first move. The table holds
 * positions without it, so a position at ply 0 is looked ahead. */
static int first_move_rule(const mancala_table *table, const struct mc_state *st)
{
    return mc_forfeits_capture(table->board.variant, st);
}

/* A legal move, valued from the table for the player who makes it. */
struct valued_move {
    int pit;
    int exit;      /* it captures: leaves the layer */
    int gain;      /* stones it captures for the mover, minus for the opponent */
    int lo, hi;    /* bounds of its value, for the player who moves */
    unsigned distance;
};

static int value_moves(const mancala_table *table, const struct mc_state *st, struct valued_move *out)
{
    struct mc_moves moves;
    table->board.variant->rules->generate(&table->board, st, &moves, NULL);
    const int mover = st->to_move, opponent = mover ^ 1;
    for (int m = 0; m < moves.count; m++) {
        const struct mc_state *c = &moves.child[m];
        const struct mt_entry e = lookup(table, c);
        const int won = c->captured[mover] - st->captured[mover];
        const int lost = c->captured[opponent] - st->captured[opponent];
        out[m].pit = moves.pit[m];
        out[m].exit = won + lost > 0;
        out[m].gain = won - lost;
        out[m].lo = out[m].gain - e.hi;
        out[m].hi = out[m].gain - e.lo;
        out[m].distance = e.distance;
    }
    return moves.count;
}

MANCALA_EXPORT int mancala_table_value(const mancala_table *table, const mancala_game *game, int *lo, int *hi)
{
    struct mc_state st;
    if (!lo || !hi)
        return MANCALA_E_INVALID;
    int turned;
    int status = read_position(table, game, &st, &turned);
    if (status == MANCALA_E_INVALID || status == MANCALA_E_UNSUPPORTED)
        return status;
    const int mover = st.to_move ^ turned; /* the game's */
    if (mancala_is_over(game)) {
        /* The game has its value already: the final scores. */
        *lo = *hi = mancala_score(game, mover) - mancala_score(game, mover ^ 1);
        return MANCALA_OK;
    }
    if (status)
        return status;
    int v_lo, v_hi;
    if (first_move_rule(table, &st)) {
        struct valued_move moves[MANCALA_MAX_PITS];
        const int count = value_moves(table, &st, moves);
        v_lo = v_hi = -MT_MOST_STONES - 1;
        for (int m = 0; m < count; m++) {
            if (moves[m].lo > v_lo)
                v_lo = moves[m].lo;
            if (moves[m].hi > v_hi)
                v_hi = moves[m].hi;
        }
    } else {
        const struct mt_entry e = lookup(table, &st);
        v_lo = e.lo;
        v_hi = e.hi;
    }
    const int so_far = mancala_captured(game, mover) - mancala_captured(game, mover ^ 1) +
                       mancala_bank(game, mover) - mancala_bank(game, mover ^ 1);
    *lo = so_far + v_lo;
    *hi = so_far + v_hi;
    return MANCALA_OK;
}

int mancala__table_best(const mancala_table *table, const struct mc_state *st,
                        int moves[MANCALA_MAX_PITS], unsigned *potential)
{
    struct valued_move valued[MANCALA_MAX_PITS];
    const int count = value_moves(table, st, valued);

    /* The best value the mover can force, and the potential of the
     * position: 0 at the end or if a capture forces it (an exit of the
     * layer), otherwise 1 + the least distance of a move that forces it. */
    int best = -MT_MOST_STONES - 1;
    for (int m = 0; m < count; m++)
        if (valued[m].lo > best)
            best = valued[m].lo;
    unsigned least = count ? MT_NO_DISTANCE + 1 : 0; /* the end: 0 */
    for (int m = 0; m < count; m++) {
        if (valued[m].lo != best)
            continue;
        const unsigned here = valued[m].exit ? 0 : valued[m].distance + 1;
        if (here < least)
            least = here;
    }
    /* Best moves force the best value and lower the potential: captures,
     * and moves to a position whose distance is at most the potential.
     * Every position the opponent can then reach in the layer has a
     * distance below the child's (solve.c), and so a lower potential: a
     * player who plays only best moves never repeats a position. The first
     * move (ply 0) leads out of the positions the table measures, so there
     * the value decides alone. */
    int found = 0;
    for (int m = 0; m < count; m++) {
        if (valued[m].lo != best)
            continue;
        if (!first_move_rule(table, st) && !valued[m].exit && valued[m].distance > least)
            continue;
        moves[found++] = valued[m].pit;
    }
    if (potential)
        *potential = least;
    return found;
}

MANCALA_EXPORT int mancala_table_best_moves(const mancala_table *table, const mancala_game *game,
                                            int *moves, size_t cap)
{
    struct mc_state st;
    int turned;
    int status = read_position(table, game, &st, &turned);
    if (status == MANCALA_E_INVALID || status == MANCALA_E_UNSUPPORTED)
        return status;
    if (mancala_is_over(game))
        return 0;
    if (status)
        return status;
    int best[MANCALA_MAX_PITS];
    const int found = mancala__table_best(table, &st, best, NULL);
    if (found && !moves)
        return MANCALA_E_INVALID;
    if ((size_t)found > cap)
        return MANCALA_E_NOSPACE;
    /* Turned round, pit p of the table's board is pit p + n of the game's;
     * the list stays ascending. */
    const int n = table->pits / 2;
    for (int m = 0; m < found; m++) {
        const int pit = turned ? (best[m] + n) % table->pits : best[m];
        int at = m;
        for (; at > 0 && moves[at - 1] > pit; at--)
            moves[at] = moves[at - 1];
        moves[at] = pit;
    }
    return found;
}
