// A puzzle typed on the command line instead of a file name: `sudoku solve 53..7....6..195...`.
//
// An argument is read as a puzzle only when no file of that name exists and it looks like one:
// nothing but cell symbols (1-9, A-Z in any case, '.' or '0'), at least 16 of them (the 4x4
// board), and either only digits and dots or exactly N*N symbols. A name such as
// "puzzles.txt" that does not exist stays a file name, and gets the usual "cannot open" with a
// reminder that a puzzle could be given there too. A puzzle argument of the wrong length is
// still a puzzle: the reader says how many cells it has and how many the size wants.
#pragma once

#include <filesystem>
#include <string_view>

namespace cli {

/// Whether `argument` (not "-") should be read as a puzzle rather than a file name.
inline bool is_puzzle_argument(std::string_view argument) {
  if (argument.size() < 16 || argument.size() > 35 * 35) return false;
  bool digits_and_dots = true;
  for (const char c : argument) {
    const bool digit = c >= '0' && c <= '9';
    const bool letter = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
    if (!digit && !letter && c != '.') return false;
    digits_and_dots = digits_and_dots && !letter;
  }
  std::size_t side = 4;
  while (side * side < argument.size()) ++side;
  if (!digits_and_dots && side * side != argument.size()) return false;
  std::error_code error;
  return !std::filesystem::exists(std::filesystem::path(argument), error);
}

}  // namespace cli
