"""Runs the pytest suite of the dlx module built under PACKAGE_PARENT (ctest's python_tests).

Exits 77, which ctest reports as a skip, with the reason on stdout, when the module was not
built or pytest is missing; otherwise with pytest's status.
"""

import glob
import os
import sys


def main() -> int:
    parent = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else ""
    if not glob.glob(os.path.join(parent, "dlx", "_core*.so")) and not glob.glob(
        os.path.join(parent, "dlx", "_core*.pyd")
    ):
        print(f"skipped: the dlx module is not built in {parent}/dlx "
              "(needs pybind11 and the Python headers: scripts/install-deps python, "
              "then reconfigure with -DDLX_BUILD_PYTHON=ON)")
        return 77
    try:
        import pytest
    except ImportError:
        print(f"skipped: {sys.executable} has no pytest (Debian: python3-pytest)")
        return 77
    sys.path.insert(0, parent)
    os.environ["PYTHONPATH"] = os.pathsep.join(
        p for p in (parent, os.environ.get("PYTHONPATH", "")) if p)
    here = os.path.dirname(os.path.abspath(__file__))
    return pytest.main(["-q", "-p", "no:cacheprovider", "--rootdir", here, here] + sys.argv[2:])


if __name__ == "__main__":
    sys.exit(main())
