"""Problem.min_cost, set_cost and estimate, checked against independent facts: a brute force
over option subsets written here (costs summed here), and published counts (n-queens, OEIS
A000170; domino tilings of 4x4 and 4x5, OEIS A099390), and the exact moments of the search
tree that the estimate samples, walked here."""

import itertools
import math
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
    """(primary, secondary, options) of the domino tilings of a rows x columns rectangle."""
    cells = [(r, c) for r in range(rows) for c in range(columns)]
    options = []
    for r, c in cells:
        if c + 1 < columns:
            options.append([f"{r}.{c}", f"{r}.{c + 1}"])
        if r + 1 < rows:
            options.append([f"{r}.{c}", f"{r + 1}.{c}"])
    return [f"{r}.{c}" for r, c in cells], [], options


def queens(n):
    """(primary, secondary, options) of n-queens: rows and columns primary, diagonals secondary."""
    primary = [name for i in range(n) for name in (f"r{i}", f"c{i}")]
    secondary = [name for d in range(2 * n - 1) for name in (f"a{d}", f"b{d}")]
    options = [[f"r{r}", f"c{c}", f"a{r + c}", f"b{r - c + n - 1}"]
               for r in range(n) for c in range(n)]
    return primary, secondary, options


def problem_of(parts):
    primary, secondary, options = parts
    p = dlx.Problem()
    for name in primary:
        p.add_primary(name)
    for name in secondary:
        p.add_secondary(name)
    for option in options:
        p.add_option(option)
    return p


def exact_moments(parts):
    """The whole tree the probes sample, walked here: at each node the uncovered primary item
    with the fewest options left (first in item order on ties). A probe's cover estimate X is
    the product of the degrees down to a cover (reached with probability 1/X), else 0: E[X] is
    the count and E[X^2] the sum of X over the covers. Its node estimate Y is 1 + d Y' at a node,
    0 at a cover: E[Y^2] = 1 + 2 (nodes below) + d (sum of the children's E[Y'^2]). Returns
    (covers, standard deviation of X, nodes, standard deviation of Y)."""
    primary, _, options = parts
    having = {item: [set(o) for o in options if item in o] for item in primary}
    used = set()

    def walk(weight):
        best = None
        for item in primary:
            if item in used:
                continue
            fits = [o for o in having[item] if used.isdisjoint(o)]
            if best is None or len(fits) < len(best):
                best = fits
        if best is None:
            return 1, weight, 0, 0  # a cover
        covers = square = nodes = 0
        node_square = 1
        for option in best:
            used.update(option)
            c, c2, n, n2 = walk(weight * len(best))
            used.difference_update(option)
            covers, square, nodes = covers + c, square + c2, nodes + n
            node_square += 2 * n + len(best) * n2
        return covers, square, nodes + 1, node_square

    covers, square, nodes, node_square = walk(1)
    return covers, math.sqrt(square - covers**2), nodes, math.sqrt(node_square - nodes**2)


@pytest.mark.parametrize("parts, count",
                         [(queens(8), 92), (dominoes(4, 4), 36), (dominoes(4, 5), 95)])
def test_estimates_hold_published_counts_for_most_seeds_and_are_as_wide_as_stated(parts, count):
    # The intervals hold the count on at least 90% of the seeds (95% stated), and their
    # half-width is 1.96 standard deviations of one probe over sqrt(probes), the deviation
    # found by walking the whole tree: the median seed within 20%, none off by a factor of 2.
    covers, deviation, nodes, node_deviation = exact_moments(parts)
    assert covers == count  # the walk counts what was published
    problem, probes = problem_of(parts), 1000
    held, widths = 0, []
    for seed in range(1, 51):
        guess = problem.estimate(probes, seed=seed)
        low, high = guess.covers_interval
        held += low <= count <= high
        assert high - guess.covers == pytest.approx(1.96 * guess.covers_error)
        assert guess.nodes_interval[1] - guess.nodes == pytest.approx(1.96 * guess.nodes_error)
        widths.append(guess.covers_error / (deviation / math.sqrt(probes)))
        widths.append(guess.nodes_error / (node_deviation / math.sqrt(probes)))
    assert held >= 45
    widths.sort()
    assert 0.8 < widths[len(widths) // 2] < 1.2
    assert 0.5 < widths[0] and widths[-1] < 2


def test_estimate_is_repeatable_and_refuses_bad_input():
    p = problem_of(queens(8))
    a, b = p.estimate(300, seed=4), p.estimate(300, seed=4)
    assert (a.covers, a.nodes, a.covers_interval) == (b.covers, b.nodes, b.covers_interval)
    assert a.probes == 300 and 0 < a.probes_at_cover < 300
    assert a.covers_interval[0] <= a.covers <= a.covers_interval[1]
    with pytest.raises(dlx.ProblemError):
        p.estimate(0)
    with pytest.raises(dlx.ProblemError):
        dlx.Problem.from_knuth("2|a\na\n").estimate(10)
