// Rules puzzles against a backtracker written here: it tries digits cell by cell and checks
// each rule as a player states it (diagonals, the four windows, knight and king steps, regions,
// cage sums), sharing nothing with RuleUnits or the exact cover. Counts must agree, and every
// solution the engine enumerates must obey the rules by this file's own checker.
#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include <sudoku/reader.hpp>
#include <sudoku/rules.hpp>
#include <sudoku/rules_cover.hpp>
#include <sudoku/solver.hpp>

namespace {

struct Rules {
  int box_rows = 2, box_cols = 2;
  bool x = false, windows = false, knight = false, king = false;
  std::vector<int> region;  // empty: boxes
  std::vector<std::pair<int, std::vector<int>>> cages;
  [[nodiscard]] int n() const { return box_rows * box_cols; }
};

int region_of(const Rules& rules, int r, int c) {
  const int n = rules.n();
  if (!rules.region.empty()) return rules.region[static_cast<std::size_t>(r * n + c)];
  return (r / rules.box_rows) * rules.box_rows + c / rules.box_cols;
}

bool in_window(int r, int c) {
  return ((r >= 1 && r <= 3) || (r >= 5 && r <= 7)) && ((c >= 1 && c <= 3) || (c >= 5 && c <= 7));
}
int window_of(int r, int c) { return (r >= 5 ? 2 : 0) + (c >= 5 ? 1 : 0); }

// Whether the digit in `cell` agrees with every filled cell under the rules (cages: distinct,
// partial sum not above the target, full cage exactly on it).
bool fits(const Rules& rules, const std::vector<int>& g, int cell) {
  const int n = rules.n(), r = cell / n, c = cell % n, d = g[static_cast<std::size_t>(cell)];
  for (int other = 0; other < n * n; ++other) {
    if (other == cell || g[static_cast<std::size_t>(other)] != d) continue;
    const int r2 = other / n, c2 = other % n;
    if (r2 == r || c2 == c || region_of(rules, r, c) == region_of(rules, r2, c2)) return false;
    if (rules.x && ((r == c && r2 == c2) || (r + c == n - 1 && r2 + c2 == n - 1))) return false;
    if (rules.windows && in_window(r, c) && in_window(r2, c2) &&
        window_of(r, c) == window_of(r2, c2)) {
      return false;
    }
    const int dr = std::abs(r - r2), dc = std::abs(c - c2);
    if (rules.knight && ((dr == 1 && dc == 2) || (dr == 2 && dc == 1))) return false;
    if (rules.king && dr == 1 && dc == 1) return false;
  }
  for (const auto& [sum, cells] : rules.cages) {
    if (std::find(cells.begin(), cells.end(), cell) == cells.end()) continue;
    int total = 0;
    bool full = true;
    std::set<int> seen;
    for (const int k : cells) {
      const int v = g[static_cast<std::size_t>(k)];
      if (v == 0) {
        full = false;
        continue;
      }
      if (!seen.insert(v).second) return false;
      total += v;
    }
    if (total > sum || (full && total != sum)) return false;
  }
  return true;
}

bool obeys(const Rules& rules, const std::vector<int>& puzzle, const std::vector<int>& g) {
  const int n = rules.n();
  for (int cell = 0; cell < n * n; ++cell) {
    const int d = g[static_cast<std::size_t>(cell)];
    if (d < 1 || d > n) return false;
    if (puzzle[static_cast<std::size_t>(cell)] != 0 && puzzle[static_cast<std::size_t>(cell)] != d)
      return false;
    if (!fits(rules, g, cell)) return false;
  }
  return true;
}

// Solutions of `g` (0 = blank), cell by cell in order, digits in `order`; stops at `limit`.
std::uint64_t brute(const Rules& rules, std::vector<int>& g, std::uint64_t limit,
                    std::vector<int>* first = nullptr, const std::vector<int>* order = nullptr) {
  const int n = rules.n();
  int cell = 0;
  while (cell < n * n && g[static_cast<std::size_t>(cell)] != 0) ++cell;
  if (cell == n * n) {
    if (first != nullptr && first->empty()) *first = g;
    return 1;
  }
  std::uint64_t found = 0;
  for (int k = 0; k < n && found < limit; ++k) {
    g[static_cast<std::size_t>(cell)] =
        order != nullptr ? (*order)[static_cast<std::size_t>(k)] : k + 1;
    if (fits(rules, g, cell)) found += brute(rules, g, limit - found, first, order);
  }
  g[static_cast<std::size_t>(cell)] = 0;
  return found;
}

sudoku::Rules to_variant(const Rules& rules) {
  sudoku::Rules v;
  v.diagonals = rules.x;
  v.windows = rules.windows;
  v.anti_knight = rules.knight;
  v.anti_king = rules.king;
  for (const int r : rules.region) v.regions.push_back(static_cast<std::uint8_t>(r));
  for (const auto& [sum, cells] : rules.cages) v.cages.push_back({sum, cells});
  return v;
}

sudoku::Board to_board(const Rules& rules, const std::vector<int>& g) {
  sudoku::Board board(sudoku::Geometry{rules.box_rows, rules.box_cols});
  for (int cell = 0; cell < board.cell_count(); ++cell)
    board.set(cell, g[static_cast<std::size_t>(cell)]);
  return board;
}

std::vector<int> from_board(const sudoku::Board& board) {
  std::vector<int> g;
  for (int cell = 0; cell < board.cell_count(); ++cell) g.push_back(board[cell]);
  return g;
}

// Random cages over a solution: connected, distinct digits, sizes 1..4.
std::vector<std::pair<int, std::vector<int>>> random_cages(int n, const std::vector<int>& solution,
                                                           std::mt19937& rng) {
  std::vector<int> cage(static_cast<std::size_t>(n * n), -1);
  std::vector<int> order(static_cast<std::size_t>(n * n));
  for (int k = 0; k < n * n; ++k) order[static_cast<std::size_t>(k)] = k;
  std::shuffle(order.begin(), order.end(), rng);
  std::vector<std::pair<int, std::vector<int>>> cages;
  for (const int start : order) {
    if (cage[static_cast<std::size_t>(start)] >= 0) continue;
    const int id = static_cast<int>(cages.size());
    std::vector<int> cells{start};
    cage[static_cast<std::size_t>(start)] = id;
    const int size = 1 + static_cast<int>(rng() % 4);
    while (static_cast<int>(cells.size()) < size) {
      std::vector<int> frontier;
      for (const int x : cells) {
        const int r = x / n, c = x % n;
        for (const auto& [dr, dc] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
          const int r2 = r + dr, c2 = c + dc;
          if (r2 < 0 || r2 >= n || c2 < 0 || c2 >= n) continue;
          const int y = r2 * n + c2;
          if (cage[static_cast<std::size_t>(y)] >= 0) continue;
          bool fresh = true;
          for (const int z : cells)
            fresh = fresh &&
                    solution[static_cast<std::size_t>(z)] != solution[static_cast<std::size_t>(y)];
          if (fresh) frontier.push_back(y);
        }
      }
      if (frontier.empty()) break;
      const int y = frontier[rng() % frontier.size()];
      cage[static_cast<std::size_t>(y)] = id;
      cells.push_back(y);
    }
    int sum = 0;
    for (const int x : cells) sum += solution[static_cast<std::size_t>(x)];
    cages.emplace_back(sum, cells);
  }
  return cages;
}

// A random solution of `rules` by the backtracker, digits in a shuffled order.
std::vector<int> random_solution(const Rules& rules, std::mt19937& rng) {
  std::vector<int> order;
  for (int d = 1; d <= rules.n(); ++d) order.push_back(d);
  std::shuffle(order.begin(), order.end(), rng);
  std::vector<int> g(static_cast<std::size_t>(rules.n() * rules.n()), 0), first;
  brute(rules, g, 1, &first, &order);
  return first;
}

// Counts `puzzle` both ways and checks every enumerated solution.
void compare(const Rules& rules, const std::vector<int>& puzzle, std::uint64_t cap = 100000) {
  std::vector<int> g = puzzle;
  const std::uint64_t expected = brute(rules, g, cap);
  REQUIRE(expected < cap);
  sudoku::Solver solver(sudoku::Backend::dlx);
  const sudoku::Rules variant = to_variant(rules);
  REQUIRE_FALSE(sudoku::rules_problem(sudoku::Geometry{rules.box_rows, rules.box_cols}, variant));
  const sudoku::Board board = to_board(rules, puzzle);
  CHECK(solver.solve(board, variant, sudoku::Solver::kNoLimit).solutions == expected);
  std::set<std::vector<int>> seen;
  sudoku::Solver::Enumeration solutions = solver.enumerate(board, variant);
  while (solutions.next()) {
    const std::vector<int> s = from_board(solutions.solution());
    CHECK(obeys(rules, puzzle, s));
    CHECK(seen.insert(s).second);
    CHECK_FALSE(sudoku::check_solution(board, variant, solutions.solution()));
  }
  CHECK(seen.size() == expected);
}

std::vector<int> blank_out(std::vector<int> g, int blanks, std::mt19937& rng) {
  std::vector<int> cells(g.size());
  for (std::size_t k = 0; k < g.size(); ++k) cells[k] = static_cast<int>(k);
  std::shuffle(cells.begin(), cells.end(), rng);
  for (int k = 0; k < blanks && k < static_cast<int>(cells.size()); ++k)
    g[static_cast<std::size_t>(cells[static_cast<std::size_t>(k)])] = 0;
  return g;
}

// Jigsaw layouts of connected regions, 6x6 and 9x9, row-major labels.
const char* const kJigsaw6 = "322222351112351444351164356664355664";
const char* const kJigsaw9 =
    "111222222"
    "411223333"
    "411233533"
    "411553566"
    "444555569"
    "774566669"
    "774486869"
    "788888899"
    "777789999";

std::vector<int> labels(const char* text) {
  std::vector<int> region;
  for (const char* p = text; *p != 0; ++p) region.push_back(*p - '1');
  return region;
}

}  // namespace

TEST_CASE("variant counts on 4x4 and 6x6 boards agree with a backtracker", "[sudoku][variant]") {
  std::mt19937 rng(2026);
  std::vector<Rules> all;
  for (const auto& [rows, cols] : {std::pair{2, 2}, {2, 3}}) {
    Rules base;
    base.box_rows = rows;
    base.box_cols = cols;
    Rules x = base, knight = base, king = base, both = base, jig = base;
    x.x = true;
    knight.knight = true;
    king.king = true;
    both.x = both.king = true;
    all.insert(all.end(), {base, x, knight, king});
    // (6x6 x + anti-king and this jigsaw + x have no grid at all; proving it takes the
    // backtracker seconds, so they are tried on 4x4 only.)
    if (cols == 2) all.push_back(both);
    if (rows == 2 && cols == 3) {
      jig.region = labels(kJigsaw6);
      all.push_back(jig);
    }
  }
  for (const Rules& rules : all) {
    const std::vector<int> solution = random_solution(rules, rng);
    if (solution.empty()) {  // no grid at all (4x4 anti-knight, ...): both must say 0
      compare(rules, std::vector<int>(static_cast<std::size_t>(rules.n() * rules.n()), 0));
      continue;
    }
    // Every cell blank only on 4x4 (288 classic grids; 6x6 has 28200960).
    const int cells = rules.n() * rules.n();
    for (int blanks : {cells / 2, rules.n() == 4 ? cells * 3 / 4 : cells * 5 / 9,
                       rules.n() == 4 ? cells : cells * 5 / 9}) {
      compare(rules, blank_out(solution, blanks, rng));
    }
    // Killer cages over the same grid, with and without the variant's other rules, no givens.
    Rules killer = rules;
    killer.cages = random_cages(rules.n(), solution, rng);
    compare(killer, std::vector<int>(solution.size(), 0));
    compare(killer, blank_out(solution, static_cast<int>(solution.size()) - 3, rng));
  }
}

TEST_CASE("9x9 variant puzzles count as the backtracker does", "[sudoku][variant]") {
  std::mt19937 rng(7);
  Rules base;
  base.box_rows = base.box_cols = 3;
  std::vector<Rules> all;
  Rules r = base;
  r.x = true;
  all.push_back(r);
  r = base;
  r.windows = true;
  all.push_back(r);
  r = base;
  r.knight = true;
  all.push_back(r);
  r = base;
  r.king = true;
  all.push_back(r);
  r = base;
  r.region = labels(kJigsaw9);
  all.push_back(r);
  for (const Rules& rules : all) {
    // A grid from the engine (checked here by the backtracker's rules), then puzzles from it.
    // The engine starts from a first row 1-9: on some empty grids (jigsaw, anti-knight) its
    // first descent can wander for millions of nodes. Anti-knight's is the pattern
    // (3r + r/3 + c) mod 9 + 1, which keeps knight steps apart.
    std::vector<int> solution;
    if (rules.knight) {
      for (int cell = 0; cell < 81; ++cell)
        solution.push_back((3 * (cell / 9) + cell / 27 + cell % 9) % 9 + 1);
    } else {
      sudoku::Solver solver(sudoku::Backend::dlx);
      sudoku::Board start(sudoku::Geometry{3, 3});
      for (int c = 0; c < 9; ++c) start.set(c, c + 1);
      const auto grid = solver.solve(start, to_variant(rules), 1);
      REQUIRE(grid.solutions == 1);
      solution = from_board(grid.first);
    }
    const std::vector<int> none(81, 0);
    REQUIRE(obeys(rules, none, solution));
    for (int blanks : {40, 46}) compare(rules, blank_out(solution, blanks, rng));
    Rules killer = rules;
    killer.cages = random_cages(9, solution, rng);
    compare(killer, blank_out(solution, 55, rng));
  }
}

TEST_CASE("a 9x9 killer without givens counts as the backtracker does", "[sudoku][variant]") {
  std::mt19937 rng(11);
  Rules rules;
  rules.box_rows = rules.box_cols = 3;
  sudoku::Solver solver(sudoku::Backend::dlx);
  for (int round = 0; round < 3; ++round) {
    const std::vector<int> solution = random_solution(rules, rng);
    Rules killer = rules;
    killer.cages = random_cages(9, solution, rng);
    const auto result =
        solver.solve(sudoku::Board(sudoku::Geometry{3, 3}), to_variant(killer), 1000);
    REQUIRE(result.solutions >= 1);
    CHECK(obeys(killer, std::vector<int>(81, 0), from_board(result.first)));
    // The backtracker needs givens to finish in time: half of the grid, from the engine's own
    // first answer, must leave exactly the solutions the engine finds with those givens.
    compare(killer, blank_out(solution, 45, rng));
  }
}

TEST_CASE("a cage whose sum no digits make has no solution", "[sudoku][variant]") {
  sudoku::Rules v;
  v.cages.push_back({2, {0, 1}});  // two distinct digits cannot add up to 2
  sudoku::Solver solver(sudoku::Backend::dlx);
  CHECK(solver.solve(sudoku::Board(sudoku::Geometry{3, 3}), v, 2).solutions == 0);
}

TEST_CASE("an interrupt stops a variant count between solutions and between slices",
          "[sudoku][variant]") {
  // The empty 6x6 board (28,200,960 grids): solutions come every few nodes, so only the asking
  // between solutions can stop the count. An empty 25x25 X-sudoku's first solution may take
  // several slices of nodes: asked between them, it stops there, the search paused.
  sudoku::Solver solver(sudoku::Backend::dlx);
  for (const long yes_at : {1L, 3L}) {
    long asked = 0;
    solver.set_interrupt([&] { return ++asked >= yes_at; });
    const auto r = solver.solve(sudoku::Board(sudoku::Geometry{2, 3}), sudoku::Rules{},
                                sudoku::Solver::kNoLimit);
    CHECK(asked == yes_at);
    CHECK(r.solutions > 0);
    CHECK(r.solutions < 28200960);
  }
  sudoku::Rules x;
  x.diagonals = true;
  long asked = 0;
  solver.set_interrupt([&] { return ++asked >= 2; });
  const auto stopped = solver.solve(sudoku::Board(sudoku::Geometry{5, 5}), x, 1);
  CHECK(asked <= 2);
  if (asked == 2) CHECK_FALSE(stopped.complete);  // stopped inside the search
  solver.set_interrupt({});
  CHECK(solver.solve(sudoku::Board(sudoku::Geometry{2, 3}), sudoku::Rules{}, 1000).solutions ==
        1000);
}

TEST_CASE("variant names parse and print", "[sudoku][variant]") {
  const auto name = sudoku::parse_variant("x+anti-king");
  REQUIRE(name);
  CHECK(name->rules.diagonals);
  CHECK(name->rules.anti_king);
  CHECK(name->rules.name() == "anti-king+x");
  CHECK(sudoku::parse_variant("killer")->killer);
  CHECK(sudoku::parse_variant("jigsaw,x")->jigsaw);
  CHECK_FALSE(sudoku::parse_variant("diagonal"));
  CHECK_FALSE(sudoku::parse_variant(""));
  CHECK(sudoku::rules_problem(sudoku::Geometry{2, 3}, name->rules) == std::nullopt);
  sudoku::Rules w;
  w.windows = true;
  CHECK(sudoku::rules_problem(sudoku::Geometry{2, 3}, w));
}

namespace {

std::vector<sudoku::ReadEntry> read_all(const std::string& text) {
  std::istringstream in(text);
  sudoku::Reader reader(in, "t");
  std::vector<sudoku::ReadEntry> out;
  while (auto entry = reader.next()) out.push_back(std::move(*entry));
  return out;
}

std::string error_at(const sudoku::ReadEntry& entry) {
  const auto* e = std::get_if<sudoku::ReadError>(&entry);
  return e == nullptr ? "" : e->to_string();
}

}  // namespace

TEST_CASE("the reader attaches regions and cages to the puzzles they belong to",
          "[sudoku][variant][reader]") {
  const std::string blank(81, '.');
  const auto entries = read_all(std::string("# regions ") + kJigsaw9 + "\n" +
                                "# cage 3 r1c1 r1c2\n# cage 17 R9C9 r9c8\n" + blank + "\n" + blank +
                                "\n# regions none\n" + blank + "\n");
  REQUIRE(entries.size() == 3);
  const auto& first = std::get<sudoku::Puzzle>(entries[0]);
  CHECK(first.variant.regions.size() == 81);
  CHECK(first.variant.regions[20] == 0);  // r3c3 is in region 1
  CHECK(first.variant.regions[44] == 8);  // r5c9 is in region 9
  REQUIRE(first.variant.cages.size() == 2);
  CHECK(first.variant.cages[0] == sudoku::Cage{3, {0, 1}});
  CHECK(first.variant.cages[1] == sudoku::Cage{17, {80, 79}});
  const auto& second = std::get<sudoku::Puzzle>(entries[1]);
  CHECK(second.variant.regions.size() == 81);
  CHECK(second.variant.cages.empty());
  CHECK(std::get<sudoku::Puzzle>(entries[2]).variant.classic());
}

TEST_CASE("malformed region and cage lines are reported where they stand",
          "[sudoku][variant][reader]") {
  const std::string blank(81, '.');
  std::string bad_regions = kJigsaw9;
  bad_regions[80] = '8';  // region 9 (first at r5c9) has 8 cells, region 8 has 10
  const auto entries = read_all("# regions " + bad_regions + "\n" + blank + "\n" +           // 1, 2
                                "# regions none\n" +                                         // 3
                                "# cage 3 r1c1 r10c1\n" + blank + "\n" +                     // 4, 5
                                "# cage 3 r1c1 r1c2\n# cage 4 r1c2 r1c3\n" + blank + "\n" +  // 6-8
                                "# cage 99 r1c1\n" + blank + "\n" +  // 9, 10
                                "# cage 12 r1c1 r1c2 r1c3 r1c4 r1c5 r1c6 r1c7 r1c8 r1c9 r2c1\n" +
                                blank + "\n" +                      // 11, 12
                                "# cage x r1c1\n" + blank + "\n" +  // 13, 14
                                blank + "\n" +                      // 15: fine
                                "# cage 5 r1c1\n");                 // 16
  REQUIRE(entries.size() == 10);
  CHECK(error_at(entries[0]).starts_with("t:1:55: # regions: region '9' has 8 cells"));
  CHECK(error_at(entries[1]).starts_with("t:2: puzzle skipped"));
  CHECK(error_at(entries[2]).starts_with("t:4:15: # cage: cell r10c1 is outside the 9x9 board"));
  CHECK(error_at(entries[3])
            .starts_with("t:7:10: # cage: cell r1c2 is already in the cage on line 6"));
  CHECK(error_at(entries[4]).starts_with("t:9:8: # cage: sum 99 is outside 1..45"));
  CHECK(error_at(entries[5]).starts_with("t:11:56: # cage: a cage holds at most 9 cells"));
  CHECK(error_at(entries[6]).starts_with("t:13:8: # cage: the sum comes first"));
  CHECK(error_at(entries[7]) ==
        "t:14: puzzle skipped: the '# cage' line before it (line 13) is malformed");
  CHECK(std::holds_alternative<sudoku::Puzzle>(entries[8]));
  CHECK(error_at(entries[9]) == "t:16:1: # cage with no puzzle after it");
  // The errors of the lines themselves stand for no puzzle; the rest are one per puzzle line
  // (2, 5, 8, 10, 12, 14, 15): a cage error found against its puzzle stands for that puzzle.
  std::vector<std::size_t> rules_lines;
  std::size_t records = 0;
  for (const auto& entry : entries) {
    const auto* e = std::get_if<sudoku::ReadError>(&entry);
    if (e != nullptr && e->rules_line) rules_lines.push_back(e->line);
    else ++records;
  }
  CHECK(rules_lines == std::vector<std::size_t>{1, 13, 16});
  CHECK(records == 7);
}

TEST_CASE("a rules line that is wrong or incomplete makes the puzzles it governs errors",
          "[sudoku][variant][reader]") {
  const std::string blank(81, '.');
  const auto errors = [](const std::vector<sudoku::ReadEntry>& entries) {
    std::vector<std::string> texts;
    for (const auto& entry : entries) {
      const auto* e = std::get_if<sudoku::ReadError>(&entry);
      texts.push_back(e == nullptr ? "puzzle" : (e->rules_line ? "rules " : "") + e->to_string());
    }
    return texts;
  };
  // "# variant jigsaw" and "# variant killer" ask each puzzle for regions or cages, as
  // --variant does; without them the puzzle is not solved as a classic one.
  CHECK(errors(read_all("# variant jigsaw\n" + blank + "\n# regions " + kJigsaw9 + "\n" + blank +
                        "\n")) ==
        std::vector<std::string>{"t:2: the '# variant' line (line 1) asks for jigsaw regions: no "
                                 "'# regions' line before this puzzle",
                                 "puzzle"});
  CHECK(errors(read_all("# variant x+killer\n" + blank + "\n# cage 3 r1c1 r1c2\n" + blank + "\n" +
                        blank + "\n# variant x\n" + blank + "\n")) ==
        std::vector<std::string>{"t:2: the '# variant' line (line 1) asks for killer cages: no "
                                 "'# cage' lines before this puzzle",
                                 "puzzle",
                                 "t:5: the '# variant' line (line 1) asks for killer cages: no "
                                 "'# cage' lines before this puzzle",
                                 "puzzle"});
  // A malformed variant or box line: every puzzle until the next line of its kind is an error,
  // not a puzzle under other rules or another shape.
  CHECK(errors(read_all("# variant x+bogus\n" + blank + "\n" + blank + "\n# variant x\n" + blank +
                        "\n")) ==
        std::vector<std::string>{
            "rules t:1:11: # variant: unknown variant 'x+bogus' (" +
                std::string(sudoku::kVariantNames) + ")",
            "t:2: puzzle skipped: the '# variant' line before it (line 1) is malformed",
            "t:3: puzzle skipped: the '# variant' line before it (line 1) is malformed", "puzzle"});
  CHECK(errors(read_all("# box 3x\n" + blank + "\n# box auto\n" + blank + "\n")) ==
        std::vector<std::string>{
            "rules t:1:7: '# box' wants RxC with R*C from 1 to 35 (such as 3x2), or auto; got '3x'",
            "t:2: puzzle skipped: the '# box' line before it (line 1) is malformed", "puzzle"});
  // A row of labels is refused at once, at its line, just past its last label (column 20).
  CHECK(errors(read_all("# regions 111222333\n" + blank + "\n")) ==
        std::vector<std::string>{
            "rules t:1:20: # regions: 9 labels; the line labels every cell of the board: N*N for "
            "N = 4, 6, 8, 9, 10, 12, ..., 35 (81 for 9x9), other sides after a '# box' line",
            "t:2: puzzle skipped: the '# regions' line before it (line 1) is malformed"});
  CHECK(errors(read_all("# box 3x3\n# regions 111 222 333 1\n" + blank + "\n")) ==
        std::vector<std::string>{
            "rules t:2:24: # regions: 10 labels; boxes of 3x3 make a 9x9 board: 81 labels, one a "
            "cell",
            "t:3: puzzle skipped: the '# regions' line before it (line 2) is malformed"});
  // Under a "# box" line a side the reader would not detect is fine: 1x3 boxes, a 3x3 board.
  const auto small = read_all("# box 1x3\n# regions 112 122 333\n1........\n");
  REQUIRE(small.size() == 1);
  CHECK(std::get<sudoku::Puzzle>(small[0]).variant.regions ==
        std::vector<std::uint8_t>{0, 0, 1, 0, 1, 1, 2, 2, 2});
}
