/*
 * memcmp for the WebAssembly build: emscripten's libc compares byte by
 * byte, and the library compares 12-byte pit arrays on every ply of a
 * playout (the repetition rule), where native compilers inline a few wide
 * loads. This one compares 8 bytes at a time, then bytes; linked before
 * libc, it replaces libc's. Same result as the standard memcmp.
 *
 * SPDX-License-Identifier: MIT
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

int memcmp(const void *a, const void *b, size_t n)
{
    const unsigned char *l = a, *r = b;
    for (; n >= 8; n -= 8, l += 8, r += 8) {
        uint64_t x, y;
        __builtin_memcpy(&x, l, 8);
        __builtin_memcpy(&y, r, 8);
        if (x != y)
            break;
    }
    for (; n; n--, l++, r++)
        if (*l != *r)
            return *l - *r;
    return 0;
}
