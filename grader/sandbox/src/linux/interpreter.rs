//! The dynamic loader a program names: the kernel executes it too, so a learner's run
//! must be allowed to.

use std::fs::File;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, ensure};

/// Program header type of the loader's path.
const PT_INTERP: u32 = 3;
/// The longest path Linux takes.
const PATH_MAX: u64 = 4096;

/// The loader named by `program`'s `PT_INTERP` header (a 64-bit little-endian ELF
/// file), or `None` for a static program.
pub(crate) fn interpreter(program: &Path) -> Result<Option<PathBuf>> {
    let file = File::open(program).with_context(|| format!("cannot open {}", program.display()))?;
    let read = |offset: u64, len: usize| -> Result<Vec<u8>> {
        let mut bytes = vec![0; len];
        file.read_exact_at(&mut bytes, offset)
            .with_context(|| format!("{} is cut short", program.display()))?;
        Ok(bytes)
    };
    let header = read(0, 64)?;
    ensure!(
        header.starts_with(b"\x7fELF\x02\x01"),
        "{} is not a 64-bit little-endian ELF program",
        program.display()
    );
    let program_headers = u64_at(&header, 0x20);
    let entry_size = u16_at(&header, 0x36) as u64;
    let entries = u16_at(&header, 0x38) as u64;
    for index in 0..entries {
        let entry = read(program_headers + index * entry_size, 56)?;
        if u32::from_le_bytes(entry[..4].try_into()?) == PT_INTERP {
            let len = u64_at(&entry, 32);
            ensure!(
                len <= PATH_MAX,
                "{} names a loader too long",
                program.display()
            );
            let mut path = read(u64_at(&entry, 8), len as usize)?;
            path.retain(|&byte| byte != 0);
            return Ok(Some(PathBuf::from(String::from_utf8(path)?)));
        }
    }
    Ok(None)
}

fn u64_at(bytes: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"))
}

fn u16_at(bytes: &[u8], at: usize) -> u16 {
    u16::from_le_bytes(bytes[at..at + 2].try_into().expect("2 bytes"))
}
