//! A lab for attacks: a temporary workbook whose learner is hostile, the real grader
//! run on it, and the checks every attack must pass whatever it tried: the grader ends
//! in time, with bounded memory and output, leaks no secret, and leaves no process or
//! file behind.

use std::io::Read;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::common::{GRADER, Workbook};

/// The most a report may print.
pub(super) const MAX_OUTPUT_BYTES: usize = 1_000_000;
/// The most memory the grader (and anything it waited for) may use.
pub(super) const MAX_MEMORY_BYTES: u64 = 1 << 30;
/// Past this, a grading is stuck: the test stops it and fails.
const STUCK: Duration = Duration::from_secs(120);
/// The time limit of `xor_all` (each group has it): its CPU time.
pub(super) const TIME_LIMIT: Duration = Duration::from_secs(2);
/// The time a run of `xor_all` may spend waiting (using no CPU time): its time limit
/// and 1 s.
pub(super) const WAITING_LIMIT: Duration = Duration::from_secs(3);
/// What a grading may take besides its runs' time limits: "a few seconds", made of a
/// fixed part and twice what a plain grading took on this machine when the tests
/// started, stretched when the machine got busier since (machines shared by several
/// builds are many times slower than an idle one, and not always as slow).
const A_FEW_SECONDS: Duration = Duration::from_secs(4);

/// What a grading may cost: whole time limits (on two cores, five groups that each run
/// to their limit take three), and gradings' worth of compiling and running.
#[derive(Debug, Clone, Copy)]
pub(super) struct Cost {
    pub limits: u32,
    pub gradings: u32,
}

impl Cost {
    pub(super) const fn new(limits: u32, gradings: u32) -> Cost {
        Cost { limits, gradings }
    }

    /// One exercise whose runs end early.
    pub(super) const RUN: Cost = Cost::new(1, 1);
    /// One exercise whose every group runs to its time limit.
    pub(super) const EVERY_LIMIT: Cost = Cost::new(3, 1);
    /// One exercise of which a group waits as long as it may.
    pub(super) const WAITING: Cost = Cost::new(2, 1);
    /// One exercise whose runs write floods of bytes: the files are on disk.
    pub(super) const FLOOD: Cost = Cost::new(1, 2);
    /// Every exercise of a checkout: a grading's worth each (two at once, but some
    /// exercises, such as a game search, take several times a plain grading).
    pub(super) fn verify() -> Cost {
        let exercises = crate::common::manifest().exercises.len() as u32;
        Cost::new(1, exercises)
    }

    fn budget(self) -> Duration {
        let warm = warm();
        let busier = (busyness() / warm.busyness).max(1.0);
        let work = (A_FEW_SECONDS + warm.plain_grading * 2 * self.gradings).mul_f64(busier);
        TIME_LIMIT * self.limits + work
    }
}

/// Processes wanting a core, per core: the load average of the last minute, 1 at least.
pub(super) fn busyness() -> f64 {
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let load: f64 = load
        .split_whitespace()
        .next()
        .and_then(|l| l.parse().ok())
        .unwrap_or(0.0);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    (load / cores as f64).max(1.0)
}

/// The value of the secret variable in the grader's environment.
pub(super) fn env_secret() -> &'static str {
    static SECRET: OnceLock<String> = OnceLock::new();
    SECRET.get_or_init(|| format!("env-secret-{:016x}", random()))
}

/// What the secret file in the grader's home holds.
pub(super) fn home_secret() -> &'static str {
    static SECRET: OnceLock<String> = OnceLock::new();
    SECRET.get_or_init(|| format!("home-secret-{:016x}", random()))
}

/// A line of the instructor's solution to `xor_all`, which no report may quote.
pub(super) const SOLUTION_LINE: &str = "heaps.iter().fold(0, |sum, &heap| sum ^ heap)";

fn random() -> u64 {
    use std::hash::BuildHasher;
    std::collections::hash_map::RandomState::new().hash_one(std::process::id())
}

/// The first line of /etc/passwd: no report may quote it.
fn passwd_line() -> Option<String> {
    let passwd = std::fs::read_to_string("/etc/passwd").ok()?;
    passwd.lines().next().map(str::to_string)
}

/// A workbook with a hostile learner, and a home with a secret.
pub(super) struct Lab {
    pub workbook: Workbook,
    pub home: tempfile::TempDir,
    /// In the name of every file an attack tries to write, and in its source.
    pub marker: String,
    /// Folders no process may be left in after a grading (checkouts, say).
    pub folders: Vec<PathBuf>,
}

/// A grading, finished and checked.
#[derive(Debug)]
pub(super) struct Grading {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
    pub elapsed: Duration,
    /// Peak resident memory of the grader and of every process it waited for.
    pub peak_memory: u64,
}

impl Lab {
    pub(super) fn new() -> Lab {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let workbook = Workbook::new();
        copy_warm_runtime(workbook.root());
        let home = tempfile::tempdir().unwrap();
        std::fs::write(home.path().join(".secret"), home_secret()).unwrap();
        let marker = format!(
            "xorlings-attack-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::SeqCst)
        );
        let folders = vec![workbook.root().to_path_buf(), home.path().to_path_buf()];
        Lab {
            workbook,
            home,
            marker,
            folders,
        }
    }

    pub(super) fn root(&self) -> &Path {
        self.workbook.root()
    }

    /// `source` with its placeholders filled in: `@MARKER@`, `@ROOT@` (the workbook),
    /// `@HOME@`, `@GRADER@` (the grader's binary) and `@TARGET@` (its folder).
    pub(super) fn fill(&self, source: &str) -> String {
        source
            .replace("@MARKER@", &self.marker)
            .replace("@ROOT@", &self.root().display().to_string())
            .replace("@HOME@", &self.home.path().display().to_string())
            .replace("@GRADER@", GRADER)
            .replace("@TARGET@", &grader_folder().display().to_string())
    }

    /// Writes the learner's `xor_all`.
    pub(super) fn learner(&self, source: &str) {
        self.workbook
            .write("exercises/xor_all/src/lib.rs", &self.fill(source));
    }

    /// The grader with `args`, in the workbook, with secrets in its environment.
    pub(super) fn command(&self, args: &[&str]) -> Command {
        let mut command = Command::new(GRADER);
        command.args(args);
        self.prepare(&mut command);
        command
    }

    /// Runs in the workbook, with the secrets in the environment and a home of the lab's.
    pub(super) fn prepare(&self, command: &mut Command) {
        let real_home = std::env::var_os("HOME")
            .map(PathBuf::from)
            .unwrap_or_default();
        let rustup =
            std::env::var_os("RUSTUP_HOME").map_or(real_home.join(".rustup"), PathBuf::from);
        let cargo = std::env::var_os("CARGO_HOME").map_or(real_home.join(".cargo"), PathBuf::from);
        command
            .current_dir(self.root())
            .env("NO_COLOR", "1")
            .env_remove("XORLINGS_SEED")
            .env_remove(xorlings_sandbox::PRETEND_MISSING_VARIABLE)
            .env("SECRET_TOKEN", env_secret())
            .env("HOME", self.home.path())
            .env("RUSTUP_HOME", rustup)
            .env("CARGO_HOME", cargo);
    }

    /// Grades with `args`, and checks what every grading must keep to, within `cost`.
    #[track_caller]
    pub(super) fn grade(&self, args: &[&str], cost: Cost) -> Grading {
        self.run(self.command(args), cost)
    }

    /// Runs `command` (the grader, or a wrapper of it) and checks it.
    #[track_caller]
    pub(super) fn run(&self, mut command: Command, cost: Cost) -> Grading {
        command
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0);
        let started = Instant::now();
        #[expect(
            clippy::zombie_processes,
            reason = "wait4 reaps it, for its peak memory"
        )]
        let mut child = command.spawn().unwrap();
        let stdout = bounded_reader(child.stdout.take().unwrap());
        let stderr = bounded_reader(child.stderr.take().unwrap());
        let pid = child.id() as libc::pid_t;
        let (status, usage) = wait_with_usage(pid, started);
        let elapsed = started.elapsed();
        let (stdout, stdout_bytes) = stdout.join().unwrap();
        let (stderr, stderr_bytes) = stderr.join().unwrap();
        let grading = Grading {
            code: if libc::WIFEXITED(status) {
                libc::WEXITSTATUS(status)
            } else {
                -1
            },
            stdout,
            stderr,
            elapsed,
            peak_memory: usage.ru_maxrss as u64 * 1024,
        };
        eprintln!(
            "graded in {elapsed:.2?} (budget {:.2?}), {} MiB at most",
            cost.budget(),
            grading.peak_memory >> 20
        );
        let budget = cost.budget();
        assert!(
            elapsed <= budget,
            "the grading took {elapsed:?}, over {budget:?}: {grading:#?}"
        );
        assert!(
            stdout_bytes < MAX_OUTPUT_BYTES && stderr_bytes < MAX_OUTPUT_BYTES,
            "the grader printed {stdout_bytes} bytes, and {stderr_bytes} on stderr"
        );
        assert!(
            grading.peak_memory < MAX_MEMORY_BYTES,
            "the grader used {} MiB",
            grading.peak_memory >> 20
        );
        assert!(
            !grading.stderr.contains("panicked at") && !grading.stderr.contains("RUST_BACKTRACE"),
            "the grader panicked: {}",
            grading.stderr
        );
        self.assert_no_secret(&grading.stdout);
        self.assert_no_secret(&grading.stderr);
        self.assert_nothing_left();
        grading
    }

    #[track_caller]
    pub(super) fn assert_no_secret(&self, text: &str) {
        let mut secrets = vec![env_secret(), home_secret(), SOLUTION_LINE];
        let passwd = passwd_line();
        secrets.extend(passwd.as_deref());
        for secret in secrets {
            assert!(!text.contains(secret), "a report shows {secret:?}:\n{text}");
        }
    }

    /// No process of the lab's is alive (in its folders, or with its marker), and no
    /// file with its marker exists where an attack would have written it.
    #[track_caller]
    pub(super) fn assert_nothing_left(&self) {
        let survivors = survivors(&self.folders, &self.marker);
        assert!(survivors.is_empty(), "still running: {survivors:#?}");
        let mut places = vec![
            PathBuf::from("/tmp"),
            PathBuf::from("/dev/shm"),
            grader_folder(),
            grader_folder().parent().unwrap().to_path_buf(),
        ];
        places.extend(self.folders.iter().cloned());
        for place in places {
            let deep = self.folders.contains(&place);
            let found = walkdir::WalkDir::new(&place)
                .max_depth(if deep { usize::MAX } else { 1 })
                .into_iter()
                .flatten()
                .find(|entry| entry.file_name().to_string_lossy().contains(&self.marker));
            assert!(found.is_none(), "an attack wrote {found:?}");
        }
    }
}

/// The folder of the grader's binary (`target/debug`).
pub(super) fn grader_folder() -> PathBuf {
    Path::new(GRADER).parent().unwrap().to_path_buf()
}

/// Reads a stream to its end on a thread, keeping its first bytes (a little over the
/// most a report may print) and counting them all.
fn bounded_reader(
    mut stream: impl Read + Send + 'static,
) -> std::thread::JoinHandle<(String, usize)> {
    std::thread::Builder::new()
        .spawn(move || {
            let mut kept = Vec::new();
            let mut total = 0;
            let mut buffer = vec![0; 1 << 16];
            while let Ok(n @ 1..) = stream.read(&mut buffer) {
                total += n;
                if kept.len() < 2 * MAX_OUTPUT_BYTES {
                    kept.extend_from_slice(&buffer[..n]);
                }
            }
            (String::from_utf8_lossy(&kept).into_owned(), total)
        })
        .unwrap()
}

/// Waits for `pid` and returns its status and resource usage (its peak memory, and
/// that of the processes it waited for); kills its group if it is stuck.
fn wait_with_usage(pid: libc::pid_t, started: Instant) -> (libc::c_int, libc::rusage) {
    loop {
        let mut status = 0;
        // SAFETY: a zeroed rusage is valid; wait4 fills it and the status.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: pointers to the two locals above.
        let waited = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if waited == pid {
            return (status, usage);
        }
        assert!(waited == 0, "wait4: {}", std::io::Error::last_os_error());
        if started.elapsed() > STUCK {
            // SAFETY: kill the group the grader leads (it was spawned with its own).
            unsafe { libc::kill(-pid, libc::SIGKILL) };
            panic!("the grader is stuck after {STUCK:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Processes whose working folder or program is in one of `folders`, or whose command
/// line holds `marker`.
pub(super) fn survivors(folders: &[PathBuf], marker: &str) -> Vec<String> {
    let me = std::process::id().to_string();
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter_map(|entry| {
            let pid = entry.file_name().to_string_lossy().into_owned();
            if !pid.bytes().all(|b| b.is_ascii_digit()) || pid == me {
                return None;
            }
            let proc = entry.path();
            let links = ["cwd", "exe"].map(|link| std::fs::read_link(proc.join(link)).ok());
            let inside = links
                .iter()
                .flatten()
                .any(|path| folders.iter().any(|folder| path.starts_with(folder)));
            let cmdline = std::fs::read(proc.join("cmdline")).unwrap_or_default();
            let marked = String::from_utf8_lossy(&cmdline).contains(marker);
            (inside || marked)
                .then(|| format!("{pid}: {links:?} {:?}", String::from_utf8_lossy(&cmdline)))
        })
        .collect()
}

/// What every lab starts from, prepared once per test process.
struct Warm {
    /// The grader's runner library (the grader checks it against its hash): copied into
    /// each lab, so that every lab does not build its own.
    runtimes: Vec<PathBuf>,
    /// How long a plain grading of `xor_all` took, and how busy the machine was then.
    plain_grading: Duration,
    busyness: f64,
}

fn warm() -> &'static Warm {
    static WARM: OnceLock<Warm> = OnceLock::new();
    WARM.get_or_init(|| {
        let warm = Workbook::new();
        warm.solve("xor_all");
        warm.grader(&["run", "xor_all"]).expect_code(0);
        let busyness = busyness();
        let started = Instant::now();
        warm.grader(&["run", "xor_all"]).expect_code(0);
        let plain_grading = started.elapsed();
        let keep = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("attacks-runtime");
        let _ = std::fs::remove_dir_all(&keep);
        std::fs::create_dir_all(&keep).unwrap();
        let mut runtimes = Vec::new();
        for entry in std::fs::read_dir(warm.path("target/xorlings"))
            .unwrap()
            .flatten()
        {
            if entry.file_name().to_string_lossy().starts_with("runtime-") {
                let to = keep.join(entry.file_name());
                crate::common::copy_tree(&entry.path(), &to);
                runtimes.push(to);
            }
        }
        Warm {
            runtimes,
            plain_grading,
            busyness,
        }
    })
}

fn copy_warm_runtime(root: &Path) {
    let cache = root.join("target/xorlings");
    for runtime in &warm().runtimes {
        crate::common::copy_tree(runtime, &cache.join(runtime.file_name().unwrap()));
    }
}
