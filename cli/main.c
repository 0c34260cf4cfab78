/*
 * mancala: play and study Modiar and Rio Kadalis with libmancala.
 * The subcommands' dispatch and help; each subcommand is in its own file.
 *
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "platform/port.h"

static const char main_help[] =
    "Usage: mancala COMMAND [ARGUMENTS]\n"
    "\n"
    "Play and study the mancala games Modiar and Rio Kadalis.\n"
    "\n"
    "Commands:\n"
    "  play RULES|POSITION [--south P] [--north P] [--seed N] [--rounds N]\n"
    "                      [--table FILE] [--save FILE] [--delay MS] | --load FILE\n"
    "                           play a game (Rio Kadalis: a whole match)\n"
    "  show POSITION [--svg FILE]\n"
    "                           draw a position, or write it as an SVG picture\n"
    "  moves POSITION [--all]   list the legal moves and the position after each\n"
    "  analyze POSITION [--depth D | --time S] [--table FILE]\n"
    "                           rank the legal moves by search or the solved table\n"
    "  perft RULES|POSITION DEPTH\n"
    "                           count the lines of play of each length\n"
    "  solve RULES [-o|--out FILE] [--max-stones K] [--open KS,KN] [--step 4]\n"
    "                           solve Modiar or Rio Kadalis endgames, write the table\n"
    "  engine [--level L]       play as an engine of the text protocol on\n"
    "                           standard input and output (doc/protocol.md)\n"
    "  tournament ENGINE ENGINE... [--games N] [--concurrency C] [--sprt ...]\n"
    "                           play protocol engines against each other (a match,\n"
    "                           or a round robin of three or more)\n"
    "\n"
    "Players: human, random, search (depth 8), search:DEPTH, level:L, mcts:PLAYOUTS,\n"
    "perfect.\n"
    "RULES: modiar, rio-kadalis, rio-kadalis-5, rio-kadalis-cw, rio-kadalis-5-cw.\n"
    "POSITION: a position string such as modiar/7,7,7,7,7,7/S/0,0/0, or a\n"
    "rules name for its start position.\n"
    "\n"
    "'mancala COMMAND --help' describes a command; 'mancala --version' prints\n"
    "the version. See mancala(1).\n";

/* ---- dispatch ---- */

static const struct {
    const char *name;
    int (*run)(int argc, char **argv);
} commands[] = {
    {"play", cmd_play}, {"show", cmd_show}, {"moves", cmd_moves},
    {"analyze", cmd_analyze}, {"analyse", cmd_analyze}, {"perft", cmd_perft},
    {"solve", cmd_solve}, {"engine", cmd_engine}, {"tournament", cmd_tournament},
};

/* Output to a closed pipe or a full disk is a failure too, whatever
 * wrote it (a command, --help, --version). */
static int finish(int status)
{
    errno = 0;
    if (ferror(stdout) | (fflush(stdout) != 0) | (fclose(stdout) != 0))
        return fail(NULL, "cannot write standard output: %s",
                    errno ? strerror(errno) : "write error");
    return status;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage_error(NULL, "missing COMMAND (try 'mancala --help')");
    const char *name = argv[1];
    if (!strcmp(name, "--help") || !strcmp(name, "-h") || !strcmp(name, "help")) {
        fputs(main_help, stdout);
        return finish(EXIT_DONE);
    }
    if (!strcmp(name, "--version")) {
        printf("mancala %s (libmancala %s)\n", MANCALA_VERSION_STRING, mancala_version_string());
        return finish(EXIT_DONE);
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (!strcmp(name, commands[i].name))
            return finish(commands[i].run(argc - 2, argv + 2));
    return usage_error(NULL, "unknown command %s (try 'mancala --help')", quote(name));
}
