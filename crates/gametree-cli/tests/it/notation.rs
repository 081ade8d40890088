//! One notation per game, both ways (issue #12): every move `search` and `play` print, for
//! every game, is typed back to `play` (and, where positions are move lists, appended to
//! `--position`) and read as that move.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

use crate::ok;

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

/// Every game of `gametree list`, a search that suits it and the number of players.
const GAMES: &[(&str, &str, &str, usize)] = &[
    ("tictactoe", "alphabeta", "9", 2),
    ("connect-four", "alphabeta", "6", 2),
    (
        "chinese-checkers(players=3,board=73,cap=30)",
        "maxn",
        "2",
        3,
    ),
    (
        "chinese-checkers(players=2,board=13,cap=30)",
        "paranoid",
        "3",
        2,
    ),
    ("chess4(cap=12)", "maxn", "2", 4),
    ("rolit(players=3)", "speculative", "2", 3),
    ("hearts(deal=3)", "speculative", "4", 3),
    ("spades(deal=3)", "paranoid", "4", 3),
    (
        "random(players=3,b=3,d=4,leaf=cutpoints,seed=5)",
        "maxn",
        "4",
        3,
    ),
];

/// `play` with a person in every seat typing `moves`, then `quit`: the standard output, after
/// checking that the run succeeded and that every move was accepted.
fn people_play(game: &str, position: Option<&str>, players: usize, moves: &[String]) -> String {
    let seats = vec!["human"; players].join(",");
    let mut args = vec!["play", "--game", game, "--players", &seats, "--no-color"];
    if let Some(p) = position {
        args.extend(["--position", p]);
    }
    let input: String = moves.iter().map(|m| format!("{m}\n")).collect::<String>() + "quit\n";
    let o = with_input(&args, &input);
    let t = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(
        o.status.success(),
        "{game}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(
        !t.contains("is not a"),
        "{game}: a printed move was refused:\n{t}"
    );
    // One prompt per move, and one more for `quit` unless the moves ended the game.
    let prompts = t.matches(" to move (").count();
    let over = t.contains("game over: ");
    assert_eq!(
        prompts,
        moves.len() + usize::from(!over),
        "{game}: every move taken, in turn:\n{t}"
    );
    t
}

fn pv_names(v: &Value) -> Vec<String> {
    v["pv"]
        .as_array()
        .expect("a pv")
        .iter()
        .map(|m| match m {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        })
        .collect()
}

#[test]
fn every_move_search_prints_is_read_back_by_play() {
    for &(game, algorithm, depth, players) in GAMES {
        let v: Value = serde_json::from_str(&ok(&[
            "search",
            "--game",
            game,
            "--algorithm",
            algorithm,
            "--depth",
            depth,
            "--json",
        ]))
        .expect("JSON");
        let pv = pv_names(&v);
        assert!(!pv.is_empty(), "{game}: a principal variation");
        // The text table prints the same names.
        let text = ok(&[
            "search",
            "--game",
            game,
            "--algorithm",
            algorithm,
            "--depth",
            depth,
        ]);
        let row = text
            .lines()
            .find_map(|l| l.strip_prefix("pv"))
            .expect("a pv row")
            .trim();
        assert_eq!(row, pv.join(" "), "{game}");
        people_play(game, None, players, &pv);
    }
}

/// Extracts the moves of `... plays M   [...]` lines.
fn moves_played(t: &str) -> Vec<String> {
    t.lines()
        .filter_map(|l| l.split(" plays ").nth(1))
        .map(|rest| rest.split_whitespace().next().expect("a move").to_string())
        .collect()
}

#[test]
fn every_move_play_prints_is_read_back_by_play() {
    for &(game, _, _, players) in GAMES {
        let seats = vec!["engine"; players].join(",");
        let o = with_input(
            &[
                "play",
                "--game",
                game,
                "--players",
                &seats,
                "--depth",
                "2",
                "--no-color",
            ],
            "",
        );
        assert!(
            o.status.success(),
            "{game}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let t = String::from_utf8_lossy(&o.stdout).into_owned();
        let played = moves_played(&t);
        let end = t
            .lines()
            .find(|l| l.starts_with("game over: "))
            .expect("the engines finish the game");
        assert!(played.len() >= 4, "{game}: {t}");
        // People typing the engines' moves reach the same end.
        let replay = people_play(game, None, players, &played);
        // (Games without a picture print the end after the last prompt, on its line.)
        assert!(
            replay.lines().any(|l| l.ends_with(end)),
            "{game}: {end}\n{replay}"
        );
    }
}

#[test]
fn connect_four_prints_and_reads_column_digits() {
    let v: Value = serde_json::from_str(&ok(&[
        "search",
        "--game",
        "connect-four",
        "--position",
        "4453",
        "--algorithm",
        "alphabeta",
        "--depth",
        "4",
        "--json",
    ]))
    .expect("JSON");
    let pv = pv_names(&v);
    for m in &pv {
        assert!(
            matches!(m.as_str(), "1" | "2" | "3" | "4" | "5" | "6" | "7"),
            "{pv:?}"
        );
    }
    // The principal variation appended to the position is a position.
    let longer = format!("4453{}", pv.concat());
    let shown = ok(&["show", "--game", "connect-four", "--position", &longer]);
    assert!(shown.contains("moves: "), "{shown}");
    // The board's column labels are the moves' names.
    assert!(shown.contains("  1 2 3 4 5 6 7\n"), "{shown}");
    // The letters of before are refused, naming the notation.
    let o = with_input(
        &["play", "--game", "connect-four", "--players", "human,human"],
        "d\nquit\n",
    );
    let t = String::from_utf8_lossy(&o.stdout);
    assert!(
        t.contains("`d` is not a move: expected a column 1..7 (from the left)"),
        "{t}"
    );
}

#[test]
fn show_says_how_moves_are_written() {
    let t = ok(&[
        "show",
        "--game",
        "chinese-checkers(players=2,board=13)",
        "--color",
        "never",
    ]);
    assert!(t.contains("2 moves: 12-9 12-10\n"), "{t}");
    assert!(
        t.contains(
            "a move is FROM-TO in cell numbers (`gametree show --cells` draws them), or `pass`\n"
        ),
        "{t}"
    );
    let help = ok(&["show", "--help"]);
    assert!(
        help.contains("--cells draws them") || help.contains("`--cells` draws them"),
        "{help}"
    );
}

/// The value of `(a, b, ...)` as the text output prints it.
fn value_text(v: &Value) -> String {
    let parts: Vec<String> = v
        .as_array()
        .expect("a value vector")
        .iter()
        .map(Value::to_string)
        .collect();
    format!("({})", parts.join(", "))
}

#[test]
fn iterative_deepening_prints_one_line_per_completed_iteration() {
    let args = [
        "search",
        "--game",
        "connect-four",
        "--position",
        "4453",
        "--algorithm",
        "alphabeta",
        "--depth",
        "4",
        "--iterative",
    ];
    let o = crate::gametree(&args);
    assert!(o.status.success());
    let stderr = String::from_utf8_lossy(&o.stderr).into_owned();
    let stdout = String::from_utf8_lossy(&o.stdout).into_owned();
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 4, "{stderr}");
    for (i, line) in lines.iter().enumerate() {
        let depth = (i + 1).to_string();
        // Each iteration's value and PV are those of a plain search to its depth.
        let v: Value = serde_json::from_str(&ok(&[
            "search",
            "--game",
            "connect-four",
            "--position",
            "4453",
            "--algorithm",
            "alphabeta",
            "--depth",
            &depth,
            "--json",
        ]))
        .expect("JSON");
        let fields: Vec<&str> = line.split("  ").collect();
        assert_eq!(fields.len(), 5, "{line}");
        assert_eq!(fields[0], format!("depth {depth}"), "{line}");
        let nodes: u64 = fields[1]
            .strip_prefix("nodes ")
            .and_then(|n| n.parse().ok())
            .expect("nodes");
        assert_eq!(
            fields[2],
            format!("value {}", value_text(&v["value"])),
            "{line}"
        );
        assert_eq!(
            fields[3],
            format!("pv {}", pv_names(&v).join(" ")),
            "{line}"
        );
        assert!(fields[4].ends_with(" ms"), "{line}");
        if i + 1 == lines.len() {
            // The last line's count is the table's (summed over the iterations).
            let row = stdout
                .lines()
                .find_map(|l| l.strip_prefix("nodes"))
                .expect("nodes row")
                .trim();
            assert_eq!(row, nodes.to_string(), "{stdout}");
        }
    }
    // JSON mode prints the object only.
    let mut json = args.to_vec();
    json.push("--json");
    let o = crate::gametree(&json);
    assert!(o.status.success());
    assert_eq!(String::from_utf8_lossy(&o.stderr), "");
}

#[test]
fn the_text_table_shows_table_hits() {
    let args = [
        "search",
        "--game",
        "tictactoe",
        "--algorithm",
        "maxn",
        "--table-mib",
        "1",
    ];
    let mut json = args.to_vec();
    json.push("--json");
    let v: Value = serde_json::from_str(&ok(&json)).expect("JSON");
    let hits = v["stats"]["table_hits"].as_u64().expect("table_hits");
    assert!(hits > 0);
    let text = ok(&args);
    let row = text
        .lines()
        .find_map(|l| l.strip_prefix("table hits"))
        .expect("a table hits row")
        .trim();
    assert_eq!(row, hits.to_string(), "{text}");
}

#[test]
fn list_json_names_every_algorithm_game_and_leaf_model_the_commands_accept() {
    let v: Value = serde_json::from_str(&ok(&["list", "--json"])).expect("JSON");
    let text = ok(&["list"]);
    let algorithms = v["algorithms"].as_array().expect("algorithms");
    assert!(algorithms.len() >= 16, "{v}");
    for a in algorithms {
        let name = a["name"].as_str().expect("a name");
        assert!(!a["about"].as_str().expect("about").is_empty());
        assert!(
            text.contains(&format!("  {name} ")),
            "{name} in the text list"
        );
        // Every listed name is an algorithm `search` knows (it may refuse the game, but
        // not the name).
        let o = crate::gametree(&[
            "search",
            "--game",
            "random(players=2,b=2,d=2,leaf=uniform,seed=1)",
            "--algorithm",
            name,
        ]);
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert!(!stderr.contains("unknown algorithm"), "{name}: {stderr}");
    }
    let games = v["games"].as_array().expect("games");
    let names: Vec<&str> = games
        .iter()
        .map(|g| g["name"].as_str().expect("a name"))
        .collect();
    assert_eq!(
        names,
        [
            "tictactoe",
            "connect-four",
            "chinese-checkers",
            "chess4",
            "rolit",
            "focus",
            "blokus",
            "hearts",
            "spades",
            "random"
        ]
    );
    for g in games {
        let spec = g["spec"].as_str().expect("a spec");
        assert!(text.contains(spec), "{spec}");
        let name = g["name"].as_str().expect("name");
        ok(&["show", "--game", name, "--color", "never"]);
    }
    let leaves = v["leaf_models"].as_array().expect("leaf models");
    assert_eq!(leaves.len(), 8, "{v}");
    for l in leaves {
        let syntax = l["syntax"].as_str().expect("syntax");
        assert!(text.contains(&format!("  {syntax} ")), "{syntax}");
        let example = syntax
            .split('[')
            .next()
            .expect("a name")
            .replace(":M", ":2")
            .replace(":P", ":0.5");
        let spec = format!("random(players=2,b=2,d=2,leaf={example},seed=1)");
        ok(&["search", "--game", &spec, "--algorithm", "minimax"]);
    }
}

#[test]
fn search_threads_runs_the_engine_with_the_serial_value() {
    for (game, position) in [("connect-four", "4453"), ("tictactoe", "5")] {
        for depth in ["1", "4", "7"] {
            let plain: Value = serde_json::from_str(&ok(&[
                "search",
                "--game",
                game,
                "--position",
                position,
                "--algorithm",
                "alphabeta",
                "--depth",
                depth,
                "--json",
            ]))
            .expect("JSON");
            for algorithm in ["alphabeta", "pvs", "aspiration", "mtdf"] {
                for threads in ["1", "2", "3"] {
                    let v: Value = serde_json::from_str(&ok(&[
                        "search",
                        "--game",
                        game,
                        "--position",
                        position,
                        "--algorithm",
                        algorithm,
                        "--depth",
                        depth,
                        "--threads",
                        threads,
                        "--json",
                    ]))
                    .expect("JSON");
                    let at = format!("{game} {depth} {algorithm} --threads {threads}");
                    assert_eq!(v["value"], plain["value"], "{at}");
                    assert_eq!(v["score"], plain["score"], "{at}");
                    assert_eq!(v["stats"]["depth"].as_u64(), depth.parse().ok(), "{at}");
                    // The engine's best move is one of equal value: its PV replays.
                    people_play(game, Some(position), 2, &pv_names(&v));
                }
            }
        }
    }
}

#[test]
fn search_threads_is_refused_where_the_engine_does_not_run() {
    crate::expect_error(
        &[
            "search", "--game", "connect-four", "--algorithm", "maxn", "--depth", "3",
            "--threads", "2",
        ],
        "--threads works with the engine's algorithms alphabeta, pvs, aspiration and mtdf, not maxn",
    );
    crate::expect_error(
        &[
            "search",
            "--game",
            "connect-four",
            "--algorithm",
            "pvs",
            "--threads",
            "2",
        ],
        "--threads needs a limit",
    );
    crate::expect_error(
        &[
            "search",
            "--game",
            "random(players=2,b=2,d=1000)",
            "--algorithm",
            "pvs",
            "--depth",
            "1000",
            "--threads",
            "2",
        ],
        "--threads above 1 searches at most 256 plies deep",
    );
    crate::expect_error(
        &[
            "search",
            "--game",
            "connect-four",
            "--algorithm",
            "pvs",
            "--depth",
            "3",
            "--threads",
            "0",
        ],
        "--threads",
    );
}
