/*
 * Messages, colours, argument parsing and small readers of a game.
 *
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

static void vmessage(const char *cmd, const char *fmt, va_list args)
{
    fprintf(stderr, "mancala: ");
    if (cmd)
        fprintf(stderr, "%s: ", cmd);
    vfprintf(stderr, fmt, args);
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

void style_for(struct style *style, FILE *out)
{
    const char *no_color = getenv("NO_COLOR");
    style->color = isatty(fileno(out)) && !(no_color && *no_color);
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
                return usage_error(cmd, "unknown option '%s'", arg);
            const char *name = arg + 2, *eq = strchr(name, '=');
            size_t len = eq ? (size_t)(eq - name) : strlen(name);
            const struct option_spec *opt = find_option(options, name, len);
            if (!opt)
                return usage_error(cmd, "unknown option '--%.*s'", (int)len, name);
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
            return usage_error(cmd, "unexpected argument '%s'", arg);
        positional[count++] = arg;
    }
    if (count < min_pos)
        return usage_error(cmd, "missing %s", pos_names[count]);
    return 0;
}

int parse_number(const char *cmd, const char *what, const char *text, long long min,
                 long long max, long long *out)
{
    char *end;
    errno = 0;
    long long value = strtoll(text, &end, 10);
    /* Digits only (an optional minus sign where negatives are allowed):
     * strtoll alone would take " 12", "+12" and "12abc". */
    int well_formed = (text[0] >= '0' && text[0] <= '9') ||
                      (min < 0 && text[0] == '-' && text[1] >= '0' && text[1] <= '9');
    if (!well_formed || *end != '\0' || errno == ERANGE || value < min || value > max)
        return usage_error(cmd, "%s must be a whole number from %lld to %lld, not '%s'", what,
                           min, max, text);
    *out = value;
    return 0;
}

int open_position(const char *cmd, const char *arg, mancala_game **out)
{
    int status;
    if (!strchr(arg, '/')) {
        status = mancala_new(out, arg);
        if (status == MANCALA_E_RULES)
            return usage_error(cmd, "unknown rules '%s' (expected modiar, rio-kadalis, "
                               "rio-kadalis-5, rio-kadalis-cw or rio-kadalis-5-cw)", arg);
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

int is_modiar(const mancala_game *game)
{
    return !strcmp(mancala_rules(game), "modiar");
}

int score_difference(const mancala_game *game, int player)
{
    return mancala_score(game, player) - mancala_score(game, 1 - player);
}
