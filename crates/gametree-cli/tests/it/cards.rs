//! Hearts and Spades through the binary: search, perft, show, play, and malformed deals.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

use crate::{expect_error, ok};

const DEAL: &str = "P0: 2C 6C 7C TC JC QC 3D 5D 9D 6S 8S 9S KS 5H 7H 9H KH / \
    P1: 3C 4C 5C 9C KC 4D 8D 2S 3S 4S 7S JS 2H 6H 8H QH AH / \
    P2: 8C AC 6D 7D TD JD QD KD AD 5S TS QS AS 3H 4H TH JH";

#[test]
fn search_a_hearts_deal_given_as_text() {
    let deal = DEAL.replace("    ", "");
    let out = ok(&[
        "search",
        "--json",
        "--game",
        "hearts",
        "--position",
        &deal,
        "--algorithm",
        "speculative",
        "--depth",
        "6",
    ]);
    let v: Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["best_move"], "2C");
    let value: i64 = v["value"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_i64().unwrap())
        .sum();
    assert_eq!(value, 52 * 4, "constant-sum at scale 4");
    // max^n gives the same value (speculative pruning is exact).
    let m: Value = serde_json::from_str(&ok(&[
        "search",
        "--json",
        "--game",
        "hearts",
        "--position",
        &deal,
        "--algorithm",
        "maxn",
        "--depth",
        "6",
    ]))
    .unwrap();
    assert_eq!(m["value"], v["value"]);
}

#[test]
fn perft_of_both_games() {
    let out = ok(&["perft", "--game", "spades(deal=1)", "--depth", "3"]);
    assert!(out.contains("158"), "{out}");
    let out = ok(&["perft", "--game", "hearts(deal=1)", "--depth", "4"]);
    assert!(out.contains("118"), "{out}");
}

#[test]
fn show_draws_the_hands() {
    let out = ok(&["show", "--game", "spades(deal=1)"]);
    assert!(out.contains("P0 [ 0 tricks]"), "{out}");
    assert!(out.contains("13 moves"), "{out}");
    assert!(out.contains("deal: P0: 3C 7C 8C"), "{out}");
}

#[test]
fn malformed_deals_exit_2() {
    let deal = DEAL.replace("    ", "");
    let twice = deal.replace("3C 4C", "2C 4C");
    expect_error(
        &[
            "search",
            "--game",
            "hearts",
            "--position",
            &twice,
            "--algorithm",
            "maxn",
            "--depth",
            "2",
        ],
        "2C is dealt twice",
    );
    let unknown = deal.replace("3C 4C", "3C 1X");
    expect_error(
        &[
            "perft",
            "--game",
            "hearts",
            "--position",
            &unknown,
            "--depth",
            "2",
        ],
        "`1X` is not a card",
    );
    let short = deal.replace(" 3C 4C", " 4C");
    expect_error(
        &["show", "--game", "hearts", "--position", &short],
        "P1 has 16 cards, every hand must hold 17",
    );
    expect_error(
        &["show", "--game", "spades", "--position", "P0: 2C"],
        "three hands",
    );
    expect_error(
        &["show", "--game", "hearts(remove=QS)"],
        "must not carry points",
    );
    expect_error(
        &[
            "search",
            "--game",
            "spades(scoring=bids)",
            "--algorithm",
            "speculative",
            "--depth",
            "3",
        ],
        "maxsum",
    );
}

#[test]
fn play_hearts_a_person_with_two_engines() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gametree"))
        .args([
            "play",
            "--game",
            "hearts(deal=1)",
            "--players",
            "human,maxn,speculative",
            "--depth",
            "4",
            "--no-color",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"KH\n2C\nquit\n")
        .unwrap();
    let o: Output = child.wait_with_output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let t = String::from_utf8_lossy(&o.stdout);
    assert!(
        t.contains("`KH` is not a legal move; legal moves: 2C"),
        "{t}"
    );
    assert!(t.contains("P1 (maxn) plays"), "{t}");
    assert!(t.contains("P2 (speculative) plays"), "{t}");
    assert!(t.contains("game abandoned"), "{t}");
}

#[test]
fn engines_play_a_whole_spades_hand() {
    let t = ok(&[
        "play",
        "--game",
        "spades(deal=4,equiv=1)",
        "--players",
        "paranoid,speculative,maxn",
        "--depth",
        "3",
        "--no-color",
    ]);
    assert!(t.contains("game over"), "{t}");
    assert!(t.contains("hand over"), "{t}");
}

#[test]
fn monte_carlo_seats_play_cards_only() {
    let args = [
        "play",
        "--game",
        "spades(deal=2,equiv=1)",
        "--players",
        "mc,speculative,monte-carlo",
        "--depth",
        "3",
        "--no-color",
    ];
    let t = ok(&args);
    assert!(t.contains("P0 (monte-carlo) plays"), "{t}");
    assert!(t.contains("game over"), "{t}");
    // The cards played (timings aside) are the same on a second run.
    let cards = |t: &str| -> Vec<String> {
        t.lines()
            .filter_map(|l| l.split("plays ").nth(1))
            .map(|r| r.split_whitespace().next().unwrap_or("").to_string())
            .collect()
    };
    assert_eq!(cards(&t).len(), 51);
    assert_eq!(
        cards(&t),
        cards(&ok(&args)),
        "a seeded game replays exactly"
    );
    expect_error(
        &[
            "play",
            "--game",
            "connect-four",
            "--players",
            "mc,engine",
            "--depth",
            "2",
        ],
        "monte-carlo seats play card games",
    );
}
