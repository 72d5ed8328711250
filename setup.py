"""Builds the package dlx with the project's CMake build (python/CMakeLists.txt): only the
module's target, for the interpreter running this script, without the programs or the tests.

    pip install --no-build-isolation .            (in a virtual environment, or with --user)

Offline, with Debian's packages: /usr/bin/python3 -m venv --system-site-packages VENV, then
VENV/bin/pip install --no-build-isolation . (setuptools and wheel from python3-setuptools and
python3-wheel; cmake, python3-dev, pybind11-dev and nlohmann-json3-dev for the build). Without
--no-build-isolation pip would download setuptools and wheel into a fresh environment first.

Environment: DLX_CMAKE_ARGS adds arguments to the CMake configure step; CMAKE_BUILD_PARALLEL_LEVEL
sets the build's jobs (default 2).
"""

import glob
import os
import shlex
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))


def has_bdist_wheel():
    """Whether setuptools can build a wheel: its own bdist_wheel (setuptools 70.1 and later), or
    the one of the `wheel` package."""
    for module in ("setuptools.command.bdist_wheel", "wheel.bdist_wheel"):
        try:
            __import__(module)
            return True
        except ImportError:
            pass
    return False


# pip builds a wheel (and, with setuptools 62 and later, its metadata) through bdist_wheel; where
# no package provides it, setuptools would only say "invalid command 'bdist_wheel'".
if any(command in sys.argv for command in ("bdist_wheel", "dist_info")) and not has_bdist_wheel():
    sys.exit(
        "setup.py: this Python (" + sys.executable + ") cannot build a wheel: the package 'wheel' "
        "(bdist_wheel) is missing.\n"
        "  Offline, on Debian: apt-get install python3-wheel, and make the virtual environment\n"
        "  with Debian's Python and its packages: /usr/bin/python3 -m venv --system-site-packages "
        "VENV,\n  then VENV/bin/pip install --no-build-isolation .\n"
        "  With network: pip install wheel (or drop --no-build-isolation).")


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build = os.path.abspath(os.path.join(self.build_temp, "cmake"))
        configure = [
            "cmake", "-S", HERE, "-B", build,
            "-DCMAKE_BUILD_TYPE=Release",
            "-DDLX_BUILD_APPS=OFF", "-DDLX_BUILD_TESTS=OFF", "-DDLX_INSTALL=OFF",
            "-DDLX_BUILD_PYTHON=ON",
            f"-DPython3_EXECUTABLE={sys.executable}",
        ] + shlex.split(os.environ.get("DLX_CMAKE_ARGS", ""))
        subprocess.run(configure, check=True)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", "2")
        subprocess.run(["cmake", "--build", build, "--target", "dlx_python", "-j", jobs],
                       check=True)
        built = glob.glob(os.path.join(build, "python", "dlx", "_core*"))
        if not built:
            sys.exit("setup.py: CMake did not build the module (see its messages above: "
                     "pybind11-dev and python3-dev are needed)")
        target = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(built[0], target)


setup(
    packages=["dlx"],
    package_dir={"dlx": "python/dlx"},
    package_data={"dlx": ["*.pyi", "py.typed"]},
    ext_modules=[CMakeExtension("dlx._core")],
    cmdclass={"build_ext": CMakeBuild},
    options={"build": {"build_base": "build-pip"}},
    zip_safe=False,
)
