"""Problems over Python values in one call: dlx.Problem(options, ...), dlx.covers, dlx.count,
dlx.first. Checked against published counts (n-queens, Langford pairs), a brute force over
option subsets written here, and the rules the docstrings state (which run as doctests)."""

import doctest
import enum
import itertools
import os
import random
import shutil
import subprocess

import pytest

import dlx
import dlx._convenience

# OEIS A000170: n-queens solutions.
QUEENS = {1: 1, 2: 0, 3: 0, 4: 2, 5: 10, 6: 4, 7: 40, 8: 92}
# OEIS A014552 counts Langford pairings up to reversal; an exact cover counts both.
LANGFORD = {3: 2, 4: 2, 5: 0, 6: 0, 7: 52, 8: 300}


def queens(n, kind):
    """n-queens options, option r*n+c a queen at (r, c); rows and columns primary, diagonals
    secondary; items as ints, tuples or strings."""
    def item(what, k):
        if kind == "int":
            return {"row": 0, "col": 1, "up": 2, "down": 3}[what] * 4 * n + k + 2 * n
        if kind == "tuple":
            return (what, k)
        return f"{what}{k}"
    options = [[item("row", r), item("col", c), item("up", r + c), item("down", r - c)]
               for r in range(n) for c in range(n)]
    diagonals = [item("up", d) for d in range(2 * n - 1)] + \
                [item("down", d) for d in range(-n + 1, n)]
    return options, diagonals


def langford(n, kind):
    """Langford pairs: digit d at positions p and p+d+1; items the digits and the 2n slots."""
    def item(what, k):
        if kind == "int":
            return k if what == "digit" else 100 + k
        if kind == "tuple":
            return (what, k)
        return f"{what}{k}"
    return [[item("digit", d), item("slot", p), item("slot", p + d + 1)]
            for d in range(1, n + 1) for p in range(2 * n - d - 1)]


@pytest.mark.parametrize("kind", ["int", "tuple", "str"])
@pytest.mark.parametrize("n", sorted(QUEENS))
def test_queens_counts_are_the_published_ones(n, kind):
    options, diagonals = queens(n, kind)
    assert dlx.count(options, secondary=diagonals) == QUEENS[n]
    for cover in itertools.islice(dlx.covers(options, secondary=diagonals), 5):
        cells = [divmod(k, n) for k in cover]
        assert len(cells) == n
        for key in (lambda rc: rc[0], lambda rc: rc[1], sum, lambda rc: rc[0] - rc[1]):
            assert len({key(rc) for rc in cells}) == n


@pytest.mark.parametrize("kind", ["int", "tuple", "str"])
@pytest.mark.parametrize("n", sorted(LANGFORD))
def test_langford_counts_are_the_published_ones(n, kind):
    options = langford(n, kind)
    assert dlx.count(options) == LANGFORD[n]
    cover = dlx.first(options)
    assert (cover is None) == (LANGFORD[n] == 0)
    if cover is not None:
        slots = [0] * (2 * n)
        for k in cover:
            digit, first, second = options[k]
            for slot in (first, second):
                index = slot if kind == "int" else slot[1] if kind == "tuple" else int(slot[4:])
                slots[index - (100 if kind == "int" else 0)] = options[k][0]
        assert all(slots)


def brute_force(options, primary, secondary, colour_of):
    """Covers by trying every subset of options: primary items exactly once, secondary items at
    most once or all with one colour (colour_of(option, item) -> colour or None)."""
    covers = []
    for size in range(len(options) + 1):
        for subset in itertools.combinations(range(len(options)), size):
            used, colours = {}, {}
            ok = True
            for k in subset:
                for item in options[k]:
                    used[item] = used.get(item, 0) + 1
                    if item in secondary:
                        colour = colour_of(k, item)
                        colours.setdefault(item, []).append(colour)
            if any(used.get(i, 0) != 1 for i in primary):
                continue
            for item, given in colours.items():
                if len(given) > 1 and (None in given or len(set(given)) > 1):
                    ok = False
            if ok:
                covers.append(subset)
    return covers


def random_problem(rng, kind):
    n_primary, n_secondary = rng.randint(1, 5), rng.randint(0, 3)
    def item(k):
        return {"int": k, "tuple": ("i", k), "str": f"i{k}", "frozenset": frozenset({k, -1})}[kind]
    primary = [item(k) for k in range(n_primary)]
    secondary = [item(100 + k) for k in range(n_secondary)]
    options, colours = [], []
    for _ in range(rng.randint(1, 9)):
        chosen = rng.sample(primary, rng.randint(1, n_primary)) + \
            rng.sample(secondary, rng.randint(0, n_secondary))
        rng.shuffle(chosen)
        options.append(chosen)
        colours.append({i: rng.choice([None, "red", "blue"]) for i in chosen if i in secondary})
    return primary, secondary, options, colours


@pytest.mark.parametrize("kind", ["int", "tuple", "str", "frozenset"])
def test_random_problems_match_a_brute_force(kind):
    rng = random.Random(32)
    for _ in range(150):
        primary, secondary, options, colours = random_problem(rng, kind)
        def coloured(k):
            return [(i, colours[k][i]) if colours[k].get(i) else i for i in options[k]]
        given = [coloured(k) for k in range(len(options))]
        expected = brute_force(options, primary, set(secondary),
                               lambda k, i: colours[k].get(i))
        found = sorted(tuple(sorted(c)) for c in dlx.covers(given, primary, secondary))
        assert found == sorted(expected), (options, colours)
        assert dlx.count(given, primary, secondary) == len(expected)
        assert dlx.first(given, primary, secondary) is None or expected


def test_string_colours_and_pairs_read_alike():
    as_pairs = [["a", ("x", "red")], ["b", ("x", "red")], ["a", "b", ("x", "blue")], ["c"]]
    as_text = [["a", "x:red"], ["b", "x:red"], "a b x:blue", ["c"]]
    for options in (as_pairs, as_text):
        p = dlx.Problem(options, secondary=["x"])
        assert dlx.Solver(p).count() == 2
        assert p.option(2) == ["a", "b", "x:blue"]  # str item and str colour: written "x:c"
    # A non-string colour or item comes back as the pair.
    p = dlx.Problem([[1, (0, 5)], [2, (0, 5)]], secondary=[0])
    assert p.option(0) == [1, (0, 5)] and dlx.Solver(p).count() == 1
    s = dlx.Solver(p)
    cover = next(s.solutions())
    assert s.color_of(0) == 5
    assert sorted(s.names(cover), key=repr) == [[1, (0, 5)], [2, (0, 5)]]


def test_a_tuple_item_is_an_item_unless_its_first_element_is_secondary():
    # ("x", 1) is a colour pair only because "x" is secondary; (1, 2) stays an item.
    p = dlx.Problem([[(1, 2), ("x", 1)], [(1, 2), ("x", 2)]], secondary=["x"])
    assert p.items == [(1, 2), "x"]
    # A listed item wins over the colour reading.
    p = dlx.Problem([[("x", 1)]], primary=[("x", 1)], secondary=["x"])
    assert p.items == [("x", 1), "x"] and p.option(0) == [("x", 1)]
    # colours=False: every entry is an item as it is, strings with ':' included.
    p = dlx.Problem([["r1:c2", ("x", 1)]], secondary=["x"], colours=False)
    assert p.items == ["r1:c2", ("x", 1), "x"]


class Colour(enum.Enum):
    RED = 1
    GREEN = 2


def test_items_are_kept_as_given():
    options = [[Colour.RED, frozenset({1, 2}), 3.5], [Colour.GREEN, "g"], [Colour.RED, "g"]]
    p = dlx.Problem(options, secondary=[3.5])
    assert p.items == [Colour.RED, frozenset({1, 2}), Colour.GREEN, "g", 3.5]
    assert p.option(0) == options[0]
    assert p.find_item(Colour.GREEN) == 2 and p.find_item("nope") is None
    assert p.is_primary(Colour.RED) and not p.is_primary(3.5)
    assert p.multiplicity(3.5) == (0, 1)
    s = dlx.Solver(p)
    assert [sorted(s.names(c), key=repr) for c in s.solutions()] == \
        [sorted([options[0], options[1]], key=repr)]
    assert dlx.count(options, secondary=[3.5]) == 1


def test_one_string_option_is_blank_separated_items():
    assert dlx.count(["a b", "a", "b", "c"]) == 2
    assert dlx.Problem(["a b x:red", "c x:red"], secondary=["x"]).option(1) == ["c", "x:red"]


def test_items_come_in_engine_order_primary_first():
    p = dlx.Problem([["s", 1], [2, "s"]], secondary=["s"])
    assert p.items == [1, 2, "s"] and p.primary_count == 2
    p = dlx.Problem([[1]], primary=[3, 2, 1], secondary=["t"])
    assert p.items == [3, 2, 1, "t"]


def test_the_first_cover_arrives_before_the_count_is_known():
    # 30-queens has more covers than 27-queens' 2.3e17 (OEIS A000170): an eager search would
    # never return.
    options, diagonals = queens(30, "tuple")
    s = dlx.Solver(dlx.Problem(options, secondary=diagonals))
    covers = s.solutions()
    cover = next(covers)
    assert len(cover) == 30 and s.stats.solutions == 1
    assert len(next(dlx.covers(options, secondary=diagonals))) == 30
    assert len(dlx.first(options, secondary=diagonals)) == 30


def test_a_numpy_matrix_is_read_as_before():
    np = pytest.importorskip("numpy")
    # Knuth's example (TAOCP 7.2.2.1 (5)): columns a..g; its one cover is rows 0, 3, 4.
    m = np.array([[0, 0, 1, 0, 1, 0, 0], [1, 0, 0, 1, 0, 0, 1], [0, 1, 1, 0, 0, 1, 0],
                  [1, 0, 0, 1, 0, 1, 0], [0, 1, 0, 0, 0, 0, 1], [0, 0, 0, 1, 1, 0, 1]],
                 dtype=bool)
    assert [sorted(c) for c in dlx.covers(m)] == [[0, 3, 4]]
    assert dlx.Problem(m).option_count == 6 and dlx.first(m) is not None
    # g secondary: {c e, b g, a d f} still, and {a d f, b c f}? f twice: no; so one cover.
    assert dlx.count(m, secondary=[6]) == 1
    with pytest.raises(dlx.ProblemError, match="secondary= only"):
        dlx.Problem(m, primary=[0])


@pytest.mark.parametrize("options, kwargs, error, message", [
    ([[]], {}, dlx.ProblemError, r"^option 0 is empty$"),
    ([[1], [2, 2]], {}, dlx.ProblemError, r"^option 1: item 2 appears twice$"),
    ([["a", "x:red"]], {}, dlx.ProblemError,
     r"^option 0: 'x:red' reads as item 'x' with colour 'red', but 'x' is not a secondary item"),
    ([["a", "a:red"]], {"primary": ["a"], "secondary": ["x"]}, dlx.ProblemError,
     r"'a' is primary: only secondary items take colours"),
    ([["a", "x:"]], {"secondary": ["x"]}, dlx.ProblemError,
     r"^option 0: 'x:' has an empty colour$"),
    ([["a"], ["x"]], {"secondary": ["x"]}, dlx.ProblemError,
     r"^option 1 \['x'\] has no primary item"),
    ([["a", "b"]], {"primary": ["a"]}, dlx.ProblemError,
     r"^option 0: item 'b' is in neither primary nor secondary$"),
    ([["a"]], {"primary": ["a", "a"]}, dlx.ProblemError, r"^item 'a' is listed twice in primary$"),
    ([["a"]], {"primary": ["a"], "secondary": ["a"]}, dlx.ProblemError,
     r"^item 'a' is listed both as primary and as secondary$"),
    ([[[1, 2]]], {}, TypeError, r"^option 0: item \[1, 2\] is a list, which is not hashable"),
    ([["a", ("x", [1])]], {"secondary": ["x"]}, TypeError,
     r"^option 0: colour \[1\] is a list, which is not hashable$"),
    ([1, 2], {}, TypeError, r"^option 0 is 1 \(int\), not an iterable$"),
    ("a b", {}, TypeError, r"^options is one string"),
    ([["a"]], {"primary": "a"}, TypeError, r"^primary is one string"),
])
def test_errors_name_the_option_and_the_item(options, kwargs, error, message):
    with pytest.raises(error, match=message):
        dlx.Problem(options, **kwargs)
    with pytest.raises(error, match=message):
        dlx.count(options, **kwargs)


def test_a_problem_built_from_values_takes_no_more_items():
    p = dlx.Problem([[1, 2]])
    for call in (lambda: p.add_primary("z"), lambda: p.add_secondary("z"),
                 lambda: p.add_option([0])):
        with pytest.raises(dlx.ProblemError, match="built in one call"):
            call()
    with pytest.raises(dlx.ProblemError, match="unknown item 'z'"):
        p.is_primary("z")
    assert p.is_primary(1) and p.is_primary(2)


def test_the_knuth_text_of_a_problem_of_values_reads_back_with_the_same_count():
    options, diagonals = queens(6, "tuple")
    p = dlx.Problem(options, secondary=diagonals)
    q = dlx.Problem.from_knuth(p.to_knuth())
    assert dlx.Solver(q).count() == 4 and q.item_count == p.item_count
    # Names that clash once made into text (7 and "7", "a b" and "ab") stay distinct.
    p = dlx.Problem([[7, "7"], ["a b", "ab", "a:b"]], colours=False)
    names = [p.item_name(i) for i in range(p.item_count)]
    assert len(set(names)) == 5
    assert dlx.Solver(dlx.Problem.from_knuth(p.to_knuth())).count() == 1


def test_the_dlx_program_counts_the_same():
    parent = os.path.dirname(os.path.dirname(os.path.abspath(dlx.__file__)))
    program = os.path.join(os.path.dirname(parent), "bin", "dlx")
    if not os.path.exists(program):
        program = shutil.which("dlx")
    if not program:
        pytest.skip("no dlx program beside the module")
    for options, secondary, expected in [(*queens(7, "int"), 40), (*queens(8, "tuple"), 92),
                                         (langford(7, "str"), [], 52)]:
        text = dlx.Problem(options, secondary=secondary).to_knuth()
        out = subprocess.run([program, "--count", "--threads", "1"], input=text,
                             capture_output=True, text=True, check=True).stdout
        assert int(out.split()[0]) == expected == dlx.count(options, secondary=secondary)


def test_docstring_examples_run():
    docstrings = [("dlx._convenience", dlx._convenience.__doc__)]
    docstrings += [(f"dlx.{f.__name__}", f.__doc__) for f in (dlx.covers, dlx.count, dlx.first)]
    docstrings.append(("dlx.Problem.__init__", dlx.Problem.__init__.__doc__))
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(verbose=False)
    tried = 0
    for name, text in docstrings:
        test = parser.get_doctest(text, {"dlx": dlx}, name, None, 0)
        result = runner.run(test)
        assert result.failed == 0, name
        tried += result.attempted
    assert tried >= 10


def test_the_python_guide_runs_as_printed():
    guide = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs",
                         "python.md")
    failed, attempted = doctest.testfile(guide, module_relative=False, globs={"dlx": dlx},
                                         optionflags=doctest.ELLIPSIS)
    assert failed == 0 and attempted >= 20


def test_word_squares_match_a_brute_force():
    # docs/python.md's coloured problem: rows and columns words, cells coloured by letters.
    words = ["bat", "are", "ten", "tab", "ear", "net", "art", "rat", "tar", "eat", "tea", "ate"]
    expected = sum(1 for rows in itertools.product(words, repeat=3)
                   if all("".join(row[c] for row in rows) in words for c in range(3)))
    slots = [("row", k) for k in range(3)] + [("col", k) for k in range(3)]
    def cells_of(kind, k):
        return [(k, j) if kind == "row" else (j, k) for j in range(3)]
    for pairs in (True, False):
        def entry(cell, letter):
            return (cell, letter) if pairs else f"{cell[0]}{cell[1]}:{letter}"
        options = [[slot] + [entry(cell, letter) for cell, letter in zip(cells_of(*slot), word)]
                   for slot in slots for word in words]
        cells = [(r, c) if pairs else f"{r}{c}" for r in range(3) for c in range(3)]
        assert dlx.count(options, secondary=cells) == expected == 19


def test_the_readme_one_call_example_prints_what_its_comments_say():
    readme = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "README.md")
    with open(readme, encoding="utf-8") as f:
        blocks = f.read().split("```python\n")[1:]
    blocks = [b.split("```")[0] for b in blocks if "dlx.covers(" in b.split("```")[0]]
    if not blocks:
        pytest.skip("the README has no dlx.covers example")
    expected = [line.split("#", 1)[1].split(":")[0].strip() for line in blocks[0].splitlines()
                if line.startswith("print(")]
    printed = []
    exec(compile(blocks[0], "README.md", "exec"),
         {"print": lambda *values: printed.append(" ".join(map(str, values)))})
    assert printed == expected
