// Finned and sashimi fish. k base lines (rows, then columns) hold a digit only in k cover
// lines of the other kind, except for fins: places in other cover lines, all in one box. Either
// a fin holds the digit, and then no other cell of the fin's box does, or none does and the
// fish is a plain one, clearing the cover lines outside the base lines. Cells of the cover
// lines inside the fin's box (off the base lines) lose the digit in both cases.
// A fish is sashimi when, without its fins, some base line would keep at most one place: the
// fins stand in for a missing corner (HoDoKu's distinction; the logic is the same).
#include <algorithm>
#include <bit>
#include <vector>

#include "patterns.hpp"

namespace sudoku::detail {

namespace {

bool sashimi_kind(Technique t) {
  return t == Technique::sashimi_x_wing || t == Technique::sashimi_swordfish ||
         t == Technique::sashimi_jellyfish;
}

}  // namespace

std::optional<Step> finned_fish(Position& p, int k, Technique t) {
  const Geometry& g = p.geometry();
  const Layout& layout = p.layout();
  const int n = p.size();
  const bool want_sashimi = sashimi_kind(t);
  for (int orientation = 0; orientation < 2; ++orientation) {
    const bool rows = orientation == 0;
    const int base0 = rows ? 0 : n;
    const int cover0 = rows ? n : 0;
    // Cover lines per box (the fins' lines must all fall in one band of them).
    const int band = rows ? g.box_cols : g.box_rows;
    const int base_band = rows ? g.box_rows : g.box_cols;  // base lines per box
    auto cell_at = [&](int base, int cover) { return rows ? base * n + cover : cover * n + base; };
    for (int d = 1; d <= n; ++d) {
      std::vector<int> lines;
      std::vector<std::uint64_t> masks;
      for (int line = 0; line < n; ++line) {
        const std::uint64_t w = p.places(base0 + line, d);
        if (w != 0) {
          lines.push_back(line);
          masks.push_back(w);
        }
      }
      std::optional<Step> found;
      for_each_subset_within(
          masks, k, k + band, [&](const std::vector<int>& chosen, std::uint64_t all) {
            const int extra = std::popcount(all) - k;
            if (extra <= 0) return false;  // a plain fish (or fewer lines): fish() handles it
            for (int b = 0; b * band < n; ++b) {
              const std::uint64_t in_band = ((std::uint64_t{1} << band) - 1) << (b * band);
              const std::uint64_t candidates = all & in_band;
              // The fin lines: `extra` of this band's lines; the cover lines are the rest.
              for (std::uint64_t fins = candidates; fins != 0; fins = (fins - 1) & candidates) {
                if (std::popcount(fins) != extra) continue;
                const std::uint64_t covers = all & ~fins;
                // Checked on the masks first (this runs for every base and fin choice): the kind,
                // then the fins' box (their base lines in one band of boxes).
                bool sashimi = false;
                int fin_band = -1;
                bool one_box = true;
                for (int i : chosen) {
                  const std::uint64_t w = masks[static_cast<std::size_t>(i)];
                  sashimi = sashimi || std::popcount(w & covers) <= 1;
                  if ((w & fins) == 0) continue;
                  const int line_band = lines[static_cast<std::size_t>(i)] / base_band;
                  one_box = one_box && (fin_band < 0 || fin_band == line_band);
                  fin_band = line_band;
                }
                if (sashimi != want_sashimi || !one_box) continue;
                const int stacks = n / g.box_cols;  // boxes per band of rows
                const int box = 2 * n + (rows ? fin_band * stacks + b : b * stacks + fin_band);
                Step step;
                step.technique = t;
                for (int c : layout.unit_cells[static_cast<std::size_t>(box)]) {
                  const int base = rows ? c / n : c % n;
                  const int cover = rows ? c % n : c / n;
                  if (((covers >> cover) & 1) == 0) continue;
                  const bool in_base = std::any_of(chosen.begin(), chosen.end(), [&](int i) {
                    return lines[static_cast<std::size_t>(i)] == base;
                  });
                  if (!in_base) eliminate_noting(p, step, c, digit_bit(d));
                }
                if (step.eliminated.empty()) continue;
                std::vector<int> fin_cells, body;
                for (int i : chosen) {
                  const int line = lines[static_cast<std::size_t>(i)];
                  for (std::uint64_t m = masks[static_cast<std::size_t>(i)]; m != 0; m &= m - 1) {
                    const int pos = std::countr_zero(m);
                    ((fins >> pos) & 1 ? fin_cells : body).push_back(cell_at(line, pos));
                  }
                }
                for (int i : chosen)
                  step.units.push_back(layout.unit(base0 + lines[static_cast<std::size_t>(i)]));
                for (std::uint64_t m = covers; m != 0; m &= m - 1) {
                  step.units.push_back(layout.unit(cover0 + std::countr_zero(m)));
                }
                step.units.push_back(layout.unit(box));
                std::sort(body.begin(), body.end());
                std::sort(fin_cells.begin(), fin_cells.end());
                step.cells = body;
                step.cells.insert(step.cells.end(), fin_cells.begin(), fin_cells.end());
                step.digits = digit_bit(d);
                found = std::move(step);
                return true;
              }
            }
            return false;
          });
      if (found) return found;
    }
  }
  return std::nullopt;
}

}  // namespace sudoku::detail
