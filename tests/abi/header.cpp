/*
 * The public header compiles as C++ (-pedantic -Werror) and its
 * extern "C" guards give the functions C linkage: without them this
 * program would not link, looking for C++-mangled names.
 *
 * SPDX-License-Identifier: MIT
 */
#include <mancala.h>

#include <cstdio>
#include <cstring>

int main()
{
    mancala_game *game = nullptr;
    if (mancala_new(&game, "modiar") != MANCALA_OK) {
        std::fprintf(stderr, "mancala_new failed\n");
        return 1;
    }
    int moves[MANCALA_MAX_PITS];
    int count = mancala_legal_moves(game, moves, MANCALA_MAX_PITS);
    mancala_free(game);
    if (count != 3) {
        std::fprintf(stderr, "expected 3 legal moves at the start of Modiar, got %d\n", count);
        return 1;
    }
    return std::strcmp(mancala_version_string(), MANCALA_VERSION_STRING) == 0 ? 0 : 1;
}
