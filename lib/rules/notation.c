/*
 * The position notation of RULES.md, "Position notation":
 * RULES/PITS/SIDE/CAPTURED/PLY[/BANKS].
 *
 * SPDX-License-Identifier: MIT
 */
#include <stdarg.h>
#include <stdio.h>

#include "rules/notation.h"

/* Largest number accepted in any field; ply is stored in 32 bits. */
#define MAX_NUMBER INT32_MAX
/* Largest PLY accepted. A game or round can add at most as many moves as
 * its history holds (under 2^27), so play never brings the ply counter
 * near INT32_MAX, where no move could be played while moves are listed. */
#define MAX_PLY 1000000000L

static int fail(char *errbuf, size_t errlen, const char *fmt, ...)
{
    if (errbuf && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(errbuf, errlen, fmt, ap);
        va_end(ap);
        /* The reason quotes the input: keep it one line of printable
         * ASCII, so that it is valid UTF-8 however it was cut. */
        for (char *c = errbuf; *c; c++)
            if ((unsigned char)*c < 0x20 || (unsigned char)*c >= 0x7f)
                *c = '?';
    }
    return MANCALA_E_PARSE;
}

/* A field of the string: [begin, end). */
struct field {
    const char *begin;
    size_t len;
};

/* Splits `text` at `sep` into at most `max` fields; returns how many there
 * are (more than `max` if there are too many). */
static size_t split(const char *begin, size_t len, char sep, struct field *fields, size_t max)
{
    size_t count = 0;
    const char *start = begin, *end = begin + len;
    for (const char *c = begin;; c++) {
        if (c == end || *c == sep) {
            if (count < max)
                fields[count] = (struct field){start, (size_t)(c - start)};
            count++;
            if (c == end)
                break;
            start = c + 1;
        }
    }
    return count;
}

/* Parses a decimal number without sign or leading zero. Returns NULL or
 * a description of what is wrong with it. */
static const char *parse_number(struct field f, long *value)
{
    if (f.len == 0)
        return "empty number";
    long v = 0;
    for (size_t i = 0; i < f.len; i++) {
        char c = f.begin[i];
        if (c == '+' || c == '-')
            return "sign not allowed";
        if (c < '0' || c > '9')
            return "not a digit";
        if (i == 0 && c == '0' && f.len > 1)
            return "leading zero";
        /* Checked before the step: a long may be 32 bits, and
         * 2147483648 would overflow it. */
        if (v > MAX_NUMBER / 10 || (v == MAX_NUMBER / 10 && c - '0' > MAX_NUMBER % 10))
            return "number too large";
        v = v * 10 + (c - '0');
    }
    *value = v;
    return NULL;
}

/* Parses "a,b" into two numbers of at most 255 (stone counts). */
static int parse_pair(struct field f, const char *name, uint8_t out[2], char *errbuf, size_t errlen)
{
    struct field part[2];
    size_t count = split(f.begin, f.len, ',', part, 2);
    if (count != 2)
        return fail(errbuf, errlen, "%s: expected two numbers 'south,north', found %zu", name, count);
    for (int i = 0; i < 2; i++) {
        long v;
        const char *why = parse_number(part[i], &v);
        if (!why && v > UINT8_MAX)
            why = "number too large";
        if (why)
            return fail(errbuf, errlen, "%s: %s in '%.*s'", name, why, (int)f.len, f.begin);
        out[i] = (uint8_t)v;
    }
    return 0;
}

int mancala__parse_position(const char *text, struct mc_position *pos, char *errbuf, size_t errlen)
{
    enum { RULES, PITS, SIDE, CAPTURED, PLY, BANKS, MAX_FIELDS };
    /* One more than the longest form, to name the first extra field. */
    struct field f[MAX_FIELDS + 1];
    size_t nfields = split(text, strlen(text), '/', f, MAX_FIELDS + 1);

    if (nfields < 1 || f[RULES].len == 0)
        return fail(errbuf, errlen, "RULES: missing");
    const struct mc_variant *v = mancala__variant_find(f[RULES].begin, f[RULES].len);
    if (!v)
        return fail(errbuf, errlen, "RULES: unknown rules '%.*s'", (int)f[RULES].len, f[RULES].begin);
    size_t expected = v->match ? BANKS + 1 : PLY + 1;
    if (nfields < PLY + 1 || nfields > expected) {
        static const char *const names[] = {"RULES", "PITS", "SIDE", "CAPTURED", "PLY", "BANKS"};
        if (nfields == 1) {
            /* A rules name alone: say what its start position is. */
            struct mc_position start;
            memset(&start, 0, sizeof start);
            mancala__board_init(&start.board, v, 0);
            memset(start.state.pit, v->stones_per_pit, 2 * v->n);
            char text[MANCALA_POSITION_MAX];
            mancala__format_position(&start.board, &start.state, start.bank, text, sizeof text);
            return fail(errbuf, errlen, "PITS: missing field ('%s' is a rules name; its start "
                        "position is %s)", v->name, text);
        }
        if (nfields < PLY + 1)
            return fail(errbuf, errlen, "%s: missing field (expected %s)", names[nfields],
                        v->match ? "RULES/PITS/SIDE/CAPTURED/PLY[/BANKS]" : "RULES/PITS/SIDE/CAPTURED/PLY");
        return fail(errbuf, errlen, "%s: extra field '%.*s'",
                    expected == PLY + 1 ? "after PLY" : "after BANKS",
                    (int)f[expected].len, f[expected].begin);
    }

    memset(pos, 0, sizeof *pos);
    const int npits = 2 * v->n;
    struct field pit[MANCALA_MAX_PITS];
    size_t count = split(f[PITS].begin, f[PITS].len, ',', pit, MANCALA_MAX_PITS);
    if (count != (size_t)npits)
        return fail(errbuf, errlen, "PITS: expected %d pit counts, found %zu", npits, count);
    uint16_t closed = 0;
    int total = 0;
    for (int i = 0; i < npits; i++) {
        if (pit[i].len == 1 && pit[i].begin[0] == 'x') {
            if (!v->match)
                return fail(errbuf, errlen, "PITS: pit %d: closed pits ('x') exist only in Rio Kadalis", i);
            closed |= (uint16_t)(1u << i);
            continue;
        }
        long stones;
        const char *why = parse_number(pit[i], &stones);
        if (!why && stones > UINT8_MAX)
            why = "number too large";
        if (why)
            return fail(errbuf, errlen, "PITS: pit %d: %s in '%.*s'", i, why, (int)pit[i].len, pit[i].begin);
        pos->state.pit[i] = (uint8_t)stones;
        total += (int)stones;
    }

    if (f[SIDE].len != 1 || (f[SIDE].begin[0] != 'S' && f[SIDE].begin[0] != 'N'))
        return fail(errbuf, errlen, "SIDE: expected 'S' or 'N', found '%.*s'", (int)f[SIDE].len, f[SIDE].begin);
    pos->state.to_move = f[SIDE].begin[0] == 'N';

    int status = parse_pair(f[CAPTURED], "CAPTURED", pos->state.captured, errbuf, errlen);
    if (status)
        return status;
    total += pos->state.captured[0] + pos->state.captured[1];

    long ply;
    const char *why = parse_number(f[PLY], &ply);
    if (why)
        return fail(errbuf, errlen, "PLY: %s in '%.*s'", why, (int)f[PLY].len, f[PLY].begin);
    if (ply > MAX_PLY)
        return fail(errbuf, errlen, "PLY: more than %ld moves in '%.*s'", MAX_PLY,
                    (int)f[PLY].len, f[PLY].begin);
    pos->state.ply = (uint32_t)ply;

    if (nfields == BANKS + 1) {
        status = parse_pair(f[BANKS], "BANKS", pos->bank, errbuf, errlen);
        if (status)
            return status;
        total += pos->bank[0] + pos->bank[1];
    }

    if (total != mc_total_stones(v))
        return fail(errbuf, errlen, "stones: pits, captured and banks add up to %d, %s has %d",
                    total, v->name, mc_total_stones(v));

    mancala__board_init(&pos->board, v, closed);
    if (errbuf && errlen)
        errbuf[0] = '\0';
    return 0;
}

int mancala__format_position(const struct mc_board *b, const struct mc_state *s,
                       const uint8_t bank[2], char *buf, size_t size)
{
    struct mc_out o = {buf, size, 0};
    if (size)
        buf[0] = '\0';
    mancala__put(&o, "%s/", b->variant->name);
    for (int i = 0; i < b->npits; i++) {
        if (b->closed >> i & 1)
            mancala__put(&o, i ? ",x" : "x");
        else
            mancala__put(&o, i ? ",%d" : "%d", s->pit[i]);
    }
    mancala__put(&o, "/%c/%d,%d/%lu", s->to_move ? 'N' : 'S', s->captured[0], s->captured[1],
        (unsigned long)s->ply);
    if (b->variant->match)
        mancala__put(&o, "/%d,%d", bank[0], bank[1]);
    return (int)o.len;
}
