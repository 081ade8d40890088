//! Rolit and four-player chess on the command line: show with and without colour, perft in
//! text and JSON, malformed positions, searches whose best move `play` accepts, a short
//! tournament, and people playing Rolit.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

use crate::{expect_error, gametree, ok};

const ROLIT: &str = "rolit(players=4)";
const CHESS4: &str = "chess4";
/// Rolit's start: red and yellow on row 4, blue and green on row 5, red to move.
const ROLIT_START: &str = "...........................ry......bg........................... r";

/// Four-player chess's start as `show` prints it (red to move, then red/blue/yellow/green).
fn chess4_start() -> String {
    let out = ok(&["show", "--game", CHESS4, "--color", "never"]);
    out.lines()
        .find_map(|l| l.strip_prefix("position: "))
        .expect("show prints the position")
        .to_string()
}

/// Runs the binary with `args` and `input` on stdin.
fn with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gametree"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the gametree binary runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write stdin");
    child.wait_with_output().expect("wait")
}

#[test]
fn show_colours_only_when_asked() {
    // Red's piece in red: a Rolit ball, a four-player chess rook.
    for (game, red) in [
        (ROLIT, "\x1b[1;31mr"),
        ("rolit(players=3)", "\x1b[1;31mr"),
        (CHESS4, "\x1b[31mR"),
    ] {
        let coloured = ok(&["show", "--game", game, "--color", "always"]);
        assert!(coloured.contains(red), "{game}: {coloured}");
        assert!(coloured.contains("\x1b[0m"), "{game}: {coloured}");
        let plain = ok(&["show", "--game", game, "--color", "never"]);
        assert!(!plain.contains('\x1b'), "{game}: {plain}");
        assert!(plain.contains("position: "), "{game}: {plain}");
    }
    let rolit = ok(&["show", "--game", ROLIT, "--color", "never"]);
    assert!(
        rolit.contains(&format!("position: {ROLIT_START}")),
        "{rolit}"
    );
    assert!(rolit.contains("3 moves: F4 D6 F6"), "{rolit}");
    let chess4 = ok(&["show", "--game", CHESS4, "--color", "never"]);
    assert!(chess4.contains("20 moves: e1-d3 "), "{chess4}");
    assert!(chess4_start().starts_with("r Rd1,Ne1,"), "{chess4}");
}

#[test]
fn perft_in_text_and_json() {
    for (game, counts) in [(ROLIT, [3, 20]), (CHESS4, [20, 395])] {
        for (depth, want) in [1, 2].into_iter().zip(counts) {
            let d = depth.to_string();
            let text = ok(&["perft", "--game", game, "--depth", &d]);
            assert!(
                text.starts_with(&format!("perft({depth}) = {want} ")),
                "{game} depth {depth}: {text}"
            );
            let json = ok(&["perft", "--game", game, "--depth", &d, "--json"]);
            let v: Value = serde_json::from_str(json.trim()).unwrap();
            assert_eq!(v["depth"], depth, "{game}: {json}");
            assert_eq!(v["leaves"], want, "{game}: {json}");
        }
    }
    // From the start given explicitly, the same counts.
    let start = chess4_start();
    let text = ok(&[
        "perft",
        "--game",
        CHESS4,
        "--position",
        &start,
        "--depth",
        "2",
    ]);
    assert!(text.starts_with("perft(2) = 395 "), "{text}");
    let text = ok(&[
        "perft",
        "--game",
        ROLIT,
        "--position",
        ROLIT_START,
        "--depth",
        "2",
    ]);
    assert!(text.starts_with("perft(2) = 20 "), "{text}");
}

/// Expects exit code 2 and exactly one stderr line naming the position and `fragment`, for
/// `show` and `perft`.
fn bad_position(game: &str, position: &str, fragment: &str) {
    for args in [
        vec!["show", "--game", game, "--position", position],
        vec![
            "perft",
            "--game",
            game,
            "--position",
            position,
            "--depth",
            "1",
        ],
    ] {
        expect_error(&args, fragment);
        let out = gametree(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.contains("--position"), "{args:?}: {stderr}");
        // The position is named (long ones may be shortened, so its start).
        let head: String = position.chars().take(8).collect();
        assert!(stderr.contains(&head), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}: nothing drawn");
    }
}

#[test]
fn malformed_rolit_positions_exit_2() {
    let cells = ROLIT_START.strip_suffix(" r").unwrap();
    let cases: Vec<(String, &str)> = vec![
        ("....... r".into(), "got 9 characters"),
        (cells.to_string(), "got 64 characters"),
        (format!("{ROLIT_START} extra"), "got 72 characters"),
        (cells.replacen("ry", "rz", 1) + " r", "bad cell 'z' at E4"),
        (format!("{cells} x"), "bad colour to move 'x'"),
    ];
    for (pos, fragment) in &cases {
        bad_position(ROLIT, pos, fragment);
    }
    // With three players blue is the neutral colour and never moves.
    bad_position(
        "rolit(players=3)",
        &format!("{cells} b"),
        "blue does not move with three players",
    );
}

#[test]
fn malformed_chess4_positions_exit_2() {
    let start = chess4_start();
    let sides = start.strip_prefix("r ").unwrap();
    let cases: Vec<(String, &str)> = vec![
        (
            format!("x {sides}"),
            "the player to move must be r, b, y or g",
        ),
        (start.replacen("Rd1", "Rz1", 1), "red: `Rz1` is not a piece"),
        // a1 is a cut-off corner, not a square of the board.
        (start.replacen("Rd1", "Ra1", 1), "red: `Ra1` is not a piece"),
        (
            start.replacen("Rd1", "Rd15", 1),
            "red: `Rd15` is not a piece",
        ),
        (start.replacen("Rd1", "Xd1", 1), "red: `Xd1` is not a piece"),
        (
            start.replacen("/Ra4", ",Ra4", 1),
            "expected 4 sides separated by `/`, got 3",
        ),
        (
            format!("{start}/Kd1"),
            "expected 4 sides separated by `/`, got 5",
        ),
        (
            start.replacen("Pd2", "Pe2", 1),
            "red: square e2 is taken twice",
        ),
        // Red's d2 pawn moved onto blue's b4 pawn: found when blue's list is read.
        (
            start.replacen("Pd2", "Pb4", 1),
            "blue: square b4 is taken twice",
        ),
        (
            start.replacen("Kh1,", "", 1),
            "red: a live side has exactly one king, not 0",
        ),
        (
            sides.to_string(),
            "expected `<r|b|y|g> <red>/<blue>/<yellow>/<green>`",
        ),
    ];
    for (pos, fragment) in &cases {
        bad_position(CHESS4, pos, fragment);
    }
}

/// Plays `moves` (one per line) with people in every seat and returns standard output;
/// checks each was accepted.
fn people_play(game: &str, seats: &str, moves: &[&str]) -> String {
    let mut input: String = moves.iter().map(|m| format!("{m}\n")).collect();
    input.push_str("quit\n");
    let o = with_input(
        &[
            "play",
            "--game",
            game,
            "--players",
            seats,
            "--color",
            "never",
        ],
        &input,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let t = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(!t.contains("is not a move"), "{moves:?} accepted: {t}");
    assert!(t.contains("game abandoned"), "{t}");
    t
}

#[test]
fn searches_give_moves_play_accepts() {
    let people = "human,human,human,human";
    for (game, algorithms) in [
        (ROLIT, &["maxn", "paranoid", "speculative"][..]),
        (CHESS4, &["maxn", "paranoid", "nmax", "hypermax"][..]),
    ] {
        for algorithm in algorithms {
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
            assert_eq!(v["algorithm"], *algorithm, "{out}");
            assert_eq!(v["value"].as_array().unwrap().len(), 4, "{out}");
            assert_eq!(v["pv"].as_array().unwrap().len(), 2, "{out}");
            assert_eq!(v["stats"]["depth"], 2, "{out}");
            let best = v["best_move"].as_str().expect("a best move");
            assert_eq!(v["pv"][0], best, "{out}");
            // The best move is one of the start's moves and `play` takes it.
            let t = people_play(game, people, &[best]);
            assert!(t.contains("P1 to move"), "{game} {algorithm} {best}: {t}");
        }
    }
}

#[test]
fn a_one_opening_tournament_on_each_game() {
    for (game, name) in [(ROLIT, "rolit(players=4)"), (CHESS4, "chess4(cap=400)")] {
        let out = ok(&[
            "tournament",
            "--game",
            game,
            "--engines",
            "maxn,paranoid",
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
        assert_eq!(v["players"], 4, "{out}");
        let games = v["games"].as_u64().unwrap();
        assert_eq!(games, 14, "two engines in four seats, both present: {out}");
        let finished = v["finished"].as_u64().unwrap();
        let adjudicated = v["adjudicated"].as_u64().unwrap();
        assert_eq!(finished + adjudicated, games, "{out}");
        let text = ok(&[
            "tournament",
            "--game",
            game,
            "--engines",
            "maxn,paranoid",
            "--depth",
            "1",
            "--openings",
            "1",
            "--bootstrap",
            "10",
            "--quiet",
        ]);
        assert!(
            text.contains(&format!(
                "{games} games (1 openings x 14 seatings), {finished} finished, {adjudicated} adjudicated"
            )),
            "{text}"
        );
    }
}

#[test]
fn people_play_rolit_with_a_bad_move_then_a_good_one() {
    let o = with_input(
        &[
            "play",
            "--game",
            ROLIT,
            "--players",
            "human,human,human,human",
            "--color",
            "never",
        ],
        "Z9\nF4\nquit\n",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let t = String::from_utf8_lossy(&o.stdout);
    assert!(
        t.contains("`Z9` is not a move: expected a cell, column A..H then row 1..8"),
        "{t}"
    );
    assert!(t.contains("legal moves: F4 D6 F6"), "{t}");
    // F4 turns yellow's E4 red: row 4 reads r r r.
    assert!(t.contains("4  . . . r r r . ."), "{t}");
    assert!(t.contains("yellow to move"), "{t}");
    assert!(t.contains("game abandoned"), "{t}");
    assert!(!t.contains('\x1b'), "{t}");
}
