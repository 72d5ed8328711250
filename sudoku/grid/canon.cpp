// Minlex search (canon.hpp): branch and bound over column arrangements, then rows.
//
// Invariants of the search: best_[0, best_len_) is the least string found so far, cut to the
// prefix still known to be least (a branch that beats it at row i keeps rows 0..i and drops the
// rest, which its own completion then writes). Every branch being explored has a relabelled
// prefix equal to best_'s first i rows when it descends to row i; a candidate row greater than
// best_'s row i is pruned, a smaller one overwrites it. Positions at or past best_len_ count as
// +infinity, so the first branch to reach them always wins.
//
// The column arrangement is fixed stack by stack (stack order, then the order inside), and
// after each stack the first result row's prefix is bounded: the first row is one of the nine
// rows, and a row's relabelled prefix depends on nothing but its own cells, so when no row's
// prefix reaches best_'s, no arrangement of this branch can. Each full column arrangement then
// goes to the row search.
#include "sudoku/grid/canon.hpp"

#include <cassert>
#include <cstdint>
#include <cstring>

namespace sudoku {

namespace {

constexpr int kPerms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

class Minlexer {
 public:
  explicit Minlexer(const Board& board) {
    for (int r = 0; r < 9; ++r) {
      for (int c = 0; c < 9; ++c) {
        const auto digit = static_cast<std::uint8_t>(board.at(r, c));
        source_[0][r][c] = digit;
        source_[1][c][r] = digit;
      }
    }
  }

  std::string run() {
    for (int t = 0; t < 2; ++t) {
      const auto& grid = source_[t];
      for (const auto& stacks : kPerms) {
        for (const auto& p0 : kPerms) {
          for (int k = 0; k < 3; ++k) cols_[k] = stacks[0] * 3 + p0[k];
          if (!prefix_may_reach(grid, 3)) continue;
          for (const auto& p1 : kPerms) {
            for (int k = 0; k < 3; ++k) cols_[3 + k] = stacks[1] * 3 + p1[k];
            if (!prefix_may_reach(grid, 6)) continue;
            for (const auto& p2 : kPerms) {
              for (int k = 0; k < 3; ++k) cols_[6 + k] = stacks[2] * 3 + p2[k];
              grid_ = &grid;
              Labels labels{};
              search_rows(0, 0, -1, 0, labels, 1);
            }
          }
        }
      }
    }
    assert(best_len_ == 81);
    std::string text(81, '0');
    for (int i = 0; i < 81; ++i)
      text[static_cast<std::size_t>(i)] = static_cast<char>('0' + best_[i]);
    return text;
  }

 private:
  using Grid = std::uint8_t[9][9];
  using Labels = std::array<std::uint8_t, 10>;  // digit -> label, 0 while unseen

  // Relabels the source row `cells` (under cols_) into `row`, comparing it with best_'s row
  // `level` as it goes: >0 (stopped early, `row` incomplete) when greater, <0 when less or past
  // the known prefix, 0 when equal. `labels` and `next` are updated for the cells written.
  int relabel_row(const std::uint8_t* cells, int level, Labels& labels, std::uint8_t& next,
                  std::uint8_t* row) const {
    const int base = level * 9;
    int verdict = base >= best_len_ ? -1 : 0;
    for (int k = 0; k < 9; ++k) {
      std::uint8_t value = cells[cols_[k]];
      if (value != 0) {
        if (labels[value] == 0) labels[value] = next++;
        value = labels[value];
      }
      row[k] = value;
      if (verdict == 0 && value != best_[base + k]) {
        if (value > best_[base + k]) return 1;
        verdict = -1;
      }
    }
    return verdict;
  }

  // Whether some row's first `width` cells under cols_[0, width), relabelled on their own, are
  // not greater than best_'s first `width` characters.
  bool prefix_may_reach(const Grid& grid, int width) const {
    if (best_len_ == 0) return true;
    for (int r = 0; r < 9; ++r) {
      Labels labels{};
      std::uint8_t next = 1;
      int verdict = 0;
      for (int k = 0; k < width && verdict == 0; ++k) {
        if (k >= best_len_) {
          verdict = -1;
          break;
        }
        std::uint8_t value = grid[r][cols_[k]];
        if (value != 0) {
          if (labels[value] == 0) labels[value] = next++;
          value = labels[value];
        }
        if (value != best_[k]) verdict = value < best_[k] ? -1 : 1;
      }
      if (verdict <= 0) return true;
    }
    return false;
  }

  // Fills result row `level`: a new band's first row when level % 3 == 0 (bands_used: bit per
  // source band), else another row of `band` (rows_used: bit per row of it).
  void search_rows(int level, int bands_used, int band, int rows_used, const Labels& labels,
                   std::uint8_t next) {
    if (level == 9) return;
    const bool new_band = level % 3 == 0;
    for (int b = 0; b < 3; ++b) {
      if (new_band ? (bands_used >> b & 1) != 0 : b != band) continue;
      for (int i = 0; i < 3; ++i) {
        if (!new_band && (rows_used >> i & 1) != 0) continue;
        Labels row_labels = labels;
        std::uint8_t row_next = next;
        std::uint8_t row[9];
        const int verdict = relabel_row((*grid_)[b * 3 + i], level, row_labels, row_next, row);
        if (verdict > 0) continue;
        if (verdict < 0) {
          std::memcpy(best_ + level * 9, row, 9);
          best_len_ = level * 9 + 9;
        }
        if (new_band) {
          search_rows(level + 1, bands_used | 1 << b, b, 1 << i, row_labels, row_next);
        } else {
          search_rows(level + 1, bands_used, band, rows_used | 1 << i, row_labels, row_next);
        }
      }
    }
  }

  std::uint8_t source_[2][9][9]{};  // the board, and its transpose
  const Grid* grid_ = nullptr;      // the current transposition (source_[0] or [1])
  int cols_[9]{};                   // the current column arrangement
  std::uint8_t best_[81]{};
  int best_len_ = 0;
};

}  // namespace

std::string minlex(const Board& puzzle) {
  assert(puzzle.geometry() == (Geometry{3, 3}));
  return Minlexer(puzzle).run();
}

Board rearrange(const Board& board, const Arrangement& arrangement) {
  Board result(board.geometry());
  for (int r = 0; r < 9; ++r) {
    for (int c = 0; c < 9; ++c) {
      const int sr = arrangement.rows[static_cast<std::size_t>(r)];
      const int sc = arrangement.cols[static_cast<std::size_t>(c)];
      result.set(r, c, arrangement.transpose ? board.at(sc, sr) : board.at(sr, sc));
    }
  }
  return result;
}

std::string relabelled_line(const Board& board) {
  std::array<int, 36> labels{};
  int next = 1;
  std::string text;
  for (int cell = 0; cell < board.cell_count(); ++cell) {
    int value = board[cell];
    if (value != 0) {
      if (labels[static_cast<std::size_t>(value)] == 0)
        labels[static_cast<std::size_t>(value)] = next++;
      value = labels[static_cast<std::size_t>(value)];
    }
    text.push_back(value == 0 ? '0' : digit_symbol(value));
  }
  return text;
}

std::vector<Arrangement> x_arrangements() {
  // Row orders p that commute with m(i) = 8 - i (canon.hpp): the top band's rows go, in any
  // order, to the top band (outer = 0) or the bottom one (outer = 2); the bottom band's follow
  // as their mirror images; row 4 stays and rows 3 and 5 stay or swap. Columns: p or m p.
  std::vector<Arrangement> arrangements;
  for (const bool transpose : {false, true}) {
    for (const int outer : {0, 2}) {
      for (const auto& order : kPerms) {
        for (const bool swap_middle : {false, true}) {
          std::array<int, 9> p{};
          for (int i = 0; i < 3; ++i) {
            p[static_cast<std::size_t>(i)] = outer * 3 + order[i];
            p[static_cast<std::size_t>(8 - i)] = 8 - p[static_cast<std::size_t>(i)];
          }
          p[3] = swap_middle ? 5 : 3;
          p[4] = 4;
          p[5] = swap_middle ? 3 : 5;
          for (const bool mirrored : {false, true}) {
            Arrangement a;
            a.transpose = transpose;
            a.rows = p;
            for (int c = 0; c < 9; ++c) {
              const int q = p[static_cast<std::size_t>(c)];
              a.cols[static_cast<std::size_t>(c)] = mirrored ? 8 - q : q;
            }
            arrangements.push_back(a);
          }
        }
      }
    }
  }
  return arrangements;
}

std::string x_minlex(const Board& puzzle) {
  assert(puzzle.geometry() == (Geometry{3, 3}));
  // 96 arrangements of 81 cells: no search needed.
  static const std::vector<Arrangement> arrangements = x_arrangements();
  std::string best;
  for (const Arrangement& a : arrangements) {
    std::string line = relabelled_line(rearrange(puzzle, a));
    if (best.empty() || line < best) best = std::move(line);
  }
  return best;
}

std::optional<std::string> canon_problem(const Geometry& geometry, const Rules& rules) {
  Rules diagonals;
  diagonals.diagonals = true;
  if (!rules.classic() && rules != diagonals) {
    return "canon: the symmetries of " + rules.name() +
           " puzzles are not known; canon takes classic and x";
  }
  if (!(geometry == Geometry{3, 3})) {
    return "canon takes ordinary 9x9 puzzles" +
           std::string(rules.classic() ? "" : " (classic and x)");
  }
  return std::nullopt;
}

std::string canonical_form(const Board& puzzle, const Rules& rules) {
  return rules.diagonals ? x_minlex(puzzle) : minlex(puzzle);
}

}  // namespace sudoku
