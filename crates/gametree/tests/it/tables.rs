//! max^n and speculative pruning with a table of exact values (`maxn_table`,
//! `speculative_table`): the same value, best move and principal variation as plain max^n
//! on a game full of transpositions, depth-limited or not, with uneven depths, ties and a
//! table small enough to overflow; and nothing changes on trees without transpositions.

use gametree::hash::{mix64, Zobrist};
use gametree::search::maxn::maxn;
use gametree::search::maxn_table::maxn_table;
use gametree::search::speculative::speculative;
use gametree::search::speculative_table::speculative_table;
use gametree::search::vector_table::VectorTable;
use gametree::search::{Config, Limits};
use gametree::tree::TreeEval;
use gametree::{Bounds, Evaluator, Game, Player, Score, Scores};
use proptest::prelude::*;

use crate::common::{random_tree, Leaves, Shape, SplitMix64, Turns};

/// A token-taking game with transpositions: `players` players take turns (round robin)
/// taking one of the free tokens; token `t` is worth `weights[t]` to its taker. The game
/// ends when every token is taken or when the `stop` token is taken (uneven depths). The
/// state packs each token's owner in 3 bits (0 = free, `p + 1` = player `p`).
#[derive(Clone, Debug)]
struct Tokens {
    players: usize,
    weights: Vec<Score>,
    stop: Option<usize>,
    /// Reorders the moves of each position by a seeded key (0 = token order).
    shuffle: u64,
    /// Whether the table may share entries between positions that differ only in who took
    /// the tokens already taken ([`Zobrist::banked`]).
    banked: bool,
}

impl Tokens {
    fn owner(s: u64, t: usize) -> usize {
        ((s >> (3 * t)) & 7) as usize
    }
    fn taken(&self, s: u64) -> usize {
        (0..self.weights.len())
            .filter(|&t| Tokens::owner(s, t) != 0)
            .count()
    }
    fn bank(&self, s: u64) -> Scores {
        let mut v = Scores::zeros(self.players);
        for (t, &w) in self.weights.iter().enumerate() {
            let o = Tokens::owner(s, t);
            if o != 0 {
                v.as_mut_slice()[o - 1] += w;
            }
        }
        v
    }
    fn total(&self) -> Score {
        self.weights.iter().sum()
    }
    /// The mask of the free tokens.
    fn free(&self, s: u64) -> u64 {
        (0..self.weights.len())
            .filter(|&t| Tokens::owner(s, t) == 0)
            .fold(0, |m, t| m | 1 << t)
    }
}

impl Game for Tokens {
    type State = u64;
    type Move = u8;
    fn players(&self) -> usize {
        self.players
    }
    fn initial(&self) -> u64 {
        0
    }
    fn to_move(&self, s: &u64) -> Player {
        Player::new(self.taken(*s) % self.players)
    }
    fn moves(&self, s: &u64, out: &mut Vec<u8>) {
        out.extend(
            (0..self.weights.len())
                .filter(|&t| Tokens::owner(*s, t) == 0)
                .map(|t| t as u8),
        );
    }
    fn play(&self, s: &u64, mv: u8) -> u64 {
        let p = self.to_move(s).index() as u64;
        s | (p + 1) << (3 * mv as u64)
    }
    fn outcome(&self, s: &u64) -> Option<Scores> {
        let all = self.taken(*s) == self.weights.len();
        let stopped = self.stop.is_some_and(|t| Tokens::owner(*s, t) != 0);
        (all || stopped).then(|| self.bank(*s))
    }
}

impl Zobrist for Tokens {
    fn hash(&self, s: &u64) -> u64 {
        mix64(*s ^ 0x7A61_6B65)
    }
    /// Every value below `s` is what was banked plus what the free tokens bring; the moves,
    /// their order and the player to move depend on the free tokens only.
    fn banked(&self, s: &u64) -> Option<(u64, Scores)> {
        self.banked
            .then(|| (mix64(self.free(*s) ^ 0xF4EE), self.bank(*s)))
    }
}

/// The banked scores plus an equal share of what is left (the remainder to the first
/// players): constant-sum, every score at least 0.
impl Evaluator<Tokens> for Tokens {
    fn evaluate(&self, g: &Tokens, s: &u64) -> Scores {
        let mut v = g.bank(*s);
        let left = g.total() - v.sum();
        let n = g.players as Score;
        for p in 0..g.players {
            v.as_mut_slice()[p] += left / n + Score::from((p as Score) < left % n);
        }
        v
    }
    fn bounds(&self, g: &Tokens) -> Bounds {
        Bounds::constant_sum(g.players, g.total())
    }
    fn order(&self, g: &Tokens, s: &u64, moves: &mut [u8]) {
        if g.shuffle != 0 {
            let free = g.free(*s);
            moves.sort_by_key(|&m| mix64(g.shuffle ^ free.wrapping_mul(31) ^ m as u64));
        }
    }
}

fn tokens(seed: u64) -> Tokens {
    let mut r = SplitMix64(seed);
    let players = r.range(2, 5) as usize;
    let count = r.range(3, 9) as usize;
    let max = [0, 1, 3, 9][r.range(0, 3) as usize];
    let weights = (0..count).map(|_| r.range(0, max)).collect();
    Tokens {
        players,
        weights,
        stop: r.chance(40).then(|| r.range(0, count as i64 - 1) as usize),
        shuffle: if r.chance(50) { r.next_u64() | 1 } else { 0 },
        banked: r.chance(50),
    }
}

fn config(depth: Option<u32>) -> Config {
    Config {
        limits: Limits {
            depth,
            nodes: None,
            deadline: None,
            cpu_deadline: None,
            start: None,
            stop: None,
        },
        trace: false,
        ..Config::default()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3_000))]

    /// Both table searches return max^n's value, best move and principal variation; max^n
    /// with the table never visits more nodes than without.
    #[test]
    fn table_searches_equal_maxn(seed in any::<u64>(), depth in 0u32..10, small in any::<bool>()) {
        let g = tokens(seed);
        let depth = (depth < 9).then_some(depth);
        let cfg = config(depth);
        let m = maxn(&g, &g, &0, &cfg).unwrap();
        let mut table = VectorTable::with_mib(if small { 0 } else { 1 });
        let t = maxn_table(&g, &g, &0, &cfg, &mut table).unwrap();
        prop_assert_eq!(t.value, m.value, "maxn_table {:?}", g);
        prop_assert_eq!(t.best_move, m.best_move);
        prop_assert_eq!(&t.pv, &m.pv);
        prop_assert!(t.stats.nodes <= m.stats.nodes);
        prop_assert_eq!(t.stats.nodes, t.stats.expansions + 1);
        table.clear();
        let s = speculative_table(&g, &g, &0, &cfg, &mut table).unwrap();
        prop_assert_eq!(s.value, m.value, "speculative_table {:?}", g);
        prop_assert_eq!(s.best_move, m.best_move);
        prop_assert_eq!(&s.pv, &m.pv);
    }
}

/// The table pays on this game: summed over many games, max^n with it visits far fewer
/// nodes, and its hits are counted.
#[test]
fn transpositions_are_found() {
    let (mut plain, mut with, mut hits) = (0, 0, 0);
    for seed in 0..200 {
        let g = tokens(seed);
        let m = maxn(&g, &g, &0, &config(None)).unwrap();
        let mut table = VectorTable::with_mib(1);
        let t = maxn_table(&g, &g, &0, &config(None), &mut table).unwrap();
        plain += m.stats.nodes;
        with += t.stats.nodes;
        hits += t.stats.table_hits;
        assert_eq!(m.stats.table_hits, 0);
    }
    assert!(with * 2 < plain, "{with} vs {plain}");
    assert!(hits > 0);
}

/// A table kept from an earlier search answers the root itself; the principal variation is
/// completed from it.
#[test]
fn a_kept_table_answers_a_second_search() {
    let g = Tokens {
        players: 3,
        weights: vec![3, 1, 4, 1, 5, 9, 2, 6],
        stop: None,
        shuffle: 0,
        banked: false,
    };
    let mut table = VectorTable::with_mib(1);
    let first = maxn_table(&g, &g, &0, &config(None), &mut table).unwrap();
    let second = maxn_table(&g, &g, &0, &config(None), &mut table).unwrap();
    assert_eq!(first.value, second.value);
    assert_eq!(first.pv, second.pv);
    assert_eq!(first.pv.len(), 8);
    assert_eq!(second.stats.nodes, 1);
    assert_eq!(second.stats.table_hits, 1);
}

/// Regression (the tournament's tables kept from move to move): a kept table that answers
/// nodes of a later search must not make iterative deepening take the tree for exhausted.
/// Deepening to depth 4 from a position two plies on, with the table of a depth-4 search
/// from the root, completes depth 4 as it does with an empty table, with the same value and
/// move; the entries' `full` flags say so. An entry of a subtree that ended before the
/// depth limit stays not full, so a tree that is exhausted is still seen as one.
#[test]
fn a_kept_table_does_not_stop_deepening_early() {
    use gametree::search::iterative::iterative_deepening;
    let g = Tokens {
        players: 3,
        weights: vec![3, 1, 4, 1, 5, 9, 2, 6, 5, 3],
        stop: None,
        shuffle: 0,
        banked: false,
    };
    let later = g.play(&g.play(&0, 0), 1);
    for speculative in [false, true] {
        let run = |state: u64, depth: u32, table: &mut VectorTable| {
            iterative_deepening(&config(Some(depth)), |c| {
                if speculative {
                    speculative_table(&g, &g, &state, c, table)
                } else {
                    maxn_table(&g, &g, &state, c, table)
                }
            })
            .unwrap()
        };
        let mut kept = VectorTable::with_mib(1);
        run(0, 4, &mut kept);
        let with_kept = run(later, 4, &mut kept);
        let fresh = run(later, 4, &mut VectorTable::with_mib(1));
        assert!(with_kept.stats.table_hits > 0, "the kept table answers");
        assert_eq!(with_kept.stats.depth, 4, "speculative: {speculative}");
        assert_eq!(fresh.stats.depth, 4);
        assert_eq!(with_kept.value, fresh.value);
        assert_eq!(with_kept.best_move, fresh.best_move);
        // Ten tokens: deepening to 12 from the root stops at depth 11, the first iteration
        // that reaches no node at its limit; a second run, answered from the table, stops
        // there too.
        let mut table = VectorTable::with_mib(1);
        let first = run(0, 12, &mut table);
        let second = run(0, 12, &mut table);
        assert_eq!(first.stats.depth, 11);
        assert_eq!(second.stats.depth, 11, "speculative: {speculative}");
        assert!(second.stats.table_hits > 0);
    }
}

/// Without transpositions (an explicit tree: every node its own position) the table answers
/// only inside re-searches (a subtree proved exact before its parent was pruned), so
/// speculative pruning with it visits at most the nodes it visits without, and exactly those
/// when the table never answered.
#[test]
fn without_transpositions_nothing_changes() {
    for seed in 0..1_000u64 {
        let shape = Shape {
            players: 3 + (seed % 3) as usize,
            max_branch: 4,
            max_depth: 5,
            early_leaf_percent: 15,
            turns: Turns::RoundRobin,
            leaves: Leaves::ConstantSum { maxsum: 6 },
        };
        let t = random_tree(seed, &shape);
        let plain = speculative(&t, &TreeEval, &0, &Config::unlimited()).unwrap();
        let mut table = VectorTable::with_mib(1);
        let with = speculative_table(&t, &TreeEval, &0, &Config::unlimited(), &mut table).unwrap();
        assert_eq!(with.value, plain.value);
        assert_eq!(with.pv, plain.pv);
        let clockless = |s: &gametree::search::Stats| gametree::search::Stats {
            elapsed_ms: 0.0,
            ..*s
        };
        assert!(with.stats.nodes <= plain.stats.nodes, "seed {seed}");
        if with.stats.table_hits == 0 {
            assert_eq!(
                clockless(&with.stats),
                clockless(&plain.stats),
                "seed {seed}"
            );
        } else {
            assert!(plain.stats.re_searches > 0, "seed {seed}");
        }
    }
}

/// With the table, every counted prune is traced once, and the completion of the principal
/// variation adds neither prunes nor trace events.
#[test]
fn the_trace_matches_the_counts_with_a_table() {
    let mut traced = 0;
    for seed in 0..300 {
        let g = tokens(seed);
        let mut cfg = config(None);
        cfg.trace = true;
        let mut table = VectorTable::with_mib(1);
        let r = speculative_table(&g, &g, &0, &cfg, &mut table).unwrap();
        assert_eq!(r.trace.len() as u64, r.stats.cutoffs.total(), "seed {seed}");
        traced += r.trace.len();
    }
    assert!(traced > 0);
}
