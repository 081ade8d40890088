//! The default multi-player engine per game (`engine` in `tournament` and `play`, shown by
//! `list`) and engine options in tournament names.

use crate::{expect_error, ok};

#[test]
fn list_shows_the_default_engine_of_multi_player_games() {
    let text = ok(&["list"]);
    assert!(text.contains("engine with 3+ players: brs ("), "{text}");
    assert!(
        text.contains("engine with 3+ players: speculative ("),
        "{text}"
    );
    let v: serde_json::Value = serde_json::from_str(&ok(&["list", "--json"])).unwrap();
    let games = v["games"].as_array().unwrap();
    let of = |name: &str| {
        games
            .iter()
            .find(|g| g["name"] == name)
            .map(|g| g["default_engine"].clone())
            .unwrap()
    };
    assert_eq!(of("rolit")["searcher"], "paranoid");
    assert_eq!(of("chinese-checkers")["searcher"], "brs");
    assert_eq!(of("focus")["searcher"], "brs");
    assert_eq!(of("blokus")["searcher"], "brs");
    assert_eq!(of("chess4")["searcher"], "brs");
    assert_eq!(of("hearts")["searcher"], "speculative");
    assert!(of("connect-four").is_null());
}

#[test]
fn engine_in_a_tournament_is_the_games_default() {
    let v: serde_json::Value = serde_json::from_str(&ok(&[
        "tournament",
        "--game",
        "chinese-checkers(players=3,board=73)",
        "--engines",
        "engine@n300,maxn@d1",
        "--openings",
        "1",
        "--max-plies",
        "2",
        "--json",
        "--quiet",
    ]))
    .unwrap();
    assert_eq!(v["engines"][0]["name"], "brs@n300");
    let v: serde_json::Value = serde_json::from_str(&ok(&[
        "tournament",
        "--game",
        "hearts",
        "--engines",
        "engine@d1,mcts@n50",
        "--openings",
        "1",
        "--max-plies",
        "2",
        "--json",
        "--quiet",
    ]))
    .unwrap();
    assert_eq!(v["engines"][0]["name"], "speculative@d1");
}

#[test]
fn mcts_options_in_tournament_names() {
    let v: serde_json::Value = serde_json::from_str(&ok(&[
        "tournament",
        "--game",
        "chinese-checkers(players=3,board=73)",
        "--engines",
        "mcts@n200:cutoff=5,maxn@d1",
        "--openings",
        "1",
        "--max-plies",
        "3",
        "--json",
        "--quiet",
    ]))
    .unwrap();
    assert_eq!(v["engines"][0]["name"], "mcts@n200:cutoff=5");
    let g = "chinese-checkers(board=37)";
    for (engines, fragment) in [
        (
            "mcts@t20:cutoff=0",
            "engine `mcts@t20:cutoff=0`: cutoff `0`: must be 1 to",
        ),
        (
            "mcts@t20:speed=3",
            "engine `mcts@t20:speed=3`: unknown option `speed`",
        ),
        ("maxn:cutoff=3", "option `cutoff` is for mcts only"),
    ] {
        expect_error(&["tournament", "--game", g, "--engines", engines], fragment);
    }
}
