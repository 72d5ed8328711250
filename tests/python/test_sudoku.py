"""dlx.sudoku, checked with a Python checker and Python brute force that share nothing with the
C++ side: every grid returned is verified here, counts come from enumeration in Python."""

import itertools

import pytest

from dlx import sudoku
import dlx

# Project Euler 96 / Wikipedia's example puzzle and its published solution.
WIKI = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
WIKI_SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def digit(ch):
    return 0 if ch in ".0" else SYMBOLS.index(ch.upper()) + 1


def check_grid(line, box_rows, box_cols, puzzle=None):
    """A complete grid: every row, column and box holds 1..N once, and the givens are kept."""
    n = box_rows * box_cols
    assert len(line) == n * n
    cells = [digit(ch) for ch in line]
    want = set(range(1, n + 1))
    for i in range(n):
        assert {cells[i * n + c] for c in range(n)} == want, f"row {i}"
        assert {cells[r * n + i] for r in range(n)} == want, f"column {i}"
        br, bc = divmod(i, n // box_cols)
        box = {cells[(br * box_rows + r) * n + bc * box_cols + c]
               for r in range(box_rows) for c in range(box_cols)}
        assert box == want, f"box {i}"
    if puzzle is not None:
        for k, ch in enumerate(puzzle):
            assert digit(ch) in (0, cells[k]), f"given {k} changed"


def all_4x4_grids():
    """The 4x4 Sudoku grids by plain Python backtracking: 288 of them (a known count)."""
    grids = []
    cells = [0] * 16

    def ok(k, d):
        r, c = divmod(k, 4)
        for j in range(4):
            if cells[r * 4 + j] == d or cells[j * 4 + c] == d:
                return False
        br, bc = r // 2 * 2, c // 2 * 2
        return all(cells[(br + i) * 4 + bc + j] != d for i in range(2) for j in range(2))

    def fill(k):
        if k == 16:
            grids.append("".join(map(str, cells)))
            return
        for d in range(1, 5):
            if ok(k, d):
                cells[k] = d
                fill(k + 1)
                cells[k] = 0

    fill(0)
    return grids


GRIDS_4X4 = all_4x4_grids()


def matching(puzzle):
    return [g for g in GRIDS_4X4 if all(ch in ".0" or ch == g[k] for k, ch in enumerate(puzzle))]


def test_the_4x4_brute_force_is_right():
    assert len(GRIDS_4X4) == 288 == len(set(GRIDS_4X4))


def test_solve_known_puzzle_as_line_and_grid():
    assert sudoku.solve(WIKI) == WIKI_SOLUTION
    grid = "\n".join(WIKI[r * 9:(r + 1) * 9] for r in range(9))
    assert sudoku.solve(grid) == WIKI_SOLUTION
    assert sudoku.solve(WIKI.replace(".", "0")) == WIKI_SOLUTION
    assert sudoku.count(WIKI) == 1
    assert sudoku.count(WIKI, limit=2) == 1


def test_empty_4x4_yields_the_288_grids():
    got = list(sudoku.solutions("." * 16))
    assert len(got) == 288 == len(set(got))
    for g in got:
        check_grid(g, 2, 2)
    assert set(got) == set(GRIDS_4X4)
    assert sudoku.count("." * 16) == 288
    assert sudoku.count("." * 16, limit=10) == 10


def four_solution_puzzle():
    """WIKI_SOLUTION with two unavoidable rectangles (four cells a b / b a in two boxes) blanked
    in distinct rows and columns: each can be filled two ways, so 4 solutions (checked below by
    brute force in Python)."""
    cells = list(WIKI_SOLUTION)
    blanked = 0
    used_rows, used_cols = set(), set()
    for r1, r2 in itertools.combinations(range(9), 2):
        if {r1, r2} & used_rows:
            continue
        for c1, c2 in itertools.combinations(range(9), 2):
            two_boxes = (r1 // 3 == r2 // 3) != (c1 // 3 == c2 // 3)
            if not two_boxes or {c1, c2} & used_cols or blanked == 2 or {r1, r2} & used_rows:
                continue
            a, b = cells[r1 * 9 + c1], cells[r1 * 9 + c2]
            if cells[r2 * 9 + c1] == b and cells[r2 * 9 + c2] == a:
                for k in (r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2):
                    cells[k] = "."
                used_rows |= {r1, r2}
                used_cols |= {c1, c2}
                blanked += 1
    assert blanked == 2
    return "".join(cells)


def brute_force_solutions(puzzle):
    """All completions of a 9x9 puzzle with few blanks, by trying every digit in every blank."""
    blanks = [k for k, ch in enumerate(puzzle) if ch == "."]
    found = []
    # Each row's blanks must take the digits missing from it: try their permutations per row.
    rows = {}
    for k in blanks:
        rows.setdefault(k // 9, []).append(k)
    options = []
    for r, ks in rows.items():
        missing = set("123456789") - set(puzzle[r * 9:(r + 1) * 9])
        options.append([(ks, perm) for perm in itertools.permutations(sorted(missing))])
    for choice in itertools.product(*options):
        cells = list(puzzle)
        for ks, perm in choice:
            for k, d in zip(ks, perm):
                cells[k] = d
        line = "".join(cells)
        try:
            check_grid(line, 3, 3, puzzle)
        except AssertionError:
            continue
        found.append(line)
    return found


def test_a_puzzle_with_four_solutions_yields_four_distinct_valid_grids():
    puzzle = four_solution_puzzle()
    expected = brute_force_solutions(puzzle)
    assert len(expected) == 4
    got = list(sudoku.solutions(puzzle))
    assert len(got) == 4 == len(set(got))
    for g in got:
        check_grid(g, 3, 3, puzzle)
    assert set(got) == set(expected)
    assert sudoku.count(puzzle) == 4
    assert sudoku.count(puzzle, limit=2) == 2
    assert sudoku.solve(puzzle) in expected


def test_other_sizes_and_box_shapes():
    six = "." * 36
    g = sudoku.solve(six, box="2x3")
    check_grid(g, 2, 3)
    g = sudoku.solve(six, box=(3, 2))
    check_grid(g, 3, 2)
    check_grid(sudoku.solve(six), 2, 3)  # detected: 6 -> 2x3
    g16 = sudoku.solve("." * 256)
    check_grid(g16, 4, 4)
    check_grid(sudoku.solve("." * 625), 5, 5)
    assert sudoku.count("." * 16, box="2x2", limit=1) == 1


def test_no_solution_and_clashing_givens():
    clash = "55" + "." * 79
    assert sudoku.solve(clash) is None
    assert sudoku.count(clash) == 0
    assert list(sudoku.solutions(clash)) == []
    r = sudoku.validate(clash)
    assert r["valid"] is False
    assert r["conflicts"][0]["digit"] == 5
    assert r["conflicts"][0]["unit"] == "row 1"
    assert r["conflicts"][0]["cells"] == ["r1c1", "r1c2"]


def test_validate():
    r = sudoku.validate(WIKI)
    assert r["valid"] and not r["complete"] and r["filled"] == 30 and r["cells"] == 81
    assert r["conflicts"] == [] and r["box"] == "3x3"
    r = sudoku.validate(WIKI_SOLUTION, puzzle=WIKI)
    assert r["valid"] and r["complete"] and r["solves"] and r["problem"] is None
    wrong = WIKI_SOLUTION[:1] + "4" + WIKI_SOLUTION[2:]
    r = sudoku.validate(wrong, puzzle=WIKI)
    assert not r["valid"] and not r["solves"] and r["problem"]


def test_explain_steps_replay_to_the_solution():
    steps = sudoku.explain(WIKI)
    assert steps, "the example is solved by singles"
    board = list(WIKI)
    blanks = WIKI.count(".")
    for step in steps:
        assert set(step) >= {"technique", "units", "placements", "eliminations", "solved",
                             "unsolved", "candidates", "text"}
        for p in step["placements"]:
            r, c = map(int, p["cell"][1:].split("c"))
            assert board[(r - 1) * 9 + c - 1] == "."
            board[(r - 1) * 9 + c - 1] = str(p["digit"])
        assert step["unsolved"] == "".join(board).count(".")
        assert step["solved"] + step["unsolved"] == 81
    assert "".join(board) == WIKI_SOLUTION
    assert steps[-1]["unsolved"] == 0 and steps[-1]["candidates"] == 0
    assert len([s for s in steps if s["placements"]]) == blanks
    outcome = sudoku.logic(WIKI)
    assert outcome["status"] == "solved" and outcome["board"] == WIKI_SOLUTION


def test_rate():
    r = sudoku.rate(WIKI)
    assert r["level"] == "easy" and r["solutions"] == 1 and r["tier"] == 1
    assert sudoku.rate("." * 81)["level"] == "invalid"
    assert "er" not in r


def test_rate_se_published():
    # fiendish-s3 of data/sudoku/se_rated.txt: Sudoku Explainer 1.2.1 rates it 2.6/1.2/1.2.
    r = sudoku.rate(".1.73.8..3.7.9....4.8..6.2.....8..3....5.1....2..6.....6.4..5.2....2.1.6..5.18.7.",
                    se=True)
    assert (r["er"], r["ep"], r["ed"]) == (2.6, 1.2, 1.2)
    assert r["se_hardest"] == "pointing"
    assert "er" not in sudoku.rate("." * 81, se=True)  # several solutions: no SE rating


def test_generate_4x4_unique_minimal_reproducible():
    made = sudoku.generate(count=5, size=4, seed=7)
    assert made == sudoku.generate(count=5, size=4, seed=7)
    for m in made:
        puzzle = m["puzzle"]
        assert matching(puzzle) == [m["solution"]]  # exactly one solution, by brute force
        for k, ch in enumerate(puzzle):  # minimal: no given can go
            if ch != ".":
                assert len(matching(puzzle[:k] + "." + puzzle[k + 1:])) > 1
        assert m["givens"] == 16 - puzzle.count(".")
        assert m["untested"] == 0


def test_generate_25x25_with_a_budget_names_its_untested_givens():
    # One conflict a question: most questions stay open, their givens stay, the puzzle is still
    # unique (the engine's count says so) and "untested" says how many were not tested.
    m = sudoku.generate(size=25, seed=1, budget=1)[0]
    assert len(m["puzzle"]) == 625
    assert 0 < m["untested"] <= m["givens"]
    assert sudoku.count(m["puzzle"], limit=2) == 1
    check_grid(m["solution"], 5, 5, m["puzzle"])
    with pytest.raises(ValueError, match="budget"):
        sudoku.generate(size=25, budget=0)
    with pytest.raises(ValueError, match="budget"):
        sudoku.generate(variant="x", budget=5)


def test_generate_9x9_options():
    made = sudoku.generate(2, seed=3, symmetry="rotate180", difficulty="easy")
    for m in made:
        p = m["puzzle"]
        check_grid(m["solution"], 3, 3, p)
        assert all((p[k] == ".") == (p[80 - k] == ".") for k in range(81))
        assert m["rating"]["level"] == "easy"
        assert sudoku.count(p, limit=2) == 1
    assert sudoku.generate(0) == []


def test_bad_input_raises_value_error_with_place():
    with pytest.raises(ValueError, match=r":1:3"):
        sudoku.solve("12x" + "." * 78)
    with pytest.raises(ValueError):
        sudoku.solve("." * 80)
    with pytest.raises(ValueError):
        sudoku.solve("")
    with pytest.raises(ValueError, match="box"):
        sudoku.solve("." * 81, box="3by3")
    with pytest.raises(ValueError, match="box"):
        sudoku.solve("." * 81, box=(0, 3))
    with pytest.raises(ValueError):
        sudoku.solve("." * 81, box="2x3")
    with pytest.raises(ValueError, match="limit"):
        sudoku.count(WIKI, limit=-1)
    with pytest.raises(ValueError, match="symmetry"):
        sudoku.generate(symmetry="diagonal")
    with pytest.raises(ValueError, match="difficulty"):
        sudoku.generate(difficulty="impossible")
    with pytest.raises(ValueError, match="size"):
        sudoku.generate(size=7)
    with pytest.raises(ValueError):
        sudoku.validate("abc")


def test_submodule_imports():
    import dlx.sudoku as direct
    from dlx import sudoku as imported
    assert direct.solve is imported.solve
    assert dlx.sudoku.solve(WIKI) == WIKI_SOLUTION


def test_rate_fields_are_the_rate_records():
    # The fields of `sudoku rate --format json` after its head (docs/json.md), in that order,
    # then "text": one writer builds both.
    levels = ["level", "hardest", "tier", "tier_uses", "steps", "logic", "solutions", "nodes",
              "updates"]
    assert list(sudoku.rate(WIKI)) == levels + ["text"]
    se = sudoku.rate(".1.73.8..3.7.9....4.8..6.2.....8..3....5.1....2..6.....6.4..5.2....2.1.6..5.18.7.",
                     se=True)
    assert list(se) == levels + ["er", "ep", "ed", "se_hardest", "text"]
    assert isinstance(se["er"], float) and isinstance(se["nodes"], int)
