// The page: the grid, its keyboard, and the buttons, around the WebAssembly module (sudoku.js).
// Every answer comes from the module (web/binding.cpp) as JSON: reading and checking the grid,
// solving, counting, the step log and its pencil marks, the rating, new puzzles. This file only
// shows them. The cell names ("r5c2") and units ("box 4") of the step log are turned back into
// cell numbers here, to highlight them.
"use strict";

const $ = (id) => document.getElementById(id);

const state = {
  module: null,
  rows: 3, cols: 3, n: 9,   // box rows and columns; the side n = rows * cols
  cells: [],                // what the player typed: 0 blank, else the digit
  solution: null,           // digits shown in blank cells after Solve, or null
  marks: {},                // cell -> class for the grid ("conflict", ...)
  selected: 0,
  explanation: null,        // {steps, positions, ...} while the step log is open
  step: 0,                  // 0: the start; k: step k shown; steps+1: the end
};

// ---- the module ----------------------------------------------------------------------------

function call(name, types, args) {
  const text = state.module.ccall(name, "string", types, args);
  return JSON.parse(text);
}
const box = () => `${state.rows}x${state.cols}`;
const readBoard = (text, shape) => call("web_read", ["string", "string"], [text, shape]);

// ---- symbols and names -------------------------------------------------------------------

function symbol(d) { return d === 0 ? "." : d <= 9 ? String(d) : String.fromCharCode(55 + d); }
function digitOf(ch) {
  if (/^[1-9]$/.test(ch)) return Number(ch);
  if (/^[a-z]$/i.test(ch)) return ch.toUpperCase().charCodeAt(0) - 55;
  return -1;
}
function line() { return state.cells.map(symbol).join(""); }
function cellOfName(name) {           // "r5c2" -> cell number
  const m = /^r(\d+)c(\d+)$/.exec(name);
  return m ? (Number(m[1]) - 1) * state.n + Number(m[2]) - 1 : -1;
}
function unitCells(name) {            // "row 3", "column 5", "box 2" -> cell numbers
  const m = /^(row|column|box) (\d+)$/.exec(name);
  if (!m) return [];
  const i = Number(m[2]) - 1, n = state.n, out = [];
  for (let k = 0; k < n; k++) {
    if (m[1] === "row") out.push(i * n + k);
    else if (m[1] === "column") out.push(k * n + i);
    else {
      const r0 = Math.floor(i / state.rows) * state.rows, c0 = (i % state.rows) * state.cols;
      out.push((r0 + Math.floor(k / state.cols)) * n + c0 + (k % state.cols));
    }
  }
  return out;
}
// "37 µs (mean of 54 runs)": quick work is timed over repeated runs (see binding.cpp).
function timed(r) { return `${formatMicros(r.micros)}${r.runs > 1 ? ` (mean of ${r.runs} runs)` : ""}`; }
// The backend's own measure of search: guesses for the bitboard, engine nodes for the others.
function work(r) {
  const one = r.nodes === 1;
  return r.backend === "bitboard" ? (one ? "guess" : "guesses") : (one ? "search node" : "search nodes");
}
function formatMicros(us) {
  if (us < 1) return `${(us * 1000).toFixed(0)} ns`;
  if (us < 1000) return `${us.toFixed(us < 10 ? 1 : 0)} µs`;
  if (us < 1e6) return `${(us / 1000).toFixed(us < 1e4 ? 2 : 1)} ms`;
  return `${(us / 1e6).toFixed(2)} s`;
}

// ---- the grid ------------------------------------------------------------------------------

function setShape(shape) {
  const [r, c] = shape.split("x").map(Number);
  state.rows = r; state.cols = c; state.n = r * c;
  state.cells = new Array(state.n * state.n).fill(0);
  state.selected = Math.min(state.selected, state.cells.length - 1);
  $("size").value = shape;
  if ($("size").value !== shape) {          // a shape the menu lacks (from a link): add it
    const o = document.createElement("option");
    o.value = shape; o.textContent = `${state.n}×${state.n} (${shape})`;
    $("size").appendChild(o); $("size").value = shape;
  }
  buildGrid();
  buildKeypad();
}

function buildGrid() {
  const grid = $("grid"), n = state.n;
  grid.innerHTML = "";
  grid.style.setProperty("--n", n);
  grid.className = n > 9 ? "large" : "";
  for (let cell = 0; cell < n * n; cell++) {
    const div = document.createElement("div");
    const r = Math.floor(cell / n), c = cell % n;
    div.className = "cell";
    if (c % state.cols === 0 && c > 0) div.classList.add("box-left");
    if (r % state.rows === 0 && r > 0) div.classList.add("box-top");
    div.dataset.cell = cell;
    div.id = `cell-${cell}`;
    div.setAttribute("role", "gridcell");
    div.addEventListener("mousedown", () => { select(cell); });
    grid.appendChild(div);
  }
  render();
}

function buildKeypad() {
  const pad = $("keypad");
  pad.innerHTML = "";
  for (let d = 1; d <= state.n; d++) {
    const b = document.createElement("button");
    b.textContent = symbol(d); b.tabIndex = -1;
    b.addEventListener("click", () => { enter(d); $("grid").focus(); });
    pad.appendChild(b);
  }
  const erase = document.createElement("button");
  erase.textContent = "⌫"; erase.tabIndex = -1; erase.setAttribute("aria-label", "Erase");
  erase.addEventListener("click", () => { enter(0); $("grid").focus(); });
  pad.appendChild(erase);
}

function select(cell) {
  state.selected = cell;
  render();
}

// The digits on the board in the explanation's current view, and its pencil marks.
function explanationView() {
  const ex = state.explanation;
  const k = state.step, steps = ex.steps;
  const board = state.cells.slice();
  const placedUpTo = Math.min(k === 0 ? 0 : k - 1, steps.length);
  for (let i = 0; i < placedUpTo; i++) {
    for (const p of steps[i].placed) board[cellOfName(p.cell)] = p.digit;
  }
  const positions = ex.positions;
  const pos = positions.length ? positions[Math.min(k === 0 ? 0 : k - 1, positions.length - 1)] : null;
  const view = { board, pencil: pos, step: null, unit: new Set(), pattern: new Set(),
                 placed: new Map(), removed: new Map() };
  if (k > steps.length && positions.length) view.pencil = positions[positions.length - 1];
  if (k >= 1 && k <= steps.length) {
    const s = steps[k - 1];
    view.step = s;
    for (const u of s.units) for (const c of unitCells(u)) view.unit.add(c);
    for (const c of s.cells) view.pattern.add(cellOfName(c));
    for (const p of s.placed) view.placed.set(cellOfName(p.cell), p.digit);
    for (const e of s.eliminated) {
      const c = cellOfName(e.cell);
      if (!view.removed.has(c)) view.removed.set(c, new Set());
      view.removed.get(c).add(e.digit);
    }
  }
  return view;
}

const transient = ["given", "solved", "deduced", "selected", "conflict", "culprit", "step-unit",
                   "step-cell", "placed", "peer", "same"];

// Outside an explanation, the selected cell's row, column and box are shaded, and the cells
// holding the same digit stand out, as on paper when one scans for a digit.
function peersOf(cell) {
  const n = state.n, r = Math.floor(cell / n), c = cell % n;
  const boxOf = (x) => Math.floor(Math.floor(x / n) / state.rows) * state.rows + Math.floor((x % n) / state.cols);
  const b = boxOf(cell), out = new Set();
  for (let x = 0; x < n * n; x++) {
    if (x !== cell && (Math.floor(x / n) === r || x % n === c || boxOf(x) === b)) out.add(x);
  }
  return out;
}

function render() {
  const grid = $("grid"), n = state.n;
  const view = state.explanation ? explanationView() : null;
  const sub = Math.ceil(Math.sqrt(n));   // pencil marks in a sub x sub square
  const shown = (cell) => state.cells[cell] || (!view && state.solution ? state.solution[cell] : 0);
  const peers = view ? new Set() : peersOf(state.selected);
  const sameDigit = view ? 0 : shown(state.selected);
  for (const div of grid.children) {
    const cell = Number(div.dataset.cell);
    const given = state.cells[cell];
    let value = given, kind = given ? "given" : "";
    if (!given && view && view.board[cell]) { value = view.board[cell]; kind = "deduced"; }
    if (!given && !view && state.solution) { value = state.solution[cell]; kind = "solved"; }
    div.classList.remove(...transient);
    if (kind) div.classList.add(kind);
    if (cell === state.selected) div.classList.add("selected");
    else if (sameDigit && shown(cell) === sameDigit) div.classList.add("same");
    else if (peers.has(cell)) div.classList.add("peer");
    if (state.marks[cell]) div.classList.add(state.marks[cell]);
    div.dataset.value = value ? symbol(value) : "";
    div.innerHTML = "";
    const rc = `r${Math.floor(cell / n) + 1}c${(cell % n) + 1}`;
    if (view) {
      if (view.unit.has(cell)) div.classList.add("step-unit");
      if (view.pattern.has(cell)) div.classList.add("step-cell");
    }
    if (view && view.placed.has(cell)) {
      div.classList.add("placed");
      div.dataset.placed = symbol(view.placed.get(cell));
      div.textContent = symbol(view.placed.get(cell));
      div.setAttribute("aria-label", `${rc} placed ${symbol(view.placed.get(cell))}`);
      continue;
    }
    delete div.dataset.placed;
    if (value) {
      div.textContent = symbol(value);
      div.setAttribute("aria-label", `${rc} ${symbol(value)}`);
      continue;
    }
    if (view && view.pencil && view.pencil[cell]) {
      const marks = document.createElement("div");
      marks.className = "marks";
      marks.style.setProperty("--sub", sub);
      const have = view.pencil[cell];
      const removed = view.removed.get(cell);
      for (let d = 1; d <= n; d++) {
        const span = document.createElement("span");
        const s = symbol(d);
        if (have.includes(s)) {
          span.textContent = s;
          span.dataset.digit = s;
          if (removed && removed.has(d)) span.className = "removed";
        }
        marks.appendChild(span);
      }
      div.appendChild(marks);
      div.setAttribute("aria-label", `${rc} candidates ${view.pencil[cell]}`);
      continue;
    }
    div.setAttribute("aria-label", `${rc} empty`);
  }
  grid.setAttribute("aria-activedescendant", `cell-${state.selected}`);
  updateShare();
}

function updateShare() {
  const params = new URLSearchParams();
  params.set("puzzle", line());
  if (!(state.rows === 3 && state.cols === 3)) params.set("box", box());
  $("share").href = `?${params}`;
}

// ---- messages ------------------------------------------------------------------------------

function say(text, kind = "") {
  const m = $("message");
  m.textContent = text;
  m.className = kind;
}
function timing(text) { $("timing").textContent = text; }

// After every change: the validator's view of the grid (clashing givens marked at once).
function edited() {
  state.solution = null;
  closeExplanation();
  state.marks = {};
  const r = readBoard(line(), box());
  timing("");
  if (!r.ok) { say(r.error, "error"); render(); return; }
  if (r.conflicts.length) {
    markConflicts(r.conflicts);
  } else {
    say(`${r.givens} given${r.givens === 1 ? "" : "s"}.`);
  }
  render();
}

function markConflicts(conflicts) {
  for (const c of conflicts) {
    for (const u of unitCells(c.unit)) if (!state.marks[u]) state.marks[u] = "culprit";
  }
  for (const c of conflicts) for (const name of c.cells) state.marks[cellOfName(name)] = "conflict";
  say(`Invalid: ${conflicts.map((c) => c.message).join("; ")}`, "error");
}

// ---- editing -------------------------------------------------------------------------------

function enter(d) {
  if (d > state.n) return;
  state.cells[state.selected] = d;
  edited();
}

function move(dr, dc) {
  const n = state.n;
  const r = (Math.floor(state.selected / n) + dr + n) % n;
  const c = (state.selected % n + dc + n) % n;
  select(r * n + c);
}

function onGridKey(e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[e.key]) { move(...moves[e.key]); e.preventDefault(); return; }
  if (["Delete", "Backspace", "0", ".", " "].includes(e.key)) { enter(0); e.preventDefault(); return; }
  if (e.key.length === 1) {
    const d = digitOf(e.key);
    if (d >= 1 && d <= state.n) { enter(d); e.preventDefault(); }
  }
}

// A puzzle as text (a line, a grid, a link's parameter), read by the module; the shape comes
// from `shape` or, when the text does not fit it, from the cell count.
function loadText(text, shape) {
  let r = readBoard(text, shape || "");
  if (!r.ok && shape) {
    const detected = readBoard(text, "");
    if (detected.ok) r = detected;
  }
  if (!r.ok) { say(r.error, "error"); return false; }
  setShape(r.box);
  state.cells = Array.from(r.puzzle, (ch) => (ch === "." ? 0 : digitOf(ch)));
  edited();
  return true;
}

// ---- the buttons ---------------------------------------------------------------------------

function solve() {
  const r = call("web_solve", ["string", "string"], [line(), box()]);
  closeExplanation();
  state.marks = {};
  if (!r.ok) { say(r.error, "error"); return r; }
  if (r.conflicts.length) { markConflicts(r.conflicts); render(); return r; }
  timing(`solved and checked for a second solution in ${timed(r)} by the ${r.backend} solver; ${r.nodes} ${work(r)}`);
  if (r.solutions === 0) {
    state.solution = null;
    noSolution(r);
  } else {
    state.solution = Array.from(r.solution, digitOf);
    const filled = state.cells.filter((d) => !d).length;
    if (r.solutions === 1) say(`Solved: ${filled} cells filled; the solution is unique.`, "ok");
    else say(`Solved: ${filled} cells filled, but this is one of several solutions (Count tells how many).`, "warn");
  }
  render();
  return r;
}

function noSolution(r) {
  if (r.limit_reached) { say("Gave up: the search hit its node limit.", "error"); return; }
  let text = "Invalid: no solution";
  if (r.contradiction) {
    text += ` (${r.contradiction.message})`;
    for (const name of r.contradiction.cells || []) state.marks[cellOfName(name)] = "conflict";
    if (r.contradiction.unit) for (const c of unitCells(r.contradiction.unit)) state.marks[c] = "culprit";
  }
  say(`${text}.`, "error");
}

function count() {
  const limit = 1000;
  const r = call("web_count", ["string", "string", "number"], [line(), box(), limit]);
  closeExplanation();
  state.marks = {}; state.solution = null;
  if (!r.ok) { say(r.error, "error"); return r; }
  if (r.conflicts.length) { markConflicts(r.conflicts); render(); return r; }
  timing(`counted in ${timed(r)} by the ${r.backend} solver; ${r.nodes} ${work(r)}`);
  if (r.solutions === 0) noSolution(r);
  else if (r.solutions === 1) say("Unique: exactly one solution.", "ok");
  else if (r.limit_reached || r.solutions >= limit) say(`Several: at least ${r.solutions} solutions (the count stopped there).`, "warn");
  else say(`Several: ${r.solutions} solutions.`, "warn");
  render();
  return r;
}

function rate() {
  const r = call("web_rate", ["string", "string"], [line(), box()]);
  if (!r.ok) { say(r.error, "error"); return r; }
  if (r.conflicts.length) { markConflicts(r.conflicts); render(); return r; }
  timing(`rated in ${timed(r)}`);
  say(`Difficulty: ${r.text}`, r.rating.level === "invalid" ? "error" : "ok");
  return r;
}

// Generating can take a second or two (large boards, a difficulty to hit): the message is
// painted first, and the page is marked busy (data-busy) until the puzzle is there.
async function generate() {
  let seedText = $("seed").value.trim();
  if (seedText && !/^\d{1,15}$/.test(seedText)) { say("The seed is a whole number (up to 15 digits).", "error"); return null; }
  const seed = seedText ? Number(seedText) : Math.floor(Math.random() * 1e9);
  say("Generating…");
  document.body.dataset.busy = "true";
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  try {
    return generateNow(seed);
  } finally {
    delete document.body.dataset.busy;
  }
}

function generateNow(seed) {
  const r = call("web_generate", ["string", "string", "string", "number"],
                 [box(), $("difficulty").value, $("symmetry").value, seed]);
  if (!r.ok) { say(r.error, "error"); return r; }
  setShape(r.box);
  state.cells = Array.from(r.puzzle, (ch) => (ch === "." ? 0 : digitOf(ch)));
  edited();
  say(`New puzzle (seed ${r.seed}): ${r.text}`, "ok");
  timing(`generated in ${formatMicros(r.micros)}${r.attempts > 1 ? ` (${r.attempts} tries)` : ""}`);
  return r;
}

function clearGrid() {
  state.cells.fill(0);
  edited();
  say("Cleared.");
}

// ---- the step log --------------------------------------------------------------------------

function explain() {
  const r = call("web_explain", ["string", "string"], [line(), box()]);
  state.marks = {}; state.solution = null;
  if (!r.ok) { say(r.error, "error"); return r; }
  if (r.conflicts.length) { closeExplanation(); markConflicts(r.conflicts); render(); return r; }
  const ex = r.explanation;
  state.explanation = { steps: ex.steps, positions: r.positions, result: ex };
  timing(`explained in ${timed(r)}; ${ex.steps.length} steps`);
  const list = $("step-list");
  list.innerHTML = "";
  ex.steps.forEach((s, i) => {
    const li = document.createElement("li");
    const a = document.createElement("button");
    a.className = "link"; a.textContent = stepText(s);
    a.addEventListener("click", () => showStep(i + 1));
    li.appendChild(a);
    list.appendChild(li);
  });
  $("steps").hidden = false;
  let outcome;
  if (ex.status === "solved") outcome = `Solved by logic in ${ex.steps.length} steps.`;
  else if (ex.status === "contradiction") outcome = `No solution: ${ex.contradiction}.`;
  else {
    outcome = `The techniques stall after ${ex.steps.length} steps (pencil marks shown).`;
    if (ex.finish) outcome += ex.finish.solutions === 1 ? " The engine finishes it: unique solution."
      : ex.finish.solutions === 0 ? " The engine finds no solution." : " The engine finds several solutions.";
  }
  state.explanation.outcome = outcome;
  say(outcome, ex.status === "contradiction" ? "error" : "ok");
  showStep(ex.steps.length ? 1 : 0);
  return r;
}

const techniqueNames = {
  naked_single: "Naked single", hidden_single: "Hidden single", pointing: "Pointing",
  claiming: "Claiming", naked_pair: "Naked pair", hidden_pair: "Hidden pair",
  naked_triple: "Naked triple", hidden_triple: "Hidden triple", x_wing: "X-wing",
  swordfish: "Swordfish", xy_wing: "XY-wing", naked_quad: "Naked quad",
  hidden_quad: "Hidden quad", jellyfish: "Jellyfish", x_chain: "X-chain",
  aic: "Alternating inference chain", multiple_forcing_chain: "Forcing chains",
  dynamic_forcing_chain: "Dynamic forcing chains",
  dynamic_forcing_chain_plus: "Dynamic forcing chains (+)",
  nested_forcing_chain: "Nested forcing chains",
};
function stepText(s) {
  const name = techniqueNames[s.technique] || s.technique;
  const where = s.units.length ? ` in ${s.units.join(", ")}` : "";
  if (s.placed.length) return `${name}: ${s.placed.map((p) => `${symbol(p.digit)} → ${p.cell}`).join(", ")}${where}`;
  const byCell = s.eliminated.map((e) => `${e.cell}≠${symbol(e.digit)}`).join(", ");
  return `${name} {${s.digits.map(symbol).join(",")}} on ${s.cells.join(" ")}${where}: ${byCell}`;
}

function showStep(k) {
  const ex = state.explanation;
  if (!ex) return;
  state.step = Math.max(0, Math.min(k, ex.steps.length + 1));
  const total = ex.steps.length;
  $("step-counter").textContent = state.step === 0 ? `start / ${total}`
    : state.step > total ? `end / ${total}` : `${state.step} / ${total}`;
  const text = state.step === 0 ? "The starting pencil marks."
    : state.step > total ? ex.outcome : stepText(ex.steps[state.step - 1]);
  $("step-text").textContent = text;
  for (const [i, li] of [...$("step-list").children].entries()) {
    li.classList.toggle("current", i + 1 === state.step);
    if (i + 1 === state.step) {   // scroll the list only, never the page
      const list = $("step-list");
      if (li.offsetTop < list.scrollTop) list.scrollTop = li.offsetTop;
      else if (li.offsetTop + li.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = li.offsetTop + li.offsetHeight - list.clientHeight;
      }
    }
  }
  render();
}

function closeExplanation() {
  if (!state.explanation) return;
  state.explanation = null;
  $("steps").hidden = true;
}

// ---- wiring --------------------------------------------------------------------------------

function wire() {
  const grid = $("grid");
  grid.addEventListener("keydown", onGridKey);
  // Ctrl+V anywhere but in a text field loads the clipboard's puzzle.
  document.addEventListener("paste", (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
    const text = (e.clipboardData || window.clipboardData).getData("text");
    e.preventDefault();
    loadText(text, box());
  });
  $("size").addEventListener("change", () => { setShape($("size").value); edited(); });
  $("solve").addEventListener("click", solve);
  $("count").addEventListener("click", count);
  $("explain").addEventListener("click", explain);
  $("rate").addEventListener("click", rate);
  $("clear").addEventListener("click", clearGrid);
  $("generate").addEventListener("click", generate);
  $("load").addEventListener("click", () => loadText($("text").value, box()));
  $("first-step").addEventListener("click", () => showStep(0));
  $("prev-step").addEventListener("click", () => showStep(state.step - 1));
  $("next-step").addEventListener("click", () => showStep(state.step + 1));
  $("last-step").addEventListener("click", () => showStep(Number.MAX_SAFE_INTEGER));
  document.addEventListener("keydown", (e) => {
    if (!state.explanation) return;
    if (e.key === "PageDown") { showStep(state.step + 1); e.preventDefault(); }
    else if (e.key === "PageUp") { showStep(state.step - 1); e.preventDefault(); }
  });
}

// ?puzzle=...&box=RxC (or &size=N)&action=solve|count|explain|rate
function fromUrl() {
  const params = new URLSearchParams(location.search);
  let shape = params.get("box") || "";
  const size = params.get("size");
  if (!shape && size) {
    const n = Number(size);
    const shapes = { 4: "2x2", 6: "2x3", 8: "2x4", 9: "3x3", 10: "2x5", 12: "3x4", 14: "2x7", 15: "3x5", 16: "4x4", 20: "4x5", 25: "5x5" };
    shape = shapes[n] || "";
    if (!shape) { say(`Unknown size ${size}: give &box=RxC.`, "error"); return; }
  }
  const puzzle = params.get("puzzle");
  if (!puzzle) { if (shape) setShape(shape); return; }
  if (!loadText(puzzle, shape)) return;
  const action = params.get("action");
  const actions = { solve, count, explain, rate };
  if (action && actions[action]) actions[action]();
  else if (action) say(`Unknown action '${action}': solve, count, explain or rate.`, "error");
}

// Speed hook for benchmarks (tests/web/bench.mjs): counts every puzzle of `text` to `limit`
// in the page's module; the module times the solving alone.
window.sudokuBench = (text, limit = 2) => call("web_bench", ["string", "number"], [text, limit]);

window.sudokuReady = createSudokuModule().then((module) => {
  state.module = module;
  // The first call builds the solver's tables and runs code the browser has not optimized yet:
  // done here once, so that the times shown are those of the puzzles.
  call("web_solve", ["string", "string"], [".".repeat(81), "3x3"]);
  wire();
  setShape("3x3");
  say("Type a puzzle, paste one, or generate one.");
  fromUrl();
  document.body.dataset.ready = "true";
}).catch((err) => {
  say(`The solver could not load: ${err}`, "error");
  throw err;
});
