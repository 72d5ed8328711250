"""Builds the package dlx with the project's CMake build (python/CMakeLists.txt): only the
module's target, for the interpreter running this script, without the programs or the tests.

    pip install --no-build-isolation .            (in a virtual environment, or with --user)

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
