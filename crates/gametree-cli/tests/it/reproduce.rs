//! `gametree reproduce`: unknown names, `--out` files and skipping, JSON rows, and
//! byte-identical JSON with one or two threads.

use std::process::{Command, Output};

use serde_json::Value;

use crate::{gametree, scratch};

fn with_threads(threads: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gametree"))
        .args(args)
        .env("RAYON_NUM_THREADS", threads)
        .output()
        .expect("the gametree binary runs")
}

#[test]
fn unknown_paper_or_table_exits_2_and_lists_the_known_ones() {
    let out = gametree(&["reproduce", "nobody-1999", "--quick"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("unknown paper `nobody-1999`"), "{err}");
    for p in ["fridenfalk-2014", "sturtevant-2003"] {
        assert!(err.contains(p), "{err}");
    }
    assert!(out.stdout.is_empty());
    let out = gametree(&["reproduce", "sturtevant-2003/table-99"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("sturtevant-2003/table-10"), "{err}");
}

#[test]
fn markdown_and_json_rows() {
    let out = gametree(&["reproduce", "sturtevant-2003/table-10", "--quick"]);
    assert!(out.status.success());
    let md = String::from_utf8_lossy(&out.stdout);
    assert!(md.contains("| sturtevant-2003 | table-10 |"), "{md}");
    assert!(md.contains("| 1234560 | 1234560 | - | exact |"), "{md}");
    assert!(md.contains("wall time"), "{md}");
    let out = gametree(&["reproduce", "sturtevant-2003/table-10", "--json"]);
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).expect("one JSON array");
    let rows = v.as_array().unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[1]["ours"], 84927.0);
    assert_eq!(rows[1]["paper_value"], 84927.0);
    assert_eq!(rows[1]["verdict"], "exact");
    assert_eq!(rows[1]["ci95"], Value::Null);
    let keys: Vec<&String> = rows[0].as_object().unwrap().keys().collect();
    assert_eq!(keys.len(), 9, "{keys:?}");
}

#[test]
fn out_dir_then_rerun_skips() {
    let dir = scratch("reproduce-out");
    let d = dir.to_string_lossy().into_owned();
    let args = ["reproduce", "sturtevant-2003", "--quick", "--out", &d];
    let first = gametree(&args);
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    let base = dir.join("sturtevant-2003");
    let mut files: Vec<String> = std::fs::read_dir(&base)
        .unwrap()
        .map(|f| f.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    for want in [
        "table-10.json",
        "table-10.md",
        "table-10.csv",
        "table-8.json",
        "table-8-growth.svg",
        "discrete-cutoffs.csv",
    ] {
        assert!(files.iter().any(|f| f == want), "{want} in {files:?}");
    }
    assert!(files.iter().all(|f| !f.ends_with(".tmp")), "{files:?}");
    let json = std::fs::read(base.join("table-8.json")).unwrap();
    let second = gametree(&args);
    assert!(second.status.success());
    let md = String::from_utf8_lossy(&second.stdout);
    // Table 8, Table 10, the discrete cut-offs, the Chinese Checkers half of Table 10, and
    // the card games' Tables 11 and 12.
    assert_eq!(md.matches("skipped: stored results").count(), 6, "{md}");
    assert_eq!(std::fs::read(base.join("table-8.json")).unwrap(), json);
    // The skipped experiments' rows still print.
    assert!(md.contains("| 84927 | 84927 |"), "{md}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The same seed gives byte-identical JSON with one thread and two (a parallel, random
/// experiment: Fridenfalk's Table II in quick mode).
#[test]
fn json_is_identical_with_one_or_two_threads() {
    let args = ["reproduce", "fridenfalk-2014/table-2", "--quick", "--json"];
    let one = with_threads("1", &args);
    let two = with_threads("2", &args);
    assert!(one.status.success() && two.status.success());
    assert!(one.stdout.len() > 1000);
    assert_eq!(one.stdout, two.stdout);
    let v: Value = serde_json::from_slice(&one.stdout).unwrap();
    assert_eq!(v.as_array().unwrap().len(), 32);
    // Random rows carry an interval.
    assert!(v[0]["ci95"].is_array());
}
