//! The class summary as CSV (RFC 4180: fields with a comma, a quote or a line break
//! are quoted, quotes doubled, lines end with CRLF), and folder names as text.

use std::ffi::OsStr;

/// One field, quoted when it must be.
pub fn field(text: &str) -> String {
    if text.contains([',', '"', '\r', '\n']) || text.starts_with(' ') || text.ends_with(' ') {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// One record, with its line end.
pub fn record(fields: &[String]) -> String {
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
pub fn name(name: &OsStr) -> String {
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
