//! Progress on a terminal while work goes on: one line on stderr, redrawn a few times a
//! second, saying how much is done, the time used, and what is being done now. Nothing
//! when stderr is not a terminal (a pipe, a file, a test), where the line would only
//! be noise.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How often the line is drawn again.
const REDRAW: Duration = Duration::from_millis(250);
/// The widest the line gets: it must never wrap, or `\r` would not erase it.
const MOST_COLUMNS: usize = 78;

/// A line of progress: `what` done out of a total, since a start.
pub(crate) struct Meter {
    state: Arc<State>,
    drawer: Option<std::thread::JoinHandle<()>>,
}

impl std::fmt::Debug for Meter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Meter")
            .field("what", &self.state.what)
            .finish()
    }
}

struct State {
    /// What is counted, in the plural: "solutions graded", "groups done".
    what: String,
    total: AtomicUsize,
    done: AtomicUsize,
    now: Mutex<Vec<String>>,
    started: Instant,
    over: AtomicBool,
}

/// One piece of work under way: done when dropped (counted, unless it is a step that
/// the meter does not count, such as compiling).
pub(crate) struct Task<'a> {
    state: &'a State,
    name: String,
    counted: bool,
}

impl Drop for Task<'_> {
    fn drop(&mut self) {
        if let Ok(mut now) = self.state.now.lock()
            && let Some(at) = now.iter().position(|name| *name == self.name)
        {
            now.remove(at);
        }
        if self.counted {
            self.state.done.fetch_add(1, Ordering::SeqCst);
        }
    }
}

impl Meter {
    /// A meter of `what` (in the plural), drawn on stderr when it is a terminal.
    pub(crate) fn new(what: &str, total: usize) -> Meter {
        Meter::drawn(what, total, std::io::stderr().is_terminal())
    }

    /// A meter never drawn, whose [`Meter::status`] a screen of its own shows.
    pub(crate) fn silent(what: &str) -> Meter {
        Meter::drawn(what, 0, false)
    }

    fn drawn(what: &str, total: usize, drawn: bool) -> Meter {
        let state = Arc::new(State {
            what: what.to_string(),
            total: AtomicUsize::new(total),
            done: AtomicUsize::new(0),
            now: Mutex::default(),
            started: Instant::now(),
            over: AtomicBool::new(false),
        });
        let drawer = drawn.then(|| {
            let state = Arc::clone(&state);
            std::thread::Builder::new()
                .name("meter".into())
                .spawn(move || {
                    while !state.over.load(Ordering::SeqCst) {
                        eprint!("\r\x1b[2K{}", state.line());
                        let _ = std::io::stderr().flush();
                        std::thread::sleep(REDRAW);
                    }
                })
                .ok()
        });
        Meter {
            state,
            drawer: drawer.flatten(),
        }
    }

    /// `more` pieces of work to count.
    pub(crate) fn add(&self, more: usize) {
        self.state.total.fetch_add(more, Ordering::SeqCst);
    }

    /// A piece of work called `name` starts; it is done when the task drops.
    pub(crate) fn start(&self, name: &str) -> Task<'_> {
        self.task(name, true)
    }

    /// A step called `name`, shown while it goes on but not counted.
    pub(crate) fn step(&self, name: &str) -> Task<'_> {
        self.task(name, false)
    }

    fn task(&self, name: &str, counted: bool) -> Task<'_> {
        if let Ok(mut now) = self.state.now.lock() {
            now.push(name.to_string());
        }
        Task {
            state: &self.state,
            name: name.to_string(),
            counted,
        }
    }

    /// The line as it would be drawn, without its indentation.
    pub(crate) fn status(&self) -> String {
        self.state.line().trim_start().to_string()
    }

    /// A piece of work with no name of its own is done.
    pub(crate) fn one_done(&self) {
        self.state.done.fetch_add(1, Ordering::SeqCst);
    }
}

impl Drop for Meter {
    fn drop(&mut self) {
        self.state.over.store(true, Ordering::SeqCst);
        if let Some(drawer) = self.drawer.take() {
            let _ = drawer.join();
            eprint!("\r\x1b[2K");
            let _ = std::io::stderr().flush();
        }
    }
}

impl State {
    /// "  12 of 251 solutions graded, 1m 05s; now: mex (a.rs), xor_all (b.rs)".
    fn line(&self) -> String {
        let elapsed = self.started.elapsed().as_secs();
        let time = match elapsed {
            0..60 => format!("{elapsed} s"),
            _ => format!("{}m {:02}s", elapsed / 60, elapsed % 60),
        };
        let now = self
            .now
            .lock()
            .map(|now| now.join(", "))
            .unwrap_or_default();
        let mut line = match self.total.load(Ordering::SeqCst) {
            0 => format!("  {time}"),
            total => format!(
                "  {} of {total} {}, {time}",
                self.done.load(Ordering::SeqCst),
                self.what
            ),
        };
        if !now.is_empty() {
            line.push_str(&format!("; now: {now}"));
        }
        cut(&line, MOST_COLUMNS)
    }
}

/// `line` in at most `columns` characters, `…` marking a cut.
fn cut(line: &str, columns: usize) -> String {
    match line.chars().count() > columns {
        true => line.chars().take(columns - 1).chain(['…']).collect(),
        false => line.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_says_what_is_done_the_time_and_what_goes_on() {
        let meter = Meter::new("solutions graded", 0);
        assert_eq!(meter.state.line(), "  0 s");
        meter.add(3);
        let first = meter.start("mex: solutions/mex/src/lib.rs");
        {
            let _second = meter.start("xor_all");
            assert!(
                meter
                    .state
                    .line()
                    .contains("now: mex: solutions/mex/src/lib.rs, xor_all")
            );
        }
        let line = meter.state.line();
        assert!(
            line.starts_with("  1 of 3 solutions graded, 0 s; now: mex"),
            "{line}"
        );
        drop(first);
        meter.add(2);
        meter.one_done();
        assert_eq!(meter.state.line(), "  3 of 5 solutions graded, 0 s");
        let compiling = meter.step("compiling");
        assert!(meter.state.line().ends_with("; now: compiling"));
        drop(compiling);
        assert_eq!(meter.state.line(), "  3 of 5 solutions graded, 0 s");
        let long = meter.start(&"x".repeat(200));
        assert_eq!(meter.state.line().chars().count(), MOST_COLUMNS);
        drop(long);
    }
}
