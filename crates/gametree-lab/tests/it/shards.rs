//! Shards and their merge: any split, merged, gives the single run's files byte for byte
//! (timing fields aside); missing, duplicated and foreign parts are refused; the shard
//! index from flags and scheduler environments.

use std::collections::{BTreeMap, HashMap};
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use gametree_lab::experiment::{Ctx, Experiment, Output, Plot};
use gametree_lab::merge::{merge, part_files, read_part, MergeError};
use gametree_lab::papers::sturtevant_cards::Hands;
use gametree_lab::plot::Series;
use gametree_lab::reproduce::{run, select, Done};
use gametree_lab::shard::{
    deal, items, items_of, output_from_json, output_to_json, resolve, run_shard, Balance, Part,
    RunParams, Shard, ShardError,
};

const QUICK: Ctx = Ctx {
    quick: true,
    progress: false,
    params: gametree_lab::experiment::Params::NONE,
};

const FULL: Ctx = Ctx {
    quick: false,
    progress: false,
    params: gametree_lab::experiment::Params::NONE,
};

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("gametree-lab-shards-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&d);
    d
}

/// Every file under `dir` (relative path to text) with the timing fields blanked: the
/// markdown's `wall time:` line, the JSON meta's `date` and `elapsed_s`, and in a manifest
/// the fingerprints of the markdown and JSON files (they hold those fields). Everything else
/// is compared byte for byte.
fn normalized(dir: &Path) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
                continue;
            }
            let name = p.strip_prefix(dir).unwrap().to_string_lossy().into_owned();
            let text = fs::read_to_string(&p).unwrap();
            let timing = |l: &str| {
                l.starts_with("wall time: ")
                    || l.starts_with("    \"date\": ")
                    || l.starts_with("    \"elapsed_s\": ")
            };
            let text: String = if name.ends_with(".manifest") {
                let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
                for f in v["files"].as_array_mut().unwrap() {
                    let n = f["name"].as_str().unwrap().to_string();
                    if n.ends_with(".md") || n.ends_with(".json") {
                        f["fingerprint"] = "(timing)".into();
                    }
                }
                v.to_string()
            } else {
                text.lines()
                    .map(|l| {
                        if timing(l) {
                            "(timing)\n".to_string()
                        } else {
                            format!("{l}\n")
                        }
                    })
                    .collect()
            };
            out.insert(name, text);
        }
    }
    out
}

fn assert_same_files(single: &Path, merged: &Path) {
    let a = normalized(single);
    let b = normalized(merged);
    assert_eq!(
        a.keys().collect::<Vec<_>>(),
        b.keys().collect::<Vec<_>>(),
        "the same files"
    );
    assert!(a.len() > 3, "files written: {:?}", a.keys());
    for (name, text) in &a {
        assert!(text == &b[name], "{name} differs after merging");
    }
}

fn read_parts(dir: &Path) -> Vec<(PathBuf, Part)> {
    part_files(&[dir.to_path_buf()])
        .unwrap()
        .into_iter()
        .map(|f| {
            let p = read_part(&f).unwrap();
            (f, p)
        })
        .collect()
}

/// Runs every shard of `n` of `target` into `dir`.
fn run_all_shards(target: &str, ctx: &Ctx, n: usize, dir: &Path) {
    let experiments = select(Some(target)).unwrap();
    let params = RunParams::reproduce(Some(target), ctx);
    for i in 0..n {
        run_shard(
            &experiments,
            &params,
            ctx,
            Shard::new(i, n).unwrap(),
            dir,
            |_, _| {},
        )
        .unwrap();
    }
}

const KORF: &str = "korf-1991";
pub(crate) const TABLE_1: &str = "fridenfalk-2014/table-1";

/// The single run of a selection in quick mode, made without the parallel runner: each
/// experiment's `run` one after another, its files written as `reproduce` writes them, then
/// the index. The shard tests merge to these files, the parallel-run test compares with
/// them and Table I's test reads its rows, so each selection is computed once per test
/// process.
pub(crate) struct Serial {
    dir: PathBuf,
    /// Each experiment with its output, in the selection's order.
    pub(crate) runs: Vec<(Experiment, Output)>,
}

impl Serial {
    /// The runner's record of each experiment (its rows, computed now).
    fn done(&self) -> impl Iterator<Item = Done> + '_ {
        self.runs.iter().map(|(e, output)| Done {
            experiment: *e,
            rows: output.rows.clone(),
            wall_secs: 0.0,
            skipped: false,
        })
    }
}

pub(crate) fn serial(target: &str) -> &'static Serial {
    static RUNS: [OnceLock<Serial>; 2] = [OnceLock::new(), OnceLock::new()];
    let i = [KORF, TABLE_1]
        .iter()
        .position(|t| *t == target)
        .expect("a selection with a serial run");
    RUNS[i].get_or_init(|| {
        let dir = scratch(&format!("serial-{i}"));
        let runs = select(Some(target))
            .unwrap()
            .into_iter()
            .map(|e| {
                let output = (e.run)(&QUICK);
                fs::create_dir_all(dir.join(e.paper)).unwrap();
                gametree_lab::reproduce::write_outputs(&dir, &e, &(e.params)(&QUICK), &output, 0.0)
                    .unwrap();
                (e, output)
            })
            .collect();
        gametree_lab::index::write_index(&dir).unwrap();
        Serial { dir, runs }
    })
}

/// Korf's quick run in three and in seven real shards (seven leave some shards without an
/// item), and the three redealt to one and two, each merged to the single run's files.
#[test]
fn korf_quick_in_3_and_7_shards_and_redealt_to_1_and_2_merges_to_the_single_run() {
    let one = &serial(KORF).dir;
    let experiments = select(Some(KORF)).unwrap();
    let mut three = Vec::new();
    for n in [3, 7] {
        let parts = scratch(&format!("korf-parts-{n}"));
        run_all_shards(KORF, &QUICK, n, &parts);
        let got = read_parts(&parts);
        assert_eq!(got.len(), n);
        if n == 7 {
            assert!(
                got.iter().any(|(_, p)| p.items.is_empty()),
                "an empty shard"
            );
        }
        let out = scratch(&format!("korf-merged-{n}"));
        let done = merge(&got, &out).unwrap();
        assert_eq!(done.len(), 2);
        assert_same_files(one, &out);
        if n == 3 {
            three = got;
        }
    }
    for n in [1, 2] {
        let parts = redeal(&three, &experiments, &QUICK, n);
        let out = scratch(&format!("korf-merged-{n}"));
        assert_eq!(merge(&parts, &out).unwrap().len(), 2);
        assert_same_files(one, &out);
    }
}

/// Parts of `n` shards made of the items of other parts: what `n` real shards compute,
/// since an item's result depends on the item only.
fn redeal(
    pool: &[(PathBuf, Part)],
    experiments: &[Experiment],
    ctx: &Ctx,
    n: usize,
) -> Vec<(PathBuf, Part)> {
    let all = items(experiments, ctx);
    let by_name: HashMap<String, _> = pool
        .iter()
        .flat_map(|(_, p)| p.items.iter())
        .map(|it| (format!("{} {}", it.experiment, it.key), it.clone()))
        .collect();
    (0..n)
        .map(|i| {
            let s = Shard::new(i, n).unwrap();
            let mut p = pool[0].1.clone();
            p.shard = s;
            p.items = items_of(&all, s)
                .iter()
                .map(|it| by_name[&it.name()].clone())
                .collect();
            (PathBuf::from(format!("redealt-{i}-of-{n}.json")), p)
        })
        .collect()
}

/// Table I, the experiment cut finest (its best cases and each tree of each line are items of
/// their own), in three shards and redealt. The paper's other experiments are cut coarser;
/// `items_assemble_to_the_whole_run` cuts the chess case study, and the CLI's shard tests
/// merge whole papers. (The whole paper here played its 20 s of quick experiments twice.)
#[test]
fn fridenfalk_table_1_quick_in_3_shards_and_redealt_to_1_2_7_merges_to_the_single_run() {
    let one = &serial(TABLE_1).dir;
    let parts = scratch("fridenfalk-parts-3");
    run_all_shards(TABLE_1, &QUICK, 3, &parts);
    let got = read_parts(&parts);
    // Table I is cut finer than whole: best cases and trees are items of their own.
    let n_items: usize = got.iter().map(|(_, p)| p.items.len()).sum();
    assert!(n_items > 50, "{n_items} items");
    assert!(got.iter().all(|(_, p)| !p.items.is_empty()));
    let out = scratch("fridenfalk-merged-3");
    merge(&got, &out).unwrap();
    assert_same_files(one, &out);
    let experiments = select(Some(TABLE_1)).unwrap();
    for n in [1, 2, 7] {
        let parts = redeal(&got, &experiments, &QUICK, n);
        let out = scratch(&format!("fridenfalk-merged-{n}"));
        merge(&parts, &out).unwrap();
        assert_same_files(one, &out);
    }
}

#[test]
fn a_table_1_item_is_the_same_alone_as_in_the_whole_table() {
    // Tree 5 of line N=3 b=4 d=9 on its own gives the numbers the whole table averages.
    use gametree_lab::papers::fridenfalk::{
        average_case, table_1_tree, Order, TABLE_1, TABLE_1_SEED,
    };
    use gametree_run::runner::trial_seed;
    let (mu, mu_s) = average_case(&TABLE_1[1], 8, trial_seed(TABLE_1_SEED, 1), false);
    assert_eq!(table_1_tree(1, 5, Order::Unsorted), mu[5]);
    assert_eq!(table_1_tree(1, 5, Order::Sorted), mu_s[5]);
    assert_ne!(mu[5], mu[4]);
}

#[test]
fn a_missing_or_duplicated_shard_is_named_and_a_rerun_fixes_it() {
    let parts = scratch("rerun-parts");
    run_all_shards(KORF, &QUICK, 3, &parts);
    let all = read_parts(&parts);
    // Which shard holds an item (the deal gives one item each to two of the shards).
    let holder = all.iter().position(|(_, p)| !p.items.is_empty()).unwrap();
    let item = format!(
        "{} {}",
        all[holder].1.items[0].experiment, all[holder].1.items[0].key
    );
    let without: Vec<_> = all
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != holder)
        .map(|(_, p)| p.clone())
        .collect();
    let out = scratch("rerun-merged");
    match merge(&without, &out) {
        Err(e @ MergeError::Missing { .. }) => {
            let msg = e.to_string();
            assert!(msg.contains(&item), "{msg}");
            assert!(msg.contains(&format!("--shard {holder}/3")), "{msg}");
        }
        other => panic!("expected missing items, got {other:?}"),
    }
    assert!(
        !out.exists(),
        "nothing is written when the parts do not fit"
    );
    let mut twice = all.clone();
    twice.push(all[holder].clone());
    match merge(&twice, &out) {
        Err(e @ MergeError::Duplicate { .. }) => {
            let msg = e.to_string();
            assert!(msg.contains(&item), "{msg}");
        }
        other => panic!("expected duplicated items, got {other:?}"),
    }
    // Run the missing shard again (its part is replaced atomically) and merge.
    fs::remove_file(&all[holder].0).unwrap();
    assert!(merge(&read_parts(&parts), &out).is_err());
    let experiments = select(Some(KORF)).unwrap();
    run_shard(
        &experiments,
        &RunParams::reproduce(Some(KORF), &QUICK),
        &QUICK,
        Shard::new(holder, 3).unwrap(),
        &parts,
        |_, _| {},
    )
    .unwrap();
    let done = merge(&read_parts(&parts), &out).unwrap();
    assert_eq!(done.len(), 2);
    assert_same_files(&serial(KORF).dir, &out);
}

#[test]
fn parts_of_another_version_or_other_parameters_are_refused() {
    let parts = scratch("foreign-parts");
    run_all_shards("korf-1991/best-case", &QUICK, 2, &parts);
    let good = read_parts(&parts);
    let out = scratch("foreign-merged");
    let check = |parts: &[(PathBuf, Part)], fragment: &str| {
        let e = merge(parts, &out).unwrap_err();
        assert!(e.to_string().contains(fragment), "{e}");
        assert!(!out.exists());
    };
    let mut v = good.clone();
    v[1].1.gametree_version = "0.0.1".into();
    check(&v, "gametree_version is 0.0.1");
    let mut v = good.clone();
    v[0].1.gametree_version = "0.0.1".into();
    check(&v, "this gametree is");
    let mut v = good.clone();
    v[1].1.run.quick = false;
    check(&v, "the run's parameters");
    let mut v = good.clone();
    v[1].1.run.params.set(&Hands(Some(7)));
    check(&v, "--hands 7");
    let mut v = good.clone();
    v[1].1.git_commit = "0123abc".into();
    check(&v, "git_commit");
    let mut v = good.clone();
    let holder = v.iter().position(|(_, p)| !p.items.is_empty()).unwrap();
    v[holder].1.items[0].params = "quick=true trials=1".into();
    check(&v, "the parameters of an item");
    let mut v = good.clone();
    v[holder].1.items[0].key = "tree 99".into();
    check(&v, "is not in this run");
    // A part file that is not a part.
    let junk = parts.join("junk.json");
    fs::write(&junk, "{\"format\": \"something-else\"}").unwrap();
    let e = read_part(&junk).unwrap_err().to_string();
    assert!(e.contains("part format `something-else`"), "{e}");
    fs::write(&junk, "not json").unwrap();
    assert!(read_part(&junk)
        .unwrap_err()
        .to_string()
        .contains("not JSON"));
    // And the good parts merge.
    merge(&good, &out).unwrap();
}

fn env(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
    let m: HashMap<String, String> = pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    move |k| m.get(k).cloned()
}

#[test]
fn the_shard_from_flags_and_scheduler_environments() {
    let s = |i, n| Some(Shard::new(i, n).unwrap());
    let none = env(&[]);
    assert_eq!(resolve(None, None, &none), Ok(None));
    assert_eq!(resolve(s(2, 5), None, &none), Ok(s(2, 5)));
    assert_eq!(resolve(s(2, 5), Some(5), &none), Ok(s(2, 5)));
    assert!(matches!(
        resolve(s(2, 5), Some(4), &none),
        Err(ShardError::Conflict(_))
    ));
    assert!(matches!(
        resolve(None, Some(4), &none),
        Err(ShardError::Incomplete(_))
    ));
    // SLURM: the index and the count; the minimum of the array subtracted.
    let slurm = env(&[
        ("SLURM_ARRAY_TASK_ID", "3"),
        ("SLURM_ARRAY_TASK_COUNT", "16"),
    ]);
    assert_eq!(resolve(None, None, &slurm), Ok(s(3, 16)));
    assert_eq!(resolve(None, Some(16), &slurm), Ok(s(3, 16)));
    let e = resolve(None, Some(8), &slurm).unwrap_err().to_string();
    assert!(
        e.contains("SLURM_ARRAY_TASK_COUNT is 16 but --shards is 8"),
        "{e}"
    );
    // The flag wins over the environment.
    assert_eq!(resolve(s(1, 2), None, &slurm), Ok(s(1, 2)));
    let from_one = env(&[
        ("SLURM_ARRAY_TASK_ID", "16"),
        ("SLURM_ARRAY_TASK_MIN", "1"),
        ("SLURM_ARRAY_TASK_COUNT", "16"),
    ]);
    assert_eq!(resolve(None, None, &from_one), Ok(s(15, 16)));
    let no_count = env(&[("SLURM_ARRAY_TASK_ID", "3")]);
    assert!(matches!(
        resolve(None, None, &no_count),
        Err(ShardError::Incomplete(_))
    ));
    assert_eq!(resolve(None, Some(4), &no_count), Ok(s(3, 4)));
    let beyond = env(&[
        ("SLURM_ARRAY_TASK_ID", "16"),
        ("SLURM_ARRAY_TASK_COUNT", "16"),
    ]);
    assert!(resolve(None, None, &beyond).is_err());
    // Kubernetes: the index only; the count from --shards.
    let k8s = env(&[("JOB_COMPLETION_INDEX", "7")]);
    assert_eq!(resolve(None, Some(16), &k8s), Ok(s(7, 16)));
    let e = resolve(None, None, &k8s).unwrap_err().to_string();
    assert!(e.contains("--shards"), "{e}");
    // Both schedulers must agree.
    let both = env(&[
        ("JOB_COMPLETION_INDEX", "7"),
        ("SLURM_ARRAY_TASK_ID", "6"),
        ("SLURM_ARRAY_TASK_COUNT", "16"),
    ]);
    assert!(matches!(
        resolve(None, None, &both),
        Err(ShardError::Conflict(_))
    ));
    let bad = env(&[("JOB_COMPLETION_INDEX", "seven")]);
    let e = resolve(None, Some(16), &bad).unwrap_err().to_string();
    assert!(e.contains("JOB_COMPLETION_INDEX=`seven`"), "{e}");
    // An empty variable counts as unset.
    assert_eq!(
        resolve(None, None, env(&[("JOB_COMPLETION_INDEX", "")])),
        Ok(None)
    );
}

#[test]
fn shard_flags_parse() {
    assert_eq!(
        "0/16".parse::<Shard>(),
        Ok(Shard {
            index: 0,
            count: 16
        })
    );
    assert_eq!("15/16".parse::<Shard>().unwrap().to_string(), "15/16");
    for bad in [
        "16/16", "1", "-1/4", "a/4", "1/0", "1/", "/4", "1/2/3", " 1/2x",
    ] {
        assert!(bad.parse::<Shard>().is_err(), "{bad}");
    }
}

#[test]
fn every_split_deals_every_item_once() {
    let experiments = select(None).unwrap();
    for ctx in [QUICK, FULL] {
        let all = items(&experiments, &ctx);
        let names: Vec<String> = all.iter().map(|i| i.name()).collect();
        let mut unique = names.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), names.len(), "item names are unique");
        for n in [1, 2, 3, 7, 16, 200] {
            let mut seen: Vec<String> = (0..n)
                .flat_map(|i| items_of(&all, Shard::new(i, n).unwrap()))
                .map(|i| i.name())
                .collect();
            seen.sort();
            assert_eq!(seen, unique, "{n} shards");
        }
    }
    // The greedy deal: the costliest first, each to the least loaded shard.
    assert_eq!(deal(&[1.0, 5.0, 3.0, 3.0], 2), vec![0, 0, 1, 1]);
}

#[test]
fn full_table_1_in_16_shards_is_balanced_within_1_3() {
    let t1 = select(Some("fridenfalk-2014/table-1")).unwrap();
    let all = items(&t1, &FULL);
    let b = Balance::of(&all, 16);
    assert_eq!(b.loads.len(), 16);
    assert!(
        b.ratio() <= 1.3,
        "longest/mean {:.3}: {:?}",
        b.ratio(),
        b.loads
    );
    // 22 best cases and 8 trees of every line, each searched unsorted and sorted.
    assert_eq!(all.len(), 22 * 17);
    // The deal itself, shown with `--nocapture` (docs/cluster.md quotes it); each shard's
    // load is the sum of its items' estimates.
    println!("{b:?} ratio {:.3}", b.ratio());
    for s in 0..16 {
        let mine = items_of(&all, Shard::new(s, 16).unwrap());
        let names: Vec<&str> = mine.iter().map(|i| i.key.as_str()).collect();
        println!(
            "shard {s}: {:.0} s, {} items: {}",
            b.loads[s],
            mine.len(),
            names.join("; ")
        );
        assert!(!mine.is_empty(), "shard {s} got no item");
    }
}

#[test]
fn outputs_round_trip_exactly_through_a_part() {
    let o = Output {
        rows: Vec::new(),
        plots: vec![Plot {
            file: "x.svg".into(),
            title: "t".into(),
            x_label: "x".into(),
            y_label: "y".into(),
            series: vec![Series {
                name: "s".into(),
                points: vec![(0.1, 1.0 / 3.0), (f64::NAN, f64::INFINITY)],
                paper: vec![(2.5e-300, -0.0)],
                intervals: vec![(1.0, f64::NEG_INFINITY, 7.123456789012345)],
            }],
            log_y: true,
        }],
    };
    let json = output_to_json(&o);
    // JSON has no NaN or infinity: they are stored as strings.
    assert_eq!(
        json["plots"][0]["series"][0]["points"][1],
        serde_json::json!(["NaN", "inf"])
    );
    assert_eq!(json["plots"][0]["series"][0]["intervals"][0][1], "-inf");
    let back = output_from_json(&json).unwrap();
    let p = &back.plots[0].series[0];
    assert_eq!(p.points[0], (0.1, 1.0 / 3.0));
    assert!(p.points[1].0.is_nan() && p.points[1].1 == f64::INFINITY);
    assert_eq!(p.paper[0].0.to_bits(), 2.5e-300f64.to_bits());
    assert_eq!(p.intervals[0].1, f64::NEG_INFINITY);
    assert_eq!(p.intervals[0].2, 7.123456789012345);
    assert!(back.plots[0].log_y);
    // A string that names no float is refused.
    let mut bad = json;
    bad["plots"][0]["series"][0]["paper"][0][0] = serde_json::json!("nan");
    assert!(output_from_json(&bad).is_none());
}

/// The text report of a run with its timing fields blanked: the head line's elapsed time
/// and each experiment's `wall time` line.
fn report_text(done: &[gametree_lab::reproduce::Done]) -> String {
    let mut text = gametree_lab::reproduce::summary_text(done, true, 0.0);
    for d in done {
        text.push_str(&gametree_lab::reproduce::done_text(d));
    }
    text.lines()
        .map(|l| {
            if l.starts_with("wall time ") || l.starts_with("gametree ") {
                "(timing)\n".to_string()
            } else {
                format!("{l}\n")
            }
        })
        .collect()
}

/// The parallel run (the items of every experiment at once, the costliest first; Table I
/// cut into its lines and trees) gives the files, rows and text report of running the
/// experiments whole, one after another, in the selection's order (timing fields aside):
/// Korf's two experiments with one thread; with two, Fridenfalk's Table I beside them (its
/// quick run, about 11 s of processor time in the tested build, is played once here, not
/// once per thread count; the serial runs are shared with the other tests).
#[test]
fn the_parallel_run_with_one_or_two_threads_equals_the_serial_run() {
    for (threads, targets) in [(1, &[KORF][..]), (2, &[KORF, TABLE_1][..])] {
        let mut experiments = Vec::new();
        // The serial run of the targets: their files in one directory, and its index.
        let serial_dir = scratch(&format!("serial-of-{threads}"));
        let mut serial = Vec::new();
        for &target in targets {
            experiments.extend(select(Some(target)).unwrap());
            let one = self::serial(target);
            for (name, _) in normalized(&one.dir) {
                if name != gametree_lab::index::INDEX {
                    let to = serial_dir.join(&name);
                    fs::create_dir_all(to.parent().unwrap()).unwrap();
                    fs::copy(one.dir.join(&name), to).unwrap();
                }
            }
            serial.extend(one.done());
        }
        gametree_lab::index::write_index(&serial_dir).unwrap();
        let dir = scratch(&format!("parallel-{threads}"));
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let done = pool
            .install(|| run(&experiments, &QUICK, Some(&dir), |_| {}))
            .unwrap();
        let rows = |d: &[gametree_lab::reproduce::Done]| -> Vec<_> {
            d.iter().flat_map(|d| d.rows.clone()).collect()
        };
        assert_eq!(rows(&done), rows(&serial), "{threads} threads");
        assert_eq!(
            report_text(&done),
            report_text(&serial),
            "{threads} threads"
        );
        assert_same_files(&serial_dir, &dir);
        let _ = fs::remove_dir_all(&dir);
        let _ = fs::remove_dir_all(&serial_dir);
    }
}

/// A whole experiment is one item whose result assembles to what its `run` gives; an
/// unknown key runs nothing, results that do not fit assemble to nothing; the chess case
/// study is cut into its matches at each depth.
#[test]
fn items_assemble_to_the_whole_run() {
    let e = select(Some("korf-1991/best-case")).unwrap()[0];
    let items = e.items(&QUICK);
    assert_eq!(items.len(), 1);
    let results: Vec<_> = items
        .iter()
        .map(|i| e.run_item(&QUICK, &i.key).unwrap())
        .collect();
    assert_eq!(
        e.assemble(&QUICK, &results).unwrap().rows,
        (e.run)(&QUICK).rows
    );
    assert!(e.run_item(&QUICK, "no such item").is_none());
    assert!(e.assemble(&QUICK, &[]).is_none());
    let chess = select(Some("fridenfalk-2014/chess-case-study")).unwrap()[0];
    let keys: Vec<String> = chess.items(&QUICK).into_iter().map(|i| i.key).collect();
    assert_eq!(
        keys,
        [
            "maxn vs nmax d=1",
            "maxn vs nmax d=2",
            "hypermax vs nmax d=1",
            "hypermax vs nmax d=2"
        ]
    );
    // Results out of order or one short do not fit together.
    assert!(chess.assemble(&QUICK, &[]).is_none());
}

/// A part's `run` as written before the experiments owned their parameters (`hands` and
/// `strength` beside `command`, `target` and `quick`) reads into each experiment's own
/// parameters and writes back byte for byte, so parts of a stopped run still merge and
/// resume; a run without them reads as the mode's, and each is checked by its type.
#[test]
fn runs_of_older_parts_read_into_each_experiments_parameters() {
    use gametree_lab::papers::strength::{BudgetRule, StrengthMatches, StrengthScale};
    let old = r#"{"command":"reproduce","target":"beyond/strength","quick":true,"hands":3,"strength":{"openings":2,"budget":{"calibrated":{"divisor":10}},"matches":"claims","games":9}}"#;
    let run: RunParams = serde_json::from_str(old).unwrap();
    assert_eq!(run.ctx().params.get::<Hands>(), Hands(Some(3)));
    let scale = StrengthScale {
        openings: Some(2),
        budget: Some(BudgetRule::Calibrated { divisor: 10 }),
        matches: StrengthMatches::Claims,
        games: Some(9),
    };
    assert_eq!(run.ctx().params.get::<StrengthScale>(), scale);
    assert_eq!(serde_json::to_string(&run).unwrap(), old);
    // The mode's settings, written in full, and the same without them.
    let mode = r#"{"command":"reproduce","target":null,"quick":false,"hands":null,"strength":{"openings":null,"budget":null,"matches":"all","games":null}}"#;
    let run: RunParams = serde_json::from_str(mode).unwrap();
    assert_eq!(run.ctx(), Ctx::mode(false));
    assert_eq!(serde_json::to_string(&run).unwrap(), mode);
    let bare: RunParams =
        serde_json::from_str(r#"{"command":"reproduce","target":null,"quick":false}"#).unwrap();
    assert_eq!(bare, run);
    // Each experiment's parameters are read by its type.
    for (bad, words) in [
        (r#""hands":"many""#, "invalid type: string \"many\""),
        (r#""strength":{"extra":1}"#, "unknown field `extra`"),
        (r#""strength":5"#, "the strength experiment's scale"),
        (r#""colour":1"#, "unknown field `colour`, expected one of `command`, `target`, `quick`, `hands`, `strength`"),
        (r#""quick":true"#, "duplicate field `quick`"),
    ] {
        let text = format!(r#"{{"command":"reproduce","target":null,"quick":false,{bad}}}"#);
        let e = serde_json::from_str::<RunParams>(&text).unwrap_err().to_string();
        assert!(e.contains(words), "{bad}: {e}");
    }
}
