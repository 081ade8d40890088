//! Focus and Blokus on the command line: show, perft (the acceptance counts), malformed
//! positions (exit code 2, one line), searches whose moves `play` accepts, a one-opening
//! tournament, people playing with a bad move then a good one.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

use crate::{expect_error, ok};

/// Runs `play` with people in every seat on `moves` (one per line, then `quit`) and returns
/// standard output.
fn people_play(game: &str, seats: &str, moves: &[&str]) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gametree"))
        .args([
            "play",
            "--game",
            game,
            "--players",
            seats,
            "--color",
            "never",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the gametree binary runs");
    let input: String = moves.iter().map(|m| format!("{m}\n")).collect::<String>() + "quit\n";
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write stdin");
    let o = child.wait_with_output().expect("wait");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn show_and_perft_give_the_documented_start() {
    let focus = ok(&["show", "--game", "focus(players=2)", "--color", "never"]);
    assert!(focus.contains("68 moves: "), "{focus}");
    assert!(
        focus.contains("position: r .,.,.,./r,r,g,g,r,r/"),
        "{focus}"
    );
    let blokus = ok(&["show", "--game", "blokus", "--color", "never"]);
    assert!(blokus.contains("58 moves: I1:a1 I2:a1,b1 "), "{blokus}");
    for (game, depth, count) in [
        ("focus(players=2)", "3", "299912"),
        ("focus(players=3)", "3", "78935"),
        ("focus(players=4)", "3", "78935"),
        ("blokus(players=4)", "2", "3364"),
    ] {
        let out = ok(&["perft", "--game", game, "--depth", depth]);
        assert!(
            out.starts_with(&format!("perft({depth}) = {count} ")),
            "{game}: {out}"
        );
    }
}

#[test]
fn malformed_positions_exit_2_with_one_line() {
    for (game, position, fragment) in [
        ("focus(players=2)", "r x", "expected 5 fields"),
        ("focus(players=2)", "r .,.,.,./r,r,g,g,r,r/.,g,g,r,r,g,g,./.,r,r,g,g,r,r,./.,g,g,r,r,g,g,./.,r,r,g,g,r,r,./g,g,r,r,g,g/.,.,.,. 5,0 -,- -", "red: 23 pieces"),
        ("blokus", "b ../.. -", "20 rows"),
        ("blokus", "q x y", "colour to move"),
    ] {
        expect_error(&["show", "--game", game, "--position", position], fragment);
        expect_error(
            &["perft", "--game", game, "--position", position, "--depth", "1"],
            fragment,
        );
    }
}

#[test]
fn searches_give_moves_play_accepts() {
    for (game, seats) in [
        ("focus(players=3)", "human,human,human"),
        ("blokus(players=4)", "human,human,human,human"),
    ] {
        for algorithm in ["maxn", "paranoid", "brs", "brs-plus", "speculative"] {
            let out = ok(&[
                "search",
                "--game",
                game,
                "--algorithm",
                algorithm,
                "--depth",
                "2",
                "--json",
            ]);
            let v: Value = serde_json::from_str(out.trim()).unwrap();
            let best = v["best_move"].as_str().expect("a best move");
            assert_eq!(v["pv"][0], best, "{out}");
            let t = people_play(game, seats, &[best]);
            assert!(!t.contains("is not a"), "{game} {algorithm} {best}: {t}");
            assert!(t.contains("P1 to move"), "{game} {algorithm} {best}: {t}");
        }
    }
}

#[test]
fn people_play_with_a_bad_move_then_a_good_one() {
    let t = people_play("focus(players=2)", "human,human", &["c3-c9", "d2-d3"]);
    assert!(t.contains("`c3-c9` is not a move: expected FROM-TO"), "{t}");
    assert!(t.contains("green to move"), "{t}");
    let t = people_play(
        "blokus",
        "human,human,human,human",
        &["V3:a1,b1", "v3:a2,b1,a1"],
    );
    assert!(
        t.contains("`V3:a1,b1` is not a move: expected PIECE:CELLS"),
        "{t}"
    );
    assert!(t.contains(" 1  b b ."), "{t}");
    assert!(t.contains("yellow to move"), "{t}");
}

#[test]
fn a_one_opening_tournament_on_each_game() {
    for (game, name, players) in [
        ("focus(players=3)", "focus(players=3,cap=600)", 3),
        ("blokus", "blokus(players=4,scoring=value)", 4),
    ] {
        let out = ok(&[
            "tournament",
            "--game",
            game,
            "--engines",
            "maxn,brs",
            "--depth",
            "1",
            "--openings",
            "1",
            "--bootstrap",
            "10",
            "--quiet",
            "--json",
        ]);
        let v: Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(v["game"], name, "{out}");
        assert_eq!(v["players"], players, "{out}");
        let games = v["games"].as_u64().unwrap();
        let finished = v["finished"].as_u64().unwrap();
        let adjudicated = v["adjudicated"].as_u64().unwrap();
        assert_eq!(finished + adjudicated, games, "{out}");
        assert!(games > 0, "{out}");
    }
}
