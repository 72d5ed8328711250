// ALS-XZ (singly and doubly linked) and ALS-XY-wing: deductions from almost locked sets.
//
// An almost locked set (ALS) is a set of k unsolved cells of one unit holding k + 1 digits
// between them (a bivalue cell is the smallest): whichever digit it loses, the other k fill
// its cells. Two ALSs A and B without a common cell have a restricted common digit X when
// every cell of A holding X sees every cell of B holding X: X is then in at most one of them.
//
// ALS-XZ: with X restricted common, the set without X holds all its other digits, so a digit
// Z common to A and B (Z != X) is in A or in B: Z leaves every cell that sees all Z's places
// in both. Doubly linked (two restricted digits X1, X2): neither set can lack both, and one of
// them lacks neither, so each X is in A or B and every other digit of A (of B) is in A (in B):
// each leaves the cells seeing all its places there.
// ALS-XY-wing: A and C share restricted X, B and C restricted Y (X != Y), Z is common to A and
// B (Z != X, Y). If a cell seeing all Z's places in A and B were Z, A would hold X, so C would
// lack X and hold Y, so B would lack both Y and Z: too few digits for its cells.
//
// Cell sets are bit masks of W 64-bit words, W fixed per board size (2 words up to 128 cells),
// so the pair tests are a few word operations. An ALS has at most kMaxAlsCells cells.
#include <algorithm>
#include <array>
#include <bit>
#include <vector>

#include "sudoku/logic/set_techniques.hpp"

namespace sudoku::detail {

namespace {

constexpr int kMaxAlsCells = 8;

template <std::size_t W>
struct Bits {
  std::array<std::uint64_t, W> w{};

  void set(int i) { w[static_cast<std::size_t>(i) / 64] |= std::uint64_t{1} << (i % 64); }
  [[nodiscard]] bool any() const {
    for (auto x : w) {
      if (x != 0) return true;
    }
    return false;
  }
  [[nodiscard]] Bits operator&(const Bits& o) const {
    Bits r;
    for (std::size_t k = 0; k < W; ++k) r.w[k] = w[k] & o.w[k];
    return r;
  }
  [[nodiscard]] Bits operator|(const Bits& o) const {
    Bits r;
    for (std::size_t k = 0; k < W; ++k) r.w[k] = w[k] | o.w[k];
    return r;
  }
  [[nodiscard]] Bits minus(const Bits& o) const {
    Bits r;
    for (std::size_t k = 0; k < W; ++k) r.w[k] = w[k] & ~o.w[k];
    return r;
  }
  [[nodiscard]] bool intersects(const Bits& o) const {
    for (std::size_t k = 0; k < W; ++k) {
      if ((w[k] & o.w[k]) != 0) return true;
    }
    return false;
  }
  [[nodiscard]] bool subset_of(const Bits& o) const {
    for (std::size_t k = 0; k < W; ++k) {
      if ((w[k] & ~o.w[k]) != 0) return false;
    }
    return true;
  }
  [[nodiscard]] std::vector<int> list() const {
    std::vector<int> out;
    for (std::size_t k = 0; k < W; ++k) {
      for (std::uint64_t m = w[k]; m != 0; m &= m - 1) {
        out.push_back(static_cast<int>(k * 64) + std::countr_zero(m));
      }
    }
    return out;
  }
  // Written out: the page's libc++ (Emscripten 3.1.6) has no operator<=> for std::array.
  [[nodiscard]] bool operator==(const Bits& o) const { return w == o.w; }
  [[nodiscard]] bool operator<(const Bits& o) const {
    return std::lexicographical_compare(w.begin(), w.end(), o.w.begin(), o.w.end());
  }
};

template <std::size_t W>
struct Als {
  Bits<W> cells;
  std::uint64_t digits = 0;
  int unit = 0;
  int size = 0;
  int slot = 0;  ///< its row of AlsTable::entry (N + 1 entries, one per digit)
};

/// Every ALS of the position, with, for each of its digits, the cells holding it (`where`) and
/// the cells seeing all of those (`buddies`); `entry` finds a digit's place in those two from
/// the ALS's slot without counting bits (the pair tests ask it millions of times).
template <std::size_t W>
struct AlsTable {
  std::vector<Bits<W>> peers;    ///< per cell
  std::vector<Bits<W>> holding;  ///< per digit: the unsolved cells holding it
  std::vector<Als<W>> sets;
  std::vector<Bits<W>> where, buddies;
  std::vector<std::int32_t> entry;  ///< per ALS N + 1 indices into where/buddies, by digit

  [[nodiscard]] std::size_t index(const Als<W>& a, int digit) const {
    return static_cast<std::size_t>(entry[static_cast<std::size_t>(a.slot + digit)]);
  }
  [[nodiscard]] const Bits<W>& where_of(const Als<W>& a, int d) const { return where[index(a, d)]; }
  [[nodiscard]] const Bits<W>& buddies_of(const Als<W>& a, int d) const {
    return buddies[index(a, d)];
  }
  /// The restricted common digits of two ALSs without a common cell.
  [[nodiscard]] std::uint64_t restricted(const Als<W>& a, const Als<W>& b) const {
    std::uint64_t r = 0;
    for (std::uint64_t m = a.digits & b.digits; m != 0; m &= m - 1) {
      const int x = std::countr_zero(m);
      if (where_of(b, x).subset_of(buddies_of(a, x))) r |= digit_bit(x);
    }
    return r;
  }
};

template <std::size_t W>
AlsTable<W> als_table(const Position& p) {
  const Layout& L = p.layout();
  const int cells = p.board().cell_count();
  const int n = p.size();
  AlsTable<W> t;
  t.peers.resize(static_cast<std::size_t>(cells));
  t.holding.resize(static_cast<std::size_t>(n + 1));
  for (int c = 0; c < cells; ++c) {
    for (int q : L.peers[static_cast<std::size_t>(c)]) t.peers[static_cast<std::size_t>(c)].set(q);
    if (p.value(c) != 0) continue;
    for (std::uint64_t m = p.candidates(c); m != 0; m &= m - 1) {
      t.holding[static_cast<std::size_t>(std::countr_zero(m))].set(c);
    }
  }
  for (int u = 0; u < L.unit_count(); ++u) {
    std::vector<int> open;
    for (int c : L.unit_cells[static_cast<std::size_t>(u)]) {
      if (p.value(c) == 0) open.push_back(c);
    }
    // All k unsolved cells of a unit hold exactly k digits: an ALS leaves one out at least.
    const int max_size = std::min(kMaxAlsCells, static_cast<int>(open.size()) - 1);
    Als<W> cur;
    auto recurse = [&](auto&& self, std::size_t start) -> void {
      for (std::size_t i = start; i < open.size(); ++i) {
        const Als<W> saved = cur;
        const std::uint64_t digits = cur.digits | p.candidates(open[i]);
        if (std::popcount(digits) > max_size + 1) continue;
        cur.cells.set(open[i]);
        cur.digits = digits;
        ++cur.size;
        if (std::popcount(digits) == cur.size + 1) {
          cur.unit = u;
          t.sets.push_back(cur);
        }
        if (cur.size < max_size) self(self, i + 1);
        cur = saved;
      }
    };
    recurse(recurse, 0);
  }
  // Smallest first (what a person spots first), then by cells; a set found in two units
  // (cells of one row within one box) is kept once, with the first unit.
  std::stable_sort(t.sets.begin(), t.sets.end(), [](const Als<W>& a, const Als<W>& b) {
    return a.size != b.size ? a.size < b.size : a.cells < b.cells;
  });
  t.sets.erase(std::unique(t.sets.begin(), t.sets.end(),
                           [](const Als<W>& a, const Als<W>& b) { return a.cells == b.cells; }),
               t.sets.end());
  t.entry.assign(t.sets.size() * static_cast<std::size_t>(n + 1), 0);
  for (std::size_t i = 0; i < t.sets.size(); ++i) {
    Als<W>& a = t.sets[i];
    a.slot = static_cast<int>(i) * (n + 1);
    for (std::uint64_t m = a.digits; m != 0; m &= m - 1) {
      const int d = std::countr_zero(m);
      t.entry[static_cast<std::size_t>(a.slot + d)] = static_cast<std::int32_t>(t.where.size());
      const Bits<W> where = a.cells & t.holding[static_cast<std::size_t>(d)];
      Bits<W> seen;
      seen.w.fill(~std::uint64_t{0});
      for (std::size_t k = 0; k < W; ++k) {
        for (std::uint64_t cm = where.w[k]; cm != 0; cm &= cm - 1) {
          seen = seen & t.peers[k * 64 + static_cast<std::size_t>(std::countr_zero(cm))];
        }
      }
      t.where.push_back(where);
      t.buddies.push_back(seen);
    }
  }
  return t;
}

/// Removes `digit` from the cells of `targets`, noting each removal.
template <std::size_t W>
void remove_digit(Position& p, Step& step, const Bits<W>& targets, int digit) {
  for (int c : targets.list()) eliminate_noting(p, step, c, digit_bit(digit));
}

template <std::size_t W>
CellSet named(const char* name, const Bits<W>& cells, std::uint64_t digits) {
  return {name, cells.list(), digits};
}

/// The step's cells (every set's, increasing, once) and digits from its sets.
void finish(Step& step) {
  for (const CellSet& s : step.sets) {
    step.cells.insert(step.cells.end(), s.cells.begin(), s.cells.end());
    step.digits |= s.digits;
  }
  std::sort(step.cells.begin(), step.cells.end());
  step.cells.erase(std::unique(step.cells.begin(), step.cells.end()), step.cells.end());
}

/// Every ALS of a position and, for each, its partners (increasing) with their restricted
/// common digits: all that ALS-XZ and ALS-XY-wing search.
template <std::size_t W>
struct AlsLinks {
  struct Link {
    std::size_t other;
    std::uint64_t digits;
  };
  AlsTable<W> table;
  std::vector<std::vector<Link>> links;
};

/// The ALS links of `p`. ALS-XZ and ALS-XY-wing are tried one after the other on the same
/// position, and the pair tests are most of their work, so the last position's links are kept
/// (one per thread), keyed by every cell's value and candidates.
template <std::size_t W>
const AlsLinks<W>& als_links(const Position& p) {
  struct Cache {
    Geometry geometry{0, 0};
    Rules rules;  // the peers the links rest on
    std::vector<std::uint64_t> key;
    AlsLinks<W> links;
  };
  thread_local Cache cache;
  const int cells = p.board().cell_count();
  std::vector<std::uint64_t> key(static_cast<std::size_t>(cells));
  for (int c = 0; c < cells; ++c) {
    // A filled cell has no candidates; its value goes above every candidate bit.
    key[static_cast<std::size_t>(c)] =
        p.value(c) != 0 ? (std::uint64_t{1} << 63) | static_cast<std::uint64_t>(p.value(c))
                        : p.candidates(c);
  }
  if (cache.geometry == p.geometry() && cache.key == key && cache.rules == p.rules())
    return cache.links;
  cache.geometry = p.geometry();
  cache.rules = p.rules();
  cache.key = std::move(key);
  AlsLinks<W>& out = cache.links;
  out.table = als_table<W>(p);
  const AlsTable<W>& t = out.table;
  const std::size_t n = t.sets.size();
  out.links.assign(n, {});
  // A restricted common digit of A and B has its places in B among the cells seeing all its
  // places in A: B meets the union of A's buddies (`reach`), a quick test that rules out most
  // pairs.
  std::vector<Bits<W>> reach(n);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::uint64_t m = t.sets[i].digits; m != 0; m &= m - 1) {
      reach[i] = reach[i] | t.buddies_of(t.sets[i], std::countr_zero(m));
    }
  }
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      if (!t.sets[j].cells.intersects(reach[i])) continue;
      if ((t.sets[i].digits & t.sets[j].digits) == 0 || t.sets[i].cells.intersects(t.sets[j].cells))
        continue;
      if (const std::uint64_t x = t.restricted(t.sets[i], t.sets[j]); x != 0) {
        out.links[i].push_back({j, x});
        out.links[j].push_back({i, x});
      }
    }
  }
  return out;
}

/// The cells outside A and B that would lose digit d: they hold it and see all its places in
/// both.
template <std::size_t W>
Bits<W> common_targets(const AlsTable<W>& t, const Als<W>& a, const Als<W>& b, int d) {
  return t.buddies_of(a, d) & t.buddies_of(b, d) & t.holding[static_cast<std::size_t>(d)];
}

template <std::size_t W>
std::optional<Step> als_xz_in(Position& p) {
  const AlsLinks<W>& l = als_links<W>(p);
  const AlsTable<W>& t = l.table;
  for (std::size_t i = 0; i < t.sets.size(); ++i) {
    const Als<W>& a = t.sets[i];
    for (const auto& link : l.links[i]) {
      if (link.other < i) continue;  // each pair once, in the order (i, j), i < j
      const Als<W>& b = t.sets[link.other];
      const std::uint64_t common = a.digits & b.digits, x = link.digits;
      // Whether any candidate goes (and which Z, singly linked), before a step is written.
      std::uint64_t hits = 0;
      if ((x & (x - 1)) == 0) {  // singly linked: the common digits Z other than X
        for (std::uint64_t m = common & ~x; m != 0; m &= m - 1) {
          const int z = std::countr_zero(m);
          if (common_targets(t, a, b, z).any()) hits |= digit_bit(z);
        }
      } else {  // doubly linked: each X, and every other digit of A and of B
        for (std::uint64_t m = x; m != 0; m &= m - 1) {
          const int d = std::countr_zero(m);
          if (common_targets(t, a, b, d).any()) hits |= digit_bit(d);
        }
        for (const Als<W>* s : {&a, &b}) {
          for (std::uint64_t m = s->digits & ~x; m != 0; m &= m - 1) {
            const int d = std::countr_zero(m);
            if ((t.buddies_of(*s, d) & t.holding[static_cast<std::size_t>(d)]).any()) {
              hits |= digit_bit(d);
            }
          }
        }
      }
      if (hits == 0) continue;
      Step step;
      step.technique = Technique::als_xz;
      step.sets = {named("A", a.cells, a.digits), named("B", b.cells, b.digits)};
      for (std::uint64_t m = x; m != 0; m &= m - 1) {
        const int d = std::countr_zero(m);
        step.sets.push_back(named("X", t.where_of(a, d) | t.where_of(b, d), digit_bit(d)));
      }
      if ((x & (x - 1)) == 0) {
        for (std::uint64_t m = hits; m != 0; m &= m - 1) {
          const int z = std::countr_zero(m);
          step.sets.push_back(named("Z", t.where_of(a, z) | t.where_of(b, z), digit_bit(z)));
          remove_digit(p, step, common_targets(t, a, b, z), z);
        }
      } else {
        for (std::uint64_t m = x; m != 0; m &= m - 1) {
          const int d = std::countr_zero(m);
          remove_digit(p, step, common_targets(t, a, b, d), d);
        }
        for (const Als<W>* s : {&a, &b}) {
          for (std::uint64_t m = s->digits & ~x; m != 0; m &= m - 1) {
            const int d = std::countr_zero(m);
            remove_digit(p, step, t.buddies_of(*s, d) & t.holding[static_cast<std::size_t>(d)], d);
          }
        }
      }
      step.units = {p.layout().unit(a.unit), p.layout().unit(b.unit)};
      finish(step);
      return step;
    }
  }
  return std::nullopt;
}

template <std::size_t W>
std::optional<Step> als_xy_wing_in(Position& p) {
  const AlsLinks<W>& l = als_links<W>(p);
  const AlsTable<W>& t = l.table;
  for (std::size_t ci = 0; ci < t.sets.size(); ++ci) {
    const Als<W>& c = t.sets[ci];
    const auto& lc = l.links[ci];
    for (std::size_t k = 0; k < lc.size(); ++k) {
      const Als<W>& a = t.sets[lc[k].other];
      for (std::size_t m = k + 1; m < lc.size(); ++m) {
        const Als<W>& b = t.sets[lc[m].other];
        if (a.cells.intersects(b.cells)) continue;
        // The Z candidates that would go, whatever X and Y: the digits common to A and B with
        // a cell outside seeing all their places.
        std::uint64_t hits = 0;
        for (std::uint64_t mz = a.digits & b.digits; mz != 0; mz &= mz - 1) {
          const int z = std::countr_zero(mz);
          if (common_targets(t, a, b, z).any()) hits |= digit_bit(z);
        }
        if (hits == 0) continue;
        for (std::uint64_t mx = lc[k].digits; mx != 0; mx &= mx - 1) {
          const int x = std::countr_zero(mx);
          for (std::uint64_t my = lc[m].digits & ~digit_bit(x); my != 0; my &= my - 1) {
            const int y = std::countr_zero(my);
            const std::uint64_t z_digits = hits & ~digit_bit(x) & ~digit_bit(y);
            if (z_digits == 0) continue;
            Step step;
            step.technique = Technique::als_xy_wing;
            step.sets = {named("A", a.cells, a.digits), named("B", b.cells, b.digits),
                         named("C", c.cells, c.digits),
                         named("X", t.where_of(a, x) | t.where_of(c, x), digit_bit(x)),
                         named("Y", t.where_of(b, y) | t.where_of(c, y), digit_bit(y))};
            for (std::uint64_t mz = z_digits; mz != 0; mz &= mz - 1) {
              const int z = std::countr_zero(mz);
              step.sets.push_back(named("Z", t.where_of(a, z) | t.where_of(b, z), digit_bit(z)));
              remove_digit(p, step, common_targets(t, a, b, z), z);
            }
            step.units = {p.layout().unit(a.unit), p.layout().unit(b.unit),
                          p.layout().unit(c.unit)};
            finish(step);
            return step;
          }
        }
      }
    }
  }
  return std::nullopt;
}

/// Runs `F<W>` with the fewest words that hold the board's cells.
template <template <std::size_t> class F>
std::optional<Step> by_size(Position& p) {
  const int cells = p.board().cell_count();
  if (cells <= 128) return F<2>::run(p);
  if (cells <= 256) return F<4>::run(p);
  return F<20>::run(p);  // up to 35x35 = 1225 cells
}

template <std::size_t W>
struct XzRun {
  static std::optional<Step> run(Position& p) { return als_xz_in<W>(p); }
};
template <std::size_t W>
struct XyRun {
  static std::optional<Step> run(Position& p) { return als_xy_wing_in<W>(p); }
};

}  // namespace

std::optional<Step> als_xz(Position& p) { return by_size<XzRun>(p); }
std::optional<Step> als_xy_wing(Position& p) { return by_size<XyRun>(p); }

}  // namespace sudoku::detail
