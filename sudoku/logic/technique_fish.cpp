// The fish. X-wing (k = 2), swordfish (3), jellyfish (4): k base lines (rows, then columns)
// where a digit's places fall in exactly k cover lines of the other kind. Each cover line must
// take the digit in one of the base lines, so the digit leaves the rest of the cover lines.
//
// Finned and sashimi fish. k base lines hold a digit only in k cover lines of the other kind,
// except for fins: places in other cover lines, all in one box. Either a fin holds the digit,
// and then no other cell of the fin's box does, or none does and the fish is a plain one,
// clearing the cover lines outside the base lines. Cells of the cover lines inside the fin's box
// (off the base lines) lose the digit in both cases.
// A fish is sashimi when, without its fins, some base line would keep at most one place: the
// fins stand in for a missing corner (HoDoKu's distinction; the logic is the same).
//
// Both take their base lines from the kernel's fish search (deduction_kernel.hpp), which the
// dynamic chains use for their x-wings.
#include <algorithm>
#include <array>
#include <bit>
#include <vector>

#include "sudoku/logic/patterns.hpp"
#include "sudoku/solve/deduction_kernel.hpp"

namespace sudoku::detail {

namespace {

bool sashimi_kind(Technique t) {
  return t == Technique::sashimi_x_wing || t == Technique::sashimi_swordfish ||
         t == Technique::sashimi_jellyfish;
}

}  // namespace

std::optional<Step> fish(Position& p, int k, Technique t) {
  const int n = p.size();
  for (int orientation = 0; orientation < 2; ++orientation) {
    const bool rows = orientation == 0;
    const int base0 = rows ? 0 : n;
    const int cover0 = rows ? n : 0;
    auto cell_at = [&](int base, int cover) { return rows ? base * n + cover : cover * n + base; };
    for (int d = 1; d <= n; ++d) {
      // Within a row, a cell's position is its column; within a column, its row.
      std::array<std::uint64_t, Geometry::kMaxSize> places{};
      for (int line = 0; line < n; ++line)
        places[static_cast<std::size_t>(line)] = p.places(base0 + line, d);
      std::optional<Step> found;
      for_each_fish(places.data(), n, k, 0, [&](const int* base, std::uint64_t covers) {
        const int* const base_end = base + k;
        Step step;
        step.technique = t;
        for (std::uint64_t m = covers; m != 0; m &= m - 1) {
          const int cover = std::countr_zero(m);
          for (int line = 0; line < n; ++line) {
            if (std::find(base, base_end, line) != base_end) continue;
            eliminate_noting(p, step, cell_at(line, cover), digit_bit(d));
          }
        }
        if (step.eliminated.empty()) return false;
        for (const int* line = base; line != base_end; ++line)
          step.units.push_back(p.layout().unit(base0 + *line));
        for (std::uint64_t m = covers; m != 0; m &= m - 1) {
          step.units.push_back(p.layout().unit(cover0 + std::countr_zero(m)));
        }
        for (const int* line = base; line != base_end; ++line) {
          for (std::uint64_t m = covers; m != 0; m &= m - 1) {
            const int cell = cell_at(*line, std::countr_zero(m));
            if (p.has(cell, d)) step.cells.push_back(cell);
          }
        }
        std::sort(step.cells.begin(), step.cells.end());
        step.digits = digit_bit(d);
        found = std::move(step);
        return true;
      });
      if (found) return found;
    }
  }
  return std::nullopt;
}

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
      std::array<std::uint64_t, Geometry::kMaxSize> places{};
      for (int line = 0; line < n; ++line)
        places[static_cast<std::size_t>(line)] = p.places(base0 + line, d);
      std::optional<Step> found;
      // The base lines with k + 1 to k + band cover lines (k: a plain fish, fish()'s).
      for_each_fish(places.data(), n, k, band, [&](const int* chosen, std::uint64_t all) {
        const int* const chosen_end = chosen + k;
        const int extra = std::popcount(all) - k;
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
            for (const int* line = chosen; line != chosen_end; ++line) {
              const std::uint64_t w = places[static_cast<std::size_t>(*line)];
              sashimi = sashimi || std::popcount(w & covers) <= 1;
              if ((w & fins) == 0) continue;
              const int line_band = *line / base_band;
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
              const bool in_base = std::find(chosen, chosen_end, base) != chosen_end;
              if (!in_base) eliminate_noting(p, step, c, digit_bit(d));
            }
            if (step.eliminated.empty()) continue;
            std::vector<int> fin_cells, body;
            for (const int* line = chosen; line != chosen_end; ++line) {
              for (std::uint64_t m = places[static_cast<std::size_t>(*line)]; m != 0; m &= m - 1) {
                const int pos = std::countr_zero(m);
                ((fins >> pos) & 1 ? fin_cells : body).push_back(cell_at(*line, pos));
              }
            }
            for (const int* line = chosen; line != chosen_end; ++line)
              step.units.push_back(layout.unit(base0 + *line));
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
