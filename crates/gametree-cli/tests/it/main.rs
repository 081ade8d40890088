//! The integration tests of the `gametree` binary: one binary, named regression tests.

mod best_reply_mcts;
mod cards;
mod chinese_checkers;
mod compare;
mod default_engine;
mod draw;
mod focus_blokus;
mod hardening_engine;
mod hardening_io;
mod hardening_limits;
mod hardening_merge;
mod hardening_messages;
mod hardening_positions;
mod hardening_search;
mod hardening_tree;
mod ladder;
mod malformed;
mod new_games;
mod newcomer;
mod notation;
mod play;
mod readme;
mod registry;
mod reproduce;
mod search;
mod serve;
mod shards;
#[cfg(unix)]
mod test_command;
mod tournament_strength;

use std::path::PathBuf;
use std::process::{Command, Output};

/// Runs the binary with `args`.
pub fn gametree(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gametree"))
        .args(args)
        .output()
        .expect("the gametree binary runs")
}

/// Runs the binary with `args`, expects success and returns its standard output.
pub fn ok(args: &[&str]) -> String {
    let out = gametree(args);
    assert!(
        out.status.success(),
        "args {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Runs the binary with `args` and checks: exit code 2, the message fragment on stderr, no
/// panic.
pub fn expect_error(args: &[&str], fragment: &str) {
    let out = gametree(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "args {args:?}: stderr {stderr}");
    assert!(
        stderr.contains(fragment),
        "args {args:?}: expected {fragment:?} in stderr:\n{stderr}"
    );
    assert!(
        !stderr.contains("panicked"),
        "args {args:?} panicked:\n{stderr}"
    );
}

/// The repository's root (for bundled examples).
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A fresh scratch directory for this test.
pub fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("gametree-cli-tests-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}
