//! The reference solutions, offered once an exercise passes, as rustlings does.
//!
//! In the full workbook they are in `solutions/`. The learner edition has no
//! `solutions/`: each reference travels in `grader/reference/<name>.txt`, XOR-ed with a
//! key and base64-encoded so that it cannot be read by accident (this keeps spoilers out
//! of sight; it is not a secret), and is written to its usual path only after a pass.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use base64::Engine;

use crate::workbook::{Exercise, Workbook};

/// Where the learner edition keeps the references.
pub(crate) const FOLDER: &str = "grader/reference";
/// Fitting for a course on Nim.
const KEY: &[u8] = b"xorlings";

fn xor_with_key(bytes: &[u8]) -> Vec<u8> {
    bytes
        .iter()
        .zip(KEY.iter().cycle())
        .map(|(byte, key)| byte ^ key)
        .collect()
}

/// A reference solution, packed out of sight.
pub(crate) fn pack(source: &str) -> String {
    base64::engine::general_purpose::STANDARD.encode(xor_with_key(source.as_bytes())) + "\n"
}

/// A packed reference solution, unpacked.
pub(crate) fn unpack(packed: &str) -> Result<String> {
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(packed.trim())
        .context("the packed reference solution is damaged")?;
    String::from_utf8(xor_with_key(&bytes)).context("the packed reference solution is damaged")
}

/// The packed reference of `exercise`, relative to the root.
pub(crate) fn packed_path(exercise: &Exercise) -> PathBuf {
    Path::new(FOLDER).join(format!("{}.txt", exercise.name))
}

/// The reference solution to compare with, after `exercise` passed: its path in the
/// full workbook, or, in the learner edition, the path it was unpacked to now.
pub(crate) fn offer(workbook: &Workbook, exercise: &Exercise) -> Result<Option<PathBuf>> {
    let solution = exercise.solution();
    let target = workbook.root.join(&solution);
    if target.is_file() {
        return Ok(Some(solution));
    }
    let packed = workbook.root.join(packed_path(exercise));
    let Ok(packed) = std::fs::read_to_string(&packed) else {
        return Ok(None);
    };
    let source = unpack(&packed)?;
    let Some(folder) = target.parent() else {
        bail!("{} has no folder", target.display());
    };
    std::fs::create_dir_all(folder)
        .and_then(|()| std::fs::write(&target, source))
        .with_context(|| {
            format!(
                "cannot write the reference solution to {}",
                target.display()
            )
        })?;
    Ok(Some(solution))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_packed_solution_is_unreadable_and_comes_back_whole() {
        let source =
            "pub fn xor_all(heaps: &[u64]) -> u64 {\n    heaps.iter().fold(0, |x, h| x ^ h)\n}\n";
        let packed = pack(source);
        assert!(!packed.contains("xor_all") && !packed.contains("fold"));
        assert_eq!(unpack(&packed).unwrap(), source);
        assert!(unpack("not base64 !").is_err());
    }
}
