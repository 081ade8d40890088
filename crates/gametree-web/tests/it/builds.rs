//! One game build per request: a traced search (whose answer's writing time is reserved
//! from the longest line of the game, read before the search) and a drawing build the game
//! the request names once, counted by [`registry::builds`]. Each test runs in a child
//! process of this test binary, alone, so that no other test's games are counted.

use gametree_games::registry;
use gametree_web::ServerConfig;
use serde_json::json;

use crate::alone::alone;
use crate::{json, start};

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
