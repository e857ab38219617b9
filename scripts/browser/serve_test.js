// Drives `cargo grader serve` in Debian's Chromium for grader/tests/e2e/serve.rs, which
// starts the server and reads the one line of JSON this prints. Every step waits for
// what the page shows; the test decides what is right.
//
// Environment: SERVE_URL (the server's first line), EXERCISE_FILE (xor_all's file in
// the workbook served), SOLUTION and STUB (its solved and pristine texts), SAVES (how
// many saves to time), SHOTS (the folder for the screenshots), CHROMIUM; WATCH_FILE
// and WATCH_SCREEN: xor_all's file in another copy of the workbook, under a running
// `grader watch` whose screen goes to WATCH_SCREEN. Saves to the page and to watch
// take turns, so that both are timed on a machine as busy.
"use strict";

const fs = require("fs");
const path = require("path");
const { env, sleep, launch, report } = require("./common");

const STEP_TIMEOUT = 120000;
const POLL_MS = 20;
/// A pause before each save, as watch's timing has (grader/tests/e2e/serve.rs).
const SETTLE_MS = 1000;

/// Waits until `predicate(arg)` gives something truthy in the page, and gives it. The
/// page polls itself (one call from here, no traffic while the grader works), and
/// `evaluate` calls a function: Playwright's waitForFunction evaluates strings, which
/// the page's Content-Security-Policy rightly forbids.
async function waitUntil(page, predicate, arg, timeout = STEP_TIMEOUT) {
  return page.evaluate(
    ([source, arg, timeout, pollMs]) =>
      new Promise((resolve, reject) => {
        const start = Date.now();
        const check = () => {
          // The predicate arrives as text: a function cannot be passed to the page.
          const value = window.xorlingsTest[source](arg);
          if (value) resolve(value);
          else if (Date.now() - start > timeout) reject(new Error(`timed out: ${source}`));
          else setTimeout(check, pollMs);
        };
        check();
      }),
    [predicate, arg, timeout, POLL_MS]
  );
}

/// The page-side checks `waitUntil` names, installed once the page has loaded.
function installChecks() {
  window.xorlingsTest = {
    verdict: ([count, wanted]) =>
      window.xorlingsVerdicts.slice(count).find((v) => v.status === wanted),
    animationDone: () =>
      /nim-sum is 0/.test(document.querySelector("#pictures .caption").textContent),
    engineMoved: () => /The engine takes/.test(document.querySelector("#play-log").textContent),
  };
}


/// What watch's screen says of each verdict.
const WATCH_SAYS = { passed: "passed all", failed: "panicked" };

/// Saves `text` under watch and gives the milliseconds until its screen shows the
/// verdict `status`.
async function saveUnderWatch(text, status) {
  const screen = env("WATCH_SCREEN");
  await sleep(SETTLE_MS);
  const seen = fs.statSync(screen).size;
  const savedAt = Date.now();
  fs.writeFileSync(env("WATCH_FILE"), text);
  const start = Date.now();
  for (;;) {
    const size = fs.statSync(screen).size;
    if (size > seen) {
      const bytes = Buffer.alloc(size - seen);
      const fd = fs.openSync(screen, "r");
      fs.readSync(fd, bytes, 0, bytes.length, seen);
      fs.closeSync(fd);
      if (bytes.toString("utf8").includes(WATCH_SAYS[status])) return Date.now() - savedAt;
    }
    if (Date.now() - start > STEP_TIMEOUT) throw new Error(`watch never showed ${status}`);
    await sleep(1);
  }
}

async function main() {
  const url = env("SERVE_URL");
  const file = env("EXERCISE_FILE");
  const solution = fs.readFileSync(env("SOLUTION"), "utf8");
  const stub = fs.readFileSync(env("STUB"), "utf8");
  const saves = Number(env("SAVES"));
  const shots = env("SHOTS");
  const browser = await launch();
  const result = {};
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(STEP_TIMEOUT);
    await page.goto(url);
    await page.evaluate(() => {
      window.sameDocument = true;
    });
    await page.evaluate(installChecks);

    // The stub's verdict.
    await page.waitForSelector('#verdict[data-status="failed"]');
    result.stubVerdict = await page.textContent("#verdict");
    result.pictureHeaps = await page.$$eval("#pictures table.columns tr", (rows) => rows.length);

    // A learner saves a page that has settled: its lesson shown, its pictures drawn.
    await page.waitForSelector("#lesson h1");
    await page.waitForSelector("#pictures table.columns");
    // Each save, timed from the write to the verdict drawn on the page, and then one
    // under watch, timed to its verdict on watch's screen.
    result.saveToVerdictMs = [];
    result.watchSaveToVerdictMs = [];
    for (let i = 0; i < saves; i++) {
      const [text, status] = i % 2 === 0 ? [solution, "passed"] : [stub, "failed"];
      result.watchSaveToVerdictMs.push(await saveUnderWatch(text, status));
      await sleep(SETTLE_MS);
      const drawn = await page.evaluate(() => window.xorlingsVerdicts.length);
      const savedAt = Date.now();
      fs.writeFileSync(file, text);
      const verdict = await waitUntil(page, "verdict", [drawn, status]);
      result.saveToVerdictMs.push(verdict.at - savedAt);
      if (status === "passed") result.passVerdict = await page.textContent("#verdict");
    }
    if (saves % 2 === 0) {
      // End on the solution: the try box and the screenshots show a pass.
      const drawn = await page.evaluate(() => window.xorlingsVerdicts.length);
      fs.writeFileSync(file, solution);
      await waitUntil(page, "verdict", [drawn, "passed"]);
    }
    result.noReload = await page.evaluate(() => window.sameDocument === true);

    // Try your function.
    await page.getByLabel("Arguments of xor_all").fill("3 4 5");
    await page.click("#try-form button");
    await page.waitForSelector('#try-result:not([data-status="running"])');
    result.tryStatus = await page.getAttribute("#try-result", "data-status");
    result.tryText = await page.textContent("#try-result");

    // A practice question answered on the page unfolds its answer.
    const practice = page.locator("form.practice").first();
    await practice.locator("input").fill("8");
    await practice.locator("button").click();
    await page.waitForSelector('form.practice[data-state="right"]');
    result.practiceOpened = await page.evaluate(
      () => document.querySelector("form.practice").nextElementSibling.open
    );

    // The winning move animated once asked for: the last step leaves a nim-sum of 0.
    await page.getByRole("button", { name: "Show the winning move" }).click();
    await waitUntil(page, "animationDone", null, 20000);
    result.animationEnd = await page.textContent("#pictures .caption");

    // A request that runs code, without the token, from the page itself.
    result.tokenlessStatus = await page.evaluate(async () => {
      const response = await fetch("/api/try", { method: "POST", body: '{"input":"3"}' });
      return response.status;
    });

    // Nim against the engine: a move is answered.
    await page.fill("#play-heaps", "3 4 5");
    await page.click("#play-form button");
    await page.waitForSelector("#move-form:not([hidden])");
    result.startHeaps = await page.getAttribute("#play-board", "data-heaps");
    await page.fill("#move-heap", "0");
    await page.fill("#move-take", "1");
    await page.click("#move-form button");
    await waitUntil(page, "engineMoved", null);
    result.playLog = await page.textContent("#play-log");
    result.playHeaps = await page.getAttribute("#play-board", "data-heaps");

    await page.evaluate(() => {
      window.scrollTo(0, 0);
      document.querySelector("#lesson").scrollTop = 0;
    });
    await page.screenshot({ path: path.join(shots, "serve-1280x900.png") });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(shots, "serve-390x844.png") });

    // Another exercise, chosen in the course: the game search's move tree, then a
    // Grundy strip whose cells explain their mex.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.click("#exercises li:nth-child(5) button");
    await page.waitForSelector("#pictures ul.tree");
    result.treeRoot = await page.textContent("#pictures ul.tree > li", { timeout: 1000 });
    await page.click("#exercises li:nth-child(10) button");
    await page.waitForSelector("#pictures .strip");
    await page.hover("#pictures .strip .cell:nth-child(5)");
    result.grundyCaption = await page.textContent("#pictures .caption");
    result.lessonTitle = await page.textContent("#lesson h1");
  } finally {
    await browser.close();
  }
  return result;
}

report(main);
