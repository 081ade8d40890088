//! Property tests over every route of the server: seeded random requests (valid requests
//! mutated: fields removed, unknown fields added, values replaced by arbitrary JSON, wrong
//! types, huge and negative numbers, long strings with control characters; and bodies that
//! are not JSON, truncated, deeply nested or not objects; wrong methods and unknown paths).
//! Every answer is 200 or a 4xx with a one-line `{"error": ...}` body: never a 5xx, a
//! dropped connection (a panic) or a hang. The server runs on loopback with small caps, and
//! the number of requests is fixed, so the test is bounded in time.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use gametree::rng::SplitMix64;
use gametree::search::Searcher;
use gametree_games::registry;
use gametree_web::ServerConfig;
use serde_json::{json, Map, Value};

use crate::start;

/// How long one answer may take before the test calls it a hang (the server's time cap is
/// 300 ms; a loaded machine gets a wide margin).
const HANG: Duration = Duration::from_secs(20);

/// One request with a read timeout: the status, the response head (lower case) and the
/// body; an error for a connection closed without an answer or a timeout.
fn call(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: &[u8],
) -> Result<(u16, String, Vec<u8>), String> {
    let mut s = TcpStream::connect(addr).map_err(|e| format!("connect: {e}"))?;
    s.set_read_timeout(Some(HANG)).map_err(|e| e.to_string())?;
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes())
        .map_err(|e| format!("write: {e}"))?;
    let _ = s.write_all(body);
    let mut out = Vec::new();
    s.read_to_end(&mut out)
        .map_err(|e| format!("no complete answer within {HANG:?}: {e}"))?;
    let end = out
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or_else(|| format!("no response head: {:?}", String::from_utf8_lossy(&out)))?;
    let head = String::from_utf8_lossy(&out[..end]).to_ascii_lowercase();
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or("no status")?;
    let mut body = out[end + 4..].to_vec();
    if head.contains("transfer-encoding: chunked") {
        body = dechunk(&body);
    }
    Ok((status, head, body))
}

/// The body of a chunked response.
fn dechunk(mut b: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(eol) = b.windows(2).position(|w| w == b"\r\n") {
        let n = usize::from_str_radix(String::from_utf8_lossy(&b[..eol]).trim(), 16).unwrap_or(0);
        if n == 0 || b.len() < eol + 2 + n {
            break;
        }
        out.extend_from_slice(&b[eol + 2..eol + 2 + n]);
        b = &b[(eol + 4 + n).min(b.len())..];
    }
    out
}

/// Checks one answer; returns what is wrong with it.
fn judge(path: &str, status: u16, head: &str, body: &[u8]) -> Result<(), String> {
    let text = || {
        String::from_utf8_lossy(body)
            .chars()
            .take(300)
            .collect::<String>()
    };
    if status >= 500 || !(status == 200 || (400..500).contains(&status)) {
        return Err(format!("status {status}: {}", text()));
    }
    if status != 200 {
        let v: Value = serde_json::from_slice(body)
            .map_err(|e| format!("{status} without a JSON body ({e}): {}", text()))?;
        let e = v["error"]
            .as_str()
            .ok_or_else(|| format!("{status} without an error: {v}"))?;
        if e.is_empty() || e.chars().count() > 2_100 || e.chars().any(char::is_control) {
            return Err(format!("{status}: a bad error text: {e:?}"));
        }
        return Ok(());
    }
    if path == "/api/play/stream" {
        // The stream must end with its `done` event: a failure after the stream started is
        // what the server refuses before starting it.
        let t = String::from_utf8_lossy(body);
        let last = t.lines().rev().find(|l| l.starts_with("event:"));
        if !head.contains("text/event-stream") || last != Some("event: done") {
            return Err(format!("a stream not ending with done: {last:?}"));
        }
    } else if path.starts_with("/api/") && !path.starts_with("/api/examples/") {
        serde_json::from_slice::<Value>(body).map_err(|e| format!("200 not JSON: {e}"))?;
    }
    Ok(())
}

/// A random string: empty, long, with control characters and quotes, or from `pool`.
fn string(rng: &mut SplitMix64, pool: &[String]) -> String {
    match rng.below(8) {
        0 => String::new(),
        1 => "x".repeat(1 + rng.below(20_000) as usize),
        2 => "tic\u{1b}[2J\"tac\n\u{0}toe`".to_string(),
        3 => format!("{}", rng.next_u64()),
        4 => "é😀\u{202e}∞".repeat(1 + rng.below(50) as usize),
        _ => pool[rng.below(pool.len() as u64) as usize].clone(),
    }
}

/// A number at an edge: 0, 1, the ends of the integer types, negative, fractional, huge.
fn number(rng: &mut SplitMix64) -> Value {
    let edges = [
        json!(0),
        json!(1),
        json!(2),
        json!(-1),
        json!(u32::MAX),
        json!(u32::MAX as u64 + 1),
        json!(u64::MAX),
        json!(i64::MIN),
        json!(1e300),
        json!(0.5),
        json!(-0.0),
        json!(9_007_199_254_740_993u64),
        json!(10_000),
        json!(10_001),
        json!(20_000),
        json!(20_001),
    ];
    if rng.below(4) == 0 {
        json!(rng.below(100))
    } else {
        edges[rng.below(edges.len() as u64) as usize].clone()
    }
}

/// Arbitrary JSON, at most `depth` levels deep.
fn any(rng: &mut SplitMix64, pool: &[String], depth: u32) -> Value {
    match rng.below(if depth == 0 { 4 } else { 6 }) {
        0 => Value::Null,
        1 => json!(rng.below(2) == 0),
        2 => number(rng),
        3 => json!(string(rng, pool)),
        4 => Value::Array(
            (0..rng.below(4))
                .map(|_| any(rng, pool, depth - 1))
                .collect(),
        ),
        _ => {
            let mut m = Map::new();
            for _ in 0..rng.below(4) {
                m.insert(string(rng, pool), any(rng, pool, depth - 1));
            }
            Value::Object(m)
        }
    }
}

/// The names a field may take: the games, algorithms, moves and positions worth trying.
fn pool() -> Vec<String> {
    let mut p: Vec<String> = registry::entries()
        .iter()
        .map(|e| e.listing.default_spec.to_string())
        .collect();
    p.extend(Searcher::all().iter().map(|s| s.name().to_string()));
    p.extend(
        [
            "random(players=3,b=30,d=30,leaf=cutpoints,seed=1)",
            "random(players=2,b=65536,d=1000)",
            "random(players=6,b=1,d=1000)",
            "chinese-checkers(players=6,board=121)",
            "chess4(cap=400)",
            "connect-four",
            "4",
            "44444",
            "1",
            "e2",
            "x",
            "nosuch",
            "maxn",
            "alphabeta",
            "korf-1991-fig3-shallow-pruning",
        ]
        .map(String::from),
    );
    p
}

/// A valid request of `route` to start from.
fn template(route: &str, rng: &mut SplitMix64, pool: &[String]) -> Value {
    let tree: Value = serde_json::from_str(
        gametree_web::examples::get("korf-1991-fig3-shallow-pruning").unwrap(),
    )
    .unwrap();
    let game = [
        "tictactoe",
        "connect-four",
        "random(players=3,b=3,d=4,seed=1)",
        "rolit(players=3)",
    ][rng.below(4) as usize];
    let algorithm = [
        "maxn",
        "alphabeta",
        "paranoid",
        "speculative",
        "brs",
        "shallow",
    ][rng.below(6) as usize];
    match route {
        "/api/search" => {
            if rng.below(3) == 0 {
                json!({"tree": tree, "algorithm": algorithm, "trace": true})
            } else {
                json!({"game": game, "algorithm": algorithm, "depth": 1 + rng.below(4),
                       "iterative": rng.below(2) == 0, "trace": rng.below(2) == 0})
            }
        }
        "/api/draw" => {
            if rng.below(3) == 0 {
                json!({"tree": tree, "algorithm": algorithm})
            } else {
                json!({"game": game, "algorithm": algorithm, "depth": 1 + rng.below(3)})
            }
        }
        _ => {
            let moves: Vec<String> = (0..rng.below(3)).map(|_| string(rng, pool)).collect();
            json!({"game": game, "moves": moves,
                   "engine": {"algorithm": algorithm, "time_ms": 1 + rng.below(200), "depth": 1 + rng.below(4)}})
        }
    }
}

/// The field names a request may carry (and some it may not).
const FIELDS: &[&str] = &[
    "tree",
    "game",
    "position",
    "algorithm",
    "depth",
    "nodes",
    "time_ms",
    "iterative",
    "trace",
    "trace_limit",
    "max_nodes",
    "moves",
    "engine",
    "colour",
];

/// `v` with up to three random changes (none a quarter of the time, so that searches are
/// reached too).
fn mutate(mut v: Value, rng: &mut SplitMix64, pool: &[String]) -> Value {
    let changes = if rng.below(4) == 0 {
        0
    } else {
        1 + rng.below(3)
    };
    for _ in 0..changes {
        // The object changed: the request, or its engine.
        let target = if v.get("engine").is_some_and(Value::is_object) && rng.below(3) == 0 {
            v.get_mut("engine").unwrap()
        } else {
            &mut v
        };
        let Some(obj) = target.as_object_mut() else {
            break;
        };
        let key = if !obj.is_empty() && rng.below(2) == 0 {
            obj.keys()
                .nth(rng.below(obj.len() as u64) as usize)
                .unwrap()
                .clone()
        } else {
            FIELDS[rng.below(FIELDS.len() as u64) as usize].to_string()
        };
        match rng.below(6) {
            0 => {
                obj.remove(&key);
            }
            1 => {
                obj.insert(string(rng, pool), any(rng, pool, 2));
            }
            2 => {
                obj.insert(key, number(rng));
            }
            3 => {
                obj.insert(key, json!(string(rng, pool)));
            }
            _ => {
                obj.insert(key, any(rng, pool, 3));
            }
        }
    }
    v
}

/// A body that is not a JSON object, or not JSON at all.
fn odd_body(rng: &mut SplitMix64, valid: &Value) -> Vec<u8> {
    let text = valid.to_string();
    match rng.below(7) {
        0 => Vec::new(),
        1 => text.as_bytes()[..rng.below(text.len() as u64) as usize].to_vec(),
        2 => (0..rng.below(200)).map(|_| rng.next_u64() as u8).collect(),
        3 => format!("{}{}", "[".repeat(5_000), "]".repeat(5_000)).into_bytes(),
        4 => b"[1, 2, 3]".to_vec(),
        5 => format!("{{\"depth\": 1{}}}", "0".repeat(400)).into_bytes(),
        _ => format!("{text}{text}").into_bytes(),
    }
}

/// What the requests got.
#[derive(Default)]
struct Tally {
    failures: Vec<String>,
    statuses: std::collections::BTreeMap<u16, u32>,
    sent: usize,
}

impl Tally {
    fn record(&mut self, what: String, got: Result<(u16, String, Vec<u8>), String>, path: &str) {
        self.sent += 1;
        match got {
            Ok((status, head, body)) => {
                *self.statuses.entry(status).or_insert(0) += 1;
                if let Err(e) = judge(path, status, &head, &body) {
                    self.failures.push(format!("{what}: {e}"));
                }
            }
            Err(e) => self.failures.push(format!("{what}: {e}")),
        }
    }
}

#[test]
fn every_route_answers_200_or_a_json_4xx_to_random_requests() {
    let addr = start(ServerConfig {
        max_time_ms: 300,
        max_nodes: 200_000,
        queue_ms: 10_000,
        ..ServerConfig::default()
    });
    let pool = pool();
    let mut rng = SplitMix64::new(0x0a11_2025);
    let clock = Instant::now();
    let mut tally = Tally::default();
    // The POST routes: mutated requests, and bodies that are not requests.
    for route in ["/api/search", "/api/draw", "/api/play", "/api/play/stream"] {
        for i in 0..250 {
            let valid = template(route, &mut rng, &pool);
            let body = if i % 10 == 9 {
                odd_body(&mut rng, &valid)
            } else {
                serde_json::to_vec(&mutate(valid, &mut rng, &pool)).unwrap()
            };
            let shown: String = String::from_utf8_lossy(&body).chars().take(300).collect();
            let got = call(addr, "POST", route, &body);
            tally.record(format!("POST {route} {shown}"), got, route);
        }
    }
    // Every route with every method, and paths that are not routes.
    let names = [
        "korf-1991-fig3-shallow-pruning",
        "..%2F..%2FCargo.toml",
        "%FF%FE",
        "x",
    ];
    let mut paths: Vec<String> = [
        "/",
        "/app.js",
        "/style.css",
        "/api/list",
        "/api/examples",
        "/api/limits",
        "/api/search",
        "/api/draw",
        "/api/play",
        "/api/play/stream",
        "/api",
        "/api/",
        "/nosuch",
        "/api/examples/",
    ]
    .map(String::from)
    .to_vec();
    paths.extend(names.iter().map(|n| format!("/api/examples/{n}")));
    paths.push(format!("/{}", "z".repeat(5_000)));
    for path in &paths {
        for method in ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"] {
            let body = if method == "GET" || method == "HEAD" {
                Vec::new()
            } else {
                mutate(
                    json!({"game": "tictactoe", "algorithm": "maxn", "depth": 1}),
                    &mut rng,
                    &pool,
                )
                .to_string()
                .into_bytes()
            };
            let got = call(addr, method, path, &body);
            if method == "HEAD" {
                // A HEAD answer has a head only: its status is judged.
                let ok = matches!(&got, Ok((status, _, _)) if *status == 200 || (400..500).contains(status));
                if !ok {
                    tally
                        .failures
                        .push(format!("HEAD {path}: {:?}", got.map(|g| g.0)));
                }
                continue;
            }
            tally.record(format!("{method} {path}"), got, path);
        }
    }
    let Tally {
        failures,
        statuses,
        sent,
    } = tally;
    assert!(
        failures.is_empty(),
        "{} of {sent} requests went wrong:\n{}",
        failures.len(),
        failures.join("\n")
    );
    // The requests reached the searches, not only the parser.
    assert!(
        statuses.get(&200).copied().unwrap_or(0) > 80,
        "{statuses:?}"
    );
    assert!(
        clock.elapsed() < Duration::from_secs(300),
        "{:?}",
        clock.elapsed()
    );
}
