#!/usr/bin/env bash
# Two builds of `sudoku` against each other on Sudoku Explainer's rating, paired chunk by chunk,
# for a machine whose speed drifts: the shared 2-core machine this project is measured on ran
# the same binary on the forum's 269 in 100 s one hour and 146 s another, so two whole runs one
# after the other compare the hours more than the builds. Here the puzzles are cut into chunks
# and every chunk is rated by both builds back to back (A then B on even chunks, B then A on odd
# ones), JOBS chunks at a time: both builds of one chunk meet the same load, and the ratio of
# the CPU time summed over all chunks is the ratio of the builds.
#
#   bench/se_ab.sh A_BINARY B_BINARY [FILE=data/sudoku/se_rated.txt] > table.md
#
# Each run is `rate --se --threads 1 --format json CHUNK`, CPU time (user + system) by
# /usr/bin/time. The JSON of both builds must be the same chunk by chunk (a change of speed is
# not a change of rating): chunks that differ, and chunks a build failed on (an exit status
# other than 0), are named and the script exits 1.
#
# Environment: CHUNK (puzzles a chunk, 9), JOBS (chunks at once, the processors, at most 2 on
# the build machine), LINES (rate the first LINES puzzles of FILE only; default all).
set -euo pipefail

usage() { echo "usage: $0 A_BINARY B_BINARY [FILE]" >&2; exit 2; }
[[ $# -ge 2 && $# -le 3 ]] || usage
a=$(realpath "$1")
b=$(realpath "$2")
file=${3:-data/sudoku/se_rated.txt}
chunk=${CHUNK:-9}
jobs=${JOBS:-$(nproc)}
for f in "$a" "$b" "$file"; do
  [[ -e $f ]] || { echo "se_ab.sh: $f: not found" >&2; exit 2; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Puzzle lines only: se_rated.txt holds comments and blank lines between its parts.
awk -v max="${LINES:-0}" '!/^#/ && NF && (max == 0 || n++ < max)' "$file" > "$work/puzzles"
mkdir "$work/chunks"
split -l "$chunk" -d -a 4 "$work/puzzles" "$work/chunks/c"

# rate_chunk PATH: one line "chunk seconds_a seconds_b".
rate_chunk() {
  local c=$1 name order
  name=$(basename "$c")
  order="a b"
  (( 10#${name#c} % 2 == 1 )) && order="b a"
  for who in $order; do
    local bin=$a
    [[ $who == b ]] && bin=$b
    /usr/bin/time -f '%U %S' -o "$c.$who.time" "$bin" rate --se --threads 1 --format json "$c" \
      > "$c.$who.json" 2> /dev/null || echo "$?" > "$c.$who.failed"
  done
  echo "$name $(awk '{print $1 + $2}' "$c.a.time") $(awk '{print $1 + $2}' "$c.b.time")"
}
export -f rate_chunk
export a b

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
find "$work/chunks" -type f -name 'c*' ! -name '*.*' | sort |
  xargs -P "$jobs" -I{} bash -c 'rate_chunk {}' > "$work/times"

differ=() failed=()
for c in "$work"/chunks/c????; do
  cmp -s "$c.a.json" "$c.b.json" || differ+=("$(basename "$c")")
  for who in a b; do
    [[ -e $c.$who.failed ]] && failed+=("$(basename "$c") ($who: status $(cat "$c.$who.failed"))")
  done
done

echo "Measured $(date -u '+%Y-%m-%d %H:%M UTC') on $(nproc) hardware threads" \
     "($(lscpu | sed -n 's/^Model name: *//p' | head -1)), load average before: $load_before," \
     "after: $(cut -d' ' -f1-3 /proc/loadavg)."
echo
echo "A: \`$a\`, B: \`$b\`; $(wc -l < "$work/puzzles") puzzles of $file in chunks of $chunk," \
     "$jobs at a time; \`rate --se --threads 1 --format json\`, CPU s (user + system)."
echo
# The per-chunk ratios sorted, for their median and quartiles (mawk has no sort of its own).
awk '$2 > 0 { print $3 / $2 }' "$work/times" | sort -g > "$work/ratios"
awk -v ratios="$work/ratios" '
  { sa += $2; sb += $3; n++ }
  END {
    while ((getline x < ratios) > 0) r[++m] = x
    printf "| chunks | A, CPU s | B, CPU s | B / A (sums) | B / A by chunk: median (quartiles) |\n"
    printf "|---:|---:|---:|---:|---|\n"
    printf "| %d | %.1f | %.1f | **%.3f** | %.3f (%.3f-%.3f) |\n", n, sa, sb, sb / sa,
           r[int((m + 1) / 2)], r[int((m + 3) / 4)], r[int((3 * m + 1) / 4)]
  }' "$work/times"
if ((${#failed[@]} > 0)); then
  echo
  echo "A build failed on chunks: ${failed[*]} (of $chunk puzzles each, from the first)."
fi
if ((${#differ[@]} > 0)); then
  echo
  echo "The ratings differ in chunks: ${differ[*]} (of $chunk puzzles each, from the first)."
fi
((${#failed[@]} == 0 && ${#differ[@]} == 0))
