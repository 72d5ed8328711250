"""dlx.sudoku's variant arguments, checked by rules written here (rows, columns, boxes or
regions, diagonals, cages) and by counts from a Python backtracker on small boards."""

import pytest

from dlx import sudoku

X_GRID = "123456789789123456456789123637218945918534267542697831364972518871345692295861374"


def digits(line):
    return [int(ch) for ch in line]


def obeys(line, n=9, box=(3, 3), x=False, regions=None, cages=()):
    g = digits(line)
    want = set(range(1, n + 1))
    units = [[r * n + c for c in range(n)] for r in range(n)] + [[r * n + c for r in range(n)] for c in range(n)]
    if regions:
        units += [[i for i in range(n * n) if int(regions[i]) - 1 == k] for k in range(n)]
    else:
        br, bc = box
        units += [[(b // (n // bc) * br + i // bc) * n + (b % (n // bc)) * bc + i % bc for i in range(n)] for b in range(n)]
    if x:
        units += [[k * n + k for k in range(n)], [k * n + n - 1 - k for k in range(n)]]
    if any({g[i] for i in u} != want for u in units):
        return False
    for total, cells in cages:
        idx = [(int(c[1:c.index("c")]) - 1) * n + int(c[c.index("c") + 1:]) - 1 for c in cells]
        vals = [g[i] for i in idx]
        if len(set(vals)) != len(vals) or sum(vals) != total:
            return False
    return True


def brute_count(puzzle, n, box, x=False, cages=()):
    """Solutions of a small puzzle by plain backtracking over the rules above."""
    g = [0 if ch == "." else int(ch) for ch in puzzle]
    cells = [(int(c[1:c.index("c")]) - 1) * n + int(c[c.index("c") + 1:]) - 1 for _, cs in cages for c in cs]
    found = 0

    def ok(i):
        r, c = divmod(i, n)
        for j in range(n * n):
            if j == i or g[j] != g[i]:
                continue
            r2, c2 = divmod(j, n)
            if r2 == r or c2 == c or (r // box[0] == r2 // box[0] and c // box[1] == c2 // box[1]):
                return False
            if x and ((r == c and r2 == c2) or (r + c == n - 1 and r2 + c2 == n - 1)):
                return False
        for total, cs in cages:
            idx = [(int(s[1:s.index("c")]) - 1) * n + int(s[s.index("c") + 1:]) - 1 for s in cs]
            if i in idx:
                vals = [g[k] for k in idx if g[k]]
                if len(set(vals)) != len(vals) or sum(vals) > total or (len(vals) == len(idx) and sum(vals) != total):
                    return False
        return True

    def go(i):
        nonlocal found
        while i < n * n and g[i]:
            i += 1
        if i == n * n:
            found += 1
            return
        for d in range(1, n + 1):
            g[i] = d
            if ok(i):
                go(i + 1)
        g[i] = 0

    go(0)
    del cells
    return found


def test_x_solution_obeys_the_diagonals():
    puzzle = "".join(ch if k % 2 else "." for k, ch in enumerate(X_GRID))
    line = sudoku.solve(puzzle, variant="x")
    assert obeys(line, x=True)
    assert sudoku.count(puzzle, limit=2, variant="x") >= 1


def test_small_variant_counts_match_backtracking():
    grid4 = "1234341221434321"
    empty = "." * 16
    assert sudoku.count(empty, variant="x") == brute_count(empty, 4, (2, 2), x=True)
    cages = [(3, ["r1c1", "r1c2"]), (7, ["r4c3", "r4c4"]), (4, ["r2c1", "r3c1"])]
    assert sudoku.count(empty, cages=cages) == brute_count(empty, 4, (2, 2), cages=cages)
    sols = list(sudoku.solutions(empty, cages=cages))
    assert len(sols) == len(set(sols)) == brute_count(empty, 4, (2, 2), cages=cages)
    assert all(obeys(s, 4, (2, 2), cages=cages) for s in sols)
    assert grid4  # a 4x4 grid, for reference


def test_generate_killer_and_jigsaw_are_unique_and_read_back():
    for variant in ("killer", "jigsaw", "x+anti-king"):
        made = sudoku.generate(count=1, seed=5, variant=variant)[0]
        regions = made["regions"]
        cages = made["cages"]
        assert sudoku.count(made["puzzle"], limit=2, variant=variant.replace("killer", "classic").replace("jigsaw", "classic"),
                            regions=regions, cages=cages or None) == 1
        assert sudoku.count(made["text"], limit=2) == 1
        assert obeys(made["solution"], x="x" in variant, regions=regions, cages=cages)


def test_bad_variant_arguments_raise_value_error():
    with pytest.raises(ValueError, match="unknown variant"):
        sudoku.solve("." * 81, variant="diagonal")
    with pytest.raises(ValueError, match="outside"):
        sudoku.solve("." * 81, cages=[(3, ["r1c1", "r10c1"])])
    with pytest.raises(ValueError, match="windoku needs a 9x9"):
        sudoku.solve("." * 16, variant="windoku")
    with pytest.raises(ValueError, match="jigsaw needs regions"):
        sudoku.solve("." * 81, variant="jigsaw")


# One entry: the same functions take the rules, as arguments or as the text's own lines.

def test_empty_4x4_counts_are_the_published_ones():
    # 288 Shidoku grids; 48 of them keep both diagonals (X), as the backtracker above agrees.
    empty = "." * 16
    assert sudoku.count(empty) == 288
    assert sudoku.count(empty, variant="x") == 48 == brute_count(empty, 4, (2, 2), x=True)
    assert sudoku.count(empty, variant="classic") == 288
    assert sudoku.count("# variant x\n" + empty) == 48  # the text's own rule line
    assert sudoku.count(empty, limit=5, variant="x") == 5
    for solver in ("auto", "dlx", "hybrid"):
        assert sudoku.count(empty, variant="x", solver=solver) == 48
    sols = list(sudoku.solutions(empty, variant="x"))
    assert len(set(sols)) == 48 and all(obeys(s, 4, (2, 2), x=True) for s in sols)
    assert isinstance(sudoku.solutions(empty, variant="x"), sudoku.VariantSolutionIterator)
    stats = sudoku.solve_stats(empty, limit=None, variant="x")
    assert stats["solutions"] == 48 and obeys(stats["solution"], 4, (2, 2), x=True)


def test_jigsaw_regions_replace_the_boxes():
    # Regions equal to the rows leave rows and columns only: the Latin squares of order 4,
    # of which there are 576.
    rows = "1111222233334444"
    assert sudoku.count("." * 16, regions=rows) == 576
    # Regions equal to the boxes are the classic rules.
    boxes = "1122112233443344"
    assert sudoku.count("." * 16, regions=boxes) == 288


def test_the_rules_arguments_are_checked_with_clear_errors():
    empty = "." * 16
    with pytest.raises(ValueError, match="unknown variant 'diag'"):
        sudoku.count(empty, variant="diag")
    with pytest.raises(ValueError, match="regions"):
        sudoku.count(empty, regions="1122")
    with pytest.raises(ValueError, match="regions: label '9'"):
        sudoku.count(empty, regions="9" * 16)
    with pytest.raises(ValueError, match="r5c1 is outside the 4x4 board"):
        sudoku.count(empty, cages=[(3, ["r1c1", "r5c1"])])
    with pytest.raises(ValueError, match="rRcC"):
        sudoku.solutions(empty, cages=[(3, ["x1"])])
    with pytest.raises(ValueError, match="killer needs cages"):
        sudoku.count(empty, variant="killer")
    with pytest.raises(ValueError, match="sat backend knows the classic rules only"):
        sudoku.count(empty, variant="x", solver="sat")
    with pytest.raises(ValueError, match="bitboard backend"):
        sudoku.solve("." * 81, variant="x", solver="bitboard")


def test_the_logic_takes_the_rules():
    # explain, logic, rate and hint under the puzzle's rules: a generated X puzzle (unique, by
    # the count) is solved by named steps to its solution, which obeys the diagonals.
    made = sudoku.generate(seed=3, variant="x")[0]
    text = made["text"]
    assert sudoku.count(text, limit=2) == 1
    solved = sudoku.logic(text)
    assert solved["status"] == "solved"
    assert solved["board"] == made["solution"] and obeys(solved["board"], x=True)
    steps = sudoku.explain(text)
    assert steps and all(step["technique"] for step in steps)
    assert sudoku.rate(text)["level"] in ("easy", "medium", "hard", "expert", "beyond")
    with pytest.raises(ValueError, match="Sudoku Explainer's scale rates classic puzzles"):
        sudoku.rate(text, se=True)
    assert sudoku.hint(text)["kind"] == "step"

def test_generate_takes_the_rules_and_gives_one_dict_form():
    classic = sudoku.generate(seed=3, size=4)[0]
    assert classic["variant"] == "classic" and classic["regions"] is None and classic["cages"] == []
    assert classic["text"] == classic["puzzle"] + "\n" and "rating" in classic
    x = sudoku.generate(seed=3, variant="x", symmetry="rotate180")[0]
    p = x["puzzle"]
    assert all((p[k] == ".") == (p[80 - k] == ".") for k in range(81))
    assert sudoku.count(p, limit=2, variant="x") == 1 and obeys(x["solution"], x=True)
    assert x["rating"]["level"] in ("easy", "medium", "hard", "expert", "beyond")
    # A jigsaw layout given is kept: every puzzle is played on it.
    layout = "111222333111222333111222333444555666444555666444555666777888999777888999777888999"
    made = sudoku.generate(seed=2, regions=layout)[0]
    assert made["regions"] == layout and made["variant"] == "jigsaw"
    assert sudoku.count(made["text"], limit=2) == 1
    with pytest.raises(RuntimeError, match="not symmetric"):
        sudoku.generate(variant="jigsaw", symmetry="mirror")
    with pytest.raises(ValueError, match="unknown variant"):
        sudoku.generate(variant="diag")


def test_hint_on_a_player_grid():
    wiki = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    h = sudoku.hint(wiki, level="technique")
    assert h["kind"] == "step" and h["step"]["placements"]
    # An entry that differs from the solution (r1c3 is 4) is named before any step.
    wrong = sudoku.hint("53+1" + wiki[3:])
    assert wrong["kind"] == "wrong_entries" and wrong["wrong"] == [{"cell": "r1c3", "digit": 1}]
    with pytest.raises(ValueError, match="level"):
        sudoku.hint(wiki, level="everything")
