"""Exact cover with dancing links (Knuth's Algorithm X), and a Sudoku toolkit on it.

    import dlx
    options = [[1, 4, 7], [1, 4], [4, 5, 7], [3, 5, 6], [2, 3, 6, 7], [2, 7]]
    for cover in dlx.covers(options):    # lazily, each a list of indices into options
        print(cover)                     # [1, 3, 5]: the options [1, 4], [3, 5, 6], [2, 7]
    dlx.count(options), dlx.first(options)

Items are any hashable values; dlx.Problem(options, primary=, secondary=) says the rules
(colours, secondary items). A problem built item by item, with names:

    import dlx
    p = dlx.Problem()
    for name in "abcdefg":
        p.add_primary(name)
    for option in ["c e", "a d g", "b c f", "a d f", "b g", "d e g"]:
        p.add_option(option)
    s = dlx.Solver(p)
    for cover in s.solutions():          # lazily, each a list of option ids
        print(s.names(cover))            # [['a', 'd', 'f'], ['b', 'g'], ['c', 'e']]

    from dlx import sudoku
    sudoku.solve("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")

The engine is C++ (the extension dlx._core); searches release the GIL and stop on Ctrl-C.
"""

from ._core import (
    CoverIterator,
    Estimate,
    ParseError,
    Problem,
    ProblemError,
    Solver,
    Stats,
    matrix_covers,
    read_knuth,
)
from ._convenience import count, covers, first
from . import sudoku

__all__ = [
    "CoverIterator",
    "Estimate",
    "ParseError",
    "Problem",
    "ProblemError",
    "Solver",
    "Stats",
    "count",
    "covers",
    "first",
    "matrix_covers",
    "read_knuth",
    "sudoku",
]
