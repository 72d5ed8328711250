#!/bin/bash
# Times `sudoku count --limit 2 --threads 1 -` on each published f-puzzles link of
# data/sudoku/variants/fpuzzles_links.txt (one link on stdin, the whole process), for one or two
# builds side by side, and prints a Markdown table (issue 43: each under 1 s on one thread).
#
#   bench/fpuzzles_speed.sh AFTER_BIN [BEFORE_BIN] [TIMEOUT_S]
#
# A run past TIMEOUT_S (default 30) is shown as "> T"; the count (or the first line of the
# error) follows each time. GNU time's elapsed wall clock, one run each.
set -u
after=$1
before=${2:-}
limit=${3:-30}
links=$(dirname "$0")/../data/sudoku/variants/fpuzzles_links.txt
lscpu | grep -m1 'Model name' | sed 's/^/CPU: /; s/  */ /g'
echo "cores: $(nproc); timeout ${limit} s"
echo
run() {  # BIN LINK: "seconds|what it says"
  local t said
  /usr/bin/time -f '%e' -o /tmp/fpspeed.time.$$ timeout "$limit" "$1" count --limit 2 \
    --threads 1 - <<<"$2" >/tmp/fpspeed.$$ 2>/tmp/fpspeed.err.$$
  local rc=$?
  t=$(tail -1 /tmp/fpspeed.time.$$)
  [ "$rc" = 124 ] && t="> $limit"
  said=$(head -1 /tmp/fpspeed.$$ | cut -c1-20)
  [ -z "$said" ] && said=$(head -1 /tmp/fpspeed.err.$$ | cut -c1-60)
  [ "$rc" = 124 ] && said="(stopped)"
  echo "$t|$said"
}
if [ -n "$before" ]; then
  echo "| # | before (s) | before says | after (s) | after says |"
  echo "|---|---|---|---|---|"
else
  echo "| # | time (s) | says |"
  echo "|---|---|---|"
fi
i=0
grep -v '^\s*#' "$links" | grep -v '^\s*$' | while read -r line; do
  i=$((i + 1))
  link=${line%% *}
  a=$(run "$after" "$link")
  if [ -n "$before" ]; then
    b=$(run "$before" "$link")
    echo "| $i | ${b%%|*} | ${b#*|} | ${a%%|*} | ${a#*|} |"
  else
    echo "| $i | ${a%%|*} | ${a#*|} |"
  fi
done
rm -f /tmp/fpspeed.$$ /tmp/fpspeed.err.$$ /tmp/fpspeed.time.$$
