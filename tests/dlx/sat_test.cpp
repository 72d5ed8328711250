// The clause-learning path (dlx::SatSolver, CaDiCaL) against independent facts: covers counted
// by hand on problems built for one part of the encoding each (long "exactly one" lists, ranges,
// colours, an empty cover), then hundreds of seeded random problems with colours and ranges,
// where every cover listed is checked by the checker of xcc_checkers.hpp, none comes twice, and
// their number is the engine's count (and brute force's, on the smaller ones); "no cover"
// answers are the engine's 0.
#include <catch2/catch.hpp>

#include <atomic>
#include <set>
#include <string>
#include <vector>

#include "dlx/sat.hpp"
#include "dlx/solver.hpp"
#include "xcc_checkers.hpp"

namespace {

using xcc_test::Cover;

// Every cover the SAT path lists, each checked and none twice; `complete` must be reached.
std::set<Cover> sat_listing(const dlx::Problem& problem) {
  dlx::SatSolver solver(problem);
  std::set<Cover> covers;
  while (solver.next()) {
    const auto cover = solver.cover();
    const std::string fault = xcc_test::check_cover(problem, cover);
    INFO("cover fault: " << fault);
    CHECK(fault.empty());
    CHECK(std::is_sorted(cover.begin(), cover.end()));
    CHECK(covers.insert(Cover(cover.begin(), cover.end())).second);
  }
  CHECK(solver.exhausted());
  CHECK_FALSE(solver.stopped());
  CHECK(solver.found() == covers.size());
  return covers;
}

// n options that each hold only the primary item p of range [lo, hi].
dlx::Problem one_item(std::size_t n, std::uint32_t lo, std::uint32_t hi) {
  dlx::Problem problem;
  const dlx::ItemId p = problem.add_primary("p", lo, hi);
  for (std::size_t k = 0; k < n; ++k) problem.add_option({p});
  return problem;
}

std::uint64_t binomial(std::uint64_t n, std::uint64_t k) {
  std::uint64_t result = 1;
  for (std::uint64_t i = 1; i <= k; ++i) result = result * (n - k + i) / i;
  return result;
}

}  // namespace

TEST_CASE("SAT: one item over many options, each range counted by binomials", "[dlx][sat]") {
  // Exactly one of n: n covers, pairwise below 7 options and the sequential ladder above.
  for (std::size_t n : {1u, 2u, 6u, 7u, 30u}) {
    INFO("n " << n);
    CHECK(sat_listing(one_item(n, 1, 1)).size() == n);
    CHECK(sat_listing(one_item(n, 0, 1)).size() == n + 1);  // the empty cover too
  }
  // [lo, hi] of n options: the subsets of lo to hi of them (the sequential counter).
  const struct {
    std::size_t n;
    std::uint32_t lo, hi;
  } ranges[] = {{8, 2, 3}, {8, 0, 2}, {9, 3, 3}, {5, 2, 9}, {10, 4, 6}, {6, 0, 6}, {12, 1, 2}};
  for (const auto& range : ranges) {
    INFO("[" << range.lo << ", " << range.hi << "] of " << range.n);
    std::uint64_t expected = 0;
    for (std::uint64_t k = range.lo; k <= std::min<std::uint64_t>(range.hi, range.n); ++k)
      expected += binomial(range.n, k);
    CHECK(sat_listing(one_item(range.n, range.lo, range.hi)).size() == expected);
  }
  // More than the options can give: no cover, proved.
  const dlx::SatResult none = dlx::sat_covers(one_item(2, 3, 3));
  CHECK(none.covers.empty());
  CHECK(none.complete);
}

TEST_CASE("SAT: a secondary item shared by one colour, or used once without", "[dlx][sat]") {
  // Primaries a..f of range [0, 1], each in one option; the options use s as: red, red, blue,
  // (no colour), blue, green. The sets of users s allows: none, {1}, {2}, {1,2}, {3}, {5},
  // {3,5}, {4}, {6}: 9 covers. An option without s, on g (exactly once), doubles nothing.
  dlx::Problem problem;
  for (const char* name : {"a", "b", "c", "d", "e", "f"}) problem.add_primary(name, 0, 1);
  problem.add_primary("g");
  problem.add_secondary("s");
  for (const auto& option : std::vector<std::vector<std::string_view>>{{"a", "s:red"},
                                                                       {"b", "s:red"},
                                                                       {"c", "s:blue"},
                                                                       {"d", "s"},
                                                                       {"e", "s:blue"},
                                                                       {"f", "s:green"},
                                                                       {"g"}}) {
    problem.add_option(option);
  }
  CHECK(sat_listing(problem).size() == 9);
  // Eight queens: 92 (the rows and columns exactly once, the diagonals at most once).
  dlx::Problem queens;
  for (int i = 0; i < 8; ++i) {
    queens.add_primary("r" + std::to_string(i));
    queens.add_primary("c" + std::to_string(i));
  }
  for (int d = 0; d < 15; ++d) {
    queens.add_secondary("a" + std::to_string(d));
    queens.add_secondary("b" + std::to_string(d));
  }
  for (int i = 0; i < 8; ++i) {
    for (int j = 0; j < 8; ++j) {
      const std::string names[] = {"r" + std::to_string(i), "c" + std::to_string(j),
                                   "a" + std::to_string(i + j), "b" + std::to_string(i - j + 7)};
      const std::vector<std::string_view> option(std::begin(names), std::end(names));
      queens.add_option(option);
    }
  }
  CHECK(sat_listing(queens).size() == 92);
}

TEST_CASE("SAT: the empty problem has one cover, the empty one", "[dlx][sat]") {
  const dlx::SatResult result = dlx::sat_covers(dlx::Problem{}, 5);
  REQUIRE(result.covers.size() == 1);
  CHECK(result.covers[0].empty());
  CHECK(result.complete);
}

TEST_CASE("SAT: a limit, and a stop flag already set", "[dlx][sat]") {
  const dlx::Problem problem = one_item(10, 1, 1);
  const dlx::SatResult two = dlx::sat_covers(problem, 2);
  CHECK(two.covers.size() == 2);
  CHECK_FALSE(two.complete);
  CHECK_THROWS_AS(dlx::sat_covers(problem, 0), dlx::ProblemError);

  std::atomic<bool> stop{true};
  dlx::SatSolver solver(problem);
  CHECK_FALSE(solver.next(&stop));
  CHECK(solver.stopped());
  CHECK_FALSE(solver.exhausted());
  stop = false;  // and it goes on
  CHECK(solver.next(&stop));
  CHECK(solver.cover().size() == 1);
}

TEST_CASE("SAT: random problems with colours and ranges, against the engine and brute force",
          "[dlx][sat]") {
  std::size_t none = 0, covers = 0, problems = 0;
  for (std::uint32_t seed = 1; seed <= 450; ++seed) {
    INFO("seed " << seed);
    // Three kinds, in turn: small ones with ranges (brute force lists them too), wider ones
    // whose items hold up to a dozen options or more (the ladders and counters of the
    // encoding), and tight ones without ranges, more items than options can cover, mostly
    // without a cover.
    const std::uint32_t kind = seed % 3;
    const bool small = kind == 0;
    xcc_test::Shape shape{.primaries = (kind == 2 ? 4 : 2) + static_cast<int>(seed % 4),
                          .secondaries = static_cast<int>(seed % 4),
                          .options = (kind == 1 ? 14 : 5) + static_cast<int>(seed % 9),
                          .colours = static_cast<int>(seed % 4),
                          .ranges = kind != 2};
    if (shape.secondaries == 0) shape.colours = 0;
    const dlx::Problem problem = xcc_test::random_problem(seed + 70000, shape);
    const std::set<Cover> listed = sat_listing(problem);
    dlx::Solver engine(problem);
    const std::uint64_t count = engine.count();
    CHECK(listed.size() == count);
    if (small) CHECK(listed == xcc_test::brute_force_covers(problem));
    // Asking for one cover: one, or a proof that there is none.
    const dlx::SatResult first = dlx::sat_covers(problem, 1);
    CHECK(first.covers.size() == (count == 0 ? 0u : 1u));
    CHECK(first.complete == (count == 0));
    if (count > 0) CHECK(listed.count(first.covers[0]) == 1);
    // A limit above the count lists them all and says they are all.
    const dlx::SatResult all = dlx::sat_covers(problem, count + 1);
    CHECK(all.covers.size() == count);
    CHECK(all.complete);
    none += count == 0 ? 1 : 0;
    covers += count;
    ++problems;
  }
  // The sample has both answers in number.
  CHECK(none >= 60);
  CHECK(problems - none >= 300);
  CHECK(covers >= 20000);
}
