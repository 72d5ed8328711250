// Test helpers for the Sudoku adapter: reading the shipped files, and two brute-force counters
// that share nothing with the engine, the encoding or the validator, so that comparing with them
// can fail for real.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include <sudoku/board.hpp>
#include <sudoku/reader.hpp>

namespace sudoku_test {

inline std::string data_path(const std::string& name) {
  return std::string(DLX_DATA_DIR) + "/sudoku/" + name;
}

/// Every puzzle of a shipped file; errors make the calling test fail through the count.
inline std::vector<sudoku::Puzzle> read_file(const std::string& name,
                                             std::size_t* errors = nullptr) {
  std::ifstream in(data_path(name), std::ios::binary);
  sudoku::Reader reader(in, name);
  std::vector<sudoku::Puzzle> puzzles;
  std::size_t bad = 0;
  while (auto entry = reader.next()) {
    if (auto* p = std::get_if<sudoku::Puzzle>(&*entry)) puzzles.push_back(*p);
    else ++bad;
  }
  if (errors != nullptr) *errors = bad;
  return puzzles;
}

/// data/sudoku/multiple_solutions.txt and the count written above each of its puzzles.
struct CountedPuzzle {
  sudoku::Puzzle puzzle;
  std::uint64_t solutions;
};
inline std::vector<CountedPuzzle> multiple_solutions() {
  const std::vector<std::uint64_t> counts{2, 3, 5, 8, 1158, 72};  // the file's comments
  const auto puzzles = read_file("multiple_solutions.txt");
  std::vector<CountedPuzzle> out;
  for (std::size_t i = 0; i < puzzles.size() && i < counts.size(); ++i)
    out.push_back({puzzles[i], counts[i]});
  if (puzzles.size() != counts.size()) out.clear();  // the file changed: the callers' REQUIRE fails
  return out;
}

/// Counts (up to `limit`) and collects (up to `keep`) the solutions of a board by plain
/// backtracking on bitmasks, always filling the blank cell with the fewest candidates.
class BruteForce {
 public:
  explicit BruteForce(const sudoku::Board& puzzle) : board_(puzzle), n_(puzzle.size()) {
    const auto& g = puzzle.geometry();
    br_ = g.box_rows;
    bc_ = g.box_cols;
    for (int r = 0; r < n_; ++r) {
      for (int c = 0; c < n_; ++c) {
        const int d = puzzle.at(r, c);
        if (d == 0) continue;
        const std::uint64_t bit = std::uint64_t{1} << d;
        if ((rows_[r] | cols_[c] | boxes_[box(r, c)]) & bit) clash_ = true;
        rows_[r] |= bit;
        cols_[c] |= bit;
        boxes_[box(r, c)] |= bit;
      }
    }
  }

  std::uint64_t count(std::uint64_t limit = UINT64_MAX, std::size_t keep = 0) {
    limit_ = limit;
    keep_ = keep;
    found_ = 0;
    if (!clash_) search();
    return found_;
  }
  const std::vector<sudoku::Board>& solutions() const { return solutions_; }

 private:
  int box(int r, int c) const { return (r / br_) * br_ + c / bc_; }

  void search() {
    int best_r = -1, best_c = -1, best_count = 99;
    std::uint64_t best_free = 0;
    const std::uint64_t all = ((std::uint64_t{1} << (n_ + 1)) - 1) & ~std::uint64_t{1};
    for (int r = 0; r < n_; ++r) {
      for (int c = 0; c < n_; ++c) {
        if (board_.at(r, c) != 0) continue;
        const std::uint64_t free = all & ~(rows_[r] | cols_[c] | boxes_[box(r, c)]);
        const int k = std::popcount(free);
        if (k < best_count) best_r = r, best_c = c, best_count = k, best_free = free;
      }
    }
    if (best_r < 0) {
      ++found_;
      if (solutions_.size() < keep_) solutions_.push_back(board_);
      return;
    }
    for (int d = 1; d <= n_ && found_ < limit_; ++d) {
      const std::uint64_t bit = std::uint64_t{1} << d;
      if (!(best_free & bit)) continue;
      const int b = box(best_r, best_c);
      rows_[best_r] |= bit, cols_[best_c] |= bit, boxes_[b] |= bit;
      board_.set(best_r, best_c, d);
      search();
      board_.set(best_r, best_c, 0);
      rows_[best_r] &= ~bit, cols_[best_c] &= ~bit, boxes_[b] &= ~bit;
    }
  }

  sudoku::Board board_;
  int n_, br_ = 1, bc_ = 1;
  std::array<std::uint64_t, 36> rows_{}, cols_{}, boxes_{};
  bool clash_ = false;
  std::uint64_t limit_ = 0, found_ = 0;
  std::size_t keep_ = 0;
  std::vector<sudoku::Board> solutions_;
};

/// Every completed 4x4 grid, found the dumbest way: each row is one of the 24 permutations of
/// 1234, then columns and boxes are checked. Independent of everything else in the project,
/// including Board. Computed once.
inline const std::vector<std::string>& all_4x4_grids() {
  static const std::vector<std::string> grids = [] {
    std::vector<std::string> perms;
    std::string p = "1234";
    do perms.push_back(p);
    while (std::next_permutation(p.begin(), p.end()));
    std::vector<std::string> out;
    auto at = [](const std::string& g, int i) { return g[static_cast<std::size_t>(i)]; };
    for (const auto& a : perms)
      for (const auto& b : perms)
        for (const auto& c : perms)
          for (const auto& d : perms) {
            const std::string g = a + b + c + d;
            bool ok = true;
            for (int col = 0; col < 4 && ok; ++col) {
              std::string s;
              for (int r = 0; r < 4; ++r) s += at(g, r * 4 + col);
              std::sort(s.begin(), s.end());
              ok = s == "1234";
            }
            for (int bx = 0; bx < 4 && ok; ++bx) {
              const int r0 = (bx / 2) * 2, c0 = (bx % 2) * 2;
              std::string s;
              for (int k = 0; k < 4; ++k) s += at(g, (r0 + k / 2) * 4 + c0 + k % 2);
              std::sort(s.begin(), s.end());
              ok = s == "1234";
            }
            if (ok) out.push_back(g);
          }
    return out;
  }();
  return grids;
}

/// The completed 4x4 grids that keep the givens of `puzzle` (16 symbols, '.' for a blank).
inline std::vector<std::string> all_4x4_completions(const std::string& puzzle) {
  std::vector<std::string> out;
  for (const auto& g : all_4x4_grids()) {
    bool ok = true;
    for (std::size_t i = 0; i < 16 && ok; ++i) ok = puzzle[i] == '.' || puzzle[i] == g[i];
    if (ok) out.push_back(g);
  }
  return out;
}

}  // namespace sudoku_test
