// Closures of chain assumptions by word operations (chain_closure.hpp). Static links are a fixed
// graph, searched literal by literal (an on candidate's offs are one board of peers, an off's on
// its precomputed partners). Dynamic closures go round by round: the new ons to offs, then the
// singles the offs leave (cells by bit-sliced counting, units by one masked board each).
#include "sudoku/logic/chain_closure.hpp"

#include <algorithm>
#include <bit>
#include <cassert>

namespace sudoku::detail {

namespace {

constexpr CellBits kOne = 1;

// Clears two boards of ten in one loop of stores. `x = Closure{}` and `x.fill(0)` become
// `rep stos`, whose start-up cost is most of a small closure's time; GCC stores this loop's
// zeros as 16-byte moves.
void clear_boards(std::array<CellBits, 10>& a, std::array<CellBits, 10>& b) {
  for (std::size_t i = 0; i < 10; i += 2) {
    a[i] = 0;
    a[i + 1] = 0;
    b[i] = 0;
    b[i + 1] = 0;
  }
}

void clear(Closure& out) {
  clear_boards(out.on, out.off);
  out.conflict = false;
}

}  // namespace

bool ClosureTable::fits(const Layout& layout) {
  // 9x9 under any rules whose units fit multi_units_'s bits: the peers (Layout::peers) carry
  // the rules' apart pairs as the engine's weak links do. The constraints' bans link
  // placements of other digits, which these boards do not hold: the engine goes alone there.
  return layout.n == 9 && layout.cell_units.size() == 81 && layout.unit_cells.size() <= 32 &&
         layout.bans.empty();
}

ClosureTable::ClosureTable(const Layout& layout) {
  bind(layout);
  memo_.resize(81 * 10 * 2);
  stamp_.assign(memo_.size(), 0);
  busy_.assign(memo_.size(), 0);
  same_.resize(memo_.size());
}

void ClosureTable::bind(const Layout& layout) {
  assert(fits(layout));
  kept_ = false;  // closures of other links
  units_ = layout.unit_cells.size();
  unit_.fill(0);
  cell_units_.fill(0);
  peers_.fill(0);
  for (std::size_t u = 0; u < units_; ++u) {
    for (int c : layout.unit_cells[u]) {
      unit_[u] |= kOne << c;
      cell_units_[static_cast<std::size_t>(c)] |= std::uint32_t{1} << u;
    }
  }
  for (std::size_t c = 0; c < 81; ++c) {
    for (int q : layout.peers[c]) peers_[c] |= kOne << q;
  }
}

void ClosureTable::reset(const std::vector<std::uint64_t>& grid, bool dynamic, bool y_links,
                         bool stop_on_conflict) {
  // The same grid under the same rules: the closures kept are still its own (the cycles of a
  // nested chain ask on the grid where the AIC search has just asked).
  if (kept_ && dynamic == dynamic_ && y_links == y_links_ && stop_on_conflict == stop_ &&
      std::equal(grid_.begin(), grid_.end(), grid.begin())) {
    return;
  }
  kept_ = true;
  dynamic_ = dynamic;
  y_links_ = y_links;
  stop_ = stop_on_conflict;
  if (++epoch_ == 0) {  // the stamps wrapped: forget them all
    stamp_.assign(stamp_.size(), 0);
    busy_.assign(busy_.size(), 0);
    epoch_ = 1;
  }
  board_.fill(0);
  multi_ = pair_cells_ = 0;
  // Counts by bit tricks: a reset comes with every search inside a nested chain, and
  // std::popcount is a library call on the baseline x86-64 this is built for.
  for (std::size_t c = 0; c < 81; ++c) {
    grid_[c] = grid[c];
    for (std::uint64_t m = grid[c]; m != 0; m &= m - 1) {
      const int d = std::countr_zero(m);
      board_[static_cast<std::size_t>(d)] |= kOne << c;
      const std::size_t off = literal(static_cast<int>(c), d, false);
      same_[off] = static_cast<std::uint16_t>(off);
      same_[off + 1] = static_cast<std::uint16_t>(off + 1);
    }
    if (const std::uint64_t rest = grid[c] & (grid[c] - 1); rest != 0) {
      multi_ |= kOne << c;
      if ((rest & (rest - 1)) == 0) {
        pair_cells_ |= kOne << c;
        if (y_links) {
          const int a = std::countr_zero(grid[c]);
          const int b = std::countr_zero(rest);
          join(literal(static_cast<int>(c), a, true), literal(static_cast<int>(c), b, false));
          join(literal(static_cast<int>(c), a, false), literal(static_cast<int>(c), b, true));
        }
      }
    }
  }
  for (std::size_t d = 1; d <= 9; ++d) {
    multi_units_[d] = 0;
    if (!dynamic) {  // clear the partners the last static reset set
      for (CellBits m = partnered_[d]; m != 0; m &= m - 1) {
        partner_[d][static_cast<std::size_t>(lowest_cell(m))] = 0;
      }
      partnered_[d] = 0;
    }
    strong_[d] = y_links ? pair_cells_ & board_[d] : 0;
    for (std::size_t u = 0; u < units_; ++u) {
      const CellBits where = board_[d] & unit_[u];
      const CellBits rest = where & (where - 1);  // where less its lowest place
      if (rest == 0) continue;                    // fewer than two places
      multi_units_[d] |= std::uint32_t{1} << u;
      if ((rest & (rest - 1)) != 0) continue;  // more than two places
      const int a = lowest_cell(where);
      const int b = lowest_cell(rest);
      const int digit = static_cast<int>(d);
      join(literal(a, digit, true), literal(b, digit, false));
      join(literal(a, digit, false), literal(b, digit, true));
      if (!dynamic) {
        partner_[d][static_cast<std::size_t>(a)] |= kOne << b;
        partner_[d][static_cast<std::size_t>(b)] |= kOne << a;
        partnered_[d] |= where;
        strong_[d] |= where;
      }
    }
  }
}

bool ClosureTable::dead_end(int cell, int digit, bool on) const {
  const auto c = static_cast<std::size_t>(cell);
  const auto d = static_cast<std::size_t>(digit);
  if (!on) return ((strong_[d] >> cell) & 1) == 0;
  if ((peers_[c] & board_[d] & strong_[d]) != 0) return false;
  if (y_links_) {
    for (std::uint64_t m = grid_[c] & ~(std::uint64_t{1} << digit); m != 0; m &= m - 1) {
      if (((strong_[static_cast<std::size_t>(std::countr_zero(m))] >> cell) & 1) != 0) return false;
    }
  }
  return true;
}

void ClosureTable::compute(std::size_t i) {
  const int cell = static_cast<int>(i / 20), digit = static_cast<int>(i / 2 % 10);
  const bool on = (i & 1) != 0;
  if (dynamic_) {
    compute_dynamic(cell, digit, on, memo_[i]);
  } else {
    busy_[i] = epoch_;
    compute_static(cell, digit, on, i, memo_[i]);
  }
  stamp_[i] = epoch_;
}

// One round of on -> off under either rules: the peers holding each new on's digit, and (y
// links) the other candidates of its cell; a cell made on twice in one round loses every
// candidate, the clash the engine would meet. The round's offs are all new (none are pending
// when it starts): writes them, returns their digits, and marks a conflict where one is on.
// Inlined in both loops (a call a round cost 0.5% of a heavy rating).
[[gnu::always_inline]] inline std::uint32_t ClosureTable::offs_of(
    const std::array<CellBits, 10>& new_on, std::uint32_t on_digits,
    std::array<CellBits, 10>& new_off, Closure& out) const {
  CellBits on_cells = 0, twice = 0;
  std::uint32_t reached = on_digits;  // the digits that may go off
  for (std::uint32_t m = on_digits; m != 0; m &= m - 1) {
    const auto d = static_cast<std::size_t>(std::countr_zero(m));
    twice |= on_cells & new_on[d];
    on_cells |= new_on[d];
  }
  if (y_links_) {
    for (CellBits m = on_cells; m != 0; m &= m - 1) {
      reached |= static_cast<std::uint32_t>(grid_[static_cast<std::size_t>(lowest_cell(m))]);
    }
  }
  std::uint32_t off_digits = 0;
  for (std::uint32_t m = reached; m != 0; m &= m - 1) {
    const auto d = static_cast<std::size_t>(std::countr_zero(m));
    const bool moved = ((on_digits >> d) & 1) != 0;
    CellBits reach = 0;
    if (moved) {
      for (CellBits c = new_on[d]; c != 0; c &= c - 1) {
        reach |= peers_[static_cast<std::size_t>(lowest_cell(c))];
      }
    }
    if (y_links_) reach |= (on_cells & ~(moved ? new_on[d] : 0)) | twice;
    const CellBits add = reach & board_[d] & ~out.off[d];
    if (add == 0) continue;
    out.off[d] |= add;
    new_off[d] = add;
    off_digits |= std::uint32_t{1} << d;
    if ((out.on[d] & add) != 0) out.conflict = true;
  }
  return off_digits;
}

// Static links do not change as candidates go off, so the closure is a search of a fixed
// implication graph. It goes round by round on boards, as the dynamic one does: the new ons to
// offs (one board of peers an on, and its cell's other candidates), then the partners of the new
// offs that have a strong link. Closures here are small (some 30 literals in two or three rounds
// on anti-knight grids) and asked for by the million inside nested chains, so a round looks only
// at the digits that moved, and nothing is cleared that is not read. A literal-by-literal search
// made an on candidate's 20 or more offs one at a time and cost a third more. A closure that
// meets a conflict with stop_on_conflict set stops at once: its sets differ from a search in
// another order then, but no caller reads the sets of a conflict, only the flag, which is the
// same (the full closure holds a candidate both on and off).
//
// Static closures are plain reachability, so a closure is its assumption's and the closures of
// the literals it reaches, united. Every chain leaves an on's offs through a strong link, and an
// off with one is in its partners' class (same_): the closure of that class is computed once
// (recursively, as a class met on the way is computed) and taken whole by every closure that
// reaches it. The AIC search's starts share their middles this way (instructions of its
// closures -27% on four lines of the forum's hardest). A class being computed further up
// (busy, a loop of classes) is followed literal by literal instead, which is always exact; so
// is a class past kMaxNesting classes deep, which keeps the stack small (the page's WebAssembly
// stack is a few hundred kilobytes at most).
void ClosureTable::compute_static(int cell, int digit, bool on, std::size_t self, Closure& out) {
  clear(out);
  std::array<CellBits, 10> new_on, new_off;  // valid for the digits in on_digits, off_digits
  std::uint32_t on_digits = 0, off_digits = 0;
  const auto d0 = static_cast<std::size_t>(digit);
  (on ? new_on : new_off)[d0] = kOne << cell;
  (on ? out.on : out.off)[d0] = kOne << cell;
  (on ? on_digits : off_digits) = std::uint32_t{1} << digit;
  while (on_digits != 0 || off_digits != 0) {
    if (on_digits != 0) {
      off_digits = offs_of(new_on, on_digits, new_off, out);
      on_digits = 0;
      if (out.conflict && stop_) return;
    }
    // Off -> on: only the offs with a strong link lead anywhere.
    auto make_on = [&](std::size_t d, CellBits add) {
      if (((on_digits >> d) & 1) == 0) {
        new_on[d] = 0;
        on_digits |= std::uint32_t{1} << d;
      }
      new_on[d] |= add;
      out.on[d] |= add;
      if ((out.off[d] & add) != 0) out.conflict = true;
    };
    for (std::uint32_t m = off_digits; m != 0; m &= m - 1) {
      const auto d = static_cast<std::size_t>(std::countr_zero(m));
      for (CellBits b = new_off[d] & strong_[d]; b != 0; b &= b - 1) {
        const int c = lowest_cell(b);
        const auto cs = static_cast<std::size_t>(c);
        // An off with a strong link is in its partners' class: the closure of another class
        // is taken whole (computed first if need be), and its literals need no round of their
        // own. A class on the way to this one (busy) is followed literal by literal.
        if (const std::size_t r = find(literal(c, static_cast<int>(d), false)); r != self) {
          if (stamp_[r] != epoch_ && busy_[r] != epoch_ && nesting_ < kMaxNesting) {
            ++nesting_;
            compute(r);
            --nesting_;
          }
          if (stamp_[r] == epoch_) {
            const Closure& whole = memo_[r];
            // Branch-free, so that the loop runs on vector words.
            CellBits clash = 0;
            for (std::size_t e = 1; e <= 9; ++e) {
              clash |= (whole.on[e] & out.off[e]) | (whole.off[e] & out.on[e]);
              out.on[e] |= whole.on[e];
              out.off[e] |= whole.off[e];
            }
            if (whole.conflict || clash != 0) {
              out.conflict = true;
              if (stop_) return;
            }
            continue;
          }
        }
        if (const CellBits add = partner_[d][cs] & ~out.on[d]; add != 0) make_on(d, add);
        if (y_links_ && (pair_cells_ & (kOne << c)) != 0) {
          const auto e =
              static_cast<std::size_t>(std::countr_zero(grid_[cs] & ~(std::uint64_t{1} << d)));
          if ((out.on[e] & (kOne << c)) == 0) make_on(e, kOne << c);
        }
      }
    }
    off_digits = 0;
    if (out.conflict && stop_) return;
  }
}

// Dynamic links change with every off, so the closure goes round by round: the new ons to
// offs, then the singles those offs leave. A round looks only at the digits that moved (a new
// on's own digit, and with y links the digits of its cell). A new on is never off already (a
// single is what the offs left), so a conflict shows as a new off that is on, or as a cell or
// unit with nothing left.
void ClosureTable::compute_dynamic(int cell, int digit, bool on, Closure& out) const {
  clear(out);
  std::array<CellBits, 10> new_on, new_off;  // valid for the digits in on_digits, off_digits
  std::uint32_t on_digits = 0, off_digits = 0;
  const auto d0 = static_cast<std::size_t>(digit);
  (on ? new_on : new_off)[d0] = kOne << cell;
  (on ? out.on : out.off)[d0] = kOne << cell;
  (on ? on_digits : off_digits) = std::uint32_t{1} << digit;
  while (true) {
    if (on_digits != 0) {
      off_digits = offs_of(new_on, on_digits, new_off, out);
      on_digits = 0;
      if (out.conflict && stop_) return;
    }
    if (off_digits == 0) return;
    // Off -> on: cells of two or more candidates where an off just fell (none left: a
    // conflict; one: it goes on), and the units of the cells just turned off.
    std::array<CellBits, 10> left;  // 1..9 written below
    CellBits one = 0, two = 0, touched = 0;
    for (std::size_t d = 1; d <= 9; ++d) {
      left[d] = board_[d] & ~out.off[d];
      two |= one & left[d];
      one |= left[d];
    }
    for (std::uint32_t m = off_digits; m != 0; m &= m - 1) {
      touched |= new_off[static_cast<std::size_t>(std::countr_zero(m))];
    }
    if ((multi_ & touched & ~one) != 0) {
      out.conflict = true;
      if (stop_) return;
    }
    const CellBits single = multi_ & touched & one & ~two;
    // The digits a single may fall to: those of the cells left with one.
    std::uint32_t digits = off_digits;
    for (CellBits m = single; m != 0; m &= m - 1) {
      digits |= static_cast<std::uint32_t>(grid_[static_cast<std::size_t>(lowest_cell(m))]);
    }
    for (std::uint32_t dm = digits; dm != 0; dm &= dm - 1) {
      const auto d = static_cast<std::size_t>(std::countr_zero(dm));
      CellBits add = single & left[d];
      if (((off_digits >> d) & 1) != 0) {
        // The units of the cells just turned off (a few), not every unit tested against them.
        std::uint32_t hit = 0;
        for (CellBits m = new_off[d]; m != 0; m &= m - 1) {
          hit |= cell_units_[static_cast<std::size_t>(lowest_cell(m))];
        }
        for (std::uint32_t us = multi_units_[d] & hit; us != 0; us &= us - 1) {
          const auto u = static_cast<std::size_t>(std::countr_zero(us));
          const CellBits where = left[d] & unit_[u];
          if (where == 0) {
            out.conflict = true;
            if (stop_) return;
          } else if ((where & (where - 1)) == 0) {
            add |= where;
          }
        }
      }
      add &= ~out.on[d];
      if (add == 0) continue;
      out.on[d] |= add;
      new_on[d] = add;
      on_digits |= std::uint32_t{1} << d;
    }
    off_digits = 0;
    if (on_digits == 0) return;
  }
}

}  // namespace sudoku::detail
