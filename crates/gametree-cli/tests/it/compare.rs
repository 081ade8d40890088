//! `gametree compare` and `gametree advise` (issue #43): the decision first, then the
//! evidence; JSON; one line and exit code 2 on what they cannot do.

use serde_json::Value;

use crate::{expect_error, gametree, ok};

const CC: &str = "chinese-checkers(players=3,board=37)";

#[test]
fn compare_prints_the_decision_first_and_the_same_in_json() {
    let args = [
        "compare",
        "--game",
        CC,
        "--engines",
        "paranoid@d3,paranoid@d1",
        "--claim",
        "beats",
    ];
    let text = ok(&args);
    let first = text.lines().next().unwrap();
    assert!(
        first.starts_with("AGREES: paranoid@d3 beats paranoid@d1"),
        "{text}"
    );
    assert!(text.contains("win rate of paranoid@d3"), "{text}");
    let json: Value = serde_json::from_str(&ok(&[&args[..], &["--json"]].concat())).unwrap();
    assert_eq!(json["decision"], "agrees");
    assert_eq!(json["stop"], "decisive");
    assert_eq!(json["verdict"].as_str().unwrap(), first);
    let games = json["games"].as_u64().unwrap();
    assert!(games < json["max_games"].as_u64().unwrap());
    assert_eq!(
        json["per_group"]["groups"].as_array().unwrap().len() as u64 * 6,
        games
    );
}

#[test]
fn advise_recommends_an_engine_and_says_which_pairs_are_decided() {
    let args = [
        "advise",
        "--game",
        CC,
        "--nodes",
        "300",
        "--openings",
        "3",
        "--bootstrap",
        "50",
    ];
    let text = ok(&args);
    assert!(text.starts_with("RECOMMENDED: "), "{text}");
    for e in [
        "maxn@n300",
        "paranoid@n300",
        "brs@n300",
        "brs-plus@n300",
        "mcts@n300",
    ] {
        assert!(text.contains(e), "{e} missing:\n{text}");
    }
    let json: Value = serde_json::from_str(&ok(&[&args[..], &["--json"]].concat())).unwrap();
    assert_eq!(json["pairs"].as_array().unwrap().len(), 10);
    assert_eq!(json["games"], 10 * 3 * 6);
    let best = json["recommended"].as_u64().unwrap() as usize;
    let name = json["engines"][best].as_str().unwrap();
    assert!(text.starts_with(&format!("RECOMMENDED: {name} ")), "{text}");
}

#[test]
fn compare_and_advise_refuse_bad_input_with_one_line() {
    let c = |extra: &[&str], fragment: &str| {
        let mut args = vec!["compare", "--game", "tictactoe"];
        args.extend_from_slice(extra);
        expect_error(&args, fragment);
    };
    c(
        &["--engines", "foo,paranoid"],
        "engine `foo`: unknown algorithm `foo`",
    );
    c(&["--engines", "paranoid"], "a comparison takes two engines");
    c(
        &["--engines", "paranoid,maxn,mcts"],
        "a comparison takes two engines",
    );
    c(
        &["--engines", "paranoid,maxn", "--depth", "0"],
        "invalid value '0' for '--depth",
    );
    c(
        &["--engines", "paranoid,maxn", "--nodes", "0"],
        "invalid value '0' for '--nodes",
    );
    c(
        &["--engines", "brs@d2,paranoid@d2"],
        "brs needs a game that can hand the turn to any player",
    );
    c(
        &["--engines", "paranoid,maxn", "--max-games", "10"],
        "a decision needs at least 8 groups of 2 games (16 games)",
    );
    c(
        &["--engines", "paranoid,maxn", "--alpha", "0.9"],
        "alpha 0.9",
    );
    c(
        &["--engines", "paranoid,maxn", "--claim", "improves"],
        "--claim",
    );
    c(
        &["--engines", "paranoid@d2,mcts@n50:seed=x"],
        "engine `mcts@n50:seed=x`: seed `x`",
    );
    c(
        &["--engines", "paranoid@d2:seed=1,maxn"],
        "option `seed` is for mcts",
    );
    expect_error(
        &["advise", "--game", "tictactoe"],
        "advise needs a budget per move",
    );
    expect_error(
        &["advise", "--game", "nosuchgame", "--nodes", "100"],
        "nosuchgame",
    );
    expect_error(
        &[
            "advise",
            "--game",
            "tictactoe",
            "--nodes",
            "100",
            "--openings",
            "0",
        ],
        "invalid value '0' for '--openings",
    );
    // Every message is one line, and an unknown engine is named once.
    let out = gametree(&["compare", "--game", "tictactoe", "--engines", "foo,maxn"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert_eq!(stderr.matches("unknown algorithm").count(), 1, "{stderr}");
}

/// An MCTS engine's own seed makes it play differently at the same strength; the name
/// reads back.
#[test]
fn an_engine_seed_changes_the_games_not_the_name_rules() {
    let play = |engines: &str| {
        let v: Value = serde_json::from_str(&ok(&[
            "tournament",
            "--game",
            CC,
            "--engines",
            engines,
            "--openings",
            "2",
            "--json",
        ]))
        .unwrap();
        v
    };
    let a = play("mcts@n200:seed=1,paranoid@d1");
    let b = play("mcts@n200:seed=2,paranoid@d1");
    assert_eq!(a["engines"][0]["name"], "mcts@n200:seed=1");
    assert_ne!(a["results"], b["results"]);
    assert_eq!(a, play("mcts@n200:seed=1,paranoid@d1"));
}
