//! The budget ladder (`gametree_lab::ladder`): Kendall's tau-b against a reference written
//! here, and the ladder of the committed decisive run against altered copies of itself
//! (a changed decision, two engines' ratings swapped, stored resamples).

use std::path::{Path, PathBuf};

use gametree_lab::ladder::{self, engine_key, kendall_tau_b, LadderError};
use proptest::prelude::*;
use serde_json::Value;

/// The reference: the sum of sign products over pairs, over the square root of the pairs
/// untied in each variable, the ties counted by tie groups (`t (t - 1) / 2` for a group of
/// `t` equal values), not pair by pair as the library does.
fn reference_tau_b(x: &[i32], y: &[i32]) -> f64 {
    let n = x.len();
    let mut s = 0i64;
    for i in 0..n {
        for j in i + 1..n {
            s += i64::from((x[i] - x[j]).signum() * (y[i] - y[j]).signum());
        }
    }
    let ties = |v: &[i32]| -> i64 {
        let mut sorted = v.to_vec();
        sorted.sort_unstable();
        sorted
            .chunk_by(|a, b| a == b)
            .map(|g| (g.len() * (g.len() - 1) / 2) as i64)
            .sum()
    };
    let n0 = (n * (n - 1) / 2) as i64;
    let d = ((n0 - ties(x)) * (n0 - ties(y))) as f64;
    if d == 0.0 {
        f64::NAN
    } else {
        s as f64 / d.sqrt()
    }
}

#[test]
fn kendall_tau_b_of_hand_worked_cases() {
    let t = |x: &[f64], y: &[f64]| kendall_tau_b(x, y);
    assert_eq!(t(&[1.0, 2.0, 3.0], &[10.0, 20.0, 30.0]), 1.0);
    assert_eq!(t(&[1.0, 2.0, 3.0], &[3.0, 2.0, 1.0]), -1.0);
    // One discordant pair of six.
    assert!((t(&[1.0, 2.0, 3.0, 4.0], &[1.0, 3.0, 2.0, 4.0]) - 4.0 / 6.0).abs() < 1e-12);
    // A tie in x: two concordant pairs of three, one pair tied: 2 / sqrt(2 * 3).
    assert!((t(&[1.0, 1.0, 2.0], &[1.0, 2.0, 3.0]) - 2.0 / 6f64.sqrt()).abs() < 1e-12);
    assert!(t(&[1.0], &[1.0]).is_nan());
    assert!(t(&[2.0, 2.0, 2.0], &[1.0, 2.0, 3.0]).is_nan());
    assert!(t(&[1.0, f64::NAN], &[1.0, 2.0]).is_nan());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    /// Small integer values, so ties in either variable are frequent.
    #[test]
    fn kendall_tau_b_equals_the_reference(pairs in prop::collection::vec((0i32..5, 0i32..5), 0..12)) {
        let (x, y): (Vec<i32>, Vec<i32>) = pairs.into_iter().unzip();
        let want = if x.len() < 2 { f64::NAN } else { reference_tau_b(&x, &y) };
        let xs: Vec<f64> = x.iter().map(|&v| f64::from(v)).collect();
        let ys: Vec<f64> = y.iter().map(|&v| f64::from(v)).collect();
        let got = kendall_tau_b(&xs, &ys);
        prop_assert!(
            (want.is_nan() && got.is_nan()) || (want - got).abs() < 1e-12,
            "{x:?} {y:?}: {got} against {want}"
        );
        prop_assert!(got.is_nan() || (-1.0..=1.0).contains(&got));
    }
}

#[test]
fn an_engine_is_its_name_without_the_budget() {
    assert_eq!(engine_key("brs@n7863"), "brs");
    assert_eq!(
        engine_key("brs-plus@n1080:forced=ordered"),
        "brs-plus:forced=ordered"
    );
    assert_eq!(
        engine_key("mcts@n302:cutoff=10:playout=epsilon0.1"),
        "mcts:cutoff=10:playout=epsilon0.1"
    );
    assert_eq!(engine_key("paranoid"), "paranoid");
    // Read back as the engine it names: the same engine however it is written.
    assert_eq!(engine_key("brs+@n500"), "brs-plus");
    assert_eq!(
        engine_key("speculative@c20:table=16"),
        "speculative:table=16"
    );
    // A name this version cannot read is itself.
    assert_eq!(engine_key("future-search@n5"), "future-search@n5");
}

fn committed() -> Value {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let text = std::fs::read_to_string(root.join("results/strength-decisive/beyond/strength.json"))
        .unwrap();
    serde_json::from_str(&text).unwrap()
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("gametree-lab-ladder-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Every rating row of `doc` gets `k` resamples equal to its rating.
fn with_resamples(doc: &mut Value, k: usize) {
    for r in doc["rows"].as_array_mut().unwrap() {
        if r["quantity"].as_str().unwrap().starts_with("rating") {
            let elo = r["ours"].as_f64().unwrap();
            r["resamples"] = Value::from(vec![(elo * 10.0).round() / 10.0; k]);
        }
    }
}

#[test]
fn the_ladder_sees_a_changed_decision_and_a_swapped_order() {
    let dir = scratch("two");
    let mut a = committed();
    with_resamples(&mut a, 40);
    let mut b = a.clone();
    // Rung b: the two best-rated engines of cc-3 swap their ratings (one discordant pair),
    // and the first claim row's decision changes.
    let rows = b["rows"].as_array_mut().unwrap();
    let mut cc3: Vec<usize> = (0..rows.len())
        .filter(|&i| {
            rows[i]["row"]
                .as_str()
                .unwrap()
                .starts_with("cc-3: rating of ")
        })
        .collect();
    cc3.sort_by(|&i, &j| {
        rows[j]["ours"]
            .as_f64()
            .unwrap()
            .total_cmp(&rows[i]["ours"].as_f64().unwrap())
    });
    let n = cc3.len();
    assert!(n >= 4, "{n} engines rated in cc-3");
    let (top, second) = (cc3[0], cc3[1]);
    for field in ["ours", "resamples"] {
        let t = rows[top][field].clone();
        rows[top][field] = rows[second][field].clone();
        rows[second][field] = t;
    }
    let first_claim = rows.iter().position(|r| r.get("claim").is_some()).unwrap();
    let claim_name = rows[first_claim]["quantity"].as_str().unwrap().to_string();
    let old = rows[first_claim]["claim"]["decision"]
        .as_str()
        .unwrap()
        .to_string();
    let new = if old == "agrees" {
        "inconclusive"
    } else {
        "agrees"
    };
    rows[first_claim]["claim"]["decision"] = Value::from(new);
    // Rung b plays four-player chess as another variant under the same label.
    let mut chess_claims = 0;
    for r in rows.iter_mut() {
        if r["claim"]["our_conditions"]["game"]
            .as_str()
            .is_some_and(|g| g.starts_with("chess4("))
        {
            r["claim"]["our_conditions"]["game"] = Value::from("chess4(cap=3000,end=ffa)");
            chess_claims += 1;
        }
    }
    assert!(chess_claims >= 3, "{chess_claims}");
    let (fa, fb) = (dir.join("a.json"), dir.join("b.json"));
    std::fs::write(&fa, serde_json::to_string(&a).unwrap()).unwrap();
    std::fs::write(&fb, serde_json::to_string(&b).unwrap()).unwrap();

    let rungs = [
        ladder::read_rung("2 ms", &fa).unwrap(),
        ladder::read_rung("20 ms", &fb).unwrap(),
    ];
    let l = ladder::ladder(rungs.to_vec());
    assert_eq!(l.rungs, ["2 ms", "20 ms"]);
    let changed: Vec<&str> = l
        .claims
        .iter()
        .filter(|c| c.changes)
        .map(|c| c.claim.as_str())
        .collect();
    assert_eq!(changed, [claim_name.as_str()]);
    let line = l.claims.iter().find(|c| c.claim == claim_name).unwrap();
    assert_eq!(line.at[0].as_ref().unwrap().decision, old);
    assert_eq!(line.at[1].as_ref().unwrap().decision, new);
    assert_eq!(line.game.as_deref(), Some("cc-3"));

    // The chess claims and ratings of the two variants are separate lines, never compared.
    let chess: Vec<_> = l
        .claims
        .iter()
        .filter(|c| c.game.as_deref() == Some("chess4"))
        .collect();
    assert_eq!(chess.len(), 2 * chess_claims);
    assert!(chess
        .iter()
        .all(|c| c.at.iter().flatten().count() == 1 && !c.changes));
    let chess_games: Vec<_> = l.games.iter().filter(|g| g.game == "chess4").collect();
    assert_eq!(chess_games.len(), 2);
    assert!(chess_games.iter().all(|g| g.taus.is_empty()));
    assert!(ladder::text(&l).contains("  chess4 (chess4(cap=3000,end=ffa))"));
    for g in l.games.iter().filter(|g| g.game != "chess4") {
        assert_eq!(g.taus.len(), 1, "{}", g.game);
        let t = &g.taus[0];
        let order = g.orders[0].as_ref().unwrap();
        let distinct = {
            let mut e: Vec<f64> = order.iter().map(|r| r.elo).collect();
            e.dedup();
            e.len() == order.len()
        };
        if g.game == "cc-3" {
            assert!(distinct, "cc-3's committed ratings tie");
            // One discordant pair of n (n - 1) / 2, no ties.
            let pairs = (n * (n - 1) / 2) as f64;
            assert!(
                (t.tau - (pairs - 2.0) / pairs).abs() < 1e-9,
                "cc-3 tau {}",
                t.tau
            );
            assert_eq!(t.engines, n);
        } else if distinct && order.len() >= 2 {
            assert_eq!(t.tau, 1.0, "{}", g.game);
        }
        // Every resample equals its point: the interval is the point.
        if !t.tau.is_nan() {
            assert_eq!(t.resamples, 40, "{}", g.game);
            let [lo, hi] = t.ci95.unwrap();
            assert!(
                (lo - t.tau).abs() < 1e-9 && (hi - t.tau).abs() < 1e-9,
                "{}",
                g.game
            );
        }
    }
    // The order at each rung is best first.
    for g in &l.games {
        for o in g.orders.iter().flatten() {
            assert!(o.windows(2).all(|w| w[0].elo >= w[1].elo), "{}", g.game);
        }
    }

    let text = ladder::text(&l);
    assert!(
        text.starts_with("budget ladder: 2 rungs (2 ms, 20 ms);"),
        "{text}"
    );
    assert!(text.contains(&format!("changes: {claim_name}")), "{text}");
    let out = dir.join("out");
    let files = ladder::write(&l, &out).unwrap();
    for f in [
        "ladder.md",
        "ladder.json",
        "ladder-cc-3.svg",
        "ladder-chess4.svg",
    ] {
        assert!(files.contains(&out.join(f)), "{f} not written: {files:?}");
    }
    let svg = std::fs::read_to_string(out.join("ladder-cc-3.svg")).unwrap();
    assert!(
        svg.starts_with("<svg") && svg.contains("BRS beats max^n"),
        "{svg}"
    );
    let json: Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("ladder.json")).unwrap()).unwrap();
    assert_eq!(json["rungs"], serde_json::json!(["2 ms", "20 ms"]));
    assert!(json["games"]
        .as_array()
        .unwrap()
        .iter()
        .any(|g| g["game"] == "cc-3"));
    let md = std::fs::read_to_string(out.join("ladder.md")).unwrap();
    assert!(
        md.contains("| claim | set | 2 ms | 20 ms | changes |"),
        "{md}"
    );
    // Each game's order at each rung: cc-3's two best engines swap places between the
    // rungs, each row a rank.
    let cc3_md = md
        .split("### cc-3\n")
        .nth(1)
        .expect("a section for cc-3")
        .trim_start()
        .split("\n\n")
        .next()
        .unwrap();
    let order = l.games.iter().find(|g| g.game == "cc-3").unwrap();
    let (at_a, at_b) = (
        order.orders[0].as_ref().unwrap(),
        order.orders[1].as_ref().unwrap(),
    );
    assert_eq!(at_a[0].engine, at_b[1].engine);
    assert_eq!(at_a[1].engine, at_b[0].engine);
    let first_row = cc3_md.lines().nth(2).unwrap();
    assert!(
        first_row.starts_with(&format!("| 1 | `{}` ", at_a[0].engine))
            && first_row.contains(&format!("| `{}` ", at_b[0].engine)),
        "{cc3_md}"
    );
    assert_eq!(cc3_md.lines().count(), 2 + at_a.len(), "{cc3_md}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_rung_without_resamples_has_no_interval_and_a_bad_rung_is_refused() {
    let dir = scratch("bad");
    // The committed run stored no resamples: tau without an interval.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let run = root.join("results/strength-decisive");
    let r = ladder::read_rung("a", &run).unwrap();
    assert!(r.path.ends_with("beyond/strength.json"));
    // Every engine the committed run rated reads back: its key has no budget.
    assert!(r.ratings.len() > 40, "{} ratings", r.ratings.len());
    for (game, rated) in &r.ratings {
        assert!(!rated.engine.contains('@'), "{game}: {}", rated.name);
    }
    let l = ladder::ladder(vec![r.clone(), r]);
    assert!(l
        .games
        .iter()
        .flat_map(|g| &g.taus)
        .all(|t| t.ci95.is_none()));
    assert!(ladder::text(&l).contains("no resamples stored"));

    let missing = ladder::read_rung("m", &dir.join("nothing.json")).unwrap_err();
    assert!(matches!(missing, LadderError::Read(_)), "{missing}");
    let empty = dir.join("empty");
    std::fs::create_dir_all(empty.join("by-game")).unwrap();
    let nothing = ladder::read_rung("e", &empty).unwrap_err().to_string();
    assert!(
        nothing.contains("no result of the strength experiment in this directory"),
        "{nothing}"
    );
    std::fs::write(dir.join("other.json"), r#"{"meta": {}, "rows": []}"#).unwrap();
    let other = ladder::read_rung("o", &dir.join("other.json")).unwrap_err();
    assert!(
        other
            .to_string()
            .contains("no claim or rating of the strength experiment"),
        "{other}"
    );
    std::fs::write(dir.join("junk.json"), "not json").unwrap();
    let junk = ladder::read_rung("j", &dir.join("junk.json")).unwrap_err();
    assert!(junk.to_string().contains("not JSON"), "{junk}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// docs/strength.md quotes every game the ladder's higher rungs have finished
/// (`results/ladder-RUNG/by-game/GAME.json`, or the assembled rung): it names the file, and
/// for each of the game's claims one table line gives the claim's cell at 2 ms (the second
/// decisive run) and at the rung, as `gametree ladder` computes them: the decision
/// (`absent` for `absent at this budget`), the win rate and its Wilson interval.
#[test]
fn the_docs_quote_every_finished_game_of_the_ladders_rungs() {
    use gametree_lab::papers::strength::{DECISIVE_2_RESULTS, LADDER_TIME_RUNGS};
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let docs = std::fs::read_to_string(root.join("docs/strength.md")).unwrap();
    let cell = |c: &ladder::ClaimAt| {
        let decision = match c.decision.as_str() {
            "absent at this budget" => "absent",
            d => d,
        };
        format!(
            "{decision}, {:.2} [{:.2}, {:.2}]",
            c.win_rate, c.wilson[0], c.wilson[1]
        )
    };
    let two_ms = ladder::read_rung("2ms", &root.join(DECISIVE_2_RESULTS)).unwrap();
    let mut rungs: Vec<(&str, &str)> = LADDER_TIME_RUNGS.to_vec();
    rungs.push(("mcts-10k", "results/ladder-mcts-10k"));
    let mut quoted = 0;
    for (label, dir) in rungs {
        let dir = root.join(dir);
        // A rung not begun (no file) has nothing to quote.
        let files = ladder::rung_files(&dir);
        if files.is_empty() {
            continue;
        }
        for file in files {
            let name = file
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .to_string();
            assert!(docs.contains(&name), "docs/strength.md must name {name}");
        }
        let l = ladder::ladder(vec![
            two_ms.clone(),
            ladder::read_rung(label, &dir).unwrap(),
        ]);
        for claim in l.claims.iter().filter(|c| c.at[1].is_some()) {
            let want = match &claim.at[0] {
                Some(at2) => format!("| {} | {}", cell(at2), cell(claim.at[1].as_ref().unwrap())),
                None => format!("| {}", cell(claim.at[1].as_ref().unwrap())),
            };
            assert!(
                docs.lines().any(|line| line.contains(&want)),
                "docs/strength.md must quote {} ({label}) as `{want}`",
                claim.claim
            );
            quoted += 1;
        }
    }
    // Every claim of the assembled 20 ms rung (41: eleven games) and cc-3's eight and
    // focus-3's six at 10,000 nodes.
    assert!(quoted >= 55, "{quoted}");
}

/// The committed ladders are current: `results/ladder/` (every rung: 2 ms, 20 ms and the
/// MCTS rung) and each higher rung's own ladder against 2 ms (`results/ladder-RUNG/ladder/`)
/// hold the claims and rating orders `gametree ladder` computes from the committed rungs
/// today, and docs/strength.md names the whole ladder's command.
#[test]
fn the_committed_ladders_are_computed_from_the_committed_rungs() {
    use gametree_lab::papers::strength::DECISIVE_2_RESULTS;
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let rung = |label: &str, dir: &str| ladder::read_rung(label, &root.join(dir)).unwrap();
    let two_ms = rung("2ms", DECISIVE_2_RESULTS);
    let (twenty, mcts) = (
        rung("20ms", "results/ladder-20ms"),
        rung("mcts-10k", "results/ladder-mcts-10k"),
    );
    let cases = [
        (
            "results/ladder",
            vec![two_ms.clone(), twenty.clone(), mcts.clone()],
        ),
        ("results/ladder-20ms/ladder", vec![two_ms.clone(), twenty]),
        ("results/ladder-mcts-10k/ladder", vec![two_ms, mcts]),
    ];
    for (dir, rungs) in cases {
        let labels: Vec<String> = rungs.iter().map(|r| r.label.clone()).collect();
        let l = ladder::ladder(rungs);
        let want: Value = serde_json::from_str(&ladder::json(&l)).unwrap();
        // ladder.md after its list of the rungs' files (named as the command was given).
        let tables = |md: &str| md.split_once("\n## Claims").map(|(_, t)| t.to_string());
        let md = std::fs::read_to_string(root.join(dir).join("ladder.md")).unwrap();
        assert_eq!(
            tables(&md),
            tables(&ladder::markdown(&l)),
            "{dir}/ladder.md differs; run `gametree ladder`"
        );
        let path = root.join(dir).join("ladder.json");
        let got: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(got["rungs"], serde_json::json!(labels), "{dir}");
        for key in ["claims", "games"] {
            assert_eq!(
                got[key], want[key],
                "{dir}: {key} differ; run `gametree ladder`"
            );
        }
        for f in ["ladder.md", "ladder-cc-3.svg", "ladder-focus-3.svg"] {
            assert!(root.join(dir).join(f).is_file(), "{dir}/{f}");
        }
    }
    let docs = std::fs::read_to_string(root.join("docs/strength.md")).unwrap();
    assert!(docs.contains(
        "gametree ladder 2ms=results/strength-decisive-2 20ms=results/ladder-20ms \
         mcts-10k=results/ladder-mcts-10k --out results/ladder"
    ));
}

/// A directory of one result per game (`scripts/rungs`' `by-game`, or a directory holding
/// one) reads as one rung: each game's claims and ratings as in the whole run; a game rated
/// in two files is refused; a run's own `beyond/strength.json` comes first.
#[test]
fn a_directory_of_one_result_per_game_is_one_rung() {
    use gametree_lab::papers::strength::{claim_of_quantity, DECISIVE_2_RESULTS};
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let whole_path = root.join(DECISIVE_2_RESULTS);
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(&whole_path).unwrap()).unwrap();
    // The rows of one game: its ratings (`GAME: rating of ...`) and its claims.
    let of_game = |label: &str| -> Value {
        let mut d = doc.clone();
        let rows: Vec<Value> = doc["rows"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| {
                let row = r["row"].as_str().unwrap_or("");
                let quantity = r["quantity"].as_str().unwrap_or("");
                row.starts_with(&format!("{label}: rating of "))
                    || (r["claim"].is_object()
                        && claim_of_quantity(quantity).is_some_and(|(_, g)| g.label() == label))
            })
            .cloned()
            .collect();
        assert!(rows.len() > 4, "{label}: {} rows", rows.len());
        d["rows"] = Value::Array(rows);
        d
    };
    let dir = scratch("by-game");
    let by_game = dir.join("by-game");
    std::fs::create_dir_all(&by_game).unwrap();
    for label in ["focus-3", "cc-3"] {
        std::fs::write(
            by_game.join(format!("{label}.json")),
            serde_json::to_string(&of_game(label)).unwrap(),
        )
        .unwrap();
    }
    let whole = ladder::read_rung("2ms", &whole_path).unwrap();
    for path in [&dir, &by_game] {
        let r = ladder::read_rung("x", path).unwrap();
        assert_eq!(&r.path, path);
        assert!(r.params.starts_with("2 files: "), "{}", r.params);
        for label in ["cc-3", "focus-3"] {
            let want: Vec<_> = whole.ratings.iter().filter(|g| g.0 == label).collect();
            let got: Vec<_> = r.ratings.iter().filter(|g| g.0 == label).collect();
            assert_eq!(got, want, "{label}");
        }
        assert!(r.ratings.iter().all(|g| g.0 == "cc-3" || g.0 == "focus-3"));
        let claims = |rung: &ladder::Rung| -> Vec<String> {
            let mut q: Vec<String> = rung
                .claims
                .iter()
                .map(|c| c.quantity.clone())
                .filter(|q| q.contains(" in cc-3 ") || q.contains(" in focus-3 "))
                .collect();
            q.sort();
            q
        };
        assert_eq!(claims(&r), claims(&whole));
        assert_eq!(r.claims.len(), claims(&whole).len());
    }
    // Only the regular `*.json` files of a directory count, by name; an empty directory
    // gives none.
    let picking = dir.join("picking");
    std::fs::create_dir_all(picking.join("by-game/focus-3.json")).unwrap();
    assert!(ladder::rung_files(&picking).is_empty());
    for f in ["spades.json", "cc-3.json", "notes.txt"] {
        std::fs::write(picking.join("by-game").join(f), "{}").unwrap();
    }
    assert_eq!(
        ladder::rung_files(&picking),
        [
            picking.join("by-game/cc-3.json"),
            picking.join("by-game/spades.json")
        ]
    );
    // A game in two files.
    std::fs::write(
        by_game.join("more.json"),
        serde_json::to_string(&of_game("cc-3")).unwrap(),
    )
    .unwrap();
    let twice = ladder::read_rung("x", &dir).unwrap_err();
    assert!(twice.to_string().contains("rates cc-3, which"), "{twice}");
    // The run's own result, once written, is the rung.
    std::fs::create_dir_all(dir.join("beyond")).unwrap();
    std::fs::copy(&whole_path, dir.join("beyond/strength.json")).unwrap();
    let r = ladder::read_rung("x", &dir).unwrap();
    assert!(r.path.ends_with("beyond/strength.json"));
    assert_eq!(r.ratings, whole.ratings);
    let _ = std::fs::remove_dir_all(&dir);
}
