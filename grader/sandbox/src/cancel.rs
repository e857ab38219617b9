//! A flag to stop a build or a run early.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Set by the caller to stop a build or a run early (watch mode, on a newer save). Clones
/// share the flag; a [`Cancel::child`] is also cancelled by its parent.
#[derive(Debug, Clone, Default)]
pub struct Cancel {
    flag: Arc<AtomicBool>,
    parent: Option<Arc<Cancel>>,
}

impl Cancel {
    pub fn cancel(&self) {
        self.flag.store(true, Ordering::SeqCst);
    }

    pub fn is_cancelled(&self) -> bool {
        self.flag.load(Ordering::SeqCst) || self.parent.as_ref().is_some_and(|p| p.is_cancelled())
    }

    /// A flag of its own that this one also sets: to stop one step for a reason of its
    /// own (the compiler's messages flood), while the caller can still stop everything.
    pub fn child(&self) -> Cancel {
        Cancel {
            flag: Arc::default(),
            parent: Some(Arc::new(self.clone())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Cancel;

    #[test]
    fn a_child_stops_with_its_parent_but_not_the_other_way() {
        let parent = Cancel::default();
        let child = parent.child();
        child.clone().cancel();
        assert!(child.is_cancelled() && !parent.is_cancelled());
        let other = parent.child();
        parent.cancel();
        assert!(other.is_cancelled());
    }
}
