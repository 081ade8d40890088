//! Property tests over the files a merge reads (issue #25): arbitrary bytes, truncations of a
//! valid part, flipped bytes, shard fields of every kind, duplicate keys anywhere, and file
//! kinds. A merge never panics: it gives the correct merge or a one-line error that quotes
//! nothing raw.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use gametree_lab::merge::{part_files, read_parts, summarise_tournament, MergeError, Parts};
use gametree_lab::shard::{play_tournament_shard, write_tournament_part, Shard};
use gametree_lab::tournament::{Budget, TournamentConfig, TournamentResult};
use gametree_lab::tournament_job::EngineTexts;
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
            default: Budget::Depth(2),
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
