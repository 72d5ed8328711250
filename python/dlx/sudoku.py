"""Sudoku of any box shape (4x4 to 35x35) on the dancing-links engine.

A puzzle is one line of N*N cells ('.' or '0' for blanks, A-Z for 10-35) or a grid of N lines;
decoration is ignored. `box="RxC"` gives the box shape where the size alone does not.

    from dlx import sudoku
    p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    sudoku.solve(p)              # the solution as one line, or None
    sudoku.count(p, limit=2)     # 1: unique
    for s in sudoku.solutions(p): ...
    sudoku.rate(p)["level"]
"""

from ._core import sudoku as _impl

SolutionIterator = _impl.SolutionIterator
count = _impl.count
explain = _impl.explain
generate = _impl.generate
logic = _impl.logic
rate = _impl.rate
solutions = _impl.solutions
solve = _impl.solve
solve_stats = _impl.solve_stats
validate = _impl.validate

__all__ = [
    "SolutionIterator",
    "count",
    "explain",
    "generate",
    "logic",
    "rate",
    "solutions",
    "solve",
    "solve_stats",
    "validate",
]
