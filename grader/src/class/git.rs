//! Reading a learner's git repository without running anything of theirs.
//!
//! A repository's own configuration can name programs for git to run: an fsmonitor,
//! hooks, smudge and textconv filters, a pager, a fetch for a partial clone's missing
//! objects. Only plumbing that runs none of them is used (`rev-list`, `ls-tree`,
//! `cat-file blob`, never checkout, status or diff), with the system's and the user's
//! configuration left out and every such setting overridden on the command line. And
//! git itself runs in the sandbox, as a learner's program does: it reads only the
//! repository, writes nothing, and can start no other program, so a setting this list
//! forgot still cannot run anything.
//!
//! What is graded is the commit's own content, as its id names it. git would let the
//! repository show other content under that id: replace refs (`refs/replace/`), a graft
//! file (`info/grafts`), a commit-graph or multi-pack index of its own making, an
//! alternates file (`objects/info/alternates`) or a `commondir` file that sends git to
//! another repository's objects, and object files edited by hand (git does not check an
//! object against its id when it reads it). So replace refs, grafts, commit-graphs and
//! multi-pack indexes are turned off, a repository that reads another's objects is not
//! graded, and `git fsck` checks every object against its id before anything is read.
//! git's environment is this module's alone (the sandbox hands a program no other), so
//! `GIT_ALTERNATE_OBJECT_DIRECTORIES` and the like never reach it.

use std::ffi::OsString;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::Duration;

use anyhow::{Context, Result, anyhow};

use xorlings_sandbox::{self as sandbox, Cancel, How, Limits, Policy};

/// Options before every command: no pager, no program named by the repository, and
/// the objects as their ids name them (no replacements, no lists of the repository's
/// own making that could say otherwise).
const NEUTRAL_OPTIONS: [&str; 12] = [
    "--no-pager",
    "--no-replace-objects",
    "-c",
    "core.fsmonitor=false",
    "-c",
    "core.hooksPath=/dev/null",
    "-c",
    // No transport at all: a partial clone's missing object is not fetched.
    "protocol.allow=never",
    "-c",
    // Parents, dates and trees as the commits say, not as a commit-graph file does.
    "core.commitGraph=false",
    "-c",
    "core.multiPackIndex=false",
];
/// The whole environment of git: no configuration but the repository's, no prompt,
/// no lazy fetch, no optional lock files, no replace refs, no grafts (the graft file
/// is read from here instead of `info/grafts`, and is empty), messages in English.
const ENVIRONMENT: [(&str, &str); 9] = [
    ("GIT_CONFIG_NOSYSTEM", "1"),
    ("GIT_CONFIG_GLOBAL", "/dev/null"),
    ("GIT_ATTR_NOSYSTEM", "1"),
    ("GIT_NO_LAZY_FETCH", "1"),
    ("GIT_TERMINAL_PROMPT", "0"),
    ("GIT_OPTIONAL_LOCKS", "0"),
    ("GIT_NO_REPLACE_OBJECTS", "1"),
    ("GIT_GRAFT_FILE", "/dev/null"),
    ("LC_ALL", "C"),
];
/// Files in a `.git` folder that make git read objects or refs from elsewhere.
const REDIRECTIONS: [&str; 3] = [
    "objects/info/alternates",
    "objects/info/http-alternates",
    "commondir",
];
/// Plenty for git on any repository of a course; it writes no file.
const LIMITS: Limits = Limits {
    address_space: 4 << 30,
    memory: 4 << 30,
    tasks: 64,
    file_size: 1 << 20,
    open_files: 256,
    cpu_seconds: 60,
};
const TIME_LIMIT: Duration = Duration::from_secs(60);
/// Listings and commit ids are read up to this size; blobs up to the caller's bound.
const LISTING_BYTES: u64 = 1 << 20;
/// What git says when it fails is kept up to this size.
const MESSAGE_BYTES: u64 = 16 << 10;
const NO_GIT: &str = "cannot find git on PATH: install git to grade with --as-of";

/// A learner's repository: its `.git` folder, read with [`git`].
pub(crate) struct Repository {
    git_dir: PathBuf,
}

/// What git printed, or why it failed (in its own words).
type Output = std::result::Result<Vec<u8>, String>;

/// An entry of a commit's tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Entry {
    /// `100644`, `100755` (files), `120000` (symbolic link), `040000` (folder),
    /// `160000` (another repository).
    pub mode: String,
    /// Bytes, for a file or a link.
    pub size: Option<u64>,
    pub path: String,
}

impl Entry {
    pub(crate) fn is_file(&self) -> bool {
        self.mode == "100644" || self.mode == "100755"
    }
    pub(crate) fn is_folder(&self) -> bool {
        self.mode == "040000"
    }
    pub(crate) fn is_link(&self) -> bool {
        self.mode == "120000"
    }
}

impl Repository {
    /// The repository of `checkout`: its `.git` must be a real folder (not a link, nor a
    /// `gitdir:` file that could point at another learner's repository), and must not
    /// send git to another repository's objects.
    pub(crate) fn of(checkout: &Path) -> std::result::Result<Repository, String> {
        let git_dir = checkout.join(".git");
        match std::fs::symlink_metadata(&git_dir) {
            Ok(meta) if meta.is_dir() => {}
            Ok(_) => {
                return Err(
                    ".git is not a folder (a symbolic link or a `gitdir:` file): \
                            clone the learner's repository normally"
                        .to_string(),
                );
            }
            Err(_) => return Err("not a git repository (no .git folder)".to_string()),
        }
        let redirection = REDIRECTIONS
            .iter()
            .find(|file| std::fs::symlink_metadata(git_dir.join(file)).is_ok());
        match redirection {
            Some(file) => Err(format!(
                ".git/{file} makes git read another repository's objects: grade a clone of \
                 its own (`git clone --no-local`, or `git repack -a -d` and remove the file)"
            )),
            None => Ok(Repository { git_dir }),
        }
    }

    /// Whether every object of the repository is what its id names, and everything
    /// `commit` refers to is there: `git fsck`, which hashes each object again.
    /// `Ok(Err)` says what it found.
    pub(crate) fn check_objects(&self, commit: &str) -> Result<std::result::Result<(), String>> {
        let args = [
            "fsck",
            "--no-dangling",
            "--no-progress",
            "--no-reflogs",
            commit,
        ]
        .map(String::from);
        Ok(self.run(&args, LISTING_BYTES)?.map(drop))
    }

    /// The last commit reachable from `start` (HEAD, or a ref), made at or before
    /// `before` if given: its id and committer date. `Ok(None)` when there is none.
    pub(crate) fn commit(
        &self,
        start: &str,
        before: Option<&str>,
    ) -> Result<std::result::Result<Option<(String, String)>, String>> {
        let mut args = vec!["rev-list".to_string(), "-1".to_string()];
        args.push("--format=%cI".to_string());
        if let Some(date) = before {
            args.push(format!("--before={date}"));
        }
        args.extend([start.to_string(), "--".to_string()]);
        let printed = match self.run(&args, LISTING_BYTES)? {
            Ok(printed) => printed,
            Err(message) if message.contains("unknown revision") && start == "HEAD" => {
                return Ok(Err("the repository has no commit".to_string()));
            }
            Err(message) => return Ok(Err(message)),
        };
        let text = String::from_utf8_lossy(&printed);
        let mut lines = text.lines();
        let id = lines.next().and_then(|line| line.strip_prefix("commit "));
        let date = lines.next();
        Ok(Ok(id.zip(date).map(|(id, date)| {
            (id.trim().to_string(), date.trim().to_string())
        })))
    }

    /// The entries of `commit`'s tree at `paths` (each an exact path; a folder's
    /// children when the path ends with `/`), or why git could not list them.
    pub(crate) fn list(
        &self,
        commit: &str,
        paths: &[String],
    ) -> Result<std::result::Result<Vec<Entry>, String>> {
        let mut args: Vec<String> = ["ls-tree", "-l", "-z", commit, "--"]
            .map(String::from)
            .to_vec();
        args.extend(paths.iter().cloned());
        Ok(self
            .run(&args, LISTING_BYTES)?
            .map(|printed| parse_entries(&printed)))
    }

    /// The bytes of the file `path` in `commit`, at most `bound` + 1 of them (one more
    /// says it is too large).
    pub(crate) fn blob(&self, commit: &str, path: &str, bound: u64) -> Result<Output> {
        let args = [
            "cat-file".to_string(),
            "blob".to_string(),
            format!("{commit}:{path}"),
        ];
        self.run(&args, bound + 1)
    }

    /// Runs git on this repository in the sandbox; `Ok(Err)` is git's own failure.
    fn run(&self, args: &[String], bound: u64) -> Result<Output> {
        let git = git()?;
        let mut policy = Policy::reader(git, std::slice::from_ref(&self.git_dir), LIMITS)?;
        policy.env = ENVIRONMENT
            .iter()
            .map(|(name, value)| (OsString::from(name), OsString::from(value)))
            .collect();
        policy
            .env
            .push(("GIT_DIR".into(), self.git_dir.clone().into_os_string()));
        // git opens /dev/null for reading and writing first thing (to make sure its
        // standard descriptors are open): the one file it may write.
        policy.write.push(PathBuf::from("/dev/null"));
        let mut command = Command::new(git);
        command
            .args(NEUTRAL_OPTIONS)
            .args(args)
            .current_dir(&self.git_dir)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut run = sandbox::spawn(command, &policy, None, None).context("cannot start git")?;
        let stderr = run.stderr.take().context("git's messages are not piped")?;
        let messages = std::thread::Builder::new()
            .name("git-messages".to_string())
            .spawn(move || bounded(stderr, MESSAGE_BYTES))
            .context("cannot start a thread to read git's messages")?;
        let stdout = run.stdout.take().context("git's output is not piped")?;
        let printed = bounded(stdout, bound);
        if printed.len() as u64 > bound {
            // Stop git at once rather than read the rest.
            drop(run);
            return Ok(Ok(printed));
        }
        let ended = run.wait(TIME_LIMIT, &Cancel::default())?;
        drop(run);
        let message = String::from_utf8_lossy(&messages.join().unwrap_or_default()).into_owned();
        match ended.how {
            How::Exited(0) => Ok(Ok(printed)),
            How::TimedOut => Ok(Err(format!(
                "git did not finish within {} seconds",
                TIME_LIMIT.as_secs()
            ))),
            how => {
                // What went wrong is on stderr, or (fsck's findings) on stdout.
                let findings = String::from_utf8_lossy(&printed);
                Ok(Err(first_line(&message)
                    .or_else(|| first_line(&findings))
                    .map(str::to_string)
                    .unwrap_or_else(|| format!("git failed ({how:?})"))))
            }
        }
    }
}

/// Up to `bound` + 1 bytes of `reader`; the rest is drained so the writer never blocks.
fn bounded(reader: impl Read, bound: u64) -> Vec<u8> {
    let mut kept = Vec::new();
    let mut limited = reader.take(bound + 1);
    let _ = limited.read_to_end(&mut kept);
    kept
}

fn first_line(message: &str) -> Option<&str> {
    message
        .lines()
        .map(|line| line.trim_start_matches("fatal: ").trim())
        .find(|line| !line.is_empty())
}

/// `ls-tree -l -z` lines: `<mode> <type> <object> <size>\t<path>\0`.
fn parse_entries(printed: &[u8]) -> Vec<Entry> {
    printed
        .split(|&byte| byte == 0)
        .filter_map(|line| {
            let line = std::str::from_utf8(line).ok()?;
            let (meta, path) = line.split_once('\t')?;
            let mut words = meta.split_whitespace();
            let mode = words.next()?.to_string();
            let size = words.nth(2).and_then(|size| size.parse().ok());
            Some(Entry {
                mode,
                size,
                path: path.to_string(),
            })
        })
        .collect()
}

/// The git program on PATH, found once (the sandbox runs programs by their path).
fn git() -> Result<&'static Path> {
    static GIT: OnceLock<Option<PathBuf>> = OnceLock::new();
    GIT.get_or_init(|| {
        let path = std::env::var_os("PATH")?;
        std::env::split_paths(&path)
            // `git.exe` on Windows.
            .map(|dir| {
                dir.join("git")
                    .with_extension(std::env::consts::EXE_EXTENSION)
            })
            .find(|candidate| candidate.is_file())
            .and_then(|found| found.canonicalize().ok())
    })
    .as_deref()
    .ok_or_else(|| anyhow!(NO_GIT))
}

/// Whether git can be found, said before a class is graded rather than in every row.
pub(crate) fn check_git() -> Result<()> {
    git().map(drop)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tree_listings_are_parsed_with_modes_and_sizes() {
        let printed = b"100644 blob 14ee7c90 9\texercises/a b/src/lib.rs\0\
            120000 blob 05b44e00 7\texercises/linked\0\
            040000 tree 287b4922 -\texercises/xor_all\0";
        let entries = parse_entries(printed);
        assert_eq!(entries.len(), 3);
        assert!(entries[0].is_file() && entries[0].size == Some(9));
        assert_eq!(entries[0].path, "exercises/a b/src/lib.rs");
        assert!(entries[1].is_link() && entries[2].is_folder() && entries[2].size.is_none());
    }
}
