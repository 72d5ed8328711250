// The README's ten-line example, compiled and checked, so that the documentation cannot rot.
#include <catch2/catch.hpp>

#include <sstream>

#include "dlx/solver.hpp"

namespace {
// Body of the README's main(), with std::cout replaced by a stream we can read back.
void readme_example(std::ostream& out) {
  dlx::Problem problem;  // Knuth's example from TAOCP 7.2.2.1
  for (auto item : {"a", "b", "c", "d", "e", "f", "g"}) problem.add_primary(item);
  problem.add_option({"c", "e"});      problem.add_option({"a", "d", "g"});
  problem.add_option({"b", "c", "f"}); problem.add_option({"a", "d", "f"});
  problem.add_option({"b", "g"});      problem.add_option({"d", "e", "g"});
  dlx::Solver solver(problem);
  for (auto cover : solver.solutions())  // lazily: each cover as a list of option ids
    for (dlx::OptionId option : cover) out << option << ' ';  // prints "3 4 0 "
}
}  // namespace

TEST_CASE("The README's example prints Knuth's one cover: options 3, 4 and 0", "[dlx]") {
  std::ostringstream out;
  readme_example(out);
  // {a d f} is option 3, {b g} option 4, {c e} option 0 (TAOCP's answer).
  CHECK(out.str() == "3 4 0 ");
}
