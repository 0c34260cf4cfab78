# SPDX-License-Identifier: MIT
"""Loading libmancala with ctypes and declaring its functions.

Internal: the rest of the package calls the C functions through ``lib``.
The shared library is looked up, in this order, at

1. the path in the environment variable ``MANCALA_LIBRARY``: when it is
   set, that library is used or the import fails, nothing else is tried;
2. a copy next to this package (``mancala/libmancala.so.1`` or
   ``libmancala.so``): the wheel carries one;
3. the library installed with this package by ``meson install``, found by
   the path from the package to it (``_install.py``), so a moved prefix
   works too;
4. the system's library path (``LD_LIBRARY_PATH``, ``ld.so.cache``,
   as ``dlopen()`` searches it);
5. the ``libdir`` of ``pkg-config``'s ``mancala`` package (an install in
   a prefix on ``PKG_CONFIG_PATH``).

The first candidate that loads is used; if none does, ImportError lists
every candidate and why it failed. ``path`` is the file actually loaded.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import shutil
import subprocess
import sys
from ctypes import (CFUNCTYPE, POINTER, c_char_p, c_double, c_float, c_int, c_int64, c_size_t,
                    c_uint, c_uint64, c_void_p)

#: The ABI major version this binding is written for (the SONAME's number).
ABI_MAJOR = 1

_here = os.path.dirname(os.path.abspath(__file__))

if sys.platform == "darwin":
    _names = ["libmancala.1.dylib", "libmancala.dylib"]
elif sys.platform == "win32":
    _names = ["mancala-1.dll", "mancala.dll", "libmancala-1.dll"]
else:
    _names = ["libmancala.so.1", "libmancala.so"]


def _candidates():
    """(where it came from, what to pass to dlopen) in search order; the
    later ones are only worked out when the earlier ones failed."""
    env = os.environ.get("MANCALA_LIBRARY")
    if env:
        yield "$MANCALA_LIBRARY", env
        return
    for name in _names:
        path = os.path.join(_here, name)
        if os.path.exists(path):
            yield "next to the package", path
    try:
        from . import _install
    except ImportError:
        pass
    else:
        libdir = os.path.join(_here, os.path.relpath(_install.LIBDIR, _install.PACKAGEDIR))
        for name in _names:
            path = os.path.normpath(os.path.join(libdir, name))
            if os.path.exists(path):
                yield "installed with the package", path
    for name in _names:
        yield "system library path", name
    system = ctypes.util.find_library("mancala")
    if system and system not in _names:
        yield "system library path", system
    libdir = _pkg_config_libdir()
    if libdir:
        for name in _names:
            yield "pkg-config", os.path.join(libdir, name)


def _pkg_config_libdir() -> str | None:
    """``pkg-config --variable=libdir mancala``, or None."""
    program = shutil.which("pkg-config")
    if program is None:
        return None
    try:
        result = subprocess.run([program, "--variable=libdir", "mancala"],
                                capture_output=True, text=True, timeout=30, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    libdir = result.stdout.strip()
    return libdir if result.returncode == 0 and libdir else None


def _load() -> tuple[ctypes.CDLL, str]:
    tried = []
    for origin, target in _candidates():
        try:
            library = ctypes.CDLL(target)
        except OSError as error:
            tried.append(f"  {target} ({origin}): {error}")
            continue
        if not hasattr(library, "mancala_version_number"):
            tried.append(f"  {target} ({origin}): not libmancala")
            continue
        version = library.mancala_version_number()
        if version // 10000 != ABI_MAJOR:
            tried.append(f"  {target} ({origin}): version {version // 10000}.x, "
                         f"this binding needs {ABI_MAJOR}.x")
            continue
        return library, _loaded_file(library, target)
    if os.environ.get("MANCALA_LIBRARY"):
        raise ImportError(
            "cannot load the libmancala shared library that MANCALA_LIBRARY names:\n"
            + "\n".join(tried)
            + "\nCorrect MANCALA_LIBRARY, or unset it to use the installed library.")
    raise ImportError(
        "cannot load the libmancala shared library; tried:\n" + "\n".join(tried)
        + "\nSet MANCALA_LIBRARY to the path of libmancala.so.1, "
        "or install the library where the dynamic linker or pkg-config finds it.")


class _DlInfo(ctypes.Structure):
    _fields_ = [("dli_fname", c_char_p), ("dli_fbase", c_void_p),
                ("dli_sname", c_char_p), ("dli_saddr", c_void_p)]


def _loaded_file(library: ctypes.CDLL, target: str) -> str:
    """The file the dynamic linker loaded for ``target`` (a bare name such
    as libmancala.so.1 is found on the library path), by dladdr() of one of
    its functions; ``target`` itself where dladdr() is not available."""
    for libdl in (None, "libdl.so.2"):
        try:
            dladdr = ctypes.CDLL(libdl).dladdr
        except (OSError, AttributeError):
            continue
        dladdr.argtypes = [c_void_p, POINTER(_DlInfo)]
        info = _DlInfo()
        address = ctypes.cast(library.mancala_version_number, c_void_p)
        if dladdr(address, ctypes.byref(info)) and info.dli_fname:
            return os.path.abspath(os.fsdecode(info.dli_fname))
    return target


lib, path = _load()

game_p = c_void_p
batch_p = c_void_p
search_p = c_void_p
mcts_p = c_void_p
batch_mcts_p = c_void_p
table_p = c_void_p


class Event(ctypes.Structure):
    """struct mancala_event: its layout is frozen for the 1.x ABI."""
    _fields_ = [("kind", c_int), ("pit", c_int), ("stones", c_int), ("player", c_int)]


eval_fn = CFUNCTYPE(c_int, c_void_p, c_void_p)
prior_fn = CFUNCTYPE(c_int, c_void_p, POINTER(c_double), POINTER(c_double), c_void_p)
progress_fn = CFUNCTYPE(c_int, c_void_p, c_int, c_int, c_uint64, c_uint64)
search_progress_fn = CFUNCTYPE(None, c_void_p, c_int, c_int, c_int, c_uint64, POINTER(c_int),
                               c_int)

_int_p = POINTER(c_int)

# name: (return type, argument types), as in mancala.h.
_prototypes = {
    "mancala_strerror": (c_char_p, [c_int]),
    "mancala_version_string": (c_char_p, []),
    "mancala_version_number": (c_int, []),
    "mancala_new": (c_int, [POINTER(game_p), c_char_p]),
    "mancala_parse": (c_int, [POINTER(game_p), c_char_p, c_char_p, c_size_t]),
    "mancala_free": (None, [game_p]),
    "mancala_clone": (c_int, [POINTER(game_p), game_p]),
    "mancala_format": (c_int, [game_p, c_char_p, c_size_t]),
    "mancala_legal_moves": (c_int, [game_p, _int_p, c_size_t]),
    "mancala_play": (c_int, [game_p, c_int]),
    "mancala_undo": (c_int, [game_p]),
    "mancala_history_length": (c_int, [game_p]),
    "mancala_history": (c_int, [game_p, _int_p, c_size_t]),
    "mancala_is_over": (c_int, [game_p]),
    "mancala_end_reason": (c_int, [game_p]),
    "mancala_to_move": (c_int, [game_p]),
    "mancala_score": (c_int, [game_p, c_int]),
    "mancala_winner": (c_int, [game_p]),
    "mancala_rules": (c_char_p, [game_p]),
    "mancala_num_pits": (c_int, [game_p]),
    "mancala_pit": (c_int, [game_p, c_int]),
    "mancala_pit_closed": (c_int, [game_p, c_int]),
    "mancala_captured": (c_int, [game_p, c_int]),
    "mancala_bank": (c_int, [game_p, c_int]),
    "mancala_ply": (c_int, [game_p]),
    "mancala_hash": (c_uint64, [game_p]),
    "mancala_set_option": (c_int, [game_p, c_int, c_int]),
    "mancala_get_option": (c_int, [game_p, c_int]),
    "mancala_last_move_events": (c_int, [game_p, POINTER(Event), c_size_t]),
    "mancala_next_round": (c_int, [game_p]),
    "mancala_round": (c_int, [game_p]),
    "mancala_match_over": (c_int, [game_p]),
    "mancala_match_winner": (c_int, [game_p]),
    "mancala_playout": (c_int, [game_p, c_uint64, _int_p]),
    "mancala_evaluate": (c_int, [game_p]),
    "mancala_search_new": (c_int, [POINTER(search_p), c_size_t]),
    "mancala_search_free": (None, [search_p]),
    "mancala_search_set_limit": (c_int, [search_p, c_int, c_int64]),
    "mancala_search_set_eval": (c_int, [search_p, eval_fn, c_void_p]),
    "mancala_search_set_progress": (c_int, [search_p, search_progress_fn, c_void_p]),
    "mancala_search_run": (c_int, [search_p, game_p]),
    "mancala_search_best_move": (c_int, [search_p]),
    "mancala_search_score": (c_int, [search_p]),
    "mancala_search_depth": (c_int, [search_p]),
    "mancala_search_exact": (c_int, [search_p]),
    "mancala_search_nodes": (c_uint64, [search_p]),
    "mancala_search_pv": (c_int, [search_p, _int_p, c_size_t]),
    "mancala_mcts": (c_int, [game_p, c_uint64, c_int64, _int_p]),
    "mancala_solve_modiar": (c_int, [c_char_p, progress_fn, c_void_p]),
    "mancala_table_open": (c_int, [POINTER(table_p), c_char_p]),
    "mancala_table_close": (None, [table_p]),
    "mancala_table_value": (c_int, [table_p, game_p, _int_p, _int_p]),
    "mancala_table_best_moves": (c_int, [table_p, game_p, _int_p, c_size_t]),
    "mancala_solve_rio_kadalis": (c_int, [c_char_p, c_int, progress_fn, c_void_p]),
    "mancala_search_set_table": (c_int, [search_p, table_p]),
}

# Added in 1.1 (MANCALA_1.1).
_prototypes.update({
    "mancala_match_end_reason": (c_int, [game_p]),
    "mancala_format_record": (c_int, [game_p, c_char_p, c_size_t]),
    "mancala_parse_record": (c_int, [POINTER(game_p), c_char_p, c_char_p, c_size_t]),
    "mancala_table_open_memory": (c_int, [POINTER(table_p), c_char_p, c_size_t]),
    "mancala_solve_rio_kadalis_config": (c_int, [c_char_p, c_char_p, c_uint, c_int, c_int,
                                                 progress_fn, c_void_p]),
})

# Added in 1.3 (MANCALA_1.3).
_f32_p = POINTER(c_float)
_prototypes.update({
    "mancala_search_cancel": (c_int, [search_p]),
    "mancala_search_level_move": (c_int, [search_p, game_p, c_int, c_uint64]),
    "mancala_mcts_new": (c_int, [POINTER(mcts_p)]),
    "mancala_mcts_free": (None, [mcts_p]),
    "mancala_mcts_set_limit": (c_int, [mcts_p, c_int, c_int64]),
    "mancala_mcts_set_param": (c_int, [mcts_p, c_int, c_double]),
    "mancala_mcts_set_seed": (c_int, [mcts_p, c_uint64]),
    "mancala_mcts_set_prior": (c_int, [mcts_p, prior_fn, c_void_p]),
    "mancala_mcts_run": (c_int, [mcts_p, game_p]),
    "mancala_mcts_cancel": (c_int, [mcts_p]),
    "mancala_mcts_best_move": (c_int, [mcts_p]),
    "mancala_mcts_pv": (c_int, [mcts_p, _int_p, c_size_t]),
    "mancala_mcts_root": (c_int, [mcts_p, _int_p, POINTER(c_uint64), POINTER(c_double),
                                  POINTER(c_double), c_size_t]),
    "mancala_mcts_playouts": (c_uint64, [mcts_p]),
    "mancala_mcts_visits": (c_uint64, [mcts_p]),
    "mancala_tag_set": (c_int, [game_p, c_char_p, c_char_p]),
    "mancala_tag_get": (c_char_p, [game_p, c_char_p]),
    "mancala_tag_count": (c_int, [game_p]),
    "mancala_tag_key": (c_char_p, [game_p, c_int]),
    # The learning interface. The batch's arrays come back as addresses
    # (c_void_p) for the views of mancala.rl.
    "mancala_num_actions": (c_int, [game_p]),
    "mancala_action_to_pit": (c_int, [game_p, c_int]),
    "mancala_pit_to_action": (c_int, [game_p, c_int]),
    "mancala_legal_mask": (c_int, [game_p, c_void_p, c_size_t]),
    "mancala_observation_size": (c_int, [game_p]),
    "mancala_observation": (c_int, [game_p, c_void_p, c_size_t]),
    "mancala_observation_bytes": (c_int, [game_p, c_void_p, c_size_t]),
    "mancala_returns": (c_int, [game_p, c_uint, _f32_p]),
    "mancala_batch_new": (c_int, [POINTER(batch_p), c_char_p, c_int, c_uint64, c_char_p,
                                  c_size_t]),
    "mancala_batch_free": (None, [batch_p]),
    "mancala_batch_set_option": (c_int, [batch_p, c_int, c_int]),
    "mancala_batch_get_option": (c_int, [batch_p, c_int]),
    "mancala_batch_reset": (c_int, [batch_p, c_uint64]),
    "mancala_batch_step": (c_int, [batch_p, c_void_p, c_size_t, _int_p]),
    "mancala_batch_step_random": (c_int, [batch_p, c_void_p, c_size_t]),
    "mancala_batch_reason": (c_char_p, [batch_p]),
    "mancala_batch_size": (c_int, [batch_p]),
    "mancala_batch_observation_size": (c_int, [batch_p]),
    "mancala_batch_num_actions": (c_int, [batch_p]),
    "mancala_batch_observations": (c_void_p, [batch_p]),
    "mancala_batch_final_observations": (c_void_p, [batch_p]),
    "mancala_batch_legal_masks": (c_void_p, [batch_p]),
    "mancala_batch_rewards": (c_void_p, [batch_p]),
    "mancala_batch_terminated": (c_void_p, [batch_p]),
    "mancala_batch_truncated": (c_void_p, [batch_p]),
    "mancala_batch_to_move": (c_void_p, [batch_p]),
    "mancala_batch_game": (c_void_p, [batch_p, c_int]),
    # 1.4: positions into a batch.
    "mancala_batch_reset_games": (c_int, [batch_p, c_void_p, c_size_t, c_uint64]),
    "mancala_batch_set_position": (c_int, [batch_p, c_int, c_char_p]),
    "mancala_batch_set_game": (c_int, [batch_p, c_int, game_p]),
    "mancala_batch_new_from_positions": (c_int, [POINTER(batch_p), c_char_p, POINTER(c_char_p),
                                                 c_int, c_uint64, c_char_p, c_size_t]),
    "mancala_describe_last_move": (c_int, [game_p, c_char_p, c_size_t]),
    # 1.4
    "mancala_rules_count": (c_int, []),
    "mancala_rules_name": (c_char_p, [c_int]),
    "mancala_rules_info": (c_int, [c_char_p, c_int]),
    "mancala_rules_title": (c_char_p, [c_char_p]),
    "mancala_round_open_pits": (c_int, [c_char_p, c_int]),
    "mancala_round_closed_pits": (c_int, [c_char_p, c_int, c_int]),
    "mancala_round_table_name": (c_int, [c_char_p, c_int, c_int, c_char_p, c_size_t]),
    "mancala_table_file_format": (c_int, [c_char_p]),
    "mancala_describe_result": (c_int, [game_p, c_char_p, c_size_t]),
})

# Added in 1.4 (MANCALA_1.4).
_prototypes.update({
    "mancala_tag_check": (c_int, [c_char_p, c_char_p, c_char_p, c_size_t]),
})

# Added in 1.4 (MANCALA_1.4): the batched tree search. Its arrays come
# back as addresses (c_void_p) for the views of mancala.rl.BatchMCTS.
_prototypes.update({
    "mancala_batch_mcts_new": (c_int, [POINTER(batch_mcts_p), c_char_p, c_int, c_int, c_uint64,
                                       c_char_p, c_size_t]),
    "mancala_batch_mcts_free": (None, [batch_mcts_p]),
    "mancala_batch_mcts_set_param": (c_int, [batch_mcts_p, c_int, c_double]),
    "mancala_batch_mcts_set_root": (c_int, [batch_mcts_p, c_int, game_p]),
    "mancala_batch_mcts_set_position": (c_int, [batch_mcts_p, c_int, c_char_p]),
    "mancala_batch_mcts_select": (c_int, [batch_mcts_p]),
    "mancala_batch_mcts_observations": (c_void_p, [batch_mcts_p]),
    "mancala_batch_mcts_legal_masks": (c_void_p, [batch_mcts_p]),
    "mancala_batch_mcts_leaf_trees": (c_void_p, [batch_mcts_p]),
    "mancala_batch_mcts_leaf_game": (c_void_p, [batch_mcts_p, c_int]),
    "mancala_batch_mcts_answer": (c_int, [batch_mcts_p, c_void_p, c_void_p, c_size_t]),
    "mancala_batch_mcts_visits": (c_int, [batch_mcts_p, c_int, c_void_p, c_size_t,
                                          POINTER(c_double)]),
    "mancala_batch_mcts_choose": (c_int, [batch_mcts_p, c_int, c_double]),
})

for _name, (_restype, _argtypes) in _prototypes.items():
    _function = getattr(lib, _name)
    _function.restype = _restype
    _function.argtypes = _argtypes

MAX_PITS = 12
#: MANCALA_REASON_MAX: room for any reason of the parsers.
REASON_MAX = 256


def strerror(status: int) -> str:
    """The library's sentence for a status code."""
    return lib.mancala_strerror(status).decode()
