//! Paranoid search against its oracles: plain paranoid minimax (value, move, PV), and a
//! textbook two-player alpha-beta on the paranoid tree, written here, leaf for leaf.

use gametree::search::paranoid::{paranoid, paranoid_plain};
use gametree::search::Config;
use gametree::tree::{ExplicitTree, NodeId, TreeEval};
use gametree::{Game, Player, Score, Scores};

use crate::common::{random_tree, Leaves, SplitMix64};
use crate::common::{RecEval, Recording};
use crate::multi_player_bounds::random_shape;

/// Textbook alpha-beta (fail-soft, as in Knuth & Moore / Wikipedia) on the paranoid tree:
/// `root` is MAX, every other player MIN, on `root`'s component; records evaluated leaves.
fn textbook(
    t: &ExplicitTree,
    node: NodeId,
    mut alpha: Score,
    mut beta: Score,
    root: Player,
    out: &mut Vec<NodeId>,
) -> Score {
    if t.is_leaf(node) {
        out.push(node);
        return t.value(node).unwrap()[root];
    }
    if t.to_move(&node) == root {
        let mut value = Score::MIN;
        for c in t.children(node) {
            value = value.max(textbook(t, c, alpha, beta, root, out));
            if value >= beta {
                break;
            }
            alpha = alpha.max(value);
        }
        value
    } else {
        let mut value = Score::MAX;
        for c in t.children(node) {
            value = value.min(textbook(t, c, alpha, beta, root, out));
            if value <= alpha {
                break;
            }
            beta = beta.min(value);
        }
        value
    }
}

/// Plain paranoid minimax, independently: the value and the first best root move.
fn minimax(t: &ExplicitTree, node: NodeId, root: Player) -> Score {
    if t.is_leaf(node) {
        return t.value(node).unwrap()[root];
    }
    let vals = t.children(node).map(|c| minimax(t, c, root));
    if t.to_move(&node) == root {
        vals.max().unwrap()
    } else {
        vals.min().unwrap()
    }
}

#[test]
fn paranoid_matches_plain_paranoid_and_textbook_alpha_beta() {
    let mut cutoffs = 0;
    for seed in 0..12_000u64 {
        let mut rng = SplitMix64(seed ^ 0xA11CE);
        let mut shape = random_shape(&mut rng, 2);
        if shape.players == 2 && rng.chance(50) {
            shape.leaves = Leaves::ZeroSum { max: 4 };
        }
        let t = random_tree(seed ^ 0xBEEF, &shape);
        let root = t.to_move(&0);
        let rec = Recording::new(&t);
        let r = paranoid(&rec, &RecEval, &0, &Config::unlimited()).unwrap();
        let mut ours = rec.take();
        // The last outcome asked for is leaf_of_pv's, after the search.
        let pv_leaf = ours.pop().unwrap();
        let plain = paranoid_plain(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
        let mut book = Vec::new();
        let v = textbook(&t, 0, Score::MIN, Score::MAX, root, &mut book);
        assert_eq!(ours, book, "seed {seed}: evaluated leaves");
        assert_eq!(r.stats.leaves as usize, book.len());
        assert_eq!(r.score, v, "seed {seed}");
        assert_eq!(r.score, minimax(&t, 0, root), "seed {seed}");
        assert_eq!(r.score, plain.score, "seed {seed}");
        assert_eq!(r.best_move, plain.best_move, "seed {seed}");
        assert_eq!(r.pv, plain.pv, "seed {seed}");
        assert_eq!(r.value, plain.value, "seed {seed}");
        assert_eq!(r.value[root], r.score, "seed {seed}");
        assert_eq!(t.value(pv_leaf), Some(r.value), "seed {seed}");
        // The root move is the first child of maximal paranoid value.
        if let Some(m) = plain.best_move {
            let values: Vec<Score> = t.children(0).map(|c| minimax(&t, c, root)).collect();
            let first_best = values.iter().position(|&x| x == plain.score).unwrap();
            assert_eq!(m as usize, first_best, "seed {seed}");
        }
        assert!(plain.stats.cutoffs.total() == 0);
        cutoffs += r.stats.cutoffs.alpha + r.stats.cutoffs.beta;
    }
    assert!(cutoffs > 10_000, "{cutoffs}");
}

#[test]
fn two_players_zero_sum_is_minimax() {
    let t = ExplicitTree::from_json_str(
        r#"{"players":2,"root":{"player":0,"children":[
             {"player":1,"children":[{"value":3},{"value":12},{"value":8}]},
             {"player":1,"children":[{"value":2},{"value":4},{"value":6}]},
             {"player":1,"children":[{"value":14},{"value":5},{"value":2}]}]}}"#,
    )
    .unwrap();
    let r = paranoid(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
    assert_eq!(r.score, 3);
    assert_eq!(r.value, Scores::zero_sum(3));
    assert_eq!(r.best_move, Some(0));
    // Russell & Norvig's figure: 2 is enough to cut the middle node.
    assert_eq!(r.stats.leaves, 7);
    assert_eq!(r.stats.cutoffs.alpha, 1);
}

#[test]
fn depth_limit_and_trace() {
    let t = ExplicitTree::from_json_str(
        r#"{"players":3,"root":{"player":0,"children":[
             {"player":1,"value":[4,0,0],"children":[{"value":[9,0,0]}]},
             {"player":1,"value":[2,0,0],"children":[{"value":[1,0,0]},{"value":[7,0,0]}]}]}}"#,
    )
    .unwrap();
    let r = paranoid(&t, &TreeEval, &0, &Config::depth(1)).unwrap();
    assert_eq!(r.score, 4);
    assert_eq!(r.value, Scores::from_slice(&[4, 0, 0]));
    let c = Config {
        trace: true,
        ..Config::unlimited()
    };
    let r = paranoid(&t, &TreeEval, &0, &c).unwrap();
    assert_eq!(r.score, 9);
    assert_eq!(r.trace.len(), 1);
    assert_eq!(r.trace[0].path, vec![1]);
    assert_eq!(r.trace[0].bounds, vec![9, Score::MAX]);
    assert_eq!(r.trace[0].threshold, 1);
    assert_eq!(r.trace[0].pruned_children, 1);
}
