//! The integration tests of the `gametree` binary: one binary, named regression tests.

mod cards;
mod chinese_checkers;
mod malformed;
mod play;
mod reproduce;
mod search;

use std::path::PathBuf;
use std::process::{Command, Output};

/// Runs the binary with `args`.
pub fn gametree(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gametree"))
        .args(args)
        .output()
        .expect("the gametree binary runs")
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
