// The reader's variant lines: "# variant NAME", "# regions LABELS" (jigsaw) and
// "# cage SUM CELL ..." (killer).
//
//   # variant x+anti-knight           the rules (x, windoku, anti-knight, anti-king) of the
//                                     puzzles after it, until the next "# variant" line
//                                     ("classic" ends them). sudoku generate --variant writes
//                                     it. "jigsaw" and "killer" add no rule of their own: they
//                                     ask every puzzle it governs to have regions or cages
//                                     (from the lines below), as --variant does.
//   # regions 111222333111222333...   N*N labels, row-major: 1-9 then A-Z, or a-z (a = 1);
//                                     blanks between them are ignored. Every region has N
//                                     cells. N is a side the reader reads: the "# box" shape
//                                     (or --box) in force, else a side it detects (4, 6, 8, 9,
//                                     ...). It applies to the puzzles after it until the next
//                                     "# regions" line; "# regions none" goes back to boxes.
//   # cage 15 r1c1 r1c2 r2c1          a sum and cells (rRcC, from 1). A puzzle's cages are the
//                                     cage lines since the previous puzzle line (its own line
//                                     may be all blanks).
// The syntax of a line is checked where it stands; a cage's cells and sum are checked against
// the board when its puzzle arrives (the board's size is known only then), and reported at the
// cage line, standing for that puzzle.
//
// One record per puzzle: a malformed rules line ("# box" too, reader.cpp) is an error that
// stands for no puzzle (ReadError::rules_line), and every puzzle it would have governed is an
// error of its own, on the puzzle's line: a malformed cage line its puzzle, a malformed
// variant, regions or box line every puzzle until the next line of its kind, as solving them
// under other rules would answer another question. A cage line with no puzzle after it is a
// rules line's error too.
#include <string>
#include <string_view>
#include <utility>

#include "sudoku/reader.hpp"
#include "sudoku/validator.hpp"

namespace sudoku {

namespace {

bool blank(char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f'; }

// 1-9 then A-Z for 10..35 (as digits are written), a-z for 1..26; 0 for anything else.
int region_label(char c) {
  if (c >= '1' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  if (c >= 'a' && c <= 'z') return c - 'a' + 1;
  return 0;
}

// A number of at most `most_digits` decimal digits at the start of `text`; the digits read in
// `length` (0: none, or too many).
int read_number(std::string_view text, std::size_t most_digits, std::size_t& length) {
  length = 0;
  int value = 0;
  while (length < text.size() && text[length] >= '0' && text[length] <= '9') {
    if (length == most_digits) {
      length = 0;
      return 0;
    }
    value = value * 10 + (text[length] - '0');
    ++length;
  }
  return value;
}

// The global rules' lines, each a word alone: the flag it sets.
bool Rules::*global_rule(std::string_view word) {
  if (word == "nonconsecutive") return &Rules::nonconsecutive;
  if (word == "negative-ratio") return &Rules::negative_ratio;
  if (word == "negative-xv") return &Rules::negative_xv;
  if (word == "disjoint-groups") return &Rules::disjoint_groups;
  if (word == "diagonal+") return &Rules::diagonal_plus;
  if (word == "diagonal-") return &Rules::diagonal_minus;
  return nullptr;
}

}  // namespace

std::optional<ReadEntry> Reader::variant_directive() {
  std::string_view rest(line_);
  const auto skip_blanks = [&rest] {
    while (!rest.empty() && blank(rest.front())) rest.remove_prefix(1);
  };
  skip_blanks();
  if (!rest.starts_with('#')) return std::nullopt;
  rest.remove_prefix(1);
  skip_blanks();
  const std::size_t word_column = line_.size() - rest.size() + 1;
  std::size_t end = 0;
  while (end < rest.size() && !blank(rest[end])) ++end;
  const std::string_view word = rest.substr(0, end);
  if (word != "regions" && word != "cage" && word != "variant") {
    if (!constraint_kind(word) && !global_rule(word)) return std::nullopt;
    rest.remove_prefix(end);
    return constraint_directive(word, rest, word_column);
  }
  rest.remove_prefix(end);
  skip_blanks();
  const std::size_t column = line_.size() - rest.size() + 1;
  if (word == "variant") {
    std::size_t last = rest.size();
    while (last > 0 && blank(rest[last - 1])) --last;
    const auto name = parse_variant(rest.substr(0, last));
    variant_line_ = line_no_;
    variant_broken_ = !name;
    if (!name) {
      flags_ = {};
      variant_jigsaw_ = variant_killer_ = false;
      return rules_error(column, "# variant: unknown variant " + quoted(rest.substr(0, last)) +
                                     " (" + kVariantNames + ")");
    }
    flags_ = name->rules;
    variant_jigsaw_ = name->jigsaw;
    variant_killer_ = name->killer;
    return std::nullopt;
  }
  if (word == "cage") {
    // A cage without a sum ("# cage r1c1 r1c2": its digits differ) is a constraint of its own.
    std::size_t first = 0;
    while (first < rest.size() && !blank(rest[first])) ++first;
    if (parse_cell_name(rest.substr(0, first)))
      return constraint_directive(word, rest, word_column);
  }
  return word == "regions" ? regions_directive(rest, column) : cage_directive(rest, column);
}

std::optional<ReadEntry> Reader::regions_directive(std::string_view rest, std::size_t column) {
  const auto fail = [this](std::size_t at, std::string message) {
    regions_.clear();
    regions_broken_ = true;
    regions_line_ = line_no_;
    return std::optional<ReadEntry>(rules_error(at, "# regions: " + std::move(message)));
  };
  std::size_t end = rest.size();
  while (end > 0 && blank(rest[end - 1])) --end;
  if (rest.substr(0, end) == "none") {
    regions_.clear();
    regions_broken_ = false;
    regions_line_ = 0;
    return std::nullopt;
  }
  std::vector<int> labels;
  std::vector<std::size_t> columns;
  for (std::size_t i = 0; i < rest.size(); ++i) {
    if (blank(rest[i])) continue;
    const int label = region_label(rest[i]);
    if (label == 0) {
      return fail(column + i, std::string("unknown region label '") + rest[i] +
                                  "'; labels are 1-9 then A-Z, or a-z");
    }
    labels.push_back(label);
    columns.push_back(column + i);
  }
  // The side: the one a "# box" line or --box fixes, else one the reader detects from a cell
  // count, so that a row of labels (9 for a 9x9 board) is refused here, at its line, rather
  // than taken as a 3x3 board the puzzles below do not match.
  const std::size_t count = labels.size();
  const std::size_t past = columns.empty() ? column : columns.back() + 1;
  int n = 0;
  while ((n + 1) * (n + 1) <= static_cast<int>(count) && n < Geometry::kMaxSize) ++n;
  if (fixed_) {
    const auto cells = static_cast<std::size_t>(fixed_->cell_count());
    if (count != cells) {
      return fail(count > cells ? columns[cells] : past,
                  std::to_string(count) + " labels; boxes of " + fixed_->name() + " make a " +
                      std::to_string(fixed_->size()) + "x" + std::to_string(fixed_->size()) +
                      " board: " + std::to_string(cells) + " labels, one a cell");
    }
    n = fixed_->size();
  } else if (n * n != static_cast<int>(count) || !detectable_size(n)) {
    return fail(past, std::to_string(count) +
                          " labels; the line labels every cell of the board: N*N for N = 4, 6, 8, "
                          "9, 10, 12, ..., 35 (81 for 9x9), other sides after a '# box' "
                          "line");
  }
  std::vector<int> size(static_cast<std::size_t>(n) + 1, 0);
  for (std::size_t k = 0; k < labels.size(); ++k) {
    if (labels[k] > n) {
      return fail(columns[k], std::string("label '") + line_[columns[k] - 1] + "' is beyond the " +
                                  std::to_string(n) + " regions of a " + std::to_string(n) + "x" +
                                  std::to_string(n) + " board");
    }
    ++size[static_cast<std::size_t>(labels[k])];
  }
  for (std::size_t k = 0; k < labels.size(); ++k) {
    const int cells = size[static_cast<std::size_t>(labels[k])];
    if (cells != n) {
      return fail(columns[k], std::string("region '") + line_[columns[k] - 1] + "' has " +
                                  std::to_string(cells) + " cells, not " + std::to_string(n));
    }
  }
  regions_.assign(labels.size(), 0);
  for (std::size_t k = 0; k < labels.size(); ++k)
    regions_[k] = static_cast<std::uint8_t>(labels[k] - 1);
  regions_broken_ = false;
  regions_line_ = line_no_;
  return std::nullopt;
}

std::optional<ReadEntry> Reader::cage_directive(std::string_view rest, std::size_t column) {
  const auto fail = [this](std::size_t at, std::string message) {
    if (cages_broken_line_ == 0) cages_broken_line_ = line_no_;
    return std::optional<ReadEntry>(rules_error(at, "# cage: " + std::move(message)));
  };
  CageLine cage;
  cage.line = line_no_;
  std::size_t i = 0;
  bool first = true;
  while (true) {
    while (i < rest.size() && blank(rest[i])) ++i;
    if (i == rest.size()) break;
    std::size_t token = i;
    while (token < rest.size() && !blank(rest[token])) ++token;
    const std::string_view word = rest.substr(i, token - i);
    const std::size_t at = column + i;
    std::size_t length = 0;
    if (first) {
      cage.sum = read_number(word, 4, length);
      if (length == 0 || length != word.size()) {
        return fail(at, "the sum comes first, a number (got " + quoted(word) + ")");
      }
      cage.sum_column = at;
      first = false;
    } else {
      const std::optional<CellName> cell = parse_cell_name(word);
      if (!cell) return fail(at, "a cell is written rRcC, such as r1c1 (got " + quoted(word) + ")");
      cage.cells.push_back(*cell);
      cage.columns.push_back(at);
    }
    i = token;
  }
  if (first) return fail(column, "wants a sum and the cells, such as '# cage 15 r1c1 r1c2'");
  if (cage.cells.empty()) return fail(column + i, "a cage needs at least one cell after its sum");
  cages_.push_back(std::move(cage));
  return std::nullopt;
}

std::optional<ReadEntry> Reader::constraint_directive(std::string_view word, std::string_view rest,
                                                      std::size_t column) {
  const auto fail = [this, word](std::size_t at, std::string message) {
    if (constraints_broken_line_ == 0) constraints_broken_line_ = line_no_;
    return std::optional<ReadEntry>(
        rules_error(at, "# " + std::string(word) + ": " + std::move(message)));
  };
  ConstraintLine c;
  c.line = line_no_;
  c.column = column;
  c.word = std::string(word);
  const std::size_t first = line_.size() - rest.size() + 1;  // the column of rest[0]
  bool second = false;
  std::size_t i = 0;
  while (true) {
    while (i < rest.size() && blank(rest[i])) ++i;
    if (i == rest.size()) break;
    std::size_t token = i;
    while (token < rest.size() && !blank(rest[token])) ++token;
    const std::string_view item = rest.substr(i, token - i);
    const std::size_t at = first + i;
    std::size_t length = 0;
    if (global_rule(word))
      return fail(at, "takes nothing after its name (got " + quoted(item) + ")");
    if (item == "=") {
      if (second) return fail(at, "'=' comes once, between two lists of cells");
      second = true;
    } else if (const int value = read_number(item, 4, length);
               length != 0 && length == item.size()) {
      c.values.push_back(value);
    } else if (const std::optional<CellName> cell = parse_cell_name(item)) {
      (second ? c.cells2 : c.cells).push_back(*cell);
      (second ? c.columns2 : c.columns).push_back(at);
    } else {
      return fail(at, "a cell is written rRcC, such as r1c1, a number in digits (got " +
                          quoted(item) + ")");
    }
    i = token;
  }
  if (!global_rule(word) && c.cells.empty() && c.cells2.empty())
    return fail(first + i, "wants its cells, such as r1c1 r1c2");
  constraint_lines_.push_back(std::move(c));
  return std::nullopt;
}

std::optional<ReadError> Reader::attach_constraints(Puzzle& puzzle,
                                                    const std::vector<ConstraintLine>& lines) {
  const Geometry& g = puzzle.board.geometry();
  const int n = g.size();
  for (const ConstraintLine& line : lines) {
    const auto at = [&](std::size_t column, std::string message) {
      return ReadError{source_, line.line, column,
                       "# " + line.word + ": " + std::move(message) + " (the puzzle on line " +
                           std::to_string(puzzle.line) + ")"};
    };
    if (bool Rules::*flag = global_rule(line.word)) {
      puzzle.variant.*flag = true;
      continue;
    }
    Constraint c;
    c.kind = *constraint_kind(line.word);
    c.values = line.values;
    const auto cells = [&](const std::vector<CellName>& names,
                           const std::vector<std::size_t>& columns,
                           std::vector<int>& out) -> std::optional<ReadError> {
      for (std::size_t k = 0; k < names.size(); ++k) {
        const std::optional<int> found = cell_of(names[k], n);
        if (!found) {
          return at(columns[k], "cell r" + std::to_string(names[k].row) + "c" +
                                    std::to_string(names[k].col) + " is outside the " +
                                    std::to_string(n) + "x" + std::to_string(n) + " board");
        }
        out.push_back(*found);
      }
      return std::nullopt;
    };
    if (auto e = cells(line.cells, line.columns, c.cells)) return e;
    if (auto e = cells(line.cells2, line.columns2, c.cells2)) return e;
    // "# arrow CIRCLE = ARROW": the circle (or pill) is the second list of the model.
    if (c.kind == ConstraintKind::arrow) std::swap(c.cells, c.cells2);
    puzzle.variant.constraints.push_back(std::move(c));
    // Its shape, now that the board is known; the constraints before it were well formed.
    if (auto problem = constraints_problem(g, puzzle.variant)) return at(line.column, *problem);
  }
  return std::nullopt;
}

ReadError Reader::skipped(const Puzzle& puzzle, std::string_view what, std::size_t line) const {
  return ReadError{source_, puzzle.line, 0,
                   "puzzle skipped: the '# " + std::string(what) + "' line before it (line " +
                       std::to_string(line) + ") is malformed",
                   false};
}

std::optional<ReadError> Reader::attach_variant(Puzzle& puzzle) {
  const Geometry& g = puzzle.board.geometry();
  const int n = g.size();
  puzzle.variant.diagonals = flags_.diagonals;
  puzzle.variant.windows = flags_.windows;
  puzzle.variant.anti_knight = flags_.anti_knight;
  puzzle.variant.anti_king = flags_.anti_king;
  // The cage lines before a puzzle are its own, whatever becomes of it.
  std::vector<CageLine> lines;
  lines.swap(cages_);
  const std::size_t cages_broken = cages_broken_line_;
  cages_broken_line_ = 0;
  std::vector<ConstraintLine> constraint_lines;
  constraint_lines.swap(constraint_lines_);
  const std::size_t constraints_broken = constraints_broken_line_;
  constraints_broken_line_ = 0;
  if (box_broken_line_ != 0) return skipped(puzzle, "box", box_broken_line_);
  if (variant_broken_) return skipped(puzzle, "variant", variant_line_);
  if (regions_broken_) return skipped(puzzle, "regions", regions_line_);
  if (cages_broken != 0) return skipped(puzzle, "cage", cages_broken);
  if (constraints_broken != 0) return skipped(puzzle, "constraint", constraints_broken);
  if (auto e = attach_constraints(puzzle, constraint_lines)) return e;
  if (variant_jigsaw_ && regions_.empty()) {
    return ReadError{source_, puzzle.line, 0,
                     "the '# variant' line (line " + std::to_string(variant_line_) +
                         ") asks for jigsaw regions: no '# regions' line before this puzzle",
                     false};
  }
  if (variant_killer_ && lines.empty()) {
    return ReadError{source_, puzzle.line, 0,
                     "the '# variant' line (line " + std::to_string(variant_line_) +
                         ") asks for killer cages: no '# cage' lines before this puzzle",
                     false};
  }
  if (!regions_.empty()) {
    if (regions_.size() != static_cast<std::size_t>(g.cell_count())) {
      int side = 0;
      while (side * side < static_cast<int>(regions_.size())) ++side;
      return ReadError{source_, puzzle.line, 0,
                       "the regions of line " + std::to_string(regions_line_) + " are for a " +
                           std::to_string(side) + "x" + std::to_string(side) +
                           " board; this puzzle is " + std::to_string(n) + "x" + std::to_string(n),
                       false};
    }
    puzzle.variant.regions = regions_;
  }
  if (lines.empty()) return std::nullopt;
  if (n > kMaxKillerSize) {
    return ReadError{source_, lines.front().line, 0,
                     "killer cages are supported on boards up to " +
                         std::to_string(kMaxKillerSize) + "x" + std::to_string(kMaxKillerSize) +
                         "; this puzzle (line " + std::to_string(puzzle.line) + ") is " +
                         std::to_string(n) + "x" + std::to_string(n)};
  }
  std::vector<std::size_t> cage_line_of(static_cast<std::size_t>(g.cell_count()), 0);
  const int most = n * (n + 1) / 2;
  for (const CageLine& line : lines) {
    const auto at = [&](std::size_t column, std::string message) {
      return ReadError{source_, line.line, column,
                       "# cage: " + std::move(message) + " (the puzzle on line " +
                           std::to_string(puzzle.line) + ")"};
    };
    if (line.sum < 1 || line.sum > most) {
      return at(line.sum_column, "sum " + std::to_string(line.sum) + " is outside 1.." +
                                     std::to_string(most) + " of a " + std::to_string(n) + "x" +
                                     std::to_string(n) + " board");
    }
    if (line.cells.size() > static_cast<std::size_t>(n)) {
      return at(line.columns[static_cast<std::size_t>(n)],
                "a cage holds at most " + std::to_string(n) + " cells (its digits differ)");
    }
    Cage cage;
    cage.sum = line.sum;
    for (std::size_t k = 0; k < line.cells.size(); ++k) {
      const CellName name = line.cells[k];
      const std::optional<int> found = cell_of(name, n);
      if (!found) {
        return at(line.columns[k], "cell r" + std::to_string(name.row) + "c" +
                                       std::to_string(name.col) + " is outside the " +
                                       std::to_string(n) + "x" + std::to_string(n) + " board");
      }
      const int cell = *found;
      auto& owner = cage_line_of[static_cast<std::size_t>(cell)];
      if (owner != 0) {
        return at(line.columns[k], "cell " + cell_name(g, cell) +
                                       (owner == line.line ? " is twice in this cage"
                                                           : " is already in the cage on line " +
                                                                 std::to_string(owner)));
      }
      owner = line.line;
      cage.cells.push_back(cell);
    }
    puzzle.variant.cages.push_back(std::move(cage));
  }
  return std::nullopt;
}

bool Reader::next(ReadEntry& entry) {
  auto* puzzle = std::get_if<Puzzle>(&entry);
  spare_ = puzzle != nullptr ? &puzzle->board : nullptr;
  std::optional<ReadEntry> read = next();
  spare_ = nullptr;
  if (!read) return false;
  entry = std::move(*read);
  return true;
}

std::optional<ReadEntry> Reader::next() {
  auto entry = next_entry();
  if (!entry) {
    const bool orphans = !cages_.empty();
    const std::size_t line = orphans ? cages_.front().line : 0;
    cages_.clear();
    cages_broken_line_ = 0;
    if (orphans) return ReadError{source_, line, 1, "# cage with no puzzle after it", true};
    if (!constraint_lines_.empty()) {
      const ConstraintLine first = constraint_lines_.front();
      constraint_lines_.clear();
      constraints_broken_line_ = 0;
      return ReadError{source_, first.line, first.column,
                       "# " + first.word + " with no puzzle after it", true};
    }
    return std::nullopt;
  }
  if (auto* puzzle = std::get_if<Puzzle>(&*entry)) {
    if (fpuzzles_puzzle_) {
      // An f-puzzles puzzle carries its own rules; cage lines before it would be lost.
      fpuzzles_puzzle_ = false;
      if (!cages_.empty()) {
        const std::size_t line = cages_.front().line;
        cages_.clear();
        cages_broken_line_ = 0;
        return ReadError{source_, puzzle->line, 0,
                         "the '# cage' line before this f-puzzles puzzle (line " +
                             std::to_string(line) +
                             ") does not apply: an f-puzzles puzzle carries its own rules",
                         false};
      }
      return entry;
    }
    if (auto e = attach_variant(*puzzle)) return *e;
    return entry;
  }
  // A malformed puzzle takes the cage lines before it along.
  if (!std::get<ReadError>(*entry).rules_line) {
    cages_.clear();
    cages_broken_line_ = 0;
    constraint_lines_.clear();
    constraints_broken_line_ = 0;
  }
  return entry;
}

}  // namespace sudoku
