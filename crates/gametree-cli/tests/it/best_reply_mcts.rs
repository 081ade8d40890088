//! Best-reply search (`brs`, `brs-plus`) and MCTS (`mcts`) from the command line: search
//! against the library, the refusal on games that cannot hand the turn to any player, MCTS
//! determinism and flag validation, tournaments and play.

use std::io::Write;
use std::process::{Command, Stdio};

use gametree::search::best_reply::Variant;
use gametree::search::mcts::{mcts_report, MctsConfig};
use gametree::search::{Config, SearchResult};
use gametree::{Evaluator, Game, SetToMove};
use gametree_games::chinese_checkers::{ChineseCheckers, DistanceEval};
use gametree_games::registry::Playable;
use gametree_games::rolit::{BallShare, Rolit};
use serde_json::Value;

use crate::{expect_error, gametree, ok};

/// The position after the first move of the game's order, `plies` times.
fn after<G: Game>(game: &G, plies: usize) -> G::State {
    let mut s = game.initial();
    let mut moves = Vec::new();
    for _ in 0..plies {
        moves.clear();
        game.moves(&s, &mut moves);
        s = game.play(&s, moves[moves.len() / 2]);
    }
    s
}

/// Asserts that the search JSON `v` reports the library result `r`.
fn same_as_library<G: Game>(v: &Value, game: &G, state: &G::State, r: &SearchResult<G::Move>) {
    assert_eq!(v["score"], r.score, "{v}");
    assert_eq!(v["value"], Value::from(r.value.as_slice().to_vec()), "{v}");
    let mut s = state.clone();
    let pv: Vec<Value> =
        r.pv.iter()
            .map(|&m| {
                let name = game.move_name(&s, m);
                s = game.play(&s, m);
                Value::from(name)
            })
            .collect();
    assert!(!pv.is_empty());
    assert_eq!(v["pv"], Value::from(pv.clone()), "{v}");
    assert_eq!(v["best_move"], pv[0], "{v}");
    let st = &r.stats;
    for (k, n) in [
        ("nodes", st.nodes),
        ("leaves", st.leaves),
        ("expansions", st.expansions),
        ("depth", u64::from(st.depth)),
        ("iterations", u64::from(st.iterations)),
    ] {
        assert_eq!(v["stats"][k], n, "{k}: {v}");
    }
    assert_eq!(v["stats"]["cutoffs"]["beta"], r.stats.cutoffs.beta, "{v}");
}

fn best_reply_matches_library<G: Playable + SetToMove>(
    game: &G,
    eval: &impl Evaluator<G>,
    spec: &str,
    plies: usize,
) {
    let state = after(game, plies);
    let position = game.format_position(&state).expect("a position notation");
    for (variant, name) in [(Variant::Brs, "brs"), (Variant::BrsPlus, "brs-plus")] {
        for depth in [1u32, 2, 3, 4] {
            let d = depth.to_string();
            let out = ok(&[
                "search",
                "--game",
                spec,
                "--position",
                &position,
                "--algorithm",
                name,
                "--depth",
                &d,
                "--json",
            ]);
            let v: Value = serde_json::from_str(&out).expect("JSON");
            assert_eq!(v["algorithm"], name);
            let r = variant
                .search(game, eval, &state, &Config::depth(depth))
                .expect("the library search");
            same_as_library(&v, game, &state, &r);
        }
        // --iterative: the last iteration's result, the counts summed.
        let out = ok(&[
            "search",
            "--game",
            spec,
            "--position",
            &position,
            "--algorithm",
            name,
            "--depth",
            "3",
            "--iterative",
            "--json",
        ]);
        let v: Value = serde_json::from_str(&out).expect("JSON");
        let r =
            gametree::search::best_reply::iterative(variant, game, eval, &state, &Config::depth(3))
                .unwrap();
        same_as_library(&v, game, &state, &r);
    }
}

#[test]
fn brs_and_brs_plus_json_equal_the_library_on_chinese_checkers() {
    let game = ChineseCheckers::new(3, 37, 10, 400).unwrap();
    best_reply_matches_library(&game, &DistanceEval, &game.spec(), 4);
}

#[test]
fn brs_and_brs_plus_json_equal_the_library_on_rolit() {
    let game = Rolit::new(4).unwrap();
    best_reply_matches_library(&game, &BallShare, &game.spec(), 5);
}

#[test]
fn best_reply_is_refused_on_games_that_cannot_hand_the_turn_over() {
    let line = "needs a game that can hand the turn to any player: chinese-checkers, chess4, rolit";
    for name in ["brs", "brs-plus"] {
        for game in [
            "connect-four",
            "tictactoe",
            "hearts",
            "random(players=3,b=3,d=3,seed=1)",
        ] {
            let args = [
                "search",
                "--game",
                game,
                "--algorithm",
                name,
                "--depth",
                "2",
            ];
            expect_error(&args, &format!("error: {name} {line}"));
            let out = gametree(&args);
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(stderr.lines().count(), 1, "{stderr}");
        }
        expect_error(
            &[
                "tournament",
                "--game",
                "connect-four",
                "--engines",
                &format!("alphabeta,{name}"),
                "--depth",
                "2",
                "--quiet",
            ],
            &format!("error: {name} {line}"),
        );
        expect_error(
            &[
                "play",
                "--game",
                "connect-four",
                "--players",
                &format!("human,{name}"),
            ],
            &format!("error: {name} {line}"),
        );
    }
    // The games that can are searched.
    for game in [
        "chinese-checkers(players=3,board=37)",
        "rolit(players=4)",
        "chess4",
    ] {
        ok(&[
            "search",
            "--game",
            game,
            "--algorithm",
            "brs",
            "--depth",
            "2",
        ]);
    }
}

/// The search JSON without the wall-clock fields.
fn without_clock(text: &str) -> Value {
    let mut v: Value = serde_json::from_str(text).expect("JSON");
    v["stats"]["elapsed_ms"] = Value::Null;
    v
}

#[test]
fn mcts_is_deterministic_and_reports_like_the_library() {
    let game = ChineseCheckers::new(3, 37, 10, 400).unwrap();
    let spec = game.spec();
    let args = |seed: &'static str| {
        vec![
            "search",
            "--game",
            &spec,
            "--algorithm",
            "mcts",
            "--iterations",
            "300",
            "--seed",
            seed,
            "--json",
        ]
        .into_iter()
        .map(str::to_string)
        .collect::<Vec<_>>()
    };
    let run = |seed| {
        let a = args(seed);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        without_clock(&ok(&a))
    };
    let first = run("7");
    assert_eq!(first, run("7"));
    assert_ne!(first["mcts"], run("8")["mcts"]);
    let r = mcts_report(
        &game,
        &DistanceEval,
        &game.initial(),
        &Config::unlimited(),
        &MctsConfig::iterations(300, 7),
    )
    .unwrap();
    same_as_library(&first, &game, &game.initial(), &r.result);
    let m = &first["mcts"];
    assert_eq!(m["iterations"], 300);
    assert_eq!(m["playout_plies"], r.playout_plies);
    assert_eq!(m["proved"], Value::Null);
    assert_eq!(m["config"]["seed"], 7);
    assert_eq!(m["config"]["backup"], "maxn");
    let root = m["root"].as_array().unwrap();
    assert_eq!(root.len(), r.root.len());
    for (j, s) in root.iter().zip(&r.root) {
        assert_eq!(j["visits"], s.visits);
        assert_eq!(j["mean"], s.mean);
    }
    assert_eq!(
        root.iter()
            .map(|j| j["visits"].as_u64().unwrap())
            .sum::<u64>(),
        300
    );
    // The text form carries the report too.
    let text = ok(&[
        "search",
        "--game",
        &spec,
        "--algorithm",
        "mcts",
        "--iterations",
        "50",
    ]);
    assert!(text.contains("iterations  50"), "{text}");
    assert!(text.contains("root move"), "{text}");
    // The solver proves a won tic-tac-toe position for the side to move.
    let v = without_clock(&ok(&[
        "search",
        "--game",
        "tictactoe",
        "--position",
        "1524",
        "--algorithm",
        "mcts",
        "--solver",
        "--iterations",
        "20000",
        "--json",
    ]));
    assert_eq!(v["mcts"]["config"]["solver"], true);
    assert!(v["mcts"]["proved"].is_array(), "{v}");
}

#[test]
fn mcts_flags_are_validated_naming_the_flag() {
    let base = ["search", "--game", "rolit", "--algorithm", "mcts"];
    for (extra, fragment) in [
        (&["--exploration", "-1"][..], "--exploration"),
        (&["--exploration", "NaN"], "--exploration"),
        (&["--exploration", "inf"], "--exploration"),
        (&["--playout", "epsilon:1.5"], "--playout"),
        (&["--playout", "epsilon:x"], "--playout"),
        (&["--playout", "greedy"], "--playout"),
        (&["--backup", "best"], "--backup"),
        (&["--backup", "best-reply"], "now `min-reply`"),
        (&["--reward", "points"], "--reward"),
        (&["--solver-rule", "last-winner"], "--solver-rule"),
        (&["--progressive-history", "-1"], "--progressive-history"),
        (&["--progressive-history", "NaN"], "--progressive-history"),
        (
            &["--backup", "brs", "--solver-rule", "first-winner"],
            "--solver-rule first-winner",
        ),
        (&["--iterations", "0"], "--iterations"),
        (&["--cutoff", "-2"], "--cutoff"),
        (&["--seed", "-1"], "--seed"),
        (&["--iterative", "--depth", "2"], "--iterative"),
        (&["--threads", "2"], "--threads"),
        (&["--trace"], "--trace"),
        (&["--table-mib", "4"], "--table-mib"),
    ] {
        let mut args = base.to_vec();
        args.extend_from_slice(extra);
        expect_error(&args, fragment);
    }
    // MCTS flags on another algorithm.
    for flag in [
        &["--solver"][..],
        &["--seed", "3"],
        &["--backup", "paranoid"],
        &["--reward", "win"],
        &["--solver-rule", "paranoid"],
        &["--progressive-history", "5"],
    ] {
        let mut args = vec![
            "search",
            "--game",
            "rolit",
            "--algorithm",
            "brs",
            "--depth",
            "1",
        ];
        args.extend_from_slice(flag);
        expect_error(&args, &format!("{} applies to mcts only", flag[0]));
    }
    // Good values run.
    let v = without_clock(&ok(&[
        "search",
        "--game",
        "rolit",
        "--algorithm",
        "mcts",
        "--iterations",
        "40",
        "--exploration",
        "0.5",
        "--backup",
        "min-reply",
        "--playout",
        "epsilon:0.1",
        "--cutoff",
        "3",
        "--seed",
        "2",
        "--json",
    ]));
    assert_eq!(v["mcts"]["iterations"], 40);
    assert_eq!(v["mcts"]["config"]["playout"], "epsilon:0.1");
    assert_eq!(v["mcts"]["config"]["backup"], "min-reply");
    assert_eq!(v["mcts"]["config"]["cutoff"], 3);
    assert_eq!(v["mcts"]["config"]["exploration"], 0.5);
    // A node budget stops it normally.
    let v = without_clock(&ok(&[
        "search",
        "--game",
        "rolit",
        "--algorithm",
        "mcts",
        "--nodes",
        "100",
        "--json",
    ]));
    // (It creates a node's children together, so it stops at the last expansion that fits:
    // at most the budget, and never more than one expansion short of it.)
    let nodes = v["stats"]["nodes"].as_u64().unwrap();
    assert!((90..=100).contains(&nodes), "{nodes}");
}

#[test]
fn list_names_brs_brs_plus_and_mcts() {
    let v: Value = serde_json::from_str(&ok(&["list", "--json"])).unwrap();
    let algorithms = v["algorithms"].as_array().unwrap();
    let find = |n: &str| algorithms.iter().find(|a| a["name"] == n).cloned();
    assert_eq!(find("brs").unwrap()["needs"], "set-to-move");
    assert_eq!(find("brs-plus").unwrap()["needs"], "set-to-move");
    assert_eq!(find("mcts").unwrap()["needs"], "any-game");
    assert_eq!(find("maxn").unwrap()["needs"], "any-game");
    let text = ok(&["list"]);
    for n in ["brs ", "brs-plus ", "mcts "] {
        assert_eq!(
            text.lines()
                .filter(|l| l.trim_start().starts_with(n))
                .count(),
            1,
            "{n}"
        );
    }
}

#[test]
fn a_chinese_checkers_tournament_with_maxn_brs_and_mcts_is_independent_of_threads() {
    let run = |threads: &str| {
        ok(&[
            "tournament",
            "--game",
            "chinese-checkers(players=3,board=37)",
            "--engines",
            "maxn,brs,mcts@n2000",
            "--depth",
            "2",
            "--openings",
            "1",
            "--max-plies",
            "12",
            "--bootstrap",
            "50",
            "--threads",
            threads,
            "--quiet",
            "--json",
        ])
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    let v: Value = serde_json::from_str(&one).unwrap();
    assert_eq!(v["games"], 6);
    let names: Vec<&str> = v["engines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["maxn@d2", "brs@d2", "mcts@n2000"]);
    for g in v["results"].as_array().unwrap() {
        assert_eq!(g["fallbacks"], 0, "{g}");
        assert!(g["nodes"]
            .as_array()
            .unwrap()
            .iter()
            .all(|n| n.as_u64().unwrap() > 0));
    }
    // Each MCTS move builds a tree of at most 2,000 nodes.
    let mcts = &v["engines"][2];
    assert!(mcts["nodes_per_move"].as_f64().unwrap() <= 2000.0, "{mcts}");
    assert!(mcts["nodes_per_move"].as_f64().unwrap() > 1000.0, "{mcts}");
}

#[test]
fn play_with_best_reply_and_mcts_seats_and_scripted_input() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gametree"))
        .args([
            "play",
            "--game",
            "chinese-checkers(players=3,board=37)",
            "--players",
            "human,brs,brs-plus",
            "--depth",
            "2",
            "--color",
            "never",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Not a move, then a move, then quit.
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"1-2\n36-29\nquit\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("legal moves"), "{stdout}");
    assert!(stdout.contains("(brs) plays"), "{stdout}");
    assert!(stdout.contains("(brs-plus) plays"), "{stdout}");
    assert!(stdout.contains("game abandoned"), "{stdout}");
    // Engines only: mcts seats too, no input needed; the same moves twice.
    let args = [
        "play",
        "--game",
        "rolit(players=3)",
        "--players",
        "mcts,brs,maxn",
        "--depth",
        "1",
        "--color",
        "never",
    ];
    let run = || {
        let out = Command::new(env!("CARGO_BIN_EXE_gametree"))
            .args(args)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter(|l| l.contains(" plays ") || l.starts_with("game over"))
            .map(|l| l.split("   [").next().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    let moves = run();
    assert!(
        moves.iter().any(|l| l.contains("(mcts) plays")),
        "{moves:?}"
    );
    assert!(moves.last().unwrap().starts_with("game over"), "{moves:?}");
    assert_eq!(moves, run());
}

#[test]
fn mcts_with_a_node_budget_above_the_whole_tree_ends() {
    // The tree has 1 + 4 + 16 + 64 + 256 = 341 nodes: the budget of 500 is never reached,
    // and before the fix the search never ended.
    let out = ok(&[
        "search",
        "--game",
        "random(players=3,b=4,d=4,leaf=uniform,seed=2)",
        "--algorithm",
        "mcts",
        "--nodes",
        "500",
        "--json",
    ]);
    let v: Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["stats"]["nodes"], 341, "{v}");
    assert_eq!(v["mcts"]["iterations"], 500 * 64, "{v}");
}

/// The options of MCTS as published: the brs backup (MCTS-BRS) on a game that hands the turn
/// over, win/rank rewards, Progressive History and the solver's rules, all in the JSON and
/// the text, the same seed printing the same report; brs is refused on a game that cannot
/// hand the turn over; the JSON's visits equal the library's search.
#[test]
fn mcts_paper_options_run_and_report() {
    let args = [
        "search",
        "--game",
        "chinese-checkers(players=3,board=73)",
        "--algorithm",
        "mcts",
        "--iterations",
        "300",
        "--backup",
        "brs",
        "--reward",
        "rank",
        "--progressive-history",
        "5",
        "--solver-rule",
        "paranoid",
        "--cutoff",
        "20",
        "--seed",
        "4",
        "--json",
    ];
    let v = without_clock(&ok(&args));
    assert_eq!(v, without_clock(&ok(&args)), "same seed, same output");
    let c = &v["mcts"]["config"];
    assert_eq!(c["backup"], "brs");
    assert_eq!(c["reward"], "rank");
    assert_eq!(c["progressive_history"], 5.0);
    assert_eq!(c["solver"], true);
    assert_eq!(c["solver_rule"], "paranoid");
    let game = ChineseCheckers::new(3, 73, 10, 400).unwrap(); // the spec's default top=10
    let m = MctsConfig {
        backup: gametree::search::mcts::Backup::Brs,
        reward: gametree::search::mcts::Reward::Rank,
        progressive_history: Some(5.0),
        solver: gametree::search::mcts::Solver::On,
        solver_rule: gametree::search::mcts::SolverRule::Paranoid,
        cutoff: Some(20),
        ..MctsConfig::iterations(300, 4)
    };
    let s = game.initial();
    let r = gametree::search::mcts::mcts_with_set_to_move_report(
        &game,
        &DistanceEval,
        &s,
        &Config::unlimited(),
        &m,
    )
    .unwrap();
    let visits: Vec<u64> = r.root.iter().map(|m| m.visits).collect();
    let printed: Vec<u64> = v["mcts"]["root"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["visits"].as_u64().unwrap())
        .collect();
    assert_eq!(printed, visits);
    let text = ok(&args[..args.len() - 1]);
    assert!(
        text.contains("backup brs") && text.contains("reward rank"),
        "{text}"
    );
    assert!(text.contains("progressive history 5") && text.contains("solver paranoid"));
    expect_error(
        &[
            "search",
            "--game",
            "connect-four",
            "--algorithm",
            "mcts",
            "--backup",
            "brs",
        ],
        "hand the turn",
    );
}
