//! A running `grader serve`, and raw HTTP requests to it: what the tests of the course
//! page share, over TCP (the fast tier) and in a real browser (the end-to-end tier).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

use super::{GRADER, Workbook};

/// A running `grader serve`, stopped when dropped.
pub struct Server {
    child: Child,
    pub url: String,
    pub port: u16,
}

impl Server {
    pub fn start(workbook: &Workbook) -> Server {
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
    pub fn raw(&self, request: &str) -> (u16, String) {
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

    pub fn get(&self, path: &str, host: &str) -> (u16, String) {
        self.raw(&format!("GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n"))
    }

    pub fn post(&self, path: &str, token: Option<&str>, body: &str) -> (u16, String) {
        let token = token
            .map(|token| format!("X-Xorlings-Token: {token}\r\n"))
            .unwrap_or_default();
        self.raw(&format!(
            "POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n{token}Content-Length: {}\r\n\r\n{body}",
            self.port,
            body.len()
        ))
    }

    pub fn token(&self) -> String {
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
