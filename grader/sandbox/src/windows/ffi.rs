//! What every call of the Windows backend into the system shares: its results as
//! `io::Result`s, and its strings as the NUL-ended wide strings Windows takes.

use std::ffi::OsStr;
use std::io;
use std::os::windows::ffi::OsStrExt;

/// A BOOL result, as an `io::Result`.
pub(crate) fn check(result: i32) -> io::Result<()> {
    match result {
        0 => Err(io::Error::last_os_error()),
        _ => Ok(()),
    }
}

/// A WIN32_ERROR result (the security functions'), as an `io::Result`.
pub(crate) fn win32(result: u32) -> io::Result<()> {
    match result {
        0 => Ok(()),
        code => Err(io::Error::from_raw_os_error(code as i32)),
    }
}

/// `text`, NUL-ended.
pub(crate) fn wide(text: &OsStr) -> Vec<u16> {
    text.encode_wide().chain([0]).collect()
}

/// `text`, NUL-ended.
pub(crate) fn wide_str(text: &str) -> Vec<u16> {
    text.encode_utf16().chain([0]).collect()
}
