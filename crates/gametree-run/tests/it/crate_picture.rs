//! The crate picture (ARCHITECTURE.md), read from `cargo metadata`: which workspace crate may
//! use which. `gametree-run` builds on the core and the games only; the server and the Python
//! package reach the jobs through it, never through the lab of paper reproductions.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

/// `cargo metadata --format-version 1 --no-deps` of the workspace.
fn metadata() -> Value {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "cargo metadata failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("cargo metadata prints JSON")
}

/// The `gametree-run` package of [`metadata`].
fn run_package() -> Value {
    metadata()["packages"]
        .as_array()
        .expect("a list of packages")
        .iter()
        .find(|p| p["name"] == "gametree-run")
        .expect("the gametree-run package")
        .clone()
}

/// Every workspace crate with the workspace crates it depends on (normal dependencies, and
/// build and dev dependencies too), from [`metadata`].
fn workspace_dependencies() -> BTreeMap<String, BTreeSet<String>> {
    let doc = metadata();
    let packages = doc["packages"].as_array().expect("a list of packages");
    let members: BTreeSet<String> = packages
        .iter()
        .filter_map(|p| p["name"].as_str().map(String::from))
        .collect();
    packages
        .iter()
        .map(|p| {
            let name = p["name"].as_str().expect("a package name").to_string();
            let deps = p["dependencies"]
                .as_array()
                .expect("a list of dependencies")
                .iter()
                .filter_map(|d| d["name"].as_str())
                .filter(|d| members.contains(*d))
                .map(String::from)
                .collect();
            (name, deps)
        })
        .collect()
}

fn set(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|s| s.to_string()).collect()
}

#[test]
fn the_crates_depend_as_the_picture_says() {
    let deps = workspace_dependencies();
    for name in [
        "gametree",
        "gametree-games",
        "gametree-run",
        "gametree-lab",
        "gametree-web",
        "gametree-cli",
        "gametree-py",
    ] {
        assert!(deps.contains_key(name), "no crate {name} in {deps:?}");
    }
    // The jobs every front calls build on the core and the games only.
    assert_eq!(deps["gametree-run"], set(&["gametree", "gametree-games"]));
    // The server and the Python package use the jobs, not the lab of paper reproductions.
    for front in ["gametree-web", "gametree-py"] {
        assert!(
            !deps[front].contains("gametree-lab"),
            "{front} depends on gametree-lab: {:?}",
            deps[front]
        );
        assert!(
            deps[front].contains("gametree-run"),
            "{front}: {:?}",
            deps[front]
        );
    }
    // The core names no other crate of the workspace; the games only the core.
    assert_eq!(deps["gametree"], set(&[]));
    assert_eq!(deps["gametree-games"], set(&["gametree"]));
    // Nothing below the command line depends on it.
    for (name, d) in &deps {
        assert!(
            !d.contains("gametree-cli"),
            "{name} depends on gametree-cli"
        );
    }
}

/// Every `.rs` file under `dir` (subdirectories included) with its text.
fn sources(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).expect("a source directory") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            out.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).expect("a source file");
            out.push((path, text));
        }
    }
    out
}

/// The fronts that let engines play (`gametree play`, the server's Play tab) reach the
/// searches through the non-generic `engine_move`: no source of the server or the command
/// line calls the generic `pick` functions, which would compile every game's searches again
/// in that crate.
#[test]
fn the_fronts_pick_moves_through_the_non_generic_call() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut looked = 0;
    for krate in ["gametree-web", "gametree-cli"] {
        for (path, text) in sources(&root.join(krate).join("src")) {
            for call in ["pick(", "pick::<", "pick_observed", "pick_or_first"] {
                assert!(
                    !text.contains(call),
                    "{} calls `{call}`: call gametree_run::engine_move instead",
                    path.display()
                );
            }
            looked += 1;
        }
    }
    assert!(looked >= 10, "{looked} source files read");
}

/// The run crate's jobs have one door: the lab re-exports none of them, and no source of the
/// command line or the lab reaches one through the lab (`gametree_lab::tournament`), so a
/// new front copying them names `gametree_run` directly.
#[test]
fn the_jobs_are_reached_in_the_run_crate_not_through_the_lab() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let lib =
        std::fs::read_to_string(root.join("gametree-lab/src/lib.rs")).expect("the lab's lib.rs");
    assert!(
        lib.contains("pub mod papers;"),
        "the lab's lib.rs was not the one expected"
    );
    let mut looked = 0;
    for krate in ["gametree-lab", "gametree-cli"] {
        for dir in ["src", "tests"] {
            let dir = root.join(krate).join(dir);
            if !dir.exists() {
                continue;
            }
            for (path, text) in sources(&dir) {
                assert!(
                    !text.contains("pub use gametree_run"),
                    "{} re-exports gametree_run: name gametree_run's items where they are used",
                    path.display()
                );
                for module in [
                    "draw",
                    "engine_move",
                    "engine_name",
                    "engine_policy",
                    "pick",
                    "rating",
                    "record",
                    "runner",
                    "search_job",
                    "search_json",
                    "stack",
                    "stats",
                    "tournament",
                    "tournament_job",
                ] {
                    // The lab's own `record` module (game records of the papers) is not run's.
                    if module == "record" {
                        continue;
                    }
                    assert!(
                        !text.contains(&format!("gametree_lab::{module}::"))
                            && !text.contains(&format!("gametree_lab::{module};"))
                            && !text.contains(&format!("gametree_lab::{{{module}")),
                        "{} reaches gametree_run::{module} through the lab",
                        path.display()
                    );
                }
                looked += 1;
            }
        }
    }
    assert!(looked >= 40, "{looked} source files read");
}

/// The run crate's words live at its root (`budget`, `error`, `input`, `report`), not in
/// one of its jobs: no module of the crate but the search job itself names
/// `search_job` (comments and `lib.rs`'s declaration aside), so the jobs share the words,
/// not each other.
#[test]
fn run_s_modules_use_its_words_at_the_root_not_the_search_job() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files = sources(&src);
    assert!(files.len() >= 20, "{} source files read", files.len());
    for (path, text) in &files {
        if path.file_name().is_some_and(|n| n == "search_job.rs") {
            continue;
        }
        for line in text.lines() {
            let code = line.trim_start();
            if code.starts_with("//") || code == "pub mod search_job;" {
                continue;
            }
            assert!(
                !code.contains("search_job"),
                "{} names the search job (`{}`): use run's words at its root \
                 (crate::budget, crate::error, crate::input, crate::report)",
                path.display(),
                code
            );
        }
    }
}

/// `gametree-run` is plain data in, reports out: it knows serde, not the fronts' libraries
/// (clap, axum, tokio, pyo3), whose arguments and answers each front converts itself.
#[test]
fn run_knows_serde_not_the_fronts_libraries() {
    let run = run_package();
    let deps: BTreeSet<&str> = run["dependencies"]
        .as_array()
        .expect("a list of dependencies")
        .iter()
        .filter_map(|d| d["name"].as_str())
        .collect();
    assert!(deps.contains("serde"), "{deps:?}");
    for front in ["clap", "axum", "tokio", "pyo3"] {
        assert!(
            !deps.contains(front),
            "gametree-run depends on {front}: {deps:?}"
        );
    }
}

/// The library has no test target (`[lib] test = false`: it would compile every game's
/// searches a second time), so a test written in its sources would never run: they have
/// none, and the tests live here.
#[test]
fn the_library_sources_hold_no_tests() {
    let files = sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    assert!(files.len() >= 20, "{} source files read", files.len());
    for (path, text) in &files {
        for mark in ["#[test]", "#[cfg(test)]"] {
            assert!(
                !text.contains(mark),
                "{} holds `{mark}`, which never runs: the library has no test target; put \
                 the test in tests/it",
                path.display()
            );
        }
    }
    let run = run_package();
    let lib = run["targets"]
        .as_array()
        .expect("a list of targets")
        .iter()
        .find(|t| {
            t["kind"]
                .as_array()
                .is_some_and(|k| k.contains(&"lib".into()))
        })
        .expect("the library target");
    assert_eq!(
        lib["test"], false,
        "the library has a test target again: {lib}"
    );
}
