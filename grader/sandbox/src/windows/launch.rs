//! What `CreateProcessAsUserW` is given for a learner's program, as plain data: its
//! command line, its environment block, the only handles it inherits, and the
//! process's creation policies. Platform-neutral, so its tests run everywhere;
//! `process.rs` starts the program with them.

use std::ffi::OsStr;

/// `PROCESS_CREATION_CHILD_PROCESS_RESTRICTED` (winbase.h): the process may create no
/// child process, and its token carries that, so no service acting for it with its
/// token (COM, WMI) can create one either.
pub(crate) const CHILD_PROCESS_RESTRICTED: u32 = 0x1;

// PROCESS_CREATION_MITIGATION_POLICY_*_ALWAYS_ON (winbase.h).
/// No system call into Win32k, the kernel's window manager: a console program needs
/// none, and it is the kernel's largest surface.
pub(crate) const MITIGATION_NO_WIN32K: u64 = 0x1 << 28;
/// No legacy extension DLLs (AppInit DLLs, window hooks) loaded into it.
pub(crate) const MITIGATION_NO_EXTENSION_POINTS: u64 = 0x1 << 32;
/// No DLL loaded from a network share.
pub(crate) const MITIGATION_NO_REMOTE_IMAGES: u64 = 0x1 << 52;
/// The mitigations of a learner's program.
pub(crate) const MITIGATIONS: u64 =
    MITIGATION_NO_WIN32K | MITIGATION_NO_EXTENSION_POINTS | MITIGATION_NO_REMOTE_IMAGES;

/// The command line of `program` with `args`, each quoted as the C runtime (and Rust's
/// `std::env::args`) splits them back: in quotes when it has a space, a tab or a quote,
/// or is empty; a quote escaped with a backslash, and the backslashes before a quote or
/// the closing quote doubled.
pub(crate) fn command_line<'a>(
    program: &'a OsStr,
    args: impl IntoIterator<Item = &'a OsStr>,
) -> String {
    let mut line = String::new();
    for (n, arg) in std::iter::once(program).chain(args).enumerate() {
        if n > 0 {
            line.push(' ');
        }
        quote(&arg.to_string_lossy(), &mut line);
    }
    line
}

fn quote(arg: &str, line: &mut String) {
    if !arg.is_empty() && !arg.contains([' ', '\t', '\n', '\u{b}', '"']) {
        line.push_str(arg);
        return;
    }
    line.push('"');
    let mut backslashes = 0;
    for c in arg.chars() {
        match c {
            '\\' => backslashes += 1,
            // The backslashes before it doubled (they are in already), and one more.
            '"' => {
                line.extend(std::iter::repeat_n('\\', backslashes + 1));
                backslashes = 0;
            }
            _ => backslashes = 0,
        }
        line.push(c);
    }
    // The backslashes before the closing quote doubled.
    line.extend(std::iter::repeat_n('\\', backslashes));
    line.push('"');
}

/// The environment block of `env`: `NAME=VALUE` strings, each ended by a NUL, sorted by
/// name without regard to case (as Windows keeps them), the block ended by one more
/// NUL. A name that is empty or holds `=` or a NUL, or a value with a NUL, is left out:
/// it would end or split an entry.
pub(crate) fn environment_block<'a>(
    env: impl IntoIterator<Item = (&'a OsStr, &'a OsStr)>,
) -> Vec<u16> {
    let mut entries: Vec<(String, String)> = env
        .into_iter()
        .map(|(name, value)| {
            (
                name.to_string_lossy().into_owned(),
                value.to_string_lossy().into_owned(),
            )
        })
        .filter(|(name, value)| {
            !name.is_empty() && !name.contains(['=', '\0']) && !value.contains('\0')
        })
        .collect();
    entries.sort_by_key(|(name, _)| name.to_uppercase());
    entries.dedup_by(|a, b| a.0.eq_ignore_ascii_case(&b.0));
    let mut block: Vec<u16> = Vec::new();
    for (name, value) in entries {
        block.extend(format!("{name}={value}").encode_utf16());
        block.push(0);
    }
    if block.is_empty() {
        block.push(0);
    }
    block.push(0);
    block
}

/// The handles a learner's program inherits (its standard streams and channels), each
/// once (`PROC_THREAD_ATTRIBUTE_HANDLE_LIST` refuses a list with one twice), without
/// the null handle of a stream it does not have.
pub(crate) fn handle_list(handles: impl IntoIterator<Item = usize>) -> Vec<usize> {
    let mut list: Vec<usize> = Vec::new();
    for handle in handles {
        if handle != 0 && !list.contains(&handle) {
            list.push(handle);
        }
    }
    list
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(args: &[&str]) -> String {
        command_line(
            OsStr::new(r"C:\build dir\program.exe"),
            args.iter().map(OsStr::new),
        )
    }

    /// How the C runtime splits a command line's arguments (after the program).
    fn split(line: &str) -> Vec<String> {
        let mut args = Vec::new();
        let mut chars = line.chars().peekable();
        loop {
            while chars.next_if(|c| *c == ' ' || *c == '\t').is_some() {}
            if chars.peek().is_none() {
                return args;
            }
            let (mut arg, mut quoted, mut backslashes) = (String::new(), false, 0);
            for c in chars.by_ref() {
                match c {
                    '\\' => {
                        backslashes += 1;
                        continue;
                    }
                    '"' => {
                        arg.extend(std::iter::repeat_n('\\', backslashes / 2));
                        if backslashes % 2 == 1 {
                            arg.push('"');
                        } else {
                            quoted = !quoted;
                        }
                    }
                    ' ' | '\t' if !quoted => break,
                    c => {
                        arg.extend(std::iter::repeat_n('\\', backslashes));
                        arg.push(c);
                    }
                }
                backslashes = 0;
            }
            arg.extend(std::iter::repeat_n('\\', backslashes));
            args.push(arg);
        }
    }

    #[test]
    fn every_argument_comes_back_as_it_was_given() {
        let args = [
            "plain",
            "",
            "two words",
            r#"a "quoted" word"#,
            r"C:\ends with\",
            r#"back\\"slash"#,
            "\ttab",
            r"\\server\share\",
            "--flag=x y",
        ];
        let line = line(&args);
        assert!(
            line.starts_with(r#""C:\build dir\program.exe" plain "" "two words""#),
            "{line}"
        );
        let split = split(&line);
        assert_eq!(split[0], r"C:\build dir\program.exe");
        assert_eq!(split[1..], args);
        // A hostile argument stays one argument.
        let hostile = [r#"x" --evil "y"#];
        assert_eq!(split_args(&hostile), hostile);
    }

    fn split_args(args: &[&str]) -> Vec<String> {
        split(&line(args))[1..].to_vec()
    }

    #[test]
    fn the_environment_block_is_sorted_whole_and_ends_twice() {
        let env = [
            ("SystemRoot", r"C:\Windows"),
            ("PATH", r"C:\toolchain\bin;C:\Windows\System32"),
            (
                "path",
                "a second PATH, which Windows would take as the same",
            ),
            ("BAD=NAME", "x"),
            ("", "x"),
            ("NUL", "a\0b"),
            ("XORLINGS_CASES", "344"),
        ];
        let block = environment_block(env.iter().map(|(n, v)| (OsStr::new(n), OsStr::new(v))));
        let text = String::from_utf16(&block).unwrap();
        assert_eq!(
            text,
            "PATH=C:\\toolchain\\bin;C:\\Windows\\System32\0SystemRoot=C:\\Windows\0\
             XORLINGS_CASES=344\0\0"
        );
        // Nothing at all: two NULs still.
        assert_eq!(environment_block([]), [0, 0]);
    }

    #[test]
    fn the_handle_list_holds_each_stream_and_channel_once() {
        // stdin absent, stdout and stderr the same file, then the two channels.
        assert_eq!(handle_list([0, 0x44, 0x44, 0x48, 0x4c]), [0x44, 0x48, 0x4c]);
        assert!(handle_list([0, 0]).is_empty());
    }

    #[test]
    fn a_program_may_start_no_process_and_makes_no_win32k_call() {
        assert_eq!(CHILD_PROCESS_RESTRICTED, 1);
        assert_eq!(MITIGATIONS & MITIGATION_NO_WIN32K, 0x1000_0000);
        assert_ne!(MITIGATIONS & MITIGATION_NO_EXTENSION_POINTS, 0);
        assert_ne!(MITIGATIONS & MITIGATION_NO_REMOTE_IMAGES, 0);
        // The ALWAYS_OFF bits (one above each ALWAYS_ON) are never set.
        for on in [
            MITIGATION_NO_WIN32K,
            MITIGATION_NO_EXTENSION_POINTS,
            MITIGATION_NO_REMOTE_IMAGES,
        ] {
            assert_eq!(MITIGATIONS & (on << 1), 0);
        }
    }
}
