#!/usr/bin/env python3
"""Writes minimum-cost exact-cover problems of the kind Knuth's DLX5 solves, in his format
(item names of at most 8 characters, "|n" costs), for bench/min-cost-vs-dlx5:

  assign-N     an N x N assignment problem: option "rI cJ |cost" for every row I, column J
  dominoes-RxC domino tilings of an R x C board, every domino a random cost
  queens-N     N non-attacking queens, diagonals secondary, every square a random cost

Costs are drawn from random.Random(seed) with the seed given, uniform in 0..99."""

import random
import sys


def assign(n, rng):
    lines = [" ".join(f"r{i}" for i in range(n)) + " " + " ".join(f"c{j}" for j in range(n))]
    for i in range(n):
        for j in range(n):
            lines.append(f"r{i} c{j} |{rng.randint(0, 99)}")
    return lines


def dominoes(rows, columns, rng):
    cell = lambda r, c: f"{r}.{c}"
    lines = [" ".join(cell(r, c) for r in range(rows) for c in range(columns))]
    for r in range(rows):
        for c in range(columns):
            if c + 1 < columns:
                lines.append(f"{cell(r, c)} {cell(r, c + 1)} |{rng.randint(0, 99)}")
            if r + 1 < rows:
                lines.append(f"{cell(r, c)} {cell(r + 1, c)} |{rng.randint(0, 99)}")
    return lines


def queens(n, rng):
    items = " ".join(f"r{i} c{i}" for i in range(n))
    diagonals = " ".join(f"a{d} b{d}" for d in range(2 * n - 1))
    lines = [f"{items} | {diagonals}"]
    for r in range(n):
        for c in range(n):
            lines.append(f"r{r} c{c} a{r + c} b{r - c + n - 1} |{rng.randint(0, 99)}")
    return lines


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: min_cost_problems.py NAME SEED  (NAME: assign-N, dominoes-RxC, queens-N)")
    name, seed = sys.argv[1], int(sys.argv[2])
    rng = random.Random(seed)
    kind, size = name.split("-")
    if kind == "assign":
        lines = assign(int(size), rng)
    elif kind == "dominoes":
        rows, columns = (int(x) for x in size.split("x"))
        lines = dominoes(rows, columns, rng)
    elif kind == "queens":
        lines = queens(int(size), rng)
    else:
        sys.exit(f"unknown problem {name}")
    print(f"| {name}, costs uniform in 0..99 from seed {seed}")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
