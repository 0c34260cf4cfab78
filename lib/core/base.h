/*
 * The base of every file of the library: the export and inlining macros,
 * the output buffer of the text writers, the players' names.
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef MANCALA_CORE_BASE_H
#define MANCALA_CORE_BASE_H

#include <stdint.h>
#include <string.h>

#include "mancala.h"

/* Put on the definition of every public function; everything else is
 * hidden by the build (-fvisibility=hidden) and the version script; in a
 * Windows DLL, only what it marks is exported. */
#ifdef _WIN32
#define MANCALA_EXPORT __declspec(dllexport)
#else
#define MANCALA_EXPORT __attribute__((visibility("default")))
#endif

/* For the few functions of the hot path that must be inlined into each
 * caller to keep their values in registers. */
#define MC_ALWAYS_INLINE inline __attribute__((always_inline))

/* For code inlined for speed where a second copy is cheap: in the
 * WebAssembly module, whose size has a budget, it stays out of line. */
#ifdef __EMSCRIPTEN__
#define MC_INLINE_NATIVE __attribute__((noinline))
#else
#define MC_INLINE_NATIVE MC_ALWAYS_INLINE
#endif

/* Asks the processor to fetch the cache line of `address` (to write it
 * if `write` is 1), where the compiler can say so; changes nothing. */
#if defined(__GNUC__) || defined(__clang__)
#define MC_PREFETCH(address, write) __builtin_prefetch((address), (write))
#else
#define MC_PREFETCH(address, write) ((void)(address))
#endif

/* An invariant the code states, checked with assert() in a build
 * configured with -Dinvariants=true (CI's sanitizer build) and compiled
 * out otherwise: the code measured and shipped is the code without it. */
#ifdef MANCALA_INVARIANTS
#include <assert.h>
#define MC_INVARIANT(condition) assert(condition)
#else
#define MC_INVARIANT(condition) ((void)0)
#endif

/* Output with snprintf() semantics, for the writers of positions, match
 * records and pictures: `len` counts every byte asked for, at most
 * size - 1 of them are stored (notation.c). */
struct mc_out {
    char *buf;
    size_t size;
    size_t len;
};
__attribute__((format(printf, 2, 3))) void mancala__put(struct mc_out *o, const char *fmt, ...);

/* The player's name in the library's texts (the picture, the narration). */
static inline const char *mc_player_name(int player)
{
    return player == MANCALA_SOUTH ? "South" : "North";
}

#endif /* MANCALA_CORE_BASE_H */
