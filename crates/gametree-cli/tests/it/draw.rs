//! `gametree draw` (issue #16): the SVG, the JSON drawing whose `result` is what `gametree
//! search --json --trace` prints, `--out`, and bad input refused with one line and code 2.

use crate::{expect_error, gametree, ok, repo_root, scratch};

fn fig3() -> String {
    repo_root()
        .join("examples/trees/korf-1991-fig3-shallow-pruning.json")
        .display()
        .to_string()
}

#[test]
fn draw_json_result_is_the_search_json() {
    let tree = fig3();
    for a in ["shallow", "maxn", "speculative", "paranoid"] {
        let d: serde_json::Value =
            serde_json::from_str(&ok(&["draw", "--tree", &tree, "-a", a, "--json"])).unwrap();
        let mut s: serde_json::Value = serde_json::from_str(&ok(&[
            "search", "--tree", &tree, "-a", a, "--json", "--trace",
        ]))
        .unwrap();
        let mut r = d["result"].clone();
        r["stats"]["elapsed_ms"] = 0.into();
        s["stats"]["elapsed_ms"] = 0.into();
        assert_eq!(r, s, "{a}");
        assert!(d["svg"].as_str().unwrap().starts_with("<svg"), "{a}");
        assert_eq!(d["nodes"].as_array().unwrap().len(), 8, "{a}");
        assert_eq!(d["events"][0]["kind"], "visit", "{a}");
        assert_eq!(d["events"][0]["node"], "r", "{a}");
    }
}

#[test]
fn draw_writes_the_svg_to_out() {
    let dir = scratch("draw-out");
    let out = dir.join("fig.svg");
    let stdout = ok(&[
        "draw",
        "--tree",
        &fig3(),
        "-a",
        "shallow",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(stdout.is_empty());
    let svg = std::fs::read_to_string(&out).unwrap();
    assert!(svg.contains(r#"id="edge-1.1""#) && svg.contains("prune-shallow"));
    // The same picture on standard output.
    let printed = ok(&["draw", "--tree", &fig3(), "-a", "shallow"]);
    assert_eq!(printed.trim_end(), svg.trim_end());
    // A game, to a depth.
    let game = ok(&[
        "draw",
        "--game",
        "tictactoe",
        "--depth",
        "2",
        "-a",
        "minimax",
    ]);
    assert!(game.starts_with("<svg") && game.contains(r#"id="node-0.0""#));
    // The compact layout: the same nodes, leaf values written vertically.
    let compact = ok(&[
        "draw",
        "--tree",
        &fig3(),
        "-a",
        "shallow",
        "--layout",
        "compact",
    ]);
    assert!(compact.contains(r#"id="edge-1.1""#) && compact.contains("rotate(-90 "));
    assert!(!printed.contains("rotate(-90 "));
}

#[test]
fn draw_refuses_bad_input_with_one_line() {
    let tree = fig3();
    expect_error(&["draw", "--tree", &tree, "-a", "nosuch"], "nosuch");
    expect_error(&["draw", "--tree", &tree, "-a", "mcts"], "cannot be drawn");
    expect_error(&["draw", "--tree", &tree, "-a", "alphabeta"], "two-player");
    expect_error(
        &["draw", "--tree", "/nonexistent/t.json", "-a", "maxn"],
        "cannot open",
    );
    expect_error(
        &[
            "draw",
            "--game",
            "connect-four",
            "--depth",
            "8",
            "-a",
            "maxn",
        ],
        "more than 2000 nodes",
    );
    expect_error(&["draw", "--game", "tictactoe", "-a", "maxn"], "--depth");
    expect_error(
        &["draw", "--tree", &tree, "-a", "maxn", "--layout", "tiny"],
        "--layout",
    );
    expect_error(
        &["draw", "--tree", &tree, "-a", "maxn", "--max-nodes", "3"],
        "more than 3 nodes",
    );
    let dir = scratch("draw-bad-out");
    expect_error(
        &[
            "draw",
            "--tree",
            &tree,
            "-a",
            "maxn",
            "--out",
            dir.to_str().unwrap(),
        ],
        "--out",
    );
    let out = gametree(&["draw", "--tree", &tree, "-a", "nosuch"]);
    assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
}

/// Issue #46: `draw --out /proc/version` said `No such file or directory` of a file that
/// exists: it is a regular file in a directory where no file can be made, so it cannot be
/// replaced. Every `--out` (and `play --record`) says so before any work, through one
/// check.
#[cfg(target_os = "linux")]
#[test]
fn defect_46_an_out_file_that_cannot_be_replaced_says_so() {
    let tree = fig3();
    let why = "--out: /proc/version: cannot be replaced: no new file can be made in /proc: ";
    let draw = ["draw", "--tree", &tree, "-a", "maxn"];
    let tournament = [
        "tournament",
        "--game",
        "tictactoe",
        "--engines",
        "alphabeta@d1,alphabeta@d2",
        "--openings",
        "1",
    ];
    for command in [&draw[..], &tournament[..]] {
        let args = [command, &["--out", "/proc/version"]].concat();
        let out = gametree(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(why), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}
