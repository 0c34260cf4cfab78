/*
 * Tags of a game (mancala.h, mancala_tag_set()): free key/value pairs such
 * as the players, the seed or the result, carried by the match record
 * (RULES.md, "Match records"). They are in one block owned by the handle,
 * "key\0value\0" for each tag in the order they were first set, so that a
 * handle without tags costs nothing and a clone copies one block.
 *
 * SPDX-License-Identifier: MIT
 */
#include <stdio.h>

#include "game/game.h"
#include "text/record.h"

/* Why a key or value is refused, in mancala_tag_check()'s words; a reason
 * may name one number, the byte at fault (1 for the first) or a limit. */
enum fault {
    FAULT_NONE, KEY_NULL, KEY_EMPTY, KEY_LONG, KEY_FIRST, KEY_BYTE, KEY_OPTION,
    VALUE_LONG, VALUE_CONTROL, VALUE_UTF8
};
static const char *const reasons[] = {
    [FAULT_NONE] = "",
    [KEY_NULL] = "the key is NULL",
    [KEY_EMPTY] = "the key is empty",
    [KEY_LONG] = "the key is longer than %lu bytes",
    [KEY_FIRST] = "a key begins with a letter (A-Z, a-z)",
    [KEY_BYTE] = "a key holds only letters, digits, - and _ (byte %lu is none)",
    [KEY_OPTION] = "the key names an option of the match record, not a tag",
    [VALUE_LONG] = "the value is longer than %lu bytes",
    [VALUE_CONTROL] = "the value holds a control character (byte %lu)",
    [VALUE_UTF8] = "the value is not well-formed UTF-8 (byte %lu)",
};

/* A key: a letter, then letters, digits, '-' or '_'; at most
 * MANCALA_TAG_KEY_MAX bytes; not an option word of the match record,
 * which the key of a tag would look like there (record.c). */
static enum fault key_fault(const char *key, unsigned long *at)
{
    size_t len = 0;
    for (; key[len] && len <= MANCALA_TAG_KEY_MAX; len++) {
        const char c = key[len];
        const int letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
        if (!len && !letter)
            return KEY_FIRST;
        *at = len + 1;
        if (!(letter || (c >= '0' && c <= '9') || c == '-' || c == '_'))
            return KEY_BYTE;
    }
    *at = MANCALA_TAG_KEY_MAX;
    return !len                                     ? KEY_EMPTY
           : len > MANCALA_TAG_KEY_MAX              ? KEY_LONG
           : mancala__record_option(key, len) >= 0 ? KEY_OPTION
                                                    : FAULT_NONE;
}

/* A value: well-formed UTF-8 without control characters (so a record
 * stays one printable line), at most MANCALA_TAG_VALUE_MAX bytes. */
static enum fault value_fault(const char *value, unsigned long *at)
{
    const unsigned char *s = (const unsigned char *)value;
    *at = MANCALA_TAG_VALUE_MAX;
    for (size_t len = 0; s[len]; len++)
        if (len == MANCALA_TAG_VALUE_MAX)
            return VALUE_LONG;
    size_t i = 0;
    while (s[i]) {
        const unsigned c = s[i];
        *at = i + 1;
        if (c < 0x80) {
            if (c < 0x20 || c == 0x7f)
                return VALUE_CONTROL;
            i++;
            continue;
        }
        /* The sequence's length and the smallest code point it may encode
         * (shorter forms are overlong); no surrogates, nothing past U+10FFFF. */
        int more;
        uint32_t cp, min;
        if (c >= 0xc2 && c <= 0xdf)
            more = 1, cp = c & 0x1f, min = 0x80;
        else if (c >= 0xe0 && c <= 0xef)
            more = 2, cp = c & 0x0f, min = 0x800;
        else if (c >= 0xf0 && c <= 0xf4)
            more = 3, cp = c & 0x07, min = 0x10000;
        else
            return VALUE_UTF8;
        for (int k = 1; k <= more; k++) {
            if ((s[i + k] & 0xc0) != 0x80)
                return VALUE_UTF8;
            cp = cp << 6 | (s[i + k] & 0x3fu);
        }
        if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
            return VALUE_UTF8;
        if (cp >= 0x80 && cp < 0xa0) /* C1 controls */
            return VALUE_CONTROL;
        i += (size_t)more + 1;
    }
    return FAULT_NONE;
}

static enum fault tag_fault(const char *key, const char *value, unsigned long *at)
{
    if (!key)
        return KEY_NULL;
    const enum fault fault = key_fault(key, at);
    return fault || !value ? fault : value_fault(value, at);
}

MANCALA_EXPORT int mancala_tag_check(const char *key, const char *value, char *errbuf,
                                     size_t errlen)
{
    unsigned long at = 0;
    const enum fault fault = tag_fault(key, value, &at);
    if (errbuf && errlen)
        snprintf(errbuf, errlen, reasons[fault], at);
    return fault ? MANCALA_E_INVALID : MANCALA_OK;
}

/* The tag after `at` in the block (at a key). */
static const char *next_tag(const char *at)
{
    at += strlen(at) + 1;
    return at + strlen(at) + 1;
}

static const char *find(const struct mc_tags *t, const char *key)
{
    const char *at = t->block;
    for (int i = 0; i < t->count; i++, at = next_tag(at))
        if (strcmp(at, key) == 0)
            return at;
    return NULL;
}

MANCALA_EXPORT int mancala_tag_set(mancala_game *game, const char *key, const char *value)
{
    unsigned long at;
    if (!game || tag_fault(key, value, &at))
        return MANCALA_E_INVALID;
    struct mc_tags *t = mancala__tags(game);
    const char *old = t->count ? find(t, key) : NULL;
    if (!old && !value)
        return MANCALA_OK;
    if (!old && t->count == MANCALA_TAGS_MAX)
        return MANCALA_E_LIMIT;
    /* The new block: the tags before `old` (or all), the tag set in its
     * place (or at the end), the tags after it. */
    const size_t key_size = strlen(key) + 1, value_size = value ? strlen(value) + 1 : 0;
    const size_t head = old ? (size_t)(old - t->block) : t->len;
    const size_t tail = old ? t->len - (size_t)(next_tag(old) - t->block) : 0;
    const size_t len = head + (value ? key_size + value_size : 0) + tail;
    char *block = NULL;
    if (len) {
        block = mancala__game_alloc(game, NULL, len);
        if (!block)
            return MANCALA_E_NOMEM;
        if (head) /* (t->block is NULL when there are no tags) */
            memcpy(block, t->block, head);
        if (value) {
            memcpy(block + head, key, key_size);
            memcpy(block + head + key_size, value, value_size);
        }
        if (tail)
            memcpy(block + len - tail, t->block + t->len - tail, tail);
    }
    if (t->block)
        mancala__game_alloc(game, t->block, 0);
    t->block = block;
    t->len = (uint32_t)len;
    t->count += old ? (value ? 0 : -1) : 1;
    return MANCALA_OK;
}

MANCALA_EXPORT const char *mancala_tag_get(const mancala_game *game, const char *key)
{
    if (!game || !key)
        return NULL;
    const char *at = find(mancala__tags(game), key);
    return at ? at + strlen(at) + 1 : NULL;
}

MANCALA_EXPORT int mancala_tag_count(const mancala_game *game)
{
    return game ? mancala__tags(game)->count : MANCALA_E_INVALID;
}

MANCALA_EXPORT const char *mancala_tag_key(const mancala_game *game, int index)
{
    if (!game)
        return NULL;
    const struct mc_tags *t = mancala__tags(game);
    if (index < 0 || index >= t->count)
        return NULL;
    const char *at = t->block;
    while (index--)
        at = next_tag(at);
    return at;
}
