#!/usr/bin/env bash
# Whole-process timings of the sudoku program over the variant puzzles of data/sudoku/variants:
# x, windoku, anti-knight, anti-king, jigsaw and killer (35 each, 210 in all), passed as six file
# arguments to ONE process (a "# variant" line holds to the end of its file, so the files are
# not concatenated).
#
#   bench/variants_whole.sh [BIN=build/bin/sudoku] > table.md
#
# Commands (issue 42's goals): `count --limit 2` (< 1 s), `explain --format json` and
# `rate --format json` (< 20 s each). Each is run RUNS times (default 3), alternating with the
# others, under /usr/bin/time; the best wall time and the best CPU time (user + system) are
# kept. Besides the times, what the program answered: for count, how many puzzles it counted
# exactly 1; for explain, how many records have "status":"solved" (solved by named steps) and
# how many "not rated"; for rate, how many have "logic":"solved" and how many "not rated"; for
# explain and rate also per kind (the records come in input order, one per puzzle, and each
# file's puzzle count is the number of lines `count` prints for it alone). A command that runs
# past TIMEOUT seconds (default 300) is stopped and reported as such.
set -uo pipefail

repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
bin=${1:-$repo/build/bin/sudoku}
[[ -x $bin ]] || { echo "$0: no program $bin" >&2; exit 2; }
RUNS=${RUNS:-3}
TIMEOUT=${TIMEOUT:-300}
command -v jq > /dev/null || { echo "$0: needs jq" >&2; exit 2; }

kinds=(x windoku anti-knight anti-king jigsaw killer)
files=()
for kind in "${kinds[@]}"; do files+=("$repo/data/sudoku/variants/$kind.txt"); done
work=$(mktemp -d "${TMPDIR:-/tmp}/variants_whole.XXXXXX")
trap 'rm -rf "$work"' EXIT
load() { cut -d' ' -f1-3 /proc/loadavg; }

# The puzzles of each file, by count's own reading of it.
per_file=()
for f in "${files[@]}"; do
  per_file+=("$(timeout "$TIMEOUT" "$bin" count --limit 2 "$f" 2> /dev/null | grep -c .)")
done

names=(count explain rate)
declare -A argv=([count]="count --limit 2" [explain]="explain --format json"
  [rate]="rate --format json")
declare -A goal=([count]=1 [explain]=20 [rate]=20)
declare -A best_wall best_cpu status loads
load_start=$(load)
started=$(date -u '+%Y-%m-%d %H:%M UTC')
for ((k = 1; k <= RUNS; k++)); do
  for name in "${names[@]}"; do
    before=$(load)
    # shellcheck disable=SC2086  # the command's words
    /usr/bin/time -f '%e %U %S' -o "$work/time.txt" \
      timeout "$TIMEOUT" "$bin" ${argv[$name]} "${files[@]}" > "$work/$name.out" 2> "$work/$name.err"
    rc=$?
    read -r wall user sys < <(tail -1 "$work/time.txt")
    cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')
    [[ $rc == 124 ]] && status[$name]="stopped after ${TIMEOUT} s" || status[$name]="exit $rc"
    if [[ -z ${best_wall[$name]:-} ]] || awk -v a="$wall" -v b="${best_wall[$name]}" 'BEGIN { exit !(a < b) }'; then
      best_wall[$name]=$wall
    fi
    if [[ -z ${best_cpu[$name]:-} ]] || awk -v a="$cpu" -v b="${best_cpu[$name]}" 'BEGIN { exit !(a < b) }'; then
      best_cpu[$name]=$cpu
    fi
    loads[$name]="${loads[$name]:-}${loads[$name]:+; }$before"
    cp "$work/$name.out" "$work/$name.kept"
  done
done
load_end=$(load)

# What each command answered (from its last run).
total=$(jq -n "${per_file[*]/%/ +} 0")
counted_one=$(grep -cx 1 "$work/count.kept")
counted=$(grep -c . "$work/count.kept")
json_count() {  # FILE JQ-FILTER: how many records match
  jq -c "select($2)" "$1" 2> /dev/null | grep -c .
}
records() { jq -c . "$1" 2> /dev/null | grep -c .; }
# Per kind: records FROM..FROM+N of the JSON lines matching the filter.
per_kind() {  # FILE JQ-FILTER
  local out="" from=0 i n
  for i in "${!kinds[@]}"; do
    n=${per_file[$i]}
    out+="${kinds[$i]} $(jq -c . "$1" 2> /dev/null | sed -n "$((from + 1)),$((from + n))p" |
      jq -c "select($2)" | grep -c .)/$n, "
    from=$((from + n))
  done
  echo "${out%, }"
}
ex_records=$(records "$work/explain.kept")
ex_solved=$(json_count "$work/explain.kept" '.status == "solved"')
ex_not=$(json_count "$work/explain.kept" '.status == "not rated"')
ra_records=$(records "$work/rate.kept")
ra_solved=$(json_count "$work/rate.kept" '.logic == "solved"')
ra_not=$(json_count "$work/rate.kept" '.status == "not rated"')

rev=$(git -C "$repo" log -1 --format='%h (%s)' | cut -c1-100)
echo "# Variants, whole process"
echo
echo "Program: \`$bin\` ($("$bin" --version 2> /dev/null | head -1 || true)); the scripts' checkout: $rev.  "
echo "Measured $started by \`bench/variants_whole.sh $bin\` (RUNS=$RUNS, best of $RUNS)."
echo
echo "Machine (\`lscpu | grep 'Model name'\`): $(lscpu | grep 'Model name' | sed 's/.*: *//'), $(nproc) cores; load average (1, 5, 15 min) $load_start at"
echo "the start, $load_end at the end; beside each row, the load before each of its runs."
echo
echo "Puzzles: $total (${kinds[*]}: ${per_file[*]}), as six file arguments to one process:"
echo "\`sudoku CMD data/sudoku/variants/{x,windoku,anti-knight,anti-king,jigsaw,killer}.txt\`."
echo
echo "| command | best wall (s) | best CPU (s) | goal | answered | last exit | load before each run |"
echo "|---|---|---|---|---|---|---|"
for name in "${names[@]}"; do
  case $name in
    count) answered="$counted puzzles counted, $counted_one of them exactly 1" ;;
    explain) answered="$ex_records records: $ex_solved solved by named steps, $ex_not not rated; solved per kind: $(per_kind "$work/explain.kept" '.status == "solved"')" ;;
    rate) answered="$ra_records records: $ra_solved with logic solved, $ra_not not rated; logic solved per kind: $(per_kind "$work/rate.kept" '.logic == "solved"')" ;;
  esac
  # The goal is the time and the answer: every puzzle counted 1; explain: at least 90% solved
  # by named steps (issue 42 asks it of every kind, shown per kind); rate: none refused.
  case $name in
    count) ok=$((counted_one == total)) ;;
    explain) ok=$((ex_solved * 10 >= total * 9)) ;;
    rate) ok=$((ra_not == 0 && ra_records == total)) ;;
  esac
  met=$(awk -v w="${best_wall[$name]}" -v g="${goal[$name]}" -v ok="$ok" \
    'BEGIN { print (w >= g ? "missed: too slow" : ok ? "met" : "missed: time under it, answers not") }')
  printf '| `%s` | %s | %s | < %s s (%s) | %s | %s | %s |\n' "${argv[$name]}" \
    "${best_wall[$name]}" "${best_cpu[$name]}" "${goal[$name]}" "$met" "$answered" \
    "${status[$name]}" "${loads[$name]}"
done
echo
echo "The first lines of standard error of the last runs:"
echo
for name in explain rate; do
  echo "- $name: $(head -1 "$work/$name.err" | cut -c1-200)"
done
