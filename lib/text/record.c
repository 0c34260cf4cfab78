/*
 * The match record (mancala.h, mancala_format_record()): the start
 * position, the options that are not at their default, the tags, and every
 * move of every round, `|` between rounds. Reading a record replays it through the
 * public functions, so a restored game is exactly the one that was saved.
 *
 * SPDX-License-Identifier: MIT
 */
#include <stdarg.h>
#include <stdio.h>

#include "game/game.h"
#include "text/record.h"

MANCALA_EXPORT int mancala_format_record(const mancala_game *game, char *buf, size_t size)
{
    if (!game || (!buf && size))
        return MANCALA_E_INVALID;
    struct mc_out o = {buf, size, 0};
    if (size)
        buf[0] = '\0';
    struct mc_position start;
    mancala__start_position(game, &start);
    char position[MANCALA_POSITION_MAX];
    mancala__format_position(&start.board, &start.state, start.bank, position, sizeof position);
    mancala__put(&o, "%s", position);
    if (!mancala_get_option(game, MANCALA_OPT_REPETITION))
        mancala__put(&o, " repetition=0");
    const int match_repetition = mancala_get_option(game, MANCALA_OPT_MATCH_REPETITION);
    if (match_repetition != MANCALA_MATCH_REPETITION_MORE_STONES)
        mancala__put(&o, " match-repetition=%d", match_repetition);
    if (mancala_get_option(game, MANCALA_OPT_MAX_ROUNDS))
        mancala__put(&o, " max-rounds=%d", mancala_get_option(game, MANCALA_OPT_MAX_ROUNDS));
    /* Tags as KEY="VALUE", `\` before `"` and `\` (RULES.md, "Match
     * records"). */
    for (int i = 0; i < mancala_tag_count(game); i++) {
        const char *key = mancala_tag_key(game, i);
        mancala__put(&o, " %s=\"", key);
        for (const char *c = mancala_tag_get(game, key); *c; c++) {
            if (*c == '"' || *c == '\\')
                mancala__put(&o, "\\");
            mancala__put(&o, "%c", *c);
        }
        mancala__put(&o, "\"");
    }
    uint32_t log_len;
    const uint8_t *log = mancala__round_log(game, &log_len);
    for (uint32_t i = 0; i < log_len; i++) {
        if (log[i] == MC_LOG_ROUND_END)
            mancala__put(&o, " |");
        else
            mancala__put(&o, " %d", log[i]);
    }
    const uint32_t moves = (uint32_t)mancala_history_length(game);
    for (uint32_t i = 0; i < moves; i++)
        mancala__put(&o, " %d", mancala__history_move(game, i));
    if (o.len > INT32_MAX)
        return MANCALA_E_LIMIT;
    return (int)o.len;
}

/* ---- reading ---- */

/* Words of the input quoted in a reason are cut to this many bytes. */
#define QUOTE_MAX 24

/* A word of the record, quoted for a reason: at most QUOTE_MAX bytes, each
 * byte that is not printable ASCII shown as '?', "..." if cut. */
static void quote(char *dst, const char *word, size_t len)
{
    size_t n = len < QUOTE_MAX ? len : QUOTE_MAX;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)word[i];
        dst[i] = c >= 0x20 && c < 0x7f ? (char)c : '?';
    }
    strcpy(dst + n, len > n ? "..." : "");
}

static int fail(char *errbuf, size_t errlen, int status, const char *fmt, ...)
{
    if (errbuf && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(errbuf, errlen, fmt, ap);
        va_end(ap);
    }
    return status;
}

/* A decimal number without sign or leading zero, at most `max`; -1 if the
 * word is not one. */
static long number(const char *word, size_t len, long max)
{
    if (len == 0 || (word[0] == '0' && len > 1))
        return -1;
    long v = 0;
    for (size_t i = 0; i < len; i++) {
        if (word[i] < '0' || word[i] > '9')
            return -1;
        /* Checked before the step: a long may be 32 bits. */
        if (v > max / 10 || (v == max / 10 && word[i] - '0' > max % 10))
            return -1;
        v = v * 10 + (word[i] - '0');
    }
    return v;
}

enum { OPT_REPETITION, OPT_MATCH_REPETITION, OPT_MAX_ROUNDS, OPT_COUNT };

static const struct {
    const char *name;
    int option;
    long max;
} options[OPT_COUNT] = {
    {"repetition", MANCALA_OPT_REPETITION, 1},
    {"match-repetition", MANCALA_OPT_MATCH_REPETITION, MANCALA_MATCH_REPETITION_DRAW},
    {"max-rounds", MANCALA_OPT_MAX_ROUNDS, INT32_MAX},
};

int mancala__record_option(const char *name, size_t len)
{
    for (int i = 0; i < OPT_COUNT; i++)
        if (strlen(options[i].name) == len && memcmp(options[i].name, name, len) == 0)
            return i;
    return -1;
}

/* The length of the word at `word` (at most `avail` bytes): up to a space
 * that is not between the double quotes of a tag's value. */
static size_t word_length(const char *word, size_t avail)
{
    size_t n = 0;
    for (int quoted = 0; n < avail && (quoted || word[n] != ' '); n++) {
        if (word[n] == '"')
            quoted = !quoted;
        else if (quoted && word[n] == '\\' && n + 1 < avail)
            n++;
    }
    return n;
}

/* Reads the tag word KEY="VALUE" (`eq` at its '=') into `g`. Returns 0 or
 * a status with the reason in errbuf. */
static int read_tag(mancala_game *g, const char *word, size_t n, const char *eq, size_t w,
                    const char *q, char *errbuf, size_t errlen)
{
    const size_t key_len = (size_t)(eq - word);
    char key[MANCALA_TAG_KEY_MAX + 1], value[MANCALA_TAG_VALUE_MAX + 2];
    /* The value, from after the opening quote to the closing one, which
     * ends the word; `\` stands before the `"` or `\` it escapes. One byte
     * too many is read, for mancala_tag_set() to refuse. */
    size_t i = key_len + 2, len = 0;
    int closed = 0, status = MANCALA_E_INVALID;
    while (key_len <= MANCALA_TAG_KEY_MAX && i < n && !closed && len <= MANCALA_TAG_VALUE_MAX) {
        char c = word[i++];
        if (c == '\\' && i < n && (word[i] == '"' || word[i] == '\\'))
            c = word[i++];
        else if (c == '\\')
            break;
        else if (c == '"') {
            closed = 1;
            continue;
        }
        value[len++] = c;
    }
    if (closed && i == n) {
        memcpy(key, word, key_len);
        key[key_len] = '\0';
        value[len] = '\0';
        if (mancala_tag_get(g, key))
            return fail(errbuf, errlen, MANCALA_E_PARSE, "word %zu: tag %s given twice", w, key);
        /* Said here rather than through mancala_tag_check(), whose words
         * would not fit the WebAssembly module's budget (bindings/js). */
        if (mancala__record_option(key, key_len) >= 0)
            return fail(errbuf, errlen, MANCALA_E_PARSE,
                        "word %zu: tag '%s': %s is an option, not a tag (write it without quotes)",
                        w, q, key);
        status = mancala_tag_set(g, key, value);
    }
    if (status == MANCALA_E_NOMEM)
        return status;
    if (status == MANCALA_E_LIMIT)
        return fail(errbuf, errlen, MANCALA_E_PARSE, "word %zu: more than %d tags", w,
                    MANCALA_TAGS_MAX);
    if (status < 0)
        return fail(errbuf, errlen, MANCALA_E_PARSE,
                    "word %zu: tag '%s': expected KEY=\"VALUE\" (a key: a letter, then letters, "
                    "digits, - or _, at most %d; a value: at most %d bytes of UTF-8 without "
                    "control characters, \\ only before \" or \\)", w, q, MANCALA_TAG_KEY_MAX,
                    MANCALA_TAG_VALUE_MAX);
    return MANCALA_OK;
}

/* Replays the words after the start position into `g`. Returns 0 or a
 * status with the reason in errbuf. */
static int replay(mancala_game *g, const char *text, size_t len, char *errbuf, size_t errlen)
{
    long value[OPT_COUNT] = {1, 1, 0};
    int given[OPT_COUNT] = {0};
    int moves_begun = 0, move_of_round = 0;
    char q[QUOTE_MAX + 4];
    /* The match options apply once every round is replayed (they may have
     * changed during the match). */
    mancala_set_option(g, MANCALA_OPT_MATCH_REPETITION, 0);

    /* Words 2, 3, ... (the start position is word 1), each ended by a
     * space or the end of the text. */
    for (size_t pos = 0, next = 0, w = 2; next <= len; pos = next, w++) {
        const char *word = text + pos;
        const size_t n = word_length(word, len - pos);
        next = pos + n + 1;
        quote(q, word, n);
        if (n == 0)
            return fail(errbuf, errlen, MANCALA_E_PARSE,
                        "word %zu: empty (words are separated by single spaces)", w);

        const char *eq = memchr(word, '=', n);
        if (eq && eq + 1 < word + n && eq[1] == '"') {
            if (moves_begun)
                return fail(errbuf, errlen, MANCALA_E_PARSE,
                            "word %zu: tag '%s' after the moves (tags come right after the "
                            "start position and the options)", w, q);
            int status = read_tag(g, word, n, eq, w, q, errbuf, errlen);
            if (status)
                return status;
            continue;
        }
        if (eq) {
            size_t name_len = (size_t)(eq - word);
            const int i = mancala__record_option(word, name_len);
            if (i < 0)
                return fail(errbuf, errlen, MANCALA_E_PARSE,
                            "word %zu: unknown option '%s' (expected repetition=, "
                            "match-repetition= or max-rounds=)", w, q);
            if (moves_begun)
                return fail(errbuf, errlen, MANCALA_E_PARSE,
                            "word %zu: option '%s' after the moves (options come right "
                            "after the start position)", w, q);
            if (given[i])
                return fail(errbuf, errlen, MANCALA_E_PARSE, "word %zu: option %s given twice",
                            w, options[i].name);
            value[i] = number(eq + 1, n - name_len - 1, options[i].max);
            if (value[i] < 0)
                return fail(errbuf, errlen, MANCALA_E_PARSE,
                            "word %zu: option '%s': expected a number from 0 to %ld", w, q,
                            options[i].max);
            given[i] = 1;
            if (i == OPT_REPETITION)
                mancala_set_option(g, MANCALA_OPT_REPETITION, (int)value[i]);
            continue;
        }

        moves_begun = 1;
        const int round = mancala_round(g);
        if (n == 1 && word[0] == '|') {
            int status = mancala_next_round(g);
            if (status == MANCALA_E_NOMEM)
                return status;
            if (status == MANCALA_E_UNSUPPORTED)
                return fail(errbuf, errlen, MANCALA_E_PARSE,
                            "word %zu: '|' (next round), but %s has no rounds", w, mancala_rules(g));
            if (status == MANCALA_E_NOT_OVER)
                return fail(errbuf, errlen, MANCALA_E_PARSE,
                            "word %zu: '|' (next round), but round %d is not over", w, round);
            if (status < 0)
                return fail(errbuf, errlen, MANCALA_E_PARSE,
                            "word %zu: '|' (next round), but the match is over after round %d "
                            "(a player has fewer than 4 stones)", w, round);
            move_of_round = 0;
            continue;
        }
        move_of_round++;
        const long pit = number(word, n, 99);
        if (pit < 0)
            return fail(errbuf, errlen, MANCALA_E_PARSE,
                        "word %zu (round %d, move %d): expected a pit number or '|', found '%s'",
                        w, round, move_of_round, q);
        int status = mancala_play(g, (int)pit);
        if (status == MANCALA_E_NOMEM)
            return status;
        if (status == MANCALA_E_RANGE)
            return fail(errbuf, errlen, MANCALA_E_PARSE,
                        "word %zu (round %d, move %d): pit %ld is not on the board (0-%d)", w,
                        round, move_of_round, pit, mancala_num_pits(g) - 1);
        if (status < 0)
            return fail(errbuf, errlen, MANCALA_E_PARSE,
                        "word %zu (round %d, move %d): cannot play %ld: %s", w, round,
                        move_of_round, pit, mancala_strerror(status));
    }

    mancala_set_option(g, MANCALA_OPT_MATCH_REPETITION, (int)value[OPT_MATCH_REPETITION]);
    if (mancala_set_option(g, MANCALA_OPT_MAX_ROUNDS, (int)value[OPT_MAX_ROUNDS]) < 0)
        return fail(errbuf, errlen, MANCALA_E_PARSE,
                    "max-rounds=%ld is below the %d rounds of the record",
                    value[OPT_MAX_ROUNDS], mancala_round(g));
    return MANCALA_OK;
}

MANCALA_EXPORT int mancala_parse_record_with_allocator(mancala_game **out, const char *record,
                                                       char *errbuf, size_t errlen,
                                                       mancala_alloc_fn alloc, void *opaque)
{
    if (errbuf && errlen)
        errbuf[0] = '\0';
    if (!out || !record)
        return fail(errbuf, errlen, MANCALA_E_INVALID, "%s", mancala_strerror(MANCALA_E_INVALID));
    size_t len = strlen(record);
    /* One line, as read from a file. */
    if (len && record[len - 1] == '\n')
        len -= 1 + (len >= 2 && record[len - 2] == '\r');
    const char *nl = memchr(record, '\n', len);
    if (nl)
        return fail(errbuf, errlen, MANCALA_E_PARSE,
                    "a line break inside the record (one record is one line)");

    /* The start position: the first word. */
    size_t start_len = 0;
    while (start_len < len && record[start_len] != ' ')
        start_len++;
    char start[MANCALA_POSITION_MAX];
    if (start_len >= sizeof start) {
        char q[QUOTE_MAX + 4];
        quote(q, record, start_len);
        return fail(errbuf, errlen, MANCALA_E_PARSE,
                    "start position: '%s' is longer than any position (%d characters)", q,
                    MANCALA_POSITION_MAX - 1);
    }
    memcpy(start, record, start_len);
    start[start_len] = '\0';
    char reason[MANCALA_REASON_MAX];
    mancala_game *g = NULL;
    int status = mancala_parse_with_allocator(&g, start, reason, sizeof reason, alloc, opaque);
    if (status == MANCALA_E_PARSE) {
        /* The reason quotes the input: printable ASCII only, as quote(). */
        for (char *c = reason; *c; c++)
            if ((unsigned char)*c < 0x20 || (unsigned char)*c >= 0x7f)
                *c = '?';
        return fail(errbuf, errlen, status, "start position: %s", reason);
    }
    if (status)
        return fail(errbuf, errlen, status, "%s", mancala_strerror(status));

    if (start_len < len) {
        /* Past the space after the start position. */
        const char *rest = record + start_len + 1;
        size_t rest_len = len - start_len - 1;
        status = replay(g, rest, rest_len, errbuf, errlen);
    }
    if (status) {
        if (status == MANCALA_E_NOMEM)
            fail(errbuf, errlen, status, "%s", mancala_strerror(status));
        mancala_free(g);
        return status;
    }
    if (errbuf && errlen)
        errbuf[0] = '\0';
    *out = g;
    return MANCALA_OK;
}

MANCALA_EXPORT int mancala_parse_record(mancala_game **out, const char *record, char *errbuf,
                                        size_t errlen)
{
    return mancala_parse_record_with_allocator(out, record, errbuf, errlen, NULL, NULL);
}
