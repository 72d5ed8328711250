// Sudoku variants: names, units, checker and exact cover (see variant.hpp for the encoding).
#include "sudoku/rules.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <span>

#include "sudoku/rules/constraints.hpp"
#include "sudoku/validator.hpp"

namespace sudoku {

namespace {

constexpr int kKnight[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                               {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
constexpr int kKing[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

std::string digit_text(int digit) { return std::string(1, digit_symbol(digit)); }

// The rules without the community's constraints and global rules: what RuleUnits states as
// rows, columns, boxes, diagonals, windows, apart pairs and cages.
Rules without_community(const Rules& rules) {
  Rules base = rules;
  base.nonconsecutive = base.negative_ratio = base.negative_xv = false;
  base.disjoint_groups = base.diagonal_plus = base.diagonal_minus = false;
  base.constraints.clear();
  return base;
}

}  // namespace

std::string Rules::name() const {
  std::vector<std::string> parts;
  if (anti_king) parts.emplace_back("anti-king");
  if (anti_knight) parts.emplace_back("anti-knight");
  if (!regions.empty()) parts.emplace_back("jigsaw");
  if (!cages.empty()) parts.emplace_back("killer");
  if (windows) parts.emplace_back("windoku");
  if (diagonals) parts.emplace_back("x");
  if (nonconsecutive) parts.emplace_back("nonconsecutive");
  if (negative_ratio) parts.emplace_back("negative-ratio");
  if (negative_xv) parts.emplace_back("negative-xv");
  if (disjoint_groups) parts.emplace_back("disjoint-groups");
  if (diagonal_plus) parts.emplace_back("diagonal+");
  if (diagonal_minus) parts.emplace_back("diagonal-");
  // Each kind of constraint once, in the order of the kinds.
  for (int k = 0; k < kConstraintKinds; ++k) {
    const auto kind = static_cast<ConstraintKind>(k);
    for (const Constraint& c : constraints) {
      if (c.kind == kind) {
        parts.emplace_back(constraint_name(kind));
        break;
      }
    }
  }
  if (parts.empty()) return "classic";
  std::string text = parts.front();
  for (std::size_t k = 1; k < parts.size(); ++k) text += "+" + parts[k];
  return text;
}

std::optional<VariantName> parse_variant(std::string_view text) {
  VariantName name;
  if (text.empty()) return std::nullopt;
  while (true) {
    const auto end = text.find_first_of(",+");
    const std::string_view word = text.substr(0, end);
    if (word == "classic") {
    } else if (word == "x") {
      name.rules.diagonals = true;
    } else if (word == "windoku") {
      name.rules.windows = true;
    } else if (word == "anti-knight") {
      name.rules.anti_knight = true;
    } else if (word == "anti-king") {
      name.rules.anti_king = true;
    } else if (word == "jigsaw") {
      name.jigsaw = true;
    } else if (word == "killer") {
      name.killer = true;
    } else {
      return std::nullopt;
    }
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return name;
}

std::optional<std::string> rules_problem(const Geometry& geometry, const Rules& variant) {
  const int n = geometry.size(), n2 = n * n;
  if (variant.windows && !(geometry.box_rows == 3 && geometry.box_cols == 3)) {
    return "windoku needs a 9x9 board with 3x3 boxes";
  }
  if (!variant.regions.empty()) {
    if (variant.regions.size() != static_cast<std::size_t>(n2)) {
      return "the regions are for a board of " + std::to_string(variant.regions.size()) +
             " cells, the puzzle has " + std::to_string(n2);
    }
    std::vector<int> size(static_cast<std::size_t>(n), 0);
    for (const auto r : variant.regions) {
      if (r >= n)
        return "region label " + std::to_string(r + 1) + " is beyond " + std::to_string(n);
      ++size[r];
    }
    for (int r = 0; r < n; ++r) {
      if (size[static_cast<std::size_t>(r)] != n) {
        return "region " + std::to_string(r + 1) + " has " +
               std::to_string(size[static_cast<std::size_t>(r)]) + " cells, not " +
               std::to_string(n);
      }
    }
  }
  if (!variant.cages.empty()) {
    if (n > kMaxKillerSize) {
      return "killer cages are supported up to " + std::to_string(kMaxKillerSize) + "x" +
             std::to_string(kMaxKillerSize);
    }
    std::vector<int> cage_of(static_cast<std::size_t>(n2), -1);
    const int most = n * (n + 1) / 2;
    for (std::size_t k = 0; k < variant.cages.size(); ++k) {
      const Cage& cage = variant.cages[k];
      const std::string which = "cage " + std::to_string(k + 1);
      if (cage.cells.empty()) return which + " has no cells";
      if (cage.cells.size() > static_cast<std::size_t>(n)) {
        return which + " has " + std::to_string(cage.cells.size()) + " cells, more than " +
               std::to_string(n);
      }
      if (cage.sum < 1 || cage.sum > most) {
        return which + ": sum " + std::to_string(cage.sum) + " is outside 1.." +
               std::to_string(most);
      }
      for (const int cell : cage.cells) {
        if (cell < 0 || cell >= n2) return which + ": a cell outside the board";
        auto& owner = cage_of[static_cast<std::size_t>(cell)];
        if (owner >= 0) {
          return which + ": cell " + cell_name(geometry, cell) + " is already in cage " +
                 std::to_string(owner + 1);
        }
        owner = static_cast<int>(k);
      }
    }
  }
  if (variant.community()) {
    if (auto problem = constraints::shape_problem(geometry, variant)) return problem;
  }
  return std::nullopt;
}

RuleUnits::RuleUnits(const Geometry& geometry, const Rules& variant)
    : n(geometry.size()), cages(variant.cages) {
  assert(!rules_problem(geometry, variant));
  const int n2 = n * n;
  const auto add = [this](std::string name) {
    units.emplace_back();
    unit_names.push_back(std::move(name));
    return &units.back();
  };
  for (int r = 0; r < n; ++r) {
    auto* unit = add("row " + std::to_string(r + 1));
    for (int c = 0; c < n; ++c) unit->push_back(r * n + c);
  }
  for (int c = 0; c < n; ++c) {
    auto* unit = add("column " + std::to_string(c + 1));
    for (int r = 0; r < n; ++r) unit->push_back(r * n + c);
  }
  const bool jigsaw = !variant.regions.empty();
  for (int b = 0; b < n; ++b) add((jigsaw ? "region " : "box ") + std::to_string(b + 1));
  for (int cell = 0; cell < n2; ++cell) {
    const int b = jigsaw ? variant.regions[static_cast<std::size_t>(cell)] : geometry.box_of(cell);
    units[static_cast<std::size_t>(2 * n + b)].push_back(cell);
  }
  if (variant.diagonals) {
    auto* main = add("diagonal 1");
    for (int k = 0; k < n; ++k) main->push_back(k * n + k);
    auto* anti = add("diagonal 2");
    for (int k = 0; k < n; ++k) anti->push_back(k * n + (n - 1 - k));
  }
  if (variant.windows) {
    int w = 0;
    for (const int top : {1, 5}) {
      for (const int left : {1, 5}) {
        auto* unit = add("window " + std::to_string(++w));
        for (int r = top; r < top + 3; ++r) {
          for (int c = left; c < left + 3; ++c) unit->push_back(r * n + c);
        }
      }
    }
  }
  if (variant.anti_knight || variant.anti_king) {
    // Pairs that already share a unit differ anyway; only the others need an item.
    std::vector<std::vector<int>> units_of(static_cast<std::size_t>(n2));
    for (std::size_t u = 0; u < units.size(); ++u) {
      for (const int cell : units[u])
        units_of[static_cast<std::size_t>(cell)].push_back(static_cast<int>(u));
    }
    const auto share = [&](int a, int b) {
      for (const int u : units_of[static_cast<std::size_t>(a)]) {
        const auto& other = units_of[static_cast<std::size_t>(b)];
        if (std::find(other.begin(), other.end(), u) != other.end()) return true;
      }
      return false;
    };
    const auto add_moves = [&](std::span<const int[2]> moves) {
      for (int cell = 0; cell < n2; ++cell) {
        const int r = cell / n, c = cell % n;
        for (const auto& m : moves) {
          const int r2 = r + m[0], c2 = c + m[1];
          if (r2 < 0 || r2 >= n || c2 < 0 || c2 >= n) continue;
          const int other = r2 * n + c2;
          if (other <= cell || share(cell, other)) continue;
          const std::pair<int, int> pair{cell, other};
          if (std::find(apart.begin(), apart.end(), pair) == apart.end()) apart.push_back(pair);
        }
      }
    };
    if (variant.anti_knight) add_moves(kKnight);
    if (variant.anti_king) add_moves(kKing);
    std::sort(apart.begin(), apart.end());
  }
  if (variant.community()) {
    too_many = constraints::expand(geometry, variant, *this);
  } else {
    allowed.assign(static_cast<std::size_t>(n2), (std::uint64_t{1} << (n + 1)) - 2);
    first_extra_unit = units.size();
  }
}

namespace {

// Whether `solution` is a filled grid of the classic rules that keeps the givens of `puzzle`,
// in one pass: every row, column and box holds all N digits (N cells, N digits: none twice; a
// blank or a value outside 1..N sets no bit, so its units come out short).
bool accepts_classic(const Board& puzzle, const Board& solution) {
  const Geometry& g = solution.geometry();
  const int n = g.size();
  const auto top = static_cast<unsigned>(n);
  const std::uint64_t every = (std::uint64_t{1} << (n + 1)) - 2;
  std::array<std::uint64_t, Geometry::kMaxSize> cols{}, boxes{};
  std::uint64_t rows_short = 0;
  bool givens_kept = true;
  for (int r = 0, cell = 0; r < n; ++r) {
    std::uint64_t row = 0;
    auto* box = &boxes[static_cast<std::size_t>(r / g.box_rows * g.box_rows)];
    for (int b = 0, c = 0; b < g.box_rows; ++b, ++box) {
      for (int k = 0; k < g.box_cols; ++k, ++c, ++cell) {
        const auto d = static_cast<unsigned>(solution[cell]);
        const int given = puzzle[cell];
        givens_kept &= given == 0 || given == solution[cell];
        const std::uint64_t bit = d <= top ? (std::uint64_t{1} << d) & every : 0;
        row |= bit;
        cols[static_cast<std::size_t>(c)] |= bit;
        *box |= bit;
      }
    }
    rows_short |= row ^ every;
  }
  std::uint64_t short_units = rows_short;
  for (int u = 0; u < n; ++u) {
    short_units |=
        (cols[static_cast<std::size_t>(u)] ^ every) | (boxes[static_cast<std::size_t>(u)] ^ every);
  }
  return givens_kept && short_units == 0;
}

}  // namespace

std::optional<std::string> check_solution(const Board& puzzle, const Rules& variant,
                                          const Board& solution) {
  const Geometry& g = puzzle.geometry();
  if (solution.geometry() != g) return std::string("the solution has another size");
  const int n = g.size();
  // Classic rules, the answer of almost every check: a filled grid with no digit twice in a
  // row, column or box has every digit in each, so the validator's word operations accept it
  // without the named units built below (whose names and vectors cost more than the solve of an
  // easy 9x9 puzzle). Anything else takes the full check, for its message.
  if (variant.classic() && accepts_classic(puzzle, solution)) return std::nullopt;
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    if (solution[cell] < 1 || solution[cell] > n)
      return "cell " + cell_name(g, cell) + " is not filled";
    if (puzzle[cell] != 0 && puzzle[cell] != solution[cell]) {
      return "cell " + cell_name(g, cell) + " does not keep its given " + digit_text(puzzle[cell]);
    }
  }
  const RuleUnits rules(g, without_community(variant));
  for (std::size_t u = 0; u < rules.units.size(); ++u) {
    std::uint64_t seen = 0;
    for (const int cell : rules.units[u]) seen |= std::uint64_t{1} << solution[cell];
    if (seen != ((std::uint64_t{1} << (n + 1)) - 2)) return rules.unit_names[u] + " lacks a digit";
  }
  for (const auto& [a, b] : rules.apart) {
    if (solution[a] == solution[b]) {
      return "cells " + cell_name(g, a) + " and " + cell_name(g, b) + " both hold " +
             digit_text(solution[a]);
    }
  }
  for (std::size_t k = 0; k < rules.cages.size(); ++k) {
    int sum = 0;
    std::uint64_t seen = 0;
    for (const int cell : rules.cages[k].cells) {
      if ((seen >> solution[cell]) & 1) return "cage " + std::to_string(k + 1) + " repeats a digit";
      seen |= std::uint64_t{1} << solution[cell];
      sum += solution[cell];
    }
    if (sum != rules.cages[k].sum) {
      return "cage " + std::to_string(k + 1) + " adds up to " + std::to_string(sum) + ", not " +
             std::to_string(rules.cages[k].sum);
    }
  }
  if (variant.community()) return constraints::breach(g, variant, solution);
  return std::nullopt;
}

namespace {

// The first of the community's constraints the givens break, read from the material of the
// cover (a given its constraint does not allow, two givens banned together, givens no filling
// or digit set of their constraint takes).
std::optional<std::string> community_clash(const Board& puzzle, const RuleUnits& rules) {
  const Geometry& g = puzzle.geometry();
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    const int d = puzzle[cell];
    if (d != 0 && ((rules.allowed[static_cast<std::size_t>(cell)] >> d) & 1) == 0)
      return "digit " + digit_text(d) + " in " + cell_name(g, cell) + ", which its constraint bars";
  }
  for (const Ban& b : rules.bans) {
    if (puzzle[b.a] == b.x && puzzle[b.b] == b.y) {
      return "digits " + digit_text(b.x) + " in " + cell_name(g, b.a) + " and " + digit_text(b.y) +
             " in " + cell_name(g, b.b) + ", which a constraint bars together";
    }
  }
  for (const Fillings& f : rules.fillings) {
    bool some = false;
    for (std::size_t k = 0; k < f.count() && !some; ++k) {
      some = true;
      for (std::size_t i = 0; i < f.cells.size() && some; ++i) {
        const int d = puzzle[f.cells[i]];
        some = d == 0 || d == f.digits[k * f.cells.size() + i];
      }
    }
    if (!some) return "the givens of " + f.name + " break it";
  }
  for (const SetFillings& f : rules.set_fillings) {
    bool some = false;
    for (std::size_t k = 0; k < f.count() && !some; ++k) {
      some = true;
      for (std::size_t i = 0; i < f.cells.size() && some; ++i) {
        const int d = puzzle[f.cells[i]];
        some = d == 0 || ((f.masks[k * f.cells.size() + i] >> d) & 1) != 0;
      }
    }
    if (!some) return "the givens of " + f.name + " break it";
  }
  for (const DigitSets& s : rules.digit_sets) {
    std::uint64_t seen = 0;
    bool twice = false;
    for (const int cell : s.cells) {
      const int d = puzzle[cell];
      if (d == 0) continue;
      twice = twice || ((seen >> d) & 1) != 0;
      seen |= std::uint64_t{1} << d;
    }
    const bool fits = std::any_of(s.sets.begin(), s.sets.end(),
                                  [seen](std::uint64_t set) { return (seen & ~set) == 0; });
    if (twice || !fits) return "the givens of " + s.name + " break it";
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> rules_clash(const Board& puzzle, const Rules& variant) {
  const Geometry& g = puzzle.geometry();
  const RuleUnits rules(g, variant);
  for (std::size_t u = 0; u < rules.units.size(); ++u) {
    std::vector<int> where(static_cast<std::size_t>(rules.n + 1), -1);
    for (const int cell : rules.units[u]) {
      const int d = puzzle[cell];
      if (d == 0) continue;
      if (where[static_cast<std::size_t>(d)] >= 0) {
        return "digit " + digit_text(d) + " twice in " + rules.unit_names[u] + " (" +
               cell_name(g, where[static_cast<std::size_t>(d)]) + " and " + cell_name(g, cell) +
               ")";
      }
      where[static_cast<std::size_t>(d)] = cell;
    }
  }
  for (const auto& [a, b] : rules.apart) {
    if (puzzle[a] != 0 && puzzle[a] == puzzle[b]) {
      return "digit " + digit_text(puzzle[a]) + " in " + cell_name(g, a) + " and " +
             cell_name(g, b) + ", cells the variant keeps apart";
    }
  }
  for (std::size_t k = 0; k < rules.cages.size(); ++k) {
    const Cage& cage = rules.cages[k];
    int sum = 0, blanks = 0;
    std::uint64_t seen = 0;
    for (const int cell : cage.cells) {
      const int d = puzzle[cell];
      if (d == 0) {
        ++blanks;
        continue;
      }
      if ((seen >> d) & 1)
        return "digit " + digit_text(d) + " twice in cage " + std::to_string(k + 1);
      seen |= std::uint64_t{1} << d;
      sum += d;
    }
    if (sum > cage.sum || (blanks == 0 && sum != cage.sum)) {
      return "the givens of cage " + std::to_string(k + 1) + " add up to " + std::to_string(sum) +
             (blanks == 0 ? ", not " : ", more than ") + std::to_string(cage.sum);
    }
  }
  if (variant.community()) return community_clash(puzzle, rules);
  return std::nullopt;
}

}  // namespace sudoku
