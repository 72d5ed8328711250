// The page in a real browser: headless Chromium loads the built site from a local server and is
// driven as a player would (keys, clicks, links); what the page shows is read back from the DOM
// and judged by checkers written here, which share nothing with the engine: the Sudoku rules,
// the givens kept, known solutions, a brute-force count, the validator's wording.
//
//   node page_test.mjs SITE_DIR CHROMIUM SCREENSHOT_DIR
// Each case prints "ok - name" or "not ok - name: why"; the exit status is 1 if any failed.
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { launch, serve } from "./browser.mjs";

const [site, chromium, shots] = process.argv.slice(2).map((a, i) => (i === 1 ? a : resolve(a)));
if (!site || !chromium || !shots) {
  console.error("usage: node page_test.mjs SITE_DIR CHROMIUM SCREENSHOT_DIR");
  process.exit(2);
}
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

// ---- the run ---------------------------------------------------------------------------------

const server = await serve(site);
const browser = await launch(chromium);
let failures = 0;
async function test(name, body) {
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

await test("no script errors on the page", async () => {
  expect(browser.errors.length === 0, browser.errors.join("; "));
});

await browser.close();
await server.close();
console.log(failures ? `${failures} failed; screenshots in ${shots}` : `all passed; screenshots in ${shots}`);
process.exit(failures ? 1 : 0);
