// What the browser drivers share: their settings from the environment, and Debian's
// Chromium launched as the tests run it.
"use strict";

const { chromium } = require("playwright-core");

/// The environment variable `name`, which must be set.
function env(name) {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/// Chromium from $CHROMIUM: no sandbox (the tests may run as root), no traffic of its own.
function launch() {
  return chromium.launch({
    executablePath: env("CHROMIUM"),
    args: ["--no-sandbox", "--disable-background-networking", "--disable-gpu"],
  });
}

/// Runs a driver's `main`, prints the JSON it gives on one line (what the test reads),
/// and exits with 1 on an error.
function report(main) {
  main()
    .then((result) => console.log(JSON.stringify(result)))
    .catch((error) => {
      console.error(error.stack || String(error));
      process.exit(1);
    });
}

module.exports = { env, sleep, launch, report };
