#!/usr/bin/env bash
# The MPI programs, run as users run them: `mpirun --oversubscribe -np 3`, checked against
# published counts and `dlx --count` / `sudoku count`. One case per call (ctest registers each):
#   mpi_test.sh CASE    with DLX, DLX_MPI, SUDOKU, SUDOKU_MPI, MPIRUN, DATA, WORK set by ctest.
set -u
case_name=$1
work="$WORK/$case_name"
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
run=("$MPIRUN" --oversubscribe)
[ "$(id -u)" = 0 ] && run+=(--allow-run-as-root)

fail() { echo "FAIL: $*"; exit 1; }
# expect_count WANT CMD...: the command prints WANT and exits 0.
expect_count() {
  local want=$1; shift
  local got
  got=$(timeout 120 "$@" 2> err.txt < /dev/null) || { cat err.txt; fail "$* exited with $?"; }
  [ "$got" = "$want" ] || { cat err.txt; fail "$*: got '$got', want '$want'"; }
  echo "ok: $* -> $got"
}
# the number of lines of err.txt that name the program (its own messages, not mpirun's)
messages() { grep -c "^$1: " err.txt; }

case $case_name in
queens12)  # 14,200 (OEIS A000170), on 3 ranks and on 1
  "$DLX" --example queens 12 > q12.dlx
  expect_count 14200 "${run[@]}" -np 3 "$DLX_MPI" --count q12.dlx
  expect_count 14200 "${run[@]}" -np 1 "$DLX_MPI" --count --threads 2 q12.dlx
  expect_count 14200 "$DLX" --count q12.dlx
  # --limit: exactly L, whatever the ranks found beyond it
  expect_count 1000 "${run[@]}" -np 3 "$DLX_MPI" --count --limit 1000 q12.dlx
  expect_count 14200 "${run[@]}" -np 3 "$DLX_MPI" --count --limit 20000 q12.dlx
  ;;
pentominoes)  # 9356 tilings of the 6x10 rectangle (4 symmetries x 2339)
  "$DLX" --example pentominoes 6x10 > p.dlx
  expect_count 9356 "${run[@]}" -np 3 "$DLX_MPI" --count p.dlx
  ;;
xcc)  # colours and multiplicities: the counts of ../shared/data/xcc/counts.tsv (brute force)
  while read -r file want; do
    [ -f "$DATA/dlx/xcc/$file" ] || continue
    expect_count "$want" "${run[@]}" -np 3 "$DLX_MPI" --count "$DATA/dlx/xcc/$file"
    checked=1
  done < <(grep -E '^(colour-110|colour-106|mult-101|mult-102|mult-105|mult-108)\.dlx' "$DATA/dlx/xcc/counts.tsv" 2>/dev/null)
  [ "${checked:-0}" = 1 ] || { echo "skipped: no data/dlx/xcc yet"; exit 0; }
  ;;
sudoku)  # 6x6 grids: 28,200,960 in all, so 28,200,960 / 6! = 39,168 with the first row 123456
  # (relabelling the digits maps the grids with any given first row onto these one to one)
  echo '123456..............................' | cut -c1-36 > row.txt
  expect_count 39168 "${run[@]}" -np 3 "$SUDOKU_MPI" count --box 2x3 row.txt
  expect_count 39168 "$SUDOKU" count --box 2x3 row.txt
  # 4x4: 288 grids, 12 with the first row 1234; a clash counts 0 (status 1); a bad line is
  # reported once and the others are still counted (status 2 wins)
  printf '1234............\n11..............\n12x4............\n................\n' > four.txt
  out=$(timeout 60 "${run[@]}" -np 3 "$SUDOKU_MPI" count four.txt 2> err.txt); status=$?
  [ "$status" = 2 ] || fail "status $status, want 2"
  [ "$out" = "$(printf '12\n0\n# four.txt:3: invalid input\n288')" ] || fail "got: $out"
  [ "$(messages sudoku-mpi)" = 2 ] || { cat err.txt; fail "want 2 messages (clash, bad line)"; }
  echo "ok: four.txt"
  # the rules of a "# variant" line are counted, not dropped: 4x4 grids whose two diagonals also
  # hold every digit, 48 of the 288 (a brute force over every 4x4 grid)
  printf '# variant x\n................\n' > x.txt
  expect_count 48 "${run[@]}" -np 3 "$SUDOKU_MPI" count x.txt
  expect_count 48 "$SUDOKU" count x.txt
  ;;
resume)  # killed with SIGKILL after a few records, resumed: the exact count
  "$DLX" --example queens 14 > q14.dlx  # 365,596
  "${run[@]}" -np 3 "$DLX_MPI" --count --split 100 --checkpoint q.ckpt q14.dlx > /dev/null 2>&1 &
  pid=$!
  for _ in $(seq 600); do
    [ "$(grep -c '^done' q.ckpt 2>/dev/null)" -ge 5 ] 2>/dev/null && break
    sleep 0.05
  done
  # the ranks are mpirun's children (they may sit in process groups of their own): kill them
  # first, so that none outlives mpirun and finishes the count
  kill -KILL $(ps -o pid= --ppid "$pid") "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  sleep 0.5
  done_lines=$(grep -c '^done' q.ckpt)
  total=$(sed -n 's/.*subproblems \([0-9]*\)$/\1/p' q.ckpt)
  [ "$done_lines" -ge 5 ] || fail "only $done_lines records before the kill"
  [ "$done_lines" -lt "$total" ] || fail "the count finished before the kill ($done_lines of $total)"
  printf 'done 1 3 cou' >> q.ckpt  # a record cut short by the kill
  expect_count 365596 "${run[@]}" -np 2 "$DLX_MPI" --count --checkpoint q.ckpt q14.dlx
  [ "$(grep -c '^done' q.ckpt)" = "$total" ] || fail "not every subproblem recorded once"
  echo "ok: $done_lines of $total subproblems resumed"
  expect_count 365596 "${run[@]}" -np 3 "$DLX_MPI" --count --checkpoint q.ckpt q14.dlx  # all done
  ;;
refused)  # a foreign or corrupt checkpoint, and bad input: one message, status 2 on every rank
  "$DLX" --example queens 8 > q8.dlx
  "$DLX" --example queens 9 > q9.dlx
  expect_count 92 "${run[@]}" -np 3 "$DLX_MPI" --count --checkpoint q8.ckpt q8.dlx
  check_refused() {  # PATTERN CMD...
    local pattern=$1; shift
    timeout 60 "$@" > out.txt 2> err.txt; local status=$?
    [ "$status" = 2 ] || { cat err.txt; fail "$*: status $status, want 2"; }
    [ "$(messages dlx-mpi)" = 1 ] || { cat err.txt; fail "$*: want one message"; }
    grep -q -- "$pattern" err.txt || { cat err.txt; fail "$*: no '$pattern'"; }
    [ -s out.txt ] && fail "$*: printed a count"
    echo "ok: refused: $(grep '^dlx-mpi' err.txt)"
  }
  check_refused "q8.ckpt:2: the checkpoint is of another problem" "${run[@]}" -np 3 "$DLX_MPI" --count --checkpoint q8.ckpt q9.dlx
  cp q8.ckpt bad.ckpt && echo 'done 1 x count 1 nodes 1 updates 1 solutions 1 path' >> bad.ckpt
  check_refused "bad.ckpt:[0-9]*: subproblem 'x'" "${run[@]}" -np 3 "$DLX_MPI" --count --checkpoint bad.ckpt q8.dlx
  printf 'hello\n' > text.ckpt
  check_refused "text.ckpt:1: not a dlx checkpoint" "${run[@]}" -np 3 "$DLX_MPI" --count --checkpoint text.ckpt q8.dlx
  printf 'a b\nc\n' > bad.dlx
  check_refused "bad.dlx:2:1: unknown item 'c'" "${run[@]}" -np 3 "$DLX_MPI" --count bad.dlx
  check_refused "missing.dlx: cannot open" "${run[@]}" -np 3 "$DLX_MPI" --count missing.dlx
  ;;
*) fail "unknown case $case_name" ;;
esac
