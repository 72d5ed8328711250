// Fuzz target: count and enumerate the covers of whatever Knuth's reader accepts, the search
// bounded by the engine's node limit (a search that reaches it "gave up", which is allowed).
//
// Properties: every cover found is a cover (checked here from the definition of exact cover
// with Knuth's colours and multiplicities: fuzz::colored_cover_problem); count(2)
// agrees with an enumeration of up to 2 distinct covers; a complete count agrees with a brute
// force over every subset of options when there are few, and with a count resumed across
// pauses; the bitset engine finds the same covers in the same order and the same count where
// it takes the problem; reset() restores the links exactly (Solver::check_invariants) and the
// same count.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <dlx/bitset_solver.hpp>
#include <dlx/knuth_format.hpp>
#include <dlx/solver.hpp>

#include "fuzz_support.hpp"

namespace {

constexpr std::uint64_t kNodeLimit = 20000;
constexpr std::size_t kMaxBruteForceOptions = 12;

struct Plain {  // the problem as plain vectors, for the checkers
  std::vector<std::vector<std::int32_t>> options;
  std::vector<std::vector<std::int32_t>> colors;  // parallel to options; 0: none
  std::vector<bool> primary;
  std::vector<std::uint32_t> lo, hi;
};

Plain plain(const dlx::Problem& problem) {
  Plain p;
  for (std::size_t i = 0; i < problem.item_count(); ++i) {
    const auto item = static_cast<dlx::ItemId>(i);
    p.primary.push_back(problem.is_primary(item));
    p.lo.push_back(problem.multiplicity(item).lo);
    p.hi.push_back(problem.multiplicity(item).hi);
  }
  for (std::size_t k = 0; k < problem.option_count(); ++k) {
    const auto items = problem.option(static_cast<dlx::OptionId>(k));
    const auto colors = problem.option_colors(static_cast<dlx::OptionId>(k));
    p.options.emplace_back(items.begin(), items.end());
    p.colors.emplace_back(colors.begin(), colors.end());
  }
  return p;
}

std::string cover_problem(std::span<const std::int32_t> cover, const Plain& p) {
  return fuzz::colored_cover_problem(cover, p.options, p.colors, p.primary, p.lo, p.hi);
}

// Covers among all 2^options subsets: each set of options once, as Knuth's DLX2 and DLX3 count.
std::uint64_t brute_force(const Plain& p) {
  std::uint64_t covers = 0;
  const std::uint32_t subsets = 1u << p.options.size();
  std::vector<std::int32_t> chosen;
  for (std::uint32_t set = 0; set < subsets; ++set) {
    chosen.clear();
    for (std::size_t k = 0; k < p.options.size(); ++k) {
      if (set & (1u << k)) chosen.push_back(static_cast<std::int32_t>(k));
    }
    if (cover_problem(chosen, p).empty()) ++covers;
  }
  return covers;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::optional<dlx::KnuthProblem> input;
  try {
    input = dlx::read_knuth(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz");
  } catch (const dlx::ParseError&) {
    return 0;  // the reader's errors are fuzz_knuth_reader's business
  }
  const dlx::Problem& problem = input->problem;
  const Plain p = plain(problem);

  dlx::Solver counter(problem);
  counter.set_node_limit(kNodeLimit);
  const std::uint64_t count2 = counter.count(2);
  const bool gave_up = counter.paused();
  FUZZ_CHECK(count2 <= 2, std::to_string(count2));

  dlx::Solver lister(problem);
  lister.set_node_limit(kNodeLimit);
  std::set<std::vector<std::int32_t>> covers;
  while (covers.size() < 2 && lister.next()) {
    std::vector<std::int32_t> cover(lister.cover().begin(), lister.cover().end());
    const std::string why = cover_problem(cover, p);
    FUZZ_CHECK(why.empty(), why);
    std::sort(cover.begin(), cover.end());
    FUZZ_CHECK(covers.insert(cover).second, "a cover twice");
  }
  if (gave_up || lister.paused()) return 0;
  FUZZ_CHECK(covers.size() == count2, "count(2) " + std::to_string(count2) + ", enumerated " +
                                          std::to_string(covers.size()));

  // A complete count, in slices of the node limit: pausing must not lose or repeat covers.
  dlx::Solver full(problem);
  std::uint64_t total = 0;
  std::uint64_t slices = 0;
  do {
    full.set_node_limit(full.stats().nodes + 1 + (size % 5));
    total += full.count();
  } while (full.paused() && ++slices < 4 * kNodeLimit);
  if (full.paused()) return 0;
  if (count2 < 2)
    FUZZ_CHECK(total == count2, std::to_string(total) + " vs " + std::to_string(count2));
  if (count2 == 2) FUZZ_CHECK(total >= 2, std::to_string(total));

  if (p.options.size() <= kMaxBruteForceOptions) {
    const std::uint64_t expected = brute_force(p);
    FUZZ_CHECK(total == expected,
               "counted " + std::to_string(total) + ", brute force " + std::to_string(expected));
  }

  // The bitset engine (dlx --engine bitset), where it takes the problem: the same covers in the
  // same order, and the same complete count.
  if (dlx::BitsetSolver::fits(problem)) {
    dlx::BitsetSolver bits;
    bits.assign(problem);
    dlx::Solver links(problem);
    for (int k = 0; k < 3; ++k) {
      const bool on_links = links.next(), on_bits = bits.next();
      FUZZ_CHECK(on_links == on_bits, "links and bit sets disagree on whether a cover is next");
      if (!on_links) break;
      FUZZ_CHECK(std::equal(links.cover().begin(), links.cover().end(), bits.cover().begin(),
                            bits.cover().end()),
                 "links and bit sets found different covers");
    }
    bits.rewind();
    const std::uint64_t on_bits = bits.count();
    FUZZ_CHECK(on_bits == total,
               "bit sets counted " + std::to_string(on_bits) + ", links " + std::to_string(total));
  }

  full.reset();
  const std::string broken = full.check_invariants();
  FUZZ_CHECK(broken.empty(), "after reset: " + broken);
  full.set_node_limit(dlx::Solver::kNoLimit);
  full.clear_stats();
  FUZZ_CHECK(full.count(2) == count2, "after reset the count differs");
  return 0;
}
