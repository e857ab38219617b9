//! A flag to stop a build or a run early.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Set by the caller to stop a build or a run early (watch mode, on a newer save). Clones
/// share the flag.
#[derive(Debug, Clone, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    pub fn cancel(&self) {
        self.0.store(true, Ordering::SeqCst);
    }
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }
}
