//! A cgroup for each compile and run, where this machine lets the grader make one: it
//! bounds the run's threads and processes (`pids.max`) and its memory as a whole
//! (`memory.max`, or `memory.limit_in_bytes` with cgroup v1), whatever each process
//! does. The child joins it before its exec, through descriptors opened before the
//! fork; the grader removes it once the run is over.
//!
//! Where: with cgroup v2, under the nearest cgroup of the grader's own (itself or an
//! ancestor) that hands `pids` and `memory` to its children and lets the grader create
//! one (root, or a subtree systemd delegated to the user); with cgroup v1, under the
//! grader's own cgroup of the `pids` and `memory` hierarchies.

use std::ffi::OsStr;
use std::fs::File;
use std::os::fd::OwnedFd;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

use anyhow::{Context, Result};

use crate::Limits;

/// Where this grader makes the cgroups of its runs.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Parents {
    /// One cgroup v2 folder, with both controllers.
    Unified(PathBuf),
    /// The cgroup v1 folders of the `pids` and the `memory` hierarchies (one may be
    /// missing).
    Separate {
        pids: Option<PathBuf>,
        memory: Option<PathBuf>,
    },
}

/// What the cgroups of runs bound on this machine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) struct Bounds {
    pub tasks: bool,
    pub memory: bool,
}

/// What the runs' cgroups can bound here, detected once (it makes and removes a probe).
pub(super) fn bounds() -> Bounds {
    match parents() {
        None => Bounds::default(),
        Some(Parents::Unified(_)) => Bounds {
            tasks: true,
            memory: true,
        },
        Some(Parents::Separate { pids, memory }) => Bounds {
            tasks: pids.is_some(),
            memory: memory.is_some(),
        },
    }
}

fn parents() -> Option<&'static Parents> {
    static PARENTS: OnceLock<Option<Parents>> = OnceLock::new();
    PARENTS.get_or_init(find_parents).as_ref()
}

/// A run's cgroups, removed when dropped (after the run: a cgroup with a process left
/// in it cannot be removed).
#[derive(Debug, Default)]
pub(super) struct RunGroup {
    /// The run's folders, and their `cgroup.procs` opened for the child to join.
    joined: Vec<(PathBuf, OwnedFd)>,
}

impl RunGroup {
    /// The cgroups of a new run with `limits`; none where this machine offers none.
    pub(super) fn new(limits: &Limits) -> Result<RunGroup> {
        let Some(parents) = parents() else {
            return Ok(RunGroup::default());
        };
        static RUNS: AtomicU64 = AtomicU64::new(0);
        let name = || {
            let run = RUNS.fetch_add(1, Ordering::Relaxed);
            format!("xorlings-{}-{run}", std::process::id())
        };
        let mut group = RunGroup::default();
        let settings = |tasks: bool, memory: bool, v2: bool| {
            let mut settings = Vec::new();
            if tasks {
                settings.push(("pids.max", limits.tasks));
            }
            if memory {
                settings.push(if v2 {
                    ("memory.max", limits.memory)
                } else {
                    ("memory.limit_in_bytes", limits.memory)
                });
            }
            settings
        };
        match parents {
            Parents::Unified(parent) => {
                let dir = group.add(parent, name, &settings(true, true, true))?;
                // No swap: memory beyond the bound is not moved to disk.
                let _ = std::fs::write(dir.join("memory.swap.max"), "0");
            }
            Parents::Separate { pids, memory } => {
                if let Some(pids) = pids {
                    group.add(pids, name, &settings(true, false, false))?;
                }
                if let Some(memory) = memory {
                    group.add(memory, name, &settings(false, true, false))?;
                }
            }
        }
        Ok(group)
    }

    /// Makes a cgroup in `parent` with `settings`, named by `name`, and opens its
    /// `cgroup.procs`. Gives its folder.
    fn add(
        &mut self,
        parent: &Path,
        name: impl FnMut() -> String,
        settings: &[(&str, u64)],
    ) -> Result<PathBuf> {
        let dir = make_new(parent, name)?;
        let dir = dir.as_path();
        let procs = File::options().write(true).open(dir.join("cgroup.procs"));
        // Kept from here on, so that a failure below still removes the folder.
        let procs = match procs {
            Ok(procs) => procs,
            Err(error) => {
                let _ = std::fs::remove_dir(dir);
                return Err(error).with_context(|| format!("cannot open {}", dir.display()));
            }
        };
        self.joined.push((dir.to_path_buf(), procs.into()));
        for (file, value) in settings {
            std::fs::write(dir.join(file), value.to_string())
                .with_context(|| format!("cannot set {file} in {}", dir.display()))?;
        }
        Ok(dir.to_path_buf())
    }

    /// Moves the process `pid`, and its threads, into each of the cgroups.
    pub(super) fn join(&self, pid: rustix::process::Pid) -> Result<()> {
        let pid = pid.as_raw_nonzero().to_string();
        for (dir, procs) in &self.joined {
            rustix::io::write(procs, pid.as_bytes())
                .with_context(|| format!("cannot move a process into {}", dir.display()))?;
        }
        Ok(())
    }

    /// Each cgroup's `cgroup.procs`, open for writing: writing `0` into it moves the
    /// writer in.
    pub(super) fn procs(&self) -> impl Iterator<Item = &OwnedFd> {
        self.joined.iter().map(|(_, procs)| procs)
    }
}

impl Drop for RunGroup {
    fn drop(&mut self) {
        for (dir, _) in self.joined.drain(..).rev() {
            // The run's last process may still be leaving the cgroup for a moment.
            for _ in 0..100 {
                if std::fs::remove_dir(&dir).is_ok() {
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
        }
    }
}

/// Makes a new folder in `parent`, named by the first of `name`'s names that is free.
///
/// A grader that was killed during a run leaves its cgroup behind, and process ids are
/// used again (32,768 of them by default): a name taken by a leftover is no failure.
fn make_new(parent: &Path, mut name: impl FnMut() -> String) -> Result<PathBuf> {
    const TRIES: usize = 1000;
    for _ in 0..TRIES {
        let dir = parent.join(name());
        match std::fs::create_dir(&dir) {
            Ok(()) => return Ok(dir),
            Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(error) => {
                return Err(error).with_context(|| format!("cannot create {}", dir.display()));
            }
        }
    }
    anyhow::bail!(
        "cannot create a cgroup in {}: the first {TRIES} names are taken",
        parent.display()
    )
}

/// Removes what graders that were killed left in `parent`: the empty cgroups named
/// after a process that no longer runs (a cgroup with a process in it cannot be
/// removed, so a run still going on is never touched).
fn remove_leftovers(parent: &Path) {
    let Ok(entries) = std::fs::read_dir(parent) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = leftover_pid(&name.to_string_lossy()) else {
            continue;
        };
        if !Path::new("/proc").join(pid.to_string()).exists() {
            let _ = std::fs::remove_dir(entry.path());
        }
    }
}

/// The process a grader's cgroup is named after: `xorlings-PID-RUN` for a run,
/// `xorlings-probe-PID-K` for a probe (`xorlings-probe-PID` before probes were counted).
fn leftover_pid(name: &str) -> Option<u32> {
    let rest = name.strip_prefix("xorlings-")?;
    let (pid, counter) = match rest.strip_prefix("probe-") {
        Some(probe) => probe.split_once('-').unwrap_or((probe, "0")),
        None => rest.split_once('-')?,
    };
    counter.parse::<u64>().ok()?;
    pid.parse().ok()
}

/// Finds where the grader may make its runs' cgroups, and proves it by making one.
fn find_parents() -> Option<Parents> {
    let own = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let mounts = std::fs::read_to_string("/proc/self/mountinfo").ok()?;
    let mounts = cgroup_mounts(&mounts);
    if let Some(unified) = unified_parent(&own, &mounts) {
        return Some(Parents::Unified(unified));
    }
    let separate = |controller: &str| {
        let dir = own_dir(&own, &mounts, controller)?;
        can_make_children(&dir).then_some(dir)
    };
    let (pids, memory) = (separate("pids"), separate("memory"));
    (pids.is_some() || memory.is_some()).then_some(Parents::Separate { pids, memory })
}

/// A cgroup file system mounted here: its type's controllers (empty for v2), the
/// cgroup its mount shows as its root, and where it is mounted.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Mount {
    controllers: Vec<String>,
    root: String,
    point: PathBuf,
}

/// The cgroup mounts of a `/proc/self/mountinfo`: its fields are an id, a parent id,
/// the device, the root, the mount point, options, optional fields up to `-`, then the
/// type, the source and the super-block's options (which name a v1 controller).
fn cgroup_mounts(mountinfo: &str) -> Vec<Mount> {
    mountinfo
        .lines()
        .filter_map(|line| {
            let (before, after) = line.split_once(" - ")?;
            let fields: Vec<&str> = before.split(' ').collect();
            let mut rest = after.split(' ');
            let kind = rest.next()?;
            let options = rest.nth(1).unwrap_or_default();
            let controllers = match kind {
                "cgroup2" => Vec::new(),
                "cgroup" => options
                    .split(',')
                    .filter(|option| !matches!(*option, "rw" | "ro"))
                    .map(str::to_string)
                    .collect(),
                _ => return None,
            };
            Some(Mount {
                controllers,
                root: unescape(fields.get(3)?),
                point: PathBuf::from(unescape(fields.get(4)?)),
            })
        })
        .collect()
}

/// mountinfo writes a space, a tab, a newline and a backslash as octal escapes.
fn unescape(field: &str) -> String {
    field
        .replace("\\040", " ")
        .replace("\\011", "\t")
        .replace("\\012", "\n")
        .replace("\\134", "\\")
}

/// The grader's own cgroup folder in the hierarchy of `controller` (`""` for v2), from
/// `/proc/self/cgroup` (`id:controllers:path` lines) and the mounts.
fn own_dir(own: &str, mounts: &[Mount], controller: &str) -> Option<PathBuf> {
    let path = own.lines().find_map(|line| {
        let mut parts = line.splitn(3, ':');
        let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
        let matches = match controller {
            "" => controllers.is_empty(),
            _ => controllers.split(',').any(|c| c == controller),
        };
        matches.then_some(path)
    })?;
    let mount = mounts.iter().find(|mount| match controller {
        "" => mount.controllers.is_empty(),
        _ => mount.controllers.iter().any(|c| c == controller),
    })?;
    let relative = path.strip_prefix(mount.root.as_str())?;
    Some(mount.point.join(relative.trim_start_matches('/')))
}

/// The nearest cgroup v2 folder, from the grader's own up, that hands `pids` and
/// `memory` to its children and in which the grader can make one.
fn unified_parent(own: &str, mounts: &[Mount]) -> Option<PathBuf> {
    let dir = own_dir(own, mounts, "")?;
    let top = &mounts
        .iter()
        .find(|mount| mount.controllers.is_empty())?
        .point;
    dir.ancestors()
        .take_while(|ancestor| ancestor.starts_with(top))
        .find(|ancestor| {
            let handed = std::fs::read_to_string(ancestor.join("cgroup.subtree_control"))
                .unwrap_or_default();
            let words: Vec<&str> = handed.split_whitespace().collect();
            words.contains(&"pids") && words.contains(&"memory") && can_make_children(ancestor)
        })
        .map(Path::to_path_buf)
}

/// Whether the grader can make (and remove) a cgroup in `dir`, once it has removed what
/// killed graders left there.
fn can_make_children(dir: &Path) -> bool {
    remove_leftovers(dir);
    let mut probes = 0..;
    let name = || {
        let probe = probes.next().unwrap_or_default();
        format!("xorlings-probe-{}-{probe}", std::process::id())
    };
    let removed = make_new(dir, name).is_ok_and(|probe| std::fs::remove_dir(probe).is_ok());
    removed && dir.join(OsStr::new("cgroup.procs")).exists()
}

#[cfg(test)]
mod tests {
    use super::*;

    const MOUNTINFO: &str = "31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755\n\
        35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory\n\
        39 31 0:36 /docker/abc /sys/fs/cgroup/pids rw,relatime - cgroup cgroup rw,pids\n\
        41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw\n\
        50 23 8:1 / /mnt/my\\040disk rw - ext4 /dev/sda1 rw\n";

    #[test]
    fn the_cgroup_mounts_are_read_with_their_controllers() {
        let mounts = cgroup_mounts(MOUNTINFO);
        assert_eq!(mounts.len(), 3);
        assert_eq!(mounts[0].controllers, ["memory"]);
        assert_eq!(mounts[1].root, "/docker/abc");
        assert!(mounts[2].controllers.is_empty());
    }

    #[test]
    fn the_graders_own_cgroup_is_found_in_each_hierarchy() {
        let mounts = cgroup_mounts(MOUNTINFO);
        let own = "8:pids:/docker/abc/session\n4:memory:/api/x\n0::/user.slice\n";
        assert_eq!(
            own_dir(own, &mounts, "pids"),
            Some(PathBuf::from("/sys/fs/cgroup/pids/session"))
        );
        assert_eq!(
            own_dir(own, &mounts, "memory"),
            Some(PathBuf::from("/sys/fs/cgroup/memory/api/x"))
        );
        assert_eq!(
            own_dir(own, &mounts, ""),
            Some(PathBuf::from("/sys/fs/cgroup/unified/user.slice"))
        );
        // A path outside the mount's root is no folder of it.
        assert_eq!(own_dir("8:pids:/elsewhere\n", &mounts, "pids"), None);
        assert_eq!(own_dir(own, &mounts, "cpuset"), None);
    }

    #[test]
    fn a_leftover_is_known_by_the_process_it_is_named_after() {
        assert_eq!(leftover_pid("xorlings-4242-7"), Some(4242));
        assert_eq!(leftover_pid("xorlings-probe-4242-0"), Some(4242));
        assert_eq!(leftover_pid("xorlings-probe-4242"), Some(4242));
        // Folders of others.
        assert_eq!(leftover_pid("xorlings-4242"), None);
        assert_eq!(leftover_pid("docker-4242-7"), None);
        assert_eq!(leftover_pid("xorlings-x-7"), None);
    }

    #[test]
    fn a_name_a_leftover_took_is_passed_over_and_leftovers_of_ended_graders_go() {
        let parent = tempfile::tempdir().unwrap();
        let mut names = ["xorlings-1-0", "xorlings-1-1"]
            .into_iter()
            .map(String::from);
        std::fs::create_dir(parent.path().join("xorlings-1-0")).unwrap();
        let made = make_new(parent.path(), || names.next().unwrap()).unwrap();
        assert_eq!(made, parent.path().join("xorlings-1-1"));

        // Named after a process that does not run (above the largest pid Linux gives),
        // after this one, and a folder not a grader's.
        let ended = parent.path().join(format!("xorlings-{}-0", 1u32 << 23));
        let running = parent
            .path()
            .join(format!("xorlings-{}-0", std::process::id()));
        let other = parent.path().join(format!("user-{}-0", 1u32 << 23));
        for dir in [&ended, &running, &other] {
            std::fs::create_dir(dir).unwrap();
        }
        remove_leftovers(parent.path());
        assert!(!ended.exists());
        assert!(running.exists() && other.exists());
    }

    #[test]
    fn escaped_mount_points_are_read_back() {
        assert_eq!(unescape("/mnt/my\\040disk"), "/mnt/my disk");
    }

    /// Why a test that needs cgroups for runs fails where the machine gives none.
    const NO_CGROUPS: &str = "this machine gives the grader no cgroups for runs (they need \
        root, or a delegated cgroup v2 subtree): run the end-to-end tier where it does";

    /// A run's group is made with its limits and removed after (the sandbox's tests run
    /// a thread bomb in one).
    #[test]
    #[cfg_attr(
        not(feature = "e2e"),
        ignore = "end-to-end tier (cargo e2e): needs cgroups for runs"
    )]
    fn a_run_group_is_made_with_its_limits_and_removed_after() {
        assert!(bounds().tasks, "{NO_CGROUPS}");
        let limits = Limits {
            address_space: 1 << 30,
            memory: 64 << 20,
            file_size: 1 << 20,
            open_files: 64,
            cpu_seconds: 10,
            tasks: 3,
        };
        let group = RunGroup::new(&limits).unwrap();
        let dirs: Vec<PathBuf> = group.joined.iter().map(|(dir, _)| dir.clone()).collect();
        assert!(!dirs.is_empty());
        let pids = dirs
            .iter()
            .find(|dir| dir.join("pids.max").exists())
            .unwrap();
        assert_eq!(
            std::fs::read_to_string(pids.join("pids.max"))
                .unwrap()
                .trim(),
            "3"
        );
        drop(group);
        for dir in dirs {
            assert!(!dir.exists(), "{} is left behind", dir.display());
        }
    }
}
