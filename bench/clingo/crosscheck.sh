#!/usr/bin/env bash
# Checks bench/clingo/sudoku.lp against our program where the f-puzzles links do not reach:
# every puzzle of bench/clingo/crosscheck.txt (each kind of docs/constraints.md and each global
# rule on small boards) and the first 3 puzzles of data/sudoku/variants/{x,windoku,anti-knight,
# anti-king,jigsaw,killer}.txt, counted to the end by both (`sudoku count`, `clingo -n 0`).
# Two independent statements of the rules agreeing on every count; a line per puzzle, and exit
# 1 when any count differs.
#
#   bench/clingo/crosscheck.sh [SUDOKU=build/bin/sudoku] [TEXT=build-bench/bin/fpuzzles_text]
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(git -C "$here" rev-parse --show-toplevel)
sudoku=${1:-$repo/build/bin/sudoku}
text=${2:-$repo/build-bench/bin/fpuzzles_text}
[[ -x $sudoku && -x $text ]] || { echo "$0: needs $sudoku and $text" >&2; exit 2; }
command -v clingo > /dev/null || { echo "$0: clingo missing: apt-get install gringo" >&2; exit 77; }
work=$(mktemp -d "${TMPDIR:-/tmp}/crosscheck.XXXXXX")
trap 'rm -rf "$work"' EXIT

bad=0 total=0
check() {  # FILE HOW_MANY
  local file=$1 many=$2 k ours theirs
  "$text" "$file" > "$work/text" || exit 2
  mapfile -t counts < <("$sudoku" count "$file" | head -n "$many")
  for ((k = 1; k <= many; ++k)); do
    python3 "$here/facts.py" facts "$k" < "$work/text" > "$work/facts.lp" || exit 2
    theirs=$(clingo "$here/sudoku.lp" "$work/facts.lp" -n 0 -q 2> /dev/null |
      sed -n 's/^Models *: *\([0-9]*\).*/\1/p')
    ours=${counts[k - 1]}
    total=$((total + 1))
    local rules
    rules=$(grep -v -e '^# line' -e '^# size' -e '^# layout' "$work/text" |
      awk -v k="$k" '/^$/ { n++; next } n == k - 1 && /^#/ { printf "%s; ", substr($0, 3) }')
    if [[ $ours == "$theirs" ]]; then
      echo "ok   ${file#"$repo"/} $k: $ours solutions (${rules%; })"
    else
      echo "DIFF ${file#"$repo"/} $k: ours $ours, clingo $theirs (${rules%; })"
      bad=$((bad + 1))
    fi
  done
}

check "$here/crosscheck.txt" "$(grep -c '^[.1-9]' "$here/crosscheck.txt")"
for kind in x windoku anti-knight anti-king jigsaw killer; do
  check "$repo/data/sudoku/variants/$kind.txt" 3
done
echo "$((total - bad)) of $total counts agree"
((bad == 0))
