// Drives `cargo grader serve` in Debian's Chromium for grader/tests/e2e/serve.rs
// (`the_page_reads_as_a_page_in_a_real_browser`), which starts the server and reads the
// one line of JSON this prints. It reports what the page shows; the test decides what
// is right.
//
// Environment: SERVE_URL (the server's first line), CHROMIUM, SHOTS (the folder for the
// screenshots), FAILING_NUMBER (the course number of the exercise whose failing verdict
// is read), TRY_FILE (the first exercise's file, saved again to make a try stale),
// QUIZ (a quiz's id in the first exercise's lesson), QUIZ_WRONG and QUIZ_RIGHT (a wrong
// and the right answer to it).
"use strict";

const fs = require("fs");
const path = require("path");
const { env, sleep, launch, report } = require("./common");

const STEP_TIMEOUT = 120000;
const WIDTHS = [
  [1280, 900],
  [390, 844],
];
/// Longer than two steps of the winning move's replay: a replay that started by itself
/// would have moved on by then.
const STILL_MS = 2500;


/// Waits until `predicate(arg)`, evaluated in the page, gives something truthy, and gives
/// it. Polled from here: Playwright's waitForFunction evaluates strings, which the page's
/// Content-Security-Policy rightly forbids.
async function waitFor(page, predicate, arg) {
  const start = Date.now();
  for (;;) {
    const value = await page.evaluate(predicate, arg);
    if (value) return value;
    if (Date.now() - start > STEP_TIMEOUT) throw new Error(`timed out: ${predicate}`);
    await sleep(50);
  }
}

/// What the page shows of the position in its first picture: each row's label and value.
function pictureRows() {
  const table = document.querySelector("#pictures table.columns");
  return [...table.rows].map((row) => [
    row.querySelector(".label").textContent,
    row.querySelector(".value").textContent,
  ]);
}

/// Every piece of text on the page whose contrast with what is behind it is below WCAG
/// AA: 4.5 to 1, or 3 to 1 for large text (24 px, or 18.66 px bold).
function contrastFailures() {
  const channel = (c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const luminance = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  const rgba = (text) => {
    const [r, g, b, a] = text.match(/[\d.]+/g).map(Number);
    return [r, g, b, a === undefined ? 1 : a];
  };
  const over = (top, bottom) => top.slice(0, 3).map((c, i) => c * top[3] + bottom[i] * (1 - top[3]));
  const background = (node) => {
    const layers = [];
    for (let at = node; at && at.nodeType === 1; at = at.parentElement) {
      const color = rgba(getComputedStyle(at).backgroundColor);
      if (color[3] > 0) layers.push(color);
      if (color[3] === 1) break;
    }
    return layers.reverse().reduce((below, layer) => over(layer, below), [255, 255, 255]);
  };
  const failures = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    const node = text.parentElement;
    if (!text.textContent.trim() || !node.checkVisibility({ opacityProperty: true })) continue;
    if (node.closest(".visually-hidden, .skip, [aria-busy=true]")) continue;
    const style = getComputedStyle(node);
    const front = over(rgba(style.color), background(node));
    const [l1, l2] = [luminance(front), luminance(background(node))].sort((a, b) => b - a);
    const ratio = (l1 + 0.05) / (l2 + 0.05);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    if (ratio < (large ? 3 : 4.5)) {
      failures.push(`${ratio.toFixed(2)} for "${text.textContent.trim().slice(0, 40)}" (${style.color} on ${background(node)})`);
    }
  }
  return failures;
}

async function main() {
  const url = env("SERVE_URL");
  const shots = env("SHOTS");
  const quiz = env("QUIZ");
  const browser = await launch();
  const result = { widths: {} };
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(STEP_TIMEOUT);
    await page.goto(url);

    // Before any game, no move can be typed.
    result.moveFormShown = await page.isVisible("#move-form");

    // The first exercise's lesson: a quiz answered wrong, then right.
    await page.waitForSelector(`form[data-quiz="${quiz}"]`);
    const form = page.locator(`form[data-quiz="${quiz}"]`);
    const answer = async (typed) => {
      await form.locator("input").fill(typed);
      await form.locator("input").press("Enter");
      await waitFor(
        page,
        (id) => /^(right|wrong)$/.test(document.querySelector(`form[data-quiz="${id}"]`).dataset.state || ""),
        quiz
      );
      const said = {
        state: await form.getAttribute("data-state"),
        said: await form.locator(".said").textContent(),
        opened: await form.evaluate((f) => f.nextElementSibling.open),
      };
      await form.evaluate((f) => delete f.dataset.state);
      return said;
    };
    result.quizWrong = await answer(env("QUIZ_WRONG"));
    result.quizRight = await answer(env("QUIZ_RIGHT"));
    await waitFor(page, () => /quizzes: [1-9]/.test(document.querySelector("#progress").textContent));
    result.progress = await page.textContent("#progress");

    // The try box, from the keyboard: an input that is none says why beside the box; a
    // result goes stale on a save, and runs again on request.
    await page.waitForSelector('#verdict:not([data-status="grading"])');
    result.tryLabel = await page.textContent("#try-label");
    result.tryPlaceholder = await page.getAttribute("#try-input", "placeholder");
    await page.focus("#try-input");
    await page.keyboard.type("x y");
    await page.keyboard.press("Enter");
    await waitFor(page, () => document.querySelector("#try-error").textContent.length > 0);
    result.tryError = await page.textContent("#try-error");
    result.tryErrorBesideField = await page.evaluate(() => {
      const field = document.querySelector("#try-input").getBoundingClientRect();
      const error = document.querySelector("#try-error").getBoundingClientRect();
      return error.top >= field.bottom - 1 && error.top - field.bottom < 60;
    });
    await page.click("#try-example");
    await page.keyboard.press("Enter");
    await page.waitForSelector('#try-result[data-status="failed"], #try-result[data-status="passed"]');
    result.tryOutput = await page.textContent("#try-output");
    const drawn = await page.evaluate(() => window.xorlingsVerdicts.length);
    fs.writeFileSync(env("TRY_FILE"), fs.readFileSync(env("TRY_FILE"), "utf8") + "\n");
    await page.waitForSelector("#try-stale:not([hidden])");
    result.tryStale = await page.textContent("#try-stale");
    await waitFor(page, (n) => window.xorlingsVerdicts.length > n + 1, drawn);
    await page.click("#try-again");
    await page.waitForSelector('#try-result:not([data-status="running"])');
    result.tryStaleAfterRunning = await page.isVisible("#try-stale");

    // A failing verdict: laid out at both widths, its picture the failing input.
    await page.click(`#exercises li:nth-child(${env("FAILING_NUMBER")}) button`);
    await waitFor(page, () => {
      const verdict = document.querySelector('#verdict[data-status="failed"] .headline strong');
      return verdict && verdict.textContent === "nim_winning_move";
    });
    result.announced = await page.textContent("#verdict-announce");
    result.announcerLive = await page.getAttribute("#verdict-announce", "aria-live");
    result.firstPicture = await page.evaluate(pictureRows);
    result.firstCaption = await page.textContent("#pictures .caption");
    await page.waitForTimeout(STILL_MS);
    result.pictureAfterWaiting = await page.evaluate(pictureRows);
    for (const [width, height] of WIDTHS) {
      await page.setViewportSize({ width, height });
      await page.evaluate(() => window.scrollTo(0, 0));
      const key = `${width}x${height}`;
      result.widths[key] = {
        verdictText: await page.innerText("#verdict"),
        contrastFailures: await page.evaluate(contrastFailures),
      };
      await page.screenshot({ path: path.join(shots, `page-${key}.png`), fullPage: true });
      await page.locator("#verdict-panel").screenshot({ path: path.join(shots, `verdict-${key}.png`) });
    }
    // The contrast check itself, on a probe of too light a grey.
    await page.evaluate(() => {
      const probe = document.createElement("span");
      probe.id = "probe";
      probe.textContent = "a probe of too light a grey";
      probe.style.color = "#aaaaaa";
      document.querySelector("#work").append(probe);
    });
    const withProbe = await page.evaluate(contrastFailures);
    result.probeFails = withProbe.some((failure) => failure.includes("a probe of too light a grey"));
    await page.evaluate(() => document.querySelector("#probe").remove());
    // The winning move, step by step, once asked for.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole("button", { name: "Show the winning move" }).click();
    await waitFor(page, () => /The nim-sum is 0, and/.test(document.querySelector("#pictures .caption").textContent));
    result.lastCaption = await page.textContent("#pictures .caption");
    result.replayed = await page.evaluate(pictureRows);
  } finally {
    await browser.close();
  }
  return result;
}

report(main);
