/*
 * CHECK() for the libFuzzer harnesses: a failed invariant aborts, which
 * the fuzzer reports as a crash with this message.
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef MANCALA_FUZZ_CHECK_H
#define MANCALA_FUZZ_CHECK_H

#include <stdio.h>
#include <stdlib.h>

#define CHECK(cond)                                                                  \
    do {                                                                             \
        if (!(cond)) {                                                               \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            abort();                                                                 \
        }                                                                            \
    } while (0)

#endif
