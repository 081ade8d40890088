//! `gametree search` end to end: the JSON contract (docs/counting.md) on bundled examples.

use serde_json::Value;

use crate::{expect_error, gametree, repo_root};

fn search_json(args: &[&str]) -> Value {
    let mut all = vec!["search", "--json"];
    all.extend_from_slice(args);
    let out = gametree(&all);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

fn example(name: &str) -> String {
    repo_root()
        .join("examples/trees")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

#[test]
fn maxn_on_the_design_example() {
    let v = search_json(&[
        "--tree",
        &example("design-example.json"),
        "--algorithm",
        "maxn",
    ]);
    assert_eq!(v["algorithm"], "maxn");
    assert_eq!(v["score"], 5);
    assert_eq!(v["value"], serde_json::json!([5, 4, 1]));
    assert_eq!(v["best_move"], 0);
    assert_eq!(v["pv"], serde_json::json!([0]));
    assert_eq!(v["stats"]["nodes"], 5);
    assert_eq!(v["stats"]["leaves"], 3);
    assert_eq!(v["stats"]["expansions"], 4);
    for key in [
        "cutoffs",
        "re_searches",
        "iterations",
        "depth",
        "elapsed_ms",
    ] {
        assert!(v["stats"].get(key).is_some(), "stats lacks {key}");
    }
}

#[test]
fn alphabeta_on_the_textbook_tree() {
    // Russell & Norvig's figure: value 3, and the second MIN node is cut after its first leaf.
    let v = search_json(&[
        "--tree",
        &example("two-player-small.json"),
        "--algorithm",
        "alphabeta",
    ]);
    assert_eq!(v["score"], 3);
    assert_eq!(v["value"], serde_json::json!([3, -3]));
    assert_eq!(v["pv"], serde_json::json!([0, 0]));
    assert_eq!(v["stats"]["leaves"], 7);
    let m = search_json(&[
        "--tree",
        &example("two-player-small.json"),
        "--algorithm",
        "minimax",
    ]);
    assert_eq!(m["score"], 3);
    assert_eq!(m["stats"]["leaves"], 9);
}

#[test]
fn same_input_same_output() {
    let args = [
        "--game",
        "connect-four",
        "--position",
        "4453",
        "--algorithm",
        "alphabeta",
        "--depth",
        "6",
    ];
    let mut a = search_json(&args);
    let mut b = search_json(&args);
    a["stats"]["elapsed_ms"] = Value::Null;
    b["stats"]["elapsed_ms"] = Value::Null;
    assert_eq!(a, b);
    assert!(
        a["best_move"].is_string(),
        "connect four moves print in notation"
    );
}

#[test]
fn human_table() {
    let out = gametree(&[
        "search",
        "--tree",
        &example("design-example.json"),
        "--algorithm",
        "maxn",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("value       (5, 4, 1)"), "{text}");
    assert!(text.contains("nodes       5"), "{text}");
}

/// `--table-mib`: max^n and speculative pruning with a table of exact values give the value,
/// move and principal variation of the search without it, in fewer nodes, with the hits
/// counted; other algorithms refuse it.
#[test]
fn table_searches_match_and_save_nodes() {
    for (game, algorithm, depth) in [
        ("hearts(deal=1,equiv=1,scale=1)", "maxn", "9"),
        ("spades(deal=1,equiv=1,scale=1)", "speculative", "12"),
        ("hearts(deal=5,equiv=1,scale=1)", "speculative", "12"),
    ] {
        let base = vec!["--game", game, "--algorithm", algorithm, "--depth", depth];
        let plain = search_json(&base);
        let mut with = base.clone();
        with.extend(["--table-mib", "4"]);
        let table = search_json(&with);
        for field in ["value", "score", "best_move", "pv"] {
            assert_eq!(plain[field], table[field], "{game} {algorithm} {field}");
        }
        let (n0, n1) = (
            plain["stats"]["nodes"].as_u64().unwrap(),
            table["stats"]["nodes"].as_u64().unwrap(),
        );
        assert!(n1 < n0, "{game}: {n1} nodes with the table, {n0} without");
        assert!(table["stats"]["table_hits"].as_u64().unwrap() > 0);
        assert_eq!(plain["stats"]["table_hits"], 0);
    }
    expect_error(
        &[
            "search",
            "--game",
            "hearts(deal=1)",
            "--algorithm",
            "paranoid",
            "--table-mib",
            "4",
        ],
        "--table-mib works with maxn and speculative",
    );
}

/// Issue #46: `search --help` said `--exploration` defaults to sqrt 2, while without it
/// each game's tuned constant (`Game::mcts_exploration`) is used. The help says what is
/// used, and what it says is what runs: Rolit's constant without the flag, sqrt 2 on a
/// tree, the flag's value with it.
#[test]
fn defect_46_the_exploration_help_names_the_constant_used() {
    let help = crate::ok(&["search", "--help"]);
    let at = help
        .find("--exploration <C>")
        .expect("the flag in the help");
    let end = help[at + 2..]
        .find("\n  -")
        .map_or(help.len(), |e| at + 2 + e);
    let flag = help[at..end]
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(!flag.contains("default sqrt 2"), "{flag}");
    assert!(
        flag.contains("Without it, the game's tuned constant")
            && flag.contains("else sqrt 2")
            && flag.contains("the printed configuration shows the constant used"),
        "{flag}"
    );
    let used = |args: &[&str]| {
        let mut all = vec!["--algorithm", "mcts", "--iterations", "20"];
        all.extend_from_slice(args);
        search_json(&all)["mcts"]["config"]["exploration"]
            .as_f64()
            .expect("the constant used")
    };
    assert_eq!(
        used(&["--game", "rolit"]),
        gametree_games::rolit::MCTS_EXPLORATION
    );
    assert_eq!(
        used(&["--tree", &example("design-example.json")]),
        std::f64::consts::SQRT_2
    );
    assert_eq!(used(&["--game", "rolit", "--exploration", "0.7"]), 0.7);
}
