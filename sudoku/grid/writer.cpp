// The four text formats. Lines are assembled in a reused string and written in one call each,
// which keeps the stream's per-call overhead off the per-cell path.
#include "sudoku/writer.hpp"

#include <array>
#include <sstream>
#include <utility>

#include "sudoku/grid/fpuzzles.hpp"

namespace sudoku {

std::optional<Format> parse_format(std::string_view name) {
  if (name == "line") return Format::line;
  if (name == "grid") return Format::grid;
  if (name == "compact") return Format::compact;
  if (name == "csv") return Format::csv;
  if (name == "fpuzzles") return Format::fpuzzles;
  return std::nullopt;
}

std::string_view format_name(Format format) {
  switch (format) {
    case Format::line:
      return "line";
    case Format::grid:
      return "grid";
    case Format::compact:
      return "compact";
    case Format::csv:
      return "csv";
    case Format::fpuzzles:
      return "fpuzzles";
  }
  return "line";
}

void write_line(std::ostream& out, const Board& board) {
  // The record of every solve: built on the stack and written at once, rather than through a
  // string of its own and a call per symbol; digit_symbol()'s arithmetic, which the compiler
  // does for many cells at a time.
  std::array<char, Geometry::kMaxSize * Geometry::kMaxSize + 1> text;  // NOLINT: filled below
  const int cells = board.cell_count();
  for (int cell = 0; cell < cells; ++cell) {
    const auto d = static_cast<unsigned char>(board[cell]);
    text[static_cast<std::size_t>(cell)] = static_cast<char>(d == 0   ? '.'
                                                             : d <= 9 ? '0' + d
                                                                      : 'A' + d - 10);
  }
  text[static_cast<std::size_t>(cells)] = '\n';
  out.write(text.data(), static_cast<std::streamsize>(cells + 1));
}

void write_grid(std::ostream& out, const Board& board) {
  const Geometry& g = board.geometry();
  const int n = g.size();
  // Each box is C cells of one symbol and a blank each, plus one blank: "+-------+" for C = 3.
  std::string border = "+";
  for (int b = 0; b < n / g.box_cols; ++b) {
    border.append(static_cast<std::size_t>(2 * g.box_cols + 1), '-');
    border.push_back('+');
  }
  border.push_back('\n');
  std::string text;
  for (int r = 0; r < n; ++r) {
    if (r % g.box_rows == 0) text += border;
    text.push_back('|');
    for (int c = 0; c < n; ++c) {
      text.push_back(' ');
      text.push_back(digit_symbol(board.at(r, c)));
      if (c % g.box_cols == g.box_cols - 1) text += " |";
    }
    text.push_back('\n');
  }
  text += border;
  out << text;
}

void write_compact(std::ostream& out, const Board& board) {
  const int n = board.size();
  const std::string line = board.to_line();
  std::string text;
  text.reserve(line.size() + static_cast<std::size_t>(n));
  for (int r = 0; r < n; ++r) {
    text.append(line, static_cast<std::size_t>(r * n), static_cast<std::size_t>(n));
    text.push_back('\n');
  }
  out << text;
}

void write_board(std::ostream& out, const Board& board, Format format) {
  switch (format) {
    case Format::grid:
      write_grid(out, board);
      break;
    case Format::compact:
      write_compact(out, board);
      break;
    case Format::line:
    case Format::csv:
      write_line(out, board);
      break;
    case Format::fpuzzles:
      out << fpuzzles::link(board, Rules{}) << '\n';
      break;
  }
}

void write_csv_header(std::ostream& out) { out << "puzzle,solution\n"; }

void write_csv_record(std::ostream& out, const Board& puzzle, const Board* solution) {
  std::string text = puzzle.to_line();
  text.push_back(',');
  if (solution != nullptr) text += solution->to_line();
  text.push_back('\n');
  out << text;
}

std::string to_grid(const Board& board) {
  std::ostringstream out;
  write_grid(out, board);
  return out.str();
}

std::string rules_lines(const Rules& rules, const Geometry& geometry) {
  std::string text;
  Rules flags = rules;
  flags.regions.clear();
  flags.cages.clear();
  flags.nonconsecutive = flags.negative_ratio = flags.negative_xv = false;
  flags.disjoint_groups = flags.diagonal_plus = flags.diagonal_minus = false;
  flags.constraints.clear();
  if (!flags.classic()) text += "# variant " + flags.name() + "\n";
  if (!rules.regions.empty()) {
    text += "# regions ";
    for (const auto r : rules.regions) text += digit_symbol(r + 1);
    text += '\n';
  }
  const int n = geometry.size();
  for (const Cage& cage : rules.cages) {
    text += "# cage " + std::to_string(cage.sum);
    for (const int cell : cage.cells) {
      text += " r" + std::to_string(cell / n + 1) + "c" + std::to_string(cell % n + 1);
    }
    text += '\n';
  }
  // The community's global rules and constraints, one line each, as the reader takes them.
  const std::pair<bool, const char*> globals[] = {
      {rules.nonconsecutive, "nonconsecutive"}, {rules.negative_ratio, "negative-ratio"},
      {rules.negative_xv, "negative-xv"},       {rules.disjoint_groups, "disjoint-groups"},
      {rules.diagonal_plus, "diagonal+"},       {rules.diagonal_minus, "diagonal-"}};
  for (const auto& [on, word] : globals) {
    if (on) text += std::string("# ") + word + "\n";
  }
  const auto cell_text = [n](int cell) {
    return " r" + std::to_string(cell / n + 1) + "c" + std::to_string(cell % n + 1);
  };
  for (const Constraint& c : rules.constraints) {
    text += std::string("# ") + constraint_name(c.kind);
    // An arrow's circle comes first, before '='; a clone's copies after it.
    const bool arrow = c.kind == ConstraintKind::arrow;
    for (const int cell : arrow ? c.cells2 : c.cells) text += cell_text(cell);
    if (!c.cells2.empty()) {
      text += " =";
      for (const int cell : arrow ? c.cells : c.cells2) text += cell_text(cell);
    }
    for (const int v : c.values) text += " " + std::to_string(v);
    text += '\n';
  }
  return text;
}

}  // namespace sudoku
