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

/// The row of docs/strength.md's table for one match's file: the match, its games, how often
/// each engine finished ahead of the other and level, the second engine's mean credit
/// against the first (one minus the file's `score`, the first engine's) and the exact sign
/// test's p-value.
fn row(name: &str, file: &Value) -> String {
    let p = &file["pairwise"][0];
    let games = p["games"].as_u64().unwrap();
    let (a, b, even) = (
        p["a_ahead"].as_u64().unwrap(),
        p["b_ahead"].as_u64().unwrap(),
        p["even"].as_u64().unwrap(),
    );
    let score = 1.0 - p["score"].as_f64().unwrap();
    format!(
        "| `{name}` | {games} | {a} | {b} | {even} | {score:.3} | {:.4} |",
        p["p_value"].as_f64().unwrap()
    )
}

#[test]
fn every_scale_check_is_committed_and_quoted_in_the_docs() {
    let docs = std::fs::read_to_string(root().join("docs/strength.md")).unwrap();
    let script = std::fs::read_to_string(root().join("scripts/scale-checks")).unwrap();
    for (name, game, a, b, openings) in MATCHES {
        assert!(
            script.contains(&format!("\"{name}|")),
            "scripts/scale-checks plays {name}"
        );
        let path = root().join(format!("results/scale-checks/{name}.json"));
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let file: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(file["game"], game, "{name}");
        let engines: Vec<&str> = file["engines"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["name"].as_str().unwrap())
            .collect();
        assert_eq!(engines, [a, b], "{name}");
        assert_eq!(file["openings"], openings, "{name}");
        assert_eq!(file["seed"], 45, "{name}");
        let results = file["results"].as_array().unwrap();
        assert_eq!(
            results.len() as u64,
            file["pairwise"][0]["games"].as_u64().unwrap()
        );
        let want = row(name, &file);
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
    let docs = std::fs::read_to_string(root().join("docs/strength.md")).unwrap();
    let script = std::fs::read_to_string(root().join("scripts/scale-checks")).unwrap();
    for (name, game, constants, openings) in EXPLORATION {
        assert!(
            script.contains(&format!("\"{name}|")),
            "scripts/scale-checks plays {name}"
        );
        let path = root().join(format!("results/scale-checks/{name}.json"));
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let file: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(file["game"], game, "{name}");
        let engines: Vec<&str> = file["engines"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["name"].as_str().unwrap())
            .collect();
        let got: Vec<&str> = engines.iter().map(|e| constant(e)).collect();
        assert_eq!(got, constants, "{name}");
        assert!(
            engines.iter().all(|e| e.starts_with("mcts@n10000:")),
            "{engines:?}"
        );
        assert_eq!(file["openings"], openings, "{name}");
        assert_eq!(file["seed"], 45, "{name}");
        // Three engines on three seats: every seat assignment of every opening.
        assert_eq!(
            file["results"].as_array().unwrap().len() as u64,
            6 * openings
        );
        let pairs = file["pairwise"].as_array().unwrap();
        assert_eq!(pairs.len(), 3, "{name}");
        for p in pairs {
            let (a, b) = (p["a"].as_u64().unwrap(), p["b"].as_u64().unwrap());
            let want = format!(
                "| `{name}` | {} | {} | {} | {} | {} | {} | {:.3} | {:.4} |",
                constants[a as usize],
                constants[b as usize],
                p["games"].as_u64().unwrap(),
                p["a_ahead"].as_u64().unwrap(),
                p["b_ahead"].as_u64().unwrap(),
                p["even"].as_u64().unwrap(),
                1.0 - p["score"].as_f64().unwrap(),
                p["p_value"].as_f64().unwrap()
            );
            assert!(
                docs.contains(&want),
                "docs/strength.md must quote {name} as:\n{want}"
            );
        }
    }
}
