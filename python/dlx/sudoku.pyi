"""Type stubs for dlx.sudoku: Sudoku of any box shape and rules on the dancing-links engine.

Every function takes the rules as its last arguments: `variant` ("x", "windoku",
"anti-knight", "anti-king", "jigsaw", "killer", several joined by '+'), `regions` (N*N labels)
and `cages` ((sum, ["r1c1", ...]) pairs); a puzzle text's "# variant", "# regions" and
"# cage" lines are read too. explain, logic, rate and hint raise ValueError for other rules
than the classic ones until the logic takes them.
"""

from typing import Any, Iterator, Literal, Optional, Union

Box = Union[None, str, tuple[int, int]]

class SolutionIterator(Iterator[str]):
    """A lazy iterator over a puzzle's solutions, each one line of N*N symbols."""
    def __iter__(self) -> SolutionIterator: ...
    def __next__(self) -> str: ...

# The name solutions() returned for variant puzzles before one entry took every rule set: the
# same class now.
VariantSolutionIterator = SolutionIterator

# The sudoku program's --solver names; solve_stats()["backend"] says which one answered.
SolverName = Literal["auto", "bitboard", "dlx", "hybrid", "naive", "mrv", "sat"]
Cages = Optional[list[tuple[int, list[str]]]]
HintLevel = Literal["cell", "technique", "step"]

def solve(puzzle: str, box: Box = None, solver: SolverName = "auto", variant: Optional[str] = None,
          regions: Optional[str] = None, cages: Cages = None) -> Optional[str]: ...
def count(
    puzzle: str, limit: Optional[int] = None, box: Box = None, solver: SolverName = "auto",
    variant: Optional[str] = None, regions: Optional[str] = None, cages: Cages = None
) -> int: ...
def solve_stats(
    puzzle: str, limit: Optional[int] = 1, box: Box = None, solver: SolverName = "auto",
    variant: Optional[str] = None, regions: Optional[str] = None, cages: Cages = None
) -> dict[str, Any]:
    """{"solution", "solutions", "nodes", "updates", "backend"}: the backend that answered."""
def solutions(puzzle: str, box: Box = None, variant: Optional[str] = None,
              regions: Optional[str] = None, cages: Cages = None) -> SolutionIterator: ...
def validate(grid: str, box: Box = None, puzzle: Optional[str] = None) -> dict[str, Any]: ...
def explain(puzzle: str, box: Box = None, variant: Optional[str] = None,
            regions: Optional[str] = None, cages: Cages = None) -> list[dict[str, Any]]: ...
def logic(puzzle: str, box: Box = None, variant: Optional[str] = None,
          regions: Optional[str] = None, cages: Cages = None) -> dict[str, Any]: ...
def rate(puzzle: str, box: Box = None, se: bool = False, variant: Optional[str] = None,
         regions: Optional[str] = None, cages: Cages = None) -> dict[str, Any]: ...
def candidates(puzzle: str, limit: Optional[int] = None, box: Box = None, solver: str = "auto",
               variant: Optional[str] = None, regions: Optional[str] = None,
               cages: Cages = None) -> dict[str, Any]:
    """{"candidates", "marks", "solutions", "searches", "at_limit"}: the true candidates."""
def hint(grid: str, level: HintLevel = "step", box: Box = None, variant: Optional[str] = None,
         regions: Optional[str] = None, cages: Cages = None) -> dict[str, Any]:
    """{"kind", "text", "wrong", "step", "cell", "digit"}: the next step from a player's grid."""
def generate(
    count: int = 1,
    size: int = 9,
    seed: Optional[int] = None,
    symmetry: Optional[str] = None,
    difficulty: Optional[str] = None,
    box: Box = None,
    variant: Optional[str] = None,
    budget: Optional[int] = None,
    regions: Optional[str] = None,
    cages: Cages = None,
) -> list[dict[str, Any]]: ...
