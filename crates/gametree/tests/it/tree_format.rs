//! The explicit tree format: bundled examples, round trips, labels and depth-limit checks,
//! the value range, duplicate keys, field order, and a fuzzing safety net for the parser.

use std::path::PathBuf;

use gametree::search::algorithm::{run, Algorithm};
use gametree::search::{maxn::maxn, Config};
use gametree::tree::{ExplicitTree, Node, TreeEval, TreeOptions};
use gametree::{Evaluator, Game, Player, Scores, MAX_SCORE};
use proptest::prelude::*;

use crate::common::{random_tree, Leaves, Shape, Turns};

fn examples() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/trees");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("examples/trees exists")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    v.sort();
    v
}

#[test]
fn every_bundled_example_parses_round_trips_and_searches() {
    let files = examples();
    assert!(files.len() >= 7, "{files:?}");
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let t =
            ExplicitTree::from_json_str(&text).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let again = ExplicitTree::from_json(&t.to_json()).unwrap();
        assert_eq!(t.to_node(0), again.to_node(0), "{}", f.display());
        assert_eq!(
            t.declared_bounds(),
            again.declared_bounds(),
            "{}",
            f.display()
        );
        let r = maxn(&t, &TreeEval, &t.initial(), &Config::unlimited()).unwrap();
        assert_eq!(
            r.stats.nodes as usize,
            t.len(),
            "max^n visits every node of {}",
            f.display()
        );
    }
}

#[test]
fn random_trees_round_trip_through_json() {
    for seed in 0..1_000u64 {
        let shape = Shape {
            players: 2 + (seed % 5) as usize,
            max_branch: 4,
            max_depth: 5,
            early_leaf_percent: 25,
            turns: if seed % 2 == 0 {
                Turns::RoundRobin
            } else {
                Turns::Arbitrary
            },
            leaves: if seed % 3 == 0 {
                Leaves::ConstantSum { maxsum: 12 }
            } else {
                Leaves::BelowMaxsum { maxsum: 12 }
            },
        };
        let t = random_tree(seed, &shape);
        let text = t.to_json().to_string();
        let again = ExplicitTree::from_json_str(&text).unwrap();
        assert_eq!(t.to_node(0), again.to_node(0), "seed {seed}");
        assert_eq!(t.height(), again.height());
        assert_eq!(t.declared_bounds(), again.declared_bounds());
    }
}

#[test]
fn labels_paths_and_inner_values() {
    let t = ExplicitTree::from_json_str(
        r#"{ "players": 2, "root": { "player": 0, "label": "a", "value": 1, "children": [
              { "player": 1, "label": "b", "value": 2, "children": [ { "value": 3, "label": "c" } ] },
              { "value": -4 } ] } }"#,
    )
    .unwrap();
    assert_eq!(t.label(0), Some("a"));
    let b = t.play(&0, 0);
    assert_eq!(t.label(b), Some("b"));
    assert_eq!(t.path(t.play(&b, 0)), "root.children[0].children[0]");
    assert_eq!(t.value(b), Some(Scores::zero_sum(2)));
    assert!(
        t.check_depth_limit(1).is_ok(),
        "inner nodes at depth 1 carry values"
    );
    let r = maxn(&t, &TreeEval, &0, &Config::depth(1)).unwrap();
    assert_eq!(
        r.value,
        Scores::zero_sum(2),
        "depth 1 reads b's heuristic value"
    );
}

#[test]
fn depth_limit_check_names_the_node_without_a_value() {
    let t = ExplicitTree::from_json_str(
        r#"{ "players": 3, "root": { "player": 0, "children": [
              { "value": [1, 1, 1] },
              { "player": 1, "children": [ { "value": [2, 2, 2] } ] } ] } }"#,
    )
    .unwrap();
    let e = t.check_depth_limit(1).unwrap_err().to_string();
    assert!(
        e.starts_with("root.children[1]: a depth limit of 1 cuts"),
        "{e}"
    );
    assert!(t.check_depth_limit(2).is_ok());
    let e = t.check_depth_limit(0).unwrap_err().to_string();
    assert!(e.starts_with("root: a depth limit of 0 cuts"), "{e}");
}

/// `unvalued_cut_depths` lists exactly the depths `k >= 1` at which `check_depth_limit`
/// fails, on every bundled example and on trees with inner values at some levels only.
#[test]
fn unvalued_cut_depths_are_the_failing_depth_limits() {
    let mut trees: Vec<ExplicitTree> = examples()
        .iter()
        .map(|p| ExplicitTree::from_json_str(&std::fs::read_to_string(p).unwrap()).unwrap())
        .collect();
    trees.push(
        ExplicitTree::from_json_str(
            r#"{ "players": 2, "root": { "player": 0, "children": [
              { "player": 1, "value": [0, 0], "children": [
                  { "player": 0, "children": [ { "value": [1, -1] } ] } ] },
              { "player": 1, "children": [ { "value": [2, -2] } ] } ] } }"#,
        )
        .unwrap(),
    );
    let mut seen_a_cut = false;
    for t in &trees {
        let cuts = t.unvalued_cut_depths();
        seen_a_cut |= !cuts.is_empty();
        for k in 1..=t.height() + 1 {
            assert_eq!(
                cuts.contains(&k),
                t.check_depth_limit(k).is_err(),
                "depth {k}"
            );
        }
    }
    assert!(seen_a_cut, "some tree has an unvalued cut");
}

/// A tree that must not load, with the fragment its error must contain.
fn rejected(text: &str, fragment: &str) {
    match ExplicitTree::from_json_str(text) {
        Ok(t) => panic!("accepted {text}: {:?}", t.to_node(0)),
        Err(e) => assert!(e.to_string().contains(fragment), "{text}: {e}"),
    }
}

const KORF_FIG6: &str = include_str!("../../../../examples/trees/korf-1991-fig6-deep-pruning.json");

#[test]
fn defect_5_min_i64_leaf_and_bounds_are_rejected() {
    let min = "-9223372036854775808";
    rejected(
        &format!(
            r#"{{"players":2,"root":{{"player":0,"children":[{{"value":{min}}},{{"value":1}}]}}}}"#
        ),
        "root.children[0].value: integer -9223372036854775808 out of range",
    );
    rejected(
        &format!(r#"{{"players":3,"root":{{"player":0,"children":[{{"value":[1,{min},1]}}]}}}}"#),
        "root.children[0].value[1]: integer -9223372036854775808 out of range",
    );
    rejected(
        &KORF_FIG6.replacen(
            "\"maxsum\": 9,",
            &format!("\"maxsum\": 9, \"lower\": {min},"),
            1,
        ),
        "lower: integer -9223372036854775808 out of range",
    );
    for field in ["maxsum", "step"] {
        rejected(
            &format!(r#"{{"players":2,"{field}":{min},"root":{{"value":1}}}}"#),
            &format!("{field}: integer -9223372036854775808 out of range"),
        );
    }
    rejected(
        &format!(
            r#"{{"players":2,"root":{{"player":0,"bounds":[[{min},5],[-5,5]],"children":[{{"value":1}}]}}}}"#
        ),
        "root.bounds[0][0]: integer -9223372036854775808 out of range",
    );
    // Just outside the range on either side; just inside is fine.
    rejected(
        r#"{"players":2,"root":{"value":-281474976710657}}"#,
        "out of range (at most 2^48 in magnitude)",
    );
    rejected(
        r#"{"players":2,"root":{"value":281474976710657}}"#,
        "out of range (at most 2^48 in magnitude)",
    );
    ExplicitTree::from_json_str(r#"{"players":2,"root":{"value":-281474976710656}}"#).unwrap();
}

#[test]
fn defect_5_trees_built_from_nodes_check_the_range_too() {
    let e = ExplicitTree::from_node(
        2,
        &Node::inner(0, vec![Node::leaf(&[i64::MIN, 0]), Node::leaf(&[1, -1])]),
        TreeOptions::default(),
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "root.children[0].value[0]: integer -9223372036854775808 out of range (at most 2^48 in magnitude)"
    );
    let e = ExplicitTree::from_node(
        3,
        &Node::inner(0, vec![Node::leaf(&[1, 1, 1])]),
        TreeOptions {
            maxsum: Some(9),
            lower: Some(vec![0, i64::MIN, 0]),
            step: None,
        },
    )
    .unwrap_err();
    assert!(e.to_string().starts_with("lower[1]: integer"), "{e}");
}

#[test]
fn defect_5_nmax_and_hypermax_never_see_a_min_i64_leaf() {
    // Once accepted, this leaf's projection wrapped and N-max and hypermax chose it.
    let text = r#"{"players":2,"root":{"player":0,"children":[{"value":-9223372036854775808},{"value":1}]}}"#;
    let e = ExplicitTree::from_json_str(text).unwrap_err();
    assert_eq!(
        e.to_string(),
        "root.children[0].value: integer -9223372036854775808 out of range (at most 2^48 in magnitude)"
    );
}

/// Every max^n-family search and the projections agree, and nothing overflows (the tests run
/// with overflow checks), on trees whose values and bounds sit at the ends of the range.
#[test]
fn every_algorithm_is_safe_at_the_ends_of_the_score_range() {
    let m = MAX_SCORE;
    // Two players: nmax and hypermax must pick the best leaf, not the most negative one.
    let t = ExplicitTree::from_json_str(&format!(
        r#"{{"players":2,"root":{{"player":0,"children":[{{"value":{}}},{{"value":{m}}},{{"value":0}}]}}}}"#,
        -m
    ))
    .unwrap();
    for a in [
        Algorithm::Nmax,
        Algorithm::Hypermax,
        Algorithm::HypermaxSorted,
        Algorithm::Maxn,
    ] {
        let r = run(a, &t, &TreeEval, &0, &Config::unlimited()).unwrap();
        assert_eq!(r.best_move, Some(1), "{a}");
    }
    for a in Algorithm::ALL {
        let _ = run(*a, &t, &TreeEval, &0, &Config::unlimited());
    }
    // Six players, lower bounds -2^48, maxsum 2^48, leaves at the extremes.
    let mut rng = 0x5eed_u64;
    let mut next = move || {
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        rng >> 33
    };
    for _ in 0..200 {
        let root = extreme_tree(&mut next, 0, 4, m);
        let t = ExplicitTree::from_node(
            6,
            &root,
            TreeOptions {
                maxsum: Some(m),
                lower: Some(vec![-m; 6]),
                step: None,
            },
        )
        .unwrap();
        search_everything(&t);
    }
}

fn extreme_tree(next: &mut impl FnMut() -> u64, depth: u32, max_depth: u32, m: i64) -> Node {
    if depth == max_depth || (depth > 0 && next() % 4 == 0) {
        let pick = [-m, -m + 1, 0, m - 1, m];
        let mut v: Vec<i64> = (0..6).map(|_| pick[(next() % 5) as usize]).collect();
        while v.iter().sum::<i64>() > m {
            let i = (0..6).max_by_key(|&i| v[i]).unwrap();
            v[i] = -m;
        }
        return Node::leaf(&v);
    }
    let children = (0..1 + next() % 3)
        .map(|_| extreme_tree(next, depth + 1, max_depth, m))
        .collect();
    Node::inner((next() % 6) as usize, children)
}

/// Runs every algorithm (errors allowed, panics not); the pruning max^n searches must equal
/// max^n whenever they succeed.
fn search_everything(t: &ExplicitTree) {
    let config = Config::unlimited();
    let plain = maxn(t, &TreeEval, &t.initial(), &config).expect("max^n searches any tree");
    for a in Algorithm::ALL {
        let r = run(*a, t, &TreeEval, &t.initial(), &config);
        if let (Ok(r), true) = (
            &r,
            matches!(
                a,
                Algorithm::Shallow
                    | Algorithm::BranchAndBound
                    | Algorithm::LastBranch
                    | Algorithm::Speculative
            ),
        ) {
            assert_eq!(r.value, plain.value, "{a} on {:?}", t.to_node(0));
        }
    }
}

#[test]
fn defect_6_duplicate_keys_are_rejected_with_their_path() {
    rejected(
        r#"{"players":3,"players":2,"root":{"player":0,"children":[{"value":1}]}}"#,
        "$: duplicate key \"players\"",
    );
    rejected(
        r#"{"players":2,"root":{"player":0,"children":[],"children":[{"value":1}]}}"#,
        "root: duplicate key \"children\"",
    );
    rejected(
        r#"{"players":2,"root":{"player":0,"children":[{"value":1},{"value":1,"value":2}]}}"#,
        "root.children[1]: duplicate key \"value\"",
    );
    rejected(
        r#"{"players":2,"root":{"player":0,"children":[{"value":1,"label":"a","label":"b"}]}}"#,
        "root.children[0]: duplicate key \"label\"",
    );
}

#[test]
fn fields_may_come_in_any_order() {
    // `root` before `players`: read in a second pass once the number of players is known.
    let t = ExplicitTree::from_json_str(
        r#"{"root":{"children":[{"value":[1,2,3]},{"value":[3,2,1]}],"player":1},"maxsum":6,"players":3}"#,
    )
    .unwrap();
    assert_eq!(t.to_move(&0), Player::new(1));
    assert_eq!(t.value(2), Some(Scores::from_slice(&[3, 2, 1])));
    assert!(t.declared_bounds().constant_sum);
    rejected(
        r#"{"root":{"player":0,"children":[{"value":[1,2]}]},"players":3}"#,
        "root.children[0].value: expected 3 numbers, found 2",
    );
    // Labels and bounds after the children still land on their node.
    let t = ExplicitTree::from_json_str(
        r#"{"players":2,"root":{"children":[{"children":[{"value":1,"label":"c"}],"player":1,"label":"b","bounds":[[0,1],[-1,0]]},{"value":2,"label":"d"}],"player":0,"label":"a"}}"#,
    )
    .unwrap();
    let labels: Vec<_> = (0..t.len() as u32).map(|n| t.label(n)).collect();
    assert_eq!(labels, [Some("a"), Some("b"), Some("d"), Some("c")]);
    assert_eq!(TreeEval.subtree_bounds(&t, &1).map(|b| b[0]), Some((0, 1)));
    assert_eq!(TreeEval.subtree_bounds(&t, &2), None);
}

/// Mutations of a bundled example: a byte flip, an insertion (often an extreme number or a
/// duplicated key), a deletion, or a number replaced by an extreme one.
#[derive(Clone, Debug)]
enum Mutation {
    Flip(usize, u8),
    Insert(usize, usize),
    Delete(usize, usize),
    Number(usize, usize),
    TopField(usize),
}

const SPLICES: [&str; 16] = [
    "-9223372036854775808",
    "9223372036854775807",
    "18446744073709551616",
    "-281474976710656",
    "281474976710656",
    "281474976710657",
    "1e400",
    "-0",
    "1.5",
    "\"value\":[1,2,3],",
    "\"value\":1,",
    "\"players\":2,",
    "\"children\":[{\"value\":0}],",
    "\"bounds\":[[0,1],[0,1],[0,1]],",
    "{\"value\":[0,0,0]},",
    "]}",
];

/// Numbers that replace a number: extremes, non-integers, and ordinary values (so that many
/// mutants still load and get searched).
const NUMBERS: [&str; 14] = [
    "-9223372036854775808",
    "9223372036854775807",
    "18446744073709551616",
    "-281474976710656",
    "281474976710656",
    "1e400",
    "1.5",
    "-0",
    "0",
    "1",
    "2",
    "3",
    "-1",
    "9",
];

const TOP_SPLICES: [&str; 6] = [
    "\"lower\":-281474976710656,",
    "\"lower\":-9223372036854775808,",
    "\"step\":281474976710656,",
    "\"constant_sum\":true,",
    "\"lower\":[-281474976710656,-281474976710656,-281474976710656],",
    "\"players\":3,",
];

fn mutate(text: &str, mutations: &[Mutation]) -> String {
    let mut b = text.as_bytes().to_vec();
    for m in mutations {
        let len = b.len().max(1);
        match *m {
            Mutation::Flip(at, byte) => {
                if !b.is_empty() {
                    b[at % len] = byte;
                }
            }
            Mutation::Insert(at, k) => {
                let at = at % (b.len() + 1);
                b.splice(at..at, SPLICES[k % SPLICES.len()].bytes());
            }
            Mutation::Delete(at, n) => {
                let at = at % len;
                let end = (at + n % 16).min(b.len());
                b.drain(at.min(b.len())..end);
            }
            Mutation::Number(at, k) => {
                let digits: Vec<usize> = (0..b.len()).filter(|&i| b[i].is_ascii_digit()).collect();
                if let Some(&start) = digits.get(at % digits.len().max(1)) {
                    let mut end = start;
                    while end < b.len() && b[end].is_ascii_digit() {
                        end += 1;
                    }
                    b.splice(start..end, NUMBERS[k % NUMBERS.len()].bytes());
                }
            }
            Mutation::TopField(k) => {
                if let Some(at) = b.iter().position(|&c| c == b'{') {
                    b.splice(at + 1..at + 1, TOP_SPLICES[k % TOP_SPLICES.len()].bytes());
                }
            }
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        1 => (any::<usize>(), any::<u8>()).prop_map(|(a, b)| Mutation::Flip(a, b)),
        1 => (any::<usize>(), any::<usize>()).prop_map(|(a, k)| Mutation::Insert(a, k)),
        1 => (any::<usize>(), any::<usize>()).prop_map(|(a, n)| Mutation::Delete(a, n)),
        4 => (any::<usize>(), any::<usize>()).prop_map(|(a, k)| Mutation::Number(a, k)),
        2 => any::<usize>().prop_map(Mutation::TopField),
    ]
}

/// Parses `text`: never a panic; whatever loads searches without a panic, and the pruning
/// searches equal max^n.
fn parse_and_search(text: &str) {
    if let Ok(t) = ExplicitTree::from_json_str(text) {
        search_everything(&t);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        parse_and_search(&String::from_utf8_lossy(&bytes));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6_000))]

    #[test]
    fn mutated_examples_never_panic_and_prune_correctly(
        file in 0usize..64,
        mutations in proptest::collection::vec(mutation(), 1..4),
    ) {
        let texts = example_texts();
        let text = mutate(&texts[file % texts.len()], &mutations);
        parse_and_search(&text);
    }
}

fn example_texts() -> &'static [String] {
    static TEXTS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    TEXTS.get_or_init(|| {
        examples()
            .iter()
            .map(|f| std::fs::read_to_string(f).unwrap())
            .collect()
    })
}
