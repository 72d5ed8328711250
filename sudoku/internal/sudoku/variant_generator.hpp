// Variant puzzles made to order: a random grid that obeys the variant, then givens taken away
// while the solution stays unique (count to 2 on Solver), until none can go: unique and
// minimal puzzles.
//
//     sudoku::VariantGenerator generator({.variant = *sudoku::parse_variant("killer"), .seed = 7});
//     sudoku::GeneratedVariant made = *generator.next();   // made.rules.cages, made.puzzle
//
// Jigsaw: a random layout of connected regions, grown from the boxes by swapping two cells
// between neighbouring regions (each keeps N cells and stays connected), a few hundred times.
// Killer: a random layout of connected cages of 1 to 5 cells over the grid (a cage never
// repeats a digit), their sums from the grid; givens only where the cages leave several
// solutions: a given is added where two solutions differ until one is left, then every given
// that can go goes.
//
// Random grids: the engine's first descent on an empty grid can be very long on some variants
// (anti-knight, jigsaw), so each attempt shuffles the order of the options and stops after a
// node budget; a new shuffle restarts it. The same options and seed give the same puzzles, with
// every compiler and standard library (the draws are Random's, generator.hpp: std::shuffle
// and the standard distributions differ between libstdc++ and libc++, the page's).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <dlx/bitset_solver.hpp>

#include "sudoku/board.hpp"
#include "sudoku/generator.hpp"
#include "sudoku/solver.hpp"
#include "sudoku/variant.hpp"
#include "sudoku/variant_solver.hpp"

namespace sudoku {

struct VariantGeneratorOptions {
  Geometry geometry{};  ///< 9x9 by default; windoku needs 9x9, killer at most 16x16
  VariantName variant;  ///< the rules; jigsaw and killer make their regions and cages
  std::uint64_t seed = 1;
  /// Asked between slices of each uniqueness search and between givens tried; once it says
  /// yes, next() returns nothing and stopped() is true. Empty: never asked.
  std::function<bool()> stop;
};

struct GeneratedVariant {
  Board puzzle;
  Board solution;
  Variant rules;  ///< with the regions and cages made for this puzzle
};

class VariantGenerator {
 public:
  explicit VariantGenerator(const VariantGeneratorOptions& options);

  /// The next puzzle, or nothing if the variant has no grid of this size (error() says why).
  std::optional<GeneratedVariant> next();
  [[nodiscard]] const std::string& error() const { return error_; }
  /// Whether options.stop said yes (then next() returns nothing, its puzzle unfinished).
  [[nodiscard]] bool stopped() const { return stopped_; }

 private:
  std::optional<Board> random_grid(const Variant& rules);
  std::vector<std::uint8_t> random_regions();
  std::vector<Cage> random_cages(const Board& grid);
  bool unique(const Board& puzzle, const Variant& rules, std::vector<int>* differ = nullptr);

  VariantGeneratorOptions options_;
  Random rng_;  // portable draws (generator.hpp): the same puzzles with every standard library
  Solver solver_{Backend::dlx};  // the rules' cover
  dlx::CompactProblem problem_;
  dlx::BitsetSolver bitset_;
  std::unique_ptr<dlx::Solver> links_;
  std::string error_;
  bool stopped_ = false;
  bool stop_asked();  // options_.stop's word, kept once it is yes
};

/// The lines that carry a variant puzzle's rules in the reader's format: "# variant x" for the
/// flags, "# regions ..." for a jigsaw layout, "# cage SUM CELLS" per cage; each ends in '\n'.
std::string variant_lines(const Variant& rules, const Geometry& geometry);

}  // namespace sudoku
