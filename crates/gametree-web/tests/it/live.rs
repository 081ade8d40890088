//! `POST /api/play/stream`: the engine's iterations as Server-Sent Events, then what
//! `/api/play` answers; JSON errors before any stream; the caps; a closed stream stops its
//! search.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use gametree_web::ServerConfig;
use serde_json::{json, Value};

use crate::{json, request, response, start};

/// The events of an SSE body: (name, data as JSON); keep-alive comments skipped.
fn events(body: &[u8]) -> Vec<(String, Value)> {
    let text = String::from_utf8_lossy(body).replace("\r\n", "\n");
    let mut out = Vec::new();
    for block in text.split("\n\n") {
        let (mut name, mut data) = (String::from("message"), String::new());
        for line in block.lines() {
            if let Some(v) = line.strip_prefix("event:") {
                name = v.trim().to_string();
            } else if let Some(v) = line.strip_prefix("data:") {
                data.push_str(v.trim_start());
            }
        }
        if !data.is_empty() {
            let v = serde_json::from_str(&data)
                .unwrap_or_else(|e| panic!("event {name}: not JSON ({e}): {data}"));
            out.push((name, v));
        }
    }
    out
}

/// A whole stream: the status, the content type and the events.
fn stream(addr: SocketAddr, req: &Value) -> (u16, String, Vec<(String, Value)>) {
    let (status, head, body) =
        response(addr, "POST", "/api/play/stream", req.to_string().as_bytes());
    let kind = head
        .lines()
        .find_map(|l| l.strip_prefix("content-type:"))
        .unwrap_or("")
        .trim()
        .to_string();
    (status, kind, events(&body))
}

/// Drops what two runs of the same search may differ in: times and speeds.
fn untimed(v: &mut Value) {
    match v {
        Value::Object(m) => {
            for k in ["ms", "nps", "elapsed_ms", "at_unix_ms"] {
                m.remove(k);
            }
            m.values_mut().for_each(untimed);
        }
        Value::Array(a) => a.iter_mut().for_each(untimed),
        _ => {}
    }
}

#[test]
fn the_stream_sends_iterations_then_what_play_answers() {
    let addr = start(ServerConfig::default());
    let req = json!({"game": "connect-four", "moves": ["4"],
                     "engine": {"algorithm": "alphabeta", "depth": 6}});
    let (status, kind, evs) = stream(addr, &req);
    assert_eq!(status, 200, "{evs:?}");
    assert!(kind.starts_with("text/event-stream"), "{kind}");
    let (last, its) = evs.split_last().expect("events");
    assert_eq!(last.0, "done", "{evs:?}");
    assert_eq!(its.len(), 6, "one event per depth: {evs:?}");
    let mut depth = 0;
    for (name, it) in its {
        assert_eq!(name, "iteration");
        let d = it["depth"].as_u64().expect("a depth");
        assert!(d > depth, "depths increase: {its:?}");
        depth = d;
        for k in ["nodes", "nps", "ms", "at_unix_ms"] {
            assert!(it[k].is_u64(), "{k}: {it}");
        }
        assert!(
            it["value"].is_array() && !it["pv"].as_array().unwrap().is_empty(),
            "{it}"
        );
    }
    // The iterations streamed are those the answer lists, and the answer is /api/play's.
    let listed = last.1["engine"]["iterations"]
        .as_array()
        .expect("iterations");
    for ((_, streamed), listed) in its.iter().zip(listed) {
        let mut streamed = streamed.clone();
        streamed.as_object_mut().unwrap().remove("at_unix_ms");
        assert_eq!(&streamed, listed);
    }
    let (status, mut want) = json(addr, "POST", "/api/play", &req);
    assert_eq!(status, 200, "{want}");
    assert!(want["engine"]["iterations"][0]["nps"].is_u64(), "{want}");
    let mut got = last.1.clone();
    untimed(&mut got);
    untimed(&mut want);
    assert_eq!(got, want);
    // Without an engine the stream is the position alone, in one `done` event.
    let (status, _, evs) = stream(addr, &json!({"game": "tictactoe"}));
    assert_eq!(status, 200);
    assert_eq!(evs.len(), 1, "{evs:?}");
    assert_eq!(evs[0].0, "done");
    assert_eq!(evs[0].1["position"]["legal"].as_array().unwrap().len(), 9);
}

#[test]
fn a_bad_stream_request_is_a_json_error_before_any_stream() {
    let addr = start(ServerConfig::default());
    let (status, body) = request(addr, "POST", "/api/play/stream", b"not json");
    assert_eq!(status, 400);
    let v: Value = serde_json::from_slice(&body).expect("a JSON error");
    assert!(v["error"].as_str().unwrap().contains("request body"), "{v}");
    for (req, want) in [
        (
            json!({"game": "connect-four", "engine": {"algorithm": "nosuch"}}),
            "unknown algorithm",
        ),
        (
            json!({"game": "connect-four", "engine": {"algorithm": "mcts"}}),
            "mcts",
        ),
        (
            json!({"game": "nosuch", "engine": {"algorithm": "maxn"}}),
            "unknown game",
        ),
        (
            json!({"game": "tictactoe", "moves": ["zz"], "engine": {"algorithm": "maxn"}}),
            "zz",
        ),
        (
            json!({"game": "tictactoe", "engine": {"algorithm": "maxn", "colour": 1}}),
            "unknown field",
        ),
        // Not even depth 1 within one node: /api/play's error, before any stream.
        (
            json!({"game": "connect-four", "engine": {"algorithm": "alphabeta", "nodes": 1}}),
            "found no move",
        ),
    ] {
        let (status, kind, _) = stream(addr, &req);
        assert!(!kind.contains("event-stream"), "{req}: {kind}");
        let (status2, v) = json(addr, "POST", "/api/play/stream", &req);
        assert_eq!((status, status2), (400, 400), "{req}: {v}");
        let (_, play) = json(addr, "POST", "/api/play", &req);
        assert_eq!(v, play, "{req}: the same error as /api/play");
        assert!(v["error"].as_str().unwrap().contains(want), "{req}: {v}");
    }
}

#[test]
fn a_full_server_refuses_a_stream_with_429() {
    let addr = start(ServerConfig {
        max_searches: 1,
        queue_ms: 0,
        max_time_ms: 3_000,
        // No node cap: 50 million minimax nodes of connect four can take under a second.
        max_nodes: u64::MAX,
        ..ServerConfig::default()
    });
    let long = std::thread::spawn(move || {
        stream(
            addr,
            &json!({"game": "connect-four", "engine": {"algorithm": "minimax"}}),
        )
    });
    // The long search holds the only slot for 3 s once it runs.
    let clock = Instant::now();
    while running(addr) == 0 {
        assert!(
            clock.elapsed() < Duration::from_secs(2),
            "the long search never started"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    let small = json!({"game": "tictactoe", "engine": {"algorithm": "alphabeta", "depth": 1}});
    let (status, body) = request(
        addr,
        "POST",
        "/api/play/stream",
        small.to_string().as_bytes(),
    );
    let text = String::from_utf8_lossy(&body);
    assert_eq!(status, 429, "{text}");
    let v: Value = serde_json::from_slice(&body).unwrap_or_else(|e| panic!("{e}: {text}"));
    assert!(v["error"].as_str().unwrap().contains("busy"), "{v}");
    let (status, _, evs) = long.join().expect("no panic");
    assert_eq!(status, 200);
    assert_eq!(evs.last().map(|e| e.0.as_str()), Some("done"), "{evs:?}");
}

/// The server's searches running now (`GET /api/limits`).
fn running(addr: SocketAddr) -> u64 {
    let (_, v) = json(addr, "GET", "/api/limits", &Value::Null);
    v["searches_running"].as_u64().expect("searches_running")
}

#[test]
fn a_closed_stream_stops_its_search() {
    // A minute's time cap and no node cap: only the stop flag ends this search early.
    let addr = start(ServerConfig {
        max_time_ms: 60_000,
        max_nodes: u64::MAX,
        ..ServerConfig::default()
    });
    let body = json!({"game": "connect-four", "engine": {"algorithm": "minimax"}}).to_string();
    let mut s = TcpStream::connect(addr).expect("connects");
    let head = format!(
        "POST /api/play/stream HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).expect("writes");
    s.write_all(body.as_bytes()).expect("writes");
    // Read until two iterations have arrived: the stream is live.
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    while String::from_utf8_lossy(&got)
        .matches("event: iteration")
        .count()
        < 2
    {
        let n = s.read(&mut buf).expect("reads");
        assert!(n > 0, "the stream ended: {}", String::from_utf8_lossy(&got));
        got.extend_from_slice(&buf[..n]);
    }
    assert_eq!(running(addr), 1);
    drop(s);
    let clock = Instant::now();
    while running(addr) > 0 {
        assert!(
            clock.elapsed() < Duration::from_secs(5),
            "the search still runs {:?} after its client left",
            clock.elapsed()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    eprintln!("closed stream: search stopped after {:?}", clock.elapsed());
}

#[test]
fn the_time_cap_applies_to_the_stream() {
    let addr = start(ServerConfig {
        max_time_ms: 300,
        max_nodes: u64::MAX,
        ..ServerConfig::default()
    });
    let clock = Instant::now();
    let (status, _, evs) = stream(
        addr,
        &json!({"game": "connect-four", "engine": {"algorithm": "minimax", "time_ms": 60_000}}),
    );
    let took = clock.elapsed();
    assert_eq!(status, 200, "{evs:?}");
    assert!(took < Duration::from_secs(5), "answered after {took:?}");
    let (last, its) = evs.split_last().expect("events");
    assert_eq!(last.0, "done", "{evs:?}");
    assert!(!its.is_empty());
    for (_, it) in its {
        assert!(it["ms"].as_u64().unwrap() <= 1_000, "{it}");
    }
    // The node cap too: asking for more than the server's cap gets the cap.
    let addr = start(ServerConfig {
        max_nodes: 5_000,
        max_time_ms: 60_000,
        ..ServerConfig::default()
    });
    let (status, _, evs) = stream(
        addr,
        &json!({"game": "connect-four", "engine": {"algorithm": "minimax", "nodes": 1_000_000_000u64}}),
    );
    assert_eq!(status, 200, "{evs:?}");
    let (last, its) = evs.split_last().expect("events");
    assert_eq!(last.0, "done", "{evs:?}");
    for (_, it) in its {
        assert!(it["nodes"].as_u64().unwrap() <= 5_000, "{it}");
    }
    let nodes = last.1["engine"]["result"]["stats"]["nodes"]
        .as_u64()
        .unwrap();
    assert!(nodes <= 5_000, "{}", last.1);
}
