//! The class summary as CSV (RFC 4180: fields with a comma, a quote or a line break
//! are quoted, quotes doubled, lines end with CRLF), safe to open in a spreadsheet, and
//! folder names as text.
//!
//! A learner names their own folder, and a spreadsheet evaluates a cell that starts
//! with `=`, `+`, `-` or `@` (or a tab or a line break before one) as a formula: a link
//! that sends the sheet's cells away, a command. Such a field is defused as OWASP
//! recommends: a `'` in front, which tells a spreadsheet the cell is text, and quoted.
//! A field that starts with `'` gets one more, so two names never read the same.

use std::ffi::OsStr;

/// What makes a spreadsheet read a cell as a formula, at its start.
const FORMULA_STARTS: [char; 4] = ['=', '+', '-', '@'];
/// Characters that a spreadsheet may skip before a formula, or treat as one.
const LEADING_BLANKS: [char; 4] = [' ', '\t', '\r', '\n'];

/// One field, quoted when it must be, defused when a spreadsheet would evaluate it.
pub(crate) fn field(text: &str) -> String {
    if evaluated(text) {
        format!("\"'{}\"", text.replace('"', "\"\""))
    } else if text.contains([',', '"', '\r', '\n']) || text.starts_with(' ') || text.ends_with(' ')
    {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// Whether a spreadsheet could take the field for a formula (or it starts with the `'`
/// that marks a defused one).
fn evaluated(text: &str) -> bool {
    text.starts_with(['\'', '\t', '\r', '\n'])
        || text
            .trim_start_matches(LEADING_BLANKS)
            .starts_with(FORMULA_STARTS)
}

/// One record, with its line end.
pub(crate) fn record(fields: &[String]) -> String {
    let mut line = fields
        .iter()
        .map(|f| field(f))
        .collect::<Vec<_>>()
        .join(",");
    line.push_str("\r\n");
    line
}

/// A folder name as text: valid UTF-8 as it is, each other byte as `\xNN`, so that two
/// different names never read the same (its bytes on Unix; on Windows, where names are
/// UTF-16, the WTF-8 bytes of an unpaired surrogate).
pub(crate) fn name(name: &OsStr) -> String {
    let mut text = String::new();
    for chunk in name.as_encoded_bytes().utf8_chunks() {
        text.push_str(&chunk.valid().replace('\\', "\\\\"));
        for byte in chunk.invalid() {
            text.push_str(&format!("\\x{byte:02x}"));
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_quoted_only_when_they_must_be() {
        let cases = [
            ("alice", "alice"),
            ("O\"Brien, Ann", "\"O\"\"Brien, Ann\""),
            ("two\nlines", "\"two\nlines\""),
            (" padded", "\" padded\""),
        ];
        for (text, written) in cases {
            assert_eq!(field(text), written);
        }
        let fields = ["a", "b,c", ""].map(String::from);
        assert_eq!(record(&fields), "a,\"b,c\",\r\n");
    }

    #[test]
    fn fields_a_spreadsheet_would_evaluate_are_defused_and_quoted() {
        let cases = [
            (
                "=HYPERLINK(\"x\",\"y\")",
                "\"'=HYPERLINK(\"\"x\"\",\"\"y\"\")\"",
            ),
            ("+cmd|' /C calc'!A0", "\"'+cmd|' /C calc'!A0\""),
            ("-2+3", "\"'-2+3\""),
            ("@SUM(A1)", "\"'@SUM(A1)\""),
            ("\t=1", "\"'\t=1\""),
            ("\r\n=1", "\"'\r\n=1\""),
            ("  =1", "\"'  =1\""),
            // The mark itself, doubled: `'=x` and `=x` stay apart.
            ("'=x", "\"''=x\""),
            ("'quoted", "\"''quoted\""),
            // Only a field's start counts.
            ("ann=bob", "ann=bob"),
            ("a-1", "a-1"),
        ];
        for (text, written) in cases {
            assert_eq!(field(text), written, "{text:?}");
        }
        assert_ne!(field("'=x"), field("=x"));
    }

    #[test]
    fn names_that_are_not_utf8_stay_distinct() {
        assert_eq!(name(OsStr::new("José")), "José");
        #[cfg(unix)]
        assert_eq!(
            name(std::os::unix::ffi::OsStrExt::from_bytes(b"caf\xe9")),
            "caf\\xe9"
        );
        assert_eq!(name(OsStr::new("caf\\xe9")), "caf\\\\xe9");
    }
}
