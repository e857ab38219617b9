//! Events from outside the terminal: file changes in `exercises/` (and their debouncing
//! into one save each), and signals that ask watch to stop.

use std::path::{Path, PathBuf};
use std::sync::mpsc::Sender;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use notify::event::{AccessKind, AccessMode};
use notify::{EventKind, RecommendedWatcher, RecursiveMode, Watcher};

use super::Message;

/// One save makes several events (truncate, write, close; or vim's rename dance): a save
/// is over when its file is closed after writing or renamed into place, or once its
/// file has been quiet this long...
const QUIET: Duration = Duration::from_millis(50);
/// ...or at the latest this long after its first event, so a busy file still gets graded.
const LONGEST_WAIT: Duration = Duration::from_millis(100);

/// Watches the exercises folder, whole and recursively: editors that save by writing a
/// temporary file and renaming it over the old one replace the file's inode, so watching
/// the file itself would miss every save after the first.
pub(crate) fn watch_folder(folder: &Path, messages: Sender<Message>) -> Result<RecommendedWatcher> {
    let mut watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
        let message = match event {
            Ok(event) if is_change(&event.kind) => Message::FilesChanged {
                finished: finishes_a_save(&event.kind),
                paths: event.paths,
            },
            Ok(_) => return,
            Err(error) => Message::WatchFailed(error.to_string()),
        };
        let _ = messages.send(message);
    })
    .context("cannot watch files for changes")?;
    watcher
        .watch(folder, RecursiveMode::Recursive)
        .with_context(|| format!("cannot watch {} for changes", folder.display()))?;
    Ok(watcher)
}

/// Whether an event can change a file's content. Opening and reading cannot, and must
/// not count: the compiler reads the learner's file on every grading.
fn is_change(kind: &EventKind) -> bool {
    match kind {
        EventKind::Access(AccessKind::Close(AccessMode::Write)) => true,
        EventKind::Access(_) | EventKind::Other => false,
        EventKind::Any | EventKind::Create(_) | EventKind::Modify(_) | EventKind::Remove(_) => true,
    }
}

/// Whether an event is the last of a save: the file closed after writing (editors that
/// write in place), or renamed into place (editors that write a copy). Another save
/// right after is no harm: it stops the grading this one started.
fn finishes_a_save(kind: &EventKind) -> bool {
    use notify::event::{ModifyKind, RenameMode};
    matches!(
        kind,
        EventKind::Access(AccessKind::Close(AccessMode::Write))
            | EventKind::Modify(ModifyKind::Name(RenameMode::To | RenameMode::Both))
    )
}

/// Turns bursts of file events into one save per file.
#[derive(Debug, Default)]
pub(crate) struct Debouncer {
    changed: Vec<PathBuf>,
    first_event: Option<Instant>,
    due: Option<Instant>,
}

impl Debouncer {
    /// Adds the files an event changed; `finished` when the event ends a save (due now).
    pub(crate) fn add(
        &mut self,
        paths: impl IntoIterator<Item = PathBuf>,
        now: Instant,
        finished: bool,
    ) {
        let mut added = false;
        for path in paths {
            added = true;
            if !self.changed.contains(&path) {
                self.changed.push(path);
            }
        }
        if !added {
            return;
        }
        let first = *self.first_event.get_or_insert(now);
        self.due = Some(if finished {
            now
        } else {
            (now + QUIET).min(first + LONGEST_WAIT)
        });
    }

    /// When the pending save is due; `None` when nothing is pending.
    pub(crate) fn due(&self) -> Option<Instant> {
        self.due
    }

    /// The files saved, once their save is due.
    pub(crate) fn take_due(&mut self, now: Instant) -> Vec<PathBuf> {
        match self.due {
            Some(due) if now >= due => {
                self.due = None;
                self.first_event = None;
                std::mem::take(&mut self.changed)
            }
            _ => Vec::new(),
        }
    }
}

/// Sends `Message::Stop` on SIGINT (Ctrl-C without raw mode), SIGTERM and SIGHUP (the
/// terminal closed), so watch stops its grading and restores the terminal first.
#[cfg(unix)]
pub(crate) fn forward_signals(messages: Sender<Message>) -> Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])
        .context("cannot listen for Ctrl-C")?;
    std::thread::Builder::new()
        .name("watch-signals".into())
        .spawn(move || {
            for _ in signals.forever() {
                if messages.send(Message::Stop).is_err() {
                    break;
                }
            }
        })
        .context("cannot start the thread that listens for Ctrl-C")?;
    Ok(())
}

/// Windows: Ctrl-C (without raw mode) and Ctrl-Break arrive as SIGINT and SIGBREAK
/// through the C runtime, a console closing as SIGTERM. A handler may only set a flag,
/// which a thread turns into `Message::Stop`.
#[cfg(windows)]
pub(crate) fn forward_signals(messages: Sender<Message>) -> Result<()> {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};

    use signal_hook::consts::{SIGBREAK, SIGINT, SIGTERM};
    let stop = Arc::new(AtomicBool::new(false));
    for signal in [SIGINT, SIGBREAK, SIGTERM] {
        signal_hook::flag::register(signal, Arc::clone(&stop))
            .context("cannot listen for Ctrl-C")?;
    }
    std::thread::Builder::new()
        .name("watch-signals".into())
        .spawn(move || {
            loop {
                std::thread::sleep(QUIET);
                if stop.swap(false, Ordering::SeqCst) && messages.send(Message::Stop).is_err() {
                    break;
                }
            }
        })
        .context("cannot start the thread that listens for Ctrl-C")?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use notify::event::{CreateKind, DataChange, ModifyKind, RenameMode};

    use super::*;

    #[test]
    fn a_save_is_due_at_once_when_its_file_is_closed_or_renamed_into_place() {
        assert!(finishes_a_save(&EventKind::Access(AccessKind::Close(
            AccessMode::Write
        ))));
        assert!(finishes_a_save(&EventKind::Modify(ModifyKind::Name(
            RenameMode::To
        ))));
        assert!(!finishes_a_save(&EventKind::Modify(ModifyKind::Data(
            DataChange::Any
        ))));
        assert!(!finishes_a_save(&EventKind::Create(CreateKind::File)));
        let start = Instant::now();
        let mut debouncer = Debouncer::default();
        debouncer.add([PathBuf::from("a")], start, false);
        assert_eq!(debouncer.due(), Some(start + QUIET));
        debouncer.add([PathBuf::from("a")], start, true);
        assert_eq!(debouncer.due(), Some(start));
        assert_eq!(debouncer.take_due(start), [PathBuf::from("a")]);
    }

    #[test]
    fn reading_a_file_is_no_change() {
        assert!(!is_change(&EventKind::Access(AccessKind::Open(
            AccessMode::Any
        ))));
        assert!(!is_change(&EventKind::Access(AccessKind::Close(
            AccessMode::Read
        ))));
        assert!(is_change(&EventKind::Access(AccessKind::Close(
            AccessMode::Write
        ))));
        assert!(is_change(&EventKind::Modify(ModifyKind::Data(
            DataChange::Any
        ))));
        assert!(is_change(&EventKind::Modify(ModifyKind::Name(
            RenameMode::To
        ))));
        assert!(is_change(&EventKind::Create(CreateKind::File)));
    }

    #[test]
    fn a_burst_of_events_is_one_save() {
        let start = Instant::now();
        let file = PathBuf::from("/wb/exercises/01/src/lib.rs");
        let mut debouncer = Debouncer::default();
        assert_eq!(debouncer.due(), None);
        debouncer.add([file.clone()], start, false);
        debouncer.add([file.clone()], start + Duration::from_millis(5), false);
        assert_eq!(debouncer.due(), Some(start + Duration::from_millis(55)));
        assert!(
            debouncer
                .take_due(start + Duration::from_millis(30))
                .is_empty()
        );
        assert_eq!(
            debouncer.take_due(start + Duration::from_millis(55)),
            vec![file]
        );
        assert_eq!(debouncer.due(), None);
    }

    #[test]
    fn a_file_that_keeps_changing_is_still_graded_soon() {
        let start = Instant::now();
        let mut debouncer = Debouncer::default();
        for ms in (0..200).step_by(10) {
            debouncer.add(
                [PathBuf::from("a")],
                start + Duration::from_millis(ms),
                false,
            );
            if ms >= 60 {
                assert_eq!(debouncer.due(), Some(start + LONGEST_WAIT));
            }
        }
    }

    #[test]
    fn no_paths_is_no_save() {
        let mut debouncer = Debouncer::default();
        debouncer.add(Vec::new(), Instant::now(), true);
        assert_eq!(debouncer.due(), None);
    }
}
