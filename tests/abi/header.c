/*
 * The public header compiles alone as strict ISO C: the build compiles
 * this file as C11 and as C99, with -pedantic -Werror. It then checks
 * that the library it runs with is the one the header describes.
 *
 * SPDX-License-Identifier: MIT
 */
#include <mancala.h> /* first: the header includes what it needs */

#include <stdio.h>

int main(void)
{
    if (mancala_version_number() != MANCALA_VERSION_NUMBER) {
        fprintf(stderr, "header version %d, library version %d\n",
                MANCALA_VERSION_NUMBER, mancala_version_number());
        return 1;
    }
    return 0;
}
