//! The failure of deep pruning (Korf 1991, section 3.4, Fig. 6; Sturtevant 2003, Fig. 3):
//! pruning on a bound inherited from a grandparent or a more distant ancestor changes the
//! max^n value of the root, while shallow pruning does not.

use gametree::search::branch_and_bound::branch_and_bound;
use gametree::search::maxn::maxn;
use gametree::search::shallow::shallow;
use gametree::search::Config;
use gametree::tree::{ExplicitTree, NodeId, TreeEval};
use gametree::{Game, Player, Score, Scores};

const KORF_FIG6: &str = include_str!("../../../../examples/trees/korf-1991-fig6-deep-pruning.json");
const STURTEVANT_FIG3: &str =
    include_str!("../../../../examples/trees/sturtevant-2003-fig3-deep-pruning.json");
const KORF_FIG3: &str =
    include_str!("../../../../examples/trees/korf-1991-fig3-shallow-pruning.json");
const STURTEVANT_FIG1: &str =
    include_str!("../../../../examples/trees/sturtevant-2003-fig1-maxn.json");
const STURTEVANT_FIG2: &str =
    include_str!("../../../../examples/trees/sturtevant-2003-fig2-shallow-pruning.json");

/// "Deep pruning", the tempting but wrong generalisation: a node of player `q` skips its
/// remaining children as soon as its best so far `y` and the bound `x` of ANY ancestor of a
/// different player `p` (parent, grandparent, ...) satisfy `x + y >= maxsum` (lower bounds
/// 0). With only the parent's bound this would be Korf's shallow pruning. Returns the value
/// and counts the leaves evaluated.
fn deep(
    t: &ExplicitTree,
    node: NodeId,
    ancestors: &mut Vec<Option<(Player, Score)>>,
    sum: Score,
    leaves: &mut u64,
) -> Scores {
    if t.is_leaf(node) {
        *leaves += 1;
        return t.value(node).unwrap();
    }
    let q = t.to_move(&node);
    let mut best: Option<Scores> = None;
    for c in t.children(node) {
        if let Some(b) = best {
            let y = b[q];
            let prune = ancestors
                .iter()
                .flatten()
                .any(|&(p, x)| p != q && x + y >= sum);
            if prune {
                break;
            }
        }
        ancestors.push(best.map(|b| (q, b[q])));
        let v = deep(t, c, ancestors, sum, leaves);
        ancestors.pop();
        if best.is_none_or(|b| v[q] > b[q]) {
            best = Some(v);
        }
    }
    best.unwrap()
}

fn check_failure(text: &str, wrong: &[Score], right: &[Score]) {
    let t = ExplicitTree::from_json_str(text).unwrap();
    let sum = t.declared_bounds().maxsum.unwrap();
    let mut deep_leaves = 0;
    let d = deep(&t, 0, &mut Vec::new(), sum, &mut deep_leaves);
    let m = maxn(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
    let s = shallow(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
    let b = branch_and_bound(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
    assert_eq!(m.value, Scores::from_slice(right));
    assert_eq!(
        d,
        Scores::from_slice(wrong),
        "deep pruning gives the wrong value"
    );
    assert_ne!(d, m.value);
    assert!(deep_leaves < m.stats.leaves);
    for r in [&s, &b] {
        assert_eq!(r.value, m.value);
        assert_eq!(r.best_move, m.best_move);
    }
    assert_eq!(
        s.stats.leaves, m.stats.leaves,
        "shallow pruning cannot prune here"
    );
}

#[test]
fn korf_figure_6_deep_pruning_changes_the_root_value() {
    // Node f = (3, 0, 6) is pruned on the root's bound 5 (player 1, from b) and d's bound 5
    // (player 3, from e): deep pruning returns (5, 2, 2); max^n is (6, 1, 2).
    check_failure(KORF_FIG6, &[5, 2, 2], &[6, 1, 2]);
    let t = ExplicitTree::from_json_str(KORF_FIG6).unwrap();
    let m = maxn(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
    assert_eq!(m.best_move, Some(1));
    assert_eq!(m.pv, vec![1, 1]);
}

#[test]
fn korf_figure_6_with_f_234_deep_pruning_happens_to_be_right() {
    // The text's first case, f = (2, 3, 4): then the pruned f does not matter.
    let text = KORF_FIG6.replace("[3, 0, 6]", "[2, 3, 4]");
    let t = ExplicitTree::from_json_str(&text).unwrap();
    let mut leaves = 0;
    let d = deep(&t, 0, &mut Vec::new(), 9, &mut leaves);
    let m = maxn(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
    assert_eq!(m.value, Scores::from_slice(&[5, 2, 2]));
    assert_eq!(d, m.value);
}

#[test]
fn sturtevant_figure_3_deep_pruning_changes_the_root_value() {
    check_failure(STURTEVANT_FIG3, &[5, 4, 1], &[6, 4, 0]);
}

#[test]
fn example_trees_without_deep_prunes_agree_with_maxn() {
    // Sanity check of the test's own deep pruning: on the example trees that have no
    // deep-prune opportunity it agrees with max^n.
    for (text, value, shallow_leaves) in [
        (KORF_FIG3, [3, 3, 3], 3),
        (STURTEVANT_FIG1, [5, 4, 1], 4),
        (STURTEVANT_FIG2, [5, 4, 1], 2),
    ] {
        let t = ExplicitTree::from_json_str(text).unwrap();
        let m = maxn(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
        let s = shallow(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
        let mut leaves = 0;
        let sum = t.declared_bounds().maxsum.unwrap();
        let d = deep(&t, 0, &mut Vec::new(), sum, &mut leaves);
        assert_eq!(m.value, Scores::from_slice(&value));
        assert_eq!(s.value, m.value);
        assert_eq!(d, m.value);
        assert_eq!(s.stats.leaves, shallow_leaves);
        assert_eq!(leaves, shallow_leaves);
    }
}
