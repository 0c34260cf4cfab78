# SPDX-License-Identifier: MIT
"""The wheel's tag: py3-none-<platform>, for every Python 3, since the
package has no extension module, only the C library it loads with ctypes
(build-backend/mancala_backend.py). The build of a real wheel, installed
in a fresh venv, is in CI (.ci/run); here the retagging of a wheel as
meson-python writes it, byte for byte."""

import base64
import hashlib
import importlib.util
import os
import sys
import tempfile
import unittest
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "build-backend"))

DIST_INFO = "mancala-1.3.0.dist-info"
WHEEL = ("Wheel-Version: 1.0\nGenerator: meson\nRoot-Is-Purelib: false\n"
         "Tag: cp311-cp311-linux_x86_64\n")
LIBRARY = b"\x7fELF not really"


def sha256(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def meson_python_wheel(directory: str, tag: str) -> str:
    """A wheel laid out as meson-python 0.12 writes this package's."""
    name = f"mancala-1.3.0-{tag}.whl"
    wheel = WHEEL.replace("cp311-cp311-linux_x86_64", tag)
    files = {f"{DIST_INFO}/METADATA": b"Metadata-Version: 2.1\nName: mancala\nVersion: 1.3.0\n",
             f"{DIST_INFO}/WHEEL": wheel.encode(),
             "mancala/__init__.py": b"",
             "mancala/libmancala.so.1": LIBRARY}
    record = "".join(f"{path},{sha256(data)},{len(data)}\n" for path, data in files.items())
    record += f"{DIST_INFO}/RECORD,,\n"
    with zipfile.ZipFile(os.path.join(directory, name), "w") as z:
        for path, data in files.items():
            info = zipfile.ZipInfo(path, date_time=(2026, 12, 5, 3, 0, 0))
            info.external_attr = (0o755 if path.endswith(".so.1") else 0o644) << 16
            z.writestr(info, data)
        z.writestr(f"{DIST_INFO}/RECORD", record)
    return name


@unittest.skipUnless(importlib.util.find_spec("mesonpy"), "meson-python (python3-mesonpy) not found")
class WheelTag(unittest.TestCase):
    def setUp(self):
        import mancala_backend
        self.backend = mancala_backend
        self.directory = tempfile.mkdtemp()

    def tearDown(self):
        for name in os.listdir(self.directory):
            os.remove(os.path.join(self.directory, name))
        os.rmdir(self.directory)

    def test_an_interpreter_tagged_wheel_is_tagged_for_every_python_3(self):
        old = meson_python_wheel(self.directory, "cp311-cp311-linux_x86_64")
        new = self.backend.retag(self.directory, old)
        self.assertEqual(new, "mancala-1.3.0-py3-none-linux_x86_64.whl")
        self.assertEqual(os.listdir(self.directory), [new])
        with zipfile.ZipFile(os.path.join(self.directory, new)) as z:
            self.assertEqual(z.testzip(), None)
            wheel = z.read(f"{DIST_INFO}/WHEEL")
            self.assertEqual(wheel, b"Wheel-Version: 1.0\nGenerator: meson\n"
                                    b"Root-Is-Purelib: false\nTag: py3-none-linux_x86_64\n")
            record = z.read(f"{DIST_INFO}/RECORD").decode().splitlines()
            self.assertIn(f"{DIST_INFO}/WHEEL,{sha256(wheel)},{len(wheel)}", record)
            self.assertIn(f"mancala/libmancala.so.1,{sha256(LIBRARY)},{len(LIBRARY)}", record)
            self.assertEqual(len(record), 5)
            # Every other file as it was, the library still executable.
            self.assertEqual(z.read("mancala/libmancala.so.1"), LIBRARY)
            self.assertEqual(z.getinfo("mancala/libmancala.so.1").external_attr >> 16, 0o755)
            self.assertEqual(z.getinfo("mancala/__init__.py").date_time, (2026, 12, 5, 3, 0, 0))

    def test_each_platform_of_a_compressed_tag_set_keeps_its_line(self):
        old = meson_python_wheel(self.directory,
                                 "cp312-cp312-manylinux_2_17_x86_64.manylinux2014_x86_64")
        new = self.backend.retag(self.directory, old)
        self.assertEqual(new, "mancala-1.3.0-py3-none-manylinux_2_17_x86_64.manylinux2014_x86_64.whl")
        with zipfile.ZipFile(os.path.join(self.directory, new)) as z:
            self.assertTrue(z.read(f"{DIST_INFO}/WHEEL").decode().endswith(
                "Tag: py3-none-manylinux_2_17_x86_64\nTag: py3-none-manylinux2014_x86_64\n"))

    def test_a_wheel_already_for_every_python_3_is_left_alone(self):
        old = meson_python_wheel(self.directory, "py3-none-win_amd64")
        with open(os.path.join(self.directory, old), "rb") as f:
            before = f.read()
        self.assertEqual(self.backend.retag(self.directory, old), old)
        with open(os.path.join(self.directory, old), "rb") as f:
            self.assertEqual(f.read(), before)

    def test_the_project_builds_its_wheel_with_this_backend(self):
        with open(os.path.join(HERE, "..", "pyproject.toml"), encoding="utf-8") as f:
            text = f.read()
        self.assertIn('build-backend = "mancala_backend"', text)
        self.assertIn('backend-path = ["build-backend"]', text)


if __name__ == "__main__":
    unittest.main()
