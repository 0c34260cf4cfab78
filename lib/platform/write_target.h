/*
 * The file that writing "to" a path replaces or makes, for the files that
 * are written whole into a new file renamed over them: the solver's
 * tables and the partial files beside them (solve/solve.c), the command's
 * --save and --svg files (cli/common.c). Through a symbolic link it is
 * the file the link leads to, so the link stays; also where a link leads
 * to no file yet (made first, to put the file elsewhere). The library and
 * the command share it so that their messages name the file actually
 * used.
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef MANCALA_WRITE_TARGET_H
#define MANCALA_WRITE_TARGET_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "platform/port.h"

/* The most links followed, as Linux's path lookup (40). */
enum { MC_MOST_LINKS = 40 };

/* `path` itself if it is not a symbolic link; else the file it leads to,
 * absolute when its folder exists (a missing folder then fails the write
 * there, by name). Returns a string to free; NULL with errno ENOMEM, or
 * ELOOP for a loop of links. */
static inline char *mancala__write_target(const char *path)
{
    char *at = strdup(path);
#ifndef _WIN32 /* no readlink(); port.h: S_ISLNK() is 0 there */
    struct stat st;
    int hops = 0;
    while (at && lstat(at, &st) == 0 && S_ISLNK(st.st_mode)) {
        /* A link's size is its length, except in some file systems (0). */
        size_t room = st.st_size > 0 ? (size_t)st.st_size + 1 : 256;
        char *text = NULL;
        ssize_t got = -1;
        for (;;) {
            char *grown = realloc(text, room);
            if (!grown)
                break;
            text = grown;
            got = readlink(at, text, room);
            if (got < 0 || (size_t)got < room || room > 1 << 20)
                break;
            room *= 2; /* longer than lstat said: changed meanwhile */
        }
        if (++hops > MC_MOST_LINKS || got < 0 || (size_t)got >= room) {
            const int error = hops > MC_MOST_LINKS ? ELOOP : got < 0 ? errno : ENAMETOOLONG;
            free(text);
            free(at);
            errno = error;
            return NULL;
        }
        text[got] = '\0';
        /* A relative link is relative to the folder it is in. */
        const char *slash = strrchr(at, '/');
        const size_t keep = text[0] == '/' || !slash ? 0 : (size_t)(slash - at) + 1;
        char *next = malloc(keep + (size_t)got + 1);
        if (next) {
            memcpy(next, at, keep);
            memcpy(next + keep, text, (size_t)got + 1);
        }
        free(text);
        free(at);
        at = next;
    }
    if (!at || hops == 0)
        return at;
    char *real = realpath(at, NULL);
    if (real) {
        free(at);
        return real;
    }
    /* No file there yet: its folder resolved, its name as the link says. */
    char *slash = strrchr(at, '/');
    const char *name = slash ? slash + 1 : at;
    if (slash)
        *slash = '\0';
    char *folder = realpath(!slash ? "." : slash == at ? "/" : at, NULL);
    if (slash)
        *slash = '/';
    char *joined = folder ? malloc(strlen(folder) + strlen(name) + 2) : NULL;
    if (joined)
        sprintf(joined, "%s%s%s", folder, strcmp(folder, "/") ? "/" : "", name);
    free(folder);
    if (!joined)
        return at; /* the folder is missing: the write there says so */
    free(at);
    return joined;
#else
    return at;
#endif
}

#endif
