"""dlx.Problem, dlx.Solver and the matrix entry point, checked against independent facts:
published counts (n-queens), Knuth's worked example, and brute force over option subsets."""

import itertools
import os
import random

import pytest

import dlx

# Published numbers of n-queens solutions (OEIS A000170).
QUEENS = {1: 1, 4: 2, 5: 10, 6: 4, 7: 40, 8: 92, 9: 352, 10: 724, 20: 39029188884}


def queens(n):
    """Rows and columns primary, diagonals secondary; option id r*n+c places a queen at (r, c)."""
    p = dlx.Problem()
    for i in range(n):
        p.add_primary(f"r{i}")
        p.add_primary(f"c{i}")
    for d in range(2 * n - 1):
        p.add_secondary(f"a{d}")
        p.add_secondary(f"b{d}")
    for r in range(n):
        for c in range(n):
            assert p.add_option([f"r{r}", f"c{c}", f"a{r + c}", f"b{r - c + n - 1}"]) == r * n + c
    return p


def is_queens_placement(n, cells):
    if len(cells) != n:
        return False
    rows = {r for r, _ in cells}
    cols = {c for _, c in cells}
    sums = {r + c for r, c in cells}
    diffs = {r - c for r, c in cells}
    return len(rows) == len(cols) == len(sums) == len(diffs) == n


def knuth_example():
    # TAOCP 7.2.2.1 (5): its only exact cover is {a d f}, {b g}, {c e}.
    p = dlx.Problem()
    for name in "abcdefg":
        p.add_primary(name)
    for option in ["c e", "a d g", "b c f", "a d f", "b g", "d e g"]:
        p.add_option(option)
    return p


def test_knuth_example():
    p = knuth_example()
    assert (p.item_count, p.primary_count, p.option_count) == (7, 7, 6)
    s = dlx.Solver(p)
    covers = list(s.solutions())
    assert [sorted(c) for c in covers] == [[0, 3, 4]]
    assert sorted(map(sorted, s.names(covers[0]))) == [["a", "d", "f"], ["b", "g"], ["c", "e"]]
    assert s.count() == 1
    assert s.stats.solutions == 1 and s.stats.nodes > 0 and s.stats.updates > 0


def test_knuth_text_round_trip(tmp_path):
    text = "| Knuth's example\na b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n"
    p = dlx.Problem.from_knuth(text)
    assert p.items == list("abcdefg")
    assert p.option(3) == ["a", "d", "f"]
    again = dlx.Problem.from_knuth(p.to_knuth())
    assert again.items == p.items
    assert [again.option(k) for k in range(6)] == [p.option(k) for k in range(6)]
    path = tmp_path / "example.dlx"
    path.write_text(text)
    assert dlx.Solver(dlx.read_knuth(path)).count() == 1
    assert dlx.Solver(dlx.read_knuth(str(path))).count() == 1


@pytest.mark.parametrize("n", [1, 4, 5, 6, 7, 8])
def test_queens_counts_and_every_cover_a_placement(n):
    s = dlx.Solver(queens(n))
    covers = list(s.solutions())
    assert len(covers) == QUEENS[n]
    seen = set()
    for cover in covers:
        cells = [divmod(option, n) for option in cover]
        assert is_queens_placement(n, cells), cover
        seen.add(frozenset(cover))
    assert len(seen) == QUEENS[n]
    assert s.count() == QUEENS[n]


def test_solutions_is_lazy_on_20_queens():
    s = dlx.Solver(queens(20))
    first = next(iter(s.solutions()))
    assert is_queens_placement(20, [divmod(option, 20) for option in first])
    # 39 029 188 884 covers: the first one costs a few hundred nodes, not a full search.
    assert s.stats.solutions == 1
    assert s.stats.nodes < 100_000
    assert 0.0 <= s.progress() < 0.01


def test_count_limit_and_threads_agree():
    s = dlx.Solver(queens(10))
    assert s.count() == 724
    assert s.count(threads=2) == 724
    assert s.count(threads=0) == 724
    assert s.count(threads=3) == 724
    assert s.stats.solutions == 724
    assert s.count(limit=100) == 100
    assert s.count(limit=100, threads=2) == 100
    assert s.count(limit=0) == 0
    assert s.count(limit=10**9, threads=2) == 724


@pytest.mark.parametrize(
    "arguments, words",
    [
        ({"limit": -1}, "limit must be None (no limit) or from 0 to 2**64 - 1, not -1"),
        ({"limit": 2**64}, "not 18446744073709551616"),
        ({"threads": -1}, "threads must be from 0 (one per core) to 1024, not -1"),
        ({"threads": 1025}, "not 1025"),
    ],
)
def test_count_refuses_a_negative_or_huge_limit_with_a_value_error(arguments, words):
    s = dlx.Solver(queens(6))
    with pytest.raises(ValueError) as refused:
        s.count(**arguments)
    assert words in str(refused.value)
    assert s.count(limit=2**64 - 1) == 4  # the largest limit is fine; the solver still works


def test_commit_exclude_reset():
    n = 8
    s = dlx.Solver(queens(n))
    corner = [c for c in s.solutions() if 0 in c]  # queen at r0c0
    assert s.commit(0) is True
    assert sorted(map(sorted, s.solutions())) == sorted(map(sorted, corner))
    assert s.count() == len(corner) == 4
    assert s.commit(1) is False  # r0c1 clashes with r0c0 on row 0
    assert s.count() == 0
    s.reset()
    assert s.count() == 92
    s.exclude(0)
    assert s.count() == 92 - 4
    s.reset()
    assert s.count() == 92


def test_new_search_ends_old_iterators():
    s = dlx.Solver(queens(6))
    it = s.solutions()
    next(it)
    assert s.count() == 4
    with pytest.raises(ValueError, match="another search"):
        next(it)
    # A fresh iterator starts from the top.
    assert len(list(s.solutions())) == 4
    assert len(list(s)) == 4


def test_matrix_covers_lists_numpy_and_secondary():
    # Knuth's example as a 0/1 matrix (columns a..g).
    rows = ["0010100", "1001001", "0110010", "1001010", "0100001", "0001101"]
    matrix = [[int(ch) for ch in row] for row in rows]
    assert [sorted(c) for c in dlx.matrix_covers(matrix)] == [[0, 3, 4]]
    assert [sorted(c) for c in dlx.matrix_covers([[bool(x) for x in r] for r in matrix])] == [[0, 3, 4]]
    p = dlx.Problem.from_matrix(matrix)
    assert p.items == [str(j) for j in range(7)] and p.option_count == 6
    # Secondary columns: rows may leave them uncovered but not share them.
    m = [[1, 0, 1], [0, 1, 1], [1, 0, 0], [0, 1, 0]]
    assert sorted(sorted(c) for c in dlx.matrix_covers(m, secondary=1)) == [[0, 3], [1, 2], [2, 3]]
    assert sorted(sorted(c) for c in dlx.matrix_covers(m, secondary=[2])) == [[0, 3], [1, 2], [2, 3]]
    assert sorted(sorted(c) for c in dlx.matrix_covers(m)) == [[0, 3], [1, 2]]  # column 2 primary
    np = pytest.importorskip("numpy")
    for dtype in (bool, np.int8, np.int64, np.uint16, np.float64):
        a = np.array(matrix, dtype=dtype)
        assert [sorted(c) for c in dlx.matrix_covers(a)] == [[0, 3, 4]]
        assert [sorted(c) for c in dlx.matrix_covers(a.T.copy().T)] == [[0, 3, 4]]  # Fortran order


def brute_force_covers(primary, secondary, options):
    """Every set of options (item, colour) meeting the XCC/MCC conditions, by trying all subsets."""
    found = set()
    for size in range(len(options) + 1):
        for subset in itertools.combinations(range(len(options)), size):
            uses = {}
            colours = {}
            ok = True
            for k in subset:
                for item, colour in options[k]:
                    uses[item] = uses.get(item, 0) + 1
                    colours.setdefault(item, []).append(colour)
            for item, (lo, hi) in primary.items():
                if not lo <= uses.get(item, 0) <= hi:
                    ok = False
            for item in secondary:
                c = colours.get(item, [])
                if len(c) > 1 and (None in c or len(set(c)) > 1):
                    ok = False
            if ok:
                found.add(frozenset(subset))
    return found


@pytest.mark.parametrize("seed", range(12))
def test_colours_and_multiplicities_against_brute_force(seed):
    rng = random.Random(seed)
    with_ranges = seed % 2 == 1
    primary = {}
    p = dlx.Problem()
    for i in range(5):
        name = f"p{i}"
        lo, hi = (rng.choice([(0, 1), (1, 1), (1, 2), (2, 2), (0, 2)]) if with_ranges else (1, 1))
        if (lo, hi) == (1, 1):
            p.add_primary(name)
        else:
            p.add_primary(name, lo, hi)
        primary[name] = (lo, hi)
    secondary = ["s0", "s1", "s2"]
    for name in secondary:
        p.add_secondary(name)
    options = []
    while len(options) < 12:
        items = rng.sample(list(primary), rng.randint(1, 3))
        entries = [(item, None) for item in items]
        for name in rng.sample(secondary, rng.randint(0, 2)):
            entries.append((name, rng.choice([None, "A", "B"])))
        options.append(entries)
        p.add_option([item if colour is None else f"{item}:{colour}" for item, colour in entries])
    expected = brute_force_covers(primary, secondary, options)
    s = dlx.Solver(p)
    got = [frozenset(c) for c in s.solutions()]
    assert len(got) == len(set(got))
    assert set(got) == expected
    assert s.count() == len(expected)
    assert s.count(threads=2) == len(expected)
    again = dlx.Solver(dlx.Problem.from_knuth(p.to_knuth()))
    assert again.count() == len(expected)


def test_colour_of_a_cover():
    p = dlx.Problem.from_knuth("a b | x\na x:red\nb x:red\na x:blue\n")
    s = dlx.Solver(p)
    for cover in s.solutions():
        assert sorted(cover) == [0, 1]
        assert s.color_of("x") == "red"
        assert s.names(sorted(cover)) == [["a", "x:red"], ["b", "x:red"]]
    assert p.has_colors and not p.has_multiplicities


def test_problem_errors():
    p = dlx.Problem()
    p.add_primary("a")
    with pytest.raises(dlx.ProblemError, match="'a'") as e:
        p.add_primary("a")
    assert isinstance(e.value, ValueError)
    with pytest.raises(dlx.ProblemError, match="zz"):
        p.add_option(["a", "zz"])
    with pytest.raises(dlx.ProblemError):
        p.add_option([])
    with pytest.raises(dlx.ProblemError):
        p.add_primary("has blank")
    with pytest.raises(dlx.ProblemError):
        p.add_primary("")
    with pytest.raises(dlx.ProblemError):
        p.add_primary("r", 3, 2)
    with pytest.raises(dlx.ProblemError):
        p.add_option(["a", 5])
    with pytest.raises(TypeError):
        p.add_option(["a", 2.5])
    s = dlx.Solver(p)
    with pytest.raises(dlx.ProblemError, match="option 3"):
        s.commit(3)
    with pytest.raises(dlx.ProblemError):
        s.names([7])


def test_parse_errors_name_the_place(tmp_path):
    with pytest.raises(dlx.ParseError, match=r"^<string>:3:\d+: ") as e:
        dlx.Problem.from_knuth("a b\na\nq\n")
    assert isinstance(e.value, dlx.ProblemError) and isinstance(e.value, ValueError)
    bad = tmp_path / "bad.dlx"
    bad.write_text("a b\na b b\n")
    with pytest.raises(dlx.ParseError, match=r"bad\.dlx:2:\d+: "):
        dlx.read_knuth(bad)
    with pytest.raises(dlx.ParseError):
        dlx.Problem.from_knuth("")
    with pytest.raises(FileNotFoundError):
        dlx.read_knuth(os.path.join(str(tmp_path), "missing.dlx"))
    # A folder: what open() raises, with the words the programs print ("Is a directory").
    with pytest.raises(IsADirectoryError, match="Is a directory"):
        dlx.read_knuth(str(tmp_path))


def test_matrix_errors():
    with pytest.raises(ValueError, match=r"matrix\[1\]\[2\] is 2"):
        dlx.matrix_covers([[1, 0, 0], [0, 1, 2]])
    with pytest.raises(ValueError, match="row 1 has 2 entries"):
        dlx.matrix_covers([[1, 0, 0], [0, 1]])
    with pytest.raises(ValueError, match="row 1 has no 1 in a primary column"):
        dlx.matrix_covers([[1, 0], [0, 0]])
    with pytest.raises(ValueError, match="secondary"):
        dlx.matrix_covers([[1, 0]], secondary=3)
    with pytest.raises(ValueError):
        dlx.matrix_covers([[1, "x"]])
    with pytest.raises(ValueError):
        dlx.matrix_covers(["10", "01"])
