//! Regressions of the third hardening round (issue 25), one test per defect: the trace cap
//! (defect 3), engine fields out of range (defect 7), and the server's messages (defect 9).

use std::time::{Duration, Instant};

use gametree_web::{error_text, ServerConfig};
use serde_json::{json, Value};

use crate::{json, request, response, start};

/// The tree of the issue: 30 moves per node, 30 plies deep, three players.
const WIDE: &str = "random(players=3,b=30,d=30,leaf=cutpoints,seed=1)";

#[test]
fn an_unbounded_trace_limit_is_refused_and_a_capped_trace_fits_the_time_cap() {
    let max_time_ms = 2_000;
    let addr = start(ServerConfig {
        max_time_ms,
        ..ServerConfig::default()
    });
    let (_, limits) = json(addr, "GET", "/api/limits", &Value::Null);
    let max_trace = limits["max_trace"].as_u64().expect("max_trace reported");
    assert_eq!(max_trace, gametree_web::DEFAULT_MAX_TRACE, "{limits}");
    // The request: a trace limit of 2^64 - 1. Refused at once, naming the field and
    // its range (it used to answer 55 MB after 13 s).
    for algorithm in ["maxn", "speculative", "paranoid"] {
        let clock = Instant::now();
        let (status, v) = json(
            addr,
            "POST",
            "/api/search",
            &json!({"game": WIDE, "algorithm": algorithm, "trace": true,
                    "trace_limit": u64::MAX}),
        );
        assert_eq!(status, 400, "{v}");
        let e = v["error"].as_str().unwrap();
        assert!(
            e.contains("trace_limit") && e.contains(&format!("0 to {max_trace}")),
            "{e}"
        );
        assert!(
            clock.elapsed() < Duration::from_secs(1),
            "{:?}",
            clock.elapsed()
        );
    }
    // The largest trace allowed, on the same tree, searched as long as the cap allows: the
    // whole answer comes within the cap (and a little for the loopback and a loaded machine),
    // and the trace holds at most the cap.
    for algorithm in ["speculative", "paranoid"] {
        let clock = Instant::now();
        let (status, body) = request(
            addr,
            "POST",
            "/api/search",
            json!({"game": WIDE, "algorithm": algorithm, "trace": true, "iterative": true,
                   "trace_limit": max_trace})
            .to_string()
            .as_bytes(),
        );
        let took = clock.elapsed();
        let v: Value = serde_json::from_slice(&body).expect("JSON");
        assert_eq!(status, 200, "{v}");
        let trace = v["trace"].as_array().expect("a trace");
        assert!(trace.len() as u64 <= max_trace, "{}", trace.len());
        assert!(
            took < Duration::from_millis(max_time_ms + 750),
            "{algorithm}: {took:?} for {} bytes",
            body.len()
        );
    }
}

#[test]
fn a_trace_too_long_to_write_within_the_time_cap_is_refused_with_what_fits() {
    // Lines of 1,000 plies: 10,000 prunes of 1,000 moves cannot be written in 50 ms.
    let addr = start(ServerConfig {
        max_time_ms: 100,
        ..ServerConfig::default()
    });
    let deep = "random(players=2,b=2,d=1000,seed=3)";
    let (status, v) = json(
        addr,
        "POST",
        "/api/search",
        &json!({"game": deep, "algorithm": "alphabeta", "trace": true, "trace_limit": 10_000}),
    );
    assert_eq!(status, 400, "{v}");
    let e = v["error"].as_str().unwrap();
    assert!(e.starts_with("trace_limit: 10000 prunes"), "{e}");
    let fits: u64 = e
        .split("give trace_limit 0 to ")
        .nth(1)
        .and_then(|t| t.split(',').next())
        .and_then(|t| t.parse().ok())
        .unwrap_or_else(|| panic!("the largest trace_limit that fits: {e}"));
    assert!(fits > 0 && fits < 10_000, "{e}");
    // What it says fits is answered (the search stopped by the time left).
    let clock = Instant::now();
    let (status, v) = json(
        addr,
        "POST",
        "/api/search",
        &json!({"game": deep, "algorithm": "alphabeta", "trace": true, "trace_limit": fits,
                "iterative": true}),
    );
    assert_eq!(status, 200, "{v}");
    assert!(
        clock.elapsed() < Duration::from_millis(100 + 750),
        "{:?}",
        clock.elapsed()
    );
}

#[test]
fn engine_depth_zero_and_every_engine_field_out_of_range_is_a_400_before_any_stream() {
    let addr = start(ServerConfig::default());
    let max = gametree_run::stack::MAX_PLIES;
    let cases = [
        (
            json!({"depth": 0}),
            "engine.depth: 0 is out of range: give 1 to 10000",
        ),
        (
            json!({"depth": max + 1}),
            "engine.depth: 10001 is out of range",
        ),
        (
            json!({"depth": 1u64 << 40}),
            "engine.depth: 1099511627776 is out of range",
        ),
        (json!({"depth": -1}), "engine.depth: -1 is out of range"),
        (json!({"depth": 1.5}), "engine.depth: 1.5 is out of range"),
        (json!({"depth": "3"}), "engine.depth: invalid type"),
        (
            json!({"time_ms": 0}),
            "engine.time_ms: 0 is out of range: give 1 or more",
        ),
        (
            json!({"nodes": 0}),
            "engine.nodes: 0 is out of range: give 1 or more",
        ),
        (json!({"nodes": -5}), "engine.nodes: -5 is out of range"),
    ];
    for (fields, want) in cases {
        let mut engine = json!({"algorithm": "alphabeta", "time_ms": 200});
        for (k, v) in fields.as_object().unwrap() {
            engine[k] = v.clone();
        }
        let req = json!({"game": "connect-four", "moves": ["4"], "engine": engine});
        for route in ["/api/play", "/api/play/stream"] {
            let (status, head, body) = response(addr, "POST", route, req.to_string().as_bytes());
            assert!(!head.contains("event-stream"), "{route} {req}: {head}");
            let v: Value = serde_json::from_slice(&body).expect("a JSON error");
            assert_eq!(status, 400, "{route} {req}: {v}");
            let e = v["error"].as_str().unwrap();
            assert!(e.starts_with(want), "{route} {req}: {e}");
        }
    }
    // The library refuses depth 0 as well, with the same words.
    let req: gametree_web::PlayRequest = serde_json::from_value(
        json!({"game": "tictactoe", "engine": {"algorithm": "alphabeta", "depth": 0}}),
    )
    .unwrap();
    let e = gametree_web::play_json(&req, None).unwrap_err().to_string();
    assert!(e.starts_with("engine.depth: 0 is out of range"), "{e}");
    // The edges of the ranges are accepted.
    let (status, v) = json(
        addr,
        "POST",
        "/api/play",
        &json!({"game": "tictactoe", "engine": {"algorithm": "alphabeta", "depth": 1, "nodes": 1000, "time_ms": 1000}}),
    );
    assert_eq!(status, 200, "{v}");
}

#[test]
fn search_and_draw_numbers_out_of_range_name_their_field() {
    let addr = start(ServerConfig::default());
    for (route, req, want) in [
        (
            "/api/search",
            json!({"game": "tictactoe", "algorithm": "alphabeta", "depth": 10_001}),
            "depth: 10001 is out of range: give 0 to 10000",
        ),
        (
            "/api/search",
            json!({"game": "tictactoe", "algorithm": "alphabeta", "nodes": 0}),
            "nodes: 0 is out of range: give 1 or more",
        ),
        (
            "/api/search",
            json!({"game": "tictactoe", "algorithm": "alphabeta", "time_ms": 0}),
            "time_ms: 0 is out of range: give 1 or more",
        ),
        (
            "/api/search",
            json!({"game": "tictactoe", "algorithm": "alphabeta", "depth": "deep"}),
            "depth: invalid type",
        ),
        (
            "/api/draw",
            json!({"game": "tictactoe", "algorithm": "maxn", "depth": 65}),
            "depth: 65 is out of range: give 0 to 64",
        ),
        (
            "/api/draw",
            json!({"game": "tictactoe", "algorithm": "maxn", "depth": 2, "max_nodes": u64::MAX}),
            "max_nodes: 18446744073709551615 is out of range: give 1 to 20000",
        ),
    ] {
        let (status, v) = json(addr, "POST", route, &req);
        assert_eq!(status, 400, "{route} {req}: {v}");
        let e = v["error"].as_str().unwrap();
        assert!(e.starts_with(want), "{route} {req}: {e}");
    }
}

/// The error of a response that must be a JSON error with `status`.
fn error_of(status: u16, got: (u16, Vec<u8>), what: &str) -> String {
    let (s, body) = got;
    let v: Value = serde_json::from_slice(&body).unwrap_or_else(|e| {
        panic!(
            "{what}: not JSON ({e}): {:?}",
            String::from_utf8_lossy(&body)
        )
    });
    assert_eq!(s, status, "{what}: {v}");
    v["error"]
        .as_str()
        .unwrap_or_else(|| panic!("{what}: no error: {v}"))
        .to_string()
}

#[test]
fn every_framework_error_is_json_and_no_error_echoes_a_huge_input() {
    let addr = start(ServerConfig::default());
    // 405: a route asked with a method it does not answer, with the methods it does.
    for (method, path, allowed) in [
        ("GET", "/api/search", "POST"),
        ("DELETE", "/api/play", "POST"),
        ("POST", "/api/list", "GET"),
        ("PUT", "/api/limits", "GET"),
        ("POST", "/", "GET"),
        ("PATCH", "/api/examples/two-player-small", "GET"),
    ] {
        let (status, head, body) = response(addr, method, path, b"{}");
        let e = error_of(405, (status, body), &format!("{method} {path}"));
        assert!(
            e.contains(method) && e.contains("method not allowed") && e.contains(allowed),
            "{method} {path}: {e}"
        );
        assert!(head.contains("allow:"), "{method} {path}: {head}");
    }
    // 404, 413 and malformed JSON.
    let e = error_of(404, request(addr, "GET", "/nosuch", b""), "404");
    assert!(e.contains("GET \"/nosuch\""), "{e}");
    let big = vec![b' '; (1 << 20) + 1];
    error_of(413, request(addr, "POST", "/api/search", &big), "413");
    let e = error_of(
        400,
        request(addr, "POST", "/api/search", b"{\"game\": "),
        "syntax",
    );
    assert!(e.starts_with("request body:"), "{e}");
    // A rejected path: percent-encoding that is not UTF-8.
    error_of(
        400,
        request(addr, "GET", "/api/examples/%FF%FE", b""),
        "bad path",
    );
    // Huge inputs in every place an error may quote them: cut to about 100 characters.
    let huge = "x".repeat(500_000);
    let mut escape = "tic\u{1b}[2Jtac\ntoe".to_string();
    escape.push_str(&"y".repeat(1000));
    let cases = [
        ("/api/search", json!({"game": huge, "algorithm": "maxn"})),
        (
            "/api/search",
            json!({"game": "tictactoe", "algorithm": huge}),
        ),
        (
            "/api/search",
            json!({"game": "tictactoe", "algorithm": "maxn", "position": huge}),
        ),
        (
            "/api/search",
            json!({"game": "tictactoe", "algorithm": "maxn", "depth": huge}),
        ),
        (
            "/api/search",
            json!({"game": "tictactoe", "algorithm": "maxn", huge.clone(): 1}),
        ),
        ("/api/search", json!({"game": escape, "algorithm": "maxn"})),
        ("/api/play", json!({"game": "tictactoe", "moves": [huge]})),
        ("/api/play", json!({"game": huge})),
        (
            "/api/play",
            json!({"game": "tictactoe", "engine": {"algorithm": huge}}),
        ),
        (
            "/api/play/stream",
            json!({"game": "tictactoe", "moves": [escape]}),
        ),
        (
            "/api/draw",
            json!({"game": huge, "algorithm": "maxn", "depth": 1}),
        ),
        (
            "/api/draw",
            json!({"game": "tictactoe", "algorithm": huge, "depth": 1}),
        ),
    ];
    for (route, req) in cases {
        let e = error_of(
            400,
            request(addr, "POST", route, req.to_string().as_bytes()),
            route,
        );
        assert!(e.chars().count() < 1_000, "{route}: {} characters", e.len());
        assert!(
            !e.contains(&"x".repeat(error_text::MAX_QUOTED + 1)),
            "{route}: {e}"
        );
        assert!(
            !e.contains(&"y".repeat(error_text::MAX_QUOTED + 1)),
            "{route}: {e}"
        );
        assert!(!e.chars().any(char::is_control), "{route}: {e:?}");
    }
    // The escaped control characters are shown, not obeyed.
    let e = error_of(
        400,
        request(
            addr,
            "POST",
            "/api/search",
            json!({"game": "tic\u{1b}[2Jtactoe", "algorithm": "maxn"})
                .to_string()
                .as_bytes(),
        ),
        "escape",
    );
    assert!(e.contains("\\u{1b}[2J"), "{e}");
    // A long URL is quoted short too.
    let path = format!("/api/examples/{}", "z".repeat(8_000));
    let e = error_of(404, request(addr, "GET", &path, b""), "long example name");
    assert!(!e.contains(&"z".repeat(error_text::MAX_QUOTED + 1)), "{e}");
    let path = format!("/{}", "q".repeat(8_000));
    let (status, body) = request(addr, "GET", &path, b"");
    let e = error_of(404, (status, body), "long path");
    assert!(!e.contains(&"q".repeat(error_text::MAX_QUOTED + 1)), "{e}");
}
