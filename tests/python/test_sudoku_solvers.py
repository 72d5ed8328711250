"""dlx.sudoku's solver= (the sudoku program's --solver names) and solve_stats()'s report of the
solver that answered, checked against the counts written in data/sudoku/multiple_solutions.txt
(each found by an independent enumeration when the file was made), 288 4x4 grids (published)
and the independent validator."""

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
    assert stats["nodes"] >= 0
    small = sudoku.solve_stats("1" + "." * 15, limit=None, solver=solver)
    assert small["solutions"] == 72 and small["backend"] == ("hybrid" if solver == "auto" else solver)
    assert sudoku.solve("11" + "." * 79, solver=solver) is None


def test_an_unknown_solver_is_named_with_the_valid_ones():
    with pytest.raises(ValueError, match=r"unknown backend 'fast': the backends are auto, "
                                          r"bitboard, dlx, hybrid, naive, mrv, sat"):
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
