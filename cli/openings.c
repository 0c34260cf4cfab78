/*
 * A book of openings: see openings.h and doc/protocol.md ("Openings").
 * Each line is a match record (mancala_parse_record()), of which a
 * position alone is the shortest; blank lines and lines whose first
 * character other than a space is '#' are skipped. A record's tags are
 * dropped (a game's record of --records is a fine opening, cut short);
 * options are refused, as the tournament plays by the rules' defaults and
 * its --rounds.
 *
 * SPDX-License-Identifier: MIT
 */
#include "openings.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* A book is a text file of openings, not a table: this is plenty. */
#define BOOK_MAX_BYTES (64L << 20)
/* An opening's 'position' line leaves the engines at least half of the
 * protocol's line for the game's own moves. */
#define OPENING_MAX (PROTOCOL_LINE_MAX / 2)

void book_free(struct book *book)
{
    for (int i = 0; i < book->count; i++) {
        mancala_free(book->of[i].game);
        free(book->of[i].start);
        free(book->of[i].moves);
    }
    free(book->of);
    book->of = NULL;
    book->count = 0;
}

/* The whole file in a NUL-terminated buffer, or NULL with errno. */
static char *read_all(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *text = NULL;
    size_t len = 0, cap = 0;
    for (;;) {
        if (len + 4096 + 1 > cap) {
            cap = cap ? 2 * cap : 65536;
            char *more = cap <= (size_t)BOOK_MAX_BYTES + 65536 ? realloc(text, cap) : NULL;
            if (!more) {
                free(text);
                fclose(f);
                errno = cap > (size_t)BOOK_MAX_BYTES ? EFBIG : ENOMEM;
                return NULL;
            }
            text = more;
        }
        const size_t got = fread(text + len, 1, cap - len - 1, f);
        len += got;
        if (got == 0)
            break;
    }
    const int error = ferror(f);
    fclose(f);
    if (error) {
        free(text);
        errno = EIO;
        return NULL;
    }
    text[len] = '\0';
    *size = len;
    return text;
}

/* Makes `o` from the record `line`; 0, or -1 with the reason in `why`. */
static int read_opening(const char *line, const mancala_game *fresh, int rounds,
                        struct opening *o, char *why, size_t why_size)
{
    mancala_game *g;
    char reason[MANCALA_REASON_MAX];
    if (mancala_parse_record(&g, line, reason, sizeof reason) < 0) {
        snprintf(why, why_size, "%s", reason);
        return -1;
    }
    static const int options[] = {MANCALA_OPT_REPETITION, MANCALA_OPT_MATCH_REPETITION,
                                  MANCALA_OPT_MAX_ROUNDS};
    int differs = 0;
    for (size_t i = 0; i < sizeof options / sizeof options[0]; i++)
        differs |= mancala_get_option(g, options[i]) != mancala_get_option(fresh, options[i]);
    const char *const rules = mancala_rules(fresh);
    if (strcmp(mancala_rules(g), rules))
        snprintf(why, why_size, "a %s opening; the tournament plays %s (--rules)",
                 mancala_rules(g), rules);
    else if (differs)
        snprintf(why, why_size, "an opening sets no options: the games are played by the "
                 "rules' defaults%s", has_rounds(g) ? " and --rounds" : "");
    if (strcmp(mancala_rules(g), rules) || differs) {
        mancala_free(g);
        return -1;
    }
    while (mancala_tag_count(g) > 0)
        mancala_tag_set(g, mancala_tag_key(g, 0), NULL);
    /* Its record without tags and options: "START M M | M ...", for the
     * engines "position START moves M M next M ...". */
    const int need = mancala_format_record(g, NULL, 0);
    char *record = need >= 0 && need < OPENING_MAX ? malloc((size_t)need + 1) : NULL;
    o->start = malloc((size_t)need + 1);
    o->moves = malloc(3 * (size_t)need + 1); /* " |" becomes " next" */
    if (!record || !o->start || !o->moves) {
        snprintf(why, why_size, "%s", need >= OPENING_MAX ? "longer than an opening may be"
                                                          : mancala_strerror(MANCALA_E_NOMEM));
        free(record);
        free(o->start);
        free(o->moves);
        mancala_free(g);
        return -1;
    }
    mancala_format_record(g, record, (size_t)need + 1);
    const size_t start_len = strcspn(record, " ");
    memcpy(o->start, record, start_len);
    o->start[start_len] = '\0';
    size_t len = 0;
    for (char *word = record + start_len; *word;) {
        word += strspn(word, " ");
        const size_t n = strcspn(word, " ");
        if (n == 1 && word[0] == '|')
            len += (size_t)sprintf(o->moves + len, " next");
        else if (n)
            len += (size_t)sprintf(o->moves + len, " %.*s", (int)n, word);
        word += n;
    }
    o->moves[len] = '\0';
    free(record);
    if (has_rounds(g) && mancala_set_option(g, MANCALA_OPT_MAX_ROUNDS, rounds) < 0)
        snprintf(why, why_size, "the opening is in round %d, after the last (--rounds %d)",
                 mancala_round(g), rounds);
    else if (mancala_match_over(g) > 0)
        snprintf(why, why_size, "the %s is over", has_rounds(g) ? "match" : "game");
    else {
        o->game = g;
        return 0;
    }
    free(o->start);
    free(o->moves);
    mancala_free(g);
    return -1;
}

int book_read(const char *cmd, const char *path, const char *rules, int rounds,
              struct book *book)
{
    book->of = NULL;
    book->count = 0;
    size_t size;
    char *text = read_all(path, &size);
    if (!text)
        return fail(cmd, "--openings %s: %s", quote(path),
                    errno == EFBIG ? "larger than a book may be (64 MiB)" : strerror(errno));
    mancala_game *fresh;
    if (mancala_new(&fresh, rules) < 0) {
        free(text);
        return fail(cmd, "%s", mancala_strerror(MANCALA_E_NOMEM));
    }
    int status = 0, cap = 0, number = 0;
    char why[MANCALA_REASON_MAX + 128] = "";
    for (char *line = text; line < text + size && !status; ) {
        char *end = memchr(line, '\n', (size_t)(text + size - line));
        if (!end)
            end = text + size;
        number++;
        char *next = end + 1;
        /* The words of the line, without the spaces, tabs and '\r' around them. */
        while (end > line && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
            end--;
        line += strspn(line, " \t");
        if (line >= end || line[0] == '#') {
            line = next;
            continue;
        }
        if (memchr(line, '\0', (size_t)(end - line))) {
            snprintf(why, sizeof why, "a NUL byte in the line");
        } else {
            *end = '\0';
            struct opening o;
            if (book->count == cap) {
                cap = cap ? 2 * cap : 64;
                struct opening *more = realloc(book->of, (size_t)cap * sizeof *more);
                if (!more) {
                    status = fail(cmd, "%s", mancala_strerror(MANCALA_E_NOMEM));
                    break;
                }
                book->of = more;
            }
            if (read_opening(line, fresh, rounds, &o, why, sizeof why) == 0) {
                o.line = number;
                for (int i = 0; i < book->count && !why[0]; i++)
                    if (!strcmp(book->of[i].start, o.start) && !strcmp(book->of[i].moves, o.moves))
                        snprintf(why, sizeof why, "the same opening as line %d", book->of[i].line);
                book->of[book->count++] = o;
            }
        }
        if (why[0])
            status = usage_error(cmd, "--openings %s: line %d: %s", quote(path), number, why);
        line = next;
    }
    if (!status && book->count == 0)
        status = usage_error(cmd, "--openings %s: no opening in the file (one position or "
                             "match record a line)", quote(path));
    mancala_free(fresh);
    free(text);
    if (status)
        book_free(book);
    return status;
}
