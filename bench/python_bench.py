#!/usr/bin/env python3
"""Benchmarks of the Python module dlx (issue 15), run against the build tree:

    PYTHONPATH=build/python python3 bench/python_bench.py [--dlx build/bin/dlx] [--runs 5]

1. dlx.sudoku.count(puzzle, limit=2) over the whole top1465 list (the shared copy when present,
   else data/sudoku/top1465_sample.txt), beside a plain-Python MRV generator solver (the kind
   people share: `for s in solutions(grid)`) on the first puzzles, also counting to 2.
2. 15-queens: dlx.Solver.count() against the C++ program `dlx --count --threads 1` on the same
   problem file, runs interleaved, medians; then the per-cover cost of the Python iterator
   (iterating every cover minus counting them, divided by the covers).

3. The one-call path (issue 32): dlx.Problem(options, ...) / dlx.count / dlx.covers on option
   lists of Python values, against building the same problem by hand (add_primary,
   add_secondary, add_option with string names made beforehand, outside the timing), runs
   interleaved; build alone, build + count, build + every cover as a list. The goal: one call
   costs at most 1.10x the hand-built path.
4. xcover (pure Python + numba, the peer with the same covers(options, primary, secondary)
   call) on the same option lists, when it can be imported: its first call (the JIT start) and
   then every cover, beside dlx.covers. Recipe, outside the repository (Debian's numba; xcover
   from its source, which needs nothing else):
       apt-get install python3-numba
       git clone https://github.com/johnrudge/xcover /tmp/xcover   # or any copy of its src/
       PYTHONPATH=build/python:/tmp/xcover/src /usr/bin/python3 bench/python_bench.py --only xcover

Times are wall-clock medians of --runs runs; the machine may be shared, so read ratios taken in
the same run rather than absolute times.
"""

import argparse
import itertools
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import dlx
from dlx import sudoku

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOP1465 = "/work/shared/data/puzzles/puzzles3_magictour_top1465"
TOP1465_SAMPLE = os.path.join(ROOT, "data", "sudoku", "top1465_sample.txt")


def read_puzzles(path):
    puzzles = []
    with open(path) as f:
        for line in f:
            line = line.split("#")[0].strip()
            if len(line) >= 81 and all(ch in "0123456789." for ch in line[:81]):
                puzzles.append(line[:81])
    return puzzles


# ---- the plain-Python solver people share --------------------------------------------------

def _peers():
    peers = []
    for i in range(81):
        r, c = divmod(i, 9)
        b = (r // 3 * 3, c // 3 * 3)
        p = {r * 9 + k for k in range(9)} | {k * 9 + c for k in range(9)}
        p |= {(b[0] + x) * 9 + b[1] + y for x in range(3) for y in range(3)}
        p.discard(i)
        peers.append(tuple(p))
    return peers


PEERS = _peers()
DIGITS = set(range(1, 10))


def mrv_solutions(puzzle):
    """Every solution, lazily: fill the blank cell with the fewest candidates, recurse."""
    grid = [0 if ch in ".0" else int(ch) for ch in puzzle]

    def search():
        best, best_candidates = None, None
        for i in range(81):
            if grid[i] == 0:
                candidates = DIGITS - {grid[p] for p in PEERS[i]}
                if best is None or len(candidates) < len(best_candidates):
                    best, best_candidates = i, candidates
                    if len(candidates) <= 1:
                        break
        if best is None:
            yield "".join(map(str, grid))
            return
        for d in best_candidates:
            grid[best] = d
            yield from search()
        grid[best] = 0

    yield from search()


# ---- timing ---------------------------------------------------------------------------------

def timed(fn):
    start = time.perf_counter()
    value = fn()
    return time.perf_counter() - start, value


def timed_cpu(fn):
    """CPU time of this process (less disturbed than wall time by others on a shared machine;
    the searches here run on this thread)."""
    start = time.process_time()
    value = fn()
    return time.process_time() - start, value


def median_time(fn, runs):
    times = []
    value = None
    for _ in range(runs):
        t, value = timed(fn)
        times.append(t)
    return statistics.median(times), value


def find_dlx(explicit):
    if explicit:
        return explicit
    for build in ("build", "build-py", "build-release"):
        path = os.path.join(ROOT, build, "bin", "dlx")
        if os.path.exists(path):
            return path
    return shutil.which("dlx")


def bench_sudoku(args):
    path = args.puzzles or (TOP1465 if os.path.exists(TOP1465) else TOP1465_SAMPLE)
    puzzles = read_puzzles(path)
    print(f"Sudoku: {len(puzzles)} puzzles from {path}")

    def run_all():
        return [sudoku.count(p, limit=2) for p in puzzles]

    t, counts = median_time(run_all, args.runs)
    print(f"  dlx.sudoku.count(limit=2), whole list: {t:.3f} s median of {args.runs}, "
          f"{t / len(puzzles) * 1e6:.1f} us a puzzle; unique: {counts.count(1)}/{len(puzzles)}")

    first = puzzles[:args.python_puzzles]

    def run_python():
        return [len(list(itertools.islice(mrv_solutions(p), 2))) for p in first]

    tp, python_counts = timed(run_python)
    td, dlx_counts = median_time(lambda: [sudoku.count(p, limit=2) for p in first], args.runs)
    assert python_counts == dlx_counts, (python_counts, dlx_counts)
    print(f"  plain-Python MRV generator, first {len(first)} puzzles: {tp:.2f} s "
          f"({tp / len(first) * 1e3:.0f} ms a puzzle); dlx.sudoku on the same: "
          f"{td / len(first) * 1e6:.1f} us a puzzle: x{tp / td:,.0f}")


def bench_queens(args):
    n = args.queens
    dlx_bin = find_dlx(args.dlx)
    with tempfile.TemporaryDirectory() as tmp:
        problem_file = os.path.join(tmp, f"queens{n}.dlx")
        if dlx_bin:
            with open(problem_file, "w") as f:
                subprocess.run([dlx_bin, "--example", "queens", str(n)], stdout=f, check=True)
        else:
            print(f"{n}-queens: no C++ dlx program found (give --dlx); Python only")
            return
        problem = dlx.read_knuth(problem_file)
        print(f"{n}-queens: {problem.option_count} options, C++ program {dlx_bin}")
        cpp_times, py_times, cpp_cpu, py_cpu = [], [], [], []
        cpp_count = py_count = None
        solver = dlx.Solver(problem)

        def children_cpu():
            r = resource.getrusage(resource.RUSAGE_CHILDREN)
            return r.ru_utime + r.ru_stime

        for _ in range(args.runs):  # interleaved
            before = children_cpu()
            t, out = timed(lambda: subprocess.run(
                [dlx_bin, "--count", "--threads", "1", problem_file],
                capture_output=True, text=True, check=True).stdout)
            cpp_cpu.append(children_cpu() - before)
            cpp_times.append(t)
            cpp_count = int(out.split()[0])
            before = time.process_time()
            t, py_count = timed(solver.count)
            py_cpu.append(time.process_time() - before)
            py_times.append(t)
        assert cpp_count == py_count, (cpp_count, py_count)
        tc, tpy = statistics.median(cpp_times), statistics.median(py_times)
        print(f"  covers: {py_count}")
        print(f"  C++ dlx --count --threads 1 (whole process): {tc:.3f} s; "
              f"dlx.Solver.count(): {tpy:.3f} s; Python / C++ = {tpy / tc:.3f}")
        cc, pc = statistics.median(cpp_cpu), statistics.median(py_cpu)
        print(f"  CPU time (less disturbed by other processes): C++ {cc:.3f} s, "
              f"Python {pc:.3f} s; Python / C++ = {pc / cc:.3f}")
        print(f"    runs C++: {', '.join(f'{x:.3f}' for x in cpp_times)}")
        print(f"    runs Py:  {', '.join(f'{x:.3f}' for x in py_times)}")

        def iterate():
            k = 0
            for _ in solver.solutions():
                k += 1
            return k

        iter_times, count_times = [], []
        for _ in range(args.runs):
            t, k = timed(iterate)
            iter_times.append(t)
            t, _ = timed(solver.count)
            count_times.append(t)
        assert k == py_count
        ti, tcount = statistics.median(iter_times), statistics.median(count_times)
        print(f"  iterating every cover from Python: {ti:.3f} s vs count() {tcount:.3f} s: "
              f"{(ti - tcount) / k * 1e9:.0f} ns a cover of Python overhead "
              f"({ti / k * 1e9:.0f} ns a cover in all)")
        t2, c2 = median_time(lambda: solver.count(threads=2), args.runs)
        assert c2 == py_count
        print(f"  dlx.Solver.count(threads=2): {t2:.3f} s (x{tcount / t2:.2f} of one thread)")


# ---- one call from options over Python values (issue 32) ------------------------------------

PENTOMINOES = {"F": ".##|##.|.#.", "I": "#####", "L": "####|#...", "N": "##..|.###",
               "P": "##|##|#.", "T": "###|.#.|.#.", "U": "#.#|###", "V": "#..|#..|###",
               "W": "#..|##.|.##", "X": ".#.|###|.#.", "Y": "####|.#..", "Z": "##.|.#.|.##"}


def pentomino_options(rows, cols):
    def orientations(picture):
        cells = {(r, c) for r, row in enumerate(picture.split("|"))
                 for c, mark in enumerate(row) if mark == "#"}
        found = set()
        for _ in range(4):
            cells = {(c, -r) for r, c in cells}
            for shape in (cells, {(r, -c) for r, c in cells}):
                top, left = min(r for r, _ in shape), min(c for _, c in shape)
                found.add(frozenset((r - top, c - left) for r, c in shape))
        return found
    return [[name] + [(r + dr, c + dc) for dr, dc in sorted(shape)]
            for name, picture in PENTOMINOES.items() for shape in orientations(picture)
            for r in range(rows) for c in range(cols)
            if all(r + dr < rows and c + dc < cols for dr, dc in shape)]


def queens_options(n, kind):
    def item(what, k):
        if kind == "int":
            return {"row": 0, "col": 1, "up": 2, "down": 3}[what] * 4 * n + k + 2 * n
        return (what, k) if kind == "tuple" else f"{what}{k}"
    options = [[item("row", r), item("col", c), item("up", r + c), item("down", r - c)]
               for r in range(n) for c in range(n)]
    diagonals = [item("up", d) for d in range(2 * n - 1)] + \
                [item("down", d) for d in range(-n + 1, n)]
    return options, diagonals


def langford_options(n):
    return [[f"d{d}", f"s{p}", f"s{p + d + 1}"] for d in range(1, n + 1)
            for p in range(2 * n - d - 1)]


def random_options(items, options, width, seed=1):
    rng = random.Random(seed)
    return [rng.sample(range(items), width) for _ in range(options)]


def one_call_problems(args):
    """(label, options, secondary, what to time) for the one-call and xcover comparisons."""
    xcover_example = [[1, 4, 7], [1, 4], [4, 5, 7], [3, 5, 6], [2, 3, 6, 7], [2, 7]]
    problems = [("xcover's README example x1000", [xcover_example] * 1000, [], "many")]
    for kind in ("int", "tuple", "str"):
        options, diagonals = queens_options(args.one_call_queens, kind)
        problems.append((f"{args.one_call_queens}-queens, {kind} items", options, diagonals, "all"))
    problems.append(("Langford pairs n=11, str items", langford_options(11), [], "all"))
    problems.append(("pentominoes 3x20, str + tuple items", pentomino_options(3, 20), [], "all"))
    problems.append(("random 3000 int items, 40000 options of 6 (build)",
                     random_options(3000, 40000, 6), [], "build"))
    return problems


def by_hand(options, secondary):
    """What a user writes without the one-call path: names declared first, then the options as
    lists of names. `options` and `secondary` are already strings (made outside the timing)."""
    p = dlx.Problem()
    declared = set(secondary)
    for option in options:
        for name in option:
            if name not in declared:
                declared.add(name)
                p.add_primary(name)
    for name in secondary:
        p.add_secondary(name)
    for option in options:
        p.add_option(option)
    return p


def bench_one_call(args):
    print("One call (dlx.Problem(options, ...), dlx.count, dlx.covers) against the same problem "
          "built by hand with names; CPU time, medians, runs interleaved")
    worst = 0.0
    for label, options, secondary, what in one_call_problems(args):
        if what == "many":  # many small problems: the per-call cost
            name_options = [[str(x) for x in o] for o in options[0]]
            def hand(): return [list(dlx.Solver(by_hand(name_options, [])).solutions())
                                for _ in options]
            def one(): return [list(dlx.covers(o)) for o in options]
            pairs = [("covers of each", hand, one)]
        else:
            name_options = [[str(x).replace(" ", "") for x in o] for o in options]
            name_secondary = [str(x).replace(" ", "") for x in secondary]
            pairs = [("build", lambda: by_hand(name_options, name_secondary),
                      lambda: dlx.Problem(options, secondary=secondary))]
            if what == "all":
                pairs.append(("build + count",
                              lambda: dlx.Solver(by_hand(name_options, name_secondary)).count(),
                              lambda: dlx.count(options, secondary=secondary)))
                pairs.append(("build + every cover",
                              lambda: sum(1 for _ in dlx.Solver(by_hand(name_options,
                                                                        name_secondary))),
                              lambda: sum(1 for _ in dlx.covers(options, secondary=secondary))))
        print(f"  {label}:")
        for what_timed, hand_fn, one_fn in pairs:
            hand_times, one_times = [], []
            for _ in range(args.runs):
                t, a = timed_cpu(hand_fn)
                hand_times.append(t)
                t, b = timed_cpu(one_fn)
                one_times.append(t)
            if what_timed != "build":
                assert a == b, (a, b)
            th, to = statistics.median(hand_times), statistics.median(one_times)
            worst = max(worst, to / th)
            print(f"    {what_timed:20s} by hand {th * 1e3:9.2f} ms   one call {to * 1e3:9.2f} ms"
                  f"   one call / by hand = {to / th:.3f}")
    print(f"  worst ratio: {worst:.3f} (goal: at most 1.10)")


def bench_xcover(args):
    try:
        import xcover
    except ImportError:
        print("xcover: not importable (see the recipe at the top of this file); skipped")
        return
    print(f"xcover {getattr(xcover, '__version__', '')} from {os.path.dirname(xcover.__file__)}")
    start = time.perf_counter()
    list(xcover.covers([[1, 4, 7], [1, 4], [4, 5, 7], [3, 5, 6], [2, 3, 6, 7], [2, 7]]))
    print(f"  first call (numba JIT start, or its cache): {time.perf_counter() - start:.2f} s; "
          "then every cover, CPU time, medians, runs interleaved")
    for label, options, secondary, what in one_call_problems(args):
        if what != "all":
            continue
        kwargs = {"secondary": secondary} if secondary else {}
        xcover_times, dlx_times = [], []
        for _ in range(args.runs):  # interleaved, CPU time (both search on this thread)
            t, nx = timed_cpu(lambda: sum(1 for _ in xcover.covers(options, **kwargs)))
            xcover_times.append(t)
            t, nd = timed_cpu(lambda: sum(1 for _ in dlx.covers(options, **kwargs)))
            dlx_times.append(t)
        tx, td = statistics.median(xcover_times), statistics.median(dlx_times)
        assert nx == nd, (nx, nd)
        print(f"  {label}: {nd} covers; xcover {tx * 1e3:.1f} ms, dlx.covers {td * 1e3:.1f} ms: "
              f"xcover / dlx = {tx / td:.2f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dlx", help="the C++ dlx program (default: build*/bin/dlx)")
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (median)")
    parser.add_argument("--puzzles", help="Sudoku puzzle file (default: top1465)")
    parser.add_argument("--python-puzzles", type=int, default=10,
                        help="puzzles for the plain-Python solver (it is slow)")
    parser.add_argument("--queens", type=int, default=15)
    parser.add_argument("--one-call-queens", type=int, default=10,
                        help="n of the n-queens problems of the one-call comparison")
    parser.add_argument("--only", choices=["sudoku", "queens", "one-call", "xcover"])
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]} ({sys.executable}), dlx from {dlx.__file__}")
    if args.only in (None, "sudoku"):
        bench_sudoku(args)
    if args.only in (None, "queens"):
        bench_queens(args)
    if args.only in (None, "one-call"):
        bench_one_call(args)
    if args.only in (None, "xcover"):
        bench_xcover(args)


if __name__ == "__main__":
    main()
