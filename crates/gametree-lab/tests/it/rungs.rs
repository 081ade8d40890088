//! The rungs of the budget ladder (`scripts/rungs`, docs/strength.md, "The budget ladder"):
//! the script plays every game a claim is judged on at the 20 ms rung and the MCTS rung's two
//! games at 10,000 iterations, and it plays first the games whose claims the committed 2 ms
//! rung left open or found in disagreement.

use std::path::{Path, PathBuf};

use gametree_lab::papers::strength::{
    claim_of_quantity, claims_rest_on, matches_on, StrengthGame, LADDER_TIME_RUNGS,
};
use serde_json::Value;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The rungs of `scripts/rungs`: name, budget, threads, games in order.
fn rungs() -> Vec<(String, String, String, Vec<String>)> {
    let script = std::fs::read_to_string(root().join("scripts/rungs")).unwrap();
    let start = script
        .find("RUNGS=(")
        .expect("scripts/rungs has its RUNGS table");
    let end = start + script[start..].find("\n)").expect("the table ends");
    script[start..end]
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with('"'))
        .map(|l| {
            let fields: Vec<&str> = l.trim_matches('"').split('|').collect();
            assert_eq!(fields.len(), 4, "{l}");
            (
                fields[0].to_string(),
                fields[1].to_string(),
                fields[2].to_string(),
                fields[3].split(' ').map(str::to_string).collect(),
            )
        })
        .collect()
}

/// The games of the default plan on which a claim is judged, by label.
fn games_with_claims() -> Vec<&'static str> {
    StrengthGame::DEFAULT
        .into_iter()
        .filter(|&g| matches_on(g).any(|m| claims_rest_on(g, m)))
        .map(StrengthGame::label)
        .collect()
}

/// For each game label, whether every claim row judged on it agrees in the committed 2 ms
/// rung.
fn all_agree_at_2ms() -> std::collections::BTreeMap<&'static str, bool> {
    let path = root().join("results/strength-decisive-2/beyond/strength.json");
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let mut agree = std::collections::BTreeMap::new();
    for row in doc["rows"].as_array().unwrap() {
        let Some(decision) = row["claim"]["decision"].as_str() else {
            continue;
        };
        let quantity = row["quantity"].as_str().unwrap();
        let (_, game) = claim_of_quantity(quantity)
            .unwrap_or_else(|| panic!("a claim row of the 2 ms rung: {quantity}"));
        *agree.entry(game.label()).or_insert(true) &= decision == "agrees";
    }
    agree
}

#[test]
fn the_rungs_script_plays_every_claimed_game_open_ones_first() {
    let rungs = rungs();
    let names: Vec<&str> = rungs.iter().map(|r| r.0.as_str()).collect();
    assert_eq!(names, ["20ms", "mcts-10k"]);

    // The 20 ms rung: the calibrated budgets, every game a claim is judged on, once each.
    let (_, budget, _, games) = &rungs[0];
    assert_eq!(budget, "calibrated/1");
    let mut sorted: Vec<&str> = games.iter().map(String::as_str).collect();
    sorted.sort_unstable();
    let mut want = games_with_claims();
    want.sort_unstable();
    assert_eq!(sorted, want, "the 20 ms rung's games");

    // Open games first: every game whose claims all agreed at 2 ms comes after every game
    // with a claim left open or in disagreement there.
    let agree = all_agree_at_2ms();
    let first_agreeing = games
        .iter()
        .position(|g| agree[g.as_str()])
        .expect("some games agreed at 2 ms");
    assert!(first_agreeing > 0, "no open game first: {games:?}");
    assert!(
        games[first_agreeing..].iter().all(|g| agree[g.as_str()]),
        "open games after agreeing ones: {games:?} ({agree:?})"
    );

    // The MCTS rung: at least 10,000 iterations a move on cc-3 and focus-3.
    let (_, budget, _, games) = &rungs[1];
    let nodes: u64 = budget
        .strip_prefix('n')
        .and_then(|n| n.parse().ok())
        .expect("a node budget");
    assert!(nodes >= 10_000, "{budget}");
    assert_eq!(games, &["cc-3", "focus-3"]);

    // Every game a rung names is one `--games` accepts, and each rung's kept blocks are
    // committed where the script looks for them (results/ladder-NAME).
    for (name, _, _, games) in &rungs {
        for g in games {
            assert!(StrengthGame::from_label(g).is_some(), "{name}: {g}");
        }
        assert!(
            root()
                .join(format!("results/ladder-{name}/beyond/strength-items"))
                .is_dir(),
            "{name}: its kept blocks are committed"
        );
    }
}

/// The rungs the default-engine test reads (`LADDER_TIME_RUNGS`) are the script's rungs
/// budgeted in calibrated time, where the script writes them.
#[test]
fn the_time_rungs_are_the_scripts() {
    let timed: Vec<(String, String)> = rungs()
        .into_iter()
        .filter(|r| r.1.starts_with("calibrated/"))
        .map(|r| (r.0.clone(), format!("results/ladder-{}", r.0)))
        .collect();
    let listed: Vec<(String, String)> = LADDER_TIME_RUNGS
        .iter()
        .map(|(l, d)| (l.to_string(), d.to_string()))
        .collect();
    assert_eq!(listed, timed);
}
