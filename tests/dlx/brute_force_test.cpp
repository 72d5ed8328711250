// The solver against a brute-force enumerator on many small random problems (seeded, so a
// failure can be replayed): the set of covers must be exactly the same, with no cover twice,
// with and without committed options, and the links must be as built afterwards.
#include <catch2/catch.hpp>

#include <set>
#include <sstream>

#include "checkers.hpp"
#include "dlx/detail/solver.hpp"  // links_of, use_choice_tree
#include "dlx/knuth_format.hpp"
#include "dlx/solver.hpp"

namespace {

using dlx_test::Cover;

// Every cover the solver yields from its current state, each checked; fails on a repeat.
std::set<Cover> solver_covers(dlx::Solver& solver, const dlx::Problem& problem) {
  std::set<Cover> covers;
  for (auto cover : solver.solutions()) {
    INFO("cover fault: " << dlx_test::check_cover(problem, cover));
    CHECK(dlx_test::check_cover(problem, cover).empty());
    CHECK(covers.insert(dlx_test::sorted(cover)).second);
  }
  return covers;
}

std::set<Cover> containing(const std::set<Cover>& covers,
                           std::initializer_list<dlx::OptionId> options) {
  std::set<Cover> result;
  for (const Cover& cover : covers) {
    bool all = true;
    for (dlx::OptionId option : options) {
      all = all && std::binary_search(cover.begin(), cover.end(), option);
    }
    if (all) result.insert(cover);
  }
  return result;
}

bool clash(const dlx::Problem& problem, dlx::OptionId a, dlx::OptionId b) {
  for (dlx::ItemId x : problem.option(a)) {
    for (dlx::ItemId y : problem.option(b)) {
      if (x == y) return true;
    }
  }
  return false;
}

}  // namespace

TEST_CASE("Random small problems have exactly the covers that brute force finds", "[dlx]") {
  std::size_t total_covers = 0, problems_with_covers = 0;
  for (std::uint32_t seed = 1; seed <= 300; ++seed) {
    INFO("seed " << seed);
    const dlx::Problem problem =
        dlx_test::random_problem(seed, seed % 2 ? 8 : 5, seed % 3 ? 14 : 10);
    const auto expected = dlx_test::brute_force_covers(problem);
    dlx::Solver solver(problem);
    const auto found = solver_covers(solver, problem);
    REQUIRE(found == expected);
    CHECK(solver.stats().solutions == expected.size());
    CHECK(solver.exhausted());
    CHECK(solver.check_invariants().empty());
    CHECK(dlx::detail::links_of(solver) ==
          dlx::detail::Links(problem));  // the search leaves every link as built

    solver.reset();
    CHECK(solver.count() == expected.size());
    total_covers += expected.size();
    problems_with_covers += expected.empty() ? 0 : 1;
  }
  // The generator must produce problems worth checking.
  CHECK(problems_with_covers >= 60);
  CHECK(total_covers >= 200);
}

TEST_CASE("Committed options restrict the covers to those that contain them", "[dlx]") {
  std::size_t clashes = 0, feasible_pairs = 0;
  for (std::uint32_t seed = 1000; seed < 1150; ++seed) {
    INFO("seed " << seed);
    const dlx::Problem problem = dlx_test::random_problem(seed, 6, 12);
    const auto all = dlx_test::brute_force_covers(problem);
    const auto m = static_cast<dlx::OptionId>(problem.option_count());
    dlx::Solver solver(problem);
    std::mt19937 random(seed);
    const auto a = static_cast<dlx::OptionId>(random() % static_cast<std::uint32_t>(m));
    const auto b = static_cast<dlx::OptionId>(random() % static_cast<std::uint32_t>(m));

    REQUIRE(solver.commit(a));
    CHECK(solver_covers(solver, problem) == containing(all, {a}));
    CHECK(solver.check_invariants().empty());

    solver.rewind();  // same commitment, same answer
    CHECK(solver.count() == containing(all, {a}).size());

    solver.reset();
    CHECK(dlx::detail::links_of(solver) == dlx::detail::Links(problem));
    if (a == b || clash(problem, a, b)) {
      ++clashes;
      CHECK(solver.commit(a));
      CHECK_FALSE(solver.commit(b));
      CHECK_FALSE(solver.next());
      CHECK(solver.count() == 0);
    } else {
      ++feasible_pairs;
      CHECK(solver.commit(a));
      CHECK(solver.commit(b));
      CHECK(solver_covers(solver, problem) == containing(all, {a, b}));
    }
    solver.reset();
    CHECK(dlx::detail::links_of(solver) == dlx::detail::Links(problem));
    CHECK(solver_covers(solver, problem) == all);
  }
  CHECK(clashes > 10);
  CHECK(feasible_pairs > 10);
}

TEST_CASE("Random problems survive a round trip through Knuth's format", "[dlx]") {
  for (std::uint32_t seed = 2000; seed < 2100; ++seed) {
    INFO("seed " << seed);
    const dlx::Problem problem = dlx_test::random_problem(seed);
    std::ostringstream text;
    dlx::write_knuth(text, problem);
    const auto read = dlx::read_knuth(text.str(), "random.dlx");
    const dlx::Problem& copy = read.problem;
    // Item ids may be renumbered (primary items are written first), names and options not.
    REQUIRE(copy.item_count() == problem.item_count());
    REQUIRE(copy.primary_count() == problem.primary_count());
    REQUIRE(copy.option_count() == problem.option_count());
    for (dlx::ItemId item = 0; item < static_cast<dlx::ItemId>(problem.item_count()); ++item) {
      const auto twin = copy.find_item(problem.item_name(item));
      REQUIRE(twin);
      CHECK(copy.item_kind(*twin) == problem.item_kind(item));
    }
    for (dlx::OptionId option = 0; option < static_cast<dlx::OptionId>(problem.option_count());
         ++option) {
      const auto items = problem.option(option);
      const auto twin_items = copy.option(option);
      REQUIRE(items.size() == twin_items.size());
      for (std::size_t k = 0; k < items.size(); ++k) {
        CHECK(copy.item_name(twin_items[k]) == problem.item_name(items[k]));
      }
    }
    dlx::Solver original(problem), twin(copy);
    CHECK(solver_covers(twin, copy) == solver_covers(original, problem));
  }
}
