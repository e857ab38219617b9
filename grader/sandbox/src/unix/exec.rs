//! The child's own `execve`, with every string and array built before `fork`.

use std::ffi::{CString, OsStr, OsString};
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::sync::Arc;

use anyhow::{Context, Result, ensure};

use super::shared_page::SharedPage;

/// The program to execute, its arguments and its whole environment, as C arrays.
pub(super) struct Exec {
    /// Holds the program's path (and the child's failure report).
    page: Arc<SharedPage>,
    path: *const libc::c_char,
    /// Owns the strings `argv` and `envp` point into.
    _strings: Vec<CString>,
    argv: Vec<*const libc::c_char>,
    envp: Vec<*const libc::c_char>,
}

// SAFETY: the pointers point into `page` and `_strings`, owned by the same value and
// never changed after `new`.
unsafe impl Send for Exec {}
// SAFETY: as above.
unsafe impl Sync for Exec {}

impl Exec {
    /// Prepares the exec of `program` with `args` (after its own name) and exactly `env`.
    pub(super) fn new(
        program: &OsStr,
        args: &[OsString],
        env: &[(OsString, OsString)],
    ) -> Result<Exec> {
        ensure!(
            program.as_bytes().contains(&b'/'),
            "the confined program must be a path, not a name to look up: {}",
            program.display()
        );
        let program_c = c_string(program)?;
        let (page, path) = SharedPage::with(program_c.as_bytes_with_nul())?;
        let mut strings = vec![program_c];
        for arg in args {
            strings.push(c_string(arg)?);
        }
        let args = strings.len();
        for (key, value) in env {
            let mut pair = key.clone();
            pair.push("=");
            pair.push(value);
            strings.push(c_string(&pair)?);
        }
        let pointers = |strings: &[CString]| -> Vec<*const libc::c_char> {
            strings
                .iter()
                .map(|string| string.as_ptr())
                .chain([std::ptr::null()])
                .collect()
        };
        Ok(Exec {
            page: Arc::new(page),
            path: path.cast(),
            argv: pointers(&strings[..args]),
            envp: pointers(&strings[args..]),
            _strings: strings,
        })
    }

    /// The address of the program's path, the one `execve` must be given.
    pub(super) fn path(&self) -> *const libc::c_char {
        self.path
    }

    /// The page, for the child to report a failure in and the parent to read it.
    pub(super) fn page(&self) -> &Arc<SharedPage> {
        &self.page
    }

    /// Replaces the calling process with the program; returns only on failure.
    /// Async-signal-safe: one system call on prepared arrays.
    pub(super) fn exec(&self) -> io::Error {
        // SAFETY: every pointer points into memory this value owns; both arrays end
        // with a null pointer.
        unsafe { libc::execve(self.path, self.argv.as_ptr(), self.envp.as_ptr()) };
        io::Error::last_os_error()
    }
}

fn c_string(text: &OsStr) -> Result<CString> {
    CString::new(text.as_bytes()).with_context(|| format!("{} contains a NUL byte", text.display()))
}
