"""Problem.min_cost, set_cost and estimate, checked against independent facts: a brute force
over option subsets written here (costs summed here), and published counts (n-queens, OEIS
A000170; domino tilings of 4x4 and 6x6, OEIS A004003)."""

import itertools
import random

import pytest

import dlx


def brute_force_costs(options, primary, costs):
    """The sorted costs of every set of options covering each primary item exactly once
    (options here have no secondary items)."""
    found = []
    for size in range(len(options) + 1):
        for chosen in itertools.combinations(range(len(options)), size):
            counts = {}
            for o in chosen:
                for item in options[o]:
                    counts[item] = counts.get(item, 0) + 1
            if all(counts.get(item, 0) == 1 for item in primary) and set(counts) <= set(primary):
                found.append(sum(costs[o] for o in chosen))
    return sorted(found)


def test_min_cost_matches_a_brute_force_on_random_problems():
    rng = random.Random(31)
    with_covers = 0
    for _ in range(300):
        primary = [f"p{k}" for k in range(rng.randint(1, 5))]
        options = []
        for _ in range(rng.randint(1, 10)):
            first = rng.choice(primary)
            options.append([first] + [i for i in primary if i != first and rng.random() < 0.3])
        costs = [rng.choice([rng.randint(0, 9), rng.randint(0, 2**58)]) for _ in options]
        p = dlx.Problem()
        for name in primary:
            p.add_primary(name)
        for option, cost in zip(options, costs):
            p.set_cost(p.add_option(option), cost)
        best = rng.randint(1, 4)
        expected = brute_force_costs(options, primary, costs)[:best]
        got = p.min_cost(best)
        assert [cost for cost, _ in got] == expected
        for cost, cover in got:
            assert cost == sum(costs[o] for o in cover)
            assert sorted(cover) == cover
            assert sorted(i for o in cover for i in options[o]) == sorted(primary)
        with_covers += bool(expected)
    assert with_covers > 50


def test_costs_read_from_knuth_text_and_written_back():
    p = dlx.Problem.from_knuth("a b\na b |3\na |1 |0\nb |1\n")
    assert [p.cost(k) for k in range(3)] == [3, 1, 1]
    assert p.min_cost() == [(2, [1, 2])]
    assert p.min_cost(5) == [(2, [1, 2]), (3, [0])]
    assert "a b |3" in p.to_knuth()
    with pytest.raises(dlx.ParseError, match=r"<string>:2:5: cost 'x'"):
        dlx.Problem.from_knuth("a b\na b |x\n")


def test_min_cost_without_a_cover_and_refusals():
    p = dlx.Problem.from_knuth("a b\na |4\n")
    assert p.min_cost() == []
    with pytest.raises(dlx.ProblemError):
        p.set_cost(0, -1)
    with pytest.raises(dlx.ProblemError):
        p.set_cost(5, 1)
    with pytest.raises(dlx.ProblemError):
        p.set_cost(0, 2**63)
    with pytest.raises(dlx.ProblemError):
        p.min_cost(0)
    ranges = dlx.Problem.from_knuth("2|a\na\n")
    with pytest.raises(dlx.ProblemError, match="multiplicities"):
        ranges.min_cost()


def dominoes(rows, columns):
    cells = [(r, c) for r in range(rows) for c in range(columns)]
    options = []
    for r, c in cells:
        if c + 1 < columns:
            options.append([f"{r}.{c}", f"{r}.{c + 1}"])
        if r + 1 < rows:
            options.append([f"{r}.{c}", f"{r + 1}.{c}"])
    p = dlx.Problem()
    for r, c in cells:
        p.add_primary(f"{r}.{c}")
    for option in options:
        p.add_option(option)
    return p


def queens(n):
    p = dlx.Problem()
    for i in range(n):
        p.add_primary(f"r{i}")
        p.add_primary(f"c{i}")
    for d in range(2 * n - 1):
        p.add_secondary(f"a{d}")
        p.add_secondary(f"b{d}")
    for r in range(n):
        for c in range(n):
            p.add_option([f"r{r}", f"c{c}", f"a{r + c}", f"b{r - c + n - 1}"])
    return p


@pytest.mark.parametrize("problem, count", [(queens(8), 92), (dominoes(4, 4), 36), (dominoes(6, 6), 6728)])
def test_estimates_hold_published_counts_for_most_seeds(problem, count):
    held = 0
    for seed in range(1, 51):
        low, high = problem.estimate(1000, seed=seed).covers_interval
        held += low <= count <= high
    assert held >= 45  # 95% intervals: at least 90% of the seeds


def test_estimate_is_repeatable_and_refuses_bad_input():
    p = queens(8)
    a, b = p.estimate(300, seed=4), p.estimate(300, seed=4)
    assert (a.covers, a.nodes, a.covers_interval) == (b.covers, b.nodes, b.covers_interval)
    assert a.probes == 300 and 0 < a.probes_at_cover < 300
    assert a.covers_interval[0] <= a.covers <= a.covers_interval[1]
    with pytest.raises(dlx.ProblemError):
        p.estimate(0)
    with pytest.raises(dlx.ProblemError):
        dlx.Problem.from_knuth("2|a\na\n").estimate(10)
