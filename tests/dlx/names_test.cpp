// How a Problem keeps its names: PackedStrings (every name back to back in one buffer), the hash
// index that finds them, and the room that colours and multiplicities take only once used. The
// checks compare against a plain std::map and std::vector<std::string> built beside them.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "dlx/knuth_format.hpp"
#include "dlx/packed_strings.hpp"
#include "dlx/problem.hpp"

TEST_CASE("PackedStrings hands back every string it was given, empty ones included", "[dlx]") {
  dlx::PackedStrings strings;
  CHECK(strings.empty());
  CHECK(strings.begin() == strings.end());
  std::vector<std::string> expected;
  std::mt19937 random(7);
  for (int k = 0; k < 2000; ++k) {
    std::string text(random() % 40, 'a');
    for (char& c : text) c = static_cast<char>('a' + random() % 26);
    strings.push_back(text);
    expected.push_back(text);
  }
  strings.push_back("");
  expected.emplace_back();
  REQUIRE(strings.size() == expected.size());
  for (std::size_t k = 0; k < expected.size(); ++k) REQUIRE(strings[k] == expected[k]);
  CHECK(std::vector<std::string>(strings.begin(), strings.end()) == expected);
  CHECK(strings.front() == expected.front());
  CHECK(strings.back().empty());
  std::size_t bytes = 0;
  for (const auto& text : expected) bytes += text.size();
  CHECK(strings.bytes() == bytes);
}

TEST_CASE("PackedStrings copies a string of its own even when the buffer moves", "[dlx]") {
  dlx::PackedStrings strings;
  strings.push_back("first");
  strings.push_back("second");
  for (int k = 0; k < 12; ++k) {  // each copy may grow the buffer under the view it copies
    strings.push_back(strings[strings.size() - 2]);
    REQUIRE(strings.back() == (k % 2 == 0 ? "first" : "second"));
  }
  dlx::PackedStrings copy = strings;
  CHECK(copy == strings);
  copy.push_back("x");
  CHECK_FALSE(copy == strings);
  copy.clear();
  CHECK(copy.empty());
  CHECK(copy.bytes() == 0);
}

TEST_CASE("A problem finds each of 100,000 item names, with and without reserving", "[dlx]") {
  for (const bool reserve : {false, true}) {
    INFO("reserve " << reserve);
    dlx::Problem problem;
    constexpr int kItems = 100'000;
    if (reserve) problem.reserve_items(kItems, 7 * kItems);
    std::vector<std::string> names;
    for (int k = 0; k < kItems; ++k) {
      names.push_back((k % 3 == 0 ? "s" : "p") + std::to_string(k * 7919 % 1'000'003));
      const dlx::ItemId item =
          k % 3 == 0 ? problem.add_secondary(names.back()) : problem.add_primary(names.back());
      REQUIRE(item == k);
    }
    REQUIRE(problem.item_count() == names.size());
    for (int k = 0; k < kItems; ++k) {
      REQUIRE(problem.item_name(k) == names[static_cast<std::size_t>(k)]);
      REQUIRE(problem.find_item(names[static_cast<std::size_t>(k)]) == k);
    }
    CHECK(std::vector<std::string>(problem.item_names().begin(), problem.item_names().end()) ==
          names);
    CHECK_FALSE(problem.find_item("p1000003"));
    CHECK_FALSE(problem.find_item(""));
    CHECK_THROWS_WITH(problem.add_primary(names[4321]),
                      "item '" + names[4321] + "' is declared twice");
    CHECK(problem.item_count() == names.size());
  }
}

TEST_CASE("Colours are named in order of first use and found by name", "[dlx]") {
  dlx::Problem problem;
  problem.add_primary("a");
  problem.add_secondary("x");
  CHECK(problem.color_name(dlx::kNoColor).empty());
  CHECK(problem.color_count() == 0);
  CHECK_FALSE(problem.find_color(""));
  std::map<std::string, dlx::ColorId> expected;
  for (int k = 0; k < 500; ++k) {
    const std::string name = "c" + std::to_string(k * 37 % 200);  // each name five times
    const dlx::ColorId color = problem.add_color(name);
    const auto [it, added] = expected.emplace(name, static_cast<dlx::ColorId>(expected.size() + 1));
    REQUIRE(color == it->second);
  }
  CHECK(problem.color_count() == 200);
  for (const auto& [name, color] : expected) {
    CHECK(problem.find_color(name) == color);
    CHECK(problem.color_name(color) == name);
  }
  CHECK_FALSE(problem.find_color("c200"));
  CHECK_FALSE(problem.find_color(""));
}

TEST_CASE("Options without colours read as kNoColor, before and after the first colour", "[dlx]") {
  dlx::Problem problem;
  for (auto name : {"a", "b", "c", "d"}) problem.add_primary(name);
  problem.add_secondary("x");
  problem.add_secondary("y");
  problem.add_option({0, 1});
  problem.add_option({0, 1, 2, 3, 4});
  problem.add_option({2});
  CHECK_FALSE(problem.has_colors());
  for (dlx::OptionId option = 0; option < 3; ++option) {
    const auto colors = problem.option_colors(option);
    CHECK(colors.size() == problem.option(option).size());
    CHECK(std::count(colors.begin(), colors.end(), dlx::kNoColor) ==
          static_cast<std::ptrdiff_t>(colors.size()));
  }
  const dlx::ColorId red = problem.add_color("red");
  const std::vector<dlx::ItemId> items{3, 4, 5};
  CHECK_THROWS_WITH(problem.add_option(items, std::vector<dlx::ColorId>{red}),
                    "option 3 has 3 items and 1 colours");
  problem.add_option(items, std::vector<dlx::ColorId>{dlx::kNoColor, red, dlx::kNoColor});
  problem.add_option(items, {});
  CHECK(problem.has_colors());
  CHECK(problem.option_count() == 5);
  CHECK(
      std::vector<dlx::ColorId>(problem.option_colors(1).begin(), problem.option_colors(1).end()) ==
      std::vector<dlx::ColorId>(5, dlx::kNoColor));
  CHECK(
      std::vector<dlx::ColorId>(problem.option_colors(3).begin(), problem.option_colors(3).end()) ==
      std::vector<dlx::ColorId>{dlx::kNoColor, red, dlx::kNoColor});
  CHECK(
      std::vector<dlx::ColorId>(problem.option_colors(4).begin(), problem.option_colors(4).end()) ==
      std::vector<dlx::ColorId>(3, dlx::kNoColor));
}

TEST_CASE("Items declared before the first range keep their kind's default", "[dlx]") {
  dlx::Problem problem;
  problem.add_primary("a");
  problem.add_secondary("x");
  CHECK(problem.multiplicity(0) == dlx::Multiplicity{1, 1});
  CHECK(problem.multiplicity(1) == dlx::Multiplicity{0, 1});
  problem.add_primary("b", 1, 1);
  CHECK_FALSE(problem.has_multiplicities());
  problem.add_primary("c", 0, 3);
  problem.add_primary("d");
  problem.add_secondary("y");
  CHECK(problem.has_multiplicities());
  CHECK(problem.multiplicity(0) == dlx::Multiplicity{1, 1});
  CHECK(problem.multiplicity(1) == dlx::Multiplicity{0, 1});
  CHECK(problem.multiplicity(2) == dlx::Multiplicity{1, 1});
  CHECK(problem.multiplicity(3) == dlx::Multiplicity{0, 3});
  CHECK(problem.multiplicity(4) == dlx::Multiplicity{1, 1});
  CHECK(problem.multiplicity(5) == dlx::Multiplicity{0, 1});
}

TEST_CASE("A repeated item is found in long options as in short ones", "[dlx]") {
  // Up to 16 items an option is checked by comparing each item with those before it, beyond
  // that by a mark per item: both ways must find the same repeat.
  dlx::Problem problem;
  std::string item_line;
  for (int k = 0; k < 40; ++k) {
    problem.add_primary("i" + std::to_string(k));
    item_line += "i" + std::to_string(k) + " ";
  }
  for (const std::size_t length : {2u, 16u, 17u, 30u}) {
    for (const std::size_t twin : {std::size_t{0}, (length - 1) / 2, length - 2}) {
      INFO("length " << length << ", repeat of item " << twin);
      std::vector<dlx::ItemId> items;
      std::string line;
      for (std::size_t k = 0; k + 1 < length; ++k) {
        items.push_back(static_cast<dlx::ItemId>(k));
        line += "i" + std::to_string(k) + " ";
      }
      const std::size_t column = line.size() + 1;
      items.push_back(static_cast<dlx::ItemId>(twin));
      line += "i" + std::to_string(twin);
      CHECK_THROWS_WITH(problem.add_option(items),
                        "option " + std::to_string(problem.option_count()) + " names item 'i" +
                            std::to_string(twin) + "' twice");
      try {
        dlx::read_knuth(item_line + "\n" + line + "\n", "t.dlx");
        FAIL("no error");
      } catch (const dlx::ParseError& error) {
        CHECK(std::string(error.what()) == "t.dlx:2:" + std::to_string(column) + ": item 'i" +
                                               std::to_string(twin) + "' repeated in this option");
      }
      items.back() = static_cast<dlx::ItemId>(length - 1);  // no repeat now
      // Accepted, as the next option in order, holding exactly the items given.
      const auto next_id = static_cast<dlx::OptionId>(problem.option_count());
      CHECK(problem.add_option(items) == next_id);
      const auto added = problem.option(next_id);
      CHECK(std::vector<dlx::ItemId>(added.begin(), added.end()) == items);
    }
  }
}
