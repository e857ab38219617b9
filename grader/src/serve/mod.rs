//! `cargo grader serve`: the course in the browser. An HTTP server on 127.0.0.1 only
//! (std's `TcpListener`, a thread per connection, a small bounded parser in `http`)
//! serves one page: the course with each exercise's status, the current exercise's
//! lesson as HTML, its verdict pushed on every save (server-sent events; the grading is
//! watch's own, in `live`) as fields the page lays out (`report::fields`), pictures
//! drawn from the failing case, a "Try your function" box (`tryout`), the lessons'
//! quizzes checked by the course's catalog (`xorlings_course::quiz`) and Nim against the learner's engine.
//!
//! Safety on a laptop: a request whose `Host` is not this server's own is refused (DNS
//! rebinding); no CORS header, so no other site can read a response; every request
//! that runs code is a POST carrying the session's random token, which only the page
//! has; nothing is served but the lessons of the manifest and the embedded assets; the
//! learner's code runs only through the grader (so in the sandbox).

mod connections;
#[cfg(test)]
mod contrast;
mod http;
mod live;
mod play;
mod tryout;
mod view;

use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use serde_json::{Value, json};

use crate::Exit;
use crate::cli::ServeArgs;
use crate::grading::Grader;
use crate::judge::Cancel;
use crate::session::Session;
use crate::watch;
use connections::{Admitted, Connections, Stage};
use http::{Refused, Request, respond};
use live::{Command, Live};
pub(crate) use play::{Game, StartGame, Started, Turn};
use xorlings_course::model::show::typed_words;

const PAGE: &str = include_str!("assets/index.html");
const SCRIPT: &str = include_str!("assets/app.js");
const STYLE: &str = include_str!("assets/style.css");
/// Where the page's token goes in `PAGE`.
const TOKEN_SLOT: &str = "{{token}}";
/// A request's whole head (and body) must come within this: a client that trickles it
/// in a byte at a time is dropped.
const REQUEST_DEADLINE: Duration = Duration::from_secs(3);
/// A client that reads nothing for this long is dropped.
const WRITE_TIMEOUT: Duration = Duration::from_secs(30);
/// How often an event stream looks whether its page has gone: a closed stream gives
/// its slot back at once.
const STREAM_CHECK: Duration = Duration::from_millis(200);
/// A comment line to an idle event stream this often, for proxies that drop silence.
const KEEP_ALIVE: Duration = Duration::from_secs(15);
const PORT_IN_USE: &str = "is in use: pick another with `--port N`, or leave it out to \
take any free port";
const FOREIGN_HOST: &str = "this server answers only to 127.0.0.1 and localhost on its own \
port";
const NO_TOKEN: &str = "this request needs the token of the page the server gave (reload \
the page)";
const CROSS_SITE: &str = "this server answers only its own page: a request from another \
site, or another port of this machine, is refused";

/// What every connection's thread shares.
struct Server {
    port: u16,
    token: String,
    grader: Grader,
    live: Arc<Live>,
    commands: mpsc::Sender<Command>,
    /// One try or engine move at a time: each runs the learner's code.
    running: Mutex<()>,
    play: play::Table,
    connections: Arc<Connections>,
}

/// Serves until Ctrl-C. The first line on stdout is the page's address.
pub(crate) fn run(session: Session, args: &ServeArgs, start_game: StartGame) -> Result<Exit> {
    let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, args.port)).with_context(|| {
        format!(
            "cannot serve on 127.0.0.1:{}: the port {PORT_IN_USE}",
            args.port
        )
    })?;
    let port = listener
        .local_addr()
        .context("cannot read the server's address")?
        .port();
    let address = format!("http://127.0.0.1:{port}/");
    println!("{address}");
    println!("Open it in your browser; the page follows your saves. Ctrl-C stops the server.");
    std::io::stdout()
        .flush()
        .context("cannot write to stdout")?;
    let grader = session.grader.clone();
    let live = Arc::new(Live::default());
    let stopping = Arc::new(AtomicBool::new(false));
    let stop = Arc::clone(&stopping);
    let commands = live::spawn(session, Arc::clone(&live), move || {
        // A connection of its own wakes the accepting loop, which sees the flag.
        stop.store(true, Ordering::SeqCst);
        let _ = TcpStream::connect((Ipv4Addr::LOCALHOST, port));
    })?;
    let server = Arc::new(Server {
        port,
        token: new_token()?,
        grader,
        live,
        commands,
        running: Mutex::new(()),
        play: play::Table::new(start_game),
        connections: Arc::default(),
    });
    if args.open {
        open_browser(&address);
    }
    for stream in listener.incoming() {
        if stopping.load(Ordering::SeqCst) {
            break;
        }
        let Ok(mut stream) = stream else { continue };
        let peer = stream
            .peer_addr()
            .map_or(IpAddr::V4(Ipv4Addr::LOCALHOST), |address| address.ip());
        let Some(admitted) = server.connections.admit(&stream, peer) else {
            let _ = respond(&mut stream, 503, "text/plain", b"too many connections");
            continue;
        };
        let shared = Arc::clone(&server);
        // A connection the system gives no thread ends with its `admitted`, at once.
        let _ = std::thread::Builder::new()
            .name("serve-connection".into())
            .spawn(move || serve_connection(&shared, stream, &admitted));
    }
    println!("xorlings: stopped serving; `cargo grader serve` starts again.");
    Ok(Exit::Passed)
}

/// 128 bits no other page can guess, from the operating system's random source.
fn new_token() -> Result<String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|error| {
        anyhow::anyhow!("the system gave no random bytes for the page's token: {error}")
    })?;
    Ok(bytes.iter().map(|byte| format!("{byte:02x}")).collect())
}

fn open_browser(address: &str) {
    let command = if cfg!(target_os = "macos") {
        vec!["open", address]
    } else if cfg!(windows) {
        vec!["cmd", "/C", "start", "", address]
    } else {
        vec!["xdg-open", address]
    };
    let opened = std::process::Command::new(command[0])
        .args(&command[1..])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    if let Err(error) = opened {
        eprintln!("note: the browser could not be opened ({error}); open {address} yourself.");
    }
}

fn serve_connection(server: &Server, mut stream: TcpStream, admitted: &Admitted) {
    // A page that stops reading its events frees its thread.
    let _ = stream.set_write_timeout(Some(WRITE_TIMEOUT));
    let deadline = Instant::now() + REQUEST_DEADLINE;
    let request = match http::read_request(&mut Deadlined(&stream, deadline)) {
        Ok(Ok(Some(request))) => request,
        Ok(Err(Refused { status, reason })) => {
            let _ = respond(&mut stream, status, "text/plain", reason.as_bytes());
            return;
        }
        Ok(Ok(None)) | Err(_) => return,
    };
    let refusal = if !http::host_allowed(request.header("host"), server.port) {
        Some((421, FOREIGN_HOST))
    } else if !http::same_origin(&request, server.port) {
        Some((403, CROSS_SITE))
    } else if !free(&request) && !http::token_allowed(&request, &server.token) {
        Some((403, NO_TOKEN))
    } else {
        None
    };
    if let Some((status, why)) = refusal {
        let _ = respond(&mut stream, status, "text/plain", why.as_bytes());
        return;
    }
    if request.method == "GET" && request.path == "/events" {
        admitted.now(Stage::Events);
        let _ = events(server, &mut stream);
        return;
    }
    admitted.now(Stage::Answer);
    let (status, content_type, body) = route(server, &request);
    let _ = respond(&mut stream, status, content_type, body.as_bytes());
}

/// Whether `request` may come without the page's token: the page itself, which brings
/// the token, and its own script and style. Everything else costs the server something.
fn free(request: &Request) -> bool {
    request.method == "GET" && matches!(request.path.as_str(), "/" | "/app.js" | "/style.css")
}

/// A connection read within a deadline for the whole request, however slowly it comes.
struct Deadlined<'a>(&'a TcpStream, Instant);

impl std::io::Read for Deadlined<'_> {
    fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
        let left = self.1.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(std::io::ErrorKind::TimedOut.into());
        }
        self.0.set_read_timeout(Some(left))?;
        (&*self.0).read(buffer)
    }
}

type Answer = (u16, &'static str, String);

const HTML: &str = "text/html; charset=utf-8";
const JSON: &str = "application/json";

fn route(server: &Server, request: &Request) -> Answer {
    match (request.method.as_str(), request.path.as_str()) {
        ("GET", "/") => (200, HTML, PAGE.replace(TOKEN_SLOT, &server.token)),
        ("GET", "/app.js") => (200, "text/javascript; charset=utf-8", SCRIPT.to_string()),
        ("GET", "/style.css") => (200, "text/css; charset=utf-8", STYLE.to_string()),
        ("GET", "/api/state") => json_answer(200, &server.live.snapshot().state),
        ("GET", "/api/lesson") => lesson(server, request),
        ("POST", "/api/current") => make_current(server, request),
        ("POST", "/api/try") => try_input(server, request),
        ("POST", "/api/quiz") => quiz(server, request),
        ("POST", "/api/play") => play::play(server, request),
        ("GET" | "POST", _) => (404, "text/plain", "no such page".to_string()),
        _ => (405, "text/plain", "only GET and POST".to_string()),
    }
}

fn json_answer(status: u16, value: &Value) -> Answer {
    (status, JSON, value.to_string())
}

fn problem(status: u16, message: &str) -> Answer {
    json_answer(status, &json!({ "problem": message }))
}

/// The request's body as JSON.
fn body(request: &Request) -> Result<Value, Answer> {
    serde_json::from_slice(&request.body)
        .map_err(|error| problem(400, &format!("the body is not JSON: {error}")))
}

/// The lesson of exercise `?exercise=N` (default: the current one) as HTML: only the
/// lessons the manifest names are ever read.
fn lesson(server: &Server, request: &Request) -> Answer {
    let exercises = &server.grader.workbook.exercises;
    let index = match request.query_value("exercise") {
        None => server.live.snapshot().current,
        Some(number) => match number.parse::<usize>().ok().and_then(|n| n.checked_sub(1)) {
            Some(index) if index < exercises.len() => index,
            _ => return (404, "text/plain", "no such exercise".to_string()),
        },
    };
    let path = &exercises[index].lesson;
    match crate::lesson::read(&server.grader.workbook.root, path) {
        Ok(markdown) => (200, HTML, crate::lesson::to_html(&markdown)),
        Err(error) => (500, "text/plain", format!("{error:#}")),
    }
}

fn make_current(server: &Server, request: &Request) -> Answer {
    let body = match body(request) {
        Ok(body) => body,
        Err(answer) => return answer,
    };
    let count = server.grader.workbook.exercises.len();
    let Some(index) = body["exercise"]
        .as_u64()
        .and_then(|n| usize::try_from(n).ok())
        .and_then(|n| n.checked_sub(1))
        .filter(|&index| index < count)
    else {
        return problem(400, &format!("`exercise` is a number from 1 to {count}"));
    };
    match server.commands.send(Command::MakeCurrent(index)) {
        Ok(()) => json_answer(200, &json!({ "ok": true })),
        Err(_) => problem(
            503,
            "the grading loop has stopped: restart `cargo grader serve`",
        ),
    }
}

/// A quiz's answer, checked: right or not, and what to say. A right answer is recorded
/// in the progress file, by the grading loop that keeps it.
fn quiz(server: &Server, request: &Request) -> Answer {
    let body = match body(request) {
        Ok(body) => body,
        Err(answer) => return answer,
    };
    let (Some(id), Some(typed)) = (body["quiz"].as_str(), body["answer"].as_str()) else {
        return problem(400, "send {\"quiz\": ID, \"answer\": TEXT}");
    };
    let Some(quiz) = xorlings_course::quiz::find(id) else {
        return problem(
            404,
            &format!("no lesson asks the quiz `{id}`: reload the page"),
        );
    };
    let checked = quiz.check(typed);
    if checked.right
        && server
            .commands
            .send(Command::QuizAnswered(quiz.id))
            .is_err()
    {
        return problem(
            503,
            "the grading loop has stopped: restart `cargo grader serve`",
        );
    }
    json_answer(
        200,
        &json!({ "right": checked.right, "said": checked.said }),
    )
}

/// "Try your function": the current exercise's function on the typed input, as
/// `cargo grader try` calls it.
fn try_input(server: &Server, request: &Request) -> Answer {
    let body = match body(request) {
        Ok(body) => body,
        Err(answer) => return answer,
    };
    let Some(typed) = body["input"].as_str() else {
        return problem(400, "`input` is the text typed in the box");
    };
    let current = server.live.snapshot().current;
    let exercise = &server.grader.workbook.exercises[current];
    let words = typed_words(typed);
    if words.is_empty() || exercise.tests.signature().is_none() {
        return problem(400, &tryout::nothing_typed(exercise));
    }
    let Ok(_running) = server.running.lock() else {
        return problem(500, "a try crashed the server's lock: restart it");
    };
    let outcome = watch::try_input(&server.grader, exercise, &words, &Cancel::default());
    json_answer(200, &view::tried(exercise, &outcome))
}

/// The event stream: the state now, then each new one, until the page goes (or the
/// stream is ended to make room).
fn events(server: &Server, stream: &mut TcpStream) -> std::io::Result<()> {
    http::start_events(stream)?;
    let mut seen = 0;
    let mut quiet = Instant::now();
    loop {
        match server.live.wait_past(seen, STREAM_CHECK) {
            Some(published) => {
                seen = published.version;
                http::event(stream, "state", &published.state.to_string())?;
                quiet = Instant::now();
            }
            None if gone(stream) => return Ok(()),
            None if quiet.elapsed() >= KEEP_ALIVE => {
                stream.write_all(b": still here\n\n")?;
                quiet = Instant::now();
            }
            None => {}
        }
    }
}

/// Whether the page at the other end of an event stream has gone (it sends nothing
/// after its request, so a closed or ended connection reads as its end).
fn gone(stream: &TcpStream) -> bool {
    if stream.set_nonblocking(true).is_err() {
        return true;
    }
    let peeked = stream.peek(&mut [0]);
    let _ = stream.set_nonblocking(false);
    match peeked {
        Ok(0) => true,
        Ok(_) => false,
        Err(error) => error.kind() != std::io::ErrorKind::WouldBlock,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_128_random_bits_in_hex() {
        let tokens: Vec<String> = (0..64).map(|_| new_token().unwrap()).collect();
        for token in &tokens {
            assert_eq!(token.len(), 32, "{token}");
            assert!(token.chars().all(|c| c.is_ascii_hexdigit()), "{token}");
        }
        let mut distinct = tokens.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), tokens.len(), "no token twice");
        // Every nibble value shows up across the tokens (2,048 of them).
        let nibbles: std::collections::BTreeSet<char> = tokens.concat().chars().collect();
        assert_eq!(nibbles.len(), 16);
    }
}
