"""Sudoku of any box shape (4x4 to 35x35) on the dancing-links engine.

A puzzle is one line of N*N cells ('.' or '0' for blanks, A-Z for 10-35) or a grid of N lines;
decoration is ignored. `box="RxC"` gives the box shape where the size alone does not.

    from dlx import sudoku
    p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    sudoku.solve(p)              # the solution as one line, or None
    sudoku.count(p, limit=2)     # 1: unique
    for s in sudoku.solutions(p): ...
    sudoku.rate(p)["level"]
    sudoku.candidates(p)["candidates"]  # each cell's digits that some solution holds

The rules (docs/variants.md): every function takes `variant` ("x",
"windoku", "anti-knight", "anti-king", "jigsaw", "killer", or several joined by '+'),
`regions` (jigsaw: N*N labels, row-major) and `cages` (killer: a list of (sum, ["r1c1", ...]));
a puzzle text may also carry "# variant", "# regions" and "# cage" lines. explain, logic,
rate and hint take the classic rules only until the logic takes the others (ValueError).

    sudoku.count(p, limit=2, variant="x")
    sudoku.solve("." * 81, cages=[(3, ["r1c1", "r1c2"]), ...])
    sudoku.generate(variant="killer", seed=7)[0]["cages"]
"""

from ._core import sudoku as _impl

# One entry: every function takes the rules (variant, regions, cages) as arguments and reads a
# puzzle text's own rule lines; the extension builds one rule set and calls the library's one
# path for it (dlx._core.sudoku).
SolutionIterator = _impl.SolutionIterator
# The iterator that solutions() returned for variant puzzles before there was one entry: the
# same class now, kept so that code naming it still runs.
VariantSolutionIterator = SolutionIterator
candidates = _impl.candidates
count = _impl.count
explain = _impl.explain
generate = _impl.generate
hint = _impl.hint
logic = _impl.logic
rate = _impl.rate
solutions = _impl.solutions
solve = _impl.solve
solve_stats = _impl.solve_stats
validate = _impl.validate

__all__ = [
    "SolutionIterator",
    "VariantSolutionIterator",
    "candidates",
    "count",
    "explain",
    "generate",
    "hint",
    "logic",
    "rate",
    "solutions",
    "solve",
    "solve_stats",
    "validate",
]
