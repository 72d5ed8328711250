"""Type stubs for dlx.sudoku: Sudoku of any box shape on the dancing-links engine."""

from typing import Any, Iterator, Literal, Optional, Union

Box = Union[None, str, tuple[int, int]]

class SolutionIterator(Iterator[str]):
    """A lazy iterator over a puzzle's solutions, each one line of N*N symbols."""
    def __iter__(self) -> SolutionIterator: ...
    def __next__(self) -> str: ...

# The sudoku program's --solver names; solve_stats()["backend"] says which one answered.
SolverName = Literal["auto", "bitboard", "dlx", "hybrid", "naive", "mrv", "sat"]
Cages = Optional[list[tuple[int, list[str]]]]

class VariantSolutionIterator(Iterator[str]):
    """A lazy iterator over a variant puzzle's solutions."""
    def __iter__(self) -> VariantSolutionIterator: ...
    def __next__(self) -> str: ...

def solve(puzzle: str, box: Box = None, solver: SolverName = "auto", variant: Optional[str] = None,
          regions: Optional[str] = None, cages: Cages = None) -> Optional[str]: ...
def count(
    puzzle: str, limit: Optional[int] = None, box: Box = None, solver: SolverName = "auto",
    variant: Optional[str] = None, regions: Optional[str] = None, cages: Cages = None
) -> int: ...
def solve_stats(
    puzzle: str, limit: Optional[int] = 1, box: Box = None, solver: SolverName = "auto"
) -> dict[str, Any]:
    """{"solution", "solutions", "nodes", "updates", "backend"}: the backend that answered."""
def solutions(puzzle: str, box: Box = None, variant: Optional[str] = None,
              regions: Optional[str] = None,
              cages: Cages = None) -> Union[SolutionIterator, VariantSolutionIterator]: ...
def validate(grid: str, box: Box = None, puzzle: Optional[str] = None) -> dict[str, Any]: ...
def explain(puzzle: str, box: Box = None) -> list[dict[str, Any]]: ...
def logic(puzzle: str, box: Box = None) -> dict[str, Any]: ...
def rate(puzzle: str, box: Box = None, se: bool = False) -> dict[str, Any]: ...
def generate(
    count: int = 1,
    size: int = 9,
    seed: Optional[int] = None,
    symmetry: Optional[str] = None,
    difficulty: Optional[str] = None,
    box: Box = None,
    variant: Optional[str] = None,
) -> list[dict[str, Any]]: ...
