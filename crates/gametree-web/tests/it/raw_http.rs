//! Malformed HTTP (issue #46): raw bytes over a TCP socket to a server on 127.0.0.1. Every
//! error the server answers has the JSON body `{"error": "..."}` of its other errors, those
//! hyper answers before the router sees the request (a request head it cannot read: 400,
//! 431, 414) included, and the framework's rejections of a body (malformed JSON, too large,
//! a broken chunked encoding).

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use gametree_web::{raw_errors, ServerConfig};
use serde_json::Value;

use crate::start;

/// Sends `bytes` on a new connection and reads until the server closes it (at most 20 s).
fn raw(addr: SocketAddr, bytes: &[u8]) -> Vec<u8> {
    let mut s = TcpStream::connect(addr).expect("connects");
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    // A server that refuses a head may close before reading all of it.
    let _ = s.write_all(bytes);
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    out
}

/// One answer: its status, its head (lower case) and its body.
struct Answer {
    status: u16,
    head: String,
    body: Vec<u8>,
}

/// The answers in `bytes`, each read by its `content-length`.
fn answers(mut bytes: &[u8]) -> Vec<Answer> {
    let mut out = Vec::new();
    while !bytes.is_empty() {
        let end = bytes
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .unwrap_or_else(|| panic!("no answer head in {:?}", String::from_utf8_lossy(bytes)));
        let head = String::from_utf8_lossy(&bytes[..end]).to_ascii_lowercase();
        let status = head
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("no status in {head:?}"));
        let length: usize = head
            .lines()
            .find_map(|l| l.strip_prefix("content-length:"))
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or_else(|| panic!("no content-length in {head:?}"));
        let body = bytes[end + 4..end + 4 + length].to_vec();
        bytes = &bytes[end + 4 + length..];
        out.push(Answer { status, head, body });
    }
    out
}

/// Checks that `a` is an error with `status` and the server's JSON error body: a JSON
/// object with one key, `error`, a one-line text holding every one of `words`.
fn json_error(case: &str, a: &Answer, status: u16, words: &[&str]) {
    let body = String::from_utf8_lossy(&a.body);
    assert_eq!(a.status, status, "{case}: {} {body}", a.head);
    assert!(
        a.head.contains("content-type: application/json"),
        "{case}: {}",
        a.head
    );
    let v: Value = serde_json::from_slice(&a.body)
        .unwrap_or_else(|e| panic!("{case}: the body is not JSON ({e}): {body:?}"));
    let object = v.as_object().unwrap_or_else(|| panic!("{case}: {v}"));
    assert_eq!(object.len(), 1, "{case}: {v}");
    let text = v["error"].as_str().unwrap_or_else(|| panic!("{case}: {v}"));
    assert!(!text.is_empty() && !text.contains('\n'), "{case}: {text:?}");
    for w in words {
        assert!(text.contains(w), "{case}: {w:?} not in {text:?}");
    }
}

/// A request head with `headers` more lines after `Host`.
fn head_with(headers: &str) -> Vec<u8> {
    format!("GET /api/limits HTTP/1.1\r\nHost: x\r\n{headers}\r\n").into_bytes()
}

#[test]
fn request_heads_hyper_cannot_read_get_json_errors() {
    let addr = start(ServerConfig::default());
    let many: String = (0..5_000).map(|i| format!("X-{i}: y\r\n")).collect();
    // hyper refuses a head once its buffer is full without a whole head (a head just over
    // the buffer may still be read whole by the last read).
    let huge = format!("X-Big: {}\r\n", "a".repeat(2 * raw_errors::MAX_HEAD_BYTES));
    let long_path = format!(
        "GET /{} HTTP/1.1\r\nHost: x\r\n\r\n",
        "a".repeat(raw_errors::MAX_URI_BYTES + 10)
    );
    let bad = "malformed request head";
    let cases: Vec<(&str, Vec<u8>, u16, &str)> = vec![
        ("garbage", b"GARBAGE\r\n\r\n".to_vec(), 400, bad),
        ("binary", b"\x00\x01\x02\xff\r\n\r\n".to_vec(), 400, bad),
        (
            "a method with a NUL",
            b"G\x00T / HTTP/1.1\r\nHost: x\r\n\r\n".to_vec(),
            400,
            bad,
        ),
        (
            "no version",
            b"GET /api/limits\r\nHost: x\r\n\r\n".to_vec(),
            400,
            bad,
        ),
        (
            "HTTP/9.9",
            b"GET /api/limits HTTP/9.9\r\nHost: x\r\n\r\n".to_vec(),
            400,
            bad,
        ),
        ("a header without colon", head_with("bad header\r\n"), 400, bad),
        (
            "a space before the colon",
            head_with("Host : x\r\n"),
            400,
            bad,
        ),
        (
            "a content length in words",
            b"POST /api/play HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n".to_vec(),
            400,
            bad,
        ),
        (
            "two content lengths",
            b"POST /api/play HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}"
                .to_vec(),
            400,
            bad,
        ),
        (
            "a content length beyond 2^64",
            b"POST /api/play HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999\r\n\r\n"
                .to_vec(),
            400,
            bad,
        ),
        (
            "a transfer encoding other than chunked",
            b"POST /api/play HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n".to_vec(),
            400,
            bad,
        ),
        (
            "5,000 headers",
            head_with(&many),
            431,
            "at most 100 headers",
        ),
        (
            "a head over hyper's buffer",
            head_with(&huge),
            431,
            "too large",
        ),
        ("a path over 65,534 bytes", long_path.into_bytes(), 414, "too long"),
    ];
    for (case, bytes, status, words) in &cases {
        let out = raw(addr, bytes);
        let all = answers(&out);
        assert_eq!(all.len(), 1, "{case}: {}", String::from_utf8_lossy(&out));
        json_error(case, &all[0], *status, &[words]);
        assert!(all[0].head.contains("connection: close"), "{case}");
    }
    // The server still answers.
    let (status, _) = crate::request(addr, "GET", "/api/limits", b"");
    assert_eq!(status, 200);
}

#[test]
fn a_malformed_request_after_a_good_one_on_the_same_connection_gets_a_json_error() {
    let addr = start(ServerConfig::default());
    let mut bytes = b"GET /api/limits HTTP/1.1\r\nHost: x\r\n\r\n".to_vec();
    bytes.extend_from_slice(b"GARBAGE / HTTP/1.1\r\nHost x\r\n\r\n");
    let out = raw(addr, &bytes);
    let all = answers(&out);
    assert_eq!(all.len(), 2, "{}", String::from_utf8_lossy(&out));
    assert_eq!(all[0].status, 200);
    json_error(
        "the second request",
        &all[1],
        400,
        &["malformed request head"],
    );
}

#[test]
fn bodies_the_framework_refuses_get_json_errors() {
    let addr = start(ServerConfig {
        max_body_bytes: 1000,
        ..ServerConfig::default()
    });
    let post = |extra: &str, body: &[u8]| {
        let mut b =
            format!("POST /api/play HTTP/1.1\r\nHost: x\r\nConnection: close\r\n{extra}\r\n")
                .into_bytes();
        b.extend_from_slice(body);
        b
    };
    let json = br#"{"game": "tictactoe", "moves": ["5"]}"#;
    let too_large = vec![b' '; 5000];
    let cases: Vec<(&str, Vec<u8>, u16, &str)> = vec![
        (
            "malformed JSON",
            post("Content-Length: 9\r\n", b"{\"game\": "),
            400,
            "request body",
        ),
        (
            "a body over the limit",
            post(
                &format!("Content-Length: {}\r\n", too_large.len()),
                &too_large,
            ),
            413,
            "length limit",
        ),
        (
            "a chunked body over the limit",
            post(
                "Transfer-Encoding: chunked\r\n",
                format!("1388\r\n{}\r\n0\r\n\r\n", " ".repeat(5000)).as_bytes(),
            ),
            413,
            "length limit",
        ),
        (
            "a broken chunked body",
            post("Transfer-Encoding: chunked\r\n", b"zz\r\n{}\r\n0\r\n\r\n"),
            400,
            "request body",
        ),
    ];
    for (case, bytes, status, words) in &cases {
        let out = raw(addr, bytes);
        let all = answers(&out);
        assert_eq!(all.len(), 1, "{case}: {}", String::from_utf8_lossy(&out));
        json_error(case, &all[0], *status, &[words]);
    }
    // The content type is not checked (`curl -d` sends a form's): any type with a JSON body
    // is read as JSON.
    for kind in [
        "text/plain",
        "application/x-www-form-urlencoded",
        "image/png",
    ] {
        let out = raw(
            addr,
            &post(
                &format!("Content-Type: {kind}\r\nContent-Length: {}\r\n", json.len()),
                json,
            ),
        );
        let all = answers(&out);
        assert_eq!(
            all[0].status,
            200,
            "{kind}: {}",
            String::from_utf8_lossy(&out)
        );
        let v: Value = serde_json::from_slice(&all[0].body).unwrap();
        assert_eq!(v["position"]["to_move"], 1, "{kind}: {v}");
    }
}
