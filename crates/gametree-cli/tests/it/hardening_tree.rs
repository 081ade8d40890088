//! Hardening of explicit trees (issue #11): the score range, duplicate keys, and the memory
//! a tree file of the largest accepted size needs.

use std::process::Command;

use crate::{expect_error, ok, repo_root, scratch};

/// Writes `text` to a tree file in a fresh scratch directory and returns its path.
fn tree_file(name: &str, text: &str) -> String {
    let path = scratch(name).join("tree.json");
    std::fs::write(&path, text).expect("write tree");
    path.to_str().unwrap().to_string()
}

fn search_error(path: &str, algorithm: &str, fragment: &str) {
    expect_error(
        &["search", "--tree", path, "--algorithm", algorithm],
        fragment,
    );
}

#[test]
fn defect_5_min_i64_lower_in_korf_fig6_is_rejected() {
    let fig6 = std::fs::read_to_string(
        repo_root().join("examples/trees/korf-1991-fig6-deep-pruning.json"),
    )
    .unwrap();
    let text = fig6.replacen(
        "\"maxsum\": 9,",
        "\"maxsum\": 9, \"lower\": -9223372036854775808,",
        1,
    );
    assert_ne!(text, fig6);
    let path = tree_file("defect_5_lower", &text);
    for algorithm in ["shallow", "maxn", "speculative"] {
        search_error(
            &path,
            algorithm,
            "lower: integer -9223372036854775808 out of range (at most 2^48 in magnitude)",
        );
    }
}

#[test]
fn defect_5_min_i64_two_player_leaf_is_rejected_for_nmax_and_hypermax() {
    let path = tree_file(
        "defect_5_leaf",
        r#"{"players":2,"root":{"player":0,"children":[{"value":-9223372036854775808},{"value":1}]}}"#,
    );
    for algorithm in ["nmax", "hypermax", "hypermax-sorted", "minimax", "negamax"] {
        search_error(
            &path,
            algorithm,
            "root.children[0].value: integer -9223372036854775808 out of range",
        );
    }
}

#[test]
fn score_range_ends_are_searched_exactly() {
    // -2^48 and 2^48 are the ends of the valid range: accepted, and N-max picks the best.
    let path = tree_file(
        "range_ends",
        r#"{"players":2,"root":{"player":0,"children":[{"value":-281474976710656},{"value":281474976710656}]}}"#,
    );
    for algorithm in ["nmax", "hypermax", "maxn", "alphabeta"] {
        let out = ok(&["search", "--tree", &path, "--algorithm", algorithm]);
        assert!(out.contains("best move   1"), "{algorithm}: {out}");
    }
}

#[test]
fn defect_6_duplicate_keys_are_rejected_with_their_path() {
    let path = tree_file(
        "defect_6_issue",
        r#"{"players":3,"players":2,"root":{"player":0,"children":[],"children":[{"value":1}]}}"#,
    );
    search_error(&path, "maxn", "$: duplicate key \"players\"");
    let path = tree_file(
        "defect_6_children",
        r#"{"players":2,"root":{"player":0,"children":[],"children":[{"value":1}]}}"#,
    );
    search_error(&path, "maxn", "root: duplicate key \"children\"");
    let path = tree_file(
        "defect_6_value",
        r#"{"players":2,"root":{"player":0,"children":[{"value":1},{"value":1,"value":2}]}}"#,
    );
    search_error(&path, "maxn", "root.children[1]: duplicate key \"value\"");
}

/// A root with about 2.8 million `{"value":0}` leaves fills the 32 MiB limit on tree files.
/// Loading it went through a full JSON document in memory (2.8 GB) and aborted under a 2 GiB
/// cap; streamed into the compact form it needs well under 1 GB.
#[cfg(target_os = "linux")]
#[test]
fn defect_14_a_32_mib_tree_loads_under_a_2_gib_address_space_cap() {
    let dir = scratch("defect_14");
    let path = dir.join("big.json");
    let head = r#"{"players":2,"root":{"player":0,"children":["#;
    let tail = "]}}";
    let leaf = r#"{"value":0},"#;
    let limit = 32 << 20;
    let n = (limit - head.len() - tail.len() + 1) / leaf.len();
    let mut text = String::with_capacity(limit);
    text.push_str(head);
    for _ in 0..n {
        text.push_str(leaf);
    }
    text.pop();
    text.push_str(tail);
    assert!(
        text.len() <= limit && text.len() > limit - leaf.len(),
        "{}",
        text.len()
    );
    std::fs::write(&path, &text).unwrap();
    drop(text);
    let out = Command::new("sh")
        .arg("-c")
        .arg(r#"ulimit -v 2097152 && exec "$0" search --tree "$1" --algorithm maxn"#)
        .arg(env!("CARGO_BIN_EXE_gametree"))
        .arg(&path)
        .output()
        .expect("sh runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{:?}: {stderr}", out.status);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(&format!("nodes       {}", n + 1)),
        "{stdout}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
