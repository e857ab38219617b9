//! What this Mac offers the sandbox, found once: whether `sandbox-exec` can confine a
//! program, and where the developer tools are.

use std::ffi::CStr;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use super::policies::Developer;
use super::profile::SANDBOX_EXEC;
use super::report::Mac;
use crate::output_of_trusted;

/// What this Mac enforces, detected on the first call. The sandbox enforces every layer
/// this says it has.
pub(crate) fn detected() -> &'static Mac {
    static MAC: OnceLock<Mac> = OnceLock::new();
    MAC.get_or_init(|| Mac {
        version: product_version().unwrap_or_else(|| "(version unknown)".to_string()),
        seatbelt: seatbelt(),
    })
}

/// Where the developer tools are, asked once of `xcode-select` and `xcrun`; whatever
/// they cannot tell stays out (rustc then fails to link, and says so).
pub(crate) fn developer() -> &'static Developer {
    static DEVELOPER: OnceLock<Developer> = OnceLock::new();
    DEVELOPER.get_or_init(|| Developer {
        dir: printed_path("/usr/bin/xcode-select", &["-p"]),
        sdk: printed_path("/usr/bin/xcrun", &["--sdk", "macosx", "--show-sdk-path"]),
    })
}

/// Bazel's test: a profile that allows everything, on `/usr/bin/true`. It fails where
/// there is no `sandbox-exec`, or where the grader already runs under Seatbelt (a
/// sandbox cannot be applied inside another: `sandbox_apply: Operation not permitted`).
fn seatbelt() -> Result<(), String> {
    if !Path::new(SANDBOX_EXEC).is_file() {
        return Err(format!("{SANDBOX_EXEC} is missing"));
    }
    let mut probe = Command::new(SANDBOX_EXEC);
    probe.args(["-p", "(version 1) (allow default)", "/usr/bin/true"]);
    match output_of_trusted(&mut probe) {
        Ok(output) if output.status.success() => Ok(()),
        Ok(output) => {
            let said = String::from_utf8_lossy(&output.stderr);
            let said = said.lines().next().unwrap_or("").trim();
            Err(if said.contains("Operation not permitted") {
                format!("the grader already runs in a sandbox, which cannot nest: {said}")
            } else {
                format!("sandbox-exec failed a test: {said}")
            })
        }
        Err(error) => Err(format!("{error:#}")),
    }
}

/// The one line a trusted tool prints, as a path that exists.
fn printed_path(tool: &str, args: &[&str]) -> Option<PathBuf> {
    let output = output_of_trusted(Command::new(tool).args(args)).ok()?;
    let printed = String::from_utf8(output.stdout).ok()?;
    let path = PathBuf::from(printed.trim());
    (output.status.success() && path.is_dir()).then_some(path)
}

/// `kern.osproductversion`: `15.1`.
fn product_version() -> Option<String> {
    let mut buffer = [0u8; 64];
    let mut len = buffer.len();
    // SAFETY: sysctlbyname writes at most `len` bytes into the buffer, and the new
    // length into `len`.
    let read = unsafe {
        libc::sysctlbyname(
            c"kern.osproductversion".as_ptr(),
            buffer.as_mut_ptr().cast(),
            &mut len,
            std::ptr::null_mut(),
            0,
        )
    };
    if read != 0 {
        return None;
    }
    let version = CStr::from_bytes_until_nul(&buffer[..len.min(buffer.len())]).ok()?;
    Some(version.to_string_lossy().into_owned())
}
