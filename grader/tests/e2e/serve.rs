//! `grader serve`: the real server over TCP (who it answers, what it serves), and in a
//! real browser (Debian's Chromium driven by playwright-core, `scripts/browser/`,
//! installed by `.ci/run`). The browser test checks that the
//! page shows the stub's verdict, that a save turns it into a pass without a reload,
//! that the try box and a move in play are answered, and that save to verdict on the
//! page keeps within watch's own time (measured in the same run) plus 100 ms.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::browser::{Server, drive};
use crate::common::{GRADER, Workbook, repo_root};

/// Saves timed on the page, and as many under watch, taking turns (each alternating a
/// solution and the stub, so every save changes the verdict).
const SAVES: usize = 8;
/// How much slower than watch the page may be, save to verdict.
const SLOWER_BY_AT_MOST: Duration = Duration::from_millis(100);
const WAIT: Duration = Duration::from_secs(180);

#[test]
fn a_foreign_host_or_a_missing_token_is_refused() {
    let workbook = Workbook::new();
    let server = Server::start(&workbook);
    let own = format!("127.0.0.1:{}", server.port);
    assert_eq!(server.get("/", &own).0, 200);
    assert_eq!(
        server.get("/", &format!("localhost:{}", server.port)).0,
        200
    );
    // DNS rebinding: another site's name pointed at 127.0.0.1.
    for host in [
        format!("evil.example:{}", server.port),
        format!("127.0.0.1:{}", server.port + 1),
        "127.0.0.1".to_string(),
    ] {
        let (status, _) = server.get("/api/state", &host);
        assert_eq!(status, 421, "Host: {host}");
    }
    let (status, _) = server.raw("GET / HTTP/1.1\r\n\r\n");
    assert_eq!(status, 421, "no Host at all");
    // Code runs only with the page's token.
    let token = server.token();
    let input = r#"{"input": "3 4 5"}"#;
    assert_eq!(server.post("/api/try", None, input).0, 403);
    assert_eq!(server.post("/api/try", Some(&"0".repeat(32)), input).0, 403);
    assert_eq!(server.post("/api/play", None, r#"{"move": [1, 1]}"#).0, 403);
    assert_eq!(
        server.post("/api/current", None, r#"{"exercise": 2}"#).0,
        403
    );
    let (status, tried) = server.post("/api/try", Some(&token), input);
    assert_eq!(status, 200, "{tried}");
    assert!(tried.contains("not yet implemented"), "{tried}");
    // Anything that costs the server something needs the token: its state, a lesson,
    // an event stream (whose token comes in its address).
    for path in ["/api/state", "/api/lesson?exercise=1", "/events"] {
        assert_eq!(server.get(path, &own).0, 403, "{path} without the token");
    }
    let with_token = |path: &str| server.get(&format!("{path}token={token}"), &own);
    // Nothing but the lessons and the page's own files.
    assert_eq!(with_token("/api/lesson?exercise=99&").0, 404);
    assert_eq!(with_token("/../workbook.toml?").0, 404);
    assert_eq!(with_token("/exercises/xor_all/src/lib.rs?").0, 404);
    let (status, lesson) = with_token("/api/lesson?exercise=1&");
    assert_eq!(status, 200);
    assert!(lesson.starts_with("<h1 id=\"the-nim-sum\">"), "{lesson}");
}

/// A request from another origin (another site, or another port of this machine) is
/// refused before it costs anything, whatever its `Host` and even with the token.
#[test]
fn another_origin_is_refused_whatever_it_sends() {
    let workbook = Workbook::new();
    let server = Server::start(&workbook);
    let own = format!("127.0.0.1:{}", server.port);
    let token = server.token();
    let request = |path: &str, header: &str| {
        server.raw(&format!(
            "GET {path} HTTP/1.1\r\nHost: {own}\r\nX-Xorlings-Token: {token}\r\n{header}\r\n\r\n"
        ))
    };
    for header in [
        "Origin: http://127.0.0.1:1".to_string(),
        format!("Origin: http://localhost:{}", server.port + 1),
        "Origin: https://evil.example".to_string(),
        "Origin: null".to_string(),
        "Sec-Fetch-Site: same-site".to_string(),
        "Sec-Fetch-Site: cross-site".to_string(),
    ] {
        for path in ["/", "/api/state", "/events"] {
            let (status, body) = request(path, &header);
            assert_eq!(status, 403, "{header} on {path}: {body}");
        }
    }
    // The page's own requests: same origin, or typed in the address bar.
    for header in [
        format!("Origin: http://127.0.0.1:{}", server.port),
        "Sec-Fetch-Site: same-origin".to_string(),
        "Sec-Fetch-Site: none".to_string(),
    ] {
        assert_eq!(request("/api/state", &header).0, 200, "{header}");
    }
}

/// A request head that trickles in is dropped at its deadline, and a closed event
/// stream gives its place back at once: neither holds the server.
#[test]
fn slow_heads_and_closed_streams_hold_nothing() {
    let workbook = Workbook::new();
    let server = Server::start(&workbook);
    let own = format!("127.0.0.1:{}", server.port);
    let token = server.token();
    let mut slow = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    let started = Instant::now();
    let dropped = loop {
        // A byte a second, never the end of the head.
        if slow.write_all(b"G").is_err() || started.elapsed() > Duration::from_secs(20) {
            break started.elapsed();
        }
        let mut byte = [0];
        slow.set_read_timeout(Some(Duration::from_secs(1))).unwrap();
        if slow.read(&mut byte).is_ok() {
            break started.elapsed();
        }
    };
    assert!(
        dropped < Duration::from_secs(6),
        "a trickling head held its connection for {dropped:?}"
    );
    // More streams than the server keeps, held open, and as many closed: the page's own
    // stream still opens and gets the state.
    let request = format!("GET /events?token={token} HTTP/1.1\r\nHost: {own}\r\n\r\n");
    let mut held = Vec::new();
    for i in 0..80 {
        let mut stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
        stream.write_all(request.as_bytes()).unwrap();
        if i % 2 == 0 {
            held.push(stream);
        }
    }
    let mut page = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    page.write_all(request.as_bytes()).unwrap();
    page.set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let mut seen = Vec::new();
    let mut chunk = [0; 4096];
    while !String::from_utf8_lossy(&seen).contains("event: state") {
        let read = page
            .read(&mut chunk)
            .expect("the page's stream gets the state");
        assert!(read > 0, "the page's stream was closed");
        seen.extend_from_slice(&chunk[..read]);
    }
    drop(held);
}

/// A running `grader watch` in `workbook`, its screen written to `screen`, once it shows
/// the stub's verdict; stopped when dropped.
struct Watch(Child);

impl Watch {
    fn start(workbook: &Workbook, screen: &Path) -> Watch {
        let child = Command::new(GRADER)
            .arg("watch")
            .current_dir(workbook.root())
            .env("NO_COLOR", "1")
            .env_remove("XORLINGS_SEED")
            .stdin(Stdio::null())
            .stdout(std::fs::File::create(screen).unwrap())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut watch = Watch(child);
        let start = Instant::now();
        loop {
            let shown = std::fs::read_to_string(screen).unwrap();
            if shown.contains("panicked") {
                return watch;
            }
            let ended = watch.0.try_wait().unwrap();
            assert!(
                start.elapsed() < WAIT && ended.is_none(),
                "watch never showed the stub's verdict ({ended:?}); it showed:\n{shown}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn median(times: &[Duration]) -> Duration {
    let mut sorted = times.to_vec();
    sorted.sort();
    sorted[sorted.len() / 2]
}

#[test]
fn the_page_follows_saves_tries_and_plays_in_a_real_browser() {
    let watched = Workbook::new();
    let screens = tempfile::tempdir().unwrap();
    let screen = screens.path().join("watch-screen");
    let _watch = Watch::start(&watched, &screen);
    let workbook = Workbook::new();
    // The engine plays once nim_winning_move passes.
    workbook.solve("nim_winning_move");
    let xor_all = workbook.exercise_file("xor_all");
    let stub = workbook.path(&xor_all);
    let pristine = workbook.path("grader/stubs/xor_all.rs");
    let server = Server::start(&workbook);
    let shots = Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve-screenshots");
    std::fs::create_dir_all(&shots).unwrap();
    let saves = SAVES.to_string();
    let page = drive(
        "serve_test.js",
        &[
            ("SERVE_URL", server.url.as_ref()),
            ("EXERCISE_FILE", stub.as_os_str()),
            (
                "SOLUTION",
                workbook.path("solutions/xor_all/src/lib.rs").as_os_str(),
            ),
            ("STUB", pristine.as_os_str()),
            ("SAVES", saves.as_ref()),
            ("SHOTS", shots.as_os_str()),
            ("WATCH_FILE", watched.path(&xor_all).as_os_str()),
            ("WATCH_SCREEN", screen.as_os_str()),
        ],
    );

    let text = |key: &str| page[key].as_str().unwrap_or_default().to_string();
    let stub_verdict = text("stubVerdict");
    assert!(
        stub_verdict.contains("✗ xor_all: panicked on hidden case")
            && stub_verdict.contains("not yet implemented"),
        "{stub_verdict}"
    );
    // Three heaps and the nim-sum, in binary.
    assert_eq!(page["pictureHeaps"], 4, "{page}");
    assert!(
        text("passVerdict").contains("✓ xor_all passed all"),
        "{page}"
    );
    assert_eq!(page["noReload"], true, "the page was reloaded");
    assert_eq!(text("tryStatus"), "passed", "{page}");
    assert!(text("tryText").contains("returned 2"), "{page}");
    assert_eq!(page["practiceOpened"], true, "{page}");
    assert!(
        text("animationEnd").contains("Heap 0 goes from 3 to 1: take 2 stones."),
        "{page}"
    );
    assert_eq!(page["tokenlessStatus"], 403, "{page}");
    assert_eq!(text("startHeaps"), "3 4 5");
    let play_log = text("playLog");
    assert!(
        play_log.contains("You take 1 from heap 0 (3 -> 2)"),
        "{play_log}"
    );
    assert!(play_log.contains("The engine takes"), "{play_log}");
    // The engine answered 2 4 5 (nim-sum 3) with a move to a nim-sum of 0.
    let heaps: Vec<u64> = text("playHeaps")
        .split(' ')
        .map(|heap| heap.parse().unwrap())
        .collect();
    assert_eq!(heaps.iter().fold(0, |sum, heap| sum ^ heap), 0, "{heaps:?}");
    // [1, 2] is won (take 1 from the 2), and its first child [0, 2] too.
    assert!(text("treeRoot").starts_with("[1, 2] N[0, 2] N"), "{page}");
    let grundy = text("grundyCaption");
    assert!(grundy.starts_with("g(4): the moves reach"), "{grundy}");
    assert!(grundy.contains("mex {"), "{grundy}");
    assert!(text("lessonTitle").starts_with("Grundy numbers"), "{page}");
    for shot in ["serve-1280x900.png", "serve-390x844.png"] {
        let bytes = std::fs::read(shots.join(shot)).unwrap();
        assert!(bytes.starts_with(b"\x89PNG"), "{shot} is a PNG");
    }

    let times = |key: &str| -> Vec<Duration> {
        let times = page[key].as_array().unwrap();
        times
            .iter()
            .map(|ms| Duration::from_millis(ms.as_u64().unwrap()))
            .collect()
    };
    let (on_page, watch) = (times("saveToVerdictMs"), times("watchSaveToVerdictMs"));
    assert_eq!((on_page.len(), watch.len()), (SAVES, SAVES));
    let (page_median, watch_median) = (median(&on_page), median(&watch));
    eprintln!(
        "save to verdict: page {page_median:?} (each {on_page:?}), watch {watch_median:?} \
         (each {watch:?}); screenshots in {}",
        shots.display()
    );
    assert!(
        page_median <= watch_median + SLOWER_BY_AT_MOST,
        "the page took {page_median:?} from a save to its verdict, watch {watch_median:?}"
    );
}

/// A recorded wrong answer whose verdict names a heap by its index: "heap 1 holds 2".
const NAMES_A_HEAP: &str = "solutions/nim_winning_move/recorded/wrong_answer/remove_is_x.rs";
/// A quiz of the first exercise's lesson: the nim-sum of 12, 10 and 7.
const QUIZ: &str = "nim-sum-12-10-7";
const QUIZ_HEAPS: [u64; 3] = [12, 10, 7];

/// The sentences of a failing group's message in the JSON report (`--format json`): its
/// prose lines, split at each sentence's end; the case's fields, laid-out lines (binary
/// columns, indented) and the report's own first line aside.
fn report_sentences(message: &str) -> Vec<String> {
    message
        .lines()
        .skip(1)
        .filter(|line| !line.starts_with("    ") && !line.trim().is_empty())
        .map(str::trim)
        .filter(|line| !line.starts_with("input:") && !line.starts_with("yours:"))
        .flat_map(|line| {
            line.split_inclusive(". ")
                .map(|sentence| sentence.trim().to_string())
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Spaces as the browser shows them one apart, line breaks kept.
fn spaced(text: &str) -> String {
    text.lines()
        .map(|line| line.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The page in Chromium at 1280x900 and 390x844: a failing verdict laid out from its
/// fields (no sentence cut by a line break, the group's name whole), its picture the
/// failing input as it is (heaps numbered as the verdict numbers them) until the learner
/// asks for the winning move; a quiz answered wrong, then right; the try box in the
/// page's words, its result stale after a save; the text's contrast WCAG AA.
#[test]
fn the_page_reads_as_a_page_in_a_real_browser() {
    let workbook = Workbook::new();
    let nim = workbook.exercise_file("nim_winning_move");
    let recorded = std::fs::read_to_string(repo_root().join(NAMES_A_HEAP)).unwrap();
    workbook.write(&nim, &recorded);
    let report = workbook.grader(&["run", "nim_winning_move", "--format", "json"]);
    let report: serde_json::Value = serde_json::from_str(&report.stdout).unwrap();
    let failing = report["tests"]
        .as_array()
        .unwrap()
        .iter()
        .find(|test| test["status"] == "fail")
        .unwrap_or_else(|| panic!("no group fails: {report}"));
    let group = failing["name"]
        .as_str()
        .unwrap()
        .strip_prefix("nim_winning_move: ")
        .unwrap();
    let sentences = report_sentences(failing["message"].as_str().unwrap());
    assert!(sentences.len() >= 3, "{sentences:?}");
    let input = failing["test_code"].as_str().unwrap();
    let heaps: Vec<u64> = input[input.find("heaps = [").unwrap() + 9..]
        .split(']')
        .next()
        .unwrap()
        .split(", ")
        .map(|heap| heap.parse().unwrap())
        .collect();

    let number = crate::common::manifest()
        .exercises
        .iter()
        .position(|exercise| exercise.name == "nim_winning_move")
        .unwrap()
        + 1;
    let right = QUIZ_HEAPS.iter().fold(0, |sum, heap| sum ^ heap);
    let server = Server::start(&workbook);
    let shots = Path::new(env!("CARGO_TARGET_TMPDIR")).join("page-screenshots");
    std::fs::create_dir_all(&shots).unwrap();
    let (number, wrong, right_typed) = (
        number.to_string(),
        (right + 1).to_string(),
        right.to_string(),
    );
    let page = drive(
        "page_test.js",
        &[
            ("SERVE_URL", server.url.as_ref()),
            ("SHOTS", shots.as_os_str()),
            ("FAILING_NUMBER", number.as_ref()),
            (
                "TRY_FILE",
                workbook
                    .path(&workbook.exercise_file("xor_all"))
                    .as_os_str(),
            ),
            ("QUIZ", QUIZ.as_ref()),
            ("QUIZ_WRONG", wrong.as_ref()),
            ("QUIZ_RIGHT", right_typed.as_ref()),
        ],
    );
    eprintln!("the page: {page:#}\nscreenshots in {}", shots.display());
    let text = |value: &serde_json::Value| value.as_str().unwrap_or_default().to_string();

    assert_eq!(page["moveFormShown"], false, "no move before a game");

    // The quiz: wrong, then right, the page saying so; the answer kept.
    assert_eq!(page["quizWrong"]["state"], "wrong", "{page}");
    assert!(text(&page["quizWrong"]["said"]).starts_with(&format!("Not {}", right + 1)));
    assert_eq!(page["quizWrong"]["opened"], false, "{page}");
    assert_eq!(page["quizRight"]["state"], "right", "{page}");
    assert_eq!(text(&page["quizRight"]["said"]), format!("Right: {right}."));
    assert_eq!(page["quizRight"]["opened"], true, "the explanation unfolds");
    assert!(
        text(&page["progress"]).contains("quizzes: 1 of 4 answered"),
        "{page}"
    );
    let progress = workbook.read(".xorlings-progress.toml");
    assert!(
        progress.contains(&format!("quizzes = [\"{QUIZ}\"]")),
        "{progress}"
    );

    // The try box in the page's own words.
    assert_eq!(text(&page["tryLabel"]), "Arguments of xor_all");
    assert_eq!(text(&page["tryPlaceholder"]), "for example 3 4 5");
    let error = text(&page["tryError"]);
    assert!(
        error.contains("`x`") && !error.contains("cargo grader"),
        "{error}"
    );
    assert_eq!(page["tryErrorBesideField"], true, "{page}");
    assert!(
        text(&page["tryOutput"]).contains("heaps = [3, 4, 5]"),
        "{page}"
    );
    assert!(
        text(&page["tryStale"]).contains("Your code changed"),
        "{page}"
    );
    assert_eq!(
        page["tryStaleAfterRunning"], false,
        "run again, it is fresh"
    );

    // The verdict, announced, and read as text at both widths.
    assert_eq!(page["announcerLive"], "polite");
    assert!(
        text(&page["announced"]).starts_with("nim_winning_move: wrong answer on hidden case"),
        "{page}"
    );
    assert_eq!(
        page["probeFails"], true,
        "the contrast check fails a light grey"
    );
    for (width, shown) in page["widths"].as_object().unwrap() {
        let verdict = spaced(&text(&shown["verdictText"]));
        for sentence in &sentences {
            assert!(
                verdict.contains(sentence.as_str()),
                "at {width}, a line break cuts {sentence:?}:\n{verdict}"
            );
        }
        assert!(
            verdict.contains(&format!("of the group \"{group}\".")),
            "at {width}, the group's name is cut:\n{verdict}"
        );
        assert_eq!(
            shown["contrastFailures"],
            serde_json::json!([]),
            "at {width}"
        );
        for shot in ["page", "verdict"] {
            let bytes = std::fs::read(shots.join(format!("{shot}-{width}.png"))).unwrap();
            assert!(bytes.starts_with(b"\x89PNG"), "{shot}-{width}.png");
        }
    }
    // The picture: the failing input's heaps, numbered from 0 as the verdict numbers them
    // ("heap 1 holds 2"), and still so after a while.
    let mut rows: Vec<serde_json::Value> = heaps
        .iter()
        .enumerate()
        .map(|(i, heap)| serde_json::json!([format!("heap {i}"), format!("= {heap}")]))
        .collect();
    let sum = heaps.iter().fold(0, |sum, heap| sum ^ heap);
    rows.push(serde_json::json!(["nim-sum", format!("= {sum}")]));
    assert_eq!(page["firstPicture"], serde_json::json!(rows), "{page}");
    assert_eq!(
        page["pictureAfterWaiting"], page["firstPicture"],
        "no replay by itself"
    );
    assert!(
        sentences.iter().any(|s| s.contains("heap 1 holds 2")),
        "{sentences:?}"
    );
    // The winning move, once asked for: 1 2 has X = 3, and heap 1 goes from 2 to 1.
    assert!(
        text(&page["lastCaption"]).starts_with("Heap 1 goes from 2 to 1: take 1 stone. "),
        "{page}"
    );
}
