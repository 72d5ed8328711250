// The page: the grid, its keyboard, and the buttons, around the WebAssembly module (sudoku.js).
// Every answer comes from the module (web/binding.cpp) as JSON: reading and checking the grid,
// solving, counting, the step log and its pencil marks, the rating, hints, new puzzles, and the
// rules of variant puzzles (regions, cages, diagonals, windows). This file only shows them. The
// cell names ("r5c2"), units ("box 4", "diagonal 1") and cages ("cage 3") of a step are turned
// back into cell numbers here, to highlight them; chains, cages and the cells that a rule makes
// see each other (anti-knight, anti-king) are drawn on an SVG layer over the grid, 100 units a
// cell.
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
  hint: null,               // {reply, full, grid} while a hint is shown (see hint())
  candidates: null,         // each cell's true candidates while Candidates shows them
  step: 0,                  // 0: the start; k: step k shown; steps+1: the end
  // The rules in force, as the reader's comment lines ("# variant x", "# regions ...", "# cage
  // ...") that the module reads before the grid in every call; "" for classic puzzles.
  rulesText: "",
  rules: null,              // web_read's reply while the rules are not classic
  examples: {},             // variant -> {text, next}: the example files, once fetched
};

// ---- the module ----------------------------------------------------------------------------

function call(name, types, args) {
  const text = state.module.ccall(name, "string", types, args);
  return JSON.parse(text);
}
const box = () => `${state.rows}x${state.cols}`;
// Every call sends the text, the box shape ("" to detect it) and the rules lines read before the
// text; the module's reader decides what the rules are (a "# variant" line in the text replaces
// the menu's, "# regions" and "# cage" lines add theirs), and every reply says them back.
const read = (text, shape, rules, index = 0) =>
  call("web_read", ["string", "string", "string", "number"], [text, shape, rules, index]);
const onGrid = (name) => call(name, ["string", "string", "string"], [line(), box(), state.rulesText]);
// The Variant menu's rules as the line the program reads ("# variant x"), for pasted text; none
// where the menu names an f-puzzles puzzle's rules ("anti-king+thermometer+arrow"), which
// belong to that puzzle (a "# variant" line takes only the menu's words).
const variantWords = new Set(["x", "windoku", "anti-knight", "anti-king", "jigsaw", "killer"]);
function menuRules() {
  const v = $("variant").value;
  return v !== "classic" && v.split("+").every((w) => variantWords.has(w)) ? `# variant ${v}\n` : "";
}

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
function unitCells(name) {            // "row 3", "column 5", "box 2", "region 4", "diagonal 1" -> cells
  const extra = state.rules && state.rules.units.find((u) => u.name === name);
  if (extra) return extra.cells.map(cellOfName);   // diagonals, windows: as the reply lists them
  const region = /^region (\d+)$/.exec(name);
  if (region && state.rules && state.rules.regions.length) {
    const out = [];
    state.rules.regions.forEach((r, cell) => { if (r === Number(region[1]) - 1) out.push(cell); });
    return out;
  }
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
// The cells of the unit or rule a step rests on: its units (rows, columns, boxes or regions,
// diagonals, windows: the 45 rule's too), and for a cage's step the cage, as the rules list it
// ("cage 3": the third cage of the puzzle's "# cage" lines).
function ruleCells(step) {
  const out = new Set();
  for (const u of step.units) for (const c of unitCells(u)) out.add(c);
  for (const set of step.sets || []) {
    const m = /^cage (\d+)$/.exec(set.name);
    const cage = m && state.rules && state.rules.cages[Number(m[1]) - 1];
    if (cage) for (const name of cage.cells) out.add(cellOfName(name));
  }
  // A step on one of the community's constraints names it with its cells
  // ("constraint": {"name": "thermometer 2", "cells": [...]}); a step without one draws none.
  for (const name of (step.constraint && step.constraint.cells) || []) out.add(cellOfName(name));
  return out;
}
// Whether the rules in force keep two cells apart though they share no unit (RuleUnits::apart's
// pairs): a knight's move (anti-knight) or a king's diagonal step (anti-king) between cells of
// different rows, columns, boxes or regions, and no diagonal or window in common.
function apart(a, b) {
  if (!state.rules) return false;
  const n = state.n, dr = Math.abs(Math.floor(a / n) - Math.floor(b / n)), dc = Math.abs((a % n) - (b % n));
  const pair = (state.rules.anti_knight && dr * dc === 2) || (state.rules.anti_king && dr === 1 && dc === 1);
  if (!pair || regionOf(a) === regionOf(b)) return false;
  const na = `r${Math.floor(a / n) + 1}c${(a % n) + 1}`, nb = `r${Math.floor(b / n) + 1}c${(b % n) + 1}`;
  return !state.rules.units.some((u) => u.cells.includes(na) && u.cells.includes(nb));
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
    div.dataset.cell = cell;
    div.id = `cell-${cell}`;
    div.setAttribute("role", "gridcell");
    div.addEventListener("mousedown", () => { select(cell); });
    grid.appendChild(div);
  }
  $("overlay").setAttribute("viewBox", `0 0 ${n * 100} ${n * 100}`);
  decorate();
  render();
}

// ---- the rules drawn -------------------------------------------------------------------------

// The region (box, or jigsaw region) of a cell.
function regionOf(cell) {
  if (state.rules && state.rules.regions.length) return state.rules.regions[cell];
  const n = state.n;
  return Math.floor(Math.floor(cell / n) / state.rows) * state.rows + Math.floor((cell % n) / state.cols);
}

// What the rules add to the grid: thick borders between regions (boxes or jigsaw regions),
// the diagonals and windows shaded, killer cages outlined with their sums, and a note for the
// rules that have nothing to draw (anti-knight, anti-king).
function decorate() {
  const n = state.n, extra = new Map();
  // Diagonals (x's two, f-puzzles' diagonal+ and diagonal-) and windows are shaded; the other
  // extra units (disjoint groups, extra regions) are drawn, or named in the note, as they are.
  for (const u of state.rules ? state.rules.units : []) {
    const kind = u.name.startsWith("window") ? "window" : u.name.startsWith("diagonal") ? "diagonal" : "";
    if (kind) for (const name of u.cells) extra.set(cellOfName(name), kind);
  }
  for (const div of $("grid").children) {
    const cell = Number(div.dataset.cell), r = Math.floor(cell / n), c = cell % n;
    div.classList.toggle("box-left", c > 0 && regionOf(cell - 1) !== regionOf(cell));
    div.classList.toggle("box-top", r > 0 && regionOf(cell - n) !== regionOf(cell));
    div.classList.toggle("diagonal", extra.get(cell) === "diagonal");
    div.classList.toggle("window", extra.get(cell) === "window");
  }
  drawCages();
  drawConstraints();
  const notes = [];
  if (state.rules) {
    if (state.rules.regions.length) notes.push("Jigsaw: every row, column and outlined region holds each digit once.");
    if (state.rules.units.some((u) => u.name.startsWith("diagonal"))) notes.push("X: both shaded diagonals hold each digit once.");
    if (state.rules.units.some((u) => u.name.startsWith("window"))) notes.push("Windoku: the four shaded windows hold each digit once.");
    if (state.rules.anti_knight) notes.push("Anti-knight: no two cells a knight's move apart hold the same digit.");
    if (state.rules.anti_king) notes.push("Anti-king: no two cells a king's diagonal step apart hold the same digit.");
    if (state.rules.cages.length) notes.push("Killer: the digits of each dotted cage differ and add up to its sum.");
    const kinds = new Map();
    for (const c of state.rules.constraints || []) kinds.set(c.kind, (kinds.get(c.kind) || 0) + 1);
    if (kinds.size) notes.push(`Constraints (docs/constraints.md): ${[...kinds].map(([k, count]) => `${k} ×${count}`).join(", ")}.`);
    if ((state.rules.global || []).length) notes.push(`Global rules: ${state.rules.global.join(", ")}.`);
  }
  $("rules-note").textContent = notes.join(" ");
  $("rules-note").hidden = notes.length === 0;
}

const svgNS = "http://www.w3.org/2000/svg";
function svg(tag, attrs, parent) {
  const e = document.createElementNS(svgNS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

// Each cage as one dotted path just inside its cells' outer edges, and its sum in the corner of
// its top-left cell. An edge of a cell is drawn where the neighbour across it is outside the
// cage; each end is pulled in at an outer corner, left at a straight join, and pushed out at an
// inner corner, so that the outline closes.
function drawCages() {
  const layer = $("cage-layer"), n = state.n, inset = 9;
  layer.innerHTML = "";
  // Killer cages with a sum, then the cages without one (the community's "cage" constraint).
  const cages = state.rules ? [...state.rules.cages, ...(state.rules.constraints || [])
    .filter((c) => c.kind === "cage").map((c) => ({ sum: null, cells: c.cells }))] : [];
  cages.forEach((cage, k) => {
    const cells = new Set(cage.cells.map(cellOfName));
    const inCage = (r, c) => r >= 0 && r < n && c >= 0 && c < n && cells.has(r * n + c);
    let d = "";
    for (const cell of cells) {
      const r = Math.floor(cell / n), c = cell % n, x = c * 100, y = r * 100;
      // [dr, dc] across the edge, and the two directions along it
      const sides = [[-1, 0, [0, -1], [0, 1]], [1, 0, [0, -1], [0, 1]], [0, -1, [-1, 0], [1, 0]], [0, 1, [-1, 0], [1, 0]]];
      for (const [dr, dc, a, b] of sides) {
        if (inCage(r + dr, c + dc)) continue;
        const end = ([er, ec]) => {
          if (!inCage(r + er, c + ec)) return inset;            // outer corner: pulled in
          return inCage(r + er + dr, c + ec + dc) ? -inset : 0;  // inner corner: pushed out
        };
        if (dr !== 0) {
          const yy = dr < 0 ? y + inset : y + 100 - inset;
          d += `M${x + end(a)},${yy}H${x + 100 - end(b)}`;
        } else {
          const xx = dc < 0 ? x + inset : x + 100 - inset;
          d += `M${xx},${y + end(a)}V${y + 100 - end(b)}`;
        }
      }
    }
    svg("path", { d, class: "cage", "data-cage": k, "data-cells": cage.cells.join(" ") }, layer);
    if (cage.sum === null) return;
    const first = Math.min(...cells), r = Math.floor(first / n), c = first % n;
    const label = String(cage.sum);
    svg("rect", { x: c * 100 + 3, y: r * 100 + 3, width: 10 + 13 * label.length, height: 26, class: "cage-sum-back" }, layer);
    const text = svg("text", { x: c * 100 + 6, y: r * 100 + 23, class: "cage-sum", "data-cell": `r${r + 1}c${c + 1}`, "data-cage": k }, layer);
    text.textContent = label;
  });
}

// ---- the community's constraints, drawn as f-puzzles draws them -------------------------------

// Each constraint of the reply (web_read's "constraints": kind, name, cells, cells2, values) as
// one group <g class="constraint" data-kind data-name data-cells> on the constraint layer,
// under the cages and chains: thermometers grey with a round bulb, arrows with their circle or
// pill, Kropki dots on the edge between two cells, X and V there too, coloured lines, quadruple
// circles on the corner, odd circles and even squares, and the clues outside the grid (little
// killers, sandwiches, X-sums, skyscrapers) in a margin around it. The layer lies over the
// cells, so the shapes are translucent (each group's opacity, so overlaps do not darken) and
// the digits show through. Killer cages with or without a sum are drawCages()'s.
const lineColours = {
  palindrome: "#a0a0a0", renban: "#f067f0", whispers: "#50d050", "between-line": "#8fb4ff",
  "region-sum-line": "#2ecbff", "entropic-line": "#ff9933", "zipper-line": "#b38cff",
  "modular-line": "#1fb5a0", nabner: "#e6c800", "double-arrow": "#a0a0a0",
};
const tints = { "extra-region": "#9a9a9a", clone: "#8cb8ff", "row-indexer": "#ff8c8c",
                "column-indexer": "#8cd98c", "box-indexer": "#d9a6ff", minimum: "#7fa7ff",
                maximum: "#ff9f7f" };
const outsideKinds = new Set(["little-killer", "sandwich", "x-sum", "skyscraper"]);

function drawConstraints() {
  const layer = $("constraint-layer"), n = state.n;
  layer.innerHTML = "";
  const all = state.rules ? state.rules.constraints || [] : [];
  $("board").classList.toggle("outside", all.some((c) => outsideKinds.has(c.kind)));
  $("board").style.setProperty("--n", n);
  const rc = (cell) => [Math.floor(cell / n), cell % n];
  const centre = (cell) => [(cell % n) * 100 + 50, Math.floor(cell / n) * 100 + 50];
  const points = (cells) => cells.map((c) => centre(c).join(",")).join(" ");
  const name = (r, c) => `r${r + 1}c${c + 1}`;   // rows and columns from 0; -1 and n outside
  const circlesDrawn = new Set();                  // an arrow's lines share one circle
  for (const con of all) {
    if (con.kind === "cage") continue;
    const cells = con.cells.map(cellOfName), cells2 = con.cells2.map(cellOfName);
    const g = svg("g", { class: `constraint c-${con.kind}`, "data-kind": con.kind, "data-name": con.name,
                         "data-cells": con.cells.join(" ") }, layer);
    const text = (x, y, label, cls, extra = {}) => {
      const t = svg("text", { x, y, class: cls, "text-anchor": "middle", "dominant-baseline": "central", ...extra }, g);
      t.textContent = label;
      return t;
    };
    const edge = () => {                         // the middle of the edge between two cells
      const [a, b] = [centre(cells[0]), centre(cells[1])];
      return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    };
    // The clue outside the grid: the cell before the first one, against the step from the
    // first to the second (a one-cell diagonal: the corner from which it is the whole diagonal).
    const clue = () => {
      const [r0, c0] = rc(cells[0]);
      let dr, dc;
      if (cells.length >= 2) {
        const [r1, c1] = rc(cells[1]);
        [dr, dc] = [r1 - r0, c1 - c0];
      } else {
        const out = (r, c) => r < 0 || r >= n || c < 0 || c >= n;
        [dr, dc] = [[1, 1], [1, -1], [-1, 1], [-1, -1]].find(([a, b]) => out(r0 - a, c0 - b) && out(r0 + a, c0 + b)) || [1, 1];
      }
      return { r: r0 - dr, c: c0 - dc, dr, dc };
    };
    switch (con.kind) {
      case "thermometer":
      case "slow-thermometer": {
        const [x, y] = centre(cells[0]);
        svg("polyline", { points: points(cells), class: "thermo-body" }, g);
        svg("circle", { cx: x, cy: y, r: 36, class: "bulb", "data-cell": con.cells[0] }, g);
        if (con.kind === "slow-thermometer") svg("polyline", { points: points(cells), class: "slow-mark" }, g);
        break;
      }
      case "arrow": {
        // The circle (one cell) or pill (two or three in a row), once for all its arrows.
        const key = con.cells2.join(" ");
        if (!circlesDrawn.has(key)) {
          circlesDrawn.add(key);
          const rows = cells2.map((c) => rc(c)[0]), cols = cells2.map((c) => rc(c)[1]);
          const top = Math.min(...rows) * 100 + 12, left = Math.min(...cols) * 100 + 12;
          const w = (Math.max(...cols) + 1) * 100 - 12 - left, h = (Math.max(...rows) + 1) * 100 - 12 - top;
          svg("rect", { x: left, y: top, width: w, height: h, rx: 38, ry: 38, class: cells2.length > 1 ? "arrow-circle pill" : "arrow-circle",
                        "data-cells": con.cells2.join(" ") }, g);
        }
        // The shaft from the circle's cell next to the arrow's first cell, leaving at its edge.
        const from = cells2.reduce((best, c) => {
          const d = (x) => Math.max(Math.abs(rc(x)[0] - rc(cells[0])[0]), Math.abs(rc(x)[1] - rc(cells[0])[1]));
          return d(c) < d(best) ? c : best;
        }, cells2[0]);
        const [fx, fy] = centre(from), [tx, ty] = centre(cells[0]);
        const len = Math.hypot(tx - fx, ty - fy) || 1;
        const start = [fx + ((tx - fx) / len) * 38, fy + ((ty - fy) / len) * 38];
        svg("polyline", { points: `${start.join(",")} ${points(cells)}`, class: "arrow-shaft" }, g);
        const last = centre(cells[cells.length - 1]);
        const prev = cells.length > 1 ? centre(cells[cells.length - 2]) : start;
        const l2 = Math.hypot(last[0] - prev[0], last[1] - prev[1]) || 1;
        const [ux, uy] = [(last[0] - prev[0]) / l2, (last[1] - prev[1]) / l2];
        const head = (side) => `${last[0] - ux * 22 + side * uy * 18},${last[1] - uy * 22 - side * ux * 18}`;
        svg("path", { d: `M${head(1)} L${last.join(",")} L${head(-1)}`, class: "arrow-head", "data-cell": con.cells[con.cells.length - 1] }, g);
        break;
      }
      case "difference":
      case "ratio": {
        const [x, y] = edge();
        svg("circle", { cx: x, cy: y, r: 16, class: con.kind === "ratio" ? "dot black" : "dot white",
                        "data-value": con.values.length ? con.values[0] : con.kind === "ratio" ? 2 : 1 }, g);
        break;
      }
      case "xv": {
        const [x, y] = edge(), v = con.values[0];
        text(x, y, v === 10 ? "X" : v === 5 ? "V" : String(v), "xv", { "data-value": v });
        break;
      }
      case "little-killer": {
        const k = clue(), [x, y] = [k.c * 100 + 50, k.r * 100 + 50];
        text(x, y, String(con.values[0]), "clue little-killer", { "data-clue": name(k.r, k.c) });
        // A small arrow from the clue's corner toward the diagonal's first cell.
        const [ax, ay] = [x + k.dc * 24, y + k.dr * 24], [bx, by] = [x + k.dc * 46, y + k.dr * 46];
        svg("line", { x1: ax, y1: ay, x2: bx, y2: by, class: "clue-arrow" }, g);
        svg("path", { d: `M${bx - k.dc * 14},${by} L${bx},${by} L${bx},${by - k.dr * 14}`, class: "clue-arrow" }, g);
        break;
      }
      case "sandwich":
      case "x-sum":
      case "skyscraper": {
        const k = clue();
        text(k.c * 100 + 50, k.r * 100 + 50, String(con.values[0]), `clue ${con.kind}`, { "data-clue": name(k.r, k.c) });
        break;
      }
      case "quadruple": {
        const rows = cells.map((c) => rc(c)[0]), cols = cells.map((c) => rc(c)[1]);
        const x = Math.max(...cols) * 100, y = Math.max(...rows) * 100;
        svg("circle", { cx: x, cy: y, r: 30, class: "quad", "data-corner": `${Math.max(...rows)},${Math.max(...cols)}` }, g);
        const digits = con.values.map(symbol), small = digits.length > 1;
        digits.forEach((d, i) => {
          const dx = small ? (i % 2 ? 10 : -10) : 0, dy = digits.length > 2 ? (i < 2 ? -10 : 10) : 0;
          text(x + dx, y + dy, d, "quad-digit", { "data-digit": d });
        });
        break;
      }
      case "odd":
      case "even":
        for (const cell of cells) {
          const [x, y] = centre(cell);
          if (con.kind === "odd") svg("circle", { cx: x, cy: y, r: 34, class: "parity odd", "data-cell": name(...rc(cell)) }, g);
          else svg("rect", { x: x - 32, y: y - 32, width: 64, height: 64, class: "parity even", "data-cell": name(...rc(cell)) }, g);
        }
        break;
      default:
        if (lineColours[con.kind]) {
          svg("polyline", { points: points(cells), class: "line", stroke: lineColours[con.kind] }, g);
          // A between line's circles, and a double arrow's, at its two ends.
          if (con.kind === "between-line" || con.kind === "double-arrow") {
            for (const end of [cells[0], cells[cells.length - 1]]) {
              const [x, y] = centre(end);
              svg("circle", { cx: x, cy: y, r: 36, class: "line-end", "data-cell": name(...rc(end)) }, g);
            }
          }
        } else {
          // The rest (extra regions, clones, indexers, minimum and maximum cells): their cells
          // tinted; a clone's copies too.
          for (const cell of [...cells, ...cells2]) {
            const [r, c] = rc(cell);
            svg("rect", { x: c * 100 + 4, y: r * 100 + 4, width: 92, height: 92, class: "tint", fill: tints[con.kind] || "#aaa",
                          "data-cell": name(r, c) }, g);
          }
          if (con.kind === "minimum" || con.kind === "maximum") {
            for (const cell of cells) {
              const [x, y] = centre(cell);
              text(x, y + 34, con.kind === "minimum" ? "min" : "max", "extremum");
            }
          }
        }
    }
  }
}

// The centre of candidate `digit` of `cell` in the overlay's units (the pencil marks sit in a
// sub x sub square in each cell, digits in reading order).
function candidatePoint(cell, digit) {
  const n = state.n, sub = Math.ceil(Math.sqrt(n));
  const r = Math.floor(cell / n), c = cell % n, k = digit - 1;
  return [c * 100 + ((k % sub) + 0.5) * 100 / sub, r * 100 + (Math.floor(k / sub) + 0.5) * 100 / sub];
}

// A chain step's proof as arrows between candidates, as HoDoKu draws it: one arrow from each
// node a node follows from; solid where the node is "on" (a strong link: the last candidate of
// a cell or the last place of a digit), dashed where it is "off" (a weak link: a candidate that
// sees a true one). Circles mark the nodes: green on, red off, thicker for the assumptions.
function drawChain(step) {
  const layer = $("chain-layer");
  layer.innerHTML = "";
  if (!step || !step.chain) return;
  const nodes = step.chain, seen = new Set(), shorten = 13;
  const key = (node) => `${node.cell}:${node.digit}`;
  nodes.forEach((node) => {
    for (const p of node.from) {
      const parent = nodes[p], id = `${key(parent)}>${key(node)}:${node.on}`;
      if (seen.has(id)) continue;
      seen.add(id);
      const [x1, y1] = candidatePoint(cellOfName(parent.cell), parent.digit);
      const [x2, y2] = candidatePoint(cellOfName(node.cell), node.digit);
      const len = Math.hypot(x2 - x1, y2 - y1) || 1, ux = (x2 - x1) / len, uy = (y2 - y1) / len;
      const link = node.on ? "strong" : "weak";
      svg("line", { x1: x1 + ux * shorten, y1: y1 + uy * shorten, x2: x2 - ux * shorten, y2: y2 - uy * shorten,
                    class: `link ${link}`, "marker-end": `url(#arrow-${link})`,
                    "data-from": key(parent), "data-to": key(node), "data-link": link }, layer);
    }
  });
  const drawn = new Set();
  nodes.forEach((node) => {
    const id = `${key(node)}:${node.on}`;
    if (drawn.has(id)) return;
    drawn.add(id);
    const [x, y] = candidatePoint(cellOfName(node.cell), node.digit);
    svg("circle", { cx: x, cy: y, r: 13, class: `node ${node.on ? "on" : "off"}${node.from.length ? "" : " start"}`,
                    "data-node": key(node) }, layer);
  });
}

// Each pair of cells a step makes see each other by a rule of pairs, as a dotted line between
// the cells' centres.
function drawSees(pairs) {
  const layer = $("see-layer");
  layer.innerHTML = "";
  const n = state.n, centre = (c) => [(c % n) * 100 + 50, Math.floor(c / n) * 100 + 50];
  const name = (c) => `r${Math.floor(c / n) + 1}c${(c % n) + 1}`;
  for (const [a, b] of pairs) {
    const [x1, y1] = centre(a), [x2, y2] = centre(b);
    svg("line", { x1, y1, x2, y2, class: "see", "data-from": name(a), "data-to": name(b) }, layer);
  }
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
  const view = stepView(board, pos, k >= 1 && k <= steps.length ? steps[k - 1] : null, true);
  if (k > steps.length && positions.length) view.pencil = positions[positions.length - 1];
  return view;
}

// A step drawn on the board: the unit or rule it rests on (ruleCells()), and with `full` its
// pattern, its placements and eliminations, its chain and the cells it makes see each other.
function stepView(board, pencil, step, full) {
  const view = { board, pencil, step: full ? step : null, unit: new Set(), pattern: new Set(),
                 placed: new Map(), removed: new Map(), sees: [] };
  if (!step) return view;
  view.unitStep = step;
  view.unit = ruleCells(step);
  if (!full) return view;
  for (const c of step.cells) view.pattern.add(cellOfName(c));
  for (const p of step.placed) view.placed.set(cellOfName(p.cell), p.digit);
  for (const e of step.eliminated) {
    const c = cellOfName(e.cell);
    if (!view.removed.has(c)) view.removed.set(c, new Set());
    view.removed.get(c).add(e.digit);
  }
  // Where a rule of pairs (anti-knight, anti-king) takes part, the pairs of a cell that loses a
  // candidate and a pattern cell it sees by that rule (a chain shows its links itself).
  if (!step.chain) {
    for (const c of view.removed.keys()) {
      for (const p of view.pattern) if (apart(c, p)) view.sees.push([p, c]);
    }
  }
  return view;
}

// The hint on the board: the grid as it stands, the pencil marks the step starts from, its rule
// (first press) or the whole step (second press).
function hintView() {
  const h = state.hint;
  return stepView(state.cells.slice(), h.reply.candidates, h.reply.found, h.full);
}

const transient = ["given", "solved", "deduced", "selected", "conflict", "culprit", "step-unit",
                   "step-cell", "placed", "peer", "same"];

// Outside an explanation, the selected cell's row, column and box are shaded, and the cells
// holding the same digit stand out, as on paper when one scans for a digit.
function peersOf(cell) {
  const n = state.n, r = Math.floor(cell / n), c = cell % n;
  const b = regionOf(cell), out = new Set();
  for (let x = 0; x < n * n; x++) {
    if (x !== cell && (Math.floor(x / n) === r || x % n === c || regionOf(x) === b)) out.add(x);
  }
  return out;
}

function render() {
  const grid = $("grid"), n = state.n;
  const view = state.explanation ? explanationView() : state.hint ? hintView()
    : state.candidates ? stepView(state.cells.slice(), state.candidates, null, false) : null;
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
  // The constraint the step shown rests on stands out among the drawn ones (its name as the
  // reply's, "thermometer 2", maybe followed by its first cell: "thermometer 2 (r4c5)").
  const named = view && view.unitStep && view.unitStep.constraint && view.unitStep.constraint.name;
  const on = named ? String(named).replace(/ \(r\d+c\d+\)$/, "") : null;
  for (const g of $("constraint-layer").children) g.classList.toggle("step-constraint", g.dataset.name === on);
  drawChain(view && view.step);
  drawSees(view ? view.sees : []);
  updateShare();
}

function updateShare() {
  const params = new URLSearchParams();
  params.set("puzzle", line());
  if (!(state.rows === 3 && state.cols === 3)) params.set("box", box());
  if (state.rulesText) params.set("rules", state.rulesText);
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
  timing("");
  $("rating").hidden = true;
  const r = read(line(), box(), state.rulesText);
  if (!r.ok) { say(r.error, "error"); render(); return; }
  setRules(r);
  if (r.clash) markClash(r.clash);
  else if (r.conflicts.length) markConflicts(r.conflicts);
  else say(`${r.givens} given${r.givens === 1 ? "" : "s"}${r.variant === "classic" ? "" : `; ${r.variant} rules`}.`);
  render();
}

function markClash(text) {
  for (const name of text.match(/r\d+c\d+/g) || []) state.marks[cellOfName(name)] = "conflict";
  say(`Invalid: ${text}`, "error");
}

// The rules in force from a reply (classic ones too): the selector, the drawing, and the
// generator's options that apply.
function setRules(r) {
  state.rulesText = r.rules;
  state.rules = r.variant === "classic" ? null : r;
  const menu = $("variant");
  menu.value = r.variant;
  if (menu.value !== r.variant) {          // several rules together ("jigsaw+x"): add them
    const o = document.createElement("option");
    o.value = o.textContent = o.title = r.variant;
    menu.appendChild(o); menu.value = r.variant;
  }
  // The generator's levels come from the rating (classic rules); made regions and cages are
  // not symmetric, so jigsaw and killer take no symmetry (the generator says the same).
  $("difficulty").disabled = r.variant !== "classic";
  $("symmetry").disabled = r.regions.length > 0 || r.cages.length > 0;
  decorate();
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
// The Variant menu's rules go before the text as the program's "# variant" line; the text's own
// rules lines are read after it.
function loadText(text, shape) {
  const rules = menuRules();
  let r = read(text, shape || "", rules);
  // Text that does not fit the grid's shape is read as the program reads it, the shape found
  // from the cells (and its mistake, if any, named as the program names it).
  if (!r.ok && shape) r = read(text, "", rules);
  if (!r.ok) { say(r.error, "error"); return false; }
  return loadPuzzle(r);
}

// A puzzle from a web_read reply: its board and its rules.
function loadPuzzle(r) {
  state.rulesText = r.rules;
  state.rules = r.variant === "classic" ? null : r;
  setShape(r.box);
  state.cells = Array.from(r.puzzle, (ch) => (ch === "." ? 0 : digitOf(ch)));
  edited();
  return true;
}

// The variant menu: the flag rules apply to the grid as it is; a jigsaw or a killer needs a
// layout, so the first example of that variant comes with it.
function chooseVariant(name) {
  if (name === "jigsaw" || name === "killer") return loadExample(name, 0);
  state.rulesText = name === "classic" ? "" : `# variant ${name}\n`;
  edited();
  return Promise.resolve(true);
}

// Example k (from 0) of data/sudoku/variants/NAME.txt, copied beside the page; without k, the
// one after the last shown. The page is marked busy (data-busy) while the file comes.
async function loadExample(name, k) {
  let ex = state.examples[name];
  if (!ex) {
    document.body.dataset.busy = "true";
    try {
      const response = await fetch(`variants/${name}.txt`);
      if (!response.ok) { say(`The examples of ${name} could not be loaded (${response.status}).`, "error"); return false; }
      ex = state.examples[name] = { text: await response.text(), next: 0 };
    } catch (err) {
      say(`The examples of ${name} could not be loaded (${err.message}).`, "error");
      return false;
    } finally {
      delete document.body.dataset.busy;
    }
  }
  const index = k ?? ex.next;
  const r = read(ex.text, "", "", index);
  if (!r.ok) { say(r.error, "error"); return false; }
  ex.next = (index + 1) % r.count;
  loadPuzzle(r);
  say(`Example ${index + 1} of ${r.count} (data/sudoku/variants/${name}.txt, line ${r.line}): ${r.variant}.`);
  return true;
}

// ---- the buttons ---------------------------------------------------------------------------

// The solver's reply for the grid under the rules in force.
function solveCall(limit) {
  if (limit <= 2) return onGrid("web_solve");
  return call("web_count", ["string", "string", "string", "number"], [line(), box(), state.rulesText, limit]);
}
const byWhom = (r) => {
  if (!r.variant || r.variant === "classic") return `the ${r.backend} solver`;
  const how = r.backend === "constraints" ? `the ${r.variant} rules propagated` : `the ${r.variant} exact cover on the engine`;
  return `the ${r.backend} solver (${how})`;
};
function clashes(r) {
  if (r.clash) { markClash(r.clash); render(); return true; }
  if (r.conflicts && r.conflicts.length) { markConflicts(r.conflicts); render(); return true; }
  return false;
}

function solve() {
  const r = solveCall(2);
  closeExplanation();
  state.marks = {};
  if (!r.ok) { say(r.error, "error"); return r; }
  if (clashes(r)) return r;
  timing(`solved and checked for a second solution in ${timed(r)} by ${byWhom(r)}; ${r.nodes} ${work(r)}`);
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
  const r = solveCall(limit);
  closeExplanation();
  state.marks = {}; state.solution = null;
  if (!r.ok) { say(r.error, "error"); return r; }
  if (clashes(r)) return r;
  timing(`counted in ${timed(r)} by ${byWhom(r)}; ${r.nodes} ${work(r)}`);
  if (r.solutions === 0) noSolution(r);
  else if (r.solutions === 1) say("Unique: exactly one solution.", "ok");
  else if (r.limit_reached || r.solutions >= limit) say(`Several: at least ${r.solutions} solutions (the count stopped there).`, "warn");
  else say(`Several: ${r.solutions} solutions.`, "warn");
  render();
  return r;
}

function rate() {
  const r = onGrid("web_rate");
  if (!r.ok) { say(r.error, "error"); return r; }
  if (clashes(r)) return r;
  timing(`rated in ${timed(r)}`);
  say(`Difficulty: ${r.text}`, r.rating.level === "invalid" ? "error" : "ok");
  showRating(r.rating, r.no_se);
  return r;
}

// The level and, where it applies (classic 9x9, one solution), Sudoku Explainer's ER/EP/ED;
// `noSe`: why not, where it does not (the module's words).
function showRating(rating, noSe) {
  const p = $("rating");
  p.innerHTML = "";
  const part = (label, value, key) => {
    const b = document.createElement("b");
    b.textContent = value; b.dataset[key] = value;
    p.append(`${label} `, b);
  };
  part("Level", rating.level, "level");
  if (rating.er !== undefined) {
    p.append(" · Sudoku Explainer ");
    part("ER", rating.er.toFixed(1), "er"); p.append(", ");
    part("EP", rating.ep.toFixed(1), "ep"); p.append(", ");
    part("ED", rating.ed.toFixed(1), "ed");
  } else {
    p.append(` · no SE rating (${noSe})`);
  }
  p.hidden = false;
}

// Hint: the next step from the grid as it stands, under its rules (the module's hint.hpp). The
// first press names the technique and draws the unit or rule it rests on; a second press on the
// same grid shows the whole step (pattern, placements, eliminations), as Explain draws it. The
// other answers (solved, no solution, wrong entries, no technique applies) are the module's
// words, with the cells they name marked.
function hint() {
  const grid = line();
  const again = state.hint !== null && !state.hint.full && state.hint.grid === grid &&
    state.hint.rules === state.rulesText;
  const r = onGrid("web_hint");
  closeExplanation();
  state.marks = {}; state.solution = null;
  if (!r.ok) { say(r.error, "error"); render(); return r; }
  if (clashes(r)) return r;
  timing(`hint found in ${timed(r)}`);
  const text = again ? r.step : r.technique;
  if (r.found) state.hint = { reply: r, full: again, grid, rules: state.rulesText };
  for (const name of r.focus) state.marks[cellOfName(name)] = r.kind === "wrong_entries" ? "conflict" : "step-cell";
  const bad = r.kind === "no_solution" || r.kind === "several_solutions" || r.kind === "wrong_entries";
  say(`Hint: ${text.charAt(0).toUpperCase()}${text.slice(1)}${r.found && !again ? " (Hint again shows the step)" : ""}.`,
      bad ? "error" : "ok");
  render();
  return r;
}

// Candidates: the true candidates (the digits some solution holds in each cell) as pencil marks,
// from the module's search (one solution sought per candidate not yet seen in one).
function candidates() {
  const r = onGrid("web_candidates");
  closeExplanation();
  state.marks = {}; state.solution = null;
  if (!r.ok) { say(r.error, "error"); render(); return r; }
  if (clashes(r)) return r;
  const c = r.candidates;
  timing(`${c.searches} searches, ${c.solutions} solution${c.solutions === 1 ? "" : "s"} visited, in ${timed(r)}`);
  if (c.solutions === 0) {
    noSolution(r);
  } else {
    // Blank cells show their candidates; the givens stay as they are.
    state.candidates = c.candidates.map((marks, cell) => (state.cells[cell] ? "" : marks));
    const open = state.candidates.filter((marks) => marks.length > 1).length;
    if (r.limit_reached) say("True candidates found before the search hit its node limit (some may be missing).", "warn");
    else if (open === 0) say("True candidates: one digit a cell, the solution is unique.", "ok");
    else say(`True candidates: ${open} cells still hold more than one digit.`, "ok");
  }
  render();
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

// One call for every rule set: the menu's rules name what the generator makes (jigsaw and killer
// make their regions and cages), and the reply's rules lines come back with the puzzle.
function generateNow(seed) {
  const rules = $("variant").value;
  const r = call("web_generate", ["string", "string", "string", "string", "number"],
                 [box(), rules, $("difficulty").disabled ? "" : $("difficulty").value,
                  $("symmetry").disabled ? "none" : $("symmetry").value, seed]);
  if (!r.ok) { say(r.error, "error"); return r; }
  const made = read(r.puzzle, r.box, r.rules);
  if (!made.ok) { say(made.error, "error"); return made; }
  loadPuzzle(made);
  if (r.variant === "classic") say(`New puzzle (seed ${r.seed}): ${r.text}`, "ok");
  else say(`New ${r.variant} puzzle (seed ${r.seed}): unique and minimal.`, "ok");
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
  const r = onGrid("web_explain");
  state.marks = {}; state.solution = null; state.hint = null;
  if (!r.ok) { closeExplanation(); say(r.error, "error"); render(); return r; }
  if (r.clash || r.conflicts.length) { closeExplanation(); clashes(r); return r; }
  const ex = r.explanation;
  state.explanation = { steps: ex.steps, positions: r.positions, result: ex, se: r.se_tenths };
  timing(`explained in ${timed(r)}; ${ex.steps.length} steps`);
  const list = $("step-list");
  list.innerHTML = "";
  ex.steps.forEach((s, i) => {
    const li = document.createElement("li");
    const a = document.createElement("button");
    a.className = "link"; a.textContent = stepText(s, r.se_tenths[i]);
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
  hidden_quad: "Hidden quad", jellyfish: "Jellyfish", w_wing: "W-wing",
  unique_rectangle_1: "Unique rectangle type 1", unique_rectangle_2: "Unique rectangle type 2",
  unique_rectangle_3: "Unique rectangle type 3", unique_rectangle_4: "Unique rectangle type 4",
  hidden_unique_rectangle: "Hidden unique rectangle",
  unique_loop_1: "Unique loop type 1", unique_loop_2: "Unique loop type 2",
  unique_loop_3: "Unique loop type 3", unique_loop_4: "Unique loop type 4",
  bug_plus_one: "BUG+1", bug_type_2: "BUG type 2", bug_type_3: "BUG type 3", bug_type_4: "BUG type 4",
  finned_x_wing: "Finned X-wing", sashimi_x_wing: "Sashimi X-wing",
  finned_swordfish: "Finned swordfish", sashimi_swordfish: "Sashimi swordfish",
  finned_jellyfish: "Finned jellyfish", sashimi_jellyfish: "Sashimi jellyfish",
  aligned_pair_exclusion: "Aligned pair exclusion", sue_de_coq: "Sue de Coq",
  x_cycle: "X-cycle", y_cycle: "Y-cycle", xy_cycle: "XY-cycle", x_chain: "X-chain",
  aic: "Alternating inference chain", als_xz: "ALS-XZ", als_xy_wing: "ALS-XY-wing",
  aligned_triple_exclusion: "Aligned triple exclusion",
  nishio_forcing_chain: "Nishio forcing chains", multiple_forcing_chain: "Forcing chains",
  dynamic_forcing_chain: "Dynamic forcing chains",
  dynamic_forcing_chain_plus: "Dynamic forcing chains (+)",
  nested_forcing_chain: "Nested forcing chains",
  locked_candidates: "Locked candidates", cage_combination: "Cage combination",
  innies_outies: "Innies and outies",
};
// "X-wing {4} on r2c3 r2c7 r6c3 r6c7 in row 2, row 6: r4c3≠4 (SE 3.2)"; `se`: the step's
// difficulty on Sudoku Explainer's scale, in tenths, where the page has it.
function stepText(s, se) {
  const text = stepWords(s);
  return se === undefined ? text : `${text} (SE ${(se / 10).toFixed(1)})`;
}
function stepWords(s) {
  const name = techniqueNames[s.technique] || s.technique;
  const where = s.units.length ? ` in ${s.units.join(", ")}` : "";
  if (s.placed.length) return `${name}: ${s.placed.map((p) => `${symbol(p.digit)} → ${p.cell}`).join(", ")}${where}`;
  const byCell = s.eliminated.map((e) => `${e.cell}≠${symbol(e.digit)}`).join(", ");
  const digits = (set) => `{${set.digits.map(symbol).join(",")}}`;
  // The killer steps as the program words them: the cage by its sum and first cell, and its
  // combinations; the innies (outies) of the units and what they add up to.
  if (s.technique === "cage_combination") {
    return `${name}: cage ${s.sum} at ${s.cells[0]}: ${s.sets.slice(1).map(digits).join(" or ")}: ${byCell}`;
  }
  if (s.technique === "innies_outies") {
    return `${name}: the ${s.sets[0].name} of ${s.units.join(", ")}, ${s.cells.join(" ")}, add up to ${s.sum}: ${byCell}`;
  }
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
    : state.step > total ? ex.outcome : stepWords(ex.steps[state.step - 1]);
  $("step-text").textContent = text;
  const step = state.step >= 1 && state.step <= total ? ex.steps[state.step - 1] : null;
  const se = step ? ex.se[state.step - 1] : undefined;
  // Labelled as the step's: beside Rate's ER/EP/ED of the whole puzzle, a bare "SE 2.3" reads
  // as the puzzle's rating.
  $("step-se").textContent = se === undefined ? "" : `This step: SE ${(se / 10).toFixed(1)}`;
  $("chain-legend").hidden = !(step && step.chain);
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
  state.hint = null;                 // a hint is the grid's as it was: any change ends it
  state.candidates = null;           // so are its true candidates
  if (!state.explanation) return;
  state.explanation = null;
  $("steps").hidden = true;
  $("chain-layer").innerHTML = "";
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
  $("size").addEventListener("change", () => {
    // Regions, cages and constraints belong to the board they were drawn on: another size drops
    // them.
    const r = state.rules;
    if (r && (r.regions.length || r.cages.length || r.constraints.length || r.global.length)) { state.rulesText = ""; state.rules = null; }
    setShape($("size").value); edited();
  });
  $("variant").addEventListener("change", () => { chooseVariant($("variant").value); });
  $("example").addEventListener("click", () => { loadExample($("variant").value); });
  $("solve").addEventListener("click", solve);
  $("count").addEventListener("click", count);
  $("explain").addEventListener("click", explain);
  $("rate").addEventListener("click", rate);
  $("hint").addEventListener("click", hint);
  $("candidates").addEventListener("click", candidates);
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

// The link parameters (README.md, "In the browser"): ?puzzle=...&box=RxC (or &size=N)
// &rules=<the rules lines, "# variant x\n# regions ...">&action=solve|count|explain|rate|hint|
// candidates, or ?fpuzzles=<an f-puzzles load string>&action=...;
// the Share link writes puzzle, box and rules.
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
  // ?fpuzzles=<load string> (SudokuPad's form) or ?load=<load string> (f-puzzles' own): taken
  // from the raw query, since URLSearchParams would read the base64's '+' as a blank; the reader
  // undoes %2B-style escapes itself.
  const raw = /[?&](?:fpuzzles|load)=([^&]*)/.exec(location.search);
  const puzzle = raw ? raw[1] : params.get("puzzle");
  if (!puzzle) { if (shape) setShape(shape); return; }
  if (!loadText(raw ? puzzle : (params.get("rules") || "") + puzzle, raw ? "" : shape)) return;
  const action = params.get("action");
  const actions = { solve, count, explain, rate, hint, candidates };
  if (action && actions[action]) actions[action]();
  else if (action) say(`Unknown action '${action}': solve, count, explain, rate, hint or candidates.`, "error");
}

// Speed hook for benchmarks (tests/web/bench.mjs): counts every puzzle of `text` to `limit`
// in the page's module; the module times the solving alone.
window.sudokuBench = (text, limit = 2) => call("web_bench", ["string", "number"], [text, limit]);

window.sudokuReady = createSudokuModule().then((module) => {
  state.module = module;
  // The first call builds the solver's tables and runs code the browser has not optimized yet:
  // done here once, so that the times shown are those of the puzzles.
  call("web_solve", ["string", "string", "string"], [".".repeat(81), "3x3", ""]);
  wire();
  setShape("3x3");
  say("Type a puzzle, paste one, or generate one.");
  fromUrl();
  document.body.dataset.ready = "true";
}).catch((err) => {
  say(`The solver could not load: ${err}`, "error");
  throw err;
});
