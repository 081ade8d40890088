//! The reproduce runner: selection, stored results, atomic files, skipping on re-run.

use std::fs;
use std::path::PathBuf;

use gametree_lab::experiment::Ctx;
use gametree_lab::report::Verdict;
use gametree_lab::reproduce::{json_document, row_from_json, run, select, stored, utc_date, Meta};

const QUICK: Ctx = Ctx {
    quick: true,
    progress: false,
    params: gametree_lab::experiment::Params::NONE,
};

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("gametree-lab-it-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&d);
    d
}

#[test]
fn selection() {
    let all = select(None).unwrap();
    assert!(all
        .iter()
        .any(|e| e.paper == "fridenfalk-2014" && e.table == "table-1"));
    assert!(all
        .iter()
        .any(|e| e.paper == "sturtevant-2003" && e.table == "table-10"));
    let s = select(Some("sturtevant-2003")).unwrap();
    assert!(s.len() >= 3 && s.iter().all(|e| e.paper == "sturtevant-2003"));
    let one = select(Some("fridenfalk-2014/table-2")).unwrap();
    assert_eq!(one.len(), 1);
    assert_eq!(one[0].table, "table-2");
    let e = select(Some("nobody-1999")).unwrap_err();
    assert!(e.contains("unknown paper `nobody-1999`"), "{e}");
    assert!(
        e.contains("fridenfalk-2014") && e.contains("sturtevant-2003"),
        "{e}"
    );
    let e = select(Some("sturtevant-2003/table-99")).unwrap_err();
    assert!(e.contains("unknown table `table-99`"), "{e}");
    assert!(e.contains("sturtevant-2003/table-10"), "{e}");
    // Every experiment has a distinct name and parameters in both modes.
    let mut names: Vec<String> = all
        .iter()
        .map(|e| format!("{}/{}", e.paper, e.table))
        .collect();
    let n = names.len();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), n);
    for e in &all {
        assert!(!(e.params)(&QUICK).is_empty());
    }
}

#[test]
fn rows_round_trip_through_json() {
    let exps = select(Some("sturtevant-2003/discrete-cutoffs")).unwrap();
    let out = (exps[0].run)(&QUICK);
    let meta = Meta::now("p", 1.5);
    let doc: serde_json::Value =
        serde_json::from_str(&json_document(&exps[0], &meta, &out.rows)).unwrap();
    let back: Vec<_> = doc["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| row_from_json(v).unwrap())
        .collect();
    assert_eq!(back, out.rows);
    for key in [
        "paper",
        "table",
        "row",
        "quantity",
        "paper_value",
        "ours",
        "ci95",
        "samples",
        "verdict",
        "reason",
        "note",
        "algorithm",
        "check",
    ] {
        assert!(doc["rows"][0].get(key).is_some(), "{key}");
    }
    // The eleven fields of every row, and the three typed ones this row has (`algorithm`,
    // `check`, and the `source` of an exact row: the figure's tree is our own example).
    assert_eq!(doc["rows"][0].as_object().unwrap().len(), 14);
    assert_eq!(doc["rows"][0]["source"], "example");
    assert_eq!(doc["rows"][0]["ours"], serde_json::json!(1));
    assert!(doc["rows"][0]["ours"].is_u64());
    assert_eq!(
        doc["rows"][0]["check"],
        serde_json::json!({"against": "max^n", "agrees": true})
    );
    // The meta: version, commit, date, parameters, elapsed time; outside the rows.
    let m = &doc["meta"];
    assert_eq!(m["gametree_version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(m["params"], "p");
    assert_eq!(m["elapsed_s"], 1.5);
    let commit = m["git_commit"].as_str().unwrap();
    assert!(
        commit == "unknown"
            || (commit.len() == 40 && commit.bytes().all(|b| b.is_ascii_hexdigit())),
        "{commit}"
    );
    let date = m["date"].as_str().unwrap();
    assert_eq!(date.len(), 20, "{date}");
    assert!(date.starts_with("20") && date.ends_with('Z'), "{date}");
    assert_eq!(m.as_object().unwrap().len(), 5);
}

#[test]
fn utc_dates() {
    use std::time::{Duration, UNIX_EPOCH};
    let at = |s: u64| utc_date(UNIX_EPOCH + Duration::from_secs(s));
    assert_eq!(at(0), "1970-01-01T00:00:00Z");
    // 2000-02-29 (a leap day of a century year) and the day after.
    assert_eq!(at(951_782_400 + 3661), "2000-02-29T01:01:01Z");
    assert_eq!(at(951_868_800), "2000-03-01T00:00:00Z");
    assert_eq!(at(1_795_996_799), "2026-11-29T23:59:59Z");
    assert_eq!(at(4_107_542_400), "2100-03-01T00:00:00Z");
}

/// Quick mode's statistical rows on fewer than five samples give no verdict: the Hearts and
/// Spades tables play 2 and 1 hands there.
#[test]
fn small_samples_say_too_few() {
    let exps = select(Some("sturtevant-2003/table-12")).unwrap();
    let out = (exps[0].run)(&QUICK);
    assert!(!out.rows.is_empty());
    for r in &out.rows {
        let n = r.samples.expect("a statistical row");
        assert!(n < 5, "{r:?}");
        assert!(r.paper_value.is_some(), "{r:?}");
        assert_eq!(r.verdict, Verdict::TooFew, "{r:?}");
    }
}

#[test]
fn out_dir_files_and_skipping() {
    let dir = scratch("out");
    let exps = select(Some("sturtevant-2003")).unwrap();
    let exps: Vec<_> = exps
        .into_iter()
        .filter(|e| e.table == "table-10" || e.table == "discrete-cutoffs")
        .collect();
    assert_eq!(exps.len(), 2);
    let first = run(&exps, &QUICK, Some(&dir), |_| {}).unwrap();
    assert!(first.iter().all(|d| !d.skipped));
    let base = dir.join("sturtevant-2003");
    for t in ["table-10", "discrete-cutoffs"] {
        for ext in ["md", "csv", "json"] {
            assert!(base.join(format!("{t}.{ext}")).is_file(), "{t}.{ext}");
        }
    }
    let md = fs::read_to_string(base.join("table-10.md")).unwrap();
    assert!(md.contains("wall time") && md.contains("| 84927 |"));
    let json1 = fs::read(base.join("table-10.json")).unwrap();
    assert!(!String::from_utf8_lossy(&json1).contains("wall"));
    // No temporary files are left.
    for f in fs::read_dir(&base).unwrap() {
        let name = f.unwrap().file_name().to_string_lossy().into_owned();
        assert!(!name.ends_with(".tmp"), "{name}");
    }
    // A re-run skips both and returns the same rows.
    let second = run(&exps, &QUICK, Some(&dir), |_| {}).unwrap();
    assert!(second.iter().all(|d| d.skipped));
    for (a, b) in first.iter().zip(&second) {
        assert_eq!(a.rows, b.rows);
    }
    assert_eq!(fs::read(base.join("table-10.json")).unwrap(), json1);
    // Different parameters, or a missing JSON (an interrupted run), mean a re-run.
    assert!(stored(&dir, &exps[0], "other parameters").is_none());
    fs::remove_file(base.join("discrete-cutoffs.json")).unwrap();
    let third = run(&exps, &QUICK, Some(&dir), |_| {}).unwrap();
    let skipped: Vec<bool> = third.iter().map(|d| d.skipped).collect();
    assert_eq!(skipped, vec![true, false]);
    assert!(base.join("discrete-cutoffs.json").is_file());
    // A corrupt JSON file is not trusted.
    fs::write(base.join("table-10.json"), b"{ not json").unwrap();
    let fourth = run(&exps[..1], &QUICK, Some(&dir), |_| {}).unwrap();
    assert!(!fourth[0].skipped);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn plots_are_written() {
    let dir = scratch("plots");
    let exps = select(Some("sturtevant-2003/table-8")).unwrap();
    run(&exps, &QUICK, Some(&dir), |_| {}).unwrap();
    let svg = fs::read_to_string(dir.join("sturtevant-2003/table-8-growth.svg")).unwrap();
    assert!(svg.starts_with("<svg"));
    let _ = fs::remove_dir_all(&dir);
}

/// Synthetic experiments of unequal length, each running parallel trials of its own: what
/// `run` schedules on every core.
mod synthetic {
    use gametree_lab::experiment::{Cost, Ctx, Experiment, Output, Work};
    use gametree_lab::report::Row;
    use gametree_run::runner::run_trials;

    /// Rows of `trials` seeded trials: their sum and a real of full precision.
    fn rows(table: &str, trials: usize, seed: u64) -> Output {
        let xs = run_trials(table, trials, seed, false, |i, s| {
            // Uneven work per trial, so the experiments finish out of order.
            let mut h = s;
            for _ in 0..(i % 7) * 2_000 {
                h = h.rotate_left(5) ^ 0x9E37_79B9_7F4A_7C15;
            }
            h % 1_000_003
        });
        let sum: u64 = xs.iter().sum();
        Output {
            rows: vec![
                Row::builder("synthetic", table, "sum", "trials")
                    .ours(sum)
                    .build(),
                Row::builder("synthetic", table, "mean", "trials")
                    .ours(sum as f64 / trials as f64 / 3.0)
                    .build(),
            ],
            plots: Vec::new(),
        }
    }

    macro_rules! experiment {
        ($name:ident, $table:literal, $trials:expr, $seed:expr) => {
            fn $name() -> Experiment {
                fn run(_: &Ctx) -> Output {
                    rows($table, $trials, $seed)
                }
                Experiment {
                    paper: "synthetic",
                    table: $table,
                    about: "a synthetic experiment",
                    params: |_| format!("trials={} seed={}", $trials, $seed),
                    run,
                    work: Work::Whole(Cost {
                        quick: $trials as f64,
                        full: $trials as f64,
                    }),
                }
            }
        };
    }

    experiment!(long, "long", 4_000, 1);
    experiment!(short, "short", 10, 2);
    experiment!(middle, "middle", 700, 3);
    experiment!(tiny, "tiny", 1, 4);
    experiment!(other, "other", 300, 5);

    /// Five experiments in this order.
    pub fn all() -> Vec<Experiment> {
        vec![long(), short(), middle(), tiny(), other()]
    }
}

/// Experiments run at the same time give the rows of running them one after another, in the
/// selection's order, with one thread or two; `on_done` sees each once; with `--out` the
/// files are those of the serial run.
#[test]
fn parallel_run_equals_the_serial_order_with_one_or_two_threads() {
    let experiments = synthetic::all();
    let serial: Vec<_> = experiments
        .iter()
        .flat_map(|e| (e.run)(&QUICK).rows)
        .collect();
    let pool = |n| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .unwrap()
    };
    for threads in [1, 2] {
        let dir = scratch(&format!("parallel-{threads}"));
        let mut seen = Vec::new();
        let done = pool(threads)
            .install(|| {
                run(&experiments, &QUICK, Some(&dir), |d| {
                    seen.push(d.experiment.table)
                })
            })
            .unwrap();
        let rows: Vec<_> = done.iter().flat_map(|d| d.rows.clone()).collect();
        assert_eq!(rows, serial, "{threads} threads");
        let order: Vec<_> = done.iter().map(|d| d.experiment.table).collect();
        assert_eq!(order, ["long", "short", "middle", "tiny", "other"]);
        seen.sort_unstable();
        assert_eq!(seen, ["long", "middle", "other", "short", "tiny"]);
        for e in &experiments {
            let csv =
                fs::read_to_string(dir.join("synthetic").join(format!("{}.csv", e.table))).unwrap();
            assert_eq!(csv, gametree_lab::report::csv(&(e.run)(&QUICK).rows));
        }
        // A re-run skips every experiment and gives the same rows.
        let again = pool(threads)
            .install(|| run(&experiments, &QUICK, Some(&dir), |_| {}))
            .unwrap();
        assert!(again.iter().all(|d| d.skipped));
        let rows_again: Vec<_> = again.iter().flat_map(|d| d.rows.clone()).collect();
        assert_eq!(rows_again, serial);
        let _ = fs::remove_dir_all(&dir);
    }
}

/// The committed full-run verdicts (`results/full-run-verdicts.json`) read, name only
/// experiments that exist, come from full runs, and hold verdict words; a lookup finds a
/// row by experiment, row and quantity.
#[test]
fn full_run_verdicts_read_and_look_up() {
    use gametree_lab::full_run::{committed, parse, FILE};
    let runs = parse(FILE).expect("results/full-run-verdicts.json reads");
    assert_eq!(committed().experiments.len(), runs.experiments.len());
    let known = gametree_lab::reproduce::names();
    for (name, run) in &runs.experiments {
        assert!(known.contains(name), "{name}");
        assert!(run.command.contains(name.as_str()), "{}", run.command);
        assert!(!run.command.contains("--quick"), "{}", run.command);
        assert_ne!(
            name, "beyond/strength",
            "the strength run has its own results"
        );
        for (row, quantities) in &run.rows {
            for (q, v) in quantities {
                assert!(Verdict::from_word(v).is_some(), "{name} {row} {q}: {v}");
            }
        }
    }
    let text = r#"{"about": "a", "regenerate": "r", "machine": "m", "experiments": {
        "sturtevant-2003/table-12": {"command": "gametree reproduce sturtevant-2003/table-12 --json",
          "git_commit": "c", "date": "d", "params": "p", "elapsed_s": 1.5,
          "rows": {"Hearts, plain max^n vs paranoid": {"average score of paranoid": "differs"}}}}}"#;
    let runs = parse(text).unwrap();
    let v = |t: &str, r: &str, q: &str| {
        runs.verdict("sturtevant-2003", t, r, q)
            .and_then(Verdict::from_word)
    };
    assert_eq!(
        v(
            "table-12",
            "Hearts, plain max^n vs paranoid",
            "average score of paranoid"
        ),
        Some(Verdict::Differs)
    );
    assert_eq!(
        v(
            "table-11",
            "Hearts, plain max^n vs paranoid",
            "average score of paranoid"
        ),
        None
    );
    assert_eq!(v("table-12", "Hearts", "average score of paranoid"), None);
    assert!(parse("{}").is_err());
}
