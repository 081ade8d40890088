//! Best-reply search (BRS, BRS+) against independent oracles: the best-reply tree of each
//! variant is first BUILT explicitly (a plain recursive structure, every forced move of BRS+
//! recomputed from scratch), then valued by plain minimax with first-in-order tie-breaking;
//! `brs` and `brs_plus` must give the same value, vector, move and principal variation, on
//! seeded random positions of Chinese Checkers (3 and 4 players, 37, 73 and 121 holes, some
//! with a ply cap inside the horizon) and of a small game with eliminations, one-move lists
//! and many ties. Also: pruning prunes, iterative deepening equals the fixed depth at its
//! last completed depth, and a node limit stops a search cleanly.
//!
//! Explicit trees (`gametree::tree::ExplicitTree`) cannot serve here: a node of such a tree
//! belongs to one player, so there is no position in which another player could be handed
//! the turn (the tree cannot implement `SetToMove`).

use gametree::rng::{mix64, SplitMix64};
use gametree::search::best_reply::{brs, brs_plus, iterative, Variant};
use gametree::search::paranoid::paranoid;
use gametree::search::{Config, CutoffKind, SearchError, SearchResult, Stats, StopReason};
use gametree::{Bounds, Evaluator, Game, Player, Score, Scores, SetToMove};
use gametree_games::chinese_checkers::{ChineseCheckers, DistanceEval};

/// A node of an explicitly built best-reply tree.
pub(crate) enum Node<M> {
    Leaf(Scores),
    Inner { max: bool, kids: Vec<(M, Node<M>)> },
}

impl<M> Node<M> {
    fn size(&self) -> u64 {
        match self {
            Node::Leaf(_) => 1,
            Node::Inner { kids, .. } => 1 + kids.iter().map(|(_, k)| k.size()).sum::<u64>(),
        }
    }
}

fn ordered<G: Game, E: Evaluator<G>>(g: &G, e: &E, s: &G::State) -> Vec<G::Move> {
    let mut v = Vec::new();
    g.moves(s, &mut v);
    e.order(g, s, &mut v);
    v
}

fn value<G: Game, E: Evaluator<G>>(g: &G, e: &E, s: &G::State) -> Scores {
    g.outcome(s).unwrap_or_else(|| e.evaluate(g, s))
}

/// The opponents of `root` in turn order.
fn opponents(n: usize, root: Player) -> Vec<Player> {
    (1..n)
        .map(|k| Player::new((root.index() + k) % n))
        .collect()
}

/// BRS+: `t` after each of `opps` plays its first ordered move (skipping those who cannot
/// move, stopping at a terminal position).
fn first_moves<G: SetToMove, E: Evaluator<G>>(
    g: &G,
    e: &E,
    mut t: G::State,
    opps: &[Player],
) -> G::State {
    for &o in opps {
        if g.outcome(&t).is_some() {
            break;
        }
        if let Some(s) = g.set_to_move(&t, o) {
            let first = ordered(g, e, &s)[0];
            t = g.play(&s, first);
        }
    }
    t
}

/// Builds the best-reply tree of `variant` below the position `t` (a root-player node if
/// `max`, else an opponents' node), `left` layers deep.
pub(crate) fn build<G: SetToMove, E: Evaluator<G>>(
    g: &G,
    e: &E,
    plus: bool,
    root: Player,
    t: &G::State,
    left: u32,
    max: bool,
) -> Node<G::Move> {
    if g.outcome(t).is_some() || left == 0 {
        return Node::Leaf(value(g, e, t));
    }
    let opps = opponents(g.players(), root);
    let mut kids = Vec::new();
    if max {
        let s = if g.to_move(t) == root {
            t.clone()
        } else {
            match g.set_to_move(t, root) {
                Some(s) => s,
                None => return Node::Leaf(value(g, e, t)),
            }
        };
        for m in ordered(g, e, &s) {
            let c = g.play(&s, m);
            kids.push((m, build(g, e, plus, root, &c, left - 1, false)));
        }
    } else {
        for (i, &o) in opps.iter().enumerate() {
            let pre = if plus {
                first_moves(g, e, t.clone(), &opps[..i])
            } else {
                t.clone()
            };
            if g.outcome(&pre).is_some() {
                continue;
            }
            let Some(s) = g.set_to_move(&pre, o) else {
                continue;
            };
            for m in ordered(g, e, &s) {
                let mut c = g.play(&s, m);
                if plus {
                    c = first_moves(g, e, c, &opps[i + 1..]);
                }
                kids.push((m, build(g, e, plus, root, &c, left - 1, true)));
            }
        }
        if kids.is_empty() {
            return Node::Leaf(value(g, e, t));
        }
    }
    Node::Inner { max, kids }
}

/// Plain minimax on the root player's component, first child wins ties: (score, the leaf's
/// vector, the principal variation).
pub(crate) fn minimax<M: Copy>(node: &Node<M>, root: Player) -> (Score, Scores, Vec<M>) {
    match node {
        Node::Leaf(v) => (v[root], *v, Vec::new()),
        Node::Inner { max, kids } => {
            let mut best: Option<(Score, Scores, Vec<M>)> = None;
            for (m, k) in kids {
                let (v, vec, mut pv) = minimax(k, root);
                let better = match &best {
                    None => true,
                    Some((b, _, _)) => (*max && v > *b) || (!*max && v < *b),
                };
                if better {
                    pv.insert(0, *m);
                    best = Some((v, vec, pv));
                }
            }
            best.expect("an inner node has children")
        }
    }
}

#[derive(Default)]
struct Checked {
    cases: u64,
    tree_nodes: u64,
    search_nodes: u64,
    fewer: u64,
    cutoffs: u64,
}

/// Compares `variant` at `depth` with its explicit tree at `state`.
fn check<G: SetToMove, E: Evaluator<G>>(
    g: &G,
    e: &E,
    variant: Variant,
    state: &G::State,
    depth: u32,
    what: &str,
    tally: &mut Checked,
) where
    G::State: std::fmt::Debug,
{
    let root = g.to_move(state);
    let tree = build(g, e, variant == Variant::BrsPlus, root, state, depth, true);
    let (score, vector, pv) = minimax(&tree, root);
    let config = Config::depth(depth);
    let r: SearchResult<G::Move> = match variant {
        Variant::Brs => brs(g, e, state, &config),
        Variant::BrsPlus => brs_plus(g, e, state, &config),
    }
    .unwrap();
    let ctx = || format!("{what}, {variant:?}, depth {depth}, {state:?}");
    assert_eq!(r.score, score, "score: {}", ctx());
    assert_eq!(r.value, vector, "value vector: {}", ctx());
    assert_eq!(r.pv, pv, "principal variation: {}", ctx());
    assert_eq!(r.best_move, pv.first().copied(), "best move: {}", ctx());
    // Who makes each move of the line: the root player, then a replying opponent, in turn;
    // plain BRS's line, each move played by its player (handed the turn), reaches the value.
    assert_eq!(
        r.pv_players.len(),
        r.pv.len(),
        "players of the line: {}",
        ctx()
    );
    let mut t = state.clone();
    for (k, (&p, &mv)) in r.pv_players.iter().zip(&r.pv).enumerate() {
        assert_eq!(k % 2 == 0, p == root, "player {k} of the line: {}", ctx());
        if variant == Variant::Brs {
            let s = if g.to_move(&t) == p {
                t.clone()
            } else {
                g.set_to_move(&t, p)
                    .expect("a replier can be handed the turn")
            };
            t = g.play(&s, mv);
        }
    }
    if variant == Variant::Brs {
        assert_eq!(value(g, e, &t), r.value, "the line's end: {}", ctx());
    }
    let size = tree.size();
    assert!(r.stats.nodes <= size, "more nodes than the tree: {}", ctx());
    assert!(r.stats.leaves <= r.stats.nodes, "{}", ctx());
    assert_eq!(r.stats.expansions, r.stats.nodes - 1, "{}", ctx());
    assert!(r.stats.depth <= depth, "{}", ctx());
    tally.cases += 1;
    tally.tree_nodes += size;
    tally.search_nodes += r.stats.nodes;
    tally.fewer += u64::from(r.stats.nodes < size);
    tally.cutoffs += r.stats.cutoffs.total();
}

/// The Chinese Checkers settings of the tests: (players, holes, top).
const BOARDS: [(usize, usize, usize); 6] = [
    (3, 37, 0),
    (4, 37, 8),
    (3, 73, 6),
    (4, 73, 5),
    (3, 121, 5),
    (4, 121, 4),
];

/// A seeded random Chinese Checkers case: the game (sometimes with a ply cap inside the
/// search horizon, so that terminal positions come at uneven depths), a position reached by
/// random play, a depth in 1..=4.
fn cc_case(
    seed: u64,
) -> (
    ChineseCheckers,
    gametree_games::chinese_checkers::State,
    u32,
) {
    let mut rng = SplitMix64::new(seed);
    let (players, holes, top) = BOARDS[(seed % BOARDS.len() as u64) as usize];
    let g = ChineseCheckers::new(players, holes, top, 400).unwrap();
    let mut s = g.initial();
    let plies = rng.below(50);
    let mut buf = Vec::new();
    for _ in 0..plies {
        buf.clear();
        g.moves(&s, &mut buf);
        if buf.is_empty() {
            break;
        }
        s = g.play(&s, buf[rng.below(buf.len() as u64) as usize]);
    }
    let depth = 1 + (seed / BOARDS.len() as u64 % 4) as u32;
    let g = if rng.below(4) == 0 {
        g.with_cap(s.ply() + 1 + rng.below(4) as u32)
    } else {
        g
    };
    (g, s, depth)
}

fn cc_oracle(variant: Variant) -> Checked {
    let mut tally = Checked::default();
    for seed in 0..1_200 {
        let (g, s, depth) = cc_case(seed);
        let what = format!("seed {seed}, {}", g.spec());
        check(&g, &DistanceEval, variant, &s, depth, &what, &mut tally);
    }
    tally
}

#[test]
fn brs_equals_its_explicit_tree_on_chinese_checkers() {
    let t = cc_oracle(Variant::Brs);
    assert_eq!(t.cases, 1_200);
    // Pruning prunes: fewer nodes than the tree on many cases, far fewer in total.
    assert!(t.fewer >= 300, "{} cases pruned", t.fewer);
    assert!(t.cutoffs > 1_000, "{} cutoffs", t.cutoffs);
    assert!(
        t.search_nodes * 2 < t.tree_nodes,
        "{} nodes searched of {}",
        t.search_nodes,
        t.tree_nodes
    );
}

#[test]
fn brs_plus_equals_its_explicit_tree_on_chinese_checkers() {
    let t = cc_oracle(Variant::BrsPlus);
    assert_eq!(t.cases, 1_200);
    assert!(t.fewer >= 300, "{} cases pruned", t.fewer);
    assert!(t.cutoffs > 1_000, "{} cutoffs", t.cutoffs);
    assert!(
        t.search_nodes * 2 < t.tree_nodes,
        "{} nodes searched of {}",
        t.search_nodes,
        t.tree_nodes
    );
}

/// A small game that exercises what Chinese Checkers does not: players eliminated in
/// mid-game (`set_to_move` gives `None`), one-move lists, terminal positions at every depth,
/// and values in 0..3 (ties everywhere). A position is a hash, the player to move, the ply,
/// the live players and the ply cap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Knockout {
    pub(crate) players: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct KState {
    pub(crate) h: u64,
    to_move: u8,
    ply: u8,
    alive: u8,
    pub(crate) cap: u8,
}

impl Knockout {
    fn live(&self, s: &KState) -> u32 {
        s.alive.count_ones()
    }
    fn next_alive(&self, s: &KState, from: usize) -> u8 {
        let mut p = from;
        for _ in 0..self.players {
            p = (p + 1) % self.players;
            if s.alive >> p & 1 == 1 {
                return p as u8;
            }
        }
        from as u8
    }
    fn terminal(&self, s: &KState) -> bool {
        s.ply >= s.cap || self.live(s) <= 1
    }
}

impl Game for Knockout {
    type State = KState;
    type Move = u8;
    fn players(&self) -> usize {
        self.players
    }
    fn initial(&self) -> KState {
        KState {
            h: 1,
            to_move: 0,
            ply: 0,
            alive: (1u8 << self.players) - 1,
            cap: 12,
        }
    }
    fn to_move(&self, s: &KState) -> Player {
        Player::new(s.to_move as usize)
    }
    fn moves(&self, s: &KState, out: &mut Vec<u8>) {
        if !self.terminal(s) {
            let k = 1 + mix64(s.h ^ s.to_move as u64) % 3;
            out.extend(0..k as u8);
        }
    }
    fn play(&self, s: &KState, mv: u8) -> KState {
        let mut t = *s;
        t.h = mix64(s.h.wrapping_mul(31) ^ (mv as u64) << 8 ^ s.to_move as u64);
        t.ply += 1;
        // Now and then the move knocks out the next live player.
        if t.h % 5 == 0 {
            let victim = self.next_alive(s, s.to_move as usize);
            if victim != s.to_move {
                t.alive &= !(1 << victim);
            }
        }
        t.to_move = self.next_alive(&t, s.to_move as usize);
        t
    }
    fn outcome(&self, s: &KState) -> Option<Scores> {
        self.terminal(s).then(|| KEval.evaluate(self, s))
    }
    /// Every player's moves share the keys 0..3 (so one player's killers and history are
    /// legal for another: what the ordered forced moves of BRS+ meet).
    fn move_key(&self, mv: u8) -> Option<usize> {
        Some(mv as usize)
    }
}

impl SetToMove for Knockout {
    fn set_to_move(&self, s: &KState, p: Player) -> Option<KState> {
        if self.terminal(s) || s.alive >> p.index() & 1 == 0 {
            return None;
        }
        Some(KState {
            to_move: p.index() as u8,
            ..*s
        })
    }
}

pub(crate) struct KEval;

impl Evaluator<Knockout> for KEval {
    fn evaluate(&self, g: &Knockout, s: &KState) -> Scores {
        let mut v = Scores::zeros(g.players);
        for p in 0..g.players {
            v[p] = if s.alive >> p & 1 == 1 {
                (mix64(s.h ^ (p as u64) << 32) % 3) as Score + 1
            } else {
                0
            };
        }
        v
    }
    fn bounds(&self, g: &Knockout) -> Bounds {
        Bounds::nonnegative(g.players, 3 * g.players as Score)
    }
    /// A permutation that depends on the position, so that "first in the evaluator's order"
    /// is not the game's order.
    fn order(&self, _g: &Knockout, s: &KState, moves: &mut [u8]) {
        if s.h & 1 == 1 {
            moves.reverse();
        }
    }
}

#[test]
fn brs_and_brs_plus_equal_their_explicit_trees_with_eliminations_and_ties() {
    for variant in [Variant::Brs, Variant::BrsPlus] {
        let mut tally = Checked::default();
        let mut eliminated = 0;
        for seed in 0..2_000u64 {
            let mut rng = SplitMix64::new(seed ^ 0xB125);
            let g = Knockout {
                players: 3 + (seed % 4) as usize,
            };
            let mut s = g.initial();
            s.h = rng.next_u64();
            s.cap = 2 + rng.below(8) as u8;
            for _ in 0..rng.below(4) {
                let mut buf = Vec::new();
                g.moves(&s, &mut buf);
                if buf.is_empty() {
                    break;
                }
                s = g.play(&s, buf[rng.below(buf.len() as u64) as usize]);
            }
            eliminated += u64::from(g.live(&s) < g.players as u32);
            let depth = 1 + (seed % 6) as u32;
            let what = format!("seed {seed}, {} players", g.players);
            check(&g, &KEval, variant, &s, depth, &what, &mut tally);
        }
        assert_eq!(tally.cases, 2_000);
        assert!(eliminated > 100, "{eliminated} roots with a player out");
        assert!(
            tally.fewer > 100,
            "{variant:?}: {} cases pruned",
            tally.fewer
        );
    }
}

#[test]
fn iterative_deepening_equals_the_fixed_depth_at_its_last_depth() {
    for seed in 0..60 {
        let (g, s, _) = cc_case(seed);
        for variant in [Variant::Brs, Variant::BrsPlus] {
            let deep = iterative(variant, &g, &DistanceEval, &s, &Config::depth(4)).unwrap();
            let d = deep.stats.depth;
            let fixed = variant
                .search(&g, &DistanceEval, &s, &Config::depth(d))
                .unwrap();
            assert_eq!(deep.score, fixed.score, "seed {seed} {variant:?}");
            assert_eq!(deep.value, fixed.value, "seed {seed} {variant:?}");
            assert_eq!(deep.pv, fixed.pv, "seed {seed} {variant:?}");
            // Counts are the sum of the iterations, each a search from scratch.
            let sum: u64 = (1..=d)
                .map(|k| {
                    variant
                        .search(&g, &DistanceEval, &s, &Config::depth(k))
                        .unwrap()
                        .stats
                        .nodes
                })
                .sum();
            assert_eq!(deep.stats.nodes, sum, "seed {seed} {variant:?}");
            assert_eq!(deep.stats.iterations, d, "seed {seed} {variant:?}");
            if g.outcome(&s).is_none() && s.ply() + 4 < g.cap() {
                assert_eq!(d, 4, "seed {seed} {variant:?}: no terminal within 4 layers");
            }
        }
    }
}

#[test]
fn a_node_limit_stops_cleanly() {
    let g = ChineseCheckers::new(3, 121, 10, 400).unwrap();
    let s = g.initial();
    for variant in [Variant::Brs, Variant::BrsPlus] {
        let full = variant
            .search(&g, &DistanceEval, &s, &Config::depth(4))
            .unwrap();
        assert!(full.stats.nodes > 100);
        // Exactly enough: the same search; one fewer: stopped with exactly the limit.
        let mut c = Config::depth(4);
        c.limits.nodes = Some(full.stats.nodes);
        let exact = variant.search(&g, &DistanceEval, &s, &c).unwrap();
        assert_eq!(exact.pv, full.pv);
        assert_eq!(exact.stats.nodes, full.stats.nodes);
        for n in [full.stats.nodes - 1, 1] {
            c.limits.nodes = Some(n);
            match variant.search(&g, &DistanceEval, &s, &c) {
                Err(SearchError::Stopped(StopReason::NodeLimit, st)) => {
                    assert_eq!(st.nodes, n, "{variant:?}");
                }
                other => panic!("{variant:?} with {n} nodes: {other:?}"),
            }
        }
        // Iterative deepening under a node limit: the last completed depth's answer.
        let d3 = variant
            .search(&g, &DistanceEval, &s, &Config::depth(3))
            .unwrap();
        let upto3: u64 = (1..=3)
            .map(|k| {
                variant
                    .search(&g, &DistanceEval, &s, &Config::depth(k))
                    .unwrap()
                    .stats
                    .nodes
            })
            .sum();
        let mut c = Config::depth(8);
        c.limits.nodes = Some(upto3 + full.stats.nodes / 2);
        let r = iterative(variant, &g, &DistanceEval, &s, &c).unwrap();
        assert_eq!(r.stats.depth, 3, "{variant:?}");
        assert_eq!(r.stats.iterations, 3, "{variant:?}");
        assert_eq!(r.pv, d3.pv, "{variant:?}");
        assert_eq!(r.score, d3.score, "{variant:?}");
        assert_eq!(r.stats.nodes, upto3 + full.stats.nodes / 2, "{variant:?}");
    }
}

#[test]
fn with_two_players_brs_and_brs_plus_are_paranoid_search() {
    // One opponent: it always replies, nobody passes or is forced, and the best-reply tree is
    // the game tree: the same search as paranoid alpha-beta, counts included.
    for seed in 0..40 {
        let holes = [37, 73, 121][seed % 3];
        let g = ChineseCheckers::new(2, holes, 8, 400).unwrap();
        let mut s = g.initial();
        let mut rng = SplitMix64::new(seed as u64);
        for _ in 0..rng.below(30) {
            let mut buf = Vec::new();
            g.moves(&s, &mut buf);
            s = g.play(&s, buf[rng.below(buf.len() as u64) as usize]);
        }
        let config = Config::depth(1 + (seed % 5) as u32);
        let p = paranoid(&g, &DistanceEval, &s, &config).unwrap();
        for r in [
            brs(&g, &DistanceEval, &s, &config).unwrap(),
            brs_plus(&g, &DistanceEval, &s, &config).unwrap(),
        ] {
            assert_eq!(r.score, p.score, "seed {seed}");
            assert_eq!(r.value, p.value, "seed {seed}");
            assert_eq!(r.pv, p.pv, "seed {seed}");
            let same = Stats {
                elapsed_ms: p.stats.elapsed_ms,
                ..r.stats
            };
            assert_eq!(same, p.stats, "seed {seed}");
        }
    }
}

/// The explicit node reached from `node` by the tree moves `path` (the first child with each
/// move: in Chinese Checkers two opponents never share a move, their pieces differ).
fn at_path<'a, M: Copy + PartialEq>(mut node: &'a Node<M>, path: &[M]) -> &'a Node<M> {
    for m in path {
        match node {
            Node::Inner { kids, .. } => {
                node = &kids.iter().find(|(k, _)| k == m).expect("a tree move").1;
            }
            Node::Leaf(_) => panic!("the path goes through a leaf"),
        }
    }
    node
}

#[test]
fn a_trace_records_every_cutoff_with_its_node_and_window() {
    let mut events = 0;
    for seed in 0..120 {
        let (g, s, depth) = cc_case(seed);
        for variant in [Variant::Brs, Variant::BrsPlus] {
            let plain = variant
                .search(&g, &DistanceEval, &s, &Config::depth(depth))
                .unwrap();
            let mut config = Config::depth(depth);
            config.trace = true;
            let traced = variant.search(&g, &DistanceEval, &s, &config).unwrap();
            // Tracing changes nothing else.
            assert_eq!(traced.pv, plain.pv, "seed {seed}");
            assert_eq!(traced.stats.nodes, plain.stats.nodes, "seed {seed}");
            assert_eq!(traced.stats.cutoffs, plain.stats.cutoffs, "seed {seed}");
            let cutoffs = plain.stats.cutoffs;
            assert_eq!(traced.trace.len() as u64, cutoffs.alpha + cutoffs.beta);
            let root = g.to_move(&s);
            let tree = build(
                &g,
                &DistanceEval,
                variant == Variant::BrsPlus,
                root,
                &s,
                depth,
                true,
            );
            for e in &traced.trace {
                let Node::Inner { max, kids } = at_path(&tree, &e.path) else {
                    panic!("seed {seed}: a prune at a leaf");
                };
                // Beta cutoffs at the root player's nodes (even plies), alpha at the others.
                assert_eq!(*max, e.path.len() % 2 == 0, "seed {seed}");
                assert_eq!(*max, e.kind == CutoffKind::Beta, "seed {seed}");
                assert!(e.pruned_children >= 1, "seed {seed}");
                assert!((e.pruned_children as usize) < kids.len(), "seed {seed}");
                let [alpha, beta] = e.bounds[..] else {
                    panic!("two bounds")
                };
                if *max {
                    assert!(e.threshold >= beta, "seed {seed}");
                } else {
                    assert!(e.threshold <= alpha, "seed {seed}");
                }
                events += 1;
            }
        }
    }
    assert!(events > 1_000, "{events} prunes traced");
}

#[test]
fn chinese_checkers_hands_the_turn_to_any_player_and_keeps_its_key() {
    for seed in 0..200 {
        let (g, s, _) = cc_case(seed);
        for p in 0..g.players() {
            let p = Player::new(p);
            match g.set_to_move(&s, p) {
                None => assert!(g.outcome(&s).is_some(), "seed {seed}: a live position"),
                Some(t) => {
                    assert!(g.outcome(&s).is_none(), "seed {seed}: a terminal position");
                    assert_eq!(g.to_move(&t), p);
                    assert_eq!(t.ply(), s.ply());
                    assert_eq!(t.occupied(), s.occupied());
                    for q in 0..g.players() {
                        assert_eq!(t.pieces(Player::new(q)), s.pieces(Player::new(q)));
                    }
                    // The incremental key is the key computed from scratch.
                    assert_eq!(g.zobrist(&t), g.zobrist_full(&t), "seed {seed}");
                    assert_eq!(t == s, p == g.to_move(&s), "seed {seed}");
                }
            }
        }
    }
}

/// `n` seeded positions of `g` reached by up to `max_plies` random plies from the start,
/// each with a depth in `1..=max_depth`.
pub(crate) fn playout_cases<G: Game>(
    g: &G,
    n: u64,
    max_plies: u64,
    max_depth: u32,
) -> Vec<(u64, G::State, u32)> {
    let mut buf = Vec::new();
    (0..n)
        .map(|seed| {
            let mut rng = SplitMix64::new(seed ^ 0xB25);
            let mut s = g.initial();
            for _ in 0..rng.below(max_plies + 1) {
                buf.clear();
                g.moves(&s, &mut buf);
                if buf.is_empty() {
                    break;
                }
                s = g.play(&s, buf[rng.below(buf.len() as u64) as usize]);
            }
            (seed, s, 1 + (seed % u64::from(max_depth)) as u32)
        })
        .collect()
}

#[test]
fn brs_and_brs_plus_equal_their_explicit_trees_on_rolit() {
    use gametree_games::rolit::{BallShare, Rolit};
    for variant in [Variant::Brs, Variant::BrsPlus] {
        let mut tally = Checked::default();
        for players in [3, 4] {
            let g = Rolit::new(players).unwrap();
            for (seed, s, depth) in playout_cases(&g, 500, 58, 4) {
                let what = format!("seed {seed}, {}", g.spec());
                check(&g, &BallShare, variant, &s, depth, &what, &mut tally);
            }
        }
        assert_eq!(tally.cases, 1_000);
        assert!(
            tally.fewer >= 200,
            "{variant:?}: {} cases pruned",
            tally.fewer
        );
        assert!(tally.search_nodes < tally.tree_nodes, "{variant:?}");
    }
}

#[test]
fn brs_and_brs_plus_equal_their_explicit_trees_on_four_player_chess() {
    use gametree_games::chess4::{Chess4, Psi};
    let g = Chess4::new(400).unwrap();
    for variant in [Variant::Brs, Variant::BrsPlus] {
        let mut tally = Checked::default();
        for (seed, s, depth) in playout_cases(&g, 150, 80, 3) {
            let what = format!("seed {seed}, chess4");
            check(&g, &Psi, variant, &s, depth, &what, &mut tally);
        }
        assert_eq!(tally.cases, 150);
        assert!(
            tally.fewer >= 50,
            "{variant:?}: {} cases pruned",
            tally.fewer
        );
    }
    // The free-for-all rules, whose evaluator finds its first move alone.
    use gametree_games::chess4::ffa::{Chess4Ffa, FfaEval};
    let g = Chess4Ffa::new(400).unwrap();
    let mut tally = Checked::default();
    for (seed, s, depth) in playout_cases(&g, 100, 120, 3) {
        let what = format!("seed {seed}, chess4 ffa");
        check(&g, &FfaEval, Variant::BrsPlus, &s, depth, &what, &mut tally);
    }
    assert_eq!(tally.cases, 100);
    assert!(tally.fewer >= 30, "{} cases pruned", tally.fewer);
}

#[test]
fn brs_and_brs_plus_equal_their_explicit_trees_on_focus() {
    use gametree_games::focus::{Focus, FocusEval};
    for variant in [Variant::Brs, Variant::BrsPlus] {
        let mut tally = Checked::default();
        for players in [2, 3, 4] {
            let g = Focus::new(players, 600).unwrap();
            for (seed, s, depth) in playout_cases(&g, 120, 150, 2) {
                let what = format!("seed {seed}, {}", g.spec());
                check(&g, &FocusEval, variant, &s, depth, &what, &mut tally);
            }
        }
        assert_eq!(tally.cases, 360);
        assert!(
            tally.fewer >= 60,
            "{variant:?}: {} cases pruned",
            tally.fewer
        );
    }
}

#[test]
fn brs_and_brs_plus_equal_their_explicit_trees_on_blokus() {
    use gametree_games::blokus::{Blokus, BlokusEval};
    let g = Blokus::default();
    // Positions with at most 60 moves (the explicit trees of the opening are too large for
    // a test), forced passes and finished games among them.
    let cases: Vec<_> = playout_cases(&g, 1_500, 200, 2)
        .into_iter()
        .filter(|(_, s, _)| g.count_moves(s) <= 60)
        .take(300)
        .collect();
    assert_eq!(cases.len(), 300);
    for variant in [Variant::Brs, Variant::BrsPlus] {
        let mut tally = Checked::default();
        for (seed, s, _) in &cases {
            let what = format!("seed {seed}, blokus");
            check(&g, &BlokusEval, variant, s, 2, &what, &mut tally);
        }
        assert_eq!(tally.cases, 300);
        assert!(
            tally.fewer >= 30,
            "{variant:?}: {} cases pruned",
            tally.fewer
        );
    }
}

/// The games that promise `SetToMove::TO_MOVE_KEEPS_TURN` (best-reply search then skips
/// handing the turn to an opponent already to move) keep it: in every non-terminal position
/// of seeded random games, handing the turn to the player to move gives the same state.
#[test]
fn the_games_that_promise_to_keep_the_turn_keep_it() {
    fn keeps<G: SetToMove>(g: &G, games: u64) -> u64
    where
        G::State: PartialEq + std::fmt::Debug,
    {
        assert!(G::TO_MOVE_KEEPS_TURN);
        let (mut buf, mut checked) = (Vec::new(), 0);
        for seed in 0..games {
            let mut rng = SplitMix64::new(seed ^ 0x7E7);
            let mut s = g.initial();
            while g.outcome(&s).is_none() {
                let p = g.to_move(&s);
                assert_eq!(g.set_to_move(&s, p).as_ref(), Some(&s), "seed {seed}");
                checked += 1;
                buf.clear();
                g.moves(&s, &mut buf);
                s = g.play(&s, buf[rng.below(buf.len() as u64) as usize]);
            }
        }
        checked
    }
    use gametree_games::chess4::Chess4;
    use gametree_games::rolit::Rolit;
    assert!(keeps(&Chess4::new(200).unwrap(), 20) > 2_000);
    let ffa = gametree_games::chess4::Chess4Ffa::new(400).unwrap();
    assert!(keeps(&ffa, 10) > 2_000);
    for players in [3, 4] {
        assert!(keeps(&Rolit::new(players).unwrap(), 20) > 1_000);
    }
    for (players, holes) in [(2, 37), (3, 73), (6, 121)] {
        let g = ChineseCheckers::new(players, holes, 0, 120).unwrap();
        assert!(keeps(&g, 4) > 300);
    }
}
