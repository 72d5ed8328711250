"""Problem.count_memo, zdd and sample, against independent facts: domino tilings of rectangles
(OEIS A099390), Bell numbers, a ZDD read back here (paths counted and checked as covers by a
checker written here), and uniform samples by a chi-square test."""

import itertools

import pytest

import dlx


def dominoes(rows, columns):
    """Cells row by row as items; one option per domino."""
    options = []
    for r in range(rows):
        for c in range(columns):
            if c + 1 < columns:
                options.append([(r, c), (r, c + 1)])
            if r + 1 < rows:
                options.append([(r, c), (r + 1, c)])
    cells = [(r, c) for r in range(rows) for c in range(columns)]
    return dlx.Problem(options, primary=cells), options, cells


def is_tiling(options, cells, chosen):
    covered = [cell for k in chosen for cell in options[k]]
    return sorted(covered) == sorted(cells)


@pytest.mark.parametrize(
    "rows,columns,count",
    [(2, 2, 2), (2, 3, 3), (3, 4, 11), (4, 4, 36), (6, 6, 6728), (8, 8, 12988816), (10, 10, 258584046368)],
)
def test_count_memo_gives_a099390(rows, columns, count):
    problem, _, _ = dominoes(rows, columns)
    assert problem.count_memo() == count


def test_count_memo_is_exact_past_64_bits():
    problem, _, _ = dominoes(12, 12)
    assert problem.count_memo() == 53060477521960000
    problem, _, _ = dominoes(14, 14)
    assert problem.count_memo(memory="64M") == 112202208776036178000000


def test_bell_numbers():
    for n, bell in [(1, 1), (3, 5), (5, 52), (8, 4140)]:
        items = list(range(n))
        options = [s for k in range(1, n + 1) for s in itertools.combinations(items, k)]
        assert dlx.Problem(options, primary=items).count_memo() == bell


def test_zdd_paths_are_the_tilings():
    problem, options, cells = dominoes(4, 4)
    lines = problem.zdd().splitlines()
    assert lines[-1] == "."
    nodes = {}
    for line in lines[:-1]:
        ident, var, lo, hi = line.split()
        assert lo in ("B", "T") or lo in nodes
        assert hi in ("T",) or hi in nodes
        nodes[ident] = (int(var), lo, hi)
    assert len(set(nodes.values())) == len(nodes)
    root = lines[-2].split()[0]
    paths = []

    def walk(node, chosen):
        if node == "B":
            return
        if node == "T":
            paths.append(list(chosen))
            return
        var, lo, hi = nodes[node]
        walk(lo, chosen)
        walk(hi, chosen + [var - 1])

    walk(root, [])
    assert len(paths) == 36
    assert all(is_tiling(options, cells, p) for p in paths)
    assert len({tuple(sorted(p)) for p in paths}) == 36


def test_samples_are_uniform_and_repeatable():
    problem, options, cells = dominoes(3, 4)  # 11 tilings
    draws = problem.sample(11000, seed=3)
    assert all(is_tiling(options, cells, d) for d in draws)
    tally = {}
    for d in draws:
        tally[tuple(d)] = tally.get(tuple(d), 0) + 1
    assert len(tally) == 11
    expected = len(draws) / 11
    chi2 = sum((seen - expected) ** 2 / expected for seen in tally.values())
    assert chi2 < 29.59  # 0.999 quantile, 10 degrees of freedom
    assert problem.sample(4, seed=9) == problem.sample(4, seed=9)
    none = dlx.Problem([["a"]], primary=["a", "b"])
    assert none.sample(3) == []
    assert none.count_memo() == 0


def test_bad_memory_is_a_value_error():
    problem, _, _ = dominoes(2, 2)
    with pytest.raises(ValueError):
        problem.count_memo(memory="12Q")
    with pytest.raises(ValueError):
        problem.count_memo(memory=1000)
    with pytest.raises(ValueError):
        problem.sample(-1)
