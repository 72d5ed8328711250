#!/usr/bin/env bash
# `pip install --no-build-isolation .` as the README gives it, offline (--no-index): a copy of
# the sources in a scratch folder, a virtual environment of Debian's Python with its packages
# (--system-site-packages: setuptools, wheel, pybind11), the install, then the module imported
# from outside the sources and asked a published count (8 queens: 92). Then the same in an
# environment without Debian's packages, where wheel is missing: setup.py must say so in plain
# words rather than setuptools' "invalid command 'bdist_wheel'".
#
#   pip_install_test.sh SOURCE_DIR [PYTHON]
# Exits 77 (ctest: skipped), saying why in one line, when a tool it needs is missing.
set -uo pipefail
source_dir=$(cd "$1" && pwd)
python=${2:-/usr/bin/python3}

skip() { echo "pip_install_test: skipped: $*"; exit 77; }
[ -x "$python" ] || skip "no $python"
"$python" -c 'import venv, ensurepip' 2>/dev/null || skip "$python has no venv/ensurepip (Debian: python3-venv)"
"$python" -c 'import setuptools, wheel' 2>/dev/null || skip "$python lacks setuptools or wheel (Debian: python3-setuptools python3-wheel)"
command -v cmake >/dev/null || skip "no cmake"
[ -e /usr/lib/cmake/pybind11/pybind11Config.cmake ] || [ -n "$(find /usr -path '*cmake/pybind11/pybind11Config.cmake' -print -quit 2>/dev/null)" ] ||
  skip "no pybind11 CMake package (Debian: pybind11-dev)"

scratch=$(mktemp -d "${TMPDIR:-/tmp}/dlx-pip-test.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
# The files setup.py's CMake build reads; not the build folders of the source tree.
mkdir "$scratch/src"
for part in CMakeLists.txt pyproject.toml setup.py README.md LICENSE cmake dlx sudoku python; do
  cp -r "$source_dir/$part" "$scratch/src/"
done
# The runs' records (apps/runs/records_json.cpp: the one JSON writer the module's rate shares).
mkdir "$scratch/src/apps"
cp -r "$source_dir/apps/runs" "$scratch/src/apps/"

fail() { echo "pip_install_test: FAILED: $*"; exit 1; }

"$python" -m venv --system-site-packages "$scratch/venv" || fail "python3 -m venv --system-site-packages"
(cd "$scratch/src" && "$scratch/venv/bin/pip" install --no-index --no-build-isolation . \
   > "$scratch/pip.log" 2>&1) || { tail -40 "$scratch/pip.log"; fail "pip install --no-build-isolation ."; }
queens=$(cd "$scratch" && "$scratch/venv/bin/python" -c \
  "import dlx; print(dlx.Solver(dlx.Problem.from_knuth(open('$source_dir/data/dlx/queens8.dlx').read())).count())") ||
  fail "import dlx from the installed package"
[ "$queens" = 92 ] || fail "8 queens: $queens covers, not 92"
where=$(cd "$scratch" && "$scratch/venv/bin/python" -c "import dlx, os; print(os.path.dirname(dlx.__file__))")
case $where in
  "$scratch/venv/"*) ;;
  *) fail "dlx imported from $where, not from the virtual environment" ;;
esac
echo "pip_install_test: installed offline into a venv of $python; dlx from $where counts 92 covers of 8 queens"

# Without Debian's packages: ensurepip gives pip and setuptools, but no wheel.
"$python" -m venv "$scratch/bare" || fail "python3 -m venv"
if "$scratch/bare/bin/python" -c 'import wheel' 2>/dev/null; then
  echo "pip_install_test: the bare venv has wheel; its message is not tested"
  exit 0
fi
if (cd "$scratch/src" && "$scratch/bare/bin/pip" install --no-index --no-build-isolation . \
      > "$scratch/bare.log" 2>&1); then
  fail "pip install succeeded without wheel"
fi
grep -q "cannot build a wheel: the package 'wheel' (bdist_wheel) is missing" "$scratch/bare.log" ||
  { tail -30 "$scratch/bare.log"; fail "no clear message without wheel"; }
echo "pip_install_test: without wheel, setup.py says so"
