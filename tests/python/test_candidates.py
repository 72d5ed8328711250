"""dlx.sudoku.candidates (true candidates), against the union of every solution enumerated here
by plain Python backtracking, which shares nothing with the C++ side."""

import pytest

from dlx import sudoku

WIKI = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
WIKI_SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


def solutions_4x4(puzzle, x=False):
    """Every 4x4 grid keeping the givens of `puzzle` (X: the diagonals hold 1-4 too)."""
    cells = [0 if ch == "." else int(ch) for ch in puzzle]
    found = []

    def seen(a, b):
        ra, ca, rb, cb = a // 4, a % 4, b // 4, b % 4
        return (ra == rb or ca == cb or (ra // 2 == rb // 2 and ca // 2 == cb // 2)
                or (x and ra == ca and rb == cb) or (x and ra + ca == 3 and rb + cb == 3))

    def fits(k):
        return all(not (j != k and cells[j] == cells[k] and seen(j, k)) for j in range(16))

    if not all(cells[k] == 0 or fits(k) for k in range(16)):
        return []

    def fill(k):
        if k == 16:
            found.append(list(cells))
            return
        if cells[k]:
            fill(k + 1)
            return
        for d in range(1, 5):
            cells[k] = d
            if fits(k):
                fill(k + 1)
            cells[k] = 0

    fill(0)
    return found


def union(grids):
    return ["".join(str(d) for d in range(1, 5) if any(g[k] == d for g in grids))
            for k in range(16)]


@pytest.mark.parametrize("puzzle", ["1...............", "12..34..........", "................"])
def test_true_candidates_are_the_union_of_all_solutions(puzzle):
    grids = solutions_4x4(puzzle)
    r = sudoku.candidates(puzzle)
    assert r["candidates"] == union(grids)
    assert r["at_limit"] is False
    assert 1 <= r["solutions"] <= len(grids)
    assert r["marks"] == "".join(
        "".join(str(d) if str(d) in cell else "." for d in range(1, 5)) for cell in union(grids))


def test_x_rules_and_a_unique_9x9():
    grids = solutions_4x4("1...............", x=True)
    assert sudoku.candidates("1...............", variant="x")["candidates"] == union(grids)
    r = sudoku.candidates(WIKI)
    assert r["candidates"] == list(WIKI_SOLUTION)
    assert r["solutions"] == 1


def test_no_solution_and_limit():
    r = sudoku.candidates("123............4")
    assert r["candidates"] == [""] * 16
    assert r["solutions"] == 0
    assert r["status"] == "no solution"
    r = sudoku.candidates("................", limit=2)
    assert r["at_limit"] is True and r["solutions"] == 2
    everything = union(solutions_4x4("................"))
    assert all(set(got) <= set(want) for got, want in zip(r["candidates"], everything))
    assert sum(map(len, r["candidates"])) <= 32


def test_bad_input_raises_value_error():
    with pytest.raises(ValueError, match="puzzle"):
        sudoku.candidates("1..x")
    with pytest.raises(ValueError, match="solver"):
        sudoku.candidates(WIKI, solver="nope")
