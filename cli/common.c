/*
 * Messages, colours, argument parsing and small readers of a game.
 *
 * SPDX-License-Identifier: MIT
 */
#define _XOPEN_SOURCE 700 /* realpath(), readlink() (write_target.h) */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "platform/port.h"
#include "platform/write_target.h"

/* ---- stopping ---- */

const char *signal_name(int signo)
{
    return signo == SIGINT ? "SIGINT" : signo == SIGTERM ? "SIGTERM" : "SIGHUP";
}

/* The length of the UTF-8 character at `s` (at most `len` bytes): 1 to 4,
 * or 0 if it is not a valid, shortest-form character (RFC 3629). */
static size_t utf8_length(const unsigned char *s, size_t len)
{
    if (s[0] < 0x80)
        return 1;
    size_t n = s[0] >= 0xc2 && s[0] <= 0xdf ? 2 : s[0] >= 0xe0 && s[0] <= 0xef ? 3
             : s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : 0;
    if (!n || n > len)
        return 0;
    for (size_t i = 1; i < n; i++)
        if ((s[i] & 0xc0) != 0x80)
            return 0;
    /* Overlong forms, UTF-16 surrogates, and beyond U+10FFFF. */
    if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] >= 0xa0) ||
        (s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] >= 0x90))
        return 0;
    return n;
}

/* Appends one escaped character of `s` to `out` (room for 12 bytes plus
 * the NUL assumed); returns how many bytes of `s` it used. Printable
 * ASCII and valid UTF-8 stay as they are, except `'` and `\`, and the C1
 * controls U+0080 to U+009F that terminals obey; the rest is escaped. */
static size_t escape_char(const unsigned char *s, size_t len, int quote, char *out)
{
    const unsigned char c = s[0];
    if (c >= 0x20 && c < 0x7f) {
        if (quote && (c == '\'' || c == '\\'))
            sprintf(out, "\\%c", c);
        else
            sprintf(out, "%c", c);
        return 1;
    }
    static const char named[] = {'\n', 'n', '\t', 't', '\r', 'r', '\033', 'e'};
    for (size_t i = 0; i < sizeof named; i += 2)
        if (c == (unsigned char)named[i]) {
            sprintf(out, "\\%c", named[i + 1]);
            return 1;
        }
    const size_t n = utf8_length(s, len);
    if (n > 1 && !(c == 0xc2 && s[1] < 0xa0)) {
        memcpy(out, s, n);
        out[n] = '\0';
        return n;
    }
    if (n == 2)
        sprintf(out, "\\u%04x", s[1]); /* a C1 control: U+0080 ... U+009F */
    else
        sprintf(out, "\\x%02x", c);
    return n == 2 ? 2 : 1;
}

#define QUOTE_MAX_CHARS 64 /* characters of an argument shown before "..." */
#define QUOTE_SLOTS 4
#define QUOTE_SIZE (2 + QUOTE_MAX_CHARS * 6 + 48)

const char *quote_n(const char *text, size_t len)
{
    static char slots[QUOTE_SLOTS][QUOTE_SIZE];
    static int next;
    char *buf = slots[next];
    next = (next + 1) % QUOTE_SLOTS;
    const unsigned char *s = (const unsigned char *)text;
    size_t used = 0, at = 0;
    buf[used++] = '\'';
    for (int shown = 0; at < len && shown < QUOTE_MAX_CHARS; shown++) {
        char one[16];
        at += escape_char(s + at, len - at, 1, one);
        memcpy(buf + used, one, strlen(one));
        used += strlen(one);
    }
    buf[used++] = '\'';
    buf[used] = '\0';
    if (at < len)
        snprintf(buf + used, QUOTE_SIZE - used, "... (%zu bytes)", len);
    return buf;
}

const char *quote(const char *text)
{
    return quote_n(text, strlen(text));
}

void print_safely(FILE *out, const char *text)
{
    const unsigned char *s = (const unsigned char *)text;
    const size_t len = strlen(text);
    for (size_t at = 0; at < len;) {
        char one[16];
        at += escape_char(s + at, len - at, 0, one);
        fputs(one, out);
    }
}

static void vmessage(const char *cmd, const char *fmt, va_list args)
{
    /* Arguments are quoted where they are named (quote()); escaping the
     * whole line as well keeps it one line of valid UTF-8 whatever a
     * message forgot to quote. */
    char text[2048];
    vsnprintf(text, sizeof text, fmt, args);
    fprintf(stderr, "mancala: ");
    if (cmd)
        fprintf(stderr, "%s: ", cmd);
    print_safely(stderr, text);
    fputc('\n', stderr);
}

int fail(const char *cmd, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    vmessage(cmd, fmt, args);
    va_end(args);
    return EXIT_FAILED;
}

int usage_error(const char *cmd, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    vmessage(cmd, fmt, args);
    va_end(args);
    return EXIT_USAGE;
}

void engine_unavailable_text(char *buf, size_t size, const char *engine)
{
    snprintf(buf, size, "%s is not available in this libmancala (%s)", engine,
             mancala_version_string());
}

int engine_error(const char *cmd, const char *engine, int status)
{
    if (status == MANCALA_E_UNSUPPORTED) {
        char text[160];
        engine_unavailable_text(text, sizeof text, engine);
        return fail(cmd, "%s", text);
    }
    return fail(cmd, "%s: %s", engine, mancala_strerror(status));
}

/* Whether the file at `path` is a whole table (one copied over a partial
 * file's name): the library's own check of tables says. */
static int is_table(const char *path)
{
    mancala_table *table;
    if (mancala_table_open(&table, path) != MANCALA_OK)
        return 0;
    mancala_table_close(table);
    return 1;
}

int partial_refused(const char *cmd, const char *partial, int status, int error)
{
    struct stat st;
    if (status == MANCALA_E_IO)
        return fail(cmd, "%s: %s (left as it is: a solve reads and writes it; delete it to solve "
                    "from the start)", partial, strerror(error));
    if (status == MANCALA_E_BUSY)
        return fail(cmd, "%s is in use by another solve (wait for it to end, or write this "
                    "table elsewhere with -o)", partial);
    if ((status == MANCALA_E_VERSION || status == MANCALA_E_FORMAT) && is_table(partial))
        return fail(cmd, "%s is a complete table, not the checkpoint of a solve: rename it, or "
                    "delete it to solve from the start", partial);
    if (status == MANCALA_E_FORMAT && lstat(partial, &st) == 0 && !S_ISREG(st.st_mode))
        return fail(cmd, "%s is %s, not the checkpoint of a solve: remove it to solve from the "
                    "start", partial, S_ISLNK(st.st_mode) ? "a symbolic link"
                                      : S_ISDIR(st.st_mode) ? "a folder" : "not a regular file");
    if (status == MANCALA_E_VERSION)
        return fail(cmd, "%s was written by another version of the solver and cannot be "
                    "resumed: delete it to solve from the start", partial);
    if (status == MANCALA_E_FORMAT)
        return fail(cmd, "%s is not a checkpoint of this solve (made with other arguments, or "
                    "damaged: a finished layer does not match its checksum): run the command "
                    "that made it to resume it, or delete it to solve from the start", partial);
    return 0;
}

int checkpoint_failed(const char *cmd, int stones, const char *partial, const char *why)
{
    return fail(cmd, "the checkpoint of the layer of %d stones could not be written to %s (%s); "
                "it keeps the layers before it: the same command goes on from there once the "
                "problem is fixed", stones, partial, why);
}

void style_for(struct style *style, FILE *out)
{
    const char *no_color = getenv("NO_COLOR");
    style->color = !(no_color && *no_color) && mancala__vt_terminal(out);
}

const char *sgr(const struct style *style, const char *code)
{
    return style->color ? code : "";
}

static const struct option_spec *find_option(const struct option_spec *options, const char *name,
                                             size_t len)
{
    for (; options && options->name; options++)
        if (strlen(options->name) == len && !strncmp(options->name, name, len))
            return options;
    return NULL;
}

int parse_args(const char *cmd, int argc, char **argv, const struct option_spec *options,
               const char **positional, int min_pos, int max_pos, const char *const *pos_names)
{
    int count = 0, options_done = 0;
    for (int i = 0; i < argc; i++) {
        const char *arg = argv[i];
        if (!options_done && (!strcmp(arg, "--help") || !strcmp(arg, "-h")))
            return -1;
        if (!options_done && !strcmp(arg, "--")) {
            options_done = 1;
            continue;
        }
        if (!options_done && arg[0] == '-' && arg[1] != '\0') {
            if (arg[1] != '-')
                return usage_error(cmd, "unknown option %s", quote(arg));
            const char *name = arg + 2, *eq = strchr(name, '=');
            size_t len = eq ? (size_t)(eq - name) : strlen(name);
            const struct option_spec *opt = find_option(options, name, len);
            if (!opt)
                return usage_error(cmd, "unknown option %s", quote_n(arg, len + 2));
            if (!opt->value) {
                if (eq)
                    return usage_error(cmd, "option '--%s' takes no value", opt->name);
                *opt->flag = 1;
            } else if (eq) {
                *opt->value = eq + 1;
            } else if (i + 1 < argc) {
                *opt->value = argv[++i];
            } else {
                return usage_error(cmd, "option '--%s' needs a value", opt->name);
            }
            continue;
        }
        if (count == max_pos)
            return usage_error(cmd, "unexpected argument %s", quote(arg));
        positional[count++] = arg;
    }
    if (count < min_pos)
        return usage_error(cmd, "missing %s", pos_names[count]);
    return 0;
}

int read_whole_number(const char *text, size_t len, long long min, long long max, long long *out)
{
    const int negative = min < 0 && len > 0 && text[0] == '-';
    if ((size_t)negative == len)
        return -1;
    /* Digit by digit, refusing what would overflow (no strtoll(), which
     * takes " 1", "+1" and "1x" and needs the text to end after it). */
    long long value = 0;
    for (size_t i = (size_t)negative; i < len; i++) {
        const int digit = text[i] - '0';
        if (digit < 0 || digit > 9 || value > (LLONG_MAX - digit) / 10)
            return -1;
        value = value * 10 + digit;
    }
    value = negative ? -value : value;
    if (value < min || value > max)
        return -1;
    *out = value;
    return 0;
}

int read_decimal(const char *text, size_t len, double *out)
{
    const size_t sign = len > 0 && text[0] == '-';
    size_t digits = 0, points = 0;
    for (size_t i = sign; i < len; i++) {
        digits += text[i] >= '0' && text[i] <= '9';
        points += text[i] == '.';
    }
    /* Nothing else, so that strtod() reads exactly these bytes (no
     * exponent, hex, "inf" or "nan"); a copy, as they may not end the text. */
    char copy[64];
    if (!digits || points > 1 || sign + digits + points != len || len >= sizeof copy)
        return -1;
    memcpy(copy, text, len);
    copy[len] = '\0';
    *out = strtod(copy, NULL);
    return 0;
}

int parse_open_pits(const char *cmd, const char *text, int holes, long long *ks, long long *kn)
{
    const char *comma = strchr(text, ',');
    if (!comma || read_whole_number(text, (size_t)(comma - text), 1, holes, ks) < 0 ||
        read_whole_number(comma + 1, strlen(comma + 1), 1, holes, kn) < 0)
        return usage_error(cmd, "--open must be KS,KN with 1 to %d open pits each, not %s", holes,
                           quote(text));
    return 0;
}

int parse_number(const char *cmd, const char *what, const char *text, long long min,
                 long long max, long long *out)
{
    if (read_whole_number(text, strlen(text), min, max, out) < 0)
        return usage_error(cmd, NUMBER_RANGE_MESSAGE, what, min, max, quote(text));
    return 0;
}

int open_position(const char *cmd, const char *arg, mancala_game **out)
{
    int status;
    if (!strchr(arg, '/')) {
        status = mancala_new(out, arg);
        if (status == MANCALA_E_RULES) {
            /* The library's names: "a, b, c or d". */
            char names[160] = "";
            const int count = mancala_rules_count();
            for (int i = 0; i < count; i++) {
                const size_t len = strlen(names);
                snprintf(names + len, sizeof names - len, "%s%s", mancala_rules_name(i),
                         i + 2 < count ? ", " : i + 1 < count ? " or " : "");
            }
            return usage_error(cmd, "unknown rules %s (expected %s)", quote(arg), names);
        }
    } else {
        char reason[160];
        status = mancala_parse(out, arg, reason, sizeof reason);
        if (status == MANCALA_E_PARSE)
            return usage_error(cmd, "bad position: %s", reason);
    }
    if (status < 0)
        return fail(cmd, "%s", mancala_strerror(status));
    return 0;
}

const char *player_name(int player)
{
    return player == MANCALA_SOUTH ? "South" : "North";
}

const char *result_tag(int winner)
{
    return winner == MANCALA_SOUTH   ? "South wins"
           : winner == MANCALA_NORTH ? "North wins"
           : winner == MANCALA_DRAW  ? "draw"
                                     : NULL;
}

int has_rounds(const mancala_game *game)
{
    return rules_have_rounds(mancala_rules(game));
}

int score_difference(const mancala_game *game, int player)
{
    return mancala_score(game, player) - mancala_score(game, 1 - player);
}

/* ---- Solved tables ---- */

const char *default_table(const char *rules, char *buf, size_t size)
{
    return (size_t)snprintf(buf, size, "%s.table", rules) < size ? buf : NULL;
}

int rules_have_rounds(const char *rules)
{
    return mancala_rules_info(rules, MANCALA_RULES_ROUNDS) == 1;
}

const char *config_table(const char *rules, int ks, int kn, char *buf, size_t size)
{
    const int len = mancala_round_table_name(rules, ks, kn, buf, size);
    return len >= 0 && (size_t)len < size ? buf : NULL;
}

int parse_solve_args(const char *cmd, int argc, char **argv, struct solve_args *a)
{
    const char *out_arg = NULL, *stones_arg = NULL, *rules = NULL;
    const char *open_arg = NULL, *step_arg = NULL;
    int quiet = 0, lean = 0;
    const struct option_spec options[] = {
        {"out", &out_arg, NULL}, {"max-stones", &stones_arg, NULL}, {"quiet", NULL, &quiet},
        {"open", &open_arg, NULL}, {"step", &step_arg, NULL}, {"lean", NULL, &lean}, {0}};
    static const char *const names[] = {"RULES (modiar or rio-kadalis)"};
    /* The short spellings, -o FILE and -q. */
    char **args = malloc(((size_t)argc + 1) * sizeof *args);
    if (!args)
        return fail(cmd, "%s", mancala_strerror(MANCALA_E_NOMEM));
    for (int i = 0, done = 0; i < argc; i++) {
        done |= !strcmp(argv[i], "--");
        args[i] = done ? argv[i] : !strcmp(argv[i], "-o") ? "--out"
                                 : !strcmp(argv[i], "-q") ? "--quiet" : argv[i];
    }
    int status = parse_args(cmd, argc, args, options, &rules, 1, 1, names);
    free(args);
    if (status)
        return status;
    const int rounds = mancala_rules_info(rules, MANCALA_RULES_ROUNDS);
    if (rounds < 0)
        return usage_error(cmd, "tables can be solved for modiar and rio-kadalis, not %s", quote(rules));
    /* A game without rounds (Modiar) is solved whole. Of the others,
     * mancala_solve_rio_kadalis() solves the rules its API names; the
     * other boards are solved as the configuration with every pit open. */
    const int modiar = !rounds;
    const int config = open_arg || step_arg || (rounds && strcmp(rules, "rio-kadalis") != 0);
    const int holes = mancala_rules_info(rules, MANCALA_RULES_HOLES);
    long long max_stones = mancala_rules_info(rules, MANCALA_RULES_DEFAULT_TABLE_STONES);
    long long ks = holes, kn = holes;
    if ((stones_arg || open_arg || step_arg) && modiar)
        return usage_error(cmd, "%s for rio-kadalis: modiar is solved whole",
                           stones_arg ? "--max-stones is" : open_arg ? "--open is" : "--step is");
    if (open_arg) {
        if ((status = parse_open_pits(cmd, open_arg, holes, &ks, &kn)))
            return status;
        max_stones = 4 * (ks + kn);
    }
    if (step_arg && strcmp(step_arg, "1") && strcmp(step_arg, "4"))
        return usage_error(cmd, "--step must be 1 or 4, not %s", quote(step_arg));
    const int step = step_arg ? step_arg[0] - '0' : 1;
    /* Every pit open and every layer: at most the library's limit; in
     * multiples of four, or with --open, up to all of them. */
    const int most = open_arg || step == 4 ? 8 * holes
                                           : mancala_rules_info(rules, MANCALA_RULES_TABLE_STONES);
    if (stones_arg && (status = parse_number(cmd, "--max-stones", stones_arg, 0, most, &max_stones)))
        return status;
    a->closed = (unsigned)mancala_round_closed_pits(rules, (int)ks, (int)kn);
    a->rules = rules;
    a->modiar = modiar;
    a->config = config;
    a->quiet = quiet;
    a->lean = lean;
    a->max_stones = (int)max_stones;
    a->step = step;
    a->ks = (int)ks;
    a->kn = (int)kn;
    const int all_open = ks == holes && kn == holes;
    a->path = out_arg    ? out_arg
              : all_open ? default_table(rules, a->name, sizeof a->name)
                         : config_table(rules, (int)ks, (int)kn, a->name, sizeof a->name);
    return 0;
}

int save_file(const char *path, int (*write)(FILE *out, const void *arg), const void *arg)
{
    struct stat st;
    /* Through a link: the file it leads to, made if there is none yet
     * (mancala(1), FILES). */
    char *target = mancala__write_target(path);
    if (!target)
        return -1;
    path = target;
    const int exists = stat(path, &st) == 0;
    if (exists && !S_ISREG(st.st_mode)) {
        /* A device or a pipe: renaming over it would replace it. */
        FILE *out = fopen(path, "w");
        free(target);
        if (!out)
            return -1;
        int failed = write(out, arg) != 0;
        failed |= fclose(out) != 0;
        return failed ? -1 : 0;
    }
    size_t len = strlen(path) + sizeof ".XXXXXX";
    char *tmp = malloc(len);
    int fd = -1, failed = 1;
    if (tmp) {
        snprintf(tmp, len, "%s.XXXXXX", path);
        fd = mkstemp(tmp);
    }
    if (fd >= 0) {
        /* mkstemp() makes the file private: give it the mode of the file
         * it replaces, or the one the umask gives a new file. */
        mode_t mask = umask(0);
        umask(mask);
        FILE *out = fchmod(fd, exists ? st.st_mode & 07777 : 0666 & ~mask) == 0 ? fdopen(fd, "w")
                                                                                 : NULL;
        if (!out) {
            close(fd);
        } else {
            failed = write(out, arg) != 0;
            failed |= fflush(out) != 0 || fsync(fileno(out)) != 0;
            failed |= fclose(out) != 0;
        }
        if (!failed) /* (port.h: Windows' rename() keeps an existing file) */
            failed = mancala__replace(tmp, path) != 0;
        if (failed) {
            int saved = errno;
            unlink(tmp); /* ours: mkstemp() created it */
            errno = saved;
        }
    }
    free(tmp);
    free(target);
    return failed ? -1 : 0;
}
