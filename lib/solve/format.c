/*
 * The format version a table file holds (its header's), for the front
 * ends' message about a table of another format: read here, beside the
 * reader that refuses it (solve_table.c), from the layout in solve.h.
 *
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L /* O_CLOEXEC */

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "platform/port.h"
#include "solve/solve.h"

MANCALA_EXPORT int mancala_table_file_format(const char *path)
{
    if (!path)
        return MT_VERSION_LEAN;
    /* Non-blocking, as mancala_table_open(): the file may be a FIFO. */
    const int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | MC_O_BINARY);
    if (fd < 0)
        return MANCALA_E_IO;
    struct stat st;
    uint8_t header[MT_OFF_VERSION + 4];
    int status = fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)
                     ? MANCALA_E_IO
                     : mancala__pread_all(fd, header, sizeof header, 0);
    close(fd);
    if (status == MANCALA_OK && memcmp(header + MT_OFF_MAGIC, mt_magic, sizeof mt_magic) != 0)
        status = MANCALA_E_FORMAT;
    if (status)
        return status;
    const uint64_t version = mt_get(header + MT_OFF_VERSION, 4);
    return version > INT32_MAX ? MANCALA_E_FORMAT : (int)version;
}
