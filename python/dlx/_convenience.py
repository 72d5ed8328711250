"""One call from options to covers: dlx.covers, dlx.count and dlx.first.

Each builds dlx.Problem(options, primary, secondary, colours=colours) (items are any hashable
values; see dlx.Problem for the rules) and searches it with a dlx.Solver. A cover is a list of
indices into `options`, in the order the search chose them.

    >>> import dlx
    >>> options = [[1, 4, 7], [1, 4], [4, 5, 7], [3, 5, 6], [2, 3, 6, 7], [2, 7]]
    >>> [sorted(cover) for cover in dlx.covers(options)]
    [[1, 3, 5]]
    >>> dlx.count(options), dlx.first([["a", "b"], ["b", "c"]])
    (1, None)
"""

from ._core import Problem, Solver

__all__ = ["count", "covers", "first"]


def covers(options, primary=None, secondary=None, *, colours=True):
    """The covers of the problem, lazily: each a list of option indices.

    Each step searches only as far as the next cover, so the first arrives long before all
    could be counted.

    >>> import itertools
    >>> queens = [[("row", r), ("col", c), ("up", r + c), ("down", r - c)]
    ...           for r in range(8) for c in range(8)]
    >>> diagonals = [("up", d) for d in range(15)] + [("down", d) for d in range(-7, 8)]
    >>> cover = next(dlx.covers(queens, secondary=diagonals))
    >>> sorted(divmod(k, 8) for k in cover)
    [(0, 0), (1, 6), (2, 4), (3, 7), (4, 1), (5, 3), (6, 5), (7, 2)]
    """
    return Solver(Problem(options, primary, secondary, colours=colours)).solutions()


def count(options, primary=None, secondary=None, *, colours=True, limit=None, threads=1):
    """The number of covers, stopping at `limit` if given; `threads` as Solver.count.

    >>> dlx.count(["a b", "a", "b"])
    2
    """
    return Solver(Problem(options, primary, secondary, colours=colours)).count(
        limit=limit, threads=threads)


def first(options, primary=None, secondary=None, *, colours=True):
    """The first cover (a list of option indices), or None if there is none.

    >>> dlx.first([["x", "y"], ["y"], ["x"]])
    [0]
    """
    return next(covers(options, primary, secondary, colours=colours), None)
