// The page in a real browser: headless Chromium loads the built site from a local server and is
// driven as a player would (keys, clicks, links); what the page shows is read back from the DOM
// and judged by checkers written here, which share nothing with the engine: the Sudoku rules
// (and the variants' rules, read from the example files by docs/variants.md), the givens kept,
// known solutions, a brute-force count, the validator's wording. Where the answer is the
// library's own judgement (a chain's nodes, the SE rating, an error's position), the native
// sudoku program, run here on the same input, is the reference: the page must show what it says.
//
//   node page_test.mjs SITE_DIR CHROMIUM SCREENSHOT_DIR SUDOKU_PROGRAM
// (PAGE_TEST_ONLY=REGEX in the environment: only the cases whose names match.)
// Each case prints "ok - name" or "not ok - name: why"; the exit status is 1 if any failed.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { launch, serve } from "./browser.mjs";

const [site, chromium, shots, cli] = process.argv.slice(2).map((a, i) => (i === 1 ? a : resolve(a)));
if (!site || !chromium || !shots || !cli) {
  console.error("usage: node page_test.mjs SITE_DIR CHROMIUM SCREENSHOT_DIR SUDOKU_PROGRAM");
  process.exit(2);
}
const variantsDir = join(dirname(fileURLToPath(import.meta.url)), "../../data/sudoku/variants");
mkdirSync(shots, { recursive: true });

// ---- independent facts and checkers ----------------------------------------------------------

const wikipedia = {   // Wikipedia's "Sudoku" article: the puzzle and its published solution
  puzzle: "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
  solution: "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
};
// The solution above with two "deadly rectangles" emptied: 2 x 2 = 4 solutions (brute force
// below confirms it before the page is asked).
const fourSolutions = "534..89126721953..198342567859..14234268537917139248569615372..287419635345286179";
const sixBySix = "2....6....5......1..36......435.....";
const sixteen = ".5.6C1.......8E...F4.G9.C...A..5D..C.....E.9F..BE9...F...7....D.3C..F.....E..1B..8...2......DG.C56.F.D..1B.4EA..B.21...9G3.C7F..4...79.8.C....6F......G.D.B.9.8.....DB1....F3EC...3.25.67......1A78....1B..2C.G..EC..6....87.3..1..3...A9.CE....F..B.......D..A7";

const value = (ch) => (ch === "." || ch === "0" || ch === "" ? 0 : parseInt(ch, 36));
function shapeOf(cells) {
  const n = Math.round(Math.sqrt(cells));
  const shapes = { 4: [2, 2], 6: [2, 3], 8: [2, 4], 9: [3, 3], 12: [3, 4], 16: [4, 4] };
  return { n, rows: shapes[n][0], cols: shapes[n][1] };
}
function units({ n, rows, cols }) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const row = [], col = [], box = [];
    const r0 = Math.floor(i / rows) * rows, c0 = (i % rows) * cols;
    for (let k = 0; k < n; k++) {
      row.push(i * n + k); col.push(k * n + i);
      box.push((r0 + Math.floor(k / cols)) * n + c0 + (k % cols));
    }
    out.push({ name: `row ${i + 1}`, cells: row }, { name: `column ${i + 1}`, cells: col },
             { name: `box ${i + 1}`, cells: box });
  }
  return out;
}
/// Why `grid` does not solve `puzzle` (rules and givens), or "" when it does.
function whyNotSolution(puzzle, grid) {
  if (grid.length !== puzzle.length) return `length ${grid.length}, expected ${puzzle.length}`;
  const shape = shapeOf(puzzle.length);
  for (let i = 0; i < puzzle.length; i++) {
    const v = value(grid[i]);
    if (!(v >= 1 && v <= shape.n)) return `cell ${i} holds '${grid[i]}'`;
    if (value(puzzle[i]) && value(puzzle[i]) !== v) return `given at cell ${i} changed`;
  }
  for (const u of units(shape)) {
    if (new Set(u.cells.map((c) => grid[c])).size !== shape.n) return `a digit repeats in ${u.name}`;
  }
  return "";
}
/// Brute-force count of a 9x9 puzzle's solutions, up to `limit`.
function bruteCount(puzzle, limit = 10) {
  const g = Array.from(puzzle, value), us = units(shapeOf(81));
  const unitsOf = g.map((_, c) => us.filter((u) => u.cells.includes(c)));
  let found = 0;
  (function fill() {
    const c = g.indexOf(0);
    if (c < 0) { found++; return; }
    for (let d = 1; d <= 9 && found < limit; d++) {
      if (unitsOf[c].some((u) => u.cells.some((x) => g[x] === d))) continue;
      g[c] = d; fill(); g[c] = 0;
    }
  })();
  return found;
}
const cellOf = (name, n) => {
  const m = /^r(\d+)c(\d+)$/.exec(name);
  return (Number(m[1]) - 1) * n + Number(m[2]) - 1;
};

// ---- variants: the example files read by docs/variants.md, and the rules checked cell by cell

/// The first puzzle of data/sudoku/variants/NAME.txt with the rules before it.
function firstExample(name) {
  const text = readFileSync(join(variantsDir, `${name}.txt`), "utf8");
  const rules = { regions: null, cages: [], flags: [] };
  const lines = text.split("\n");
  for (const [i, raw] of lines.entries()) {
    const t = raw.trim();
    let m;
    if ((m = /^#\s*regions\s+(.*)$/.exec(t))) {
      rules.regions = [...m[1].replace(/\s/g, "")].map((ch) => parseInt(ch, 36) - 1);
    } else if ((m = /^#\s*cage\s+(\d+)\s+(.*)$/.exec(t))) {
      rules.cages.push({ sum: Number(m[1]), cells: m[2].split(/\s+/).map((c) => cellOf(c, 9)) });
    } else if ((m = /^#\s*variant\s+(\S+)/.exec(t))) {
      rules.flags = m[1].split("+");
    } else if (/^[.0-9]{81}$/.test(t)) {
      // `own`: the file up to this puzzle, its rules lines included (the program's input for it
      // alone).
      return { name, text, own: `${lines.slice(0, i + 1).join("\n")}\n`, puzzle: t, ...rules };
    }
  }
  throw new Error(`no puzzle in ${name}.txt`);
}
const boxOf = (cell) => Math.floor(cell / 27) * 3 + Math.floor((cell % 9) / 3);
const diagonalCells = () => new Set([...Array(9).keys()].flatMap((k) => [k * 10, k * 9 + 8 - k]));
const windowCells = () => new Set([1, 5].flatMap((r0) => [1, 5].flatMap((c0) =>
  [0, 1, 2].flatMap((dr) => [0, 1, 2].map((dc) => (r0 + dr) * 9 + c0 + dc)))));
/// Why `grid` does not solve the example `ex` under its rules, or "" when it does: 9x9 only.
function whyNotVariantSolution(ex, grid) {
  if (!/^[1-9]{81}$/.test(grid)) return `not a full grid: ${grid}`;
  for (let i = 0; i < 81; i++) {
    if (ex.puzzle[i] !== "." && ex.puzzle[i] !== grid[i]) return `given at cell ${i} changed`;
  }
  const groups = new Map();
  const add = (name, cell) => groups.set(name, [...(groups.get(name) || []), cell]);
  for (let c = 0; c < 81; c++) {
    add(`row ${Math.floor(c / 9) + 1}`, c);
    add(`column ${(c % 9) + 1}`, c);
    add(`region ${ex.regions ? ex.regions[c] + 1 : boxOf(c) + 1}`, c);
  }
  if (ex.flags.includes("x")) for (let k = 0; k < 9; k++) { add("diagonal 1", k * 10); add("diagonal 2", k * 8 + 8); }
  if (ex.flags.includes("windoku")) {
    for (const c of windowCells()) add(`window at ${Math.floor(c / 9) < 5 ? "top" : "bottom"} ${c % 9 < 5 ? "left" : "right"}`, c);
  }
  for (const [name, cells] of groups) {
    if (cells.length !== 9) return `test data: ${name} has ${cells.length} cells`;
    if (new Set(cells.map((c) => grid[c])).size !== 9) return `a digit repeats in ${name}`;
  }
  for (const cage of ex.cages) {
    const digits = cage.cells.map((c) => Number(grid[c]));
    if (new Set(digits).size !== digits.length) return `cage at cell ${cage.cells[0]} repeats a digit`;
    const sum = digits.reduce((a, b) => a + b, 0);
    if (sum !== cage.sum) return `cage at cell ${cage.cells[0]} adds up to ${sum}, not ${cage.sum}`;
  }
  return "";
}

// ---- the sudoku program, run on the same input as the page --------------------------------

/// Runs the program on `text` (written to a file); {status, stdout, stderr, file}.
function program(args, text) {
  const dir = mkdtempSync(join(tmpdir(), "dlx-web-cli-"));
  const file = join(dir, "input.txt");
  writeFileSync(file, text);
  const r = spawnSync(cli, [...args, file], { encoding: "utf8" });
  rmSync(dir, { recursive: true, force: true });
  if (r.error) throw new Error(`${cli}: ${r.error.message}`);
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, file };
}

// ---- the run ---------------------------------------------------------------------------------

const server = await serve(site);
const browser = await launch(chromium);
let failures = 0;
// PAGE_TEST_ONLY=regex runs only the cases whose names match (while working on one part).
const chosen = process.env.PAGE_TEST_ONLY ? new RegExp(process.env.PAGE_TEST_ONLY) : null;
async function test(name, body) {
  if (chosen && !chosen.test(name)) return;
  try {
    await body();
    console.log(`ok - ${name}`);
  } catch (err) {
    failures++;
    console.log(`not ok - ${name}: ${err.message}`);
  }
}
function expect(condition, why) { if (!condition) throw new Error(why); }
const shot = (name) => browser.screenshot(join(shots, `${name}.png`), writeFileSync);
const gridValues = () => browser.eval(
  `[...document.querySelectorAll("#grid .cell")].map((c) => c.dataset.value || ".").join("")`);
const message = () => browser.eval(`document.getElementById("message").textContent`);
const timingText = () => browser.eval(`document.getElementById("timing").textContent`);
const classed = (cls) => browser.eval(
  `[...document.querySelectorAll("#grid .cell.${cls}")].map((c) => Number(c.dataset.cell))`);

await test("typing a puzzle and pressing Solve shows its solution", async () => {
  await browser.goto(server.url);
  await browser.click("#grid .cell[data-cell='0']");
  for (let r = 0; r < 9; r++) {
    for (let c = 0; c < 9; c++) {
      const ch = wikipedia.puzzle[r * 9 + c];
      if (ch !== ".") await browser.press(ch);
      await browser.press("ArrowRight");     // the ninth wraps to the row's first cell
    }
    await browser.press("ArrowDown");
  }
  const typed = await gridValues();
  expect(typed === wikipedia.puzzle, `typed grid reads ${typed}`);
  await shot("1-typed");
  await browser.click("#solve");
  const solved = await gridValues();
  const why = whyNotSolution(wikipedia.puzzle, solved);
  expect(!why, `the grid shown is no solution: ${why}`);
  expect(solved === wikipedia.solution, `solution differs from the published one: ${solved}`);
  expect(/unique/.test(await message()), `message: ${await message()}`);
  expect(/solved .*in [\d.]+ (µs|ms)/.test(await timingText()), `no timing shown: ${await timingText()}`);
  const solvedCells = await classed("solved");
  expect(solvedCells.length === 81 - 30, `${solvedCells.length} cells marked as solved, expected 51`);
  await shot("2-solved");
});

await test("Count says 4 solutions for a puzzle with four", async () => {
  expect(bruteCount(fourSolutions) === 4, "brute force does not find 4 (test data wrong)");
  await browser.goto(server.url);
  await browser.eval(`document.querySelector("details.paste").open = true;
    document.getElementById("text").value = ${JSON.stringify(fourSolutions)}`);
  await browser.click("#load");
  expect(await gridValues() === fourSolutions, "the pasted puzzle is not on the grid");
  await browser.click("#count");
  const text = await message();
  expect(/\b4 solutions\b/.test(text) && /Several/.test(text), `message: ${text}`);
  await shot("3-count-four");
  await browser.click("#solve");
  const grid = await gridValues();
  expect(!whyNotSolution(fourSolutions, grid), `Solve shows no solution: ${whyNotSolution(fourSolutions, grid)}`);
  expect(/one of several solutions/.test(await message()), `after Solve: ${await message()}`);
});

await test("pasting a printed 4x4 grid onto the page loads it and switches the size", async () => {
  const printed = "+-----+-----+\n| 1 2 | . . |\n| . . | . . |\n+-----+-----+\n| . 3 | . . |\n| . . | . 2 |\n+-----+-----+\n";
  await browser.goto(server.url);
  await browser.eval(`(() => { const data = new DataTransfer(); data.setData("text/plain", ${JSON.stringify(printed)});
    document.getElementById("grid").dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true })); })()`);
  expect(await gridValues() === "12.......3.....2", `grid after paste: ${await gridValues()}`);
  expect(await browser.eval(`document.getElementById("size").value`) === "2x2", "size menu not 4x4");
  await browser.click("#solve");
  const grid = await gridValues();
  expect(!whyNotSolution("12.......3.....2", grid), `4x4: ${whyNotSolution("12.......3.....2", grid)}`);
});

await test("Count says unique for a puzzle with one solution", async () => {
  await browser.goto(`${server.url}?puzzle=${wikipedia.puzzle}&action=count`);
  const text = await message();
  expect(/Unique/.test(text), `message: ${text}`);
});

await test("stepping through an explanation highlights each step's cells, unit and marks", async () => {
  await browser.goto(`${server.url}?puzzle=${wikipedia.puzzle}&action=explain`);
  const steps = await browser.eval(`[...document.querySelectorAll("#step-list li")].length`);
  expect(steps >= 40, `only ${steps} steps listed`);
  const n = 9, us = units(shapeOf(81));
  await browser.eval(`document.getElementById("grid").focus()`);
  let shotTaken = false;
  for (let k = 1; k <= Math.min(steps, 25); k++) {
    const counter = await browser.eval(`document.getElementById("step-counter").textContent`);
    expect(counter === `${k} / ${steps}`, `step counter reads '${counter}' at step ${k}`);
    const text = await browser.eval(`document.getElementById("step-text").textContent`);
    // "Hidden single: 7 → r5c2 in box 4" / "Naked single: 5 → r5c5"
    const m = /^(Naked|Hidden) single: (\w) → (r\dc\d)(?: in (row|column|box) (\d))?$/.exec(text);
    expect(m, `step ${k} reads '${text}'`);
    // The step's SE value says it is the step's, not the puzzle's rating (Rate's ER/EP/ED).
    const se = await browser.eval(`document.getElementById("step-se").textContent`);
    expect(/^This step: SE \d+\.\d$/.test(se), `step ${k}: its SE reads '${se}'`);
    const cell = cellOf(m[3], n);
    expect(wikipedia.solution[cell] === m[2], `step ${k} places ${m[2]} in ${m[3]}, the solution has ${wikipedia.solution[cell]}`);
    const placed = await classed("placed");
    expect(placed.length === 1 && placed[0] === cell, `step ${k}: placed cells ${placed}, expected ${cell}`);
    const shown = await browser.eval(`document.querySelector("#grid .cell.placed").dataset.placed`);
    expect(shown === m[2], `step ${k}: the placed cell shows ${shown}`);
    const pattern = await classed("step-cell");
    expect(pattern.length === 1 && pattern[0] === cell, `step ${k}: pattern cells ${pattern}`);
    const unit = (await classed("step-unit")).sort((a, b) => a - b);
    if (m[4]) {
      const expected = us.find((u) => u.name === `${m[4]} ${m[5]}`).cells.filter((c) => c !== cell).sort((a, b) => a - b);
      expect(JSON.stringify(unit) === JSON.stringify(expected),
             `step ${k}: unit cells ${unit}, expected ${m[4]} ${m[5]}: ${expected}`);
      if (m[1] === "Hidden") {
        // A hidden single: no other cell of the unit may still hold the digit in pencil.
        const others = await browser.eval(`[...document.querySelectorAll("#grid .cell.step-unit .marks span[data-digit='${m[2]}']")].length`);
        expect(others === 0, `step ${k}: ${others} other cells of the unit still show ${m[2]}`);
      }
    } else {
      expect(unit.length === 0, `step ${k}: a naked single highlights a unit`);
      const marks = await browser.eval(`[...document.querySelectorAll("#grid .cell.placed .marks span")].length`);
      expect(marks === 0, `step ${k}: marks inside the placed cell`);
    }
    // Pencil marks: every blank cell shows its true digit among its candidates.
    const pencils = await browser.eval(`[...document.querySelectorAll("#grid .cell")].map((c) =>
      [Number(c.dataset.cell), c.dataset.value, [...c.querySelectorAll(".marks span[data-digit]")].map((s) => s.dataset.digit).join("")])`);
    for (const [c, v, marks] of pencils) {
      if (c === cell) continue;
      if (!v) expect(marks.includes(wikipedia.solution[c]), `step ${k}: r${Math.floor(c / 9) + 1}c${c % 9 + 1} has marks ${marks}, lacking ${wikipedia.solution[c]}`);
      else expect(v === wikipedia.solution[c], `step ${k}: a filled cell disagrees with the solution`);
    }
    if (!shotTaken) { await shot("4-explain-step"); shotTaken = true; }
    await browser.press("PageDown");
  }
  await browser.press("PageUp");
  const back = await browser.eval(`document.getElementById("step-counter").textContent`);
  expect(back === `25 / ${steps}`, `PageUp went to '${back}'`);
  await browser.click("#last-step");
  const end = await gridValues();
  expect(end === wikipedia.solution, `the end of the explanation shows ${end}`);
  expect(/Solved by logic/.test(await message()), `outcome: ${await message()}`);
});

await test("an explanation that needs eliminations shows the candidates removed", async () => {
  // A puzzle the singles cannot finish (from the project's hard samples): some step removes
  // candidates; each one struck out must not be the cell's digit in the solution.
  // Norvig's "hard" example and its published solution (checked against the rules here).
  const hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
  const solution = "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
  expect(!whyNotSolution(hard, solution), "test data: the solution breaks the rules");
  await browser.goto(`${server.url}?puzzle=${hard}&action=explain`);
  const total = await browser.eval(`[...document.querySelectorAll("#step-list li")].length`);
  expect(total > 0, "no steps");
  let seen = 0;
  for (let k = 1; k <= total; k++) {
    await browser.eval(`document.querySelectorAll("#step-list li button")[${k - 1}].click()`);
    const removed = await browser.eval(`[...document.querySelectorAll("#grid .marks span.removed")].map((s) =>
      [Number(s.closest(".cell").dataset.cell), s.dataset.digit])`);
    if (removed.length === 0) continue;
    for (const [c, d] of removed) {
      expect(solution[c] !== d, `step ${k} removes ${d} from cell ${c}, its digit in the solution`);
    }
    const pattern = await classed("step-cell");
    expect(pattern.length >= 2, `step ${k} removes candidates with a pattern of ${pattern.length} cells`);
    if (seen === 0) await shot("5-explain-elimination");
    seen += removed.length;
  }
  expect(seen > 0, "no step showed a removed candidate");
});

await test("clashing givens are marked with the validator's message", async () => {
  const clash = "53..3....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
  await browser.goto(`${server.url}?puzzle=${clash}`);
  const text = await message();
  expect(text.includes("digit 3 twice in row 1 (r1c2 and r1c5)"), `message: ${text}`);
  const conflicts = await classed("conflict");
  expect(JSON.stringify(conflicts) === "[1,4]", `conflict cells ${conflicts}`);
  await browser.click("#solve");
  expect((await message()).includes("digit 3 twice in row 1"), `after Solve: ${await message()}`);
  await shot("6-clash");
});

await test("a puzzle with no solution says so and marks the cell", async () => {
  const stuck = "12345678.........9" + ".".repeat(63);
  await browser.goto(`${server.url}?puzzle=${stuck}&action=solve`);
  const text = await message();
  expect(/no solution/.test(text) && text.includes("r1c9"), `message: ${text}`);
  expect(JSON.stringify(await classed("conflict")) === "[8]", `marked ${await classed("conflict")}`);
});

await test("a link with ?puzzle=...&action=solve shows the solution", async () => {
  await browser.goto(`${server.url}?puzzle=${wikipedia.puzzle}&action=solve`);
  expect(await gridValues() === wikipedia.solution, "not the published solution");
  await shot("7-link-solve");
});

await test("4x4, 6x6 and 16x16 puzzles load from links and solve within the rules", async () => {
  for (const [puzzle, extra] of [["12.......3.....2", "&size=4"], [sixBySix, "&box=2x3"], [sixteen, ""]]) {
    await browser.goto(`${server.url}?puzzle=${puzzle}${extra}&action=solve`);
    const grid = await gridValues();
    const why = whyNotSolution(puzzle, grid);
    expect(!why, `${puzzle.length} cells: ${why}`);
  }
  await shot("8-sixteen");
});

await test("a bad link names the problem", async () => {
  await browser.goto(`${server.url}?puzzle=53..7@`);
  const text = await message();
  expect(/^puzzle:1:6: /.test(text), `message: ${text}`);
});

await test("Generate makes a puzzle with exactly one solution, Rate rates it", async () => {
  await browser.goto(server.url);
  await browser.eval(`document.getElementById("seed").value = "7"`);
  await browser.click("#generate");
  await browser.waitFor(`!document.body.dataset.busy`);
  const puzzle = await gridValues();
  expect(/^New puzzle \(seed 7\)/.test(await message()), `message: ${await message()}`);
  expect(bruteCount(puzzle, 2) === 1, "the generated puzzle is not unique by brute force");
  await browser.click("#rate");
  expect(/^Difficulty: (easy|medium|hard|expert|beyond)/.test(await message()), `rate: ${await message()}`);
});

await test("the page reads on a phone-width screen", async () => {
  await browser.viewport(390, 844, true);
  await browser.goto(`${server.url}?puzzle=${wikipedia.puzzle}&action=explain`);
  const width = await browser.eval(`document.getElementById("grid").getBoundingClientRect().right`);
  const scroll = await browser.eval(`document.documentElement.scrollWidth`);
  expect(width <= 390 && scroll <= 390, `grid right edge ${width}, page width ${scroll}`);
  await shot("9-phone");
  await browser.viewport(1100, 900);
});

// ---- variants ------------------------------------------------------------------------------

// Chooses a variant in the menu, as a user does, and waits for its example (jigsaw, killer).
async function chooseVariant(name) {
  await browser.eval(`(() => { const m = document.getElementById("variant"); m.value = ${JSON.stringify(name)};
    m.dispatchEvent(new Event("change")); })()`);
  await browser.waitFor(`!document.body.dataset.busy`);
}
const classesOf = (cls) => classed(cls).then((cells) => new Set(cells));
const sameSet = (a, b) => a.size === b.size && [...a].every((x) => b.has(x));

await test("the variant menu draws each variant: regions, diagonals, windows, cages, notes", async () => {
  for (const name of ["classic", "x", "windoku", "anti-knight", "anti-king", "jigsaw", "killer"]) {
    await browser.goto(server.url);
    await chooseVariant(name);
    const shown = await browser.eval(`document.getElementById("variant").value`);
    expect(shown === name, `${name}: the menu reads ${shown}`);
    const ex = ["jigsaw", "killer"].includes(name) ? firstExample(name) : null;
    if (ex) expect(await gridValues() === ex.puzzle, `${name}: the grid is not the first example: ${await gridValues()}`);
    // Thick borders exactly between cells of different regions (boxes, or the example's).
    const region = (c) => (ex && ex.regions ? ex.regions[c] : boxOf(c));
    const left = await classesOf("box-left"), top = await classesOf("box-top");
    for (let c = 0; c < 81; c++) {
      const wantLeft = c % 9 > 0 && region(c) !== region(c - 1), wantTop = c >= 9 && region(c) !== region(c - 9);
      expect(left.has(c) === wantLeft, `${name}: cell ${c} ${wantLeft ? "lacks" : "has"} a thick left border`);
      expect(top.has(c) === wantTop, `${name}: cell ${c} ${wantTop ? "lacks" : "has"} a thick top border`);
    }
    const diagonal = await classesOf("diagonal"), window = await classesOf("window");
    expect(sameSet(diagonal, name === "x" ? diagonalCells() : new Set()), `${name}: diagonal cells ${[...diagonal]}`);
    expect(sameSet(window, name === "windoku" ? windowCells() : new Set()), `${name}: window cells ${[...window]}`);
    const note = await browser.eval(`document.getElementById("rules-note").hidden ? "" : document.getElementById("rules-note").textContent`);
    const notes = { classic: /^$/, x: /diagonal/, windoku: /window/, "anti-knight": /knight's move/, "anti-king": /king's diagonal/, jigsaw: /region/, killer: /cage/ };
    expect(notes[name].test(note), `${name}: the note reads '${note}'`);
    // Cages: one dotted path per cage, every corner of it inside the cage's cells, its sum in
    // the cage's top-left cell.
    const cages = await browser.eval(`[...document.querySelectorAll("#cage-layer path.cage")].map((p) =>
      ({ cells: p.dataset.cells, d: p.getAttribute("d"), dash: getComputedStyle(p).strokeDasharray }))`);
    const sums = await browser.eval(`[...document.querySelectorAll("#cage-layer text.cage-sum")].map((t) => [t.dataset.cell, t.textContent])`);
    const want = ex ? ex.cages : [];
    expect(cages.length === want.length && sums.length === want.length, `${name}: ${cages.length} cage paths and ${sums.length} sums for ${want.length} cages`);
    want.forEach((cage, k) => {
      const names = cage.cells.map((c) => `r${Math.floor(c / 9) + 1}c${(c % 9) + 1}`);
      expect(cages[k].cells === names.join(" "), `${name}: cage ${k + 1} outlines ${cages[k].cells}, expected ${names.join(" ")}`);
      expect(cages[k].dash && cages[k].dash !== "none", `${name}: cage ${k + 1} is not dotted`);
      const numbers = cages[k].d.match(/-?[\d.]+/g).map(Number);
      // M x,y H x | M x,y V y: every number is a coordinate; check each point's square.
      const points = [...cages[k].d.matchAll(/M(-?[\d.]+),(-?[\d.]+)([HV])(-?[\d.]+)/g)].flatMap((m) =>
        m[3] === "H" ? [[+m[1], +m[2]], [+m[4], +m[2]]] : [[+m[1], +m[2]], [+m[1], +m[4]]]);
      expect(points.length > 0 && numbers.length > 0, `${name}: cage ${k + 1} has an empty outline`);
      for (const [x, y] of points) {
        const inside = cage.cells.some((c) => x >= (c % 9) * 100 - 10 && x <= (c % 9) * 100 + 110 &&
                                               y >= Math.floor(c / 9) * 100 - 10 && y <= Math.floor(c / 9) * 100 + 110);
        expect(inside, `${name}: cage ${k + 1}'s outline passes (${x}, ${y}), outside its cells`);
      }
      const first = Math.min(...cage.cells);
      const label = sums.find(([cell]) => cell === `r${Math.floor(first / 9) + 1}c${(first % 9) + 1}`);
      expect(label && label[1] === String(cage.sum), `${name}: cage ${k + 1}'s sum ${cage.sum} is not in its top-left cell (${JSON.stringify(label)})`);
    });
    if (name !== "classic") await shot(`variant-${name}`);
  }
});

for (const name of ["jigsaw", "killer", "x", "windoku"]) {
  await test(`a ${name} example solves to the program's solution, which keeps the ${name} rules`, async () => {
    const ex = firstExample(name);
    await browser.goto(server.url);
    await chooseVariant(name);
    if (!["jigsaw", "killer"].includes(name)) {
      await browser.click("#example");
      await browser.waitFor(`!document.body.dataset.busy`);
    }
    expect(await gridValues() === ex.puzzle, `the grid is not the first example: ${await gridValues()}`);
    await browser.click("#solve");
    const grid = await gridValues();
    const why = whyNotVariantSolution(ex, grid);
    expect(!why, `the page's grid breaks the rules: ${why}`);
    const first = program(["solve", "--threads", "1"], ex.text).stdout.split("\n")[0];
    expect(grid === first, `the page shows ${grid}, the program ${first}`);
    expect(/unique/.test(await message()), `message: ${await message()}`);
    // Killer cages are propagated by the constraints backend; the other rules are covers.
    const by = name === "killer" ? "constraints solver \\(the killer rules propagated" : `dlx solver \\(the ${name} exact cover`;
    expect(new RegExp(by).test(await timingText()), `timing: ${await timingText()}`);
    await shot(`variant-${name}-solved`);
  });
}

await test("pasted variant text with a mistake is named at line:column, as the program names it", async () => {
  const bad = [
    "# regions 1112223\n" + ".".repeat(81) + "\n",
    "# cage 15 r1c1 r1c2 r10c1\n" + ".".repeat(81) + "\n",
    "# cage 1x5 r1c1\n" + ".".repeat(81) + "\n",
  ];
  for (const text of bad) {
    await browser.goto(server.url);
    await browser.eval(`document.querySelector("details.paste").open = true;
      document.getElementById("text").value = ${JSON.stringify(text)}`);
    await browser.click("#load");
    const shown = await message();
    const r = program(["solve"], text);
    const said = r.stderr.split("\n")[0].replace(`sudoku: ${r.file}`, "puzzle");
    expect(r.status === 2 && /^puzzle:\d+:\d+: /.test(said), `the program says (${r.status}) ${r.stderr}`);
    expect(shown === said, `the page says '${shown}', the program '${said}'`);
  }
});

await test("a jigsaw's rules travel in the page's link", async () => {
  const ex = firstExample("jigsaw");
  await browser.goto(server.url);
  await chooseVariant("jigsaw");
  const link = await browser.eval(`document.getElementById("share").href`);
  await browser.goto(link);
  expect(await browser.eval(`document.getElementById("variant").value`) === "jigsaw", "the link does not open a jigsaw");
  expect(await gridValues() === ex.puzzle, "the link's grid differs");
  const left = await classesOf("box-left");
  for (let c = 1; c < 81; c++) {
    if (c % 9) expect(left.has(c) === (ex.regions[c] !== ex.regions[c - 1]), `cell ${c}: the link's regions differ`);
  }
});

await test("a link written by hand with rules=, as README documents it, opens the variant", async () => {
  const ex = firstExample("x");
  await browser.goto(`${server.url}?puzzle=${ex.puzzle}&rules=%23%20variant%20x%0A&action=count`);
  expect(await browser.eval(`document.getElementById("variant").value`) === "x", "the link does not open an X puzzle");
  expect(await gridValues() === ex.puzzle, "the link's grid differs");
  expect(/Unique/.test(await message()), `Count says ${await message()}`);
});

await test("the Variant menu's rules apply to a pasted line, and a mistake keeps its place in the pasted text", async () => {
  const ex = firstExample("x");
  // Under classic rules alone the X example's givens leave several solutions (brute force):
  // the page's "Unique" below comes from the menu's X rule.
  expect(bruteCount(ex.puzzle, 2) === 2, "test data: the X example is unique without its diagonals");
  await browser.goto(server.url);
  await chooseVariant("x");
  await browser.eval(`document.querySelector("details.paste").open = true;
    document.getElementById("text").value = ${JSON.stringify(ex.puzzle)}`);
  await browser.click("#load");
  expect(await gridValues() === ex.puzzle, `the grid reads ${await gridValues()}`);
  expect(sameSet(await classesOf("diagonal"), diagonalCells()), "the pasted line is not drawn as an X puzzle");
  await browser.click("#count");
  expect(/Unique/.test(await message()), `Count says ${await message()}`);
  // The program, given the menu's rule as --variant x, names the same line and column.
  const text = "\n# cage 1x5 r1c1\n" + ex.puzzle + "\n";
  await browser.eval(`document.getElementById("text").value = ${JSON.stringify(text)}`);
  await browser.click("#load");
  const r = program(["solve", "--variant", "x"], text);
  const said = r.stderr.split("\n")[0].replace(`sudoku: ${r.file}`, "puzzle");
  expect(/^puzzle:2:8: /.test(said), `the program says (${r.status}) ${r.stderr}`);
  expect(await message() === said, `the page says '${await message()}', the program '${said}'`);
});

// The cells of every unit and rule a variant example has, by the names the program gives them,
// computed here from the rules as docs/variants.md states them: rows, columns, boxes or the
// example's regions, the diagonals (1: r1c1 to r9c9, 2: r1c9 to r9c1), the windows (1 to 4 in
// reading order: at r2c2, r2c6, r6c2, r6c6) and the cages ("cage K": the K-th "# cage" line).
function namedGroups(ex) {
  const groups = new Map();
  const add = (name, cell) => groups.set(name, [...(groups.get(name) || []), cell]);
  for (let c = 0; c < 81; c++) {
    add(`row ${Math.floor(c / 9) + 1}`, c);
    add(`column ${(c % 9) + 1}`, c);
    if (ex.regions) add(`region ${ex.regions[c] + 1}`, c);
    else add(`box ${boxOf(c) + 1}`, c);
  }
  for (let k = 0; k < 9; k++) { add("diagonal 1", k * 10); add("diagonal 2", k * 8 + 8); }
  [[1, 1], [1, 5], [5, 1], [5, 5]].forEach(([r0, c0], w) => {
    for (let dr = 0; dr < 3; dr++) for (let dc = 0; dc < 3; dc++) add(`window ${w + 1}`, (r0 + dr) * 9 + c0 + dc);
  });
  ex.cages.forEach((cage, k) => { for (const c of cage.cells) add(`cage ${k + 1}`, c); });
  return groups;
}
/// The cells a step rests on: its units, and a cage step's cage.
function ruleOf(step, groups) {
  const names = [...step.units, ...(step.sets || []).map((s) => s.name).filter((n) => /^cage \d+$/.test(n))];
  const cells = new Set();
  for (const name of names) {
    if (!groups.has(name)) throw new Error(`the program names '${name}', which the rules lack`);
    for (const c of groups.get(name)) cells.add(c);
  }
  return cells;
}
// Cells a knight's move apart that share no box (those in one box see each other anyway).
const knightApart = (a, b) => Math.abs(Math.floor(a / 9) - Math.floor(b / 9)) * Math.abs((a % 9) - (b % 9)) === 2 &&
  boxOf(a) !== boxOf(b);

for (const name of ["x", "jigsaw", "windoku", "killer"]) {
  await test(`Explain on a ${name} example: the program's steps, each drawn with exactly the cells of its units or cage, ending in the solution`, async () => {
    const ex = firstExample(name);
    const groups = namedGroups(ex);
    const want = JSON.parse(program(["explain", "--finish", "--format", "json"], ex.own).stdout.split("\n")[0]);
    await browser.goto(server.url);
    await chooseVariant(name);
    if (!["jigsaw", "killer"].includes(name)) {
      await browser.click("#example");
      await browser.waitFor(`!document.body.dataset.busy`);
    }
    expect(await gridValues() === ex.puzzle, `the grid is not the first example: ${await gridValues()}`);
    await browser.click("#explain");
    const listed = await browser.eval(`document.querySelectorAll("#step-list li").length`);
    expect(listed === want.steps.length && listed > 0, `the page lists ${listed} steps, the program ${want.steps.length}`);
    let drawn = 0;
    for (let k = 1; k <= listed; k++) {
      const step = want.steps[k - 1];
      const rule = ruleOf(step, groups);
      if (rule.size === 0) continue;
      await browser.eval(`document.querySelectorAll("#step-list li button")[${k - 1}].click()`);
      const unit = await classesOf("step-unit");
      expect(sameSet(unit, rule), `step ${k} (${step.technique} in ${step.units.join(", ")}): cells ${[...unit].sort((a, b) => a - b)}, its units' ${[...rule].sort((a, b) => a - b)}`);
      if (step.technique === "cage_combination" || step.units.some((u) => /^(region|diagonal|window)/.test(u))) {
        if (!drawn) await shot(`variant-${name}-explain-step`);
        drawn++;
      }
    }
    if (name !== "x" || want.steps.some((s) => s.units.some((u) => u.startsWith("diagonal")))) {
      expect(drawn > 0, `no step of the ${name} example rests on a rule of its own`);
    }
    await browser.click("#last-step");
    const end = await gridValues();
    const solution = program(["solve"], ex.own).stdout.split("\n")[0];
    expect(!whyNotVariantSolution(ex, end), `the end of the explanation breaks the rules: ${whyNotVariantSolution(ex, end)}`);
    expect(end === solution, `the end shows ${end}, the program's solution ${solution}`);
    expect(await browser.eval(`document.getElementById("step-se").textContent`) === "", "an SE value shown for a variant step");
  });
}

await test("Explain on an anti-knight example dots exactly the knight's-move pairs (across boxes) of each step's eliminations", async () => {
  const ex = firstExample("anti-knight");
  const want = JSON.parse(program(["explain", "--format", "json"], ex.own).stdout.split("\n")[0]);
  await browser.goto(server.url);
  await chooseVariant("anti-knight");
  await browser.click("#example");
  await browser.waitFor(`!document.body.dataset.busy`);
  await browser.click("#explain");
  let seen = 0;
  for (let k = 1; k <= want.steps.length && seen < 6; k++) {
    const step = want.steps[k - 1];
    const pattern = step.cells.map((c) => cellOf(c, 9));
    const pairs = new Set();
    if (!step.chain) {
      for (const e of new Set(step.eliminated.map((x) => cellOf(x.cell, 9)))) {
        for (const p of pattern) if (knightApart(e, p)) pairs.add(`${p}>${e}`);
      }
    }
    await browser.eval(`document.querySelectorAll("#step-list li button")[${k - 1}].click()`);
    const lines = await browser.eval(`[...document.querySelectorAll("#see-layer line")].map((l) => l.dataset.from + ">" + l.dataset.to)`);
    const drawn = new Set(lines.map((l) => l.split(">").map((c) => cellOf(c, 9)).join(">")));
    expect(drawn.size === lines.length && sameSet(drawn, pairs), `step ${k} (${step.technique}): lines ${[...drawn]}, knight's-move pairs ${[...pairs]}`);
    if (pairs.size && !seen++) await shot("variant-anti-knight-sees");
  }
  expect(seen > 0, "no step of the anti-knight example eliminates by a knight's move");
});

await test("Rate on an X puzzle gives the program's level and says Sudoku Explainer's scale is classic", async () => {
  const ex = firstExample("x");
  const want = JSON.parse(program(["rate", "--format", "json"], ex.own).stdout.split("\n")[0]);
  await browser.goto(server.url);
  await chooseVariant("x");
  await browser.click("#example");
  await browser.waitFor(`!document.body.dataset.busy`);
  await browser.click("#rate");
  const said = await message();
  expect(said.startsWith(`Difficulty: ${want.level}`), `Rate says '${said}', the program's level is ${want.level}`);
  const shown = await browser.eval(`(() => { const p = document.getElementById("rating"); return p.hidden ? null : { level: p.querySelector("[data-level]")?.dataset.level, er: p.querySelector("[data-er]"), text: p.textContent }; })()`);
  expect(shown && shown.level === want.level, `level shown ${shown && shown.level}, the program's ${want.level}`);
  expect(shown.er === null, "an ER shown for an X puzzle");
  expect(/no SE rating \(Sudoku Explainer's scale rates classic puzzles, and this one's rules are x\)/.test(shown.text), `the rating reads '${shown.text}'`);
});

await test("Hint on a killer puzzle names a cage, draws it, and shows the step on a second press", async () => {
  const ex = firstExample("killer");
  const groups = namedGroups(ex);
  const solution = program(["solve"], ex.own).stdout.split("\n")[0];
  const want = program(["hint", "--level", "step"], ex.own).stdout.trim();
  await browser.goto(server.url);
  await chooseVariant("killer");
  await browser.click("#hint");
  const first = await message();
  const m = /^Hint: Cage combination at ((?:r\dc\d(?:, )?)+) \(Hint again shows the step\)\.$/.exec(first);
  expect(m, `the first hint reads '${first}'`);
  const named = new Set(m[1].split(", ").map((c) => cellOf(c, 9)));
  const k = ex.cages.findIndex((cage) => sameSet(new Set(cage.cells), named));
  expect(k >= 0, `the hint's cells ${[...named]} are no cage of the example`);
  expect(sameSet(await classesOf("step-unit"), new Set(groups.get(`cage ${k + 1}`))), `the cage drawn is not cage ${k + 1}`);
  expect((await classed("step-cell")).length === 0, "the first hint shows the step's pattern");
  await browser.click("#hint");
  const second = await message();
  const cage = ex.cages[k], top = Math.min(...cage.cells);
  expect(second.includes(`cage ${cage.sum} at r${Math.floor(top / 9) + 1}c${(top % 9) + 1}`), `the second hint reads '${second}'`);
  expect(second === `Hint: ${want.charAt(0).toUpperCase()}${want.slice(1)}.`, `the page says '${second}', the program '${want}'`);
  const removed = await browser.eval(`[...document.querySelectorAll("#grid .marks span.removed")].map((s) => [Number(s.closest(".cell").dataset.cell), s.dataset.digit])`);
  expect(removed.length > 0, "the step removes nothing on the board");
  for (const [c, d] of removed) expect(solution[c] !== d, `the hint removes ${d} from cell ${c}, its digit in the solution`);
  await shot("variant-killer-hint");
  // Any change to the grid ends the hint.
  await browser.click("#grid .cell[data-cell='80']");
  await browser.press("Delete");
  expect((await classed("step-unit")).length === 0, "the hint stays drawn after an edit");
});

await test("Hint on a classic puzzle names the next single, its digit the published one", async () => {
  await browser.goto(`${server.url}?puzzle=${wikipedia.puzzle}&action=hint`);
  const first = await message();
  expect(/^Hint: (Naked|Hidden) single /.test(first), `the hint reads '${first}'`);
  await browser.click("#hint");
  const placed = await classed("placed");
  expect(placed.length === 1, `${placed.length} cells placed by the hint (${await message()})`);
  const digit = await browser.eval(`document.querySelector("#grid .cell.placed").dataset.placed`);
  expect(wikipedia.solution[placed[0]] === digit, `the hint places ${digit} in cell ${placed[0]}, the solution has ${wikipedia.solution[placed[0]]}`);
});

// The digits every solution holds cell by cell, by the brute force of bruteCount.
function bruteUnion(puzzle) {
  const g = Array.from(puzzle, value), us = units(shapeOf(81));
  const unitsOf = g.map((_, c) => us.filter((u) => u.cells.includes(c)));
  const marks = g.map(() => new Set());
  (function fill() {
    const c = g.indexOf(0);
    if (c < 0) { g.forEach((d, k) => marks[k].add(d)); return; }
    for (let d = 1; d <= 9; d++) {
      if (unitsOf[c].some((u) => u.cells.some((x) => g[x] === d))) continue;
      g[c] = d; fill(); g[c] = 0;
    }
  })();
  return marks.map((s) => [...s].sort().join(""));
}

await test("Candidates shows the true candidates as pencil marks, the union of every solution", async () => {
  await browser.goto(`${server.url}?puzzle=${fourSolutions}&action=candidates`);
  const want = bruteUnion(fourSolutions);
  const shown = await browser.eval(`[...document.querySelectorAll("#grid .cell")].map((c) =>
    c.dataset.value || [...c.querySelectorAll(".marks span[data-digit]")].map((s) => s.dataset.digit).join(""))`);
  for (let c = 0; c < 81; c++) expect(shown[c] === want[c], `cell ${c} shows '${shown[c]}', the solutions hold '${want[c]}'`);
  const open = want.filter((m) => m.length > 1).length;
  expect(new RegExp(`^True candidates: ${open} cells still hold more than one digit`).test(await message()), `message: ${await message()}`);
  await shot("candidates");
  // Any change to the grid ends them.
  await browser.click("#grid .cell[data-cell='3']");
  await browser.press("6");
  expect(await browser.eval(`document.querySelectorAll("#grid .marks").length`) === 0, "the candidates stay after an edit");
});

await test("Generate with a variant makes the program's puzzle for that seed, with one solution", async () => {
  for (const name of ["killer", "jigsaw", "x"]) {
    await browser.goto(server.url);
    await chooseVariant(name);
    // The symmetry menu applies where the rules allow one (x: the page's default, rotate 180°;
    // made regions and cages are not symmetric, so jigsaw and killer turn it off).
    const symmetry = await browser.eval(`(() => { const s = document.getElementById("symmetry"); return s.disabled ? "none" : s.value; })()`);
    expect(symmetry === (name === "x" ? "rotate180" : "none"), `${name}: the symmetry menu gives ${symmetry}`);
    const made = spawnSync(cli, ["generate", "--variant", name, "--seed", "7", "--symmetry", symmetry], { encoding: "utf8" }).stdout;
    const lines = made.trim().split("\n");
    await browser.eval(`document.getElementById("seed").value = "7"`);
    await browser.click("#generate");
    await browser.waitFor(`!document.body.dataset.busy`);
    expect(new RegExp(`^New ${name} puzzle \\(seed 7\\)`).test(await message()), `${name}: ${await message()}`);
    expect(await gridValues() === lines[lines.length - 1], `${name}: the page made ${await gridValues()}, the program ${lines[lines.length - 1]}`);
    if (symmetry === "rotate180") {
      const grid = await gridValues();
      for (let c = 0; c < 81; c++) expect((grid[c] === ".") === (grid[80 - c] === "."), `${name}: cell ${c} breaks the 180° symmetry`);
    }
    const cages = lines.filter((l) => l.startsWith("# cage")).length;
    const drawn = await browser.eval(`document.querySelectorAll("#cage-layer path.cage").length`);
    expect(drawn === cages, `${name}: ${drawn} cages drawn, the program made ${cages}`);
    const share = await browser.eval(`new URL(document.getElementById("share").href).searchParams.get("rules")`);
    const rules = lines.filter((l) => l.startsWith("# ")).join("\n");
    expect(share.trim() === rules, `${name}: the rules in force are '${share}', the program's '${rules}'`);
    await browser.click("#count");
    expect(/Unique/.test(await message()), `${name}: Count says ${await message()}`);
  }
});

// ---- chains and the rating -----------------------------------------------------------------

// From top1465 (#638): the techniques need X-chains, an X-cycle, AICs and forcing chains on it
// (the puzzle used before, 6.9.....8..., now needs two chain steps only: unique rectangles
// and a finned x-wing come first).
const chained = ".......1.2316....99......7..2..9.......4.1..61..2..5....8......3...8.9..64.9....2";

await test("each chain step draws arrows between the candidates of its nodes, as the program lists them", async () => {
  const steps = JSON.parse(program(["explain", "--format", "json"], chained + "\n").stdout).steps;
  const withChains = steps.map((s, i) => [s, i + 1]).filter(([s]) => s.chain);
  expect(withChains.length >= 3, `the program's explanation has ${withChains.length} chain steps`);
  await browser.goto(`${server.url}?puzzle=${chained}&action=explain`);
  const listed = await browser.eval(`document.querySelectorAll("#step-list li").length`);
  expect(listed === steps.length, `the page lists ${listed} steps, the program ${steps.length}`);
  for (const [step, k] of withChains) {
    await browser.eval(`document.querySelectorAll("#step-list li button")[${k - 1}].click()`);
    const want = new Map();
    const key = (node) => `${node.cell}:${node.digit}`;
    for (const node of step.chain) {
      for (const p of node.from) want.set(`${key(step.chain[p])}>${key(node)}`, node.on ? "strong" : "weak");
    }
    // Arrows and marks are read in one evaluation, from one layout: between two, the browser may
    // scroll the document (scroll anchoring, as the step's text changes height) and move both.
    const [arrows, marks, placed] = await browser.eval(`[[...document.querySelectorAll("#chain-layer line")].map((l) => {
      const m = l.getScreenCTM(), at = (x, y) => { const q = new DOMPoint(x, y).matrixTransform(m); return [q.x, q.y]; };
      return { from: l.dataset.from, to: l.dataset.to, link: l.dataset.link,
               dashed: getComputedStyle(l).strokeDasharray !== "none",
               a: at(l.x1.baseVal.value, l.y1.baseVal.value), b: at(l.x2.baseVal.value, l.y2.baseVal.value) }; }),
      [...document.querySelectorAll("#grid .marks span[data-digit]")].map((s) => {
      const r = s.getBoundingClientRect(), cell = s.closest(".cell"), n = 9;
      const c = Number(cell.dataset.cell);
      return { name: "r" + (Math.floor(c / n) + 1) + "c" + (c % n + 1) + ":" + s.dataset.digit,
               x: r.x + r.width / 2, y: r.y + r.height / 2, square: cell.getBoundingClientRect().width / 3 }; }),
      [...document.querySelectorAll("#grid .cell.placed")].map((cell) => {
      const r = cell.getBoundingClientRect(), c = Number(cell.dataset.cell), n = 9;
      return { name: "r" + (Math.floor(c / n) + 1) + "c" + (c % n + 1), x: r.x, y: r.y, size: r.width }; })]`);
    expect(arrows.length === want.size, `step ${k} (${step.technique}): ${arrows.length} arrows drawn, ${want.size} links in the chain`);
    for (const arrow of arrows) {
      const link = want.get(`${arrow.from}>${arrow.to}`);
      expect(link, `step ${k}: an arrow ${arrow.from} -> ${arrow.to} that the chain lacks`);
      expect(arrow.link === link && arrow.dashed === (link === "weak"), `step ${k}: ${arrow.from} -> ${arrow.to} drawn ${arrow.link}${arrow.dashed ? " dashed" : ""}, the link is ${link}`);
      // Each end points at its node: of all the pencil marks shown, the nearest is the node's
      // candidate, within a third of a cell (a candidate's square). A cell the step places
      // shows its digit instead of marks (an AIC that ends where it starts places it): there the
      // end lies in its digit's square of the cell, the marks' reading order in a 3x3 square.
      for (const [end, point] of [[arrow.from, arrow.a], [arrow.to, arrow.b]]) {
        const cell = placed.find((c) => c.name === end.split(":")[0]);
        if (cell) {
          const d = Number(end.split(":")[1]) - 1, third = cell.size / 3;
          const x = cell.x + (d % 3 + 0.5) * third, y = cell.y + (Math.floor(d / 3) + 0.5) * third;
          const off = Math.hypot(point[0] - x, point[1] - y);
          expect(off <= third, `step ${k}: the arrow's end at ${end} (placed) is ${off.toFixed(1)} px from the digit's square`);
          continue;
        }
        let best = null;
        for (const m of marks) {
          const off = Math.hypot(point[0] - m.x, point[1] - m.y);
          if (!best || off < best.off) best = { ...m, off };
        }
        expect(best && best.name === end, `step ${k}: the arrow's end for ${end} is nearest to candidate ${best && best.name}`);
        expect(best.off <= best.square, `step ${k}: the arrow's end at ${end} is ${best.off.toFixed(1)} px from the candidate`);
      }
    }
    const legend = await browser.eval(`!document.getElementById("chain-legend").hidden`);
    expect(legend, `step ${k}: no legend for the arrows`);
    if (k === withChains[0][1]) await shot("10-chain-step");
  }
  // A step without a chain draws no arrow.
  await browser.eval(`document.querySelectorAll("#step-list li button")[0].click()`);
  expect(await browser.eval(`document.querySelectorAll("#chain-layer line").length`) === 0, "arrows drawn on a step without a chain");
});

await test("Rate shows the level and Sudoku Explainer's ER/EP/ED as the program rates them", async () => {
  const want = JSON.parse(program(["rate", "--se", "--format", "json"], chained + "\n").stdout);
  expect(typeof want.er === "number", `the program gives no SE rating: ${JSON.stringify(want)}`);
  await browser.goto(`${server.url}?puzzle=${chained}&action=rate`);
  const shown = await browser.eval(`(() => { const p = document.getElementById("rating"); const v = (k) => p.querySelector("[data-" + k + "]");
    return p.hidden ? null : { level: v("level")?.dataset.level, er: v("er")?.dataset.er, ep: v("ep")?.dataset.ep, ed: v("ed")?.dataset.ed }; })()`);
  expect(shown, "no rating shown");
  expect(shown.level === want.level, `level ${shown.level}, the program's ${want.level}`);
  for (const k of ["er", "ep", "ed"]) {
    expect(shown[k] === want[k].toFixed(1), `${k.toUpperCase()} ${shown[k]}, the program's ${want[k].toFixed(1)}`);
  }
  await shot("11-rating");
});

// ---- f-puzzles links: the constraints drawn ---------------------------------------------------

// pieroxy's lz-string compressToBase64 (the compression inside f-puzzles links), written here from
// its published algorithm so that the links below are made without the library under test.
function lzBase64(input) {
  const key = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";
  const dict = new Map(), toCreate = new Set(), out = [];
  let w = "", enlargeIn = 2, dictSize = 3, numBits = 2, val = 0, pos = 0;
  const bits = (count, value) => {
    for (let i = 0; i < count; i++) {
      val = (val << 1) | (value & 1);
      if (pos === 5) { out.push(key[val]); pos = 0; val = 0; } else pos++;
      value >>= 1;
    }
  };
  const grow = () => { if (--enlargeIn === 0) { enlargeIn = 2 ** numBits; numBits++; } };
  const emit = () => {
    if (toCreate.has(w)) {
      const code = w.charCodeAt(0);
      bits(numBits, code < 256 ? 0 : 1);
      bits(code < 256 ? 8 : 16, code);
      grow();
      toCreate.delete(w);
    } else {
      bits(numBits, dict.get(w));
    }
    grow();
  };
  for (const c of input) {
    if (!dict.has(c)) { dict.set(c, dictSize++); toCreate.add(c); }
    if (dict.has(w + c)) { w += c; continue; }
    emit();
    dict.set(w + c, dictSize++);
    w = c;
  }
  if (w !== "") emit();
  bits(numBits, 2);
  for (;;) { val <<= 1; if (pos === 5) { out.push(key[val]); break; } pos++; }
  const text = out.join("");
  return text + "=".repeat((4 - (text.length % 4)) % 4);
}
/// An f-puzzles puzzle of side n with the given constraint arrays, empty or with `givens` (a
/// line of n*n cells).
function fpuzzle(n, fields, givens = ".".repeat(n * n)) {
  const grid = Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => {
    const v = value(givens[r * n + c]);
    return v ? { value: v, given: true } : {};
  }));
  return lzBase64(JSON.stringify({ size: n, grid, ...fields }));
}

// One 9x9 puzzle with every kind the page draws, each where f-puzzles puts it (cells "RxCy",
// outside clues on the ring around the grid: row or column 0 or 10).
const everyKind = {
  thermometer: [{ lines: [["R1C1", "R1C2", "R1C3"]] }],
  slowthermometer: [{ lines: [["R2C1", "R2C2"]] }],
  arrow: [{ cells: ["R3C1"], lines: [["R3C1", "R4C1", "R5C1"]] },
          { cells: ["R3C3", "R3C4"], lines: [["R3C4", "R4C5", "R5C6"]] }],
  difference: [{ cells: ["R1C5", "R1C6"] }],
  ratio: [{ cells: ["R2C5", "R2C6"] }],
  xv: [{ cells: ["R1C8", "R2C8"], value: "X" }, { cells: ["R1C9", "R2C9"], value: "V" }],
  palindrome: [{ lines: [["R8C3", "R9C4"]] }],
  renban: [{ lines: [["R6C2", "R7C2"]] }],
  whispers: [{ lines: [["R6C3", "R7C3"]] }],
  betweenline: [{ lines: [["R4C7", "R4C8", "R4C9"]] }],
  regionsumline: [{ lines: [["R6C4", "R7C5"]] }],
  entropicline: [{ lines: [["R5C8", "R6C8"]] }],
  zipperline: [{ lines: [["R5C9", "R6C9", "R7C9"]] }],
  modularline: [{ lines: [["R8C8", "R8C9"]] }],
  killercage: [{ cells: ["R8C1", "R9C1"], value: "10" }, { cells: ["R8C2", "R9C2"] }],
  littlekillersum: [{ cell: "R0C3", direction: "DR", value: "15" }],
  quadruple: [{ cells: ["R5C5", "R5C6", "R6C5", "R6C6"], values: [1, 2] }],
  odd: [{ cell: "R7C7" }],
  even: [{ cell: "R7C8" }],
  sandwichsum: [{ cell: "R4C0", value: "10" }],
  xsum: [{ cell: "R10C4", value: "15" }],
  skyscraper: [{ cell: "R9C10", value: "3" }],
};
// The drawing read back from the page in one layout: each constraint group (kind, name, its
// elements with their class, data and centre on screen) and each cell's box on screen.
const drawing = () => browser.eval(`(() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2, w: r.width, h: r.height }; };
  const cells = [...document.querySelectorAll("#grid .cell")].map((c) => c.getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y, w: r.width }));
  const groups = [...document.querySelectorAll("#constraint-layer g.constraint")].map((g) => ({
    kind: g.dataset.kind, name: g.dataset.name, cells: g.dataset.cells, on: g.classList.contains("step-constraint"),
    parts: [...g.children].map((e) => {
      const m = e.getScreenCTM(), pts = e.points ? [...e.points].map((p) => { const q = new DOMPoint(p.x, p.y).matrixTransform(m); return [q.x, q.y]; }) : null;
      return { tag: e.tagName, cls: e.getAttribute("class"), data: { ...e.dataset }, text: e.textContent, stroke: e.getAttribute("stroke"), points: pts, fill: getComputedStyle(e).fill, ...box(e) };
    }) }));
  const cages = [...document.querySelectorAll("#cage-layer .cage")].map((p) => p.dataset.cells);
  const sums = [...document.querySelectorAll("#cage-layer .cage-sum")].map((t) => [t.dataset.cell, t.textContent]);
  const grid = document.getElementById("grid").getBoundingClientRect();
  return { cells, groups, cages, sums, grid: { left: grid.left, top: grid.top, right: grid.right, bottom: grid.bottom } };
})()`);
// The centre on screen of cell (row, column) from 1, extended to the ring outside the grid (0
// and 10 on a 9x9) by a cell's width.
function at(d, row, col, n = 9) {
  const r = Math.min(Math.max(row, 1), n), c = Math.min(Math.max(col, 1), n), cell = d.cells[(r - 1) * n + c - 1];
  return [cell.x + cell.w / 2 + (col - c) * cell.w, cell.y + cell.w / 2 + (row - r) * cell.w];
}
function near(d, [x, y], [ex, ey], what, tolerance = 0.12) {
  const off = Math.hypot(x - ex, y - ey), w = d.cells[0].w;
  expect(off <= tolerance * w, `${what} is ${(off / w).toFixed(2)} cells from where it belongs`);
}
const mid = (a, b) => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
const only = (d, kind, count) => {
  const gs = d.groups.filter((g) => g.kind === kind);
  expect(gs.length === count, `${gs.length} ${kind} drawn, ${count} in the link`);
  return gs;
};
const parts = (g, cls) => g.parts.filter((p) => (p.cls || "").split(" ").includes(cls));

await test("an f-puzzles link with every kind draws each where f-puzzles does", async () => {
  await browser.goto(`${server.url}?fpuzzles=${fpuzzle(9, everyKind)}`);
  expect(/0 givens; .* rules/.test(await message()), `message: ${await message()}`);
  const d = await drawing();
  // Thermometers: the bulb on the first cell, the body through every cell.
  for (const [kind, cells] of [["thermometer", [[1, 1], [1, 2], [1, 3]]], ["slow-thermometer", [[2, 1], [2, 2]]]]) {
    const [g] = only(d, kind, 1);
    const bulbs = parts(g, "bulb");
    expect(bulbs.length === 1, `${kind}: ${bulbs.length} bulbs`);
    near(d, [bulbs[0].x, bulbs[0].y], at(d, ...cells[0]), `${kind}'s bulb`);
    const body = parts(g, "thermo-body")[0];
    expect(body.points.length === cells.length, `${kind}'s body has ${body.points.length} points`);
    body.points.forEach((p, i) => near(d, p, at(d, ...cells[i]), `${kind}'s point ${i + 1}`));
  }
  // Arrows: a circle on R3C1, a pill over R3C3-R3C4, each head on the arrow's last cell.
  const arrows = only(d, "arrow", 2);
  const [circle] = parts(arrows[0], "arrow-circle"), [pill] = parts(arrows[1], "arrow-circle");
  near(d, [circle.x, circle.y], at(d, 3, 1), "the arrow's circle");
  expect(Math.abs(circle.w - circle.h) < 1 && !circle.cls.includes("pill") && pill.cls.includes("pill"),
         `the circle is ${circle.cls} ${circle.w} x ${circle.h}, the pill ${pill.cls}`);
  near(d, [pill.x, pill.y], mid(at(d, 3, 3), at(d, 3, 4)), "the pill");
  expect(pill.w > 1.5 * d.cells[0].w && pill.h < d.cells[0].w, `the pill is ${pill.w} x ${pill.h}`);
  near(d, parts(arrows[0], "arrow-shaft")[0].points.at(-1), at(d, 5, 1), "the first arrow's tip", 0.05);
  near(d, parts(arrows[1], "arrow-shaft")[0].points.at(-1), at(d, 5, 6), "the second arrow's tip", 0.05);
  // Kropki dots on the edge between their cells: white, then black.
  for (const [kind, a, b, fill] of [["difference", [1, 5], [1, 6], "rgb(255, 255, 255)"], ["ratio", [2, 5], [2, 6], "rgb(0, 0, 0)"]]) {
    const [g] = only(d, kind, 1), [dot] = parts(g, "dot");
    near(d, [dot.x, dot.y], mid(at(d, ...a), at(d, ...b)), `the ${kind} dot`, 0.05);
    expect(dot.fill === fill, `the ${kind} dot is filled ${dot.fill}`);
  }
  // X and V on the edge between their cells.
  const xv = only(d, "xv", 2);
  for (const [g, letter, col] of [[xv[0], "X", 8], [xv[1], "V", 9]]) {
    const [t] = parts(g, "xv");
    expect(t.text === letter, `${letter} drawn as '${t.text}'`);
    near(d, [t.x, t.y], mid(at(d, 1, col), at(d, 2, col)), `the ${letter}`, 0.1);
  }
  // Lines: each kind once, through its cells, each in its own colour; a between line's circles.
  const lines = { palindrome: [[8, 3], [9, 4]], renban: [[6, 2], [7, 2]], whispers: [[6, 3], [7, 3]],
                  "between-line": [[4, 7], [4, 8], [4, 9]], "region-sum-line": [[6, 4], [7, 5]],
                  "entropic-line": [[5, 8], [6, 8]], "zipper-line": [[5, 9], [6, 9], [7, 9]], "modular-line": [[8, 8], [8, 9]] };
  const colours = new Set();
  for (const [kind, cells] of Object.entries(lines)) {
    const [g] = only(d, kind, 1), [line] = parts(g, "line");
    expect(line.points.length === cells.length, `${kind} has ${line.points.length} points`);
    line.points.forEach((p, i) => near(d, p, at(d, ...cells[i]), `${kind}'s point ${i + 1}`, 0.05));
    colours.add(line.stroke);
  }
  expect(colours.size === Object.keys(lines).length, `${colours.size} colours for ${Object.keys(lines).length} kinds of line`);
  const ends = parts(d.groups.find((g) => g.kind === "between-line"), "line-end");
  expect(ends.length === 2, `the between line has ${ends.length} end circles`);
  near(d, [ends[0].x, ends[0].y], at(d, 4, 7), "the between line's first circle");
  near(d, [ends[1].x, ends[1].y], at(d, 4, 9), "the between line's last circle");
  // Killer cages: both outlined, the sum 10 in the first one's top cell, none on the other.
  expect(JSON.stringify(d.cages) === JSON.stringify(["r8c1 r9c1", "r8c2 r9c2"]), `cages drawn: ${JSON.stringify(d.cages)}`);
  expect(JSON.stringify(d.sums) === JSON.stringify([["r8c1", "10"]]), `cage sums drawn: ${JSON.stringify(d.sums)}`);
  // The clues outside the grid: a little killer above column 3 pointing down-right, a
  // sandwich left of row 4, an X-sum below column 4, a skyscraper right of row 9.
  const outside = [["little-killer", 0, 3, "15"], ["sandwich", 4, 0, "10"], ["x-sum", 10, 4, "15"], ["skyscraper", 9, 10, "3"]];
  for (const [kind, row, col, value] of outside) {
    const [g] = only(d, kind, 1), [t] = parts(g, "clue");
    expect(t.text === value, `the ${kind} clue reads '${t.text}'`);
    near(d, [t.x, t.y], at(d, row, col), `the ${kind} clue`, 0.2);
    expect(t.x < d.grid.left || t.x > d.grid.right || t.y < d.grid.top || t.y > d.grid.bottom, `the ${kind} clue is inside the grid`);
    expect(t.x - t.w / 2 >= 0 && t.y - t.h / 2 >= 0, `the ${kind} clue is cut off at the page's edge`);
  }
  const pointer = parts(d.groups.find((g) => g.kind === "little-killer"), "clue-arrow")[0];
  const [lx, ly] = at(d, 0, 3);
  expect(pointer.x > lx && pointer.y > ly, "the little killer's arrow does not point down-right");
  // The quadruple's circle on the corner of its four cells, with its two digits.
  const [quad] = only(d, "quadruple", 1), [ring] = parts(quad, "quad");
  near(d, [ring.x, ring.y], mid(at(d, 5, 5), at(d, 6, 6)), "the quadruple's circle", 0.05);
  expect(JSON.stringify(parts(quad, "quad-digit").map((p) => p.text)) === '["1","2"]', "the quadruple's digits");
  // Odd: a circle; even: a square; each on its cell.
  const [odd] = parts(only(d, "odd", 1)[0], "odd"), [even] = parts(only(d, "even", 1)[0], "even");
  expect(odd.tag === "circle" && even.tag === "rect", `odd drawn as ${odd.tag}, even as ${even.tag}`);
  near(d, [odd.x, odd.y], at(d, 7, 7), "the odd circle");
  near(d, [even.x, even.y], at(d, 7, 8), "the even square");
  const note = await browser.eval(`document.getElementById("rules-note").textContent`);
  expect(/thermometer ×1/.test(note) && /little-killer ×1/.test(note), `rules note: ${note}`);
  await shot("12-fpuzzles-every-kind");
  // On a phone-width screen the margin for the outside clues still fits the page.
  await browser.viewport(390, 844, true);
  await browser.goto(`${server.url}?fpuzzles=${fpuzzle(9, everyKind)}`);
  const phone = await drawing();
  const scroll = await browser.eval(`document.documentElement.scrollWidth`);
  await shot("12-fpuzzles-every-kind-phone");
  const clues = phone.groups.filter((g) => outside.some(([kind]) => kind === g.kind)).map((g) => parts(g, "clue")[0]);
  expect(scroll <= 390 && clues.every((t) => t.x - t.w / 2 >= 0 && t.x + t.w / 2 <= 390),
         `page width ${scroll}, clues at ${clues.map((t) => Math.round(t.x)).join(" ")}`);
  await browser.viewport(1100, 900);
});

// The published puzzles of data/sudoku/variants/fpuzzles_links.txt: link, solution, title.
const published = (() => {
  const lines = readFileSync(join(variantsDir, "fpuzzles_links.txt"), "utf8").split("\n");
  const out = [];
  lines.forEach((l, i) => {
    const m = /^(https:\S+) # (\d+)$/.exec(l);
    if (m) out.push({ link: m[1], solution: m[2], title: lines[i - 1] });
  });
  return out;
})();

await test("an f-puzzles link pasted on the grid loads, draws and solves to the published solution", async () => {
  const clipped = published.find((p) => p.title.includes('"Clipped"'));
  expect(clipped, "test data: Clipped is not in fpuzzles_links.txt");
  await browser.goto(server.url);
  await browser.eval(`(() => { const data = new DataTransfer(); data.setData("text/plain", ${JSON.stringify(clipped.link)});
    document.getElementById("grid").dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true })); })()`);
  const d = await drawing();
  expect(d.groups.some((g) => g.kind === "thermometer") && d.groups.some((g) => g.kind === "arrow"),
         `Clipped (arrow, thermo) draws ${[...new Set(d.groups.map((g) => g.kind))]}`);
  await browser.click("#solve");
  expect(await gridValues() === clipped.solution, `solved: ${await gridValues()}`);
  expect(/unique/.test(await message()), `message: ${await message()}`);
  // The text box takes the link too, here www. and a trailing comment.
  await browser.goto(server.url);
  const www = clipped.link.replace("https://", "https://www.") + " # Clipped";
  await browser.eval(`document.querySelector("details.paste").open = true;
    document.getElementById("text").value = ${JSON.stringify(www)}`);
  await browser.click("#load");
  expect((await drawing()).groups.some((g) => g.kind === "thermometer"), `the text box's link: ${await message()}`);
  await shot("13-fpuzzles-pasted");
});

await test("the page's own link to an f-puzzles puzzle draws the same constraints", async () => {
  await browser.goto(`${server.url}?fpuzzles=${fpuzzle(9, everyKind)}`);
  const summary = (d) => JSON.stringify(d.groups.map((g) => [g.kind, g.name, g.cells]).concat(d.cages, d.sums));
  const before = summary(await drawing());
  const href = await browser.eval(`document.getElementById("share").href`);
  await browser.goto(href);
  const after = summary(await drawing());
  expect(after === before, `through ${href.slice(0, 80)}...: ${after.slice(0, 200)}`);
});

await test("Candidates on an f-puzzles link: the published solution's digit alone in every blank cell", async () => {
  const clipped = published.find((p) => p.title.includes('"Clipped"'));
  await browser.goto(`${server.url}?fpuzzles=${clipped.link.split("?load=")[1]}&action=candidates`);
  expect(/^True candidates: one digit a cell/.test(await message()), `message: ${await message()}`);
  const shown = await browser.eval(`[...document.querySelectorAll("#grid .cell")].map((c) =>
    c.dataset.value || [...c.querySelectorAll(".marks span[data-digit]")].map((s) => s.dataset.digit).join("") || "?")`);
  const wrong = shown.map((d, i) => (d === clipped.solution[i] ? "" : `r${Math.floor(i / 9) + 1}c${i % 9 + 1}:${d}`)).filter(Boolean);
  expect(!wrong.length, `cells whose candidates are not the published digit: ${wrong.slice(0, 5).join(" ")}`);
});

await test("each published f-puzzles link draws the kinds its title names", async () => {
  const names = { "(?<!Slow )Thermo": "thermometer", "Slow Thermo": "slow-thermometer", Arrow: "arrow", Palindrome: "palindrome", Odd: "odd", Even: "even",
                  Quadruple: "quadruple", "Little Killer": "little-killer", "Between Line": "between-line",
                  Renban: "renban", Whispers: "whispers", "Region Sum": "region-sum-line", "X-Sum": "x-sum",
                  Minimum: "minimum", Maximum: "maximum", Clone: "clone" };
  let checked = 0;
  const refused = [];
  await browser.goto(server.url);
  for (const p of published) {
    const want = Object.entries(names).filter(([word]) => new RegExp(word, "i").test(p.title)).map(([, kind]) => kind);
    if (!want.length) continue;
    // Pasted on the grid one after the other, as a player loads several: each link brings its
    // own rules, never the one before's (the Variant menu once sent them as "# variant
    // anti-king+thermometer+arrow", which the reader refused).
    await browser.eval(`(() => { const data = new DataTransfer(); data.setData("text/plain", ${JSON.stringify(p.link)});
      document.getElementById("grid").dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true })); })()`);
    const shown = await message();
    if (/^puzzle:1:/.test(shown)) {
      // A puzzle the reader refuses (the engine's limits) is refused by the program alike.
      const said = program(["count"], `${p.link}\n`).stderr;
      expect(said.includes(shown.replace(/^puzzle:1:\d+: /, "")), `${p.title}: the page says '${shown}', the program '${said}'`);
      refused.push(p.title);
      continue;
    }
    const kinds = new Set((await drawing()).groups.map((g) => g.kind));
    const missing = want.filter((k) => !kinds.has(k));
    expect(!missing.length, `${p.title}: ${missing.join(", ")} not drawn (drawn: ${[...kinds].join(", ")}; ${await message()})`);
    if (++checked <= 3) await shot(`14-fpuzzles-published-${checked}`);
  }
  expect(checked >= 15, `only ${checked} published puzzles name a kind (refused: ${refused.join("; ")})`);
  if (refused.length) console.log(`# refused by the reader as by the program: ${refused.join("; ")}`);
});

await test("an explain step on a constraint lights its cells and its drawing; a step without one, none", async () => {
  // Wikipedia's example with a thermometer its solution keeps (r1c4-r1c6 hold 6, 7, 8), as an
  // f-puzzles link: the singles give steps.
  const thermoOnly = { thermometer: [{ lines: [["R1C4", "R1C5", "R1C6"]] }] };
  expect(wikipedia.solution.slice(3, 6) === "678", "test data: the thermometer breaks the solution");
  await browser.goto(`${server.url}?fpuzzles=${fpuzzle(9, thermoOnly, wikipedia.puzzle)}&action=explain`);
  const steps = await browser.eval(`state.explanation ? state.explanation.steps.length : -1`);
  expect(steps >= 2, `Explain: ${await message()}`);
  // The step record's "constraint" field ({"name", "cells"}), as explain writes it for a
  // constraint's step, put on the first step of the log shown; the others have none.
  const thermo = (await drawing()).groups.find((g) => g.name === "thermometer 1");
  expect(thermo && thermo.cells === "r1c4 r1c5 r1c6", `thermometer 1: ${thermo && thermo.cells}`);
  const cells = thermo.cells.split(" ");
  await browser.eval(`state.explanation.steps[0].constraint = { name: "thermometer 1 (r1c4)", cells: ${JSON.stringify(cells)} }; showStep(1)`);
  const unit = await classed("step-unit");
  expect(cells.every((c) => unit.includes(cellOf(c, 9))), `the step's unit cells ${unit}, the thermometer's ${cells}`);
  const lit = (await drawing()).groups.filter((g) => g.on).map((g) => g.name);
  expect(JSON.stringify(lit) === '["thermometer 1"]', `drawings lit: ${lit}`);
  await browser.eval(`delete state.explanation.steps[1].constraint; showStep(2)`);
  const none = (await drawing()).groups.filter((g) => g.on);
  expect(none.length === 0, `a step without a constraint lights ${none.map((g) => g.name)}`);
});

await test("no script errors on the page", async () => {
  expect(browser.errors.length === 0, browser.errors.join("; "));
});

await browser.close();
await server.close();
console.log(failures ? `${failures} failed; screenshots in ${shots}` : `all passed; screenshots in ${shots}`);
process.exit(failures ? 1 : 0);
