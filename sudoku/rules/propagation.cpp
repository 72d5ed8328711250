// The community's constraints as propagators over pencil marks (propagation.hpp).
#include "sudoku/rules/propagation.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>
#include <functional>
#include <set>
#include <utility>

#include "sudoku/rules/constraints.hpp"

namespace sudoku {

namespace {

using Mask = std::uint64_t;
using Kind = ConstraintKind;

constexpr Mask bit(int d) { return Mask{1} << d; }

// A relation between two cells: a holding x allows b only the digits of next[x].
struct PairPart {
  int a = 0, b = 0;
  std::vector<Mask> next;
};

// Cells whose digits differ; `whole`: N cells, every digit once.
struct DistinctPart {
  std::vector<int> cells;
  bool whole = false;
};

// Groups of cells whose sums are equal (and equal `target` when it is >= 0); the first group is
// a pill of `pill` cells (its value the number its digits write) when pill > 0.
struct SumPart {
  std::vector<std::vector<int>> groups;
  std::size_t pill = 0;
  long long target = -1;
  // Filled once the sources are built, for the listing of a sum of at most 64 cells without a
  // pill of two cells or more: the groups' cells in turn; per position, the end of its group
  // and the earlier positions (bit j: all[j]) whose cells must differ from it.
  std::vector<int> all;
  std::vector<std::size_t> group_end;
  std::vector<Mask> differs_before;
  bool sums_in_a_word = false;  // p.all filled, the target and every group's sum below 64
};

SumPart sum_part(std::vector<std::vector<int>> groups, std::size_t pill, long long target) {
  SumPart p;
  p.groups = std::move(groups);
  p.pill = pill;
  p.target = target;
  return p;
}

// Cells whose digits differ and form one of `sets`.
struct SetsPart {
  std::vector<int> cells;
  std::vector<Mask> sets;
};

// Options of one digit set per cell, cells all different: some option must fit.
struct OptionsPart {
  std::vector<int> cells;
  std::vector<Mask> masks;  // cells.size() per option
};

// A few cells (a quadruple's four) that hold `values` among their digits (a value given twice,
// twice); `differs_before` as SumPart's, filled once the sources are built.
struct QuadruplePart {
  std::vector<int> cells;
  std::vector<int> values;
  std::vector<Mask> differs_before;
};

// A between line: ends first and last, each inner cell strictly between them.
struct BetweenPart {
  std::vector<int> cells;
};

// Digits allowed per cell (odd, even).
struct MaskPart {
  std::vector<int> cells;
  Mask allowed = 0;
};

struct Source {
  std::string name;
  std::vector<int> cells;
  std::vector<MaskPart> masks;
  std::vector<PairPart> pairs;
  std::vector<DistinctPart> distinct;
  std::vector<SumPart> sums;
  std::vector<SetsPart> sets;
  std::vector<OptionsPart> options;
  std::vector<QuadruplePart> quadruples;
  std::vector<BetweenPart> betweens;
};

// Whether digits can be given to cells, one from each candidate mask, all different.
bool matchable(std::span<const Mask> candidates) {
  // Kuhn's augmenting paths over at most 64 digits and 64 cells.
  if (candidates.size() > 64) return false;
  std::array<int, 64> owner;
  owner.fill(-1);
  Mask seen = 0;
  const auto augment = [&](const auto& self, std::size_t c) -> bool {
    for (Mask m = candidates[c] & ~seen; m != 0; m &= m - 1) {
      const int d = std::countr_zero(m);
      seen |= bit(d);
      auto& o = owner[static_cast<std::size_t>(d)];
      if (o < 0 || self(self, static_cast<std::size_t>(o))) {
        o = static_cast<int>(c);
        return true;
      }
    }
    return false;
  };
  for (std::size_t cell = 0; cell < candidates.size(); ++cell) {
    seen = 0;
    if (!augment(augment, cell)) return false;
  }
  return true;
}

// Sums as bit sets: bit s set when s can be reached.
class SumSet {
 public:
  explicit SumSet(std::size_t top = 0) : words_((top + 64) / 64, 0) {}
  void set(std::size_t s) {
    if (s / 64 < words_.size()) words_[s / 64] |= Mask{1} << (s % 64);
  }
  [[nodiscard]] bool test(std::size_t s) const {
    return s / 64 < words_.size() && ((words_[s / 64] >> (s % 64)) & 1) != 0;
  }
  [[nodiscard]] bool any() const {
    return std::any_of(words_.begin(), words_.end(), [](Mask w) { return w != 0; });
  }
  void clear() { std::fill(words_.begin(), words_.end(), 0); }
  // this |= other << k
  void or_shifted_up(const SumSet& other, int k) {
    const auto whole = static_cast<std::size_t>(k / 64);
    const auto part = static_cast<unsigned>(k % 64);
    for (std::size_t i = words_.size(); i-- > whole;) {
      Mask w = other.words_[i - whole] << part;
      if (part != 0 && i > whole) w |= other.words_[i - whole - 1] >> (64 - part);
      words_[i] |= w;
    }
  }
  // this |= other >> k
  void or_shifted_down(const SumSet& other, int k) {
    const auto whole = static_cast<std::size_t>(k / 64);
    const auto part = static_cast<unsigned>(k % 64);
    for (std::size_t i = 0; i + whole < words_.size(); ++i) {
      Mask w = other.words_[i + whole] >> part;
      if (part != 0 && i + whole + 1 < words_.size())
        w |= other.words_[i + whole + 1] << (64 - part);
      words_[i] |= w;
    }
  }
  void and_with(const SumSet& other) {
    for (std::size_t i = 0; i < words_.size(); ++i) words_[i] &= other.words_[i];
  }
  // Whether (this << k) & other is not empty.
  [[nodiscard]] bool meets_shifted(const SumSet& other, int k) const {
    SumSet t(64 * words_.size() - 1);
    t.or_shifted_up(*this, k);
    for (std::size_t i = 0; i < words_.size(); ++i) {
      if ((t.words_[i] & other.words_[i]) != 0) return true;
    }
    return false;
  }

 private:
  std::vector<Mask> words_;
};

}  // namespace

struct ConstraintPropagator::Impl {
  int n = 0;
  Mask every = 0;
  std::vector<Source> sources;
  // Cells that must differ: they share a unit, or the anti-knight/anti-king rules keep them
  // apart. The exact listings respect it.
  std::vector<std::vector<int>> units_of;
  std::set<std::pair<int, int>> apart;

  [[nodiscard]] bool differ(int a, int b) const {
    if (a == b) return false;
    for (const int u : units_of[static_cast<std::size_t>(a)]) {
      const auto& other = units_of[static_cast<std::size_t>(b)];
      if (std::find(other.begin(), other.end(), u) != other.end()) return true;
    }
    return apart.contains(std::minmax(a, b));
  }

  // Per position of `cells` (at most 64), the earlier positions (bit j: cells[j]) whose cells
  // must differ from it.
  [[nodiscard]] std::vector<Mask> differs_before(const std::vector<int>& cells) const {
    std::vector<Mask> out(cells.size(), 0);
    for (std::size_t i = 0; i < cells.size(); ++i) {
      for (std::size_t j = 0; j < i; ++j) {
        if (differ(cells[i], cells[j])) out[i] |= Mask{1} << j;
      }
    }
    return out;
  }

  bool narrow_mask(const MaskPart& p, std::span<Mask> marks, bool& changed) const {
    for (const int c : p.cells) {
      Mask& m = marks[static_cast<std::size_t>(c)];
      if ((m & ~p.allowed) != 0) {
        m &= p.allowed;
        changed = true;
      }
      if (m == 0) return false;
    }
    return true;
  }

  static bool narrow_pair(const PairPart& p, std::span<Mask> marks, bool& changed) {
    Mask& ma = marks[static_cast<std::size_t>(p.a)];
    Mask& mb = marks[static_cast<std::size_t>(p.b)];
    Mask keep_a = 0, keep_b = 0;
    for (Mask m = ma; m != 0; m &= m - 1) {
      const int x = std::countr_zero(m);
      const Mask fits = p.next[static_cast<std::size_t>(x)] & mb;
      if (fits != 0) {
        keep_a |= bit(x);
        keep_b |= fits;
      }
    }
    if (keep_a != ma || keep_b != mb) changed = true;
    ma = keep_a;
    mb = keep_b;
    return keep_a != 0;
  }

  bool narrow_distinct(const DistinctPart& p, std::span<Mask> marks, bool& changed) const {
    // Singles leave the others, to a fixpoint.
    bool again = true;
    while (again) {
      again = false;
      for (const int c : p.cells) {
        const Mask m = marks[static_cast<std::size_t>(c)];
        if (m == 0) return false;
        if (std::popcount(m) != 1) continue;
        for (const int o : p.cells) {
          Mask& other = marks[static_cast<std::size_t>(o)];
          if (o == c || (other & m) == 0) continue;
          other &= ~m;
          if (other == 0) return false;
          changed = again = true;
        }
      }
    }
    Mask all = 0;
    for (const int c : p.cells) all |= marks[static_cast<std::size_t>(c)];
    if (std::popcount(all) < static_cast<int>(p.cells.size())) return false;
    if (!p.whole) return true;
    // A digit with one place left goes there.
    for (int d = 1; d <= n; ++d) {
      int place = -1, count = 0;
      for (const int c : p.cells) {
        if ((marks[static_cast<std::size_t>(c)] & bit(d)) != 0) {
          place = c;
          ++count;
        }
      }
      if (count == 0) return false;
      if (count == 1 && marks[static_cast<std::size_t>(place)] != bit(d)) {
        marks[static_cast<std::size_t>(place)] = bit(d);
        changed = true;
      }
    }
    return true;
  }

  // Every filling of `cells` within the marks (cells that must differ do), each offered to
  // `leaf`; the support of the fillings it accepts is written back. False when none is.
  bool narrow_by_listing(const std::vector<int>& cells, std::span<Mask> marks, bool& changed,
                         const std::function<bool(const std::vector<int>&)>& leaf) const {
    const std::size_t k = cells.size();
    std::vector<int> digits(k, 0);
    std::vector<Mask> support(k, 0);
    std::vector<std::vector<std::size_t>> earlier(k);
    for (std::size_t i = 0; i < k; ++i) {
      for (std::size_t j = 0; j < i; ++j) {
        if (differ(cells[i], cells[j])) earlier[i].push_back(j);
      }
    }
    const std::function<void(std::size_t)> step = [&](std::size_t at) {
      if (at == k) {
        if (!leaf(digits)) return;
        for (std::size_t i = 0; i < k; ++i) support[i] |= bit(digits[i]);
        return;
      }
      for (Mask m = marks[static_cast<std::size_t>(cells[at])]; m != 0; m &= m - 1) {
        const int d = std::countr_zero(m);
        bool clash = false;
        for (const std::size_t j : earlier[at]) clash = clash || digits[j] == d;
        if (clash) continue;
        digits[at] = d;
        step(at + 1);
      }
    };
    step(0);
    for (std::size_t i = 0; i < k; ++i) {
      Mask& m = marks[static_cast<std::size_t>(cells[i])];
      if ((m & ~support[i]) != 0) {
        m &= support[i];
        changed = true;
      }
      if (m == 0) return false;
    }
    return true;
  }

  [[nodiscard]] double fillings_bound(const std::vector<int>& cells,
                                      std::span<const Mask> marks) const {
    double product = 1;
    for (const int c : cells) product *= std::popcount(marks[static_cast<std::size_t>(c)]);
    return product;
  }

  // A filling of k cells (digit[i] in cell i) joins the support; `unsupported` counts the cells
  // whose support is short of their candidates, so that a listing stops at 0.
  static void add_filling(std::size_t k, const std::array<int, 64>& digit,
                          const std::array<Mask, 64>& cand, std::array<Mask, 64>& support,
                          std::size_t& unsupported) {
    for (std::size_t i = 0; i < k; ++i) {
      const Mask b = bit(digit[i]);
      if ((support[i] & b) != 0) continue;
      support[i] |= b;
      if (support[i] == cand[i]) --unsupported;
    }
  }

  // The listing of narrow_sum() for a sum without a long pill (p.all filled): depth first over the
  // positions, each group's partial sum bounded by what the rest of it can still add, the
  // equal sum fixed by the first group (or the target); it stops once every digit of every cell
  // is supported, as nothing more could then be learnt.
  static bool narrow_sum_listed(const SumPart& p, std::span<Mask> marks, bool& changed) {
    const std::size_t k = p.all.size();
    // Only the first k entries (the first 64 digits of `holding`) are read: no more are set.
    std::array<Mask, 64> cand, support;
    std::array<long long, 65> least, most;  // the least and most the rest of a group adds
    for (std::size_t i = 0; i < k; ++i) {
      cand[i] = marks[static_cast<std::size_t>(p.all[i])];
      support[i] = 0;
    }
    for (std::size_t i = k; i-- > 0;) {
      const bool last = p.group_end[i] == i + 1;
      least[i] = std::countr_zero(cand[i]) + (last ? 0 : least[i + 1]);
      most[i] = 63 - std::countl_zero(cand[i]) + (last ? 0 : most[i + 1]);
    }
    std::array<int, 64> digit;
    std::array<Mask, 64> holding{};  // per digit: the positions holding it (bit j: all[j])
    std::size_t unsupported = k;
    const auto list = [&](const auto& self, std::size_t at, long long partial,
                          long long common) -> void {
      if (at == k) {
        add_filling(k, digit, cand, support, unsupported);
        return;
      }
      const bool last = p.group_end[at] == at + 1;
      for (Mask m = cand[at]; m != 0 && unsupported != 0; m &= m - 1) {
        const int d = std::countr_zero(m);
        if ((holding[static_cast<std::size_t>(d)] & p.differs_before[at]) != 0) continue;
        const long long sum = partial + d;
        if (last) {
          if (common >= 0 && sum != common) continue;
        } else if (common >= 0 && (sum + least[at + 1] > common || sum + most[at + 1] < common)) {
          continue;
        }
        digit[at] = d;
        holding[static_cast<std::size_t>(d)] |= Mask{1} << at;
        self(self, at + 1, last ? 0 : sum, last && common < 0 ? sum : common);
        holding[static_cast<std::size_t>(d)] &= ~(Mask{1} << at);
      }
    };
    list(list, 0, 0, p.target);
    return keep_support(p.all, std::span<const Mask>(support.data(), k), marks, changed);
  }

  // Every filling of a quadruple's cells (cells that must differ do) holding its values, depth
  // first, a branch cut once the values still missing outnumber the cells left; it stops once
  // every digit of every cell is supported.
  static bool narrow_quadruple(const QuadruplePart& p, std::span<Mask> marks, bool& changed) {
    const std::size_t k = p.cells.size();  // four
    if (k > 64) return true;               // no quadruple: left to the check of a solution
    std::array<Mask, 64> cand{}, support{}, holding{};
    std::array<int, 64> missing{};  // per digit: how many more times the filling must hold it
    int missing_total = 0;
    for (const int v : p.values) {
      if (v < 0 || v >= 64) return false;
      ++missing[static_cast<std::size_t>(v)];
      ++missing_total;
    }
    for (std::size_t i = 0; i < k; ++i) cand[i] = marks[static_cast<std::size_t>(p.cells[i])];
    std::array<int, 64> digit{};
    std::size_t unsupported = k;
    const auto list = [&](const auto& self, std::size_t at) -> void {
      if (at == k) {
        add_filling(k, digit, cand, support, unsupported);
        return;
      }
      for (Mask m = cand[at]; m != 0 && unsupported != 0; m &= m - 1) {
        const int d = std::countr_zero(m);
        if ((holding[static_cast<std::size_t>(d)] & p.differs_before[at]) != 0) continue;
        int& need = missing[static_cast<std::size_t>(d)];
        const int took = need > 0 ? 1 : 0;
        if (missing_total - took > static_cast<int>(k - at - 1)) continue;
        need -= took;
        missing_total -= took;
        digit[at] = d;
        holding[static_cast<std::size_t>(d)] |= Mask{1} << at;
        self(self, at + 1);
        holding[static_cast<std::size_t>(d)] &= ~(Mask{1} << at);
        need += took;
        missing_total += took;
      }
    };
    list(list, 0);
    return keep_support(p.cells, std::span<const Mask>(support.data(), k), marks, changed);
  }

  // The partial sums of narrow_sum() in one word each, where every sum is below 64 (p.all
  // filled): a digit stays where the sums of the cells before it in its group, plus it, can
  // still be completed by the rest of the group to a common sum (repeats allowed).
  static bool narrow_sum_words(const SumPart& p, std::span<Mask> marks, bool& changed) {
    const std::size_t k = p.all.size();
    std::array<Mask, 64> cand, before, after;  // the first k entries
    for (std::size_t i = 0; i < k; ++i) cand[i] = marks[static_cast<std::size_t>(p.all[i])];
    const auto shifted_up = [](Mask sums, Mask digits) {
      Mask out = 0;
      for (; digits != 0; digits &= digits - 1) out |= sums << std::countr_zero(digits);
      return out;
    };
    Mask feasible = p.target >= 0 ? Mask{1} << p.target : ~Mask{0};
    Mask sums = 1;
    for (std::size_t i = 0; i < k; ++i) {
      before[i] = sums;
      sums = shifted_up(sums, cand[i]);
      if (p.group_end[i] == i + 1) {
        feasible &= sums;
        sums = 1;
      }
    }
    if (feasible == 0) return false;
    for (std::size_t i = k; i-- > 0;) {
      if (p.group_end[i] == i + 1) {
        after[i] = feasible;
        continue;
      }
      Mask reach = 0;
      for (Mask m = cand[i + 1]; m != 0; m &= m - 1) reach |= after[i + 1] >> std::countr_zero(m);
      after[i] = reach;
    }
    std::array<Mask, 64> support;
    for (std::size_t i = 0; i < k; ++i) {
      support[i] = 0;
      for (Mask m = cand[i]; m != 0; m &= m - 1) {
        const int d = std::countr_zero(m);
        if (((before[i] << d) & after[i]) != 0) support[i] |= bit(d);
      }
    }
    return keep_support(p.all, std::span<const Mask>(support.data(), k), marks, changed);
  }

  bool narrow_sum(const SumPart& p, std::span<Mask> marks, bool& changed) const {
    // Few fillings: list them, cells sharing a unit different.
    constexpr double kListed = 4096;
    if (!p.all.empty() && fillings_bound(p.all, marks) <= kListed)
      return narrow_sum_listed(p, marks, changed);
    if (p.sums_in_a_word) return narrow_sum_words(p, marks, changed);
    std::vector<int> all;
    for (const auto& g : p.groups) all.insert(all.end(), g.begin(), g.end());
    if (p.all.empty() && fillings_bound(all, marks) <= kListed) {
      return narrow_by_listing(all, marks, changed, [&](const std::vector<int>& d) {
        long long common = p.target;
        std::size_t at = 0;
        for (std::size_t g = 0; g < p.groups.size(); ++g) {
          const std::size_t size = p.groups[g].size();
          long long sum = 0;
          if (g == 0 && p.pill > 0) {
            sum = constraints::pill_value(std::vector<int>(d.begin(), d.begin() + size), size);
          } else {
            for (std::size_t i = at; i < at + size; ++i) sum += d[i];
          }
          at += size;
          if (common < 0) common = sum;
          if (sum != common) return false;
        }
        return true;
      });
    }
    // Many: partial sums forwards and backwards, repeats allowed.
    std::size_t top = 0;
    for (const auto& g : p.groups) top = std::max(top, g.size() * static_cast<std::size_t>(n));
    SumSet feasible(top);
    const auto everything = [&] {
      for (std::size_t s = 0; s <= top; ++s) feasible.set(s);
    };
    if (p.target >= 0) {
      feasible.set(static_cast<std::size_t>(p.target));
    } else {
      everything();
    }
    // Per group, the sums of its first i cells.
    std::vector<std::vector<SumSet>> forward(p.groups.size());
    // The pill's fillings and their values.
    std::vector<std::vector<int>> pill_fillings;
    std::vector<long long> pill_values;
    for (std::size_t g = 0; g < p.groups.size(); ++g) {
      const auto& cells = p.groups[g];
      if (g == 0 && p.pill > 0) {
        SumSet values(top);
        std::vector<int> digits(cells.size(), 0);
        const std::function<void(std::size_t)> step = [&](std::size_t at) {
          if (at == cells.size()) {
            const long long v = constraints::pill_value(digits, digits.size());
            pill_fillings.push_back(digits);
            pill_values.push_back(v);
            if (v >= 0 && static_cast<std::size_t>(v) <= top)
              values.set(static_cast<std::size_t>(v));
            return;
          }
          for (Mask m = marks[static_cast<std::size_t>(cells[at])]; m != 0; m &= m - 1) {
            const int d = std::countr_zero(m);
            bool clash = false;
            for (std::size_t j = 0; j < at; ++j)
              clash = clash || (digits[j] == d && differ(cells[j], cells[at]));
            if (clash) continue;
            digits[at] = d;
            step(at + 1);
          }
        };
        step(0);
        feasible.and_with(values);
        continue;
      }
      auto& f = forward[g];
      f.assign(cells.size() + 1, SumSet(top));
      f[0].set(0);
      for (std::size_t i = 0; i < cells.size(); ++i) {
        for (Mask m = marks[static_cast<std::size_t>(cells[i])]; m != 0; m &= m - 1)
          f[i + 1].or_shifted_up(f[i], std::countr_zero(m));
      }
      feasible.and_with(f.back());
    }
    if (!feasible.any()) return false;
    for (std::size_t g = 0; g < p.groups.size(); ++g) {
      const auto& cells = p.groups[g];
      if (g == 0 && p.pill > 0) {
        std::vector<Mask> support(cells.size(), 0);
        for (std::size_t k = 0; k < pill_fillings.size(); ++k) {
          const long long v = pill_values[k];
          if (v < 0 || static_cast<std::size_t>(v) > top ||
              !feasible.test(static_cast<std::size_t>(v)))
            continue;
          for (std::size_t i = 0; i < cells.size(); ++i) support[i] |= bit(pill_fillings[k][i]);
        }
        for (std::size_t i = 0; i < cells.size(); ++i) {
          Mask& m = marks[static_cast<std::size_t>(cells[i])];
          if ((m & ~support[i]) != 0) {
            m &= support[i];
            changed = true;
          }
          if (m == 0) return false;
        }
        continue;
      }
      // needed[i]: the sums of the first i cells that the rest can complete to a feasible one.
      const auto& f = forward[g];
      std::vector<SumSet> needed(cells.size() + 1, SumSet(top));
      needed.back() = feasible;
      for (std::size_t i = cells.size(); i-- > 0;) {
        for (Mask m = marks[static_cast<std::size_t>(cells[i])]; m != 0; m &= m - 1)
          needed[i].or_shifted_down(needed[i + 1], std::countr_zero(m));
      }
      for (std::size_t i = 0; i < cells.size(); ++i) {
        Mask& m = marks[static_cast<std::size_t>(cells[i])];
        Mask keep = 0;
        for (Mask left = m; left != 0; left &= left - 1) {
          const int d = std::countr_zero(left);
          if (f[i].meets_shifted(needed[i + 1], d)) keep |= bit(d);
        }
        if (keep != m) {
          m = keep;
          changed = true;
        }
        if (m == 0) return false;
      }
    }
    return true;
  }

  // The marks of `cells` become their `support` (each a subset of the marks it replaces);
  // false as soon as a cell is left with none.
  static bool keep_support(const std::vector<int>& cells, std::span<const Mask> support,
                           std::span<Mask> marks, bool& changed) {
    for (std::size_t i = 0; i < cells.size(); ++i) {
      Mask& m = marks[static_cast<std::size_t>(cells[i])];
      if (m != support[i]) {
        m = support[i];
        changed = true;
      }
      if (m == 0) return false;
    }
    return true;
  }

  static bool narrow_sets(const SetsPart& p, std::span<Mask> marks, bool& changed) {
    // A set's cells are at most N <= 35 (renban, cages): more cannot differ.
    if (p.cells.size() > 64) return false;
    std::array<Mask, 64> support_of{}, candidates_of{};
    const std::span<Mask> support(support_of.data(), p.cells.size());
    const std::span<Mask> candidates(candidates_of.data(), p.cells.size());
    for (const Mask set : p.sets) {
      bool fits = true;
      for (std::size_t i = 0; i < p.cells.size() && fits; ++i) {
        candidates[i] = marks[static_cast<std::size_t>(p.cells[i])] & set;
        fits = candidates[i] != 0;
      }
      if (!fits || !matchable(candidates)) continue;
      for (std::size_t i = 0; i < p.cells.size(); ++i) support[i] |= candidates[i];
    }
    return keep_support(p.cells, support, marks, changed);
  }

  static bool narrow_options(const OptionsPart& p, std::span<Mask> marks, bool& changed) {
    const std::size_t size = p.cells.size();  // a row or column: at most N <= 35
    if (size > 64) return true;               // left to the check of each solution
    std::array<Mask, 64> support_of{}, candidates_of{};
    const std::span<Mask> support(support_of.data(), size);
    const std::span<Mask> candidates(candidates_of.data(), size);
    for (std::size_t k = 0; k * size < p.masks.size(); ++k) {
      bool fits = true;
      bool adds = false;
      for (std::size_t i = 0; i < size && fits; ++i) {
        candidates[i] = marks[static_cast<std::size_t>(p.cells[i])] & p.masks[k * size + i];
        fits = candidates[i] != 0;
        adds = adds || (candidates[i] & ~support[i]) != 0;
      }
      // An option that would add nothing need not be matched.
      if (!fits || !adds || !matchable(candidates)) continue;
      for (std::size_t i = 0; i < size; ++i) support[i] |= candidates[i];
    }
    return keep_support(p.cells, support, marks, changed);
  }

  static bool narrow_between(const BetweenPart& p, std::span<Mask> marks, bool& changed) {
    const std::size_t last = p.cells.size() - 1;
    Mask& first_end = marks[static_cast<std::size_t>(p.cells.front())];
    Mask& last_end = marks[static_cast<std::size_t>(p.cells.back())];
    std::vector<Mask> support(p.cells.size(), 0);
    for (Mask a = first_end; a != 0; a &= a - 1) {
      const int x = std::countr_zero(a);
      for (Mask b = last_end; b != 0; b &= b - 1) {
        const int y = std::countr_zero(b);
        const int low = std::min(x, y), high = std::max(x, y);
        if (high - low < 2) continue;
        const Mask range = (bit(high) - 1) & ~((bit(low + 1)) - 1);
        bool fits = true;
        for (std::size_t i = 1; i < last && fits; ++i)
          fits = (marks[static_cast<std::size_t>(p.cells[i])] & range) != 0;
        if (!fits) continue;
        support[0] |= bit(x);
        support[last] |= bit(y);
        for (std::size_t i = 1; i < last; ++i)
          support[i] |= marks[static_cast<std::size_t>(p.cells[i])] & range;
      }
    }
    return keep_support(p.cells, support, marks, changed);
  }

  bool narrow_once(const Source& s, std::span<Mask> marks, bool& changed) const {
    for (const auto& p : s.masks) {
      if (!narrow_mask(p, marks, changed)) return false;
    }
    for (const auto& p : s.pairs) {
      if (!narrow_pair(p, marks, changed)) return false;
    }
    for (const auto& p : s.distinct) {
      if (!narrow_distinct(p, marks, changed)) return false;
    }
    for (const auto& p : s.sets) {
      if (!narrow_sets(p, marks, changed)) return false;
    }
    for (const auto& p : s.sums) {
      if (!narrow_sum(p, marks, changed)) return false;
    }
    for (const auto& p : s.betweens) {
      if (!narrow_between(p, marks, changed)) return false;
    }
    for (const auto& p : s.quadruples) {
      if (!narrow_quadruple(p, marks, changed)) return false;
    }
    for (const auto& p : s.options) {
      if (!narrow_options(p, marks, changed)) return false;
    }
    return true;
  }
};

ConstraintPropagator::ConstraintPropagator(const Geometry& g, const Rules& rules, Sources split)
    : impl_(std::make_unique<Impl>()) {
  Impl& im = *impl_;
  const int n = g.size(), n2 = n * n;
  im.n = n;
  im.every = (Mask{1} << (n + 1)) - 2;
  {
    // The units and apart pairs, without the rest of the community's material (which these
    // sources are): only extra regions of N cells, disjoint groups and diagonals add units.
    Rules unit_rules = rules;
    unit_rules.nonconsecutive = unit_rules.negative_ratio = unit_rules.negative_xv = false;
    std::erase_if(unit_rules.constraints, [n](const Constraint& c) {
      return !(c.kind == Kind::extra_region && c.cells.size() == static_cast<std::size_t>(n));
    });
    const RuleUnits units(g, unit_rules);
    im.units_of.assign(static_cast<std::size_t>(n2), {});
    for (std::size_t u = 0; u < units.units.size(); ++u) {
      for (const int cell : units.units[u])
        im.units_of[static_cast<std::size_t>(cell)].push_back(static_cast<int>(u));
    }
    for (const auto& [a, b] : units.apart) im.apart.insert({a, b});
  }
  const auto relation = [&](const auto& ok) {
    std::vector<Mask> next(static_cast<std::size_t>(n + 1), 0);
    for (int x = 1; x <= n; ++x) {
      for (int y = 1; y <= n; ++y) {
        if (ok(x, y)) next[static_cast<std::size_t>(x)] |= bit(y);
      }
    }
    return next;
  };
  // Cells that share a unit differ whatever the relation says: the pair knows it too.
  const auto add_pair = [&](Source& s, int a, int b, const auto& ok) {
    if (a == b) return;
    const bool apart = im.differ(a, b);
    s.pairs.push_back(
        {a, b, relation([&](int x, int y) { return ok(x, y) && !(apart && x == y); })});
  };
  const auto equal = [](int x, int y) { return x == y; };
  std::vector<Source>& out = im.sources;
  const auto named = [](std::string name) {
    Source s;
    s.name = std::move(name);
    return s;
  };

  for (std::size_t k = 0; k < rules.constraints.size(); ++k) {
    const Constraint& c = rules.constraints[k];
    const auto& cells = c.cells;
    const std::size_t size = cells.size();
    int number = 0;
    for (std::size_t j = 0; j <= k; ++j) number += rules.constraints[j].kind == c.kind ? 1 : 0;
    Source s;
    s.name = constraint_name(c.kind) + std::string(" ") + std::to_string(number);
    s.cells = cells;
    s.cells.insert(s.cells.end(), c.cells2.begin(), c.cells2.end());
    switch (c.kind) {
      case Kind::thermometer:
        for (std::size_t i = 0; i + 1 < size; ++i)
          add_pair(s, cells[i], cells[i + 1], [](int x, int y) { return y > x; });
        break;
      case Kind::slow_thermometer:
        for (std::size_t i = 0; i + 1 < size; ++i)
          add_pair(s, cells[i], cells[i + 1], [](int x, int y) { return y >= x; });
        break;
      case Kind::arrow:
        s.sums.push_back(sum_part({c.cells2, cells}, c.cells2.size(), -1));
        break;
      case Kind::cage:
        s.distinct.push_back({cells, false});
        break;
      case Kind::odd:
      case Kind::even: {
        Mask allowed = 0;
        for (int d = 1; d <= n; ++d) {
          if ((d % 2 == 1) == (c.kind == Kind::odd)) allowed |= bit(d);
        }
        s.masks.push_back({cells, allowed});
        break;
      }
      case Kind::difference: {
        const int v = constraints::value_or(c, 1);
        add_pair(s, cells[0], cells[1], [v](int x, int y) { return std::abs(x - y) == v; });
        break;
      }
      case Kind::ratio: {
        const int v = constraints::value_or(c, 2);
        add_pair(s, cells[0], cells[1], [v](int x, int y) { return x == v * y || y == v * x; });
        break;
      }
      case Kind::xv: {
        const int v = c.values.front();
        add_pair(s, cells[0], cells[1], [v](int x, int y) { return x + y == v; });
        break;
      }
      case Kind::extra_region:
        s.distinct.push_back({cells, size == static_cast<std::size_t>(n)});
        break;
      case Kind::little_killer:
        s.sums.push_back(sum_part({cells}, 0, c.values.front()));
        break;
      case Kind::minimum:
      case Kind::maximum: {
        const bool least = c.kind == Kind::minimum;
        const std::set<int> marked_cells = constraints::cells_of_kind(rules, c.kind);
        for (const int cell : cells) {
          for (const int other : constraints::neighbours(g, cell)) {
            if (marked_cells.contains(other)) continue;
            add_pair(s, cell, other, [least](int x, int y) { return least ? x < y : x > y; });
            s.cells.push_back(other);
          }
        }
        break;
      }
      case Kind::clone:
        for (std::size_t i = 0; i < size; ++i) add_pair(s, cells[i], c.cells2[i], equal);
        break;
      case Kind::palindrome:
        for (std::size_t i = 0; i < size / 2; ++i)
          add_pair(s, cells[i], cells[size - 1 - i], equal);
        break;
      case Kind::renban: {
        SetsPart p{cells, {}};
        for (int low = 1; low + static_cast<int>(size) - 1 <= n; ++low) {
          Mask set = 0;
          for (int d = low; d < low + static_cast<int>(size); ++d) set |= bit(d);
          p.sets.push_back(set);
        }
        s.sets.push_back(std::move(p));
        s.distinct.push_back({cells, false});
        break;
      }
      case Kind::whispers: {
        const int v = constraints::value_or(c, constraints::whispers_default(n));
        for (std::size_t i = 0; i + 1 < size; ++i)
          add_pair(s, cells[i], cells[i + 1], [v](int x, int y) { return std::abs(x - y) >= v; });
        break;
      }
      case Kind::between_line:
        s.betweens.push_back({cells});
        break;
      case Kind::quadruple: {
        s.quadruples.push_back({cells, c.values, {}});
        break;
      }
      case Kind::region_sum_line:
      case Kind::zipper_line:
      case Kind::double_arrow:
        s.sums.push_back(sum_part(constraints::sum_groups(g, rules, c), 0, -1));
        break;
      case Kind::entropic_line:
      case Kind::modular_line:
        for (std::size_t i = 0; i < size; ++i) {
          for (std::size_t j = i + 1; j < size; ++j) {
            const bool same = (j - i) % 3 == 0;
            const Kind kind = c.kind;
            add_pair(s, cells[i], cells[j], [&](int x, int y) {
              return (constraints::line_group(kind, n, x) == constraints::line_group(kind, n, y)) ==
                     same;
            });
          }
        }
        break;
      case Kind::nabner:
        for (std::size_t i = 0; i < size; ++i) {
          for (std::size_t j = i + 1; j < size; ++j)
            add_pair(s, cells[i], cells[j], [](int x, int y) { return std::abs(x - y) > 1; });
        }
        break;
      case Kind::row_indexer:
      case Kind::column_indexer:
      case Kind::box_indexer:
        for (const int cell : cells) {
          for (int d = 1; d <= n; ++d) {
            const auto [target, index] = constraints::indexed(g, rules, c.kind, cell, d);
            if (target == cell) continue;
            add_pair(s, cell, target, [d, i = index](int x, int y) { return x != d || y == i; });
            s.cells.push_back(target);
          }
        }
        break;
      case Kind::sandwich:
      case Kind::x_sum:
      case Kind::skyscraper: {
        OptionsPart p{cells, {}};
        // Beyond the limit the clue is left to the check of each solution (constraints::breach).
        if (constraints::clue_options(c.kind, n, c.values.front(), p.masks))
          s.options.push_back(std::move(p));
        break;
      }
    }
    out.push_back(std::move(s));
  }

  // The global rules between orthogonal neighbours, as expand() states them.
  if (rules.nonconsecutive || rules.negative_ratio || rules.negative_xv) {
    const auto kropki = constraints::marked(rules, true), xv = constraints::marked(rules, false);
    const std::vector<int> ratios = constraints::negative_ratios(rules);
    Source nonconsecutive = named("nonconsecutive"), ratio = named("negative ratio"),
           sums = named("negative xv");
    for (int a = 0; a < n2; ++a) {
      for (const int b : constraints::neighbours(g, a)) {
        if (b < a) continue;
        if (!kropki.contains({a, b})) {
          add_pair(nonconsecutive, a, b, [](int x, int y) { return std::abs(x - y) != 1; });
          add_pair(ratio, a, b, [&](int x, int y) {
            return std::none_of(ratios.begin(), ratios.end(),
                                [&](int r) { return x == r * y || y == r * x; });
          });
        }
        if (!xv.contains({a, b}))
          add_pair(sums, a, b, [](int x, int y) { return x + y != 5 && x + y != 10; });
      }
    }
    for (Source* s : {&nonconsecutive, &ratio, &sums}) {
      for (const auto& p : s->pairs) {
        s->cells.push_back(p.a);
        s->cells.push_back(p.b);
      }
    }
    if (rules.nonconsecutive) out.push_back(std::move(nonconsecutive));
    if (rules.negative_ratio) out.push_back(std::move(ratio));
    if (rules.negative_xv) out.push_back(std::move(sums));
  }
  if (rules.disjoint_groups) {
    Source s = named("disjoint groups");
    for (auto& group : constraints::disjoint_groups(g, rules)) {
      s.cells.insert(s.cells.end(), group.begin(), group.end());
      s.distinct.push_back({std::move(group), true});
    }
    out.push_back(std::move(s));
  }
  for (const bool plus : {true, false}) {
    if (!(plus ? rules.diagonal_plus : rules.diagonal_minus)) continue;
    Source s = named(plus ? "diagonal+" : "diagonal-");
    s.cells = constraints::diagonal(n, plus);
    s.distinct.push_back({s.cells, true});
    out.push_back(std::move(s));
  }
  for (std::size_t k = 0; k < rules.cages.size(); ++k) {
    const Cage& cage = rules.cages[k];
    Source s = named("killer cage " + std::to_string(k + 1));
    s.cells = cage.cells;
    // Its digit sets, as the cover's (cages stop at 16x16): each a set of |cage| digits adding
    // up to the sum, which the matching of narrow_sets() reasons about far better than sums.
    SetsPart p{cage.cells, {}};
    for (Mask set = 0; set <= im.every; set += 2) {
      if (std::popcount(set) != static_cast<int>(cage.cells.size())) continue;
      int sum = 0;
      for (Mask m = set; m != 0; m &= m - 1) sum += std::countr_zero(m);
      if (sum == cage.sum) p.sets.push_back(set);
    }
    s.sets.push_back(std::move(p));
    s.distinct.push_back({cage.cells, false});
    out.push_back(std::move(s));
  }
  for (Source& s : out) {
    std::sort(s.cells.begin(), s.cells.end());
    s.cells.erase(std::unique(s.cells.begin(), s.cells.end()), s.cells.end());
    for (SumPart& p : s.sums) {
      std::vector<int> all;
      std::vector<std::size_t> ends;
      for (const auto& group : p.groups) {
        all.insert(all.end(), group.begin(), group.end());
        ends.insert(ends.end(), group.size(), all.size());
      }
      // A one-cell pill's value is its digit: a group like the others.
      if (p.pill > 1 || all.size() > 64) continue;
      p.differs_before = im.differs_before(all);
      std::size_t longest = 0;
      for (const auto& group : p.groups) longest = std::max(longest, group.size());
      p.sums_in_a_word = p.target < 64 && longest * static_cast<std::size_t>(n) < 64;
      p.all = std::move(all);
      p.group_end = std::move(ends);
    }
    for (QuadruplePart& p : s.quadruples) p.differs_before = im.differs_before(p.cells);
  }
  if (split == Sources::per_pair) {
    std::vector<Source> fine;
    for (Source& s : out) {
      const bool pairs_only = s.masks.empty() && s.distinct.empty() && s.sums.empty() &&
                              s.sets.empty() && s.options.empty() && s.quadruples.empty() &&
                              s.betweens.empty() && s.pairs.size() > 1;
      if (!pairs_only) {
        fine.push_back(std::move(s));
        continue;
      }
      for (PairPart& p : s.pairs) {
        Source one = named(s.name);
        one.cells = {std::min(p.a, p.b), std::max(p.a, p.b)};
        one.pairs.push_back(std::move(p));
        fine.push_back(std::move(one));
      }
    }
    out = std::move(fine);
  }
}

ConstraintPropagator::~ConstraintPropagator() = default;
ConstraintPropagator::ConstraintPropagator(ConstraintPropagator&&) noexcept = default;
ConstraintPropagator& ConstraintPropagator::operator=(ConstraintPropagator&&) noexcept = default;

int ConstraintPropagator::size() const { return static_cast<int>(impl_->sources.size()); }

const std::string& ConstraintPropagator::name(int source) const {
  return impl_->sources[static_cast<std::size_t>(source)].name;
}

std::span<const int> ConstraintPropagator::cells(int source) const {
  return impl_->sources[static_cast<std::size_t>(source)].cells;
}

bool ConstraintPropagator::narrow(int source, std::span<std::uint64_t> marks) const {
  const Source& s = impl_->sources[static_cast<std::size_t>(source)];
  // The source's parts in turn until none narrows any more: a thermometer's pairs pass a bound
  // along its whole length.
  bool changed = true;
  while (changed) {
    changed = false;
    if (!impl_->narrow_once(s, marks, changed)) return false;
  }
  return true;
}

}  // namespace sudoku
