// f-puzzles JSON in and out (see fpuzzles.hpp and docs/fpuzzles.md). The field names and their
// meaning follow f-puzzles as Rangsk's SudokuSolver reads it (PuzzleFormats/FPuzzlesBoard.cs,
// SolverFactory.CreateFromFPuzzles); nlohmann::json parses, lz_string.hpp decompresses.
#include "sudoku/grid/fpuzzles.hpp"

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <set>

#include <nlohmann/json.hpp>

#include "sudoku/grid/lz_string.hpp"
#include "sudoku/rules/constraints.hpp"

namespace sudoku::fpuzzles {

using Json = nlohmann::json;
// Output keeps its keys in the order written: "size" and "grid" first, as f-puzzles writes them.
using Ordered = nlohmann::ordered_json;

const std::vector<std::string_view> kConstraintKinds = {
    "arrow",         "killercage",    "cage",         "littlekillersum",
    "odd",           "even",          "minimum",      "maximum",
    "rowindexer",    "columnindexer", "boxindexer",   "extraregion",
    "thermometer",   "palindrome",    "renban",       "whispers",
    "regionsumline", "difference",    "xv",           "ratio",
    "clone",         "quadruple",     "betweenline",  "sandwichsum",
    "xsum",          "skyscraper",    "entropicline", "modularline",
    "nabner",        "doublearrow",   "zipperline",   "slowthermometer"};

namespace {

// The largest JSON a load string may decompress to: a 16x16 puzzle with every constraint drawn
// is a few hundred kilobytes at most.
constexpr std::size_t kMaxJsonUnits = std::size_t{1} << 20;

// Keys that carry no rule: presentation (drawings, colours), the setter's words and settings of
// the programs that open the puzzle. Read and ignored (docs/fpuzzles.md says why, key by key).
const std::set<std::string_view> kIgnoredKeys = {
    "title", "author",    "ruleset", "solution",      "highlightConflicts",   "text",
    "line",  "rectangle", "circle",  "disabledlogic", "truecandidatesoptions"};
// A cell's keys that carry no rule: its colour(s) and the player's corner marks.
const std::set<std::string_view> kIgnoredCellKeys = {"c", "cArray", "highlight",
                                                     "cornerPencilMarks"};
// A constraint entry's keys that carry no rule: colours, widths, and where a drawing came from.
const std::set<std::string_view> kIgnoredEntryKeys = {
    "outlineC", "fontC", "baseC", "width", "height", "angle", "fromConstraint", "fromRangskSolver"};

// What the entries of each constraint array hold.
enum class Shape { cells, lines, arrow, cell, outside, little_killer, clone, quadruple };

Shape shape_of(std::string_view kind) {
  if (kind == "arrow") return Shape::arrow;
  if (kind == "littlekillersum") return Shape::little_killer;
  if (kind == "clone") return Shape::clone;
  if (kind == "quadruple") return Shape::quadruple;
  if (kind == "odd" || kind == "even" || kind == "minimum" || kind == "maximum") return Shape::cell;
  if (kind == "sandwichsum" || kind == "xsum" || kind == "skyscraper") return Shape::outside;
  if (kind == "killercage" || kind == "cage" || kind == "rowindexer" || kind == "columnindexer" ||
      kind == "boxindexer" || kind == "extraregion" || kind == "difference" || kind == "xv" ||
      kind == "ratio")
    return Shape::cells;
  return Shape::lines;
}

// A failure while reading the JSON: the message says where.
struct Bad {
  std::string message;
};

std::string describe(const Json& j) {
  std::string text = j.dump();
  if (text.size() > 30) text = text.substr(0, 27) + "...";
  return text;
}

int integer(const Json& j, const std::string& what) {
  if (j.is_number_integer()) {
    const auto v = j.get<std::int64_t>();
    if (v >= -1000000 && v <= 1000000) return static_cast<int>(v);
  }
  throw Bad{what + " must be an integer, not " + describe(j)};
}

// A cell "R1C1" (1-based); `outside` lets the ring around the grid (row or column 0 or N+1).
CellName cell_name_of(const Json& j, const std::string& what) {
  if (!j.is_string()) throw Bad{what + ": a cell is written \"R1C1\", not " + describe(j)};
  const auto name = parse_cell_name(j.get<std::string>());
  if (!name) throw Bad{what + ": a cell is written \"R1C1\", not " + describe(j)};
  return *name;
}

int inside_cell(const Json& j, int n, const std::string& what) {
  const CellName name = cell_name_of(j, what);
  const auto cell = cell_of(name, n);
  if (!cell) {
    throw Bad{what + ": cell R" + std::to_string(name.row) + "C" + std::to_string(name.col) +
              " is outside the " + std::to_string(n) + "x" + std::to_string(n) + " grid"};
  }
  return *cell;
}

std::vector<int> cell_list(const Json& j, int n, const std::string& what, std::size_t least) {
  if (!j.is_array()) throw Bad{what + " must be an array of cells, not " + describe(j)};
  if (j.size() < least) {
    throw Bad{what + " has " + std::to_string(j.size()) + " cells, at least " +
              std::to_string(least) + " wanted"};
  }
  std::vector<int> cells;
  for (const Json& cell : j) cells.push_back(inside_cell(cell, n, what));
  return cells;
}

const Json* field(const Json& entry, const char* key) {
  const auto it = entry.find(key);
  return it == entry.end() || it->is_null() ? nullptr : &*it;
}

const Json& required(const Json& entry, const char* key, const std::string& what) {
  const Json* j = field(entry, key);
  if (j == nullptr) throw Bad{what + " has no \"" + key + "\""};
  return *j;
}

Constraint read_entry(std::string_view kind, std::size_t number, const Json& entry, int n) {
  const std::string what = std::string(kind) + " " + std::to_string(number);
  if (!entry.is_object()) throw Bad{what + " must be an object, not " + describe(entry)};
  Constraint c;
  c.kind = std::string(kind);
  c.number = number;
  const Shape shape = shape_of(kind);
  std::set<std::string_view> allowed = {"value"};
  const auto lines = [&](std::size_t least) {
    const Json& all = required(entry, "lines", what);
    if (!all.is_array() || all.empty()) throw Bad{what + ": \"lines\" must be a non-empty array"};
    std::size_t k = 0;
    for (const Json& line : all)
      c.lines.push_back(cell_list(line, n, what + " line " + std::to_string(++k), least));
  };
  switch (shape) {
    case Shape::cells: {
      allowed.insert("cells");
      // Dots and XV sit between two cells; the others need one at least.
      const bool pair = kind == "difference" || kind == "xv" || kind == "ratio";
      c.cells = cell_list(required(entry, "cells", what), n, what, pair ? 2 : 1);
      if (pair && c.cells.size() != 2) {
        throw Bad{what + " has " + std::to_string(c.cells.size()) + " cells, 2 wanted"};
      }
      break;
    }
    case Shape::lines:
      allowed.insert("lines");
      lines(1);
      break;
    case Shape::arrow:
      allowed.insert({"lines", "cells"});
      c.cells = cell_list(required(entry, "cells", what), n, what + " circle", 1);
      lines(2);  // the circle's cell, then the arrow's
      break;
    case Shape::cell:
      allowed.insert("cell");
      c.cells.push_back(inside_cell(required(entry, "cell", what), n, what));
      break;
    case Shape::outside:
    case Shape::little_killer: {
      allowed.insert({"cell", "cells", "direction"});
      const CellName name = cell_name_of(required(entry, "cell", what), what);
      const bool row_side = name.row == 0 || name.row == n + 1;
      const bool col_side = name.col == 0 || name.col == n + 1;
      const bool in_row = name.row >= 0 && name.row <= n + 1;
      const bool in_col = name.col >= 0 && name.col <= n + 1;
      // A little killer may sit at a corner; the other clues face a row or a column.
      const bool ok = shape == Shape::little_killer
                          ? in_row && in_col && (row_side || col_side)
                          : (row_side && name.col >= 1 && name.col <= n) ||
                                (col_side && name.row >= 1 && name.row <= n);
      if (!ok) {
        throw Bad{what + ": clue cell R" + std::to_string(name.row) + "C" +
                  std::to_string(name.col) + " is not outside the " + std::to_string(n) + "x" +
                  std::to_string(n) + " grid, beside it"};
      }
      c.outside = name;
      if (shape == Shape::little_killer) {
        const Json& direction = required(entry, "direction", what);
        if (!direction.is_string()) throw Bad{what + ": \"direction\" must be UL, UR, DL or DR"};
        c.direction = direction.get<std::string>();
        if (c.direction != "UL" && c.direction != "UR" && c.direction != "DL" &&
            c.direction != "DR")
          throw Bad{what + ": \"direction\" must be UL, UR, DL or DR, not " + describe(direction)};
        // f-puzzles also stores the diagonal's cells; they follow from the clue, so they are
        // checked to be cells and otherwise not kept.
        if (const Json* cells = field(entry, "cells")) cell_list(*cells, n, what, 0);
      } else if (field(entry, "cells") != nullptr) {
        throw Bad{what + ": unknown key \"cells\""};
      }
      break;
    }
    case Shape::clone: {
      allowed.insert({"cells", "cloneCells"});
      c.cells = cell_list(required(entry, "cells", what), n, what, 1);
      c.clone_cells = cell_list(required(entry, "cloneCells", what), n, what + " cloneCells", 1);
      if (c.cells.size() != c.clone_cells.size()) {
        throw Bad{what + ": " + std::to_string(c.cells.size()) + " cells but " +
                  std::to_string(c.clone_cells.size()) + " cloneCells"};
      }
      break;
    }
    case Shape::quadruple: {
      allowed.insert({"cells", "values"});
      c.cells = cell_list(required(entry, "cells", what), n, what, 4);
      if (c.cells.size() != 4) {
        throw Bad{what + " has " + std::to_string(c.cells.size()) + " cells, 4 wanted"};
      }
      const Json& values = required(entry, "values", what);
      if (!values.is_array() || values.size() > 4)
        throw Bad{what + ": \"values\" must be an array of at most 4 digits"};
      for (const Json& v : values) {
        const int digit = integer(v, what + " value");
        if (digit < 1 || digit > n) {
          throw Bad{what + ": value " + std::to_string(digit) + " is not a digit 1.." +
                    std::to_string(n)};
        }
        c.values.push_back(digit);
      }
      break;
    }
  }
  if (const Json* value = field(entry, "value")) {
    if (value->is_string()) c.value = value->get<std::string>();
    else if (value->is_number_integer()) c.value = std::to_string(integer(*value, what));
    else throw Bad{what + ": \"value\" must be a string or a number, not " + describe(*value)};
  }
  for (const auto& [key, _] : entry.items()) {
    if (allowed.count(key) == 0 && kIgnoredEntryKeys.count(key) == 0)
      throw Bad{what + ": unknown key \"" + key + "\""};
  }
  return c;
}

Data read_data(const Json& root) {
  if (!root.is_object()) throw Bad{"the JSON is not an object"};
  Data data;
  const Json& size = required(root, "size", "the puzzle");
  data.size = integer(size, "\"size\"");
  const int n = data.size;
  if (n < 4 || n > 16) throw Bad{"\"size\" " + std::to_string(n) + " is outside 4..16"};
  const Json& grid = required(root, "grid", "the puzzle");
  if (!grid.is_array() || grid.size() != static_cast<std::size_t>(n))
    throw Bad{"\"grid\" must be an array of " + std::to_string(n) + " rows"};
  const auto cells = static_cast<std::size_t>(n * n);
  data.values.assign(cells, 0);
  data.given.assign(cells, 0);
  data.pencil.assign(cells, 0);
  const Geometry box = default_geometry(n);
  data.regions.resize(cells);
  for (int cell = 0; cell < n * n; ++cell)
    data.regions[static_cast<std::size_t>(cell)] = box.box_of(cell);
  std::vector<Constraint> odd_cells, even_cells;
  for (int r = 0; r < n; ++r) {
    const Json& row = grid[static_cast<std::size_t>(r)];
    if (!row.is_array() || row.size() != static_cast<std::size_t>(n))
      throw Bad{"\"grid\" row " + std::to_string(r + 1) + " must be an array of " +
                std::to_string(n) + " cells"};
    for (int col = 0; col < n; ++col) {
      const Json& entry = row[static_cast<std::size_t>(col)];
      const std::string what = "cell R" + std::to_string(r + 1) + "C" + std::to_string(col + 1);
      if (!entry.is_object()) throw Bad{what + " must be an object, not " + describe(entry)};
      const auto k = static_cast<std::size_t>(r * n + col);
      const auto digit = [&](const Json& j, const std::string& of) {
        const int d = integer(j, of);
        if (d < 0 || d > n) {
          throw Bad{of + " " + std::to_string(d) + " is not a digit 1.." + std::to_string(n)};
        }
        return d;
      };
      if (const Json* v = field(entry, "value")) data.values[k] = digit(*v, what + " value");
      if (const Json* g = field(entry, "given")) {
        if (!g->is_boolean()) throw Bad{what + ": \"given\" must be true or false"};
        data.given[k] = g->get<bool>() && data.values[k] != 0 ? 1 : 0;
      }
      // The player's centre marks win over the setter's given marks, as in SudokuSolver.
      for (const char* key : {"givenPencilMarks", "centerPencilMarks"}) {
        const Json* marks = field(entry, key);
        if (marks == nullptr || (marks->is_array() && marks->empty())) continue;
        if (!marks->is_array()) throw Bad{what + ": \"" + key + "\" must be an array of digits"};
        std::uint64_t mask = 0;
        for (const Json& m : *marks) {
          const int d = digit(m, what + " pencil mark");
          if (d == 0) throw Bad{what + ": pencil mark 0 is not a digit 1.." + std::to_string(n)};
          mask |= std::uint64_t{1} << d;
        }
        data.pencil[k] = mask;
      }
      if (const auto it = entry.find("region"); it != entry.end()) {
        if (it->is_null()) throw Bad{what + " belongs to no region (\"region\": null)"};
        const int region = integer(*it, what + " region");
        if (region < 0 || region >= n) {
          throw Bad{what + ": region " + std::to_string(region) + " is outside 0.." +
                    std::to_string(n - 1)};
        }
        data.regions[k] = region;
      }
      // An older f-puzzles form of odd and even cells (SudokuSolver's tests hold one): kept as
      // the entries the "odd" and "even" arrays would give, after them.
      if (const Json* parity = field(entry, "parity")) {
        const std::string text = parity->is_string() ? parity->get<std::string>() : "";
        if (text != "Odd" && text != "Even" && text != "odd" && text != "even")
          throw Bad{what + ": \"parity\" must be \"Odd\" or \"Even\", not " + describe(*parity)};
        Constraint c;
        c.kind = text == "Odd" || text == "odd" ? "odd" : "even";
        c.cells = {r * n + col};
        (c.kind == "odd" ? odd_cells : even_cells).push_back(std::move(c));
      }
      for (const auto& [key, _] : entry.items()) {
        if (key != "value" && key != "given" && key != "givenPencilMarks" &&
            key != "centerPencilMarks" && key != "region" && key != "parity" &&
            kIgnoredCellKeys.count(key) == 0)
          throw Bad{what + ": unknown key \"" + key + "\""};
      }
    }
  }
  std::vector<int> region_size(static_cast<std::size_t>(n), 0);
  for (const int region : data.regions) ++region_size[static_cast<std::size_t>(region)];
  for (int region = 0; region < n; ++region) {
    if (region_size[static_cast<std::size_t>(region)] != n) {
      throw Bad{"region " + std::to_string(region) + " has " +
                std::to_string(region_size[static_cast<std::size_t>(region)]) + " cells, not " +
                std::to_string(n)};
    }
  }
  const auto flag = [&](const char* key, bool& out) {
    if (const Json* j = field(root, key)) {
      if (!j->is_boolean()) throw Bad{"\"" + std::string(key) + "\" must be true or false"};
      out = j->get<bool>();
    }
  };
  flag("diagonal+", data.diagonal_plus);
  flag("diagonal-", data.diagonal_minus);
  flag("antiknight", data.antiknight);
  flag("antiking", data.antiking);
  flag("disjointgroups", data.disjointgroups);
  flag("nonconsecutive", data.nonconsecutive);
  if (const Json* negative = field(root, "negative")) {
    if (!negative->is_array()) throw Bad{"\"negative\" must be an array of names"};
    for (const Json& name : *negative) {
      if (!name.is_string() || (name != "ratio" && name != "xv"))
        throw Bad{"\"negative\": unknown name " + describe(name) + " (ratio, xv)"};
      data.negative.push_back(name.get<std::string>());
    }
  }
  for (const std::string_view kind : kConstraintKinds) {
    const Json* entries = field(root, std::string(kind).c_str());
    if (entries == nullptr) continue;
    if (!entries->is_array())
      throw Bad{"\"" + std::string(kind) + "\" must be an array, not " + describe(*entries)};
    std::size_t number = 0;
    for (const Json& entry : *entries)
      data.constraints.push_back(read_entry(kind, ++number, entry, n));
  }
  for (auto* parity : {&odd_cells, &even_cells}) {
    if (parity->empty()) continue;
    std::size_t number = static_cast<std::size_t>(
        std::count_if(data.constraints.begin(), data.constraints.end(),
                      [&](const Constraint& c) { return c.kind == parity->front().kind; }));
    for (Constraint& c : *parity) {
      c.number = ++number;
      data.constraints.push_back(std::move(c));
    }
  }
  static const std::set<std::string_view> kFlags = {"size",           "grid",           "diagonal+",
                                                    "diagonal-",      "antiknight",     "antiking",
                                                    "disjointgroups", "nonconsecutive", "negative"};
  for (const auto& [key, _] : root.items()) {
    if (kFlags.count(key) != 0 || kIgnoredKeys.count(key) != 0) continue;
    if (std::find(kConstraintKinds.begin(), kConstraintKinds.end(), key) != kConstraintKinds.end())
      continue;
    throw Bad{"unknown key \"" + key + "\""};
  }
  return data;
}

bool blank(char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f'; }

// Where the load string of a link starts and ends in `line`, or npos when it is no link.
struct Span {
  std::size_t begin = std::string_view::npos;
  std::size_t end = 0;
};

bool starts_with_nocase(std::string_view text, std::string_view prefix) {
  if (text.size() < prefix.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    char c = text[i];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c != prefix[i]) return false;
  }
  return true;
}

// The token (up to a blank) at `from`, and whether only blanks or a '#' comment follow it.
std::size_t token_end(std::string_view line, std::size_t from) {
  std::size_t end = from;
  while (end < line.size() && !blank(line[end])) ++end;
  return end;
}

bool only_comment_after(std::string_view line, std::size_t from) {
  while (from < line.size() && blank(line[from])) ++from;
  return from == line.size() || line[from] == '#';
}

// The link forms: after "http(s)://" and an optional "www.", the host, then "/?load=",
// "/fpuzzles" (SudokuPad), "?puzzleid=fpuzzles" or "?fpuzzles=" before the load string.
Span link_span(std::string_view line, std::size_t start) {
  std::string_view rest = line.substr(start);
  std::size_t at = start;
  for (std::string_view scheme : {"https://", "http://"}) {
    if (starts_with_nocase(rest, scheme)) {
      rest.remove_prefix(scheme.size());
      at += scheme.size();
      break;
    }
  }
  if (at == start) return {};
  if (starts_with_nocase(rest, "www.")) rest.remove_prefix(4), at += 4;
  std::size_t host = 0;
  for (std::string_view name : {"f-puzzles.com", "sudokupad.app", "app.crackingthecryptic.com"}) {
    if (starts_with_nocase(rest, name)) host = name.size();
  }
  if (host == 0) return {};
  rest.remove_prefix(host);
  at += host;
  for (std::string_view marker :
       {"/?load=", "?load=", "/?fpuzzles=", "?fpuzzles=", "/?puzzleid=fpuzzles", "/fpuzzles"}) {
    if (rest.starts_with(marker)) {
      const std::size_t begin = at + marker.size();
      return Span{begin, token_end(line, begin)};
    }
  }
  return Span{line.size(), line.size()};  // a link, but not to a puzzle: an error
}

bool base64_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' ||
         c == '/' || c == '=' || c == '%';
}

// Percent-escapes ("%2B" for '+') that a link may carry when it was pasted through a form.
std::optional<std::string> unescape(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%') {
      out.push_back(text[i]);
      continue;
    }
    if (i + 2 >= text.size()) return std::nullopt;
    const auto hex = [](char c) {
      if (c >= '0' && c <= '9') return c - '0';
      if (c >= 'a' && c <= 'f') return c - 'a' + 10;
      if (c >= 'A' && c <= 'F') return c - 'A' + 10;
      return -1;
    };
    const int hi = hex(text[i + 1]), lo = hex(text[i + 2]);
    if (hi < 0 || lo < 0) return std::nullopt;
    out.push_back(static_cast<char>(hi * 16 + lo));
    i += 2;
  }
  return out;
}

Result<Data> from_json(std::string_view json, std::size_t offset, bool on_the_line) {
  Json root;
  try {
    root = Json::parse(json.begin(), json.end());
  } catch (const Json::parse_error& e) {
    std::string message = e.what();
    if (const auto at = message.find("] "); at != std::string::npos) message.erase(0, at + 2);
    const std::size_t byte = e.byte > 0 ? e.byte - 1 : 0;
    return {std::nullopt, "bad JSON: " + message,
            on_the_line ? offset + std::min(byte, json.size()) : offset};
  }
  try {
    return {read_data(root), {}, 0};
  } catch (const Bad& bad) {
    return {std::nullopt, bad.message, offset};
  } catch (const Json::exception& e) {  // a type nlohmann refuses to convert: named above, but
    return {std::nullopt, std::string("bad JSON: ") + e.what(), offset};  // never a crash
  }
}

}  // namespace

Geometry default_geometry(int size) {
  // SudokuSolver's DefaultRegions, as f-puzzles draws them: square boxes for square sides,
  // boxes two rows tall for 6, 8, 10, 14, three rows tall for 12 and 15, and for a prime side
  // (no box fits) the rows themselves.
  for (int rows = 2; rows * rows <= size; ++rows) {
    if (rows * rows == size) return Geometry{rows, rows};
  }
  if (size % 3 == 0 && size / 3 >= 3) return Geometry{3, size / 3};  // 12, 15
  if (size % 2 == 0) return Geometry{2, size / 2};                   // 6, 8, 10, 14
  return Geometry{1, size};
}

Result<Data> parse_json(std::string_view json) { return from_json(json, 0, true); }

bool looks_like_fpuzzles(std::string_view line) {
  std::size_t start = 0;
  while (start < line.size() && blank(line[start])) ++start;
  const std::string_view rest = line.substr(start);
  if (rest.starts_with('{')) return true;
  if (link_span(line, start).begin != std::string_view::npos) return true;
  if (!rest.starts_with("N4Ig")) return false;
  const std::size_t end = token_end(line, start);
  for (std::size_t i = start; i < end; ++i)
    if (!base64_char(line[i])) return false;
  return only_comment_after(line, end);
}

Result<Data> parse_text(std::string_view line) {
  std::size_t start = 0;
  while (start < line.size() && blank(line[start])) ++start;
  std::size_t end = line.size();
  while (end > start && blank(line[end - 1])) --end;
  if (start < line.size() && line[start] == '{') {
    return from_json(line.substr(start, end - start), start, true);
  }
  std::size_t begin = start;
  if (const Span span = link_span(line, start); span.begin != std::string_view::npos) {
    if (span.begin == line.size()) {
      return {std::nullopt,
              "bad link: no puzzle in it (f-puzzles links hold \"?load=\" and the puzzle)", start};
    }
    begin = span.begin;
  }
  end = token_end(line, begin);
  if (!only_comment_after(line, end)) {
    return {std::nullopt, "bad link: text after the load string", end};
  }
  if (begin == end) return {std::nullopt, "bad link: the load string is empty", begin};
  std::string load(line.substr(begin, end - begin));
  if (load.find('%') != std::string::npos) {
    auto plain = unescape(load);
    if (!plain) return {std::nullopt, "bad link: a broken %-escape in the load string", begin};
    load = std::move(*plain);
  }
  const lz::Decompressed json = lz::decompress_from_base64(load, kMaxJsonUnits);
  if (!json.text) {
    return {std::nullopt, "bad load string: " + json.error,
            begin + std::min(json.position, end - begin)};
  }
  auto data = from_json(*json.text, begin, false);
  return data;
}

namespace {

// The mapping into the model, one function per constraint kind: each adds the entry to the
// rules or says why it cannot. A kind without a function is refused by name.
using Mapping =
    std::function<std::optional<std::string>(const Constraint&, const Geometry&, Rules&)>;
using Kind = ConstraintKind;

std::string not_supported(std::string_view kind, std::string_view detail = {}) {
  std::string text = "f-puzzles constraint '" + std::string(kind) + "'";
  if (!detail.empty()) text += " " + std::string(detail);
  return text + " is not supported yet";
}

std::string name_of(const Constraint& c) { return c.kind + " " + std::to_string(c.number); }

// The entry's "value" as a whole number: nothing when it is absent or empty (f-puzzles writes
// "" for a clue not filled in); an error when it is something else.
struct Number {
  std::optional<int> value;
  std::optional<std::string> error;
};

Number number(const Constraint& c) {
  if (!c.value || c.value->empty()) return {};
  int v = 0;
  bool digits = c.value->size() <= 6;
  for (const char ch : *c.value) {
    digits = digits && ch >= '0' && ch <= '9';
    if (digits) v = v * 10 + (ch - '0');
  }
  if (!digits) return {std::nullopt, name_of(c) + ": value \"" + *c.value + "\" is not a number"};
  return {v, std::nullopt};
}

// A killer cage: its cells distinct, adding up to the value; without a value, only distinct
// (SudokuSolver's KillerCageConstraint without a sum).
std::optional<std::string> map_cage(const Constraint& c, const Geometry&, Rules& rules) {
  if (!c.value || c.value->empty()) {
    // f-puzzles' "cage" tool is cosmetic (setters draw clone shapes and indexer columns with
    // it): without a value it carries no rule.
    if (c.kind == "cage") return std::nullopt;
    rules.constraints.push_back({Kind::cage, c.cells, {}, {}});
    return std::nullopt;
  }
  if (c.value->starts_with("DR")) return not_supported(c.kind, "with a digital root");
  const Number sum = number(c);
  if (sum.error) return name_of(c) + ": value \"" + *c.value + "\" is not a sum";
  rules.cages.push_back(Cage{*sum.value, c.cells});
  return std::nullopt;
}

// The 3x3 windows of windoku (rules.hpp) whose top-left cells are r2c2, r2c6, r6c2, r6c6.
std::vector<std::vector<int>> windows() {
  std::vector<std::vector<int>> all;
  for (const int top : {1, 5}) {
    for (const int left : {1, 5}) {
      std::vector<int> cells;
      for (int r = top; r < top + 3; ++r)
        for (int c = left; c < left + 3; ++c) cells.push_back(r * 9 + c);
      all.push_back(std::move(cells));
    }
  }
  return all;
}

// A constraint on the entry's cells, and its value where the kind takes one.
Mapping on_cells(Kind kind) {
  return [kind](const Constraint& c, const Geometry&, Rules& rules) -> std::optional<std::string> {
    rules.constraints.push_back({kind, c.cells, {}, {}});
    return std::nullopt;
  };
}

// A Kropki dot: the value when one is written ("" or none: the kind's default, 1 or 2).
Mapping dot(Kind kind) {
  return [kind](const Constraint& c, const Geometry&, Rules& rules) -> std::optional<std::string> {
    const Number v = number(c);
    if (v.error) return v.error;
    rules.constraints.push_back({kind, c.cells, {}, {}});
    if (v.value) rules.constraints.back().values = {*v.value};
    return std::nullopt;
  };
}

// X (10) or V (5); a number is our writer's form of another sum (f-puzzles has only X and V).
// Without a value the mark carries no rule (SudokuSolver skips it).
std::optional<std::string> map_xv(const Constraint& c, const Geometry&, Rules& rules) {
  if (!c.value || c.value->empty()) return std::nullopt;
  int sum = 0;
  if (*c.value == "X" || *c.value == "x") sum = 10;
  else if (*c.value == "V" || *c.value == "v") sum = 5;
  else {
    const Number v = number(c);
    if (!v.value) return name_of(c) + ": value \"" + *c.value + "\" is not X, V or a number";
    sum = *v.value;
  }
  rules.constraints.push_back({Kind::xv, c.cells, {}, {sum}});
  return std::nullopt;
}

// Odd, even, minimum, maximum: one cell an entry.
Mapping on_cell(Kind kind) { return on_cells(kind); }

// A line kind: each line of the entry is one constraint (as SudokuSolver adds them); whispers
// may carry its least difference as the value.
Mapping on_lines(Kind kind) {
  return [kind](const Constraint& c, const Geometry&, Rules& rules) -> std::optional<std::string> {
    const Number v = number(c);
    if (kind == Kind::whispers && v.error) return v.error;
    for (const auto& line : c.lines) {
      rules.constraints.push_back({kind, line, {}, {}});
      if (kind == Kind::whispers && v.value) rules.constraints.back().values = {*v.value};
    }
    return std::nullopt;
  };
}

// An arrow: each of its lines is one constraint; the line's first cell is in the circle (or
// pill), where it starts, and the rest is the arrow.
std::optional<std::string> map_arrow(const Constraint& c, const Geometry&, Rules& rules) {
  for (const auto& line : c.lines)
    rules.constraints.push_back({Kind::arrow, {line.begin() + 1, line.end()}, c.cells, {}});
  return std::nullopt;
}

std::optional<std::string> map_clone(const Constraint& c, const Geometry&, Rules& rules) {
  rules.constraints.push_back({Kind::clone, c.cells, c.clone_cells, {}});
  return std::nullopt;
}

// A quadruple without digits demands nothing: a drawing.
std::optional<std::string> map_quadruple(const Constraint& c, const Geometry&, Rules& rules) {
  if (!c.values.empty()) rules.constraints.push_back({Kind::quadruple, c.cells, {}, c.values});
  return std::nullopt;
}

// The step of a little killer's direction, in rows and columns.
std::pair<int, int> step_of(std::string_view direction) {
  return {direction[0] == 'U' ? -1 : 1, direction[1] == 'L' ? -1 : 1};
}

// A little killer: the diagonal from the cell after the clue, in its direction, to the edge.
// Without a number it is a drawing (SudokuSolver skips it too).
std::optional<std::string> map_little_killer(const Constraint& c, const Geometry& g, Rules& rules) {
  const Number sum = number(c);
  if (sum.error) return sum.error;
  if (!sum.value) return std::nullopt;
  const int n = g.size();
  const auto [dr, dc] = step_of(c.direction);
  std::vector<int> cells;
  for (int r = c.outside->row - 1 + dr, col = c.outside->col - 1 + dc;
       r >= 0 && r < n && col >= 0 && col < n; r += dr, col += dc)
    cells.push_back(r * n + col);
  if (cells.empty()) {
    return name_of(c) + ": from R" + std::to_string(c.outside->row) + "C" +
           std::to_string(c.outside->col) + " direction " + c.direction + " points off the grid";
  }
  rules.constraints.push_back({Kind::little_killer, std::move(cells), {}, {*sum.value}});
  return std::nullopt;
}

// The row or column a clue outside the grid looks along, from the clue.
std::vector<int> line_from(const CellName& clue, int n) {
  std::vector<int> cells;
  for (int k = 0; k < n; ++k) {
    if (clue.row == 0) cells.push_back(k * n + clue.col - 1);
    else if (clue.row == n + 1) cells.push_back((n - 1 - k) * n + clue.col - 1);
    else if (clue.col == 0) cells.push_back((clue.row - 1) * n + k);
    else cells.push_back((clue.row - 1) * n + n - 1 - k);
  }
  return cells;
}

// Sandwich, X-sum, skyscraper: the clue's row or column from the clue; without a number it is
// a drawing (SudokuSolver skips it).
Mapping outside_clue(Kind kind) {
  return
      [kind](const Constraint& c, const Geometry& g, Rules& rules) -> std::optional<std::string> {
        const Number v = number(c);
        if (v.error) return v.error;
        if (v.value)
          rules.constraints.push_back({kind, line_from(*c.outside, g.size()), {}, {*v.value}});
        return std::nullopt;
      };
}

const std::vector<std::pair<std::string_view, Mapping>>& mappings() {
  static const std::vector<std::pair<std::string_view, Mapping>> table = {
      {"arrow", map_arrow},
      {"killercage", map_cage},
      {"cage", map_cage},
      {"littlekillersum", map_little_killer},
      {"odd", on_cell(Kind::odd)},
      {"even", on_cell(Kind::even)},
      {"minimum", on_cell(Kind::minimum)},
      {"maximum", on_cell(Kind::maximum)},
      {"rowindexer", on_cells(Kind::row_indexer)},
      {"columnindexer", on_cells(Kind::column_indexer)},
      {"boxindexer", on_cells(Kind::box_indexer)},
      {"extraregion", on_cells(Kind::extra_region)},
      {"thermometer", on_lines(Kind::thermometer)},
      {"palindrome", on_lines(Kind::palindrome)},
      {"renban", on_lines(Kind::renban)},
      {"whispers", on_lines(Kind::whispers)},
      {"regionsumline", on_lines(Kind::region_sum_line)},
      {"difference", dot(Kind::difference)},
      {"xv", map_xv},
      {"ratio", dot(Kind::ratio)},
      {"clone", map_clone},
      {"quadruple", map_quadruple},
      {"betweenline", on_lines(Kind::between_line)},
      {"sandwichsum", outside_clue(Kind::sandwich)},
      {"xsum", outside_clue(Kind::x_sum)},
      {"skyscraper", outside_clue(Kind::skyscraper)},
      {"entropicline", on_lines(Kind::entropic_line)},
      {"modularline", on_lines(Kind::modular_line)},
      {"nabner", on_lines(Kind::nabner)},
      {"doublearrow", on_lines(Kind::double_arrow)},
      {"zipperline", on_lines(Kind::zipper_line)},
      {"slowthermometer", on_lines(Kind::slow_thermometer)},
  };
  return table;
}

// The global flags; rules_problem() then checks what they add up to. Both diagonals are X, as
// the model has always named it; one alone is its single diagonal.
void map_flags(const Data& data, Rules& rules) {
  if (data.diagonal_plus && data.diagonal_minus) rules.diagonals = true;
  else {
    rules.diagonal_plus = data.diagonal_plus;
    rules.diagonal_minus = data.diagonal_minus;
  }
  rules.anti_knight = data.antiknight;
  rules.anti_king = data.antiking;
  rules.disjoint_groups = data.disjointgroups;
  rules.nonconsecutive = data.nonconsecutive;
  for (const std::string& name : data.negative) {
    if (name == "ratio") rules.negative_ratio = true;
    if (name == "xv") rules.negative_xv = true;
  }
}

// The entries (their places in data.constraints) that are windoku's four windows, when all four
// are there on a 9x9: the model's windoku. Any other extra region is one of the community's.
std::set<std::size_t> windoku_entries(const Data& data) {
  std::set<std::size_t> out;
  if (data.size != 9) return out;
  for (const auto& window : windows()) {
    for (std::size_t k = 0; k < data.constraints.size(); ++k) {
      const Constraint& c = data.constraints[k];
      std::vector<int> cells = c.cells;
      std::sort(cells.begin(), cells.end());
      if (c.kind == "extraregion" && cells == window && out.count(k) == 0) {
        out.insert(k);
        break;
      }
    }
  }
  if (out.size() != 4) out.clear();
  return out;
}

}  // namespace

Result<ModelPuzzle> to_puzzle(const Data& data, std::optional<Geometry> box) {
  const auto fail = [](std::string message) {
    return Result<ModelPuzzle>{std::nullopt, std::move(message), 0};
  };
  const int n = data.size;
  const Geometry g = box && box->size() == n ? *box : default_geometry(n);
  ModelPuzzle puzzle{Board(g), {}, {}, {}};
  map_flags(data, puzzle.rules);
  bool boxes = true;
  for (int cell = 0; cell < n * n; ++cell) {
    boxes = boxes && data.regions[static_cast<std::size_t>(cell)] == g.box_of(cell);
  }
  // The same partition under other labels is still the boxes.
  if (!boxes) {
    std::vector<int> box_of_region(static_cast<std::size_t>(n), -1);
    bool same = true;
    for (int cell = 0; cell < n * n && same; ++cell) {
      int& b =
          box_of_region[static_cast<std::size_t>(data.regions[static_cast<std::size_t>(cell)])];
      if (b < 0) b = g.box_of(cell);
      same = b == g.box_of(cell);
    }
    if (!same) {
      puzzle.rules.regions.resize(static_cast<std::size_t>(n * n));
      for (std::size_t k = 0; k < puzzle.rules.regions.size(); ++k)
        puzzle.rules.regions[k] = static_cast<std::uint8_t>(data.regions[k]);
    }
  }
  const std::set<std::size_t> windoku = windoku_entries(data);
  puzzle.rules.windows = !windoku.empty();
  for (std::size_t k = 0; k < data.constraints.size(); ++k) {
    if (windoku.count(k) != 0) continue;
    const Constraint& c = data.constraints[k];
    const auto& table = mappings();
    const auto it =
        std::find_if(table.begin(), table.end(), [&](const auto& m) { return m.first == c.kind; });
    if (it == table.end()) return fail(not_supported(c.kind));
    if (auto why = it->second(c, g, puzzle.rules)) return fail(*why);
  }
  if (auto why = rules_problem(g, puzzle.rules)) return fail(*why);
  bool any_entry = false, any_marks = false;
  std::vector<std::uint8_t> entered(static_cast<std::size_t>(n * n), 0);
  for (int cell = 0; cell < n * n; ++cell) {
    const auto k = static_cast<std::size_t>(cell);
    puzzle.board.set(cell, data.values[k]);
    if (data.values[k] != 0 && data.given[k] == 0) entered[k] = 1, any_entry = true;
    any_marks = any_marks || (data.values[k] == 0 && data.pencil[k] != 0);
  }
  if (any_entry) puzzle.entered = std::move(entered);
  if (any_marks) {
    // The readers take pencil marks on classic 9x9 puzzles (pencil_marks.hpp).
    if (n != 9 || !puzzle.rules.classic()) {
      return fail("f-puzzles pencil marks are read on classic 9x9 puzzles only, not with " +
                  (n != 9 ? "a " + std::to_string(n) + "x" + std::to_string(n) + " grid"
                          : puzzle.rules.name() + " rules"));
    }
    puzzle.candidates.assign(81, 0);
    for (std::size_t k = 0; k < 81; ++k) {
      const std::uint64_t all = 0x3FE;
      puzzle.candidates[k] = data.values[k] != 0   ? std::uint64_t{1} << data.values[k]
                             : data.pencil[k] != 0 ? data.pencil[k] & all
                                                   : all;
      // A cell with one mark is as good as a given, as the readers fill the board.
      if (data.values[k] == 0 && (puzzle.candidates[k] & (puzzle.candidates[k] - 1)) == 0) {
        int d = 0;
        while ((std::uint64_t{1} << d) != puzzle.candidates[k]) ++d;
        puzzle.board.set(static_cast<int>(k), d);
      }
    }
  }
  return {std::move(puzzle), {}, 0};
}

namespace {

std::string cell_text(int cell, int n) {
  return "R" + std::to_string(cell / n + 1) + "C" + std::to_string(cell % n + 1);
}

Ordered cell_array(const std::vector<int>& cells, int n) {
  Ordered out = Ordered::array();
  for (const int cell : cells) out.push_back(cell_text(cell, n));
  return out;
}

// The clue of a little killer whose diagonal starts with `cells`, and its direction: the cell
// before the first one, against the step from the first to the second. A single cell (a corner
// of the diagonals) takes the direction in which it is the whole diagonal, if any.
std::pair<CellName, std::string> little_killer_clue(const std::vector<int>& cells, int n) {
  const int r = cells[0] / n, c = cells[0] % n;
  const auto outside = [n](int row, int col) { return row < 0 || row >= n || col < 0 || col >= n; };
  std::string direction;
  if (cells.size() >= 2) {
    direction = std::string(cells[1] / n > r ? "D" : "U") + (cells[1] % n > c ? "R" : "L");
  } else {
    for (const char* d : {"DR", "DL", "UR", "UL"}) {
      const auto [dr, dc] = step_of(d);
      if (outside(r - dr, c - dc) && outside(r + dr, c + dc)) {
        direction = d;
        break;
      }
    }
    if (direction.empty()) direction = "DR";
  }
  const auto [dr, dc] = step_of(direction);
  return {CellName{r - dr + 1, c - dc + 1}, direction};
}

// The clue of a row or column given from the clue (sandwich, X-sum, skyscraper).
CellName outside_clue_of(const std::vector<int>& cells, int n) {
  const int step = cells[1] - cells[0];
  const int r = cells[0] / n + 1, c = cells[0] % n + 1;
  if (step == n) return {0, c};
  if (step == -n) return {n + 1, c};
  if (step == 1) return {r, 0};
  return {r, n + 1};
}

std::string clue_text(const CellName& name) {
  return "R" + std::to_string(name.row) + "C" + std::to_string(name.col);
}

// The f-puzzles array a kind of ours is written in.
std::string_view key_of(Kind kind) {
  switch (kind) {
    case Kind::thermometer:
      return "thermometer";
    case Kind::slow_thermometer:
      return "slowthermometer";
    case Kind::arrow:
      return "arrow";
    case Kind::cage:
      return "killercage";
    case Kind::odd:
      return "odd";
    case Kind::even:
      return "even";
    case Kind::difference:
      return "difference";
    case Kind::ratio:
      return "ratio";
    case Kind::xv:
      return "xv";
    case Kind::extra_region:
      return "extraregion";
    case Kind::little_killer:
      return "littlekillersum";
    case Kind::minimum:
      return "minimum";
    case Kind::maximum:
      return "maximum";
    case Kind::clone:
      return "clone";
    case Kind::palindrome:
      return "palindrome";
    case Kind::renban:
      return "renban";
    case Kind::whispers:
      return "whispers";
    case Kind::between_line:
      return "betweenline";
    case Kind::quadruple:
      return "quadruple";
    case Kind::region_sum_line:
      return "regionsumline";
    case Kind::entropic_line:
      return "entropicline";
    case Kind::modular_line:
      return "modularline";
    case Kind::zipper_line:
      return "zipperline";
    case Kind::nabner:
      return "nabner";
    case Kind::double_arrow:
      return "doublearrow";
    case Kind::row_indexer:
      return "rowindexer";
    case Kind::column_indexer:
      return "columnindexer";
    case Kind::box_indexer:
      return "boxindexer";
    case Kind::sandwich:
      return "sandwichsum";
    case Kind::x_sum:
      return "xsum";
    case Kind::skyscraper:
      return "skyscraper";
  }
  return "";
}

// The f-puzzles entries of one constraint (odd, even, minimum, maximum: one per cell).
void write_entries(const sudoku::Constraint& c, int n, Ordered& out) {
  const auto value = [&](Ordered& entry) {
    if (!c.values.empty()) entry["value"] = std::to_string(c.values.front());
  };
  switch (c.kind) {
    case Kind::odd:
    case Kind::even:
    case Kind::minimum:
    case Kind::maximum:
      for (const int cell : c.cells) out.push_back(Ordered{{"cell", cell_text(cell, n)}});
      return;
    case Kind::arrow: {
      // The line starts in the circle (or pill) at the cell nearest the arrow.
      int start = c.cells2.front();
      for (const int cell : c.cells2) {
        if (std::abs(cell / n - c.cells[0] / n) <= 1 && std::abs(cell % n - c.cells[0] % n) <= 1)
          start = cell;
      }
      std::vector<int> line = {start};
      line.insert(line.end(), c.cells.begin(), c.cells.end());
      Ordered entry = Ordered::object();
      entry["lines"] = Ordered::array({cell_array(line, n)});
      entry["cells"] = cell_array(c.cells2, n);
      out.push_back(std::move(entry));
      return;
    }
    case Kind::cage:
    case Kind::extra_region:
    case Kind::row_indexer:
    case Kind::column_indexer:
    case Kind::box_indexer:
    case Kind::difference:
    case Kind::ratio: {
      Ordered entry = Ordered{{"cells", cell_array(c.cells, n)}};
      value(entry);
      out.push_back(std::move(entry));
      return;
    }
    case Kind::xv: {
      const int sum = c.values.front();
      out.push_back(Ordered{{"cells", cell_array(c.cells, n)},
                            {"value", sum == 10  ? std::string("X")
                                      : sum == 5 ? std::string("V")
                                                 : std::to_string(sum)}});
      return;
    }
    case Kind::clone:
      out.push_back(
          Ordered{{"cells", cell_array(c.cells, n)}, {"cloneCells", cell_array(c.cells2, n)}});
      return;
    case Kind::quadruple:
      out.push_back(Ordered{{"cells", cell_array(c.cells, n)}, {"values", c.values}});
      return;
    case Kind::little_killer: {
      const auto [clue, direction] = little_killer_clue(c.cells, n);
      out.push_back(Ordered{{"cell", clue_text(clue)},
                            {"direction", direction},
                            {"value", std::to_string(c.values.front())}});
      return;
    }
    case Kind::sandwich:
    case Kind::x_sum:
    case Kind::skyscraper:
      out.push_back(Ordered{{"cell", clue_text(outside_clue_of(c.cells, n))},
                            {"value", std::to_string(c.values.front())}});
      return;
    default: {  // the lines
      Ordered entry = Ordered::object();
      entry["lines"] = Ordered::array({cell_array(c.cells, n)});
      value(entry);
      out.push_back(std::move(entry));
      return;
    }
  }
}

}  // namespace

std::optional<std::string> unwritable(const Geometry& geometry, const Rules& rules) {
  const int n = geometry.size();
  for (std::size_t k = 0; k < rules.constraints.size(); ++k) {
    const sudoku::Constraint& c = rules.constraints[k];
    const auto fail = [&](const std::string& why) {
      return constraints::label(geometry, rules, k) + ": " + why;
    };
    if (c.kind == Kind::xv && c.values.front() != 5 && c.values.front() != 10)
      return fail("f-puzzles has only X (10) and V (5)");
    if (c.kind == Kind::quadruple && c.cells.size() != 4)
      return fail("f-puzzles' quadruples have 4 cells");
    if (c.kind == Kind::little_killer) {
      const auto [clue, direction] = little_killer_clue(c.cells, n);
      Constraint entry;
      entry.kind = "littlekillersum";
      entry.outside = clue;
      entry.direction = direction;
      entry.value = std::to_string(c.values.front());
      Rules walked;
      map_little_killer(entry, geometry, walked);
      const bool ring = clue.row == 0 || clue.row == n + 1 || clue.col == 0 || clue.col == n + 1;
      if (!ring || walked.constraints.empty() || walked.constraints.front().cells != c.cells)
        return fail("its cells are not a whole diagonal from the grid's edge");
    }
  }
  return std::nullopt;
}

std::string to_json(const Board& puzzle, const Rules& rules, const Board* solution) {
  const Geometry& g = puzzle.geometry();
  const int n = g.size();
  const bool regions = !rules.regions.empty() || !(g == default_geometry(n));
  Ordered grid = Ordered::array();
  for (int r = 0; r < n; ++r) {
    Ordered row = Ordered::array();
    for (int c = 0; c < n; ++c) {
      const int cell = r * n + c;
      Ordered entry = Ordered::object();
      if (puzzle[cell] != 0) {
        entry["value"] = puzzle[cell];
        entry["given"] = true;
      } else if (solution != nullptr && (*solution)[cell] != 0) {
        entry["value"] = (*solution)[cell];
      }
      if (regions) {
        entry["region"] =
            rules.regions.empty() ? g.box_of(cell) : rules.regions[static_cast<std::size_t>(cell)];
      }
      row.push_back(std::move(entry));
    }
    grid.push_back(std::move(row));
  }
  Ordered root = Ordered::object();
  root["size"] = n;
  root["grid"] = std::move(grid);
  if (rules.diagonals || rules.diagonal_plus) root["diagonal+"] = true;
  if (rules.diagonals || rules.diagonal_minus) root["diagonal-"] = true;
  if (rules.anti_knight) root["antiknight"] = true;
  if (rules.anti_king) root["antiking"] = true;
  if (rules.disjoint_groups) root["disjointgroups"] = true;
  if (rules.nonconsecutive) root["nonconsecutive"] = true;
  if (rules.negative_ratio || rules.negative_xv) {
    Ordered negative = Ordered::array();
    if (rules.negative_ratio) negative.push_back("ratio");
    if (rules.negative_xv) negative.push_back("xv");
    root["negative"] = std::move(negative);
  }
  // The arrays in kConstraintKinds' order, which is the order the reader keeps: a link read
  // and written again lists its constraints as before.
  for (const std::string_view key : kConstraintKinds) {
    Ordered entries = Ordered::array();
    if (key == "killercage") {
      for (const Cage& cage : rules.cages) {
        entries.push_back(
            Ordered{{"cells", cell_array(cage.cells, n)}, {"value", std::to_string(cage.sum)}});
      }
    }
    if (key == "extraregion" && rules.windows) {
      // Windoku's four windows: f-puzzles has them as extra regions.
      for (const auto& window : windows())
        entries.push_back(Ordered{{"cells", cell_array(window, 9)}});
    }
    for (const sudoku::Constraint& c : rules.constraints) {
      if (key_of(c.kind) == key) write_entries(c, n, entries);
    }
    if (!entries.empty()) root[std::string(key)] = std::move(entries);
  }
  return root.dump();
}

std::string link(const Board& puzzle, const Rules& rules, const Board* solution) {
  return "https://f-puzzles.com/?load=" + lz::compress_to_base64(to_json(puzzle, rules, solution));
}

}  // namespace sudoku::fpuzzles
