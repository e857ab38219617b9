//! Doing several things at once on a small machine: a map over threads, and one shared
//! set of slots for the heavy work (compiles and runs), so that however many gradings
//! run side by side, at most one process per core competes for it and time limits stay
//! fair.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, OnceLock};

pub(crate) use xorlings_sandbox::cores;

/// Runs `f` on every item, on up to [`cores`] threads (this one among them), keeping
/// the order. Where the system refuses a thread, the threads there are do the work.
pub(crate) fn map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let workers = cores().min(items.len().max(1));
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..items.len()).map(|_| None).collect());
    let work = || {
        loop {
            let i = next.fetch_add(1, Ordering::SeqCst);
            let Some(item) = items.get(i) else { break };
            let result = f(item);
            results.lock().expect("no worker panics")[i] = Some(result);
        }
    };
    std::thread::scope(|scope| {
        for _ in 1..workers {
            let started = std::thread::Builder::new()
                .name("grader-worker".to_string())
                .spawn_scoped(scope, work);
            if started.is_err() {
                break;
            }
        }
        work();
    });
    results
        .into_inner()
        .expect("no worker panics")
        .into_iter()
        .map(|r| r.expect("every item was done"))
        .collect()
}

struct Slots {
    /// The slots not taken, by number: slot `i` is for the `i`-th core.
    free: Mutex<Vec<usize>>,
    freed: Condvar,
}

fn slots() -> &'static Slots {
    static SLOTS: OnceLock<Slots> = OnceLock::new();
    SLOTS.get_or_init(|| Slots {
        free: Mutex::new((0..cores()).rev().collect()),
        freed: Condvar::new(),
    })
}

/// A slot for one heavy process, held until dropped. Each slot has a core of its own:
/// the sandbox pins the process to it, so that a run with a hundred threads slows only
/// its own slot.
pub(crate) struct Slot {
    core: usize,
}

impl Slot {
    /// The slot's core: its number among the cores this process may use.
    pub(crate) fn core(&self) -> usize {
        self.core
    }
}

/// Waits for a free slot.
pub(crate) fn slot() -> Slot {
    let slots = slots();
    let mut free = slots.free.lock().unwrap_or_else(|e| e.into_inner());
    loop {
        if let Some(core) = free.pop() {
            return Slot { core };
        }
        free = slots.freed.wait(free).unwrap_or_else(|e| e.into_inner());
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let slots = slots();
        slots
            .free
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(self.core);
        slots.freed.notify_one();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn map_keeps_the_order() {
        let items: Vec<u32> = (0..50).collect();
        assert_eq!(
            map(&items, |x| x * 2),
            (0..50).map(|x| x * 2).collect::<Vec<_>>()
        );
        assert!(map(&[] as &[u32], |x| *x).is_empty());
    }

    #[test]
    fn slots_never_exceed_the_cores() {
        let busy = AtomicUsize::new(0);
        let most = AtomicUsize::new(0);
        let items: Vec<u32> = (0..20).collect();
        std::thread::scope(|scope| {
            for _ in 0..4 {
                let mapper = || {
                    map(&items, |_| {
                        let slot = slot();
                        assert!(slot.core() < cores());
                        let now = busy.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(now, Ordering::SeqCst);
                        std::thread::sleep(std::time::Duration::from_millis(2));
                        busy.fetch_sub(1, Ordering::SeqCst);
                    });
                };
                std::thread::Builder::new()
                    .spawn_scoped(scope, mapper)
                    .unwrap();
            }
        });
        assert!(most.load(Ordering::SeqCst) <= cores());
    }
}
