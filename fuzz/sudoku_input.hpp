// How the Sudoku targets read their input: the text itself, and optionally a forced geometry.
//
// A last byte from 0xC0 up never ends UTF-8 text, so it is taken as a geometry byte and removed:
// v = byte - 0xC0 gives boxes of 1 + v/8 rows by 1 + v%8 columns (when the side is at most 35).
// Any other input is read with the size detected, so the files of data/sudoku are seeds as is.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include <sudoku/board.hpp>

namespace fuzz {

struct SudokuInput {
  std::string_view text;
  std::optional<sudoku::Geometry> geometry;
};

inline SudokuInput split_sudoku_input(const std::uint8_t* data, std::size_t size) {
  SudokuInput input{std::string_view(reinterpret_cast<const char*>(data), size), std::nullopt};
  if (size > 0 && data[size - 1] >= 0xC0) {
    const int v = data[size - 1] - 0xC0;
    const sudoku::Geometry g{1 + v / 8, 1 + v % 8};
    if (g.valid()) input.geometry = g;
    input.text.remove_suffix(1);
  }
  return input;
}

}  // namespace fuzz
