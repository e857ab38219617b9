//! The course page's tests share these: a running `grader serve`, and the browser driver
//! (Debian's Chromium driven by playwright-core, `scripts/browser/`, installed by
//! `.ci/run`).

use std::ffi::OsStr;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use super::{GRADER, Workbook, repo_root};

pub(crate) const CHROMIUM: &str = "/usr/bin/chromium";

/// A running `grader serve`, stopped when dropped.
pub(crate) struct Server {
    child: Child,
    pub url: String,
    pub port: u16,
}

impl Server {
    pub(crate) fn start(workbook: &Workbook) -> Server {
        let mut child = Command::new(GRADER)
            .arg("serve")
            .current_dir(workbook.root())
            .env("NO_COLOR", "1")
            .env_remove("XORLINGS_SEED")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut first = String::new();
        stdout.read_line(&mut first).unwrap();
        // The rest of stdout is drained, so the server never blocks on a full pipe.
        std::thread::Builder::new()
            .name("serve-stdout".into())
            .spawn(move || std::io::copy(&mut stdout, &mut std::io::sink()))
            .unwrap();
        let url = first.trim_end().to_string();
        let port = url
            .strip_prefix("http://127.0.0.1:")
            .and_then(|rest| rest.strip_suffix('/'))
            .and_then(|port| port.parse().ok())
            .unwrap_or_else(|| panic!("the first line is not the address: {first:?}"));
        Server { child, url, port }
    }

    /// Sends `request` as written and gives the status and the body.
    pub(crate) fn raw(&self, request: &str) -> (u16, String) {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        stream.write_all(request.as_bytes()).unwrap();
        let mut response = String::new();
        stream.read_to_string(&mut response).unwrap();
        let status = response
            .split(' ')
            .nth(1)
            .and_then(|status| status.parse().ok())
            .unwrap_or_else(|| panic!("no status in {response:?}"));
        let body = response
            .split_once("\r\n\r\n")
            .map(|(_, body)| body.to_string())
            .unwrap_or_default();
        (status, body)
    }

    pub(crate) fn get(&self, path: &str, host: &str) -> (u16, String) {
        self.raw(&format!("GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n"))
    }

    pub(crate) fn post(&self, path: &str, token: Option<&str>, body: &str) -> (u16, String) {
        let token = token
            .map(|token| format!("X-Xorlings-Token: {token}\r\n"))
            .unwrap_or_default();
        self.raw(&format!(
            "POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n{token}Content-Length: {}\r\n\r\n{body}",
            self.port,
            body.len()
        ))
    }

    pub(crate) fn token(&self) -> String {
        let (_, page) = self.get("/", &format!("127.0.0.1:{}", self.port));
        let at = page.find("name=\"xorlings-token\" content=\"").unwrap() + 31;
        page[at..at + 32].to_string()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The driver's folder, with what it needs to drive Chromium; the test fails, saying what
/// to install, where something is missing (`.ci/run` installs all of it).
pub(crate) fn browser_driver() -> PathBuf {
    let driver = repo_root().join("scripts/browser");
    let node = Command::new("node")
        .arg("--version")
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    assert!(node, "node is not installed: apt-get install nodejs npm");
    assert!(
        Path::new(CHROMIUM).exists(),
        "{CHROMIUM} is missing: apt-get install chromium"
    );
    assert!(
        driver.join("node_modules/playwright-core").exists(),
        "playwright-core is not installed: run `npm ci` in scripts/browser"
    );
    driver
}

/// Runs the driver `script` of `scripts/browser/` with `settings` (and CHROMIUM) in its
/// environment, and gives the one line of JSON it prints.
pub(crate) fn drive(script: &str, settings: &[(&str, &OsStr)]) -> serde_json::Value {
    let driver = browser_driver();
    let mut command = Command::new("node");
    command
        .arg(driver.join(script))
        .current_dir(&driver)
        .env("CHROMIUM", CHROMIUM);
    for (name, value) in settings {
        command.env(name, value);
    }
    let output = command.output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "the browser driver {script} failed:\n{}\n{stdout}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_str(stdout.trim()).unwrap_or_else(|error| panic!("{error}: {stdout}"))
}
