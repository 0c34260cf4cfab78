/*
 * The position notation: what is accepted, what is rejected and why, and
 * that formatting gives back the canonical string.
 *
 * SPDX-License-Identifier: MIT
 */
#include "helpers.h"

static const char *const canonical[] = {
    "modiar/7,7,7,7,7,7/S/0,0/0",
    "rio-kadalis/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0",
    "rio-kadalis-5/4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0",
    "rio-kadalis-cw/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0",
    "rio-kadalis-5-cw/4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0",
    "modiar/0,0,0,0,0,0/N/21,21/1000000000",
    "rio-kadalis-5/x,x,4,4,4,4,4,4,4,4/S/0,0/0/2,6",
    "rio-kadalis/x,x,x,x,x,x,x,x,x,x,x,x/N/0,0/7/40,8",
    "rio-kadalis/48,0,0,0,0,0,0,0,0,0,0,0/S/0,0/0/0,0",
};

START_TEST(round_trip)
{
    mancala_game *g = parse_ok(canonical[_i]);
    ck_assert_str_eq(fmt(g), canonical[_i]);
    mancala_free(g);
}
END_TEST

START_TEST(start_positions)
{
    static const char *const rules[] = {"modiar", "rio-kadalis", "rio-kadalis-5", "rio-kadalis-cw",
                                        "rio-kadalis-5-cw"};
    for (int i = 0; i < 5; i++) {
        mancala_game *g;
        ck_assert_int_eq(mancala_new(&g, rules[i]), MANCALA_OK);
        ck_assert_str_eq(fmt(g), canonical[i]);
        ck_assert_str_eq(mancala_rules(g), rules[i]);
        mancala_free(g);
    }
}
END_TEST

/* The banks field is optional and defaults to 0,0. */
START_TEST(banks_default)
{
    mancala_game *g = parse_ok("rio-kadalis/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0");
    ck_assert_str_eq(fmt(g), "rio-kadalis/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0");
    mancala_free(g);
}
END_TEST

struct bad {
    const char *text;
    const char *field; /* the message must start with this */
};

static const struct bad bad[] = {
    {"", "RULES"},
    {"chess/7,7,7,7,7,7/S/0,0/0", "RULES"},
    {"Modiar/7,7,7,7,7,7/S/0,0/0", "RULES"},
    {"modiar /7,7,7,7,7,7/S/0,0/0", "RULES"},
    {"modiar", "PITS"},
    {"modiar/7,7,7,7,7,7", "SIDE"},
    {"modiar/7,7,7,7,7,7/S", "CAPTURED"},
    {"modiar/7,7,7,7,7,7/S/0,0", "PLY"},
    {"modiar/7,7,7,7,7,7/S/0,0/0/0,0", "after PLY"},
    {"modiar/7,7,7,7,7,7/S/0,0/0/", "after PLY"},
    {"rio-kadalis/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0/", "after BANKS"},
    {"modiar/7,7,7,7,7/S/0,0/0", "PITS"},
    {"modiar/7,7,7,7,7,7,0/S/0,0/0", "PITS"},
    {"modiar/7,7,7,7,7,,7/S/0,0/0", "PITS"},
    {"modiar/7,7,7,7,7,7,/S/0,0/0", "PITS"},
    {"modiar/+7,7,7,7,7,7/S/0,0/0", "PITS"},
    {"modiar/-7,7,7,7,7,21/S/0,0/0", "PITS"},
    {"modiar/07,7,7,7,7,7/S/0,0/0", "PITS"},
    {"modiar/7,7,7,7,7,7a/S/0,0/0", "PITS"},
    {"modiar/7,7,7,7,7, 7/S/0,0/0", "PITS"},
    {"modiar/x,7,7,7,7,14/S/0,0/0", "PITS"},
    {"modiar/99999999999999999999,7,7,7,7,7/S/0,0/0", "PITS"},
    {"modiar/256,7,7,7,7,7/S/0,0/0", "PITS"},
    {"rio-kadalis/X,4,4,4,4,4,4,4,4,4,4,8/S/0,0/0/0,0", "PITS"},
    {"rio-kadalis/xx,4,4,4,4,4,4,4,4,4,4,8/S/0,0/0/0,0", "PITS"},
    {"modiar/7,7,7,7,7,7/s/0,0/0", "SIDE"},
    {"modiar/7,7,7,7,7,7/SN/0,0/0", "SIDE"},
    {"modiar/7,7,7,7,7,7//0,0/0", "SIDE"},
    {"modiar/7,7,7,7,7,7/S/0/0", "CAPTURED"},
    {"modiar/7,7,7,7,7,7/S/0,0,0/0", "CAPTURED"},
    {"modiar/7,7,7,7,7,7/S/0,-0/0", "CAPTURED"},
    {"modiar/7,7,7,7,7,7/S/00,0/0", "CAPTURED"},
    {"modiar/7,7,7,7,7,7/S/,0/0", "CAPTURED"},
    {"modiar/7,7,7,7,7,7/S/0,0/", "PLY"},
    {"modiar/7,7,7,7,7,7/S/0,0/01", "PLY"},
    {"modiar/7,7,7,7,7,7/S/0,0/+1", "PLY"},
    {"modiar/7,7,7,7,7,7/S/0,0/1 ", "PLY"},
    {"modiar/7,7,7,7,7,7/S/0,0/2147483648", "PLY"},
    /* Past 32 bits: a 32-bit long must not wrap them to 7, 0 or 1. */
    {"modiar/4294967303,7,7,7,7,7/S/0,0/0", "PITS"},
    {"modiar/7,7,7,7,7,7/S/0,0/4294967296", "PLY"},
    {"modiar/7,7,7,7,7,7/S/0,0/21474836480", "PLY"},
    {"modiar/7,7,7,7,7,7/S/4294967296,0/0", "CAPTURED"},
    {"modiar/7,7,7,7,7,7/S/0,0/0x1", "PLY"},
    {"rio-kadalis/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/0", "BANKS"},
    {"rio-kadalis/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/a,0", "BANKS"},
    {"rio-kadalis/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/,", "BANKS"},
    {"modiar/7,7,7,7,7,7/S/1,0/0", "stones"},
    {"modiar/7,7,7,7,7,6/S/0,0/0", "stones"},
    {"rio-kadalis/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/1,0", "stones"},
    {"rio-kadalis-5/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0", "PITS"},
    {"rio-kadalis/4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0", "PITS"},
};

START_TEST(rejected)
{
    const struct bad *b = &bad[_i];
    mancala_game *g = (mancala_game *)&g; /* must stay untouched */
    mancala_game *const before = g;
    char err[256];
    ck_assert_int_eq(mancala_parse(&g, b->text, err, sizeof err), MANCALA_E_PARSE);
    ck_assert_ptr_eq(g, before);
    ck_assert_msg(strncmp(err, b->field, strlen(b->field)) == 0, "'%s': message '%s' does not name %s",
                  b->text, err, b->field);
    ck_assert_ptr_null(strchr(err, '\n'));
    /* Without a buffer, the status is the same. */
    ck_assert_int_eq(mancala_parse(&g, b->text, NULL, 0), MANCALA_E_PARSE);
}
END_TEST

START_TEST(error_buffer_is_cut)
{
    mancala_game *g = NULL;
    char err[8];
    memset(err, 'z', sizeof err);
    ck_assert_int_eq(mancala_parse(&g, "chess/1/S/0,0/0", err, sizeof err), MANCALA_E_PARSE);
    ck_assert_str_eq(err, "RULES: ");
    ck_assert_ptr_null(g);
    /* A successful parse clears the buffer. */
    g = parse_ok("modiar/7,7,7,7,7,7/S/0,0/0");
    char ok[16] = "junk";
    mancala_game *h;
    ck_assert_int_eq(mancala_parse(&h, "modiar/7,7,7,7,7,7/S/0,0/0", ok, sizeof ok), MANCALA_OK);
    ck_assert_str_eq(ok, "");
    mancala_free(h);
    mancala_free(g);
}
END_TEST

START_TEST(format_buffer)
{
    mancala_game *g = parse_ok("modiar/7,7,7,7,7,7/S/0,0/0");
    const int len = (int)strlen("modiar/7,7,7,7,7,7/S/0,0/0");
    ck_assert_int_eq(mancala_format(g, NULL, 0), len);
    char small[10];
    memset(small, 'z', sizeof small);
    ck_assert_int_eq(mancala_format(g, small, sizeof small), len);
    ck_assert_str_eq(small, "modiar/7,");
    char exact[27];
    ck_assert_int_eq(mancala_format(g, exact, sizeof exact), len);
    ck_assert_str_eq(exact, "modiar/7,7,7,7,7,7/S/0,0/0");
    ck_assert_int_eq(mancala_format(g, NULL, 5), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_format(NULL, exact, sizeof exact), MANCALA_E_INVALID);
    mancala_free(g);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("notation");
    TCase *tc = tcase_create("notation");
    tcase_add_loop_test(tc, round_trip, 0, (int)(sizeof canonical / sizeof canonical[0]));
    tcase_add_test(tc, start_positions);
    tcase_add_test(tc, banks_default);
    tcase_add_loop_test(tc, rejected, 0, (int)(sizeof bad / sizeof bad[0]));
    tcase_add_test(tc, error_buffer_is_cut);
    tcase_add_test(tc, format_buffer);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
