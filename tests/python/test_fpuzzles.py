"""f-puzzles links read by the Python module as by the programs (docs/fpuzzles.md): the
published solutions of SudokuSolver's test puzzles (data/sudoku/variants/fpuzzles_links.txt),
checked digit for digit, as a link, with www., and as the bare load string."""

import os

import pytest

from dlx import sudoku

LINKS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "data", "sudoku",
                     "variants", "fpuzzles_links.txt")


def published(count):
    """The first `count` 9x9 links of the file with their published solutions."""
    found = []
    with open(LINKS) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            link, _, comment = line.partition("#")
            solution = comment.split()[0]
            if len(solution) == 81:
                found.append((link.strip(), solution))
            if len(found) == count:
                break
    return found


@pytest.mark.parametrize("link,solution", published(4))
def test_links_solve_to_their_published_solutions(link, solution):
    assert sudoku.solve(link) == solution
    assert sudoku.solve(link.replace("https://f-puzzles.com", "https://www.f-puzzles.com")) == solution
    assert sudoku.solve(link.split("load=", 1)[1]) == solution
    r = sudoku.candidates(link)
    assert r["candidates"] == list(solution)
    assert r["solutions"] == 1


def test_a_bad_link_raises_value_error_naming_it():
    with pytest.raises(ValueError, match="f-puzzles"):
        sudoku.solve("https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA!!!")
