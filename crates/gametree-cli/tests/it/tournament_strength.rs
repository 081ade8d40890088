//! `gametree tournament`: adjudicated games, time budgets, bad budgets, the JSON of the
//! statistics, and results independent of `--threads`.

use serde_json::Value;

use crate::{expect_error, ok, scratch};

fn json(args: &[&str]) -> Value {
    serde_json::from_str(&ok(args)).expect("JSON output")
}

#[test]
fn a_game_stopped_by_the_games_cap_is_adjudicated() {
    let args = [
        "tournament",
        "--game",
        "chinese-checkers(board=37,cap=6)",
        "--engines",
        "maxn,paranoid",
        "--depth",
        "1",
        "--openings",
        "1",
        "--quiet",
    ];
    let v = json(&[&args[..], &["--json"]].concat());
    assert_eq!(v["games"], 6);
    assert_eq!(v["finished"], 0);
    assert_eq!(v["adjudicated"], 6);
    assert_eq!(v["mostly_adjudicated"], true);
    for g in v["results"].as_array().unwrap() {
        assert_eq!(g["ending"], "game_cap");
        assert_eq!(g["finished"], false);
        assert_eq!(g["plies"], 6 - 3);
    }
    for e in v["engines"].as_array().unwrap() {
        assert_eq!(
            (e["games"].as_u64(), e["adjudicated"].as_u64()),
            (Some(6), Some(6))
        );
        assert_eq!(e["finished"], 0);
    }
    let text = ok(&args);
    assert!(
        text.starts_with("warning: 6 of 6 games were adjudicated"),
        "{text}"
    );
    assert!(text.contains("0 finished, 6 adjudicated"), "{text}");
    // Tic-tac-toe finishes every game: no warning.
    let text = ok(&[
        "tournament",
        "--game",
        "tictactoe",
        "--engines",
        "alphabeta,minimax",
        "--depth",
        "2",
        "--openings",
        "1",
        "--quiet",
    ]);
    assert!(!text.contains("warning"), "{text}");
    assert!(text.contains("2 finished, 0 adjudicated"), "{text}");
}

#[test]
fn time_budgets_are_accepted_and_parsed() {
    let v = json(&[
        "tournament",
        "--game",
        "chinese-checkers(board=37)",
        "--engines",
        "maxn,paranoid@t50,speculative@d1",
        "--time-ms",
        "5",
        "--openings",
        "1",
        "--max-plies",
        "3",
        "--json",
        "--quiet",
    ]);
    let e = v["engines"].as_array().unwrap();
    assert_eq!(e[0]["name"], "maxn@t5");
    assert_eq!(e[0]["budget"]["time_ms"], 5);
    assert_eq!(e[1]["name"], "paranoid@t50");
    assert_eq!(e[1]["budget"]["time_ms"], 50);
    assert_eq!(e[2]["name"], "speculative@d1");
    assert_eq!(e[2]["budget"]["depth"], 1);
    assert!(e[0]["max_move_ms"].as_f64().unwrap() > 0.0);
    assert!(e[1]["max_move_ms"].as_f64().unwrap() > 0.0);
    assert!(e[2].get("max_move_ms").is_none());
    assert!(v["results"][0]["max_move_us"].is_array());
}

#[test]
fn bad_budgets_exit_2_with_one_clear_line() {
    let g = "chinese-checkers(board=37)";
    for (engines, fragment) in [
        (
            "maxn@t0",
            "engine `maxn@t0`: the time budget must be 1 to 3600000 ms",
        ),
        (
            "maxn@t3600001",
            "engine `maxn@t3600001`: the time budget must be 1 to 3600000 ms",
        ),
        ("maxn@tx", "engine `maxn@tx`: bad time budget `tx`"),
        ("maxn@t-5", "bad time budget `t-5`"),
        ("maxn@q5", "`@dDEPTH`, `@nNODES` or `@tMILLISECONDS`"),
        (
            "maxn@c0",
            "the processor time budget must be 1 to 3600000 ms",
        ),
        ("maxn@n0", "the node budget must be at least 1"),
    ] {
        expect_error(&["tournament", "--game", g, "--engines", engines], fragment);
    }
    expect_error(&["tournament", "--game", g, "--time-ms", "0"], "--time-ms");
    expect_error(&["tournament", "--game", g, "--time-ms", "x"], "--time-ms");
    expect_error(&["tournament", "--game", g, "--clock", "cpu"], "--time-ms");
    expect_error(
        &[
            "tournament",
            "--game",
            g,
            "--time-ms",
            "5",
            "--clock",
            "sun",
        ],
        "unknown clock `sun` (the clocks are `wall` and `cpu`)",
    );
    expect_error(
        &["tournament", "--game", g, "--time-ms", "5", "--depth", "2"],
        "--time-ms",
    );
    expect_error(&["tournament", "--game", g, "--threads", "0"], "--threads");
    // A table on a search without one, or out of range.
    expect_error(
        &[
            "tournament",
            "--game",
            g,
            "--engines",
            "paranoid:table=4,maxn",
        ],
        "engine `paranoid:table=4`: option `table` is for maxn and speculative only",
    );
    expect_error(
        &[
            "tournament",
            "--game",
            g,
            "--engines",
            "maxn:table=0,paranoid",
        ],
        "table `0`: must be 1 to 1024 MiB",
    );
}

#[test]
fn the_strength_scale_flags_are_checked_before_anything_runs() {
    for flag in [
        &["--budget", "t50"][..],
        &["--matches", "claims"],
        &["--openings", "3"],
    ] {
        let mut args = vec!["reproduce", "korf-1991", "--quick"];
        args.extend_from_slice(flag);
        expect_error(
            &args,
            "--openings, --budget, --matches and --games set the strength experiment's scale",
        );
    }
    expect_error(
        &[
            "reproduce",
            "beyond/strength",
            "--quick",
            "--budget",
            "calibrated/0",
        ],
        "--budget `calibrated/0`: expected calibrated/D with D a whole number from 1 to 1000000",
    );
    expect_error(
        &[
            "reproduce",
            "beyond/strength",
            "--quick",
            "--matches",
            "some",
        ],
        "--matches",
    );
    expect_error(
        &["reproduce", "beyond/strength", "--quick", "--budget", "q5"],
        "--budget `q5`: expected calibrated/D (the calibrated nodes divided by D), tMS or cMS (processor time in milliseconds), nNODES or dDEPTH",
    );
    // Issue #46: `calibrated` without its divisor was a "bad processor time budget
    // `alibrated`"; a budget with a bad number names every form.
    expect_error(
        &[
            "reproduce",
            "beyond/strength",
            "--quick",
            "--budget",
            "calibrated",
        ],
        "--budget `calibrated`: expected calibrated/D with D a whole number from 1 to 1000000",
    );
    expect_error(
        &["reproduce", "beyond/strength", "--quick", "--budget", "cx"],
        "--budget `cx`: bad processor time budget `cx`: expected `cMILLISECONDS`, a whole number after `c`; the budgets are calibrated/D",
    );
    // Time budgets (processor time for the strength experiment): out of range, overflow.
    expect_error(
        &["reproduce", "beyond/strength", "--quick", "--budget", "t0"],
        "--budget `t0`: the time budget must be 1 to 3600000 ms",
    );
    expect_error(
        &["reproduce", "beyond/strength", "--quick", "--budget", "c0"],
        "--budget `c0`: the processor time budget must be 1 to 3600000 ms",
    );
    expect_error(
        &[
            "reproduce",
            "beyond/strength",
            "--quick",
            "--budget",
            "t99999999999999999999",
        ],
        "--budget `t99999999999999999999`: the time budget must be 1 to 3600000 ms",
    );
    expect_error(
        &["reproduce", "beyond/strength", "--quick", "--openings", "0"],
        "--openings",
    );
}

#[test]
fn an_engine_with_a_table_plays_and_prints_its_name() {
    let v = json(&[
        "tournament",
        "--game",
        "chinese-checkers(players=3,board=37)",
        "--engines",
        "speculative@d2:table=2,maxn@d2",
        "--openings",
        "1",
        "--json",
    ]);
    let names: Vec<&str> = v["engines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["speculative@d2:table=2", "maxn@d2"]);
    assert_eq!(v["games"], 6);
}

#[test]
fn the_json_has_typed_statistics() {
    let v = json(&[
        "tournament",
        "--game",
        "chinese-checkers(board=37)",
        "--engines",
        "maxn,speculative,paranoid",
        "--depth",
        "2",
        "--openings",
        "1",
        "--bootstrap",
        "100",
        "--json",
        "--quiet",
    ]);
    assert_eq!(v["games"], 6);
    let games = v["games"].as_u64().unwrap();
    assert_eq!(
        v["finished"].as_u64().unwrap() + v["adjudicated"].as_u64().unwrap(),
        games
    );
    assert!(v["mostly_adjudicated"].is_boolean());
    assert_eq!(v["ratings"]["method"], "bradley-terry");
    assert_eq!(v["ratings"]["config"]["bootstrap"], 100);
    assert_eq!(v["ratings"]["config"]["seed"], 1);
    let mut elo_sum = 0.0;
    for e in v["engines"].as_array().unwrap() {
        let elo = e["elo"].as_f64().unwrap();
        let ci = e["elo_ci95"].as_array().unwrap();
        assert_eq!(ci.len(), 2);
        assert!(ci[0].as_f64().unwrap() <= ci[1].as_f64().unwrap());
        elo_sum += elo;
        let w = &e["win_rate"];
        let mean = w["mean"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&mean));
        let wci = w["ci95"].as_array().unwrap();
        assert!(wci[0].as_f64().unwrap() <= mean && mean <= wci[1].as_f64().unwrap());
        assert_eq!(w["n"], 6);
        assert!(e["games"].is_u64() && e["finished"].is_u64() && e["adjudicated"].is_u64());
        assert!(e["wins"].is_f64() && e["nodes_per_move"].is_f64());
    }
    assert!(elo_sum.abs() < 1e-6);
    let pairs = v["pairwise"].as_array().unwrap();
    assert_eq!(pairs.len(), 3);
    for p in pairs {
        assert!(p["a"].as_u64().unwrap() < p["b"].as_u64().unwrap());
        assert_eq!(p["games"], 6);
        let sum = p["a_ahead"].as_u64().unwrap()
            + p["b_ahead"].as_u64().unwrap()
            + p["even"].as_u64().unwrap();
        assert_eq!(sum, 6);
        let pv = p["p_value"].as_f64().unwrap();
        assert!(pv > 0.0 && pv <= 1.0);
        assert!(p["score"].is_f64());
    }
    let r = &v["results"][0];
    assert_eq!(r["ranks"].as_array().unwrap().len(), 3);
    assert!(r["ending"].is_string());
    assert!(r.get("max_move_us").is_none());
}

#[test]
fn results_are_the_same_with_one_or_two_threads() {
    let run = |threads: &str| {
        ok(&[
            "tournament",
            "--game",
            "chinese-checkers(board=37)",
            "--engines",
            "maxn@n300,speculative,paranoid",
            "--depth",
            "2",
            "--openings",
            "2",
            "--threads",
            threads,
            "--json",
            "--quiet",
        ])
    };
    assert_eq!(run("1"), run("2"));
}

#[test]
fn quick_strength_gives_no_verdicts_and_shards_merge_to_the_single_run() {
    let dir = scratch("strength-shards");
    let s = |p: &std::path::Path| p.to_str().unwrap().to_string();
    let rows = |d: &std::path::Path| {
        let text = std::fs::read_to_string(d.join("beyond").join("strength.json")).unwrap();
        serde_json::from_str::<Value>(&text).unwrap()["rows"].clone()
    };
    // The quick experiment at a hundredth of its calibrated budgets on every game but Blokus
    // (whose MCTS playouts cost the most: it plays in the main job, and its tournaments are
    // tested in gametree-run's and the focus_blokus tests): a few seconds, whole and then in
    // three shards (three more processes, each with at least one item), merged. The
    // single run's rows, the claims' tests and their Holm adjustment over all its claims
    // included, and its CSV byte for byte: the rows are the same from process to process
    // and however the run is cut.
    let small = [
        "reproduce",
        "beyond/strength",
        "--quick",
        "--budget",
        "calibrated/100",
        "--games",
        "cc-3,cc-4,cc-6,rolit-3,rolit-4,chess4,focus-3,hearts,spades",
    ];
    let small_whole = dir.join("small");
    ok(&[&small[..], &["--out", &s(&small_whole)]].concat());
    let small_rows = rows(&small_whole);
    let one = small_rows.as_array().expect("rows").clone();
    // Claim rows: no verdict in quick mode, every one with its test; an exploratory row
    // (counted apart from the headline) is `measured` and says so first.
    let claims: Vec<&Value> = one.iter().filter(|r| r["row"] == "claim").collect();
    assert!(claims.len() >= 20, "{}", claims.len());
    for c in &claims {
        let v = c["verdict"].as_str().unwrap();
        let note = c["note"].as_str().unwrap();
        let na = note.starts_with("n/a");
        let exploratory = c["claim"]["set"] == "exploratory";
        assert_eq!(
            exploratory,
            note.starts_with("exploratory, not counted in the headline"),
            "{c}"
        );
        assert!(
            v == "too-few" && !exploratory || v == "measured" && (na || exploratory),
            "{c}"
        );
        if let Some(t) = c.get("claim") {
            for k in [
                "games",
                "groups",
                "pairwise_score",
                "test",
                "p_value",
                "holm_p_value",
            ] {
                assert!(!t[k].is_null(), "{k}: {t}");
            }
            assert!(t["holm_p_value"].as_f64() >= t["p_value"].as_f64());
            let w = &t["win_rates"][0]["wilson"];
            assert!(w[0].as_f64() < w[1].as_f64(), "{w}");
            assert!(t["sequential"]["state"].is_string());
        }
    }
    // The Focus claims are played.
    assert!(claims.iter().any(|c| c["quantity"]
        .as_str()
        .unwrap()
        .contains("in focus-3 (Schadd & Winands 2011)")
        && c.get("claim").is_some()));
    let tested = claims.iter().filter(|c| c.get("claim").is_some()).count();
    assert!(tested >= 4, "{tested} claims tested together");
    let (parts, merged) = (dir.join("parts"), dir.join("merged"));
    for i in 0..3 {
        let shard = format!("{i}/3");
        let out = ok(&[&small[..], &["--shard", &shard, "--out", &s(&parts)]].concat());
        assert!(!out.contains(&format!("shard {shard}: 0 items")), "{out}");
    }
    ok(&["merge", "--out", &s(&merged), &s(&parts)]);
    assert_eq!(rows(&merged), small_rows);
    let csv = |d: &std::path::Path| std::fs::read(d.join("beyond").join("strength.csv")).unwrap();
    assert_eq!(
        csv(&small_whole),
        csv(&merged),
        "strength.csv byte for byte"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
