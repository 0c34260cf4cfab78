/*
 * What the front ends ask the library (1.4): the rules sets and their
 * facts, the rounds of a match (open and closed pits, a round's table
 * name), a table file's format, and the sentence that ends a game,
 * round or match.
 *
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L /* mkdtemp() */

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <mancala.h>

#include "helpers.h"

static const struct {
    const char *name, *title;
    int holes, stones, clockwise, rounds, forfeits, table_stones, default_stones;
} rules_sets[] = {
    {"modiar", "Modiar", 3, 7, 0, 0, 1, 42, 42},
    {"rio-kadalis", "Rio Kadalis", 6, 4, 0, 1, 0, 16, 12},
    {"rio-kadalis-5", "Rio Kadalis", 5, 4, 0, 1, 0, 16, 12},
    {"rio-kadalis-cw", "Rio Kadalis", 6, 4, 1, 1, 0, 16, 12},
    {"rio-kadalis-5-cw", "Rio Kadalis", 5, 4, 1, 1, 0, 16, 12},
};

START_TEST(rules_names_and_facts)
{
    const int count = (int)(sizeof rules_sets / sizeof rules_sets[0]);
    ck_assert_int_eq(mancala_rules_count(), count);
    ck_assert_ptr_null(mancala_rules_name(-1));
    ck_assert_ptr_null(mancala_rules_name(count));
    for (int i = 0; i < count; i++) {
        const char *name = mancala_rules_name(i);
        ck_assert_str_eq(name, rules_sets[i].name);
        ck_assert_str_eq(mancala_rules_title(name), rules_sets[i].title);
        ck_assert_int_eq(mancala_rules_info(name, MANCALA_RULES_HOLES), rules_sets[i].holes);
        ck_assert_int_eq(mancala_rules_info(name, MANCALA_RULES_STONES), rules_sets[i].stones);
        ck_assert_int_eq(mancala_rules_info(name, MANCALA_RULES_CLOCKWISE), rules_sets[i].clockwise);
        ck_assert_int_eq(mancala_rules_info(name, MANCALA_RULES_ROUNDS), rules_sets[i].rounds);
        ck_assert_int_eq(mancala_rules_info(name, MANCALA_RULES_FIRST_MOVE_FORFEITS),
                         rules_sets[i].forfeits);
        ck_assert_int_eq(mancala_rules_info(name, MANCALA_RULES_TABLE_STONES),
                         rules_sets[i].table_stones);
        ck_assert_int_eq(mancala_rules_info(name, MANCALA_RULES_DEFAULT_TABLE_STONES),
                         rules_sets[i].default_stones);
        /* The facts are those of the game the name makes. */
        mancala_game *g;
        ck_assert_int_eq(mancala_new(&g, name), MANCALA_OK);
        ck_assert_int_eq(mancala_num_pits(g), 2 * rules_sets[i].holes);
        ck_assert_int_eq(mancala_pit(g, 0), rules_sets[i].stones);
        ck_assert_int_eq(mancala_pit_closed(g, 0), 0);
        mancala_free(g);
    }
    ck_assert_int_eq(mancala_rules_info(NULL, MANCALA_RULES_HOLES), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_rules_info("oware", MANCALA_RULES_HOLES), MANCALA_E_RULES);
    ck_assert_int_eq(mancala_rules_info("modiar", 0), MANCALA_E_OPTION);
    ck_assert_int_eq(mancala_rules_info("modiar", 8), MANCALA_E_OPTION);
    ck_assert_ptr_null(mancala_rules_title(NULL));
    ck_assert_ptr_null(mancala_rules_title("Modiar"));
}
END_TEST

START_TEST(round_configurations)
{
    ck_assert_int_eq(mancala_round_open_pits("rio-kadalis", 0), 0);
    ck_assert_int_eq(mancala_round_open_pits("rio-kadalis", 3), 0);
    ck_assert_int_eq(mancala_round_open_pits("rio-kadalis", 4), 1);
    ck_assert_int_eq(mancala_round_open_pits("rio-kadalis", 23), 5);
    ck_assert_int_eq(mancala_round_open_pits("rio-kadalis", 44), 6);
    ck_assert_int_eq(mancala_round_open_pits("rio-kadalis-5-cw", 23), 5);
    ck_assert_int_eq(mancala_round_open_pits("rio-kadalis-5", 36), 5);
    ck_assert_int_eq(mancala_round_open_pits("rio-kadalis", -1), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_round_open_pits("modiar", 8), MANCALA_E_UNSUPPORTED);
    ck_assert_int_eq(mancala_round_open_pits(NULL, 8), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_round_open_pits("oware", 8), MANCALA_E_RULES);

    /* The highest-numbered pits of each row stay open. */
    ck_assert_int_eq(mancala_round_closed_pits("rio-kadalis", 6, 6), 0);
    ck_assert_int_eq(mancala_round_closed_pits("rio-kadalis", 1, 6), 0x01f);
    ck_assert_int_eq(mancala_round_closed_pits("rio-kadalis", 6, 1), 0x7c0);
    ck_assert_int_eq(mancala_round_closed_pits("rio-kadalis-cw", 4, 2), 0x3c3);
    ck_assert_int_eq(mancala_round_closed_pits("rio-kadalis-5", 2, 3), 0x067);
    ck_assert_int_eq(mancala_round_closed_pits("rio-kadalis-5", 0, 3), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_round_closed_pits("rio-kadalis-5", 6, 3), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_round_closed_pits("rio-kadalis", 3, 7), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_round_closed_pits("modiar", 3, 3), MANCALA_E_UNSUPPORTED);

    char name[64];
    memset(name, '#', sizeof name);
    ck_assert_int_eq(mancala_round_table_name("rio-kadalis-5-cw", 1, 5, name, sizeof name), 31);
    ck_assert_str_eq(name, "rio-kadalis-5-cw-open-1-5.table");
    ck_assert_int_eq(mancala_round_table_name("rio-kadalis", 6, 2, NULL, 0), 26);
    memset(name, '#', sizeof name);
    ck_assert_int_eq(mancala_round_table_name("rio-kadalis", 6, 2, name, 12), 26);
    ck_assert_str_eq(name, "rio-kadalis");
    ck_assert_int_eq(name[12], '#');
    ck_assert_int_eq(mancala_round_table_name("rio-kadalis", 6, 2, NULL, 1), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_round_table_name("rio-kadalis", 7, 2, name, sizeof name),
                     MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_round_table_name("modiar", 3, 3, name, sizeof name),
                     MANCALA_E_UNSUPPORTED);
}
END_TEST

/* The next round of a match opens the pits the helpers say. */
START_TEST(next_round_opens_what_the_helpers_say)
{
    mancala_game *g = parse_ok("rio-kadalis-5/3,0,0,1,3,0,0,0,0,0/S/9,24/12/0,0");
    play_ok(g, 3);
    ck_assert_int_eq(mancala_is_over(g), 1);
    const int held[2] = {mancala_score(g, MANCALA_SOUTH), mancala_score(g, MANCALA_NORTH)};
    ck_assert_int_eq(mancala_next_round(g), MANCALA_OK);
    const int ks = mancala_round_open_pits("rio-kadalis-5", held[0]);
    const int kn = mancala_round_open_pits("rio-kadalis-5", held[1]);
    const int closed = mancala_round_closed_pits("rio-kadalis-5", ks, kn);
    ck_assert_int_gt(closed, 0);
    for (int p = 0; p < 10; p++)
        ck_assert_int_eq(mancala_pit_closed(g, p), closed >> p & 1);
    ck_assert_int_eq(mancala_bank(g, MANCALA_SOUTH), held[0] - 4 * ks);
    ck_assert_int_eq(mancala_bank(g, MANCALA_NORTH), held[1] - 4 * kn);
    mancala_free(g);
}
END_TEST

static void write_bytes(const char *path, const void *bytes, size_t size)
{
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(bytes, 1, size, f), size);
    ck_assert_int_eq(fclose(f), 0);
}

START_TEST(table_file_formats)
{
    ck_assert_int_eq(mancala_table_file_format(NULL), 3);
    char dir[] = "/tmp/mancala-facts-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char path[256];
    snprintf(path, sizeof path, "%s/t.table", dir);
    /* The header of a table of format 1 (1.0): the magic, then the version. */
    unsigned char header[64] = {0x89, 'M', 'C', 'T', '\r', '\n', 0x1a, '\n', 1, 0, 0, 0};
    write_bytes(path, header, sizeof header);
    ck_assert_int_eq(mancala_table_file_format(path), 1);
    header[8] = 7;
    header[10] = 1;
    write_bytes(path, header, 12);
    ck_assert_int_eq(mancala_table_file_format(path), 0x10007);
    write_bytes(path, header, 11);
    ck_assert_int_eq(mancala_table_file_format(path), MANCALA_E_FORMAT);
    header[0] = 'M';
    write_bytes(path, header, sizeof header);
    ck_assert_int_eq(mancala_table_file_format(path), MANCALA_E_FORMAT);
    ck_assert_int_eq(mancala_table_file_format(dir), MANCALA_E_IO);
    ck_assert_int_eq(unlink(path), 0);
    ck_assert_int_eq(mancala_table_file_format(path), MANCALA_E_IO);
    ck_assert_int_eq(rmdir(dir), 0);
}
END_TEST

/* The result of a finished game, and what the same handle says while
 * it is not. */
static void expect_result(mancala_game *g, const char *words)
{
    char text[512];
    memset(text, '#', sizeof text);
    const int len = mancala_describe_result(g, text, sizeof text);
    ck_assert_str_eq(text, words);
    ck_assert_int_eq(len, (int)strlen(words));
    ck_assert_int_eq(mancala_describe_result(g, NULL, 0), len);
    /* Cut as snprintf() cuts, the whole length returned. */
    ck_assert_int_eq(mancala_describe_result(g, text, 5), len);
    ck_assert_int_eq(memcmp(text, words, 4), 0);
    ck_assert_int_eq(text[4], '\0');
    ck_assert_int_eq(text[5], words[5]);
}

START_TEST(results_in_words)
{
    mancala_game *g = parse_ok("modiar/1,0,1,2,3,4/S/15,16/20");
    expect_result(g, "Game over: South has no legal move. South 17, North 25: North wins.");
    mancala_free(g);

    g = parse_ok("rio-kadalis/3,0,0,1,3,1,0,0,0,0,0,0/S/16,24/12/0,0");
    char text[64];
    ck_assert_int_eq(mancala_describe_result(g, text, sizeof text), MANCALA_E_NOT_OVER);
    ck_assert_int_eq(mancala_describe_result(NULL, text, sizeof text), MANCALA_E_INVALID);
    ck_assert_int_eq(mancala_describe_result(g, NULL, 1), MANCALA_E_INVALID);
    play_ok(g, 3);
    expect_result(g, "Round 1 over: North has no legal move. South 24, North 24: a draw.");
    /* The same at the round limit: the match is over too. */
    ck_assert_int_eq(mancala_undo(g), MANCALA_OK);
    ck_assert_int_eq(mancala_set_option(g, MANCALA_OPT_MAX_ROUNDS, 1), MANCALA_OK);
    play_ok(g, 3);
    expect_result(g, "Round 1 over: North has no legal move. South 24, North 24: a draw.\n"
                     "Match over after 1 round: a draw at the round limit, 24 stones each.");
    mancala_free(g);

    g = parse_ok("rio-kadalis-cw/0,0,0,0,0,0,0,0,0,0,0,1/S/45,2/12/0,0");
    expect_result(g, "Round 1 over: South has no legal move. South 45, North 3: South wins the round.\n"
                     "Match over after 1 round: North holds 3 stones, fewer than 4. South wins the match.");
    mancala_free(g);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("facts");
    TCase *tc = tcase_create("facts");
    tcase_add_test(tc, rules_names_and_facts);
    tcase_add_test(tc, round_configurations);
    tcase_add_test(tc, next_round_opens_what_the_helpers_say);
    tcase_add_test(tc, table_file_formats);
    tcase_add_test(tc, results_in_words);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
