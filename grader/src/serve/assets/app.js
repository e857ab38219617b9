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

/// Lines of styled spans ([[class, text], ...]) into a <pre>, for text that is laid
/// out as it is (the play log): the browser wraps its lines.
function drawLines(pre, lines) {
  pre.replaceChildren();
  lines.forEach((spans, i) => {
    if (i > 0) pre.append("\n");
    for (const [cls, text] of spans) {
      pre.append(cls ? el("span", { class: cls, text }) : text);
    }
  });
}

// A verdict, laid out from its fields (the grader's `report::fields`): every sentence is
// whole, and the browser wraps it; code and positions stay in <code>.

/// Prose with its `code` and its positions ([3, 4, 5]) in <code> elements.
function inline(text) {
  const nodes = [];
  // Backticked code first, then lists of numbers in what is left.
  text.split(/(`[^`]*`)/).forEach((part) => {
    if (part.length > 1 && part.startsWith("`") && part.endsWith("`")) {
      nodes.push(el("code", { text: part.slice(1, -1) }));
      return;
    }
    part.split(/(\[[0-9_, .…]*\])/).forEach((piece) => {
      if (/^\[[0-9_, .…]*\]$/.test(piece)) nodes.push(el("code", { text: piece }));
      else if (piece) nodes.push(piece);
    });
  });
  return nodes;
}

/// A text of lines: each line of prose a paragraph, the lines indented by two spaces or
/// more (binary columns, a panic's message) one block laid out as it is.
function blocks(text, cls) {
  const out = [];
  let laid = null;
  for (const line of text.split("\n")) {
    if (/^\s{2}/.test(line)) {
      if (!laid) {
        laid = [];
        out.push(laid);
      }
      laid.push(line);
      continue;
    }
    laid = null;
    if (line.trim()) out.push(el("p", { class: cls || "" }, ...inline(line)));
  }
  return out.map((item) => {
    if (!Array.isArray(item)) return item;
    const indent = Math.min(...item.map((line) => line.match(/^\s*/)[0].length));
    return el("pre", { class: "laid" }, el("code", { text: item.map((l) => l.slice(indent)).join("\n") }));
  });
}

/// The headline: ✓ or ✗, the exercise's name, what went wrong, where.
function headline(fields) {
  const line = el("p", { class: "headline" });
  if (fields.status !== "cancelled") {
    const passed = fields.status === "passed";
    line.append(el("span", { class: passed ? "good" : "bad", text: passed ? "✓" : "✗" }), " ");
  }
  line.append(el("strong", { text: fields.exercise }));
  if (fields.label) line.append(": ", el("span", { class: "bad", text: fields.label }));
  line.append(...inline(fields.summary));
  return line;
}

function verdictView(fields) {
  const out = [headline(fields)];
  const pairs = [["input", fields.input], ["yours", fields.answer]].filter(([, value]) => value != null);
  if (pairs.length) {
    out.push(
      el("dl", { class: "case" }, ...pairs.map(([name, value]) =>
        el("div", {}, el("dt", { text: name }), el("dd", {}, el("code", { text: value }))))
      )
    );
  }
  if (fields.explanation) out.push(...blocks(fields.explanation));
  if (fields.shrunk) out.push(el("p", {}, ...inline(fields.shrunk)));
  if (fields.rule) out.push(...blocks(fields.rule, "rule"));
  if (fields.code) out.push(el("pre", { class: "laid" }, el("code", { text: fields.code })));
  if (fields.advice) {
    out.push(el("p", { class: "advice" }, el("strong", { class: "warn", text: "Advice:" }), " ", ...inline(fields.advice)));
  }
  if (fields.lesson) {
    const anchor = fields.lesson.split("#")[1];
    out.push(
      el("p", { class: "dim" }, "More in the lesson: ",
        el("a", { href: `#${anchor}` }, el("code", { text: fields.lesson })))
    );
  }
  if (fields.reason) out.push(...blocks(fields.reason));
  if (fields.compiler) out.push(el("pre", { class: "laid" }, el("code", { text: fields.compiler })));
  for (const paragraph of fields.paragraphs || []) out.push(...blocks(paragraph));
  if (fields.groups) out.push(el("p", { text: fields.groups }));
  if (fields.printed) {
    out.push(el("p", { text: fields.printed.intro }));
    out.push(el("pre", { class: "printed" }, el("code", { text: fields.printed.lines.join("\n") })));
    for (const note of fields.printed.notes) out.push(el("p", { class: "dim" }, ...inline(note)));
  }
  if (fields.warnings) {
    out.push(el("p", { class: "warn", text: fields.warnings.intro }));
    out.push(el("pre", { class: "laid" }, el("code", { text: fields.warnings.messages })));
  }
  return out;
}

/// The verdict in one sentence, for the live region that screen readers announce.
function announcement(fields) {
  const said = `${fields.exercise}${fields.label ? `: ${fields.label}` : ""}${fields.summary}`;
  return fields.status === "passed" ? `Passed: ${said}` : said;
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
  // The width through the CSSOM: the page's Content-Security-Policy drops style attributes.
  const filled = el("span");
  filled.style.width = `${percent}%`;
  const quiz = state.quizzes;
  $("progress").replaceChildren(
    el("span", { class: "bar" }, filled),
    `${done}/${total} done (${percent}%)`,
    quiz.lesson_total ? ` · this lesson's quizzes: ${quiz.lesson_done} of ${quiz.lesson_total} answered` : ""
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
  drawTryForm(exercise);
  quizzes.answered = new Set(state.quizzes.answered);
  const verdict = state.verdict;
  const key = JSON.stringify([exercise.name, verdict]);
  if (key !== shown.verdictKey) {
    shown.verdictKey = key;
    const box = $("verdict");
    box.dataset.status = verdict.status;
    box.setAttribute("aria-busy", verdict.status === "grading" ? "true" : "false");
    if (verdict.status === "grading") {
      // The last verdict stays, greyed, until the new one comes.
      $("verdict-state").textContent = `Grading ${exercise.name}...`;
      if (exercise.name === shown.exercise) markTryStale();
    } else {
      $("verdict-state").textContent = "";
      box.replaceChildren(...verdictView(verdict.fields));
      $("verdict-announce").textContent = announcement(verdict.fields);
      // Pictures of the same position are not drawn again.
      const picturesKey = JSON.stringify(verdict.pictures);
      if (picturesKey !== shown.picturesKey) {
        shown.picturesKey = picturesKey;
        drawPictures(verdict.pictures);
      }
    }
    window.xorlingsVerdicts.push({ status: verdict.status, exercise: exercise.name, at: Date.now() });
  }
  if (exercise.name !== shown.exercise) {
    shown.exercise = exercise.name;
    tried.input = null;
    $("try-input").value = "";
    $("try-result").hidden = true;
    $("try-error").textContent = "";
    loadLesson(exercise.number, exercise.lesson);
  }
}

// The lesson, and its quizzes: an answer typed, checked by the grader, then the
// lesson's explanation unfolded.

const quizzes = { answered: new Set() };

async function loadLesson(number) {
  const response = await fetch(`/api/lesson?exercise=${number}`, {
    headers: { "X-Xorlings-Token": TOKEN },
  });
  // The lesson's HTML is the grader's own rendering, every text of it escaped.
  $("lesson").innerHTML = await response.text();
  for (const form of $("lesson").querySelectorAll("form.practice")) {
    const said = form.querySelector(".said");
    const details = form.nextElementSibling;
    if (form.dataset.quiz && quizzes.answered.has(form.dataset.quiz)) {
      form.dataset.state = "right";
      said.textContent = "✓ You answered this one.";
    }
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const answer = form.querySelector("input").value.trim();
      if (!answer) {
        form.dataset.state = "empty";
        said.textContent = "Type your answer first, then check it.";
        return;
      }
      if (!form.dataset.quiz) {
        // A question to think over: the lesson's answer, to compare with yours.
        said.textContent = "Compare yours with the lesson's answer, unfolded below.";
        if (details) details.open = true;
        return;
      }
      said.textContent = "Checking...";
      const checked = await post("/api/quiz", { quiz: form.dataset.quiz, answer });
      if (checked.problem) {
        form.dataset.state = "wrong";
        said.textContent = checked.problem;
        return;
      }
      form.dataset.state = checked.right ? "right" : "wrong";
      said.textContent = checked.said;
      if (checked.right) {
        quizzes.answered.add(form.dataset.quiz);
        if (details) details.open = true;
      }
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

const stones = (count) => `${count} ${count === 1n ? "stone" : "stones"}`;

/// Heaps numbered from 0, as the exercises' `heap_index` and every verdict number them.
function columnsTable(heaps, sum, width) {
  const table = el("table", { class: "columns" });
  const row = (label, value, cls) => {
    const tr = el("tr", { class: cls || "" }, el("th", { scope: "row", class: "label", text: label }));
    for (let bit = width - 1; bit >= 0; bit--) {
      const one = (value >> BigInt(bit)) & 1n;
      tr.append(el("td", { class: `bit${one ? " one" : ""}`, "data-bit": bit, text: one ? "1" : "0" }));
    }
    tr.append(el("td", { class: "label value", text: `= ${value}` }));
    return tr;
  };
  heaps.forEach((heap, i) => table.append(row(`heap ${i}`, heap)));
  table.append(row("nim-sum", sum, "sum"));
  return table;
}

/// The position as it is (the failing case's, first), and the winning move step by
/// step when the learner asks for it.
function columnsPicture(picture) {
  const heaps = picture.heaps.map(BigInt);
  const width = Math.max(1, ...heaps.map(bitLength));
  const steps = winningMoveSteps(heaps, width);
  const box = el("div", { class: "picture" });
  box.append(
    el("h3", {
      text: picture.from_case ? "The failing input, in binary" : "A position, in binary",
    })
  );
  const holder = el("div", { class: "holder" });
  const caption = el("p", { class: "caption", "aria-live": "polite" });
  const controls = el("div", { class: "controls" });
  box.append(holder, caption, controls);
  let timers = [];
  const show = (step) => {
    holder.replaceChildren(step.table);
    caption.textContent = step.caption;
  };
  const stop = () => {
    timers.forEach(clearTimeout);
    timers = [];
  };
  show(steps[0]);
  if (steps.length > 1) {
    const play = el("button", { type: "button", class: "secondary", text: "Show the winning move" });
    const back = el("button", { type: "button", class: "secondary", text: "Back to the position" });
    play.addEventListener("click", () => {
      stop();
      timers = steps.map((step, i) => setTimeout(() => show(step), i * STEP_MS));
    });
    back.addEventListener("click", () => {
      stop();
      show(steps[0]);
    });
    controls.append(play, back);
  }
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
    caption: `Its leftmost 1 is in the column of ${1n << BigInt(top)}. Heap ${chosen} has ` +
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
      caption: `Flip the bit of ${1n << BigInt(bit)} in heap ${chosen}: that column of the ` +
        "nim-sum becomes 0.",
    });
  }
  const after = heaps[chosen];
  const last = columnsTable(heaps, 0n, width);
  last.rows[chosen].classList.add("chosen");
  steps.push({
    table: last,
    caption: `Heap ${chosen} goes from ${start[chosen]} to ${after}: take ` +
      `${stones(start[chosen] - after)}. The nim-sum is 0, and the opponent faces a lost position.`,
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
    el("h3", {
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
    el("h3", { text: `The move tree of [${picture.heaps.join(", ")}]` }),
    el("p", {
      class: "caption",
      text: "P: the player to move loses (no move reaches a P). N: some move reaches a P.",
    }),
    el("ul", { class: "tree" }, node(picture.heaps.map(Number)))
  );
  return box;
}

// Try your function: the input typed, what is wrong with it beside the box, and a
// result marked stale once the code changes, until it is run again.

const tried = { input: null, form: null };

function drawTryForm(exercise) {
  const form = exercise.try;
  $("try-panel").hidden = !form;
  if (!form || JSON.stringify(form) === tried.form) return;
  tried.form = JSON.stringify(form);
  $("try-label").textContent = form.label;
  $("try-call").textContent = form.call;
  $("try-help").textContent = form.help;
  $("try-input").placeholder = form.example ? `for example ${form.example}` : "";
  $("try-example").hidden = !form.example;
  $("try-example").textContent = form.example ? `Use the example ${form.example}` : "";
  $("try-example").onclick = () => {
    $("try-input").value = form.example;
    $("try-input").focus();
  };
}

function markTryStale() {
  if (tried.input === null || $("try-result").hidden) return;
  $("try-result").dataset.stale = "true";
  $("try-stale").hidden = false;
}

async function runTry(input) {
  const result = $("try-result");
  const error = $("try-error");
  error.textContent = "";
  $("try-input").removeAttribute("aria-invalid");
  result.hidden = false;
  result.dataset.stale = "false";
  $("try-stale").hidden = true;
  result.dataset.status = "running";
  $("try-output").replaceChildren(el("p", { class: "warn", text: "Running your function..." }));
  const answer = await post("/api/try", { input });
  if (answer.problem) {
    // What is wrong with the input goes beside the box.
    result.hidden = true;
    result.dataset.status = answer.status || "invalid";
    error.textContent = answer.problem;
    $("try-input").setAttribute("aria-invalid", "true");
    return;
  }
  tried.input = input;
  result.dataset.status = answer.status;
  $("try-output").replaceChildren(...verdictView(answer.fields));
}

$("try-form").addEventListener("submit", (event) => {
  event.preventDefault();
  runTry($("try-input").value);
});
$("try-again").addEventListener("click", () => {
  if (tried.input !== null) runTry(tried.input);
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
