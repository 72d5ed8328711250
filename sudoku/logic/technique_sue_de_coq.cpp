// Sue de Coq, as HoDoKu defines it (the basic pattern and its extension with extra digits).
//
// Take I, two or more unsolved cells where a line (row or column) crosses a box, holding the
// digits V with |V| >= |I| + 2. Take R, cells of the line outside the box, and B, cells of the
// box outside the line, each sharing a digit with V, with no digit in both R and B, such that
// the three sets hold exactly as many digits as cells: |V u VR u VB| = |I| + |R| + |B|.
// I u R lie in the line and I u B in the box, so a digit of VR appears at most once in the
// three sets (it is not in B, and the line repeats nothing), a digit of VB likewise, and a digit
// of V outside both only in I: each of the |I| + |R| + |B| digits appears at most once in as
// many cells, so exactly once. Hence the digits of (V u VR) \ VB, which lie in I u R, leave the
// rest of the line, and those of (V u VB) \ VR leave the rest of the box.
#include <bit>
#include <vector>

#include "sudoku/logic/set_techniques.hpp"

namespace sudoku::detail {

namespace {

/// The most cells R or B may hold: enough for every 9x9 pattern, bounded for big boards.
constexpr int kMaxSideCells = 5;

/// Calls `visit(chosen, digits)` for every non-empty subset of `cells` of at most `max_size`
/// cells whose digits avoid `avoid`, in lexicographic order; stops when `visit` returns true.
template <typename Visit>
bool for_each_set(const Position& p, const std::vector<int>& cells, std::uint64_t avoid,
                  int max_size, Visit&& visit) {
  std::vector<int> chosen;
  auto recurse = [&](auto&& self, std::size_t start, std::uint64_t digits) -> bool {
    for (std::size_t i = start; i < cells.size(); ++i) {
      const std::uint64_t c = p.candidates(cells[i]);
      if ((c & avoid) != 0) continue;
      chosen.push_back(cells[i]);
      if (visit(chosen, digits | c)) return true;
      if (static_cast<int>(chosen.size()) < max_size && self(self, i + 1, digits | c)) return true;
      chosen.pop_back();
    }
    return false;
  };
  return recurse(recurse, 0, 0);
}

bool contains(const std::vector<int>& v, int x) {
  for (int y : v) {
    if (y == x) return true;
  }
  return false;
}

/// The Sue de Coq on intersection cells `inter` (digits `v`) of `line` and `box`, if one
/// eliminates something.
std::optional<Step> try_intersection(Position& p, int line, int box, const std::vector<int>& inter,
                                     std::uint64_t v) {
  const Layout& L = p.layout();
  const int n_plus = std::popcount(v) - static_cast<int>(inter.size());
  std::vector<int> line_rest, box_rest;  // unsolved cells outside the intersection
  for (int c : L.unit_cells[static_cast<std::size_t>(line)]) {
    if (p.value(c) == 0 && L.cell_units[static_cast<std::size_t>(c)][2] != box)
      line_rest.push_back(c);
  }
  const int kind = line < p.size() ? 0 : 1;
  for (int c : L.unit_cells[static_cast<std::size_t>(box)]) {
    if (p.value(c) == 0 &&
        L.cell_units[static_cast<std::size_t>(c)][static_cast<std::size_t>(kind)] != line) {
      box_rest.push_back(c);
    }
  }
  std::optional<Step> found;
  for_each_set(p, line_rest, 0, kMaxSideCells, [&](const std::vector<int>& r, std::uint64_t vr) {
    // R must share a digit with V, and leave V's surplus partly to B: it covers
    // |R| - |VR \ V| of it (at least one), B the rest.
    const int r_cover = static_cast<int>(r.size()) - std::popcount(vr & ~v);
    if ((vr & v) == 0 || r_cover < 1 || r_cover >= n_plus) return false;
    return for_each_set(p, box_rest, vr, kMaxSideCells,
                        [&](const std::vector<int>& b, std::uint64_t vb) {
                          const int b_cover = static_cast<int>(b.size()) - std::popcount(vb & ~v);
                          if ((vb & v) == 0 || r_cover + b_cover != n_plus) return false;
                          Step step;
                          step.technique = Technique::sue_de_coq;
                          const std::uint64_t line_digits = (v | vr) & ~vb;
                          const std::uint64_t box_digits = (v | vb) & ~vr;
                          for (int c : L.unit_cells[static_cast<std::size_t>(line)]) {
                            if (p.value(c) == 0 && !contains(inter, c) && !contains(r, c)) {
                              eliminate_noting(p, step, c, line_digits);
                            }
                          }
                          for (int c : L.unit_cells[static_cast<std::size_t>(box)]) {
                            if (p.value(c) == 0 && !contains(inter, c) && !contains(b, c)) {
                              eliminate_noting(p, step, c, box_digits);
                            }
                          }
                          if (step.eliminated.empty()) return false;
                          step.units = {L.unit(line), L.unit(box)};
                          step.sets = {{"intersection", inter, v}, {"line", r, vr}, {"box", b, vb}};
                          for (const auto& s : step.sets)
                            step.cells.insert(step.cells.end(), s.cells.begin(), s.cells.end());
                          step.digits = v | vr | vb;
                          found = std::move(step);
                          return true;
                        });
  });
  return found;
}

}  // namespace

std::optional<Step> sue_de_coq(Position& p) {
  const Layout& L = p.layout();
  const int n = p.size();
  // Rows, then columns; for each, the boxes it crosses from left to right (top to bottom).
  for (int line = 0; line < 2 * n; ++line) {
    std::vector<int> boxes;
    for (int c : L.unit_cells[static_cast<std::size_t>(line)]) {
      const int box = L.cell_units[static_cast<std::size_t>(c)][2];
      if (!contains(boxes, box)) boxes.push_back(box);
    }
    for (int box : boxes) {
      std::vector<int> cells;  // unsolved cells of the intersection
      for (int c : L.unit_cells[static_cast<std::size_t>(line)]) {
        if (p.value(c) == 0 && L.cell_units[static_cast<std::size_t>(c)][2] == box)
          cells.push_back(c);
      }
      if (cells.size() < 2) continue;
      // Every subset of two or more cells with at least two more digits than cells.
      const unsigned subsets = 1U << cells.size();
      for (unsigned m = 1; m < subsets; ++m) {
        if (std::popcount(m) < 2) continue;
        std::vector<int> inter;
        std::uint64_t v = 0;
        for (std::size_t i = 0; i < cells.size(); ++i) {
          if ((m >> i) & 1U) {
            inter.push_back(cells[i]);
            v |= p.candidates(cells[i]);
          }
        }
        if (std::popcount(v) < static_cast<int>(inter.size()) + 2) continue;
        if (auto step = try_intersection(p, line, box, inter, v)) {
          return step;
        }
      }
    }
  }
  return std::nullopt;
}

}  // namespace sudoku::detail
