#!/usr/bin/env bash
# Whole-process timings of the human-style solver (issue #28, item 6): `sudoku explain` on all of
# top1465, and `sudoku rate --se` (Sudoku Explainer's ER/EP/ED) on puzzles of SE 11 and more
# (the forum's hardest list): its first N and N spread evenly over it (every k-th line).
# Default threads, one run each; prints a Markdown table with the commands, the machine and the
# load beside the figures (CPU seconds are user + system, from /usr/bin/time).
#
#   bench/logic_bench.sh [build/bin/sudoku] [../shared/data/puzzles] [N] > bench/results/se-rating.md
set -euo pipefail

bin=${1:-build/bin/sudoku}
data=${2:-../shared/data/puzzles}
n=${3:-200}
top=$data/puzzles3_magictour_top1465
hardest=$data/puzzles5_forum_hardest_1905_11+
for f in "$bin" "$top" "$hardest"; do
  [[ -e $f ]] || { echo "logic_bench.sh: $f: not found" >&2; exit 2; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
head -n "$n" "$hardest" > "$work/hardest_first.txt"
total=$(wc -l < "$hardest")
step=$(( total / n ))
awk -v s="$step" -v n="$n" 'NR % s == 1 && c < n { print; ++c }' "$hardest" > "$work/hardest_spread.txt"

# run LABEL FILE ARGS...: one row of the table.
run() {
  local label=$1 file=$2
  shift 2
  local puzzles
  puzzles=$(grep -c '^[^#]' "$file")
  /usr/bin/time -f '%e %U %S' -o "$work/time" "$bin" "$@" "$file" > "$work/out" 2> /dev/null
  read -r wall user sys < "$work/time"
  local stalled
  stalled=$(grep -c '"er":20' "$work/out" || true)
  awk -v l="$label" -v p="$puzzles" -v w="$wall" -v u="$user" -v s="$sys" -v st="$stalled" \
      -v cmd="sudoku $* $(basename "$file")" 'BEGIN {
    cpu = u + s
    printf "| %s | `%s` | %d | %.1f | %.1f | %.3f | %.3f | %d |\n", l, cmd, p, w, cpu, w / p, cpu / p, st
  }'
}

echo "Measured $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD 2>/dev/null || echo '?')," \
     "$(nproc) hardware threads ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')), load" \
     "average before: $(cut -d' ' -f1-3 /proc/loadavg). Compiler: $(c++ --version | head -1)."
echo
echo "| set | command (default threads) | puzzles | wall s | CPU s | wall s a puzzle | CPU s a puzzle | ER 20 (stalled) |"
echo "|---|---|---:|---:|---:|---:|---:|---:|"
run "top1465, explained" "$top" explain --format json
run "hardest 11+, first $n" "$work/hardest_first.txt" rate --se --format json
run "hardest 11+, every ${step}th ($n)" "$work/hardest_spread.txt" rate --se --format json
echo
echo "Load average after: $(cut -d' ' -f1-3 /proc/loadavg)."
