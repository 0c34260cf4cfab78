/*
 * libmancala - Modiar and Rio Kadalis, exactly by their rules.
 *
 * SPDX-License-Identifier: MIT
 */

/**
 * @file mancala.h
 * @brief The public API of libmancala.
 *
 * libmancala plays two traditional two-row mancala games exactly as the
 * rules text shipped with it says (doc/RULES.md in the source; installed
 * as share/doc/mancala/RULES.md under the install prefix, such as
 * /usr/local/share/doc/mancala/RULES.md): **Modiar** (Morocco,
 * 2 x 3 pits, 42 stones) and **Rio Kadalis** (Somalia, 2 x 6 or 2 x 5 pits,
 * relay sowing, fours, a match of several rounds).
 *
 * A game lives in an opaque handle, ::mancala_game, created by
 * mancala_new() or mancala_parse() and released by mancala_free().
 *
 * **Conventions used by every function**
 *
 * - Functions that can fail return an `int` status: 0 or a non-negative
 *   result on success, a negative ::mancala_status code on failure;
 *   mancala_strerror() describes a code.
 * - A failed call changes nothing: the handle and every output argument
 *   are left exactly as they were (output buffers may have been written
 *   only where the function says so).
 * - Players are ::MANCALA_SOUTH (0, moves first) and ::MANCALA_NORTH (1).
 *   Pits are numbered `0 ... 2n-1` counter-clockwise; South owns
 *   `0 ... n-1`, North owns `n ... 2n-1`. A move is named by the absolute
 *   number of the pit it starts from.
 * - **Thread safety.** The library has no global mutable state. Distinct
 *   handles may be used from distinct threads at the same time without
 *   locking. One handle must not be modified by one thread while another
 *   thread uses it; functions taking a `const mancala_game *` never
 *   modify the handle, so any number of threads may call them on the same
 *   handle at once as long as no thread modifies it.
 * - No function allocates memory except those documented to do so
 *   (creating, cloning, starting a round, and mancala_play() when a game
 *   grows beyond its reserved history). mancala_legal_moves(),
 *   mancala_play() and mancala_undo() do no I/O.
 */
#ifndef MANCALA_H
#define MANCALA_H

#include <stddef.h>
#include <stdint.h>

#include "mancala_version.h"

#ifdef __cplusplus
extern "C" {
#endif

/** An opaque game: the position, its history (for undo and the repetition
 *  rule), the options and, for Rio Kadalis, the match. */
typedef struct mancala_game mancala_game;

/** The two players. */
enum mancala_player {
    MANCALA_SOUTH = 0, /**< Player 0, owns pits `0 ... n-1`, moves first. */
    MANCALA_NORTH = 1  /**< Player 1, owns pits `n ... 2n-1`. */
};

/** Returned by mancala_winner() and mancala_match_winner() for a draw. */
#define MANCALA_DRAW 2

/** The most pits a board has (2 x 6); enough room for any move list. */
#define MANCALA_MAX_PITS 12

/** Bytes enough for any position string mancala_format() writes, the
 *  terminating NUL included (the longest is well under 100). Since 1.1. */
#define MANCALA_POSITION_MAX 128

/** Bytes enough for any reason written into an `errbuf` (mancala_parse(),
 *  mancala_parse_record()) without cutting the library's own words; a
 *  quoted piece of the input is shortened to fit. Since 1.1. */
#define MANCALA_REASON_MAX 256

/**
 * Status codes. 0 is success; errors are negative. The values are part of
 * the ABI and never change; new codes are added with new values.
 */
enum mancala_status {
    MANCALA_OK = 0,               /**< Success. */
    MANCALA_E_INVALID = -1,       /**< An argument is invalid: a required pointer is NULL, or a value is out of its documented range. */
    MANCALA_E_NOMEM = -2,         /**< Memory could not be allocated. */
    MANCALA_E_RULES = -3,         /**< Unknown rules name. */
    MANCALA_E_PARSE = -4,         /**< Malformed position string. */
    MANCALA_E_RANGE = -5,         /**< A pit or player number is out of range. */
    MANCALA_E_NOSPACE = -6,       /**< The caller's buffer is too small. */
    MANCALA_E_OVER = -7,          /**< The game or round is over. */
    MANCALA_E_NOT_OVER = -8,      /**< The game or round is not over yet. */
    MANCALA_E_NO_HISTORY = -9,    /**< There is no move to undo or report. */
    MANCALA_E_STATE = -10,        /**< Not allowed in the handle's present state. */
    MANCALA_E_UNSUPPORTED = -11,  /**< The rules do not have this feature. */
    MANCALA_E_MATCH_OVER = -12,   /**< The match is over; no further round. */
    MANCALA_E_NOT_YOURS = -13,    /**< Illegal move: the pit belongs to the opponent. */
    MANCALA_E_CLOSED = -14,       /**< Illegal move: the pit is closed this round. */
    MANCALA_E_EMPTY = -15,        /**< Illegal move: the pit is empty. */
    MANCALA_E_SINGLETON = -16,    /**< Illegal move: one stone cannot be moved (Modiar rule 1). */
    MANCALA_E_GRAND_SLAM = -17,   /**< Illegal move: it would capture the whole opponent row (Modiar rule 5). */
    MANCALA_E_MUST_FEED = -18,    /**< Illegal move: another move feeds the empty opponent row (Modiar rule 6). */
    MANCALA_E_ENDLESS = -19,      /**< Illegal move: its relay would never end (Rio Kadalis rule 6). */
    MANCALA_E_OPTION = -20,       /**< Unknown option or option value. */
    MANCALA_E_IO = -21,           /**< A file could not be read or written. */
    MANCALA_E_FORMAT = -22,       /**< A file is not in the expected format. */
    MANCALA_E_CANCELLED = -23,    /**< A callback asked to stop (a progress or
                                   *   prior function, or an evaluation that
                                   *   freed its searcher). */
    MANCALA_E_BUSY = -24,         /**< The handle is in use by a call that has not returned (re-entered from a callback). @since 1.1 */
    /** A computation reached a limit of the library, such as the ply limit
     *  of mancala_playout(). Since 1.1 (1.0 returned ::MANCALA_E_NOSPACE
     *  there; ::MANCALA_E_NOSPACE now only means a small buffer). */
    MANCALA_E_LIMIT = -25,
    MANCALA_E_VERSION = -26       /**< A table file of another format version: solve the table again. @since 1.1 */
};

/** Why a game or round ended, as returned by mancala_end_reason(). */
enum mancala_end {
    MANCALA_END_NONE = 0,        /**< Not over. */
    MANCALA_END_NO_MOVES = 1,    /**< The player to move has no legal move. */
    MANCALA_END_REPETITION = 2   /**< A position recurred (the repetition rule). */
};

/** Why a match ended, as returned by mancala_match_end_reason(). Since 1.1. */
enum mancala_match_end {
    MANCALA_MATCH_END_NONE = 0,       /**< Not over. */
    MANCALA_MATCH_END_GAME = 1,       /**< Modiar: the game, which is the whole match, is over. */
    MANCALA_MATCH_END_STONES = 2,     /**< A player has fewer than 4 stones (RULES.md, "Match"). */
    MANCALA_MATCH_END_REPETITION = 3, /**< The next round would start in a state (stones
                                           held by each, who moves first) that started two
                                           earlier rounds (RULES.md, "A match that keeps
                                           repeating ends"): the player holding more stones
                                           wins, a draw if equal (always a draw up to 1.2,
                                           and with ::MANCALA_MATCH_REPETITION_DRAW). */
    MANCALA_MATCH_END_ROUNDS = 4      /**< The round limit ::MANCALA_OPT_MAX_ROUNDS was reached. */
};

/**
 * Options of a handle, set by mancala_set_option().
 *
 * ::MANCALA_OPT_REPETITION changes how a round ends, so it is set before
 * the first move. The match options (since 1.1) only decide whether
 * another round is started, so they may be set at any time, for example
 * when a saved match is resumed; they have no effect in Modiar.
 */
enum mancala_option {
    /** The repetition rule: 1 (default) ends a game or round when a
     *  position recurs, 0 lets it go on. */
    MANCALA_OPT_REPETITION = 1,
    /** The match-repetition rule (RULES.md, "A match that keeps repeating
     *  ends"), one of ::mancala_match_repetition: when the next round would
     *  start in a state that started two earlier rounds, 1 (default) ends
     *  the match and the player holding more stones wins it (a draw if
     *  equal); 2 ends it as a draw whatever the stones (the reading of 1.1
     *  and 1.2, whose 1 meant this); 0 lets the match go on. Independent of
     *  ::MANCALA_OPT_REPETITION. Since 1.1; value 2 since 1.3. */
    MANCALA_OPT_MATCH_REPETITION = 2,
    /** The most rounds of a match: 0 (default) for no limit, or N >= 1:
     *  the match ends with round N and goes to the player holding more
     *  stones, a draw if they hold as many. Cannot be set below the
     *  current round (::MANCALA_E_STATE). Since 1.1. */
    MANCALA_OPT_MAX_ROUNDS = 3
};

/**
 * Values of ::MANCALA_OPT_MATCH_REPETITION: what a Rio Kadalis match that
 * keeps repeating does (RULES.md, "A match that keeps repeating ends").
 * The values are part of the ABI; 0 and 1 are those 1.1 and 1.2 took.
 * Since 1.3.
 */
enum mancala_match_repetition {
    /** Off: the match goes on however often its rounds start alike. */
    MANCALA_MATCH_REPETITION_OFF = 0,
    /** The default: the match ends, and the player holding more stones
     *  wins it, a draw if they hold as many (as at the round limit).
     *  Up to 1.2, this value drew the match whatever the stones. */
    MANCALA_MATCH_REPETITION_MORE_STONES = 1,
    /** The match ends as a draw whatever the stones: the rule as 1.1 and
     *  1.2 read it, for programs that must reproduce their results. */
    MANCALA_MATCH_REPETITION_DRAW = 2
};

/**
 * @brief Describes a status code.
 * @param status A value returned by any function of this library.
 * @return A static, NUL-terminated English sentence; never NULL (an
 *         unknown code gives "unknown status"). Owned by the library.
 * @note Thread-safe.
 */
const char *mancala_strerror(int status);

/**
 * @brief The library's version as a string, such as "1.0.0".
 * @return A static string owned by the library; never NULL.
 * @note Thread-safe. Compare with ::MANCALA_VERSION_STRING to see whether
 *       the library at run time is the one compiled against.
 */
const char *mancala_version_string(void);

/**
 * @brief The library's version as a number, `major * 10000 + minor * 100 + patch`.
 * @return The run-time version; equals ::MANCALA_VERSION_NUMBER of the
 *         header the library was built with.
 * @note Thread-safe.
 */
int mancala_version_number(void);

/**
 * @brief The number of rules sets the library plays.
 *
 * They are numbered from 0 for mancala_rules_name(); a later version may
 * add some at the end, never remove or renumber one.
 *
 * @return 5 in 1.4.
 * @note Does not allocate. Thread-safe.
 * @since 1.4
 */
int mancala_rules_count(void);

/**
 * @brief The name of rules set number @p index, as mancala_new() takes it.
 *
 * In 1.4: "modiar", "rio-kadalis", "rio-kadalis-5", "rio-kadalis-cw",
 * "rio-kadalis-5-cw", in that order.
 *
 * @param index From 0 to mancala_rules_count() - 1.
 * @return A static, NUL-terminated string owned by the library; NULL if
 *         @p index is out of range.
 * @note Does not allocate. Thread-safe.
 * @since 1.4
 */
const char *mancala_rules_name(int index);

/** The facts of a rules set that mancala_rules_info() gives. Since 1.4. */
enum mancala_rules_fact {
    MANCALA_RULES_HOLES = 1,               /**< Pits per row: 3, 6 or 5. */
    MANCALA_RULES_STONES = 2,              /**< Stones in each pit at the start: 7 or 4. */
    MANCALA_RULES_CLOCKWISE = 3,           /**< 1 if stones are sown clockwise, 0 if
                                                counter-clockwise. */
    MANCALA_RULES_ROUNDS = 4,              /**< 1 if the game is a match of rounds with
                                                closed pits and banks (Rio Kadalis), else 0. */
    MANCALA_RULES_FIRST_MOVE_FORFEITS = 5, /**< 1 if the game's first move captures
                                                nothing (Modiar rule 4), else 0. */
    MANCALA_RULES_TABLE_STONES = 6,        /**< The most stones on the board that a solved
                                                table of the board with every pit open can
                                                cover: 42 (Modiar, every position), 16 (Rio
                                                Kadalis endgames). */
    MANCALA_RULES_DEFAULT_TABLE_STONES = 7 /**< The stones such a table covers unless told
                                                otherwise (`mancala solve`, the bindings): 42
                                                or 12. */
};

/**
 * @brief A fact of the named rules, one of ::mancala_rules_fact.
 *
 * What the front ends ask instead of testing rules names: whether a game
 * has rounds and banks, how many holes it has, and so on.
 *
 * @param rules A rules name, as for mancala_new().
 * @param fact A ::mancala_rules_fact value.
 * @return The fact, 0 or more; ::MANCALA_E_INVALID if @p rules is NULL;
 *         ::MANCALA_E_RULES for an unknown name; ::MANCALA_E_OPTION for an
 *         unknown @p fact (one of a later version).
 * @note Does not allocate. Thread-safe.
 * @since 1.4
 */
int mancala_rules_info(const char *rules, int fact);

/**
 * @brief The game of the named rules in words: "Modiar" or "Rio Kadalis".
 * @param rules A rules name, as for mancala_new().
 * @return A static string owned by the library; NULL if @p rules is NULL
 *         or unknown.
 * @note Does not allocate. Thread-safe.
 * @since 1.4
 */
const char *mancala_rules_title(const char *rules);

/**
 * @brief Allocation function a caller may supply (see mancala_new_with_allocator()).
 *
 * Called as `alloc(opaque, ptr, size)`. With `ptr == NULL` it must return
 * a new block of `size` bytes (or NULL on failure); with `ptr != NULL` and
 * `size > 0` it must resize the block like realloc() (NULL on failure,
 * leaving the block untouched); with `size == 0` it must free `ptr` and
 * return NULL. Blocks must be aligned for any type, as malloc()'s are.
 */
typedef void *(*mancala_alloc_fn)(void *opaque, void *ptr, size_t size);

/**
 * @brief Creates a game at the start position of the named rules.
 * @param[out] out Receives the new handle; left unchanged on failure.
 * @param rules One of "modiar", "rio-kadalis", "rio-kadalis-5",
 *        "rio-kadalis-cw", "rio-kadalis-5-cw".
 * @return ::MANCALA_OK; ::MANCALA_E_INVALID if a pointer is NULL;
 *         ::MANCALA_E_RULES for an unknown name; ::MANCALA_E_NOMEM.
 * @note The caller owns the handle and releases it with mancala_free().
 *       Memory comes from malloc(). Thread-safe.
 */
int mancala_new(mancala_game **out, const char *rules);

/**
 * @brief Like mancala_new(), with every allocation of the handle made by @p alloc.
 * @param[out] out Receives the new handle; left unchanged on failure.
 * @param rules A rules name, as for mancala_new().
 * @param alloc The allocation function for this handle and every clone of
 *        it, for its whole life; NULL means the C library's allocator.
 * @param opaque Passed to @p alloc unchanged.
 * @return As mancala_new().
 * @note The allocator is per handle: there is no process-wide setting.
 *       It is called only from functions that take this handle (or create
 *       it), so it needs no locking unless the caller shares it.
 */
int mancala_new_with_allocator(mancala_game **out, const char *rules,
                               mancala_alloc_fn alloc, void *opaque);

/**
 * @brief Creates a game from a position string (doc/RULES.md, "Position notation").
 *
 * The format is `RULES/PITS/SIDE/CAPTURED/PLY[/BANKS]`, for example
 * `modiar/7,7,7,7,7,7/S/0,0/0`. The parsed position starts a game (or a
 * round) with an empty history: the repetition rule remembers positions
 * from it on, and the first round of a match is counted as round 1.
 * If the player to move has no legal move, the game is over at once.
 * PLY may be at most 1,000,000,000: from there no game can play on to the
 * ply counter's limit (INT32_MAX), so every listed move can be played.
 *
 * A rules name alone, such as "rio-kadalis", is not a position: RULES.md
 * rejects a string with missing fields, and mancala_parse() keeps to it
 * so that every accepted string formats back to itself. Its reason then
 * gives the start position (mancala_new() takes the name); the mancala
 * command accepts either form where it asks for a position.
 *
 * @param[out] out Receives the new handle; left unchanged on failure.
 * @param position The NUL-terminated position string.
 * @param[out] errbuf If not NULL, receives a one-line, NUL-terminated
 *        reason on failure, naming the bad field (such as
 *        "PITS: expected 6 pit counts, found 5"), cut to @p errlen bytes.
 *        It is printable ASCII (the input it quotes has `?` for control
 *        characters and for every byte above 0x7e), so valid UTF-8 even
 *        when cut.
 *        On success it is set to the empty string.
 * @param errlen Size of @p errbuf in bytes.
 * @return ::MANCALA_OK; ::MANCALA_E_INVALID if @p out or @p position is
 *         NULL; ::MANCALA_E_PARSE for a malformed position;
 *         ::MANCALA_E_NOMEM.
 * @note The caller owns the handle. Thread-safe.
 */
int mancala_parse(mancala_game **out, const char *position, char *errbuf, size_t errlen);

/**
 * @brief Like mancala_parse(), with every allocation made by @p alloc.
 * @param[out] out Receives the new handle; left unchanged on failure.
 * @param position The position string.
 * @param[out] errbuf As for mancala_parse(); may be NULL.
 * @param errlen Size of @p errbuf.
 * @param alloc The allocation function (NULL: the C library's); see
 *        mancala_new_with_allocator().
 * @param opaque Passed to @p alloc.
 * @return As mancala_parse().
 */
int mancala_parse_with_allocator(mancala_game **out, const char *position,
                                 char *errbuf, size_t errlen,
                                 mancala_alloc_fn alloc, void *opaque);

/**
 * @brief Releases a game and everything it owns.
 * @param game The handle; NULL is a no-op.
 */
void mancala_free(mancala_game *game);

/**
 * @brief Creates an independent copy of a game: position, history, options,
 *        match state, allocator and (since 1.3) tags.
 * @param[out] out Receives the copy; left unchanged on failure.
 * @param game The game to copy; not modified.
 * @return ::MANCALA_OK; ::MANCALA_E_INVALID if a pointer is NULL;
 *         ::MANCALA_E_NOMEM.
 * @note The caller owns the copy. The two handles then evolve separately.
 */
int mancala_clone(mancala_game **out, const mancala_game *game);

/**
 * @brief Writes the position in the canonical notation.
 *
 * Banks are always written for Rio Kadalis. Parsing the result gives back
 * the same position.
 *
 * @param game The game.
 * @param[out] buf Where to write, with snprintf() semantics: at most
 *        @p size bytes including the terminating NUL; may be NULL if
 *        @p size is 0.
 * @param size Size of @p buf.
 * @return The length of the whole string (not counting the NUL), even if
 *         @p buf was too small; ::MANCALA_E_INVALID if @p game is NULL or
 *         @p buf is NULL with @p size > 0.
 */
int mancala_format(const mancala_game *game, char *buf, size_t size);

/**
 * @brief Lists the legal moves of the player to move.
 * @param game The game.
 * @param[out] moves Receives the pit numbers, ascending.
 * @param cap Room in @p moves; ::MANCALA_MAX_PITS always suffices.
 * @return The number of legal moves (0 when the game or round is over);
 *         ::MANCALA_E_INVALID if @p game is NULL, or @p moves is NULL while
 *         there is a move to write; ::MANCALA_E_NOSPACE if @p cap is below
 *         the count (nothing is written).
 * @note Does not allocate. The list is computed when the position is
 *       reached, so this is a copy.
 */
int mancala_legal_moves(const mancala_game *game, int *moves, size_t cap);

/**
 * @brief Plays a move for the player to move.
 *
 * After the move the game may be over (the next player has no legal move,
 * or the position recurred and the repetition rule is on).
 *
 * @param game The game.
 * @param pit The absolute number of the pit to play from.
 * @return ::MANCALA_OK; ::MANCALA_E_INVALID if @p game is NULL;
 *         ::MANCALA_E_RANGE if @p pit is not a pit of this board;
 *         ::MANCALA_E_OVER if the game or round is over;
 *         the reason the move is illegal (::MANCALA_E_NOT_YOURS,
 *         ::MANCALA_E_CLOSED, ::MANCALA_E_EMPTY, ::MANCALA_E_SINGLETON,
 *         ::MANCALA_E_GRAND_SLAM, ::MANCALA_E_MUST_FEED,
 *         ::MANCALA_E_ENDLESS); ::MANCALA_E_NOMEM if the history had to
 *         grow and could not; ::MANCALA_E_STATE if the ply counter would
 *         pass INT32_MAX. On any error the game is unchanged.
 * @note Allocates only when the history outgrows its reserve (several
 *       hundred moves since the game or round began).
 */
int mancala_play(mancala_game *game, int pit);

/**
 * @brief Takes back the last move of the current game or round.
 * @param game The game.
 * @return ::MANCALA_OK, with the game exactly as it was before that move;
 *         ::MANCALA_E_INVALID if @p game is NULL; ::MANCALA_E_NO_HISTORY
 *         if no move was played since the handle was created or parsed or
 *         since the current round began (rounds cannot be taken back).
 */
int mancala_undo(mancala_game *game);

/**
 * @brief Number of moves that mancala_undo() can take back.
 * @param game The game.
 * @return The count; ::MANCALA_E_INVALID if @p game is NULL.
 */
int mancala_history_length(const mancala_game *game);

/**
 * @brief The moves played since the handle was created or parsed, or since
 *        the current round began, oldest first.
 * @param game The game.
 * @param[out] moves Receives the pit numbers.
 * @param cap Room in @p moves.
 * @return The number of moves; ::MANCALA_E_INVALID for a NULL @p game, or
 *         NULL @p moves when there is a move to write;
 *         ::MANCALA_E_NOSPACE if @p cap is below the count.
 */
int mancala_history(const mancala_game *game, int *moves, size_t cap);

/**
 * @brief Whether the game (or the current round) is over.
 * @param game The game.
 * @return 1 or 0; ::MANCALA_E_INVALID if @p game is NULL.
 */
int mancala_is_over(const mancala_game *game);

/**
 * @brief Why the game or round ended.
 * @param game The game.
 * @return A ::mancala_end value (::MANCALA_END_NONE while it goes on);
 *         ::MANCALA_E_INVALID if @p game is NULL.
 */
int mancala_end_reason(const mancala_game *game);

/**
 * @brief The player to move.
 * @param game The game.
 * @return ::MANCALA_SOUTH or ::MANCALA_NORTH (still defined once the game
 *         is over: the player who could not move, or would move next);
 *         ::MANCALA_E_INVALID if @p game is NULL.
 */
int mancala_to_move(const mancala_game *game);

/**
 * @brief A player's score as RULES.md counts it.
 *
 * Captures plus bank while the game goes on; once it is over, plus the
 * stones left in the player's own row.
 *
 * @param game The game.
 * @param player ::MANCALA_SOUTH or ::MANCALA_NORTH.
 * @return The score; ::MANCALA_E_INVALID if @p game is NULL;
 *         ::MANCALA_E_RANGE for another @p player.
 */
int mancala_score(const mancala_game *game, int player);

/**
 * @brief The winner of the game (or current round) once it is over.
 * @param game The game.
 * @return ::MANCALA_SOUTH, ::MANCALA_NORTH or ::MANCALA_DRAW;
 *         ::MANCALA_E_INVALID if @p game is NULL; ::MANCALA_E_NOT_OVER.
 */
int mancala_winner(const mancala_game *game);

/**
 * @brief The rules name of the game, such as "rio-kadalis-5-cw".
 * @param game The game.
 * @return A static string owned by the library; NULL if @p game is NULL.
 */
const char *mancala_rules(const mancala_game *game);

/**
 * @brief Number of pits on the board (`2n`: 6, 10 or 12).
 * @param game The game.
 * @return The count; ::MANCALA_E_INVALID if @p game is NULL.
 */
int mancala_num_pits(const mancala_game *game);

/**
 * @brief Stones in a pit.
 * @param game The game.
 * @param pit A pit number, `0 ... 2n-1`.
 * @return The count (0 for a closed pit); ::MANCALA_E_INVALID if @p game
 *         is NULL; ::MANCALA_E_RANGE for a bad pit number.
 */
int mancala_pit(const mancala_game *game, int pit);

/**
 * @brief Whether a pit is closed for this round (Rio Kadalis matches).
 * @param game The game.
 * @param pit A pit number.
 * @return 1 or 0; ::MANCALA_E_INVALID if @p game is NULL;
 *         ::MANCALA_E_RANGE for a bad pit number.
 */
int mancala_pit_closed(const mancala_game *game, int pit);

/**
 * @brief Stones a player has captured in this game or round.
 * @param game The game.
 * @param player ::MANCALA_SOUTH or ::MANCALA_NORTH.
 * @return The count; ::MANCALA_E_INVALID; ::MANCALA_E_RANGE.
 */
int mancala_captured(const mancala_game *game, int player);

/**
 * @brief A player's bank: stones kept off the board this round (Rio Kadalis).
 * @param game The game.
 * @param player ::MANCALA_SOUTH or ::MANCALA_NORTH.
 * @return The count (always 0 in Modiar); ::MANCALA_E_INVALID;
 *         ::MANCALA_E_RANGE.
 */
int mancala_bank(const mancala_game *game, int player);

/**
 * @brief Moves played so far in this game or round (the notation's PLY).
 * @param game The game.
 * @return The ply; ::MANCALA_E_INVALID if @p game is NULL.
 */
int mancala_ply(const mancala_game *game);

/**
 * @brief A 64-bit hash of the position, for transposition tables.
 *
 * Equal positions (rules, pits, closed pits, player to move, captures,
 * banks, and for Modiar whether the first-move rule still applies) have
 * equal hashes, in every process and on every platform. The ply and the
 * history are not part of it.
 *
 * @param game The game.
 * @return The hash; 0 if @p game is NULL.
 */
uint64_t mancala_hash(const mancala_game *game);

/**
 * @brief Sets an option of the handle.
 * @param game The game.
 * @param option A ::mancala_option.
 * @param value Its value (::MANCALA_OPT_REPETITION and
 *        ::MANCALA_OPT_MATCH_REPETITION: 0 or 1, and since 1.3 2 (see
 *        ::mancala_match_repetition); ::MANCALA_OPT_MAX_ROUNDS: 0 or a
 *        round number).
 * @return ::MANCALA_OK; ::MANCALA_E_INVALID if @p game is NULL;
 *         ::MANCALA_E_OPTION for an unknown option or value;
 *         ::MANCALA_E_STATE for ::MANCALA_OPT_REPETITION once a move has
 *         been played in the handle (it is set before the first move), and
 *         for ::MANCALA_OPT_MAX_ROUNDS below the current round. Options
 *         hold for the handle's clones and later rounds; the match options
 *         may be changed at any time (see ::mancala_option).
 */
int mancala_set_option(mancala_game *game, int option, int value);

/**
 * @brief Reads an option of the handle.
 * @param game The game.
 * @param option A ::mancala_option.
 * @return The value; ::MANCALA_E_INVALID; ::MANCALA_E_OPTION.
 */
int mancala_get_option(const mancala_game *game, int option);

/** Kinds of ::mancala_event. Values are part of the ABI. */
enum mancala_event_kind {
    /** Stones lifted to start a lap: `pit` lifted from, `stones` lifted,
     *  `player` the mover. The first event of every move. */
    MANCALA_EV_LAP = 1,
    /** One stone sown: `pit` sown into, `stones` its count afterwards. */
    MANCALA_EV_SOW = 2,
    /** Stones captured: `pit`, `stones` taken, `player` who got them. */
    MANCALA_EV_CAPTURE = 3,
    /** Rio Kadalis binikh: the last stone of a lap made 4 in `pit`;
     *  `player` (the mover) captured them and the move ended. */
    MANCALA_EV_BINIKH = 4,
    /** Modiar first move: the capture of `stones` in `pit` was forfeited;
     *  the stones stay. */
    MANCALA_EV_FORFEIT = 5
};

/**
 * @brief One step of a move, for replaying it stone by stone.
 *
 * The layout of this struct is frozen for the life of the 1.x ABI: new
 * information comes as new event kinds, never as new fields.
 */
typedef struct mancala_event {
    int kind;    /**< A ::mancala_event_kind. */
    int pit;     /**< The pit concerned. */
    int stones;  /**< Stones lifted, the pit's count after sowing, or stones captured. */
    int player;  /**< The player concerned (mover, or who captured). */
} mancala_event;

/**
 * @brief The steps of the last move played, in order.
 *
 * A move is a sequence of laps (::MANCALA_EV_LAP), each followed by its
 * sown stones (::MANCALA_EV_SOW) and any captures made on the way; a
 * Modiar move ends with its captures (or forfeits), a Rio Kadalis move
 * may end with a binikh.
 *
 * @param game The game.
 * @param[out] events Receives up to @p cap events; may be NULL if @p cap is 0.
 * @param cap Room in @p events.
 * @return The number of events of the move, even when more than @p cap
 *         (then only the first @p cap are written, as snprintf() does);
 *         ::MANCALA_E_INVALID if @p game is NULL, or @p events NULL with
 *         @p cap > 0; ::MANCALA_E_NO_HISTORY if there is no move to
 *         report (see mancala_undo()).
 * @note Recomputes the move from the history: costs about as much as the
 *       move did. Does not allocate. There is no proven bound on the
 *       events of a move (Rio Kadalis relays can be long: the longest move
 *       a search of many positions found has 227 events, 50 laps), so
 *       call it twice when every event matters:
 * @code
 *   int count = mancala_last_move_events(game, NULL, 0);
 *   mancala_event *events = malloc((size_t)count * sizeof *events);
 *   if (count > 0 && events)
 *       mancala_last_move_events(game, events, (size_t)count);
 * @endcode
 *       or give a buffer and compare the result with @p cap.
 */
int mancala_last_move_events(const mancala_game *game, mancala_event *events, size_t cap);

/**
 * @brief The last move played, in English words: what the `mancala`
 *        program prints after a move.
 *
 * The first line says who played which pit, the laps (with the pits the
 * relays started from, up to eight of them, then `...`), the stones sown
 * and the pit of the last one. Then comes one line, indented by two
 * spaces, for each capture, binikh and forfeited capture, in the order of
 * mancala_last_move_events(). Lines are separated by a newline; the last
 * has none. Modiar's example M4 (RULES.md) and others:
 * @code
 * South plays 1: 1 lap, 3 stones sown, the last into pit 3.
 *   South captures 2 from pit 3.
 *   South captures 2 from pit 2.
 *
 * South plays 0: 1 lap, 7 stones sown, the last into pit 0.
 *   First move: no capture, the 2 stones stay in pit 0.
 *
 * South plays 5: 1 lap, 3 stones sown, the last into pit 8.
 *   North captures the four formed in pit 6.
 *
 * South plays 5: 1 lap, 1 stone sown, the last into pit 6.
 *   Binikh: South captures the four in pit 6 and the move ends.
 *
 * South plays 0: 5 laps (relays from 4 9 2 8), 26 stones sown, the last into pit 2.
 * @endcode
 * The text is the same on every platform and in every locale, and stays
 * the same in later 1.x versions for the events described here.
 *
 * @param game The game; not modified.
 * @param[out] buf Receives the NUL-terminated text, cut to @p size - 1
 *        bytes if longer (as snprintf() does). May be NULL if @p size is 0.
 * @param size Size of @p buf. A move without captures needs about 100
 *        bytes; call once with 0 to learn the length of any move.
 * @return The length of the whole text (not counting the NUL), whether or
 *         not it fitted: it fitted if it is below @p size;
 *         ::MANCALA_E_INVALID if @p game is NULL, or @p buf NULL with
 *         @p size > 0; ::MANCALA_E_NO_HISTORY if there is no move to
 *         describe (none played in this game or round, or it was undone).
 * @note Does not allocate. Recomputes the move twice from the history
 *       (see mancala_last_move_events()). Thread-safe as a reader of
 *       @p game.
 * @since 1.3
 */
int mancala_describe_last_move(const mancala_game *game, char *buf, size_t size);

/**
 * @brief The end of the game or round, and of the match, in words: the
 *        one narration of a result, used by the command, the web page and
 *        the bindings.
 *
 * The first line says what ended (`Game` for Modiar, `Round N` for a
 * round of Rio Kadalis), why (who has no legal move, or that the position
 * repeated), the scores (mancala_score()) and who won. When the match is
 * over too (Rio Kadalis), a second line says after how many rounds, who
 * won it and why, if it did not end by the rules alone. Lines are
 * separated by a newline; the last has none. For example:
 * @code
 * Game over: South has no legal move. South 22, North 20: South wins.
 *
 * Round 3 over: the position repeated. South 30, North 18: South wins the round.
 *
 * Round 4 over: North has no legal move. South 45, North 3: South wins the round.
 * Match over after 4 rounds: North holds 3 stones, fewer than 4. South wins the match.
 *
 * Round 2 over: South has no legal move. South 24, North 24: a draw.
 * Match over after 2 rounds: a draw at the round limit, 24 stones each.
 * @endcode
 * The text is the same on every platform and in every locale.
 *
 * @param game The game; not modified.
 * @param[out] buf Receives the NUL-terminated text, cut to @p size - 1
 *        bytes if longer (as snprintf() does). May be NULL if @p size is 0.
 * @param size Size of @p buf; 256 bytes always suffice.
 * @return The length of the whole text (not counting the NUL), whether or
 *         not it fitted; ::MANCALA_E_INVALID if @p game is NULL, or
 *         @p buf NULL with @p size > 0; ::MANCALA_E_NOT_OVER if the game
 *         or round is not over.
 * @note Does not allocate. Thread-safe as a reader of @p game.
 * @since 1.4
 */
int mancala_describe_result(const mancala_game *game, char *buf, size_t size);

/**
 * @brief Starts the next round of a Rio Kadalis match (RULES.md, "Match").
 *
 * Each player's round score T gives `k = min(n, T / 4)` open pits of 4
 * stones, filled from the player's highest-numbered pit down; the rest of
 * T is the player's bank. The player who did not move first in the round
 * just ended moves first. Captures and ply restart at 0; the history is
 * cleared (the new round cannot be undone).
 *
 * @param game The game; its current round must be over.
 * @return ::MANCALA_OK; ::MANCALA_E_INVALID if @p game is NULL;
 *         ::MANCALA_E_UNSUPPORTED for Modiar (one game, no match);
 *         ::MANCALA_E_NOT_OVER if the round goes on;
 *         ::MANCALA_E_MATCH_OVER if the match is over
 *         (mancala_match_end_reason() says why);
 *         ::MANCALA_E_NOMEM (the handle keeps the moves of every round for
 *         mancala_format_record(); nothing is changed on failure).
 */
int mancala_next_round(mancala_game *game);

/**
 * @brief The number of the current round, 1 for the first.
 * @param game The game.
 * @return The round; ::MANCALA_E_INVALID if @p game is NULL.
 */
int mancala_round(const mancala_game *game);

/**
 * @brief Whether the match is over: the round is over and no further
 *        round is played (for Modiar: the game is over).
 *
 * A Rio Kadalis match ends after a round when a player has fewer than 4
 * stones, when the round was the last one allowed by
 * ::MANCALA_OPT_MAX_ROUNDS, or (since 1.1, unless
 * ::MANCALA_OPT_MATCH_REPETITION is 0) when the next round would start in
 * a state, the stones each player holds and who moves first, that already
 * started two earlier rounds. The rounds counted are those this handle
 * started: mancala_next_round(), and the position the handle was created
 * at if it is at ply 0 (then each player holds their row, captures and
 * bank; a handle parsed in the middle of a round does not know how its
 * round started, and counts from the next round on).
 * mancala_match_end_reason() says which of these ended the match.
 *
 * @param game The game.
 * @return 1 or 0; ::MANCALA_E_INVALID if @p game is NULL.
 */
int mancala_match_over(const mancala_game *game);

/**
 * @brief The winner of the match once it is over (for Modiar, of the game).
 *
 * The player with more stones after the last round, a draw if they hold
 * as many; a match ended by ::MANCALA_MATCH_END_REPETITION with
 * ::MANCALA_OPT_MATCH_REPETITION set to ::MANCALA_MATCH_REPETITION_DRAW is
 * a draw whatever the last round's score (up to 1.2, every match ended by
 * repetition was).
 *
 * @param game The game.
 * @return ::MANCALA_SOUTH, ::MANCALA_NORTH or ::MANCALA_DRAW (in 1.0 only
 *         for Modiar; since 1.1 also for a match ended level by repetition
 *         or at the round limit); ::MANCALA_E_INVALID;
 *         ::MANCALA_E_NOT_OVER.
 */
int mancala_match_winner(const mancala_game *game);

/**
 * @brief Why the match ended. Since 1.1.
 * @param game The game.
 * @return A ::mancala_match_end value (::MANCALA_MATCH_END_NONE while the
 *         match goes on); ::MANCALA_E_INVALID if @p game is NULL. When
 *         several reasons hold at once, the first of STONES, ROUNDS,
 *         REPETITION is given (the rules end the match first; at the round
 *         limit no further round would start, so none can repeat).
 */
int mancala_match_end_reason(const mancala_game *game);

/**
 * @brief Writes the match record of a game: everything needed to restore
 *        it exactly with mancala_parse_record(). Since 1.1.
 *
 * A record is one line of text (no newline is written), so a file can
 * hold any number of games, one per line. Its words are separated by
 * single spaces:
 *
 *     START [OPTION ...] [TAG ...] [ITEM ...]
 *
 * - `START`: the position the handle was created at, in the position
 *   notation (mancala_format()), such as
 *   `rio-kadalis/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0`.
 * - `OPTION`: each option that is not at its default, in this order:
 *   `repetition=0`, `match-repetition=N` (0 or 2), `max-rounds=N`.
 * - `TAG` (since 1.3): each tag of the handle (mancala_tag_set()) in its
 *   order, as `KEY="VALUE"`, with `\` before each `"` and `\` of the
 *   value, such as `south="search:8" event="Club \"night\""`. A value may
 *   hold spaces: a word ends at a space outside the quotes.
 * - `ITEM`: a move (a pit number, as for mancala_play()) or `|`, which
 *   ends a round and starts the next (mancala_next_round()). The moves
 *   after the last `|` are those of the current round (the undo history);
 *   a game in progress simply stops after its last move.
 *
 * Example: a match in its second round, with the repetition rule off:
 *
 *     rio-kadalis/4,4,4,4,4,4,4,4,4,4,4,4/S/0,0/0/0,0 repetition=0 0 7 ... 5 | 11 2
 *
 * Moves undone are not in the record: restoring replays the moves of the
 * record, which gives the same position, round, banks, closed pits, undo
 * history and the states the repetition rules remember.
 *
 * @param game The game.
 * @param[out] buf Receives the record, NUL-terminated and cut to @p size
 *        bytes as snprintf() does; may be NULL if @p size is 0.
 * @param size Size of @p buf. A record has no fixed bound (a match can
 *        have any number of rounds): call with size 0 to learn the length.
 * @return The length of the whole record without the NUL (write it all
 *         when the result is below @p size); ::MANCALA_E_INVALID if
 *         @p game is NULL, or @p buf NULL with @p size > 0;
 *         ::MANCALA_E_LIMIT if the record would be longer than INT_MAX
 *         bytes.
 * @note Does not allocate. Thread-safe as a reader of @p game.
 */
int mancala_format_record(const mancala_game *game, char *buf, size_t size);

/**
 * @brief Restores a game from a match record written by
 *        mancala_format_record(). Since 1.1.
 *
 * The start position is parsed as by mancala_parse(), the options set,
 * and every move played and round started in order; then the match
 * options are set (so a record written with a match option changed
 * during the match restores too). One newline (`\n` or `\r\n`) at the end
 * is allowed, so lines read from a file can be given as they are.
 *
 * @param[out] out Receives the new handle; left unchanged on failure.
 * @param record The NUL-terminated record.
 * @param[out] errbuf If not NULL, receives a one-line reason on failure
 *        that names the part that is wrong (such as "word 7 (round 1,
 *        move 5): cannot play 3: illegal move: the pit is empty"), cut to
 *        @p errlen bytes (::MANCALA_REASON_MAX suffices); the empty string
 *        on success.
 * @param errlen Size of @p errbuf.
 * @return ::MANCALA_OK; ::MANCALA_E_INVALID if @p out or @p record is
 *         NULL; ::MANCALA_E_PARSE for a malformed record (a bad start
 *         position, an unknown or repeated option, a tag repeated, badly
 *         quoted or not accepted by mancala_tag_set(), a word that is neither
 *         a pit number nor `|`, an illegal move, a `|` while the round goes
 *         on or once the match is over, a round limit below the rounds
 *         played); ::MANCALA_E_NOMEM.
 * @note The caller owns the handle. Allocates as mancala_parse() and
 *       mancala_next_round() do. Thread-safe.
 */
int mancala_parse_record(mancala_game **out, const char *record, char *errbuf, size_t errlen);

/**
 * @brief Like mancala_parse_record(), with every allocation made by
 *        @p alloc (see mancala_new_with_allocator()). Since 1.1.
 * @param[out] out Receives the new handle; left unchanged on failure.
 * @param record The NUL-terminated record.
 * @param[out] errbuf Receives the reason on failure, as for
 *        mancala_parse_record(); may be NULL.
 * @param errlen Size of @p errbuf.
 * @param alloc The allocation function of the handle and its clones;
 *        NULL means the C library's allocator.
 * @param opaque Passed to @p alloc unchanged.
 * @return As mancala_parse_record().
 */
int mancala_parse_record_with_allocator(mancala_game **out, const char *record, char *errbuf,
                                        size_t errlen, mancala_alloc_fn alloc, void *opaque);

/** The longest tag key, in bytes (mancala_tag_set()). Since 1.3. */
#define MANCALA_TAG_KEY_MAX 32
/** The longest tag value, in bytes (mancala_tag_set()). Since 1.3. */
#define MANCALA_TAG_VALUE_MAX 255
/** The most tags one handle holds (mancala_tag_set()). Since 1.3. */
#define MANCALA_TAGS_MAX 32

/**
 * @brief Sets, replaces or removes a tag of the game: a free key/value
 *        pair, such as the players, the seed, the date or the result,
 *        that the match record carries (mancala_format_record(),
 *        mancala_parse_record()) like the headers of a chess PGN file.
 *
 * Tags are the caller's: the library stores, copies (mancala_clone()),
 * writes and reads them, and gives them no meaning. They keep the order
 * in which their keys were first set; replacing a value keeps its place.
 *
 * @param game The game.
 * @param key The NUL-terminated key: 1 to ::MANCALA_TAG_KEY_MAX bytes, a
 *        letter (A-Z, a-z) then letters, digits, `-` or `_`. Keys are
 *        case-sensitive. Since 1.4 the option words of the match record
 *        (`repetition`, `match-repetition`, `max-rounds`) are not keys: a
 *        tag of that name would look like the option and set nothing.
 * @param value The NUL-terminated value: 0 to ::MANCALA_TAG_VALUE_MAX
 *        bytes of well-formed UTF-8 without control characters (none
 *        below U+0020, nor U+007F-U+009F); NULL removes the tag (no error
 *        if there is none). @p key and @p value may be strings that
 *        mancala_tag_key() and mancala_tag_get() returned for @p game.
 * @return ::MANCALA_OK; ::MANCALA_E_INVALID if @p game or @p key is NULL,
 *         or the key or value is not as above (mancala_tag_check() says
 *         why); ::MANCALA_E_LIMIT if the game already holds
 *         ::MANCALA_TAGS_MAX tags and @p key is new; ::MANCALA_E_NOMEM. On
 *         failure the tags are as they were.
 * @note Allocates (with the handle's allocator). Invalidates every pointer
 *       mancala_tag_get() and mancala_tag_key() returned for @p game. The
 *       handle is modified: not thread-safe with other calls on it.
 * @since 1.3
 */
int mancala_tag_set(mancala_game *game, const char *key, const char *value);

/**
 * @brief Whether mancala_tag_set() accepts a key and value, and if not,
 *        which rule they break, in words.
 *
 * The rules are those of mancala_tag_set(); a program or binding calls
 * this to tell its user why a tag was refused, such as "a key holds only
 * letters, digits, - and _ (byte 4 is none)" or "the key names an option
 * of the match record, not a tag".
 *
 * @param key The NUL-terminated key.
 * @param value The NUL-terminated value, or NULL to check the key alone
 *        (as for removing a tag).
 * @param[out] errbuf If not NULL, receives a one-line reason in printable
 *        ASCII when they are refused, cut to @p errlen bytes
 *        (::MANCALA_REASON_MAX suffices); the empty string when they are
 *        accepted. The caller owns the buffer.
 * @param errlen Size of @p errbuf.
 * @return ::MANCALA_OK if mancala_tag_set() accepts them (it may still
 *         fail with ::MANCALA_E_LIMIT or ::MANCALA_E_NOMEM);
 *         ::MANCALA_E_INVALID if not, or if @p key is NULL.
 * @note Does not allocate. Thread-safe: it reads only its arguments.
 * @since 1.4
 */
int mancala_tag_check(const char *key, const char *value, char *errbuf, size_t errlen);

/**
 * @brief The value of a tag of the game (see mancala_tag_set()).
 * @param game The game.
 * @param key The NUL-terminated key.
 * @return The NUL-terminated value, owned by the handle and valid until
 *         the next mancala_tag_set() or mancala_free() on it; NULL if the
 *         game has no such tag, or @p game or @p key is NULL.
 * @note Does not allocate. Thread-safe as a reader of @p game.
 * @since 1.3
 */
const char *mancala_tag_get(const mancala_game *game, const char *key);

/**
 * @brief The number of tags of the game (see mancala_tag_set()).
 * @param game The game.
 * @return 0 to ::MANCALA_TAGS_MAX; ::MANCALA_E_INVALID if @p game is NULL.
 * @note Does not allocate. Thread-safe as a reader of @p game.
 * @since 1.3
 */
int mancala_tag_count(const mancala_game *game);

/**
 * @brief The key of a tag of the game by its place, to list them all
 *        with mancala_tag_count() and mancala_tag_get().
 * @param game The game.
 * @param index 0 for the tag first set, up to mancala_tag_count() - 1.
 * @return The NUL-terminated key, owned by the handle and valid until the
 *         next mancala_tag_set() or mancala_free() on it; NULL if
 *         @p index is out of range or @p game is NULL.
 * @note Does not allocate. Thread-safe as a reader of @p game.
 * @since 1.3
 */
const char *mancala_tag_key(const mancala_game *game, int index);


/** Flags of mancala_svg(), OR-ed together; 0 draws the default picture.
 *  New flags are new bits: a library that does not know a bit refuses it. */
enum mancala_svg_flag {
    MANCALA_SVG_DEFAULT = 0, /**< A standalone SVG file, with its XML declaration. */
    MANCALA_SVG_INLINE = 1   /**< No XML declaration: for SVG embedded in an HTML page. */
};

/**
 * @brief Draws the position as an SVG picture.
 *
 * The board as seen from South's seat, as in doc/RULES.md: North's row on
 * top with pits `2n-1 ... n` from left to right, South's row below with
 * pits `0 ... n-1`. It shows every pit's number and stone count, closed
 * pits filled with sand (and a legend saying so), each player's captures
 * and, in Rio Kadalis, bank; the sowing direction (an arc at each end of
 * the board, arrows between the pits of each row, a line of text); who is
 * to move (a mark, the row outlined, a headline); the rules, round and
 * ply. Once the game or round is over, the headline gives the winner and
 * score, a line why it ended, another the match result once the match is
 * decided, and each player's score. Labels never overlap: the picture is
 * as wide as its longest line needs.
 *
 * The picture is standalone SVG 1.1 (xmlns, viewBox, width and height in
 * pixels, integer coordinates) with a `<title>` (the position string) and
 * a `<desc>` (the position in words). It uses no `id` attributes, so
 * several pictures can be embedded in one page; its elements carry
 * `class` names (`pit`, `pit closed`, `count`, `pit-number`, `captured`,
 * `bank`, `score`, `to-move`, `status`, `result`, `reason`, `match`...)
 * and `data-pit` / `data-player` attributes for scripts and styles. The
 * same game gives the same bytes on every platform and in every locale.
 *
 * @param game The game; not modified.
 * @param[out] buf Receives the NUL-terminated picture if it fits in
 *        @p size bytes; if it does not, the empty string (a picture cut
 *        short is of no use). May be NULL if @p size is 0.
 * @param size Size of @p buf. Call once with 0 to learn the length, then
 *        with a buffer of that length + 1.
 * @param flags 0 (::MANCALA_SVG_DEFAULT) or ::mancala_svg_flag values OR-ed.
 * @return The length of the whole picture (not counting the NUL), whether
 *         or not it fitted: it fitted if it is below @p size. A few
 *         kilobytes; ::MANCALA_E_INVALID if @p game is NULL or @p buf NULL
 *         with @p size > 0; ::MANCALA_E_OPTION for a flag this library
 *         does not know (@p buf is then unchanged).
 * @note Does not allocate. Thread-safe as a reader of @p game. Since 1.1.
 */
int mancala_svg(const mancala_game *game, char *buf, size_t size, unsigned flags);


/* ======================================================================
 * Research engine: playouts, alpha-beta search, Monte Carlo tree search,
 * and the solved tables of Modiar and of Rio Kadalis endgames.
 * ====================================================================== */

/**
 * @brief Plays the current game or round to its end with uniformly random
 *        legal moves, on a private copy: @p game is not changed.
 *
 * The repetition rule applies as in mancala_play(), including the
 * positions already in the game's history. Deterministic for a given
 * position, history and @p seed (and version of the library).
 *
 * Every legal move is drawn with the same chance. Rio Kadalis draws
 * among the mover's open pits with stones and sows only the move drawn;
 * one that turns out endless (rule 6) is struck out and the draw made
 * again among the others: faster than listing the legal moves first,
 * which sows every move not proved finite otherwise. (Since 1.2.1; 1.2.0
 * drew among the legal moves, which gives the same move unless a pit of
 * the mover is endless.)
 *
 * @param game The game to start from.
 * @param seed Seed of the move choices (any value).
 * @param[out] scores Receives the final scores, South's then North's, as
 *        mancala_score() would give them at the end.
 * @return The number of plies played (0 if the game is already over);
 *         ::MANCALA_E_INVALID if a pointer is NULL; ::MANCALA_E_LIMIT if
 *         the game did not end within the playout's limits: 1,000,000
 *         plies, or 4,096 plies without a capture under the repetition rule
 *         (scores are then those of the position reached, the stones on
 *         the board not counted). 1.0 returned ::MANCALA_E_NOSPACE for
 *         this; a program that must run with both compares with both, or
 *         with `< 0` (the scores are written in every case but
 *         ::MANCALA_E_INVALID).
 * @note Does not allocate. Thread-safe as a reader of @p game.
 */
int mancala_playout(const mancala_game *game, uint64_t seed, int scores[2]);

/** An alpha-beta searcher: its transposition table, limits and results. */
typedef struct mancala_search mancala_search;

/** Limits of mancala_search_run(), set by mancala_search_set_limit(). */
enum mancala_limit {
    MANCALA_LIMIT_DEPTH = 1,   /**< Deepest iteration, in plies (default 64; more than 128 counts as 128). */
    MANCALA_LIMIT_NODES = 2,   /**< Nodes to visit (0: no limit, the default); the search stops
                                    at the first node at or past the limit, so it may go a
                                    few leaves over. */
    MANCALA_LIMIT_TIME_MS = 3, /**< Wall time in milliseconds (0: no limit, the default). */
    /** Playouts of a run of Monte Carlo tree search (mancala_mcts_set_limit(): default
     *  1000; 0: no limit). For MCTS ::MANCALA_LIMIT_NODES counts the nodes of the tree
     *  and ::MANCALA_LIMIT_DEPTH does not apply. Since 1.3. */
    MANCALA_LIMIT_PLAYOUTS = 4
};

/**
 * @brief Evaluation of a position that the search does not play to its end.
 * @param game The position (read it with the accessors; do not modify it).
 * @param opaque The pointer given to mancala_search_set_eval().
 * @return A score for the player to move, in stones: positive is good.
 *         Values beyond +-1,000,000 are clamped to it. The search calls
 *         it only for positions that are not over (the final difference
 *         scores those), and expects the same value for the same position
 *         and history, or it loses its determinism.
 */
typedef int (*mancala_eval_fn)(const mancala_game *game, void *opaque);

/**
 * @brief The library's evaluation: the final stone difference the player to
 *        move would have if the game ended now with each player keeping
 *        the stones of their own row, i.e.
 *        (captured + bank + own row) - (the same for the opponent).
 *
 * Once the game or round is over this is the final stone difference.
 *
 * @param game The position.
 * @return That difference; 0 if @p game is NULL.
 * @note Thread-safe as a reader of @p game.
 */
int mancala_evaluate(const mancala_game *game);

/**
 * @brief Creates a searcher.
 * @param[out] out Receives the searcher.
 * @param table_bytes Size of its transposition table in bytes; 0 means the
 *        default, 16 MiB. Rounded down to a power of two entries of 16
 *        bytes (at least two).
 * @return ::MANCALA_OK; ::MANCALA_E_INVALID if @p out is NULL;
 *         ::MANCALA_E_NOMEM.
 * @note The caller owns the searcher (memory from malloc()) and releases
 *       it with mancala_search_free(). One searcher per thread; searchers
 *       share nothing, so distinct searchers run in parallel freely.
 */
int mancala_search_new(mancala_search **out, size_t table_bytes);

/**
 * @brief Releases a searcher. @param search The searcher; NULL is a no-op.
 * @note Called from the evaluation (mancala_eval_fn) during a run of this
 *       searcher, the release is deferred: the run stops at once, frees
 *       the searcher and returns ::MANCALA_E_CANCELLED. The searcher must
 *       not be used after this call in any case.
 */
void mancala_search_free(mancala_search *search);

/**
 * @brief Sets one limit of the next searches (any combination may be set;
 *        the search stops at the first one reached, after at least one
 *        completed iteration).
 * @param search The searcher.
 * @param limit A ::mancala_limit.
 * @param value Its value (>= 0; depth >= 1).
 * @return ::MANCALA_OK; ::MANCALA_E_INVALID; ::MANCALA_E_OPTION for an
 *         unknown limit or a bad value; ::MANCALA_E_BUSY if called during
 *         a run of this searcher (from its evaluation).
 * @note Every value up to INT64_MAX is allowed: node and time limits
 *       beyond what a run can reach simply never stop it (the deadline
 *       is computed without overflow), depths beyond 128 count as 128.
 */
int mancala_search_set_limit(mancala_search *search, int limit, int64_t value);

/**
 * @brief Replaces the evaluation of leaves (NULL restores mancala_evaluate()).
 * @param search The searcher.
 * @param eval The evaluation, called from mancala_search_run() only.
 * @param opaque Passed to @p eval.
 * @return ::MANCALA_OK; ::MANCALA_E_INVALID if @p search is NULL;
 *         ::MANCALA_E_BUSY during a run of this searcher.
 */
int mancala_search_set_eval(mancala_search *search, mancala_eval_fn eval, void *opaque);

/**
 * @brief A function told of each completed iteration of a search, as a
 *        chess engine reports each depth (mancala_search_set_progress()).
 * @param opaque As given to mancala_search_set_progress().
 * @param depth The depth of the iteration just completed: 1, 2, ...
 * @param score Its score for the player to move, as mancala_search_score()
 *        will give if the run ends here.
 * @param exact 1 if that score is proven, as mancala_search_exact().
 * @param nodes The nodes the run has visited so far, every iteration's.
 * @param pv The iteration's principal variation, best move first (its
 *        best move is pv[0]); valid during the call only.
 * @param pv_len Its length, at least 1.
 * @since 1.3
 */
typedef void (*mancala_search_progress_fn)(void *opaque, int depth, int score, int exact,
                                           uint64_t nodes, const int *pv, int pv_len);

/**
 * @brief Sets the function mancala_search_run() calls after each completed
 *        iteration (NULL: none, the default).
 *
 * It is called on the thread of the run, in order of depth, before the
 * next iteration starts; the last call of a run reports the depth, score,
 * proof and line the run returns with (a run stopped by a limit or
 * mancala_search_cancel() returns those of its last completed iteration,
 * already reported; mancala_search_nodes() then also counts the nodes of
 * the iteration it left unfinished). It may call mancala_search_cancel()
 * on this searcher, which then stops without another iteration; the
 * other functions of the searcher behave as when called from its
 * evaluation (mancala_search_run()). It may use other handles freely.
 * mancala_search_level_move() runs its search without calling it.
 *
 * @param search The searcher.
 * @param progress The function, or NULL.
 * @param opaque Passed to @p progress, which owns nothing of the
 *        searcher's.
 * @return ::MANCALA_OK; ::MANCALA_E_INVALID if @p search is NULL;
 *         ::MANCALA_E_BUSY during a run of this searcher.
 * @note Like the searcher's other settings, not to be called while
 *       another thread runs the searcher (one searcher per thread).
 * @since 1.3
 */
int mancala_search_set_progress(mancala_search *search, mancala_search_progress_fn progress,
                                void *opaque);

/**
 * @brief Searches the position of @p game by iterative deepening negamax
 *        with alpha-beta pruning and the transposition table.
 *
 * Scores are final stone differences (mover minus opponent) where the
 * search reaches the end of the game or round, and evaluations elsewhere.
 * The search plays on a private copy of @p game, history included, so the
 * repetition rule applies exactly along every searched line. Because that
 * makes a position's value depend on the positions since the last capture,
 * the transposition table is keyed by the position's hash together with
 * that set of positions: an entry is only reused where the future is the
 * same. Moves are ordered by the table's move, then captures (the
 * stones a move takes less those it gives away), then the history
 * heuristic, then pit number.
 *
 * Each iteration searches one ply deeper until the depth limit, until a
 * node or time limit interrupts one (the results are then those of the
 * last completed iteration; the first always completes), or until the
 * score is proven (mancala_search_exact()): deeper searches cannot
 * change a proven score. Every run starts from an empty table, so the
 * same position, history, limits (other than time), evaluation, table
 * size and solved table (mancala_search_set_table()) give the same best
 * move, score, variation and node count.
 *
 * @param search The searcher.
 * @param game The position; not modified.
 * @return ::MANCALA_OK; ::MANCALA_E_INVALID if a pointer is NULL;
 *         ::MANCALA_E_OVER if the game or round is over;
 *         ::MANCALA_E_NOMEM; ::MANCALA_E_STATE if a line would pass the
 *         ply counter's limit (INT32_MAX);
 *         ::MANCALA_E_BUSY if this searcher is already running (the
 *         evaluation called it again: a searcher cannot be re-entered;
 *         use another searcher for a nested search);
 *         ::MANCALA_E_CANCELLED if the evaluation freed the searcher
 *         (mancala_search_free()), which is then gone. On failure the
 *         results of the previous search are kept.
 *         ::MANCALA_STOPPED (1, a success) if mancala_search_cancel()
 *         stopped the run (since 1.3): the results are those of the last
 *         completed iteration, as when a time limit stops it.
 *
 * The evaluation may read the game it is given and use other handles
 * freely; on this searcher it may only read results (of the previous
 * run) or free it. A solved table given by mancala_search_set_table()
 * must not be closed before the run returns.
 * @note Allocates a copy of @p game (with the game's allocator) for the
 *       length of the run. Reads @p game only while copying it, so other
 *       threads may read the same game meanwhile.
 */
int mancala_search_run(mancala_search *search, const mancala_game *game);

/** @brief Best move of the last search. @param search The searcher.
 *  @return A pit number; ::MANCALA_E_INVALID; ::MANCALA_E_STATE if no search ran. */
int mancala_search_best_move(const mancala_search *search);

/** @brief Score of the best move of the last search, for the player to move.
 *  @param search The searcher.
 *  @return The score; 0 if @p search is NULL or no search ran. Unlike the
 *          other getters it cannot return an error code, since every int
 *          (-1 included) can be a score: check mancala_search_depth() or
 *          mancala_search_best_move(), which return ::MANCALA_E_INVALID and
 *          ::MANCALA_E_STATE, to tell a result from no result. */
int mancala_search_score(const mancala_search *search);

/** @brief Depth of the last completed iteration. @param search The searcher.
 *  @return Plies; ::MANCALA_E_INVALID; ::MANCALA_E_STATE if no search ran. */
int mancala_search_depth(const mancala_search *search);

/** @brief Whether the score of the last search is exact (proven: every
 *         line that decided it reached the end of the game or round, or a
 *         position whose value the solved table proves, see
 *         mancala_search_set_table()).
 *  @param search The searcher.
 *  @return 1 or 0 (0 if no search ran); ::MANCALA_E_INVALID. */
int mancala_search_exact(const mancala_search *search);

/** @brief Nodes visited by the last search: every position entered, in all
 *         iterations, including an interrupted one.
 *  @param search The searcher.
 *  @return The count; 0 if @p search is NULL or no search ran (the count
 *          is unsigned, so no error code: see mancala_search_score()). */
uint64_t mancala_search_nodes(const mancala_search *search);

/**
 * @brief The principal variation of the last search.
 *
 * The line of best play the score comes from, starting with the best
 * move: it ends where the game or round ends, at a position the solved
 * table decides (mancala_search_set_table()), or after as many plies as
 * the depth of the search, at the evaluated position.
 *
 * @param search The searcher.
 * @param[out] moves Receives the moves, best first; may be NULL if @p cap is 0.
 * @param cap Room in @p moves (the depth always suffices).
 * @return The length of the variation (at most @p cap are written, as
 *         snprintf() does); ::MANCALA_E_INVALID if @p search is NULL or
 *         @p moves NULL with @p cap > 0; ::MANCALA_E_STATE if no search ran.
 */
int mancala_search_pv(const mancala_search *search, int *moves, size_t cap);

/**
 * Returned by mancala_search_run() and mancala_mcts_run() when a cancel
 * call (mancala_search_cancel(), mancala_mcts_cancel()) stopped the run.
 * It is a success (positive): the run's results are readable, those of
 * the last completed iteration of the search, or of the playouts made so
 * far by MCTS. Only programs that cancel ever see it.
 * @since 1.3
 */
#define MANCALA_STOPPED 1

/**
 * @brief Stops the run of @p search under way, from any thread or a
 *        signal handler.
 *
 * The run notices it at its next node (well within a millisecond, unless
 * an evaluation callback takes longer) and returns ::MANCALA_STOPPED with
 * the results of its last completed iteration. The first iteration (depth
 * 1, a few nodes) always completes, so a stopped run always has a best
 * move. When no run is under way the call does nothing: it neither stops
 * nor affects a later run. A caller that may race with a run about to
 * start (a run started in another thread) calls it again until the run
 * has returned.
 *
 * @param search The searcher; it must stay valid during the call (do not
 *        free it while another thread or a signal handler may cancel it).
 * @return 1 if a run was under way (it now stops), 0 if none was;
 *         ::MANCALA_E_INVALID if @p search is NULL.
 * @note Thread-safe and async-signal-safe: one lock-free atomic operation
 *       on the searcher, nothing else. The only function of a searcher
 *       that may be called while another thread runs it.
 * @since 1.3
 */
int mancala_search_cancel(mancala_search *search);

/** The weakest strength level of mancala_search_level_move(). @since 1.3 */
#define MANCALA_LEVEL_MIN 1
/** The strongest strength level of mancala_search_level_move(). @since 1.3 */
#define MANCALA_LEVEL_MAX 20

/**
 * @brief A move of a computer opponent of the given strength: from nearly
 *        random (level 1) to the strongest the search plays in a second
 *        (level 20).
 *
 * One search (with the searcher's evaluation and solved table) gives
 * every legal move its exact score to a depth that grows with the level
 * (the move included): in Modiar 1 ply at levels 1-4, 2 at 5-6, 3 at
 * 7-8, 4 at 9, 5 at 10-11, then 6, 7, 9, 10, 11, 12, 14 and 18 at
 * 12-19 (since 1.4; 1.3 searched 7 at 12-14 and 10 at 15-16); in Rio Kadalis 1 at levels 1-4, 2 at 5-6, 3 at 7-8, then one
 * more a level from 4 at level 9 to 13 at level 19 (7 at levels 12 and
 * 13); and as deep as the time allows at level 20. Then one move is
 * drawn among those whose score is at most a margin below the best (the
 * blunders a player of that level would not make: 99 stones at level 1
 * and 40 at 2, between 30 and 3 at levels 3-18, 1 at level 19), each with
 * a weight exp(-(stones below the best) / T) for a temperature T of 1000
 * stones (nearly at random) at level 1, 20, 10 and 5 at levels 2-4, then
 * between 5 and 0.2 stones; level 20 plays the best move (the lowest pit
 * on ties). Each level is a deeper search or a cooler draw than the one
 * below; doc/engine.md, "Strength levels", gives the tables, the seeded
 * matches that measured each step and the ratings. So weak levels miss
 * what lies deep and often choose a lesser move, as a person does, and
 * strong levels never give away more than a stone or three on purpose.
 *
 * A move takes at most about a second of search (a time limit of 1000
 * ms); below level 20 the search usually stops at its depth long before,
 * and is then deterministic for a position, history and @p seed (doc/engine.md
 * gives the times measured); level 20 depends on the clock.
 * mancala_search_cancel() stops it; the scores of its last completed
 * depth then decide.
 *
 * @param search The searcher; its limits are left as they were, its
 *        results afterwards are those of the search made (its best move
 *        is the best by the search, not necessarily the move returned).
 * @param game The position; not modified.
 * @param level ::MANCALA_LEVEL_MIN ... ::MANCALA_LEVEL_MAX.
 * @param seed Seed of the draw among the moves.
 * @return The move (a pit); ::MANCALA_E_INVALID if a pointer is NULL;
 *         ::MANCALA_E_OPTION for a level out of range; ::MANCALA_E_OVER if
 *         the game or round is over; ::MANCALA_E_BUSY from the searcher's
 *         evaluation; the errors of mancala_search_run().
 * @since 1.3
 */
int mancala_search_level_move(mancala_search *search, const mancala_game *game, int level,
                              uint64_t seed);

/**
 * @brief Monte Carlo tree search (UCT with random playouts) from the
 *        position of @p game.
 *
 * Each playout descends the tree by UCB1 (exploration constant sqrt(2),
 * rewards 1 for a win, 1/2 for a draw, 0 for a loss, seen from the player
 * who moved), adds one node (the lowest untried move), finishes the game
 * with mancala_playout() and backs the result up. The repetition rule
 * sees the game's history along the tree and in every playout. The
 * chosen move is the most visited one; ties go to the higher reward,
 * then to the lower pit.
 *
 * @param game The position; not modified.
 * @param seed Seed of the playouts.
 * @param playouts Number of playouts (>= 1).
 * @param[out] best_move Receives the most visited move; unchanged on failure.
 * @return ::MANCALA_OK; ::MANCALA_E_INVALID if a pointer is NULL or
 *         @p playouts < 1; ::MANCALA_E_OVER if the game or round is over;
 *         ::MANCALA_E_NOMEM, also when the tree would outgrow 2^31 - 1
 *         nodes (about 2^31 playouts); ::MANCALA_E_STATE if a line would
 *         pass the ply counter's limit (INT32_MAX, see mancala_play()).
 *         With a single legal move, that move is the answer at once,
 *         whatever the budget (any value up to INT64_MAX is allowed).
 * @note Allocates its tree (about 32 bytes per playout, from malloc())
 *       and a copy of @p game, and frees them before returning.
 *       Deterministic for a given position, history, seed and budget.
 *       Thread-safe as a reader of @p game.
 */
int mancala_mcts(const mancala_game *game, uint64_t seed, int64_t playouts, int *best_move);

/**
 * A Monte Carlo tree search that can be limited, stopped, guided and
 * inspected: UCT with random playouts, or PUCT with priors and values from
 * a callback (mancala_mcts_set_prior()), keeping its tree between moves
 * if asked to. Created by mancala_mcts_new(). @since 1.3
 */
typedef struct mancala_mcts_tree mancala_mcts_tree;

/**
 * @brief Priors and a value for a position, from the caller (a learned
 *        network, say), for PUCT selection as in AlphaZero.
 * @param game The position, not over (read it with the accessors; do not
 *        modify it).
 * @param[out] priors Room for ::MANCALA_MAX_PITS values, all 0 on entry:
 *        the callback writes the prior of each legal move at the index of
 *        its pit. The tree takes those of the legal moves, counts
 *        negative, infinite and NaN ones as 0 and divides them by their
 *        sum (all 0: the same for every move).
 * @param[out] value 0 on entry: receives the value of the position for
 *        the player to move, from -1 (a loss) through 0 (a draw) to 1 (a
 *        win); clamped to that range, NaN counts as 0.
 * @param opaque The pointer given to mancala_mcts_set_prior().
 * @return 0; anything else stops the run, which then returns
 *         ::MANCALA_E_CANCELLED.
 * @since 1.3
 */
typedef int (*mancala_prior_fn)(const mancala_game *game, double *priors, double *value,
                                void *opaque);

/** Parameters of a ::mancala_mcts_tree, set by mancala_mcts_set_param(). @since 1.3 */
enum mancala_mcts_param {
    /** The exploration constant c: UCB1's (default sqrt 2) or PUCT's (default 1.5), for
     *  rewards from 0 (a loss) to 1 (a win); 0 restores the default, at most 1e6. */
    MANCALA_MCTS_EXPLORATION = 1,
    /** Tree reuse: 1 keeps, at the next run, the part of the tree under the
     *  new position when it follows the last run's position by moves of the
     *  same round (the same game a few plies on); 0 (default) starts afresh. */
    MANCALA_MCTS_REUSE = 2
};

/**
 * @brief Creates a Monte Carlo tree search: seed 0, a limit of 1000
 *        playouts, UCT with random playouts, no tree reuse.
 * @param[out] out Receives the handle; unchanged on failure.
 * @return ::MANCALA_OK; ::MANCALA_E_INVALID if @p out is NULL;
 *         ::MANCALA_E_NOMEM.
 * @note The caller owns the handle (memory from malloc()) and releases it
 *       with mancala_mcts_free(). One handle per thread; distinct handles
 *       share nothing.
 * @since 1.3
 */
int mancala_mcts_new(mancala_mcts_tree **out);

/**
 * @brief Releases a tree search and its tree.
 * @param tree The handle; NULL is a no-op, and so is a call from its own
 *        callback during a run (free it after the run returns).
 * @since 1.3
 */
void mancala_mcts_free(mancala_mcts_tree *tree);

/**
 * @brief Sets one limit of the next runs; the run stops at the first one
 *        reached, after at least one playout.
 * @param tree The handle.
 * @param limit ::MANCALA_LIMIT_PLAYOUTS (default 1000), ::MANCALA_LIMIT_NODES
 *        (nodes of the tree, reused ones included; default no limit) or
 *        ::MANCALA_LIMIT_TIME_MS (default no limit).
 * @param value The limit, >= 0; 0 means none. With no limit at all a run
 *        goes on until mancala_mcts_cancel() or the tree fills memory.
 * @return ::MANCALA_OK; ::MANCALA_E_INVALID if @p tree is NULL;
 *         ::MANCALA_E_OPTION for another limit or a negative value;
 *         ::MANCALA_E_BUSY during a run (from the callback).
 * @since 1.3
 */
int mancala_mcts_set_limit(mancala_mcts_tree *tree, int limit, int64_t value);

/**
 * @brief Sets a ::mancala_mcts_param. Forgets the tree and the results.
 * @param tree The handle.
 * @param param The parameter.
 * @param value Its value, as ::mancala_mcts_param says.
 * @return ::MANCALA_OK; ::MANCALA_E_INVALID if @p tree is NULL;
 *         ::MANCALA_E_OPTION for an unknown parameter or a value out of its
 *         range; ::MANCALA_E_BUSY during a run.
 * @since 1.3
 */
int mancala_mcts_set_param(mancala_mcts_tree *tree, int param, double value);

/**
 * @brief Sets the seed of the playouts (default 0). Forgets the tree and
 *        the results.
 * @param tree The handle.
 * @param seed Any value.
 * @return ::MANCALA_OK; ::MANCALA_E_INVALID if @p tree is NULL;
 *         ::MANCALA_E_BUSY during a run.
 * @since 1.3
 */
int mancala_mcts_set_seed(mancala_mcts_tree *tree, uint64_t seed);

/**
 * @brief Guides the search by the caller's priors and values (PUCT)
 *        instead of random playouts (UCT). Forgets the tree and the results.
 *
 * With a callback, each run descends the tree by PUCT: the child that
 * maximises Q + c P sqrt(N) / (1 + n), where Q is the child's mean reward
 * (an unvisited child counts as a draw, 1/2), P its prior, N the parent's
 * visits, n the child's and c ::MANCALA_MCTS_EXPLORATION; at a leaf not
 * over it calls @p prior once, makes a child for every legal move and
 * backs the value up (a leaf that is over backs up its result). A
 * "playout" is then one such descent.
 *
 * @param tree The handle.
 * @param prior The callback, or NULL for UCT with random playouts (the default).
 * @param opaque Passed to @p prior.
 * @return ::MANCALA_OK; ::MANCALA_E_INVALID if @p tree is NULL;
 *         ::MANCALA_E_BUSY during a run.
 * @since 1.3
 */
int mancala_mcts_set_prior(mancala_mcts_tree *tree, mancala_prior_fn prior, void *opaque);

/**
 * @brief Searches the position of @p game until a limit is reached or the
 *        run is cancelled.
 *
 * Without a callback each playout is as in mancala_mcts(): the same
 * selection, expansion and random playout, so a fresh tree with a
 * playout limit and seed chooses the move mancala_mcts() chooses with
 * them. Deterministic for a given position, history, seed, playout limit,
 * callback (if deterministic itself) and, with reuse, the same earlier
 * runs; a time limit or a cancel makes it depend on the clock.
 *
 * @param tree The handle.
 * @param game The position; not modified.
 * @return ::MANCALA_OK; ::MANCALA_STOPPED if mancala_mcts_cancel() stopped
 *         it (the results of the playouts made are readable);
 *         ::MANCALA_E_INVALID if a pointer is NULL; ::MANCALA_E_OVER if the
 *         game or round is over; ::MANCALA_E_NOMEM (also beyond 2^31 - 1
 *         nodes); ::MANCALA_E_STATE if a line would pass the ply counter's
 *         limit; ::MANCALA_E_CANCELLED if the callback returned non-zero;
 *         ::MANCALA_E_BUSY if called from the callback. On any other
 *         failure the tree and the results are forgotten.
 * @note Allocates the tree (about 40 bytes a node) and a copy of @p game,
 *       kept until the next run or mancala_mcts_free().
 * @since 1.3
 */
int mancala_mcts_run(mancala_mcts_tree *tree, const mancala_game *game);

/**
 * @brief Stops the run of @p tree under way, from any thread or a signal
 *        handler; as mancala_search_cancel() for a searcher.
 * @param tree The handle; it must stay valid during the call.
 * @return 1 if a run was under way (it stops before its next playout), 0 if
 *         none was (the call then does nothing); ::MANCALA_E_INVALID if
 *         @p tree is NULL.
 * @note Thread-safe and async-signal-safe.
 * @since 1.3
 */
int mancala_mcts_cancel(mancala_mcts_tree *tree);

/**
 * @brief The move of the last run: the most visited; on ties the higher
 *        reward, then the lower pit.
 * @param tree The handle.
 * @return A pit; ::MANCALA_E_INVALID if @p tree is NULL; ::MANCALA_E_STATE
 *         if there are no results.
 * @since 1.3
 */
int mancala_mcts_best_move(const mancala_mcts_tree *tree);

/**
 * @brief The principal variation of the last run: from the root, the most
 *        visited child, then its most visited child, while one has visits.
 * @param tree The handle.
 * @param[out] moves Receives the moves; may be NULL if @p cap is 0.
 * @param cap Room in @p moves.
 * @return Its length (at most @p cap written, as snprintf() does);
 *         ::MANCALA_E_INVALID; ::MANCALA_E_STATE if there are no results.
 * @since 1.3
 */
int mancala_mcts_pv(const mancala_mcts_tree *tree, int *moves, size_t cap);

/**
 * @brief The statistics of the root after the last run, one entry per
 *        legal move in ascending pit order: the policy target and values
 *        of AlphaZero-style training.
 * @param tree The handle.
 * @param[out] moves The pits; each output may be NULL.
 * @param[out] visits The playouts through each move (reused ones included).
 * @param[out] values Each move's mean result for the player to move at the
 *        root, from -1 (all lost) to 1 (all won); 0 without visits.
 * @param[out] priors Each move's prior: the callback's, normalised, or
 *        1/count without a callback.
 * @param cap Room in each output array (::MANCALA_MAX_PITS suffices).
 * @return The number of legal moves; ::MANCALA_E_INVALID if @p tree is
 *         NULL; ::MANCALA_E_STATE if there are no results;
 *         ::MANCALA_E_NOSPACE if @p cap is below the count (nothing written).
 * @since 1.3
 */
int mancala_mcts_root(const mancala_mcts_tree *tree, int *moves, uint64_t *visits, double *values,
                      double *priors, size_t cap);

/**
 * @brief Playouts made by the last run (without the reused ones).
 * @param tree The handle.
 * @return The count; 0 if @p tree is NULL or there are no results.
 * @since 1.3
 */
uint64_t mancala_mcts_playouts(const mancala_mcts_tree *tree);

/**
 * @brief Visits of the root after the last run: its playouts and those
 *        of the reused tree.
 * @param tree The handle.
 * @return The count; 0 if @p tree is NULL or there are no results.
 * @since 1.3
 */
uint64_t mancala_mcts_visits(const mancala_mcts_tree *tree);

/* ======================================================================
 * Batched Monte Carlo tree search: one tree per game, stepped together,
 * the leaves of all trees evaluated by the caller in one call (a neural
 * network's forward pass), as DeepMind's mctx does. Since 1.4.
 * ====================================================================== */

/**
 * Many PUCT searches, one tree per game, grown together one simulation
 * per tree per round: mancala_batch_mcts_select() walks every tree down
 * to a leaf and gathers the leaves that need an evaluation into
 * contiguous arrays (observations `[L][4n + 7]`, legal masks `[L][n]`);
 * mancala_batch_mcts_answer() takes the caller's priors `[L][n]` and
 * values `[L]` for them, expands the leaves and backs the values up.
 * Leaves where the game or round is over are valued by the rules and
 * never handed out. There is no virtual loss: each tree has at most one
 * leaf out at a time, so a tree grows exactly as mancala_mcts_tree does
 * with PUCT, one simulation after another. Created by
 * mancala_batch_mcts_new(). @since 1.4
 */
typedef struct mancala_batch_mcts mancala_batch_mcts;

/** Parameters of a ::mancala_batch_mcts, set by mancala_batch_mcts_set_param().
 *  The values are part of the ABI. @since 1.4 */
enum mancala_batch_mcts_param {
    /** PUCT's constant c in Q + c P sqrt(N) / (1 + n), for Q from 0 (a
     *  loss) to 1 (a win), as ::MANCALA_MCTS_EXPLORATION for PUCT: more
     *  than 0, at most 1e6; default 1.5. */
    MANCALA_BATCH_MCTS_C_PUCT = 1,
    /** The concentration alpha of the Dirichlet noise mixed into the
     *  priors of each root when it is expanded (AlphaZero's self-play:
     *  0.3 for chess, about 10 / n for n moves); 0 (default) for no
     *  noise, at most 1e3. */
    MANCALA_BATCH_MCTS_DIRICHLET_ALPHA = 2,
    /** The share of the noise in the roots' priors, 0 ... 1 (default
     *  0.25): prior = (1 - share) P + share eta. */
    MANCALA_BATCH_MCTS_DIRICHLET_FRACTION = 3,
    /** How a game over at a leaf is valued, on the scale of the values
     *  answered (-1 ... 1 for its player to move): 0 (default) by its
     *  result, a win 1, a draw 0, a loss -1; 1 by the final stone
     *  difference over all the stones of the game (a win by 2 of
     *  Modiar's 42: 2 / 42), the scale of a value trained on the final
     *  difference, which the two scales would otherwise mix. */
    MANCALA_BATCH_MCTS_TERMINAL_STONES = 4
};

/**
 * @brief Creates a batched tree search of @p games trees, none with a
 *        root yet, each with room for @p max_simulations simulations.
 * @param[out] out Receives the handle; unchanged on failure.
 * @param rules A rules name, as for mancala_new(): every root must be a
 *        game of these rules.
 * @param games The number of trees, 1 ... 65,536.
 * @param max_simulations The simulations each search makes from its root,
 *        1 ... 100,000 (a simulation is one descent; the root's own
 *        evaluation is the first). The trees' memory is sized from it:
 *        `1 + max_simulations * n` nodes of 32 bytes per tree.
 * @param seed Seed of the Dirichlet noise and of mancala_batch_mcts_choose()
 *        (tree i has its own generator, made from @p seed and i).
 * @param[out] errbuf If not NULL, receives a one-line reason on failure,
 *        cut to @p errlen bytes; the empty string on success.
 * @param errlen Size of @p errbuf.
 * @return ::MANCALA_OK; ::MANCALA_E_INVALID if a pointer is NULL or a
 *         number is out of range; ::MANCALA_E_RULES; ::MANCALA_E_NOMEM.
 * @note The caller owns the handle and releases it with
 *       mancala_batch_mcts_free(). Every allocation of the search is made
 *       here (and by the roots' copies, see mancala_batch_mcts_set_root());
 *       selection, answers and results allocate nothing. One handle must
 *       not be used by two threads at once; distinct handles share
 *       nothing. There are no threads inside.
 * @since 1.4
 */
int mancala_batch_mcts_new(mancala_batch_mcts **out, const char *rules, int games,
                           int max_simulations, uint64_t seed, char *errbuf, size_t errlen);

/**
 * @brief Like mancala_batch_mcts_new(), with every allocation of the
 *        handle, its trees and its roots' games made by @p alloc.
 * @param[out] out Receives the handle.
 * @param rules A rules name.
 * @param games The number of trees.
 * @param max_simulations The simulations of a search.
 * @param seed The seed.
 * @param[out] errbuf As for mancala_batch_mcts_new(); may be NULL.
 * @param errlen Size of @p errbuf.
 * @param alloc The allocation function (NULL: the C library's); see
 *        mancala_new_with_allocator().
 * @param opaque Passed to @p alloc.
 * @return As mancala_batch_mcts_new().
 * @since 1.4
 */
int mancala_batch_mcts_new_with_allocator(mancala_batch_mcts **out, const char *rules, int games,
                                          int max_simulations, uint64_t seed, char *errbuf,
                                          size_t errlen, mancala_alloc_fn alloc, void *opaque);

/**
 * @brief Releases a batched tree search, its trees and its roots.
 * @param search The handle; NULL is a no-op.
 * @since 1.4
 */
void mancala_batch_mcts_free(mancala_batch_mcts *search);

/**
 * @brief Sets a ::mancala_batch_mcts_param, from the next selection on
 *        (the noise is mixed in when a root is expanded, at its first answer).
 * @param search The handle.
 * @param param The parameter.
 * @param value Its value, as ::mancala_batch_mcts_param says.
 * @return ::MANCALA_OK; ::MANCALA_E_INVALID if @p search is NULL;
 *         ::MANCALA_E_OPTION for an unknown parameter or a value out of
 *         its range (NaN included); ::MANCALA_E_STATE while leaves wait
 *         for an answer.
 * @since 1.4
 */
int mancala_batch_mcts_set_param(mancala_batch_mcts *search, int param, double value);

/**
 * @brief Starts tree @p index's search afresh at the position of @p game.
 *
 * The tree keeps a copy of @p game, history included, so that the
 * repetition rule sees the game's real history in the tree. With
 * @p game NULL the tree has no root: selections pass it by.
 *
 * @param search The handle.
 * @param index The tree, `0 ... games-1`.
 * @param game A game of the handle's rules, not over; not modified; or NULL.
 * @return ::MANCALA_OK; ::MANCALA_E_INVALID if @p search is NULL, or
 *         @p game is of other rules; ::MANCALA_E_RANGE if @p index is out
 *         of range; ::MANCALA_E_OVER if the game or round is over;
 *         ::MANCALA_E_STATE while leaves wait for an answer;
 *         ::MANCALA_E_NOMEM. On failure the tree has no root.
 * @note The copy is made with mancala_clone() (by @p game's allocator),
 *       the previous root's released: the one allocation after creation.
 *       The copy keeps the room for moves that @p game has (a new handle's
 *       512 plies a round); only a tree that descends beyond it makes
 *       mancala_play() grow the copy's history during a selection.
 * @since 1.4
 */
int mancala_batch_mcts_set_root(mancala_batch_mcts *search, int index, const mancala_game *game);

/**
 * @brief Starts tree @p index's search afresh at a position string.
 * @param search The handle.
 * @param index The tree.
 * @param position A position of the handle's rules (see mancala_parse()).
 * @return As mancala_batch_mcts_set_root(); ::MANCALA_E_PARSE for a
 *         malformed position (::MANCALA_E_INVALID for other rules or NULL).
 * @note The game is parsed with the handle's allocator.
 * @since 1.4
 */
int mancala_batch_mcts_set_position(mancala_batch_mcts *search, int index, const char *position);

/**
 * @brief One round: every tree with a root and simulations left descends
 *        by PUCT to a leaf; the leaves to evaluate are gathered.
 *
 * A tree whose leaf is over (the game or round ended there) backs up its
 * result (1 a win, 1/2 a draw, 0 a loss for the player who moved into it)
 * and descends again, until it reaches a leaf to evaluate or has made its
 * simulations. Leaf j (`0 ... L-1`) then has row j of
 * mancala_batch_mcts_observations() and mancala_batch_mcts_legal_masks(),
 * its tree in mancala_batch_mcts_leaf_trees() and its game in
 * mancala_batch_mcts_leaf_game(); leaves come in the order of their trees.
 * The children of a node are tried in ascending pit order; an unvisited
 * child counts as a draw (Q = 1/2); ties go to the first.
 *
 * @param search The handle.
 * @return L, the number of leaves to answer (0 once every search has made
 *         its simulations: the results are then final);
 *         ::MANCALA_E_INVALID if @p search is NULL; ::MANCALA_E_STATE if
 *         the last leaves were not answered.
 * @note Does not allocate and does no I/O.
 * @since 1.4
 */
int mancala_batch_mcts_select(mancala_batch_mcts *search);

/**
 * @brief The leaves' observations, float `[games][4n + 7]`, of which the
 *        first L rows are those of the last mancala_batch_mcts_select()
 *        (row j is mancala_observation() of leaf j's game).
 *
 * This and the other array getters return pointers into the handle: they
 * stay the same for its life, and their contents change at each selection.
 *
 * @param search The handle.
 * @return The array; NULL if @p search is NULL.
 * @since 1.4
 */
const float *mancala_batch_mcts_observations(const mancala_batch_mcts *search);

/**
 * @brief The leaves' legal masks, uint8 `[games][n]` (row j is
 *        mancala_legal_mask() of leaf j's game; never all 0).
 * @param search The handle.
 * @return The array; NULL if @p search is NULL.
 * @since 1.4
 */
const uint8_t *mancala_batch_mcts_legal_masks(const mancala_batch_mcts *search);

/**
 * @brief The tree of each leaf, int32 `[games]` (the first L entries).
 * @param search The handle.
 * @return The array; NULL if @p search is NULL.
 * @since 1.4
 */
const int32_t *mancala_batch_mcts_leaf_trees(const mancala_batch_mcts *search);

/**
 * @brief Leaf @p leaf's game: its tree's copy of the root, played down to
 *        the leaf, history included (for an evaluator that needs the exact
 *        game: a solved table, a search, a random playout).
 * @param search The handle.
 * @param leaf A leaf of the last selection, `0 ... L-1`.
 * @return The handle, owned by the search, valid until the answer; NULL
 *         if @p search is NULL, @p leaf is out of range or no leaf waits.
 * @since 1.4
 */
const mancala_game *mancala_batch_mcts_leaf_game(const mancala_batch_mcts *search, int leaf);

/**
 * @brief Answers the leaves of the last selection: expands each (a child
 *        for every legal move) and backs its value up its tree.
 * @param search The handle.
 * @param priors float `[L][n]`: the prior of each action of leaf j (its
 *        mover's actions, see mancala_num_actions()). Those of the legal
 *        actions are taken, negative, infinite and NaN ones counted as 0,
 *        and divided by their sum (all 0: the same for every move). At a
 *        root with Dirichlet noise the noise is mixed in after that.
 * @param values float `[L]`: the value of leaf j for its player to move,
 *        from -1 (a loss) through 0 to 1 (a win); clamped, NaN counts as 0.
 * @param leaves L, the count mancala_batch_mcts_select() returned.
 * @return ::MANCALA_OK; ::MANCALA_E_INVALID if a pointer is NULL or
 *         @p leaves is not L (nothing changes); ::MANCALA_E_STATE if no
 *         leaf waits.
 * @note Does not allocate and does no I/O.
 * @since 1.4
 */
int mancala_batch_mcts_answer(mancala_batch_mcts *search, const float *priors,
                              const float *values, size_t leaves);

/**
 * @brief Tree @p index's root: the visits of each action and its value.
 * @param search The handle.
 * @param index The tree.
 * @param[out] visits Receives n counts, one per action of the player to
 *        move at the root (0 for illegal ones): AlphaZero's policy target
 *        is them divided by their sum. May be NULL.
 * @param cap Room in @p visits (at least n if it is not NULL).
 * @param[out] value If not NULL, receives the root's mean value for its
 *        player to move, -1 ... 1 (0 before any simulation).
 * @return The simulations made from the root (its visits);
 *         ::MANCALA_E_INVALID if @p search is NULL; ::MANCALA_E_RANGE if
 *         @p index is out of range; ::MANCALA_E_STATE if the tree has no
 *         root; ::MANCALA_E_NOSPACE if @p cap is below n.
 * @since 1.4
 */
int mancala_batch_mcts_visits(const mancala_batch_mcts *search, int index, uint32_t *visits,
                              size_t cap, double *value);

/**
 * @brief The move tree @p index chooses: with temperature 0 the most
 *        visited action (ties: the higher mean value, then the lower
 *        action, as mancala_mcts_best_move()); above 0 an action drawn
 *        with probability proportional to visits^(1 / temperature), from
 *        the tree's generator.
 * @param search The handle.
 * @param index The tree.
 * @param temperature 0 ... 100.
 * @return The action (relative to the mover at the root: pit
 *         mancala_action_to_pit()); ::MANCALA_E_INVALID if @p search is
 *         NULL or @p temperature is out of range (NaN included);
 *         ::MANCALA_E_RANGE if @p index is out of range; ::MANCALA_E_STATE
 *         if the tree has no root or its root is not expanded yet (no
 *         answer). Before any child has visits (a single simulation) the
 *         priors take the place of the visits.
 * @note Deterministic for a seed and the same calls.
 * @since 1.4
 */
int mancala_batch_mcts_choose(mancala_batch_mcts *search, int index, double temperature);

/**
 * @brief Progress of a long computation.
 * @param opaque The caller's pointer.
 * @param step The step under way (for the solver: the layer, by stones on
 *        the board), from 0.
 * @param steps The number of steps.
 * @param done Work done so far in all (positions).
 * @param total Work in all.
 * @return 0 to go on, non-zero to cancel.
 */
typedef int (*mancala_progress_fn)(void *opaque, int step, int steps, uint64_t done, uint64_t total);

/**
 * A solved table, loaded read-only by mancala_table_open().
 *
 * A table is immutable once open: any number of threads may query one
 * table at the same time without locking (each with its own games).
 */
typedef struct mancala_table mancala_table;

/**
 * @brief Solves Modiar strongly and writes the table file.
 *
 * Computes, for every distribution of at most 42 stones over Modiar's six
 * pits and either player to move (24,543,024 positions; turning the board
 * round maps one player's positions onto the other's, so the file holds
 * 12,271,512 entries), the final stone difference the player to move can
 * force, as an interval [lo, hi] (see mancala_table_value()). Layers of
 * equal stones on the board are solved from the fewest stones up, each by
 * one retrograde attractor computation over all thresholds. Takes a few
 * seconds and about 64 MiB of memory (1.3.0); the file is 49,086,112 bytes.
 *
 * **File format** (version 2; all integers little-endian):
 *
 * | offset | size | field |
 * |---|---|---|
 * | 0  | 8  | magic: the bytes `89 4D 43 54 0D 0A 1A 0A` ("\x89MCT\r\n\x1a\n") |
 * | 8  | 4  | format version: 2 |
 * | 12 | 4  | header size: 64 |
 * | 16 | 16 | rules: "modiar", NUL-padded |
 * | 32 | 4  | index scheme: 1 (below) |
 * | 36 | 2  | pits: 6 |
 * | 38 | 2  | S, the most stones on the board a position may have: 42 |
 * | 40 | 4  | entry size: 4 |
 * | 44 | 4  | entry count N = C(S + 6, 6): 12,271,512 |
 * | 48 | 8  | reserved, 0 |
 * | 56 | 8  | checksum |
 * | 64 | 4N | the entries, then zero bytes to a multiple of 8 |
 *
 * The checksum is XXH3 (64 bit, https://xxhash.com) of the bytes from
 * offset 64 to the end, with the seed XXH3 (64 bit, seed 0) of the 64
 * header bytes with the checksum field set to zero:
 * `XXH3_64bits_withSeed(file + 64, size - 64, XXH3_64bits(header))`.
 * Version 1 (libmancala 1.0) had a weaker checksum; mancala_table_open()
 * refuses it with ::MANCALA_E_VERSION.
 *
 * **Index scheme 1.** A position is its pit counts seen from the player to
 * move: `r[0..2]` the mover's pits in sowing order, `r[3..5]` the
 * opponent's (South to move: `r[i]` = pit `i`; North: pit `(i + 3) % 6`).
 * Entries are ordered by the stones on the board `s`, then
 * lexicographically by `r[0], ..., r[5]`: the entry of a position is
 * `C(s + 5, 6) + sum(i = 0..4) [W(s_i, 6 - i) - W(s_i - r[i], 6 - i)]`,
 * where `s_i = s - r[0] - ... - r[i-1]` and `W(n, k) = C(n + k - 1, k - 1)`.
 *
 * **Entry:** int8 lo, int8 hi (the value of the rest of the game for the
 * player to move: stones they will still capture plus their row at the
 * end, minus the same for the opponent, without the first-move rule), then
 * uint16 distance: a bound on the moves within which the opponent of the
 * player to move forces a capture or the end worth hi for them, used to
 * choose best moves that never repeat a position (0xffff: they cannot
 * force one).
 *
 * **Writing.** The table is written to a new temporary file in the folder
 * of @p path (named `PATH.tmp-` and 8 hex digits), flushed to disk, then
 * renamed over @p path (with the permissions of the file it replaces): a
 * program that has the old table open keeps it, and a failed or cancelled
 * solve leaves @p path as it was. Nothing but
 * that temporary file is ever removed. If @p path is a symbolic link, the
 * file it leads to is replaced (since 1.4 also where it leads to no file
 * yet: the table is made there; 1.3 refused such a link). A
 * temporary file is created and removed before the solve starts, so an
 * unwritable destination fails at once, and created again only to write
 * the finished table, so a solve that is killed leaves none behind.
 *
 * **Threads.** The solver generates each layer's moves on one thread per
 * processor online; the table is the same byte for byte for any number.
 *
 * @param path Where to write the table: a new file, or a regular file to
 *        replace.
 * @param progress Called before each layer (step = stones on the board,
 *        steps = 43, done/total = positions), inside a layer at least
 *        every half second and between its phases (since 1.3; done then
 *        lies inside the layer), and once at the end; may be NULL. A
 *        non-zero return cancels the solve, except at the end (since 1.3:
 *        the table, complete, is written).
 * @param opaque Passed to @p progress.
 * @return ::MANCALA_OK; ::MANCALA_E_INVALID if @p path is NULL;
 *         ::MANCALA_E_NOMEM; ::MANCALA_E_IO if @p path names something
 *         other than a regular file (a device, FIFO or folder), if its
 *         folder cannot be written, or if writing fails (then @p path is
 *         as it was);
 *         ::MANCALA_E_CANCELLED if @p progress asked to stop (nothing is
 *         written). Since 1.4, after ::MANCALA_E_IO `errno` holds the
 *         system's reason (such as `ENOSPC`, no space left on device, or
 *         `EISDIR` for a folder).
 * @note Thread-safe (uses no shared state); the command `mancala solve
 *       modiar` calls it and prints the start position's value.
 */
int mancala_solve_modiar(const char *path, mancala_progress_fn progress, void *opaque);

/**
 * @brief Opens a table file written by mancala_solve_modiar() (Modiar),
 *        mancala_solve_rio_kadalis() (Rio Kadalis endgames) or
 *        mancala_solve_rio_kadalis_config() (Rio Kadalis match rounds).
 *
 * Reads the whole file into memory that the table owns and checks it there:
 * the header, the checksum, and that every entry is a possible value. The
 * table then no longer depends on the file: replacing, rewriting or
 * truncating it afterwards changes nothing for the open table. Takes some
 * tens of milliseconds for the full Modiar table (49 MB of memory).
 * A FIFO, device or directory is refused without waiting for data.
 *
 * @param[out] out Receives the table; unchanged on failure.
 * @param path The file.
 * @return ::MANCALA_OK; ::MANCALA_E_INVALID if a pointer is NULL;
 *         ::MANCALA_E_IO if the file cannot be opened or read, or is not a
 *         regular file; ::MANCALA_E_VERSION if it is a table of another
 *         format version (such as one written by libmancala 1.0: solve it
 *         again); ::MANCALA_E_FORMAT if it is not a valid table (magic,
 *         rules, sizes, truncation, checksum, values); ::MANCALA_E_NOMEM.
 * @note The caller owns the table and closes it with mancala_table_close()
 *       once no thread uses it.
 */
int mancala_table_open(mancala_table **out, const char *path);

/** @brief Closes a table and frees its memory. @param table The table; NULL is a no-op. */
void mancala_table_close(mancala_table *table);

/**
 * @brief Opens a table from the bytes of a table file, for programs that
 *        have no file system (a WebAssembly page) or keep the file elsewhere.
 *
 * The same as mancala_table_open() on a file holding those @p size bytes,
 * with the same checks. The table works on its own copy of the bytes.
 *
 * @param[out] out Receives the table; unchanged on failure.
 * @param data The bytes of a table file; may be NULL if @p size is 0.
 * @param size Their count.
 * @return ::MANCALA_OK; ::MANCALA_E_INVALID if @p out is NULL, or @p data
 *         is NULL with @p size > 0; ::MANCALA_E_VERSION or
 *         ::MANCALA_E_FORMAT if the bytes are not a valid table (as for
 *         mancala_table_open());
 *         ::MANCALA_E_NOMEM.
 * @note Copies @p data: the caller keeps ownership of it and may change or
 *       free it as soon as the call returns. The caller owns the table and
 *       closes it with mancala_table_close(). Thread-safe.
 * @since 1.1
 */
int mancala_table_open_memory(mancala_table **out, const void *data, size_t size);

/**
 * @brief The rules a table is for: the positions it can answer for are
 *        games of these rules.
 * @param table The table.
 * @return "modiar", "rio-kadalis" or (for tables of
 *         mancala_solve_rio_kadalis_config()) another Rio Kadalis rules
 *         name such as "rio-kadalis-5-cw", a static string owned by the library;
 *         NULL if @p table is NULL.
 * @note Thread-safe.
 * @since 1.1
 */
const char *mancala_table_rules(const mancala_table *table);

/**
 * @brief The most stones on the board of a position the table covers
 *        (42 for the full Modiar table; the solver's `max_stones`).
 * @param table The table.
 * @return The count; ::MANCALA_E_INVALID if @p table is NULL.
 * @note Thread-safe.
 * @since 1.1
 */
int mancala_table_max_stones(const mancala_table *table);

/**
 * @brief The solved value of a position: the final stone difference
 *        (player to move minus opponent, the captures and banks so far
 *        included) that the player to move can force, as an interval
 *        [lo, hi]. For Modiar tables and Rio Kadalis endgame tables.
 *
 * Because of the repetition rule, the exact value of a position inside a
 * cycle of capture-free moves can depend on the history. @p lo is what the
 * player to move can guarantee by forcing the game to a real end (or a
 * capture) in a finite number of moves; @p hi is what the opponent can
 * hold them to in the same way. Forcing strategies never repeat a
 * position, so the value with the repetition rule (or without it, for any
 * scoring of unending games within the stones on the board) lies in
 * [lo, hi] for a position reached without history, and lo == hi means it
 * is exact: in Modiar the case for all but 7,652 of the 12,271,512
 * entries (each stands for a position with either player to move). A side
 * that cannot force an end at all is given the worst case, every stone on
 * the board to the other side. The game's history is not consulted.
 *
 * At ply 0 the first-move rule (RULES.md, Modiar rule 4) applies, so the
 * value comes from the table through one move of lookahead. A game that is
 * over (also by repetition) is worth its final score difference.
 *
 * @param table The table.
 * @param game The position; not modified.
 * @param[out] lo Receives the lower bound.
 * @param[out] hi Receives the upper bound.
 * @return ::MANCALA_OK; ::MANCALA_E_INVALID if a pointer is NULL;
 *         ::MANCALA_E_UNSUPPORTED if @p game is not of the table's rules;
 *         ::MANCALA_E_RANGE if the position has more stones on the board
 *         than the table holds, other closed pits than the table's (none,
 *         except for tables of mancala_solve_rio_kadalis_config(): those,
 *         or those turned round by half a turn), or a
 *         count of stones the table skips (not a multiple of 4 in a table
 *         of multiples of 4).
 * @note Does not allocate. Thread-safe: reads the table and the game only.
 */
int mancala_table_value(const mancala_table *table, const mancala_game *game, int *lo, int *hi);

/**
 * @brief The best moves of a position by the table.
 *
 * The moves that force the position's lo and bring the end of the game
 * nearer: a player who always plays one of them from a position reached
 * without history (or from the start of the game) finishes with at least
 * lo. Where several moves keep lo, those that would let the game turn in a
 * cycle are left out, so the list may not hold every move of value lo; it
 * is never empty while the game goes on. In Modiar, where either player
 * can always force the game to end, such a player never repeats a
 * position (the start position aside); in Rio Kadalis endgames a player
 * who cannot force an end may still see the round end by repetition,
 * never below lo.
 *
 * @param table The table.
 * @param game The position; not modified.
 * @param[out] moves Receives the moves, ascending; may be NULL if the game
 *        is over.
 * @param cap Room in @p moves (::MANCALA_MAX_PITS suffices; 3 for Modiar).
 * @return The count (0 when the game is over); ::MANCALA_E_INVALID if
 *         @p table or @p game is NULL, or @p moves is NULL while there is a
 *         move to write; ::MANCALA_E_NOSPACE if @p cap is below the count
 *         (nothing is written); ::MANCALA_E_UNSUPPORTED if @p game is not
 *         of the table's rules; ::MANCALA_E_RANGE as for
 *         mancala_table_value().
 * @note Does not allocate. Thread-safe.
 */
int mancala_table_best_moves(const mancala_table *table, const mancala_game *game, int *moves, size_t cap);

/**
 * @brief Solves Rio Kadalis endgames and writes their table file.
 *
 * Like mancala_solve_modiar(), for the positions of a "rio-kadalis" round
 * (2 x 6 pits, counter-clockwise) with every pit open and at most
 * @p max_stones stones on the board, either player to move. The file has
 * the same format, with rules "rio-kadalis", 12 pits and index scheme 1 on
 * 12 pit counts (`r[0..5]` the mover's row, `r[6..11]` the opponent's).
 * A move that captures for the opponent (a four formed in their row,
 * rule 3) counts against the mover. mancala_table_value() and
 * mancala_table_best_moves() then answer for "rio-kadalis" games whose
 * pits are all open and that have at most @p max_stones stones on the
 * board (captures and banks included in the value).
 *
 * Sizes: C(max_stones + 12, 12) entries of 4 bytes: 2,704,156 for 12
 * stones (10.8 MB), 30,421,755 for 16 (122 MB; the solve then needs
 * about 0.3 GiB of memory).
 *
 * @param path Where to write the table.
 * @param max_stones The most stones on the board, 0 ... 16.
 * @param progress As for mancala_solve_modiar(); may be NULL.
 * @param opaque Passed to @p progress.
 * @return As mancala_solve_modiar(); ::MANCALA_E_INVALID also for
 *         @p max_stones out of range.
 */
int mancala_solve_rio_kadalis(const char *path, int max_stones, mancala_progress_fn progress,
                              void *opaque);

/**
 * @brief Solves the positions of one Rio Kadalis round configuration and
 *        writes their table file.
 *
 * A round of a match is played on a board where some pits are closed
 * (RULES.md, "Match": South opens its k_s highest-numbered pits, North its
 * k_n highest-numbered ones). This solves, like mancala_solve_rio_kadalis(),
 * every position of such a board with either player to move: the pits in
 * @p closed are closed, the others hold any counts with at most
 * @p max_stones stones on the board in all, and with @p step = 4 only the
 * counts that are multiples of 4 (the only ones a match round has on its
 * board, since every capture takes four stones). Any set of closed pits is
 * accepted, not only those of the match rule.
 *
 * The file has the format of mancala_solve_modiar() with these changes:
 * the rules name is @p rules; the two bytes at offset 48 hold @p closed
 * (u16) and the byte at offset 50 holds 4 if only multiples of 4 are
 * covered (0 otherwise); the entries cover the layers s = 0 ... S
 * (multiples of 4 only, if so), each of them the open pits' counts seen
 * from the player to move (open pits in the order of pit numbers starting
 * from the mover's first pit) in index scheme 1 on that many pits. Where
 * the closed pits are not the same after turning the board round (k_s !=
 * k_n), each layer holds the positions with South to move, then those
 * with North to move. A table with no pit closed and every layer is
 * byte for byte the one of mancala_solve_rio_kadalis().
 *
 * mancala_table_value(), mancala_table_best_moves() and
 * mancala_search_set_table() then answer for the games of @p rules whose
 * closed pits are exactly @p closed and whose stones on the board are a
 * layer the table covers, whatever the captures and banks. They answer
 * too (since 1.2) where the closed pits are @p closed turned round by half
 * a turn (pit p closed there where pit (p + n) mod 2n is closed in
 * @p closed): that board is the same game with the players' seats
 * exchanged (the match rule's open pits of South's KS and North's KN
 * turned round are those of South's KN and North's KS), so one table
 * serves a round and the one with the roles of the players exchanged.
 *
 * Sizes: entries (4 bytes) = sum over the layers s of C(s + m - 1, m - 1)
 * (times 2 if k_s != k_n), m the open pits; the solve needs about 3
 * bytes per position of the largest layer beyond the table, plus 4 per
 * move inside the layer (about 1 a position with a player of one or two
 * pits, 2.4 with every pit open): 7 bytes a position for k_s = 2,
 * k_n = 6, step 4, every stone of the round (207 MB written, 0.4 GiB).
 *
 * @param path Where to write the table.
 * @param rules "rio-kadalis", "rio-kadalis-5", "rio-kadalis-cw" or
 *        "rio-kadalis-5-cw".
 * @param closed The closed pits: bit p set for pit p (p < 2n); not every pit.
 * @param max_stones The most stones on the board, 0 ... 48 (40 with 5 holes).
 * @param step 1 for every count of stones, 4 for multiples of 4 only.
 * @param progress As for mancala_solve_modiar() (step = the layer being
 *        solved, steps = @p max_stones + 1); may be NULL.
 * @param opaque Passed to @p progress.
 * @return As mancala_solve_modiar(); ::MANCALA_E_INVALID also for unknown
 *         or non-Rio Kadalis @p rules, @p closed naming pits the board
 *         does not have or every pit, @p max_stones out of range, @p step
 *         other than 1 or 4, or a table of more than 2^32 - 1 entries;
 *         since 1.3, for the partial file `PATH.partial` (below, left as
 *         it is in each case): ::MANCALA_E_BUSY if another solve is using
 *         it, ::MANCALA_E_VERSION if it was written by libmancala 1.2 or
 *         another partial format, ::MANCALA_E_FORMAT if it is not the
 *         partial file of these arguments or a finished layer in it does
 *         not match its checksum (delete it to solve from the start).
 *         Since 1.4, ::MANCALA_E_IO also if a finished layer cannot be
 *         written to the partial file (a full disk): the solve stops
 *         there, the partial file keeping the layers before it (the one
 *         @p progress reported last is the one not kept), and the same
 *         call goes on from them once the problem is fixed (1.3 removed
 *         the partial file and went on without it). `errno` then says why,
 *         as for mancala_solve_modiar().
 *
 * **Resuming.** After each layer the solver writes it to `PATH.partial`
 * (PATH as resolved for the table: through a symbolic link, the file it
 * leads to, so the partial file is beside that file) with its checksum, flushed to disk
 * before the file's header counts it. A solve that is killed or cancelled
 * and then run again with the same arguments verifies the layers finished
 * so far, reads them and goes on; the table it writes is the one an
 * uninterrupted solve writes, byte for byte. The partial file is removed
 * once the table is in place. While a solve runs, it holds a write lock on
 * the partial file (an open file description lock, `fcntl(F_OFD_SETLK)`,
 * where the system has them, else `F_SETLK`; on Windows, `LockFileEx()`
 * on a byte far past its end). Since 1.3 a partial file
 * that is locked, of other arguments, damaged, of another format, or is no
 * partial file at all is refused, never reused or wiped (1.2 started one
 * of other arguments afresh and resumed one whatever its contents). The
 * format (version 1 of partial files, 1.3):
 *
 * | offset | size | field |
 * |---|---|---|
 * | 0 | 64 | the table's header (its arguments), except: |
 * | 51 | 1 | partial format version: 1 (0 in the partial files of 1.2) |
 * | 56 | 8 | the stones of the first layer not yet finished |
 * | 64 | 4N | the entries of the finished layers, at their place in the table (the rest is a hole) |
 * | 64 + 4N + 8s | 8 | for each finished layer s: XXH3 of its entries, seeded with XXH3 of the 64 header bytes with offset 56 zero |
 *
 * **Stopping.** The progress callback is also called inside a layer
 * (since 1.3: between its phases, and at least every half second, with
 * @p done between the layer's first entry and the next layer's), so that
 * a request to stop is answered within about a second; the finished
 * layers stay in the partial file. A request to stop once every layer is
 * solved (at the final call) is ignored and the table is written.
 *
 * @note Thread-safe. The command `mancala solve RULES --open KS,KN` calls
 *       it.
 * @since 1.1
 */
int mancala_solve_rio_kadalis_config(const char *path, const char *rules, unsigned closed,
                                     int max_stones, int step, mancala_progress_fn progress,
                                     void *opaque);

/**
 * @brief The pits a player opens for the next round of a match, holding
 *        @p stones stones (RULES.md, "Match"): one for each four, at most
 *        the pits of a row.
 * @param rules A rules name with rounds (::MANCALA_RULES_ROUNDS).
 * @param stones The stones the player holds, 0 or more.
 * @return min(holes, @p stones / 4); ::MANCALA_E_INVALID if @p rules is
 *         NULL or @p stones negative; ::MANCALA_E_RULES for an unknown
 *         name; ::MANCALA_E_UNSUPPORTED for rules without rounds.
 * @note Does not allocate. Thread-safe.
 * @since 1.4
 */
int mancala_round_open_pits(const char *rules, int stones);

/**
 * @brief The closed pits of a round where South has its @p south_open
 *        highest-numbered pits open and North its @p north_open (as a
 *        round of a match opens them), as mancala_solve_rio_kadalis_config()
 *        takes them.
 * @param rules A rules name with rounds (::MANCALA_RULES_ROUNDS).
 * @param south_open South's open pits, 1 to the holes of a row.
 * @param north_open North's open pits, 1 to the holes of a row.
 * @return The set of closed pits, bit p for pit p (0 when every pit is
 *         open); ::MANCALA_E_INVALID if @p rules is NULL or a count is out
 *         of range; ::MANCALA_E_RULES for an unknown name;
 *         ::MANCALA_E_UNSUPPORTED for rules without rounds.
 * @note Does not allocate. Thread-safe.
 * @since 1.4
 */
int mancala_round_closed_pits(const char *rules, int south_open, int north_open);

/**
 * @brief The file name of the table of such a round:
 *        `RULES-open-KS-KN.table`, where `mancala analyze` and the perfect
 *        player look for it, and where `mancala solve RULES --open KS,KN`
 *        writes it.
 * @param rules A rules name with rounds (::MANCALA_RULES_ROUNDS).
 * @param south_open South's open pits, 1 to the holes of a row.
 * @param north_open North's open pits, 1 to the holes of a row.
 * @param[out] buf Receives the NUL-terminated name, cut to @p size - 1
 *        bytes if longer (as snprintf() does). May be NULL if @p size is 0.
 * @param size Size of @p buf; 32 bytes always suffice.
 * @return The length of the name (not counting the NUL), whether or not
 *         it fitted; errors as mancala_round_closed_pits(), and
 *         ::MANCALA_E_INVALID also for @p buf NULL with @p size > 0.
 * @note Does not allocate. Thread-safe.
 * @since 1.4
 */
int mancala_round_table_name(const char *rules, int south_open, int north_open, char *buf,
                             size_t size);

/**
 * @brief The format version of the table file at @p path (bytes 8 to 11
 *        of its header), or, with @p path NULL, the newest version this
 *        library reads and writes.
 *
 * It reads and writes versions 2 (mancala_solve_modiar(),
 * mancala_solve_rio_kadalis_config()) and 3 (mancala_solve_lean()). For a
 * message about a table mancala_table_open() refused with
 * ::MANCALA_E_VERSION (`table format 1, expected 2 to 3: solve again`).
 *
 * @param path A table file, or NULL.
 * @return The version, 0 or more; ::MANCALA_E_IO if the file cannot be
 *         opened or read, or is not a regular file; ::MANCALA_E_FORMAT if
 *         it does not start as a table file.
 * @note Reads 12 bytes of the file; does not allocate. Thread-safe.
 * @since 1.4
 */
int mancala_table_file_format(const char *path);

/**
 * @brief Solves a table as mancala_solve_rio_kadalis_config() (or, for
 *        "modiar", as mancala_solve_modiar()) with the lean solver: the
 *        same value in every entry, in a fraction of the memory.
 *
 * The lean solver keeps no list of the moves that lead to a position: it
 * sweeps each layer in index order, generating every position's moves
 * again, and tightens the bounds lo and hi of each position from those of
 * its children, the new ones used at once, until a sweep changes nothing;
 * then it settles the distances, one level a sweep. It needs 2 bytes an
 * entry for the whole table and 2 more a position of the largest layer
 * (the distances under way), where mancala_solve_rio_kadalis_config()
 * needs 4 an entry and 7 to 14 a position of the largest layer; it
 * generates moves more often, but skips the positions already exact.
 *
 * It writes a table of **format 3** (mancala_table_file_format()), which
 * mancala_table_open() reads as it reads format 2: the header of format 2
 * with 3 at offset 8, an entry size of 2 at offset 40, and the entry count
 * as 64 bits (its low half at offset 44, its high half at offset 52); then
 * two bytes an entry: the int8 lo, and a byte whose bit 7 is set where
 * the position is not exact and whose low 7 bits are its distance (127 for
 * none). Where the position is exact, hi = lo; where it is not, hi is the
 * largest of (stones the move gains - lo of the position it leads to) over
 * its moves, which the solution satisfies at every position: the reader
 * computes it from the table. Every entry has the same lo and hi as the
 * table of mancala_solve_rio_kadalis_config() (or mancala_solve_modiar())
 * of the same arguments, and no distance exactly where that table has
 * none. The other distances are the least ones of their kind (the
 * opponent of the player to move forces hi within that many moves), so
 * they may differ, and serve mancala_table_best_moves() the same way: a
 * player who plays its best moves never repeats a position. The table is
 * the same byte for byte for any number of threads, and after any number
 * of stops and resumptions. It resumes from and writes `PATH.partial`
 * after each layer, locked and checked exactly as
 * mancala_solve_rio_kadalis_config() does (in the partial format of that
 * function, with entries of 2 bytes and the header of format 3: a partial
 * file of the other solver is refused), and calls @p progress as it does
 * (inside a layer, @p done goes through the layer once per sweep). Inside
 * a layer it also keeps the state of the layer under way in that file,
 * after every sweep but at most once a minute (or a tenth of the time, if
 * writing it takes longer than 6 seconds) and whenever it is stopped,
 * after the per-layer checksums (a 64-byte record with its own checksum;
 * see doc/engine.md): a solve stopped inside a layer goes on from there.
 *
 * @param path Where to write the table.
 * @param rules "modiar" (then @p closed 0 and @p step 1), "rio-kadalis",
 *        "rio-kadalis-5", "rio-kadalis-cw" or "rio-kadalis-5-cw".
 * @param closed The closed pits: bit p set for pit p (p < 2n); not every pit.
 * @param max_stones The most stones on the board: 0 ... 42 for Modiar,
 *        48 (40 with 5 holes) for Rio Kadalis.
 * @param step 1 for every count of stones, 4 for multiples of 4 only.
 * @param progress As for mancala_solve_rio_kadalis_config(); may be NULL.
 * @param opaque Passed to @p progress.
 * @return As mancala_solve_rio_kadalis_config(); ::MANCALA_E_INVALID also
 *         for closed pits or a step other than 1 with "modiar";
 *         ::MANCALA_E_RANGE if a distance would not fit 7 bits (the
 *         largest measured is about 60). The table and its memory are the caller's concern
 *         only through @p path: nothing is kept after the call.
 * @note Thread-safe (uses no shared state); uses one thread per processor
 *       online. The command `mancala solve RULES --lean` calls it.
 * @since 1.4
 */
int mancala_solve_lean(const char *path, const char *rules, unsigned closed, int max_stones,
                       int step, mancala_progress_fn progress, void *opaque);

/**
 * @brief Lets a searcher use a solved table (a Modiar table or Rio Kadalis
 *        endgames) for the positions it covers.
 *
 * Where the search reaches a position the table answers for
 * (mancala_table_value() returns ::MANCALA_OK: the table's rules and closed
 * pits, a count of stones on the board it holds), it uses the table's interval
 * [lo, hi] as follows. The interval ignores the game's history, and under
 * the repetition rule the history can change a position's value, so:
 * - where no position has occurred since the last capture (the position
 *   was reached by a capture, or is the searched position itself with no
 *   such history), or the repetition rule is off, the interval holds
 *   exactly: lo == hi is the position's proven value, and a bound outside
 *   the search window cuts the search off as a proven bound. The root is
 *   still searched (it needs a best move).
 * - elsewhere the table only evaluates the search's leaves: lo where
 *   lo == hi, otherwise the evaluation (mancala_search_set_eval()) held
 *   within [lo, hi]. That is the value without the history, an estimate
 *   like any evaluation: it never makes a score proven.
 *
 * @param search The searcher.
 * @param table The table, or NULL to stop using one (the default). A table
 *        of other rules is allowed: it then answers for no position.
 * @return ::MANCALA_OK; ::MANCALA_E_INVALID if @p search is NULL;
 *         ::MANCALA_E_BUSY during a run of this searcher.
 * @note The searcher borrows @p table: it must stay open until the
 *       searcher is freed or given another table. A table is read-only, so
 *       any number of searchers, in any threads, may share one.
 */
int mancala_search_set_table(mancala_search *search, const mancala_table *table);

/* ======================================================================
 * Learning: actions relative to the mover, observations, returns, and
 * batches of games stepped together. Since 1.3.
 * ====================================================================== */

/**
 * @brief The size of the action space: `n`, the pits of one row (3 for
 *        Modiar, 6 for Rio Kadalis, 5 for the `-5` boards).
 *
 * Action `a` (`0 ... n-1`) is the mover's `a`-th pit counted in their own
 * row's order, left to right as the mover sees it: pit `a` when South is
 * to move, pit `n + a` when North is (the numbering of OpenSpiel's oware).
 * The board looks the same from either seat in these terms, and the
 * sowing direction is a property of the rules, not of the seat, so one
 * policy serves both players. Closed pits and illegal pits keep their
 * action numbers (the mask says they cannot be played).
 *
 * @param game The game.
 * @return `n`; ::MANCALA_E_INVALID if @p game is NULL.
 * @note Thread-safe as a reader of @p game.
 * @since 1.3
 */
int mancala_num_actions(const mancala_game *game);

/**
 * @brief The pit an action of the player to move starts from.
 * @param game The game.
 * @param action An action, `0 ... n-1` (see mancala_num_actions()).
 * @return The absolute pit number, `to_move * n + action`, which
 *         mancala_play() takes (whether or not it is legal);
 *         ::MANCALA_E_INVALID if @p game is NULL; ::MANCALA_E_RANGE if
 *         @p action is outside `0 ... n-1`.
 * @note Thread-safe as a reader of @p game.
 * @since 1.3
 */
int mancala_action_to_pit(const mancala_game *game, int action);

/**
 * @brief The action of the player to move that starts from a pit.
 * @param game The game.
 * @param pit A pit of the mover's row (absolute number).
 * @return The action, `pit - to_move * n`; ::MANCALA_E_INVALID if
 *         @p game is NULL; ::MANCALA_E_RANGE if @p pit is not a pit of
 *         the player to move.
 * @note Thread-safe as a reader of @p game.
 * @since 1.3
 */
int mancala_pit_to_action(const mancala_game *game, int pit);

/**
 * @brief The legal actions of the player to move as a mask.
 * @param game The game.
 * @param[out] mask Receives `n` bytes: `mask[a]` is 1 if action @p a is
 *        legal, 0 if not (all 0 once the game or round is over).
 * @param len Room in @p mask; at least mancala_num_actions().
 * @return The number of legal actions (the ones in @p mask);
 *         ::MANCALA_E_INVALID if a pointer is NULL; ::MANCALA_E_NOSPACE
 *         if @p len is below `n` (nothing is written).
 * @note Does not allocate. Thread-safe as a reader of @p game.
 * @since 1.3
 */
int mancala_legal_mask(const mancala_game *game, uint8_t *mask, size_t len);

/**
 * @brief The length of an observation, `4n + 7` (19 for Modiar, 31 for
 *        Rio Kadalis, 27 on 5 holes).
 * @param game The game.
 * @return The length in elements (floats for mancala_observation(), bytes
 *         for mancala_observation_bytes()); ::MANCALA_E_INVALID if
 *         @p game is NULL.
 * @note Thread-safe as a reader of @p game.
 * @since 1.3
 */
int mancala_observation_size(const mancala_game *game);

/**
 * @brief The position as a learner sees it, from the player to move's
 *        side: a vector of `4n + 7` floats.
 *
 * "Mover" is the player to move, "opponent" the other one; the board is
 * turned so that the mover's row comes first, each row in its owner's
 * order (the order of actions). Stone counts are divided by the stones of
 * the game, S = 42 (Modiar), 48 (Rio Kadalis) or 40 (5 holes), so that
 * they lie in [0, 1]; mancala_observation_bytes() gives them unscaled.
 *
 * | offset         | meaning                                              | range       |
 * |----------------|------------------------------------------------------|-------------|
 * | a (0 ... n-1)  | stones in the mover's pit of action a, / S           | 0 ... 1     |
 * | n + a          | stones in the opponent's pit of their action a, / S  | 0 ... 1     |
 * | 2n + a         | 1 if the mover's pit of action a is closed           | 0 or 1      |
 * | 3n + a         | 1 if the opponent's pit of their action a is closed  | 0 or 1      |
 * | 4n             | stones the mover captured in this game or round, / S | 0 ... 1     |
 * | 4n + 1         | stones the opponent captured, / S                    | 0 ... 1     |
 * | 4n + 2         | the mover's bank (Rio Kadalis), / S                  | 0 ... 1     |
 * | 4n + 3         | the opponent's bank, / S                             | 0 ... 1     |
 * | 4n + 4         | 1 on Modiar's first move (ply 0: captures forfeited, Modiar rule 4) | 0 or 1 |
 * | 4n + 5         | the round minus 1 (0 in Modiar and the first round), unscaled | 0, 1, 2, ... |
 * | 4n + 6         | plies since the last capture (or since the round began, or the handle was created at a parsed position), unscaled | 0, 1, 2, ... |
 *
 * The opponent's pit of their action a is pit `opponent * n + a`: with
 * South to move, offsets `n ... 2n-1` are pits `n ... 2n-1`; with North
 * to move, offsets `0 ... n-1` are pits `n ... 2n-1` and offsets
 * `n ... 2n-1` pits `0 ... n-1` (the board turned by half a turn). Once
 * the game or round is over the observation is still written, for the
 * player who would move.
 *
 * **What it cannot carry.** The repetition rule (RULES.md, "Both games:
 * repetition") ends a round when a position recurs, so which moves end
 * the round at once depends on the positions since the last capture,
 * not only on the current one. The observation carries how many there
 * are (offset 4n + 6), not which: two positions with the same
 * observation may differ in which moves repeat. The same holds for the
 * match-repetition rule (the states that started earlier rounds). A
 * learner that sees only the observation therefore plays a slightly
 * different game (a partially observed one) near cycles: a value net
 * cannot tell that a move will end the round by repetition. Agents that
 * need the exact game keep the handle (mancala_clone() from a batch with
 * mancala_batch_game()) and ask it: the legal mask and mancala_play()
 * know the history. The options of the handle (repetition rule on or off,
 * round limit) are not in it either.
 *
 * @param game The game.
 * @param[out] buf Receives mancala_observation_size() floats.
 * @param len Room in @p buf, in floats.
 * @return The number of floats written; ::MANCALA_E_INVALID if a pointer
 *         is NULL; ::MANCALA_E_NOSPACE if @p len is below the size
 *         (nothing is written).
 * @note Does not allocate. Thread-safe as a reader of @p game.
 * @since 1.3
 */
int mancala_observation(const mancala_game *game, float *buf, size_t len);

/**
 * @brief The same observation as mancala_observation(), unscaled, one
 *        byte an entry.
 *
 * Same layout and size; stone counts are raw (0 ... 48), flags 0 or 1,
 * and the two counts at offsets 4n + 5 and 4n + 6 stop at 255.
 *
 * @param game The game.
 * @param[out] buf Receives mancala_observation_size() bytes.
 * @param len Room in @p buf.
 * @return As mancala_observation().
 * @note Does not allocate. Thread-safe as a reader of @p game.
 * @since 1.3
 */
int mancala_observation_bytes(const mancala_game *game, uint8_t *buf, size_t len);

/** Flags of mancala_returns() and ::MANCALA_BATCH_OPT_REWARD. Since 1.3. */
enum mancala_returns_flag {
    /** The final stone difference, (player's stones - opponent's) / S with
     *  S the stones of the game (42, 48, 40), in [-1, 1], instead of
     *  win/draw/loss (+1, 0, -1). */
    MANCALA_RETURNS_STONES = 1,
    /** The match (Rio Kadalis; for Modiar the game is the match) instead of
     *  the current round: its winner by mancala_match_winner(), and the
     *  stones each player holds at its end. */
    MANCALA_RETURNS_MATCH = 2
};

/**
 * @brief Each player's return: the outcome of the round or match, once it
 *        is over.
 *
 * Without ::MANCALA_RETURNS_STONES: +1 for the winner, -1 for the loser, 0
 * each for a draw (mancala_winner(), or mancala_match_winner() with
 * ::MANCALA_RETURNS_MATCH). With it: (mancala_score() of the player -
 * that of the opponent) / S. The two values always add up to 0.
 *
 * @param game The game.
 * @param flags 0 or an OR of ::mancala_returns_flag values.
 * @param[out] returns Receives South's return, then North's; both 0
 *        while the round (or the match) goes on.
 * @return 1 if the round (or match) is over and the returns are final, 0
 *         if it goes on; ::MANCALA_E_INVALID if a pointer is NULL;
 *         ::MANCALA_E_OPTION for an unknown flag.
 * @note Does not allocate. Thread-safe as a reader of @p game.
 * @since 1.3
 */
int mancala_returns(const mancala_game *game, unsigned flags, float returns[2]);

/**
 * An opaque batch of games of one rules set, stepped together, with the
 * arrays a learner reads (observations, masks, rewards, flags) kept
 * contiguous and row-major inside it. Since 1.3.
 */
typedef struct mancala_batch mancala_batch;

/**
 * Options of a batch, set by mancala_batch_set_option(). The values are
 * part of the ABI. The game options (::MANCALA_OPT_REPETITION,
 * ::MANCALA_OPT_MATCH_REPETITION, ::MANCALA_OPT_MAX_ROUNDS) are accepted
 * too and set on every game. Every option but ::MANCALA_BATCH_OPT_THREADS
 * takes effect at the next mancala_batch_reset(). Since 1.3.
 */
enum mancala_batch_option {
    /** What happens to a game whose episode ended (Gymnasium 1.x's
     *  AutoresetMode): a ::mancala_autoreset value. Default
     *  ::MANCALA_AUTORESET_NEXT_STEP. */
    MANCALA_BATCH_OPT_AUTORESET = 101,
    /** What an episode is: 0 (default) a game of Modiar or a round of Rio
     *  Kadalis; 1 a whole match, whose rounds follow each other inside the
     *  step that ends one (mancala_next_round()); the same for Modiar. */
    MANCALA_BATCH_OPT_MATCH = 102,
    /** The rewards: 0 (default) or ::MANCALA_RETURNS_STONES (see
     *  mancala_returns(); the episode decides round or match). */
    MANCALA_BATCH_OPT_REWARD = 103,
    /** Threads that step the games, 1 (default) ... 64; the results are
     *  identical for any number. Takes effect at once (starts or stops
     *  threads; ::MANCALA_E_NOMEM if they cannot be started, and the
     *  batch then runs on 1 thread, the results still the same). */
    MANCALA_BATCH_OPT_THREADS = 104,
    /** The most plies of an episode, 1 ... 100000 (default 1000): an
     *  episode that reaches it ends as truncated (Gymnasium's
     *  `truncated`). Also truncated: a round that reaches 512 plies (the
     *  history a game reserves, so that a step never allocates), and a
     *  match whose moves outgrow the log reserved for 2 * limit + 16
     *  plies and rounds. */
    MANCALA_BATCH_OPT_MAX_PLIES = 105,
    /** Where a game's next episode starts (autoreset and the resets): a
     *  ::mancala_batch_restart value. Default ::MANCALA_BATCH_RESTART_OWN.
     *  Since 1.4. */
    MANCALA_BATCH_OPT_RESTART = 106,
    /** The legal mask of a game that has no legal action (its round is
     *  over: the last step of an episode under
     *  ::MANCALA_AUTORESET_NEXT_STEP, or a game waiting under
     *  ::MANCALA_AUTORESET_DISABLED): a ::mancala_ended_mask value.
     *  Default ::MANCALA_ENDED_MASK_ZEROS. Since 1.4. */
    MANCALA_BATCH_OPT_ENDED_MASK = 107
};

/** Values of ::MANCALA_BATCH_OPT_RESTART. Since 1.4. */
enum mancala_batch_restart {
    /** Each game restarts from its own start: the position it was last
     *  given (mancala_batch_set_position(), mancala_batch_set_game(),
     *  mancala_batch_new_from_positions()), else the rules' start. The
     *  default, so that a batch made from a set of positions keeps
     *  playing that set (evaluation, curricula) and a batch given none
     *  behaves as in 1.3. */
    MANCALA_BATCH_RESTART_OWN = 0,
    /** Every game restarts from the rules' start; a position given is
     *  played for one episode only. */
    MANCALA_BATCH_RESTART_RULES = 1
};

/** Values of ::MANCALA_BATCH_OPT_ENDED_MASK. Since 1.4. */
enum mancala_ended_mask {
    /** All zeros, as mancala_legal_mask() gives (the default, as in 1.3:
     *  code that tells an ended game by its empty mask keeps working). */
    MANCALA_ENDED_MASK_ZEROS = 0,
    /** All ones, as pgx writes it: a masked softmax over the row then
     *  gives no NaN (the action of an ended game is ignored anyway). */
    MANCALA_ENDED_MASK_ONES = 1
};

/** Values of ::MANCALA_BATCH_OPT_AUTORESET, named as Gymnasium 1.x names
 *  its autoreset modes. Since 1.3. */
enum mancala_autoreset {
    /** NEXT_STEP (Gymnasium's default): the step that ends an episode
     *  writes its last observation, reward and flags; the next step
     *  ignores that game's action, starts its next episode and writes the
     *  first observation, reward 0 and both flags 0. */
    MANCALA_AUTORESET_NEXT_STEP = 0,
    /** SAME_STEP: the step that ends an episode writes its reward and flags,
     *  then starts the next episode and writes its first observation; the
     *  last observation of the episode ended is in
     *  mancala_batch_final_observations(). */
    MANCALA_AUTORESET_SAME_STEP = 1,
    /** DISABLED: a game whose episode ended stays as it is (its action is
     *  ignored, its reward 0 and its flags kept) until mancala_batch_reset(). */
    MANCALA_AUTORESET_DISABLED = 2
};

/**
 * @brief Creates a batch of games at the start position.
 * @param[out] out Receives the batch; left unchanged on failure.
 * @param rules A rules name, as for mancala_new().
 * @param count The number of games, 1 ... 1,048,576.
 * @param seed Seed of mancala_batch_step_random() (game i has its own
 *        generator, made from @p seed and i).
 * @param[out] errbuf If not NULL, receives a one-line reason on failure
 *        (such as "count: 0 is not in 1 ... 1048576"), cut to @p errlen
 *        bytes; the empty string on success.
 * @param errlen Size of @p errbuf.
 * @return ::MANCALA_OK; ::MANCALA_E_INVALID if a pointer is NULL or
 *         @p count is out of range; ::MANCALA_E_RULES; ::MANCALA_E_NOMEM.
 * @note The caller owns the batch and releases it with
 *       mancala_batch_free(). Memory: about 30 KB a game (each keeps its
 *       history for the repetition rule). One batch must not be used
 *       by two threads at once; distinct batches may. Since 1.4 a call
 *       that changes the batch (the steps, the resets, the setters)
 *       made while another such call is under way returns
 *       ::MANCALA_E_BUSY at once and changes nothing (before, two steps
 *       at once could wait for each other for ever); the readers are
 *       not checked.
 * @since 1.3
 */
int mancala_batch_new(mancala_batch **out, const char *rules, int count, uint64_t seed,
                      char *errbuf, size_t errlen);

/**
 * @brief Like mancala_batch_new(), with every allocation made by @p alloc.
 * @param[out] out Receives the batch.
 * @param rules A rules name.
 * @param count The number of games.
 * @param seed Seed of the random steps.
 * @param[out] errbuf As for mancala_batch_new(); may be NULL.
 * @param errlen Size of @p errbuf.
 * @param alloc The allocation function for the batch and its games (NULL:
 *        the C library's); see mancala_new_with_allocator().
 * @param opaque Passed to @p alloc.
 * @return As mancala_batch_new().
 * @note Steps and resets never call @p alloc; setting an option may.
 *       With threads, @p alloc is called only from the calling thread.
 * @since 1.3
 */
int mancala_batch_new_with_allocator(mancala_batch **out, const char *rules, int count,
                                     uint64_t seed, char *errbuf, size_t errlen,
                                     mancala_alloc_fn alloc, void *opaque);

/**
 * @brief Releases a batch, its games and its threads.
 * @param batch The batch; NULL is a no-op.
 * @since 1.3
 */
void mancala_batch_free(mancala_batch *batch);

/**
 * @brief Sets an option of the batch.
 * @param batch The batch.
 * @param option A ::mancala_batch_option or a ::mancala_option.
 * @param value Its value.
 * @return ::MANCALA_OK; ::MANCALA_E_INVALID if @p batch is NULL;
 *         ::MANCALA_E_OPTION for an unknown option or value (the reason is
 *         in mancala_batch_reason()); ::MANCALA_E_NOMEM; ::MANCALA_E_BUSY
 *         if another call on the batch is under way (since 1.4).
 * @note Options other than ::MANCALA_BATCH_OPT_THREADS take effect at
 *       the next mancala_batch_reset().
 * @since 1.3
 */
int mancala_batch_set_option(mancala_batch *batch, int option, int value);

/**
 * @brief Reads an option of the batch.
 * @param batch The batch.
 * @param option A ::mancala_batch_option or a ::mancala_option.
 * @return The value set (the one the next reset uses);
 *         ::MANCALA_E_INVALID; ::MANCALA_E_OPTION.
 * @since 1.3
 */
int mancala_batch_get_option(const mancala_batch *batch, int option);

/**
 * @brief Starts a new episode in every game, from its start (the rules'
 *        start, or since 1.4 the position it was given: see
 *        ::MANCALA_BATCH_OPT_RESTART).
 *
 * Game i's generator is seeded again from @p seed and i, so a reset with
 * the same seed followed by the same calls gives the same results. The
 * arrays are written: first observations, masks, the player to move,
 * rewards 0, both flags 0.
 *
 * @param batch The batch.
 * @param seed The seed.
 * @return ::MANCALA_OK; ::MANCALA_E_INVALID if @p batch is NULL;
 *         ::MANCALA_E_BUSY if another call on the batch is under way
 *         (since 1.4).
 * @note Does not allocate.
 * @since 1.3
 */
int mancala_batch_reset(mancala_batch *batch, uint64_t seed);

/**
 * @brief Starts a new episode in the games of a mask, as
 *        mancala_batch_reset() does for all of them (Gymnasium's
 *        `reset_mask`).
 *
 * Each game i with `mask[i]` not 0 restarts (from its own start or the
 * rules', ::MANCALA_BATCH_OPT_RESTART), its generator is seeded again
 * from @p seed and i, and its rows are written as a reset writes them.
 * The other games and their rows do not change. Options set since the
 * last mancala_batch_reset() still wait for it (they are the whole
 * batch's). A mask of all ones with a seed gives what
 * mancala_batch_reset() with that seed gives, options apart.
 *
 * @param batch The batch.
 * @param mask One byte per game, mancala_batch_size() of them.
 * @param count The length of @p mask: mancala_batch_size().
 * @param seed The seed of the games reset.
 * @return ::MANCALA_OK; ::MANCALA_E_INVALID if @p batch or @p mask is NULL
 *         or @p count is not the number of games (nothing changes);
 *         ::MANCALA_E_BUSY if another call on the batch is under way.
 * @note Does not allocate and does no I/O. The caller keeps @p mask.
 *       Not to be called while another thread uses the batch.
 * @since 1.4
 */
int mancala_batch_reset_games(mancala_batch *batch, const uint8_t *mask, size_t count,
                              uint64_t seed);

/**
 * @brief Puts a position into game @p index: a new episode starts there.
 *
 * The game becomes what mancala_parse() of @p position gives (no earlier
 * positions for the repetition rule, round 1, no plies since a capture),
 * with the batch's options; its rows are written as a fresh game's
 * (observation, mask, player to move, rewards 0, both flags 0); its
 * generator goes on. The position becomes the game's own start
 * (::MANCALA_BATCH_OPT_RESTART). The other games do not change.
 *
 * @param batch The batch.
 * @param index The game, `0 ... N-1`.
 * @param position A position string of the batch's rules (see
 *        mancala_parse()).
 * @return ::MANCALA_OK; ::MANCALA_E_INVALID if a pointer is NULL;
 *         ::MANCALA_E_RANGE if @p index is out of range; ::MANCALA_E_PARSE
 *         for a malformed position; ::MANCALA_E_RULES for a position of
 *         other rules; ::MANCALA_E_STATE for a position whose round is
 *         over (no legal move); ::MANCALA_E_BUSY if another call on the
 *         batch is under way. On any error nothing changes and
 *         mancala_batch_reason() says why.
 * @note Does not allocate. The caller keeps @p position. Not to be
 *       called while another thread uses the batch.
 * @since 1.4
 */
int mancala_batch_set_position(mancala_batch *batch, int index, const char *position);

/**
 * @brief Puts the position of a game handle into game @p index, as
 *        mancala_batch_set_position() with mancala_format() of @p game.
 *
 * Only the position is taken: not the handle's history (the repetition
 * rule starts again from it), round, match, options or tags.
 *
 * @param batch The batch.
 * @param index The game, `0 ... N-1`.
 * @param game A game of the batch's rules whose round is not over (it may
 *        be a game of this batch, mancala_batch_game()).
 * @return ::MANCALA_OK; ::MANCALA_E_INVALID if a pointer is NULL;
 *         ::MANCALA_E_RANGE if @p index is out of range;
 *         ::MANCALA_E_RULES for a game of other rules; ::MANCALA_E_STATE
 *         if its round is over; ::MANCALA_E_BUSY. On any error nothing
 *         changes and mancala_batch_reason() says why.
 * @note Does not allocate. @p game is only read (the caller keeps it);
 *       it must not be changed by another thread meanwhile.
 * @since 1.4
 */
int mancala_batch_set_game(mancala_batch *batch, int index, const mancala_game *game);

/**
 * @brief Creates a batch of one game per position: mancala_batch_new()
 *        and mancala_batch_set_position() for each.
 * @param[out] out Receives the batch; left unchanged on failure.
 * @param rules The rules name of every position.
 * @param positions @p count position strings; game i starts at
 *        positions[i] and, by default, restarts there
 *        (::MANCALA_BATCH_OPT_RESTART).
 * @param count The number of games, 1 ... 1,048,576.
 * @param seed Seed of mancala_batch_step_random().
 * @param[out] errbuf If not NULL, receives a one-line reason on failure,
 *        naming the first position refused ("positions[3]: ..."); the
 *        empty string on success.
 * @param errlen Size of @p errbuf.
 * @return ::MANCALA_OK; the errors of mancala_batch_new() and of
 *         mancala_batch_set_position() (nothing is created).
 * @note The caller owns the batch (mancala_batch_free()) and keeps the
 *       strings.
 * @since 1.4
 */
int mancala_batch_new_from_positions(mancala_batch **out, const char *rules,
                                     const char *const *positions, int count, uint64_t seed,
                                     char *errbuf, size_t errlen);

/**
 * @brief Plays one action in every game.
 *
 * First every action is checked against its game; if any is not legal,
 * no game changes, @p failed receives the first such game, and the
 * reason is returned (and described by mancala_batch_reason()). Then
 * each game plays its action (or is reset, by the autoreset mode) and
 * its rows of the arrays are written.
 *
 * @param batch The batch.
 * @param actions One action per game (see mancala_num_actions()); the
 *        action of a game that does not play (autoreset) is not read
 *        for legality.
 * @param count The number of actions: mancala_batch_size().
 * @param[out] failed If not NULL, receives the index of the game whose
 *        action is not legal, or -1.
 * @return ::MANCALA_OK; ::MANCALA_E_INVALID if @p batch or @p actions is
 *         NULL or @p count is not the number of games; ::MANCALA_E_RANGE
 *         for an action outside `0 ... n-1`; the reason the pit cannot be
 *         played (::MANCALA_E_CLOSED, ::MANCALA_E_EMPTY,
 *         ::MANCALA_E_SINGLETON, ::MANCALA_E_GRAND_SLAM,
 *         ::MANCALA_E_MUST_FEED, ::MANCALA_E_ENDLESS) as mancala_play()
 *         gives it; ::MANCALA_E_BUSY if another call on the batch is
 *         under way (since 1.4). On any error no game and no array
 *         changes.
 * @note Does not allocate and does no I/O.
 * @since 1.3
 */
int mancala_batch_step(mancala_batch *batch, const int32_t *actions, size_t count, int *failed);

/**
 * @brief Plays a uniformly random legal action in every game, each drawn
 *        from the game's own generator (see mancala_batch_reset()).
 * @param batch The batch.
 * @param[out] actions If not NULL, receives the action each game played
 *        (-1 for a game that did not play: autoreset).
 * @param count Room in @p actions (ignored if @p actions is NULL); at
 *        least mancala_batch_size().
 * @return ::MANCALA_OK; ::MANCALA_E_INVALID if @p batch is NULL or
 *         @p count is too small; ::MANCALA_E_BUSY if another call on the
 *         batch is under way (since 1.4).
 * @note Does not allocate and does no I/O. The results are the same for
 *       any number of threads.
 * @since 1.3
 */
int mancala_batch_step_random(mancala_batch *batch, int32_t *actions, size_t count);

/**
 * @brief Why the last call on the batch failed, in one line (the empty
 *        string after a success).
 *
 * The calls that set it are those that take a batch that is not const:
 * mancala_batch_set_option(), mancala_batch_reset(), mancala_batch_step()
 * and mancala_batch_step_random(), and since 1.4
 * mancala_batch_reset_games(), mancala_batch_set_position() and
 * mancala_batch_set_game() (a call refused with ::MANCALA_E_BUSY leaves
 * the reason to the call under way). The reading calls (the sizes, the
 * arrays, mancala_batch_get_option(), mancala_batch_game()) leave it as
 * it was.
 * @param batch The batch.
 * @return A NUL-terminated string owned by the batch, valid until its next
 *         call; "" if @p batch is NULL.
 * @since 1.3
 */
const char *mancala_batch_reason(const mancala_batch *batch);

/**
 * @brief The number of games, N.
 * @param batch The batch.
 * @return N; ::MANCALA_E_INVALID if @p batch is NULL.
 * @since 1.3
 */
int mancala_batch_size(const mancala_batch *batch);

/**
 * @brief The length of one observation (mancala_observation_size()).
 * @param batch The batch.
 * @return The length; ::MANCALA_E_INVALID if @p batch is NULL.
 * @since 1.3
 */
int mancala_batch_observation_size(const mancala_batch *batch);

/**
 * @brief The number of actions of each game (mancala_num_actions()).
 * @param batch The batch.
 * @return The count; ::MANCALA_E_INVALID if @p batch is NULL.
 * @since 1.3
 */
int mancala_batch_num_actions(const mancala_batch *batch);

/**
 * @brief The observations, float `[N][obs]` (row i is
 *        mancala_observation() of game i).
 *
 * This and the other array getters return pointers into the batch: they
 * stay the same for the batch's life and their contents change in place
 * at each step and reset. Read them between calls.
 *
 * @param batch The batch.
 * @return The array; NULL if @p batch is NULL.
 * @since 1.3
 */
const float *mancala_batch_observations(const mancala_batch *batch);

/**
 * @brief The observations of the episodes that the last step ended, float
 *        `[N][obs]`, under ::MANCALA_AUTORESET_SAME_STEP (row i is written
 *        where game i's terminated or truncated flag is set; the other
 *        rows are unspecified).
 * @param batch The batch.
 * @return The array; NULL if @p batch is NULL.
 * @since 1.3
 */
const float *mancala_batch_final_observations(const mancala_batch *batch);

/**
 * @brief The legal-action masks, uint8 `[N][n]` (row i is
 *        mancala_legal_mask() of game i).
 * @param batch The batch.
 * @return The array; NULL if @p batch is NULL.
 * @since 1.3
 */
const uint8_t *mancala_batch_legal_masks(const mancala_batch *batch);

/**
 * @brief The rewards of the last step, float `[N][2]`: South's, then
 *        North's. Non-zero only in the step that ends an episode, where
 *        they are the episode's returns (mancala_returns() with the flags
 *        of ::MANCALA_BATCH_OPT_REWARD and ::MANCALA_BATCH_OPT_MATCH).
 * @param batch The batch.
 * @return The array; NULL if @p batch is NULL.
 * @since 1.3
 */
const float *mancala_batch_rewards(const mancala_batch *batch);

/**
 * @brief Whether the last step ended game i's episode by the rules,
 *        uint8 `[N]` (1 or 0).
 * @param batch The batch.
 * @return The array; NULL if @p batch is NULL.
 * @since 1.3
 */
const uint8_t *mancala_batch_terminated(const mancala_batch *batch);

/**
 * @brief Whether the last step cut game i's episode at the ply limit
 *        (::MANCALA_BATCH_OPT_MAX_PLIES), uint8 `[N]` (1 or 0; never
 *        together with terminated).
 * @param batch The batch.
 * @return The array; NULL if @p batch is NULL.
 * @since 1.3
 */
const uint8_t *mancala_batch_truncated(const mancala_batch *batch);

/**
 * @brief The player to move in each game, int32 `[N]` (::MANCALA_SOUTH or
 *        ::MANCALA_NORTH): the player the observation row is seen from.
 * @param batch The batch.
 * @return The array; NULL if @p batch is NULL.
 * @since 1.3
 */
const int32_t *mancala_batch_to_move(const mancala_batch *batch);

/**
 * @brief Game i of the batch, as a handle to read.
 * @param batch The batch.
 * @param index The game, `0 ... N-1`.
 * @return The handle, owned by the batch and valid until the batch is
 *         freed; it changes at each step and reset. Read it with any
 *         function taking a `const mancala_game *` (mancala_clone() makes
 *         a copy to play on, search or keep); NULL if @p batch is NULL or
 *         @p index out of range.
 * @since 1.3
 */
const mancala_game *mancala_batch_game(const mancala_batch *batch, int index);

#ifdef __cplusplus
}
#endif

#endif /* MANCALA_H */
