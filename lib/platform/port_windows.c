/*
 * Windows versions of the POSIX calls port.h names (MinGW-w64 has the
 * rest). Built only for Windows (lib/meson.build).
 *
 * SPDX-License-Identifier: MIT
 */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <windows.h>
#include <psapi.h>

#include "platform/port.h"

ssize_t mancala__pread(int fd, void *buf, size_t size, off_t at)
{
    if (size > INT_MAX || _lseeki64(fd, at, SEEK_SET) < 0)
        return -1;
    return _read(fd, buf, (unsigned)size);
}

ssize_t mancala__pwrite(int fd, const void *buf, size_t size, off_t at)
{
    if (size > INT_MAX || _lseeki64(fd, at, SEEK_SET) < 0)
        return -1;
    return _write(fd, buf, (unsigned)size);
}

int mancala__lock(int fd)
{
    /* Windows locks are mandatory: locking one byte far past the end of
     * the file excludes another solve, and no reader of the data. */
    OVERLAPPED at = {0};
    at.Offset = 0xfffffffe;
    at.OffsetHigh = 0x7fffffff;
    const HANDLE file = (HANDLE)_get_osfhandle(fd);
    if (file != INVALID_HANDLE_VALUE &&
        LockFileEx(file, LOCKFILE_EXCLUSIVE_LOCK | LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, &at))
        return 0;
    errno = GetLastError() == ERROR_LOCK_VIOLATION ? EAGAIN : EIO;
    return -1;
}

long mancala__online_cpus(void)
{
    SYSTEM_INFO info;
    GetSystemInfo(&info);
    return (long)info.dwNumberOfProcessors;
}

int mancala__replace(const char *from, const char *to)
{
    return MoveFileExA(from, to, MOVEFILE_REPLACE_EXISTING) ? 0 : -1;
}

int mancala__getrusage(int who, struct rusage *usage)
{
    (void)who;
    PROCESS_MEMORY_COUNTERS counters;
    if (!GetProcessMemoryInfo(GetCurrentProcess(), &counters, sizeof counters))
        return -1;
    usage->ru_maxrss = (long)(counters.PeakWorkingSetSize / 1024);
    return 0;
}

int mancala__sigaction(int sig, const struct sigaction *action, struct sigaction *old)
{
    void (*was)(int) = signal(sig, action->sa_handler);
    if (was == SIG_ERR)
        return -1;
    if (old)
        *old = (struct sigaction){was, 0, 0};
    return 0;
}

ssize_t mancala__getline(char **line, size_t *cap, FILE *in)
{
    size_t len = 0;
    int c;
    while ((c = getc(in)) != EOF) {
        if (len + 2 > *cap) {
            const size_t more = *cap ? *cap * 2 : 128;
            char *grown = realloc(*line, more);
            if (!grown)
                return -1;
            *line = grown;
            *cap = more;
        }
        (*line)[len++] = (char)c;
        if (c == '\n')
            break;
    }
    if (len == 0)
        return -1;
    (*line)[len] = '\0';
    return (ssize_t)len;
}

#ifndef ENABLE_VIRTUAL_TERMINAL_PROCESSING
#define ENABLE_VIRTUAL_TERMINAL_PROCESSING 0x0004
#endif

int mancala__vt_terminal(FILE *stream)
{
    /* A console prints escape sequences as text unless this mode is on;
     * consoles before Windows 10 refuse it, and get no escape sequences.
     * (isatty() is also true of NUL, which has no console mode.) */
    const int fd = _fileno(stream);
    const HANDLE console = (HANDLE)_get_osfhandle(fd);
    DWORD mode;
    if (!_isatty(fd) || console == INVALID_HANDLE_VALUE || !GetConsoleMode(console, &mode))
        return 0;
    if (!(mode & ENABLE_VIRTUAL_TERMINAL_PROCESSING) &&
        !SetConsoleMode(console, mode | ENABLE_VIRTUAL_TERMINAL_PROCESSING))
        return 0;
    setvbuf(stream, NULL, _IOFBF, BUFSIZ);
    return 1;
}
