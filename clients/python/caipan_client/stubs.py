"""Finds and imports the Python modules generated from proto/caipan/v1 at build time."""

import glob
import importlib
import os
import sys

# clients/python/caipan_client/stubs.py -> the repository root.
REPO_ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))


class StubsMissing(Exception):
    pass


def stub_dir():
    """$CAIPAN_PYTHON_STUBS, else python/ in $CAIPAN_BUILD_DIR or the repository's build/."""
    if os.environ.get("CAIPAN_PYTHON_STUBS"):
        return os.environ["CAIPAN_PYTHON_STUBS"]
    build = os.environ.get("CAIPAN_BUILD_DIR") or os.path.join(REPO_ROOT, "build")
    return os.path.join(build, "python")


def load(directory=None):
    """Imports every caipan/v1/*_pb2 module under `directory`, so that their descriptors are in
    the default pool; returns the modules. Raises StubsMissing with what to do."""
    directory = directory or stub_dir()
    files = sorted(glob.glob(os.path.join(directory, "caipan", "v1", "*_pb2.py")))
    if not files:
        raise StubsMissing(
            "no generated caipan.v1 modules in %s (caipan/v1/*_pb2.py). Generate them with "
            "`cmake --build build --target caipan_python_stubs` (tools/run.sh and tools/build.sh "
            "do), or set CAIPAN_PYTHON_STUBS to a folder holding them." % directory)
    if directory not in sys.path:
        sys.path.insert(0, directory)
    modules = []
    for path in files:
        name = os.path.splitext(os.path.basename(path))[0]
        modules.append(importlib.import_module("caipan.v1." + name))
    return modules
