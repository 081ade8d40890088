//! `reproduce --shard` and `gametree merge` through the binary: parts, merge exit codes,
//! the scheduler environments, and bad flags.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use crate::{expect_error, gametree, ok, scratch};

/// The scheduler variables, removed from every command here so the tests do not depend on
/// the environment they run in.
const VARS: [&str; 4] = [
    "SLURM_ARRAY_TASK_ID",
    "SLURM_ARRAY_TASK_MIN",
    "SLURM_ARRAY_TASK_COUNT",
    "JOB_COMPLETION_INDEX",
];

fn with_env(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_gametree"));
    c.args(args);
    for v in VARS {
        c.env_remove(v);
    }
    for (k, v) in env {
        c.env(k, v);
    }
    c.output().expect("the gametree binary runs")
}

fn json_rows(dir: &Path, table: &str) -> serde_json::Value {
    let text = fs::read_to_string(dir.join("korf-1991").join(format!("{table}.json"))).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["rows"].clone()
}

#[test]
fn shards_from_flags_and_environments_merge_to_the_single_run() {
    let dir = scratch("shards-cli");
    let single = dir.join("single");
    let parts = dir.join("parts");
    let merged = dir.join("merged");
    let s = |p: &Path| p.to_str().unwrap().to_string();
    ok(&["reproduce", "korf-1991", "--quick", "--out", &s(&single)]);
    // Shard 0 by flag, shard 1 from SLURM's variables.
    let out = ok(&[
        "reproduce",
        "korf-1991",
        "--quick",
        "--shard",
        "0/2",
        "--out",
        &s(&parts),
    ]);
    assert!(out.contains("shard 0/2: 1 items"), "{out}");
    let o = with_env(
        &["reproduce", "korf-1991", "--quick", "--out", &s(&parts)],
        &[
            ("SLURM_ARRAY_TASK_ID", "1"),
            ("SLURM_ARRAY_TASK_COUNT", "2"),
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(parts.join("part-0-of-2.json").is_file());
    assert!(parts.join("part-1-of-2.json").is_file());
    let out = ok(&["merge", "--out", &s(&merged), &s(&parts)]);
    assert!(out.contains("merged 2 parts, 2 items"), "{out}");
    for table in ["best-case", "average-case"] {
        assert_eq!(json_rows(&single, table), json_rows(&merged, table));
        let csv = |d: &Path| fs::read(d.join("korf-1991").join(format!("{table}.csv"))).unwrap();
        assert_eq!(csv(&single), csv(&merged), "{table}.csv byte for byte");
    }
    assert_eq!(
        fs::read(single.join("index.html")).unwrap(),
        fs::read(merged.join("index.html")).unwrap()
    );
    // Kubernetes: the index from JOB_COMPLETION_INDEX, the count from --shards. Korf's best
    // case alone (one item, a third of a second): shards 1 and 2 of 3 are empty, and the
    // merge needs shard 0, which holds it.
    let k8s = dir.join("k8s");
    let o = with_env(
        &[
            "reproduce",
            "korf-1991/best-case",
            "--quick",
            "--shards",
            "3",
            "--out",
            &s(&k8s),
        ],
        &[("JOB_COMPLETION_INDEX", "2")],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(k8s.join("part-2-of-3.json").is_file());
    // The flag wins over the environment.
    let o = with_env(
        &[
            "reproduce",
            "korf-1991/best-case",
            "--quick",
            "--shard",
            "1/3",
            "--out",
            &s(&k8s),
        ],
        &[("JOB_COMPLETION_INDEX", "2")],
    );
    assert!(o.status.success());
    assert!(k8s.join("part-1-of-3.json").is_file());
    // The missing shard 0 is named, exit code 2; running it lets the merge succeed.
    let k8s_out = dir.join("k8s-merged");
    let o = with_env(&["merge", "--out", &s(&k8s_out), &s(&k8s)], &[]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("missing") && err.contains("--shard 0/3"),
        "{err}"
    );
    assert_eq!(err.trim().lines().count(), 1, "one line: {err}");
    assert!(!k8s_out.exists());
    ok(&[
        "reproduce",
        "korf-1991/best-case",
        "--quick",
        "--shard",
        "0/3",
        "--out",
        &s(&k8s),
    ]);
    ok(&["merge", "--out", &s(&k8s_out), &s(&k8s)]);
    assert_eq!(
        json_rows(&single, "best-case"),
        json_rows(&k8s_out, "best-case")
    );
    // A part given twice is refused, naming the item.
    let p0 = s(&parts.join("part-0-of-2.json"));
    let p1 = s(&parts.join("part-1-of-2.json"));
    expect_error(
        &["merge", "--out", &s(&dir.join("twice")), &p0, &p1, &p1],
        "present more than once",
    );
    // Parts of other parameters are refused (another number of card hands: a run's
    // parameter, though Korf's tables play no cards, so the part costs a third of a second).
    let full = dir.join("other-parts");
    ok(&[
        "reproduce",
        "korf-1991/best-case",
        "--quick",
        "--hands",
        "3",
        "--shard",
        "0/1",
        "--out",
        &s(&full),
    ]);
    let other = s(&full.join("part-0-of-1.json"));
    let o = gametree(&["merge", "--out", &s(&dir.join("mixed")), &p0, &other]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(
        err.trim(),
        format!(
            "error: {other}: the run's parameters differ from {p0}'s: `run.hands` is `3` here, \
             `null` there"
        )
    );
}

#[test]
fn bad_shard_settings_are_one_line_and_exit_code_2() {
    let dir = scratch("shards-cli-bad");
    let out = dir.join("out");
    let o = out.to_str().unwrap();
    expect_error(
        &[
            "reproduce",
            "korf-1991",
            "--quick",
            "--shard",
            "2/2",
            "--out",
            o,
        ],
        "--shard `2/2`",
    );
    expect_error(
        &[
            "reproduce",
            "korf-1991",
            "--quick",
            "--shard",
            "x",
            "--out",
            o,
        ],
        "expected I/N",
    );
    expect_error(
        &[
            "reproduce",
            "korf-1991",
            "--quick",
            "--shard",
            "0/2",
            "--shards",
            "3",
            "--out",
            o,
        ],
        "conflicting",
    );
    expect_error(
        &["reproduce", "korf-1991", "--quick", "--shard", "0/2"],
        "give --out",
    );
    expect_error(
        &[
            "reproduce",
            "korf-1991",
            "--quick",
            "--shards",
            "2",
            "--out",
            o,
        ],
        "needs a shard index",
    );
    let cases: [(&[(&str, &str)], &str); 3] = [
        (&[("JOB_COMPLETION_INDEX", "1")], "--shards"),
        (
            &[
                ("SLURM_ARRAY_TASK_ID", "x"),
                ("SLURM_ARRAY_TASK_COUNT", "2"),
            ],
            "SLURM_ARRAY_TASK_ID=`x`",
        ),
        (
            &[
                ("SLURM_ARRAY_TASK_ID", "0"),
                ("SLURM_ARRAY_TASK_COUNT", "2"),
                ("JOB_COMPLETION_INDEX", "1"),
            ],
            "conflicting",
        ),
    ];
    for (env, fragment) in cases {
        let r = with_env(&["reproduce", "korf-1991", "--quick", "--out", o], env);
        let err = String::from_utf8_lossy(&r.stderr);
        assert_eq!(r.status.code(), Some(2), "{env:?}: {err}");
        assert!(err.contains(fragment), "{env:?}: {err}");
        assert!(!err.contains("panicked"));
    }
    assert!(!out.exists(), "nothing ran");
    // Merge: no parts, a file that is not a part, a directory without parts.
    expect_error(&["merge", "--out", o], "required");
    fs::create_dir_all(&dir).unwrap();
    let junk = dir.join("junk.json");
    fs::write(&junk, "[1, 2]").unwrap();
    expect_error(
        &["merge", "--out", o, junk.to_str().unwrap()],
        "not a gametree part file",
    );
    expect_error(
        &["merge", "--out", o, dir.to_str().unwrap()],
        "no part-*.json",
    );
    expect_error(
        &[
            "merge",
            "--out",
            o,
            dir.join("nothing.json").to_str().unwrap(),
        ],
        "cannot read",
    );
}

#[test]
fn a_small_tournament_in_1_2_3_and_7_shards_merges_byte_for_byte() {
    let dir = scratch("shards-cli-tournament");
    let s = |p: &Path| p.to_str().unwrap().to_string();
    let base = [
        "tournament",
        "--game",
        "tictactoe",
        "--engines",
        "minimax,alphabeta@d3",
        "--depth",
        "2",
        "--openings",
        "4",
        "--opening-plies",
        "2",
        "--seed",
        "9",
        "--quiet",
    ];
    let single = dir.join("single.json");
    let mut a: Vec<String> = base.iter().map(|x| x.to_string()).collect();
    a.extend(["--out".into(), s(&single)]);
    let args: Vec<&str> = a.iter().map(String::as_str).collect();
    ok(&args);
    let want = fs::read(&single).unwrap();
    assert!(want.len() > 1000);
    for n in [1usize, 2, 3, 7] {
        let parts = dir.join(format!("parts-{n}"));
        for i in 0..n {
            let mut a: Vec<String> = base.iter().map(|x| x.to_string()).collect();
            a.extend([
                "--shard".into(),
                format!("{i}/{n}"),
                "--out".into(),
                s(&parts),
            ]);
            let args: Vec<&str> = a.iter().map(String::as_str).collect();
            ok(&args);
        }
        let merged = dir.join(format!("merged-{n}.json"));
        let out = ok(&["merge", "--out", &s(&merged), &s(&parts)]);
        assert!(out.contains("merged"), "{out}");
        assert!(
            fs::read(&merged).unwrap() == want,
            "{n} shards: the same JSON byte for byte"
        );
    }
    // A missing shard is named with its games; a part of other parameters is refused.
    let parts = dir.join("parts-3");
    fs::remove_file(parts.join("part-1-of-3.json")).unwrap();
    expect_error(
        &["merge", "--out", &s(&dir.join("m.json")), &s(&parts)],
        "run again: --shard 1/3",
    );
    let other = dir.join("other");
    let mut a: Vec<String> = base.iter().map(|x| x.to_string()).collect();
    a[13] = "--quiet".into();
    a[12] = "10".into();
    a.extend(["--shard".into(), "1/3".into(), "--out".into(), s(&other)]);
    let args: Vec<&str> = a.iter().map(String::as_str).collect();
    ok(&args);
    expect_error(
        &[
            "merge",
            "--out",
            &s(&dir.join("m.json")),
            &s(&parts.join("part-0-of-3.json")),
            &s(&other.join("part-1-of-3.json")),
            &s(&parts.join("part-2-of-3.json")),
        ],
        "the run's parameters",
    );
    assert!(!dir.join("m.json").exists());
}
