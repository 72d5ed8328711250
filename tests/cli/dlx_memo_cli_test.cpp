// The dlx program's memo modes on the command line: --count --memo, --zdd, --sample --seed,
// --memo-memory, the tiling examples, and the combinations they refuse (exit 2, a message).
#include <catch2/catch.hpp>

#include <signal.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "run_process.hpp"

namespace {

const std::string kDlx = std::string("'") + DLX_BIN + "'";

cli_test::ProcessResult dlx(const std::string& arguments, const std::string& input = {}) {
  return cli_test::run(kDlx + " " + arguments, input);
}

// A tiling as a set of dominoes, each domino its two cells' names ("r0c1 r1c1"), sorted.
using Tiling = std::set<std::string>;

std::string cell_name(std::pair<int, int> cell) {
  return "r" + std::to_string(cell.first) + "c" + std::to_string(cell.second);
}

std::string domino(std::string a, std::string b) {
  if (b < a) std::swap(a, b);
  return a + " " + b;
}

// Every domino tiling of `cells`, by covering the least uncovered cell each way it can be.
void tile(std::set<std::pair<int, int>>& left, Tiling& partial, std::set<Tiling>& out) {
  if (left.empty()) {
    out.insert(partial);
    return;
  }
  const auto first = *left.begin();
  left.erase(left.begin());
  for (const auto& other :
       {std::pair{first.first, first.second + 1}, std::pair{first.first + 1, first.second}}) {
    if (left.erase(other) == 0) continue;
    const std::string piece = domino(cell_name(first), cell_name(other));
    partial.insert(piece);
    tile(left, partial, out);
    partial.erase(piece);
    left.insert(other);
  }
  left.insert(first);
}

std::set<Tiling> tilings(std::set<std::pair<int, int>> cells) {
  std::set<Tiling> out;
  Tiling partial;
  tile(cells, partial, out);
  return out;
}

// The options of a problem in Knuth's format, in input order (option k is line k - 1), each as
// a domino: its two items, sorted. Comment lines start with '|'; the first other line holds
// the items.
std::vector<std::string> option_lines(const std::string& problem) {
  std::istringstream lines(problem);
  std::vector<std::string> options;
  bool items = false;
  for (std::string line; std::getline(lines, line);) {
    if (line.empty() || line[0] == '|') continue;
    if (!items) {
      items = true;
      continue;
    }
    std::istringstream words(line);
    std::string a, b, more;
    words >> a >> b;
    REQUIRE(!b.empty());
    REQUIRE(!(words >> more));
    options.push_back(domino(a, b));
  }
  return options;
}

// The paths of a ZDD in Graphillion's text format ("id var lo hi" lines, lo and hi an earlier
// id or the terminals B and T, the root last, then "."; a lone B or T is the whole diagram):
// each path from the root to T as its variables, those of the nodes left by their hi edge. It
// also checks the shape the help promises: children before parents, no hi edge to B (reduced),
// no two nodes alike, and (when `increasing`: the items' order given, options listed by their
// first item) variables increasing from the root down.
std::vector<std::vector<int>> zdd_paths(const std::string& text, bool increasing = true) {
  struct Node {
    int var;
    std::string lo, hi;
  };
  std::map<std::string, Node> nodes;
  std::set<std::tuple<int, std::string, std::string>> distinct;
  std::istringstream lines(text);
  std::string line, root;
  while (std::getline(lines, line) && line != ".") {
    std::istringstream words(line);
    std::string id, lo, hi;
    int var = 0;
    if (line == "B" || line == "T") {
      REQUIRE(nodes.empty());
      root = line;
      continue;
    }
    REQUIRE((words >> id >> var >> lo >> hi));
    REQUIRE(id == std::to_string(nodes.size() + 1));  // numbered 1, 2, ...
    CHECK(hi != "B");
    for (const auto& child : {lo, hi}) {
      if (child == "B" || child == "T") continue;
      REQUIRE(nodes.count(child) == 1);  // an earlier node
      if (increasing) CHECK(nodes[child].var > var);
    }
    CHECK(distinct.insert({var, lo, hi}).second);
    nodes[id] = {var, lo, hi};
    root = id;
  }
  CHECK(line == ".");
  CHECK(!std::getline(lines, line));  // nothing after "."
  std::vector<std::vector<int>> paths;
  std::vector<int> path;
  const std::function<void(const std::string&)> walk = [&](const std::string& id) {
    if (id == "T") paths.push_back(path);
    if (id == "B" || id == "T") return;
    const Node& node = nodes.at(id);
    walk(node.lo);
    path.push_back(node.var);
    walk(node.hi);
    path.pop_back();
  };
  REQUIRE(!root.empty());
  walk(root);
  return paths;
}

}  // namespace

TEST_CASE("dlx --count --memo counts tilings exactly, past 64 bits", "[cli][memo]") {
  CHECK(cli_test::run(kDlx + " --example dominoes 8x8 | " + kDlx + " --count --memo").out ==
        "12988816\n");
  CHECK(cli_test::run(kDlx + " --example dominoes 12x12 | " + kDlx + " -c --memo").out ==
        "53060477521960000\n");
  CHECK(cli_test::run(kDlx + " --example aztec 10 | " + kDlx + " -c --memo").out ==
        "36028797018963968\n");  // 2^55
  CHECK(cli_test::run(kDlx + " --example aztec 12 | " + kDlx + " -c --memo").out ==
        "302231454903657293676544\n");  // 2^78
  // The same counts as the plain search on the shipped problems.
  CHECK(dlx("-c --memo " DLX_DATA_DIR "/dlx/queens8.dlx").out == "92\n");
  CHECK(dlx("-c --memo " DLX_DATA_DIR "/dlx/langford8.dlx").out == "300\n");
  CHECK(dlx("-c --memo " DLX_DATA_DIR "/dlx/xcc/two_queens_6.dlx").out == "1097\n");
  // --stats says what the memo did; no cover: exit 1.
  const auto stats =
      cli_test::run(kDlx + " --example dominoes 6x6 | " + kDlx + " -c --memo -s --memo-memory 64M");
  CHECK(stats.exit_code == 0);
  CHECK(stats.err.find("Memo: ") != std::string::npos);
  CHECK(stats.err.find(" hits, ") != std::string::npos);
  const auto none = cli_test::run(kDlx + " --example dominoes 3x3 | " + kDlx + " -c --memo");
  CHECK(none.out == "0\n");
  CHECK(none.exit_code == 1);
}

TEST_CASE("dlx --count --memo says once that its table keeps filling up, and counts right",
          "[cli][memo]") {
  // The 12x12 dominoes in the file's order need 2.6 MiB of table (--stats of a run at the
  // default 1 GiB; the order --memo chooses needs 1.1 MiB): at 1900K it is emptied dozens of
  // times in a fraction of a second. Standard error is a file here, not a terminal: the notice
  // comes all the same, once, even with --no-progress.
  for (const std::string quiet : {"", " --no-progress"}) {
    INFO(quiet);
    const auto r = cli_test::run(kDlx + " --example dominoes 12x12 | " + kDlx +
                                 " -c --memo --order given --memo-memory 1900K -s" + quiet);
    CHECK(r.exit_code == 0);
    CHECK(r.out == "53060477521960000\n");
    std::istringstream err(r.err);
    std::string line;
    int notices = 0;
    std::uint64_t flushes = 0;
    while (std::getline(err, line)) {
      if (line.rfind("dlx: memo: the table is full at 1.9 MiB (--memo-memory) and was emptied ",
                     0) == 0) {
        ++notices;
      }
      if (const auto at = line.find(" flushes, "); line.rfind("Memo: ", 0) == 0) {
        const auto start = line.rfind(", ", at) + 2;
        flushes = std::stoull(line.substr(start, at - start));
      }
    }
    CHECK(notices == 1);
    CHECK(flushes > 2);  // emptied again and again, said once
  }
  // With the room it needs, no notice.
  const auto roomy =
      cli_test::run(kDlx + " --example dominoes 12x12 | " + kDlx + " -c --memo --memo-memory 4M");
  CHECK(roomy.out == "53060477521960000\n");
  CHECK(roomy.err.empty());
}

TEST_CASE("dlx --count --memo in a log: a progress line every 10 seconds, no terminal needed",
          "[cli][memo][slow]") {
  // At 1 MiB the 12x12 dominoes' table, in the file's order, is emptied again and again: minutes
  // of work. Standard error is a file: without --progress, one line every 10 s (this test waits
  // 11.5 s).
  const std::string problem = dlx("--example dominoes 12x12").out;
  const auto r = cli_test::run_and_signal(DLX_BIN, "-c --memo --order given --memo-memory 1M",
                                          problem, SIGINT, std::chrono::milliseconds(11500));
  CHECK(r.exit_code == 130);
  CHECK(r.out.empty());
  CHECK(r.err.find("dlx: memo: the table is full at 1.0 MiB") != std::string::npos);
  const std::regex heartbeat(
      "\ndlx: memo [0-9]+ nodes, [0-9]+ hits, [0-9]+ entries, [0-9.]+ MiB, [0-9]+ flushes, 1[0-9] "
      "s\n");
  CHECK(std::regex_search(r.err, heartbeat));
}

TEST_CASE("dlx --zdd writes a Graphillion ZDD whose paths are the tilings", "[cli][memo][zdd]") {
  // Read back as the format says, every root-to-T path must be one tiling and every tiling one
  // path: the rectangles against a tiler written here and OEIS A099390's counts (2x3: 3, 4x5:
  // 95, 3x8: 153), the Aztec diamond of order 4 against the same tiler and 2^(4*5/2) = 1024.
  const auto rectangle = [](int rows, int columns) {
    std::set<std::pair<int, int>> cells;
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < columns; ++c) cells.insert({r, c});
    return cells;
  };
  std::set<std::pair<int, int>> diamond;  // order 4: |2r - 7| + |2c - 7| <= 8 in the 8 x 8 box
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 8; ++c)
      if (std::abs(2 * r - 7) + std::abs(2 * c - 7) <= 8) diamond.insert({r, c});
  for (const auto& [example, cells, published] :
       std::vector<std::tuple<std::string, std::set<std::pair<int, int>>, std::size_t>>{
           {"dominoes 2x3", rectangle(2, 3), 3},
           {"dominoes 4x5", rectangle(4, 5), 95},
           {"dominoes 3x8", rectangle(3, 8), 153},
           {"aztec 4", diamond, 1024}}) {
    INFO(example);
    const auto problem = dlx("--example " + example);
    REQUIRE(problem.exit_code == 0);
    for (const bool given : {true, false}) {
      INFO((given ? "--order given" : "the order chosen"));
      const auto result = dlx(given ? "--zdd --order given" : "--zdd", problem.out);
      REQUIRE(result.exit_code == 0);
      const auto paths = zdd_paths(result.out, given);
      const auto options = option_lines(problem.out);
      std::set<Tiling> from_zdd;
      for (const auto& path : paths) {
        Tiling tiling;
        for (const int var : path) {
          REQUIRE(var >= 1);
          REQUIRE(static_cast<std::size_t>(var) <= options.size());
          tiling.insert(options[static_cast<std::size_t>(var - 1)]);
        }
        from_zdd.insert(tiling);
      }
      const std::set<Tiling> expected = tilings(cells);
      CHECK(expected.size() == published);
      CHECK(paths.size() == published);  // no path twice
      CHECK(from_zdd == expected);
    }
  }
  const auto none = cli_test::run(kDlx + " --example dominoes 1x3 | " + kDlx + " --zdd");
  CHECK(none.out == "B\n.\n");
  CHECK(none.exit_code == 1);
  CHECK(zdd_paths(none.out).empty());
}

TEST_CASE("dlx --sample K --seed S prints K covers, the same for the same seed",
          "[cli][memo][sample]") {
  const std::string make = kDlx + " --example dominoes 4x4 | ";
  const auto first = cli_test::run(make + kDlx + " --sample 5 --seed 9");
  const auto again = cli_test::run(make + kDlx + " --sample 5 --seed 9");
  const auto other = cli_test::run(make + kDlx + " --sample 5 --seed 10");
  REQUIRE(first.exit_code == 0);
  CHECK(first.out == again.out);
  CHECK(first.out != other.out);
  // Five records of eight dominoes each, every cell once.
  std::istringstream lines(first.out);
  std::string line;
  int records = 0;
  std::multiset<std::string> cells;
  while (std::getline(lines, line)) {
    if (line.empty()) {
      CHECK(cells.size() == 16);
      CHECK(std::set<std::string>(cells.begin(), cells.end()).size() == 16);
      cells.clear();
      ++records;
      continue;
    }
    std::istringstream words(line);
    std::string cell;
    while (words >> cell) cells.insert(cell);
  }
  CHECK(records == 5);
  const auto none = cli_test::run(kDlx + " --example dominoes 3x3 | " + kDlx + " --sample 2");
  CHECK(none.exit_code == 1);
  CHECK(none.err.find("no cover") != std::string::npos);
}

TEST_CASE("dlx refuses memo options that do not apply, with a message and status 2",
          "[cli][memo]") {
  const std::string file = DLX_DATA_DIR "/dlx/queens8.dlx";
  for (const auto& [arguments, message] : std::vector<std::pair<std::string, std::string>>{
           {"--memo " + file, "--memo applies to --count"},
           {"-c --memo --limit 3 " + file, "--limit does not apply to --memo"},
           {"-c --memo --threads 2 " + file, "--threads does not apply to --memo"},
           {"--zdd --sample 3 " + file, "give one of them"},
           {"-c --zdd " + file, "--count does not apply to --zdd"},
           {"--seed 3 " + file, "--seed applies only to --estimate and --sample"},
           {"--sample 0 " + file, "--sample needs"},
           {"--sample 3 --seed x " + file, "--seed needs"},
           {"-c --memo-memory 1G " + file, "--memo-memory applies only"},
           {"-c --memo --memo-memory 12Q " + file, "--memo-memory needs"},
           {"-c --memo --memo-memory 1K " + file, "--memo-memory needs"},
           {"-c --memo --order diagonal " + file, "--order needs auto or given"},
           {"-c --order given " + file, "--order applies only to --memo"},
           {"--example dominoes 8", "--example dominoes needs RxC"},
           {"--example aztec 0", "--example aztec needs"},
           // The help's bound: "N is at most 500" for aztec (its 2N x 2N cells).
           {"--example aztec 501", "--example aztec needs an order from 1 to 500"},
       }) {
    INFO(arguments);
    const auto result = dlx(arguments);
    CHECK(result.exit_code == 2);
    CHECK(result.err.find(message) != std::string::npos);
  }
  const auto help = dlx("--help");
  CHECK(help.out.find("N is at most 500: the diamond spans 2N x 2N") != std::string::npos);
}

TEST_CASE("dlx --memo chooses its item order, and gives way where its table does not pay",
          "[cli][memo]") {
  // Aztec diamond of order 6 written row by row (each row's cells left to right): 2^21 tilings
  // in either order; --stats names the order and its widest key.
  std::string rows;
  std::string options;
  auto inside = [](int r, int c) { return std::abs(2 * r - 11) + std::abs(2 * c - 11) <= 12; };
  for (int r = 0; r < 12; ++r) {
    for (int c = 0; c < 12; ++c) {
      if (!inside(r, c)) continue;
      const std::string cell = "r" + std::to_string(r) + "c" + std::to_string(c);
      rows += cell + " ";
      if (c + 1 < 12 && inside(r, c + 1))
        options += cell + " r" + std::to_string(r) + "c" + std::to_string(c + 1) + "\n";
      if (r + 1 < 12 && inside(r + 1, c))
        options += cell + " r" + std::to_string(r + 1) + "c" + std::to_string(c) + "\n";
    }
  }
  const std::string text = rows + "\n" + options;
  for (const std::string order : {"", " --order auto", " --order given"}) {
    INFO(order);
    const auto r = dlx("-c --memo -s --no-progress" + order, text);
    CHECK(r.exit_code == 0);
    CHECK(r.out == "2097152\n");
    const std::string said = order == " --order given" ? "Order: given, largest frontier "
                                                       : "Order: chosen, largest frontier ";
    CHECK(r.err.find(said) != std::string::npos);
  }
  // 12 queens: 14,200 placements (OEIS A000170); the memo's sub-problems seldom recur, and it
  // says so and counts by the plain search, the same answer.
  const auto r = cli_test::run(kDlx + " --example queens 12 | " + kDlx + " -c --memo");
  CHECK(r.exit_code == 0);
  CHECK(r.out == "14200\n");
  CHECK(r.err.find("dlx: memo: the table does not pay on this problem (") != std::string::npos);
  CHECK(r.err.find("counting by the plain search instead") != std::string::npos);
}
