/*
 * The POSIX calls of the table files (solve.c, solve_table.c), of the
 * batch's processor count (batch.c) and of the mancala command (cli/)
 * that Windows (MinGW-w64) lacks or names
 * otherwise, so that the code using them is the same everywhere; the
 * Windows versions are in port_windows.c, built into the library and the
 * command. On POSIX systems this adds only MC_O_BINARY (0), three
 * one-line functions and the handler of the signals that stop a command.
 * Include after the system headers.
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef MANCALA_PORT_H
#define MANCALA_PORT_H

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#ifdef _WIN32
#include <io.h>

/* Table files are bytes: no newline translation. */
#define MC_O_BINARY O_BINARY
/* Nothing to ask for on Windows: handles are not inherited unless asked,
 * there is no controlling terminal, and open() follows no symbolic link
 * nor blocks on one; a directory cannot be opened (its fsync is skipped). */
#define O_CLOEXEC 0
#define O_NOCTTY 0
#define O_NONBLOCK 0
#define O_NOFOLLOW 0
#define O_DIRECTORY 0
#define S_ISLNK(mode) 0
#define lstat stat
#define fsync _commit
#define realpath(path, resolved) _fullpath((resolved), (path), _MAX_PATH)
/* Windows files have no POSIX permission bits to keep. */
static inline int fchmod(int fd, unsigned mode)
{
    (void)fd;
    (void)mode;
    return 0;
}

/* pread() and pwrite() as a seek and a read or write: the same for a file
 * descriptor that one thread uses at a time, as the solver's are. */
ssize_t mancala__pread(int fd, void *buf, size_t size, off_t at);
ssize_t mancala__pwrite(int fd, const void *buf, size_t size, off_t at);
#define pread mancala__pread
#define pwrite mancala__pwrite

/* A write lock on a file that a solve uses (solve.c), not waiting for
 * it: 0, or -1 with errno EAGAIN if another handle holds it. */
int mancala__lock(int fd);

/* The number of processors online. */
long mancala__online_cpus(void);
#define _SC_NPROCESSORS_ONLN 0
#define sysconf(name) mancala__online_cpus()
/* rename() that replaces an existing target, as POSIX's does. */
int mancala__replace(const char *from, const char *to);

/* The command's: its peak memory (ru_maxrss, KiB), its Ctrl-C handler
 * (signal(); the mask and flags have no Windows meaning) and getline(). */
struct rusage {
    long ru_maxrss;
};
#define RUSAGE_SELF 0
int mancala__getrusage(int who, struct rusage *usage);
#define getrusage mancala__getrusage
struct sigaction {
    void (*sa_handler)(int);
    int sa_mask;
    int sa_flags;
};
#define sigemptyset(set) (*(set) = 0)
int mancala__sigaction(int sig, const struct sigaction *action, struct sigaction *old);
#define sigaction(sig, action, old) mancala__sigaction((sig), (action), (old))
ssize_t mancala__getline(char **line, size_t *cap, FILE *in);
#define getline mancala__getline
/* Whether `stream` is a terminal that acts on escape sequences (colours,
 * line clearing): a console, once its virtual-terminal processing is on.
 * The stream is then fully buffered: MinGW's printf() writes an unbuffered
 * stream a character at a time, and a console that parses each write on
 * its own (wine's) shows a sequence cut in pieces as text. Callers flush
 * before they wait. */
int mancala__vt_terminal(FILE *stream);
#else
#include <sys/resource.h>

#define MC_O_BINARY 0

static inline long mancala__online_cpus(void)
{
    return sysconf(_SC_NPROCESSORS_ONLN);
}

static inline int mancala__replace(const char *from, const char *to)
{
    return rename(from, to);
}

static inline int mancala__vt_terminal(FILE *stream)
{
    return isatty(fileno(stream));
}
#endif

/* Makes `handler` catch the signals that stop a long command (of cli/ or
 * research/): SIGINT (Ctrl-C), SIGTERM and SIGHUP (a closed terminal; not
 * on Windows), without SA_RESTART, so that a blocked read returns at
 * once. SIG_DFL gives them back. */
static inline void catch_stop_signals(void (*handler)(int))
{
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
#ifdef SIGHUP
    sigaction(SIGHUP, &action, NULL);
#endif
}

#endif
