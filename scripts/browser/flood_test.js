// The course page under a flood, for grader/tests/e2e/serve.rs: while this process
// holds 200 connections to `cargo grader serve` (request heads that trickle in, event
// streams without the page's token, requests of another origin with a valid Host), and
// a page of another origin in the same browser sends requests and opens event streams
// as fast as it can, the learner's page is loaded again and again, then a save is made.
// The same loads and a save are timed first without the flood. Prints one line of JSON:
// each load's time and the save's time to its verdict, without and with the flood, and
// how many connections the flood opened meanwhile. The test decides what is right.
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
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  // A load: the token read, the state pushed over the page's own event stream.
  const load = async () => {
    const start = Date.now();
    await page.goto(url, { timeout: 30000 });
    await page.waitForSelector("#verdict[data-status]", { timeout: 60000 });
    return Date.now() - start;
  };
  // A save of `text`, and the time until the page shows its passing verdict. Polled:
  // the page's Content-Security-Policy forbids evaluating strings.
  const saveToVerdict = async (text) => {
    const drawn = await page.evaluate(() => window.xorlingsVerdicts.length);
    const savedAt = Date.now();
    fs.writeFileSync(file, text);
    let verdict;
    while (!verdict && Date.now() - savedAt < 30000) {
      verdict = await page.evaluate(
        (count) => window.xorlingsVerdicts.slice(count).find((v) => v.status === "passed"),
        drawn
      );
      if (!verdict) await sleep(10);
    }
    return verdict ? verdict.at - savedAt : null;
  };
  // The same measures without the flood first, on this machine as it is now. The first
  // load waits for the server's first grading, which is the compiler's time: not counted.
  // Each save is a text of its own, so no grading is answered from an earlier one.
  const result = { quietLoadsMs: [], loadsMs: [] };
  await load();
  for (let i = 0; i < loads; i++) result.quietLoadsMs.push(await load());
  await sleep(1000);
  result.quietSaveToVerdictMs = await saveToVerdict(solution + "\n// saved without the flood\n");
  const flooding = flood(port, attackOrigin);
  try {
    const other = await browser.newPage();
    await other.goto(attackOrigin + "/");
    // The flood settles in: every connection opened, the other page's loop going.
    await sleep(3000);
    for (let i = 0; i < loads; i++) result.loadsMs.push(await load());
    await sleep(1000);
    result.saveToVerdictMs = await saveToVerdict(solution + "\n// saved under the flood\n");
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
