# SPDX-License-Identifier: MIT
"""The build backend of the wheel (pyproject.toml): meson-python's, with
the wheel tagged ``py3-none-<platform>``.

meson-python tags a wheel with files in ``platlib`` for the interpreter
that built it (``cp311-cp311-linux_x86_64``), as it would an extension
module. This wheel has none: its Python code loads the C library it
carries with ctypes, so it suits every Python 3 on that platform, and
``py3-none-<platform>`` says so (PEP 425). The platform tag is
meson-python's. The wheel's ``WHEEL`` file and its line in ``RECORD`` are
rewritten to match its new name.
"""

from __future__ import annotations

import base64
import hashlib
import os
import zipfile

import mesonpy

PYTHON_TAG, ABI_TAG = "py3", "none"

# The other hooks are meson-python's, those its version has.
for _hook in ("get_requires_for_build_wheel", "build_sdist", "get_requires_for_build_sdist",
              "build_editable", "get_requires_for_build_editable"):
    if hasattr(mesonpy, _hook):
        globals()[_hook] = getattr(mesonpy, _hook)


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    name = mesonpy.build_wheel(wheel_directory, config_settings, metadata_directory)
    return retag(wheel_directory, name)


def retag(directory: str, name: str) -> str:
    """Tags the wheel ``name`` in ``directory`` py3-none-<its platform>;
    returns its new name (the old file is replaced)."""
    stem, _ = os.path.splitext(name)
    distribution, version, python, abi, platform = stem.rsplit("-", 4)
    if (python, abi) == (PYTHON_TAG, ABI_TAG):
        return name
    new_name = f"{distribution}-{version}-{PYTHON_TAG}-{ABI_TAG}-{platform}.whl"
    old_path, new_path = os.path.join(directory, name), os.path.join(directory, new_name)
    dist_info = f"{distribution}-{version}.dist-info"
    with zipfile.ZipFile(old_path) as old, zipfile.ZipFile(new_path + ".part", "w") as new:
        wheel = old.read(f"{dist_info}/WHEEL").decode()
        tags = "".join(f"Tag: {PYTHON_TAG}-{ABI_TAG}-{p}\n" for p in platform.split("."))
        wheel = "".join(line for line in wheel.splitlines(keepends=True)
                        if not line.startswith("Tag:")).rstrip("\n") + "\n" + tags
        for item in old.infolist():
            data = old.read(item)
            if item.filename == f"{dist_info}/WHEEL":
                data = wheel.encode()
            elif item.filename == f"{dist_info}/RECORD":
                data = _record(data.decode(), f"{dist_info}/WHEEL", wheel.encode()).encode()
            new.writestr(item, data)
    os.replace(new_path + ".part", new_path)
    os.remove(old_path)
    return new_name


def _record(record: str, path: str, data: bytes) -> str:
    """RECORD with the hash and size of ``path`` set for ``data``."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "".join(f"{path},sha256={digest},{len(data)}\n" if line.split(",")[0] == path
                   else line for line in record.splitlines(keepends=True))
