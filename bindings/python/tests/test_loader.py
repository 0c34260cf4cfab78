# SPDX-License-Identifier: MIT
"""How the package finds the shared library: MANCALA_LIBRARY first, then a
copy next to the package, then the system's library path, then
pkg-config's; and what it says when it finds none. (The library installed
with the package by meson install: tests/install/prefix.sh.)"""

import os
import shutil
import subprocess
import sys
import tempfile
import unittest

import mancala

PACKAGE = os.path.dirname(os.path.abspath(mancala.__file__))


def run_python(code, env, cwd):
    return subprocess.run([sys.executable, "-c", code], env=env, cwd=cwd,
                          capture_output=True, text=True)


class Loader(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.TemporaryDirectory()
        self.addCleanup(self.directory.cleanup)
        # A copy of the package, importable only from the temporary directory.
        shutil.copytree(PACKAGE, os.path.join(self.directory.name, "mancala"),
                        ignore=shutil.ignore_patterns("__pycache__", "*.so*"))
        self.env = {k: v for k, v in os.environ.items()
                    if k not in ("MANCALA_LIBRARY", "PYTHONPATH", "LD_LIBRARY_PATH")}
        self.env["PYTHONDONTWRITEBYTECODE"] = "1"

    @unittest.skipUnless(os.environ.get("MANCALA_LIBRARY"), "MANCALA_LIBRARY is not set")
    def test_environment_variable_comes_first(self):
        self.assertEqual(mancala.library_path, os.environ.get("MANCALA_LIBRARY"))

    def test_next_to_the_package(self):
        shutil.copy(mancala.library_path,
                    os.path.join(self.directory.name, "mancala", "libmancala.so.1"))
        result = run_python("import mancala; print(mancala.library_path)", self.env,
                            self.directory.name)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout.strip(),
                         os.path.join(self.directory.name, "mancala", "libmancala.so.1"))

    def with_library_on_path(self):
        """A copy of the library on LD_LIBRARY_PATH, where a search of the
        system's library path finds it."""
        directory = os.path.join(self.directory.name, "lib")
        os.mkdir(directory)
        shutil.copy(mancala.library_path, os.path.join(directory, "libmancala.so.1"))
        return dict(self.env, LD_LIBRARY_PATH=directory), directory

    def test_says_what_it_tried(self):
        result = run_python("import mancala; print(mancala.library_path)", self.env,
                            self.directory.name)
        if result.returncode == 0:
            # A libmancala is installed on this system: it was found there.
            self.assertTrue(os.path.isabs(result.stdout.strip()), result.stdout)
            return
        self.assertIn("ImportError: cannot load the libmancala shared library; tried:",
                      result.stderr)
        self.assertIn("libmancala.so.1 (system library path)", result.stderr)
        self.assertIn("Set MANCALA_LIBRARY", result.stderr)

    def test_a_path_given_must_load(self):
        # Another library would be found on the library path: MANCALA_LIBRARY
        # is not a hint but the library to use.
        env, _ = self.with_library_on_path()
        for value in ("/nope/libmancala.so.1", os.path.join(self.directory.name, "nowhere.so")):
            env["MANCALA_LIBRARY"] = value
            result = run_python("import mancala; print(mancala.library_path)", env,
                                self.directory.name)
            self.assertNotEqual(result.returncode, 0, result.stdout)
            self.assertIn("ImportError: cannot load the libmancala shared library that "
                          "MANCALA_LIBRARY names:", result.stderr)
            self.assertIn(value + " ($MANCALA_LIBRARY): ", result.stderr)
            self.assertNotIn("system library path", result.stderr)

    def test_refuses_another_library(self):
        env, _ = self.with_library_on_path()
        env["MANCALA_LIBRARY"] = "libc.so.6"
        result = run_python("import mancala; print(mancala.library_path)", env,
                            self.directory.name)
        self.assertNotEqual(result.returncode, 0, result.stdout)
        self.assertIn("libc.so.6 ($MANCALA_LIBRARY): not libmancala", result.stderr)

    def test_path_is_the_file_loaded(self):
        # Found by name on the library path: the path is the file's.
        env, directory = self.with_library_on_path()
        result = run_python("import mancala; print(mancala.library_path)", env,
                            self.directory.name)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout.strip(), os.path.join(directory, "libmancala.so.1"))

    @unittest.skipUnless(shutil.which("pkg-config"), "pkg-config not found")
    def test_through_pkg_config(self):
        # An install in a prefix the dynamic linker does not search, on
        # PKG_CONFIG_PATH.
        libdir = os.path.join(self.directory.name, "prefix", "lib")
        pcdir = os.path.join(libdir, "pkgconfig")
        os.makedirs(pcdir)
        shutil.copy(mancala.library_path, os.path.join(libdir, "libmancala.so.1"))
        with open(os.path.join(pcdir, "mancala.pc"), "w", encoding="utf-8") as pc:
            pc.write(f"libdir={libdir}\nName: mancala\nDescription: test\nVersion: 1.3.0\n"
                     "Libs: -L${libdir} -lmancala\n")
        env = dict(self.env, PKG_CONFIG_PATH=pcdir)
        result = run_python("import mancala; print(mancala.library_path)", env,
                            self.directory.name)
        self.assertEqual(result.returncode, 0, result.stderr)
        if result.stdout.strip() != os.path.join(libdir, "libmancala.so.1"):
            # A libmancala is installed on this system: it comes first.
            without = run_python("import mancala", self.env, self.directory.name)
            self.assertEqual(without.returncode, 0, result.stdout)


if __name__ == "__main__":
    unittest.main()
