// The generator's layouts and grids under other rules than the classic ones (generator.hpp):
// jigsaw regions, killer cages, and random grids found on the rules' exact cover. The digging is
// generator.cpp's, the same for every rule set.
#include <algorithm>
#include <numeric>

#include "sudoku/generate/generator.hpp"

namespace sudoku {

namespace {

// Nodes for one shuffled attempt at a grid, and attempts before a layout is given up.
constexpr std::uint64_t kGridNodes = 20'000;
constexpr int kGridAttempts = 200;

constexpr int kSteps[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};

// Whether the cells of region `label` are connected (4-neighbours).
bool connected(const std::vector<std::uint8_t>& regions, int n, int label) {
  std::vector<int> stack;
  std::vector<char> seen(regions.size(), 0);
  int size = 0, start = -1;
  for (std::size_t k = 0; k < regions.size(); ++k) {
    if (regions[k] == label) {
      ++size;
      if (start < 0) start = static_cast<int>(k);
    }
  }
  if (start < 0) return true;
  stack.push_back(start);
  seen[static_cast<std::size_t>(start)] = 1;
  int reached = 0;
  while (!stack.empty()) {
    const int cell = stack.back();
    stack.pop_back();
    ++reached;
    for (const auto& step : kSteps) {
      const int r = cell / n + step[0], c = cell % n + step[1];
      if (r < 0 || r >= n || c < 0 || c >= n) continue;
      const auto next = static_cast<std::size_t>(r * n + c);
      if (seen[next] != 0 || regions[next] != label) continue;
      seen[next] = 1;
      stack.push_back(static_cast<int>(next));
    }
  }
  return reached == size;
}

}  // namespace

std::vector<std::uint8_t> Generator::random_regions() {
  const Geometry& g = options_.geometry;
  const int n = g.size(), n2 = n * n;
  std::vector<std::uint8_t> regions(static_cast<std::size_t>(n2));
  for (int cell = 0; cell < n2; ++cell)
    regions[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(g.box_of(cell));
  if (n < 2) return regions;
  // Swap a cell of region A bordering B with a cell of B bordering A: sizes stay N; kept only
  // when both regions stay connected.
  std::vector<int> candidates;
  for (int swaps = 0, tries = 0; swaps < 30 * n && tries < 400 * n; ++tries) {
    const int a = static_cast<int>(random_.below(static_cast<std::uint64_t>(n2)));
    const auto& step = kSteps[static_cast<std::size_t>(random_.below(4))];
    const int r = a / n + step[0], c = a % n + step[1];
    if (r < 0 || r >= n || c < 0 || c >= n) continue;
    const std::uint8_t from = regions[static_cast<std::size_t>(a)],
                       to = regions[static_cast<std::size_t>(r * n + c)];
    if (from == to) continue;
    candidates.clear();
    for (int x = 0; x < n2; ++x) {
      if (regions[static_cast<std::size_t>(x)] != to || x == r * n + c) continue;
      for (const auto& s : kSteps) {
        const int r2 = x / n + s[0], c2 = x % n + s[1];
        if (r2 >= 0 && r2 < n && c2 >= 0 && c2 < n &&
            regions[static_cast<std::size_t>(r2 * n + c2)] == from) {
          candidates.push_back(x);
          break;
        }
      }
    }
    if (candidates.empty()) continue;
    const int b = candidates[static_cast<std::size_t>(random_.below(candidates.size()))];
    regions[static_cast<std::size_t>(a)] = to;
    regions[static_cast<std::size_t>(b)] = from;
    if (connected(regions, n, from) && connected(regions, n, to)) {
      ++swaps;
    } else {
      regions[static_cast<std::size_t>(a)] = from;
      regions[static_cast<std::size_t>(b)] = to;
    }
  }
  return regions;
}

std::optional<Board> Generator::random_rules_grid(const Rules& rules) {
  const Board empty(options_.geometry);
  const RulesCover cover(empty, rules);
  std::vector<dlx::OptionId> order(cover.option_count());
  for (int attempt = 0; attempt < kGridAttempts && !poll(); ++attempt) {
    std::iota(order.begin(), order.end(), 0);
    random_.shuffle(order);
    cover.build(problem_, order);
    std::span<const dlx::OptionId> found;
    if (dlx::BitsetSolver::fits(problem_)) {
      bitset_.assign(problem_);
      bitset_.set_node_limit(kGridNodes);
      if (bitset_.next()) found = bitset_.cover();
    } else {
      if (links_) links_->assign(problem_);
      else links_ = std::make_unique<dlx::Solver>(problem_);
      links_->set_node_limit(kGridNodes);
      if (links_->next()) found = links_->cover();
    }
    if (found.empty()) continue;
    std::vector<dlx::OptionId> options;
    for (const dlx::OptionId k : found) options.push_back(order[static_cast<std::size_t>(k)]);
    return cover.decode(options);
  }
  return std::nullopt;
}

std::vector<Cage> Generator::random_cages(const Board& grid) {
  const int n = grid.size(), n2 = n * n;
  std::vector<int> cage_of(static_cast<std::size_t>(n2), -1), order(static_cast<std::size_t>(n2));
  std::iota(order.begin(), order.end(), 0);
  random_.shuffle(order);
  constexpr int kSizes[] = {1, 2, 2, 2, 3, 3, 3, 4, 4, 5};
  std::vector<Cage> cages;
  std::vector<int> frontier;
  for (const int start : order) {
    if (cage_of[static_cast<std::size_t>(start)] >= 0) continue;
    const int id = static_cast<int>(cages.size());
    Cage cage;
    cage.cells.push_back(start);
    cage_of[static_cast<std::size_t>(start)] = id;
    const int size =
        std::min(n, kSizes[static_cast<std::size_t>(random_.below(std::size(kSizes)))]);
    while (static_cast<int>(cage.cells.size()) < size) {
      frontier.clear();
      for (const int x : cage.cells) {
        for (const auto& s : kSteps) {
          const int r = x / n + s[0], c = x % n + s[1];
          if (r < 0 || r >= n || c < 0 || c >= n) continue;
          const int y = r * n + c;
          if (cage_of[static_cast<std::size_t>(y)] >= 0) continue;
          bool fresh = true;
          for (const int z : cage.cells) fresh = fresh && grid[z] != grid[y];
          if (fresh) frontier.push_back(y);
        }
      }
      if (frontier.empty()) break;
      const int y = frontier[static_cast<std::size_t>(random_.below(frontier.size()))];
      cage_of[static_cast<std::size_t>(y)] = id;
      cage.cells.push_back(y);
    }
    std::sort(cage.cells.begin(), cage.cells.end());
    for (const int x : cage.cells) cage.sum += grid[x];
    cages.push_back(std::move(cage));
  }
  std::sort(cages.begin(), cages.end(),
            [](const Cage& a, const Cage& b) { return a.cells.front() < b.cells.front(); });
  return cages;
}

}  // namespace sudoku
