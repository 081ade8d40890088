//! Issue #11, output, files and messages: closed pipes and full disks (defect 3), `--out`
//! never replacing what is not a regular file (8), `reproduce --out` keeping whole sets of
//! files only (9) and checking the directory before computing (10), one-line usage errors and
//! play's input (15), and a spawned run of random flags.

use std::fs;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use gametree_games::rng::SplitMix64;

use crate::{gametree, scratch};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_gametree"))
}

fn stderr_of(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A pipe whose reading end is already closed: the writing end of the standard input of a
/// process that has exited. Writing to it fails with a broken pipe, every time.
fn closed_pipe() -> Stdio {
    let mut reader = Command::new("true")
        .stdin(Stdio::piped())
        .spawn()
        .expect("`true` runs");
    let write_end = reader.stdin.take().expect("stdin");
    reader.wait().expect("`true` ends");
    Stdio::from(write_end)
}

/// Exit code 2 and exactly one line on standard error, containing every fragment.
fn one_line_error(o: &Output, what: &str, fragments: &[&str]) {
    let err = stderr_of(o);
    assert_eq!(o.status.code(), Some(2), "{what}: stderr {err}");
    assert_eq!(err.lines().count(), 1, "{what}: one line, got:\n{err}");
    assert!(err.starts_with("error: "), "{what}: {err}");
    for f in fragments {
        assert!(err.contains(f), "{what}: expected {f:?} in {err}");
    }
}

#[test]
fn defect_3_a_closed_pipe_ends_quietly_with_0() {
    for args in [
        &["list"][..],
        &["show", "--game", "connect-four"],
        &["reproduce", "knuth-moore/best-case", "--quick"],
        &["perft", "--game", "tictactoe", "--depth", "2"],
        &["--help"],
    ] {
        let o = bin()
            .args(args)
            .stdout(closed_pipe())
            .stderr(Stdio::piped())
            .output()
            .expect("runs");
        assert_eq!(
            o.status.code(),
            Some(0),
            "{args:?}: stderr {}",
            stderr_of(&o)
        );
        // Nothing but the progress line of each finished experiment (`[1/1] ...`).
        let err = stderr_of(&o);
        assert!(
            err.lines().all(|l| l.starts_with("[1/1] ")),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn defect_3_a_full_disk_is_one_error_line_and_2() {
    if !Path::new("/dev/full").exists() {
        return;
    }
    for args in [
        &["list"][..],
        &[
            "search",
            "--game",
            "tictactoe",
            "--algorithm",
            "alphabeta",
            "--depth",
            "2",
        ],
        &[
            "tournament",
            "--game",
            "tictactoe",
            "--engines",
            "minimax,alphabeta",
            "--depth",
            "1",
            "--openings",
            "1",
        ],
    ] {
        let full = fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let o = bin()
            .args(args)
            .stdout(Stdio::from(full))
            .stderr(Stdio::piped())
            .output()
            .expect("runs");
        one_line_error(&o, &format!("{args:?}"), &["standard output"]);
    }
}

#[test]
fn defect_3_a_failing_stderr_never_panics() {
    if !Path::new("/dev/full").exists() {
        return;
    }
    let full = || {
        Stdio::from(
            fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .unwrap(),
        )
    };
    // The error line cannot be written: still exit code 2.
    let o = bin()
        .args(["search", "--depth", "x"])
        .stderr(full())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let o = bin()
        .args(["search", "--game", "nonsense"])
        .stderr(full())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    // A note that cannot be written does not stop a command that works.
    let dir = scratch("stderr-full");
    let o = bin()
        .args(["reproduce", "sturtevant-2003/table-10", "--json", "--out"])
        .arg(&dir)
        .stderr(full())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0));
    assert!(o.stdout.starts_with(b"{"));
    let _ = fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn defect_8_tournament_out_refuses_what_is_not_a_regular_file_before_playing() {
    use std::os::unix::fs::{symlink, FileTypeExt};
    let dir = scratch("tournament-out");
    let args = [
        "tournament",
        "--game",
        "tictactoe",
        "--engines",
        "minimax,alphabeta",
        "--depth",
        "1",
        "--openings",
        "1",
        "--out",
    ];
    // A named pipe (no reader: writing into it would block, replacing it would lose it).
    let fifo = dir.join("fifo");
    if Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success())
    {
        let o = bin().args(args).arg(&fifo).output().unwrap();
        one_line_error(&o, "fifo", &["--out", "named pipe", "not a regular file"]);
        assert!(o.stdout.is_empty(), "refused before the games");
        assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    }
    // A directory.
    let o = bin().args(args).arg(&dir).output().unwrap();
    one_line_error(&o, "directory", &["is a directory"]);
    // A link to a device stays a link; the device is not touched.
    let link = dir.join("to-null");
    symlink("/dev/null", &link).unwrap();
    let o = bin().args(args).arg(&link).output().unwrap();
    one_line_error(&o, "link to a device", &["character device"]);
    assert!(fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    // A link to a regular file is written through: the link stays, the file gets the JSON.
    let real = dir.join("results.json");
    fs::write(&real, b"old").unwrap();
    let link = dir.join("latest.json");
    symlink(&real, &link).unwrap();
    let o = bin().args(args).arg(&link).output().unwrap();
    assert!(o.status.success(), "{}", stderr_of(&o));
    assert!(fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    let v: serde_json::Value = serde_json::from_slice(&fs::read(&real).unwrap()).unwrap();
    assert!(v.is_object());
    let names: Vec<String> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().all(|n| !n.ends_with(".tmp")), "{names:?}");
    let _ = fs::remove_dir_all(&dir);
}

/// A killed run: a stale temporary file beside a set of files that is not whole (one file
/// from another run). The re-run removes the temporary file and recomputes, never keeping a
/// mix.
#[test]
fn defect_9_a_killed_runs_mixed_files_and_temp_files_are_replaced_on_rerun() {
    let dir = scratch("reproduce-killed");
    let d = dir.to_string_lossy().into_owned();
    // --verbose: the tables, each saying whether its stored results were used.
    let args = [
        "reproduce",
        "sturtevant-2003/table-10",
        "--quick",
        "--verbose",
        "--out",
        &d,
    ];
    let first = gametree(&args);
    assert!(first.status.success(), "{}", stderr_of(&first));
    let base = dir.join("sturtevant-2003");
    // The stored rows (the meta beside them records the date and time of each run).
    let rows_of = |p: &std::path::Path| -> serde_json::Value {
        let doc: serde_json::Value = serde_json::from_slice(&fs::read(p).unwrap()).unwrap();
        doc["rows"].clone()
    };
    let json = rows_of(&base.join("table-10.json"));
    assert_eq!(json.as_array().map(Vec::len), Some(2));

    // A run with other parameters killed after its markdown: the new markdown beside the
    // old JSON (whose parameters match the next run), and a temporary file of a dead
    // process (a pid beyond any real one).
    fs::write(
        base.join("table-10.md"),
        b"# from a killed run with other parameters\n",
    )
    .unwrap();
    let stale = base.join(".table-10.csv.4294967295.tmp");
    fs::write(&stale, b"half a csv").unwrap();
    let second = gametree(&args);
    assert!(second.status.success(), "{}", stderr_of(&second));
    let md = String::from_utf8_lossy(&second.stdout);
    assert!(!md.contains("skipped"), "a mixed set is not skipped:\n{md}");
    assert!(!stale.exists(), "the stale temporary file is removed");
    let md_file = fs::read_to_string(base.join("table-10.md")).unwrap();
    assert!(md_file.contains("| 84927 |"), "{md_file}");
    assert_eq!(rows_of(&base.join("table-10.json")), json);

    // Killed before the manifest (the old one is gone first): recomputed too.
    fs::remove_file(base.join("table-10.manifest")).unwrap();
    let third = gametree(&args);
    assert!(!String::from_utf8_lossy(&third.stdout).contains("skipped"));
    // And a whole set is skipped.
    let fourth = gametree(&args);
    assert!(String::from_utf8_lossy(&fourth.stdout).contains("skipped: stored results"));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn defect_10_reproduce_out_is_checked_before_computing() {
    let dir = scratch("reproduce-out-file");
    let file = dir.join("a-file");
    fs::write(&file, b"keep").unwrap();
    for (out, fragment) in [
        (file.clone(), "is a regular file, not a directory"),
        (file.join("below"), "cannot create the directory"),
        (Path::new("/dev/null").to_path_buf(), "not a directory"),
    ] {
        if !out.starts_with(&dir) && !out.exists() {
            continue;
        }
        // A whole paper: without the check it would compute every table first.
        let o = bin()
            .args(["reproduce", "knuth-moore", "--quick", "--out"])
            .arg(&out)
            .output()
            .unwrap();
        one_line_error(&o, &out.display().to_string(), &["--out", fragment]);
        assert!(
            o.stdout.is_empty(),
            "nothing computed: {}",
            String::from_utf8_lossy(&o.stdout)
        );
    }
    assert_eq!(fs::read(&file).unwrap(), b"keep");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn defect_15_usage_errors_are_one_line_naming_the_flag() {
    for (args, fragments) in [
        (
            &["search", "--game", "tictactoe", "--depth", "-1"][..],
            &["--depth", "-1"][..],
        ),
        (&["search", "--frobnicate"], &["--frobnicate"]),
        (
            &["search", "--nodes", "0", "--game", "tictactoe"],
            &["--nodes"],
        ),
        (&["perft", "--game", "tictactoe"], &["--depth"]),
        (&["play", "--game", "tictactoe"], &["--players"]),
        (
            &["reproduce", "--hands", "18446744073709551616"],
            &["--hands"],
        ),
        (&["tournament", "--game"], &["--game"]),
        (&["frobnicate"], &["frobnicate"]),
        (&[], &["subcommand"]),
    ] {
        let o = gametree(args);
        one_line_error(&o, &format!("{args:?}"), fragments);
    }
    // Help and version are unchanged: standard output, code 0.
    for args in [&["--help"][..], &["search", "--help"], &["--version"]] {
        let o = gametree(args);
        assert_eq!(o.status.code(), Some(0), "{args:?}");
        assert!(o.stderr.is_empty());
        assert!(!o.stdout.is_empty());
    }
    let help = gametree(&["search", "--help"]);
    assert!(String::from_utf8_lossy(&help.stdout).contains("Usage: gametree search"));
}

#[test]
fn defect_15_play_names_the_input_line_that_is_not_utf8() {
    let mut child = bin()
        .args(["play", "--game", "tictactoe", "--players", "human,human"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"moves\n\xff\xfe\n")
        .unwrap();
    let o = child.wait_with_output().unwrap();
    one_line_error(&o, "play", &["standard input: line 2 is not UTF-8"]);
}

/// Random flags of every subcommand, with extreme and malformed values, on small inputs:
/// the binary exits with 0 or 2 and never panics.
#[test]
fn random_flags_never_panic() {
    const VALUES: &[&str] = &[
        "0",
        "1",
        "2",
        "-1",
        "-9223372036854775808",
        "9223372036854775807",
        "18446744073709551615",
        "18446744073709551616",
        "340282366920938463463374607431768211456",
        "",
        " ",
        "1e9",
        "0x10",
        "é",
        "💥",
        "a,b",
        ",",
        "--",
        "nan",
        "always",
        "human",
        "maxn",
        "paranoid@d1",
        "maxn@n0",
        "tictactoe",
        "random(players=2,b=2,d=3)",
        "random(players=3,b=99999999999,d=3)",
        "connect-four(",
    ];
    // (the fixed prefix with small limits, the flags to draw from)
    // The required flags with small limits (a flag drawn again is a usage error), and the
    // flags to draw from.
    let shapes: &[(&[&str], &[&str])] = &[
        (
            &["search", "--game", "tictactoe", "--algorithm", "alphabeta"],
            &[
                "--depth",
                "--position",
                "--time-ms",
                "--table-mib",
                "--json",
                "--trace",
            ],
        ),
        (
            &[
                "search",
                "--game",
                "random(players=3,b=3,d=3)",
                "--algorithm",
                "maxn",
            ],
            &["--depth", "--nodes", "--json", "--trace", "--iterative"],
        ),
        (
            &["perft", "--game", "tictactoe", "--depth", "2"],
            &["--position", "--divide", "--json"],
        ),
        (
            &["show", "--game", "connect-four"],
            &["--position", "--color"],
        ),
        (
            &["play", "--game", "tictactoe", "--players", "human,human"],
            &[
                "--position",
                "--color",
                "--no-color",
                "--table-mib",
                "--time-ms",
                "--depth",
            ],
        ),
        (
            &[
                "tournament",
                "--game",
                "tictactoe",
                "--engines",
                "minimax,alphabeta",
                "--depth",
                "1",
                "--openings",
                "1",
                "--quiet",
            ],
            &[
                "--nodes",
                "--opening-plies",
                "--seed",
                "--max-plies",
                "--json",
            ],
        ),
        (
            &["reproduce", "no-such-paper"],
            &["--quick", "--json", "--hands", "--out"],
        ),
        (
            &["bench", "--depths", "x"],
            &["--check", "--json", "--expected"],
        ),
        (&["list"], &["--json", "--depth"]),
    ];
    let mut rng = SplitMix64::new(11);
    let mut outcomes = [0usize; 2];
    for run in 0..300 {
        let (prefix, flags) = shapes[run % shapes.len()];
        let mut args: Vec<String> = prefix.iter().map(|s| s.to_string()).collect();
        for _ in 0..rng.below(4) {
            args.push(flags[rng.below(flags.len() as u64) as usize].to_string());
            // Sometimes no value (a missing value or a switch).
            if rng.below(5) != 0 {
                args.push(VALUES[rng.below(VALUES.len() as u64) as usize].to_string());
            }
        }
        let o = bin()
            .args(&args)
            .stdin(Stdio::null())
            .output()
            .expect("runs");
        let err = stderr_of(&o);
        outcomes[usize::from(o.status.code() == Some(0))] += 1;
        assert!(
            matches!(o.status.code(), Some(0 | 2)),
            "{args:?}: exit {:?}, stderr {err}",
            o.status.code()
        );
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        if o.status.code() == Some(2) {
            assert_eq!(err.lines().count(), 1, "{args:?}: one line, got {err}");
        }
    }
    // Both kinds of run happen: the limits are small enough for real work to finish.
    assert!(
        outcomes[0] > 30 && outcomes[1] > 30,
        "errors, successes: {outcomes:?}"
    );
}
