//! tmux as a learner's terminal: the real grader in an 80x24 window, its screen read
//! as text.

use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use super::{DEADLINE, POLL, find_phrase};

/// These tests fail, and never pass by skipping, where tmux is missing.
const TMUX_MISSING: &str = "this test drives the grader in tmux, which cannot be started: \
install it (apt-get install tmux, brew install tmux)";

/// A tmux server of its own, with one 80x24 window; killed on drop.
pub(crate) struct Tmux {
    socket: String,
}

impl Tmux {
    /// Runs `shell_command` in `workbook`, in an 80x24 window.
    pub(crate) fn start(workbook: &Path, shell_command: &str) -> Tmux {
        Tmux::start_sized(workbook, shell_command, 80, 24)
    }

    /// Runs `shell_command` in `workbook`, in a window of `width` x `height`.
    pub(crate) fn start_sized(
        workbook: &Path,
        shell_command: &str,
        width: u16,
        height: u16,
    ) -> Tmux {
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
            .unwrap_or_else(|e| panic!("{TMUX_MISSING} ({e})"));
        assert!(status.success(), "tmux could not start");
        tmux
    }

    fn command(&self) -> Command {
        let mut command = Command::new("tmux");
        // A test run from inside tmux must not talk to that tmux.
        command.env_remove("TMUX").args(["-L", &self.socket]);
        command
    }

    pub(crate) fn query(&self, args: &[&str]) -> String {
        let output = self.command().args(args).output().unwrap();
        String::from_utf8_lossy(&output.stdout).into_owned()
    }

    /// Presses `key` and waits for the screen to change; returns the new screen.
    pub(crate) fn press_for_change(&self, key: &str) -> String {
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

    pub(crate) fn screen(&self) -> String {
        self.query(&["capture-pane", "-p"])
    }

    pub(crate) fn keys(&self, keys: &str) {
        self.query(&["send-keys", keys]);
    }

    /// Reads the screen until it shows `text`; returns that screen.
    pub(crate) fn wait_for(&self, text: &str) -> String {
        self.wait_for_all(&[text])
    }

    /// Waits until the screen shows every one of `texts` (a screen drawn in several
    /// writes can be caught half drawn), and returns it.
    pub(crate) fn wait_for_all(&self, texts: &[&str]) -> String {
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
