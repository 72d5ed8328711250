"""Type stubs for dlx: exact cover with dancing links, and a Sudoku toolkit on it."""

from os import PathLike
from typing import Any, Hashable, Iterable, Iterator, Optional, Sequence, Union, overload

from . import sudoku as sudoku

class ProblemError(ValueError):
    """A problem that cannot be built (duplicate or unknown item, empty option, bad name, id
    out of range)."""

class ParseError(ProblemError):
    """Malformed problem text: "source:line:column: reason"."""

class Stats:
    """Counters of a search."""
    @property
    def nodes(self) -> int: ...
    @property
    def updates(self) -> int: ...
    @property
    def solutions(self) -> int: ...

# An item of dlx.Problem(options, ...): any hashable value. An option: an iterable of items
# (list, tuple, set ...) or a string of blank-separated items.
Item = Hashable
Option = Union[str, Iterable[Hashable]]

class Problem:
    """An exact-cover problem: named items and options over them."""
    @overload
    def __init__(self) -> None: ...
    @overload
    def __init__(
        self,
        options: Union[Iterable[Option], Any],
        primary: Optional[Iterable[Item]] = None,
        secondary: Optional[Iterable[Item]] = None,
        *,
        colours: bool = True,
    ) -> None:
        """In one call from options over hashable items (any NumPy array: a 0/1 matrix)."""
    def add_primary(self, name: str, lo: Optional[int] = None, hi: Optional[int] = None) -> int: ...
    def add_secondary(self, name: str) -> int: ...
    def add_option(self, items: Union[str, Iterable[str], Iterable[int]]) -> int: ...
    @staticmethod
    def from_knuth(text: str, source: str = "<string>") -> Problem: ...
    @staticmethod
    def from_matrix(matrix: object, secondary: Union[int, Iterable[int]] = 0) -> Problem: ...
    def to_knuth(self, comment: str = "") -> str: ...
    @property
    def item_count(self) -> int: ...
    @property
    def primary_count(self) -> int: ...
    @property
    def option_count(self) -> int: ...
    @property
    def items(self) -> list[Any]:
        """The item names by id, or the values given to Problem(options, ...)."""
    def item_name(self, item: int) -> str: ...
    def find_item(self, item: Item) -> Optional[int]: ...
    def is_primary(self, item: Item) -> bool: ...
    def multiplicity(self, item: Item) -> tuple[int, int]: ...
    def option(self, option: int) -> list[Any]:
        """An option's items: names ("x:colour"), or values ((x, colour) for non-strings)."""
    def count_memo(self, memory: Union[int, str] = "1G", order: str = "auto") -> int:
        """The exact number of covers, by memo (docs/memo.md); `memory` bounds the table
        (bytes, or "512M", "2G"; at least 1M); `order`: "auto" (a narrow item order, chosen)
        or "given". Where the table does not pay, the plain search counts instead."""
    def zdd(self, memory: Union[int, str] = "1G", order: str = "auto") -> str:
        """The ZDD of all covers in Graphillion's text format ("id var lo hi" lines, root
        last, then "."; var = 1-based option id; terminals B and T). Reduced."""
    def sample(
        self, k: int, seed: int = 0, memory: Union[int, str] = "1G", order: str = "auto"
    ) -> list[list[int]]:
        """k covers drawn independently and uniformly at random, each a sorted list of option
        ids; the same for the same seed; [] if there is no cover."""
    @property
    def has_colors(self) -> bool: ...
    @property
    def has_multiplicities(self) -> bool: ...
    def set_cost(self, option: int, cost: int) -> None:
        """Gives an option a cost (Knuth's DLX5), 0 to 2**63 - 1; "|n" after an item of an
        option in Knuth's text format does the same. Options cost 0 unless given one."""
    def cost(self, option: int) -> int:
        """The cost of an option (0 unless set)."""
    def min_cost(self, best: int = 1) -> list[tuple[int, list[int]]]:
        """The covers of least cost as (cost, option ids) pairs: one cover of least cost, or
        with best=K the covers of the K least costs by increasing cost (Knuth's DLX5 k); []
        when there is no cover. ProblemError for multiplicities; Ctrl-C stops it."""
    def sat_covers(self, limit: int = 1) -> list[list[int]]:
        """Up to `limit` covers by clause learning (CaDiCaL), each a list of option ids in
        increasing order; fewer than `limit` means there are no others ([]: no cover at all).
        Ctrl-C stops it."""
    def estimate(self, probes: int = 1000, seed: int = 0) -> Estimate:
        """Knuth's random-probe estimate of the number of covers and of search-tree nodes; the
        same seed gives the same Estimate. ProblemError for multiplicities or probes=0."""

class Estimate:
    """Knuth's estimate of a search tree from random probes (Problem.estimate): means of the
    probes' estimates with standard errors and intervals mean +- 1.96 standard errors (about
    95%, a normal approximation)."""
    @property
    def covers(self) -> float: ...
    @property
    def covers_error(self) -> float: ...
    @property
    def covers_interval(self) -> tuple[float, float]: ...
    @property
    def nodes(self) -> float:
        """Estimated search-tree nodes, as Stats.nodes counts them."""
    @property
    def nodes_error(self) -> float: ...
    @property
    def nodes_interval(self) -> tuple[float, float]: ...
    @property
    def probes(self) -> int: ...
    @property
    def probes_at_cover(self) -> int: ...

class CoverIterator(Iterator[list[int]]):
    """A lazy iterator over covers, each a list of option ids (or matrix row indices)."""
    def __iter__(self) -> CoverIterator: ...
    def __next__(self) -> list[int]: ...

class Solver:
    """Algorithm X with dancing links on one problem."""
    def __init__(self, problem: Problem) -> None: ...
    def solutions(self) -> CoverIterator: ...
    def __iter__(self) -> CoverIterator: ...
    def count(self, limit: Optional[int] = None, threads: int = 1) -> int: ...
    def commit(self, option: int) -> bool: ...
    def exclude(self, option: int) -> bool: ...
    def reset(self) -> None: ...
    @property
    def stats(self) -> Stats: ...
    def progress(self) -> float: ...
    def names(self, cover: Iterable[int]) -> list[list[Any]]: ...
    def color_of(self, item: Item) -> Optional[Any]: ...
    @property
    def problem(self) -> Problem: ...

def read_knuth(path: Union[str, PathLike[str]]) -> Problem: ...
def matrix_covers(matrix: object, secondary: Union[int, Iterable[int]] = 0) -> CoverIterator: ...

def covers(
    options: Union[Iterable[Option], Any],
    primary: Optional[Iterable[Item]] = None,
    secondary: Optional[Iterable[Item]] = None,
    *,
    colours: bool = True,
) -> CoverIterator:
    """The covers, lazily: each a list of indices into `options` (see Problem(options, ...))."""

def count(
    options: Union[Iterable[Option], Any],
    primary: Optional[Iterable[Item]] = None,
    secondary: Optional[Iterable[Item]] = None,
    *,
    colours: bool = True,
    limit: Optional[int] = None,
    threads: int = 1,
) -> int:
    """The number of covers, up to `limit` if given."""

def first(
    options: Union[Iterable[Option], Any],
    primary: Optional[Iterable[Item]] = None,
    secondary: Optional[Iterable[Item]] = None,
    *,
    colours: bool = True,
) -> Optional[list[int]]:
    """The first cover, or None."""
