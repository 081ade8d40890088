//! Property tests over the files a merge reads (issue #25): arbitrary bytes, truncations of a
//! valid part, flipped bytes, shard fields of every kind, duplicate keys anywhere, and file
//! kinds. A merge never panics: it gives the correct merge or a one-line error that quotes
//! nothing raw.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use gametree_lab::merge::{part_files, read_parts, summarise_tournament, MergeError, Parts};
use gametree_lab::shard::{play_tournament_shard, write_tournament_part, Shard};
use gametree_run::engine::MoveBudget;
use gametree_run::tournament::{TournamentConfig, TournamentResult};
use gametree_run::tournament_job::EngineTexts;
use proptest::prelude::*;
use serde_json::Value;

/// The two parts of a small tournament and the merge of both.
struct Fixture {
    dir: PathBuf,
    parts: [PathBuf; 2],
    texts: [String; 2],
    merged: String,
}

fn fixture() -> &'static Fixture {
    static F: OnceLock<Fixture> = OnceLock::new();
    F.get_or_init(|| {
        let dir =
            std::env::temp_dir().join(format!("gametree-lab-merge-files-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let parts_dir = dir.join("parts");
        let texts = EngineTexts {
            texts: vec!["minimax".into(), "alphabeta@d3".into()],
            default: MoveBudget::Depth(2),
        };
        let config = TournamentConfig {
            engines: texts.check().unwrap(),
            openings: 2,
            opening_plies: 2,
            seed: 9,
            max_plies: None,
            progress: false,
            threads: Some(1),
            bootstrap: 50,
        };
        let mut paths = Vec::new();
        for i in 0..2 {
            let shard = Shard::new(i, 2).unwrap();
            let g = play_tournament_shard("tictactoe", &texts, &config, shard).unwrap();
            let (_, path) =
                write_tournament_part(&parts_dir, g.params, shard, &g.which, g.results, 0.0)
                    .unwrap();
            paths.push(path);
        }
        let parts: [PathBuf; 2] = [paths[0].clone(), paths[1].clone()];
        let merged = json(&merge_files(&parts).expect("the good parts merge"));
        let texts = [
            fs::read_to_string(&parts[0]).unwrap(),
            fs::read_to_string(&parts[1]).unwrap(),
        ];
        Fixture {
            dir,
            parts,
            texts,
            merged,
        }
    })
}

fn json(r: &TournamentResult) -> String {
    serde_json::to_string(r).unwrap()
}

/// What `gametree merge` does with part files, up to the JSON it writes.
fn merge_files(files: &[PathBuf]) -> Result<TournamentResult, MergeError> {
    match read_parts(files)? {
        Parts::Tournament(parts) => summarise_tournament(&parts),
        Parts::Reproduce(_) => Err(MergeError::NoParts),
    }
}

/// A scratch file for one case.
fn case_file(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = fixture().dir.join("cases");
    fs::create_dir_all(&dir).unwrap();
    let p = dir.join(format!("{name}-{:?}.json", std::thread::current().id()));
    fs::write(&p, bytes).unwrap();
    p
}

/// The merge of the first good part with `bytes` as the second: the correct merge or an
/// error of one line with no raw control character.
fn outcome(bytes: &[u8]) -> Result<String, String> {
    let f = fixture();
    let p = case_file("second", bytes);
    match merge_files(&[f.parts[0].clone(), p]) {
        Ok(r) => Ok(json(&r)),
        Err(e) => {
            let m = e.to_string();
            assert!(!m.contains('\n'), "one line: {m}");
            assert!(!m.chars().any(char::is_control), "raw control: {m:?}");
            assert!(m.len() < 2000, "{} bytes: {m}", m.len());
            Err(m)
        }
    }
}

/// `v` as JSON text with the first key of its `target`-th object (in document order)
/// written twice (the second time with `null`); `None` when it has fewer non-empty objects.
fn with_duplicate(v: &Value, target: usize) -> Option<String> {
    fn write(v: &Value, target: usize, seen: &mut usize, out: &mut String) {
        match v {
            Value::Object(m) => {
                out.push('{');
                let dup = !m.is_empty() && *seen == target;
                if !m.is_empty() {
                    *seen += 1;
                }
                for (i, (k, x)) in m.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    out.push_str(&serde_json::to_string(k).unwrap());
                    out.push(':');
                    if dup && i == 0 {
                        out.push_str("null,");
                        out.push_str(&serde_json::to_string(k).unwrap());
                        out.push(':');
                    }
                    write(x, target, seen, out);
                }
                out.push('}');
            }
            Value::Array(a) => {
                out.push('[');
                for (i, x) in a.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write(x, target, seen, out);
                }
                out.push(']');
            }
            other => out.push_str(&other.to_string()),
        }
    }
    let mut out = String::new();
    let mut seen = 0;
    write(v, target, &mut seen, &mut out);
    (seen > target).then_some(out)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Bytes that are no part, alone or after a part's opening: an error.
    #[test]
    fn arbitrary_bytes_are_refused(
        bytes in prop::collection::vec(any::<u8>(), 0..600),
        after_header in any::<bool>(),
    ) {
        let mut b = if after_header {
            b"{\"format\": \"gametree-part/1\", ".to_vec()
        } else {
            Vec::new()
        };
        b.extend(bytes);
        prop_assert!(outcome(&b).is_err());
    }

    /// A part cut anywhere: an error, unless only trailing white space is gone.
    #[test]
    fn truncations_are_refused_unless_only_white_space_is_cut(cut in 0.0f64..1.0) {
        let f = fixture();
        let text = f.texts[1].as_bytes();
        let at = ((text.len() as f64) * cut) as usize;
        let r = outcome(&text[..at]);
        if at >= f.texts[1].trim_end().len() {
            prop_assert_eq!(r, Ok(f.merged.clone()));
        } else {
            prop_assert!(r.is_err(), "cut at {} of {}", at, text.len());
        }
    }

    /// A byte of a part changed: never a panic, and an error is one clean line.
    #[test]
    fn flipped_bytes_never_panic(at in 0.0f64..1.0, byte in any::<u8>()) {
        let f = fixture();
        let mut b = f.texts[1].as_bytes().to_vec();
        let i = ((b.len() as f64) * at) as usize;
        b[i] = byte;
        let _ = outcome(&b);
    }

    /// Every shard field: only the part's own `1/2` merges, and then correctly.
    #[test]
    fn shard_fields_that_disagree_are_refused(
        index in prop_oneof![0u64..4, any::<u64>()],
        count in prop_oneof![0u64..4, any::<u64>()],
    ) {
        let f = fixture();
        let mut v: Value = serde_json::from_str(&f.texts[1]).unwrap();
        v["shard"] = serde_json::json!({"index": index, "count": count});
        let r = outcome(serde_json::to_string(&v).unwrap().as_bytes());
        if (index, count) == (1, 2) {
            prop_assert_eq!(r, Ok(f.merged.clone()));
        } else {
            let e = r.unwrap_err();
            prop_assert!(e.contains("shard"), "{}", e);
        }
    }

    /// A key twice in any object of a part, however deep: an error naming it.
    #[test]
    fn duplicate_keys_are_refused_anywhere(target in 0usize..400) {
        let f = fixture();
        let v: Value = serde_json::from_str(&f.texts[1]).unwrap();
        if let Some(text) = with_duplicate(&v, target) {
            let e = outcome(text.as_bytes()).unwrap_err();
            prop_assert!(e.contains("duplicate key"), "{}", e);
        }
    }
}

#[test]
fn the_fixture_merges_and_its_json_round_trips() {
    let f = fixture();
    let v: Value = serde_json::from_str(&f.texts[1]).unwrap();
    // Without a duplicate the writer above gives the same part.
    assert!(with_duplicate(&v, usize::MAX).is_none());
    assert_eq!(outcome(f.texts[1].as_bytes()), Ok(f.merged.clone()));
    assert_eq!(
        outcome(serde_json::to_string(&v).unwrap().as_bytes()),
        Ok(f.merged.clone())
    );
    // The whole directory merges the same.
    let files = part_files(&[f.parts[0].parent().unwrap().to_path_buf()]).unwrap();
    assert_eq!(json(&merge_files(&files).unwrap()), f.merged);
}

#[cfg(unix)]
#[test]
fn file_kinds_other_than_regular_files_are_refused_by_name() {
    use std::os::unix::fs::symlink;
    let f = fixture();
    let dir = f.dir.join("kinds");
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let mut cases: Vec<(PathBuf, &str)> = Vec::new();
    let sub = dir.join("a-directory.json");
    fs::create_dir(&sub).unwrap();
    cases.push((sub.clone(), "is a directory"));
    let empty = dir.join("empty.json");
    fs::write(&empty, b"").unwrap();
    cases.push((empty, "not JSON"));
    if Path::new("/dev/zero").exists() {
        let zero = dir.join("zero.json");
        symlink("/dev/zero", &zero).unwrap();
        cases.push((zero, "is a character device"));
    }
    let to_dir = dir.join("to-dir.json");
    symlink(&sub, &to_dir).unwrap();
    cases.push((to_dir, "is a directory"));
    let dangling = dir.join("dangling.json");
    symlink(dir.join("missing"), &dangling).unwrap();
    cases.push((dangling, "cannot read"));
    let fifo = dir.join("fifo.json");
    if std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success())
    {
        cases.push((fifo, "is a named pipe"));
    }
    for (path, fragment) in cases {
        for files in [vec![path.clone()], vec![f.parts[0].clone(), path.clone()]] {
            let e = merge_files(&files).unwrap_err().to_string();
            assert!(
                e.contains(fragment) && e.contains(&*path.to_string_lossy()),
                "{}: {e}",
                path.display()
            );
        }
    }
}

// ---- Issue #46: every refusal names the part file and the key path of the value at fault.

/// The merge of `bytes` as the first part with the fixture's second part: its error.
fn first_outcome(bytes: &[u8]) -> String {
    let f = fixture();
    let p = case_file("first", bytes);
    let e = merge_files(&[p, f.parts[1].clone()])
        .expect_err("a bad first part is refused")
        .to_string();
    assert!(!e.contains('\n'), "one line: {e}");
    e
}

/// The fixture's second part as JSON, edited by `edit`, as bytes.
fn edited(edit: impl FnOnce(&mut Value)) -> Vec<u8> {
    let mut v: Value = serde_json::from_str(&fixture().texts[1]).unwrap();
    edit(&mut v);
    serde_json::to_vec_pretty(&v).unwrap()
}

/// Checks that `e`, the error of the part written by [`case_file`] as `name`, names that
/// file and holds every one of `words`.
fn names(e: &str, name: &str, words: &[&str]) {
    assert!(
        e.contains(&format!("{name}-")),
        "the file is not named: {e}"
    );
    for w in words {
        assert!(e.contains(w), "{w:?} not in: {e}");
    }
}

#[test]
fn duplicate_keys_are_named_with_their_key_path() {
    let text = &fixture().texts[1];
    let cases = [
        (
            text.replacen("{", "{\n  \"date\": \"x\",", 1),
            "$: duplicate key `date`",
        ),
        (
            text.replacen("\"plies\":", "\"plies\": 1,\n      \"plies\":", 1),
            "items[0].result: duplicate key `plies`",
        ),
        // The same key, spelt with an escape.
        (
            text.replacen("\"plies\":", "\"plies\": 1,\n      \"pl\\u0069es\":", 1),
            "items[0].result: duplicate key `plies`",
        ),
        (
            text.replacen("\"index\":", "\"index\": 1,\n    \"index\":", 1),
            "shard: duplicate key `index`",
        ),
    ];
    for (bad, words) in cases {
        assert_ne!(&bad, text);
        names(&outcome(bad.as_bytes()).unwrap_err(), "second", &[words]);
    }
}

#[test]
fn unknown_fields_are_refused_with_their_key_path() {
    type Edit = fn(&mut Value);
    let cases: [(Edit, &str); 7] = [
        (|v| v["extra"] = 1.into(), "unknown field `extra`"),
        // A key serde quotes in its message: escaped there too (`outcome` checks that no
        // raw control character is left).
        (|v| v["\u{1b}[2J"] = 1.into(), "unknown field `\\u{1b}[2J`"),
        (
            |v| v["shard"]["extra"] = 1.into(),
            "shard.extra: unknown field `extra`",
        ),
        (
            |v| v["items"][0]["extra"] = 1.into(),
            "items[0].extra: unknown field `extra`",
        ),
        (
            |v| v["items"][1]["result"]["extra"] = 1.into(),
            "items[1].result.extra: unknown field `extra`",
        ),
        // The run is compared with the first part's first, so its first difference is named.
        (
            |v| v["run"]["extra"] = 1.into(),
            "`run.extra` is `1` here, absent there",
        ),
        (
            |v| v["items"][0]["result"]["ending"] = "won".into(),
            "items[0].result.ending: unknown variant `won`",
        ),
    ];
    for (edit, words) in cases {
        let e = outcome(&edited(edit)).unwrap_err();
        names(&e, "second", &[words]);
    }
    // In the first part, whose run nothing is compared with.
    let e = first_outcome(&edited(|v| v["run"]["extra"] = 1.into()));
    names(&e, "first", &["run.extra: unknown field `extra`"]);
    let e = first_outcome(&edited(|v| v["run"]["extra"] = 1.into()));
    assert!(!e.contains("TournamentParams"), "{e}");
}

#[test]
fn values_nested_too_deep_are_refused_with_their_key_path() {
    let nested = |levels: usize| -> Value {
        let mut v = Value::from(0);
        for _ in 0..levels {
            v = Value::Array(vec![v]);
        }
        v
    };
    let limit = gametree_lab::merge::MAX_NESTING;
    // The top level is level 1, `x` level 2: `limit - 1` arrays fill the limit exactly.
    let at_limit = outcome(&edited(|v| v["x"] = nested(limit - 1))).unwrap_err();
    assert!(
        at_limit.contains("unknown field `x`") && !at_limit.contains("nested deeper"),
        "{at_limit}"
    );
    let words = format!("nested deeper than {limit} levels");
    let beyond = outcome(&edited(|v| v["x"] = nested(limit))).unwrap_err();
    // `x` is the first array (level 2), `x[0]` the second: the one at level `limit + 1`.
    let path = format!("x{}", "[0]".repeat(limit - 1));
    names(&beyond, "second", &[&format!("{path}: {words}")]);
    // Deep in a game's result, and just under serde_json's own limit of 128.
    let deep = outcome(&edited(|v| v["items"][0]["result"]["scores"] = nested(126))).unwrap_err();
    names(&deep, "second", &["items[0].result.scores[0][0]", &words]);
    let first = first_outcome(&edited(|v| v["items"][1]["result"]["nodes"] = nested(60)));
    names(&first, "first", &["items[1].result.nodes[0]", &words]);
}

#[test]
fn times_that_are_not_plausible_are_refused_with_their_key_path() {
    for s in [1e308, -1e308, -1.0, 1e10, f64::MAX] {
        let e = outcome(&edited(|v| v["elapsed_s"] = s.into())).unwrap_err();
        names(
            &e,
            "second",
            &["elapsed_s: ", "seconds: give a time from 0 to"],
        );
        let e = first_outcome(&edited(|v| v["elapsed_s"] = s.into()));
        names(&e, "first", &["elapsed_s: "]);
    }
    // A day, and no time at all, are times.
    for s in [0.0, 86_400.0] {
        let f = fixture();
        let merged = outcome(&edited(|v| v["elapsed_s"] = s.into()));
        assert_eq!(merged, Ok(f.merged.clone()), "{s}");
    }
}

#[test]
fn a_run_that_is_not_an_object_is_named_by_its_key_path() {
    for run in [
        Value::from("tournament"),
        Value::from(5),
        serde_json::json!([]),
    ] {
        // In the second part: compared with the first part's run as a whole.
        let e = outcome(&edited(|v| v["run"] = run.clone())).unwrap_err();
        names(&e, "second", &["`run` is `", "here"]);
        assert!(!e.contains("``"), "an empty key path: {e}");
        // In the first part.
        let e = first_outcome(&edited(|v| v["run"] = run.clone()));
        names(
            &e,
            "first",
            &["run: ", "expected the run's parameters (an object)"],
        );
    }
}

/// The two parts of `reproduce korf-1991/best-case --quick` in two shards.
fn reproduce_parts() -> &'static [PathBuf; 2] {
    static P: OnceLock<[PathBuf; 2]> = OnceLock::new();
    P.get_or_init(|| {
        use gametree_lab::experiment::{Ctx, Params};
        use gametree_lab::reproduce::select;
        use gametree_lab::shard::{run_shard, RunParams};
        let ctx = Ctx {
            quick: true,
            progress: false,
            params: Params::NONE,
        };
        let target = "korf-1991/best-case";
        let dir = fixture().dir.join("reproduce-parts");
        let experiments = select(Some(target)).unwrap();
        let params = RunParams::reproduce(Some(target), &ctx);
        [0, 1].map(|i| {
            let shard = Shard::new(i, 2).unwrap();
            run_shard(&experiments, &params, &ctx, shard, &dir, |_, _| {})
                .unwrap()
                .1
        })
    })
}

#[test]
fn a_reproduce_parts_times_and_fields_are_checked_with_their_key_path() {
    let [p0, p1] = reproduce_parts();
    let good = gametree_lab::merge::read_parts(&[p0.clone(), p1.clone()]);
    assert!(good.is_ok(), "{:?}", good.err());
    // The part that holds the item.
    let holder = [p0, p1]
        .into_iter()
        .find(|p| fs::read_to_string(p).unwrap().contains("\"key\""))
        .unwrap();
    let v: Value = serde_json::from_str(&fs::read_to_string(holder).unwrap()).unwrap();
    type Edit = fn(&mut Value);
    let cases: [(Edit, &str); 6] = [
        (
            |v| v["items"][0]["elapsed_s"] = 1e308.into(),
            "items[0].elapsed_s: 1e308 seconds",
        ),
        (
            |v| v["items"][0]["elapsed_s"] = (-1e308).into(),
            "items[0].elapsed_s: -1e308 seconds",
        ),
        (
            |v| v["items"][0]["cost"] = (-1.0).into(),
            "items[0].cost: -1.0 seconds",
        ),
        (|v| v["balance"]["max_s"] = 1e300.into(), "balance.max_s: "),
        (
            |v| v["balance"]["extra"] = 1.into(),
            "balance.extra: unknown field `extra`",
        ),
        (
            |v| v["run"]["strength"]["extra"] = 1.into(),
            "run.strength.extra: unknown field `extra`",
        ),
    ];
    for (edit, words) in cases {
        let mut w = v.clone();
        edit(&mut w);
        let p = case_file("reproduce", &serde_json::to_vec_pretty(&w).unwrap());
        let e = gametree_lab::merge::read_parts(&[p])
            .expect_err("refused")
            .to_string();
        names(&e, "reproduce", &[words]);
        assert!(!e.contains('\n'), "{e}");
    }
}
