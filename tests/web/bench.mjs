// Speed of the page's WebAssembly against the native program, on the same puzzles, same machine.
//
//   node tests/web/bench.mjs SITE_DIR CHROMIUM PUZZLES SUDOKU_BINARY [ROUNDS]
//
// Each round times, one after the other (interleaved, so that a busy machine hurts both alike):
//   native  `SUDOKU count --limit 2 --threads 1 --stats PUZZLES`: the time the program reports,
//           in-process (reading, solving, checking, printing; not the process start);
//   wasm    window.sudokuBench(text, 2) in headless Chromium: the same solver counting every
//           puzzle to 2, timed in the module around the solving loop (reading the text and
//           checking the solutions outside the clock);
//   same    that very loop compiled natively (web/bench_main.cpp + web/binding.cpp, built here
//           with c++ -O3 against the libraries of SUDOKU_BINARY's build folder, BUILD/bin/..).
// Prints every round, then the medians, the least times (the least disturbed by other work on a
// shared machine) and the ratios, and the page's load size.
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { launch, serve } from "./browser.mjs";

const [site, chromium, puzzles, sudoku, roundsArg] = process.argv.slice(2);
if (!sudoku) {
  console.error("usage: node bench.mjs SITE_DIR CHROMIUM PUZZLES SUDOKU_BINARY [ROUNDS]");
  process.exit(2);
}
const rounds = Number(roundsArg || 5);
const text = readFileSync(puzzles, "utf8");
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };

function nativeStats() {
  // --stats goes to standard error, with the counts on standard output: capture both.
  const r = execFileSync("sh", ["-c", `"$0" count --limit 2 --threads 1 --stats "$1" 2>&1 >/dev/null`, sudoku, puzzles],
                         { encoding: "utf8" });
  const m = /puzzles: (\d+).*time: ([\d.]+) s/.exec(r);
  if (!m) throw new Error(`unexpected --stats line: ${r}`);
  return { puzzles: Number(m[1]), micros: Number(m[2]) * 1e6 };
}

// The same loop natively, against the libraries of the program's build.
const source = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const build = resolve(dirname(sudoku), "..");
const sameLoop = join(mkdtempSync(join(tmpdir(), "dlx-web-bench-")), "bench_main");
execFileSync(process.env.CXX || "c++", [
  "-std=c++20", "-O3", "-DNDEBUG", `-I${source}/dlx/include`, `-I${source}/sudoku/include`,
  `-I${source}/dlx/internal`, `-I${source}`,
  `${source}/web/binding.cpp`, `${source}/web/bench_main.cpp`,
  `${build}/apps/runs/libsudoku_runs.a`, `${build}/sudoku/libsudoku.a`,
  `${build}/dlx/libdlx.a`, "-pthread", "-o", sameLoop], { stdio: "inherit" });
const sameStats = () => JSON.parse(execFileSync(sameLoop, [puzzles, "2"], { encoding: "utf8" }));

const server = await serve(site);
const browser = await launch(chromium);
await browser.goto(server.url);
const wasm = [], nat = [], same = [];
let count = 0;
// One untimed pass first: the browser compiles WebAssembly in tiers, the optimized code
// arriving after the first calls; the native side's first run warms the file cache.
await browser.eval(`window.sudokuBench(${JSON.stringify(text)}, 2)`);
nativeStats();
console.log(`${puzzles}: ${rounds} rounds, native then wasm in each`);
for (let i = 0; i < rounds; i++) {
  const n = nativeStats();
  const w = await browser.eval(`window.sudokuBench(${JSON.stringify(text)}, 2)`);
  if (w.bad_solutions || w.errors) throw new Error(`wasm: ${JSON.stringify(w)}`);
  if (w.puzzles !== n.puzzles) throw new Error(`puzzle counts differ: ${w.puzzles} vs ${n.puzzles}`);
  const l = sameStats();
  if (l.puzzles !== w.puzzles || l.nodes !== w.nodes) throw new Error(`native loop: ${JSON.stringify(l)}`);
  nat.push(n.micros); wasm.push(w.micros); same.push(l.micros); count = w.puzzles;
  console.log(`round ${i + 1}: native ${(n.micros / 1000).toFixed(1)} ms, same loop ${(l.micros / 1000).toFixed(1)} ms, wasm ${(w.micros / 1000).toFixed(1)} ms` +
              ` (${w.puzzles} puzzles: ${w.unique} unique, ${w.several} several, ${w.none} none; ${w.nodes} nodes)`);
}
await browser.close();
await server.close();
const mn = median(nat), mw = median(wasm);
const per = (us) => (us / count).toFixed(1);
const ratios = wasm.map((w, i) => w / nat[i]);
const least = (xs) => Math.min(...xs);
console.log(`median: native ${(mn / 1000).toFixed(1)} ms (${per(mn)} µs a puzzle), ` +
            `wasm ${(mw / 1000).toFixed(1)} ms (${per(mw)} µs a puzzle): wasm / native = ${(mw / mn).toFixed(2)}`);
console.log(`least:  native ${(least(nat) / 1000).toFixed(1)} ms (${per(least(nat))} µs a puzzle), ` +
            `wasm ${(least(wasm) / 1000).toFixed(1)} ms (${per(least(wasm))} µs a puzzle): ` +
            `wasm / native = ${(least(wasm) / least(nat)).toFixed(2)}`);
console.log(`median of the rounds' ratios (wasm / native): ${median(ratios).toFixed(2)}`);
console.log(`same loop natively: median ${(median(same) / 1000).toFixed(1)} ms, least ${(least(same) / 1000).toFixed(1)} ms; ` +
            `wasm / same loop: median of ratios ${median(wasm.map((w, i) => w / same[i])).toFixed(2)}, ` +
            `least ${(least(wasm) / least(same)).toFixed(2)}`);

let raw = 0, gz = 0;
for (const f of readdirSync(site)) {
  const p = join(site, f);
  if (!statSync(p).isFile()) continue;
  const body = readFileSync(p);
  raw += body.length; gz += gzipSync(body, { level: 9 }).length;
}
console.log(`page load size: ${(raw / 1024).toFixed(0)} KiB uncompressed, ${(gz / 1024).toFixed(0)} KiB gzipped (${readdirSync(site).filter((f) => statSync(join(site, f)).isFile()).join(", ")})`);
