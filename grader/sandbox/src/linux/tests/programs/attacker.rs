// A learner's program gone bad, for the sandbox's tests (Linux, x86-64). The first
// argument picks a mode; each mode tries a kind of escape and writes to descriptor 4 one
// line per attempt: "<attempt>: denied (<error>)", or "<attempt>: ESCAPED". Every run
// starts the legitimate way: it copies descriptor 3 (the cases) to descriptor 4 (the
// answers).

use std::ffi::CString;
use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::FromRawFd;
use std::time::Duration;

unsafe extern "C" {
    fn fork() -> i32;
    fn getpid() -> i32;
    fn getppid() -> i32;
    fn kill(pid: i32, signal: i32) -> i32;
    fn syscall(number: i64, ...) -> i64;
    fn execve(path: *const i8, argv: *const *const i8, envp: *const *const i8) -> i32;
    fn socket(domain: i32, kind: i32, protocol: i32) -> i32;
    fn socketpair(domain: i32, kind: i32, protocol: i32, fds: *mut i32) -> i32;
    fn setrlimit(resource: i32, limit: *const [u64; 2]) -> i32;
    fn prlimit(pid: i32, resource: i32, new: *const [u64; 2], old: *mut [u64; 2]) -> i32;
    fn setpriority(which: i32, who: u32, priority: i32) -> i32;
    fn sched_setaffinity(pid: i32, size: usize, mask: *const u64) -> i32;
    fn sched_getaffinity(pid: i32, size: usize, mask: *mut u64) -> i32;
    fn sched_setscheduler(pid: i32, policy: i32, param: *const i32) -> i32;
    fn inotify_init1(flags: i32) -> i32;
    fn fanotify_init(flags: u32, event_flags: u32) -> i32;
    fn ptrace(request: i32, pid: i32, address: usize, data: usize) -> i64;
    fn unshare(flags: i32) -> i32;
    fn mount(source: *const i8, target: *const i8, kind: *const i8, flags: u64, data: usize) -> i32;
    fn memfd_create(name: *const i8, flags: u32) -> i32;
    fn shmget(key: i32, size: usize, flags: i32) -> i32;
    fn msgget(key: i32, flags: i32) -> i32;
    fn klogctl(kind: i32, buffer: *mut u8, len: i32) -> i32;
    fn setsid() -> i32;
    fn setpgid(pid: i32, group: i32) -> i32;
    fn chroot(path: *const i8) -> i32;
    fn fcntl(fd: i32, command: i32, ...) -> i32;
    fn sleep(seconds: u32) -> u32;
    fn _exit(code: i32) -> !;
}

const SIGCHLD: i64 = 17;
const SIGCONT: i32 = 18;
const SIGSTOP: i32 = 19;
const AF_UNIX: i32 = 1;
const AF_INET: i32 = 2;
const SOCK_STREAM: i32 = 1;
const RLIMIT_CPU: i32 = 0;
const RLIMIT_NOFILE: i32 = 7;
const RLIMIT_AS: i32 = 9;
const PTRACE_ATTACH: i32 = 16;
const CLONE_NEWUSER: i32 = 0x1000_0000;
const IPC_PRIVATE: i32 = 0;
const IPC_CREAT: i32 = 0o1000;
const SYS_VFORK: i64 = 58;
const SYS_CLONE: i64 = 56;
const SYS_TKILL: i64 = 200;
const SYS_TGKILL: i64 = 234;
const SYS_RT_SIGQUEUEINFO: i64 = 129;
const SYS_PIDFD_OPEN: i64 = 434;
const SYS_CLONE3: i64 = 435;
const SYS_IO_URING_SETUP: i64 = 425;
const SYS_BPF: i64 = 321;
const SYS_PERF_EVENT_OPEN: i64 = 298;
const SYS_ADD_KEY: i64 = 248;
const SYS_PROCESS_VM_READV: i64 = 310;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    // SAFETY: the grader passes descriptor 4 open for writing.
    let mut out = unsafe { File::from_raw_fd(4) };
    let mut cases = String::new();
    // SAFETY: the grader passes descriptor 3 open for reading; it stays open.
    let read = std::mem::ManuallyDrop::new(unsafe { File::from_raw_fd(3) }).read_to_string(&mut cases);
    writeln!(out, "cases: {}", if read.is_ok() { cases.trim() } else { "unreadable" }).unwrap();
    let rest: Vec<&str> = args[2..].iter().map(String::as_str).collect();
    match args[1].as_str() {
        "files" => files(&mut out, &rest),
        "processes" => processes(&mut out, &args[0], &rest),
        "signals" => signals(&mut out),
        "sockets" => sockets(&mut out),
        "limits" => limits(&mut out),
        "kernel" => kernel(&mut out),
        "environment" => {
            writeln!(out, "variables: {}", std::env::vars_os().count()).unwrap();
        }
        "descriptors" => {
            // SAFETY: F_GETFD on a number only asks whether it is open.
            let open: Vec<String> = (0..1024)
                .filter(|&fd| unsafe { fcntl(fd, 1) } >= 0)
                .map(|fd| fd.to_string())
                .collect();
            writeln!(out, "open: {}", open.join(" ")).unwrap();
        }
        "deep" => deep(&mut out),
        "overflow" => overflow(),
        "panic" => panic!("the learner's panic"),
        "abort" => std::process::abort(),
        "spin" => loop {
            std::hint::spin_loop();
        },
        "sleep" => std::thread::sleep(Duration::from_secs(30)),
        "linger" => linger(),
        "daemon" => daemon(&mut out, rest[0]),
        "threads" => threads(&mut out),
        "names" => names(&mut out, rest[0]),
        "scheduling" => scheduling(&mut out),
        // Already done by the constructor below.
        "constructor" => {}
        mode => panic!("unknown mode {mode}"),
    }
}

/// Reports an attempt by its return value: negative is a denial.
fn check(out: &mut File, attempt: &str, result: i64) {
    if result < 0 {
        let error = std::io::Error::last_os_error();
        writeln!(out, "{attempt}: denied ({error})").unwrap();
    } else {
        writeln!(out, "{attempt}: ESCAPED").unwrap();
    }
}

/// Reports an attempt made with std.
fn check_io<T>(out: &mut File, attempt: &str, result: std::io::Result<T>) {
    match result {
        Err(error) => writeln!(out, "{attempt}: denied ({error})").unwrap(),
        Ok(_) => writeln!(out, "{attempt}: ESCAPED").unwrap(),
    }
}

/// A child that got through reports and leaves at once.
fn child_escaped(out: &mut File, attempt: &str) -> ! {
    let _ = writeln!(out, "{attempt} child: ESCAPED");
    // SAFETY: ends the child without running the parent's clean-up.
    unsafe { _exit(0) }
}

fn c(text: &str) -> CString {
    CString::new(text).unwrap()
}

/// rest: the workbook folder, a name no file has.
fn files(out: &mut File, rest: &[&str]) {
    let (workbook, name) = (rest[0], rest[1]);
    let parent = unsafe { getppid() };
    check_io(out, "read /etc/passwd", std::fs::read("/etc/passwd"));
    check_io(out, "read the grader's environment", std::fs::read(format!("/proc/{parent}/environ")));
    check_io(out, "read own environment", std::fs::read("/proc/self/environ"));
    check_io(out, "list /", std::fs::read_dir("/"));
    check_io(out, "list the workbook", std::fs::read_dir(workbook));
    check_io(out, "read the workbook", std::fs::read(format!("{workbook}/secret.txt")));
    check_io(out, "write /tmp", std::fs::write(format!("/tmp/{name}"), "x"));
    check_io(out, "write /dev/shm", std::fs::write(format!("/dev/shm/{name}"), "x"));
    check_io(out, "write the workbook", std::fs::write(format!("{workbook}/{name}"), "x"));
    check_io(out, "truncate the workbook", File::create(format!("{workbook}/secret.txt")));
}

/// rest: a file a daemon would write.
fn processes(out: &mut File, own_path: &str, rest: &[&str]) {
    let pid = unsafe { fork() };
    if pid == 0 {
        child_escaped(out, "fork");
    }
    check(out, "fork", pid.into());
    let pid = unsafe { syscall(SYS_VFORK) };
    if pid == 0 {
        unsafe { _exit(0) };
    }
    check(out, "vfork", pid);
    let pid = unsafe { syscall(SYS_CLONE, SIGCHLD, 0, 0, 0, 0) };
    if pid == 0 {
        child_escaped(out, "clone");
    }
    check(out, "clone", pid);
    // struct clone_args: flags, pidfd, child_tid, parent_tid, exit_signal, ...
    let mut clone_args = [0u64; 11];
    clone_args[4] = SIGCHLD as u64;
    let pid = unsafe { syscall(SYS_CLONE3, clone_args.as_ptr(), 88) };
    if pid == 0 {
        child_escaped(out, "clone3");
    }
    check(out, "clone3", pid);
    // The daemon of `daemon`, tried here where forking is forbidden.
    let pid = unsafe { fork() };
    if pid == 0 {
        if unsafe { fork() } == 0 {
            std::thread::sleep(Duration::from_secs(1));
            let _ = std::fs::write(rest[0], "the daemon was here");
        }
        unsafe { _exit(0) };
    }
    check(out, "daemon", pid.into());
    check_io(out, "std Command", std::process::Command::new("/bin/sh").arg("-c").arg("exit 0").status());
    for (attempt, path) in [("exec /bin/sh", "/bin/sh"), ("exec itself", own_path)] {
        let path = c(path);
        let argv = [path.as_ptr(), std::ptr::null()];
        let envp = [std::ptr::null()];
        check(out, attempt, unsafe { execve(path.as_ptr(), argv.as_ptr(), envp.as_ptr()) }.into());
    }
}

fn signals(out: &mut File) {
    let parent = unsafe { getppid() };
    let me = unsafe { getpid() };
    let stopped = unsafe { kill(parent, SIGSTOP) };
    if stopped == 0 {
        unsafe { kill(parent, SIGCONT) };
    }
    check(out, "stop the grader", stopped.into());
    check(out, "signal pid 1", unsafe { kill(1, SIGCONT) }.into());
    check(out, "signal everyone", unsafe { kill(-1, SIGCONT) }.into());
    check(out, "signal the group", unsafe { kill(0, SIGCONT) }.into());
    check(out, "tgkill the grader", unsafe { syscall(SYS_TGKILL, parent, parent, SIGCONT) });
    check(out, "tkill the grader", unsafe { syscall(SYS_TKILL, parent, SIGCONT) });
    let info = [0u8; 128];
    check(
        out,
        "sigqueue the grader",
        unsafe { syscall(SYS_RT_SIGQUEUEINFO, parent, SIGCONT, info.as_ptr()) },
    );
    check(out, "pidfd of the grader", unsafe { syscall(SYS_PIDFD_OPEN, parent, 0) });
    // Signalling itself is allowed: Rust's abort needs it.
    let own = unsafe { kill(me, 0) };
    writeln!(out, "signal itself: {}", if own == 0 { "allowed" } else { "DENIED" }).unwrap();
}

fn sockets(out: &mut File) {
    check(out, "socket inet", unsafe { socket(AF_INET, SOCK_STREAM, 0) }.into());
    check(out, "socket unix", unsafe { socket(AF_UNIX, SOCK_STREAM, 0) }.into());
    let mut pair = [0i32; 2];
    check(out, "socketpair", unsafe { socketpair(AF_UNIX, SOCK_STREAM, 0, pair.as_mut_ptr()) }.into());
    check_io(out, "connect tcp", std::net::TcpStream::connect("127.0.0.1:9"));
}

fn limits(out: &mut File) {
    let unlimited = [u64::MAX, u64::MAX];
    check(out, "raise address space", unsafe { setrlimit(RLIMIT_AS, &unlimited) }.into());
    check(out, "raise open files", unsafe { setrlimit(RLIMIT_NOFILE, &[4096, 4096]) }.into());
    let parent = unsafe { getppid() };
    let one = [1u64, 1];
    check(
        out,
        "limit the grader",
        unsafe { prlimit(parent, RLIMIT_CPU, &one, std::ptr::null_mut()) }.into(),
    );
    check(out, "renice the grader", unsafe { setpriority(0, parent as u32, 19) }.into());
    check(out, "renice the user", unsafe { setpriority(2, 0, 19) }.into());
    let mask = 1u64;
    check(out, "pin the grader", unsafe { sched_setaffinity(parent, 8, &mask) }.into());
    // Lowering its own limits is allowed.
    let own = unsafe { setrlimit(RLIMIT_NOFILE, &[16, 16]) };
    writeln!(out, "lower own limit: {}", if own == 0 { "allowed" } else { "DENIED" }).unwrap();
}

/// Says what it can learn of the machine's paths: whether `secret` exists, where it
/// runs from, what it is.
fn names(out: &mut File, secret: &str) {
    let exists = std::fs::symlink_metadata(secret).is_ok();
    writeln!(out, "stat the workbook: {}", if exists { "ESCAPED" } else { "denied (absent)" }).unwrap();
    let cwd = std::env::current_dir().map(|p| p.display().to_string()).unwrap_or_default();
    writeln!(out, "cwd: {cwd}").unwrap();
    let exe = std::fs::read_link("/proc/self/exe").map(|p| p.display().to_string()).unwrap_or_default();
    writeln!(out, "exe: {exe}").unwrap();
}

/// Starts threads that never end, as many as it can up to 10,000, and says how many.
fn threads(out: &mut File) {
    let mut started = 1;
    while started < 10_000 {
        let thread = std::thread::Builder::new()
            .stack_size(64 << 10)
            .spawn(|| std::thread::sleep(Duration::from_secs(60)));
        if thread.is_err() {
            break;
        }
        started += 1;
    }
    writeln!(out, "threads: {started}").unwrap();
}

/// Tries to take its core from everything else, and says which cores it may use.
fn scheduling(out: &mut File) {
    const SCHED_FIFO: i32 = 1;
    let priority = 50;
    check(out, "real-time scheduling", unsafe { sched_setscheduler(0, SCHED_FIFO, &priority) }.into());
    check(out, "higher priority", unsafe { setpriority(0, 0, -10) }.into());
    let all = u64::MAX;
    let widened = unsafe { sched_setaffinity(0, 8, &all) };
    let mut mask = 0u64;
    unsafe { sched_getaffinity(0, 8, &mut mask) };
    writeln!(out, "cores: {} (widen: {widened})", mask.count_ones()).unwrap();
    check(out, "watch files", unsafe { inotify_init1(0) }.into());
    check(out, "watch a file system", unsafe { fanotify_init(0, 0) }.into());
}

fn kernel(out: &mut File) {
    let parent = unsafe { getppid() };
    check(out, "ptrace the grader", unsafe { ptrace(PTRACE_ATTACH, parent, 0, 0) });
    let mut buffer = [0u8; 8];
    let local = [buffer.as_mut_ptr() as usize, 8];
    let remote = [0x400000usize, 8];
    check(
        out,
        "read the grader's memory",
        unsafe { syscall(SYS_PROCESS_VM_READV, parent, local.as_ptr(), 1, remote.as_ptr(), 1, 0) },
    );
    check(out, "user namespace", unsafe { unshare(CLONE_NEWUSER) }.into());
    let (none, tmp, tmpfs) = (c("none"), c("/tmp"), c("tmpfs"));
    check(out, "mount", unsafe { mount(none.as_ptr(), tmp.as_ptr(), tmpfs.as_ptr(), 0, 0) }.into());
    check(out, "chroot", unsafe { chroot(c("/").as_ptr()) }.into());
    check(out, "memfd", unsafe { memfd_create(c("x").as_ptr(), 0) }.into());
    let params = [0u8; 120];
    check(out, "io_uring", unsafe { syscall(SYS_IO_URING_SETUP, 1, params.as_ptr()) });
    let attr = [0u8; 128];
    check(out, "bpf", unsafe { syscall(SYS_BPF, 0, attr.as_ptr(), 128) });
    check(out, "perf", unsafe { syscall(SYS_PERF_EVENT_OPEN, attr.as_ptr(), 0, -1, -1, 0) });
    let (kind, description) = (c("user"), c("x"));
    check(
        out,
        "keyring",
        unsafe { syscall(SYS_ADD_KEY, kind.as_ptr(), description.as_ptr(), 0, 0, -3) },
    );
    check(out, "SysV memory", unsafe { shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0o600) }.into());
    check(out, "SysV queue", unsafe { msgget(IPC_PRIVATE, IPC_CREAT | 0o600) }.into());
    let mut log = [0u8; 64];
    check(out, "kernel log", unsafe { klogctl(3, log.as_mut_ptr(), 64) }.into());
    check(out, "new session", unsafe { setsid() }.into());
    check(out, "new group", unsafe { setpgid(0, 0) }.into());
}

/// Deep recursion on the runner's big stack works.
fn deep(out: &mut File) {
    fn depth(n: u64) -> u64 {
        let pad = std::hint::black_box([n; 8]);
        if n == 0 { 0 } else { 1 + depth(n - 1) + pad[7] - n }
    }
    let worker = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(|| depth(1_000_000))
        .unwrap();
    writeln!(out, "depth: {}", worker.join().unwrap()).unwrap();
}

/// Endless recursion on the runner's big stack: Rust reports the overflow and aborts.
fn overflow() {
    fn forever(n: u64) -> u64 {
        let pad = std::hint::black_box([n; 64]);
        forever(n + 1) + pad[63]
    }
    let worker = std::thread::Builder::new()
        .name("learner".to_string())
        .stack_size(256 << 20)
        .spawn(|| forever(0))
        .unwrap();
    let _ = worker.join();
}

/// Leaves a child that sleeps with the standard streams open (where forking is allowed).
fn linger() {
    if unsafe { fork() } == 0 {
        unsafe { sleep(30) };
    }
}

/// A double-forked daemon that writes `file` a second later (where forking is allowed);
/// reports the pids it started.
fn daemon(out: &mut File, file: &str) {
    let middle = unsafe { fork() };
    if middle == 0 {
        let daemon = unsafe { fork() };
        if daemon == 0 {
            std::thread::sleep(Duration::from_secs(1));
            let _ = std::fs::write(file, "the daemon was here");
            unsafe { _exit(0) };
        }
        // Each line in one write: both processes write to the file at once, and
        // `writeln!` writes a line in pieces.
        out.write_all(format!("daemon: {daemon}\n").as_bytes()).unwrap();
        unsafe { _exit(0) };
    }
    out.write_all(format!("middle: {middle}\n").as_bytes()).unwrap();
}

/// Runs before `main` (glibc passes argc, argv, envp): in mode "constructor" it tries a
/// fork, a read and a write, then reports.
extern "C" fn constructor(argc: i32, argv: *const *const i8, _envp: *const *const i8) {
    if argc < 3 {
        return;
    }
    // SAFETY: glibc passes argc valid C strings.
    let arg = |i: usize| unsafe { std::ffi::CStr::from_ptr(*argv.add(i)) }.to_string_lossy();
    if arg(1) != "constructor" {
        return;
    }
    // SAFETY: the grader passes descriptor 4 open for writing; it stays open for main.
    let mut out = std::mem::ManuallyDrop::new(unsafe { File::from_raw_fd(4) });
    let pid = unsafe { fork() };
    if pid == 0 {
        child_escaped(&mut out, "constructor fork");
    }
    check(&mut out, "constructor fork", pid.into());
    check_io(&mut out, "constructor read", std::fs::read("/etc/passwd"));
    check_io(&mut out, "constructor write", std::fs::write(format!("/tmp/{}", arg(2)), "x"));
}

#[used]
#[unsafe(link_section = ".init_array")]
static CONSTRUCTOR: extern "C" fn(i32, *const *const i8, *const *const i8) = constructor;
