/*
 * The partial files of resumable solves (solve.h, "Partial files"): a
 * solve goes on from one only if it is of the same arguments, every
 * finished layer verifies and no other solve holds it; reads of any size
 * loop until done; a request to stop is heard within a layer, keeps the
 * finished layers, and a table already complete is written anyway; a
 * full disk stops the solve and keeps the layers, with errno saying why;
 * a link that leads to no file yet is written through. And the table
 * reader, which checks a file's size by its header first.
 *
 * SPDX-License-Identifier: MIT
 */
/* fork(), pread(), dlsym(RTLD_NEXT), symlink() */
#define _GNU_SOURCE

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "helpers.h"
#include "rounds.h"
#include "solve/solve.h"

/* Where a test sets it, every read of a file returns at most read_cap
 * bytes, as Linux returns at most 2,147,479,552 of a larger read: a caller
 * that takes one read for the whole sees a short file. (The library,
 * linked statically, calls this pread; each test runs in its own process.) */
static size_t read_cap = SIZE_MAX;

ssize_t pread(int fd, void *buf, size_t count, off_t offset)
{
    typedef ssize_t (*pread_fn)(int, void *, size_t, off_t);
    /* pread is pread64 here (64-bit off_t): the next one of that name. */
    static pread_fn next;
    if (!next)
        *(void **)&next = dlsym(RTLD_NEXT, "pread64");
    if (!next)
        *(void **)&next = dlsym(RTLD_NEXT, "pread");
    return next(fd, buf, count < read_cap ? count : read_cap, offset);
}

/* Where a test sets it, the disk is full after write_room more bytes
 * written at an offset (how the partial files are written; the table is
 * written with write()): a write gets what fits, then ENOSPC. */
static size_t write_room = SIZE_MAX;

ssize_t pwrite(int fd, const void *buf, size_t count, off_t offset)
{
    typedef ssize_t (*pwrite_fn)(int, const void *, size_t, off_t);
    static pwrite_fn next;
    if (!next)
        *(void **)&next = dlsym(RTLD_NEXT, "pwrite64");
    if (!next)
        *(void **)&next = dlsym(RTLD_NEXT, "pwrite");
    if (write_room == 0 && count > 0) {
        errno = ENOSPC;
        return -1;
    }
    const ssize_t n = next(fd, buf, count < write_room ? count : write_room, offset);
    if (n > 0 && write_room != SIZE_MAX)
        write_room -= (size_t)n;
    return n;
}

static const char *const RULES = "rio-kadalis";
enum { STONES = 16, KILLED_AT = 11 };

static unsigned closed_pits(void)
{
    return match_closed(6, 2, 2);
}

/* The table of an uninterrupted solve, and the partial file of one killed
 * as layer KILLED_AT begins. */
struct files {
    char whole[96], killed[96], partial[112];
};

static void solve_killed(const struct files *f, int layer)
{
    const pid_t child = fork();
    ck_assert_int_ge(child, 0);
    if (child == 0) {
        mancala_solve_rio_kadalis_config(f->killed, RULES, closed_pits(), STONES, 1,
                                         kill_at_layer, &layer);
        _exit(0);
    }
    int wstatus = 0;
    ck_assert_int_eq(waitpid(child, &wstatus, 0), child);
    ck_assert(WIFSIGNALED(wstatus) && WTERMSIG(wstatus) == SIGKILL);
    ck_assert_int_eq(access(f->partial, F_OK), 0);
}

static void setup_files(struct files *f, const char *name)
{
    snprintf(f->whole, sizeof f->whole, "test-partial-%s-whole-%ld.table", name, (long)getpid());
    snprintf(f->killed, sizeof f->killed, "test-partial-%s-%ld.table", name, (long)getpid());
    snprintf(f->partial, sizeof f->partial, "%s.partial", f->killed);
    ck_assert_int_eq(mancala_solve_rio_kadalis_config(f->whole, RULES, closed_pits(), STONES, 1,
                                                      NULL, NULL),
                     MANCALA_OK);
    solve_killed(f, KILLED_AT);
}

/* The solve of f->killed writes the same table as the uninterrupted one. */
static void same_table(const struct files *f)
{
    size_t a_size, b_size;
    uint8_t *a = read_file(f->whole, &a_size), *b = read_file(f->killed, &b_size);
    ck_assert_uint_eq(a_size, b_size);
    ck_assert_mem_eq(a, b, a_size);
    free(a);
    free(b);
}

static void remove_files(const struct files *f)
{
    remove(f->whole);
    remove(f->killed);
    remove(f->partial);
}

/* The same solve again goes on from layer `at`, writes the uninterrupted
 * solve's table and removes its partial file; then the files go. */
static void resumes_at(const struct files *f, int at)
{
    int first = -1;
    ck_assert_int_eq(mancala_solve_rio_kadalis_config(f->killed, RULES, closed_pits(), STONES, 1,
                                                      first_layer, &first),
                     MANCALA_OK);
    ck_assert_int_eq(first, at);
    ck_assert_int_eq(access(f->partial, F_OK), -1);
    same_table(f);
    remove_files(f);
}

/* Reads of the finished layers come back in pieces: the solve still
 * resumes where it was killed. */
START_TEST(short_reads_resume)
{
    struct files f;
    setup_files(&f, "short");
    read_cap = 100;
    resumes_at(&f, KILLED_AT);
}
END_TEST

/* One change to a partial file, by offset (negative: from the end). */
struct tamper {
    const char *what;
    long long at;
    uint8_t value;
    int status;
};

static const struct tamper tampers[] = {
    {"an entry of layer 0", MT_HEADER_SIZE, 5, MANCALA_E_FORMAT},
    {"an entry of the last finished layer", -1, 0, MANCALA_E_FORMAT}, /* at: see below */
    {"the count of finished layers", MT_OFF_CHECKSUM, KILLED_AT + 1, MANCALA_E_FORMAT},
    {"the last finished layer's checksum", -1, 0x55, MANCALA_E_FORMAT}, /* at: below */
    {"the stones of the table", MT_OFF_MAX_STONES, STONES - 1, MANCALA_E_FORMAT},
    {"the partial format (1.2 had none)", MT_OFF_PARTIAL, 0, MANCALA_E_VERSION},
    {"the magic", 0, 'X', MANCALA_E_FORMAT},
};

/* A partial file changed anywhere that matters is refused, and left as it
 * is (it is not ours to wipe); removed, the solve starts afresh. */
START_TEST(tampered_partial_refused)
{
    const struct tamper *t = &tampers[_i];
    struct files f;
    setup_files(&f, "tampered");
    struct mt_layout lay;
    ck_assert(mt_layout_init(&lay, 6, (uint16_t)closed_pits(), STONES, 1));
    long long at = t->at;
    if (_i == 1) /* the last entry of layer KILLED_AT - 1 */
        at = MT_HEADER_SIZE + (long long)lay.layer[KILLED_AT] * MT_ENTRY_SIZE - 4;
    else if (at < 0)
        at = (long long)mt_partial_sum_at(&lay, KILLED_AT - 1) + 3;
    int fd = open(f.partial, O_RDWR);
    ck_assert_int_ge(fd, 0);
    uint8_t was;
    ck_assert_int_eq(pread(fd, &was, 1, at), 1);
    const uint8_t value = t->value == was ? (uint8_t)(was ^ 1) : t->value;
    ck_assert_int_eq(pwrite(fd, &value, 1, at), 1);
    close(fd);
    size_t before_size, after_size;
    uint8_t *before = read_file(f.partial, &before_size);

    ck_assert_msg(mancala_solve_rio_kadalis_config(f.killed, RULES, closed_pits(), STONES, 1,
                                                   NULL, NULL) == t->status,
                  "%s changed: not refused", t->what);
    ck_assert_int_eq(access(f.killed, F_OK), -1);
    uint8_t *after = read_file(f.partial, &after_size);
    ck_assert_uint_eq(before_size, after_size);
    ck_assert_mem_eq(before, after, before_size);
    free(before);
    free(after);

    remove(f.partial);
    int first = -1;
    ck_assert_int_eq(mancala_solve_rio_kadalis_config(f.killed, RULES, closed_pits(), STONES, 1,
                                                      first_layer, &first),
                     MANCALA_OK);
    ck_assert_int_eq(first, 0);
    same_table(&f);
    remove_files(&f);
}
END_TEST

/* A solve waits in its progress callback at layer `at`, after writing a
 * byte to `signal_fd`, until it is killed. */
struct waiter {
    int at, signal_fd;
};

static int wait_at_layer(void *opaque, int step, int steps, uint64_t done, uint64_t total)
{
    (void)steps, (void)done, (void)total;
    const struct waiter *w = opaque;
    if (step == w->at) {
        ck_assert_int_eq(write(w->signal_fd, "!", 1), 1);
        for (;;)
            pause();
    }
    return 0;
}

/* While a solve uses a partial file, another solve of the same output
 * (same arguments or not) is refused with MANCALA_E_BUSY and changes
 * nothing; once the first is gone, the same command resumes. */
START_TEST(partial_in_use_refused)
{
    struct files f;
    setup_files(&f, "locked");
    remove(f.partial);
    int pipe_fd[2];
    ck_assert_int_eq(pipe(pipe_fd), 0);
    const pid_t child = fork();
    ck_assert_int_ge(child, 0);
    if (child == 0) {
        struct waiter w = {KILLED_AT, pipe_fd[1]};
        mancala_solve_rio_kadalis_config(f.killed, RULES, closed_pits(), STONES, 1, wait_at_layer,
                                         &w);
        _exit(0);
    }
    char byte;
    ck_assert_int_eq(read(pipe_fd[0], &byte, 1), 1);
    size_t before_size, after_size;
    uint8_t *before = read_file(f.partial, &before_size);
    ck_assert_int_eq(mancala_solve_rio_kadalis_config(f.killed, RULES, closed_pits(), STONES, 1,
                                                      NULL, NULL),
                     MANCALA_E_BUSY);
    ck_assert_int_eq(mancala_solve_rio_kadalis_config(f.killed, RULES, closed_pits(), 8, 1,
                                                      NULL, NULL),
                     MANCALA_E_BUSY);
    uint8_t *after = read_file(f.partial, &after_size);
    ck_assert_uint_eq(before_size, after_size);
    ck_assert_mem_eq(before, after, before_size);
    free(before);
    free(after);
    ck_assert_int_eq(access(f.killed, F_OK), -1);

    kill(child, SIGKILL);
    int wstatus;
    ck_assert_int_eq(waitpid(child, &wstatus, 0), child);
    close(pipe_fd[0]);
    close(pipe_fd[1]);
    resumes_at(&f, KILLED_AT);
}
END_TEST

/* Stops at the first call from inside layer `at` (done past its start);
 * counts the calls from inside layers. */
struct stopper {
    const struct mt_layout *lay;
    int at, inside, stopped;
};

static int stop_inside(void *opaque, int step, int steps, uint64_t done, uint64_t total)
{
    (void)total;
    struct stopper *p = opaque;
    if (step >= steps || done == p->lay->layer[step])
        return 0;
    ck_assert_uint_gt(done, p->lay->layer[step]);
    ck_assert_uint_lt(done, p->lay->layer[step + 1]);
    p->inside++;
    if (step == p->at) {
        p->stopped = 1;
        return 1;
    }
    return 0;
}

/* A request to stop is heard inside a layer: the solve stops there, the
 * finished layers stay in the partial file, and the same call goes on
 * from the layer that was stopped. */
START_TEST(stop_inside_a_layer)
{
    struct files f;
    snprintf(f.whole, sizeof f.whole, "test-partial-stop-whole-%ld.table", (long)getpid());
    snprintf(f.killed, sizeof f.killed, "test-partial-stop-%ld.table", (long)getpid());
    snprintf(f.partial, sizeof f.partial, "%s.partial", f.killed);
    ck_assert_int_eq(mancala_solve_rio_kadalis_config(f.whole, RULES, closed_pits(), STONES, 1,
                                                      NULL, NULL),
                     MANCALA_OK);
    struct mt_layout lay;
    ck_assert(mt_layout_init(&lay, 6, (uint16_t)closed_pits(), STONES, 1));
    struct stopper p = {&lay, KILLED_AT, 0, 0};
    ck_assert_int_eq(mancala_solve_rio_kadalis_config(f.killed, RULES, closed_pits(), STONES, 1,
                                                      stop_inside, &p),
                     MANCALA_E_CANCELLED);
    ck_assert_int_eq(p.stopped, 1);
    ck_assert_int_ge(p.inside, KILLED_AT); /* every layer reported from inside */
    ck_assert_int_eq(access(f.killed, F_OK), -1);
    size_t size;
    uint8_t *partial = read_file(f.partial, &size);
    ck_assert_uint_eq(mt_get(partial + MT_OFF_CHECKSUM, 8), KILLED_AT);
    free(partial);

    resumes_at(&f, KILLED_AT);
}
END_TEST

/* The disk fills up while layer KILLED_AT is written to the partial file:
 * the solve stops with MANCALA_E_IO and errno ENOSPC, no table, the
 * partial file counting the layers before (1.3 removed it and went on,
 * to fail at the table with nothing kept); once there is room, the same
 * call goes on from there to the same table. */
START_TEST(full_disk_keeps_layers)
{
    struct files f;
    snprintf(f.whole, sizeof f.whole, "test-partial-full-whole-%ld.table", (long)getpid());
    snprintf(f.killed, sizeof f.killed, "test-partial-full-%ld.table", (long)getpid());
    snprintf(f.partial, sizeof f.partial, "%s.partial", f.killed);
    ck_assert_int_eq(mancala_solve_rio_kadalis_config(f.whole, RULES, closed_pits(), STONES, 1,
                                                      NULL, NULL),
                     MANCALA_OK);
    struct mt_layout lay;
    ck_assert(mt_layout_init(&lay, 6, (uint16_t)closed_pits(), STONES, 1));
    /* The header, then each layer's entries, checksum and count. */
    size_t room = MT_HEADER_SIZE;
    for (int s = 0; s < KILLED_AT; s++)
        room += (size_t)mt_layout_size(&lay, s) * MT_ENTRY_SIZE + 8 + 8;
    write_room = room + 100; /* and a little of layer KILLED_AT */
    errno = 0;
    ck_assert_int_eq(mancala_solve_rio_kadalis_config(f.killed, RULES, closed_pits(), STONES, 1,
                                                      NULL, NULL),
                     MANCALA_E_IO);
    ck_assert_int_eq(errno, ENOSPC);
    ck_assert_int_eq(access(f.killed, F_OK), -1);
    size_t size;
    uint8_t *partial = read_file(f.partial, &size);
    ck_assert_uint_eq(mt_get(partial + MT_OFF_CHECKSUM, 8), KILLED_AT);
    free(partial);
    write_room = SIZE_MAX;
    resumes_at(&f, KILLED_AT);
}
END_TEST

/* A folder of the partial file's name is refused with the reason in
 * errno (as mancala.h promises since 1.4), and left as it is. */
START_TEST(partial_folder_refused_with_errno)
{
    char path[96], partial[112];
    snprintf(path, sizeof path, "test-partial-folder-%ld.table", (long)getpid());
    snprintf(partial, sizeof partial, "%s.partial", path);
    ck_assert_int_eq(mkdir(partial, 0755), 0);
    errno = 0;
    ck_assert_int_eq(mancala_solve_rio_kadalis_config(path, RULES, closed_pits(), 8, 1, NULL,
                                                      NULL),
                     MANCALA_E_IO);
    ck_assert_int_eq(errno, EISDIR);
    struct stat st;
    ck_assert_int_eq(stat(partial, &st), 0);
    ck_assert(S_ISDIR(st.st_mode));
    ck_assert_int_eq(access(path, F_OK), -1);
    ck_assert_int_eq(rmdir(partial), 0);
}
END_TEST

/* A link that leads to no file yet is written through: the table (and
 * while solving, the partial file) is made where it leads, the link
 * stays (1.3 refused it with MANCALA_E_IO). */
START_TEST(dangling_link_written_through)
{
    char link[96], target[96], partial[112];
    snprintf(link, sizeof link, "test-partial-link-%ld.table", (long)getpid());
    snprintf(target, sizeof target, "test-partial-target-%ld.table", (long)getpid());
    snprintf(partial, sizeof partial, "%s.partial", target);
    ck_assert_int_eq(symlink(target, link), 0);
    int first = -1;
    ck_assert_int_eq(mancala_solve_rio_kadalis_config(link, RULES, closed_pits(), 8, 1,
                                                      first_layer, &first),
                     MANCALA_OK);
    ck_assert_int_eq(first, 0);
    mancala_table *table;
    ck_assert_int_eq(mancala_table_open(&table, target), MANCALA_OK);
    mancala_table_close(table);
    char text[96] = "";
    ck_assert_int_eq(readlink(link, text, sizeof text - 1), (ssize_t)strlen(target));
    ck_assert_str_eq(text, target);
    ck_assert_int_eq(access(partial, F_OK), -1);
    remove(link);
    remove(target);
}
END_TEST

static int stop_at_end(void *opaque, int step, int steps, uint64_t done, uint64_t total)
{
    (void)opaque, (void)done, (void)total;
    return step == steps;
}

/* Asked to stop once every layer is solved, the solver writes the table:
 * stopping then would only throw the work away. */
START_TEST(complete_table_written_when_stopped)
{
    char path[96];
    snprintf(path, sizeof path, "test-partial-end-%ld.table", (long)getpid());
    ck_assert_int_eq(mancala_solve_rio_kadalis_config(path, RULES, closed_pits(), 8, 1,
                                                      stop_at_end, NULL),
                     MANCALA_OK);
    mancala_table *table;
    ck_assert_int_eq(mancala_table_open(&table, path), MANCALA_OK);
    mancala_table_close(table);
    char partial[112];
    snprintf(partial, sizeof partial, "%s.partial", path);
    ck_assert_int_eq(access(partial, F_OK), -1);
    remove(path);
}
END_TEST

/* A partial file past 2 GiB (sparse: its finished layers are zeros but
 * for the last byte, with their true checksums) is verified to its end
 * and resumed from. The layers are read in pieces, not into memory: how
 * the MPI solver checks its partial file. */
START_TEST(sparse_partial_past_2_gib)
{
    /* 4 GiB of checksums (this test's and the reader's): 20 s in any
     * build, minutes under valgrind. The slow setups (valgrind, the
     * sanitizers, coverage: a fraction of heavy tests) leave it out; the
     * reader's code is the same for smaller files, which they run. */
    if (!test_full_scale())
        return;
    enum { S = 23, NEXT = 23 }; /* layers 0 ... 22: 2,193,416,160 bytes */
    const struct mc_variant *v = mancala__variant_find(RULES, strlen(RULES));
    ck_assert_ptr_nonnull(v);
    struct mt_layout lay;
    ck_assert(mt_layout_init(&lay, v->n, 0, S, 1));
    ck_assert_uint_gt(lay.layer[NEXT] * MT_ENTRY_SIZE, (uint64_t)1 << 31);
    struct mc_board board;
    mancala__board_init(&board, v, 0);
    uint8_t header[MT_HEADER_SIZE], partial[MT_HEADER_SIZE];
    mancala__solve_header(&lay, &board, header);
    memcpy(partial, header, sizeof partial);
    partial[MT_OFF_PARTIAL] = MT_PARTIAL_VERSION;
    const uint64_t seed = mt_checksum_seed(partial);
    mt_put(partial + MT_OFF_CHECKSUM, NEXT, 8);

    char path[96];
    snprintf(path, sizeof path, "test-partial-sparse-%ld.table.partial", (long)getpid());
    int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0666);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(pwrite(fd, partial, sizeof partial, 0), (ssize_t)sizeof partial);
    /* The last byte of layer 22, past 2 GiB. */
    const uint64_t last = MT_HEADER_SIZE + lay.layer[NEXT] * MT_ENTRY_SIZE - 1;
    ck_assert_int_eq(pwrite(fd, "\1", 1, (off_t)last), 1);
    enum { PIECE = 1 << 20 };
    uint8_t *zeros = calloc(PIECE, 1);
    ck_assert_ptr_nonnull(zeros);
    for (int s = 0; s < NEXT; s++) {
        XXH3_state_t *state = XXH3_createState();
        XXH3_64bits_reset_withSeed(state, seed);
        for (uint64_t left = mt_layout_size(&lay, s) * MT_ENTRY_SIZE; left;) {
            const size_t n = left < PIECE ? (size_t)left : PIECE;
            XXH3_64bits_update(state, zeros, n - (s == NEXT - 1 && left == n));
            left -= n;
        }
        if (s == NEXT - 1)
            XXH3_64bits_update(state, "\1", 1);
        uint8_t sum[8];
        mt_put(sum, XXH3_64bits_digest(state), 8);
        XXH3_freeState(state);
        ck_assert_int_eq(pwrite(fd, sum, 8, (off_t)mt_partial_sum_at(&lay, s)), 8);
    }
    free(zeros);
    close(fd);

    int from = -1;
    ck_assert_int_eq(mancala__partial_open(path, header, &lay, NULL, &fd, &from), MANCALA_OK);
    ck_assert_int_eq(from, NEXT);
    close(fd);
    remove(path);
}
END_TEST

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif

/* The table reader checks the header's entry count against the file's
 * size before it reads the file: a 1 GiB file (sparse) with the header of
 * a small table is refused as no table, without 1 GiB of memory (the
 * address space is limited to 512 MiB here: reading it first failed with
 * MANCALA_E_NOMEM). */
START_TEST(large_file_refused_by_its_header)
{
#ifdef UNDER_ASAN
    return; /* AddressSanitizer's shadow memory needs more address space */
#else
    char small[96], big[96];
    snprintf(small, sizeof small, "test-partial-small-%ld.table", (long)getpid());
    snprintf(big, sizeof big, "test-partial-big-%ld.table", (long)getpid());
    ck_assert_int_eq(mancala_solve_rio_kadalis(small, 2, NULL, NULL), MANCALA_OK);
    size_t size;
    uint8_t *table = read_file(small, &size);
    const int fd = open(big, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, table, size), (ssize_t)size);
    ck_assert_int_eq(ftruncate(fd, (off_t)1 << 30), 0);
    close(fd);
    free(table);
    struct rlimit limit = {(rlim_t)512 << 20, (rlim_t)512 << 20};
    ck_assert_int_eq(setrlimit(RLIMIT_AS, &limit), 0);
    mancala_table *t = NULL;
    ck_assert_int_eq(mancala_table_open(&t, big), MANCALA_E_FORMAT);
    ck_assert_ptr_null(t);
    ck_assert_int_eq(mancala_table_open(&t, small), MANCALA_OK);
    mancala_table_close(t);
    remove(small);
    remove(big);
#endif
}
END_TEST

static Suite *partial_suite(void)
{
    Suite *s = suite_create("partial");
    /* A case each, to run one alone: CK_RUN_CASE=lock. */
    struct {
        const char *name;
        const TTest *test;
        int loop;
    } cases[] = {
        {"short-reads", short_reads_resume, 1},
        {"tampered", tampered_partial_refused, (int)(sizeof tampers / sizeof tampers[0])},
        {"lock", partial_in_use_refused, 1},
        {"stop", stop_inside_a_layer, 1},
        {"end", complete_table_written_when_stopped, 1},
        {"full-disk", full_disk_keeps_layers, 1},
        {"folder", partial_folder_refused_with_errno, 1},
        {"dangling-link", dangling_link_written_through, 1},
        {"sparse", sparse_partial_past_2_gib, 1},
        {"big-table", large_file_refused_by_its_header, 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        TCase *tc = tcase_create(cases[i].name);
        tcase_set_timeout(tc, 600);
        tcase_add_loop_test(tc, cases[i].test, 0, cases[i].loop);
        suite_add_tcase(s, tc);
    }
    return s;
}

int main(void)
{
    return run_suite(partial_suite());
}
