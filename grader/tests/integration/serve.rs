//! `grader serve`, the real server over TCP: who it answers and what it serves (the page
//! in a real browser is tested end to end, in `tests/e2e/browser.rs`).

use crate::common::Workbook;
use crate::common::server::Server;

#[test]
fn a_foreign_host_or_a_missing_token_is_refused() {
    let workbook = Workbook::new();
    let server = Server::start(&workbook);
    let own = format!("127.0.0.1:{}", server.port);
    assert_eq!(server.get("/", &own).0, 200);
    assert_eq!(
        server.get("/", &format!("localhost:{}", server.port)).0,
        200
    );
    // DNS rebinding: another site's name pointed at 127.0.0.1.
    for host in [
        format!("evil.example:{}", server.port),
        format!("127.0.0.1:{}", server.port + 1),
        "127.0.0.1".to_string(),
    ] {
        let (status, _) = server.get("/api/state", &host);
        assert_eq!(status, 421, "Host: {host}");
    }
    let (status, _) = server.raw("GET / HTTP/1.1\r\n\r\n");
    assert_eq!(status, 421, "no Host at all");
    // Code runs only with the page's token.
    let token = server.token();
    let input = r#"{"input": "3 4 5"}"#;
    assert_eq!(server.post("/api/try", None, input).0, 403);
    assert_eq!(server.post("/api/try", Some(&"0".repeat(32)), input).0, 403);
    assert_eq!(server.post("/api/play", None, r#"{"move": [1, 1]}"#).0, 403);
    assert_eq!(
        server.post("/api/current", None, r#"{"exercise": 2}"#).0,
        403
    );
    let (status, tried) = server.post("/api/try", Some(&token), input);
    assert_eq!(status, 200, "{tried}");
    assert!(tried.contains("not yet implemented"), "{tried}");
    // Nothing but the lessons and the page's own files.
    assert_eq!(server.get("/api/lesson?exercise=99", &own).0, 404);
    assert_eq!(server.get("/../workbook.toml", &own).0, 404);
    assert_eq!(server.get("/exercises/xor_all/src/lib.rs", &own).0, 404);
    let (status, lesson) = server.get("/api/lesson?exercise=1", &own);
    assert_eq!(status, 200);
    assert!(lesson.starts_with("<h1 id=\"the-nim-sum\">"), "{lesson}");
}
