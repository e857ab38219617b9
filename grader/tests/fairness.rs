//! Verdicts that do not depend on how busy the machine is, and learners who cannot cost
//! each other a point: time limits bound each run's CPU time (not the wall clock), and
//! each run is bounded in threads and kept to its own core. Each test grades with the
//! real binary beside processes that spin outside the grader.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, MutexGuard};

use common::{Workbook, manifest};

/// Processes spinning outside the grader, killed when this is dropped. One set at a
/// time: each test sets the load it is about.
struct Spinners {
    children: Vec<Child>,
    _alone: MutexGuard<'static, ()>,
}

static LOAD: Mutex<()> = Mutex::new(());

impl Spinners {
    /// `per_core` spinning processes for each core of the machine.
    fn start(per_core: usize) -> Spinners {
        let alone = LOAD.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        let spinners = (0..per_core * cores)
            .map(|_| {
                Command::new("sh")
                    .args(["-c", "while :; do :; done"])
                    .stdin(Stdio::null())
                    .spawn()
                    .unwrap()
            })
            .collect();
        Spinners {
            children: spinners,
            _alone: alone,
        }
    }
}

impl Drop for Spinners {
    fn drop(&mut self) {
        for spinner in &mut self.children {
            let _ = spinner.kill();
            let _ = spinner.wait();
        }
    }
}

/// A slow solution recorded as accepted for `exercise` (the slowest `dev check` timed,
/// for the exercises whose time limits tell algorithms apart), else its reference.
fn slowest_accepted(exercise: &str) -> PathBuf {
    let root = common::repo_root();
    let recorded = root
        .join("solutions")
        .join(exercise)
        .join("recorded/accepted");
    let slowest = match exercise {
        "brute_force_is_losing" => Some("unsorted_memo.rs"),
        "mex" => Some("btree_set.rs"),
        "misere_winning_move" => Some("candidate_check.rs"),
        "grundy_number" => Some("bottom_up_btreeset.rs"),
        "grundy_table" => Some("memo_recursion.rs"),
        "subtraction_sum_move" => Some("any_move.rs"),
        _ => None,
    };
    match slowest.map(|file| recorded.join(file)) {
        Some(path) if path.is_file() => path,
        _ => {
            let workbook = manifest();
            let info = &workbook.exercises[workbook.index_of(exercise).unwrap()];
            root.join(info.solution())
        }
    }
}

fn verdict(report: &serde_json::Value) -> &str {
    report["exercises"][0]["verdict"].as_str().unwrap()
}

fn grade_file(workbook: &Workbook, exercise: &str, source: &Path) -> serde_json::Value {
    workbook.write(
        &workbook.exercise_file(exercise),
        &std::fs::read_to_string(source).unwrap(),
    );
    let run = workbook.grader(&["run", exercise, "--format", "json"]);
    common::valid_report(&run.stdout)
}

/// With four processes spinning on each core, the slowest accepted search of
/// `brute_force_is_losing` (1.7 s of CPU when idle, against its 8 s limit) and a
/// reference solution still pass, and a solution too slow still fails at its limit.
#[test]
fn a_busy_machine_costs_no_accepted_solution_its_pass() {
    let workbook = Workbook::new();
    let root = common::repo_root();
    let _spinners = Spinners::start(4);
    let slow = grade_file(
        &workbook,
        "brute_force_is_losing",
        &slowest_accepted("brute_force_is_losing"),
    );
    assert_eq!(verdict(&slow), "passed", "{slow:#}");
    let reference = grade_file(&workbook, "xor_all", &slowest_accepted("xor_all"));
    assert_eq!(verdict(&reference), "passed", "{reference:#}");
    let too_slow = root.join("solutions/all_moves/recorded/time_limit");
    let too_slow = std::fs::read_dir(too_slow)
        .unwrap()
        .flatten()
        .map(|entry| entry.path())
        .find(|path| path.extension().is_some_and(|e| e == "rs"))
        .unwrap();
    let failed = grade_file(&workbook, "all_moves", &too_slow);
    assert_eq!(verdict(&failed), "time limit", "{failed:#}");
}

/// A learner's `xor_all` whose constructor, before `main`, starts 256 threads that
/// spin for ever.
const CPU_HOG: &str = r#"
extern "C" fn hog() {
    for _ in 0..256 {
        let _ = std::thread::Builder::new().spawn(|| loop {
            std::hint::spin_loop();
        });
    }
}

#[used]
#[unsafe(link_section = ".init_array")]
static HOG: extern "C" fn() = hog;

pub fn xor_all(heaps: &[u64]) -> u64 {
    heaps.iter().fold(0, |x, &h| x ^ h)
}
"#;

/// A learner's `xor_all` whose constructor starts as many sleeping threads as the
/// machine gives it.
const THREAD_BOMB: &str = r#"
extern "C" fn bomb() {
    while std::thread::Builder::new()
        .stack_size(16 << 10)
        .spawn(|| std::thread::sleep(std::time::Duration::from_secs(600)))
        .is_ok()
    {}
}

#[used]
#[unsafe(link_section = ".init_array")]
static BOMB: extern "C" fn() = bomb;

pub fn xor_all(heaps: &[u64]) -> u64 {
    heaps.iter().fold(0, |x, &h| x ^ h)
}
"#;

/// A class graded beside a spinning process on each core: one learner's code starts a
/// CPU hog, another's a thread bomb, and a third learner, with correct solutions (the
/// slowest accepted ones among them), still gets full marks; the class is finished,
/// with its summary.
#[test]
fn a_neighbours_cpu_hog_or_thread_bomb_costs_the_class_nothing() {
    let instructor = Workbook::new();
    let class = tempfile::tempdir().unwrap();
    let out = tempfile::tempdir().unwrap();
    let learner = |name: &str, xor_all: Option<&str>| {
        let checkout = Workbook::new();
        for exercise in manifest().exercises {
            let source = std::fs::read_to_string(slowest_accepted(&exercise.name)).unwrap();
            checkout.write(&checkout.exercise_file(&exercise.name), &source);
        }
        if let Some(source) = xor_all {
            checkout.write(&checkout.exercise_file("xor_all"), source);
        }
        common::copy_tree(checkout.root(), &class.path().join(name));
    };
    learner("hog", Some(CPU_HOG));
    learner("bomb", Some(THREAD_BOMB));
    learner("steady", None);
    let _spinners = Spinners::start(1);
    let run = instructor.verify_class(class.path(), out.path(), &[]);
    assert!(
        matches!(run.code, 0 | 1),
        "the class was not graded: {}\n{}",
        run.stdout,
        run.stderr
    );
    let summary = std::fs::read_to_string(out.path().join("summary.csv"))
        .unwrap_or_else(|_| panic!("no summary.csv:\n{}\n{}", run.stdout, run.stderr));
    let header: Vec<&str> = summary.lines().next().unwrap().split(',').collect();
    let column = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let steady: Vec<&str> = summary
        .lines()
        .find(|line| line.starts_with("steady,"))
        .unwrap()
        .split(',')
        .collect();
    assert_eq!(
        steady[column("total")],
        steady[column("max")],
        "the steady learner lost points beside the hog and the bomb:\n{summary}\n{}",
        std::fs::read_to_string(out.path().join("steady.txt")).unwrap_or_default()
    );
    assert_eq!(steady[column("status")], "graded", "{summary}");
}

/// The grader's own pids cgroup folder, made for a test with `max` tasks; `None` where
/// this machine gives none (it takes cgroup v1's `pids` hierarchy, as root).
fn pids_cgroup(max: u64) -> Option<PathBuf> {
    let own = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let path = own.lines().find_map(|line| {
        let mut parts = line.splitn(3, ':');
        let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
        controllers.split(',').any(|c| c == "pids").then_some(path)
    })?;
    let dir = Path::new("/sys/fs/cgroup/pids")
        .join(path.trim_start_matches('/'))
        .join(format!("xorlings-test-{}", std::process::id()));
    std::fs::create_dir(&dir).ok()?;
    std::fs::write(dir.join("pids.max"), max.to_string()).ok()?;
    Some(dir)
}

/// When the machine refuses the grader processes and threads (the grader itself kept
/// in a pids cgroup far too small, beside a learner's thread bomb), the class is still
/// finished, with its summary: an exercise the machine refused gets a verdict that says
/// so, and nothing panics.
#[test]
fn a_machine_that_refuses_processes_still_gets_its_class_graded() {
    let cgroup = pids_cgroup(14).expect(
        "this test keeps the grader in a small pids cgroup, which this machine does not give: \
         it needs cgroup v1's pids hierarchy, writable (as root)",
    );
    let instructor = Workbook::new();
    let class = tempfile::tempdir().unwrap();
    let out = tempfile::tempdir().unwrap();
    for (name, xor_all) in [("bomb", Some(THREAD_BOMB)), ("steady", None)] {
        let checkout = Workbook::new();
        for exercise in ["xor_all", "is_losing_position", "apply_move"] {
            checkout.solve(exercise);
        }
        if let Some(source) = xor_all {
            checkout.write(&checkout.exercise_file("xor_all"), source);
        }
        common::copy_tree(checkout.root(), &class.path().join(name));
    }
    let _load = LOAD.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let script = format!(
        "echo $$ > {}/cgroup.procs && exec '{}' verify --class '{}' --out '{}'",
        cgroup.display(),
        common::GRADER,
        class.path().display(),
        out.path().display()
    );
    let output = Command::new("sh")
        .args(["-c", &script])
        .current_dir(instructor.root())
        .output()
        .unwrap();
    let _ = std::fs::remove_dir(&cgroup);
    let code = output.status.code();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        matches!(code, Some(0 | 1)) && !stderr.contains("panicked"),
        "the class was not finished ({code:?}):\n{}\n{stderr}",
        String::from_utf8_lossy(&output.stdout)
    );
    let summary = std::fs::read_to_string(out.path().join("summary.csv")).unwrap();
    assert!(
        summary.lines().any(|line| line.starts_with("steady,")),
        "{summary}"
    );
}
