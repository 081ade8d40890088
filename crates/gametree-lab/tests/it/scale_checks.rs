//! The checks at scale of issue #45 (`scripts/scale-checks`, docs/strength.md, "The
//! surprises checked at scale"): every match's merged file is committed, is the tournament
//! the script names (its game, engines, openings and seed), and docs/strength.md quotes its
//! pairwise counts and sign test exactly (for the three-engine matches of the exploration
//! constant, every pair's).

use std::path::{Path, PathBuf};

use serde_json::Value;

/// The matches of `scripts/scale-checks`: name, game, the two engines, the openings.
const MATCHES: [(&str, &str, &str, &str, u64); 4] = [
    (
        "cc-3-ph",
        "chinese-checkers(players=3,board=121,top=all,cap=400)",
        "mcts@n10000:cutoff=10:playout=epsilon0.1",
        "mcts@n10000:cutoff=10:ph=5:playout=epsilon0.1",
        6,
    ),
    (
        "focus-3-ph",
        "focus(players=3,cap=200)",
        "mcts@n10000:cutoff=10:playout=epsilon0.1",
        "mcts@n10000:cutoff=10:ph=5:playout=epsilon0.1",
        6,
    ),
    (
        "focus-3-solver",
        "focus(players=3,cap=200)",
        "mcts@n10000:cutoff=10:playout=epsilon0.1",
        "mcts@n10000:cutoff=10:solver=standard:playout=epsilon0.1",
        6,
    ),
    (
        "chess4-brs-plus-equal-nodes",
        "chess4(cap=3000,end=ffa)",
        "brs@n5447",
        "brs-plus@n5447:forced=ordered",
        18,
    ),
];

/// The three-engine matches of `scripts/scale-checks` (the exploration constant at 10,000
/// iterations): name, game, the engines' constants, the openings.
const EXPLORATION: [(&str, &str, [&str; 3], u64); 2] = [
    (
        "cc-3-exploration",
        "chinese-checkers(players=3,board=121,top=all,cap=400)",
        ["0.05", "0.4", "1.414"],
        6,
    ),
    (
        "focus-3-exploration",
        "focus(players=3,cap=200)",
        ["0.1", "0.4", "1.414"],
        6,
    ),
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The columns of docs/strength.md's tables that one pair of a match's file gives: its games,
/// how often each engine finished ahead of the other and level, the second engine's mean
/// credit against the first (one minus the file's `score`, the first engine's) and the exact
/// sign test's p-value.
fn pair_columns(p: &Value) -> String {
    let n = |k: &str| p[k].as_u64().unwrap();
    format!(
        "{} | {} | {} | {} | {:.3} | {:.4} |",
        n("games"),
        n("a_ahead"),
        n("b_ahead"),
        n("even"),
        1.0 - p["score"].as_f64().unwrap(),
        p["p_value"].as_f64().unwrap()
    )
}

/// The committed file of match `name` after checking that `scripts/scale-checks` plays it
/// and that it is that tournament (its game, openings and seed, and one result a game), with
/// its engines' names.
fn committed(name: &str, game: &str, openings: u64) -> (Value, Vec<String>) {
    let script = std::fs::read_to_string(root().join("scripts/scale-checks")).unwrap();
    assert!(
        script.contains(&format!("\"{name}|")),
        "scripts/scale-checks plays {name}"
    );
    let path = root().join(format!("results/scale-checks/{name}.json"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let file: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(file["game"], game, "{name}");
    assert_eq!(file["openings"], openings, "{name}");
    assert_eq!(file["seed"], 45, "{name}");
    assert_eq!(
        file["results"].as_array().unwrap().len() as u64,
        file["games"].as_u64().unwrap(),
        "{name}"
    );
    let engines = file["engines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap().to_string())
        .collect();
    (file, engines)
}

fn strength_docs() -> String {
    std::fs::read_to_string(root().join("docs/strength.md")).unwrap()
}

#[test]
fn every_scale_check_is_committed_and_quoted_in_the_docs() {
    let docs = strength_docs();
    for (name, game, a, b, openings) in MATCHES {
        let (file, engines) = committed(name, game, openings);
        assert_eq!(engines, [a, b], "{name}");
        let pair = &file["pairwise"][0];
        assert_eq!(pair["games"], file["games"], "{name}");
        let want = format!("| `{name}` | {}", pair_columns(pair));
        assert!(
            docs.contains(&want),
            "docs/strength.md must quote {name} as:\n{want}"
        );
    }
}

/// The constant `c` in an MCTS engine's name (`mcts@n10000:c=0.4:...`).
fn constant(engine: &str) -> &str {
    engine
        .split(':')
        .find_map(|part| part.strip_prefix("c="))
        .unwrap_or_else(|| panic!("no constant in {engine}"))
}

#[test]
fn every_exploration_check_is_committed_and_quoted_in_the_docs() {
    let docs = strength_docs();
    for (name, game, constants, openings) in EXPLORATION {
        let (file, engines) = committed(name, game, openings);
        let got: Vec<&str> = engines.iter().map(|e| constant(e)).collect();
        assert_eq!(got, constants, "{name}");
        assert!(
            engines.iter().all(|e| e.starts_with("mcts@n10000:")),
            "{engines:?}"
        );
        // Three engines on three seats: every seat assignment of every opening.
        assert_eq!(file["games"], 6 * openings, "{name}");
        let pairs = file["pairwise"].as_array().unwrap();
        assert_eq!(pairs.len(), 3, "{name}");
        for p in pairs {
            let c = |k: &str| constants[p[k].as_u64().unwrap() as usize];
            let want = format!("| `{name}` | {} | {} | {}", c("a"), c("b"), pair_columns(p));
            assert!(
                docs.contains(&want),
                "docs/strength.md must quote {name} as:\n{want}"
            );
        }
    }
}
