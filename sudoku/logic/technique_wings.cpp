// The W-wing: cells a and b, both holding {x,y} alone, that do not see each other, and a
// strong link on x (a unit where x has exactly two places, p and q) with p seeing a and q
// seeing b. If neither a nor b were y, both would be x; then neither p nor q could be x, and
// the unit would lose its x. So a or b is y, and y leaves every cell that sees both.
#include <bit>

#include "sudoku/logic/patterns.hpp"

namespace sudoku::detail {

std::optional<Step> w_wing(Position& p) {
  const Layout& layout = p.layout();
  const int cells = p.board().cell_count();
  for (int a = 0; a < cells; ++a) {
    const std::uint64_t pair = p.candidates(a);
    if (p.value(a) != 0 || std::popcount(pair) != 2) continue;
    for (int b = a + 1; b < cells; ++b) {
      if (p.value(b) != 0 || p.candidates(b) != pair || layout.sees(a, b)) continue;
      for (std::uint64_t xs = pair; xs != 0; xs &= xs - 1) {
        const int x = std::countr_zero(xs);
        const std::uint64_t y = pair & ~digit_bit(x);
        for (int unit = 0; unit < layout.unit_count(); ++unit) {
          const std::uint64_t w = p.places(unit, x);
          if (std::popcount(w) != 2) continue;
          const auto& members = layout.unit_cells[static_cast<std::size_t>(unit)];
          int link_p = members[static_cast<std::size_t>(std::countr_zero(w))];
          int link_q = members[static_cast<std::size_t>(63 - std::countl_zero(w))];
          if (link_p == a || link_p == b || link_q == a || link_q == b) continue;
          if (!(layout.sees(link_p, a) && layout.sees(link_q, b))) std::swap(link_p, link_q);
          if (!(layout.sees(link_p, a) && layout.sees(link_q, b))) continue;
          Step step;
          step.technique = Technique::w_wing;
          for (int c : layout.peers[static_cast<std::size_t>(a)]) {
            if (c != b && p.value(c) == 0 && layout.sees(c, b)) eliminate_noting(p, step, c, y);
          }
          if (step.eliminated.empty()) continue;
          step.units = {layout.unit(unit)};
          step.cells = {a, b, link_p, link_q};
          step.digits = pair;
          return step;
        }
      }
    }
  }
  return std::nullopt;
}

}  // namespace sudoku::detail
