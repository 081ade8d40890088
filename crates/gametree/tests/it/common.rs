//! Random explicit trees for oracle tests: built from a seed by a pinned PRNG (SplitMix64),
//! so a failing case is reproduced from the seed that proptest prints; and [`Recording`], a
//! tree that logs the leaves a search reads.

use std::cell::RefCell;

use gametree::tree::{ExplicitTree, Node, NodeId, TreeEval, TreeOptions};
use gametree::{Bounds, Evaluator, Game, Player, Score, Scores, SubtreeBounds};

/// SplitMix64 (Steele, Lea & Flood 2014): the pinned PRNG of the tests.
#[derive(Clone, Debug)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next_u64() % ((hi - lo + 1) as u64)) as i64
    }

    pub fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }
}

/// How leaves are valued.
#[derive(Clone, Copy, Debug)]
pub enum Leaves {
    /// Each score uniform in `0..=max`, no bound on the sum except `players * max`.
    Small { max: Score },
    /// Every leaf sums to exactly `maxsum` (nonnegative scores).
    ConstantSum { maxsum: Score },
    /// Nonnegative scores summing to at most `maxsum`.
    BelowMaxsum { maxsum: Score },
    /// Two players, zero-sum: player 0 gets `v` in `-max..=max`, player 1 gets `-v`.
    ZeroSum { max: Score },
}

/// Who moves at an inner node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turns {
    /// Player `ply mod n`, as in the papers.
    RoundRobin,
    /// Any player, chosen at random per node.
    Arbitrary,
}

/// The shape of a random tree.
#[derive(Clone, Copy, Debug)]
pub struct Shape {
    pub players: usize,
    /// Children per inner node: uniform in `1..=max_branch`.
    pub max_branch: u32,
    /// The deepest leaf.
    pub max_depth: u32,
    /// Chance (percent) that an inner node above `max_depth` is a leaf (uneven depths).
    pub early_leaf_percent: u64,
    pub turns: Turns,
    pub leaves: Leaves,
}

impl Shape {
    /// The bounds to declare for the tree.
    pub fn options(&self) -> TreeOptions {
        match self.leaves {
            Leaves::ConstantSum { maxsum } | Leaves::BelowMaxsum { maxsum } => TreeOptions {
                maxsum: Some(maxsum),
                ..TreeOptions::default()
            },
            Leaves::Small { max } => TreeOptions {
                maxsum: Some(max * self.players as Score),
                ..TreeOptions::default()
            },
            Leaves::ZeroSum { .. } => TreeOptions::default(),
        }
    }
}

fn leaf_value(rng: &mut SplitMix64, shape: &Shape) -> Scores {
    let n = shape.players;
    let mut s = Scores::zeros(n);
    match shape.leaves {
        Leaves::Small { max } => {
            for i in 0..n {
                s[i] = rng.range(0, max);
            }
        }
        Leaves::ConstantSum { maxsum } | Leaves::BelowMaxsum { maxsum } => {
            // n-1 cut points of [0, total], sorted: the gaps are the scores (Korf's model).
            let total = if matches!(shape.leaves, Leaves::ConstantSum { .. }) || rng.chance(30) {
                maxsum
            } else {
                rng.range(0, maxsum)
            };
            let mut cuts = [0 as Score; 8];
            for c in cuts.iter_mut().take(n - 1) {
                *c = rng.range(0, total);
            }
            cuts[..n - 1].sort_unstable();
            let mut prev = 0;
            for i in 0..n - 1 {
                s[i] = cuts[i] - prev;
                prev = cuts[i];
            }
            s[n - 1] = total - prev;
        }
        Leaves::ZeroSum { max } => {
            let v = rng.range(-max, max);
            s = Scores::zero_sum(v);
        }
    }
    s
}

fn build(rng: &mut SplitMix64, shape: &Shape, ply: u32) -> Node {
    let leaf_here = ply >= shape.max_depth || (ply > 0 && rng.chance(shape.early_leaf_percent));
    if leaf_here {
        return Node::Leaf {
            value: leaf_value(rng, shape),
            label: None,
        };
    }
    let player = match shape.turns {
        Turns::RoundRobin => ply as usize % shape.players,
        Turns::Arbitrary => rng.range(0, shape.players as i64 - 1) as usize,
    };
    let k = rng.range(1, shape.max_branch as i64) as usize;
    let children = (0..k).map(|_| build(rng, shape, ply + 1)).collect();
    Node::inner(player, children)
}

/// A random tree of `shape` from `seed`.
pub fn random_tree(seed: u64, shape: &Shape) -> ExplicitTree {
    let mut rng = SplitMix64(seed);
    let root = build(&mut rng, shape, 0);
    ExplicitTree::from_node(shape.players, &root, shape.options())
        .expect("generated trees are valid")
}

/// A uniform tree: every inner node has `b` children, every leaf is at depth `d`, players
/// move round-robin, and leaf `k` (in left-to-right order) gets `value(k)`.
pub fn uniform_tree(
    players: usize,
    b: u32,
    d: u32,
    options: TreeOptions,
    value: &mut dyn FnMut(u64) -> Scores,
) -> ExplicitTree {
    fn go(
        players: usize,
        b: u32,
        d: u32,
        ply: u32,
        next: &mut u64,
        value: &mut dyn FnMut(u64) -> Scores,
    ) -> Node {
        if ply == d {
            let k = *next;
            *next += 1;
            return Node::Leaf {
                value: value(k),
                label: None,
            };
        }
        let children = (0..b)
            .map(|_| go(players, b, d, ply + 1, next, value))
            .collect();
        Node::inner(ply as usize % players, children)
    }
    let mut next = 0;
    let root = go(players, b, d, 0, &mut next, value);
    ExplicitTree::from_node(players, &root, options).expect("uniform trees are valid")
}

/// An explicit tree that records, in order, every leaf whose outcome a search asks for.
pub struct Recording<'a> {
    pub tree: &'a ExplicitTree,
    pub log: RefCell<Vec<NodeId>>,
}

impl<'a> Recording<'a> {
    pub fn new(tree: &'a ExplicitTree) -> Recording<'a> {
        Recording {
            tree,
            log: RefCell::new(Vec::new()),
        }
    }

    pub fn take(&self) -> Vec<NodeId> {
        std::mem::take(&mut self.log.borrow_mut())
    }
}

impl Game for Recording<'_> {
    type State = NodeId;
    type Move = u32;
    fn players(&self) -> usize {
        self.tree.players()
    }
    fn initial(&self) -> NodeId {
        0
    }
    fn to_move(&self, s: &NodeId) -> Player {
        self.tree.to_move(s)
    }
    fn moves(&self, s: &NodeId, out: &mut Vec<u32>) {
        self.tree.moves(s, out)
    }
    fn play(&self, s: &NodeId, mv: u32) -> NodeId {
        self.tree.play(s, mv)
    }
    fn outcome(&self, s: &NodeId) -> Option<Scores> {
        let o = self.tree.outcome(s);
        if o.is_some() {
            self.log.borrow_mut().push(*s);
        }
        o
    }
}

/// [`TreeEval`] for a [`Recording`].
pub struct RecEval;

impl Evaluator<Recording<'_>> for RecEval {
    fn evaluate(&self, g: &Recording<'_>, s: &NodeId) -> Scores {
        TreeEval.evaluate(g.tree, s)
    }
    fn bounds(&self, g: &Recording<'_>) -> Bounds {
        TreeEval.bounds(g.tree)
    }
    fn subtree_bounds(&self, g: &Recording<'_>, s: &NodeId) -> Option<SubtreeBounds> {
        TreeEval.subtree_bounds(g.tree, s)
    }
}
