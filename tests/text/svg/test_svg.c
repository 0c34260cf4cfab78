/*
 * mancala_svg(): the call-twice contract (length, buffer too small, exact,
 * NULL with size 0), bad arguments, flags, determinism. What the picture
 * shows is checked by test_svg.py.
 *
 * SPDX-License-Identifier: MIT
 */
#include "../../helpers.h"

static const char *const positions[] = {
    "modiar/7,7,7,7,7,7/S/0,0/0",
    "modiar/1,1,0,0,0,1/S/20,19/30",
    "rio-kadalis/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0",
    "rio-kadalis-5/x,x,0,0,9,9,1,1,8,0/N/4,0/1/2,6",
    "rio-kadalis-cw/x,x,x,4,4,4,4,4,4,4,x,x/S/0,0/0/12,8",
    "rio-kadalis-5-cw/4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0",
};
#define NPOSITIONS (sizeof positions / sizeof positions[0])

static char *svg_of(const mancala_game *g, unsigned flags)
{
    int len = mancala_svg(g, NULL, 0, flags);
    ck_assert_int_gt(len, 0);
    char *buf = malloc((size_t)len + 1);
    ck_assert_ptr_nonnull(buf);
    ck_assert_int_eq(mancala_svg(g, buf, (size_t)len + 1, flags), len);
    ck_assert_uint_eq(strlen(buf), (size_t)len);
    return buf;
}

START_TEST(bad_arguments)
{
    mancala_game *g = parse_ok(positions[0]);
    char buf[16] = "unchanged";
    ck_assert_int_eq(mancala_svg(NULL, buf, sizeof buf, 0), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_svg(NULL, NULL, 0, 0), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_svg(g, NULL, 1, 0), MANCALA_E_INVALID);
    /* A flag this library does not know is refused, and nothing is written. */
    ck_assert_int_eq(mancala_svg(g, buf, sizeof buf, 2), MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_svg(g, buf, sizeof buf, 0x80000000u), MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_svg(g, NULL, 0, MANCALA_SVG_INLINE | 4), MANCALA_E_OPTION);
    ck_assert_str_eq(buf, "unchanged");
    mancala_free(g);
}
END_TEST

START_TEST(buffer_sizes)
{
    mancala_game *g = parse_ok(positions[_i]);
    char *full = svg_of(g, 0);
    const size_t len = strlen(full);
    char *buf = malloc(len + 8);
    ck_assert_ptr_nonnull(buf);

    /* Exactly big enough: length + 1. */
    memset(buf, '#', len + 8);
    ck_assert_int_eq(mancala_svg(g, buf, len + 1, 0), (int)len);
    ck_assert_str_eq(buf, full);
    ck_assert_int_eq(buf[len + 1], '#');
    /* One byte short, or much too small: the length, and the empty string,
     * never a picture cut short; nothing past the buffer is touched. */
    const size_t small[] = {len, len - 1, 2, 1};
    for (size_t i = 0; i < sizeof small / sizeof small[0]; i++) {
        memset(buf, '#', len + 8);
        ck_assert_int_eq(mancala_svg(g, buf, small[i], 0), (int)len);
        ck_assert_int_eq(buf[0], '\0');
        ck_assert_int_eq(buf[small[i]], '#');
    }
    /* NULL with size 0 asks for the length only. */
    ck_assert_int_eq(mancala_svg(g, NULL, 0, 0), (int)len);
    /* A buffer of size 0 is not written at all. */
    buf[0] = '#';
    ck_assert_int_eq(mancala_svg(g, buf, 0, 0), (int)len);
    ck_assert_int_eq(buf[0], '#');
    free(buf);
    free(full);
    mancala_free(g);
}
END_TEST

START_TEST(inline_leaves_out_the_declaration)
{
    mancala_game *g = parse_ok(positions[_i]);
    char *full = svg_of(g, MANCALA_SVG_DEFAULT);
    char *inline_svg = svg_of(g, MANCALA_SVG_INLINE);
    const char *decl = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    ck_assert_int_eq(strncmp(full, decl, strlen(decl)), 0);
    ck_assert_str_eq(full + strlen(decl), inline_svg);
    ck_assert_int_eq(strncmp(inline_svg, "<svg xmlns=\"http://www.w3.org/2000/svg\" ", 40), 0);
    free(full);
    free(inline_svg);
    mancala_free(g);
}
END_TEST

START_TEST(same_game_same_bytes)
{
    /* A parsed position and the same position reached by play, a clone,
     * and the game itself afterwards: one picture, and the game unchanged. */
    mancala_game *played = NULL;
    ck_assert_int_eq(mancala_parse(&played, "rio-kadalis-5/x,x,4,4,4,4,4,4,4,4/S/0,0/0/2,6", NULL, 0),
                     MANCALA_OK);
    ck_assert_int_eq(mancala_play(played, 2), MANCALA_OK);
    mancala_game *parsed = parse_ok(positions[3]);
    mancala_game *clone = NULL;
    ck_assert_int_eq(mancala_clone(&clone, played), MANCALA_OK);
    char *a = svg_of(played, 0), *b = svg_of(parsed, 0), *c = svg_of(clone, 0);
    ck_assert_str_eq(a, b);
    ck_assert_str_eq(a, c);
    char *again = svg_of(played, 0);
    ck_assert_str_eq(a, again);
    char text[160];
    mancala_format(played, text, sizeof text);
    ck_assert_str_eq(text, positions[3]);
    ck_assert_int_eq(mancala_history_length(played), 1);
    free(a);
    free(b);
    free(c);
    free(again);
    mancala_free(played);
    mancala_free(parsed);
    mancala_free(clone);
}
END_TEST

START_TEST(every_rules_name)
{
    static const char *const rules[] = {"modiar", "rio-kadalis", "rio-kadalis-5",
                                        "rio-kadalis-cw", "rio-kadalis-5-cw"};
    for (size_t r = 0; r < sizeof rules / sizeof rules[0]; r++) {
        mancala_game *g = NULL;
        ck_assert_int_eq(mancala_new(&g, rules[r]), MANCALA_OK);
        char *svg = svg_of(g, 0);
        int pits = 0;
        for (const char *p = svg; (p = strstr(p, "<circle class=\"pit\"")); p++)
            pits++;
        ck_assert_int_eq(pits, mancala_num_pits(g));
        ck_assert_ptr_nonnull(strstr(svg, "</svg>\n"));
        free(svg);
        mancala_free(g);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("svg");
    TCase *tc = tcase_create("svg");
    tcase_add_test(tc, bad_arguments);
    tcase_add_loop_test(tc, buffer_sizes, 0, (int)NPOSITIONS);
    tcase_add_loop_test(tc, inline_leaves_out_the_declaration, 0, (int)NPOSITIONS);
    tcase_add_test(tc, same_game_same_bytes);
    tcase_add_test(tc, every_rules_name);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
