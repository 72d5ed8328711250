#!/usr/bin/env python3
"""Our puzzles as facts for bench/clingo/sudoku.lp, and clingo's answers back as digit lines.

    facts.py facts [K] < TEXT     the K-th puzzle (from 1; default 1) of TEXT as ASP facts
    facts.py models < CLINGO      each model clingo printed, as one line of digits

TEXT is what build-bench/bin/fpuzzles_text writes (bench/fpuzzles_text.cpp): per puzzle the
reader's comment lines for its rules (docs/constraints.md, "The text form"), "# size N",
"# layout" (each cell's region, 1-9 then A-Z), optionally "# marks", then the givens as one
line. So the link is read by our program, not by a second decoder here. A rules line this
script does not know is an error naming it (exit 2), never dropped.

A model's line writes each cell's digit in decimal, one after the other (a 16x16's 10-16 take
two characters), as the published solutions in data/sudoku/variants/fpuzzles_links.txt are.
Standard library only.
"""

import re
import sys

KINDS = {
    "thermometer", "slow-thermometer", "arrow", "cage", "odd", "even", "difference", "ratio",
    "xv", "extra-region", "little-killer", "minimum", "maximum", "clone", "palindrome",
    "renban", "whispers", "between-line", "quadruple", "region-sum-line", "entropic-line",
    "modular-line", "zipper-line", "nabner", "double-arrow", "row-indexer", "column-indexer",
    "box-indexer", "sandwich", "x-sum", "skyscraper",
}
GLOBALS = {
    "nonconsecutive": "nonconsecutive", "negative-ratio": "negative_ratio",
    "negative-xv": "negative_xv", "disjoint-groups": "disjoint_groups",
    "diagonal+": "diagonal_plus", "diagonal-": "diagonal_minus",
}
# "# variant" words; jigsaw and killer come as the layout and the cages themselves.
VARIANTS = {"x": "x", "windoku": "windoku", "anti-knight": "antiknight",
            "anti-king": "antiking", "jigsaw": None, "killer": None}
CELL = re.compile(r"r(\d+)c(\d+)$")


def fail(message):
    print("facts.py: " + message, file=sys.stderr)
    sys.exit(2)


def symbol_value(ch):
    """1-9 then A-Z for 10..35; 0 for a blank ('.' or '0')."""
    if ch in ".0":
        return 0
    if ch.isdigit():
        return int(ch)
    if "A" <= ch.upper() <= "Z":
        return ord(ch.upper()) - ord("A") + 10
    fail("unexpected symbol %r" % ch)
    return 0


def puzzles(lines):
    """Each puzzle's block: its comment lines and its givens line."""
    comments = []
    for line in lines:
        line = line.rstrip("\n")
        if not line.strip():
            continue
        if line.startswith("#"):
            comments.append(line[1:].strip())
        else:
            yield comments, line.strip()
            comments = []


def facts(comments, givens):
    out = []
    size = None
    layout = None
    rules = []
    for text in comments:
        words = text.split()
        if not words:
            continue
        head = words[0]
        if head == "size":
            size = int(words[1])
        elif head == "layout":
            layout = words[1]
        elif head in ("line", "regions"):  # where it was read; the layout says the regions
            continue
        else:
            rules.append(words)
    if size is None or layout is None or len(layout) != size * size:
        fail("a puzzle without its '# size' and '# layout' lines")
    n = size

    def cell(word):
        m = CELL.match(word)
        if not m:
            fail("bad cell %r" % word)
        r, c = int(m.group(1)), int(m.group(2))
        if not (1 <= r <= n and 1 <= c <= n):
            fail("cell %s off the %dx%d board" % (word, n, n))
        return (r - 1) * n + (c - 1)

    out.append("size(%d)." % n)
    for k in range(n * n):
        out.append("cell(%d,%d,%d,%d)." % (k, k // n + 1, k % n + 1, symbol_value(layout[k])))
    if len(givens) != n * n:
        fail("givens of %d cells on a %dx%d board" % (len(givens), n, n))
    for k, ch in enumerate(givens):
        d = symbol_value(ch)
        if d:
            out.append("given(%d,%d)." % (k, d))
    number = 0
    for words in rules:
        head = words[0]
        if head == "variant":
            for name in re.split(r"[+,]", words[1]):
                if name not in VARIANTS:
                    fail("variant %r not encoded" % name)
                if VARIANTS[name]:
                    out.append("flag(%s)." % VARIANTS[name])
            continue
        if head == "marks":
            marks = words[1]
            if len(marks) != n * n * n:
                fail("marks of %d characters, not %d" % (len(marks), n * n * n))
            for k in range(n * n):
                out.append("marked(%d)." % k)
                for d in range(1, n + 1):
                    if marks[k * n + d - 1] != ".":
                        out.append("mark(%d,%d)." % (k, d))
            continue
        if head in GLOBALS:
            if len(words) != 1:
                fail("%r takes nothing after it" % " ".join(words))
            out.append("flag(%s)." % GLOBALS[head])
            continue
        if head not in KINDS:
            fail("rules line %r: kind %r not encoded" % (" ".join(words), head))
        number += 1
        first, second, values = [], [], []
        target = first
        for word in words[1:]:
            if word == "=":
                target = second
            elif CELL.match(word):
                target.append(cell(word))
            elif re.fullmatch(r"-?\d+", word):
                values.append(int(word))
            else:
                fail("rules line %r: cannot read %r" % (" ".join(words), word))
        kind = head.replace("-", "_")
        if kind == "cage" and values:  # a killer cage: its sum
            kind = "killer"
        out.append("kind(%d,%s)." % (number, kind))
        out.append("len(%d,%d)." % (number, len(first)))
        out.extend("at(%d,%d,%d)." % (number, p, k) for p, k in enumerate(first))
        out.extend("at2(%d,%d,%d)." % (number, p, k) for p, k in enumerate(second))
        out.extend("value(%d,%d,%d)." % (number, j, v) for j, v in enumerate(values))
    return "\n".join(out) + "\n"


def models(lines):
    """The digit line of each model in clingo's output (x(K,D) atoms after 'Answer: M')."""
    atoms = None
    result = []
    for line in lines:
        if line.startswith("Answer:"):
            atoms = []
            continue
        if atoms is not None:
            cells = {}
            for k, d in re.findall(r"x\((\d+),(\d+)\)", line):
                cells[int(k)] = int(d)
            result.append("".join(str(cells[k]) for k in sorted(cells)))
            atoms = None
    return result


def main():
    if len(sys.argv) < 2 or sys.argv[1] not in ("facts", "models"):
        fail("usage: facts.py facts [K] < TEXT | facts.py models < CLINGO_OUTPUT")
    if sys.argv[1] == "models":
        for line in models(sys.stdin):
            print(line)
        return
    want = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    for number, (comments, givens) in enumerate(puzzles(sys.stdin), 1):
        if number == want:
            sys.stdout.write(facts(comments, givens))
            return
    fail("no puzzle %d in the input" % want)


if __name__ == "__main__":
    main()
