// The colour and multiplicity showcases: word rectangles (Knuth's XCC model) and k queens (an
// MCC problem). Their counts are checked against Knuth's DLX2/DLX3 counts and, on small sizes,
// against brute force that knows nothing of exact cover; every word rectangle found is checked
// letter by letter.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "dlx/examples.hpp"
#include "dlx/knuth_format.hpp"
#include "dlx/parallel.hpp"
#include "dlx/solver.hpp"

namespace {

dlx::ParallelOptions two_threads() {
  dlx::ParallelOptions options;
  options.threads = 2;
  return options;
}

const std::string kWords = DLX_DATA_DIR "/words/wamerican-3-4.txt";

std::vector<std::string> words(std::size_t length, std::size_t first) {
  std::ifstream in(kWords);
  REQUIRE(in);
  return dlx::read_words(in, length, first);
}

// The grid a word-rectangle cover spells, or a message saying what is wrong with it: every row
// option must hold a word of the list, every column must read as a word of the list, no word
// may appear twice, and the row and column options must agree with the grid.
std::string check_rectangle(const dlx::Problem& problem, std::span<const dlx::OptionId> cover,
                            int rows, int columns, const std::set<std::string>& row_list,
                            const std::set<std::string>& column_list) {
  std::vector<std::string> row_words(static_cast<std::size_t>(rows)),
      column_words(static_cast<std::size_t>(columns));
  for (dlx::OptionId option : cover) {
    const auto items = problem.option(option);
    const std::string line(problem.item_name(items.front()));
    const std::string word_item(problem.item_name(items.back()));
    const std::string word = word_item.substr(2);  // "w_WORD"
    const int index = std::stoi(line.substr(1));
    auto& slot = line[0] == 'r' ? row_words[static_cast<std::size_t>(index)]
                                : column_words[static_cast<std::size_t>(index)];
    if (!slot.empty()) return line + " twice";
    slot = word;
  }
  std::set<std::string> used;
  for (int i = 0; i < rows; ++i) {
    const auto& word = row_words[static_cast<std::size_t>(i)];
    if (!row_list.count(word)) return "row " + std::to_string(i) + " '" + word + "' not a word";
    if (!used.insert(word).second) return "'" + word + "' used twice";
  }
  for (int j = 0; j < columns; ++j) {
    const auto& word = column_words[static_cast<std::size_t>(j)];
    if (!column_list.count(word))
      return "column " + std::to_string(j) + " '" + word + "' not a word";
    if (!used.insert(word).second) return "'" + word + "' used twice";
    for (int i = 0; i < rows; ++i) {
      if (row_words[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)] !=
          word[static_cast<std::size_t>(i)]) {
        return "row " + std::to_string(i) + " and column " + std::to_string(j) + " disagree";
      }
    }
  }
  return {};
}

// Word rectangles by brute force: every choice of row words, then the columns read off.
std::uint64_t brute_force_rectangles(int rows, int columns,
                                     const std::vector<std::string>& row_list,
                                     const std::vector<std::string>& column_list) {
  const std::set<std::string> column_set(column_list.begin(), column_list.end());
  std::vector<std::size_t> pick(static_cast<std::size_t>(rows), 0);
  std::uint64_t count = 0;
  for (;;) {
    std::set<std::string> used;
    bool ok = true;
    for (int i = 0; i < rows && ok; ++i)
      ok = used.insert(row_list[pick[static_cast<std::size_t>(i)]]).second;
    for (int j = 0; j < columns && ok; ++j) {
      std::string column;
      for (int i = 0; i < rows; ++i)
        column += row_list[pick[static_cast<std::size_t>(i)]][static_cast<std::size_t>(j)];
      ok = column_set.count(column) && used.insert(column).second;
    }
    count += ok ? 1 : 0;
    std::size_t k = 0;
    while (k < pick.size() && ++pick[k] == row_list.size()) pick[k++] = 0;
    if (k == pick.size()) return count;
  }
}

// k queens by brute force: every choice of k columns in each row, then columns and diagonals.
std::uint64_t brute_force_k_queens(int k, int n) {
  std::vector<unsigned> row_masks;
  for (unsigned mask = 0; mask < (1u << n); ++mask) {
    if (std::popcount(mask) == k) row_masks.push_back(mask);
  }
  std::vector<std::size_t> pick(static_cast<std::size_t>(n), 0);
  std::uint64_t count = 0;
  for (;;) {
    std::vector<int> columns(static_cast<std::size_t>(n)), sums(static_cast<std::size_t>(2 * n)),
        differences(static_cast<std::size_t>(2 * n));
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j) {
        if (row_masks[pick[static_cast<std::size_t>(i)]] >> j & 1u) {
          ++columns[static_cast<std::size_t>(j)];
          ++sums[static_cast<std::size_t>(i + j)];
          ++differences[static_cast<std::size_t>(i - j + n)];
        }
      }
    }
    const auto within = [k](const std::vector<int>& v, bool exact) {
      return std::all_of(v.begin(), v.end(), [&](int c) { return exact ? c == k : c <= k; });
    };
    count += within(columns, true) && within(sums, false) && within(differences, false) ? 1 : 0;
    std::size_t r = 0;
    while (r < pick.size() && ++pick[r] == row_masks.size()) pick[r++] = 0;
    if (r == pick.size()) return count;
  }
}

}  // namespace

TEST_CASE("read_words takes lowercase ASCII words of one length, in file order, once", "[dlx]") {
  std::istringstream in("cat\nDog\ncow\ncafé\nox\ncat\nant\r\nbee\nzebra\n");
  CHECK(dlx::read_words(in, 3) == std::vector<std::string>{"cat", "cow", "ant", "bee"});
  std::istringstream again("cat\nDog\ncow\nant\n");
  CHECK(dlx::read_words(again, 3, 2) == std::vector<std::string>{"cat", "cow"});
  CHECK(words(3, 300).size() == 300);
  CHECK(words(3, 300).front() == "ace");
  CHECK(words(4, 0).size() == 1200);
}

TEST_CASE("Word squares 3x3 of the first 300 words: Knuth's model and DLX2's 1188", "[dlx]") {
  const auto list = words(3, 300);
  const dlx::Problem problem = dlx::word_rectangle(3, 3, list, list);
  CHECK(problem.primary_count() == 6);
  CHECK(problem.item_count() == 6 + 9 + 300);
  CHECK(problem.option_count() == 6 * 300);
  CHECK(problem.has_colors());
  CHECK_FALSE(problem.has_multiplicities());
  std::ostringstream text;
  dlx::write_knuth(text, problem);
  CHECK(text.str().substr(0, 40) == "r0 r1 r2 c0 c1 c2 | 00 01 02 10 11 12 20");
  CHECK(text.str().find("\nr0 00:a 01:c 02:e w_ace\n") != std::string::npos);
  CHECK(text.str().find("\nc2 02:j 12:a 22:r w_jar\n") != std::string::npos);
  // The reference file, as Knuth's DLX2 read it, when the engine helper's copy is there.
  const std::filesystem::path reference = DLX_DATA_DIR "/dlx/xcc/word_squares_3x3.dlx";
  if (std::filesystem::exists(reference)) {
    std::ifstream in(reference, std::ios::binary);
    std::ostringstream expected;
    expected << in.rdbuf();
    CHECK(text.str() == expected.str());
  }

  dlx::Solver solver(problem);
  const std::set<std::string> set(list.begin(), list.end());
  std::uint64_t found = 0;
  for (auto cover : solver.solutions()) {
    ++found;
    const auto why = check_rectangle(problem, cover, 3, 3, set, set);
    INFO(why);
    CHECK(why.empty());
  }
  CHECK(found == 1188);
}

TEST_CASE("Word rectangles agree with brute force on small lists", "[dlx]") {
  const auto three = words(3, 40),
             two = std::vector<std::string>{"ab", "ad", "ah", "am", "an", "as", "at", "be",
                                            "do", "go", "he", "me", "no", "so", "to"};
  const auto check = [](int rows, int columns, const std::vector<std::string>& row_list,
                        const std::vector<std::string>& column_list) {
    INFO(rows << "x" << columns);
    const auto problem = dlx::word_rectangle(rows, columns, row_list, column_list);
    dlx::Solver solver(problem);
    const std::set<std::string> row_set(row_list.begin(), row_list.end()),
        column_set(column_list.begin(), column_list.end());
    std::uint64_t found = 0;
    for (auto cover : solver.solutions()) {
      ++found;
      CHECK(check_rectangle(problem, cover, rows, columns, row_set, column_set).empty());
    }
    CHECK(found == brute_force_rectangles(rows, columns, row_list, column_list));
  };
  check(2, 2, two, two);
  check(2, 3, three, two);  // rows of 3 letters, columns of 2
  check(3, 2, two, three);
  check(3, 3, three, three);
  check(1, 3, three, std::vector<std::string>{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j",
                                              "k", "l", "m", "n", "o", "p", "q", "r", "s", "t"});
}

TEST_CASE("Word rectangles 4x4 of the first 1200 words: DLX2's 4230", "[dlx][slow]") {
  const auto list = words(4, 1200);
  dlx::Solver solver(dlx::word_rectangle(4, 4, list, list));
  CHECK(dlx::count_parallel(solver, two_threads()).count == 4230);
}

TEST_CASE("k queens: DLX3's counts, brute force, and 1 queen is n-queens", "[dlx]") {
  CHECK(dlx::Solver(dlx::k_queens(2, 6)).count() == 1097);
  dlx::Solver seven(dlx::k_queens(2, 7));
  CHECK(dlx::count_parallel(seven, two_threads()).count == 19448);
  for (int n = 2; n <= 5; ++n) {
    for (int k = 1; k <= std::min(n, 3); ++k) {
      INFO(k << " queens on " << n << "x" << n);
      CHECK(dlx::Solver(dlx::k_queens(k, n)).count() == brute_force_k_queens(k, n));
    }
  }
  CHECK(dlx::Solver(dlx::k_queens(1, 8)).count() == 92);  // OEIS A000170
  // The model as two_queens_6.dlx writes it.
  std::ostringstream text;
  dlx::write_knuth(text, dlx::k_queens(2, 3));
  CHECK(text.str() ==
        "2|r0 2|r1 2|r2 2|c0 2|c1 2|c2 0:2|a0 0:2|a1 0:2|a2 0:2|a3 0:2|a4 0:2|b0 0:2|b1 0:2|b2 "
        "0:2|b3 0:2|b4\n"
        "r0 c0 a0 b2\nr0 c1 a1 b1\nr0 c2 a2 b0\n"
        "r1 c0 a1 b3\nr1 c1 a2 b2\nr1 c2 a3 b1\n"
        "r2 c0 a2 b4\nr2 c1 a3 b3\nr2 c2 a4 b2\n");
}

TEST_CASE("Two queens on 8x8: DLX3's 477136", "[dlx][slow]") {
  dlx::Solver solver(dlx::k_queens(2, 8));
  CHECK(dlx::count_parallel(solver, two_threads()).count == 477136);
}

TEST_CASE("The showcases refuse arguments that make no sense", "[dlx]") {
  const std::vector<std::string> three{"cat", "cow"};
  CHECK_THROWS_AS(dlx::word_rectangle(0, 3, three, {}), std::invalid_argument);
  CHECK_THROWS_AS(dlx::word_rectangle(2, 3, three, {"ab", "Ab"}), std::invalid_argument);
  CHECK_THROWS_AS(dlx::word_rectangle(2, 3, {"cat", "cat"}, {"ab"}), std::invalid_argument);
  CHECK_THROWS_AS(dlx::word_rectangle(3, 3, {"cats"}, {"cats"}), std::invalid_argument);
  CHECK_THROWS_AS(dlx::k_queens(0, 4), std::invalid_argument);
  CHECK_THROWS_AS(dlx::k_queens(5, 4), std::invalid_argument);
  CHECK_THROWS_AS(dlx::k_queens(1, 1 << 20), dlx::ProblemError);
}
