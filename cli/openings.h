/*
 * A book of openings for 'mancala tournament --openings FILE'
 * (openings.c): one opening a line, each a position or a match record.
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef MANCALA_CLI_OPENINGS_H
#define MANCALA_CLI_OPENINGS_H

#include <mancala.h>

struct opening {
    mancala_game *game; /* the game after the opening, its round limit set */
    char *start;        /* its start position, the SPEC of the engines' 'position' */
    char *moves;        /* its moves for the engines, each after a space: " 0 3 next 5" */
    int line;           /* of the file */
};

struct book {
    struct opening *of;
    int count;
};

/* Reads the book at `path` for games of `rules`, matches of at most
 * `rounds` rounds where the rules have rounds. Returns 0; or, with the
 * message printed ("mancala: CMD: --openings FILE: line N: ...") and
 * *book empty, EXIT_FAILED for a file that cannot be read and EXIT_USAGE
 * for a bad line or a book with no opening. */
int book_read(const char *cmd, const char *path, const char *rules, int rounds,
              struct book *book);
void book_free(struct book *book);

#endif
