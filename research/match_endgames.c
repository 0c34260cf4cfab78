/*
 * Rio Kadalis match endgames: what the round tables say about the rest of
 * a match once one player holds fewer stones than the other (RULES.md,
 * "Match"), as far as the round tables at hand reach: a trailer with k
 * open pits holds at most 4k + 3 stones, so the tables of up to three
 * pits cover trailers of 15 stones or fewer, and on 5 holes the four-pit
 * table (`--open 4,5`) every trailer, up to 19; with the table of the
 * round with every pit open (`--open N,N --step 4` up to every stone,
 * which `mancala solve` names RULES.table) every split, so the whole
 * match from its first round.
 *
 *   match-endgames [--tables DIR] [RULES]
 *
 * RULES is rio-kadalis (the default), rio-kadalis-5 or their -cw forms;
 * DIR (default: the current folder) holds the round tables made by
 * `mancala solve RULES --open KS,KN --step 4`, named
 * RULES-open-KS-KN.table. A round where South has KS pits open and North
 * KN is the one where North has KS open and South KN turned round by half
 * a turn (each player's open pits are their highest-numbered ones, and
 * pit p of one board is pit p + n of the other), so where only one of the
 * two files is there, the position is turned round and looked up in it.
 *
 * It prints, for the rules' board:
 *  1. each table's share of exact entries;
 *  2. the value of every round start with one player (the trailer) holding
 *     T = 4 ... R stones (R = 4k + 3 for the most pits k whose table is
 *     there), either player starting: [lo, hi] of the final
 *     difference for the trailer and the stones each then holds;
 *  3. the match from each such round start, two ways:
 *     - assuming each round is played for the most stones (each player
 *       maximises their own stones at its end: the round's value), the
 *       rounds that follow, to a player falling below 4 stones, a state
 *       starting its third round (the player holding more stones wins), or a
 *       trailer reaching R + 1 stones (outside the tables' reach);
 *     - proven, with no assumption about how rounds are played: from the
 *       tables' lower bounds alone (what a player can force in a round,
 *       whatever the other does), the rounds within which the leader can
 *       force the match win, the rounds the trailer can hold out for
 *       against a leader who keeps them within the tables' reach (R stones
 *       or fewer: a round that hands the trailer more leaves the tables and
 *       counts as holding out for ever), and whether the trailer can force
 *       a way back (R + 1 stones or more, or the match).
 *
 * It uses the public API only (and reads the entries of each table file
 * for the exact share, by the formats documented at mancala_solve_modiar()
 * and mancala_solve_lean()).
 */
#include <mancala.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define INF 1000000
#define MAX_TABLES 16

struct config {
    char name[64];     /* the file name, or "" */
    mancala_table *table;
    int tried;
};

struct round_value {
    int known;     /* 0: no table covers it */
    int lo, hi;    /* final difference for South */
};

static const char *rules = "rio-kadalis";
static const char *folder = ".";
static int holes, total;
static int reach; /* the most stones of a trailer the tables cover: 4k + 3 */
static struct config configs[7][7];

static int pits_open(int stones)
{
    return mancala_round_open_pits(rules, stones);
}

static mancala_table *table_for(int ks, int kn)
{
    struct config *c = &configs[ks][kn];
    if (!c->tried) {
        c->tried = 1;
        char path[4096];
        mancala_round_table_name(rules, ks, kn, c->name, sizeof c->name);
        snprintf(path, sizeof path, "%s/%s", folder, c->name);
        FILE *f = fopen(path, "rb");
        if (f) {
            fclose(f);
            int status = mancala_table_open(&c->table, path);
            if (status < 0) {
                fprintf(stderr, "match-endgames: %s: %s\n", path, mancala_strerror(status));
                exit(1);
            }
        }
        if (!c->table)
            c->name[0] = '\0';
    }
    return c->table;
}

/* The round start with South holding s stones, North total - s, `starter`
 * to move; `turned` writes it turned round by half a turn. */
static void round_start(char *buf, size_t size, int s, int starter, int turned)
{
    int counts[2] = {s, total - s}, open[2] = {pits_open(s), pits_open(total - s)};
    const int closed = mancala_round_closed_pits(rules, open[0], open[1]);
    int len = snprintf(buf, size, "%s/", rules);
    for (int i = 0; i < 2 * holes; i++) {
        int pit = turned ? (i + holes) % (2 * holes) : i;
        len += snprintf(buf + len, size - (size_t)len, "%s%s", i ? "," : "",
                        closed >> pit & 1 ? "x" : "4");
    }
    int a = turned, b = !turned;
    snprintf(buf + len, size - (size_t)len, "/%c/0,0/0/%d,%d", (starter ^ turned) ? 'N' : 'S',
             counts[a] - 4 * open[a], counts[b] - 4 * open[b]);
}

/* The value of the round starting with South holding s, `starter` to
 * move, from the table of its configuration or of the turned one. */
static struct round_value value_of(int s, int starter)
{
    struct round_value v = {0, 0, 0};
    int ks = pits_open(s), kn = pits_open(total - s);
    for (int turned = 0; turned < 2; turned++) {
        mancala_table *table = turned ? table_for(kn, ks) : table_for(ks, kn);
        if (!table)
            continue;
        char position[MANCALA_POSITION_MAX], why[MANCALA_REASON_MAX];
        round_start(position, sizeof position, s, starter, turned);
        mancala_game *game;
        if (mancala_parse(&game, position, why, sizeof why) < 0) {
            fprintf(stderr, "match-endgames: %s: %s\n", position, why);
            exit(1);
        }
        int lo, hi;
        int status = mancala_table_value(table, game, &lo, &hi);
        mancala_free(game);
        if (status < 0) {
            fprintf(stderr, "match-endgames: %s: %s\n", position, mancala_strerror(status));
            exit(1);
        }
        /* The value is for the player to move: South unturned iff starter is South. */
        if (starter == MANCALA_SOUTH) {
            v.lo = lo;
            v.hi = hi;
        } else {
            v.lo = -hi;
            v.hi = -lo;
        }
        v.known = 1;
        return v;
    }
    return v;
}

/* ---- the states of the match: South's stones and who starts ---- */

static int in_reach(int s)
{
    int low = s < total - s ? s : total - s;
    return low >= 4 && low <= reach;
}

static struct round_value values[2][64]; /* [starter][south stones] */

/* The stones `player` can force at the end of the round (lower bound). */
static int forced(int player, int s, int starter)
{
    const struct round_value *v = &values[starter][s];
    int diff = player == MANCALA_SOUTH ? v->lo : -v->hi; /* player's guaranteed difference */
    return (total + diff) / 2;
}

/* Proven: the rounds within which `p` forces the match win from
 * (s, starter), by forcing its stones each round; INF if it cannot (by
 * the tables). Least fixed point of win(x) = 1 + max over the ends p can
 * force. */
static int win[2][2][64], hold[2][2][64], back[2][2][64];

static int south_after(int p, int x)
{
    return p == MANCALA_SOUTH ? x : total - x;
}

static void prove(void)
{
    for (int p = 0; p < 2; p++)
        for (int st = 0; st < 2; st++)
            for (int s = 0; s <= total; s++)
                win[p][st][s] = back[p][st][s] = INF, hold[p][st][s] = 0;
    for (int changed = 1, rounds = 0; changed && rounds < 1000; rounds++) {
        changed = 0;
        for (int p = 0; p < 2; p++)
            for (int st = 0; st < 2; st++)
                for (int s = 0; s <= total; s++) {
                    if (!in_reach(s) || !values[st][s].known)
                        continue;
                    int from = forced(p, s, st), w = 0, h = INF, b = 0;
                    for (int x = from; x <= total; x++) {
                        int ns = south_after(p, x), nst = !st;
                        int mine = x, theirs = total - x;
                        int wx, hx, bx;
                        if (theirs < 4)
                            wx = 0, hx = INF, bx = 0;
                        else if (mine < 4)
                            wx = INF, hx = 0, bx = INF;
                        else if (!in_reach(ns) || !values[nst][ns].known)
                            /* beyond the tables: unknown, except that a
                             * trailer reaching reach + 1 stones is back */
                            wx = INF, hx = INF, bx = mine > reach ? 0 : INF;
                        else
                            wx = win[p][nst][ns], hx = hold[p][nst][ns],
                            bx = mine > reach ? 0 : back[p][nst][ns];
                        if (wx > w)
                            w = wx;
                        if (hx < h)
                            h = hx;
                        if (bx > b)
                            b = bx;
                    }
                    w = w >= INF ? INF : w + 1;
                    h = h >= INF ? INF : h + 1;
                    b = b >= INF ? INF : b + 1;
                    if (w != win[p][st][s] || h != hold[p][st][s] || b != back[p][st][s])
                        changed = 1;
                    win[p][st][s] = w;
                    hold[p][st][s] = h;
                    back[p][st][s] = b;
                }
    }
    /* What still grew after so many rounds grows for ever: a cycle. */
    for (int p = 0; p < 2; p++)
        for (int st = 0; st < 2; st++)
            for (int s = 0; s <= total; s++)
                if (hold[p][st][s] > 500)
                    hold[p][st][s] = INF;
}

/* ---- output ---- */

static void print_exactness(void)
{
    printf("## Exactness of the tables\n\n");
    printf("| table | entries | exact | share |\n|---|---:|---:|---:|\n");
    for (int ks = 0; ks <= holes; ks++)
        for (int kn = 0; kn <= holes; kn++) {
            if (!configs[ks][kn].table)
                continue;
            char path[4096];
            snprintf(path, sizeof path, "%s/%s", folder, configs[ks][kn].name);
            FILE *f = fopen(path, "rb");
            unsigned char header[64];
            if (!f || fread(header, 1, 64, f) != 64) {
                if (f)
                    fclose(f);
                continue;
            }
            /* Format 2: 4 bytes an entry, exact where lo (byte 0) = hi
             * (byte 1); format 3: 2, exact where bit 7 of byte 1 is
             * clear, and the count's high half at offset 52. */
            uint64_t count = 0;
            for (int b = 3; b >= 0; b--)
                count = count << 8 | header[44 + b];
            if (header[40] == 2)
                for (int b = 3; b >= 0; b--)
                    count |= (uint64_t)header[52 + b] << (32 + 8 * b);
            const size_t size = header[40] == 2 ? 2 : 4;
            unsigned char buf[1 << 16];
            uint64_t seen = 0, exact = 0;
            while (seen < count) {
                size_t want = (count - seen) * size < sizeof buf ? (size_t)(count - seen) * size
                                                                 : sizeof buf;
                size_t got = fread(buf, 1, want, f);
                if (got < size)
                    break;
                for (size_t i = 0; i + size <= got; i += size)
                    exact += size == 2 ? !(buf[i + 1] & 0x80) : buf[i] == buf[i + 1];
                seen += got / size;
            }
            fclose(f);
            printf("| %s | %llu | %llu | %.4f %% |\n", configs[ks][kn].name,
                   (unsigned long long)count, (unsigned long long)exact,
                   count ? 100.0 * (double)exact / count : 0.0);
        }
    printf("\n");
}

static void format_range(char *buf, size_t size, int lo, int hi)
{
    if (lo == hi)
        snprintf(buf, size, "%+d", lo);
    else
        snprintf(buf, size, "[%+d, %+d]", lo, hi);
}

/* The stones of player p at the end of the round (a range). */
static void format_stones(char *buf, size_t size, int p, int s, int st)
{
    int lo = forced(p, s, st), hi = total - forced(!p, s, st);
    if (lo == hi)
        snprintf(buf, size, "%d", lo);
    else
        snprintf(buf, size, "%d-%d", lo, hi);
}

static void print_rounds(void)
{
    printf("## Round values\n\n");
    printf("The trailer holds T stones (k = T div 4 pits open, T mod 4 in the bank), the\n"
           "leader %d - T. Value: the final difference for the trailer, [lo, hi] where\n"
           "not exact; then the stones each holds after the round (trailer-leader).\n"
           "Both seats (trailer South or North) give the same; \"!\" marks where not.\n\n",
           total);
    printf("| T | k | trailer starts | stones after | leader starts | stones after |\n");
    printf("|---:|---:|---:|---:|---:|---:|\n");
    for (int t = 4; t <= reach; t++) {
        printf("| %d | %d ", t, t / 4);
        for (int trailer_starts = 1; trailer_starts >= 0; trailer_starts--) {
            char cell[2][128];
            int shown = 0;
            for (int p = 0; p < 2; p++) {
                int s = p == MANCALA_SOUTH ? t : total - t;
                int st = trailer_starts ? p : !p;
                const struct round_value *v = &values[st][s];
                if (!v->known) {
                    snprintf(cell[p], sizeof cell[p], "| no table | ");
                    continue;
                }
                char range[32], mine[16], theirs[16];
                int lo = p == MANCALA_SOUTH ? v->lo : -v->hi, hi = p == MANCALA_SOUTH ? v->hi : -v->lo;
                format_range(range, sizeof range, lo, hi);
                format_stones(mine, sizeof mine, p, s, st);
                format_stones(theirs, sizeof theirs, !p, s, st);
                snprintf(cell[p], sizeof cell[p], "| %s | %s-%s ", range, mine, theirs);
                shown = 1;
            }
            (void)shown;
            printf("%s%s", cell[MANCALA_SOUTH], strcmp(cell[0], cell[1]) ? "!" : "");
        }
        printf("|\n");
    }
    printf("\n");
}

/* The match from (s, starter) with each round played for the most stones:
 * the stones of `trailer` and the other after each round, and the end. */
static void chain(int trailer, int s, int st, char *line, size_t size)
{
    static int seen[2][64];
    memset(seen, 0, sizeof seen);
    int len = 0, rounds = 0;
    line[0] = '\0';
    for (;;) {
        int n = total - s;
        if (s < 4 || n < 4) {
            const int loser = s < 4 ? MANCALA_SOUTH : MANCALA_NORTH;
            snprintf(line + len, size - (size_t)len, ": the %s loses after %d round%s",
                     loser == trailer ? "trailer" : "leader", rounds, rounds == 1 ? "" : "s");
            return;
        }
        if (++seen[st][s] == 3) {
            /* RULES.md, "Match": the player holding more stones wins. */
            const char *end = s == n ? "drawn"
                              : (s > n) == (trailer == MANCALA_SOUTH) ? "the trailer wins"
                                                                      : "the leader wins";
            snprintf(line + len, size - (size_t)len, ": %s: third start of a state after %d rounds",
                     end, rounds);
            return;
        }
        if (!in_reach(s)) {
            snprintf(line + len, size - (size_t)len, ": leaves the tables' reach after %d round%s",
                     rounds, rounds == 1 ? "" : "s");
            return;
        }
        const struct round_value *v = &values[st][s];
        if (!v->known) {
            snprintf(line + len, size - (size_t)len, "%sno table after %d rounds", len ? ": " : "",
                     rounds);
            return;
        }
        if (v->lo != v->hi) {
            snprintf(line + len, size - (size_t)len, ": open: [%+d, %+d] after %d rounds", v->lo,
                     v->hi, rounds);
            return;
        }
        s = (total + v->lo) / 2;
        st = !st;
        rounds++;
        if (len < (int)size - 32)
            len += snprintf(line + len, size - (size_t)len, "%s%d-%d", rounds == 1 ? "" : ", ",
                            trailer == MANCALA_SOUTH ? s : total - s,
                            trailer == MANCALA_SOUTH ? total - s : s);
    }
}

static void print_rounds_count(char *buf, size_t size, int r)
{
    if (r >= INF)
        snprintf(buf, size, "no");
    else
        snprintf(buf, size, "%d", r);
}

static void print_match(void)
{
    printf("## The match from each split\n\n");
    printf("Start: the trailer's stones T and who starts. Played for stones: the\n"
           "stones trailer-leader after each round, each round played for the most\n"
           "stones, and how it ends. Proven (by the tables' lower bounds, whatever\n"
           "the players aim for in a round): the leader forces the match win within\n"
           "W rounds; the trailer holds out at least H rounds against a leader who\n"
           "keeps them at %d stones or fewer (inf: forever, until the match repeats;\n"
           "a round that hands the trailer %d stones or more is counted as holding\n"
           "out forever, as the tables cannot tell what follows); the trailer forces\n"
           "its way back (%d stones or the match) within B rounds; \"no\": not by the\n"
           "tables. Both seats (trailer South or North) give the same; where not,\n"
           "both rows are shown.\n\n",
           reach, reach + 1, reach + 1);
    printf("| T | starts | played for stones | W | H | B |\n");
    printf("|---:|---|---|---:|---:|---:|\n");
    for (int t = 4; t <= reach; t++)
        for (int trailer_starts = 1; trailer_starts >= 0; trailer_starts--) {
            char row[2][640];
            for (int p = 0; p < 2; p++) {
                int s = p == MANCALA_SOUTH ? t : total - t;
                int st = trailer_starts ? p : !p;
                char line[512], w[16], h[16], b[16];
                chain(p, s, st, line, sizeof line);
                print_rounds_count(w, sizeof w, win[!p][st][s]);
                if (hold[p][st][s] >= INF)
                    snprintf(h, sizeof h, "inf");
                else
                    snprintf(h, sizeof h, "%d", hold[p][st][s]);
                print_rounds_count(b, sizeof b, back[p][st][s]);
                if (!values[st][s].known)
                    snprintf(row[p], sizeof row[p], "%s | - | - | - |", line);
                else
                    snprintf(row[p], sizeof row[p], "%s | %s | %s | %s |", line, w, h, b);
            }
            const char *who = trailer_starts ? "trailer" : "leader";
            if (!strcmp(row[0], row[1]))
                printf("| %d | %s | %s\n", t, who, row[0]);
            else
                printf("| %d | %s (trailer South) | %s\n| %d | %s (trailer North) | %s\n", t, who,
                       row[0], t, who, row[1]);
        }
    printf("\n");
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--tables") && i + 1 < argc)
            folder = argv[++i];
        else if (!strcmp(argv[i], "--help") || argv[i][0] == '-') {
            fprintf(stderr, "usage: match-endgames [--tables DIR] [RULES]\n");
            return 2;
        } else
            rules = argv[i];
    }
    mancala_game *game;
    if (mancala_rules_info(rules, MANCALA_RULES_ROUNDS) != 1 || mancala_new(&game, rules) < 0) {
        fprintf(stderr, "match-endgames: not Rio Kadalis rules: %s\n", rules);
        return 2;
    }
    holes = mancala_num_pits(game) / 2;
    total = 2 * holes * mancala_rules_info(rules, MANCALA_RULES_STONES);
    mancala_free(game);
    /* The tables reach the trailers of the most pits k whose table (or
     * its turned twin) is there: 4k + 3 stones; with the table of the
     * round with every pit open, up to its start's stones, every split,
     * a 20-20 one (of 5 holes; 24-24 of 6) too: the whole match. */
    for (int k = holes; k >= 1 && !reach; k--)
        if (k == holes ? table_for(k, k) && mancala_table_max_stones(table_for(k, k)) >= total
                       : table_for(k, holes) || table_for(holes, k))
            reach = 4 * k + 3;
    if (!reach) {
        fprintf(stderr, "match-endgames: no round table of %s in %s\n", rules, folder);
        return 1;
    }

    for (int st = 0; st < 2; st++)
        for (int s = 0; s <= total; s++)
            if (in_reach(s))
                values[st][s] = value_of(s, st);
    prove();

    printf("# Rio Kadalis match endgames: %s, %d stones\n\n", rules, total);
    print_exactness();
    print_rounds();
    print_match();
    for (int ks = 0; ks <= holes; ks++)
        for (int kn = 0; kn <= holes; kn++)
            mancala_table_close(configs[ks][kn].table);
    return 0;
}
