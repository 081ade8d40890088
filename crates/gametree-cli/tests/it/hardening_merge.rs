//! Issue #25, `gametree merge` through the binary: an output that is one of its own inputs
//! (defect 2), part files that are not regular files, too large or wrong in their header
//! (defect 5), and parts whose `shard` fields disagree, duplicate JSON keys and messages that
//! name internal types (defect 9).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::{ok, scratch};

fn s(p: &Path) -> String {
    p.to_str().unwrap().to_string()
}

/// Runs the binary with `args`, killed after 60 s (a merge that blocks fails the test
/// instead of hanging it).
fn run_bounded(args: &[String]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gametree"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the gametree binary runs");
    let start = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{args:?}: still running after 60 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("output")
}

/// `gametree merge --out OUT PARTS...`.
fn merge(out: &Path, parts: &[&Path]) -> Output {
    let mut a = vec!["merge".to_string(), "--out".into(), s(out)];
    a.extend(parts.iter().map(|p| s(p)));
    run_bounded(&a)
}

/// Exit code 2, one line on standard error starting `error: `, containing every fragment,
/// and no raw control character.
fn refused(o: &Output, what: &str, fragments: &[&str]) -> String {
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

/// The two parts of a small tic-tac-toe tournament, in `dir`.
fn tournament_parts(dir: &Path) -> [PathBuf; 2] {
    for i in 0..2 {
        ok(&[
            "tournament",
            "--game",
            "tictactoe",
            "--engines",
            "minimax,alphabeta@d3",
            "--depth",
            "2",
            "--openings",
            "2",
            "--opening-plies",
            "2",
            "--quiet",
            "--shard",
            &format!("{i}/2"),
            "--out",
            &s(dir),
        ]);
    }
    [dir.join("part-0-of-2.json"), dir.join("part-1-of-2.json")]
}

/// The two parts of `reproduce korf-1991/best-case --quick`, in `dir`.
fn reproduce_parts(dir: &Path) -> [PathBuf; 2] {
    for i in 0..2 {
        ok(&[
            "reproduce",
            "korf-1991/best-case",
            "--quick",
            "--shard",
            &format!("{i}/2"),
            "--out",
            &s(dir),
        ]);
    }
    [dir.join("part-0-of-2.json"), dir.join("part-1-of-2.json")]
}

#[test]
fn merge_refuses_an_output_that_is_one_of_its_inputs() {
    let dir = scratch("merge-out-input");
    let parts = dir.join("parts");
    let [p0, p1] = tournament_parts(&parts);
    let before = [fs::read(&p0).unwrap(), fs::read(&p1).unwrap()];
    let unchanged = |what: &str| {
        assert!(
            fs::read(&p0).unwrap() == before[0] && fs::read(&p1).unwrap() == before[1],
            "{what}: a part file changed"
        );
        let names: Vec<String> = fs::read_dir(&parts)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            names.len(),
            2,
            "{what}: no file joined the parts: {names:?}"
        );
    };
    // The command: --out names a part of the directory given.
    let o = merge(&p0, &[&parts]);
    refused(
        &o,
        "a part of the directory",
        &["--out", "part-0-of-2.json"],
    );
    unchanged("a part of the directory");
    // The part named itself, or by another spelling of its path.
    let o = merge(&p1, &[&p0, &p1]);
    refused(&o, "a part given", &["--out"]);
    unchanged("a part given");
    let o = merge(&parts.join(".").join("part-1-of-2.json"), &[&p0, &p1]);
    refused(&o, "another spelling", &["--out"]);
    unchanged("another spelling");
    // A file that would join the directory's parts.
    let o = merge(&parts.join("part-2-of-2.json"), &[&parts]);
    refused(&o, "a new part file", &["--out", "part-2-of-2.json"]);
    unchanged("a new part file");
    #[cfg(unix)]
    {
        // A symbolic link or a hard link to a part.
        let link = dir.join("link.json");
        std::os::unix::fs::symlink(&p0, &link).unwrap();
        let o = merge(&link, &[&parts]);
        refused(&o, "a symbolic link", &["--out"]);
        unchanged("a symbolic link");
        let hard = dir.join("hard.json");
        fs::hard_link(&p1, &hard).unwrap();
        let o = merge(&hard, &[&parts]);
        refused(&o, "a hard link", &["--out"]);
        unchanged("a hard link");
    }
    // Elsewhere it merges.
    let merged = dir.join("merged.json");
    let o = merge(&merged, &[&parts]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(merged.is_file());
    unchanged("a good merge");
}

#[test]
fn merge_refuses_an_output_directory_that_would_replace_an_input() {
    // A reproduce merge writes DIR/index.html and DIR/PAPER/*: a part there is refused.
    let dir = scratch("merge-out-dir-input");
    let parts = dir.join("out").join("korf-1991");
    let [p0, p1] = reproduce_parts(&parts);
    let before = fs::read(&p0).unwrap();
    let o = merge(&dir.join("out"), &[&parts]);
    refused(&o, "an output directory over the parts", &["--out"]);
    assert_eq!(fs::read(&p0).unwrap(), before);
    assert!(!dir.join("out").join("index.html").exists());
    let o = merge(&dir.join("merged"), &[&p0, &p1]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

#[cfg(unix)]
#[test]
fn merge_reads_regular_files_only_and_never_blocks() {
    use std::os::unix::fs::symlink;
    let dir = scratch("merge-file-kinds");
    let out = dir.join("merged.json");
    // A named pipe with no writer: opening it for reading would block forever.
    let fifo = dir.join("fifo.json");
    if Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success())
    {
        let o = merge(&out, &[&fifo]);
        refused(&o, "a fifo", &["fifo.json", "named pipe"]);
        // Also as a part file of a directory.
        let parts = dir.join("parts-fifo");
        fs::create_dir(&parts).unwrap();
        fs::rename(&fifo, parts.join("part-0-of-1.json")).unwrap();
        let o = merge(&out, &[&parts]);
        refused(
            &o,
            "a fifo in a directory",
            &["part-0-of-1.json", "named pipe"],
        );
    }
    // /dev/zero would grow without end; a link to it is the same.
    if Path::new("/dev/zero").exists() {
        let o = merge(&out, &[Path::new("/dev/zero")]);
        refused(&o, "/dev/zero", &["/dev/zero", "character device"]);
        let parts = dir.join("parts-zero");
        fs::create_dir(&parts).unwrap();
        symlink("/dev/zero", parts.join("part-0-of-1.json")).unwrap();
        let o = merge(&out, &[&parts]);
        refused(&o, "a link to /dev/zero", &["character device"]);
    }
    // A directory named like a part, and an empty file.
    let parts = dir.join("parts-dir");
    fs::create_dir_all(parts.join("part-0-of-1.json")).unwrap();
    let o = merge(&out, &[&parts]);
    refused(&o, "a directory named as a part", &["is a directory"]);
    let empty = dir.join("empty.json");
    fs::write(&empty, b"").unwrap();
    let o = merge(&out, &[&empty]);
    refused(&o, "an empty file", &["empty.json"]);
    assert!(!out.exists());
}

#[test]
fn merge_refuses_a_part_larger_than_its_limit_before_reading_it() {
    let dir = scratch("merge-too-large");
    let big = dir.join("part-0-of-1.json");
    // A sparse file one byte over the limit: nothing is read.
    let f = fs::File::create(&big).unwrap();
    f.set_len(256 * 1024 * 1024 + 1).unwrap();
    drop(f);
    let start = Instant::now();
    let o = merge(&dir.join("merged.json"), &[&big]);
    refused(&o, "too large", &["part-0-of-1.json", "256 MiB"]);
    assert!(start.elapsed() < Duration::from_secs(5), "refused unread");
    let _ = fs::remove_file(&big);
}

#[test]
fn merge_checks_format_and_run_before_reading_a_part_whole() {
    let dir = scratch("merge-header-first");
    let parts = dir.join("parts");
    let [p0, p1] = tournament_parts(&parts);
    let text = fs::read_to_string(&p1).unwrap();
    let cut = text.find("\"items\"").expect("items after the header");
    // The header is wrong and the rest is not even JSON: the header is what is reported.
    let bad_format = dir.join("bad-format.json");
    let head = text[..cut].replacen("gametree-part/1", "gametree-part/9", 1);
    fs::write(&bad_format, format!("{head}\"items\": [ nonsense")).unwrap();
    let o = merge(&dir.join("m.json"), &[&bad_format]);
    refused(&o, "a wrong format", &["gametree-part/9"]);
    let bad_run = dir.join("bad-run.json");
    let head = text[..cut].replacen("\"bootstrap\": 1000", "\"bootstrap\": 999", 1);
    assert_ne!(head, text[..cut], "a parameter changed");
    fs::write(&bad_run, format!("{head}\"items\": [ nonsense")).unwrap();
    let o = merge(&dir.join("m.json"), &[&p0, &bad_run]);
    refused(
        &o,
        "other parameters",
        &["bad-run.json", "the run's parameters"],
    );
}

#[test]
fn merge_refuses_parts_whose_shard_fields_disagree() {
    let dir = scratch("merge-shard-fields");
    let parts = dir.join("parts");
    let [p0, p1] = tournament_parts(&parts);
    let v1: serde_json::Value = serde_json::from_slice(&fs::read(&p1).unwrap()).unwrap();
    // Part 1 of 2 relabelled 1 of 3: the games still fit, the shard fields do not.
    let relabel = |index: u64, count: u64, name: &str| {
        let mut v = v1.clone();
        v["shard"] = serde_json::json!({"index": index, "count": count});
        let p = dir.join(name);
        fs::write(&p, serde_json::to_string_pretty(&v).unwrap()).unwrap();
        p
    };
    let other_count = relabel(1, 3, "other-count.json");
    let o = merge(&dir.join("m.json"), &[&p0, &other_count]);
    refused(&o, "mixed counts", &["other-count.json", "shard", "1/3"]);
    // An index that is not below its count.
    let beyond = relabel(2, 2, "beyond.json");
    let o = merge(&dir.join("m.json"), &[&p0, &beyond]);
    refused(&o, "index beyond the count", &["beyond.json", "shard"]);
    // Two parts claiming the same shard.
    let same = relabel(0, 2, "same-index.json");
    let o = merge(&dir.join("m.json"), &[&p0, &same]);
    refused(&o, "the same shard twice", &["same-index.json", "0/2"]);
    assert!(!dir.join("m.json").exists());
    let o = merge(&dir.join("m.json"), &[&p0, &p1]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn merge_refuses_duplicate_json_keys() {
    let dir = scratch("merge-duplicate-keys");
    let parts = dir.join("parts");
    let [p0, p1] = tournament_parts(&parts);
    let text = fs::read_to_string(&p1).unwrap();
    // At the top, and deep inside a game's result (where a JSON value would keep the last).
    let cases = [
        ("top.json", text.replacen("{", "{\n  \"date\": \"x\",", 1)),
        (
            "deep.json",
            text.replacen("\"plies\":", "\"plies\": 1,\n      \"plies\":", 1),
        ),
    ];
    for (name, bad) in cases {
        assert_ne!(bad, text);
        let p = dir.join(name);
        fs::write(&p, bad).unwrap();
        let o = merge(&dir.join("m.json"), &[&p0, &p]);
        refused(&o, name, &[name, "duplicate key"]);
    }
    // A reproduce part too: the key of a row of a table.
    let rparts = dir.join("rparts");
    let [r0, r1] = reproduce_parts(&rparts);
    // The part that holds the table's one item.
    let (holder, other) = if fs::read_to_string(&r0).unwrap().contains("\"paper\":") {
        (r0, r1)
    } else {
        (r1, r0)
    };
    let text = fs::read_to_string(&holder).unwrap();
    assert!(text.contains("\"paper\":"), "{text}");
    let bad = dir.join("row.json");
    fs::write(
        &bad,
        text.replacen("\"paper\":", "\"paper\": 0, \"paper\":", 1),
    )
    .unwrap();
    let o = merge(&dir.join("m"), &[&other, &bad]);
    refused(&o, "a row", &["row.json", "duplicate key `paper`"]);
}

/// A change to a part's JSON.
type Edit = fn(&mut serde_json::Value);

#[test]
fn merge_errors_name_no_internal_type() {
    let dir = scratch("merge-internal-types");
    let parts = dir.join("parts");
    let [r0, r1] = reproduce_parts(&parts);
    let mut v: serde_json::Value = serde_json::from_slice(&fs::read(&r1).unwrap()).unwrap();
    v["run"]["strength"] = serde_json::json!(5);
    let bad = dir.join("strength.json");
    fs::write(&bad, serde_json::to_string_pretty(&v).unwrap()).unwrap();
    let o = merge(&dir.join("m"), &[&bad, &r0]);
    let err = refused(&o, "strength", &["strength.json", "strength"]);
    assert!(!err.contains("StrengthScale"), "{err}");
    // Every object of a part with the wrong type of value: no Rust type in the message.
    let tparts = dir.join("tparts");
    let [t0, t1] = tournament_parts(&tparts);
    let tv: serde_json::Value = serde_json::from_slice(&fs::read(&t1).unwrap()).unwrap();
    let edits: [(&str, Edit); 6] = [
        ("run", |v| v["run"] = serde_json::json!([])),
        ("shard", |v| v["shard"] = serde_json::json!("1/2")),
        ("items", |v| v["items"][0] = serde_json::json!(1)),
        ("result", |v| v["items"][0]["result"] = serde_json::json!(1)),
        ("ending", |v| {
            v["items"][0]["result"]["ending"] = serde_json::json!(1)
        }),
        ("engines", |v| v["run"]["engines"] = serde_json::json!({})),
    ];
    for (name, edit) in edits {
        let mut w = tv.clone();
        edit(&mut w);
        let p = dir.join(format!("{name}.json"));
        fs::write(&p, serde_json::to_string_pretty(&w).unwrap()).unwrap();
        let o = merge(&dir.join("m.json"), &[&t0, &p]);
        let err = refused(&o, name, &[&format!("{name}.json")]);
        for word in [
            "struct ",
            "enum ",
            "GameResult",
            "Ending",
            "Shard",
            "Params",
            "Part",
        ] {
            assert!(!err.contains(word), "{name}: {word:?} in {err}");
        }
    }
    let mut rv = v.clone();
    rv["run"]["strength"] = serde_json::json!({"budget": 5});
    let p = dir.join("budget.json");
    fs::write(&p, serde_json::to_string_pretty(&rv).unwrap()).unwrap();
    let o = merge(&dir.join("m"), &[&p]);
    let err = refused(&o, "budget", &["budget.json"]);
    assert!(!err.contains("Budget") && !err.contains("enum "), "{err}");
}

#[test]
fn merge_quotes_what_a_part_says_escaped_and_cut() {
    let dir = scratch("merge-quotes");
    let long = format!("\u{1b}[2J{}", "x".repeat(500_000));
    let p = dir.join("part.json");
    fs::write(
        &p,
        serde_json::to_string(&serde_json::json!({"format": long})).unwrap(),
    )
    .unwrap();
    let o = merge(&dir.join("m.json"), &[&p]);
    let err = refused(&o, "a long format", &["\\u{1b}[2J", "…"]);
    assert!(err.len() < 400, "{} bytes: {err}", err.len());
}

#[test]
fn merge_errors_stay_one_short_line_however_many_items_are_wrong() {
    let dir = scratch("merge-long-lists");
    let parts = dir.join("parts");
    let [p0, p1] = tournament_parts(&parts);
    let mut v: serde_json::Value = serde_json::from_slice(&fs::read(&p1).unwrap()).unwrap();
    let items = v["items"].as_array().unwrap().clone();
    let many: Vec<serde_json::Value> = items.iter().cycle().take(5000).cloned().collect();
    v["items"] = serde_json::Value::Array(many);
    let p = dir.join("many.json");
    fs::write(&p, serde_json::to_string(&v).unwrap()).unwrap();
    let o = merge(&dir.join("m.json"), &[&p0, &p]);
    let err = refused(
        &o,
        "a game 2500 times",
        &["present more than once", "many.json"],
    );
    assert!(err.len() < 1000, "{} bytes: {}", err.len(), &err[..1000]);
}
