//! A learner's exercise files, read from their checkout as it is, or from one commit of
//! its repository (`--as-of`). Either way only the exercise files are read, with the
//! same bounds and the same words for what cannot be graded.

use std::path::{Path, PathBuf};

use anyhow::Result;

use super::deadline::Deadline;
use super::git::{Entry, Repository};
use crate::judge::Submission;
use crate::judge::source::{
    MAX_SOURCE_BYTES, missing, not_regular, read_source, source_text, symlink, too_large,
};
use crate::workbook::Exercise;

/// Where a checkout's exercise files come from.
pub(crate) enum Files {
    /// The checkout's folder, as it is now.
    Folder(PathBuf),
    /// One commit of the checkout's repository.
    Commit(Commit),
}

pub(crate) struct Commit {
    repository: Repository,
    /// The commit's full id, and its committer date.
    pub id: String,
    pub date: String,
    /// The folders in the commit's `exercises/`.
    folders: Vec<String>,
    /// The commit's entries at the exercise files.
    entries: Vec<Entry>,
}

/// Why a checkout cannot be graded at all.
pub(crate) type NotGraded = String;

impl Files {
    /// The checkout's files now, or at `deadline`. `Ok(Err)` says why this checkout
    /// cannot be graded; `Err` is the grader's own failure.
    pub(crate) fn open(
        checkout: &Path,
        deadline: Option<&Deadline>,
        exercises: &[Exercise],
    ) -> Result<std::result::Result<Files, NotGraded>> {
        match std::fs::symlink_metadata(checkout) {
            Ok(meta) if meta.file_type().is_symlink() => {
                return Ok(Err(
                    "the folder is a symbolic link (grade the folder it points to)".into(),
                ));
            }
            Ok(meta) if !meta.is_dir() => return Ok(Err("not a folder".into())),
            Ok(_) => {}
            Err(error) => return Ok(Err(format!("cannot read the folder ({error})"))),
        }
        let Some(deadline) = deadline else {
            return Ok(
                match std::fs::symlink_metadata(checkout.join("exercises")) {
                    Ok(_) => Ok(Files::Folder(checkout.to_path_buf())),
                    Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                        Err("not a checkout: it has no exercises folder".into())
                    }
                    Err(error) => Err(format!("cannot read the folder ({error})")),
                },
            );
        };
        let repository = match Repository::of(checkout) {
            Ok(repository) => repository,
            Err(why) => return Ok(Err(why)),
        };
        Commit::open(repository, deadline, exercises).map(|commit| commit.map(Files::Commit))
    }

    /// The learner's file of `exercise`, relative to the checkout (its own folder, or
    /// an old numbered one).
    pub(crate) fn file(&self, exercise: &Exercise) -> PathBuf {
        match self {
            Files::Folder(root) => exercise.file_in(root),
            Files::Commit(commit) => exercise.file_among(&commit.folders),
        }
    }

    /// The learner's file of `exercise`, to grade: its text, or why it cannot be graded.
    pub(crate) fn submission(&self, exercise: &Exercise) -> Result<Submission> {
        let relative = self.file(exercise);
        Ok(Submission {
            source: self.read(&relative)?,
            shown_as: crate::grading::shown(&relative),
        })
    }

    /// The text of `relative`, or why it cannot be graded.
    pub(crate) fn read(&self, relative: &Path) -> Result<std::result::Result<String, String>> {
        match self {
            Files::Folder(root) => Ok(read_source(root, relative)),
            Files::Commit(commit) => commit.read(relative),
        }
    }

    /// The commit graded, if it is not the checkout as it is.
    pub(crate) fn commit(&self) -> Option<&Commit> {
        match self {
            Files::Folder(_) => None,
            Files::Commit(commit) => Some(commit),
        }
    }
}

impl Commit {
    fn open(
        repository: Repository,
        deadline: &Deadline,
        exercises: &[Exercise],
    ) -> Result<std::result::Result<Commit, NotGraded>> {
        let (start, before) = deadline.git_arguments();
        let (id, date) = match repository.commit(start, before)? {
            Ok(Some(found)) => found,
            Ok(None) => return Ok(Err(format!("no commit {}", deadline.describe()))),
            Err(why) => return Ok(Err(format!("git: {why}"))),
        };
        let short = &id[..id.len().min(12)];
        if let Err(found) = repository.check_objects(&id)? {
            return Ok(Err(format!(
                "git fsck: {found}: the repository's objects are damaged or were edited; \
                 grade a fresh clone of the learner's repository"
            )));
        }
        let top = repository.list(&id, &["exercises".to_string()])?;
        match top.as_deref() {
            Ok([entry]) if entry.is_folder() => {}
            Ok([entry]) if entry.is_link() => {
                return Ok(Err(format!(
                    "exercises is a symbolic link in commit {short}"
                )));
            }
            Ok(_) => {
                return Ok(Err(format!(
                    "not a checkout: commit {short} has no exercises folder"
                )));
            }
            Err(why) => return Ok(Err(format!("git: {why}"))),
        }
        let folders = match repository.list(&id, &["exercises/".to_string()])? {
            Ok(entries) => entries
                .iter()
                .filter(|entry| entry.is_folder())
                .filter_map(|entry| entry.path.strip_prefix("exercises/"))
                .map(str::to_string)
                .collect(),
            Err(why) => return Ok(Err(format!("git: {why}"))),
        };
        let mut commit = Commit {
            repository,
            id,
            date,
            folders,
            entries: Vec::new(),
        };
        let files: Vec<String> = exercises
            .iter()
            .map(|exercise| git_path(&exercise.file_among(&commit.folders)))
            .collect();
        commit.entries = match commit.repository.list(&commit.id, &files)? {
            Ok(entries) => entries,
            Err(why) => return Ok(Err(format!("git: {why}"))),
        };
        Ok(Ok(commit))
    }

    /// The file's text at this commit, bounded like a file on disk.
    fn read(&self, relative: &Path) -> Result<std::result::Result<String, String>> {
        let path = git_path(relative);
        let shown = relative.display();
        let Some(entry) = self.entries.iter().find(|entry| entry.path == path) else {
            return Ok(Err(self.why_missing(&path, &shown)?));
        };
        if entry.is_link() {
            return Ok(Err(symlink(&shown)));
        }
        if !entry.is_file() {
            return Ok(Err(not_regular(&shown)));
        }
        if entry.size.is_none_or(|size| size > MAX_SOURCE_BYTES) {
            return Ok(Err(too_large(&shown)));
        }
        Ok(
            match self.repository.blob(&self.id, &path, MAX_SOURCE_BYTES)? {
                Ok(bytes) => source_text(bytes, &shown),
                Err(why) => Err(format!("{shown} cannot be read from git ({why}).")),
            },
        )
    }

    /// A file not in the commit: missing, or behind a folder that is a link.
    fn why_missing(&self, path: &str, shown: &dyn std::fmt::Display) -> Result<String> {
        let folders: Vec<String> = Path::new(path)
            .ancestors()
            .skip(1)
            .filter(|folder| !folder.as_os_str().is_empty())
            .map(git_path)
            .collect();
        // One folder at a time: given a folder and its parent, ls-tree lists neither.
        let mut linked = false;
        for folder in folders {
            if let Ok(entries) = self.repository.list(&self.id, &[folder])? {
                linked |= entries.iter().any(Entry::is_link);
            }
        }
        Ok(if linked {
            symlink(shown)
        } else {
            missing(shown)
        })
    }
}

/// A path as git names it in a tree: `/`-separated.
fn git_path(path: &Path) -> String {
    path.iter()
        .map(|part| part.to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}
