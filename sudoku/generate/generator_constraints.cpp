// The constraints the generator places (generator.hpp, GeneratorOptions::constraints): drawn
// on a grid already made, as a setter draws them, each one true of that grid. Thermometers
// along strictly increasing paths, arrows whose digits add up to their circle's, Kropki dots
// and X/V where the relation holds, little-killer diagonals with their sums. The puzzle is then
// the grid's givens dug down to minimal under these rules (generator.cpp), so the constraints
// carry what the givens no longer say.
#include <algorithm>
#include <cassert>
#include <set>
#include <utility>

#include "sudoku/generate/generator.hpp"

namespace sudoku {

namespace {

using Kind = ConstraintKind;

// The cells a king's step away (lines run orthogonally and diagonally, as on f-puzzles).
std::vector<int> king_neighbours(int n, int cell) {
  std::vector<int> out;
  const int r = cell / n, c = cell % n;
  for (int dr = -1; dr <= 1; ++dr) {
    for (int dc = -1; dc <= 1; ++dc) {
      const int r2 = r + dr, c2 = c + dc;
      if ((dr != 0 || dc != 0) && r2 >= 0 && r2 < n && c2 >= 0 && c2 < n)
        out.push_back(r2 * n + c2);
    }
  }
  return out;
}

// The lines drawn so far: their cells (lines never share one) and their steps, so that a
// diagonal step never crosses another line's diagonal step through the same four cells.
class Drawing {
 public:
  explicit Drawing(int n) : n_(n), used_(static_cast<std::size_t>(n * n), 0) {}
  [[nodiscard]] bool used(int cell) const { return used_[static_cast<std::size_t>(cell)] != 0; }
  [[nodiscard]] bool crosses(int a, int b) const {
    const int ra = a / n_, ca = a % n_, rb = b / n_, cb = b % n_;
    if (ra == rb || ca == cb) return false;
    const int x = ra * n_ + cb, y = rb * n_ + ca;
    return steps_.count({std::min(x, y), std::max(x, y)}) != 0;
  }
  // Draws a line through `cells`, in order.
  void draw(const std::vector<int>& cells) {
    for (std::size_t k = 0; k < cells.size(); ++k) {
      used_[static_cast<std::size_t>(cells[k])] = 1;
      if (k > 0)
        steps_.insert({std::min(cells[k - 1], cells[k]), std::max(cells[k - 1], cells[k])});
    }
  }

 private:
  int n_;
  std::vector<char> used_;
  std::set<std::pair<int, int>> steps_;
};

}  // namespace

std::optional<std::vector<ConstraintKind>> parse_made_constraints(std::string_view text) {
  if (text.empty()) return std::nullopt;
  std::vector<bool> on(kConstraintKinds, false);
  const auto set = [&on](Kind kind) { on[static_cast<std::size_t>(kind)] = true; };
  while (true) {
    const auto end = text.find_first_of(",+");
    const std::string_view word = text.substr(0, end);
    if (word == "kropki") {
      set(Kind::difference);
      set(Kind::ratio);
    } else if (word == "thermometer" || word == "arrow" || word == "difference" ||
               word == "ratio" || word == "xv" || word == "little-killer") {
      set(*constraint_kind(word));
    } else {
      return std::nullopt;
    }
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  std::vector<ConstraintKind> kinds;
  for (int k = 0; k < kConstraintKinds; ++k) {
    if (on[static_cast<std::size_t>(k)]) kinds.push_back(static_cast<Kind>(k));
  }
  return kinds;
}

void Generator::place_constraints(const Board& grid, Rules& rules) {
  const int n = grid.size(), n2 = n * n;
  const auto wants = [this](Kind kind) {
    return std::find(options_.constraints.begin(), options_.constraints.end(), kind) !=
           options_.constraints.end();
  };
  const auto pick = [this](const std::vector<int>& cells) {
    return cells[static_cast<std::size_t>(random_.below(cells.size()))];
  };
  Drawing drawing(n);
  std::vector<int> starts, next;

  // Thermometers: from a bulb, each step to a free neighbour with a greater digit, 3 cells and
  // up (to n/2 + 1 on the larger boards). Not every try reaches 3 cells: a few hundred tries.
  if (wants(Kind::thermometer)) {
    const int wanted = std::max(2, n / 2);
    int placed = 0;
    for (int tries = 0; placed < wanted && tries < 200; ++tries) {
      starts.clear();
      for (int cell = 0; cell < n2; ++cell) {
        if (!drawing.used(cell) && grid[cell] <= n - 2) starts.push_back(cell);
      }
      if (starts.empty()) break;
      std::vector<int> line{pick(starts)};
      const int length =
          3 + static_cast<int>(random_.below(static_cast<std::uint64_t>(std::max(1, n / 2 - 1))));
      while (static_cast<int>(line.size()) < length) {
        next.clear();
        for (const int x : king_neighbours(n, line.back())) {
          if (!drawing.used(x) && grid[x] > grid[line.back()] && !drawing.crosses(line.back(), x))
            next.push_back(x);
        }
        if (next.empty()) break;
        line.push_back(pick(next));
      }
      if (line.size() < 3) continue;
      drawing.draw(line);
      rules.constraints.push_back({Kind::thermometer, line, {}, {}});
      ++placed;
    }
  }

  // Arrows: a circle of 3 or more, then a path of two cells or more from it whose digits add
  // up to the circle's.
  if (wants(Kind::arrow)) {
    const int wanted = std::max(2, n / 3);
    int placed = 0;
    for (int tries = 0; placed < wanted && tries < 400; ++tries) {
      starts.clear();
      for (int cell = 0; cell < n2; ++cell) {
        if (!drawing.used(cell) && grid[cell] >= 3) starts.push_back(cell);
      }
      if (starts.empty()) break;
      const int circle = pick(starts);
      std::vector<int> line{circle};
      int sum = 0;
      while (sum < grid[circle]) {
        next.clear();
        for (const int x : king_neighbours(n, line.back())) {
          const int total = sum + grid[x];
          if (drawing.used(x) || std::find(line.begin(), line.end(), x) != line.end() ||
              total > grid[circle] || (line.size() == 1 && total == grid[circle]) ||
              drawing.crosses(line.back(), x)) {
            continue;
          }
          next.push_back(x);
        }
        if (next.empty()) break;
        line.push_back(pick(next));
        sum += grid[line.back()];
      }
      if (sum != grid[circle]) continue;
      drawing.draw(line);
      rules.constraints.push_back({Kind::arrow, {line.begin() + 1, line.end()}, {circle}, {}});
      ++placed;
    }
  }

  // Kropki dots, then X and V, on orthogonal neighbours where the grid has the relation: every
  // one with --negative (the puzzle then says that those are all), else each with even odds.
  // Without --negative a pair keeps to one mark; with it, a pair that both a dot and an X/V
  // must mark (2 and 3: consecutive, adding up to 5) has both.
  const bool white = wants(Kind::difference), black = wants(Kind::ratio), xv = wants(Kind::xv);
  std::vector<char> marked(static_cast<std::size_t>(2 * n2), 0);  // cell * 2 + (down ? 1 : 0)
  const auto each_pair = [n, n2](auto&& visit) {
    for (int a = 0; a < n2; ++a) {
      if (a % n + 1 < n) visit(a, a + 1, static_cast<std::size_t>(2 * a));
      if (a + n < n2) visit(a, a + n, static_cast<std::size_t>(2 * a + 1));
    }
  };
  if (white || black) {
    each_pair([&](int a, int b, std::size_t edge) {
      const int lo = std::min(grid[a], grid[b]), hi = std::max(grid[a], grid[b]);
      const bool consecutive = white && hi - lo == 1, double_ = black && hi == 2 * lo;
      if (!consecutive && !double_) return;
      if (!options_.negative && random_.below(2) == 0) return;
      const bool ratio = double_ && (!consecutive || random_.below(2) == 0);
      rules.constraints.push_back({ratio ? Kind::ratio : Kind::difference, {a, b}, {}, {}});
      marked[edge] = 1;
    });
    rules.nonconsecutive = rules.nonconsecutive || (options_.negative && white);
    rules.negative_ratio = rules.negative_ratio || (options_.negative && black);
  }
  if (xv) {
    each_pair([&](int a, int b, std::size_t edge) {
      const int sum = grid[a] + grid[b];
      // X needs a board whose digits reach 10 in two cells (f-puzzles' XV: 5 and 10 only).
      if (sum != 5 && !(sum == 10 && 2 * n - 1 >= 10)) return;
      if (!options_.negative && (marked[edge] != 0 || random_.below(2) == 0)) return;
      rules.constraints.push_back({Kind::xv, {a, b}, {}, {sum}});
    });
    rules.negative_xv = rules.negative_xv || options_.negative;
  }

  // Little killers: diagonals from a clue outside the board to its far edge, two cells up to
  // two thirds of the side, each diagonal once (not again from its other end), their sums from
  // the grid. A long diagonal's sum has thousands of fillings and says little, and slows the
  // proofs of uniqueness on the cover (9x9, --seed 5, three puzzles: 47 s with diagonals up to 9
  // cells, 32 s up to 6; one puzzle of the three takes most of it). A sum whose fillings are too
  // many for the cover is passed over all the same.
  if (wants(Kind::little_killer)) {
    const int longest = std::max(3, 2 * n / 3);
    std::vector<std::vector<int>> diagonals;
    for (int cell = 0; cell < n2; ++cell) {
      const int r = cell / n, c = cell % n;
      for (const int dr : {1, -1}) {
        for (const int dc : {1, -1}) {
          const int pr = r - dr, pc = c - dc;
          if (pr >= 0 && pr < n && pc >= 0 && pc < n) continue;  // not first from outside
          std::vector<int> cells;
          for (int rr = r, cc = c; rr >= 0 && rr < n && cc >= 0 && cc < n; rr += dr, cc += dc)
            cells.push_back(rr * n + cc);
          if (cells.size() >= 2 && static_cast<int>(cells.size()) <= longest)
            diagonals.push_back(std::move(cells));
        }
      }
    }
    random_.shuffle(diagonals);
    std::set<std::vector<int>> taken;
    const int wanted = std::max(2, n / 3);
    int placed = 0;
    for (const auto& cells : diagonals) {
      if (placed == wanted) break;
      std::vector<int> sorted = cells;
      std::sort(sorted.begin(), sorted.end());
      if (!taken.insert(sorted).second) continue;
      int sum = 0;
      for (const int x : cells) sum += grid[x];
      Rules with = rules;
      with.constraints.push_back({Kind::little_killer, cells, {}, {sum}});
      // A diagonal whose fillings the cover cannot list is left out: the generator's proofs
      // and enumerations may go through the rules' cover (RulesCover throws on it).
      if (rules_problem(grid.geometry(), with) || RuleUnits(grid.geometry(), with).too_many)
        continue;
      rules = std::move(with);
      ++placed;
    }
  }
  assert(!check_solution(Board(grid.geometry()), rules, grid));
}

}  // namespace sudoku
