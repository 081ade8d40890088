//! The integration tests of gametree-web: one binary, a server per test on an ephemeral
//! loopback port, spoken to over plain HTTP/1.1.

// One test alone in a child process: the run crate's helper, shared by path.
#[path = "../../../gametree-run/tests/it/alone.rs"]
mod alone;
mod api;
mod builds;
mod hardening;
mod live;
mod oracle;
mod raw_http;
mod records;
mod routes;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::mpsc;

use gametree_web::ServerConfig;
use serde_json::Value;

/// Starts a server with `cfg` (its port replaced by 0) on a background thread; returns the
/// address it bound.
pub fn start(cfg: ServerConfig) -> SocketAddr {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let cfg = ServerConfig { port: 0, ..cfg };
        gametree_web::run(cfg, |addr| tx.send(addr).expect("the test waits")).expect("serves");
    });
    rx.recv().expect("the server binds")
}

/// One request; returns the status and the body.
pub fn request(addr: SocketAddr, method: &str, path: &str, body: &[u8]) -> (u16, Vec<u8>) {
    let (status, _, body) = response(addr, method, path, body);
    (status, body)
}

/// One request; returns the status, the response head (lower case) and the body (chunked
/// transfer undone).
pub fn response(addr: SocketAddr, method: &str, path: &str, body: &[u8]) -> (u16, String, Vec<u8>) {
    let mut s = TcpStream::connect(addr).expect("connects");
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).expect("writes");
    // A server refusing a large body may close before reading all of it.
    let _ = s.write_all(body);
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    let text_end = out
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a response head");
    let head = String::from_utf8_lossy(&out[..text_end]).to_ascii_lowercase();
    let status: u16 = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status");
    let mut body = out[text_end + 4..].to_vec();
    if head.contains("transfer-encoding: chunked") {
        body = dechunk(&body);
    }
    (status, head, body)
}

/// The body of a chunked response.
fn dechunk(mut b: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let Some(eol) = b.windows(2).position(|w| w == b"\r\n") else {
            return out;
        };
        let n = usize::from_str_radix(String::from_utf8_lossy(&b[..eol]).trim(), 16).unwrap_or(0);
        if n == 0 {
            return out;
        }
        out.extend_from_slice(&b[eol + 2..eol + 2 + n]);
        b = &b[eol + 4 + n..];
    }
}

/// A JSON request; returns the status and the parsed body.
pub fn json(addr: SocketAddr, method: &str, path: &str, body: &Value) -> (u16, Value) {
    let bytes = if body.is_null() {
        Vec::new()
    } else {
        serde_json::to_vec(body).expect("serialises")
    };
    let (status, out) = request(addr, method, path, &bytes);
    let v = serde_json::from_slice(&out)
        .unwrap_or_else(|e| panic!("{path}: not JSON ({e}): {}", String::from_utf8_lossy(&out)));
    (status, v)
}
