#!/usr/bin/env bash
# Targeted generation, the time a puzzle takes for every `sudoku generate --technique` value
# (issue #45, item 7): build/bin/generate_bench (bench/generate_bench.cpp; configure with
# -DDLX_BUILD_BENCH=ON) over every technique, SEEDS seeds of COUNT puzzles each, each run with a
# deadline of TIMEOUT processor seconds, both strategies (the walk from puzzle to puzzle and
# every attempt from a fresh grid); then the issue's own command, whole process. Prints a
# Markdown page with the machine, the load and the commands beside the figures.
#
#   bench/generate_bench.sh [build/bin] [SEEDS] [COUNT] [TIMEOUT] > bench/results/generate.md
set -euo pipefail

bin=${1:-build/bin}
seeds=${2:-3}
count=${3:-2}
timeout=${4:-20}
for f in "$bin/generate_bench" "$bin/sudoku"; do
  [[ -x $f ]] || { echo "generate_bench.sh: $f: not found" >&2; exit 2; }
done

model=$(lscpu | sed -n 's/^Model name: *//p' | head -n 1)
echo "# Targeted generation: time a puzzle, every technique ($(date -u +%Y-%m-%d))"
echo
echo "Machine: ${model:-unknown CPU}, $(nproc) logical CPUs, load average" \
  "$(cut -d' ' -f1-3 /proc/loadavg) at the start (shared with other builds)."
echo
command="generate_bench --strategy both --seeds $seeds --count $count --timeout $timeout"
echo "Command: \`$command\` (bench/generate_bench.sh). Per technique: 9x9, no symmetry, seeds"
echo "1 to $seeds, $count puzzles a seed, a deadline of $timeout processor seconds a run; times are"
echo "processor seconds of the one thread (the machine is shared), the total over the seeds"
echo "divided by the puzzles made (\"> T\": none in T seconds). walk: the generator's default"
echo "(generator.hpp, step 4); restart: every attempt from a fresh grid (GeneratorOptions::walk"
echo "off), what generate did before. Every puzzle made was checked: its hardest step is the"
echo "technique (solve_logically) and the engine counts one solution."
echo
"$bin/generate_bench" --strategy both --seeds "$seeds" --count "$count" --timeout "$timeout"
echo
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
issue="generate --technique x_wing --count 3 --seed 4 --no-progress"
/usr/bin/time -f '%e %U %S' -o "$work/time" "$bin/sudoku" $issue > /dev/null
read -r wall user sys < "$work/time"
echo "The issue's command, whole process: \`sudoku $issue\`: $wall s wall, $user s user +"
echo "$sys s system (before: \"no 'x-wing' puzzle found in 2000 attempts\" after some 6 s)."
