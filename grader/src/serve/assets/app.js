// The page of `cargo grader serve`: no build step, no library. The server pushes the
// whole state on every change (server-sent events); every request that runs code
// carries the page's token.
"use strict";

const TOKEN = document.querySelector('meta[name="xorlings-token"]').content;
const STEP_MS = 1100;
let shown = { exercise: null, verdictKey: null, courseKey: null, picturesKey: null };
// When each verdict was drawn, for the browser test: [{status, exercise, at}].
window.xorlingsVerdicts = [];

const $ = (id) => document.getElementById(id);

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

/// Lines of styled spans ([[class, text], ...]) into a <pre>.
function drawLines(pre, lines) {
  pre.replaceChildren();
  lines.forEach((spans, i) => {
    if (i > 0) pre.append("\n");
    for (const [cls, text] of spans) {
      pre.append(cls ? el("span", { class: cls, text }) : text);
    }
  });
}

async function post(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Xorlings-Token": TOKEN },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return { problem: text };
  }
}

function problemLines(answer) {
  return [[["bad", answer.problem]]];
}

// The course, the verdict and the pictures.

function render(state) {
  const { done, total } = state;
  const percent = total ? Math.floor((done * 100) / total) : 0;
  $("progress").replaceChildren(
    el("span", { class: "bar" }, el("span", { style: `width:${percent}%` })),
    `${done}/${total} done (${percent}%)`
  );
  const courseKey = JSON.stringify([state.exercises, state.current]);
  if (courseKey !== shown.courseKey) {
    shown.courseKey = courseKey;
    drawCourse(state);
  }
  drawExercise(state);
}

function drawCourse(state) {
  $("exercises").replaceChildren(
    ...state.exercises.map((exercise, index) => {
      const classes = [exercise.done ? "done" : "", index === state.current ? "current" : ""];
      const button = el(
        "button",
        { type: "button", title: exercise.lesson },
        el("span", { class: "status", text: exercise.done ? "✓" : "·" }),
        `${exercise.number} `,
        el("span", { class: "name", text: exercise.name })
      );
      button.addEventListener("click", () => post("/api/current", { exercise: exercise.number }));
      return el("li", { class: classes.join(" ").trim() }, button);
    })
  );
}

function drawExercise(state) {
  const exercise = state.exercise;
  $("exercise-title").replaceChildren(
    `${exercise.number}. ${exercise.name} `,
    el("span", { class: "small" }, "edit ", el("code", { text: exercise.file }))
  );
  $("note").hidden = !state.note;
  $("note").textContent = state.note || "";
  $("hint-text").textContent = exercise.hint;
  $("try-panel").hidden = !exercise.try_usage;
  $("try-usage").textContent = exercise.try_usage || "";
  const verdict = state.verdict;
  const pre = $("verdict");
  drawLines(pre, verdict.lines);
  pre.dataset.status = verdict.status;
  const key = JSON.stringify([exercise.name, verdict]);
  if (key !== shown.verdictKey) {
    shown.verdictKey = key;
    // While a save is graded, the pictures of the last verdict stay; pictures of the
    // same position are not drawn (and animated) again.
    const picturesKey = JSON.stringify(verdict.pictures);
    if (verdict.status !== "grading" && picturesKey !== shown.picturesKey) {
      shown.picturesKey = picturesKey;
      drawPictures(verdict.pictures);
    }
    window.xorlingsVerdicts.push({ status: verdict.status, exercise: exercise.name, at: Date.now() });
  }
  if (exercise.name !== shown.exercise) {
    shown.exercise = exercise.name;
    $("try-result").hidden = true;
    loadLesson(exercise.number);
  }
}

async function loadLesson(number) {
  const response = await fetch(`/api/lesson?exercise=${number}`, {
    headers: { "X-Xorlings-Token": TOKEN },
  });
  // The lesson's HTML is the grader's own rendering, every text of it escaped.
  $("lesson").innerHTML = await response.text();
  for (const form of $("lesson").querySelectorAll("form.practice")) {
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const answer = form.querySelector("input").value.trim();
      const details = form.nextElementSibling;
      let yours = form.querySelector(".yours");
      if (!yours) {
        yours = el("span", { class: "yours" });
        form.append(yours);
      }
      yours.textContent = answer
        ? `You answered ${answer}: compare it with the answer below.`
        : "Type your answer first, then check it.";
      if (answer && details) details.open = true;
    });
  }
  if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
}

function drawPictures(pictures) {
  const panel = $("pictures");
  panel.replaceChildren();
  for (const picture of pictures || []) {
    if (picture.kind === "columns") panel.append(columnsPicture(picture));
    if (picture.kind === "grundy") panel.append(grundyPicture(picture));
    if (picture.kind === "tree") panel.append(treePicture(picture));
  }
}

// Binary columns, and the winning move step by step.

const xorAll = (heaps) => heaps.reduce((a, b) => a ^ b, 0n);
const bitLength = (value) => (value === 0n ? 0 : value.toString(2).length);

function columnsTable(heaps, sum, width) {
  const table = el("table", { class: "columns" });
  const row = (label, value, cls) => {
    const tr = el("tr", { class: cls || "" }, el("td", { class: "label", text: label }));
    for (let bit = width - 1; bit >= 0; bit--) {
      const one = (value >> BigInt(bit)) & 1n;
      tr.append(el("td", { class: `bit${one ? " one" : ""}`, "data-bit": bit, text: one ? "1" : "0" }));
    }
    tr.append(el("td", { class: "label", text: `= ${value}` }));
    return tr;
  };
  heaps.forEach((heap, i) => table.append(row(`heap ${i + 1}`, heap)));
  table.append(row("nim-sum", sum, "sum"));
  return table;
}

function columnsPicture(picture) {
  const heaps = picture.heaps.map(BigInt);
  const width = Math.max(1, ...heaps.map(bitLength));
  const box = el("div", { class: "picture" });
  box.append(
    el("h2", {
      text: picture.from_case ? "The failing position, in binary" : "A position, in binary",
    })
  );
  const holder = el("div");
  const caption = el("p", { class: "caption", "aria-live": "polite" });
  const replay = el("button", { type: "button", text: "Replay the winning move" });
  box.append(holder, caption, replay);
  let timers = [];
  const play = () => {
    timers.forEach(clearTimeout);
    timers = winningMoveSteps(heaps, width).map((step, i) =>
      setTimeout(() => {
        holder.replaceChildren(step.table);
        caption.textContent = step.caption;
      }, i * STEP_MS)
    );
  };
  replay.addEventListener("click", play);
  play();
  return box;
}

/// The "watch it move" grid: each step's table and what it says.
function winningMoveSteps(start, width) {
  const sum = xorAll(start);
  const steps = [];
  const mark = (table, rowIndex, bit, cls) => {
    const cell = table.rows[rowIndex].querySelector(`td[data-bit="${bit}"]`);
    if (cell) cell.classList.add(cls);
  };
  const first = columnsTable(start, sum, width);
  if (sum === 0n) {
    steps.push({
      table: first,
      caption: "The nim-sum is 0: every column has an even number of 1s. Whatever the player " +
        "to move does, the nim-sum becomes non-zero: this position is lost.",
    });
    return steps;
  }
  steps.push({
    table: first,
    caption: `The nim-sum is ${sum} (${sum.toString(2)} in binary), not 0: some column has an ` +
      "odd number of 1s, and the player to move can win.",
  });
  const top = bitLength(sum) - 1;
  const chosen = start.findIndex((heap) => (heap >> BigInt(top)) & 1n);
  const topTable = columnsTable(start, sum, width);
  mark(topTable, start.length, top, "focus");
  steps.push({
    table: topTable,
    caption: `Its leftmost 1 is in the column of ${1n << BigInt(top)}. Heap ${chosen + 1} has ` +
      "a 1 there: that is the heap to change.",
  });
  let heaps = [...start];
  for (let bit = top; bit >= 0; bit--) {
    if (!((sum >> BigInt(bit)) & 1n)) continue;
    heaps = [...heaps];
    heaps[chosen] ^= 1n << BigInt(bit);
    const table = columnsTable(heaps, xorAll(heaps), width);
    table.rows[chosen].classList.add("chosen");
    mark(table, chosen, bit, "flip");
    steps.push({
      table,
      caption: `Flip the bit of ${1n << BigInt(bit)} in heap ${chosen + 1}: that column of the ` +
        "nim-sum becomes 0.",
    });
  }
  const after = heaps[chosen];
  const last = columnsTable(heaps, 0n, width);
  last.rows[chosen].classList.add("chosen");
  steps.push({
    table: last,
    caption: `Heap ${chosen + 1} goes from ${start[chosen]} to ${after}: take ` +
      `${start[chosen] - after} stones. The nim-sum is 0, and the opponent faces a lost position.`,
  });
  return steps;
}

// A Grundy table as a strip, each cell explaining its mex.

function grundyPicture(picture) {
  const moves = picture.moves.map(Number);
  const values = [];
  const explain = [];
  for (let n = 0; n <= picture.upto; n++) {
    const reached = moves.filter((m) => m <= n).map((m) => n - m);
    const seen = new Set(reached.map((r) => values[r]));
    let mex = 0;
    while (seen.has(mex)) mex++;
    values.push(mex);
    const set = [...seen].sort((a, b) => a - b).join(", ");
    explain.push({
      reached,
      text: reached.length
        ? `g(${n}): the moves reach ${reached.join(", ")}, with Grundy numbers ` +
          `${reached.map((r) => values[r]).join(", ")}; mex {${set}} = ${mex}.`
        : `g(${n}): no move fits in ${n}, so mex {} = 0: the player to move has lost.`,
    });
  }
  const box = el("div", { class: "picture" });
  box.append(
    el("h2", {
      text: `Grundy numbers with moves {${moves.join(", ")}}` +
        (picture.from_case ? " (the failing case's)" : ""),
    })
  );
  const strip = el("div", { class: "strip" });
  const caption = el("p", {
    class: "caption",
    text: "Point at a cell: it says how its mex is found. 0 marks a lost heap.",
  });
  values.forEach((value, n) => {
    const cell = el(
      "span",
      { class: `cell${value === 0 ? " zero" : ""}`, tabindex: "0", title: explain[n].text },
      el("span", { class: "n", text: `${n}` }),
      `${value}`
    );
    const show = () => {
      caption.textContent = explain[n].text;
      strip.querySelectorAll(".cell").forEach((other, i) =>
        other.classList.toggle("reached", explain[n].reached.includes(i))
      );
    };
    cell.addEventListener("mouseenter", show);
    cell.addEventListener("focus", show);
    strip.append(cell);
  });
  box.append(strip, caption);
  return box;
}

// The move tree of a small position, each node P (lost for the player to move) or N.

function treePicture(picture) {
  const memo = new Map();
  const key = (heaps) => heaps.join(",");
  const next = (heaps) => {
    const found = [];
    heaps.forEach((heap, i) => {
      for (let smaller = 0; smaller < heap; smaller++) {
        const after = [...heaps];
        after[i] = smaller;
        found.push(after);
      }
    });
    return found;
  };
  const isP = (heaps) => {
    if (!memo.has(key(heaps))) memo.set(key(heaps), !next(heaps).some(isP));
    return memo.get(key(heaps));
  };
  let budget = 120;
  const node = (heaps) => {
    budget--;
    const label = isP(heaps) ? "P" : "N";
    const li = el("li", {}, `[${heaps.join(", ")}] `, el("span", { class: label, text: label }));
    const children = next(heaps);
    if (children.length && budget > 0) {
      const ul = el("ul", { class: "tree" });
      for (const child of children) {
        if (budget <= 0) {
          ul.append(el("li", { text: "…" }));
          break;
        }
        ul.append(node(child));
      }
      li.append(ul);
    }
    return li;
  };
  const box = el("div", { class: "picture" });
  box.append(
    el("h2", { text: `The move tree of [${picture.heaps.join(", ")}]` }),
    el("p", {
      class: "caption",
      text: "P: the player to move loses (no move reaches a P). N: some move reaches a P.",
    }),
    el("ul", { class: "tree" }, node(picture.heaps.map(Number)))
  );
  return box;
}

// Try your function.

$("try-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const result = $("try-result");
  result.hidden = false;
  result.dataset.status = "running";
  drawLines(result, [[["warn", "Running your function..."]]]);
  const answer = await post("/api/try", { input: $("try-input").value });
  result.dataset.status = answer.status || "error";
  drawLines(result, answer.lines || problemLines(answer));
});

// Nim against the learner's engine.

function showGame(answer) {
  const log = $("play-log");
  log.hidden = false;
  if (answer.problem || answer.refused) {
    drawLines(log, answer.refused || problemLines(answer));
    $("move-form").hidden = true;
    return;
  }
  const lines = (answer.said || []).flat();
  if (answer.caught) lines.push(...answer.caught);
  drawLines(log, lines);
  const heaps = answer.heaps.map(BigInt);
  const width = Math.max(1, ...heaps.map(bitLength));
  $("play-board").replaceChildren(columnsTable(heaps, xorAll(heaps), width));
  $("play-board").dataset.heaps = answer.heaps.join(" ");
  $("move-form").hidden = answer.over;
}

$("play-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const heaps = $("play-heaps").value.split(/[\s,]+/).filter(Boolean).map(Number);
  drawLines($("play-log"), [[["warn", "Grading your engine first..."]]]);
  $("play-log").hidden = false;
  showGame(
    await post("/api/play", {
      new: { heaps, misere: $("play-misere").checked, engine_first: $("play-engine-first").checked },
    })
  );
});

$("move-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const heap = Number($("move-heap").value);
  const take = Number($("move-take").value);
  showGame(await post("/api/play", { move: [heap, take] }));
});

// The state, pushed by the server.

// An event stream cannot send a header: the token goes in its address.
const events = new EventSource(`/events?token=${TOKEN}`);
events.addEventListener("state", (event) => render(JSON.parse(event.data)));
events.addEventListener("error", () => {
  $("note").hidden = false;
  $("note").textContent = "The server is not answering: is `cargo grader serve` still running?";
});
