//! `gametree play` and `gametree bench` end to end, with scripted input.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

use crate::{gametree, scratch};

/// Runs the binary with `args` and `input` on stdin (a binary that ends before reading
/// its input, as on a refused flag, closes the pipe: that is no error here).
fn with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gametree"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the gametree binary runs");
    match child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
    {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => panic!("write stdin: {e}"),
        _ => {}
    }
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

/// Issue #46: `--record FILE` was checked only when the game ended, so a record file that
/// cannot be written lost the whole game. It is checked before the first move (the same
/// check as every `--out`): exit code 2 with one line, no board drawn, no move asked for or
/// played (the engine moves first here), and nothing there is changed.
#[test]
fn defect_46_play_record_is_checked_before_the_first_move() {
    let dir = scratch("play-record-first");
    let sub = dir.join("sub");
    std::fs::create_dir(&sub).unwrap();
    let mut refused = vec![(sub.clone(), "is a directory, not a regular file")];
    #[cfg(unix)]
    {
        let dangling = dir.join("dangling.gtrec");
        std::os::unix::fs::symlink("missing.gtrec", &dangling).unwrap();
        refused.push((dangling, "is a symbolic link to a missing file"));
        refused.push(("/dev/full".into(), "is a character device"));
    }
    #[cfg(target_os = "linux")]
    refused.push((
        "/proc/game.gtrec".into(),
        "/proc/game.gtrec: cannot be created: no new file can be made in /proc",
    ));
    for (target, why) in refused {
        let o = with_input(
            &[
                "play",
                "--game",
                "tictactoe",
                "--players",
                "alphabeta,human",
                "--depth",
                "1",
                "--no-color",
                "--record",
                target.to_str().unwrap(),
            ],
            "5\n1\n9\nquit\n",
        );
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{}: {err}", target.display());
        assert!(
            err.starts_with("error: --record: ") && err.contains(why) && err.lines().count() == 1,
            "{}: {err}",
            target.display()
        );
        assert_eq!(text(&o), "", "{}: nothing played", target.display());
    }
    assert!(sub.is_dir() && std::fs::read_dir(&sub).unwrap().count() == 0);
    assert!(!dir.join("missing.gtrec").exists());
}

/// Issue #46: the record is written after every move (atomically), so a game killed in
/// the middle keeps every move played: exactly the three moves here, no outcome (an
/// unfinished game), and `play --load` reads it back and goes on from there.
#[test]
fn defect_46_a_killed_game_keeps_its_record_and_play_load_resumes_it() {
    let dir = scratch("play-record-killed");
    let file = dir.join("game.gtrec");
    let mut child = Command::new(env!("CARGO_BIN_EXE_gametree"))
        .args([
            "play",
            "--game",
            "tictactoe",
            "--players",
            "human,human",
            "--no-color",
            "--record",
            file.to_str().unwrap(),
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the gametree binary runs");
    // Three moves typed, the input left open: the game waits for the fourth.
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(b"5\n1\n9\n").unwrap();
    stdin.flush().unwrap();
    let three = "gametree-record 1\ngame tictactoe\nseat 0 person\nseat 1 person\nmoves 5 1 9\n";
    let start = std::time::Instant::now();
    while std::fs::read_to_string(&file).ok().as_deref() != Some(three) {
        if start.elapsed() > std::time::Duration::from_secs(60) {
            let _ = child.kill();
            panic!(
                "no record of the three moves: {:?}",
                std::fs::read_to_string(&file)
            );
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    // SIGKILL: no chance to write anything more.
    child.kill().unwrap();
    child.wait().unwrap();
    drop(stdin);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), three);
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["game.gtrec"], "no temporary file left");
    // Read back: the game goes on from the third move, recorded on another file.
    let again = dir.join("again.gtrec");
    let o = with_input(
        &[
            "play",
            "--load",
            file.to_str().unwrap(),
            "--players",
            "human,human",
            "--no-color",
            "--record",
            again.to_str().unwrap(),
        ],
        "9\n2\nquit\n",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let shown = text(&o);
    assert!(shown.contains("game.gtrec: 3 moves replayed"), "{shown}");
    // The position after the record's moves: 9 is taken, so the person is asked again.
    assert!(
        shown.contains("P1 to move (2 3 4 6 7 8): `9` is not a legal move;"),
        "{shown}"
    );
    assert_eq!(
        std::fs::read_to_string(&again).unwrap(),
        three.replace("moves 5 1 9", "moves 5 1 9 2")
    );
}

/// `play --load` refuses a record it cannot read or replay with one line naming the file.
#[test]
fn play_load_refuses_bad_records_with_one_line() {
    let dir = scratch("play-load-bad");
    let illegal = dir.join("illegal.gtrec");
    std::fs::write(
        &illegal,
        "gametree-record 1\ngame tictactoe\nseat 0 person\nseat 1 person\nmoves 5 5\n",
    )
    .unwrap();
    let garbled = dir.join("garbled.gtrec");
    std::fs::write(&garbled, "hello\n").unwrap();
    for (file, why) in [
        (&illegal, "moves[1] \"5\": not a legal move here"),
        (&garbled, "line 1: "),
        (&dir, "is a directory, not a regular file"),
    ] {
        let path = file.to_str().unwrap();
        let o = with_input(&["play", "--load", path, "--players", "human,human"], "");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(
            err.starts_with(&format!("error: --load {path}")) && err.contains(why),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    let o = with_input(
        &[
            "play",
            "--load",
            illegal.to_str().unwrap(),
            "--game",
            "tictactoe",
            "--players",
            "human,human",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(2), "--load and --game conflict");
}

/// Issue #46: `bench --check --expected FILE` read FILE only after the whole benchmark
/// (minutes at the default depths). It is read and checked first: a missing, unreadable or
/// malformed file is one line and exit code 2 before any search (not even the line
/// announcing the benchmark is written).
#[test]
fn defect_46_bench_reads_the_expected_file_before_the_benchmark() {
    let dir = scratch("bench-expected-first");
    let write = |name: &str, text: &str| {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p.to_string_lossy().into_owned()
    };
    let missing = dir.join("missing.json").to_string_lossy().into_owned();
    let cases = [
        (
            missing.clone(),
            format!("--expected {missing}: cannot read: "),
        ),
        (
            dir.to_string_lossy().into_owned(),
            "is a directory, not a regular file".to_string(),
        ),
        (
            write("not-json.json", "{\"+ PVS\": "),
            "not the expected counts".to_string(),
        ),
        (
            write("flat.json", "{\"+ PVS\": 5}"),
            "not the expected counts".to_string(),
        ),
        (
            write("text-count.json", "{\"+ PVS\": {\"4\": \"many\"}}"),
            "not the expected counts".to_string(),
        ),
        (
            write("word-depth.json", "{\"+ PVS\": {\"four\": 5}}"),
            "row `+ PVS`: `four` is not a depth".to_string(),
        ),
    ];
    for (path, why) in cases {
        let o = gametree(&["bench", "--depths", "4", "--check", "--expected", &path]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{path}: {err}");
        assert!(
            err.starts_with(&format!("error: --expected {path}")) && err.contains(&why),
            "{path}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "no search ran: {err}");
        assert!(o.stdout.is_empty(), "{path}");
    }
}
