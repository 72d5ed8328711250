"""dlx.sudoku's solver= (the sudoku program's --solver names) and solve_stats()'s report of the
solver that answered, checked against the counts written in data/sudoku/multiple_solutions.txt
(each found by an independent enumeration when the file was made), 288 4x4 grids (published)
and the independent validator; the nodes each backend reports, against the naive and mrv
searches written again here and what a puzzle that singles solve (or not) implies for the
others."""

import os

import pytest

from dlx import sudoku

SOLVERS = ["auto", "dlx", "hybrid", "naive", "mrv"]
DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "data", "sudoku")


def counted_puzzles():
    """(puzzle, count) from the file's '# N solutions' comments, small counts only."""
    puzzles, count = [], None
    with open(os.path.join(DATA, "multiple_solutions.txt")) as f:
        for line in f:
            line = line.strip()
            if line.startswith("#"):
                words = line[1:].split()
                count = int(words[0]) if words and words[0].isdigit() else None
            elif line and count is not None and count <= 100:
                puzzles.append((line, count))
                count = None
    return puzzles


def digits_of(puzzle):
    """(cells, side, box side) of a puzzle line whose boxes are square (4x4, 9x9)."""
    cells = [0 if ch in ".0" else int(ch) for ch in puzzle]
    side = int(round(len(cells) ** 0.5))
    box = int(round(side**0.5))
    return cells, side, box


def fits(cells, side, box, cell, digit):
    row, col = divmod(cell, side)
    top, left = row - row % box, col - col % box
    return all(cells[row * side + k] != digit and cells[k * side + col] != digit
               for k in range(side)) and all(
        cells[r * side + c] != digit
        for r in range(top, top + box) for c in range(left, left + box))


def placements(puzzle, limit, choose):
    """The placements a backtracking search makes before it has `limit` solutions (all, if
    None): at each step the cell `choose` picks, its fitting digits in increasing order, one
    placement each. What solver.hpp says naive and mrv count as nodes."""
    cells, side, box = digits_of(puzzle)
    placed = solutions = 0

    def search():
        nonlocal placed, solutions
        blanks = [i for i, v in enumerate(cells) if v == 0]
        if not blanks:
            solutions += 1
            return limit is not None and solutions >= limit
        cell = choose(cells, side, box, blanks)
        for digit in range(1, side + 1):
            if fits(cells, side, box, cell, digit):
                cells[cell] = digit
                placed += 1
                if search():
                    return True
                cells[cell] = 0
        return False

    search()
    return placed


def first_blank(cells, side, box, blanks):
    return blanks[0]


def fewest_candidates(cells, side, box, blanks):
    """The blank with the fewest fitting digits, the first in reading order on ties."""
    return min(blanks, key=lambda cell: sum(fits(cells, side, box, cell, d)
                                           for d in range(1, side + 1)))


def solved_by_singles(puzzle):
    """Whether naked and hidden singles alone fill the puzzle (9x9)."""
    cells, side, box = digits_of(puzzle)
    units = [[r * 9 + c for c in range(9)] for r in range(9)]
    units += [[r * 9 + c for r in range(9)] for c in range(9)]
    units += [[(r0 + r) * 9 + c0 + c for r in range(3) for c in range(3)]
              for r0 in (0, 3, 6) for c0 in (0, 3, 6)]
    progress = True
    while progress:
        progress = False
        candidates = {i: [d for d in range(1, 10) if fits(cells, side, box, i, d)]
                      for i in range(81) if cells[i] == 0}
        placements = [(i, ds[0]) for i, ds in candidates.items() if len(ds) == 1]
        for unit in units:
            for d in range(1, 10):
                places = [i for i in unit if d in candidates.get(i, [])]
                if len(places) == 1:
                    placements.append((places[0], d))
        if placements:
            i, d = placements[0]
            cells[i], progress = d, True
    return 0 not in cells


PLACEMENTS = {
    "naive": lambda puzzle, limit: placements(puzzle, limit, first_blank),
    "mrv": lambda puzzle, limit: placements(puzzle, limit, fewest_candidates),
}


@pytest.mark.parametrize("solver", SOLVERS)
def test_every_solver_counts_the_known_numbers(solver):
    puzzles = counted_puzzles()
    assert len(puzzles) >= 4
    for puzzle, expected in puzzles:
        assert sudoku.count(puzzle, solver=solver) == expected, (puzzle, solver)
        assert sudoku.count(puzzle, limit=2, solver=solver) == min(2, expected)
    assert sudoku.count("." * 16, solver=solver) == 288


@pytest.mark.parametrize("solver", SOLVERS)
def test_every_solver_solves_and_says_so(solver):
    puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    grid = sudoku.solve(puzzle, solver=solver)
    assert sudoku.validate(grid, puzzle=puzzle)["solves"]
    stats = sudoku.solve_stats(puzzle, limit=2, solver=solver)
    assert stats["solution"] == grid and stats["solutions"] == 1
    assert stats["backend"] == ("bitboard" if solver == "auto" else solver)
    small = sudoku.solve_stats("1" + "." * 15, limit=None, solver=solver)
    assert small["solutions"] == 72 and small["backend"] == ("hybrid" if solver == "auto" else solver)
    assert sudoku.solve("11" + "." * 79, solver=solver) is None


@pytest.mark.parametrize("solver", SOLVERS + ["bitboard", "sat"])
def test_nodes_are_the_backends_own_measure(solver):
    # solver.hpp: nodes are placements tried for naive and mrv (counted here by the same
    # searches written again); engine nodes for dlx (one per cell when every item it branches
    # on has one option left, as on a puzzle that singles solve, more once it must choose);
    # configurations tried by the bitboard and engine nodes of hybrid's search, both of which
    # start only where their deductions (singles and more) stall: none on the easy puzzle, some
    # on the hard one; conflicts for sat, of which proving that a puzzle beyond singles has no
    # second solution needs some.
    easy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    with open(os.path.join(DATA, "hard.txt")) as f:  # the forum's hardest list, SE above 11
        hard = [l.strip() for l in f if l.strip() and not l.startswith("#")][0]
    assert solved_by_singles(easy) and not solved_by_singles(hard)
    nodes = sudoku.solve_stats(easy, limit=2, solver=solver)["nodes"]
    hard_nodes = sudoku.solve_stats(hard, limit=2, solver=solver)["nodes"]
    if solver in PLACEMENTS:
        assert nodes == PLACEMENTS[solver](easy, 2)
        small = sudoku.solve_stats("1" + "." * 15, limit=None, solver=solver)
        assert small["nodes"] == PLACEMENTS[solver]("1" + "." * 15, None)
    elif solver == "dlx":
        assert nodes == 81 and hard_nodes > 81
    elif solver != "sat":  # auto: the bitboard here
        assert nodes == 0
    assert hard_nodes > 0


def test_an_unknown_solver_is_named_with_the_valid_ones():
    with pytest.raises(ValueError, match=r"unknown backend 'fast': the backends are auto, "
                                          r"bitboard, dlx, hybrid, naive, mrv, constraints, sat"):
        sudoku.solve("." * 81, solver="fast")
    with pytest.raises(ValueError, match="unknown backend"):
        sudoku.count("." * 16, solver="")


def test_bitboard_takes_9x9_only():
    puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    assert sudoku.solve_stats(puzzle, solver="bitboard")["backend"] == "bitboard"
    with pytest.raises(ValueError, match="bitboard backend solves 9x9 boards only, not 4x4"):
        sudoku.count("." * 16, solver="bitboard")


def test_the_sat_solver_counts_and_says_so():
    for puzzle, expected in counted_puzzles():
        assert sudoku.count(puzzle, solver="sat") == expected, puzzle
        assert sudoku.count(puzzle, limit=2, solver="sat") == min(2, expected), puzzle
        assert sudoku.count(puzzle, limit=1, solver="sat") == min(1, expected), puzzle
    assert sudoku.count("." * 16, solver="sat") == 288
    puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    stats = sudoku.solve_stats(puzzle, limit=2, solver="sat")
    assert stats["backend"] == "sat" and stats["solutions"] == 1
    assert sudoku.validate(stats["solution"], puzzle=puzzle)["solves"]


def test_auto_hands_a_long_search_on_a_25x25_board_to_sat():
    # A minimal 25x25 puzzle: the engine's search does not finish it in minutes; clause
    # learning solves it and proves it unique in about a second.
    with open(os.path.join(DATA, "25x25_minimal.txt")) as f:
        puzzle = [l.strip() for l in f if l.strip() and not l.startswith("#")][0]
    stats = sudoku.solve_stats(puzzle, limit=2)
    assert stats["backend"] == "sat" and stats["solutions"] == 1
    assert sudoku.validate(stats["solution"], puzzle=puzzle)["solves"]
    assert sudoku.count(puzzle) == 1  # no limit: sat's proof of one solution settles it
