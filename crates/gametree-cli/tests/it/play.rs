//! `gametree play` and `gametree bench` end to end, with scripted input.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

use crate::{gametree, scratch};

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

fn text(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn a_person_against_the_engine_bad_input_and_quit() {
    let o = with_input(
        &[
            "play",
            "--game",
            "connect-four",
            "--players",
            "human,engine",
            "--depth",
            "5",
            "--no-color",
        ],
        "x\nh\n\n4\nquit\n",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let t = text(&o);
    assert!(
        // Connect four moves are the column digits positions use (issue #12; they were
        // letters before).
        t.contains(
            "`x` is not a move: expected a column 1..7 (from the left); legal moves: 1 2 3 4 5 6 7"
        ),
        "{t}"
    );
    assert!(t.contains("`h` is not a move: expected a column"), "{t}");
    assert!(t.contains("legal moves: 1 2 3 4 5 6 7\n"), "{t}");
    // The person's 4, then the engine's reply.
    assert!(t.contains("| . . . X . . . |"), "{t}");
    assert!(t.contains("P1 (engine) plays "), "{t}");
    assert!(t.contains("game abandoned"), "{t}");
    assert!(!t.contains("\x1b["), "--no-color draws no escape codes");
}

#[test]
fn two_people_play_tictactoe_to_a_win() {
    let o = with_input(
        &[
            "play",
            "--game",
            "tictactoe",
            "--players",
            "human,human",
            "--color",
            "always",
        ],
        "1\n2\n3\n4\n5\n5\n6\n7\n",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let t = text(&o);
    // The second 5 is taken: asked again.
    assert!(t.contains("`5` is not a legal move"), "{t}");
    assert!(t.contains("game over: P0 wins (100, -100)"), "{t}");
    assert!(t.contains("\x1b["), "colour when asked for");
}

/// `--record` writes the game record (docs/records.md) when the game ends: the canonical
/// spec, the seats with their limits, the moves as played and the outcome; a directory is
/// refused with one line and exit code 2.
#[test]
fn play_record_writes_the_game() {
    let dir = scratch("play-record");
    let file = dir.join("game.gtrec");
    let path = file.to_str().unwrap();
    let args = [
        "play",
        "--game",
        "tictactoe",
        "--players",
        "human,alphabeta",
        "--depth",
        "9",
        "--no-color",
        "--record",
        path,
    ];
    let o = with_input(&args, "5\n1\n9\n3\n2\n8\n4\n6\n7\n");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let written = std::fs::read_to_string(&file).unwrap();
    let record = gametree_run::record::Record::parse(&written).unwrap();
    assert_eq!(record.game, "tictactoe");
    assert_eq!(record.position, None);
    assert_eq!(record.seats.len(), 2);
    assert_eq!(record.seats[0].who, "person");
    assert_eq!(
        (
            record.seats[1].who.as_str(),
            record.seats[1].limits.depth,
            record.seats[1].limits.time_ms
        ),
        ("alphabeta", Some(9), None)
    );
    assert!(record.outcome.is_some(), "the game ended: {written}");
    // The moves are the game's: every one legal in turn, ending where the game ended.
    let shown = text(&o);
    for m in record.moves.iter().skip(1).step_by(2) {
        assert!(
            shown.contains(&format!("P1 (alphabeta) plays {m} ")),
            "{m}: {shown}"
        );
    }
    assert_eq!(record.moves[0], "5");
    let o = with_input(
        &args[..args.len() - 1]
            .iter()
            .copied()
            .chain([dir.to_str().unwrap()])
            .collect::<Vec<_>>(),
        "quit\n",
    );
    assert_eq!(o.status.code(), Some(2), "a directory as the record file");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("--record") && err.lines().count() == 1,
        "{err}"
    );
}

#[test]
fn engine_against_engine_needs_no_input() {
    let o = Command::new(env!("CARGO_BIN_EXE_gametree"))
        .args([
            "play",
            "--game",
            "tictactoe",
            "--players",
            "engine,alphabeta",
            "--depth",
            "9",
            "--no-color",
        ])
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let t = text(&o);
    assert!(t.contains("game over: draw (0, 0)"), "{t}");
    assert_eq!(t.matches(" plays ").count(), 9, "{t}");
}

#[test]
fn connect_four_engines_with_a_time_limit_finish() {
    let o = Command::new(env!("CARGO_BIN_EXE_gametree"))
        .args([
            "play",
            "--game",
            "connect-four",
            "--players",
            "engine,pvs",
            "--time-ms",
            "20",
            "--no-color",
        ])
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(text(&o).contains("game over: "), "{}", text(&o));
}

#[test]
fn three_players_on_a_random_tree() {
    let o = Command::new(env!("CARGO_BIN_EXE_gametree"))
        .args([
            "play",
            "--game",
            "random(players=3,b=3,d=5,leaf=cutpoints,seed=7,maxsum=30)",
            "--players",
            "engine,paranoid,maxn",
            "--depth",
            "5",
        ])
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let t = text(&o);
    assert_eq!(t.matches(" plays ").count(), 5, "{t}");
    assert!(t.contains("game over: "), "{t}");
}

#[test]
fn bad_seats_are_errors() {
    let o = gametree(&["play", "--game", "connect-four", "--players", "human"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("names 1 seat(s), and this game has 2 players")
    );
    let o = gametree(&[
        "play",
        "--game",
        "connect-four",
        "--players",
        "human,wizard",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown algorithm `wizard`"));
    let o = gametree(&[
        "play",
        "--game",
        "random(players=3,b=2,d=2,seed=1)",
        "--players",
        "alphabeta,engine,engine",
        "--depth",
        "2",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("two-player algorithm"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn bench_check_passes_on_the_committed_counts_and_fails_on_a_changed_one() {
    // Depth 10 only: the committed file holds 10, 12 and 14.
    let o = gametree(&["bench", "--depths", "10", "--check"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = gametree(&["bench", "--depths", "6", "--json"]);
    assert!(o.status.success());
    let v: Value = serde_json::from_slice(&o.stdout).expect("JSON");
    let rows = v["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), 9);
    let mut expected = serde_json::Map::new();
    for r in rows {
        let nodes = r["cells"][0]["nodes"].clone();
        expected.insert(
            r["name"].as_str().unwrap().to_string(),
            serde_json::json!({ "6": nodes }),
        );
    }
    let dir = scratch("bench-check");
    let file = dir.join("expected.json");
    std::fs::write(&file, Value::Object(expected.clone()).to_string()).unwrap();
    let path = file.to_string_lossy().into_owned();
    let o = gametree(&["bench", "--depths", "6", "--check", "--expected", &path]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    expected.insert("+ PVS".into(), serde_json::json!({ "6": 1 }));
    std::fs::write(&file, Value::Object(expected).to_string()).unwrap();
    let o = gametree(&["bench", "--depths", "6", "--check", "--expected", &path]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("+ PVS, depth 6: ") && err.contains("expected 1"),
        "{err}"
    );
}

#[test]
fn registry_pvs_mtdf_aspiration_agree_with_alphabeta() {
    let score = |alg: &str| -> Value {
        let o = gametree(&[
            "search",
            "--json",
            "--game",
            "connect-four",
            "--position",
            "4453",
            "--depth",
            "6",
            "--algorithm",
            alg,
        ]);
        assert!(
            o.status.success(),
            "{alg}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let v: Value = serde_json::from_slice(&o.stdout).expect("JSON");
        v["score"].clone()
    };
    let want = score("alphabeta");
    for alg in ["pvs", "mtdf", "aspiration"] {
        assert_eq!(score(alg), want, "{alg}");
    }
}

#[test]
fn colour_is_off_by_default_when_piped() {
    let o = with_input(
        &["play", "--game", "tictactoe", "--players", "human,human"],
        "1\n2\n3\n4\n5\n6\n7\n",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        !text(&o).contains("\x1b["),
        "auto: no colour when stdout is not a terminal"
    );
}
