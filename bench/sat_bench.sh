#!/usr/bin/env bash
# dlx --sat (clause learning through CaDiCaL, docs/sat.md) on the hard 25x25 Sudoku as an
# exact-cover problem, whole process, one thread: `sudoku export` piped into
# `dlx --sat --limit 1`, wall and processor seconds and peak memory of the dlx process, RUNS
# runs; then the plain search on the same file bounded by PLAIN seconds (it does not finish in
# an hour). Prints a Markdown page with the machine and the load beside the figures.
#
#   bench/sat_bench.sh [build/bin] [RUNS] [PLAIN] > bench/results/sat.md
set -euo pipefail

bin=${1:-build/bin}
runs=${2:-3}
plain=${3:-120}
for f in "$bin/dlx" "$bin/sudoku"; do
  [[ -x $f ]] || { echo "sat_bench.sh: $f: not found" >&2; exit 2; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

model=$(lscpu | sed -n 's/^Model name: *//p' | head -n 1)
echo "# dlx --sat: clause learning on exact-cover problems ($(date -u +%Y-%m-%d))"
echo
echo "Machine: ${model:-unknown CPU}, $(nproc) logical CPUs, load average" \
  "$(cut -d' ' -f1-3 /proc/loadavg) at the start (shared with other builds)."
echo
echo "| puzzle | command | run | wall s | CPU s (user + sys) | peak MB | answer |"
echo "| --- | --- | --- | --- | --- | --- | --- |"
for puzzle in data/sudoku/25x25_hard.txt data/sudoku/25x25_minimal.txt; do
  [[ -f $puzzle ]] || continue
  for ((run = 1; run <= runs; ++run)); do
    start=$(date +%s.%N)
    "$bin/sudoku" export "$puzzle" |
      /usr/bin/time -f "%U %S %M" -o "$work/time" "$bin/dlx" --sat --limit 1 > "$work/out" || true
    end=$(date +%s.%N)
    read -r user sys kb < "$work/time"
    covers=$(grep -c '^$' "$work/out" || true)
    printf '| %s | `sudoku export \\| dlx --sat --limit 1` | %d | %.2f | %.2f | %d | %s cover |\n' \
      "$(basename "$puzzle")" "$run" "$(echo "$end - $start" | bc)" \
      "$(echo "$user + $sys" | bc)" $((kb / 1024)) "$covers"
  done
done
"$bin/sudoku" export data/sudoku/25x25_hard.txt > "$work/hard.dlx"
start=$(date +%s.%N)
status=0
timeout "$plain" "$bin/dlx" --limit 1 --no-progress "$work/hard.dlx" > "$work/out" 2>/dev/null ||
  status=$?
end=$(date +%s.%N)
answer="$(grep -c '^$' "$work/out" || true) cover"
[[ $status -eq 124 ]] && answer="none: stopped by timeout $plain"
printf '| 25x25_hard.txt | `dlx --limit 1` (the search) | 1 | %.2f | | | %s |\n' \
  "$(echo "$end - $start" | bc)" "$answer"
