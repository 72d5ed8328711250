// The Reader's pencil-mark forms (reader.hpp, pencil_marks.hpp): the 729-character line and the
// grid of candidate groups.
//
// A grid row of pencil marks is a line of exactly nine groups (runs of symbols with no blank or
// decoration between them), each group the candidates of one cell. A line starts such a grid
// when every group is digits 1-9 in increasing order, no blank among them, and some group holds
// more than one digit; that keeps out every ordinary form: a grid row has one symbol a cell, and
// a puzzle line written row by row (nine groups of nine) holds blanks or repeats a digit out of
// order. Inside the grid the rows after the first may hold their digits in any order (a repeat
// is an error) and may be all singles. An ordinary 9x9 grid whose first rows are all singles
// becomes a pencil-mark grid at its first row of groups. These forms are 9x9; with another
// --box or "# box" shape, the line of N*N*N places is read instead (below).
#include <bit>

#include "sudoku/grid/candidates.hpp"
#include "sudoku/grid/pencil_marks.hpp"
#include "sudoku/reader.hpp"
#include "sudoku/validator.hpp"

namespace sudoku {

namespace {

constexpr std::size_t kSukakuLength = 729;

}  // namespace

ReadError Reader::pencil_cut_short(const std::string& how) {
  ReadError e =
      error(1, "pencil-mark grid cut short: " + how + " after " + std::to_string(pencil_rows_) +
                   " of 9 rows (the grid starts on line " + std::to_string(pencil_line_) + ")");
  pencil_.clear();
  pencil_rows_ = 0;
  return e;
}

std::optional<ReadEntry> Reader::on_pencil_cells(bool& handled) {
  handled = false;
  if (fixed_ && !(*fixed_ == Geometry{3, 3})) {
    // With a --box or "# box" shape other than 3x3, the line of N*N*N places, N a cell, what
    // `sudoku candidates` writes for that shape. Only there: without the shape, N*N*N cells
    // are a puzzle line of side N*sqrt(N) (64 cells: 8x8), and the grid form stays 9x9.
    const Geometry g = *fixed_;
    const auto n = static_cast<std::size_t>(g.size());
    if (cells_.size() != n * n * n || !pencil_.empty() || block_) return std::nullopt;
    handled = true;
    std::vector<std::uint64_t> marks(n * n, 0);
    for (std::size_t k = 0; k < cells_.size(); ++k) {
      const int digit = cells_[k].digit;
      if (digit == 0) continue;
      if (digit != static_cast<int>(k % n) + 1) {
        return error(cells_[k].column,
                     "a pencil-mark line of N*N*N characters holds, at place k of each cell's N, "
                     "the digit k or a blank ('.' or '0'): place " +
                         std::to_string(k % n + 1) + " of " +
                         cell_name(g, static_cast<int>(k / n)) + " holds '" +
                         std::string(1, line_[cells_[k].column - 1]) + "'");
      }
      marks[k / n] |= digit_bit(digit);
    }
    return Puzzle{singles_board(g, marks), line_no_, std::move(marks), {}, {}};
  }
  const Geometry g{3, 3};

  if (cells_.size() == kSukakuLength && pencil_.empty() && !block_) {
    std::size_t bad = kSukakuLength;
    for (std::size_t k = 0; k < kSukakuLength && bad == kSukakuLength; ++k) {
      const int digit = cells_[k].digit;
      if (digit != 0 && digit != static_cast<int>(k % 9) + 1) bad = k;
    }
    // Without --box, a line whose every cell keeps a candidate: a 27x27 puzzle with a given in
    // each run of nine, each at its run's place, is not worth a second look.
    bool every_cell = true;
    for (std::size_t cell = 0; cell < 81 && every_cell; ++cell) {
      bool any = false;
      for (std::size_t k = 0; k < 9; ++k) any = any || cells_[cell * 9 + k].digit != 0;
      every_cell = any;
    }
    if (bad == kSukakuLength && (every_cell || fixed_)) {
      handled = true;
      std::vector<std::uint64_t> marks(81, 0);
      for (std::size_t k = 0; k < kSukakuLength; ++k) {
        if (cells_[k].digit != 0) marks[k / 9] |= digit_bit(cells_[k].digit);
      }
      return Puzzle{singles_board(g, marks), line_no_, std::move(marks), {}, {}};
    }
    if (!fixed_) return std::nullopt;  // 729 cells of a 27x27 puzzle
    handled = true;
    const auto cell = static_cast<int>(bad / 9);
    return error(cells_[bad].column,
                 "a 729-character pencil-mark line holds, at place k of each cell's nine, the "
                 "digit k or a blank ('.' or '0'): place " +
                     std::to_string(bad % 9 + 1) + " of " + cell_name(g, cell) + " holds '" +
                     std::string(1, line_[cells_[bad].column - 1]) + "'");
  }

  // One run of adjacent cells (a puzzle line, the common case) is no row of a pencil-mark grid,
  // which has nine runs: the loop below would say so, after building its list.
  if (pencil_.empty() && !cells_.empty() &&
      cells_.back().column - cells_.front().column + 1 == cells_.size()) {
    if (pencil_rows_ < 0) pencil_rows_ = 0;
    return std::nullopt;
  }
  // The line's groups: [first cell, end) of runs of adjacent cells.
  std::vector<std::pair<std::size_t, std::size_t>> groups;
  for (std::size_t k = 0; k < cells_.size(); ++k) {
    if (k == 0 || cells_[k].column != cells_[k - 1].column + 1) groups.emplace_back(k, k);
    groups.back().second = k + 1;
    if (groups.size() > 9) break;
  }
  const bool nine_groups = groups.size() == 9;

  if (pencil_rows_ < 0) {  // the rest of a broken pencil-mark grid
    if (nine_groups) {
      handled = true;
      return std::nullopt;
    }
    pencil_rows_ = 0;
  }
  if (pencil_.empty()) {
    if (!nine_groups) return std::nullopt;
    bool wide = false;
    for (const auto& [first, end] : groups) {
      wide = wide || end - first > 1;
      for (std::size_t k = first; k < end; ++k) {
        const int digit = cells_[k].digit;
        if (digit == 0 || digit > 9 || (k > first && digit <= cells_[k - 1].digit))
          return std::nullopt;
      }
    }
    if (!wide) return std::nullopt;
    if (block_ && block_->size() != 9) return std::nullopt;  // the other grid reports it
    pencil_.assign(81, 0);
    if (block_) {  // an ordinary grid so far, its rows all singles: they become pencil marks
      for (int cell = 0; cell < 9 * block_rows_; ++cell) {
        const int digit = (*block_)[cell];
        pencil_[static_cast<std::size_t>(cell)] = digit == 0 ? all_digits(9) : digit_bit(digit);
      }
      pencil_rows_ = block_rows_;
      pencil_line_ = block_line_;
      block_.reset();
    } else {
      pencil_rows_ = 0;
      pencil_line_ = line_no_;
    }
  }
  handled = true;
  const auto fail = [this](std::size_t column, const std::string& message) -> ReadEntry {
    pencil_.clear();
    pencil_rows_ = -1;
    return error(column, message);
  };
  const std::string at =
      " (the pencil-mark grid starts on line " + std::to_string(pencil_line_) + ")";
  if (!nine_groups) {
    const std::size_t column = groups.size() > 9 ? cells_[groups[9].first].column
                                                 : (cells_.empty() ? 1 : cells_.back().column + 1);
    return fail(column, "pencil-mark row " + std::to_string(pencil_rows_ + 1) + " has " +
                            (groups.size() > 9 ? "more than 9" : std::to_string(groups.size())) +
                            " cells, expected 9 groups of candidates" + at);
  }
  for (std::size_t c = 0; c < 9; ++c) {
    std::uint64_t mask = 0;
    const int cell = pencil_rows_ * 9 + static_cast<int>(c);
    for (std::size_t k = groups[c].first; k < groups[c].second; ++k) {
      const int digit = cells_[k].digit;
      const std::string symbol(1, line_[cells_[k].column - 1]);
      if (digit == 0 || digit > 9) {
        return fail(cells_[k].column, "'" + symbol + "' in the candidates of " +
                                          cell_name(g, cell) +
                                          ": a pencil-mark cell lists its candidates, 1-9" + at);
      }
      if ((mask & digit_bit(digit)) != 0) {
        return fail(cells_[k].column,
                    "digit " + symbol + " twice in the candidates of " + cell_name(g, cell) + at);
      }
      mask |= digit_bit(digit);
    }
    pencil_[static_cast<std::size_t>(cell)] = mask;
  }
  if (++pencil_rows_ < 9) return std::nullopt;
  std::vector<std::uint64_t> marks = std::move(pencil_);
  pencil_.clear();
  pencil_rows_ = 0;
  return Puzzle{singles_board(g, marks), pencil_line_, std::move(marks), {}, {}};
}

}  // namespace sudoku
