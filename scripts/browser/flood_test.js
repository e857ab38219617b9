// The course page under a flood, for grader/tests/e2e/serve.rs: while this process
// holds 200 connections to `cargo grader serve` (request heads that trickle in, event
// streams without the page's token, requests of another origin with a valid Host), and
// a page of another origin in the same browser sends requests and opens event streams
// as fast as it can, the learner's page is loaded again and again, then a save is made.
// Prints one line of JSON: each load's time, the save's time to its verdict, and how
// many connections the flood opened meanwhile. The test decides what is right.
//
// Environment: SERVE_URL (the server's first line), EXERCISE_FILE (xor_all's file in
// the workbook served) and SOLUTION (its solved text), LOADS (how many loads), CHROMIUM.
"use strict";

const fs = require("fs");
const http = require("http");
const net = require("net");
const { chromium } = require("playwright-core");

const env = (name) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/// Connections of each kind the flood keeps open, opening a new one as one closes.
const SLOW_HEADS = 70;
const TOKENLESS_STREAMS = 65;
const CROSS_ORIGIN = 65;
/// A pause before a refused connection is opened again.
const AGAIN_MS = 20;

/// The flood of this process: 200 connections held open as long as the server lets
/// them, each opened again as soon as it closes. Gives a function that stops it, and
/// one that counts the connections it opened.
function flood(port, attackOrigin) {
  const host = `127.0.0.1:${port}`;
  const open = new Set();
  let opened = 0;
  let stopped = false;
  const keep = (start) => {
    if (stopped) return;
    const socket = net.connect(port, "127.0.0.1");
    opened += 1;
    open.add(socket);
    socket.on("error", () => {});
    socket.on("data", () => {});
    socket.on("close", () => {
      open.delete(socket);
      setTimeout(() => keep(start), AGAIN_MS);
    });
    socket.on("connect", () => start(socket));
  };
  for (let i = 0; i < SLOW_HEADS; i++) {
    keep((socket) => {
      socket.write(`GET / HTTP/1.1\r\nHost: ${host}\r\n`);
      const trickle = setInterval(() => {
        if (socket.destroyed) clearInterval(trickle);
        else socket.write("X");
      }, 1000);
      socket.on("close", () => clearInterval(trickle));
    });
  }
  for (let i = 0; i < TOKENLESS_STREAMS; i++) {
    keep((socket) => socket.write(`GET /events HTTP/1.1\r\nHost: ${host}\r\n\r\n`));
  }
  for (let i = 0; i < CROSS_ORIGIN; i++) {
    keep((socket) =>
      socket.write(
        `GET /api/state HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${attackOrigin}\r\n` +
          `Sec-Fetch-Site: same-site\r\n\r\n`
      )
    );
  }
  return {
    stop: () => {
      stopped = true;
      for (const socket of open) socket.destroy();
    },
    opened: () => opened,
  };
}

/// A page of another origin (another port of this machine) that sends the server
/// requests and opens event streams without end.
function attackPage(target) {
  return `<!doctype html><title>another site</title><script>
    const target = ${JSON.stringify(target)};
    setInterval(() => {
      for (let i = 0; i < 10; i++) {
        fetch(target + "api/state", { mode: "no-cors" }).catch(() => {});
        fetch(target + "api/try", { method: "POST", mode: "no-cors", body: '{"input":"1"}' })
          .catch(() => {});
        new EventSource(target + "events");
      }
    }, 100);
  </script>`;
}

async function main() {
  const url = env("SERVE_URL");
  const port = Number(new URL(url).port);
  const file = env("EXERCISE_FILE");
  const solution = fs.readFileSync(env("SOLUTION"), "utf8");
  const loads = Number(env("LOADS"));
  const attacker = http.createServer((_, response) => {
    response.writeHead(200, { "Content-Type": "text/html" });
    response.end(attackPage(url));
  });
  await new Promise((resolve) => attacker.listen(0, "127.0.0.1", resolve));
  const attackOrigin = `http://127.0.0.1:${attacker.address().port}`;
  const browser = await chromium.launch({
    executablePath: env("CHROMIUM"),
    args: ["--no-sandbox", "--disable-background-networking", "--disable-gpu"],
  });
  // Loaded once before the flood: the page shows a verdict only once the server's first
  // grading of the stub is over, and that time is the compiler's, not the flood's.
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(url, { timeout: 30000 });
  await page.waitForSelector("#verdict[data-status]", { timeout: 60000 });
  const flooding = flood(port, attackOrigin);
  const result = { loadsMs: [] };
  try {
    const other = await browser.newPage();
    await other.goto(attackOrigin + "/");
    // The flood settles in: every connection opened, the other page's loop going.
    await sleep(3000);
    for (let i = 0; i < loads; i++) {
      const start = Date.now();
      await page.goto(url, { timeout: 30000 });
      // Loaded: the token read, the state pushed over the page's own event stream.
      await page.waitForSelector("#verdict[data-status]", { timeout: 30000 });
      result.loadsMs.push(Date.now() - start);
    }
    await sleep(1000);
    const drawn = await page.evaluate(() => window.xorlingsVerdicts.length);
    const savedAt = Date.now();
    fs.writeFileSync(file, solution);
    // Polled from here: the page's Content-Security-Policy forbids evaluating strings.
    let verdict;
    while (!verdict && Date.now() - savedAt < 30000) {
      verdict = await page.evaluate(
        (count) => window.xorlingsVerdicts.slice(count).find((v) => v.status === "passed"),
        drawn
      );
      if (!verdict) await sleep(10);
    }
    result.saveToVerdictMs = verdict ? verdict.at - savedAt : null;
    result.floodConnections = flooding.opened();
  } finally {
    flooding.stop();
    await browser.close();
    attacker.close();
  }
  console.log(JSON.stringify(result));
}

main().catch((error) => {
  console.error(error.stack || String(error));
  process.exit(1);
});
