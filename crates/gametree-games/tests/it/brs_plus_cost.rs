//! `scripts/brs-plus-cost` (where BRS+'s instructions go, docs/best-reply.md) measures the
//! positions the papers' games benchmark times: each of its games is a case of
//! `benches/papers_games.rs` with the same spec, random line and BRS depth.

use std::path::Path;

/// The value after `key` in `text`: a string between quotes, else up to the next `,`.
fn field<'t>(text: &'t str, key: &str) -> Option<&'t str> {
    let rest = text[text.find(key)? + key.len()..].trim_start();
    match rest.strip_prefix('"') {
        Some(quoted) => quoted.split('"').next(),
        None => rest.split(',').next().map(str::trim),
    }
}

/// The benchmark's cases as `spec|plies|depth`, the script's format.
fn bench_cases(bench: &str) -> Vec<String> {
    bench
        .split("Case {")
        .skip(2) // the text before the first case, and the struct's definition
        .map(|case| {
            let get = |k: &str| field(case, k).unwrap_or_else(|| panic!("{k} in {case}"));
            format!("{}|{}|{}", get("spec:"), get("plies:"), get("brs:"))
        })
        .collect()
}

#[test]
fn the_brs_plus_cost_script_measures_the_benchmarks_positions() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bench = std::fs::read_to_string(root.join("benches/papers_games.rs")).unwrap();
    let script = std::fs::read_to_string(root.join("../../scripts/brs-plus-cost")).unwrap();
    let cases = bench_cases(&bench);
    assert_eq!(cases.len(), 6, "{cases:?}");
    let start = script.find("CASES=(").expect("the script's cases");
    let end = start + script[start..].find("\n)").expect("the end of its cases");
    let listed: Vec<&str> = script[start..end]
        .lines()
        .skip(1)
        .map(|l| l.trim().trim_matches('"'))
        .collect();
    // The games of issue #45's goal: four-player chess, Chinese Checkers and Rolit.
    assert_eq!(listed.len(), 4, "{listed:?}");
    for case in listed {
        assert!(
            cases.iter().any(|c| c == case),
            "scripts/brs-plus-cost measures {case}, not a case of the benchmark: {cases:?}"
        );
    }
}
