// The chain engine of forcing.hpp: implications with their causes, propagated breadth first
// (on nodes before off nodes, as Sudoku Explainer does), then read as chains, contradictions,
// double implications, cell and region forcing chains.
//
// Memory: each propagation owns an Imp (nodes, parent lists, and the candidate -> node maps),
// kept in pools by nesting depth and reused, so a search allocates only while pools grow.
// Candidates are indexed cell * (N + 1) + digit.
#include "sudoku/logic/forcing.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "sudoku/logic/chain_closure.hpp"
#include "sudoku/logic/patterns.hpp"
#include "sudoku/logic/technique_facts.hpp"
#include "sudoku/rules/propagation.hpp"
#include "sudoku/solve/deduction_kernel.hpp"

namespace sudoku::detail {

namespace {

// Causes of a node (Node::cause): a unit id (>= 0) for "the digit's last place in this unit"
// and for "the digit leaves the unit" (weak links); or one of these.
constexpr int kAssumption = -1;
constexpr int kCell = -2;      // the cell's last candidate, or one candidate leaves the cell
constexpr int kAdvanced = -3;  // a technique applied inside a dynamic chain (Node::rule)
constexpr int kApart = -4;     // the digit leaves a cell the rules keep apart (Layout::apart)
constexpr int kBan = -5;       // a constraint bans the placement beside its parent (Layout::bans)

// Propagations one search for nested forcing chains may spend, levels 2..5 together: the
// nested levels multiply the work of the levels below, and the hardest puzzles would
// otherwise take minutes a step. A search that spends it stops (nothing found: a stall).
// Every propagation is counted as if it ran, also those the closures rule out and those the
// memo answers, so the bound falls at the same place whatever was remembered; and those are
// most of them, so a count here costs far less than one propagation. A whole search at
// level 3 on the forum's hardest list counts up to some 3.5 million: the bound is about three
// times that, and a whole level 4 or 5 search that finds nothing stays within seconds.
constexpr long kNestedBudget = 10000000;

// Inner searches a thread remembers (thread_memo()); past this it starts over (some 20 MB).
constexpr std::size_t kMemoLimit = 20000;

// The pool slot where a hint's branch is recomputed for display or for rule parents.
constexpr int kDisplaySlot = 200;

// Names of the techniques applied inside a dynamic chain, for Node::rule.
constexpr const char* kRuleNames[] = {"locked candidates",
                                      "hidden pair",
                                      "naked pair",
                                      "x-wing",
                                      "forcing chain",
                                      "multiple forcing chain",
                                      "dynamic forcing chain",
                                      "dynamic forcing chain (+)",
                                      "nested forcing chain",
                                      "bidirectional cycle"};
constexpr int kCycleRule = 9;  // kRuleNames' index of a cycle inside a nested chain

// 28 bytes: a heavy rating makes nodes by the hundred million, and reads them again for
// every complexity counted. Cells (4096 at most, 64x64), digits and unit ids fit the narrow
// fields.
struct Node {
  std::int16_t cell = 0;
  std::int8_t digit = 0;
  bool on = false;
  std::int16_t cause = kAssumption;
  std::int8_t rule = -1;  // index into kRuleNames when cause == kAdvanced
  int parent_begin = 0;
  int parent_count = 0;
  int nested = 0;      // complexity of the inner chain that made this node, if any
  int nested_id = -1;  // one id per inner chain, to count each one once
  // The most nodes on one path of parents from the assumption to this node, itself included: a
  // floor under its complexity, which counts every node it rests on (inner chains aside), known
  // without walking them. multiple() passes over most hints by it.
  int floor = 1;
};
static_assert(sizeof(Node) == 28);

/// A growable array whose push_back() is always inlined. propagate() makes nodes by the
/// hundred million; GCC left std::vector's push_back() out of line there (the function is past
/// its inlining bounds), and those calls were 6% of a heavy rating's instructions.
template <class T>
class Stack {
 public:
  [[gnu::always_inline]] void push_back(const T& x) {
    if (size_ == items_.size()) grow();
    items_[size_++] = x;
  }
  void clear() { size_ = 0; }
  [[nodiscard]] std::size_t size() const { return size_; }
  [[nodiscard]] bool empty() const { return size_ == 0; }
  T& operator[](std::size_t i) { return items_[i]; }
  const T& operator[](std::size_t i) const { return items_[i]; }
  T& back() { return items_[size_ - 1]; }
  void pop_back() { --size_; }
  const T* data() const { return items_.data(); }
  const T* begin() const { return items_.data(); }
  const T* end() const { return items_.data() + size_; }

 private:
  [[gnu::noinline]] void grow() { items_.resize(std::max<std::size_t>(64, 2 * items_.size())); }
  std::vector<T> items_;
  std::size_t size_ = 0;
};

/// One propagation: its nodes and the position it leaves.
struct Imp {
  Stack<Node> nodes;
  Stack<int> parents;
  // Candidate c -> its node, -1 when absent: ids[2c] the on node, ids[2c + 1] the off one, side
  // by side, as add() asks for both (their reads were a fifth of propagate()'s time, as two
  // arrays).
  std::vector<int> ids;
  int& node_of(std::size_t c, bool on) { return ids[2 * c + (on ? 0 : 1)]; }
  int node_of(std::size_t c, bool on) const { return ids[2 * c + (on ? 0 : 1)]; }
  int on_id(std::size_t c) const { return ids[2 * c]; }
  int off_id(std::size_t c) const { return ids[2 * c + 1]; }
  // The live nodes (not a clash kept for display) of each kind in creation order: propagate()'s
  // queues. A node is live or not from its creation, so add() lists it once and for all.
  Stack<int> on_queue, off_queue;
  Stack<int> touched;               // candidates with an entry, to clear quickly
  std::vector<std::uint64_t> grid;  // the position as the propagation leaves it
  // places[unit * (N + 1) + digit]: bit i when the unit's i-th cell holds the digit in `grid`,
  // kept with it (a dynamic off clears the bit in the cell's three units).
  std::vector<std::uint64_t> places;
  // inside_rules()'s last look of each kind, as `places` stood then: a unit whose places
  // (locked: of one digit; pairs: of every digit) have not changed since holds no pattern of
  // that kind it did not apply.
  std::vector<std::uint64_t> locked_seen, hidden_seen, naked_seen;
  bool seen_stale = true;  // they are of an earlier propagation: inside_rules() clears them
  int contra_on = -1, contra_off = -1;
  // Static chains from one assumption (X-chains, AICs) follow a candidate both ways: reaching
  // the assumption's negation is what they look for, and other clashes do not stop them.
  bool allow_both = false;

  void prepare(std::size_t candidate_slots) {
    if (ids.size() != 2 * candidate_slots) {
      ids.assign(2 * candidate_slots, -1);
      touched.clear();
    }
    for (int t : touched) {
      ids[2 * static_cast<std::size_t>(t)] = -1;
      ids[2 * static_cast<std::size_t>(t) + 1] = -1;
    }
    touched.clear();
    nodes.clear();
    parents.clear();
    on_queue.clear();
    off_queue.clear();
    contra_on = contra_off = -1;
  }
  [[nodiscard]] bool contradiction() const { return contra_on >= 0; }
};

/// Propagations outlive their engine in a spare list of the thread: an engine lives one step,
/// and the thousands of propagations of a nested search would otherwise allocate their vectors
/// again at every step. A spare holds nothing that start() does not reset (prepare() clears
/// the entries `touched` lists, and every entry set is listed).
constexpr std::size_t kSpareImps = 8192;
std::vector<std::unique_ptr<Imp>>& spare_imps() {
  static thread_local std::vector<std::unique_ptr<Imp>> spare;
  return spare;
}
/// Closure tables likewise (each holds some 550 KB of closures, cleared when made).
std::vector<std::unique_ptr<ClosureTable>>& spare_tables() {
  static thread_local std::vector<std::unique_ptr<ClosureTable>> spare;
  return spare;
}
constexpr std::size_t kSpareTables = 16;
std::unique_ptr<Imp> new_imp() {
  auto& spare = spare_imps();
  if (spare.empty()) return std::make_unique<Imp>();
  std::unique_ptr<Imp> imp = std::move(spare.back());
  spare.pop_back();
  return imp;
}

/// What a propagation may use.
struct Mode {
  bool dynamic = false;
  bool x_links = true;  // units: same digit
  bool y_links = true;  // cells: other candidates
  int level = 0;        // 1: basic techniques inside; 2..5: chains inside too
  bool stop_on_contradiction = true;
};

/// One case of a deduction: an assumption followed to a node. `target` says which node
/// ends the branch: a node of the given cell, digit and truth, or the propagation's clash.
struct Branch {
  int cell = 0, digit = 0;
  bool on = true;
  enum class End { node, clash_on, clash_off, negation } end = End::node;
  int target_cell = 0, target_digit = 0;
  bool target_on = false;
};

/// A deduction found by a search, before it becomes a Step. Its chains are recomputed when
/// needed (propagation is deterministic), so hints hold no propagation state.
struct Hint {
  Technique technique = Technique::x_chain;
  std::string kind;  // chain, contradiction, double, cell, region
  int level = 0;
  std::vector<int> source_cells;
  int source_digit = 0;
  int unit = -1;  // region chains
  std::vector<Branch> branches;
  bool conclusion_on = false;  // place conclusion_digit in conclusion_cell, else eliminate it
  int conclusion_cell = 0;
  int conclusion_digit = 0;
  int complexity = 0;
  int difficulty = 0;  // tenths, SE scale
  // Whether the search kept only the first hint of each removal (a winnowed list, multiple()).
  bool winnowed = false;
  // Cycles (kind "cycle", exact mode, inside nested chains): which links the loop uses (1 units,
  // 2 cells, 3 both: SE's X-, Y- and XY-cycles), its removals in SE's order, and its nodes
  // after the start with the cause of each (kCell or a unit), which rule_parents() reads.
  int cycle_links = 0;
  struct LoopNode {
    int cell = 0, digit = 0, cause = 0;
  };
  std::vector<LoopNode> loop;
  std::vector<std::pair<int, int>> removals;
  // What rule_parents() reads of the hint's own chains, kept once found: the hint stands for
  // an inner search's result on one grid (the memo shares it), and recomputing its branches
  // for every outer propagation that uses it was a quarter of a heavy rating's time.
  struct Anchors {
    std::vector<std::pair<int, int>> singles;  // (kCell, cell) or (unit, digit), once each
    long propagations = 0;                     // what recomputing the branches counted
  };
  mutable std::shared_ptr<const Anchors> anchors;
};

// One step of FNV-1a: the keys below (a layout's links, a position's givens, an inner hint's
// identity) fold their fields into a word this way.
constexpr std::uint64_t kFnvBasis = 0xCBF29CE484222325u;
void fnv_mix(std::uint64_t& h, std::uint64_t v) { h = (h ^ v) * 0x100000001B3u; }

// The memo of inner searches: (technique << 8 | level) followed by the grid -> what was found.
// One a thread, kept from search to search: what a search finds depends on its key only.
using SearchKey = std::vector<std::uint64_t>;
struct KeyHash {
  std::size_t operator()(const SearchKey& k) const {
    std::uint64_t h = 0x9E3779B97F4A7C15u;
    for (std::uint64_t v : k) h = (h ^ v) * 0x100000001B3u + (h >> 29);
    return static_cast<std::size_t>(h);
  }
};
// A memo hit is shared, not copied: the searches inside a nested chain hit the memo by the
// hundred thousand, and copying their hints (strings and vectors each) cost more than the
// lookup. Readers only read them.
using HintList = std::shared_ptr<const std::vector<Hint>>;
struct Found {
  HintList hints;
  long propagations = 0;
};
using SearchMemo = std::unordered_map<SearchKey, Found, KeyHash>;
SearchMemo& thread_memo() {
  static thread_local SearchMemo memo;
  return memo;
}

// Calls f(cell, digit) for each candidate a conclusion removes from `grid`: a placement's
// other digits, or its one digit.
template <typename F>
void each_removal(const std::vector<std::uint64_t>& grid, bool on, int cell, int digit, F&& f) {
  if (!on) {
    f(cell, digit);
    return;
  }
  for (std::uint64_t o = grid[static_cast<std::size_t>(cell)] & ~digit_bit(digit); o != 0;
       o &= o - 1) {
    f(cell, std::countr_zero(o));
  }
}

// SE's difficulty of a chain before its length bonus: the table's value (technique_facts.hpp),
// and for a nested chain 0.5 a level above 2, as se_difficulty_tenths() counts it.
int base_difficulty(Technique t, int level) {
  const int tenths = technique_facts(t).se_tenths;
  return t == Technique::nested_forcing_chain ? tenths + 5 * (level - 2) : tenths;
}

class Engine {
 public:
  explicit Engine(const Layout& layout, bool exact = false)
      : L_(layout),
        n_(layout.n),
        stride_(layout.n + 1),
        fast_(ClosureTable::fits(layout)),
        exact_(exact) {
    cells_ = static_cast<int>(layout.cell_units.size());
    // Each cell's units (row, column, box, then the rules' others) with its index in each.
    slot_begin_.push_back(0);
    for (std::size_t c = 0; c < layout.all_units.size(); ++c) {
      for (int unit : layout.all_units[c]) {
        const auto& cells = layout.unit_cells[static_cast<std::size_t>(unit)];
        slots_.push_back(
            {unit, static_cast<int>(std::find(cells.begin(), cells.end(), static_cast<int>(c)) -
                                    cells.begin())});
      }
      // SE follows a candidate's box before its row and column (Chaining.getOnToOff and
      // getOffToOn): the order of the nodes, and so which parent a node keeps, follows it.
      if (exact_ && layout.classic && layout.all_units[c].size() >= 3) {
        const auto first = slots_.begin() + slot_begin_.back();
        std::rotate(first, first + 2, first + 3);
      }
      slot_begin_.push_back(static_cast<int>(slots_.size()));
    }
    if (!layout.classic) {
      rules_key_ = kFnvBasis;
      const auto mix = [this](std::uint64_t v) { fnv_mix(rules_key_, v); };
      for (const auto& unit : layout.unit_cells) {
        for (int c : unit) mix(static_cast<std::uint64_t>(c));
        mix(~std::uint64_t{0});
      }
      for (const auto& cells : layout.apart) {
        for (int c : cells) mix(static_cast<std::uint64_t>(c));
        mix(~std::uint64_t{0});
      }
      // The bans are links too: two puzzles with the same units but other constraints must
      // not share what the memo remembers.
      for (const auto& banned : layout.bans) {
        for (const auto& [c, d] : banned) mix(static_cast<std::uint64_t>(c * 64 + d));
        mix(~std::uint64_t{0});
      }
    }
    const auto units = static_cast<std::size_t>(layout.unit_count());
    for (const auto& cells : layout.unit_cells) {
      units_ascending_ = units_ascending_ && std::is_sorted(cells.begin(), cells.end());
    }
    if (!layout.classic) {
      // inside_rules()'s locked candidates ask which cells see every place of a digit in a
      // unit: with an apart pair a cell sees some 28 others, so the question is an AND of
      // the places' peer sets, not a walk of one place's peers asking sees() of the others.
      words_ = (static_cast<std::size_t>(cells_) + 63) / 64;
      peer_bits_.assign(static_cast<std::size_t>(cells_) * words_, 0);
      unit_bits_.assign(units * words_, 0);
      for (std::size_t c = 0; c < layout.peers.size(); ++c) {
        for (int q : layout.peers[c]) {
          const auto b = static_cast<std::size_t>(q);
          peer_bits_[c * words_ + b / 64] |= std::uint64_t{1} << (b % 64);
        }
      }
      for (std::size_t u = 0; u < units; ++u) {
        for (int q : layout.unit_cells[u]) {
          const auto b = static_cast<std::size_t>(q);
          unit_bits_[u * words_ + b / 64] |= std::uint64_t{1} << (b % 64);
        }
      }
    }
    overlap_.assign(units * units, Overlap{});
    for (int c = 0; c < cells_; ++c) {
      for (const Slot& a : slots_of(c)) {
        for (const Slot& b : slots_of(c)) {
          if (a.unit == b.unit) continue;
          auto& o =
              overlap_[static_cast<std::size_t>(a.unit) * units + static_cast<std::size_t>(b.unit)];
          o.in_first |= std::uint64_t{1} << a.index;
          o.in_second |= std::uint64_t{1} << b.index;
        }
      }
    }
  }

  /// All (or the first) hints of a technique on `grid`. A hint holds no propagation: its
  /// branches are recomputed where they are needed (materialize()).
  std::vector<Hint> search(Technique t, int level, const std::vector<std::uint64_t>& grid,
                           int depth, bool first_only);
  /// search() inside a propagation (depth > 0), through the memo.
  HintList search_inner(Technique t, int level, const std::vector<std::uint64_t>& grid, int depth,
                        bool first_only);
  /// search() without the memo.
  std::vector<Hint> run_search(Technique t, int level, const std::vector<std::uint64_t>& grid,
                               int depth, bool first_only);

  /// Nodes an Imp's node rests on (itself included) plus the nodes of the nested chains
  /// among them, each counted once: SE's complexity.
  int complexity(const Imp& imp, int node, bool fresh = true) const;

  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;
  ~Engine() {
    auto& spare = spare_imps();
    auto keep = [&spare](std::unique_ptr<Imp>& imp) {
      if (imp && spare.size() < kSpareImps) spare.push_back(std::move(imp));
    };
    for (auto& pool : pools_) {
      for (auto& imp : pool) keep(imp);
    }
    for (auto& cache : on_cache_) {
      for (auto& imp : cache.imps) keep(imp);
    }
    auto& tables = spare_tables();
    for (auto& table : tables_) {
      if (table && tables.size() < kSpareTables) tables.push_back(std::move(table));
    }
  }

  Imp& slot(int depth, int index) {
    while (static_cast<int>(pools_.size()) <= depth) pools_.emplace_back();
    auto& pool = pools_[static_cast<std::size_t>(depth)];
    while (static_cast<int>(pool.size()) <= index) pool.push_back(new_imp());
    return *pool[static_cast<std::size_t>(index)];
  }

  const Layout& layout() const { return L_; }
  int n() const { return n_; }
  /// Bounds the propagations of one search (0: no bound). Once spent, searches stop and
  /// report what they found so far: every deduction they return is still proved.
  void set_budget(long budget) { budget_ = budget; }
  /// The position rated: its solved cells and digits (exact mode).
  void set_root(const Position& p) {
    const auto cells = static_cast<std::size_t>(p.layout().cell_units.size());
    solved_.assign(cells, 0);
    placed_.fill(0);
    solved_key_ = 0x9E3779B97F4A7C15u;
    for (std::size_t c = 0; c < cells; ++c) {
      const int v = p.value(static_cast<int>(c));
      if (v == 0) continue;
      solved_[c] = 1;
      if (v < static_cast<int>(placed_.size())) ++placed_[static_cast<std::size_t>(v)];
      fnv_mix(solved_key_, c * 64 + static_cast<std::size_t>(v));
    }
    empty_.assign(p.layout().unit_cells.size(), 0);
    for (std::size_t u = 0; u < empty_.size(); ++u) {
      for (int c : p.layout().unit_cells[u]) empty_[u] += !solved_[static_cast<std::size_t>(c)];
    }
  }
  /// Asked every 1024 propagations; once it says yes the engine counts as spent. Null: never.
  void set_stop(const std::function<bool()>* stop) {
    stop_ = stop != nullptr && *stop ? stop : nullptr;
    stopped_ = false;
  }
  bool spent() const { return (budget_ > 0 && propagations_ >= budget_) || stopped_; }
  int cand(int cell, int digit) const { return cell * stride_ + digit; }

 private:
  // Starts a propagation in `imp` from one node (cell, digit, on) on `grid`.
  void start(Imp& imp, const std::vector<std::uint64_t>& grid, int cell, int digit, bool on,
             int cause) {
    imp.prepare(static_cast<std::size_t>(cells_ * stride_));
    imp.allow_both = false;
    imp.grid = grid;
    ensure_places(grid);
    imp.places = places_;
    imp.seen_stale = true;
    add(imp, cell, digit, on, cause, {}, -1);
  }
  /// places_ for `grid` (Imp::places' layout), computed once a grid.
  void ensure_places(const std::vector<std::uint64_t>& grid) {
    if (places_of_ == grid) return;
    places_of_ = grid;
    places_.assign(static_cast<std::size_t>(L_.unit_count() * stride_), 0);
    for (std::size_t c = 0; c < grid.size(); ++c) {
      for (const Slot& s : slots_of(static_cast<int>(c))) {
        std::uint64_t* row = &places_[static_cast<std::size_t>(s.unit * stride_)];
        for (std::uint64_t m = grid[c]; m != 0; m &= m - 1) {
          row[std::countr_zero(m)] |= std::uint64_t{1} << s.index;
        }
      }
    }
  }
  /// Adds a node unless it exists; records a contradiction if its conjugate exists.
  /// Returns the node id, or -1 when it existed or clashed. Always inlined: propagate() calls it
  /// for every node, and GCC's own choice (a call) cost 5% more instructions on the forum's #51.
  [[gnu::always_inline]] int add(Imp& imp, int cell, int digit, bool on, int cause,
                                 std::initializer_list<int> from, int rule,
                                 std::span<const int> more = {}, int nested = 0,
                                 int nested_id = -1) {
    const auto c = static_cast<std::size_t>(cand(cell, digit));
    int& same = imp.node_of(c, on);
    const int other = imp.node_of(c, !on);
    if (same >= 0) return -1;
    // SE stops a propagation at its first clash (Chaining.doChaining): nothing after it.
    if (exact_ && imp.contra_on >= 0 && !imp.allow_both) return -1;
    Node node;
    node.cell = static_cast<std::int16_t>(cell);
    node.digit = static_cast<std::int8_t>(digit);
    node.on = on;
    node.cause = static_cast<std::int16_t>(cause);
    node.rule = static_cast<std::int8_t>(rule);
    node.parent_begin = static_cast<int>(imp.parents.size());
    int floor = 0;
    for (int f : from) {
      imp.parents.push_back(f);
      floor = std::max(floor, imp.nodes[static_cast<std::size_t>(f)].floor);
    }
    for (int f : more) {
      imp.parents.push_back(f);
      floor = std::max(floor, imp.nodes[static_cast<std::size_t>(f)].floor);
    }
    node.floor = floor + 1;
    node.parent_count = static_cast<int>(imp.parents.size()) - node.parent_begin;
    node.nested = nested;
    node.nested_id = nested_id;
    const int id = static_cast<int>(imp.nodes.size());
    if (other >= 0 && !imp.allow_both) {
      // Clash: keep the node so that the contradiction can be shown, but do not follow it.
      imp.nodes.push_back(node);
      if (imp.contra_on < 0) {
        imp.contra_on = on ? id : other;
        imp.contra_off = on ? other : id;
      }
      return -1;
    }
    imp.nodes.push_back(node);
    if (other < 0) imp.touched.push_back(static_cast<int>(c));
    same = id;
    (on ? imp.on_queue : imp.off_queue).push_back(id);
    return id;
  }

  void propagate(Imp& imp, const std::vector<std::uint64_t>& orig, const Mode& mode, int depth);
  std::uint64_t place_bits(const Imp& imp, int unit, int digit) const {
    return imp.places[static_cast<std::size_t>(unit * stride_ + digit)];
  }
  bool inside_rules(Imp& imp, const std::vector<std::uint64_t>& orig, const Mode& mode, int depth);
  template <typename Emit>
  bool se_pairs_and_wings(Imp& imp, const std::vector<std::uint64_t>& orig, int depth, Emit& emit);
  template <typename Emit>
  bool other_pairs_and_wings(Imp& imp, const std::vector<std::uint64_t>& orig, int depth,
                             Emit& emit);
  bool inner_chains_first(Imp& imp, const std::vector<std::uint64_t>& orig, const Mode& mode,
                          int depth, const std::vector<std::uint64_t>& here);
  bool inner_chains_exact(Imp& imp, const std::vector<std::uint64_t>& orig, const Mode& mode,
                          int depth, const std::vector<std::uint64_t>& here);
  template <class Out>
  void hidden_of_cell(const Imp& imp, const std::vector<std::uint64_t>& orig, int cell,
                      Out& out) const {
    for (std::uint64_t m =
             orig[static_cast<std::size_t>(cell)] & ~imp.grid[static_cast<std::size_t>(cell)];
         m != 0; m &= m - 1) {
      const int id = imp.off_id(static_cast<std::size_t>(cand(cell, std::countr_zero(m))));
      if (id >= 0) out.push_back(id);
    }
  }
  template <class Out>
  void hidden_of_unit(const Imp& imp, const std::vector<std::uint64_t>& orig, int unit, int digit,
                      Out& out) const {
    const std::uint64_t bit = digit_bit(digit);
    const auto& cells = L_.unit_cells[static_cast<std::size_t>(unit)];
    // Only the cells the digit has left (imp.places holds imp.grid's places), in unit order.
    const std::uint64_t all =
        cells.size() >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << cells.size()) - 1;
    for (std::uint64_t m = all & ~place_bits(imp, unit, digit); m != 0; m &= m - 1) {
      const int cell = cells[static_cast<std::size_t>(std::countr_zero(m))];
      if ((orig[static_cast<std::size_t>(cell)] & bit) != 0) {
        const int id = imp.off_id(static_cast<std::size_t>(cand(cell, digit)));
        if (id >= 0) out.push_back(id);
      }
    }
  }
  /// The off nodes of `outer` that an inner hint rests on (SE's rule parents): the candidates
  /// removed from `orig` in the cells and units whose singles the inner chains used.
  std::vector<int> rule_parents(const Hint& hint, const std::vector<std::uint64_t>& grid, int depth,
                                const Imp& outer, const std::vector<std::uint64_t>& orig);

 public:
  /// The propagation a hint's technique uses.
  static Mode mode_of(Technique t, int level) {
    Mode mode;
    if (t == Technique::x_chain || t == Technique::aic) {
      mode.y_links = t == Technique::aic;
      mode.stop_on_contradiction = false;
    } else {
      mode.dynamic = t != Technique::multiple_forcing_chain;
      // Nishio (SE's Chaining with isNishio): one digit's links only, dynamic.
      mode.y_links = t != Technique::nishio_forcing_chain;
      mode.level = t == Technique::nested_forcing_chain         ? level
                   : t == Technique::dynamic_forcing_chain_plus ? 1
                                                                : 0;
    }
    return mode;
  }
  /// Recomputes a branch of `hint` on `grid` in pool slot (depth, slot_index); returns the
  /// node that ends it (-1 if it cannot be found, which would be a bug).
  int materialize(const Hint& hint, const Branch& b, const std::vector<std::uint64_t>& grid,
                  int depth, int slot_index) {
    Imp& imp = slot(depth, slot_index);
    const Mode mode = mode_of(hint.technique, hint.level);
    start(imp, grid, b.cell, b.digit, b.on, kAssumption);
    imp.allow_both = !mode.stop_on_contradiction;
    propagate(imp, grid, mode, depth);
    return end_of(imp, b);
  }
  int end_of(const Imp& imp, const Branch& b) const {
    switch (b.end) {
      case Branch::End::clash_on:
        return imp.contra_on;
      case Branch::End::clash_off:
        return imp.contra_off;
      case Branch::End::negation:
        for (std::size_t i = 1; i < imp.nodes.size(); ++i) {
          const Node& nd = imp.nodes[i];
          if (nd.cell == b.cell && nd.digit == b.digit && nd.on != b.on) return static_cast<int>(i);
        }
        return -1;
      case Branch::End::node: {
        const auto c = static_cast<std::size_t>(cand(b.target_cell, b.target_digit));
        return imp.node_of(c, b.target_on);
      }
    }
    return -1;
  }

 private:
  void unary(Technique t, const std::vector<std::uint64_t>& grid, int depth, bool first_only,
             std::vector<Hint>& out);
  /// The closures of depth `depth` on `grid` (chain_closure.hpp), or nothing where they do not
  /// apply: boards other than 9x9, and propagations with techniques inside (level >= 1).
  ClosureTable* closures(int depth, const std::vector<std::uint64_t>& grid, const Mode& mode);
  /// The propagations multiple() needs for the forcing chains from one cell: the cases whose
  /// closures can end a hint. Digits as masks (bit d), regions by the cell's slots.
  struct CellPlan {
    std::uint64_t on = 0;     // "the cell holds d": a clash, a double, a cell or region chain
    std::uint64_t off = 0;    // "the cell does not hold d": a clash, a double
    bool cell_chain = false;  // every candidate's on case (all in `on`)
    std::array<std::uint32_t, 10> regions{};  // by digit: slots whose region chain may hint
    long cost = 0;  // the propagations multiple() would spend on the cell without a plan
  };
  /// The plan for `cell`, by closures (chain_closure.hpp): what can end a hint, and what the
  /// whole cell would cost. An empty plan (on == 0 and off == 0) skips the cell.
  CellPlan plan_cell(ClosureTable& fast, const std::vector<std::uint64_t>& grid, int cell,
                     bool dynamic);
  /// Whether `meet` holds a conclusion multiple() would take.
  static bool worth(const ClosureTable& fast, const Meet& meet);
  /// What the on and the off case of (cell, digit) both reach.
  static Meet double_meet(ClosureTable& fast, int cell, int digit);
  /// What the on cases of the cell's candidates `cands` all reach; `any_clash` is set where
  /// one clashes.
  Meet cell_meet(ClosureTable& fast, int cell, std::uint64_t cands, bool& any_clash) const;
  /// What the on cases of `digit` in the cells `where` all reach; `clash` likewise.
  Meet region_meet(ClosureTable& fast, CellBits where, int digit, bool& clash) const;
  /// The first of the cells `where` of `unit` in the unit's order (Layout::unit_cells).
  int first_place(int unit, CellBits where) const;
  /// Every case of the cell: where there are no closures.
  CellPlan plan_all(const std::vector<std::uint64_t>& grid, int cell, bool dynamic) const;
  void multiple(Technique t, int level, const std::vector<std::uint64_t>& grid, int depth,
                bool first_only, std::vector<Hint>& out);
  /// SE's bidirectional cycles (Chaining.doCycles, createCycleHint) on `grid`: from each
  /// candidate assumed true, a breadth-first walk on the position's links (units for X, cells
  /// for Y, both for XY), a loop closing back on the start after four steps or more; what both
  /// the loop's on and off nodes see of their digits goes. 9x9 classic boards, exact mode.
  /// Inside nested chains (depth > 0) only the starts whose loops may remove one of
  /// cycle_removals_ are walked.
  void cycles(const std::vector<std::uint64_t>& grid, int depth, std::vector<Hint>& out);
  /// Nishio forcing chains: each candidate assumed true, then false, and followed along its
  /// digit's links alone (dynamic); a case that clashes proves the opposite (SE's Chaining with
  /// isNishio: contradictions only, no double, cell or region chains).
  void nishio(const std::vector<std::uint64_t>& grid, int depth, bool first_only,
              std::vector<Hint>& out);
  /// The hint that `cell` = `digit` (on) or `cell` <> `digit` (off), assumed in `imp`, led to
  /// a contradiction, so the opposite holds: the one branch, drawn to both ends of the clash.
  Hint contradiction_hint(Technique t, int level, const Imp& imp, int cell, int digit, bool on);
  /// The propagation of "cell holds digit" on `grid` for the search of multiple() at `depth`.
  /// A region chain propagates the places of a digit in a unit, each of which the cell loop
  /// propagates too: on 9x9 boards each one is kept for the rest of the search (one Imp a
  /// candidate), elsewhere it runs in pool slot `slot_index` every time.
  Imp& on_propagation(int cell, int digit, const std::vector<std::uint64_t>& grid, const Mode& mode,
                      int depth, int slot_index);

  const Layout& L_;
  int n_ = 0;
  int stride_ = 0;
  int cells_ = 0;
  int next_nested_id_ = 0;
  long budget_ = 0;
  long propagations_ = 0;
  long next_question_ = 1024;  // propagate() asks stop_ once propagations_ reaches it
  const std::function<bool()>* stop_ = nullptr;
  bool stopped_ = false;
  bool fast_ = false;
  bool exact_ = false;
  // The position rated (exact mode): its solved cells and its candidates, as SE's rules inside
  // a chain count empty cells and placed digits on the grid itself, not on the propagation's.
  std::vector<char> solved_;
  std::array<int, 10> placed_{};
  std::vector<int> empty_;  // by unit: its cells not solved in the position rated
  std::uint64_t solved_key_ = 0;
  SearchMemo& memo_ = thread_memo();
  std::uint64_t rules_key_ = 0;  // non-classic layouts: a hash of the units and apart pairs
  // A cell's units and its index in each: slots_[slot_begin_[c] .. slot_begin_[c + 1]).
  struct Slot {
    int unit = 0;
    int index = 0;
  };
  std::vector<Slot> slots_;
  std::vector<int> slot_begin_;
  std::span<const Slot> slots_of(int cell) const {
    const auto c = static_cast<std::size_t>(cell);
    return {slots_.data() + slot_begin_[c], slots_.data() + slot_begin_[c + 1]};
  }
  // Two units' common cells, by index in each: overlap_[first * 3N + second].
  struct Overlap {
    std::uint64_t in_first = 0, in_second = 0;
  };
  std::vector<Overlap> overlap_;
  // Non-classic layouts: each cell's peers and each unit's cells as bit sets of words_ words.
  std::size_t words_ = 0;
  std::vector<std::uint64_t> peer_bits_, unit_bits_;
  // inside_rules()'s locked candidates: the chutes' segment masks and the kernel's findings.
  std::vector<std::uint64_t> segments_, pointing_, claiming_, locked_;
  std::vector<std::uint64_t> places_of_, places_;  // start(): Imp::places of the last grid
  std::vector<std::vector<std::unique_ptr<Imp>>> pools_;
  std::vector<std::unique_ptr<ClosureTable>> tables_;  // by depth
  // on_propagation()'s propagations by depth, one a candidate, valid where stamp == epoch (one
  // epoch a search); cost: the propagations each counted, counted again when it is reused.
  // The search of the current epoch, (technique << 8 | level) on `grid`, so that
  // rule_parents() can read its hints' branches where they still are (kept_on()).
  struct OnCache {
    std::vector<std::unique_ptr<Imp>> imps;
    std::vector<std::uint32_t> stamp;
    std::vector<long> cost;
    std::uint32_t epoch = 0;
    int search = -1;
    std::vector<std::uint64_t> grid;
  };
  /// The propagation of branch `b` of `hint` (a search's at `depth` on `grid`) if on_cache_
  /// still holds it, counting what it counted; nullptr where it must be recomputed.
  const Imp* kept_on(const Hint& hint, const Branch& b, const std::vector<std::uint64_t>& grid,
                     int depth);
  std::vector<OnCache> on_cache_;
  // What the cycles inside a nested chain may remove (cycles()): the AIC search's removals on
  // the same grid, which inner_chains_exact() sets before it asks for the cycles.
  std::array<CellBits, 10> cycle_removals_{};
  bool filter_cycles_ = false;  // whether cycle_removals_ holds all the AIC search's removals
  // Buffers of propagate() and inside_rules(), one set a depth (the searches inside a
  // propagation run one deeper, so no two live calls share one), and of complexity(): kept so
  // that the millions of calls inside nested chains do not allocate.
  struct Elim {
    int cell, digit;
  };
  static void se_removal_order(std::vector<Elim>& elims);
  // The removals an inner hint makes on `grid`: a placement's other digits, or its one digit.
  static void hint_eliminations(const Hint& h, const std::vector<std::uint64_t>& grid,
                                std::vector<Elim>& out);
  // multiple()'s winnowed lists: by candidate removed, the first hint in SE's order so far.
  struct Best {
    int complexity = 0, kind = 0;
    int hint = -1;  // index into the search's output; -1: none yet
  };
  struct Scratch {
    std::vector<Best> best;
    std::vector<int> best_touched;
    Stack<int> hidden;
    std::vector<int> parents, listed;
    std::vector<Elim> elims;
    std::vector<std::uint64_t> seen;
    std::vector<char> unchanged;
  };
  std::vector<std::unique_ptr<Scratch>> scratch_;
  Scratch& scratch(int depth) {
    const auto d = static_cast<std::size_t>(depth);
    while (scratch_.size() <= d) scratch_.push_back(std::make_unique<Scratch>());
    return *scratch_[d];
  }
  mutable std::vector<std::uint32_t> complexity_seen_;
  mutable std::uint32_t complexity_epoch_ = 0;
  mutable Stack<int> complexity_todo_;
  mutable std::vector<int> complexity_nested_;
  int full_depth_ = -1;          // multiple() at this depth keeps every hint (inner_chains_exact())
  bool units_ascending_ = true;  // every unit lists its cells in increasing order
};

void Engine::propagate(Imp& imp, const std::vector<std::uint64_t>& orig, const Mode& mode,
                       int depth) {
  // Counts also grow in bulk (assumptions the closures pass over, searches the memo answers):
  // the question comes once 1024 more have been counted, whichever way.
  if (++propagations_ >= next_question_) {
    next_question_ = propagations_ + 1024;
    if (stop_ != nullptr && !stopped_ && (*stop_)()) stopped_ = true;
  }
  std::size_t next_on = 0, next_off = 0;
  Stack<int>& hidden = scratch(depth).hidden;
  // Nodes are processed in creation order within each kind; on nodes first.
  while (true) {
    if (mode.stop_on_contradiction && imp.contradiction()) return;
    if (next_on < imp.on_queue.size()) {
      const int id = imp.on_queue[next_on++];
      const Node p = imp.nodes[static_cast<std::size_t>(id)];
      const auto pc = static_cast<std::size_t>(p.cell);
      if (mode.y_links) {
        for (std::uint64_t m = imp.grid[pc] & ~digit_bit(p.digit); m != 0; m &= m - 1) {
          add(imp, p.cell, std::countr_zero(m), false, kCell, {id}, -1);
        }
      }
      for (const Slot& s : slots_of(p.cell)) {
        const auto& cells = L_.unit_cells[static_cast<std::size_t>(s.unit)];
        for (std::uint64_t m = place_bits(imp, s.unit, p.digit) & ~(std::uint64_t{1} << s.index);
             m != 0; m &= m - 1) {
          add(imp, cells[static_cast<std::size_t>(std::countr_zero(m))], p.digit, false, s.unit,
              {id}, -1);
        }
      }
      for (int q : L_.apart[pc]) {
        if ((imp.grid[static_cast<std::size_t>(q)] & digit_bit(p.digit)) != 0) {
          add(imp, q, p.digit, false, kApart, {id}, -1);
        }
      }
      // The constraints' bans: weak links, between digits too except in a one-digit chain.
      if (!L_.bans.empty()) {
        for (const auto& [q, y] :
             L_.bans[pc * static_cast<std::size_t>(n_ + 1) + static_cast<std::size_t>(p.digit)]) {
          if (!mode.y_links && y != p.digit) continue;
          if ((imp.grid[static_cast<std::size_t>(q)] & digit_bit(y)) != 0) {
            add(imp, q, y, false, kBan, {id}, -1);
          }
        }
      }
      continue;
    }
    if (next_off < imp.off_queue.size()) {
      const int id = imp.off_queue[next_off++];
      const Node p = imp.nodes[static_cast<std::size_t>(id)];
      const auto pc = static_cast<std::size_t>(p.cell);
      const std::uint64_t bit = digit_bit(p.digit);
      // An on node that exists already is not made again: its parents are not gathered.
      const auto is_on = [&imp, this](int cell, int digit) {
        return imp.on_id(static_cast<std::size_t>(cand(cell, digit))) >= 0;
      };
      if (mode.y_links && (imp.grid[pc] & bit) != 0 && one_bit(imp.grid[pc] & ~bit)) {
        const int last = std::countr_zero(imp.grid[pc] & ~bit);
        if (!is_on(p.cell, last)) {
          hidden.clear();
          if (mode.dynamic) hidden_of_cell(imp, orig, p.cell, hidden);
          add(imp, p.cell, last, true, kCell, {id}, -1, hidden);
        }
      }
      if (mode.x_links && (imp.grid[pc] & bit) != 0) {
        for (const Slot& s : slots_of(p.cell)) {
          const int unit = s.unit;
          // The unit's two places: this cell's and one other.
          const std::uint64_t others =
              place_bits(imp, unit, p.digit) & ~(std::uint64_t{1} << s.index);
          if (!one_bit(others)) continue;
          const int other = L_.unit_cells[static_cast<std::size_t>(unit)]
                                         [static_cast<std::size_t>(std::countr_zero(others))];
          if (is_on(other, p.digit)) continue;
          hidden.clear();
          if (mode.dynamic) hidden_of_unit(imp, orig, unit, p.digit, hidden);
          add(imp, other, p.digit, true, unit, {id}, -1, hidden);
        }
      }
      if (mode.dynamic && (imp.grid[pc] & bit) != 0) {
        imp.grid[pc] &= ~bit;
        for (const Slot& s : slots_of(p.cell)) {
          imp.places[static_cast<std::size_t>(s.unit * stride_ + p.digit)] &=
              ~(std::uint64_t{1} << s.index);
        }
      }
      continue;
    }
    // Both queues are empty.
    if (mode.level >= 1 && mode.dynamic && inside_rules(imp, orig, mode, depth)) continue;
    return;
  }
}

int Engine::complexity(const Imp& imp, int node, bool fresh) const {
  // A node is seen in this call where its stamp is this call's: no clearing between calls,
  // which are many on one propagation (one a conclusion of each case).
  std::vector<std::uint32_t>& seen = complexity_seen_;
  if (seen.size() < imp.nodes.size()) seen.resize(imp.nodes.size(), 0);
  if (++complexity_epoch_ == 0) {  // the stamps wrapped: forget them all
    std::fill(seen.begin(), seen.end(), 0);
    complexity_epoch_ = 1;
  }
  const std::uint32_t epoch = complexity_epoch_;
  Stack<int>& todo = complexity_todo_;
  todo.clear();
  todo.push_back(node);
  std::vector<int>& nested_seen = complexity_nested_;
  if (fresh) nested_seen.clear();
  int count = 0;
  while (!todo.empty()) {
    const int i = todo.back();
    todo.pop_back();
    if (seen[static_cast<std::size_t>(i)] == epoch) continue;
    seen[static_cast<std::size_t>(i)] = epoch;
    ++count;
    const Node& nd = imp.nodes[static_cast<std::size_t>(i)];
    if (nd.nested_id >= 0 &&
        std::find(nested_seen.begin(), nested_seen.end(), nd.nested_id) == nested_seen.end()) {
      nested_seen.push_back(nd.nested_id);
      count += nd.nested;
    }
    for (int k = 0; k < nd.parent_count; ++k) {
      todo.push_back(imp.parents[static_cast<std::size_t>(nd.parent_begin + k)]);
    }
  }
  return count;
}

// ---- techniques applied inside a dynamic chain (level >= 1) ----

/// SE keeps a hint's removals in a HashMap keyed by cell (hash: the cell's index), and adds
/// them in its iteration order: by index modulo the table's size (16, doubled past 3/4 full),
/// cells of one bucket in the order they were put in, each cell's digits ascending.
void Engine::se_removal_order(std::vector<Elim>& elims) {
  std::vector<int> cells;
  for (const Elim& e : elims) {
    if (std::find(cells.begin(), cells.end(), e.cell) == cells.end()) cells.push_back(e.cell);
  }
  int cap = 16;
  while (static_cast<int>(cells.size()) * 4 > cap * 3) cap *= 2;
  std::stable_sort(cells.begin(), cells.end(),
                   [cap](int a, int b) { return (a & (cap - 1)) < (b & (cap - 1)); });
  std::vector<Elim> out;
  out.reserve(elims.size());
  for (int c : cells) {
    std::vector<int> digits;
    for (const Elim& e : elims) {
      if (e.cell == c) digits.push_back(e.digit);
    }
    std::sort(digits.begin(), digits.end());
    for (int d : digits) out.push_back({c, d});
  }
  elims = std::move(out);
}

bool Engine::inside_rules(Imp& imp, const std::vector<std::uint64_t>& orig, const Mode& mode,
                          int depth) {
  const auto& g = imp.grid;
  Scratch& buffers = scratch(depth);
  std::vector<Elim>& elims = buffers.elims;
  std::vector<int>& parents = buffers.parents;
  elims.clear();
  parents.clear();
  if (imp.seen_stale) {
    // Cleared here, not at start(): most propagations never get here, and SE's rules
    // (se_pairs_and_wings()) on a classic board look at none of them.
    imp.seen_stale = false;
    if (!L_.classic) imp.locked_seen.assign(imp.places.size(), 0);
    if (!(exact_ && L_.classic && n_ == 9)) {
      imp.hidden_seen.assign(imp.places.size(), 0);
      imp.naked_seen.assign(imp.places.size(), 0);
    }
  }
  bool added = false;
  // Each pattern found adds its eliminations with the off nodes it rests on as parents; a
  // pattern resting on no off node was already in the position and is skipped.
  auto emit = [&](int rule, int nested = 0, int nested_id = -1) {
    if (parents.empty()) return;
    std::sort(parents.begin(), parents.end());
    parents.erase(std::unique(parents.begin(), parents.end()), parents.end());
    if (exact_) se_removal_order(elims);
    for (const Elim& e : elims) {
      if ((g[static_cast<std::size_t>(e.cell)] & digit_bit(e.digit)) == 0) continue;
      if (add(imp, e.cell, e.digit, false, kAdvanced, {}, rule, parents, nested, nested_id) >= 0) {
        added = true;
      }
    }
  };
  // The places of each digit in each unit (bit i: the unit's i-th cell): adding nodes leaves
  // the grid, and so these, as they are.
  const int units = L_.unit_count();
  auto places = [&](int unit, int digit) { return place_bits(imp, unit, digit); };
  if (!L_.classic) {
    // Locked candidates on any layout (the chute tables below know boxes only): a digit's
    // places in a unit all seen from a cell outside it (through a unit or an apart pair).
    // The cells seeing every place, by increasing cell as the peers list them.
    std::vector<std::uint64_t>& seen = buffers.seen;
    seen.resize(words_);
    for (int from = 0; from < units; ++from) {
      const std::uint64_t* outside = &unit_bits_[static_cast<std::size_t>(from) * words_];
      for (int d = 1; d <= n_; ++d) {
        const std::uint64_t where = places(from, d);
        if (at_most_one_bit(where)) continue;
        // Unchanged since the last look: what it removes is already off (or the look found
        // it in the position itself, resting on no off node).
        auto& last = imp.locked_seen[static_cast<std::size_t>(from * stride_ + d)];
        if (where == last) continue;
        last = where;
        const auto& cells = L_.unit_cells[static_cast<std::size_t>(from)];
        std::uint64_t any = 0;
        if (words_ == 2) {  // 9x9 and up to 128 cells: in registers (this loop is hot)
          std::uint64_t lo = ~outside[0], hi = ~outside[1];
          for (std::uint64_t m = where; m != 0 && (lo | hi) != 0; m &= m - 1) {
            const std::uint64_t* peer =
                &peer_bits_[static_cast<std::size_t>(
                                cells[static_cast<std::size_t>(std::countr_zero(m))]) *
                            2];
            lo &= peer[0];
            hi &= peer[1];
          }
          seen[0] = lo;
          seen[1] = hi;
          any = lo | hi;
        } else {
          for (std::size_t w = 0; w < words_; ++w) seen[w] = ~outside[w];
          for (std::uint64_t m = where; m != 0; m &= m - 1) {
            const auto place =
                static_cast<std::size_t>(cells[static_cast<std::size_t>(std::countr_zero(m))]);
            any = 0;
            for (std::size_t w = 0; w < words_; ++w) {
              any |= seen[w] &= peer_bits_[place * words_ + w];
            }
            if (any == 0) break;
          }
        }
        if (any == 0) continue;
        elims.clear();
        for (std::size_t w = 0; w < words_; ++w) {
          for (std::uint64_t m = seen[w]; m != 0; m &= m - 1) {
            const auto q = static_cast<int>(w * 64) + std::countr_zero(m);
            if ((g[static_cast<std::size_t>(q)] & digit_bit(d)) != 0) elims.push_back({q, d});
          }
        }
        if (elims.empty()) continue;
        parents.clear();
        hidden_of_unit(imp, orig, from, d, parents);
        emit(0);
      }
    }
  } else {
    const Chutes<0, 0> chutes(L_.geometry);
    segments_.resize(static_cast<std::size_t>(chutes.segment_count()));
    pointing_.resize(segments_.size());
    claiming_.resize(segments_.size());
    chutes.segment_masks(g.data(), segments_.data());
    for (int chute = 0; chute < chutes.count(); ++chute) {
      const auto first = static_cast<std::size_t>(chutes.first_segment(chute));
      locked_candidates<0>(segments_.data() + first, chutes.side(chute), pointing_.data() + first,
                           claiming_.data() + first);
    }
    const int box_rows = L_.geometry.box_rows, box_cols = L_.geometry.box_cols;
    // The unit that digit d's places in unit `from` all lie in, with some left elsewhere in it
    // (-1: none): for a line, the box its segment claims in; for a box, the line it points along.
    auto locked_target = [&](int from, int d) {
      const std::uint64_t bit = digit_bit(d);
      auto along = [&](const std::vector<std::uint64_t>& found, int chute, int fixed,
                       bool vary_line) {
        const int k = chutes.side(chute);
        const int first = chutes.first_segment(chute);
        for (int x = 0; x < k; ++x) {
          const int i = vary_line ? x : fixed, j = vary_line ? fixed : x;
          if ((found[static_cast<std::size_t>(first + i * k + j)] & bit) != 0) {
            return vary_line ? chutes.line_unit(chute, i) : chutes.box_unit(chute, j);
          }
        }
        return -1;
      };
      if (from < n_) return along(claiming_, from / box_rows, from % box_rows, false);
      if (from < 2 * n_) {
        const int column = from - n_;
        return along(claiming_, chutes.bands() + column / box_cols, column % box_cols, false);
      }
      const int box = from - 2 * n_;
      const int row = along(pointing_, box / box_rows, box % box_rows, true);
      return row >= 0 ? row
                      : along(pointing_, chutes.bands() + box % box_rows, box / box_rows, true);
    };
    // The digits each unit gives away: a line what its segments claim, a box what they point.
    locked_.assign(static_cast<std::size_t>(units), 0);
    for (int chute = 0; chute < chutes.count(); ++chute) {
      const int k = chutes.side(chute);
      const int first = chutes.first_segment(chute);
      for (int i = 0; i < k; ++i) {
        for (int j = 0; j < k; ++j) {
          const auto s = static_cast<std::size_t>(first + i * k + j);
          locked_[static_cast<std::size_t>(chutes.line_unit(chute, i))] |= claiming_[s];
          locked_[static_cast<std::size_t>(chutes.box_unit(chute, j))] |= pointing_[s];
        }
      }
    }
    auto locked_one = [&](int from, int d) {
      if (at_most_one_bit(places(from, d))) return;  // a single, or the digit is placed
      const int to = locked_target(from, d);
      assert(to >= 0);  // a segment of `from` gives d away
      const Overlap& overlap = overlap_[static_cast<std::size_t>(from * units + to)];
      elims.clear();
      for (std::uint64_t m = places(to, d) & ~overlap.in_second; m != 0; m &= m - 1) {
        elims.push_back({L_.unit_cells[static_cast<std::size_t>(to)]
                                      [static_cast<std::size_t>(std::countr_zero(m))],
                         d});
      }
      parents.clear();
      hidden_of_unit(imp, orig, from, d, parents);
      if (exact_) {
        // SE's rule parents: the places removed from the first unit outside the second.
        const auto& to_cells = L_.unit_cells[static_cast<std::size_t>(to)];
        std::erase_if(parents, [&](int id) {
          const int c = imp.nodes[static_cast<std::size_t>(id)].cell;
          return std::find(to_cells.begin(), to_cells.end(), c) != to_cells.end();
        });
      }
      emit(0);
    };
    if (exact_) {
      // SE's order (Locking.getHints): boxes along columns, boxes along rows, columns into
      // boxes, rows into boxes; each by digit, then by unit.
      const int kinds[4][2] = {{2, 1}, {2, 0}, {1, 2}, {0, 2}};  // (from, to): 0 row 1 col 2 box
      for (const auto& kind : kinds) {
        for (int d = 1; d <= n_; ++d) {
          for (int i = 0; i < n_; ++i) {
            const int from = kind[0] * n_ + i;
            if ((locked_[static_cast<std::size_t>(from)] & digit_bit(d)) == 0) continue;
            if (at_most_one_bit(places(from, d))) continue;
            if (locked_target(from, d) / n_ != kind[1]) continue;
            locked_one(from, d);
          }
        }
      }
    } else {
      for (int from = 0; from < units; ++from) {
        for (std::uint64_t digits = locked_[static_cast<std::size_t>(from)]; digits != 0;
             digits &= digits - 1) {
          locked_one(from, std::countr_zero(digits));
        }
      }
    }
  }
  if (added) return true;
  if (exact_ && L_.classic && n_ == 9) {
    if (se_pairs_and_wings(imp, orig, depth, emit)) return true;
  } else {
    if (other_pairs_and_wings(imp, orig, depth, emit)) return true;
  }
  if (mode.level < 2 || spent()) return false;
  const std::vector<std::uint64_t> here = g;
  if (exact_) return inner_chains_exact(imp, orig, mode, depth, here);
  return inner_chains_first(imp, orig, mode, depth, here);
}

template <typename Emit>
bool Engine::se_pairs_and_wings(Imp& imp, const std::vector<std::uint64_t>& orig, int depth,
                                Emit& emit) {
  // SE's HiddenSet(2), NakedSet(2) and Fisherman(2), each in its own order: boxes, columns,
  // rows; pairs in Gosper's order ({0,1}, {0,2}, {1,2}, {0,3}, ...); a hidden pair only in a
  // unit of more than four empty cells, a naked pair in one of four or more; x-wings on
  // columns, then rows, each pair of lines before the digits, and only of a digit placed at
  // most five times. Empty cells and placed digits are those of the position rated.
  const auto& g = imp.grid;
  Scratch& buffers = scratch(depth);
  std::vector<Elim>& elims = buffers.elims;
  std::vector<int>& parents = buffers.parents;
  const int order[3] = {2, 1, 0};  // box, column, row
  auto empty = [&](int unit) { return empty_[static_cast<std::size_t>(unit)]; };
  // The pairs of `among`'s members (indices 0..8) in Gosper's order. Only sets of two can
  // pair (two sets of two or more whose union has two are both that union), so the loops
  // below pass `among` the indices whose set has two members and compare sets for equality:
  // the pairs they skip are those that could find nothing.
  auto each_pair = [](std::uint32_t among, auto&& f) {
    for (std::uint32_t bs = among & (among - 1); bs != 0; bs &= bs - 1) {
      const int b = std::countr_zero(bs);
      for (std::uint32_t as = among & ((std::uint32_t{1} << b) - 1); as != 0; as &= as - 1) {
        f(std::countr_zero(as), b);
      }
    }
  };
  const auto two = [](std::uint64_t m) { return !at_most_one_bit(m) && at_most_two_bits(m); };
  bool added = false;
  const auto emitted = [&](auto&&... args) {
    const std::size_t before = imp.nodes.size();
    emit(args...);
    added = added || imp.nodes.size() != before;
  };
  for (int kind : order) {
    for (int i = 0; i < 9; ++i) {
      const int u = kind * 9 + i;
      if (empty(u) <= 4) continue;
      std::uint32_t digits = 0;  // digit - 1 for those with two places
      for (int d = 1; d <= 9; ++d) {
        if (two(place_bits(imp, u, d))) digits |= std::uint32_t{1} << (d - 1);
      }
      each_pair(digits, [&](int a, int b) {
        const std::uint64_t pa = place_bits(imp, u, a + 1), pb = place_bits(imp, u, b + 1);
        if (pa != pb) return;
        const std::uint64_t keep = digit_bit(a + 1) | digit_bit(b + 1);
        elims.clear();
        for (std::uint64_t m = pa | pb; m != 0; m &= m - 1) {
          const int c = L_.unit_cells[static_cast<std::size_t>(u)]
                                     [static_cast<std::size_t>(std::countr_zero(m))];
          for (std::uint64_t o = g[static_cast<std::size_t>(c)] & ~keep; o != 0; o &= o - 1) {
            elims.push_back({c, std::countr_zero(o)});
          }
        }
        if (elims.empty()) return;
        parents.clear();
        hidden_of_unit(imp, orig, u, a + 1, parents);
        hidden_of_unit(imp, orig, u, b + 1, parents);
        emitted(1);
      });
    }
  }
  if (added) return true;
  for (int kind : order) {
    for (int i = 0; i < 9; ++i) {
      const int u = kind * 9 + i;
      if (empty(u) < 4) continue;
      const auto& cells = L_.unit_cells[static_cast<std::size_t>(u)];
      std::uint32_t pairs = 0;  // indices of the unit's unsolved cells of two candidates
      for (std::size_t k = 0; k < 9; ++k) {
        const auto c = static_cast<std::size_t>(cells[k]);
        if (!solved_[c] && two(g[c])) pairs |= std::uint32_t{1} << k;
      }
      each_pair(pairs, [&](int a, int b) {
        const int ca = cells[static_cast<std::size_t>(a)], cb = cells[static_cast<std::size_t>(b)];
        const std::uint64_t ma = g[static_cast<std::size_t>(ca)],
                            mb = g[static_cast<std::size_t>(cb)];
        if (ma != mb) return;
        elims.clear();
        for (int c : cells) {
          if (c == ca || c == cb) continue;
          for (std::uint64_t o = g[static_cast<std::size_t>(c)] & (ma | mb); o != 0; o &= o - 1) {
            elims.push_back({c, std::countr_zero(o)});
          }
        }
        if (elims.empty()) return;
        parents.clear();
        hidden_of_cell(imp, orig, ca, parents);
        hidden_of_cell(imp, orig, cb, parents);
        emitted(2);
      });
    }
  }
  if (added) return true;
  const std::array<int, 10>& placed = placed_;
  for (int kind : {1, 0}) {  // base lines: columns, then rows
    const int base0 = kind * 9, cover0 = (1 - kind) * 9;
    std::array<std::uint32_t, 10> lines{};  // by digit: the base lines where it has two places
    std::uint32_t any = 0;
    for (int d = 1; d <= 9; ++d) {
      if (placed[static_cast<std::size_t>(d)] + 4 > 9) continue;
      for (int i = 0; i < 9; ++i) {
        if (two(place_bits(imp, base0 + i, d))) lines[static_cast<std::size_t>(d)] |= 1u << i;
      }
      any |= lines[static_cast<std::size_t>(d)];
    }
    each_pair(any, [&](int a, int b) {
      const std::uint32_t both = (1u << a) | (1u << b);
      for (int d = 1; d <= 9; ++d) {
        if ((lines[static_cast<std::size_t>(d)] & both) != both) continue;
        const std::uint64_t pa = place_bits(imp, base0 + a, d), pb = place_bits(imp, base0 + b, d);
        if (pa != pb) continue;
        elims.clear();
        for (std::uint64_t m = pa | pb; m != 0; m &= m - 1) {
          const int cover = cover0 + std::countr_zero(m);
          for (int c : L_.unit_cells[static_cast<std::size_t>(cover)]) {
            const int line =
                L_.cell_units[static_cast<std::size_t>(c)][static_cast<std::size_t>(kind)];
            if (line == base0 + a || line == base0 + b) continue;
            if ((g[static_cast<std::size_t>(c)] & digit_bit(d)) != 0) elims.push_back({c, d});
          }
        }
        if (elims.empty()) continue;
        parents.clear();
        hidden_of_unit(imp, orig, base0 + a, d, parents);
        hidden_of_unit(imp, orig, base0 + b, d, parents);
        emitted(3);
      }
    });
  }
  return added;
}

template <typename Emit>
bool Engine::other_pairs_and_wings(Imp& imp, const std::vector<std::uint64_t>& orig, int depth,
                                   Emit& emit) {
  const auto& g = imp.grid;
  const int units = L_.unit_count();
  auto places = [&](int unit, int digit) { return place_bits(imp, unit, digit); };
  Scratch& buffers = scratch(depth);
  std::vector<Elim>& elims = buffers.elims;
  std::vector<int>& parents = buffers.parents;
  bool added = false;
  const auto emitted = [&](auto&&... args) {
    const std::size_t before = imp.nodes.size();
    emit(args...);
    added = added || imp.nodes.size() != before;
  };
  // Hidden pairs, naked pairs and x-wings: the kernel's searches (those of the techniques),
  // every one found applied.
  std::array<std::uint64_t, Geometry::kMaxSize + 1> masks{};
  // The pairs of a unit depend on its places alone (a naked pair's cells and what it removes
  // are in the unit): a unit unchanged since the last look of a kind is passed over by it.
  std::vector<char>& unchanged = buffers.unchanged;
  unchanged.assign(static_cast<std::size_t>(units), 0);
  const auto look = [&](std::vector<std::uint64_t>& last) {
    for (int u = 0; u < units; ++u) {
      const auto row = static_cast<std::ptrdiff_t>(u * stride_);
      unchanged[static_cast<std::size_t>(u)] = std::equal(
          imp.places.begin() + row, imp.places.begin() + row + stride_, last.begin() + row);
    }
    last = imp.places;
  };
  look(imp.hidden_seen);
  for (int u = 0; u < units; ++u) {
    if (unchanged[static_cast<std::size_t>(u)]) continue;
    for (int d = 1; d <= n_; ++d) masks[static_cast<std::size_t>(d)] = places(u, d);
    for_each_hidden_subset(masks.data(), n_, 2, [&](const int* digits, std::uint64_t where) {
      const std::uint64_t keep = digit_bit(digits[0]) | digit_bit(digits[1]);
      elims.clear();
      for (std::uint64_t m = where; m != 0; m &= m - 1) {
        const int c = L_.unit_cells[static_cast<std::size_t>(u)]
                                   [static_cast<std::size_t>(std::countr_zero(m))];
        for (std::uint64_t o = g[static_cast<std::size_t>(c)] & ~keep; o != 0; o &= o - 1) {
          elims.push_back({c, std::countr_zero(o)});
        }
      }
      if (elims.empty()) return false;
      parents.clear();
      hidden_of_unit(imp, orig, u, digits[0], parents);
      hidden_of_unit(imp, orig, u, digits[1], parents);
      emitted(1);
      return false;
    });
  }
  if (added) return true;
  look(imp.naked_seen);
  for (int u = 0; u < units; ++u) {
    if (unchanged[static_cast<std::size_t>(u)]) continue;
    const auto& cells = L_.unit_cells[static_cast<std::size_t>(u)];
    for (std::size_t i = 0; i < cells.size(); ++i) masks[i] = g[static_cast<std::size_t>(cells[i])];
    for_each_naked_subset(masks.data(), static_cast<int>(cells.size()), 2,
                          [&](const int* pair, std::uint64_t digits) {
                            const int a = cells[static_cast<std::size_t>(pair[0])],
                                      b = cells[static_cast<std::size_t>(pair[1])];
                            elims.clear();
                            for (int c : cells) {
                              if (c == a || c == b) continue;
                              for (std::uint64_t o = g[static_cast<std::size_t>(c)] & digits;
                                   o != 0; o &= o - 1) {
                                elims.push_back({c, std::countr_zero(o)});
                              }
                            }
                            if (elims.empty()) return false;
                            parents.clear();
                            hidden_of_cell(imp, orig, a, parents);
                            hidden_of_cell(imp, orig, b, parents);
                            emitted(2);
                            return false;
                          });
  }
  if (added) return true;
  // X-wings: rows as bases, then columns.
  for (int kind = 0; kind < 2; ++kind) {
    const int base0 = kind == 0 ? 0 : n_;
    const int cover0 = kind == 0 ? n_ : 0;
    for (int d = 1; d <= n_; ++d) {
      for (int r = 0; r < n_; ++r) masks[static_cast<std::size_t>(r)] = places(base0 + r, d);
      for_each_fish(masks.data(), n_, 2, 0, [&](const int* base, std::uint64_t covers) {
        elims.clear();
        for (std::uint64_t m = covers; m != 0; m &= m - 1) {
          const int cover = cover0 + std::countr_zero(m);
          for (int c : L_.unit_cells[static_cast<std::size_t>(cover)]) {
            const int line =
                L_.cell_units[static_cast<std::size_t>(c)][static_cast<std::size_t>(kind)];
            if (line == base0 + base[0] || line == base0 + base[1]) continue;
            if ((g[static_cast<std::size_t>(c)] & digit_bit(d)) != 0) elims.push_back({c, d});
          }
        }
        if (elims.empty()) return false;
        parents.clear();
        hidden_of_unit(imp, orig, base0 + base[0], d, parents);
        hidden_of_unit(imp, orig, base0 + base[1], d, parents);
        emitted(3);
        return false;
      });
    }
  }
  return added;
}

void Engine::hint_eliminations(const Hint& h, const std::vector<std::uint64_t>& grid,
                               std::vector<Elim>& out) {
  out.clear();
  if (h.kind == "cycle") {
    for (const auto& [cell, digit] : h.removals) out.push_back({cell, digit});
    return;
  }
  each_removal(grid, h.conclusion_on, h.conclusion_cell, h.conclusion_digit,
               [&out](int cell, int digit) {
                 out.push_back({cell, digit});
               });
}

bool Engine::inner_chains_first(Imp& imp, const std::vector<std::uint64_t>& orig, const Mode& mode,
                                int depth, const std::vector<std::uint64_t>& here) {
  Scratch& buffers = scratch(depth);
  std::vector<Elim>& elims = buffers.elims;
  std::vector<int>& parents = buffers.parents;
  bool added = false;
  auto emit = [&](int rule, int nested, int nested_id) {
    if (parents.empty()) return;
    std::sort(parents.begin(), parents.end());
    parents.erase(std::unique(parents.begin(), parents.end()), parents.end());
    for (const Elim& e : elims) {
      if ((here[static_cast<std::size_t>(e.cell)] & digit_bit(e.digit)) == 0) continue;
      if (add(imp, e.cell, e.digit, false, kAdvanced, {}, rule, parents, nested, nested_id) >= 0) {
        added = true;
      }
    }
  };
  // Forcing chains inside: SE's levels 2 (forcing chains), 3 (+ multiple), 4 (dynamic
  // instead), 5 (dynamic (+) of level 2).
  std::vector<std::pair<Technique, int>> inner;
  if (mode.level < 4) {
    inner.push_back({Technique::x_chain, 0});
    inner.push_back({Technique::aic, 0});
    if (mode.level >= 3) inner.push_back({Technique::multiple_forcing_chain, 0});
  } else {
    inner.push_back({Technique::dynamic_forcing_chain, 0});
    if (mode.level >= 5) inner.push_back({Technique::nested_forcing_chain, mode.level - 3});
  }
  // An X-chain is an AIC without bivalue cells, so where the AIC search finds nothing the
  // X-chain search finds nothing either: the AIC search runs first, and the X-chain search
  // only when it finds something. What the engine counts stays the count of the searches in
  // SE's order: a search that finds nothing counts one propagation a root (assumption) in
  // either case, and the AIC search's count is taken back when the X-chain search's hints
  // end the rules. Only where the budget cannot run out in these two searches, whose count is
  // at most the roots each: then neither order stops early.
  HintList aic_hints;
  long aic_cost = 0;
  if (mode.level < 4) {
    long roots = 0;
    if (budget_ > 0) {
      for (std::uint64_t m : here) {
        if (!at_most_one_bit(m)) roots += 2 * std::popcount(m);
      }
    }
    if (budget_ == 0 || propagations_ + 2 * roots < budget_) {
      const long before = propagations_;
      aic_hints = search_inner(Technique::aic, 0, here, depth + 1, true);
      aic_cost = propagations_ - before;
    }
  }
  for (const auto& [technique, level] : inner) {
    const int rule = technique == Technique::x_chain || technique == Technique::aic ? 4
                     : technique == Technique::multiple_forcing_chain               ? 5
                     : level == 0                                                   ? 6
                                                                                    : 8;
    HintList hints;
    if (technique == Technique::aic && aic_hints) {
      hints = std::move(aic_hints);
    } else if (technique == Technique::x_chain && aic_hints && aic_hints->empty()) {
      propagations_ += aic_cost;  // what the X-chain search would have counted: each root
    } else {
      hints = search_inner(technique, level, here, depth + 1, true);
    }
    static const std::vector<Hint> kNone;
    for (const Hint& h : hints ? *hints : kNone) {
      parents = rule_parents(h, here, depth + 1, imp, orig);
      hint_eliminations(h, here, elims);
      emit(rule, h.complexity, next_nested_id_++);
    }
    if (added) {
      if (technique == Technique::x_chain) propagations_ -= aic_cost;  // SE stops before AICs
      return true;
    }
  }
  return false;
}

// SE's order among the hints of one rule (Chaining.getHintList): difficulty, then complexity,
// then the kind's sort key; Java's sort is stable, so ties keep the order they were found in.
constexpr int kRankDouble = 1, kRankCell = 5, kRankRegion = 6, kRankContradiction = 7;
// Whether two hints of multiple() on one grid are one: a case split (or an assumption) and a
// conclusion name it, as the search makes at most one hint of each.
bool same_deduction(const Hint& a, const Hint& b) {
  return a.kind == b.kind && a.source_cells == b.source_cells && a.source_digit == b.source_digit &&
         a.unit == b.unit && a.conclusion_on == b.conclusion_on &&
         a.conclusion_cell == b.conclusion_cell && a.conclusion_digit == b.conclusion_digit &&
         a.branches.size() == b.branches.size() &&
         (a.branches.empty() || a.branches.front().on == b.branches.front().on);
}
int sort_key(const Hint& h) {
  if (h.kind == "cycle") return h.cycle_links == 3 ? 4 : h.cycle_links == 2 ? 3 : 2;
  if (h.kind == "chain") return h.technique == Technique::x_chain ? 2 : 4;
  if (h.kind == "double") return kRankDouble;
  if (h.kind == "cell") return kRankCell;
  if (h.kind == "region") return kRankRegion;
  return kRankContradiction;
}
// Where SE's producer of forcing chains and cycles lists a hint, for its stable sort to keep
// among equals: X-links, then Y-, then both (the links the search used, which an X-chain's
// technique and a cycle's cycle_links tell); in each, start candidate by start candidate, its
// cycles, then its chains from "on", then from "off" (Chaining.getHintList, doUnaryChaining).
// Other hints keep the order they were found in (0).
int se_listing(const Hint& h) {
  int links = 0, within = 0;
  if (h.kind == "cycle") {
    links = h.cycle_links;
  } else if (h.kind == "chain" && !h.branches.empty()) {
    links = h.technique == Technique::x_chain ? 1 : 3;
    within = h.branches.front().on ? 1 : 2;
  } else {
    return 0;
  }
  return ((links * 81 + h.source_cells.front()) * 10 + h.source_digit) * 3 + within;
}
// SE's comparator (SortableChainingHint).
bool easier_like_se(const Hint& a, const Hint& b) {
  if (a.difficulty != b.difficulty) return a.difficulty < b.difficulty;
  if (a.complexity != b.complexity) return a.complexity < b.complexity;
  return sort_key(a) < sort_key(b);
}
// Inside nested chains the equals keep the order found (cycles, X-chains, AICs): with the
// listing order of Sukaku Explainer's source among them instead, the forum's #39 (published
// 11.8/11.8/10.7) opens at 10.8, its parents taken from a forcing chain where the published
// figure needs a cycle's. Sukaku Explainer's SE mode itself gives 10.8 there: SE 1.2.1, whose
// figures are published, differs from it here. At the top of the path the listing order is
// kept (top1465 #136: a forcing chain before a cycle of equal difficulty and length, as
// Sukaku Explainer takes it; no published figure tells the two apart).
//
// The hints stay where the memo keeps them: the order is one of pointers, with each hint's
// keys read once rather than at every comparison.
void sort_like_se(std::vector<const Hint*>& hints) {
  struct Keyed {
    int difficulty, complexity, key;
    const Hint* hint;
  };
  std::vector<Keyed> keyed;
  keyed.reserve(hints.size());
  for (const Hint* h : hints) keyed.push_back({h->difficulty, h->complexity, sort_key(*h), h});
  std::stable_sort(keyed.begin(), keyed.end(), [](const Keyed& a, const Keyed& b) {
    if (a.difficulty != b.difficulty) return a.difficulty < b.difficulty;
    if (a.complexity != b.complexity) return a.complexity < b.complexity;
    return a.key < b.key;
  });
  for (std::size_t i = 0; i < keyed.size(); ++i) hints[i] = keyed[i].hint;
}
// At the top: SE's comparator, then its listing order.
bool easiest_at_top(const Hint& a, const Hint& b) {
  if (easier_like_se(a, b)) return true;
  if (easier_like_se(b, a)) return false;
  return se_listing(a) < se_listing(b);
}

bool Engine::inner_chains_exact(Imp& imp, const std::vector<std::uint64_t>& orig, const Mode& mode,
                                int depth, const std::vector<std::uint64_t>& here) {
  // As SE's getAdvancedPotentials: each inner rule gives all its hints, in its order, and
  // every one of their eliminations is added, the first hint removing a candidate giving its
  // parents; the first rule that gives any ends the look.
  const auto g = here;
  Scratch& buffers = scratch(depth);
  std::vector<Elim>& elims = buffers.elims;
  std::vector<int>& parents = buffers.parents;
  bool added = false;
  std::vector<const Hint*> hints;
  HintList every;  // a winnowed search again, every hint kept
  auto take = [&](const HintList& list) {
    for (const Hint& h : *list) hints.push_back(&h);
  };
  auto apply = [&](int rule) {
    sort_like_se(hints);
    for (std::size_t at = 0; at < hints.size(); ++at) {
      const Hint& h = *hints[at];
      // A hint whose removals all hold already adds nothing: its parents (a propagation a
      // branch) are not needed.
      hint_eliminations(h, here, elims);
      const bool adds = !(exact_ && imp.contra_on >= 0 && !imp.allow_both) &&
                        std::any_of(elims.begin(), elims.end(), [&](const Elim& e) {
                          return (g[static_cast<std::size_t>(e.cell)] & digit_bit(e.digit)) != 0 &&
                                 imp.off_id(static_cast<std::size_t>(cand(e.cell, e.digit))) < 0;
                        });
      if (!adds) continue;
      parents = rule_parents(h, here, depth + 1, imp, orig);
      if (parents.empty()) {
        if (h.winnowed) {
          // The first hint of its removals gives them no parent (it rests on none of this
          // propagation's nodes): the next hint of each does, which multiple() winnowed out.
          // The search again with every hint, on from this one's place (the hints before it
          // are the same in both lists); its propagations were counted once already.
          const long counted = propagations_;
          const int winnowing = full_depth_;
          full_depth_ = depth + 1;
          every = search_inner(h.technique, h.level, here, depth + 1, false);
          full_depth_ = winnowing;
          propagations_ = counted;
          const Hint* kept = &h;
          hints.clear();
          take(every);
          sort_like_se(hints);
          at = static_cast<std::size_t>(
              std::find_if(hints.begin(), hints.end(),
                           [kept](const Hint* x) { return same_deduction(*x, *kept); }) -
              hints.begin());
        }
        continue;
      }
      std::sort(parents.begin(), parents.end());
      parents.erase(std::unique(parents.begin(), parents.end()), parents.end());
      // SE counts a nested chain once in a hint, wherever it recurs (FullChain): the same
      // inner hint met in two branches, from the memo or from one grid, is one chain.
      std::uint64_t sig = kFnvBasis;
      const auto mix = [&sig](int v) { fnv_mix(sig, static_cast<std::uint64_t>(v)); };
      for (const int v :
           {static_cast<int>(h.technique), h.level, sort_key(h), h.complexity, h.conclusion_cell,
            h.conclusion_digit, int{h.conclusion_on}, h.source_digit, h.unit}) {
        mix(v);
      }
      for (const int c : h.source_cells) mix(c);
      // FullChain compares the chains themselves: two of one assumption, conclusion and length
      // are still two where they end elsewhere (a contradiction's clash) or rest on other
      // singles (the anchors rule_parents() has just found). Counted as one, #58 of the
      // forum's hardest rated 11.6 for SE's 11.8.
      for (const Branch& b : h.branches) {
        for (const int v : {b.cell, b.digit, int{b.on}, static_cast<int>(b.end), b.target_cell,
                            b.target_digit, int{b.target_on}}) {
          mix(v);
        }
      }
      for (const Hint::LoopNode& n : h.loop) {
        for (const int v : {n.cell, n.digit, n.cause}) mix(v);
      }
      if (h.anchors) {
        for (const auto& [cause, which] : h.anchors->singles) mix(cause * 100 + which);
      }
      const int id = static_cast<int>(sig & 0x7FFFFFFF);
      for (const Elim& e : elims) {
        if ((g[static_cast<std::size_t>(e.cell)] & digit_bit(e.digit)) == 0) continue;
        if (add(imp, e.cell, e.digit, false, kAdvanced, {}, h.kind == "cycle" ? kCycleRule : rule,
                parents, h.complexity, id) >= 0) {
          added = true;
        }
      }
    }
  };
  if (mode.level < 4) {
    // SE's "forcing chains and cycles": X-chains and chains with bivalue cells in one rule.
    // An X-chain is an AIC without bivalue cells: where the AIC search finds nothing, so does
    // the X-chain search (counted as if it ran).
    const long before = propagations_;
    const HintList aic = search_inner(Technique::aic, 0, here, depth + 1, false);
    const long aic_cost = propagations_ - before;
    const bool aic_whole = !spent();  // its removals are all there are
    // SE's rule is "forcing chains and cycles": its X-, Y- and XY-cycles compete too (sorted
    // below with the chains; a cycle's difficulty never ties a chain's of its kind). The order
    // before sorting is the cycles', the X-chains', then the AICs'.
    // A cycle removes a candidate z that sees an on node and an off node of its loop (z's
    // digit): one of the loop's two alternations holds, so z on -> the node it sees off ->
    // around the loop -> the other node on -> z off, an AIC on the same links. So where the
    // AIC search finds no removal (an assumption "on" reaching its negation), no cycle removes
    // anything, and the cycles are not searched (they count no propagations), unless the AIC
    // search was cut short. They are searched before the X-chains, while the closures of the
    // AIC search are still at hand (cycles() reads them; the order found is the one above).
    HintList loops;
    const auto search_cycles = [&] {
      filter_cycles_ = aic_whole;
      cycle_removals_.fill(0);
      for (const Hint& h : *aic) {
        if (!h.conclusion_on) {
          cycle_removals_[static_cast<std::size_t>(h.conclusion_digit)] |= CellBits{1}
                                                                           << h.conclusion_cell;
        }
      }
      loops = search_inner(Technique::x_cycle, 0, here, depth + 1, false);
    };
    const bool cycles_apply = L_.classic && n_ == 9;
    const bool aic_removes =
        std::any_of(aic->begin(), aic->end(), [](const Hint& h) { return !h.conclusion_on; });
    if (cycles_apply && aic_removes) search_cycles();
    HintList x;
    if (aic->empty()) {
      propagations_ += aic_cost;
    } else {
      x = search_inner(Technique::x_chain, 0, here, depth + 1, false);
    }
    if (cycles_apply && !aic_removes && spent()) search_cycles();
    if (loops) take(loops);
    if (x) take(x);
    take(aic);
    apply(4);
    if (added || mode.level < 3 || spent()) return added;
    const HintList multiple =
        search_inner(Technique::multiple_forcing_chain, 0, here, depth + 1, false);
    hints.clear();
    take(multiple);
    apply(5);
    return added;
  }
  const HintList dynamic =
      search_inner(Technique::dynamic_forcing_chain, 0, here, depth + 1, false);
  take(dynamic);
  apply(6);
  if (added || mode.level < 5 || spent()) return added;
  const HintList nested =
      search_inner(Technique::nested_forcing_chain, mode.level - 3, here, depth + 1, false);
  hints.clear();
  take(nested);
  apply(8);
  return added;
}

const Imp* Engine::kept_on(const Hint& hint, const Branch& b,
                           const std::vector<std::uint64_t>& grid, int depth) {
  // The hint's search ran last at this depth (the memo did not answer it) and kept its cases:
  // an "on" assumption's propagation there is the one materialize() would redo.
  if (!fast_ || !b.on || depth >= static_cast<int>(on_cache_.size())) return nullptr;
  const OnCache& cache = on_cache_[static_cast<std::size_t>(depth)];
  if (cache.search != (static_cast<int>(hint.technique) << 8 | hint.level)) return nullptr;
  const auto c = static_cast<std::size_t>(cand(b.cell, b.digit));
  if (c >= cache.imps.size() || !cache.imps[c] || cache.stamp[c] != cache.epoch) return nullptr;
  if (budget_ != 0 && propagations_ + cache.cost[c] >= budget_) return nullptr;
  if (cache.grid != grid) return nullptr;
  propagations_ += cache.cost[c];
  return cache.imps[c].get();
}

std::vector<int> Engine::rule_parents(const Hint& hint, const std::vector<std::uint64_t>& grid,
                                      int depth, const Imp& outer,
                                      const std::vector<std::uint64_t>& orig) {
  std::vector<int> result;
  if (hint.kind == "cycle") {
    // SE collects them along the loop both ways (the cycle and its reverse): every node after
    // the start, on or off, by the cell or unit of its link.
    for (const Hint::LoopNode& n : hint.loop) {
      if (n.cause == kCell) {
        hidden_of_cell(outer, orig, n.cell, result);
      } else {
        hidden_of_unit(outer, orig, n.cause, n.digit, result);
      }
    }
    return result;
  }
  // The hint's singles are those of its branches, recomputed once; a hint kept stands for a
  // recomputation that the budget would not stop either (as the memo's searches), and counts
  // what it counted.
  std::shared_ptr<const Hint::Anchors> anchors = hint.anchors;
  if (anchors && (budget_ == 0 || propagations_ + anchors->propagations < budget_)) {
    propagations_ += anchors->propagations;
  } else {
    const long before = propagations_;
    auto found = std::make_shared<Hint::Anchors>();
    for (const Branch& b : hint.branches) {
      const Imp* kept = kept_on(hint, b, grid, depth);
      const int target =
          kept != nullptr ? end_of(*kept, b) : materialize(hint, b, grid, depth, kDisplaySlot);
      if (target < 0) continue;
      const Imp& inner = kept != nullptr ? *kept : slot(depth, kDisplaySlot);
      std::vector<char> seen(inner.nodes.size(), 0);
      std::vector<int> todo{target};
      while (!todo.empty()) {
        const int i = todo.back();
        todo.pop_back();
        if (seen[static_cast<std::size_t>(i)]) continue;
        seen[static_cast<std::size_t>(i)] = 1;
        const Node& nd = inner.nodes[static_cast<std::size_t>(i)];
        int cause = nd.cause;
        if (cause == kAssumption) {
          if (hint.kind == "cell") cause = kCell;
          else if (hint.kind == "region") cause = hint.unit;
        }
        if (nd.on && cause == kCell) {
          found->singles.emplace_back(kCell, nd.cell);
        } else if (nd.on && cause >= 0) {
          found->singles.emplace_back(cause, nd.digit);
        }
        for (int k = 0; k < nd.parent_count; ++k) {
          todo.push_back(inner.parents[static_cast<std::size_t>(nd.parent_begin + k)]);
        }
      }
    }
    std::sort(found->singles.begin(), found->singles.end());
    found->singles.erase(std::unique(found->singles.begin(), found->singles.end()),
                         found->singles.end());
    found->propagations = propagations_ - before;
    anchors = std::move(found);
    // A recomputation the budget cut short is not kept.
    hint.anchors = spent() ? nullptr : anchors;
  }
  for (const auto& [cause, which] : anchors->singles) {
    if (cause == kCell) {
      hidden_of_cell(outer, orig, which, result);
    } else {
      hidden_of_unit(outer, orig, cause, which, result);
    }
  }
  return result;
}

// ---- X-chains and AICs (SE's forcing chains): one assumption, its own negation reached ----

void Engine::unary(Technique t, const std::vector<std::uint64_t>& grid, int depth, bool first_only,
                   std::vector<Hint>& out) {
  const Mode mode = mode_of(t, 0);
  ClosureTable* fast = closures(depth, grid, mode);
  // The links read here form an implication graph closed under contraposition (a weak link
  // a - b gives on a -> off b and on b -> off a, a strong one off a -> on b and off b -> on a).
  // So when an assumption x does not reach its negation, no assumption y it reaches does
  // either: y -> not y would give x -> y -> not y, and with not y -> not x (the contrapositive of
  // x -> y) x -> not x. Such assumptions are passed over without a closure of their own.
  std::array<CellBits, 10> quiet_on{}, quiet_off{};
  auto may_reach_negation = [&](int cell, int d, bool on) {
    const auto di = static_cast<std::size_t>(d);
    if ((((on ? quiet_on : quiet_off)[di] >> cell) & 1) != 0) return false;
    if (fast->dead_end(cell, d, on)) return false;
    const Closure& c = fast->get(cell, d, on);
    if (c.holds(cell, d, !on)) return true;
    for (std::size_t e = 1; e <= 9; ++e) {
      quiet_on[e] |= c.on[e];
      quiet_off[e] |= c.off[e];
    }
    return false;
  };
  for (int cell = 0; cell < cells_; ++cell) {
    const std::uint64_t cands = grid[static_cast<std::size_t>(cell)];
    if (at_most_one_bit(cands)) continue;
    if (spent()) return;
    for (std::uint64_t m = cands; m != 0; m &= m - 1) {
      const int d = std::countr_zero(m);
      for (int on = 1; on >= 0; --on) {
        if (fast != nullptr && !may_reach_negation(cell, d, on != 0)) {
          ++propagations_;  // the one propagation this assumption costs the engine
          continue;
        }
        Imp& imp = slot(depth, 0);
        start(imp, grid, cell, d, on != 0, kAssumption);
        imp.allow_both = true;
        propagate(imp, grid, mode, depth);
        Branch b;
        b.cell = cell;
        b.digit = d;
        b.on = on != 0;
        b.end = Branch::End::negation;
        const int target = end_of(imp, b);
        if (target < 0) continue;
        Hint h;
        h.technique = t;
        h.kind = "chain";
        h.source_cells = {cell};
        h.source_digit = d;
        h.branches = {b};
        h.conclusion_on = on == 0;
        h.conclusion_cell = cell;
        h.conclusion_digit = d;
        h.complexity = complexity(imp, target);
        out.push_back(std::move(h));
        if (first_only) return;
      }
    }
  }
}

// ---- forcing chains over an exhaustive split: contradiction, double, cell, region ----

ClosureTable* Engine::closures(int depth, const std::vector<std::uint64_t>& grid,
                               const Mode& mode) {
  if (!fast_ || mode.level != 0) return nullptr;
  while (static_cast<int>(tables_.size()) <= depth) tables_.push_back(nullptr);
  auto& table = tables_[static_cast<std::size_t>(depth)];
  if (!table) {
    auto& spare = spare_tables();
    if (spare.empty()) {
      table = std::make_unique<ClosureTable>(L_);
    } else {
      table = std::move(spare.back());
      spare.pop_back();
      table->bind(L_);
    }
  }
  table->reset(grid, mode.dynamic, mode.y_links, mode.stop_on_contradiction);
  return table.get();
}

// Mirrors multiple()'s cases for one cell on closures: a contradiction, a conclusion common to
// the on and off cases (double), to every candidate of the cell, or to every place of one of its
// digits in a unit of which it is the first place. A conclusion counts only where multiple()
// would take it (worth: a candidate of the grid, and an on one in a cell of two or more).
// In exact mode a case that clashes still counts with what it reached before its clash (as
// SE's); the closure of such a case stops in another order than the engine, so its sets bound
// nothing, and the case is left out of the intersection: what the others share bounds what all
// share. (Letting every cell with a clashing case through cost 4.4 times the processor time on
// the forum's hardest.) Each case is planned on its own: of a cell that may hint, about half
// the propagations end nothing (the inner searches of the forum's hardest list).
Engine::CellPlan Engine::plan_cell(ClosureTable& fast, const std::vector<std::uint64_t>& grid,
                                   int cell, bool dynamic) {
  CellPlan plan;
  const std::uint64_t cands = grid[static_cast<std::size_t>(cell)];
  const int card = std::popcount(cands);
  for (std::uint64_t m = cands; m != 0; m &= m - 1) {
    const int d = std::countr_zero(m);
    const std::uint64_t bit = digit_bit(d);
    const Closure& on = fast.get(cell, d, true);
    ++plan.cost;
    if (!dynamic) continue;
    const Closure& off = fast.get(cell, d, false);
    ++plan.cost;
    if (on.conflict) plan.on |= bit;
    if (off.conflict) plan.off |= bit;
    // A double implication, from what both cases reach; in exact mode also from what a
    // clashing case reached (SE's), which its closure does not bound.
    if (card >= 3 &&
        (on.conflict || off.conflict ? exact_ : worth(fast, double_meet(fast, cell, d)))) {
      plan.on |= bit;
      plan.off |= bit;
    }
  }
  bool any_clash = false;
  const Meet all = cell_meet(fast, cell, cands, any_clash);
  if ((!any_clash || exact_) && worth(fast, all)) {
    plan.cell_chain = true;
    plan.on |= cands;
  }
  // Region chains: the units where this cell is the digit's first place.
  for (std::uint64_t m = cands; m != 0; m &= m - 1) {
    const int d = std::countr_zero(m);
    if (fast.get(cell, d, true).conflict && !exact_) continue;
    const auto slots = slots_of(cell);
    for (std::size_t si = 0; si < slots.size(); ++si) {
      const CellBits where = fast.places(d) & fast.unit(slots[si].unit);
      if ((where & (where - 1)) == 0 || first_place(slots[si].unit, where) != cell) continue;
      for (CellBits b = where & (where - 1); b != 0; b &= b - 1) ++plan.cost;  // places - 1
      bool clash = false;
      const Meet reg = region_meet(fast, where, d, clash);
      if ((!clash || exact_) && worth(fast, reg)) {
        plan.regions[static_cast<std::size_t>(d)] |= std::uint32_t{1} << si;
        plan.on |= digit_bit(d);
      }
    }
  }
  return plan;
}

bool Engine::worth(const ClosureTable& fast, const Meet& meet) {
  // What multiple() takes for a conclusion: a candidate of the grid, and an on one in a cell of
  // two or more.
  const CellBits multi = fast.multi();
  for (std::size_t d = 1; d <= 9; ++d) {
    if (((meet.on[d] & multi) | meet.off[d]) & fast.places(static_cast<int>(d))) return true;
  }
  return false;
}

Meet Engine::double_meet(ClosureTable& fast, int cell, int digit) {
  Meet both;
  both.with(fast.get(cell, digit, true));
  both.with(fast.get(cell, digit, false));
  return both;
}

Meet Engine::cell_meet(ClosureTable& fast, int cell, std::uint64_t cands, bool& any_clash) const {
  // In exact mode a case that clashes is left out (its sets bound nothing: plan_cell()).
  Meet all;
  for (std::uint64_t m = cands; m != 0; m &= m - 1) {
    const Closure& on = fast.get(cell, std::countr_zero(m), true);
    any_clash = any_clash || on.conflict;
    if (!(on.conflict && exact_)) all.with(on);
  }
  return all;
}

Meet Engine::region_meet(ClosureTable& fast, CellBits where, int digit, bool& clash) const {
  Meet reg;
  for (CellBits b = where; b != 0; b &= b - 1) {
    const Closure& c = fast.get(lowest_cell(b), digit, true);
    clash = clash || c.conflict;
    if (!(c.conflict && exact_)) reg.with(c);
  }
  return reg;
}

int Engine::first_place(int unit, CellBits where) const {
  if (units_ascending_) return lowest_cell(where);
  for (const int q : L_.unit_cells[static_cast<std::size_t>(unit)]) {
    if (((where >> q) & 1) != 0) return q;
  }
  return -1;
}

Engine::CellPlan Engine::plan_all(const std::vector<std::uint64_t>& grid, int cell,
                                  bool dynamic) const {
  CellPlan plan;
  plan.on = grid[static_cast<std::size_t>(cell)];
  plan.off = dynamic ? plan.on : 0;
  plan.cell_chain = true;
  plan.regions.fill(~std::uint32_t{0});
  return plan;
}

Imp& Engine::on_propagation(int cell, int digit, const std::vector<std::uint64_t>& grid,
                            const Mode& mode, int depth, int slot_index) {
  if (!fast_) {
    Imp& imp = slot(depth, slot_index);
    start(imp, grid, cell, digit, true, kAssumption);
    propagate(imp, grid, mode, depth);
    return imp;
  }
  OnCache& cache = on_cache_[static_cast<std::size_t>(depth)];
  const auto c = static_cast<std::size_t>(cand(cell, digit));
  auto& kept = cache.imps[c];
  if (!kept) kept = new_imp();
  // A kept propagation stands for a run that the budget would not stop either (as the memo of
  // searches).
  if (cache.stamp[c] == cache.epoch && (budget_ == 0 || propagations_ + cache.cost[c] < budget_)) {
    propagations_ += cache.cost[c];
    return *kept;
  }
  const long before = propagations_;
  Imp& imp = *kept;
  start(imp, grid, cell, digit, true, kAssumption);
  propagate(imp, grid, mode, depth);
  // The searches inside may have grown on_cache_: `cache` is looked up again.
  OnCache& after = on_cache_[static_cast<std::size_t>(depth)];
  after.stamp[c] = spent() ? 0 : after.epoch;
  after.cost[c] = propagations_ - before;
  return imp;
}

void Engine::multiple(Technique t, int level, const std::vector<std::uint64_t>& grid, int depth,
                      bool first_only, std::vector<Hint>& out) {
  if (fast_) {
    while (static_cast<int>(on_cache_.size()) <= depth) on_cache_.emplace_back();
    OnCache& cache = on_cache_[static_cast<std::size_t>(depth)];
    const auto slots = static_cast<std::size_t>(cells_ * stride_);
    if (cache.imps.size() != slots) {
      cache.imps.resize(slots);
      cache.stamp.assign(slots, 0);
      cache.cost.assign(slots, 0);
    }
    if (++cache.epoch == 0) {  // the stamps wrapped: forget them all
      cache.stamp.assign(slots, 0);
      cache.epoch = 1;
    }
    cache.search = static_cast<int>(t) << 8 | level;
    cache.grid = grid;
  }
  const Mode mode = mode_of(t, level);
  auto worth = [&](const Node& x) {
    const std::uint64_t m = grid[static_cast<std::size_t>(x.cell)];
    if ((m & digit_bit(x.digit)) == 0) return false;
    return !x.on || !at_most_one_bit(m);
  };
  auto branch_to = [](int cell, int digit, bool on, const Node& x) {
    Branch b;
    b.cell = cell;
    b.digit = digit;
    b.on = on;
    b.target_cell = x.cell;
    b.target_digit = x.digit;
    b.target_on = x.on;
    return b;
  };
  auto make = [&](const char* kind, bool on, int cell, int digit) {
    Hint h;
    h.technique = t;
    h.level = level;
    h.kind = kind;
    h.conclusion_on = on;
    h.conclusion_cell = cell;
    h.conclusion_digit = digit;
    return h;
  };
  // Whether `id` is a live node (not a clash kept for display) of `imp`.
  auto live = [&](const Imp& imp, std::size_t i) {
    const Node& x = imp.nodes[i];
    const auto c = static_cast<std::size_t>(cand(x.cell, x.digit));
    return imp.node_of(c, x.on) == static_cast<int>(i);
  };
  ClosureTable* fast = closures(depth, grid, mode);
  // The nodes of `imp` that may conclude a hint (live and worth it), in the order hints are
  // listed. SE lists a case's conclusions "on" before "off" (its sets toOn, then toOff, each in
  // the order reached) for double, cell and region chains, and its stable sort keeps that
  // order among equals: in exact mode the on nodes, then the off nodes.
  // Where closures bound what every case reaches (`meet`, exact for the cases that do not
  // clash, a bound of the others' meet), only its candidates are looked up in `imp`: a few of
  // the sixty nodes or so a case reaches, and most of a region chain's time was the others.
  std::vector<int>& listed = scratch(depth).listed;
  auto conclusions = [&](const Imp& imp, const Meet* meet) -> const std::vector<int>& {
    listed.clear();
    if (meet == nullptr) {
      for (int pass = 0; pass < (exact_ ? 2 : 1); ++pass) {
        for (std::size_t i = 1; i < imp.nodes.size(); ++i) {
          const Node& x = imp.nodes[i];
          if (exact_ && x.on != (pass == 0)) continue;
          if (live(imp, i) && worth(x)) listed.push_back(static_cast<int>(i));
        }
      }
      return listed;
    }
    for (int pass = 0; pass < 2; ++pass) {
      const auto& boards = pass == 0 ? meet->on : meet->off;
      const std::size_t begin = listed.size();
      for (int d = 1; d <= 9; ++d) {
        for (CellBits m = boards[static_cast<std::size_t>(d)] & fast->places(d); m != 0;
             m &= m - 1) {
          const int id = imp.node_of(static_cast<std::size_t>(cand(lowest_cell(m), d)), pass == 0);
          if (id > 0 && worth(imp.nodes[static_cast<std::size_t>(id)])) listed.push_back(id);
        }
      }
      if (exact_) std::sort(listed.begin() + static_cast<std::ptrdiff_t>(begin), listed.end());
    }
    if (!exact_) std::sort(listed.begin(), listed.end());
    return listed;
  };
  // Inside a nested chain (exact mode, depth > 0, every hint asked for) the one reader of the
  // hints, inner_chains_exact(), takes each candidate's removal from the first hint in SE's
  // order that removes it and skips the hints that remove nothing new: nine in ten of a
  // dynamic search's hints on the forum's hardest. SE's order within one search is complexity,
  // kind, then the order found (the difficulty grows with the complexity for one technique
  // and level), so the search keeps only the hints that come first for some removal, and
  // stops counting a hint's complexity once it cannot: every case counts one node at least,
  // so the cases counted plus one for each case left bound the total from below.
  const bool winnow = exact_ && depth > 0 && !first_only && depth != full_depth_;
  Scratch& ranks = scratch(depth);
  if (winnow) {
    ranks.best.resize(static_cast<std::size_t>(cells_ * stride_));
    for (const int e : ranks.best_touched) ranks.best[static_cast<std::size_t>(e)].hint = -1;
    ranks.best_touched.clear();
  }
  // Calls f(candidate) for each removal of a conclusion.
  auto removals = [&](bool on, int cell, int digit, auto&& f) {
    each_removal(grid, on, cell, digit, [&](int c, int e) { f(cand(c, e)); });
  };
  // Whether a hint of this conclusion, kind and complexity `bound` or more, found now, comes
  // after the first hint of each of its removals: it would add nothing.
  auto beaten = [&](bool on, int cell, int digit, int kind, int bound) {
    if (!winnow) return false;
    bool all = true;
    removals(on, cell, digit, [&](int e) {
      const Best& b = ranks.best[static_cast<std::size_t>(e)];
      if (b.hint < 0 || bound < b.complexity || (bound == b.complexity && kind < b.kind)) {
        all = false;
      }
    });
    return all;
  };
  // Adds a hint found (winnowed: if it comes first for one of its removals); true when the
  // search ends with it.
  auto keep = [&](Hint&& h) {
    if (!winnow) {
      out.push_back(std::move(h));
      return first_only;
    }
    const int kind = sort_key(h);
    bool first = false;
    removals(h.conclusion_on, h.conclusion_cell, h.conclusion_digit, [&](int e) {
      Best& b = ranks.best[static_cast<std::size_t>(e)];
      if (b.hint < 0 || h.complexity < b.complexity ||
          (h.complexity == b.complexity && kind < b.kind)) {
        if (b.hint < 0) ranks.best_touched.push_back(e);
        b = {h.complexity, kind, static_cast<int>(out.size())};
        first = true;
      }
    });
    if (first) {
      h.winnowed = true;
      out.push_back(std::move(h));
    }
    return false;
  };
  auto floor_of = [](const Imp& imp, int id) {
    return imp.nodes[static_cast<std::size_t>(id)].floor;
  };
  // A floor under a contradiction's complexity: its two clashing nodes'.
  auto clash_floor = [&](const Imp& imp) {
    return floor_of(imp, imp.contra_on) + floor_of(imp, imp.contra_off);
  };
  // The complexity of a hint whose `cases` are counted one by one (case_of(j): the case's
  // propagation and the conclusion's node in it), or -1 once the hint is beaten. The cases not
  // counted yet count their nodes' floors (Node::floor: the nodes of one case are counted
  // whole, each inner chain once in the hint).
  auto count_cases = [&](bool on, int cell, int digit, int kind, int cases, auto&& case_of) {
    int rest = 0;  // the floors of the cases not counted yet (winnowed)
    if (winnow) {
      for (int j = 0; j < cases; ++j) {
        const auto [imp, id] = case_of(j);
        rest += floor_of(*imp, id);
      }
      if (beaten(on, cell, digit, kind, rest)) return -1;
    }
    int total = 0;
    for (int j = 0; j < cases; ++j) {
      const auto [imp, id] = case_of(j);
      if (winnow) rest -= floor_of(*imp, id);
      total += complexity(*imp, id, j == 0 || !exact_);
      if (j + 1 < cases && beaten(on, cell, digit, kind, total + rest)) return -1;
    }
    return total;
  };
  std::vector<int> where;  // region chains: the places of a digit in a unit
  for (int cell = 0; cell < cells_; ++cell) {
    const std::uint64_t cands = grid[static_cast<std::size_t>(cell)];
    const int card = std::popcount(cands);
    if (!(card > 2 || (card > 1 && mode.dynamic))) continue;
    if (spent()) return;
    const CellPlan plan = fast != nullptr ? plan_cell(*fast, grid, cell, mode.dynamic)
                                          : plan_all(grid, cell, mode.dynamic);
    if (plan.on == 0 && plan.off == 0) {
      propagations_ += plan.cost;
      continue;
    }
    // A case the plan leaves out is counted as if it ran (at level 0, where closures apply, a
    // propagation counts one), so the budget falls where it would without the plan.
    // Slots at this depth (on_propagation() keeps its own on 9x9): 0..card-1 the on cases of
    // the cell's digits, card the off case, card+1.. the other places of a digit in a unit.
    std::array<Imp*, 64> on_imps{};
    int k = 0;
    for (std::uint64_t m = cands; m != 0; m &= m - 1, ++k) {
      const int d = std::countr_zero(m);
      Imp* on_imp = nullptr;
      if ((plan.on & digit_bit(d)) != 0) {
        on_imp = &on_propagation(cell, d, grid, mode, depth, k);
      } else {
        ++propagations_;
      }
      on_imps[static_cast<std::size_t>(k)] = on_imp;
      if (!mode.dynamic) continue;
      if (on_imp != nullptr && on_imp->contradiction()) {
        if (!beaten(false, cell, d, kRankContradiction, clash_floor(*on_imp)) &&
            keep(contradiction_hint(t, level, *on_imp, cell, d, true))) {
          return;
        }
      }
      if ((plan.off & digit_bit(d)) == 0) {
        ++propagations_;
        continue;
      }
      Imp& off_imp = slot(depth, card);
      start(off_imp, grid, cell, d, false, kAssumption);
      propagate(off_imp, grid, mode, depth);
      if (off_imp.contradiction()) {
        if (!beaten(true, cell, d, kRankContradiction, clash_floor(off_imp)) &&
            keep(contradiction_hint(t, level, off_imp, cell, d, false))) {
          return;
        }
      }
      // SE looks for double implications whether or not a case clashed, in what the cases
      // reached (Chaining.doBinaryChaining); elsewhere a clash is its own hint.
      if (on_imp == nullptr) continue;
      if (card >= 3 && (exact_ || (!on_imp->contradiction() && !off_imp.contradiction()))) {
        // Double implications: the same conclusion whether the assumption is true or false.
        std::optional<Meet> both;
        if (fast != nullptr && !on_imp->contradiction() && !off_imp.contradiction()) {
          both = double_meet(*fast, cell, d);
        }
        for (const int i : conclusions(*on_imp, both ? &*both : nullptr)) {
          const Node& x = on_imp->nodes[static_cast<std::size_t>(i)];
          const auto c = static_cast<std::size_t>(cand(x.cell, x.digit));
          const int other = off_imp.node_of(c, x.on);
          if (other < 0) continue;
          const Imp* cases[2] = {on_imp, &off_imp};
          const int ids[2] = {i, other};
          const int total = count_cases(x.on, x.cell, x.digit, kRankDouble, 2, [&](int j) {
            return std::pair{cases[j], ids[j]};
          });
          if (total < 0) continue;
          Hint h = make("double", x.on, x.cell, x.digit);
          h.source_cells = {cell};
          h.source_digit = d;
          h.branches = {branch_to(cell, d, true, x), branch_to(cell, d, false, x)};
          h.complexity = total;
          if (keep(std::move(h))) return;
        }
      }
    }
    // Cell forcing chains: every candidate of the cell implies the conclusion. A case that
    // contradicts itself is left out of the others' company: it is a contradiction hint.
    bool any_clash = false;
    for (int j = 0; j < card && plan.cell_chain; ++j) {
      any_clash = any_clash || on_imps[static_cast<std::size_t>(j)]->contradiction();
    }
    if (plan.cell_chain && (!any_clash || exact_)) {
      const Imp& first = *on_imps[0];
      const int d0 = std::countr_zero(cands);
      std::optional<Meet> shared;
      if (fast != nullptr) {
        bool clashed = false;
        shared = cell_meet(*fast, cell, cands, clashed);
      }
      std::array<int, 64> ids;  // the conclusion's node in each case
      for (const int i : conclusions(first, shared ? &*shared : nullptr)) {
        const Node& x = first.nodes[static_cast<std::size_t>(i)];
        const auto c = static_cast<std::size_t>(cand(x.cell, x.digit));
        // Every case must reach the conclusion before any complexity is counted: most
        // conclusions of the first case are not reached by all.
        bool all = true;
        for (int j = 1; j < card && all; ++j) {
          const Imp& other = *on_imps[static_cast<std::size_t>(j)];
          ids[static_cast<std::size_t>(j)] = other.node_of(c, x.on);
          all = ids[static_cast<std::size_t>(j)] >= 0;
        }
        if (!all) continue;
        ids[0] = i;
        const int total = count_cases(x.on, x.cell, x.digit, kRankCell, card, [&](int j) {
          const auto n = static_cast<std::size_t>(j);
          return std::pair{static_cast<const Imp*>(on_imps[n]), ids[n]};
        });
        if (total < 0) continue;
        Hint h = make("cell", x.on, x.cell, x.digit);
        h.source_cells = {cell};
        h.branches.push_back(branch_to(cell, d0, true, x));
        for (std::uint64_t m = cands & (cands - 1); m != 0; m &= m - 1) {
          h.branches.push_back(branch_to(cell, std::countr_zero(m), true, x));
        }
        h.complexity = total;
        if (keep(std::move(h))) return;
      }
    }
    // Region forcing chains: every place of a digit in a unit implies the conclusion. Each
    // unit and digit is taken once, from its first place.
    k = 0;
    for (std::uint64_t m = cands; m != 0; m &= m - 1, ++k) {
      const int d = std::countr_zero(m);
      const Imp* first_imp = on_imps[static_cast<std::size_t>(k)];
      // Without its propagation the closure tells whether the case clashes.
      const bool first_clash =
          first_imp != nullptr ? first_imp->contradiction() : fast->get(cell, d, true).conflict;
      if (first_clash && !exact_) continue;
      const auto slots = slots_of(cell);
      for (std::size_t si = 0; si < slots.size(); ++si) {
        const int unit = slots[si].unit;
        const bool planned =
            (plan.regions[static_cast<std::size_t>(d)] & (std::uint32_t{1} << si)) != 0;
        if (fast != nullptr) {  // the places by boards: the unit is walked only if planned
          const CellBits at = fast->places(d) & fast->unit(unit);
          if ((at & (at - 1)) == 0 || first_place(unit, at) != cell) continue;
          if (!planned) {
            for (CellBits b = at & (at - 1); b != 0; b &= b - 1) ++propagations_;
            continue;
          }
        }
        where.clear();
        for (int q : L_.unit_cells[static_cast<std::size_t>(unit)]) {
          if ((grid[static_cast<std::size_t>(q)] & digit_bit(d)) != 0) where.push_back(q);
        }
        if (where.size() < 2 || where.front() != cell) continue;
        if (!planned) {
          propagations_ += static_cast<long>(where.size()) - 1;
          continue;
        }
        const Imp& first = *first_imp;
        // One place excluding another is the unit itself, no conclusion.
        const auto own_place = [&](const Node& x) {
          return x.digit == d && !x.on &&
                 std::find(where.begin(), where.end(), x.cell) != where.end();
        };
        std::optional<Meet> reg;
        if (fast != nullptr) {
          bool clashed = false;
          reg = region_meet(*fast, fast->places(d) & fast->unit(unit), d, clashed);
        }
        // Winnowed, on closures: a region whose every conclusion is beaten already, counting the
        // first place's case and one node for each other place, needs the other places' cases
        // no more (most of a dynamic search's propagations are asked for by region chains). A
        // case there counts one propagation (level 0), as it would have.
        const auto rest = static_cast<int>(where.size()) - 1;
        if (winnow && reg && mode.level == 0) {
          bool open = false;
          for (const int i : conclusions(first, &*reg)) {
            const Node& x = first.nodes[static_cast<std::size_t>(i)];
            if (own_place(x)) continue;
            // The floor first: where it is beaten, so is the complexity, uncounted.
            if (!beaten(x.on, x.cell, x.digit, kRankRegion, floor_of(first, i) + rest) &&
                !beaten(x.on, x.cell, x.digit, kRankRegion, complexity(first, i) + rest)) {
              open = true;
              break;
            }
          }
          if (!open) {
            propagations_ += rest;
            continue;
          }
        }
        bool clash = false;
        std::array<const Imp*, 64> others;  // 0..where.size()-1 set before they are read
        for (std::size_t j = 1; j < where.size(); ++j) {
          others[j] = &on_propagation(where[j], d, grid, mode, depth, card + static_cast<int>(j));
          clash = clash || others[j]->contradiction();
        }
        if (clash && !exact_) continue;
        std::array<int, 64> ids;  // the conclusion's node in each case
        for (const int i : conclusions(first, reg ? &*reg : nullptr)) {
          const Node& x = first.nodes[static_cast<std::size_t>(i)];
          if (own_place(x)) continue;
          const auto c = static_cast<std::size_t>(cand(x.cell, x.digit));
          bool all = true;
          for (std::size_t j = 1; j < where.size() && all; ++j) {
            const Imp& other = *others[j];
            ids[j] = other.node_of(c, x.on);
            all = ids[j] >= 0;
          }
          if (!all) continue;
          ids[0] = i;
          others[0] = &first;
          const int total = count_cases(x.on, x.cell, x.digit, kRankRegion,
                                        static_cast<int>(where.size()), [&](int j) {
                                          const auto n = static_cast<std::size_t>(j);
                                          return std::pair{others[n], ids[n]};
                                        });
          if (total < 0) continue;
          Hint h = make("region", x.on, x.cell, x.digit);
          h.source_cells = where;
          h.source_digit = d;
          h.unit = unit;
          for (int q : where) h.branches.push_back(branch_to(q, d, true, x));
          h.complexity = total;
          if (keep(std::move(h))) return;
        }
      }
    }
  }
  if (winnow) {
    // Drop the hints a later one came before on every removal: they would add nothing.
    std::vector<char> first(out.size(), 0);
    for (const int e : ranks.best_touched) {
      first[static_cast<std::size_t>(ranks.best[static_cast<std::size_t>(e)].hint)] = 1;
    }
    std::size_t kept = 0;
    for (std::size_t i = 0; i < out.size(); ++i) {
      if (first[i] == 0) continue;
      if (kept != i) out[kept] = std::move(out[i]);
      ++kept;
    }
    out.erase(out.begin() + static_cast<std::ptrdiff_t>(kept), out.end());
  }
}

void Engine::cycles(const std::vector<std::uint64_t>& grid, int depth, std::vector<Hint>& out) {
  ensure_places(grid);
  // A loop from a start passes only through literals that the start's static closure holds
  // and that reach the start again: by contraposition, those whose negation the closure of
  // the start's negation holds (the walk follows the closures' links, X and Y). The walk is
  // kept to them: the others and all they lead to close no loop, and leaving them out changes
  // neither the order nor the parents of those that do. 9x9 boards, where there are closures.
  ClosureTable* fast = closures(depth, grid, mode_of(Technique::aic, 0));
  std::array<CellBits, 10> loop_on{}, loop_off{};  // of the current start
  const auto on_loops = [&](int cell, int v) {
    const Closure& from = fast->get(cell, v, true);
    const Closure& back = fast->get(cell, v, false);
    for (std::size_t e = 1; e <= 9; ++e) {
      loop_on[e] = from.on[e] & back.off[e];
      loop_off[e] = from.off[e] & back.on[e];
    }
  };
  const auto may_loop = [&](int cell, int digit, bool on) {
    return fast == nullptr ||
           (((on ? loop_on : loop_off)[static_cast<std::size_t>(digit)] >> cell) & 1) != 0;
  };
  // Inside a nested chain only the removals matter, and each is one of the AIC search's from
  // "on" (inner_chains_exact()): a loop removes z only where an on node and an off node of z's
  // digit see z. A start none of whose loop literals make such a pair around one of
  // cycle_removals_ finds no loop that removes anything: it is not walked.
  const auto may_remove = [&] {
    if (fast == nullptr || depth == 0 || !filter_cycles_) return true;
    for (std::size_t e = 1; e <= 9; ++e) {
      if (loop_on[e] == 0 || loop_off[e] == 0) continue;
      for (CellBits m = cycle_removals_[e]; m != 0; m &= m - 1) {
        const CellBits seen = fast->peers(lowest_cell(m));
        if ((loop_on[e] & seen) != 0 && (loop_off[e] & seen) != 0) return true;
      }
    }
    return false;
  };
  struct Pot {
    int cell, digit;
    bool on;
    int cause;   // kCell or a unit; -1 for the start
    int parent;  // index in `pots`, -1 for the start
  };
  std::vector<Pot> pots;
  std::vector<int> pending_on, pending_off, next;
  std::vector<int> found;  // the start's copies that close a loop, one start at a time
  std::vector<char> to_on(static_cast<std::size_t>(cells_ * stride_));
  std::vector<char> added(static_cast<std::size_t>(cells_));
  const auto places = [&](int unit, int digit) {
    return places_[static_cast<std::size_t>(unit * stride_ + digit)];
  };
  // SE's isParent: whether an ancestor of `child` (not itself) is the potential given.
  const auto is_parent = [&](int child, int cell, int digit, bool on) {
    for (int i = pots[static_cast<std::size_t>(child)].parent; i >= 0;
         i = pots[static_cast<std::size_t>(i)].parent) {
      const Pot& a = pots[static_cast<std::size_t>(i)];
      if (a.cell == cell && a.digit == digit && a.on == on) return true;
    }
    return false;
  };
  // SE's order: the X-loops of every candidate, then the Y-loops, then the XY-loops.
  for (const int links : {1, 2, 3}) {
    const bool x = (links & 1) != 0, y = (links & 2) != 0;
    for (int cell = 0; cell < cells_; ++cell) {
      const std::uint64_t cands = grid[static_cast<std::size_t>(cell)];
      const int card = std::popcount(cands);
      if (card < 2 || (!x && card > 2)) continue;
      for (std::uint64_t m = cands; m != 0; m &= m - 1) {
        const int v = std::countr_zero(m);
        // A loop closes on its start through a strong link: a bivalue cell (Y) or a unit with
        // two places of the digit (X). Without one no walk can find a loop.
        bool strong = y && card == 2;
        for (const Slot& sl : slots_of(cell)) {
          strong = strong || (x && one_bit(places(sl.unit, v) & ~(std::uint64_t{1} << sl.index)));
        }
        if (!strong) continue;
        if (fast != nullptr) on_loops(cell, v);
        if (!may_remove()) continue;
        pots.clear();
        std::fill(to_on.begin(), to_on.end(), 0);
        pots.push_back({cell, v, true, -1, -1});
        to_on[static_cast<std::size_t>(cand(cell, v))] = 1;
        pending_on.assign(1, 0);
        pending_off.clear();
        found.clear();
        int length = 0;
        while (!pending_on.empty() || !pending_off.empty()) {
          ++length;
          // On to off: the cell's other digits (Y), the digit's other places in the box, row
          // and column, each cell once (SE's getOnToOff); none that is an ancestor.
          for (const int i : pending_on) {
            const Pot p = pots[static_cast<std::size_t>(i)];
            const auto push_off = [&](int c, int d, int cause) {
              if (!may_loop(c, d, false) || is_parent(i, c, d, false)) return;
              pots.push_back({c, d, false, cause, i});
              pending_off.push_back(static_cast<int>(pots.size()) - 1);
            };
            if (y) {
              for (std::uint64_t o = grid[static_cast<std::size_t>(p.cell)] & ~digit_bit(p.digit);
                   o != 0; o &= o - 1) {
                push_off(p.cell, std::countr_zero(o), kCell);
              }
            }
            std::fill(added.begin(), added.end(), 0);
            added[static_cast<std::size_t>(p.cell)] = 1;
            for (const Slot& sl : slots_of(p.cell)) {
              const auto& unit_cells = L_.unit_cells[static_cast<std::size_t>(sl.unit)];
              for (std::uint64_t o = places(sl.unit, p.digit) & ~(std::uint64_t{1} << sl.index);
                   o != 0; o &= o - 1) {
                const int q = unit_cells[static_cast<std::size_t>(std::countr_zero(o))];
                if (added[static_cast<std::size_t>(q)]) continue;
                added[static_cast<std::size_t>(q)] = 1;
                push_off(q, p.digit, sl.unit);
              }
            }
          }
          pending_on.clear();
          ++length;
          // Off to on: the cell's other digit if it has two (Y), the digit's other place in a
          // unit that has two (X); one node a potential (SE's LinkedHashSet).
          next.clear();
          for (const int i : pending_off) {
            const Pot p = pots[static_cast<std::size_t>(i)];
            const std::size_t first = pots.size();
            const auto push_on = [&](int c, int d, int cause) {
              if (!may_loop(c, d, true)) return;
              for (std::size_t k = first; k < pots.size(); ++k) {
                if (pots[k].cell == c && pots[k].digit == d) return;
              }
              pots.push_back({c, d, true, cause, i});
            };
            const std::uint64_t pc = grid[static_cast<std::size_t>(p.cell)];
            if (y && std::popcount(pc) == 2)
              push_on(p.cell, std::countr_zero(pc & ~digit_bit(p.digit)), kCell);
            if (x) {
              for (const Slot& sl : slots_of(p.cell)) {
                const std::uint64_t others =
                    places(sl.unit, p.digit) & ~(std::uint64_t{1} << sl.index);
                if (!one_bit(others)) continue;
                push_on(L_.unit_cells[static_cast<std::size_t>(sl.unit)]
                                     [static_cast<std::size_t>(std::countr_zero(others))],
                        p.digit, sl.unit);
              }
            }
            for (std::size_t k = first; k < pots.size(); ++k) {
              const Pot& q = pots[k];
              if (length >= 4 && q.cell == cell && q.digit == v)
                found.push_back(static_cast<int>(k));
              char& seen = to_on[static_cast<std::size_t>(cand(q.cell, q.digit))];
              if (!seen) {
                seen = 1;
                next.push_back(static_cast<int>(k));
              }
            }
          }
          pending_off.clear();
          pending_on.swap(next);
        }
        // Each loop found: its cells, and what both its on and its off nodes see.
        for (const int end : found) {
          std::vector<int> loop_cells;
          std::vector<std::pair<int, int>> forw, back;
          Hint h;
          h.technique = Technique::x_cycle;
          h.kind = "cycle";
          h.cycle_links = links;
          for (int i = end; pots[static_cast<std::size_t>(i)].parent >= 0;
               i = pots[static_cast<std::size_t>(i)].parent) {
            const Pot& p = pots[static_cast<std::size_t>(i)];
            if (std::find(loop_cells.begin(), loop_cells.end(), p.cell) == loop_cells.end()) {
              loop_cells.push_back(p.cell);
            }
            h.loop.push_back({p.cell, p.digit, p.cause});
          }
          for (int i = end; pots[static_cast<std::size_t>(i)].parent >= 0;
               i = pots[static_cast<std::size_t>(i)].parent) {
            const Pot& p = pots[static_cast<std::size_t>(i)];
            for (const int q : L_.peers[static_cast<std::size_t>(p.cell)]) {
              if ((grid[static_cast<std::size_t>(q)] & digit_bit(p.digit)) == 0) continue;
              if (std::find(loop_cells.begin(), loop_cells.end(), q) != loop_cells.end()) continue;
              (p.on ? forw : back).emplace_back(q, p.digit);
            }
          }
          std::vector<Elim> removable;
          for (const auto& f : forw) {
            if (std::find(back.begin(), back.end(), f) != back.end() &&
                std::none_of(removable.begin(), removable.end(), [&](const Elim& e) {
                  return e.cell == f.first && e.digit == f.second;
                })) {
              removable.push_back({f.first, f.second});
            }
          }
          if (removable.empty()) continue;
          se_removal_order(removable);
          for (const Elim& e : removable) h.removals.emplace_back(e.cell, e.digit);
          // The loop's potentials, the start once (it is also the end): SE's ancestor count.
          h.complexity = static_cast<int>(h.loop.size());
          h.source_cells = loop_cells;
          h.source_digit = v;
          h.conclusion_cell = removable.front().cell;
          h.conclusion_digit = removable.front().digit;
          out.push_back(std::move(h));
        }
      }
    }
  }
}

Hint Engine::contradiction_hint(Technique t, int level, const Imp& imp, int cell, int digit,
                                bool on) {
  Hint h;
  h.technique = t;
  h.level = level;
  h.kind = "contradiction";
  h.conclusion_on = !on;
  h.conclusion_cell = cell;
  h.conclusion_digit = digit;
  h.source_cells = {cell};
  h.source_digit = digit;
  Branch b1;
  b1.cell = cell;
  b1.digit = digit;
  b1.on = on;
  b1.end = Branch::End::clash_on;
  // Where the clash is (end_of() finds it by the end alone): two contradictions of one
  // assumption that clash elsewhere are two chains to SE (its nested chains, FullChain).
  const Node& clash = imp.nodes[static_cast<std::size_t>(imp.contra_on)];
  b1.target_cell = clash.cell;
  b1.target_digit = clash.digit;
  b1.target_on = true;
  Branch b2 = b1;
  b2.end = Branch::End::clash_off;
  b2.target_on = false;
  h.branches = {b1, b2};
  h.complexity = complexity(imp, imp.contra_on) + complexity(imp, imp.contra_off, !exact_);
  return h;
}

void Engine::nishio(const std::vector<std::uint64_t>& grid, int depth, bool first_only,
                    std::vector<Hint>& out) {
  const Technique t = Technique::nishio_forcing_chain;
  const Mode mode = mode_of(t, 0);
  for (int cell = 0; cell < cells_; ++cell) {
    const std::uint64_t cands = grid[static_cast<std::size_t>(cell)];
    if (at_most_one_bit(cands)) continue;
    for (std::uint64_t m = cands; m != 0; m &= m - 1) {
      if (spent()) return;
      const int d = std::countr_zero(m);
      for (const bool on : {true, false}) {
        Imp& imp = slot(depth, 0);
        start(imp, grid, cell, d, on, kAssumption);
        propagate(imp, grid, mode, depth);
        if (!imp.contradiction()) continue;
        out.push_back(contradiction_hint(t, 0, imp, cell, d, on));
        if (first_only) return;
      }
    }
  }
}

std::vector<Hint> Engine::search(Technique t, int level, const std::vector<std::uint64_t>& grid,
                                 int depth, bool first_only) {
  if (depth > 0) return *search_inner(t, level, grid, depth, first_only);
  return run_search(t, level, grid, depth, first_only);
}

HintList Engine::search_inner(Technique t, int level, const std::vector<std::uint64_t>& grid,
                              int depth, bool first_only) {
  // Searches inside a propagation (depth > 0) meet the same positions again and again: from
  // other assumptions, at other nesting levels, in the steps after. A search's hints depend on
  // the technique, the level and the grid only, so they are kept. A search the budget cut short
  // is not kept, and one is taken from the memo only where repeating it would not reach the
  // budget either; the propagations it spent are counted again, so the budget runs out exactly
  // where it would without the memo.
  SearchKey key;
  key.reserve(grid.size() + 3);
  key.push_back(static_cast<std::uint64_t>(t) << 8 | static_cast<std::uint64_t>(level) |
                static_cast<std::uint64_t>(first_only) << 16 |
                static_cast<std::uint64_t>(exact_) << 17 |
                static_cast<std::uint64_t>(depth == full_depth_) << 18);
  key.insert(key.end(), grid.begin(), grid.end());
  // The memo outlives the puzzle: other rules give other searches on the same grid.
  if (!L_.classic) key.push_back(rules_key_);
  if (exact_) key.push_back(solved_key_);
  if (const auto it = memo_.find(key); it != memo_.end()) {
    const Found& found = it->second;
    if (budget_ == 0 || propagations_ + found.propagations < budget_) {
      propagations_ += found.propagations;
      return found.hints;
    }
  }
  const long before = propagations_;
  auto out =
      std::make_shared<const std::vector<Hint>>(run_search(t, level, grid, depth, first_only));
  if (!spent()) {
    if (memo_.size() >= kMemoLimit) memo_.clear();
    memo_.emplace(std::move(key), Found{out, propagations_ - before});
  }
  return out;
}

std::vector<Hint> Engine::run_search(Technique t, int level, const std::vector<std::uint64_t>& grid,
                                     int depth, bool first_only) {
  std::vector<Hint> out;
  if (t == Technique::x_chain || t == Technique::aic) {
    unary(t, grid, depth, first_only, out);
  } else if (t == Technique::x_cycle) {
    cycles(grid, depth, out);
  } else if (t == Technique::nishio_forcing_chain) {
    nishio(grid, depth, first_only, out);
  } else {
    multiple(t, level, grid, depth, first_only, out);
  }
  for (Hint& h : out) {
    h.level = t == Technique::nested_forcing_chain ? level : 0;
    // SE's CycleHint: 7.0 for a loop with both kinds of links, 6.5 for the others.
    const int base = h.kind == "cycle" ? (h.cycle_links == 3 ? 70 : 65) : base_difficulty(t, level);
    h.difficulty = base + chain_length_bonus_tenths(h.complexity);
  }
  return out;
}

/// Why a ban joins two cells: the name of the first constraint holding both (the propagator's
/// sources, propagation.hpp), "constraint" if none lists both.
std::string ban_rule(const Layout& layout, int a, int b) {
  const ConstraintPropagator& propagator = propagator_of(layout);
  for (int s = 0; s < propagator.size(); ++s) {
    const auto cells = propagator.cells(s);
    if (std::find(cells.begin(), cells.end(), a) != cells.end() &&
        std::find(cells.begin(), cells.end(), b) != cells.end())
      return propagator.name(s);
  }
  return "constraint";
}

/// The hint's chains as Step::chain: each branch's ancestors in creation order.
void write_chain(Engine& e, const Hint& h, const std::vector<std::uint64_t>& grid, Step& step) {
  const Layout& L = e.layout();
  for (std::size_t b = 0; b < h.branches.size(); ++b) {
    const int target = e.materialize(h, h.branches[b], grid, 0, kDisplaySlot);
    if (target < 0) continue;
    const Imp& imp = e.slot(0, kDisplaySlot);
    std::vector<char> seen(imp.nodes.size(), 0);
    std::vector<int> todo{target}, keep;
    while (!todo.empty()) {
      const int i = todo.back();
      todo.pop_back();
      if (seen[static_cast<std::size_t>(i)]) continue;
      seen[static_cast<std::size_t>(i)] = 1;
      keep.push_back(i);
      const Node& nd = imp.nodes[static_cast<std::size_t>(i)];
      for (int k = 0; k < nd.parent_count; ++k) {
        todo.push_back(imp.parents[static_cast<std::size_t>(nd.parent_begin + k)]);
      }
    }
    std::sort(keep.begin(), keep.end());
    std::vector<int> index(imp.nodes.size(), -1);
    for (int i : keep) {
      const Node& nd = imp.nodes[static_cast<std::size_t>(i)];
      ChainNode out;
      out.cell = nd.cell;
      out.digit = nd.digit;
      out.on = nd.on;
      out.branch = static_cast<int>(b);
      for (int k = 0; k < nd.parent_count; ++k) {
        const int parent = index[static_cast<std::size_t>(
            imp.parents[static_cast<std::size_t>(nd.parent_begin + k)])];
        if (parent >= 0) out.from.push_back(parent);
      }
      if (nd.cause == kAssumption) out.rule = "assumption";
      else if (nd.cause == kCell) out.rule = "cell";
      else if (nd.cause == kAdvanced) out.rule = kRuleNames[nd.rule];
      else if (nd.cause == kBan)
        out.rule = ban_rule(L,
                            imp.nodes[static_cast<std::size_t>(
                                          imp.parents[static_cast<std::size_t>(nd.parent_begin)])]
                                .cell,
                            nd.cell);
      else if (nd.cause == kApart)
        out.rule =
            L.apart_rule(imp.nodes[static_cast<std::size_t>(
                                       imp.parents[static_cast<std::size_t>(nd.parent_begin)])]
                             .cell,
                         nd.cell);
      else out.rule = unit_name(L.unit(nd.cause));
      index[static_cast<std::size_t>(i)] = static_cast<int>(step.chain.size());
      step.chain.push_back(std::move(out));
    }
  }
}

/// A cycle as a Step: its removals, its cells in loop order, and the loop drawn as technique
/// x_cycle draws it: from the node after the start, off, a strong link into each on node and a
/// weak one into each off node, back to that first node.
Step cycle_step(const Layout& L, const Hint& h, Position& p) {
  Step step;
  step.technique = h.cycle_links == 1   ? Technique::x_cycle
                   : h.cycle_links == 2 ? Technique::y_cycle
                                        : Technique::xy_cycle;
  step.chain_kind = "cycle";
  step.complexity = h.complexity;
  // h.loop runs from the end (the start again, on) back to the start's first child (off).
  std::vector<Hint::LoopNode> loop(h.loop.rbegin(), h.loop.rend());
  loop.push_back(loop.front());
  for (std::size_t i = 0; i < loop.size(); ++i) {
    const Hint::LoopNode& n = loop[i];
    ChainNode node;
    node.cell = n.cell;
    node.digit = n.digit;
    node.on = i % 2 == 1;
    if (i > 0) node.from = {static_cast<int>(i) - 1};
    node.rule = i == 0 ? "assumption" : n.cause == kCell ? "cell" : unit_name(L.unit(n.cause));
    step.chain.push_back(std::move(node));
    step.digits |= digit_bit(n.digit);
    if (std::find(step.cells.begin(), step.cells.end(), n.cell) == step.cells.end()) {
      step.cells.push_back(n.cell);
    }
  }
  for (const auto& [cell, digit] : h.removals) {
    step.eliminated.push_back({cell, digit});
    p.eliminate(cell, digit);
  }
  std::sort(step.eliminated.begin(), step.eliminated.end(),
            [](const CellDigit& a, const CellDigit& b) {
              return a.cell != b.cell ? a.cell < b.cell : a.digit < b.digit;
            });
  return step;
}

/// Applies the easiest of `hints` as SE sorts them (difficulty, nodes, kind; the first of
/// equals) to `p` and makes it a Step with its chains recomputed in full.
std::optional<Step> apply_easiest(Engine& engine, const std::vector<Hint>& hints,
                                  const std::vector<std::uint64_t>& grid, Position& p) {
  if (hints.empty()) return std::nullopt;
  std::size_t best = 0;
  for (std::size_t i = 1; i < hints.size(); ++i) {
    if (easiest_at_top(hints[i], hints[best])) best = i;
  }
  const Hint& h = hints[best];
  if (h.kind == "cycle") return cycle_step(engine.layout(), h, p);
  Step step;
  step.technique = h.technique;
  step.chain_kind = h.kind;
  step.level = h.level;
  step.complexity = h.complexity;
  step.cells = h.source_cells;
  if (h.source_digit != 0) step.digits = digit_bit(h.source_digit);
  if (h.unit >= 0) step.units = {p.layout().unit(h.unit)};
  // Recompute the chain in full, whatever the search spent and whether it was asked to stop.
  engine.set_budget(0);
  engine.set_stop(nullptr);
  write_chain(engine, h, grid, step);
  // The pattern's cells: the sources first, then every other cell the chains pass through.
  for (const ChainNode& node : step.chain) {
    if (std::find(step.cells.begin(), step.cells.end(), node.cell) == step.cells.end()) {
      step.cells.push_back(node.cell);
    }
  }
  if (h.conclusion_on) {
    step.placed = {{h.conclusion_cell, h.conclusion_digit}};
    p.place(h.conclusion_cell, h.conclusion_digit);
  } else {
    step.eliminated = {{h.conclusion_cell, h.conclusion_digit}};
    p.eliminate(h.conclusion_cell, h.conclusion_digit);
  }
  return step;
}

}  // namespace

int chain_length_bonus_tenths(int complexity) {
  int added = 0;
  int ceil = 4;
  const int length = complexity - 2;
  bool odd = false;
  while (length > ceil) {
    ++added;
    ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
    odd = !odd;
  }
  return added;
}

std::optional<Step> forcing_step(Technique t, Position& p, ChainPick pick, int max_nesting,
                                 const std::function<bool()>& stop) {
  if (p.unsolved() == 0) return std::nullopt;
  Engine engine(p.layout(), pick != ChainPick::first);
  engine.set_stop(&stop);
  const std::vector<std::uint64_t> grid = p.all_candidates();
  engine.set_root(p);
  std::vector<Hint> hints;
  const bool first_only = pick == ChainPick::first;
  if (t == Technique::x_chain) {
    hints = engine.search(Technique::x_chain, 0, grid, 0, first_only);
  } else if (t == Technique::aic) {
    // SE's one producer of forcing chains: X-chains and chains with bivalue cells compete.
    hints = engine.search(Technique::aic, 0, grid, 0, first_only);
    if (!first_only) {
      std::vector<Hint> x = engine.search(Technique::x_chain, 0, grid, 0, false);
      hints.insert(hints.end(), x.begin(), x.end());
    }
  } else if (t == Technique::nested_forcing_chain) {
    engine.set_budget(kNestedBudget);
    for (int level = 2; level <= max_nesting && hints.empty() && !engine.spent(); ++level) {
      hints = engine.search(t, level, grid, 0, first_only);
    }
  } else {
    hints =
        engine.search(t, t == Technique::dynamic_forcing_chain_plus ? 1 : 0, grid, 0, first_only);
  }
  return apply_easiest(engine, hints, grid, p);
}

std::optional<Step> se_chains_and_cycles(Position& p, std::optional<Technique> only,
                                         const std::function<bool()>& stop) {
  if (!p.layout().classic || p.size() != 9 || p.unsolved() == 0) return std::nullopt;
  Engine engine(p.layout(), true);
  engine.set_stop(&stop);
  const std::vector<std::uint64_t> grid = p.all_candidates();
  engine.set_root(p);
  // SE's order, which its sort keeps among equals: the cycles (X, Y, XY), the X-chains, the
  // chains with bivalue cells, as inside nested chains (inner_chains_exact).
  std::vector<Hint> hints = engine.search(Technique::x_cycle, 0, grid, 0, false);
  if (only) {
    const int links = *only == Technique::x_cycle ? 1 : *only == Technique::y_cycle ? 2 : 3;
    std::erase_if(hints, [links](const Hint& h) { return h.cycle_links != links; });
  } else {
    for (const Technique chain : {Technique::x_chain, Technique::aic}) {
      std::vector<Hint> more = engine.search(chain, 0, grid, 0, false);
      hints.insert(hints.end(), std::make_move_iterator(more.begin()),
                   std::make_move_iterator(more.end()));
    }
  }
  return apply_easiest(engine, hints, grid, p);
}

}  // namespace sudoku::detail
