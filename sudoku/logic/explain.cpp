// Text renderings of steps, explanations and ratings (their JSON is records_json.cpp's).
#include "sudoku/logic/explain.hpp"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <map>

#include "sudoku/logic/technique_facts.hpp"
#include "sudoku/validator.hpp"
#include "sudoku/writer.hpp"

namespace sudoku {

namespace {

std::string digit_text(int digit) { return std::string(1, digit_symbol(digit)); }

/// "r1c7, r1c9"; with separator "," a set's cells, "r2c2,r2c3,r2c9", so that a list of sets
/// reads clearly.
std::string cells_text(const Geometry& g, const std::vector<int>& cells,
                       std::string_view separator = ", ") {
  std::string text;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (i > 0) text += separator;
    text += cell_name(g, cells[i]);
  }
  return text;
}

/// "rows 2, 8" for units of one kind (all of `units` must share it).
std::string lines_text(const std::vector<Unit>& units) {
  std::string text = unit_name(units.front());
  const auto blank = text.find(' ');
  std::string kind = text.substr(0, blank);
  if (units.size() == 1) return text;
  text = kind + (kind == "box" ? "es " : "s ");
  for (std::size_t i = 0; i < units.size(); ++i) {
    if (i > 0) text += ", ";
    text += std::to_string(units[i].index + 1);
  }
  return text;
}

/// "eliminates 2 from r1c7; 7 from r1c7, r1c9".
std::string eliminated_text(const Geometry& g, const std::vector<CellDigit>& eliminated) {
  std::map<int, std::vector<int>> by_digit;
  for (const auto& e : eliminated) by_digit[e.digit].push_back(e.cell);
  std::string text = "eliminates ";
  bool first = true;
  for (const auto& [digit, cells] : by_digit) {
    if (!first) text += "; ";
    first = false;
    text += digit_text(digit) + " from " + cells_text(g, cells);
  }
  return text;
}

std::string totals_text(int solved, int unsolved, int candidates) {
  return "(solved " + std::to_string(solved) + ", unsolved " + std::to_string(unsolved) +
         ", candidates " + std::to_string(candidates) + ")";
}

int only_digit(std::uint64_t mask) { return std::countr_zero(mask); }

std::string node_text(const Geometry& g, const ChainNode& node) {
  return cell_name(g, node.cell) + (node.on ? "=" : "<>") + digit_text(node.digit);
}

/// One branch of a chain as a line of implications, following each node's first parent back
/// from the branch's last node: "r1c2=5 -> r1c7<>5 (row 1) -> r3c7=5 (column 7) -> ...".
std::string branch_text(const Geometry& g, const std::vector<ChainNode>& chain, int last) {
  std::vector<int> path;
  for (int i = last; i >= 0;) {
    path.push_back(i);
    const auto& from = chain[static_cast<std::size_t>(i)].from;
    i = from.empty() ? -1 : from.front();
  }
  std::string text;
  for (auto it = path.rbegin(); it != path.rend(); ++it) {
    const ChainNode& node = chain[static_cast<std::size_t>(*it)];
    if (!text.empty()) {
      text += " -> ";
    }
    text += node_text(g, node);
    if (node.rule != "assumption" && node.rule != "cell" && node.rule.rfind("row", 0) != 0 &&
        node.rule.rfind("column", 0) != 0 && node.rule.rfind("box", 0) != 0) {
      text += " (" + node.rule + ")";
    }
    if (node.from.size() > 1) text += " [+" + std::to_string(node.from.size() - 1) + "]";
  }
  return text;
}

/// The conclusion and every branch of a chain step.
std::string chain_text(const Step& s, const Geometry& g) {
  std::string conclusion;
  if (!s.placed.empty()) {
    conclusion = cell_name(g, s.placed.front().cell) + "=" + digit_text(s.placed.front().digit);
  } else if (!s.eliminated.empty()) {
    conclusion =
        cell_name(g, s.eliminated.front().cell) + "<>" + digit_text(s.eliminated.front().digit);
  }
  // The last node of each branch.
  std::vector<int> ends;
  for (std::size_t i = 0; i < s.chain.size(); ++i) {
    if (i + 1 == s.chain.size() || s.chain[i + 1].branch != s.chain[i].branch) {
      ends.push_back(static_cast<int>(i));
    }
  }
  std::string text;
  const std::string source = s.chain.empty() ? std::string() : cell_name(g, s.chain.front().cell);
  if (s.chain_kind == "chain") {
    text += "if " + (ends.empty() ? std::string() : branch_text(g, s.chain, ends.front())) +
            ", the start contradicts itself";
  } else if (s.chain_kind == "contradiction") {
    text += "assuming " + node_text(g, s.chain.front()) + " makes " +
            cell_name(g, s.chain[static_cast<std::size_t>(ends.front())].cell) + " both " +
            digit_text(s.chain[static_cast<std::size_t>(ends.front())].digit) + " and not: ";
    for (std::size_t b = 0; b < ends.size(); ++b) {
      text += (b ? "; " : "") + branch_text(g, s.chain, ends[b]);
    }
  } else {
    if (s.chain_kind == "double") text += "whether " + node_text(g, s.chain.front()) + " or not: ";
    else if (s.chain_kind == "cell") text += "whichever digit " + source + " holds: ";
    else
      text += "wherever " + digit_text(only_digit(s.digits)) + " goes in " +
              unit_name(s.units.front()) + ": ";
    for (std::size_t b = 0; b < ends.size(); ++b) {
      text += (b ? "; " : "") + branch_text(g, s.chain, ends[b]);
    }
  }
  text += " => " + conclusion;
  if (s.level > 0) text = "level " + std::to_string(s.level) + ", " + text;
  return text;
}

/// The proof of the patterns beyond the levels' set (patterns.hpp), as a person writes it.
std::string pattern_text(const Step& s, const Geometry& g) {
  const std::string elims = " -> " + eliminated_text(g, s.eliminated);
  // A unique rectangle's or loop's cells (a loop's in its order).
  const std::string rectangle = cells_text(g, s.cells) + " on " + digits_text(s.digits);
  const std::string swap = s.cells.size() == 4 ? "the rectangle" : "the loop";
  // "pair", "triple", ... for a set of that many digits.
  auto set_word = [](std::uint64_t digits) {
    static const char* kSets[] = {"pair", "triple", "quad", "quintuple", "sextuple", "septuple"};
    return std::string(kSets[std::clamp(std::popcount(digits), 2, 7) - 2]);
  };
  switch (s.technique) {
    case Technique::w_wing: {
      // cells: the two bivalue cells, then the strong link's ends seeing each in turn.
      const int y = s.eliminated.front().digit;
      const int x = only_digit(s.digits & ~(std::uint64_t{1} << y));
      return cell_name(g, s.cells[0]) + " and " + cell_name(g, s.cells[1]) + " on " +
             digits_text(s.digits) + ", strong link on " + digit_text(x) + " in " +
             unit_name(s.units.front()) + " (" + cell_name(g, s.cells[2]) + ", " +
             cell_name(g, s.cells[3]) + "): one of them is " + digit_text(y) + elims;
    }
    case Technique::unique_rectangle_1:
    case Technique::unique_loop_1:
      return rectangle + ": " + cell_name(g, s.eliminated.front().cell) +
             " holds another digit, or " + swap + " would swap (two solutions)" + elims;
    case Technique::unique_rectangle_2:
    case Technique::unique_loop_2:
      return rectangle + ": one of the cells with the extra " +
             digit_text(s.eliminated.front().digit) + " holds it, or " + swap + " would swap" +
             elims;
    case Technique::unique_rectangle_3:
    case Technique::unique_loop_3: {
      // The two cells with extras act as one cell holding their extras (naked), or as one
      // place of the loop's digits (hidden).
      const CellSet& set = s.sets.front();
      if (set.name == "hidden set") {
        return rectangle + ": " + digits_text(set.digits) +
               " only in its two cells with extras and " + cells_text(g, set.cells) + " in " +
               unit_name(s.units.front()) + ", a hidden " + set_word(set.digits) + elims;
      }
      return rectangle + ": the extras with " + cells_text(g, set.cells) + " make a naked " +
             set_word(set.digits) + " in " + unit_name(s.units.front()) + elims;
    }
    case Technique::unique_rectangle_4:
    case Technique::unique_loop_4: {
      const int y = s.eliminated.front().digit;
      return rectangle + ": " + digit_text(only_digit(s.digits & ~(std::uint64_t{1} << y))) +
             " only in " + swap + " in " + unit_name(s.units.front()) + elims;
    }
    case Technique::hidden_unique_rectangle: {
      const int y = s.eliminated.front().digit;
      return rectangle + ": " + digit_text(only_digit(s.digits & ~(std::uint64_t{1} << y))) +
             " only in the rectangle in " + unit_name(s.units[0]) + " and " +
             unit_name(s.units[1]) + elims;
    }
    case Technique::bug_plus_one:
      return "every other blank cell holds two candidates; " + cell_name(g, s.cells.front()) +
             " holds " + digit_text(only_digit(s.digits)) +
             " (three places in its row, column and box)" + elims;
    case Technique::bug_type_2:
      return "without " + digit_text(only_digit(s.digits)) + " in " + cells_text(g, s.cells) +
             " every blank cell would hold two candidates: one of them is " +
             digit_text(only_digit(s.digits)) + elims;
    case Technique::bug_type_3: {
      const CellSet& set = s.sets.front();
      return "without " + digits_text(s.digits) + " in " + cells_text(g, s.cells) +
             " every blank cell would hold two candidates: one of them holds one, which with " +
             cells_text(g, set.cells) + " makes a naked " + set_word(set.digits) + " " +
             digits_text(set.digits) + " in " + unit_name(s.units.front()) + elims;
    }
    case Technique::bug_type_4: {
      const CellSet& set = s.sets.front();
      return "without " + digits_text(s.digits) + " in " + cells_text(g, s.cells) +
             " every blank cell would hold two candidates: one of them holds one, and " +
             digit_text(only_digit(set.digits)) + " has its two places of " +
             unit_name(s.units.front()) + " there, so each is " +
             digit_text(only_digit(set.digits)) + " or one of its own" + elims;
    }
    case Technique::y_cycle:
    case Technique::xy_cycle: {
      // Candidates, not cells: a bivalue cell's strong link joins two digits of one cell.
      std::string loop;
      for (std::size_t i = 0; i < s.chain.size(); ++i) {
        if (i > 0) loop += s.chain[i].on ? " = " : " - ";
        loop += "(" + digit_text(s.chain[i].digit) + ")" + cell_name(g, s.chain[i].cell);
      }
      return "the loop " + loop + elims;
    }
    case Technique::x_cycle: {
      std::string loop;
      for (std::size_t i = 0; i <= s.cells.size(); ++i) {
        if (i > 0) loop += i % 2 == 1 ? " = " : " - ";
        loop += cell_name(g, s.cells[i % s.cells.size()]);
      }
      return digit_text(only_digit(s.digits)) + " in the loop " + loop + elims;
    }
    default: {  // finned and sashimi fish: base lines, cover lines, the fins' box
      const auto k = static_cast<std::ptrdiff_t>((s.units.size() - 1) / 2);
      const std::vector<Unit> base(s.units.begin(), s.units.begin() + k);
      const std::vector<Unit> cover(s.units.begin() + k, s.units.begin() + 2 * k);
      // The fins are the cells after the body; the body cells lie in the cover lines.
      std::vector<int> fins;
      for (int c : s.cells) {
        const int line = cover.front().kind == UnitKind::column ? c % g.size() : c / g.size();
        const bool in_cover =
            std::any_of(cover.begin(), cover.end(), [&](const Unit& u) { return u.index == line; });
        if (!in_cover) fins.push_back(c);
      }
      return digit_text(only_digit(s.digits)) + " in " + lines_text(base) + " covering " +
             lines_text(cover) + ", fin" + (fins.size() > 1 ? "s " : " ") + cells_text(g, fins) +
             " (" + unit_name(s.units.back()) + ")" + elims;
    }
  }
}

std::string set_cells_text(const Geometry& g, const std::vector<int>& cells) {
  return cells_text(g, cells, ",");
}

/// "2,4" for a digit mask.
std::string digit_list_text(std::uint64_t mask) {
  std::string text;
  for (std::uint64_t m = mask; m != 0; m &= m - 1) {
    if (!text.empty()) text += ',';
    text += digit_symbol(std::countr_zero(m));
  }
  return text;
}

/// The proof of a set pattern (aligned exclusions, Sue de Coq, ALS-XZ, ALS-XY-wing), from its
/// named sets.
std::string sets_text(const Step& s, const Geometry& g) {
  auto with = [&](std::string_view name) {
    std::vector<const CellSet*> out;
    for (const CellSet& set : s.sets) {
      if (set.name == name) out.push_back(&set);
    }
    return out;
  };
  auto one = [&](std::string_view name) {  // "A=r1c1,r1c2 {1,2,3}"
    const CellSet* set = with(name).front();
    return std::string(name) + "=" + set_cells_text(g, set->cells) + " " + digits_text(set->digits);
  };
  auto digits_of = [&](std::string_view name) {
    std::uint64_t mask = 0;
    for (const CellSet* set : with(name)) mask |= set->digits;
    return digit_list_text(mask);
  };
  auto cells_with_digits = [&](std::string_view name) {
    std::string text;
    for (const CellSet* set : with(name)) {
      if (!text.empty()) text += ", ";
      text += set_cells_text(g, set->cells) + " " + digits_text(set->digits);
    }
    return text;
  };
  std::string text;
  switch (s.technique) {
    case Technique::aligned_pair_exclusion:
    case Technique::aligned_triple_exclusion: {
      std::string removed;
      for (const auto& e : s.eliminated) {
        if (!removed.empty()) removed += ", ";
        removed += cell_name(g, e.cell) + "=" + digit_text(e.digit);
      }
      text = cells_with_digits("base") + ", seen by the cells " + cells_with_digits("excluder") +
             ": every combination with " + removed +
             " repeats a digit or takes all of such a cell's candidates";
      break;
    }
    case Technique::sue_de_coq:
      text = set_cells_text(g, with("intersection").front()->cells) + " " +
             digits_text(with("intersection").front()->digits) + " in " + unit_name(s.units[0]) +
             " and " + unit_name(s.units[1]) + ", with " + cells_with_digits("line") + " in the " +
             unit_name(s.units[0]).substr(0, unit_name(s.units[0]).find(' ')) + " and " +
             cells_with_digits("box") + " in the box: " + std::to_string(s.cells.size()) +
             " cells for " + std::to_string(std::popcount(s.digits)) + " digits";
      break;
    case Technique::als_xz:
      text = one("A") + ", B" + one("B").substr(1) + ", X=" + digits_of("X") +
             (with("X").size() > 1 ? " (doubly linked)" : " restricted common");
      if (!with("Z").empty()) text += ", Z=" + digits_of("Z");
      break;
    case Technique::als_xy_wing:
      text = one("A") + ", B" + one("B").substr(1) + ", C" + one("C").substr(1) +
             ", X=" + digits_of("X") + " (A-C), Y=" + digits_of("Y") +
             " (B-C), Z=" + digits_of("Z");
      break;
    default:
      break;
  }
  return text + " -> " + eliminated_text(g, s.eliminated);
}

/// "cage 14 at r2c1: {5,9} or {6,8} -> ..." (the combinations the cells allow);
/// "innies of row 1, row 2: r3c4, r3c5 add up to 11 -> ..." (the 45 rule).
std::string killer_text(const Step& s, const Geometry& g) {
  std::string text;
  if (s.technique == Technique::cage_combination) {
    text = "cage " + std::to_string(s.sum) + " at " + cell_name(g, s.cells.front()) + ": ";
    for (std::size_t i = 1; i < s.sets.size(); ++i) {
      if (i > 1) text += " or ";
      text += digits_text(s.sets[i].digits);
    }
  } else {
    text = s.sets.front().name + " of ";
    for (std::size_t i = 0; i < s.units.size(); ++i) {
      if (i > 0) text += ", ";
      text += unit_name(s.units[i]);
    }
    text += ": " + cells_text(g, s.cells) + (s.cells.size() == 1 ? " is " : " add up to ") +
            std::to_string(s.sum);
  }
  return text + " -> " + eliminated_text(g, s.eliminated);
}

}  // namespace

std::string step_text(const Step& s, const Geometry& g) {
  std::string text(technique_name(s.technique));
  text += ": ";
  switch (technique_facts(s.technique).wording) {
    case StepWording::cell_value:
      text += cell_name(g, s.placed.front().cell) + " = " + digit_text(s.placed.front().digit);
      break;
    case StepWording::digit_in_unit:
      text += digit_text(s.placed.front().digit) + " in " + unit_name(s.units.front()) + " -> " +
              cell_name(g, s.placed.front().cell);
      break;
    case StepWording::locked:
      if (s.units.size() == 1) {  // seen through the rules' other links: no second unit
        text += digit_text(only_digit(s.digits)) + " in " + unit_name(s.units[0]) + " only in " +
                cells_text(g, s.cells) + ", all seen by each cell losing it -> " +
                eliminated_text(g, s.eliminated);
        break;
      }
      text += digit_text(only_digit(s.digits)) + " in " + unit_name(s.units[0]) + " only in " +
              unit_name(s.units[1]) + " -> " + eliminated_text(g, s.eliminated);
      break;
    case StepWording::killer:
      text += killer_text(s, g);
      break;
    case StepWording::naked_set:
      text += digits_text(s.digits) + " in " + cells_text(g, s.cells) + " (" +
              unit_name(s.units.front()) + ") -> " + eliminated_text(g, s.eliminated);
      break;
    case StepWording::hidden_set:
      text += digits_text(s.digits) + " only in " + cells_text(g, s.cells) + " (" +
              unit_name(s.units.front()) + ") -> " + eliminated_text(g, s.eliminated);
      break;
    case StepWording::fish: {
      const auto half = static_cast<std::ptrdiff_t>(s.units.size() / 2);
      const std::vector<Unit> base(s.units.begin(), s.units.begin() + half);
      const std::vector<Unit> cover(s.units.begin() + half, s.units.end());
      text += digit_text(only_digit(s.digits)) + " in " + lines_text(base) + " covering " +
              lines_text(cover) + " -> " + eliminated_text(g, s.eliminated);
      break;
    }
    case StepWording::xy_wing:
      text += "pivot " + cell_name(g, s.cells[0]) + ", pincers " + cell_name(g, s.cells[1]) +
              " and " + cell_name(g, s.cells[2]) + " on " + digits_text(s.digits) + " -> " +
              eliminated_text(g, s.eliminated);
      break;
    case StepWording::pattern:
      text += pattern_text(s, g);
      break;
    case StepWording::sets:
      text += sets_text(s, g);
      break;
    case StepWording::chain:
      text += chain_text(s, g);
      break;
    case StepWording::constraint:
      // The constraint and its cells, unless it is a global rule over the whole board.
      text += s.constraint->name;
      if (s.constraint->cells.size() <= static_cast<std::size_t>(g.size()))
        text += " (" + cells_text(g, s.constraint->cells, " ") + ")";
      text += " -> " + eliminated_text(g, s.eliminated);
      break;
  }
  return text + " " + totals_text(s.solved, s.unsolved, s.candidates);
}

std::string candidates_grid(const Position& p) {
  const Geometry& g = p.geometry();
  const int n = g.size();
  auto cell_text = [&](int cell) {
    if (p.value(cell) != 0) return digit_text(p.value(cell));
    std::string text;
    for (int d = 1; d <= n; ++d) {
      if (p.has(cell, d)) text += digit_symbol(d);
    }
    return text.empty() ? std::string("-") : text;  // "-": no candidate (a contradiction)
  };
  std::size_t width = 1;
  for (int cell = 0; cell < g.cell_count(); ++cell) width = std::max(width, cell_text(cell).size());
  std::string rule;
  for (int bc = 0; bc < n / g.box_cols; ++bc) {
    rule += '+' + std::string(static_cast<std::size_t>(g.box_cols) * (width + 1) + 1, '-');
  }
  rule += "+\n";
  std::string out;
  for (int r = 0; r < n; ++r) {
    if (r % g.box_rows == 0) out += rule;
    for (int c = 0; c < n; ++c) {
      if (c % g.box_cols == 0) out += "| ";
      std::string t = cell_text(r * n + c);
      t.resize(width + 1, ' ');
      out += t;
    }
    out += "|\n";
  }
  return out + rule;
}

void write_explanation_text(std::ostream& out, const Board& puzzle, const LogicResult& r,
                            const SolveResult* finish, std::span<const std::string> step_labels) {
  const Geometry& g = puzzle.geometry();
  out << "puzzle " << puzzle.to_line() << '\n';
  if (r.position) {
    out << "start: " << r.start_solved << " givens "
        << totals_text(r.start_solved, puzzle.cell_count() - r.start_solved, r.start_candidates)
        << '\n';
  }
  for (std::size_t i = 0; i < r.steps.size(); ++i) {
    if (i < step_labels.size()) out << step_labels[i] << ' ';
    out << step_text(r.steps[i], g) << '\n';
  }
  switch (r.status) {
    case LogicStatus::solved: {
      out << "solved by logic in " << r.step_count << " steps (";
      bool first = true;
      for (int t = 0; t < kTechniqueCount; ++t) {
        const int n = r.uses[static_cast<std::size_t>(t)];
        if (n == 0) continue;
        out << (first ? "" : ", ") << technique_name(static_cast<Technique>(t)) << " x" << n;
        first = false;
      }
      out << ")\n";
      write_grid(out, r.position->board());
      break;
    }
    case LogicStatus::stalled:
      out << "stalled: no technique applies after " << r.step_count << " steps "
          << totals_text(r.position->solved(), r.position->unsolved(),
                         r.position->candidate_count())
          << '\n'
          << candidates_grid(*r.position);
      break;
    case LogicStatus::contradiction:
      out << "contradiction: " << r.contradiction->message << " (the puzzle has no solution)\n";
      break;
    case LogicStatus::stopped:
      out << "stopped by request after " << r.step_count << " steps\n";
      break;
  }
  if (finish != nullptr && r.status != LogicStatus::solved) {
    if (finish->solutions == 0) {
      out << "finished by search: no solution (" << finish->nodes << " nodes)\n";
    } else {
      out << "finished by search: "
          << (finish->solutions == 1 ? "unique solution" : "more than one solution, the first")
          << " (" << finish->nodes << " nodes)\n";
      write_grid(out, finish->first);
    }
  }
}

}  // namespace sudoku
