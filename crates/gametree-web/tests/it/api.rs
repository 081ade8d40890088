//! The API's guarantees: results equal to the library the CLI prints through, body limit,
//! caps, no path traversal, many concurrent searches, 429, play.

use gametree_run::search_job::{search_json, SearchRequest};
use gametree_web::ServerConfig;
use serde_json::{json, Value};

use crate::{json, request, start};

/// Drops the wall-clock time, the one field two runs of a search may differ in.
fn untimed(mut v: Value) -> Value {
    if let Some(s) = v.get_mut("stats").and_then(Value::as_object_mut) {
        s.remove("elapsed_ms");
    }
    v
}

fn tree(name: &str) -> Value {
    serde_json::from_str(gametree_web::examples::get(name).expect("bundled")).expect("JSON")
}

#[test]
fn search_equals_the_library_on_trees_and_games() {
    let addr = start(ServerConfig::default());
    let cases = [
        json!({"tree": tree("korf-1991-fig3-shallow-pruning"), "algorithm": "shallow", "trace": true}),
        json!({"tree": tree("korf-1991-fig6-deep-pruning"), "algorithm": "maxn", "trace": true}),
        json!({"tree": tree("sturtevant-2003-fig3-deep-pruning"), "algorithm": "speculative", "trace": true}),
        json!({"tree": tree("two-player-small"), "algorithm": "alphabeta", "trace": true}),
        json!({"game": "tictactoe", "position": "5", "algorithm": "alphabeta", "depth": 4}),
        json!({"game": "connect-four", "algorithm": "negamax", "depth": 5}),
        json!({"game": "random(players=3,b=3,d=4,seed=7)", "algorithm": "paranoid", "iterative": true, "depth": 4}),
        json!({"game": "chinese-checkers(players=3,board=73)", "algorithm": "brs", "depth": 2}),
    ];
    for case in cases {
        let (status, got) = json(addr, "POST", "/api/search", &case);
        assert_eq!(status, 200, "{case}: {got}");
        let req: SearchRequest = serde_json::from_value(case.clone()).expect("a request");
        let want = serde_json::to_value(search_json(&req, None).expect("searches")).unwrap();
        assert_eq!(untimed(got), untimed(want), "{case}");
    }
}

#[test]
fn bodies_over_the_limit_get_413() {
    let addr = start(ServerConfig {
        max_body_bytes: 4096,
        ..ServerConfig::default()
    });
    let big = format!(
        r#"{{"game": "tictactoe", "algorithm": "minimax", "position": "{}"}}"#,
        "x".repeat(5000)
    );
    let (status, body) = request(addr, "POST", "/api/search", big.as_bytes());
    assert_eq!(status, 413, "{}", String::from_utf8_lossy(&body));
    let v: Value = serde_json::from_slice(&body).expect("a JSON error");
    assert!(v["error"].as_str().is_some_and(|e| !e.is_empty()), "{v}");
    // The default limit is 1 MiB: a 2 MiB body is refused, a small one answered.
    let addr = start(ServerConfig::default());
    let pad = " ".repeat(2 << 20);
    let (status, _) = request(addr, "POST", "/api/search", pad.as_bytes());
    assert_eq!(status, 413);
    let (status, v) = json(
        addr,
        "POST",
        "/api/search",
        &json!({"game": "tictactoe", "algorithm": "alphabeta", "depth": 1}),
    );
    assert_eq!(status, 200, "{v}");
}

#[test]
fn a_search_without_limits_gets_the_caps() {
    let addr = start(ServerConfig {
        max_nodes: 2_000,
        max_time_ms: 60_000,
        ..ServerConfig::default()
    });
    // To the end of connect four is far beyond 2,000 nodes: stopped by the cap.
    let (status, v) = json(
        addr,
        "POST",
        "/api/search",
        &json!({"game": "connect-four", "algorithm": "alphabeta"}),
    );
    assert_eq!(status, 422, "{v}");
    assert!(v["error"].as_str().unwrap().contains("node limit"), "{v}");
    // Asking for more than the cap gets the cap: iterative deepening returns the last
    // depth completed within 2,000 nodes.
    let (status, v) = json(
        addr,
        "POST",
        "/api/search",
        &json!({"game": "connect-four", "algorithm": "alphabeta", "iterative": true, "nodes": 1_000_000_000_000u64}),
    );
    assert_eq!(status, 200, "{v}");
    assert!(v["stats"]["nodes"].as_u64().unwrap() <= 2_000, "{v}");
    assert!(v["stats"]["depth"].as_u64().unwrap() >= 1, "{v}");
    // The time cap: a 200 ms server stops a long search well before the 60 s asked for.
    let addr = start(ServerConfig {
        max_time_ms: 200,
        ..ServerConfig::default()
    });
    let t = std::time::Instant::now();
    let (status, v) = json(
        addr,
        "POST",
        "/api/search",
        &json!({"game": "connect-four", "algorithm": "minimax", "iterative": true, "time_ms": 60_000}),
    );
    assert_eq!(status, 200, "{v}");
    assert!(t.elapsed().as_secs() < 20, "the time cap applied");
    let (_, limits) = json(addr, "GET", "/api/limits", &Value::Null);
    assert_eq!(limits["max_time_ms"], 200);
}

#[test]
fn only_bundled_examples_are_served() {
    let addr = start(ServerConfig::default());
    let (status, v) = json(addr, "GET", "/api/examples", &Value::Null);
    assert_eq!(status, 200);
    let names: Vec<&str> = v["examples"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(names.contains(&"korf-1991-fig3-shallow-pruning"), "{v}");
    let (status, v) = json(
        addr,
        "GET",
        "/api/examples/korf-1991-fig3-shallow-pruning",
        &Value::Null,
    );
    assert_eq!(status, 200);
    assert!(v["root"].is_object(), "{v}");
    for path in [
        "/api/examples/..%2F..%2FCargo.toml",
        "/api/examples/../../Cargo.toml",
        "/api/examples/%2E%2E%2Fexamples%2Ftrees%2Fdesign-example.json",
        "/api/examples/..",
        "/api/examples/%2Fetc%2Fpasswd",
        "/../Cargo.toml",
        "/api/../../Cargo.toml",
    ] {
        let (status, body) = request(addr, "GET", path, b"");
        let text = String::from_utf8_lossy(&body);
        assert!(status == 404 || status == 400, "{path}: {status} {text}");
        assert!(
            !text.contains("[workspace]") && !text.contains("root:"),
            "{path}: {text}"
        );
    }
}

#[test]
fn bad_input_is_a_4xx_json_error() {
    let addr = start(ServerConfig::default());
    for (body, want) in [
        ("not json", "request body"),
        (r#"{"algorithm": "maxn"}"#, "give tree or game"),
        (
            r#"{"game": "tictactoe", "algorithm": "nosuch"}"#,
            "unknown algorithm",
        ),
        (r#"{"game": "nosuch", "algorithm": "maxn"}"#, "unknown game"),
        (
            r#"{"game": "tictactoe", "algorithm": "maxn", "colour": 1}"#,
            "unknown field",
        ),
        (r#"{"tree": {"root": 3}, "algorithm": "maxn"}"#, "tree"),
    ] {
        let (status, v) = json(
            addr,
            "POST",
            "/api/search",
            &serde_json::from_str(body).unwrap_or(Value::Null),
        );
        if body == "not json" {
            let (status, out) = request(addr, "POST", "/api/search", body.as_bytes());
            let v: Value = serde_json::from_slice(&out).expect("a JSON error");
            assert_eq!(status, 400);
            assert!(v["error"].as_str().unwrap().contains(want), "{v}");
            continue;
        }
        assert_eq!(status, 400, "{body}: {v}");
        assert!(v["error"].as_str().unwrap().contains(want), "{body}: {v}");
    }
    let (status, v) = json(addr, "GET", "/api/nosuch", &Value::Null);
    assert_eq!(status, 404, "{v}");
}

#[test]
fn two_hundred_concurrent_small_searches_all_answer() {
    let addr = start(ServerConfig::default());
    let handles: Vec<_> = (0..200u64)
        .map(|i| {
            std::thread::spawn(move || {
                let case = json!({
                    "game": format!("random(players=3,b=3,d=3,seed={i})"),
                    "algorithm": "shallow",
                });
                let (status, got) = json(addr, "POST", "/api/search", &case);
                let want = serde_json::to_value(
                    search_json(&serde_json::from_value(case).unwrap(), None).unwrap(),
                )
                .unwrap();
                (i, status, untimed(got), untimed(want))
            })
        })
        .collect();
    for h in handles {
        let (i, status, got, want) = h.join().expect("no panic");
        assert_eq!(status, 200, "seed {i}: {got}");
        assert_eq!(got, want, "seed {i}");
    }
}

#[test]
fn a_full_server_answers_429() {
    let addr = start(ServerConfig {
        max_searches: 1,
        queue_ms: 0,
        max_time_ms: 3_000,
        // No node cap: 50 million minimax nodes of connect four can take under a second.
        max_nodes: u64::MAX,
        ..ServerConfig::default()
    });
    let long = std::thread::spawn(move || {
        json(
            addr,
            "POST",
            "/api/search",
            &json!({"game": "connect-four", "algorithm": "minimax", "iterative": true}),
        )
    });
    // The long search holds the only slot for 3 s; by then it has surely started.
    std::thread::sleep(std::time::Duration::from_millis(800));
    let (status, v) = json(
        addr,
        "POST",
        "/api/search",
        &json!({"game": "tictactoe", "algorithm": "alphabeta", "depth": 1}),
    );
    assert_eq!(status, 429, "{v}");
    assert!(v["error"].as_str().unwrap().contains("busy"), "{v}");
    let (status, _) = long.join().unwrap();
    assert_eq!(status, 200);
    // Once the slot is free, searches are answered again.
    let (status, _) = json(
        addr,
        "POST",
        "/api/search",
        &json!({"game": "tictactoe", "algorithm": "alphabeta", "depth": 1}),
    );
    assert_eq!(status, 200);
}

#[test]
fn play_answers_the_engine_move() {
    let addr = start(ServerConfig::default());
    let (status, v) = json(
        addr,
        "POST",
        "/api/play",
        &json!({"game": "connect-four", "moves": []}),
    );
    assert_eq!(status, 200, "{v}");
    let first = v["position"]["legal"][3]
        .as_str()
        .expect("seven columns")
        .to_string();
    assert_eq!(v["position"]["legal"].as_array().unwrap().len(), 7);
    assert_eq!(v["position"]["to_move"], 0);
    let (status, v) = json(
        addr,
        "POST",
        "/api/play",
        &json!({"game": "connect-four", "moves": [first], "engine": {"algorithm": "alphabeta", "depth": 4}}),
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["position"]["to_move"], 1);
    let reply = v["engine"]["move"].as_str().expect("a move");
    assert!(
        v["position"]["legal"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m == reply),
        "{v}"
    );
    assert_eq!(v["after"]["to_move"], 0);
    // The position after the engine's move is the one its name leads to.
    let (status, named) = json(
        addr,
        "POST",
        "/api/play",
        &json!({"game": "connect-four", "moves": [first, reply]}),
    );
    assert_eq!(status, 200, "{named}");
    assert_eq!(v["after"], named["position"]);
    let its = v["engine"]["iterations"].as_array().unwrap();
    assert_eq!(its.len(), 4, "{v}");
    assert_eq!(its[3]["depth"], 4);
    assert_eq!(v["engine"]["result"]["best_move"], reply);
    // An illegal move names itself.
    let (status, v) = json(
        addr,
        "POST",
        "/api/play",
        &json!({"game": "tictactoe", "moves": ["zz"]}),
    );
    assert_eq!(status, 400);
    assert_eq!(
        v["error"], "moves[0] \"zz\": not a legal move here (legal: 1 2 3 4 5 6 7 8 9)",
        "{v}"
    );
    // Four-player chess and six-player Chinese Checkers answer too.
    for spec in [
        "chess4(cap=400)",
        "chinese-checkers(players=6,board=121)",
        "rolit(players=3)",
    ] {
        let (status, v) = json(
            addr,
            "POST",
            "/api/play",
            &json!({"game": spec, "engine": {"algorithm": "paranoid", "time_ms": 200}}),
        );
        assert_eq!(status, 200, "{spec}: {v}");
        assert!(v["engine"]["move"].is_string(), "{spec}: {v}");
    }
}

#[test]
fn a_client_that_goes_away_stops_its_search() {
    use std::io::Write;
    // One slot, a long queue wait and a minute's time cap: only a search stopped when its
    // client left frees the slot in time for the next request.
    let addr = start(ServerConfig {
        max_searches: 1,
        queue_ms: 3_000,
        max_time_ms: 60_000,
        max_nodes: u64::MAX,
        ..ServerConfig::default()
    });
    let body =
        json!({"game": "connect-four", "algorithm": "minimax", "iterative": true}).to_string();
    let mut s = std::net::TcpStream::connect(addr).expect("connects");
    let head = format!(
        "POST /api/search HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).expect("writes");
    s.write_all(body.as_bytes()).expect("writes");
    std::thread::sleep(std::time::Duration::from_millis(500));
    // The client goes away in the middle of a search that would run for a minute.
    drop(s);
    let clock = std::time::Instant::now();
    let (status, v) = json(
        addr,
        "POST",
        "/api/search",
        &json!({"game": "tictactoe", "algorithm": "alphabeta", "depth": 1}),
    );
    assert_eq!(status, 200, "the slot was not freed: {v}");
    assert!(
        clock.elapsed() < std::time::Duration::from_secs(3),
        "{:?}",
        clock.elapsed()
    );
}

/// `GET /api/list` names each game's default engine with 3+ players as `gametree list` does
/// (the registry's), `null` where there is none: the page's seats start with it.
#[test]
fn list_names_the_registry_default_engines() {
    let addr = start(ServerConfig::default());
    let (status, got) = json(addr, "GET", "/api/list", &Value::Null);
    assert_eq!(status, 200, "{got}");
    let games = got["games"].as_array().expect("games");
    let mut named = 0;
    for e in gametree_games::registry::entries() {
        let g = games
            .iter()
            .find(|g| g["name"] == e.listing.name)
            .unwrap_or_else(|| panic!("{} listed", e.listing.name));
        let want = e.default_engine.map(|d| d.searcher.name());
        assert_eq!(g["default_engine"].as_str(), want, "{}", e.listing.name);
        named += usize::from(want.is_some());
    }
    assert!(named >= 4, "the strength experiment's engines are named");
    let cc = games
        .iter()
        .find(|g| g["name"] == "chinese-checkers")
        .unwrap();
    assert_eq!(cc["default_engine"], "brs");
}

/// Issue #29: a job's error names an option as the request's field (`nodes`, `iterative`),
/// not as the command line's flag (`--nodes`).
#[test]
fn a_stopped_search_names_the_options_as_the_requests_fields() {
    let addr = start(ServerConfig::default());
    let case = json!({"game": "connect-four", "algorithm": "minimax", "nodes": 10});
    let (status, got) = json(addr, "POST", "/api/search", &case);
    assert_eq!(status, 422, "{got}");
    let e = got["error"].as_str().expect("an error");
    assert!(
        e.ends_with("raise nodes, or use iterative to get the last completed depth"),
        "{e}"
    );
    assert!(!e.contains("--"), "{e}");
}
