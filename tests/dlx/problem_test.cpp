// Building a Problem validates it: every malformed item or option is refused with a
// ProblemError that names it, and a refused call leaves the problem as it was.
#include <catch2/catch.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "dlx/problem.hpp"

namespace {

dlx::Problem small() {
  dlx::Problem problem;
  problem.add_primary("a");
  problem.add_primary("b");
  problem.add_secondary("x");
  return problem;
}

}  // namespace

TEST_CASE("A problem refuses bad item names", "[dlx]") {
  dlx::Problem problem = small();
  CHECK_THROWS_WITH(problem.add_primary("a"), Catch::Contains("'a'") && Catch::Contains("twice"));
  CHECK_THROWS_WITH(problem.add_secondary("x"), Catch::Contains("'x'") && Catch::Contains("twice"));
  CHECK_THROWS_AS(problem.add_primary(""), dlx::ProblemError);
  CHECK_THROWS_AS(problem.add_primary("a b"), dlx::ProblemError);
  CHECK_THROWS_AS(problem.add_primary("tab\there"), dlx::ProblemError);
  CHECK(problem.item_count() == 3);
  CHECK(problem.primary_count() == 2);
}

TEST_CASE("A problem refuses bad options", "[dlx]") {
  dlx::Problem problem = small();
  const auto a = *problem.find_item("a");
  const auto x = *problem.find_item("x");
  SECTION("unknown item") {
    CHECK_THROWS_WITH(problem.add_option({"a", "zz"}), Catch::Contains("unknown item 'zz'"));
    CHECK_THROWS_AS(problem.add_option({a, dlx::ItemId{7}}), dlx::ProblemError);
    CHECK_THROWS_AS(problem.add_option({a, dlx::ItemId{-1}}), dlx::ProblemError);
  }
  SECTION("item repeated") {
    CHECK_THROWS_WITH(problem.add_option({"a", "x", "a"}),
                      Catch::Contains("'a'") && Catch::Contains("twice"));
    CHECK_THROWS_AS(problem.add_option({a, a}), dlx::ProblemError);
  }
  SECTION("empty option") {
    CHECK_THROWS_WITH(problem.add_option(std::vector<dlx::ItemId>{}), Catch::Contains("empty"));
  }
  SECTION("no primary item") {
    CHECK_THROWS_WITH(problem.add_option({x}), Catch::Contains("no primary item"));
  }
  CHECK(problem.option_count() == 0);
  CHECK(problem.entry_count() == 0);
  // The problem is still usable after a refusal.
  CHECK(problem.add_option({"a", "x"}) == 0);
  CHECK(problem.add_option({"b"}) == 1);
  CHECK(problem.entry_count() == 3);
}
