// A small driver for headless Chromium and a static file server, with no package to install:
// Chromium speaks the DevTools protocol over two pipes (--remote-debugging-pipe: it reads
// commands on fd 3 and writes replies on fd 4, each message JSON ended by a NUL byte), and the
// server is node's own http module on 127.0.0.1, on a port the system picks.
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";

const types = {
  ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".css": "text/css",
  ".wasm": "application/wasm", ".png": "image/png", ".json": "application/json",
  ".txt": "text/plain; charset=utf-8",
};

/// Serves `root` on 127.0.0.1; resolves to {url, close()}.
export function serve(root) {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname));
    let file = join(root, path);
    if (!file.startsWith(root)) { res.writeHead(403).end(); return; }
    try {
      if (statSync(file).isDirectory()) file = join(file, "index.html");
      const body = readFileSync(file);
      res.writeHead(200, { "Content-Type": types[extname(file)] || "application/octet-stream" });
      res.end(body);
    } catch {
      res.writeHead(404).end("not found");
    }
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      resolve({ url: `http://127.0.0.1:${server.address().port}/`,
                close: () => new Promise((r) => server.close(r)) });
    });
  });
}

/// Starts headless Chromium; resolves to a Browser with one page attached.
export async function launch(executable, { width = 1100, height = 900 } = {}) {
  const profile = mkdtempSync(join(tmpdir(), "dlx-web-test-"));
  const args = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--no-default-browser-check", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--disable-extensions",
    "--disable-dev-shm-usage", "--mute-audio", `--user-data-dir=${profile}`,
    "--remote-debugging-pipe", `--window-size=${width},${height}`, "about:blank",
  ];
  const child = spawn(executable, args, { stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"] });
  let log = "";
  child.stderr.on("data", (d) => { log = (log + d).slice(-4000); });
  const browser = new Browser(child, profile, () => log);
  await browser.attach(width, height);
  return browser;
}

class Browser {
  constructor(child, profile, log) {
    this.child = child; this.profile = profile; this.log = log;
    this.nextId = 1; this.pending = new Map(); this.listeners = []; this.buffer = "";
    this.exited = new Promise((resolve) => child.on("exit", resolve));
    child.stdio[4].on("data", (chunk) => this.receive(chunk));
    child.on("exit", (code) => {
      for (const { reject } of this.pending.values()) {
        reject(new Error(`chromium exited (${code}): ${this.log()}`));
      }
      this.pending.clear();
    });
  }

  receive(chunk) {
    this.buffer += chunk.toString("utf8");
    let end;
    while ((end = this.buffer.indexOf("\0")) >= 0) {
      const message = JSON.parse(this.buffer.slice(0, end));
      this.buffer = this.buffer.slice(end + 1);
      if (message.id && this.pending.has(message.id)) {
        const { resolve, reject, method } = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result);
      } else if (message.method) {
        for (const listener of this.listeners) listener(message);
      }
    }
  }

  /// One protocol command; `session` addresses the page (flat sessions).
  send(method, params = {}, session = this.session) {
    const id = this.nextId++;
    const message = { id, method, params };
    if (session) message.sessionId = session;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, method });
      this.child.stdio[3].write(JSON.stringify(message) + "\0");
    });
  }

  async attach(width, height) {
    const { targetInfos } = await this.send("Target.getTargets", {}, null);
    const page = targetInfos.find((t) => t.type === "page");
    const targetId = page ? page.targetId
      : (await this.send("Target.createTarget", { url: "about:blank" }, null)).targetId;
    const { sessionId } = await this.send("Target.attachToTarget", { targetId, flatten: true }, null);
    this.session = sessionId;
    await this.send("Page.enable");
    await this.send("Runtime.enable");
    this.errors = [];
    this.listeners.push((m) => {
      if (m.method === "Runtime.exceptionThrown") {
        this.errors.push(m.params.exceptionDetails.exception?.description ?? m.params.exceptionDetails.text);
      }
    });
    await this.viewport(width, height);
  }

  viewport(width, height, mobile = false) {
    return this.send("Emulation.setDeviceMetricsOverride",
                     { width, height, deviceScaleFactor: 1, mobile });
  }

  /// Loads `url` and waits for the page's module (window.sudokuReady).
  async goto(url) {
    const loaded = new Promise((resolve) => {
      const listener = (m) => {
        if (m.method === "Page.loadEventFired") {
          this.listeners.splice(this.listeners.indexOf(listener), 1);
          resolve();
        }
      };
      this.listeners.push(listener);
    });
    await this.send("Page.navigate", { url });
    await loaded;
    await this.eval("window.sudokuReady");
  }

  /// Evaluates an expression in the page (promises awaited); returns its value.
  async eval(expression) {
    const r = await this.send("Runtime.evaluate",
                              { expression, awaitPromise: true, returnByValue: true });
    if (r.exceptionDetails) {
      throw new Error(`in the page: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`);
    }
    return r.result.value;
  }

  /// Waits until `expression` is true in the page (polling; at most `ms` milliseconds).
  async waitFor(expression, ms = 30000) {
    const end = Date.now() + ms;
    while (!(await this.eval(expression))) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${expression}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /// Presses a key as a user would (keydown, the character, keyup) on the focused element.
  async press(key) {
    const named = {
      ArrowUp: 38, ArrowDown: 40, ArrowLeft: 37, ArrowRight: 39, Backspace: 8, Delete: 46,
      PageDown: 34, PageUp: 33, Tab: 9, Enter: 13,
    };
    const code = named[key] ?? key.toUpperCase().charCodeAt(0);
    const text = named[key] ? undefined : key;
    await this.send("Input.dispatchKeyEvent",
                    { type: text ? "keyDown" : "rawKeyDown", key, text, windowsVirtualKeyCode: code });
    await this.send("Input.dispatchKeyEvent", { type: "keyUp", key, windowsVirtualKeyCode: code });
  }

  /// Clicks the centre of the element matched by `selector`, with the mouse.
  async click(selector) {
    const box = await this.eval(`(() => { const e = document.querySelector(${JSON.stringify(selector)});
      if (!e) return null; e.scrollIntoView({block: "center"}); const r = e.getBoundingClientRect();
      return {x: r.x + r.width / 2, y: r.y + r.height / 2}; })()`);
    if (!box) throw new Error(`no element ${selector}`);
    for (const type of ["mousePressed", "mouseReleased"]) {
      await this.send("Input.dispatchMouseEvent", { type, x: box.x, y: box.y, button: "left", clickCount: 1 });
    }
  }

  /// A PNG of the page as it is now.
  async screenshot(file, writeFile) {
    const { data } = await this.send("Page.captureScreenshot", { format: "png", captureBeyondViewport: false });
    writeFile(file, Buffer.from(data, "base64"));
  }

  async close() {
    try { await this.send("Browser.close", {}, null); } catch { /* already gone */ }
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 5000);
    await this.exited;
    clearTimeout(timer);
    rmSync(this.profile, { recursive: true, force: true });
  }
}
