//! tmux as a learner's terminal: the real grader in an 80x24 window, its screen read
//! as text.

use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Generous: the first grading also compiles the runner library, and CI machines are
/// slow and busy. A passing test takes a few seconds.
pub const DEADLINE: Duration = Duration::from_secs(60);
/// How often the tmux screen is read while waiting for a text.
pub const POLL: Duration = Duration::from_millis(25);

/// Where `phrase` ends in `text`, any run of whitespace in it matching any other (so a
/// phrase is found even where the screen wrapped it).
pub fn find_phrase(text: &str, phrase: &str) -> Option<usize> {
    let words: Vec<&str> = phrase.split_whitespace().collect();
    let first = words.first()?;
    text.match_indices(first).find_map(|(start, _)| {
        let mut end = start + first.len();
        for word in &words[1..] {
            let rest = &text[end..];
            let after_space = rest.trim_start();
            if after_space.len() == rest.len() || !after_space.starts_with(word) {
                return None;
            }
            end += rest.len() - after_space.len() + word.len();
        }
        Some(end)
    })
}

/// A tmux server of its own, with one 80x24 window; killed on drop.
pub struct Tmux {
    socket: String,
}

impl Tmux {
    pub fn available() -> bool {
        Command::new("tmux")
            .arg("-V")
            .output()
            .is_ok_and(|o| o.status.success())
    }

    /// Runs `shell_command` in `workbook`, in an 80x24 window.
    pub fn start(workbook: &Path, shell_command: &str) -> Tmux {
        Tmux::start_sized(workbook, shell_command, 80, 24)
    }

    /// Runs `shell_command` in `workbook`, in a window of `width` x `height`.
    pub fn start_sized(workbook: &Path, shell_command: &str, width: u16, height: u16) -> Tmux {
        static STARTED: AtomicUsize = AtomicUsize::new(0);
        let tmux = Tmux {
            socket: format!(
                "xorlings-test-{}-{}",
                std::process::id(),
                STARTED.fetch_add(1, Ordering::Relaxed)
            ),
        };
        let status = tmux
            .command()
            .args([
                "new-session",
                "-d",
                "-x",
                &width.to_string(),
                "-y",
                &height.to_string(),
                "-c",
            ])
            .arg(workbook)
            .arg(shell_command)
            .status()
            .unwrap();
        assert!(status.success(), "tmux could not start");
        tmux
    }

    fn command(&self) -> Command {
        let mut command = Command::new("tmux");
        // A test run from inside tmux must not talk to that tmux.
        command.env_remove("TMUX").args(["-L", &self.socket]);
        command
    }

    pub fn query(&self, args: &[&str]) -> String {
        let output = self.command().args(args).output().unwrap();
        String::from_utf8_lossy(&output.stdout).into_owned()
    }

    /// Presses `key` and waits for the screen to change; returns the new screen.
    pub fn press_for_change(&self, key: &str) -> String {
        let before = self.screen();
        self.keys(key);
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if screen != before {
                return screen;
            }
            assert!(
                start.elapsed() < DEADLINE,
                "{key} changed nothing on:\n{screen}"
            );
            std::thread::sleep(POLL);
        }
    }

    pub fn screen(&self) -> String {
        self.query(&["capture-pane", "-p"])
    }

    pub fn keys(&self, keys: &str) {
        self.query(&["send-keys", keys]);
    }

    /// Reads the screen until it shows `text`; returns that screen.
    pub fn wait_for(&self, text: &str) -> String {
        self.wait_for_all(&[text])
    }

    /// Waits until the screen shows every one of `texts` (a screen drawn in several
    /// writes can be caught half drawn), and returns it.
    pub fn wait_for_all(&self, texts: &[&str]) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if texts
                .iter()
                .all(|text| find_phrase(&screen, text).is_some())
            {
                return screen;
            }
            assert!(
                start.elapsed() < DEADLINE,
                "the screen never showed all of {texts:?}; it shows:\n{screen}"
            );
            std::thread::sleep(POLL);
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.command().arg("kill-server").status();
    }
}
