// A hostile program of the sandbox's tests on every system: it reads its cases and
// writes what each attempt got to its answers channel, as a learner's program would,
// `NAME: denied (ERROR)` or `NAME: ESCAPED ...`. Only std and the system's C library.
use std::io::{Read, Write};

// The channels' descriptors (Unix) or the variables naming their handles (Windows),
// as `xorlings_core::runner::channels` has them: the test puts them here.
// @CHANNELS@

#[cfg(unix)]
fn channels() -> (std::fs::File, std::fs::File) {
    use std::os::fd::FromRawFd;
    // SAFETY: the sandbox opened these descriptors for the program.
    unsafe {
        (
            std::fs::File::from_raw_fd(CASES_FD),
            std::fs::File::from_raw_fd(ANSWERS_FD),
        )
    }
}

#[cfg(windows)]
fn channels() -> (std::fs::File, std::fs::File) {
    use std::os::windows::io::FromRawHandle;
    let handle = |variable: &str| -> usize { std::env::var(variable).unwrap().parse().unwrap() };
    // SAFETY: the sandbox handed these handles to the program.
    unsafe {
        (
            std::fs::File::from_raw_handle(handle(CASES_VARIABLE) as _),
            std::fs::File::from_raw_handle(handle(ANSWERS_VARIABLE) as _),
        )
    }
}

fn outcome<T: std::fmt::Debug>(result: std::io::Result<T>) -> String {
    match result {
        Ok(value) => format!("ESCAPED {value:?}"),
        Err(error) => format!("denied ({error})"),
    }
}

#[cfg(unix)]
mod system {
    unsafe extern "C" {
        fn kill(pid: i32, signal: i32) -> i32;
    }

    #[cfg(target_os = "linux")]
    const SIGSTOP: i32 = 19;
    #[cfg(not(target_os = "linux"))]
    const SIGSTOP: i32 = 17;

    /// Stops the grader: it would hold every run.
    pub fn reach_the_grader(pid: u32) -> std::io::Result<()> {
        // SAFETY: a plain system call.
        match unsafe { kill(pid as i32, SIGSTOP) } {
            0 => Ok(()),
            _ => Err(std::io::Error::last_os_error()),
        }
    }

    pub const SHELL: &str = "/bin/sh";
}

#[cfg(windows)]
mod system {
    #[link(name = "kernel32")]
    unsafe extern "system" {
        fn OpenProcess(access: u32, inherit: i32, pid: u32) -> *mut std::ffi::c_void;
        fn CloseHandle(handle: *mut std::ffi::c_void) -> i32;
    }

    /// Opens the grader to read and write its memory (its verdicts, its seed).
    pub fn reach_the_grader(pid: u32) -> std::io::Result<()> {
        // PROCESS_VM_READ | PROCESS_VM_WRITE | PROCESS_VM_OPERATION
        // SAFETY: a plain system call; the handle, if any, is closed.
        let handle = unsafe { OpenProcess(0x10 | 0x20 | 0x8, 0, pid) };
        if handle.is_null() {
            return Err(std::io::Error::last_os_error());
        }
        // SAFETY: the handle just opened.
        unsafe { CloseHandle(handle) };
        Ok(())
    }

    pub const SHELL: &str = r"C:\Windows\System32\cmd.exe";
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (mut cases_file, mut answers) = channels();
    let mut cases = String::new();
    cases_file.read_to_string(&mut cases).unwrap();
    let mut say = |line: String| {
        answers.write_all(format!("{line}\n").as_bytes()).unwrap();
    };
    say(format!("cases: {}", cases.trim()));
    match args[1].as_str() {
        "files" => {
            let (secret, home, write) = (&args[2], &args[3], &args[4]);
            say(format!("read the secret: {}", outcome(std::fs::read_to_string(secret))));
            // Landlock does not confine metadata (`doctor` says so); Seatbelt's profile
            // and the restricted token do.
            if !cfg!(target_os = "linux") {
                let stat = std::fs::metadata(secret).map(|m| m.len());
                say(format!("stat the secret: {}", outcome(stat)));
            }
            say(format!(
                "list the home folder: {}",
                outcome(std::fs::read_dir(home).map(|entries| entries.count()))
            ));
            let written = std::path::Path::new(write).join("written-by-the-prober");
            say(format!("write a file: {}", outcome(std::fs::write(&written, "x"))));
            say(format!("overwrite the secret: {}", outcome(std::fs::write(secret, "gone"))));
            let mut names: Vec<String> = std::env::vars_os()
                .map(|(name, _)| name.to_string_lossy().into_owned())
                .collect();
            names.sort();
            say(format!("environment: {}", names.join(",")));
        }
        "processes" => {
            let status = std::process::Command::new(system::SHELL)
                .stdin(std::process::Stdio::null())
                .stdout(std::process::Stdio::null())
                .status();
            say(format!("start a shell: {}", outcome(status)));
        }
        "grader" => {
            let pid: u32 = args[2].parse().unwrap();
            say(format!("reach the grader: {}", outcome(system::reach_the_grader(pid))));
        }
        "network" => {
            let port: u16 = args[2].parse().unwrap();
            let stream = std::net::TcpStream::connect(("127.0.0.1", port));
            say(format!("connect to the grader's port: {}", outcome(stream.map(drop))));
        }
        "memory" => {
            // Pages touched one by one, up to far more than the run may use.
            let mut held: Vec<Vec<u8>> = Vec::new();
            for _ in 0..64 {
                let mut block = vec![0u8; 64 << 20];
                for page in block.iter_mut().step_by(4096) {
                    *page = 1;
                }
                held.push(block);
            }
            say(format!("use 4 GiB: ESCAPED {}", held.len()));
            std::thread::sleep(std::time::Duration::from_secs(2));
        }
        mode => panic!("no mode {mode}"),
    }
}
