"""Sudoku of any box shape (4x4 to 35x35) on the dancing-links engine.

A puzzle is one line of N*N cells ('.' or '0' for blanks, A-Z for 10-35) or a grid of N lines;
decoration is ignored. `box="RxC"` gives the box shape where the size alone does not.

    from dlx import sudoku
    p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    sudoku.solve(p)              # the solution as one line, or None
    sudoku.count(p, limit=2)     # 1: unique
    for s in sudoku.solutions(p): ...
    sudoku.rate(p)["level"]

Variants (docs/variants.md): solve, count, solutions and generate take `variant` ("x",
"windoku", "anti-knight", "anti-king", "jigsaw", "killer", or several joined by '+'),
`regions` (jigsaw: N*N labels, row-major) and `cages` (killer: a list of (sum, ["r1c1", ...]));
a puzzle text may also carry "# variant", "# regions" and "# cage" lines.

    sudoku.count(p, limit=2, variant="x")
    sudoku.solve("." * 81, cages=[(3, ["r1c1", "r1c2"]), ...])
    sudoku.generate(variant="killer", seed=7)[0]["cages"]
"""

from ._core import sudoku as _impl

SolutionIterator = _impl.SolutionIterator
VariantSolutionIterator = _impl.VariantSolutionIterator
explain = _impl.explain
logic = _impl.logic
rate = _impl.rate
solve_stats = _impl.solve_stats
validate = _impl.validate


def _variant(puzzle, variant, regions, cages):
    """Whether the variant functions take the puzzle: rules given, or rule lines in its text."""
    return variant is not None or regions is not None or cages is not None or "#" in puzzle


def _engine_only(solver):
    if solver not in ("auto", "dlx"):
        raise ValueError(f"solver {solver!r} knows the classic rules only; variants take 'auto' or 'dlx'")


def solve(puzzle, box=None, solver="auto", variant=None, regions=None, cages=None):
    if _variant(puzzle, variant, regions, cages):
        _engine_only(solver)
        return _impl.variant_solve(puzzle, box, variant, regions, cages)
    return _impl.solve(puzzle, box, solver)


def count(puzzle, limit=None, box=None, solver="auto", variant=None, regions=None, cages=None):
    if _variant(puzzle, variant, regions, cages):
        _engine_only(solver)
        return _impl.variant_count(puzzle, limit, box, variant, regions, cages)
    return _impl.count(puzzle, limit, box, solver)


def solutions(puzzle, box=None, variant=None, regions=None, cages=None):
    if _variant(puzzle, variant, regions, cages):
        return _impl.variant_solutions(puzzle, box, variant, regions, cages)
    return _impl.solutions(puzzle, box)


def generate(
    count=1, size=9, seed=None, symmetry=None, difficulty=None, box=None, variant=None, budget=None
):
    if variant is not None and variant != "classic":
        if symmetry is not None or difficulty is not None or budget is not None:
            raise ValueError("symmetry, difficulty and budget make classic puzzles only")
        return _impl.variant_generate(count, size, seed, variant, box)
    return _impl.generate(count, size, seed, symmetry, difficulty, box, budget)


solve.__doc__ = _impl.solve.__doc__
count.__doc__ = _impl.count.__doc__
solutions.__doc__ = _impl.solutions.__doc__
generate.__doc__ = _impl.generate.__doc__

__all__ = [
    "SolutionIterator",
    "VariantSolutionIterator",
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
