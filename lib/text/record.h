/*
 * What the match record (record.c) tells the rest of the text layer.
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef MANCALA_TEXT_RECORD_H
#define MANCALA_TEXT_RECORD_H

#include <stddef.h>

/* The index of the match record's option named by the `len` bytes at
 * `name`, or -1: tags may not take these names (tags.c). */
int mancala__record_option(const char *name, size_t len);

#endif /* MANCALA_TEXT_RECORD_H */
