#!/usr/bin/env bash
# Clause learning on big Sudoku boards, two builds in the same run: BASE (GridSat and its
# portfolio, before issue 44 item 3) and NEW (CaDiCaL on the Sudoku formula, sat_sudoku.hpp),
# and CaDiCaL on the exact cover (`sudoku export | dlx --sat`, NEW's dlx) for the same
# questions. Whole process, processor seconds (user + sys, /usr/bin/time) and wall seconds;
# each command bounded by TIMEOUT seconds. The generated puzzles of the two builds are compared
# (same: the same text on stdout). Prints Markdown rows; the machine and load first.
#
#   bench/sat_sudoku_bench.sh BASE/bin NEW/bin [TIMEOUT] >> bench/results/sat.md
set -euo pipefail

base=$1
new=$2
limit=${3:-600}
for f in "$base/sudoku" "$new/sudoku" "$new/dlx"; do
  [[ -x $f ]] || { echo "sat_sudoku_bench.sh: $f: not found" >&2; exit 2; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

model=$(lscpu | sed -n 's/^Model name: *//p' | head -n 1)
echo "Machine: ${model:-unknown CPU}, $(nproc) logical CPUs, load average" \
  "$(cut -d' ' -f1-3 /proc/loadavg) at the start ($(date -u '+%Y-%m-%d %H:%M UTC'))."
echo

# run NAME OUTFILE COMMAND...: prints "CPU wall status" of the command, its stdout in OUTFILE.
run() {
  local out=$1
  shift
  local start end status=0
  start=$(date +%s.%N)
  /usr/bin/time -f "%U %S" -o "$work/time" timeout "$limit" "$@" > "$out" 2> "$work/err" ||
    status=$?
  end=$(date +%s.%N)
  local user sys
  read -r user sys < <(tail -n 1 "$work/time")
  printf '%.2f %.1f %d' "$(echo "$user + $sys" | bc)" "$(echo "$end - $start" | bc)" "$status"
}

# A cell of the table: "CPU s (wall s)", or the timeout.
cell() {
  local cpu=$1 wall=$2 status=$3
  if [[ $status -eq 124 ]]; then
    printf 'stopped at %s s' "$limit"
  else
    printf '%s (%s)' "$cpu" "$wall"
  fi
}

echo "| question | GridSat (BASE) CPU s (wall) | CaDiCaL, Sudoku formula (NEW) | CaDiCaL, cover (\`export \\| dlx --sat\`) | same answer |"
echo "| --- | --- | --- | --- | --- |"

# The generator: seeds 1 to 3 at 25x25, and 35x35 with budget 1000.
for args in "--size 25 --seed 1" "--size 25 --seed 2" "--size 25 --seed 3" \
  "--size 35 --budget 1000 --seed 1"; do
  # shellcheck disable=SC2086
  read -r c1 w1 s1 < <(run "$work/base.out" "$base/sudoku" generate $args)
  # shellcheck disable=SC2086
  read -r c2 w2 s2 < <(run "$work/new.out" "$new/sudoku" generate $args)
  same=no
  cmp -s "$work/base.out" "$work/new.out" && same=yes
  echo "| \`generate $args\` | $(cell "$c1" "$w1" "$s1") | $(cell "$c2" "$w2" "$s2") | | $same |"
  cp "$work/base.out" "$work/gen-base-${args// /_}.txt"
  cp "$work/new.out" "$work/gen-new-${args// /_}.txt"
done

# solve (one solution) and count --limit 2 on the big files.
for puzzle in data/sudoku/25x25.txt data/sudoku/25x25_minimal.txt data/sudoku/25x25_hard.txt; do
  name=$(basename "$puzzle")
  # export takes one puzzle: 25x25.txt holds its puzzle twice (a line, then a grid).
  "$new/sudoku" export "$puzzle" > "$work/cover.dlx" 2> /dev/null ||
    grep -v '^#' "$puzzle" | head -n 1 | "$new/sudoku" export > "$work/cover.dlx"
  for question in solve "count --limit 2"; do
    # shellcheck disable=SC2086
    read -r c1 w1 s1 < <(run "$work/base.out" "$base/sudoku" $question "$puzzle")
    # shellcheck disable=SC2086
    read -r c2 w2 s2 < <(run "$work/new.out" "$new/sudoku" $question "$puzzle")
    dlx_limit=1
    [[ $question == solve ]] || dlx_limit=2
    read -r c3 w3 s3 < <(run "$work/dlx.out" "$new/dlx" --sat --limit "$dlx_limit" "$work/cover.dlx")
    same=no
    cmp -s "$work/base.out" "$work/new.out" && same=yes
    echo "| \`$question $name\` | $(cell "$c1" "$w1" "$s1") | $(cell "$c2" "$w2" "$s2") |" \
      "$(cell "$c3" "$w3" "$s3") | $same |"
  done
done
