//! One game build per request: a traced search (whose answer's writing time is reserved
//! from the longest line of the game, read before the search) and a drawing build the game
//! the request names once, counted by [`registry::builds`]. Each test runs in a child
//! process of this test binary, alone, so that no other test's games are counted.

use std::process::Command;

use gametree_games::registry;
use gametree_web::ServerConfig;
use serde_json::json;

use crate::{json, start};

/// Set in the child process that runs one test alone.
const CHILD: &str = "GAMETREE_BUILDS_CHILD";

/// In the parent: runs `test` alone in a child process of this binary, checks that it
/// passed, and returns `false`. In the child: `true`.
fn alone(test: &str) -> bool {
    if std::env::var_os(CHILD).is_some() {
        return true;
    }
    let out = Command::new(std::env::current_exe().expect("the test binary"))
        .args([test, "--exact", "--test-threads=1", "--nocapture"])
        .env(CHILD, "1")
        .output()
        .expect("the test binary runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && text.contains("1 passed"),
        "{test} in a child process: {text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    false
}

#[test]
fn a_traced_search_and_a_drawing_build_their_game_once() {
    if !alone("builds::a_traced_search_and_a_drawing_build_their_game_once") {
        return;
    }
    let addr = start(ServerConfig::default());
    let requests = [
        (
            "/api/search",
            json!({"game": "rolit(players=3)", "algorithm": "paranoid", "depth": 3,
                   "trace": true, "trace_limit": 50}),
        ),
        (
            "/api/search",
            json!({"game": "connect-four", "position": "4453", "algorithm": "alphabeta",
                   "depth": 4, "iterative": true, "trace": true}),
        ),
        (
            "/api/draw",
            json!({"game": "tictactoe", "position": "5", "algorithm": "alphabeta", "depth": 2}),
        ),
    ];
    for (path, body) in requests {
        let before = registry::builds();
        let (status, answer) = json(addr, "POST", path, &body);
        assert_eq!(status, 200, "{body}: {answer}");
        assert_eq!(registry::builds() - before, 1, "{path} {body}");
    }
}
