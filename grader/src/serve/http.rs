//! A little HTTP/1.1, as much as the page needs: one request per connection, its head
//! and body read with bounds (a request too large is refused, never buffered), and the
//! checks that keep other sites out: the `Host` must be this server's own (DNS
//! rebinding), the request must come from the server's own origin, and every request
//! that costs something must carry the session's token.

use std::io::{self, Read, Write};

/// The request line and headers together: the page's are a few hundred bytes.
const MAX_HEAD: usize = 8 * 1024;
/// A body: a typed input or a position is a few dozen bytes.
pub(super) const MAX_BODY: usize = 16 * 1024;
/// The header that carries the session's token.
pub(super) const TOKEN_HEADER: &str = "x-xorlings-token";

#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Request {
    pub method: String,
    /// The path, without the query.
    pub path: String,
    pub query: String,
    /// Names in lowercase.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

/// A request refused before it is read whole: its status and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Refused {
    pub status: u16,
    pub reason: &'static str,
}

const fn refused(status: u16, reason: &'static str) -> Refused {
    Refused { status, reason }
}

impl Request {
    pub(super) fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, value)| value.as_str())
    }

    /// The value of `name` in the query string (`?exercise=3`), undecoded: the page
    /// sends numbers only.
    pub(super) fn query_value(&self, name: &str) -> Option<&str> {
        self.query
            .split('&')
            .filter_map(|pair| pair.split_once('='))
            .find(|(key, _)| *key == name)
            .map(|(_, value)| value)
    }
}

/// Reads one request from `stream`: `Err` when it breaks HTTP or a bound (the
/// connection is answered with the status and closed), `Ok(None)` when the peer closed
/// before sending anything.
pub(super) fn read_request(stream: &mut impl Read) -> io::Result<Result<Option<Request>, Refused>> {
    let mut buffer = Vec::with_capacity(1024);
    let mut chunk = [0u8; 1024];
    let head_end = loop {
        if let Some(end) = find(&buffer, b"\r\n\r\n") {
            break end;
        }
        if buffer.len() > MAX_HEAD {
            return Ok(Err(refused(431, "the request's headers are too large")));
        }
        let read = stream.read(&mut chunk)?;
        if read == 0 {
            return Ok(if buffer.is_empty() {
                Ok(None)
            } else {
                Err(refused(400, "the request ended before its headers did"))
            });
        }
        buffer.extend_from_slice(&chunk[..read]);
    };
    if head_end > MAX_HEAD {
        return Ok(Err(refused(431, "the request's headers are too large")));
    }
    let Ok(head) = std::str::from_utf8(&buffer[..head_end]) else {
        return Ok(Err(refused(400, "the request's headers are not UTF-8")));
    };
    let mut request = match parse_head(head) {
        Ok(request) => request,
        Err(refusal) => return Ok(Err(refusal)),
    };
    if request.header("transfer-encoding").is_some() {
        return Ok(Err(refused(501, "chunked bodies are not supported")));
    }
    let length = match request.header("content-length").map(str::parse::<usize>) {
        None => 0,
        Some(Ok(length)) if length <= MAX_BODY => length,
        Some(Ok(_)) => return Ok(Err(refused(413, "the request's body is too large"))),
        Some(Err(_)) => return Ok(Err(refused(400, "the Content-Length is not a number"))),
    };
    let mut body = buffer[head_end + 4..].to_vec();
    if body.len() > length {
        return Ok(Err(refused(
            400,
            "the body is longer than its Content-Length",
        )));
    }
    let already = body.len();
    body.resize(length, 0);
    stream.read_exact(&mut body[already..])?;
    request.body = body;
    Ok(Ok(Some(request)))
}

fn parse_head(head: &str) -> Result<Request, Refused> {
    let mut lines = head.split("\r\n");
    let request_line = lines.next().unwrap_or_default();
    let mut parts = request_line.split(' ');
    let (Some(method), Some(target), Some(version), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(refused(
            400,
            "the request line is not METHOD TARGET VERSION",
        ));
    };
    if !version.starts_with("HTTP/1.") {
        return Err(refused(505, "only HTTP/1.x is spoken here"));
    }
    if !target.starts_with('/') {
        return Err(refused(400, "the target is not a path"));
    }
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let mut headers = Vec::new();
    for line in lines {
        let Some((name, value)) = line.split_once(':') else {
            return Err(refused(400, "a header line has no colon"));
        };
        headers.push((name.trim().to_ascii_lowercase(), value.trim().to_string()));
    }
    Ok(Request {
        method: method.to_string(),
        path: path.to_string(),
        query: query.to_string(),
        headers,
        body: Vec::new(),
    })
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack
        .windows(needle.len())
        .position(|window| window == needle)
}

/// Whether `host` (the request's `Host` header) names this server itself: `127.0.0.1:N`
/// or `localhost:N` with its own port. A page of another site that rebinds its name to
/// 127.0.0.1 sends its own name, and is refused.
pub(super) fn host_allowed(host: Option<&str>, port: u16) -> bool {
    let Some(host) = host else { return false };
    let Some((name, given_port)) = host.rsplit_once(':') else {
        return false;
    };
    given_port == port.to_string()
        && (name == "127.0.0.1" || name.eq_ignore_ascii_case("localhost"))
}

/// Whether the request comes from this server's own page, or from the learner typing
/// its address: any `Origin` is the server's own, and any `Sec-Fetch-Site` is
/// `same-origin` or `none`. A page of another site, or of another port of this machine
/// (which a browser calls `same-site`), gets nothing, whatever `Host` it sends.
pub(super) fn same_origin(request: &Request, port: u16) -> bool {
    let origin = request.header("origin").is_none_or(|origin| {
        origin
            .strip_prefix("http://")
            .is_some_and(|host| host_allowed(Some(host), port))
    });
    let site = request
        .header("sec-fetch-site")
        .is_none_or(|site| matches!(site, "same-origin" | "none"));
    origin && site
}

/// Whether the request carries the session's `token` (in its header, or for an event
/// stream, which cannot send one, as `?token=`), compared in constant time.
pub(super) fn token_allowed(request: &Request, token: &str) -> bool {
    let Some(given) = request
        .header(TOKEN_HEADER)
        .or_else(|| request.query_value("token"))
    else {
        return false;
    };
    given.len() == token.len()
        && given
            .bytes()
            .zip(token.bytes())
            .fold(0u8, |differ, (a, b)| differ | (a ^ b))
            == 0
}

/// What every response says besides its body: no caching, no sniffing, no framing, and
/// nothing loaded or run from elsewhere. No CORS header: other origins cannot read.
const SECURITY_HEADERS: &str = "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n\
Referrer-Policy: no-referrer\r\nX-Frame-Options: DENY\r\nContent-Security-Policy: \
default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'\r\n";

/// Writes a whole response and closes the exchange.
pub(super) fn respond(
    stream: &mut impl Write,
    status: u16,
    content_type: &str,
    body: &[u8],
) -> io::Result<()> {
    let head = format!(
        "HTTP/1.1 {status} {}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n\
         Connection: close\r\n{SECURITY_HEADERS}\r\n",
        reason_phrase(status),
        body.len()
    );
    stream.write_all(head.as_bytes())?;
    stream.write_all(body)?;
    stream.flush()
}

/// Starts a stream of server-sent events; the events follow as [`event`] writes them.
pub(super) fn start_events(stream: &mut impl Write) -> io::Result<()> {
    let head = format!(
        "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\n\
         Connection: close\r\n{SECURITY_HEADERS}\r\n"
    );
    stream.write_all(head.as_bytes())?;
    stream.flush()
}

/// One server-sent event named `name` with `data` (one line of JSON).
pub(super) fn event(stream: &mut impl Write, name: &str, data: &str) -> io::Result<()> {
    let mut text = format!("event: {name}\n");
    for line in data.lines() {
        text.push_str(&format!("data: {line}\n"));
    }
    text.push('\n');
    stream.write_all(text.as_bytes())?;
    stream.flush()
}

fn reason_phrase(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        409 => "Conflict",
        413 => "Content Too Large",
        421 => "Misdirected Request",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        501 => "Not Implemented",
        503 => "Service Unavailable",
        505 => "HTTP Version Not Supported",
        _ => "Status",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(bytes: &[u8]) -> Result<Option<Request>, Refused> {
        read_request(&mut &bytes[..]).unwrap()
    }

    #[test]
    fn a_request_is_read_with_its_headers_query_and_body() {
        let request = read(
            b"POST /api/try?exercise=3 HTTP/1.1\r\nHost: 127.0.0.1:8000\r\n\
              X-Xorlings-Token: abc\r\nContent-Length: 5\r\n\r\n3 4 5",
        )
        .unwrap()
        .unwrap();
        assert_eq!(request.method, "POST");
        assert_eq!(request.path, "/api/try");
        assert_eq!(request.query_value("exercise"), Some("3"));
        assert_eq!(request.header("host"), Some("127.0.0.1:8000"));
        assert_eq!(request.header(TOKEN_HEADER), Some("abc"));
        assert_eq!(request.body, b"3 4 5");
        assert_eq!(read(b""), Ok(None));
    }

    #[test]
    fn requests_past_a_bound_or_outside_http_are_refused() {
        let huge_head = format!("GET / HTTP/1.1\r\nX: {}\r\n\r\n", "a".repeat(MAX_HEAD));
        assert_eq!(read(huge_head.as_bytes()).unwrap_err().status, 431);
        // Never ending headers are cut at the bound too, not read forever.
        let endless = "a".repeat(MAX_HEAD * 4);
        assert_eq!(read(endless.as_bytes()).unwrap_err().status, 431);
        let big_body = format!(
            "POST / HTTP/1.1\r\nContent-Length: {}\r\n\r\n",
            MAX_BODY + 1
        );
        assert_eq!(read(big_body.as_bytes()).unwrap_err().status, 413);
        let chunked = b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n";
        assert_eq!(read(chunked).unwrap_err().status, 501);
        assert_eq!(read(b"GET /\r\n\r\n").unwrap_err().status, 400);
        assert_eq!(
            read(b"GET http://x/ HTTP/1.1\r\n\r\n").unwrap_err().status,
            400
        );
        assert_eq!(read(b"GET / HTTP/2\r\n\r\n").unwrap_err().status, 505);
        assert_eq!(
            read(b"GET / HTTP/1.1\r\nno colon\r\n\r\n")
                .unwrap_err()
                .status,
            400
        );
        assert_eq!(read(b"GET / HTTP/1.1\r\nHost: x").unwrap_err().status, 400);
    }

    #[test]
    fn only_this_servers_own_host_is_allowed() {
        assert!(host_allowed(Some("127.0.0.1:8000"), 8000));
        assert!(host_allowed(Some("localhost:8000"), 8000));
        assert!(host_allowed(Some("LocalHost:8000"), 8000));
        assert!(!host_allowed(Some("127.0.0.1:8001"), 8000));
        assert!(!host_allowed(Some("127.0.0.1"), 8000));
        assert!(!host_allowed(Some("evil.example:8000"), 8000));
        assert!(!host_allowed(Some("localhost.evil.example:8000"), 8000));
        assert!(!host_allowed(Some("127.0.0.1.nip.io:8000"), 8000));
        assert!(!host_allowed(Some("[::1]:8000"), 8000));
        assert!(!host_allowed(Some(""), 8000));
        assert!(!host_allowed(None, 8000));
    }

    #[test]
    fn only_the_sessions_token_is_allowed() {
        let with = |token: Option<&str>| Request {
            method: "POST".into(),
            path: "/api/try".into(),
            query: String::new(),
            headers: token
                .map(|t| vec![(TOKEN_HEADER.to_string(), t.to_string())])
                .unwrap_or_default(),
            body: Vec::new(),
        };
        let token = "0123456789abcdef0123456789abcdef";
        assert!(token_allowed(&with(Some(token)), token));
        assert!(!token_allowed(&with(None), token));
        assert!(!token_allowed(&with(Some("")), token));
        assert!(!token_allowed(&with(Some(&token[1..])), token));
        assert!(!token_allowed(
            &with(Some("1123456789abcdef0123456789abcdef")),
            token
        ));
    }

    #[test]
    fn responses_carry_no_cors_header_and_a_strict_policy() {
        let mut out = Vec::new();
        respond(&mut out, 403, "text/plain", b"no").unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with("HTTP/1.1 403 Forbidden\r\n"), "{text}");
        assert!(text.contains("Content-Length: 2\r\n"));
        assert!(text.contains("script-src 'self'"));
        assert!(
            !text.to_ascii_lowercase().contains("access-control"),
            "{text}"
        );
        assert!(text.ends_with("\r\n\r\nno"));
    }
}
