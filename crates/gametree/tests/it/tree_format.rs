//! The explicit tree format: bundled examples, round trips, labels and depth-limit checks.

use std::path::PathBuf;

use gametree::search::{maxn::maxn, Config};
use gametree::tree::{ExplicitTree, TreeEval};
use gametree::{Game, Scores};

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
