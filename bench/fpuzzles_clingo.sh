#!/usr/bin/env bash
# Our program beside clingo (an answer-set solver, Debian's gringo package) on the f-puzzles
# links of data/sudoku/variants/fpuzzles_links.txt, whole processes, one thread each (issue 43's
# speed part: ours should be at least 10x faster in total).
#
#   bench/fpuzzles_clingo.sh [SUDOKU=build/bin/sudoku] [TEXT=build-bench/bin/fpuzzles_text] \
#     > bench/results/fpuzzles-clingo.md
#
# TEXT is bench/fpuzzles_text.cpp (`cmake --preset bench && cmake --build build-bench --target
# fpuzzles_text`): our reader's text form of a link, which bench/clingo/facts.py turns into
# facts for bench/clingo/sudoku.lp. So clingo gets the puzzle as our program reads it.
#
# Per link: ours is `sudoku count --limit 2 --threads 1` with the link on standard input;
# clingo is `clingo sudoku.lp FACTS --models 2 --parallel-mode 1` (grounding and solving; the
# translation, link to facts, is not in its time and is totalled apart). Each is run RUNS times
# (default 1), the best wall and best CPU (user + system) kept, and stopped after TIMEOUT
# seconds (default 60): "timeout". A link our reader refuses has no facts, so clingo does not
# run on it either. clingo's count (models found, at most 2) and whether its first model is the
# published solution (the comment after the link) are checked: a model that differs is a bug
# in the encoding, and the script says so in the table.
set -uo pipefail

repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
sudoku=${1:-$repo/build/bin/sudoku}
text=${2:-$repo/build-bench/bin/fpuzzles_text}
links=$repo/data/sudoku/variants/fpuzzles_links.txt
encoding=$repo/bench/clingo/sudoku.lp
facts_py=$repo/bench/clingo/facts.py
RUNS=${RUNS:-1}
TIMEOUT=${TIMEOUT:-60}
[[ -x $sudoku ]] || { echo "$0: no program $sudoku" >&2; exit 2; }
[[ -x $text ]] || { echo "$0: no program $text (the bench preset's fpuzzles_text)" >&2; exit 2; }
if ! command -v clingo > /dev/null; then
  echo "$0: clingo missing: apt-get install gringo (Debian's package holds clingo); skipped" >&2
  exit 77
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/fpuzzles_clingo.XXXXXX")
trap 'rm -rf "$work"' EXIT
load() { cut -d' ' -f1-3 /proc/loadavg; }

# run NAME COMMAND...: runs it RUNS times under /usr/bin/time and timeout (standard input from
# $work/in); leaves the last run's output in $work/NAME.out, the status in $status, and the
# best wall and CPU seconds in $wall and $cpu.
run() {
  local name=$1 k w c
  shift
  wall="" cpu=""
  for ((k = 0; k < RUNS; ++k)); do
    /usr/bin/time -f "%e %U %S" -o "$work/time" timeout "$TIMEOUT" "$@" \
      < "$work/in" > "$work/$name.out" 2> "$work/$name.err"
    status=$?
    read -r w c < <(awk 'END { printf "%.3f %.3f\n", $1, $2 + $3 }' "$work/time")
    [[ -z $wall ]] || (($(echo "$w < $wall" | bc))) && wall=$w
    [[ -z $cpu ]] || (($(echo "$c < $cpu" | bc))) && cpu=$c
  done
}

echo "# Our program beside clingo on the f-puzzles links"
echo
echo "bench/fpuzzles_clingo.sh, $(date -u '+%Y-%m-%d %H:%M UTC'), commit" \
  "$(git -C "$repo" rev-parse --short HEAD), $(lscpu | sed -n 's/^Model name: *//p')," \
  "$(nproc) cores, load $(load) at the start; $(clingo --version | head -1); best of $RUNS," \
  "each stopped after $TIMEOUT s."
echo
echo "| # | puzzle | ours wall (s) | ours CPU (s) | ours count | clingo wall (s) |" \
  "clingo CPU (s) | clingo count | clingo = published |"
echo "|---|---|---|---|---|---|---|---|---|"

number=0 title=""
sum() { echo "$1 + $2" | bc; }
ours_wall=0 ours_cpu=0 clingo_wall=0 clingo_cpu=0 both_ours=0 both_clingo=0 both_rows=0
both_ours_cpu=0 both_clingo_cpu=0 translate=0 translate_cpu=0 ours_done=0 clingo_done=0 wrong=0
while IFS= read -r line; do
  if [[ $line == \#* ]]; then
    title=${line#\# }
    continue
  fi
  [[ -n $line ]] || continue
  number=$((number + 1))
  link=${line%% *}
  published=$(sed -n 's/^[^#]*# *//p' <<< "$line")
  printf '%s\n' "$link" > "$work/in"

  run ours "$sudoku" count --limit 2 --threads 1
  if ((status == 0)); then
    ours="$wall | $cpu | $(head -1 "$work/ours.out")"
    ours_done=$((ours_done + 1))
  elif ((status == 124)); then
    ours="timeout | timeout | -"
  else
    ours="refused | - | -"
  fi
  ours_ok=$status ours_w=$wall ours_c=$cpu
  ((status == 0 || status == 124)) &&
    ours_wall=$(sum "$ours_wall" "$wall") ours_cpu=$(sum "$ours_cpu" "$cpu")

  # shellcheck disable=SC2016
  if /usr/bin/time -f "%e %U %S" -o "$work/time" bash -c \
    '"$0" - < "$1" > "$2" && python3 "$3" facts < "$2" > "$4"' \
    "$text" "$work/in" "$work/text" "$facts_py" "$work/facts.lp" 2> "$work/text.err"; then
    read -r w c < <(awk 'END { printf "%.3f %.3f\n", $1, $2 + $3 }' "$work/time")
    translate=$(sum "$translate" "$w") translate_cpu=$(sum "$translate_cpu" "$c")
    run clingo clingo "$encoding" "$work/facts.lp" --models 2 --parallel-mode 1
    # clingo exits 10 (a model found, search not finished), 20 (none) or 30 (all found).
    if ((status == 10 || status == 20 || status == 30)); then
      models=$(sed -n 's/^Models *: *\([0-9]*\).*/\1/p' "$work/clingo.out")
      first=$(python3 "$facts_py" models < "$work/clingo.out" | head -1)
      same="yes"
      [[ $first == "$published" ]] || { same="NO"; wrong=$((wrong + 1)); }
      clingo="$wall | $cpu | $models | $same"
      clingo_done=$((clingo_done + 1))
      clingo_wall=$(sum "$clingo_wall" "$wall") clingo_cpu=$(sum "$clingo_cpu" "$cpu")
      if ((ours_ok == 0)); then
        both_rows=$((both_rows + 1))
        both_ours=$(sum "$both_ours" "$ours_w") both_clingo=$(sum "$both_clingo" "$wall")
        both_ours_cpu=$(sum "$both_ours_cpu" "$ours_c")
        both_clingo_cpu=$(sum "$both_clingo_cpu" "$cpu")
      fi
    elif ((status == 124)); then
      clingo="timeout | timeout | - | -"
      clingo_wall=$(sum "$clingo_wall" "$wall") clingo_cpu=$(sum "$clingo_cpu" "$cpu")
    else
      clingo="failed ($status) | - | - | -"
    fi
  else
    clingo="no facts: our reader refuses it | - | - | -"
  fi
  echo "| $number | ${title//|/\/} | $ours | $clingo |"
done < "$links"

ratio() {
  if [[ $(echo "$2 > 0" | bc) == 1 ]]; then
    printf '%.2f\n' "$(echo "scale=4; $1 / $2" | bc)"
  else
    echo "-"
  fi
}
echo
echo "Load $(load) at the end."
echo
echo "| totals | ours wall (s) | ours CPU (s) | clingo wall (s) | clingo CPU (s) |" \
  "ours faster by (clingo / ours, wall) | (CPU) |"
echo "|---|---|---|---|---|---|---|"
echo "| the $both_rows links both finished | $both_ours | $both_ours_cpu | $both_clingo |" \
  "$both_clingo_cpu | $(ratio "$both_clingo" "$both_ours") |" \
  "$(ratio "$both_clingo_cpu" "$both_ours_cpu") |"
echo "| all $number links (a timeout counted as the time it ran; refused ones left out) |" \
  "$ours_wall | $ours_cpu | $clingo_wall | $clingo_cpu | $(ratio "$clingo_wall" "$ours_wall") |" \
  "$(ratio "$clingo_cpu" "$ours_cpu") |"
echo
echo "Finished within $TIMEOUT s: ours $ours_done of $number, clingo $clingo_done of $number;" \
  "clingo's first model differs from the published solution on $wrong. Translation (our" \
  "reader's text form, then facts.py), not in clingo's times: $translate s wall, $translate_cpu s" \
  "CPU in all."
