// f-puzzles JSON in and out (see fpuzzles.hpp and docs/fpuzzles.md). The field names and their
// meaning follow f-puzzles as Rangsk's SudokuSolver reads it (PuzzleFormats/FPuzzlesBoard.cs,
// SolverFactory.CreateFromFPuzzles); nlohmann::json parses, lz_string.hpp decompresses.
#include "sudoku/grid/fpuzzles.hpp"

#include <algorithm>
#include <functional>
#include <set>

#include <nlohmann/json.hpp>

#include "sudoku/grid/lz_string.hpp"

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
      for (const auto& [key, _] : entry.items()) {
        if (key != "value" && key != "given" && key != "givenPencilMarks" &&
            key != "centerPencilMarks" && key != "region" && kIgnoredCellKeys.count(key) == 0)
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

std::string not_supported(std::string_view kind, std::string_view detail = {}) {
  std::string text = "f-puzzles constraint '" + std::string(kind) + "'";
  if (!detail.empty()) text += " " + std::string(detail);
  return text + " is not supported yet";
}

// A killer cage: its cells distinct, adding up to the value.
std::optional<std::string> map_cage(const Constraint& c, const Geometry&, Rules& rules) {
  const std::string what = c.kind + " " + std::to_string(c.number);
  if (!c.value || c.value->empty()) {
    // f-puzzles' "cage" without a value is a drawing; a killer cage without a sum asks only
    // for distinct digits, which the model has no rule for yet.
    if (c.kind == "cage") return std::nullopt;
    return not_supported(c.kind, "without a sum");
  }
  int sum = 0;
  bool digits = c.value->size() <= 4;
  for (const char ch : *c.value) {
    digits = digits && ch >= '0' && ch <= '9';
    if (digits) sum = sum * 10 + (ch - '0');
  }
  if (!digits) {
    if (c.value->starts_with("DR")) return not_supported(c.kind, "with a digital root");
    return what + ": value \"" + *c.value + "\" is not a sum";
  }
  rules.cages.push_back(Cage{sum, c.cells});
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

// An extra region: the model has windoku's four windows (checked all present by to_puzzle()).
std::optional<std::string> map_extra_region(const Constraint& c, const Geometry& g, Rules& rules) {
  std::vector<int> cells = c.cells;
  std::sort(cells.begin(), cells.end());
  for (const auto& window : windows()) {
    if (g.size() == 9 && cells == window) {
      rules.windows = true;
      return std::nullopt;
    }
  }
  return not_supported(c.kind, "other than windoku's four windows");
}

const std::vector<std::pair<std::string_view, Mapping>>& mappings() {
  static const std::vector<std::pair<std::string_view, Mapping>> table = {
      {"killercage", map_cage},
      {"cage", map_cage},
      {"extraregion", map_extra_region},
  };
  return table;
}

// The global flags; rules_problem() then checks what they add up to.
std::optional<std::string> map_flags(const Data& data, Rules& rules) {
  if (data.diagonal_plus != data.diagonal_minus) {
    return not_supported(data.diagonal_plus ? "diagonal+" : "diagonal-", "on its own");
  }
  rules.diagonals = data.diagonal_plus;
  rules.anti_knight = data.antiknight;
  rules.anti_king = data.antiking;
  if (data.disjointgroups) return not_supported("disjointgroups");
  if (data.nonconsecutive) return not_supported("nonconsecutive");
  if (!data.negative.empty()) return not_supported("negative", "(" + data.negative.front() + ")");
  return std::nullopt;
}

}  // namespace

Result<ModelPuzzle> to_puzzle(const Data& data, std::optional<Geometry> box) {
  const auto fail = [](std::string message) {
    return Result<ModelPuzzle>{std::nullopt, std::move(message), 0};
  };
  const int n = data.size;
  const Geometry g = box && box->size() == n ? *box : default_geometry(n);
  ModelPuzzle puzzle{Board(g), {}, {}, {}};
  if (auto why = map_flags(data, puzzle.rules)) return fail(*why);
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
  for (const Constraint& c : data.constraints) {
    const auto& table = mappings();
    const auto it =
        std::find_if(table.begin(), table.end(), [&](const auto& m) { return m.first == c.kind; });
    if (it == table.end()) return fail(not_supported(c.kind));
    if (auto why = it->second(c, g, puzzle.rules)) return fail(*why);
  }
  if (puzzle.rules.windows) {
    std::set<std::vector<int>> found;
    for (const Constraint& c : data.constraints) {
      std::vector<int> cells = c.cells;
      std::sort(cells.begin(), cells.end());
      if (c.kind == "extraregion") found.insert(cells);
    }
    if (found.size() != 4)
      return fail(not_supported("extraregion", "other than windoku's four windows"));
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
  if (rules.diagonals) root["diagonal+"] = root["diagonal-"] = true;
  if (rules.anti_knight) root["antiknight"] = true;
  if (rules.anti_king) root["antiking"] = true;
  if (rules.windows) {
    // Windoku's four windows: f-puzzles has them as extra regions.
    Ordered regions_json = Ordered::array();
    for (const auto& window : windows()) {
      Ordered cells = Ordered::array();
      for (const int cell : window)
        cells.push_back("R" + std::to_string(cell / 9 + 1) + "C" + std::to_string(cell % 9 + 1));
      regions_json.push_back(Ordered{{"cells", std::move(cells)}});
    }
    root["extraregion"] = std::move(regions_json);
  }
  if (!rules.cages.empty()) {
    Ordered cages = Ordered::array();
    for (const Cage& cage : rules.cages) {
      Ordered cells = Ordered::array();
      for (const int cell : cage.cells)
        cells.push_back("R" + std::to_string(cell / n + 1) + "C" + std::to_string(cell % n + 1));
      cages.push_back(Ordered{{"cells", std::move(cells)}, {"value", std::to_string(cage.sum)}});
    }
    root["killercage"] = std::move(cages);
  }
  return root.dump();
}

std::string link(const Board& puzzle, const Rules& rules, const Board* solution) {
  return "https://f-puzzles.com/?load=" + lz::compress_to_base64(to_json(puzzle, rules, solution));
}

}  // namespace sudoku::fpuzzles
