#!/usr/bin/env bash
# Clause learning on big Sudoku boards, two builds in the same run: BASE (GridSat and its
# portfolio, before issue 44 item 3) and NEW (CaDiCaL on the Sudoku formula, sat_sudoku.hpp),
# and CaDiCaL on the exact cover (`sudoku export | dlx --sat`, NEW's dlx) for the same
# questions. Whole process, processor seconds (user + sys, /usr/bin/time) and wall seconds;
# each command bounded by TIMEOUT seconds. The generated puzzles of the two builds are compared
# (same: the same text on stdout). Prints Markdown rows; the machine and load first. Every
# question runs at once, each in a job of its own (about ten processes).
#
#   bench/sat_sudoku_bench.sh BASE/bin NEW/bin [TIMEOUT] >> bench/results/sat.md
#
# ROWS=generate runs the generate rows alone, ROWS=questions the solve and count rows alone
# (default both); NICE=N runs every command under `nice -n N` (all alike, so the processor
# seconds stay comparable on a machine shared with builds).
set -euo pipefail

base=$1
new=$2
limit=${3:-600}
rows=${ROWS:-all}
niceness=${NICE:-0}
[[ $rows == all || $rows == generate || $rows == questions ]] ||
  { echo "sat_sudoku_bench.sh: ROWS must be all, generate or questions" >&2; exit 2; }
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
  /usr/bin/time -f "%U %S" -o "$out.time" nice -n "$niceness" timeout "$limit" "$@" > "$out" 2> "$out.err" ||
    status=$?
  end=$(date +%s.%N)
  local user sys
  read -r user sys < <(tail -n 1 "$out.time")
  printf '%.2f %.1f %d\n' "$(echo "$user + $sys" | bc)" "$(echo "$end - $start" | bc)" "$status"
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

# Each question runs in a job of its own (BASE, then NEW, then the cover), all jobs at once:
# on a shared machine the processor seconds stay comparable, and the run ends sooner.
generate_row() {
  local id=$1 args=$2
  # shellcheck disable=SC2086
  read -r c1 w1 s1 < <(run "$work/$id.base" "$base/sudoku" generate $args)
  # shellcheck disable=SC2086
  read -r c2 w2 s2 < <(run "$work/$id.new" "$new/sudoku" generate $args)
  local same=no
  cmp -s "$work/$id.base" "$work/$id.new" && same=yes
  echo "| \`generate $args\` | $(cell "$c1" "$w1" "$s1") | $(cell "$c2" "$w2" "$s2") | | $same |" \
    > "$work/$id.row"
}

question_row() {
  local id=$1 puzzle=$2 question=$3 name
  name=$(basename "$puzzle")
  # export takes one puzzle: 25x25.txt holds its puzzle twice (a line, then a grid).
  "$new/sudoku" export "$puzzle" > "$work/$id.dlx" 2> /dev/null ||
    grep -v '^#' "$puzzle" | head -n 1 | "$new/sudoku" export > "$work/$id.dlx"
  # shellcheck disable=SC2086
  read -r c1 w1 s1 < <(run "$work/$id.base" "$base/sudoku" $question "$puzzle")
  # shellcheck disable=SC2086
  read -r c2 w2 s2 < <(run "$work/$id.new" "$new/sudoku" $question "$puzzle")
  local dlx_limit=1
  [[ $question == solve ]] || dlx_limit=2
  read -r c3 w3 s3 < <(run "$work/$id.cover" "$new/dlx" --sat --limit "$dlx_limit" "$work/$id.dlx")
  local same=no
  cmp -s "$work/$id.base" "$work/$id.new" && same=yes
  echo "| \`$question $name\` | $(cell "$c1" "$w1" "$s1") | $(cell "$c2" "$w2" "$s2") |" \
    "$(cell "$c3" "$w3" "$s3") | $same |" > "$work/$id.row"
}

id=0
if [[ $rows != questions ]]; then
  for args in "--size 25 --seed 1" "--size 25 --seed 2" "--size 25 --seed 3" \
    "--size 35 --budget 1000 --seed 1"; do
    id=$((id + 1))  # counted here: an expansion in a background job's words happens in the job
    generate_row "$id" "$args" &
  done
fi
if [[ $rows != generate ]]; then
  for puzzle in data/sudoku/25x25.txt data/sudoku/25x25_minimal.txt data/sudoku/25x25_hard.txt; do
    for question in solve "count --limit 2"; do
      id=$((id + 1))
      question_row "$id" "$puzzle" "$question" &
    done
  done
fi
wait
for ((k = 1; k <= id; ++k)); do cat "$work/$k.row"; done
