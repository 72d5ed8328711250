#!/usr/bin/env python3
"""Benchmarks of the Python module dlx (issue 15), run against the build tree:

    PYTHONPATH=build/python python3 bench/python_bench.py [--dlx build/bin/dlx] [--runs 5]

1. dlx.sudoku.count(puzzle, limit=2) over the whole top1465 list (the shared copy when present,
   else data/sudoku/top1465_sample.txt), beside a plain-Python MRV generator solver (the kind
   people share: `for s in solutions(grid)`) on the first puzzles, also counting to 2.
2. 15-queens: dlx.Solver.count() against the C++ program `dlx --count --threads 1` on the same
   problem file, runs interleaved, medians; then the per-cover cost of the Python iterator
   (iterating every cover minus counting them, divided by the covers).

Times are wall-clock medians of --runs runs; the machine may be shared, so read ratios taken in
the same run rather than absolute times.
"""

import argparse
import itertools
import os
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


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dlx", help="the C++ dlx program (default: build*/bin/dlx)")
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (median)")
    parser.add_argument("--puzzles", help="Sudoku puzzle file (default: top1465)")
    parser.add_argument("--python-puzzles", type=int, default=10,
                        help="puzzles for the plain-Python solver (it is slow)")
    parser.add_argument("--queens", type=int, default=15)
    parser.add_argument("--only", choices=["sudoku", "queens"])
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]} ({sys.executable}), dlx from {dlx.__file__}")
    if args.only != "queens":
        bench_sudoku(args)
    if args.only != "sudoku":
        bench_queens(args)


if __name__ == "__main__":
    main()
