//! Issue #25, defect 9, the command line's messages: the user's control characters escaped
//! and long input cut in spec and position errors, `draw` naming the games best-reply search
//! needs and what `--position` needs, `--shard` with a negative index, and `--openings`
//! stating the range the docs state.

use std::process::Output;

use crate::gametree;

/// Exit code 2, one line on standard error starting `error: `, containing every fragment,
/// with no raw control character; returns the line.
fn one_line(o: &Output, what: &str, fragments: &[&str]) -> String {
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(2), "{what}: stderr {err}");
    assert_eq!(err.lines().count(), 1, "{what}: one line, got:\n{err}");
    assert!(err.starts_with("error: "), "{what}: {err}");
    assert!(
        !err.trim_end().chars().any(char::is_control),
        "{what}: a raw control character in {err:?}"
    );
    for f in fragments {
        assert!(err.contains(f), "{what}: expected {f:?} in {err}");
    }
    err
}

#[test]
fn spec_errors_escape_the_users_control_characters() {
    for spec in [
        "tic\u{1b}[2Jtactoe",
        "random(players=3,b=2,d=2,leaf=\u{1b}[2J)",
        "random(players=\u{7}3)",
        "tictactoe(\u{1b}[2J=1)",
        "connect-four(\u{202e}x=1)",
    ] {
        for command in ["search", "draw"] {
            let o = gametree(&[command, "--game", spec, "-a", "maxn", "--depth", "1"]);
            let err = one_line(&o, spec, &["game spec"]);
            assert!(
                !err.contains('\u{1b}') && !err.contains('\u{202e}'),
                "{err:?}"
            );
            assert!(
                err.contains("\\u{1b}") || err.contains("\\u{7}") || err.contains("\\u{202e}"),
                "{spec:?}: {err}"
            );
        }
    }
    // Positions already escaped theirs; they stay escaped.
    let o = gametree(&[
        "search",
        "--game",
        "tictactoe",
        "--position",
        "x\u{1b}[2J",
        "-a",
        "minimax",
    ]);
    one_line(&o, "a position", &["position", "\\u{1b}"]);
    // A game's own words about the position may repeat part of it: escaped too.
    for game in [
        "chess4",
        "chinese-checkers",
        "rolit",
        "hearts",
        "connect-four",
    ] {
        let o = gametree(&[
            "search",
            "--game",
            game,
            "--position",
            "a\u{1b}[2Jb c/d 1",
            "-a",
            "maxn",
            "--depth",
            "1",
        ]);
        one_line(&o, game, &["position"]);
    }
}

#[test]
fn quoted_user_input_is_cut_to_about_100_characters() {
    // A long argument (Linux takes up to 128 KiB in one).
    let long = "x".repeat(100_000);
    for (what, args) in [
        ("a spec name", vec!["search", "--game", &long, "-a", "maxn"]),
        (
            "a spec value",
            vec![
                "search",
                "--game",
                &format!("random(players=3,b=2,d=2,leaf={long})"),
                "-a",
                "maxn",
            ],
        ),
        (
            "a position",
            vec![
                "search",
                "--game",
                "tictactoe",
                "--position",
                &long,
                "-a",
                "maxn",
            ],
        ),
        (
            "a shard",
            vec!["tournament", "--game", "tictactoe", "--shard", &long],
        ),
    ] {
        let o = gametree(&args);
        let err = one_line(&o, what, &["…"]);
        assert!(
            err.len() < 500,
            "{what}: {} bytes: {}",
            err.len(),
            &err[..500]
        );
    }
}

#[test]
fn draw_brs_on_a_game_without_set_to_move_lists_the_games_that_have_it() {
    let search = gametree(&["search", "--game", "tictactoe", "-a", "brs", "--depth", "2"]);
    let search = one_line(&search, "search", &["chinese-checkers"]);
    let o = gametree(&["draw", "--game", "tictactoe", "-a", "brs", "--depth", "2"]);
    let draw = one_line(&o, "draw", &["brs", "chinese-checkers", "rolit"]);
    // The same list as search's.
    let list = |e: &str| {
        e[e.find(':').unwrap()..]
            .rsplit(": ")
            .next()
            .unwrap()
            .to_string()
    };
    assert_eq!(list(&draw), list(&search), "{draw} / {search}");
}

#[test]
fn draw_position_without_game_says_position_needs_game() {
    let tree = crate::repo_root().join("examples/trees/design-example.json");
    let tree = tree.to_str().unwrap();
    for args in [
        &["draw", "--tree", tree, "--position", "0", "-a", "maxn"][..],
        &[
            "draw",
            "--tree",
            tree,
            "--position",
            "0",
            "-a",
            "maxn",
            "--depth",
            "2",
        ],
        &["search", "--tree", tree, "--position", "0", "-a", "maxn"],
    ] {
        let o = gametree(args);
        let err = one_line(&o, &format!("{args:?}"), &["--position", "needs", "--game"]);
        assert!(!err.contains("--depth"), "{args:?}: {err}");
    }
}

#[test]
fn a_negative_shard_index_is_a_shard_error() {
    for args in [
        &[
            "tournament",
            "--game",
            "tictactoe",
            "--shard",
            "-1/3",
            "--out",
            "x",
        ][..],
        &[
            "reproduce",
            "korf-1991",
            "--quick",
            "--shard",
            "-1/3",
            "--out",
            "x",
        ],
        &[
            "tournament",
            "--game",
            "tictactoe",
            "--shard",
            "-1",
            "--out",
            "x",
        ],
    ] {
        let o = gametree(args);
        let err = one_line(&o, &format!("{args:?}"), &["--shard"]);
        assert!(!err.contains("unexpected argument"), "{err}");
    }
    assert!(!std::path::Path::new("x").exists());
}

#[test]
fn openings_states_the_range_the_docs_state() {
    let docs = std::fs::read_to_string(crate::repo_root().join("docs/limits.md")).unwrap();
    assert!(docs.contains("| `tournament --openings` | 1 to 1000000 |"));
    let t = [
        "tournament",
        "--game",
        "tictactoe",
        "--engines",
        "minimax,alphabeta",
    ];
    let o = gametree(&[&t[..], &["--openings", "0"]].concat());
    one_line(&o, "--openings 0", &["--openings", "1..=1000000"]);
    let o = gametree(&[&t[..], &["--openings", "1000001"]].concat());
    one_line(&o, "--openings 1000001", &["--openings", "1..=1000000"]);
}
