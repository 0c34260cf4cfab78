/*
 * Status descriptions and the version.
 *
 * SPDX-License-Identifier: MIT
 */
#include "core/base.h"

MANCALA_EXPORT const char *mancala_strerror(int status)
{
    switch (status) {
    case MANCALA_OK: return "success";
    case MANCALA_STOPPED: return "stopped by a cancel call";
    case MANCALA_E_INVALID: return "invalid argument (a NULL pointer, or a value out of range)";
    case MANCALA_E_NOMEM: return "out of memory";
    case MANCALA_E_RULES: return "unknown rules name";
    case MANCALA_E_PARSE: return "malformed position string";
    case MANCALA_E_RANGE: return "pit or player number out of range";
    case MANCALA_E_NOSPACE: return "buffer too small";
    case MANCALA_E_OVER: return "the game or round is over";
    case MANCALA_E_NOT_OVER: return "the game or round is not over";
    case MANCALA_E_NO_HISTORY: return "no move to undo or report";
    case MANCALA_E_STATE: return "not allowed in the present state";
    case MANCALA_E_UNSUPPORTED: return "these rules do not have that feature";
    case MANCALA_E_MATCH_OVER: return "the match is over";
    case MANCALA_E_NOT_YOURS: return "illegal move: the pit belongs to the opponent";
    case MANCALA_E_CLOSED: return "illegal move: the pit is closed this round";
    case MANCALA_E_EMPTY: return "illegal move: the pit is empty";
    case MANCALA_E_SINGLETON: return "illegal move: a single stone cannot be moved";
    case MANCALA_E_GRAND_SLAM: return "illegal move: it would capture the whole opponent row (grand slam)";
    case MANCALA_E_MUST_FEED: return "illegal move: another move gives stones to the empty opponent row";
    case MANCALA_E_ENDLESS: return "illegal move: its relay sowing would never end";
    case MANCALA_E_OPTION: return "unknown option or option value";
    case MANCALA_E_IO: return "a file could not be read or written";
    case MANCALA_E_FORMAT: return "a file is not in the expected format";
    case MANCALA_E_CANCELLED: return "cancelled by a callback";
    case MANCALA_E_BUSY: return "the handle is in use by a call that has not returned";
    case MANCALA_E_VERSION: return "a table file of another format version: solve the table again";
    case MANCALA_E_LIMIT: return "a limit of the library was reached (such as a playout's ply limit)";
    default: return "unknown status";
    }
}

MANCALA_EXPORT const char *mancala_version_string(void)
{
    return MANCALA_VERSION_STRING;
}

MANCALA_EXPORT int mancala_version_number(void)
{
    return MANCALA_VERSION_NUMBER;
}
