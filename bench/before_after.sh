#!/usr/bin/env bash
# Classic Sudoku speed before and after a change: the bitboard and hybrid backends, in process
# (sudoku_bench, Google Benchmark) and as a whole process (sudoku solve), both revisions built
# from their own sources and timed in the same run, alternately.
#
#   bench/before_after.sh BEFORE_REF [AFTER_REF=HEAD] > table.md
#
# Each revision is checked out in a git worktree under a temporary folder and built there with
# its own top-level CMake (the bench preset, or -DDLX_BUILD_BENCH=ON where a revision has no
# such preset), targets sudoku_bench and sudoku_cli only: nothing here names a file under
# sudoku/, so a revision whose library is laid out differently builds the same way.
#
# In process: the BM_ names of sudoku_bench.cpp that time BitboardSolver (BM_Bitboard_*) and
# DlxSolver, the hybrid backend (BM_Dlx_*: deductions at the root, then the engine), on
# data/sudoku/hardest_sample.txt (Sample: the whole file, 100 puzzles; the other lists are in
# ../shared and sudoku_bench takes only their first 1000), limit 1 and 2. One process per
# revision per round, each benchmark --benchmark_repetitions=REPS times for at least MIN_TIME
# seconds; rounds alternate the order (before after, after before, ...), so a change of load
# falls on both. Per benchmark: the median CPU time of one pass over the file and its spread
# (interquartile range over the median), and the ratio after/before as the median of the
# per-round ratios of the round medians (paired, so slow drifts of the load cancel) with its
# interquartile range. CPU time rather than wall time because the machine is shared: a
# process waiting for a core does not count; the wall-time ratio is printed beside it.
#
# Whole process: `sudoku solve` (auto: bitboard on 9x9) and `sudoku solve --solver hybrid` on
# data/sudoku/top1465_sample.txt (1465 puzzles), output to /dev/null, by hyperfine (both
# programs in one hyperfine call per round, order alternating by round), or by /usr/bin/time
# where hyperfine is missing. Medians of wall time and of CPU time (user + system).
#
# Environment: ROUNDS (default 16), REPS (1), MIN_TIME (0.3), RUNS (whole-process runs per
#   program per round, 3), JOBS (build parallelism, 2), FILTER (the benchmark regex),
#   WORK (a folder to keep the worktrees and builds in, reused by the next run; default a
#   temporary folder removed at the end).
set -euo pipefail

usage() { echo "usage: $0 BEFORE_REF [AFTER_REF=HEAD]" >&2; exit 2; }
[[ $# -ge 1 && $# -le 2 ]] || usage

repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
before_ref=$1
after_ref=${2:-HEAD}
before=$(git -C "$repo" rev-parse --verify --quiet "$before_ref^{commit}") ||
  { echo "$0: no commit '$before_ref'" >&2; exit 2; }
after=$(git -C "$repo" rev-parse --verify --quiet "$after_ref^{commit}") ||
  { echo "$0: no commit '$after_ref'" >&2; exit 2; }

ROUNDS=${ROUNDS:-16}
REPS=${REPS:-1}
MIN_TIME=${MIN_TIME:-0.3}
RUNS=${RUNS:-3}
JOBS=${JOBS:-2}
FILTER=${FILTER:-'^BM_(Bitboard|Dlx)_Sample/'}
for tool in cmake jq awk; do
  command -v "$tool" > /dev/null || { echo "$0: needs $tool" >&2; exit 2; }
done

if [[ -n ${WORK:-} ]]; then
  mkdir -p "$WORK"
  work=$(cd "$WORK" && pwd)
  keep=1
else
  work=$(mktemp -d "${TMPDIR:-/tmp}/before_after.XXXXXX")
  keep=0
fi
cleanup() {
  if [[ $keep == 0 ]]; then
    for side in before after; do
      [[ -d $work/$side ]] && git -C "$repo" worktree remove --force "$work/$side" 2> /dev/null
    done
    rm -rf "$work"
  fi
}
trap cleanup EXIT

log() { echo "before_after: $*" >&2; }
load() { cut -d' ' -f1-3 /proc/loadavg; }

# Checks out and builds one revision; the build's log goes to $work/SIDE.log.
build() {
  local side=$1 sha=$2 tree=$work/$1
  if [[ -d $tree ]]; then
    git -C "$tree" checkout --quiet --detach "$sha"
  else
    git -C "$repo" worktree add --quiet --detach "$tree" "$sha"
  fi
  local launcher=()
  if command -v ccache > /dev/null; then
    launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
    # Paths relative to the worktree, so that the cache serves every worktree of the project.
    export CCACHE_BASEDIR=$tree
  fi
  log "building $side ($sha) in $tree (load $(load))"
  (
    cd "$tree"
    if cmake --list-presets 2> /dev/null | grep -q '"bench"'; then
      cmake --preset bench "${launcher[@]}"
    else
      cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DDLX_BUILD_BENCH=ON \
        -DDLX_BUILD_TESTS=OFF "${launcher[@]}"
    fi
    cmake --build build-bench -j"$JOBS" --target sudoku_bench sudoku_cli
  ) > "$work/$side.log" 2>&1 || { log "$side failed to build; see $work/$side.log"; keep=1; exit 1; }
  [[ -x $tree/build-bench/bin/sudoku_bench && -x $tree/build-bench/bin/sudoku ]] ||
    { log "$side: no build-bench/bin/sudoku_bench or sudoku"; keep=1; exit 1; }
}

started=$(date -u '+%Y-%m-%d %H:%M UTC')
load_start=$(load)
build before "$before"
build after "$after"
B=$work/before/build-bench/bin
A=$work/after/build-bench/bin
data=$repo/data/sudoku  # the after revision's data is the one both read

# The benchmarks both builds have; one that only one side has is named, not compared.
list() { "$1/sudoku_bench" --benchmark_list_tests --benchmark_filter="$FILTER" | sort; }
mapfile -t names < <(comm -12 <(list "$B") <(list "$A"))
only=$(comm -3 <(list "$B") <(list "$A") | tr -d '\t' | tr '\n' ' ')
[[ ${#names[@]} -gt 0 ]] || { log "no benchmark matches '$FILTER' in both builds"; exit 1; }
log "benchmarks: ${names[*]}${only:+ (in one build only: $only)}"

# In process. Each row of $work/inproc.tsv: round side name cpu_us real_us (one repetition).
: > "$work/inproc.tsv"
load_inproc_start=$(load)
for ((r = 1; r <= ROUNDS; r++)); do
  order=(before after)
  ((r % 2 == 0)) && order=(after before)
  for side in "${order[@]}"; do
    bin=$B
    [[ $side == after ]] && bin=$A
    out=$work/round.json
    "$bin/sudoku_bench" --benchmark_filter="$FILTER" --benchmark_min_time="$MIN_TIME" \
      --benchmark_repetitions="$REPS" --benchmark_report_aggregates_only=false \
      --benchmark_format=json > "$out"
    jq -r --arg r "$r" --arg s "$side" '.benchmarks[] | select(.run_type == "iteration")
      | [$r, $s, .run_name, .cpu_time, .real_time] | @tsv' "$out" >> "$work/inproc.tsv"
  done
  log "round $r/$ROUNDS done (load $(load))"
done
load_inproc_end=$(load)

# Whole process. Each row of $work/whole.tsv: round side command wall_s cpu_s.
whole_cmds=("solve" "solve --solver hybrid")
: > "$work/whole.tsv"
load_whole_start=$(load)
puzzles=$data/top1465_sample.txt
for ((r = 1; r <= ROUNDS; r++)); do
  order=(before after)
  ((r % 2 == 0)) && order=(after before)
  for cmd in "${whole_cmds[@]}"; do
    if command -v hyperfine > /dev/null; then
      progs=()
      for side in "${order[@]}"; do
        bin=$B
        [[ $side == after ]] && bin=$A
        progs+=("$bin/sudoku $cmd $puzzles")
      done
      hyperfine -N --warmup 1 --runs "$RUNS" --output=null --style=none \
        --export-json "$work/whole.json" "${progs[@]}" > /dev/null
      # hyperfine gives each run's wall time, and user and system time per run (1.15: the
      # "user" and "system" arrays are absent, so the mean stands for each run).
      for i in 0 1; do
        jq -r --arg r "$r" --arg s "${order[$i]}" --arg c "$cmd" --argjson i "$i" '
          .results[$i] as $x | $x.times | to_entries[] |
          [$r, $s, $c, .value,
           (if $x.user_times? then ($x.user_times[.key] + $x.system_times[.key])
            else ($x.user + $x.system) end)] | @tsv' "$work/whole.json" >> "$work/whole.tsv"
      done
    else
      for ((k = 1; k <= RUNS; k++)); do
        for side in "${order[@]}"; do
          bin=$B
          [[ $side == after ]] && bin=$A
          # shellcheck disable=SC2086  # $cmd is the command's words
          /usr/bin/time -f '%e %U %S' -o "$work/time.txt" "$bin/sudoku" $cmd "$puzzles" > /dev/null
          read -r wall user sys < "$work/time.txt"
          printf '%s\t%s\t%s\t%s\t%s\n' "$r" "$side" "$cmd" "$wall" \
            "$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')" >> "$work/whole.tsv"
        done
      done
    fi
  done
done
load_whole_end=$(load)

# Median and spread of a column of numbers on standard input: "median iqr_percent".
stats() {
  sort -g | awk '{ v[NR] = $1 }
    function q(p,   h, l) { h = 1 + (NR - 1) * p; l = int(h); return v[l] + (h - l) * (v[l + (l < NR)] - v[l]) }
    END { m = q(0.5); printf "%.6g %.1f\n", m, (m > 0 ? 100 * (q(0.75) - q(0.25)) / m : 0) }'
}
# The median comes with its distribution-free confidence interval: the order statistics k and
# n+1-k, k = (n - 1.96 sqrt(n)) / 2 (the sign test by its normal approximation, about 95%; k >= 1).
# The per-round ratios after/before of the round medians of column COL, for rows matching KEY
# in column 3 of FILE: "median iqr_percent low high".
paired_ratio() {
  local file=$1 key=$2 col=$3 r b a
  for ((r = 1; r <= ROUNDS; r++)); do
    b=$(awk -F'\t' -v r="$r" -v k="$key" -v c="$col" '$1 == r && $2 == "before" && $3 == k { print $c }' "$file" | stats | cut -d' ' -f1)
    a=$(awk -F'\t' -v r="$r" -v k="$key" -v c="$col" '$1 == r && $2 == "after" && $3 == k { print $c }' "$file" | stats | cut -d' ' -f1)
    awk -v a="$a" -v b="$b" 'BEGIN { print a / b }'
  done | sort -g | awk '{ v[NR] = $1 }
    END { k = int((NR - 1.96 * sqrt(NR)) / 2); if (k < 1) k = 1
          m = (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2)
          printf "%.6g %.1f %.4f %.4f\n", m, 100 * (v[int(NR * 3 / 4) + 1] - v[int(NR / 4) + 1]) / m, v[k], v[NR + 1 - k] }'
}
column_stats() {  # FILE SIDE KEY COL
  awk -F'\t' -v s="$2" -v k="$3" -v c="$4" '$2 == s && $3 == k { print $c }' "$1" | stats
}

short() { git -C "$repo" log -1 --format='%h (%s)' "$1" | cut -c1-100; }
echo "# Classic speed, before and after"
echo
echo "Before: \`$before_ref\` = $(short "$before")  "
echo "After: \`$after_ref\` = $(short "$after")  "
echo "Measured $started by \`bench/before_after.sh $before_ref $after_ref\` (ROUNDS=$ROUNDS REPS=$REPS MIN_TIME=$MIN_TIME RUNS=$RUNS)."
echo
echo "Machine (\`lscpu | grep 'Model name'\`): $(lscpu | grep 'Model name' | sed 's/.*: *//'), $(nproc) cores; load average (1, 5, 15 min)"
echo "at the start $load_start, in-process timings from $load_inproc_start to $load_inproc_end,"
echo "whole-process timings from $load_whole_start to $load_whole_end."
echo
echo "## In process (sudoku_bench)"
echo
echo "\`sudoku_bench --benchmark_filter='$FILTER' --benchmark_min_time=$MIN_TIME --benchmark_repetitions=$REPS\`,"
echo "one process per build per round, $ROUNDS rounds alternating the order. Time: CPU time of one"
echo "pass over the file (µs), median of $((ROUNDS * REPS)) repetitions ± spread (interquartile"
echo "range / median). Ratio: median of the $ROUNDS per-round ratios after/before, with its ~95%"
echo "confidence interval [low, high] (order statistics of the sign test); the ratio is read to 2%"
echo "only where that interval is within 0.98-1.02."
echo
echo "| benchmark | before (µs CPU) | after (µs CPU) | after/before CPU [95% CI] | after/before wall [95% CI] |"
echo "|---|---|---|---|---|"
for name in "${names[@]}"; do
  read -r bm bs < <(column_stats "$work/inproc.tsv" before "$name" 4)
  read -r am as < <(column_stats "$work/inproc.tsv" after "$name" 4)
  read -r rm _ rl rh < <(paired_ratio "$work/inproc.tsv" "$name" 4)
  read -r wm _ wl wh < <(paired_ratio "$work/inproc.tsv" "$name" 5)
  printf '| %s | %.0f ± %s%% | %.0f ± %s%% | %.4f [%s, %s] | %.4f [%s, %s] |\n' \
    "$name" "$bm" "$bs" "$am" "$as" "$rm" "$rl" "$rh" "$wm" "$wl" "$wh"
done
[[ -n $only ]] && echo && echo "In one build only (not compared): $only"
echo
echo "## Whole process (sudoku on data/sudoku/top1465_sample.txt, 1465 puzzles)"
echo
if command -v hyperfine > /dev/null; then
  echo "\`hyperfine -N --warmup 1 --runs $RUNS --output=null 'BEFORE/sudoku CMD FILE' 'AFTER/sudoku CMD FILE'\`"
else
  echo "\`/usr/bin/time -f '%e %U %S' BUILD/sudoku CMD FILE > /dev/null\`, $RUNS runs per build per round"
fi
echo "per command per round, $ROUNDS rounds alternating the order. Medians of $((ROUNDS * RUNS)) runs ±"
echo "IQR / median; the ratio as above (paired by round, with its ~95% interval). hyperfine 1.15 gives"
echo "each run's wall time but only the mean CPU time of a call's runs, so CPU medians are of those means."
echo
echo "| command | before wall (s) | after wall (s) | after/before wall | before CPU (s) | after CPU (s) | after/before CPU |"
echo "|---|---|---|---|---|---|---|"
for cmd in "${whole_cmds[@]}"; do
  read -r bw bws < <(column_stats "$work/whole.tsv" before "$cmd" 4)
  read -r aw aws < <(column_stats "$work/whole.tsv" after "$cmd" 4)
  read -r rw _ rwl rwh < <(paired_ratio "$work/whole.tsv" "$cmd" 4)
  read -r bc bcs < <(column_stats "$work/whole.tsv" before "$cmd" 5)
  read -r ac acs < <(column_stats "$work/whole.tsv" after "$cmd" 5)
  read -r rc _ rcl rch < <(paired_ratio "$work/whole.tsv" "$cmd" 5)
  printf '| `sudoku %s` | %.3f ± %s%% | %.3f ± %s%% | %.4f [%s, %s] | %.3f ± %s%% | %.3f ± %s%% | %.4f [%s, %s] |\n' \
    "$cmd" "$bw" "$bws" "$aw" "$aws" "$rw" "$rwl" "$rwh" "$bc" "$bcs" "$ac" "$acs" "$rc" "$rcl" "$rch"
done
