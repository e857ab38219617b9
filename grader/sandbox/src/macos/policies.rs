//! The two policies the grader needs on macOS, rustc compiling and a learner's program
//! running, and git reading a repository: what each may read, execute and write (the
//! Seatbelt profile is written from them), and the environment rustc and Apple's
//! linker need. Platform-neutral (paths and variables), so its tests run everywhere;
//! `Policy::compiler` and the others, on a Mac, fill in where the developer tools are.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use crate::{Limits, Policy, Processes};

/// The system's libraries and frameworks, which every program maps (the dyld shared
/// cache lives in the cryptexes on recent macOS, and in /private/var/db/dyld before),
/// and the link to the developer tools `xcode-select` chose. Never all of /System:
/// /System/Volumes/Data holds the users' files.
const SYSTEM: [&str; 7] = [
    "/usr/lib",
    "/System/Library",
    "/System/Cryptexes",
    "/System/Volumes/Preboot/Cryptexes",
    "/Library/Apple",
    "/private/var/db/dyld",
    "/private/var/db/xcode_select_link",
];

/// The programs rustc starts: `cc` (a shim of the developer tools) and what it runs.
const TOOLS: [&str; 3] = ["/usr/bin", "/bin", "/usr/libexec"];

/// Where Apple's developer tools are, found once outside the sandbox (trusted: the
/// user's own `xcode-select` and `xcrun`), so that neither the shims nor clang look
/// for them inside it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Developer {
    /// `xcode-select -p`: the Command Line Tools, or Xcode's `Contents/Developer`.
    pub dir: Option<PathBuf>,
    /// `xcrun --show-sdk-path`: the macOS SDK the linker links against.
    pub sdk: Option<PathBuf>,
}

/// rustc compiling into `build_dir`: it reads and executes its toolchain and the
/// developer tools, starts the linker, and writes only `build_dir`: its temporary files
/// too, and `xcrun`'s look-up cache (`xcrun_db`), which follows `TMPDIR`. Its
/// environment is the least the linker needs.
pub(crate) fn compiler(
    sysroot: &Path,
    build_dir: &Path,
    limits: Limits,
    developer: &Developer,
) -> Policy {
    let mut read = system();
    read.extend(developer.sdk.iter().cloned());
    let mut execute = vec![sysroot.to_path_buf()];
    execute.extend(TOOLS.iter().map(PathBuf::from));
    execute.extend(developer.dir.iter().cloned());
    Policy {
        read,
        execute,
        write: vec![build_dir.to_path_buf()],
        limits,
        processes: Processes::Allowed,
        env: compiler_env(build_dir, developer),
        core: None,
        private_view: false,
        awaits_program: false,
    }
}

/// PATH for the shims, the temporary folder and HOME in the build folder (nothing of the
/// user's home), and where the SDK and the developer tools are.
pub(crate) fn compiler_env(build_dir: &Path, developer: &Developer) -> Vec<(OsString, OsString)> {
    let mut env = vec![
        (OsString::from("PATH"), OsString::from("/usr/bin:/bin")),
        (OsString::from("TMPDIR"), build_dir.as_os_str().to_owned()),
        (OsString::from("HOME"), build_dir.as_os_str().to_owned()),
    ];
    if let Some(sdk) = &developer.sdk {
        env.push(("SDKROOT".into(), sdk.as_os_str().to_owned()));
    }
    if let Some(dir) = &developer.dir {
        env.push(("DEVELOPER_DIR".into(), dir.as_os_str().to_owned()));
    }
    env
}

/// A learner's `program`, linked to the toolchain's std dylib in `libdir` (found through
/// its rpath): it reads the system's libraries and `libdir`, executes only itself,
/// writes nothing but the descriptors it is given, starts no process, and sees no
/// environment.
pub(crate) fn program(program: &Path, libdir: &Path, limits: Limits) -> Policy {
    let developer = Developer::default();
    let mut policy = reader(program, &[libdir.to_path_buf()], limits, &developer);
    // (Seatbelt hides what is not listed from its reads, not from its look-ups.)
    policy.private_view = true;
    policy
}

/// A `program` that only reads the system's libraries and `read`, and executes only
/// itself, like a learner's program. `git` reading a learner's repository runs so; as
/// `/usr/bin/git` is a shim that executes the developer tools' git, those may be
/// executed too.
pub(crate) fn reader(
    program: &Path,
    read: &[PathBuf],
    limits: Limits,
    developer: &Developer,
) -> Policy {
    let mut readable = system();
    readable.extend(read.iter().cloned());
    let mut execute = vec![program.to_path_buf()];
    execute.extend(developer.dir.iter().cloned());
    Policy {
        read: readable,
        execute,
        write: Vec::new(),
        limits,
        processes: Processes::Forbidden,
        env: Vec::new(),
        core: None,
        private_view: false,
        awaits_program: false,
    }
}

/// `MH_MAGIC_64` as a little-endian CPU writes it (x86_64 and arm64 both are).
const MACH_O_64: [u8; 4] = [0xcf, 0xfa, 0xed, 0xfe];
/// `CPU_TYPE_X86_64` and `CPU_TYPE_ARM64`.
pub(crate) const CPU_X86_64: u32 = 0x0100_0007;
pub(crate) const CPU_ARM64: u32 = 0x0100_000c;
/// `MH_EXECUTE`: a program (not a library, an object file or a bundle).
const EXECUTE: u32 = 2;

/// Checks that `header`, a file's first 16 bytes, starts a thin 64-bit Mach-O program
/// for the CPU `cpu`, as rustc writes one for a macOS target; what else it is, if not.
pub(crate) fn check_mach_o(header: &[u8], cpu: u32) -> Result<(), &'static str> {
    let word = |at: usize| {
        header
            .get(at..at + 4)
            .map(|bytes| u32::from_le_bytes(bytes.try_into().expect("4 bytes")))
    };
    match header.get(..4) {
        Some(magic) if magic == MACH_O_64 => {}
        Some([0xca, 0xfe, 0xba, 0xbe | 0xbf]) => return Err("a universal (fat) file"),
        _ => return Err("not a 64-bit Mach-O file"),
    }
    if word(4) != Some(cpu) {
        return Err("a Mach-O file for another CPU");
    }
    if word(12) != Some(EXECUTE) {
        return Err("a Mach-O file that is not a program");
    }
    Ok(())
}

fn system() -> Vec<PathBuf> {
    SYSTEM.iter().map(PathBuf::from).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::TEST_LIMITS as LIMITS;

    fn developer() -> Developer {
        Developer {
            dir: Some("/Library/Developer/CommandLineTools".into()),
            sdk: Some("/Library/Developer/CommandLineTools/SDKs/MacOSX.sdk".into()),
        }
    }

    #[test]
    fn rustc_gets_the_sdk_and_the_tools_and_nothing_of_the_users() {
        let build = Path::new("/private/tmp/build");
        let env = compiler_env(build, &developer());
        let names: Vec<&str> = env.iter().map(|(name, _)| name.to_str().unwrap()).collect();
        assert_eq!(
            names,
            ["PATH", "TMPDIR", "HOME", "SDKROOT", "DEVELOPER_DIR"]
        );
        assert_eq!(env[1].1, build.as_os_str());
        assert_eq!(env[2].1, build.as_os_str());
        assert_eq!(
            env[3].1,
            "/Library/Developer/CommandLineTools/SDKs/MacOSX.sdk"
        );
        // Without the developer tools, only the first three (rustc then says what to
        // install: see judge::build).
        assert_eq!(compiler_env(build, &Developer::default()).len(), 3);

        let sysroot = Path::new("/Users/me/.rustup/toolchains/stable-aarch64-apple-darwin");
        let policy = compiler(sysroot, build, LIMITS, &developer());
        assert_eq!(policy.processes, Processes::Allowed);
        assert!(policy.execute.contains(&sysroot.to_path_buf()));
        assert!(
            policy
                .execute
                .contains(&"/Library/Developer/CommandLineTools".into())
        );
        // Nothing but the build folder: not the user's temporary or cache folders.
        assert_eq!(policy.write, [build.to_path_buf()]);
        assert!(policy.read.iter().all(|path| !path.starts_with("/Users")));
    }

    /// The first 16 bytes of a Mach-O file: magic, CPU type, subtype, file type.
    fn header(magic: [u8; 4], cpu: u32, filetype: u32) -> Vec<u8> {
        let mut bytes = magic.to_vec();
        bytes.extend(cpu.to_le_bytes());
        bytes.extend(0u32.to_le_bytes());
        bytes.extend(filetype.to_le_bytes());
        bytes
    }

    #[test]
    fn only_a_thin_mach_o_program_for_this_cpu_passes_the_check() {
        assert_eq!(
            check_mach_o(&header(MACH_O_64, CPU_ARM64, 2), CPU_ARM64),
            Ok(())
        );
        assert_eq!(
            check_mach_o(&header(MACH_O_64, CPU_X86_64, 2), CPU_X86_64),
            Ok(())
        );
        let refused = |bytes: &[u8]| check_mach_o(bytes, CPU_ARM64).unwrap_err();
        assert_eq!(
            refused(&header(MACH_O_64, CPU_X86_64, 2)),
            "a Mach-O file for another CPU"
        );
        // A dylib (MH_DYLIB = 6), a universal file, an ELF program, a script, nothing.
        assert!(refused(&header(MACH_O_64, CPU_ARM64, 6)).contains("not a program"));
        assert!(refused(&header([0xca, 0xfe, 0xba, 0xbe], 2, 0)).contains("universal"));
        assert!(refused(b"\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0").contains("not a 64-bit Mach-O"));
        assert!(refused(b"#!/bin/sh\n").contains("not a 64-bit Mach-O"));
        assert!(refused(b"").contains("not a 64-bit Mach-O"));
        assert!(refused(&MACH_O_64).contains("another CPU"));
    }

    #[test]
    fn a_program_executes_itself_alone_and_writes_nothing() {
        let program = Path::new("/private/tmp/build/program");
        let libdir =
            Path::new("/Users/me/.rustup/toolchains/x/lib/rustlib/aarch64-apple-darwin/lib");
        let policy = super::program(program, libdir, LIMITS);
        assert_eq!(policy.execute, [program.to_path_buf()]);
        assert!(policy.write.is_empty() && policy.env.is_empty());
        assert_eq!(policy.processes, Processes::Forbidden);
        assert!(policy.read.contains(&libdir.to_path_buf()));
        // The system's libraries, never the volume of the users' files.
        assert!(
            policy
                .read
                .iter()
                .all(|p| !p.starts_with("/System/Volumes/Data"))
        );
        assert!(!policy.read.contains(&PathBuf::from("/System")));
    }
}
