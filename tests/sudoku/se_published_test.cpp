// Sudoku Explainer ratings against those published by others (data/sudoku/se_rated.txt: the
// players' forum's hardest-sudokus database with its ER/EP/ED columns, and Sukaku Explainer's
// SE 1.2.1 mode on generated puzzles). Our solve differs from SE's in places (docs/rating.md), so
// the full set checks an agreement rate; a few puzzles rated exactly alike run by default.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <sudoku/reader.hpp>
#include "sudoku/rate/se_rating.hpp"

#include "support.hpp"

namespace {

struct Published {
  std::string puzzle;
  int er = 0, ep = 0, ed = 0;  // tenths
  std::string name;
  int part = 0;  // 1: the forum's database, 2: Sukaku Explainer's SE 1.2.1 mode
};

int tenths(const std::string& text) { return static_cast<int>(std::lround(std::stod(text) * 10)); }

/// The file's entries, read here rather than by the library: "puzzle # ER/EP/ED name".
std::vector<Published> published() {
  std::ifstream in(sudoku_test::data_path("se_rated.txt"));
  std::vector<Published> out;
  std::string line;
  int part = 0;
  while (std::getline(in, line)) {
    if (line.rfind("# Part ", 0) == 0) part = line[7] - '0';
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    Published p;
    std::string hash, ratings;
    fields >> p.puzzle >> hash >> ratings >> p.name;
    const auto a = ratings.find('/'), b = ratings.rfind('/');
    p.er = tenths(ratings.substr(0, a));
    p.ep = tenths(ratings.substr(a + 1, b - a - 1));
    p.ed = tenths(ratings.substr(b + 1));
    p.part = part;
    out.push_back(p);
  }
  return out;
}

sudoku::Board board_of(const std::string& line) {
  std::istringstream in(line);
  sudoku::Reader reader(in);
  return std::get<sudoku::Puzzle>(*reader.next()).board;
}

struct Ours {
  int er = 0, ep = 0, ed = 0;
};

Ours rate(const Published& p) {
  const auto r = sudoku::se_rating(board_of(p.puzzle));
  REQUIRE(r);
  return {static_cast<int>(std::lround(r->er * 10)), static_cast<int>(std::lround(r->ep * 10)),
          static_cast<int>(std::lround(r->ed * 10))};
}

}  // namespace

TEST_CASE("the published SE ratings file reads whole", "[sudoku][se]") {
  const auto all = published();
  int forum = 0, sukaku = 0;
  for (const auto& p : all) {
    CHECK(p.puzzle.size() == 81);
    CHECK(p.er >= p.ep);
    (p.part == 1 ? forum : sukaku) += 1;
  }
  CHECK(forum == 269);
  CHECK(sukaku == 30);
}

TEST_CASE("SE ratings equal the published ones on a few puzzles", "[sudoku][se]") {
  // Sudoku Explainer's own figures for these (the file's comments); ours agree exactly. SE's
  // direct techniques decide some: hard-s13 starts with a unit's last empty cell (ED 1.0),
  // hard-s21 with a direct hidden pair (ED 2.0), hard-s1's hardest step is a direct hidden
  // triplet (ER 2.5). tarx0002's ED (10.4) counts two inner contradictions of one assumption,
  // conclusion and length that clash in other places as two chains, as SE's FullChain does
  // (counted once, 10.3).
  const std::vector<std::string> names = {"easy-s1",
                                          "medium-s3",
                                          "hard-s17",
                                          "fiendish-s3",
                                          "fiendish-s19",
                                          "HardestSudokusThread-00005;tarx0105",
                                          "HardestSudokusThread-00020;pearly6000-3046;tarx0002",
                                          "hard-s13",
                                          "hard-s21",
                                          "hard-s1"};
  int rated = 0;
  for (const auto& p : published()) {
    if (std::find(names.begin(), names.end(), p.name) == names.end()) continue;
    INFO(p.name << " " << p.puzzle);
    const Ours o = rate(p);
    // tarx0105 (SE 11.0) needs a case that clashes to keep what it reached, as SE's does:
    // without that rule it rates 11.1.
    CHECK(o.er == p.er);
    CHECK(o.ep == p.ep);
    CHECK(o.ed == p.ed);
    ++rated;
  }
  CHECK(rated == static_cast<int>(names.size()));
}

TEST_CASE("every step of SE's path holds in the solution", "[sudoku][se]") {
  // The Sukaku Explainer puzzles (quick to rate): each step's placements are the solution's
  // digits and its eliminations are not, the direct techniques and the XYZ-wing included.
  int checked = 0;
  for (const auto& p : published()) {
    if (p.part != 2) continue;
    INFO(p.name << " " << p.puzzle);
    const sudoku::Board puzzle = board_of(p.puzzle);
    sudoku_test::BruteForce bf(puzzle);
    REQUIRE(bf.count(2, 1) == 1);
    const sudoku::Board& solution = bf.solutions().front();
    const auto r = sudoku::se_rating(puzzle);
    REQUIRE(r);
    REQUIRE(r->solved);
    CHECK(static_cast<int>(r->path.size()) == r->steps);
    for (const auto& step : r->path) {
      INFO(step.name);
      for (const auto& cd : step.step.placed) CHECK(solution[cd.cell] == cd.digit);
      for (const auto& cd : step.step.eliminated) CHECK(solution[cd.cell] != cd.digit);
      ++checked;
    }
  }
  CHECK(checked > 1000);
}

TEST_CASE("SE ratings agree with the published ones at the measured rate", "[sudoku][se][slow]") {
  // Measured 2026-11-26 (bench/results/se-rating.md): of the forum's 269, ER/EP/ED all equal on
  // 83, ER equal on 91 and within 0.5 on 268; of Sukaku Explainer's 30, all equal on 23. A
  // change that rates more puzzles as SE does raises these; one that rates fewer fails here,
  // as does one that rates more below SE's ER by more than 0.1 (the bound).
  int n[3] = {}, all[3] = {}, er[3] = {}, near[3] = {}, lower[3] = {};
  for (const auto& p : published()) {
    const Ours o = rate(p);
    ++n[p.part];
    all[p.part] += o.er == p.er && o.ep == p.ep && o.ed == p.ed;
    er[p.part] += o.er == p.er;
    near[p.part] += std::abs(o.er - p.er) <= 5;
    lower[p.part] += o.er < p.er - 1;
    if (o.er < p.er - 1) WARN(p.name << ": ER " << o.er << " against SE's " << p.er);
  }
  WARN("forum: " << all[1] << "/" << n[1] << " all three equal, ER " << er[1] << ", ER within 0.5 "
                 << near[1] << "; Sukaku Explainer: " << all[2] << "/" << n[2] << ", ER " << er[2]);
  // 2026-11-27 after SE's rules inside nested chains (3a60a02): 203 all equal, ER 211, all 269
  // within 0.5; 2026-11-28 after a clashing case keeps what it reached (as SE's): 247 all
  // equal, ER 255, all 269 within 0.5.
  // 2026-11-28 with SE's bidirectional cycles inside nested chains (and Nishio): 256 all equal,
  // ER 260; ER lower than SE's by more than 0.1 on two only (#58, gsf-2007-05-24-0032, and
  // #83, whose published figures SE itself does not give for the puzzle listed:
  // docs/rating.md).
  // 2026-11-28 with inner chains told apart by where they end and what they rest on, as SE's
  // FullChain compares them (#58's ER 11.6 -> 11.8): 261 all equal, ER 264; ER lower than SE's
  // by more than 0.1 on #83 only.
  CHECK(all[1] >= 261);
  CHECK(er[1] >= 264);
  CHECK(near[1] >= 269);
  CHECK(lower[1] <= 1);
  CHECK(lower[2] == 0);
  CHECK(all[2] >= 30);
  CHECK(er[2] >= 30);
}
