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
    @property
    def has_colors(self) -> bool: ...
    @property
    def has_multiplicities(self) -> bool: ...

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
