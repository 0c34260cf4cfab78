/*
 * Tags of a game (mancala.h, mancala_tag_set()): free key/value pairs such
 * as the players, the seed or the result, carried by the match record
 * (RULES.md, "Match records"). They are in one block owned by the handle,
 * "key\0value\0" for each tag in the order they were first set, so that a
 * handle without tags costs nothing and a clone copies one block.
 *
 * SPDX-License-Identifier: MIT
 */
#include "game/game.h"

/* A key: a letter, then letters, digits, '-' or '_'; at most
 * MANCALA_TAG_KEY_MAX bytes. */
static int valid_key(const char *key)
{
    size_t len = 0;
    for (; key[len]; len++) {
        const char c = key[len];
        const int letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
        if (!(letter || (len && ((c >= '0' && c <= '9') || c == '-' || c == '_'))))
            return 0;
        if (len == MANCALA_TAG_KEY_MAX)
            return 0;
    }
    return len > 0;
}

/* A value: well-formed UTF-8 without control characters (so a record
 * stays one printable line), at most MANCALA_TAG_VALUE_MAX bytes. */
static int valid_value(const char *value)
{
    const unsigned char *s = (const unsigned char *)value;
    for (size_t len = 0; s[len]; len++)
        if (len == MANCALA_TAG_VALUE_MAX)
            return 0;
    size_t i = 0;
    while (s[i]) {
        const unsigned c = s[i];
        if (c < 0x80) {
            if (c < 0x20 || c == 0x7f)
                return 0;
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
            return 0;
        for (int k = 1; k <= more; k++) {
            if ((s[i + k] & 0xc0) != 0x80)
                return 0;
            cp = cp << 6 | (s[i + k] & 0x3fu);
        }
        if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
            return 0;
        if (cp >= 0x80 && cp < 0xa0) /* C1 controls */
            return 0;
        i += (size_t)more + 1;
    }
    return 1;
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
    if (!game || !key || !valid_key(key) || (value && !valid_value(value)))
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
