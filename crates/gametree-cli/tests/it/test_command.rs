//! The test command, `scripts/test` (issue #49): a suite the machine cannot run is skipped
//! with its reason and the command that installs what it lacks, never failed, and under
//! `GAMETREE_TEST_ALL=1` (CI) a skip fails the run.
//!
//! The script runs as a user without root (`nobody`, through `setpriv`, when the tests run as
//! root) with a PATH that has every command of this machine but Chromium, `sudo` and
//! `apt-get`, on the two suites that need root or Chromium: it decides to skip both before
//! installing or building anything, so the test takes a fraction of a second. It runs a copy
//! of the script in a directory of its own (the script works in its parent directory), which
//! that user can write.

use std::fs;
use std::os::unix::fs::{symlink, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::repo_root;

/// The commands left out of the PATH: Chromium (the browser suite's) and the ways to root.
fn left_out(name: &str) -> bool {
    name.starts_with("chromium") || name == "sudo" || name == "apt-get"
}

/// A directory of links to every command on this PATH but those [`left_out`], the first of
/// each name as the PATH would find it.
fn path_without_chromium(dir: &Path) -> PathBuf {
    let bin = dir.join("bin");
    fs::create_dir_all(&bin).unwrap();
    let path = std::env::var_os("PATH").unwrap_or_default();
    for d in std::env::split_paths(&path) {
        let Ok(entries) = fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let name = e.file_name();
            let link = bin.join(&name);
            if !left_out(&name.to_string_lossy()) && fs::symlink_metadata(&link).is_err() {
                symlink(e.path(), link).unwrap();
            }
        }
    }
    bin
}

/// Runs the copy of `scripts/test` in `repo` with `args`, as a user without root, with the
/// PATH `bin` and the environment `env`.
fn run_as_user(repo: &Path, bin: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    let script = repo.join("scripts/test");
    // Root (`id -u` prints 0) runs the script as `nobody`.
    let uid = Command::new("id").arg("-u").output().expect("id runs");
    let root = String::from_utf8_lossy(&uid.stdout).trim() == "0";
    let mut cmd = if root {
        let mut c = Command::new("setpriv");
        c.args([
            "--reuid=65534",
            "--regid=65534",
            "--clear-groups",
            "--",
            "bash",
        ]);
        c
    } else {
        Command::new("bash")
    };
    cmd.arg(&script)
        .args(args)
        .env_clear()
        .env("PATH", bin)
        .env("HOME", repo)
        .envs(env.iter().copied());
    cmd.output()
        .expect("bash (through setpriv when the tests run as root) runs scripts/test")
}

/// A scratch directory the user `nobody` can write, with a copy of `scripts/test` in
/// `repo/scripts/`.
fn scratch_repo(name: &str) -> (PathBuf, PathBuf) {
    let dir =
        std::env::temp_dir().join(format!("gametree-cli-tests-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    let repo = dir.join("repo");
    fs::create_dir_all(repo.join("scripts")).unwrap();
    fs::copy(repo_root().join("scripts/test"), repo.join("scripts/test")).unwrap();
    for d in [&dir, &repo, &repo.join("scripts")] {
        fs::set_permissions(d, fs::Permissions::from_mode(0o777)).unwrap();
    }
    (dir, repo)
}

#[test]
fn suites_the_machine_cannot_run_are_skipped_with_their_reasons() {
    let (dir, repo) = scratch_repo("test-command");
    let bin = path_without_chromium(&dir);
    let o = run_as_user(&repo, &bin, &["browser", "slurm"], &[]);
    let stdout = String::from_utf8_lossy(&o.stdout);
    let stderr = String::from_utf8_lossy(&o.stderr);
    let all = format!("stdout:\n{stdout}\nstderr:\n{stderr}");
    assert_eq!(o.status.code(), Some(0), "{all}");
    assert_eq!(
        stdout.lines().last(),
        Some("0 passed, 0 failed, 2 skipped"),
        "{all}"
    );
    // Each skip says why and what installs the missing part, in the totals before the
    // last line.
    let skips: Vec<&str> = stdout
        .lines()
        .skip_while(|l| *l != "== Totals")
        .filter(|l| l.contains(": skipped: "))
        .collect();
    assert_eq!(skips.len(), 2, "{all}");
    assert!(
        skips[0].starts_with("browser: skipped: no chromium on the PATH")
            && skips[0].contains("to run it: sudo apt-get install chromium"),
        "{all}"
    );
    assert!(
        skips[1].starts_with("slurm: skipped: ")
            && skips[1].contains("need root")
            && skips[1].contains("to run it: sudo apt-get install slurm-wlm munge"),
        "{all}"
    );
    // Nothing was built (no target/checked) and nothing installed.
    assert!(!repo.join("target/checked").exists(), "{all}");

    // In CI every suite must run: a skip is a failure.
    let o = run_as_user(
        &repo,
        &bin,
        &["browser", "slurm"],
        &[("GAMETREE_TEST_ALL", "1")],
    );
    let stdout = String::from_utf8_lossy(&o.stdout);
    let stderr = String::from_utf8_lossy(&o.stderr);
    let all = format!("stdout:\n{stdout}\nstderr:\n{stderr}");
    assert_eq!(o.status.code(), Some(1), "{all}");
    assert_eq!(
        stdout.lines().last(),
        Some("0 passed, 2 failed, 0 skipped"),
        "{all}"
    );
    assert!(stderr.contains("GAMETREE_TEST_ALL=1"), "{all}");

    // An unknown suite: one line naming it and the suites, exit code 2, nothing run.
    let o = run_as_user(&repo, &bin, &["browsers"], &[]);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{stderr}");
    assert_eq!(
        stderr.trim_end(),
        "scripts/test: unknown suite `browsers`; the suites are cargo pytest browser slurm (python is pytest)"
    );
    assert!(o.stdout.is_empty());
    let _ = fs::remove_dir_all(&dir);
}

/// `scripts/wheel` (the Python package's wheel): a bad argument is one line naming it, exit
/// code 2, before anything is built or installed.
#[test]
fn the_wheel_script_refuses_a_bad_argument_in_one_line() {
    for (args, want) in [
        (
            &["--profile", "nope"][..],
            "scripts/wheel: unknown profile `nope`; the profiles are release, checked, profiling",
        ),
        (
            &["--bogus"][..],
            "scripts/wheel: unknown argument `--bogus`; usage: scripts/wheel [--profile NAME] [-- MATURIN_ARGS...]",
        ),
        (
            &["--profile"][..],
            "scripts/wheel: --profile needs a value (release, checked, profiling)",
        ),
    ] {
        refuses_in_one_line("scripts/wheel", args, want);
    }
}

/// The standard output of `script --list` (a path from the repository's root) under bash,
/// with no binary to run (`GAMETREE` names none), after checking that it succeeded.
fn listed(script: &str) -> String {
    let o = Command::new("bash")
        .arg(repo_root().join(script))
        .arg("--list")
        .env("GAMETREE", "/nonexistent/gametree")
        .output()
        .unwrap_or_else(|e| panic!("bash runs {script} --list: {e}"));
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Runs `script` (a path from the repository's root) under bash with `args` and checks that
/// it refuses them: exit code 2, `want` as the whole of standard error, nothing on standard
/// output.
fn refuses_in_one_line(script: &str, args: &[&str], want: &str) {
    let o = Command::new("bash")
        .arg(repo_root().join(script))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("bash runs {script}: {e}"));
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{script} {args:?}: {stderr}");
    assert_eq!(stderr.trim_end(), want, "{script} {args:?}");
    assert!(o.stdout.is_empty(), "{script} {args:?}");
}

/// `scripts/rungs` (the budget ladder's rungs of issue #45, resumable): a bad argument is
/// one line naming it, exit code 2, before anything is built or played; `--list` names each
/// rung with its budget and its games in order, each with its state, playing nothing; a
/// committed whole rung is listed as assembled.
#[test]
fn the_rungs_script_refuses_a_bad_argument_and_lists_its_rungs() {
    for (args, want) in [
        (
            &["--bogus"][..],
            "scripts/rungs: unknown option `--bogus`; usage: scripts/rungs [--list] [RUNG...]",
        ),
        (
            &["20ms", "nope"][..],
            "scripts/rungs: no rung named `nope`; the rungs are 20ms mcts-10k",
        ),
    ] {
        refuses_in_one_line("scripts/rungs", args, want);
    }
    let text = listed("scripts/rungs");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(
        lines[0].starts_with("20ms: --budget calibrated/1: cc-3 ("),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].starts_with("mcts-10k: --budget n10000: cc-3 (")
            && lines[1].contains(", focus-3 ("),
        "{}",
        lines[1]
    );
    // The MCTS rung is committed whole (results/ladder-mcts-10k/ladder/): assembled, on any
    // checkout (file times are not what tells it), so it is not played or assembled again.
    assert!(lines[1].ends_with("; assembled"), "{}", lines[1]);
    for line in &lines {
        let games = line.split(": ").nth(2).unwrap();
        for game in games.trim_end_matches("; assembled").split(", ") {
            assert!(
                game.ends_with(" (done)") || game.ends_with(" blocks kept)"),
                "{line}"
            );
        }
    }
}

/// `scripts/scale-checks` (the long checks of issue #45, in resumable shards): a bad
/// argument is one line naming it, exit code 2, before anything is built or played; `--list`
/// names every match with its game and engines, playing nothing.
#[test]
fn the_scale_checks_script_refuses_a_bad_argument_and_lists_its_matches() {
    let names = "cc-3-ph focus-3-ph focus-3-solver chess4-brs-plus-equal-nodes cc-3-exploration \
        focus-3-exploration";
    for (args, want) in [
        (
            &["--bogus"][..],
            "scripts/scale-checks: unknown option `--bogus`; usage: scripts/scale-checks [--list] [MATCH...]".to_string(),
        ),
        (
            &["cc-3-ph", "nope"][..],
            format!("scripts/scale-checks: no match named `nope`; the matches are {names}"),
        ),
    ] {
        refuses_in_one_line("scripts/scale-checks", args, &want);
    }
    let text = listed("scripts/scale-checks");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 6, "{text}");
    for (line, name) in lines.iter().zip(names.split(' ')) {
        assert!(line.starts_with(&format!("{name}: ")), "{line}");
        assert!(
            line.contains(" openings: ") && line.contains(" of 6 parts"),
            "{line}"
        );
    }
    assert!(
        lines[0].contains("mcts@n10000") && lines[0].contains(":ph=5"),
        "{}",
        lines[0]
    );
    assert!(
        lines[3].contains("brs@n5447,brs+@n5447:forced=ordered"),
        "{}",
        lines[3]
    );
}
