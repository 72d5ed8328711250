// Counting by memo (dlx/memo.hpp) against independent facts: published tiling counts (OEIS
// A099390 for dominoes in rectangles, 2^(n(n+1)/2) for Aztec diamonds, 3,403,624 right-tromino
// tilings of 6 x 15), Bell numbers (every nonempty subset of n items as an option), (2m-1)!!
// perfect matchings of 2m points, Knuth's DLX2/DLX3 counts of the reference files; the ZDD read
// back by a parser written here (paths counted by its own recursion, every path checked as a
// cover by xcc_checkers.hpp); samples checked as covers and by a chi-square test.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <functional>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "../xcc_reference_counts.hpp"
#include "dlx/examples.hpp"
#include "dlx/knuth_format.hpp"
#include "dlx/memo.hpp"
#include "xcc_checkers.hpp"

namespace {

using dlx::BigCount;

BigCount big(const char* digits) { return BigCount(digits); }

dlx::Problem all_subsets(int n) {
  dlx::Problem problem;
  for (int i = 0; i < n; ++i) problem.add_primary("i" + std::to_string(i));
  for (int mask = 1; mask < (1 << n); ++mask) {
    std::vector<dlx::ItemId> items;
    for (int i = 0; i < n; ++i)
      if (mask >> i & 1) items.push_back(i);
    problem.add_option(std::span<const dlx::ItemId>(items));
  }
  return problem;
}

dlx::Problem all_pairs(int points) {
  dlx::Problem problem;
  for (int i = 0; i < points; ++i) problem.add_primary("p" + std::to_string(i));
  for (int i = 0; i < points; ++i)
    for (int j = i + 1; j < points; ++j) problem.add_option({i, j});
  return problem;
}

dlx::KnuthProblem read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in);
  return dlx::read_knuth(in, path);
}

// A ZDD in Graphillion's text format, read without the library.
struct Zdd {
  struct Node {
    int var;
    std::string lo, hi;
  };
  std::map<std::string, Node> nodes;  // by id
  std::string root;                   // "B", "T" or an id
  std::string fault;                  // why the text is not a well-formed reduced ZDD

  explicit Zdd(const std::string& text) {
    std::istringstream in(text);
    std::string line;
    std::set<std::tuple<int, std::string, std::string>> seen;
    bool ended = false;
    while (std::getline(in, line)) {
      if (line == ".") {
        ended = true;
        break;
      }
      std::istringstream words(line);
      std::string id, lo, hi;
      int var = 0;
      if (line == "B" || line == "T") {
        root = line;
        continue;
      }
      if (!(words >> id >> var >> lo >> hi)) fault = "bad line: " + line;
      for (const auto& child : {lo, hi}) {
        if (child != "B" && child != "T" && !nodes.count(child))
          fault = "child after parent: " + line;
      }
      if (hi == "B") fault = "hi is B: " + line;
      if (!seen.insert({var, lo, hi}).second) fault = "two equal nodes: " + line;
      nodes[id] = {var, lo, hi};
      root = id;
    }
    if (!ended) fault = "no final '.'";
  }

  BigCount paths(const std::string& id, std::map<std::string, BigCount>& memo) const {
    if (id == "B") return 0;
    if (id == "T") return 1;
    if (auto it = memo.find(id); it != memo.end()) return it->second;
    const Node& n = nodes.at(id);
    return memo[id] = paths(n.lo, memo) + paths(n.hi, memo);
  }
  BigCount paths() const {
    std::map<std::string, BigCount> memo;
    return paths(root, memo);
  }
  void each_path(const std::string& id, std::vector<dlx::OptionId>& set,
                 const std::function<void(const std::vector<dlx::OptionId>&)>& visit) const {
    if (id == "B") return;
    if (id == "T") {
      visit(set);
      return;
    }
    const Node& n = nodes.at(id);
    each_path(n.lo, set, visit);
    set.push_back(n.var - 1);
    each_path(n.hi, set, visit);
    set.pop_back();
  }
};

std::string zdd_text(const dlx::Problem& problem) {
  std::ostringstream out;
  dlx::MemoCounter(problem).write_zdd(out);
  return out.str();
}

// The same problem written in another order: items (primary among primary, secondary among
// secondary), options, and the items inside each option shuffled, through Knuth's text.
dlx::Problem shuffled(const dlx::Problem& problem, std::uint32_t seed) {
  std::ostringstream text;
  dlx::write_knuth(text, problem);
  std::istringstream in(text.str());
  std::mt19937 random(seed);
  auto words = [](const std::string& line) {
    std::istringstream split(line);
    std::vector<std::string> out;
    for (std::string word; split >> word;) out.push_back(word);
    return out;
  };
  std::string line;
  std::vector<std::string> items;
  while (items.empty() && std::getline(in, line))
    if (line.rfind('|', 0) != 0) items = words(line);
  const auto bar = std::find(items.begin(), items.end(), "|");
  std::shuffle(items.begin(), bar, random);
  if (bar != items.end()) std::shuffle(bar + 1, items.end(), random);
  std::vector<std::vector<std::string>> options;
  while (std::getline(in, line)) {
    if (line.rfind('|', 0) == 0) continue;
    auto option = words(line);
    if (option.empty()) continue;
    std::shuffle(option.begin(), option.end(), random);
    options.push_back(option);
  }
  std::shuffle(options.begin(), options.end(), random);
  std::ostringstream out;
  for (const auto& item : items) out << item << ' ';
  out << '\n';
  for (const auto& option : options) {
    for (const auto& item : option) out << item << ' ';
    out << '\n';
  }
  std::istringstream again(out.str());
  return dlx::read_knuth(again, "shuffled").problem;
}

dlx::BigCount count_in(const dlx::Problem& problem, dlx::MemoOrder order) {
  dlx::MemoOptions options;
  options.order = order;
  return dlx::count_by_memo(problem, options);
}

}  // namespace

TEST_CASE("Memo counts domino tilings of rectangles as OEIS A099390 lists them", "[dlx][memo]") {
  // A099390 T(m, n), rows 1 to 8 of the square array.
  const std::vector<std::vector<const char*>> table = {
      {"0", "1", "0", "1", "0", "1", "0", "1"},
      {"1", "2", "3", "5", "8", "13", "21", "34"},
      {"0", "3", "0", "11", "0", "41", "0", "153"},
      {"1", "5", "11", "36", "95", "281", "781", "2245"},
      {"0", "8", "0", "95", "0", "1183", "0", "14824"},
      {"1", "13", "41", "281", "1183", "6728", "31529", "167089"},
      {"0", "21", "0", "781", "0", "31529", "0", "1292697"},
      {"1", "34", "153", "2245", "14824", "167089", "1292697", "12988816"}};
  for (int m = 1; m <= 8; ++m) {
    for (int n = 1; n <= 8; ++n) {
      INFO(m << "x" << n);
      CHECK(dlx::count_by_memo(dlx::domino_tilings(m, n)) == big(table[m - 1][n - 1]));
    }
  }
  CHECK(dlx::count_by_memo(dlx::domino_tilings(12, 12)) == big("53060477521960000"));
  CHECK(dlx::count_by_memo(dlx::domino_tilings(10, 10)) == big("258584046368"));
}

TEST_CASE("Memo counts the 16 x 16 domino tilings exactly, past 64 bits", "[dlx][memo][slow]") {
  CHECK(dlx::count_by_memo(dlx::domino_tilings(16, 16)) == big("2444888770250892795802079170816"));
  CHECK(dlx::count_by_memo(dlx::domino_tilings(14, 14)) == big("112202208776036178000000"));
}

TEST_CASE("Memo counts Aztec diamond tilings: 2^(n(n+1)/2), past 128 bits", "[dlx][memo]") {
  for (int n = 1; n <= 12; ++n) {
    INFO("order " << n);
    CHECK(dlx::count_by_memo(dlx::aztec_diamond(n)) == BigCount(1) << (n * (n + 1) / 2));
  }
}

TEST_CASE("Memo counts the Aztec diamond of order 16, 2^136, past 128 bits", "[dlx][memo][slow]") {
  // 2^136 does not fit two limbs: the count is redone wider.
  CHECK(dlx::count_by_memo(dlx::aztec_diamond(16)) == BigCount(1) << 136);
}

TEST_CASE("Memo counts right-tromino tilings of 6 x 15: 3,403,624", "[dlx][memo]") {
  CHECK(dlx::count_by_memo(dlx::right_tromino_tilings(2, 3)) == 2);
  CHECK(dlx::count_by_memo(dlx::right_tromino_tilings(6, 15)) == 3403624);
  CHECK(dlx::count_by_memo(dlx::right_tromino_tilings(15, 6)) == 3403624);
}

TEST_CASE("Memo counts set partitions (Bell numbers) and perfect matchings ((2m-1)!!)",
          "[dlx][memo]") {
  const std::vector<std::uint64_t> bell = {1,   2,    5,     15,     52,     203,
                                           877, 4140, 21147, 115975, 678570, 4213597};
  for (int n = 1; n <= 12; ++n) {
    INFO("n = " << n);
    CHECK(dlx::count_by_memo(all_subsets(n)) == bell[static_cast<std::size_t>(n) - 1]);
  }
  std::uint64_t double_factorial = 1;
  for (int m = 1; m <= 11; ++m) {
    double_factorial *= static_cast<std::uint64_t>(2 * m - 1);
    INFO("m = " << m);
    CHECK(dlx::count_by_memo(all_pairs(2 * m)) == double_factorial);
  }
}

TEST_CASE("Memo counts every reference XCC and MCC file as Knuth's DLX2 and DLX3 do",
          "[dlx][memo][xcc]") {
  std::vector<xcc_reference::File> files = xcc_reference::files();
  files.push_back({"two_queens_6.dlx", 1097});
  files.push_back({"word_squares_3x3.dlx", 1188});
  CHECK(files.size() == 34);
  for (const auto& [name, count] : files) {
    INFO(name);
    const auto read = read_file(xcc_reference::kFolder + name);
    CHECK(dlx::count_by_memo(read.problem) == count);
  }
}

TEST_CASE("Memo agrees with brute force on small random problems with colours and ranges",
          "[dlx][memo][xcc]") {
  for (std::uint32_t seed = 1; seed <= 300; ++seed) {
    xcc_test::Shape shape;
    shape.options = 10 + static_cast<int>(seed % 6);
    shape.ranges = seed % 3 != 0;
    shape.colours = static_cast<int>(seed % 3);
    const dlx::Problem problem = xcc_test::random_problem(seed, shape);
    INFO("seed " << seed);
    const auto covers = xcc_test::brute_force_covers(problem);
    CHECK(dlx::count_by_memo(problem) == covers.size());
    dlx::MemoOptions fewest;
    fewest.branching = dlx::MemoBranching::fewest_options;
    if (!shape.ranges) CHECK(dlx::count_by_memo(problem, fewest) == covers.size());
    // The ZDD holds exactly those covers.
    const Zdd zdd(zdd_text(problem));
    CHECK(zdd.fault.empty());
    std::set<xcc_test::Cover> paths;
    std::vector<dlx::OptionId> set;
    zdd.each_path(zdd.root, set, [&](const std::vector<dlx::OptionId>& path) {
      auto sorted = path;
      std::sort(sorted.begin(), sorted.end());
      paths.insert(sorted);
    });
    CHECK(paths == covers);
  }
}

TEST_CASE("A table far below what the count needs gives the same count", "[dlx][memo]") {
  dlx::MemoOptions small;
  small.order = dlx::MemoOrder::given;        // the short side first: 2.7 MB in all
  small.memory_bytes = std::size_t{2} << 20;  // the 12 x 12 dominoes fill 2.7 MB
  dlx::MemoCounter memo(dlx::domino_tilings(12, 12), small);
  CHECK(memo.count() == big("53060477521960000"));
  const dlx::MemoStats stats = memo.stats();
  CHECK(stats.flushes > 0);
  CHECK(stats.peak_bytes <= small.memory_bytes);
}

TEST_CASE("The ZDD of all covers is reduced, its paths are the covers, as many as counted",
          "[dlx][memo][zdd]") {
  for (const auto& problem :
       {dlx::domino_tilings(4, 5), dlx::domino_tilings(6, 6), all_subsets(6), all_pairs(8),
        dlx::aztec_diamond(3), dlx::right_tromino_tilings(6, 6)}) {
    const Zdd zdd(zdd_text(problem));
    REQUIRE(zdd.fault.empty());
    CHECK(zdd.paths() == dlx::count_by_memo(problem));
    std::size_t paths = 0;
    std::vector<dlx::OptionId> set;
    zdd.each_path(zdd.root, set, [&](const std::vector<dlx::OptionId>& path) {
      ++paths;
      INFO(xcc_test::check_cover(problem, path));
      CHECK(xcc_test::check_cover(problem, path).empty());
    });
    CHECK(paths == zdd.paths());
  }
  // Large: 8 x 8 dominoes, paths counted only.
  const Zdd eight(zdd_text(dlx::domino_tilings(8, 8)));
  CHECK(eight.fault.empty());
  CHECK(eight.paths() == 12988816);
  // No cover: the terminal B alone.
  dlx::Problem none;
  none.add_primary("a");
  none.add_primary("b");
  none.add_option({"a"});
  CHECK(zdd_text(none) == "B\n.\n");
}

TEST_CASE("Samples are covers, the same for a seed, and uniform by a chi-square test",
          "[dlx][memo][sample]") {
  const dlx::Problem problem = dlx::domino_tilings(3, 4);  // 11 tilings
  dlx::MemoCounter memo(problem);
  const std::size_t draws = 22000;
  const auto covers = memo.sample(draws, 12345);
  REQUIRE(covers.size() == draws);
  std::map<std::vector<dlx::OptionId>, std::size_t> tally;
  for (const auto& cover : covers) {
    CHECK(xcc_test::check_cover(problem, cover).empty());
    ++tally[cover];
  }
  CHECK(tally.size() == 11);
  const double expected = static_cast<double>(draws) / 11;
  double chi2 = 0;
  for (const auto& [cover, seen] : tally)
    chi2 += std::pow(static_cast<double>(seen) - expected, 2) / expected;
  CHECK(chi2 < 29.59);  // the 0.999 quantile of chi-square with 10 degrees of freedom
  CHECK(memo.sample(5, 7) == dlx::MemoCounter(problem).sample(5, 7));
  CHECK(memo.sample(20, 7) != memo.sample(20, 8));

  // Colours and ranges: every sample a cover.
  const auto read = read_file(DLX_DATA_DIR "/dlx/xcc/two_queens_6.dlx");
  dlx::MemoCounter two(read.problem);
  for (const auto& cover : two.sample(50, 1))
    CHECK(xcc_test::check_cover(read.problem, cover).empty());
  // No cover: no sample.
  dlx::Problem none;
  none.add_primary("a");
  none.add_primary("b");
  none.add_option({"a"});
  CHECK(dlx::MemoCounter(none).sample(3, 1).empty());
}

TEST_CASE("Memory sizes read digits with K, M or G", "[dlx][memo]") {
  CHECK(dlx::parse_memory_size("1G") == std::size_t{1} << 30);
  CHECK(dlx::parse_memory_size("512M") == std::size_t{512} << 20);
  CHECK(dlx::parse_memory_size("64k") == std::size_t{64} << 10);
  CHECK(dlx::parse_memory_size("1000") == 1000);
  for (const char* bad : {"", "G", "1T", "1.5G", "-1M", "1GG", "99999999999999999999G"}) {
    INFO(bad);
    CHECK(dlx::parse_memory_size(bad) == 0);
  }
}

TEST_CASE("Memo counts the same whatever the order of items and options", "[dlx][memo][order]") {
  // Known counts (A099390, 2^(n(n+1)/2), Bell numbers, the tromino count) of problems written
  // in random orders: the order the memo chooses, and for the small ones the order given.
  struct Case {
    const char* name;
    dlx::Problem problem;
    BigCount count;
    bool given;  // small enough for a random order as it comes
  };
  std::vector<Case> cases;
  cases.push_back({"dominoes 4x5", dlx::domino_tilings(4, 5), 95, true});
  cases.push_back({"dominoes 8x8", dlx::domino_tilings(8, 8), 12988816, false});
  cases.push_back({"dominoes 7x8", dlx::domino_tilings(7, 8), 1292697, false});
  cases.push_back({"dominoes 12x12", dlx::domino_tilings(12, 12), big("53060477521960000"), false});
  for (int n = 1; n <= 10; ++n) {
    cases.push_back({"aztec", dlx::aztec_diamond(n), BigCount(1) << (n * (n + 1) / 2), n <= 3});
  }
  cases.push_back({"trominoes 6x15", dlx::right_tromino_tilings(6, 15), 3403624, false});
  cases.push_back({"trominoes 4x6", dlx::right_tromino_tilings(4, 6), 18, true});
  cases.push_back({"Bell 9", all_subsets(9), 21147, true});
  cases.push_back({"(2m-1)!! for m = 5", all_pairs(10), 945, true});
  for (const auto& c : cases) {
    for (std::uint32_t seed = 1; seed <= 4; ++seed) {
      INFO(c.name << " of " << c.problem.item_count() << " items, seed " << seed);
      const dlx::Problem problem = shuffled(c.problem, seed);
      CHECK(count_in(problem, dlx::MemoOrder::automatic) == c.count);
      if (c.given) CHECK(count_in(problem, dlx::MemoOrder::given) == c.count);
    }
  }
}

TEST_CASE("Memo counts the XCC and MCC files the same in random orders", "[dlx][memo][order]") {
  const std::vector<xcc_reference::File> files = xcc_reference::files();
  REQUIRE(files.size() == 32);
  for (const auto& [name, count] : files) {
    const auto read = read_file(xcc_reference::kFolder + name);
    for (std::uint32_t seed = 1; seed <= 3; ++seed) {
      INFO(name << ", seed " << seed);
      const dlx::Problem problem = shuffled(read.problem, seed);
      CHECK(count_in(problem, dlx::MemoOrder::automatic) == count);
      CHECK(count_in(problem, dlx::MemoOrder::given) == count);
    }
  }
}

TEST_CASE("The chosen order keeps a row-by-row board's key to about its short side",
          "[dlx][memo][order]") {
  // The 10 x 10 board written row by row and shuffled: a narrow order exists (rows or
  // diagonals, 11 items live), where the shuffled order given has about half the board live.
  const dlx::Problem problem = shuffled(dlx::domino_tilings(10, 10), 7);
  dlx::MemoCounter chosen(problem);
  CHECK(chosen.count() == big("258584046368"));
  CHECK(chosen.stats().frontier_items <= 12);
  dlx::MemoOptions given;
  given.order = dlx::MemoOrder::given;
  CHECK(dlx::MemoCounter(problem, given).stats().frontier_items > 30);
}

TEST_CASE("A memo whose table does not pay gives way to the plain count", "[dlx][memo][order]") {
  // 12 queens: 14,200 placements (OEIS A000170), and sub-problems keyed by the rows, columns
  // and diagonals still free, which seldom recur (about one hit for 9 nodes).
  const dlx::Problem queens = dlx::queens(12);  // it must outlive the counter
  dlx::MemoCounter memo(queens);
  CHECK(memo.count() == 14200);
  CHECK(memo.stats().gave_up);
  CHECK(memo.stats().plain_nodes > 0);
  // A memo that pays goes on.
  const dlx::Problem board = dlx::domino_tilings(12, 12);
  dlx::MemoCounter dominoes(board);
  CHECK(dominoes.count() == big("53060477521960000"));
  CHECK_FALSE(dominoes.stats().gave_up);
}
