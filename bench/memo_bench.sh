#!/bin/sh
# Counting by memo against plain counting and Knuth's DLX6 (when built in /tmp, see
# bench/README.md), whole process, one thread: CPU seconds (user + system) and peak memory,
# median of 3 runs (1 run past 20 s). Writes a Markdown table on standard output.
#   bench/memo_bench.sh build/bin/dlx [/tmp/dlx6/dlx6] > bench/results/memo.md
set -eu
dlx=${1:?usage: bench/memo_bench.sh path/to/dlx [path/to/dlx6]}
dlx6=${2:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Right trominoes in a rows x columns rectangle, cells column by column (the short side first).
trominoes() {
  python3 - "$1" "$2" <<'PY'
import sys
rows, cols = int(sys.argv[1]), int(sys.argv[2])
order = [(r, c) for c in range(cols) for r in range(rows)]
index = {cell: k for k, cell in enumerate(order)}
name = lambda cell: "r%dc%d" % cell
print(" ".join(name(cell) for cell in order))
pieces = []
for r in range(rows - 1):
    for c in range(cols - 1):
        square = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
        for out in range(4):
            pieces.append(sorted((index[x] for i, x in enumerate(square) if i != out)))
for piece in sorted(pieces):
    print(" ".join(name(order[k]) for k in piece))
PY
}

# "seconds max_kb output" of one run of: $@ < file
measure() {
  file=$1
  shift
  /usr/bin/time -f "%U %S %M" -o "$work/time" "$@" < "$file" > "$work/out" 2> "$work/err" || true
  read -r user sys kb < "$work/time"
  echo "$(echo "$user + $sys" | bc) $kb"
}

median() {  # median CPU seconds and its peak memory over runs of: file command...
  file=$1
  shift
  first=$(measure "$file" "$@")
  seconds=${first%% *}
  if [ "$(echo "$seconds > 20" | bc)" = 1 ]; then
    echo "$first"
    return
  fi
  { echo "$first"; measure "$file" "$@"; measure "$file" "$@"; } | sort -n | sed -n 2p
}

cell() {  # "1.23 s, 45 MB"; /usr/bin/time counts in 10 ms steps
  set -- $1
  if [ "$(echo "$1 < 0.01" | bc)" = 1 ]; then
    printf '< 0.01 s, %d MB' $(( $2 / 1024 ))
  else
    printf '%.2f s, %d MB' "$1" $(( $2 / 1024 ))
  fi
}

echo "| problem | covers | \`dlx --count --memo\` | \`dlx --count\` (plain) | Knuth's DLX6 | DLX6 ÷ memo |"
echo "|---|---:|---:|---:|---:|---:|"
row() {  # label file plain?
  label=$1 file=$2 plain=$3
  memo=$(median "$file" "$dlx" --count --memo)
  count=$(cat "$work/out")
  memo_cell=$(cell "$memo")
  plain_cell="—"
  [ "$plain" = yes ] && plain_cell=$(cell "$(median "$file" "$dlx" --count --threads 1)")
  knuth_cell="not built"
  ratio="—"
  if [ -n "$dlx6" ]; then
    knuth=$(median "$file" "$dlx6")
    knuth_count=$(sed -n 's/^Altogether \([0-9]*\) solution.*/\1/p' "$work/err")
    knuth_cell="$(cell "$knuth"), prints $knuth_count"
    if [ "$(echo "${memo%% *} >= 0.01" | bc)" = 1 ]; then
      ratio=$(printf '×%.1f' "$(echo "${knuth%% *} / ${memo%% *}" | bc -l)")
    fi
  fi
  echo "| $label | $count | $memo_cell | $plain_cell | $knuth_cell | $ratio |"
}

"$dlx" --example dominoes 8x8 > "$work/d8"
"$dlx" --example dominoes 12x12 > "$work/d12"
"$dlx" --example dominoes 14x14 > "$work/d14"
"$dlx" --example dominoes 16x16 > "$work/d16"
"$dlx" --example aztec 12 > "$work/a12"
"$dlx" --example queens 12 > "$work/q12"
trominoes 6 15 > "$work/t615"
row "dominoes 8x8" "$work/d8" yes
row "dominoes 12x12" "$work/d12" no
row "dominoes 14x14" "$work/d14" no
row "dominoes 16x16" "$work/d16" no
row "Aztec diamond, order 12" "$work/a12" no
row "right trominoes 6x15" "$work/t615" yes
row "12-queens" "$work/q12" yes
echo
echo "15-queens, plain count on one thread (the plain search is untouched by the memo):" \
  "$(cell "$(median "$(mktemp -p "$work")" sh -c "'$dlx' --example queens 15 | '$dlx' --count --threads 1")")"
echo
# Items as a user writes them (bench/memo_inputs.py: cells row by row, and the same shuffled):
# the order the memo chooses against the order given, which is today's behaviour (cut at 120 s),
# and the 6x10 pentominoes, where the memo gives way to the plain count.
inputs=$(dirname "$0")/memo_inputs.py
echo "| problem, items as written | covers | \`--memo\` (order chosen) | \`--memo --order given\` |"
echo "|---|---:|---:|---:|"
given_row() {  # label file
  memo=$(median "$2" "$dlx" --count --memo)
  count=$(cat "$work/out")
  given=$(median "$2" timeout 120 "$dlx" --count --memo --order given)
  [ "$(cat "$work/out")" = "$count" ] || given="$given (cut at 120 s)"
  echo "| $1 | $count | $(cell "$memo") | $(cell "${given%% (*}")${given#"${given%% (*}"} |"
}
for shape in "aztec 12" "dominoes 16 16" "dominoes 20 20"; do
  python3 "$inputs" $shape > "$work/rows"
  python3 "$inputs" $shape --shuffle 1 > "$work/shuffled"
  given_row "$shape, row by row" "$work/rows"
  given_row "$shape, shuffled (seed 1)" "$work/shuffled"
done
"$dlx" --example pentominoes 6x10 > "$work/p610"
echo
echo "6x10 pentominoes: --count --memo $(cell "$(median "$work/p610" "$dlx" --count --memo)")," \
  "--count --threads 1 $(cell "$(median "$work/p610" "$dlx" --count --threads 1)")"
echo
echo "Machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) logical CPUs," \
  "load average $(cut -d' ' -f1-3 /proc/loadavg) at the end. CPU time is user + system of the whole process."
