#!/usr/bin/env python3
"""Tilings written the way a user writes them, for bench/memo_bench.sh and by hand.

    bench/memo_inputs.py dominoes 16 16 [--shuffle SEED] > board.dlx
    bench/memo_inputs.py aztec 12 [--shuffle SEED] > diamond.dlx

Cells are named r<row>c<column> and listed row by row (r0c0, r0c1, ...), options in the same
order: not the narrow orders of `dlx --example`, which lists the short side or the diagonals
first. With --shuffle, items and options are put in a random order (Python's random, seeded),
and the cells inside each option too.
"""
import argparse
import random


def dominoes(rows, cols):
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    return cells, set(cells)


def aztec(n):
    # Rows -n..n-1; row y holds the cells whose centres (x + 1/2, y + 1/2) satisfy
    # |x + 1/2| + |y + 1/2| <= n.
    cells = []
    for y in range(-n, n):
        for x in range(-n, n):
            if abs(2 * x + 1) + abs(2 * y + 1) <= 2 * n:
                cells.append((y, x))
    return cells, set(cells)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("kind", choices=["dominoes", "aztec"])
    parser.add_argument("sizes", type=int, nargs="+")
    parser.add_argument("--shuffle", type=int, default=None, metavar="SEED")
    args = parser.parse_args()
    if args.kind == "dominoes":
        cells, inside = dominoes(args.sizes[0], args.sizes[1])
        lo = (0, 0)
    else:
        cells, inside = aztec(args.sizes[0])
        lo = min(cells)
    name = {cell: "r%dc%d" % (cell[0] - lo[0], cell[1] - min(c[1] for c in cells))
            for cell in cells}
    options = []
    for r, c in cells:
        for other in ((r, c + 1), (r + 1, c)):
            if other in inside:
                options.append([name[(r, c)], name[other]])
    items = [name[cell] for cell in cells]
    if args.shuffle is not None:
        rng = random.Random(args.shuffle)
        rng.shuffle(items)
        rng.shuffle(options)
        for option in options:
            rng.shuffle(option)
    print(" ".join(items))
    for option in options:
        print(" ".join(option))


if __name__ == "__main__":
    main()
