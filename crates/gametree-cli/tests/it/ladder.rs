//! `gametree ladder`: the committed decisive run read as two rungs, and bad rungs refused
//! with one line and exit code 2.

use crate::{expect_error, ok, repo_root, scratch};

#[test]
fn ladder_reads_rungs_and_writes_its_files() {
    let run = repo_root().join("results/strength-decisive");
    let run = run.to_str().unwrap();
    let out = scratch("ladder");
    let a = format!("2ms={run}");
    let b = format!("again={run}/beyond/strength.json");
    let text = ok(&["ladder", &a, &b, "--out", out.to_str().unwrap()]);
    assert!(
        text.starts_with(
            "budget ladder: 2 rungs (2ms, again); 39 claims, 0 of them decided differently"
        ),
        "{text}"
    );
    assert!(
        text.contains("cc-3: Kendall's tau 2ms -> again: 1.00 over 9 engines"),
        "{text}"
    );
    for f in ["ladder.md", "ladder.json", "ladder-cc-3.svg"] {
        assert!(out.join(f).is_file(), "{f}");
    }
    let json: serde_json::Value = serde_json::from_str(&ok(&["ladder", &a, &b, "--json"])).unwrap();
    assert_eq!(json["claims"].as_array().unwrap().len(), 39);
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn ladder_refuses_bad_rungs() {
    let run = repo_root().join("results/strength-decisive");
    let run = run.to_str().unwrap();
    expect_error(
        &["ladder", "/nonexistent/strength.json"],
        "RUNG `/nonexistent/strength.json`",
    );
    expect_error(
        &["ladder", &format!("a={run}"), &format!("a={run}")],
        "the label `a` is given twice",
    );
    expect_error(&["ladder", "=x"], "needs both a label and a path");
    let readme = repo_root().join("README.md");
    expect_error(&["ladder", readme.to_str().unwrap()], "not JSON");
    // An output directory that is a file is refused before any rung is read.
    expect_error(
        &["ladder", "/nonexistent", "--out", readme.to_str().unwrap()],
        "--out: ",
    );
    let many: Vec<String> = (0..17).map(|i| format!("r{i}={run}")).collect();
    let mut args = vec!["ladder"];
    args.extend(many.iter().map(String::as_str));
    expect_error(&args, "at most 16");
}

/// Any game's answer at two budgets: `gametree advise --json` at two node budgets read as
/// two rungs gives the game's rating order at each and their Kendall's tau.
#[test]
fn ladder_reads_the_advice_of_any_game_at_two_budgets() {
    let dir = scratch("ladder-advise");
    let game = "chinese-checkers(players=3,board=13)";
    let mut rungs = Vec::new();
    for (nodes, bootstrap) in [("50", "100"), ("500", "100"), ("500", "0")] {
        let json = ok(&[
            "advise",
            "--game",
            game,
            "--nodes",
            nodes,
            "--openings",
            "1",
            "--bootstrap",
            bootstrap,
            "--json",
            "--quiet",
        ]);
        let file = dir.join(format!("n{nodes}-b{bootstrap}.json"));
        std::fs::write(&file, json).unwrap();
        rungs.push(format!("n{nodes}={}", file.display()));
    }
    let text = ok(&["ladder", &rungs[0], &rungs[1]]);
    assert!(
        text.starts_with("budget ladder: 2 rungs (n50, n500); 0 claims"),
        "{text}"
    );
    // The advice's resamples give tau its interval.
    assert!(text.contains("Kendall's tau n50 -> n500: "), "{text}");
    assert!(text.contains(" (100 resamples"), "{text}");
    assert!(!text.contains("claims (decision"), "{text}");
    // Without a bootstrap, the advice stores none: tau without an interval.
    let text = ok(&["ladder", &rungs[0], &rungs[2]]);
    assert!(
        text.contains(" engines (no resamples stored: no interval)"),
        "{text}"
    );
    let v: serde_json::Value =
        serde_json::from_str(&ok(&["ladder", &rungs[0], &rungs[1], "--json"])).unwrap();
    let g = &v["games"][0];
    assert!(g["game"]
        .as_str()
        .unwrap()
        .starts_with("chinese-checkers(players=3,board=13"));
    // Both rungs rate the same engines (the names without their budgets).
    let names = |i: usize| -> Vec<String> {
        let mut n: Vec<String> = g["orders"][i]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["engine"].as_str().unwrap().to_string())
            .collect();
        n.sort();
        n
    };
    assert_eq!(names(0), names(1));
    assert!(names(0).len() >= 3, "{:?}", names(0));
    assert_eq!(
        g["taus"][0]["engines"].as_u64().unwrap() as usize,
        names(0).len()
    );
    let _ = std::fs::remove_dir_all(&dir);
}
