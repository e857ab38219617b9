//! The policies the grader needs on Windows and, above all, their environments: what
//! rustc and the MSVC linker need to find each other, and where a learner's program
//! finds the std DLL (Windows has no rpath: on its `PATH`). File access is not confined
//! on Windows (see `report`); the lists still say what each process needs.
//! Platform-neutral (the variables are looked up through a function), so its tests run
//! everywhere; `Policy::compiler` and the others, on Windows, look them up in the
//! grader's own environment.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use crate::{Limits, Policy, Processes};

/// What the system itself needs (the loader, COM, the registry's paths), and where
/// Visual Studio's installer and its tools live, so that rustc finds `link.exe` the way
/// it does outside the sandbox (through the Visual Studio installer's records).
const SYSTEM_VARIABLES: [&str; 12] = [
    "SystemRoot",
    "SystemDrive",
    "windir",
    "ComSpec",
    "ProgramData",
    "ProgramFiles",
    "ProgramFiles(x86)",
    "ProgramW6432",
    "CommonProgramFiles",
    "CommonProgramFiles(x86)",
    "NUMBER_OF_PROCESSORS",
    "PROCESSOR_ARCHITECTURE",
];

/// What a Visual Studio developer prompt sets, which rustc then uses as it is.
const DEVELOPER_PROMPT_VARIABLES: [&str; 14] = [
    "VSINSTALLDIR",
    "VCINSTALLDIR",
    "VCToolsInstallDir",
    "VCToolsVersion",
    "VisualStudioVersion",
    "WindowsSdkDir",
    "WindowsSDKVersion",
    "UniversalCRTSdkDir",
    "UCRTVersion",
    "INCLUDE",
    "LIB",
    "LIBPATH",
    "VSCMD_ARG_TGT_ARCH",
    "VSCMD_ARG_HOST_ARCH",
];

/// rustc compiling into `build_dir`: it reads its toolchain, starts the linker, and its
/// temporary files go to `build_dir`. `variable` looks up the grader's environment.
pub(crate) fn compiler(
    sysroot: &Path,
    build_dir: &Path,
    limits: Limits,
    variable: impl Fn(&str) -> Option<OsString>,
) -> Policy {
    Policy {
        read: Vec::new(),
        execute: vec![sysroot.to_path_buf()],
        write: vec![build_dir.to_path_buf()],
        limits,
        processes: Processes::Allowed,
        env: compiler_env(sysroot, build_dir, variable),
        core: None,
        private_view: false,
        awaits_program: false,
    }
}

/// The system's variables and a developer prompt's, the toolchain's `bin` first on
/// `PATH` (then the user's, where a developer prompt's `link.exe` or MinGW's `gcc` may
/// be), and the temporary folder in the build folder.
pub(crate) fn compiler_env(
    sysroot: &Path,
    build_dir: &Path,
    variable: impl Fn(&str) -> Option<OsString>,
) -> Vec<(OsString, OsString)> {
    let mut env: Vec<(OsString, OsString)> = SYSTEM_VARIABLES
        .iter()
        .chain(&DEVELOPER_PROMPT_VARIABLES)
        .filter_map(|&name| Some((OsString::from(name), variable(name)?)))
        .collect();
    let mut path = sysroot.join("bin").into_os_string();
    if let Some(users) = variable("PATH") {
        path.push(";");
        path.push(users);
    }
    env.push(("PATH".into(), path));
    env.push(("TEMP".into(), build_dir.as_os_str().to_owned()));
    env.push(("TMP".into(), build_dir.as_os_str().to_owned()));
    env
}

/// A learner's `program`, linked to the std DLL in `std_dir`: it executes only itself
/// (its job has room for one process), and its environment is only where its DLLs are.
pub(crate) fn program(
    program: &Path,
    std_dir: &Path,
    limits: Limits,
    variable: impl Fn(&str) -> Option<OsString>,
) -> Policy {
    let mut policy = reader(program, &[std_dir.to_path_buf()], limits);
    policy.env = program_env(std_dir, variable);
    policy.private_view = true;
    policy
}

/// `PATH`: the std DLL's folder, then the system's; and `SystemRoot`, which parts of the
/// system look up.
pub(crate) fn program_env(
    std_dir: &Path,
    variable: impl Fn(&str) -> Option<OsString>,
) -> Vec<(OsString, OsString)> {
    let mut path = std_dir.as_os_str().to_owned();
    let mut env = Vec::new();
    if let Some(root) = variable("SystemRoot") {
        path.push(";");
        path.push(&root);
        path.push(r"\System32");
        env.push(("SystemRoot".into(), root));
    }
    env.insert(0, ("PATH".into(), path));
    env
}

/// A `program` that only reads (git reading a learner's repository): one process, no
/// environment but what the caller puts in [`Policy::env`].
pub(crate) fn reader(program: &Path, read: &[PathBuf], limits: Limits) -> Policy {
    Policy {
        read: read.to_vec(),
        execute: vec![program.to_path_buf()],
        write: Vec::new(),
        limits,
        processes: Processes::Forbidden,
        env: Vec::new(),
        core: None,
        private_view: false,
        awaits_program: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::TEST_LIMITS as LIMITS;

    /// A Windows user's environment, with a secret among it.
    fn variable(name: &str) -> Option<OsString> {
        let value = match name {
            "SystemRoot" => r"C:\Windows",
            "ProgramData" => r"C:\ProgramData",
            "ProgramFiles(x86)" => r"C:\Program Files (x86)",
            "PATH" => r"C:\Users\me\.cargo\bin;C:\Windows\System32",
            "GITHUB_TOKEN" => "secret",
            "USERPROFILE" => r"C:\Users\me",
            _ => return None,
        };
        Some(value.into())
    }

    fn value<'a>(env: &'a [(OsString, OsString)], name: &str) -> Option<&'a str> {
        env.iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.to_str().unwrap())
    }

    #[test]
    fn rustc_finds_its_linker_and_nothing_of_the_users_secrets() {
        let sysroot = Path::new(r"C:\Users\me\.rustup\toolchains\stable-x86_64-pc-windows-msvc");
        let build = Path::new(r"C:\Users\me\workbook\target\xorlings\builds\abc");
        let env = compiler_env(sysroot, build, variable);
        assert_eq!(value(&env, "SystemRoot"), Some(r"C:\Windows"));
        assert_eq!(
            value(&env, "ProgramFiles(x86)"),
            Some(r"C:\Program Files (x86)")
        );
        assert_eq!(value(&env, "TEMP"), build.to_str());
        assert_eq!(value(&env, "TMP"), build.to_str());
        let path = value(&env, "PATH").unwrap();
        assert!(
            path.ends_with(r";C:\Users\me\.cargo\bin;C:\Windows\System32"),
            "{path}"
        );
        assert!(path.starts_with(sysroot.to_str().unwrap()), "{path}");
        assert_eq!(value(&env, "GITHUB_TOKEN"), None);
        assert_eq!(value(&env, "USERPROFILE"), None);
        // Unset variables stay unset.
        assert_eq!(value(&env, "VCINSTALLDIR"), None);

        let policy = compiler(sysroot, build, LIMITS, variable);
        assert_eq!(policy.processes, Processes::Allowed);
        assert_eq!(policy.write, [build.to_path_buf()]);
    }

    #[test]
    fn a_program_finds_the_std_dll_on_its_path_and_nothing_else() {
        let std_dir =
            Path::new(r"C:\Users\me\.rustup\toolchains\stable-x86_64-pc-windows-msvc\bin");
        let program = Path::new(r"C:\build\program.exe");
        let policy = super::program(program, std_dir, LIMITS, variable);
        let path = value(&policy.env, "PATH").unwrap();
        assert!(path.starts_with(std_dir.to_str().unwrap()), "{path}");
        assert!(path.ends_with(r";C:\Windows\System32"), "{path}");
        assert_eq!(policy.env.len(), 2, "{:?}", policy.env);
        assert_eq!(policy.processes, Processes::Forbidden);
        assert_eq!(policy.execute, [program.to_path_buf()]);
        assert!(policy.write.is_empty());
        // Without SystemRoot, the std DLL's folder alone.
        let bare = program_env(std_dir, |_| None);
        assert_eq!(bare, [("PATH".into(), std_dir.as_os_str().to_owned())]);
    }
}
