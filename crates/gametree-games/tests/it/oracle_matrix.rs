//! The oracle matrix: every search that claims to compute the same value as a plain search,
//! on every game of the registry, at seeded random positions reached by random play, at
//! depths 1 to 5.
//!
//! One table of claims ([`CLAIMS`]: the search run, the plain oracle it claims to equal, the
//! numbers of players it applies to) and one table of games ([`GAMES`]: a spec per game and
//! number of seats, with the sample's size and depths). A new search is covered by a row of
//! the first, a new game by a row of the second; `the_matrix_covers_every_registry_game`
//! fails when a registered game or seat count has no row.
//!
//! For every case a claim must give the oracle's value, and its principal variation must
//! replay legally from the position to a leaf (a game end, or the depth limit) whose value
//! vector is the reported `value`, with `score` the root mover's component and `best_move`
//! the line's first move. The oracles are plain, obviously correct recursions written here
//! (minimax on the root player's component; max^n on the zero-sum projection), the core's plain
//! `maxn`, and the explicitly built best-reply trees of `best_reply.rs`.
//!
//! Hypermax is not a row: it is an approximation of N-max by design (Fridenfalk 2014), not a
//! claim of equality.

use gametree::hash::GameHash;
use gametree::search::best_reply::{brs, brs_plus, Variant};
use gametree::search::engine::{self, Options, Root, Side};
use gametree::search::maxn_family::vector_table::VectorTable;
use gametree::search::nmax::project;
use gametree::search::ordering::Ordering;
use gametree::search::{
    maxn_table, run, speculative_table, Algorithm, Config, SearchError, SearchResult,
};
use gametree::{Evaluator, Game, Player, Score, Scores, SetToMove};
use gametree_games::registry::{self, GameVisitor, Playable};

use crate::best_reply::{build, minimax as best_reply_minimax, playout_cases};

/// What a row runs.
#[derive(Clone, Copy, Debug)]
enum Run {
    /// A registry algorithm, as `gametree search --algorithm NAME` runs it.
    Plain(Algorithm),
    /// The engine's iterative deepening to the case's depth with these options (threads
    /// above 1: lazy SMP); `mate`: with the game's win score, if it has one.
    Engine { options: Options, mate: bool },
    /// max^n with a table of exact value vectors of 1 MiB.
    MaxnTable,
    /// Speculative max^n with a table of exact value vectors of 1 MiB.
    SpeculativeTable,
    /// Best-reply search (games with [`SetToMove`] only).
    BestReply(Variant),
}

/// The plain search a row claims to equal.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Oracle {
    /// Minimax on the root mover's component, every other player minimising it: the
    /// paranoid tree. With two players, the two-player family's claim too: the root player
    /// maximises its own score whether the game is zero-sum or not (`focus(players=2)` is
    /// not), whichever player is at the root.
    Paranoid,
    /// Plain max^n (the core's `maxn`): the whole value vector.
    Maxn,
    /// max^n on the zero-sum projection (N-max's definition), computed here.
    ProjectedMaxn,
    /// The explicitly built best-reply tree of the variant, valued by minimax.
    BestReplyTree,
}

/// The numbers of players a row applies to.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Seats {
    Two,
    Any,
    /// Three or more (with two players best-reply search is paranoid search, checked in
    /// `best_reply.rs`).
    Many,
}

/// One claim of equality.
#[derive(Clone, Copy, Debug)]
struct Claim {
    name: &'static str,
    run: Run,
    oracle: Oracle,
    seats: Seats,
}

const fn engine(root: Root, pvs: bool, table_mib: usize, threads: usize, side: Side) -> Run {
    Run::Engine {
        options: Options {
            table_mib,
            ordering: Ordering::ALL,
            pvs,
            root,
            mate: None,
            side,
            threads,
        },
        mate: false,
    }
}

const fn with_mate(run: Run) -> Run {
    match run {
        Run::Engine { options, .. } => Run::Engine {
            options,
            mate: true,
        },
        other => other,
    }
}

const ASPIRATION: Root = Root::Aspiration { delta: 50 };
const NARROW: Root = Root::Aspiration { delta: 1 };

/// Every claim of equality the documentation makes about a search, one row each.
#[rustfmt::skip]
const CLAIMS: &[Claim] = &[
    // Two players: every search equals paranoid (the root player's score, which it maximises
    // and the other player minimises), zero-sum or not.
    Claim { name: "minimax", run: Run::Plain(Algorithm::Minimax), oracle: Oracle::Paranoid, seats: Seats::Two },
    Claim { name: "alphabeta", run: Run::Plain(Algorithm::AlphaBeta), oracle: Oracle::Paranoid, seats: Seats::Two },
    Claim { name: "alphabeta-failsoft", run: Run::Plain(Algorithm::AlphaBetaFailSoft), oracle: Oracle::Paranoid, seats: Seats::Two },
    Claim { name: "negamax", run: Run::Plain(Algorithm::Negamax), oracle: Oracle::Paranoid, seats: Seats::Two },
    Claim { name: "pvs", run: Run::Plain(Algorithm::Pvs), oracle: Oracle::Paranoid, seats: Seats::Two },
    Claim { name: "aspiration", run: Run::Plain(Algorithm::Aspiration), oracle: Oracle::Paranoid, seats: Seats::Two },
    Claim { name: "mtdf", run: Run::Plain(Algorithm::Mtdf), oracle: Oracle::Paranoid, seats: Seats::Two },
    Claim { name: "engine plain", run: Run::Engine { options: Options::PLAIN, mate: false }, oracle: Oracle::Paranoid, seats: Seats::Two },
    Claim { name: "engine full pvs table", run: engine(Root::Full, true, 1, 1, Side::First), oracle: Oracle::Paranoid, seats: Seats::Two },
    Claim { name: "engine aspiration table", run: engine(ASPIRATION, true, 1, 1, Side::First), oracle: Oracle::Paranoid, seats: Seats::Two },
    Claim { name: "engine narrow aspiration", run: engine(NARROW, false, 1, 1, Side::First), oracle: Oracle::Paranoid, seats: Seats::Two },
    Claim { name: "engine mtdf table", run: engine(Root::Mtdf, false, 1, 1, Side::First), oracle: Oracle::Paranoid, seats: Seats::Two },
    Claim { name: "engine mtdf no table", run: engine(Root::Mtdf, false, 0, 1, Side::First), oracle: Oracle::Paranoid, seats: Seats::Two },
    Claim { name: "engine mtdf pvs mate", run: with_mate(engine(Root::Mtdf, true, 1, 1, Side::First)), oracle: Oracle::Paranoid, seats: Seats::Two },
    Claim { name: "engine pvs mate", run: with_mate(engine(Root::Full, true, 1, 1, Side::First)), oracle: Oracle::Paranoid, seats: Seats::Two },
    Claim { name: "engine mtdf 2 threads", run: engine(Root::Mtdf, false, 1, 2, Side::First), oracle: Oracle::Paranoid, seats: Seats::Two },
    Claim { name: "engine pvs 2 threads", run: engine(Root::Full, true, 1, 2, Side::First), oracle: Oracle::Paranoid, seats: Seats::Two },
    Claim { name: "engine aspiration 3 threads", run: engine(ASPIRATION, true, 1, 3, Side::First), oracle: Oracle::Paranoid, seats: Seats::Two },
    // Any number of players: the max^n family equals max^n.
    Claim { name: "maxn", run: Run::Plain(Algorithm::Maxn), oracle: Oracle::Maxn, seats: Seats::Any },
    Claim { name: "shallow", run: Run::Plain(Algorithm::Shallow), oracle: Oracle::Maxn, seats: Seats::Any },
    Claim { name: "branch-and-bound", run: Run::Plain(Algorithm::BranchAndBound), oracle: Oracle::Maxn, seats: Seats::Any },
    Claim { name: "last-branch", run: Run::Plain(Algorithm::LastBranch), oracle: Oracle::Maxn, seats: Seats::Any },
    Claim { name: "speculative", run: Run::Plain(Algorithm::Speculative), oracle: Oracle::Maxn, seats: Seats::Any },
    Claim { name: "maxn table", run: Run::MaxnTable, oracle: Oracle::Maxn, seats: Seats::Any },
    Claim { name: "speculative table", run: Run::SpeculativeTable, oracle: Oracle::Maxn, seats: Seats::Any },
    Claim { name: "nmax", run: Run::Plain(Algorithm::Nmax), oracle: Oracle::ProjectedMaxn, seats: Seats::Any },
    // Paranoid: alpha-beta on the paranoid tree, plain and in the engine.
    Claim { name: "paranoid", run: Run::Plain(Algorithm::Paranoid), oracle: Oracle::Paranoid, seats: Seats::Any },
    Claim { name: "engine paranoid table", run: engine(Root::Full, true, 1, 1, Side::RootMover), oracle: Oracle::Paranoid, seats: Seats::Any },
    Claim { name: "engine paranoid mtdf", run: engine(Root::Mtdf, false, 1, 1, Side::RootMover), oracle: Oracle::Paranoid, seats: Seats::Any },
    Claim { name: "engine paranoid 2 threads", run: engine(ASPIRATION, true, 1, 2, Side::RootMover), oracle: Oracle::Paranoid, seats: Seats::Any },
    // Best-reply search: its explicit tree.
    Claim { name: "brs", run: Run::BestReply(Variant::Brs), oracle: Oracle::BestReplyTree, seats: Seats::Many },
    Claim { name: "brs-plus", run: Run::BestReply(Variant::BrsPlus), oracle: Oracle::BestReplyTree, seats: Seats::Many },
];

/// One game of the matrix: a spec, how many cases, how far random play goes, the deepest
/// search.
struct Sample {
    spec: &'static str,
    cases: u64,
    plies: u64,
    depth: u32,
}

const fn sample(spec: &'static str, cases: u64, plies: u64, depth: u32) -> Sample {
    Sample {
        spec,
        cases,
        plies,
        depth,
    }
}

/// Every registered game, at every number of seats it allows.
const GAMES: &[Sample] = &[
    sample("tictactoe", 300, 6, 5),
    sample("connect-four", 300, 20, 5),
    sample("chinese-checkers(players=2,board=37)", 150, 30, 4),
    sample("chinese-checkers(players=3,board=37)", 100, 30, 3),
    sample("chinese-checkers(players=4,board=73,top=6)", 40, 40, 3),
    sample("chinese-checkers(players=6,board=121,top=4)", 20, 40, 2),
    sample("chess4(cap=400)", 30, 40, 2),
    sample("rolit(players=3)", 100, 40, 3),
    sample("rolit(players=4)", 80, 40, 3),
    sample("focus(players=2)", 60, 30, 3),
    sample("focus(players=3)", 40, 30, 3),
    sample("focus(players=4)", 40, 30, 2),
    sample("blokus(players=4)", 6, 40, 2),
    sample("hearts(deal=3)", 100, 30, 4),
    sample("spades(deal=5)", 100, 30, 4),
    sample(
        "random(players=2,b=3,d=7,leaf=discrete:4,seed=11)",
        200,
        3,
        5,
    ),
    sample(
        "random(players=3,b=3,d=7,leaf=discrete:4,seed=12)",
        200,
        3,
        5,
    ),
    sample(
        "random(players=4,b=3,d=6,leaf=cutpoints,seed=13)",
        100,
        2,
        4,
    ),
    sample("random(players=5,b=3,d=5,leaf=uniform,seed=14)", 60, 2, 4),
    sample(
        "random(players=6,b=2,d=6,leaf=discrete:3,seed=15)",
        60,
        2,
        5,
    ),
];

/// What one game's run of the matrix checked: cases per claim.
#[derive(Default, Debug)]
struct Tally {
    cases: u64,
    per_claim: Vec<(&'static str, u64)>,
    seats: usize,
}

impl Tally {
    fn count(&mut self, claim: &'static str) {
        match self.per_claim.iter_mut().find(|(n, _)| *n == claim) {
            Some((_, c)) => *c += 1,
            None => self.per_claim.push((claim, 1)),
        }
    }
}

/// Minimax on `side`'s component: `side` maximises, every other player minimises; first
/// child in the game's order after the evaluator's ordering wins ties (the value does not
/// depend on it).
fn side_minimax<G: Game, E: Evaluator<G>>(
    g: &G,
    e: &E,
    s: &G::State,
    depth: u32,
    side: Player,
) -> Score {
    if let Some(o) = g.outcome(s) {
        return o[side];
    }
    if depth == 0 {
        return e.evaluate(g, s)[side];
    }
    let mut moves = Vec::new();
    g.moves(s, &mut moves);
    let max = g.to_move(s) == side;
    let values = moves
        .iter()
        .map(|&m| side_minimax(g, e, &g.play(s, m), depth - 1, side));
    if max { values.max() } else { values.min() }.expect("a position that is not over has a move")
}

/// max^n on the zero-sum projection of every leaf: the child whose projected component for
/// the mover is largest, the first in the evaluator's order among equals.
fn projected_maxn<G: Game, E: Evaluator<G>>(g: &G, e: &E, s: &G::State, depth: u32) -> Scores {
    if let Some(o) = g.outcome(s) {
        return project(&o);
    }
    if depth == 0 {
        return project(&e.evaluate(g, s));
    }
    let mut moves = Vec::new();
    g.moves(s, &mut moves);
    e.order(g, s, &mut moves);
    let p = g.to_move(s);
    let mut best: Option<Scores> = None;
    for m in moves {
        let v = projected_maxn(g, e, &g.play(s, m), depth - 1);
        if best.is_none_or(|b| v[p] > b[p]) {
            best = Some(v);
        }
    }
    best.expect("a position that is not over has a move")
}

/// The principal variation of `r` replays legally from `state` to a leaf of the search to
/// `depth` whose value vector (after `map`) is `r.value`; `score` and `best_move` agree.
fn check_line<G: Game, E: Evaluator<G>>(
    g: &G,
    e: &E,
    state: &G::State,
    depth: u32,
    r: &SearchResult<G::Move>,
    map: fn(&Scores) -> Scores,
    ctx: &dyn Fn() -> String,
) {
    let mut s = state.clone();
    let mut moves = Vec::new();
    for (i, &m) in r.pv.iter().enumerate() {
        assert!(
            g.outcome(&s).is_none(),
            "PV move {i} after the game's end: {}",
            ctx()
        );
        moves.clear();
        g.moves(&s, &mut moves);
        assert!(
            moves.contains(&m),
            "PV move {i} ({m:?}) is illegal: {}",
            ctx()
        );
        s = g.play(&s, m);
    }
    let leaf = match g.outcome(&s) {
        Some(o) => o,
        None => {
            assert_eq!(
                r.pv.len() as u32,
                depth,
                "the PV ends before the depth limit at a live position: {}",
                ctx()
            );
            e.evaluate(g, &s)
        }
    };
    assert_eq!(
        map(&leaf),
        r.value,
        "the PV's leaf is not the value: {}",
        ctx()
    );
    assert_eq!(r.score, r.value[g.to_move(state)], "score: {}", ctx());
    assert_eq!(r.best_move, r.pv.first().copied(), "best move: {}", ctx());
}

fn identity(s: &Scores) -> Scores {
    *s
}

/// Runs a row on one case (`None`: the row needs [`SetToMove`], which this game lacks).
fn run_row<G: Playable>(
    claim: &Claim,
    g: &G,
    state: &G::State,
    depth: u32,
) -> Option<Result<SearchResult<G::Move>, SearchError>>
where
    G::State: Send + Sync,
    G::Move: Send + Sync,
{
    let e = g.evaluator();
    let config = Config::depth(depth);
    Some(match claim.run {
        Run::Plain(a) => run(a, g, &e, state, &config),
        Run::Engine { options, mate } => {
            let options = Options {
                mate: if mate { g.mate() } else { None },
                ..options
            };
            engine::search_parallel(g, &e, &GameHash, state, &config, &options).map(|r| {
                // Deepening stops early only where every line ended before the limit.
                assert!(
                    r.result.stats.depth == depth || r.complete,
                    "{}: depth {} reached of {depth}",
                    claim.name,
                    r.result.stats.depth
                );
                r.result
            })
        }
        Run::MaxnTable => maxn_table(g, &e, state, &config, &mut VectorTable::with_mib(1)),
        Run::SpeculativeTable => {
            speculative_table(g, &e, state, &config, &mut VectorTable::with_mib(1))
        }
        Run::BestReply(_) => return None,
    })
}

/// Runs a best-reply row on a case (`state`, `depth`, the case's description) and says
/// whether it ran (the game can hand the turn to any player).
type BestReplyRows<'a, S> = &'a dyn Fn(&Claim, &S, u32, &dyn Fn() -> String) -> bool;

/// The matrix over one game (the visitor the registry calls with the concrete game).
struct Matrix<'a> {
    sample: &'a Sample,
}

impl Matrix<'_> {
    fn applies(claim: &Claim, players: usize) -> bool {
        match claim.seats {
            Seats::Two => players == 2,
            Seats::Many => players > 2,
            Seats::Any => true,
        }
    }

    /// Every row but best-reply search on every case; `best_reply` runs those rows where the
    /// game can hand the turn to any player.
    fn check_all<G: Playable>(&self, g: &G, best_reply: BestReplyRows<'_, G::State>) -> Tally
    where
        G::State: Send + Sync + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        let e = g.evaluator();
        let players = g.players();
        let mut tally = Tally {
            seats: players,
            ..Tally::default()
        };
        let cases = playout_cases(g, self.sample.cases, self.sample.plies, self.sample.depth);
        for (seed, state, depth) in cases {
            if g.outcome(&state).is_some() {
                continue;
            }
            tally.cases += 1;
            let root = g.to_move(&state);
            let maxn = run(Algorithm::Maxn, g, &e, &state, &Config::depth(depth))
                .expect("plain max^n at a depth limit");
            let paranoid = side_minimax(g, &e, &state, depth, root);
            for claim in CLAIMS.iter().filter(|c| Self::applies(c, players)) {
                let ctx = || {
                    format!(
                        "{} on {}, seed {seed}, depth {depth}, {state:?}",
                        claim.name, self.sample.spec
                    )
                };
                if claim.oracle == Oracle::BestReplyTree {
                    if best_reply(claim, &state, depth, &ctx) {
                        tally.count(claim.name);
                    }
                    continue;
                }
                let r = match run_row(claim, g, &state, depth) {
                    Some(r) => r.unwrap_or_else(|e| panic!("{e}: {}", ctx())),
                    None => continue,
                };
                match claim.oracle {
                    Oracle::Paranoid => {
                        assert_eq!(r.value[root], paranoid, "value: {}", ctx());
                        check_line(g, &e, &state, depth, &r, identity, &ctx);
                    }
                    Oracle::Maxn => {
                        assert_eq!(r.value, maxn.value, "value vector: {}", ctx());
                        check_line(g, &e, &state, depth, &r, identity, &ctx);
                    }
                    Oracle::ProjectedMaxn => {
                        let want = projected_maxn(g, &e, &state, depth);
                        assert_eq!(r.value, want, "projected value: {}", ctx());
                        check_line(g, &e, &state, depth, &r, project, &ctx);
                    }
                    Oracle::BestReplyTree => unreachable!("handled above"),
                }
                tally.count(claim.name);
            }
        }
        tally
    }
}

impl GameVisitor for Matrix<'_> {
    type Output = Tally;

    fn visit<G: Playable>(self, game: &G, _state: &G::State) -> Tally
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        self.check_all(game, &|_, _, _, _| false)
    }

    fn visit_best_reply<G: Playable + SetToMove>(self, game: &G, _state: &G::State) -> Tally
    where
        Self: Sized,
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        let e = game.evaluator();
        let best_reply = |claim: &Claim, state: &G::State, depth: u32, ctx: &dyn Fn() -> String| {
            let Run::BestReply(variant) = claim.run else {
                return false;
            };
            let root = game.to_move(state);
            let plus = variant == Variant::BrsPlus;
            let tree = build(game, &e, plus, root, state, depth, true);
            let (score, vector, pv) = best_reply_minimax(&tree, root);
            let config = Config::depth(depth);
            let r = match variant {
                Variant::Brs => brs(game, &e, state, &config),
                Variant::BrsPlus => brs_plus(game, &e, state, &config),
            }
            .unwrap_or_else(|err| panic!("{err}: {}", ctx()));
            assert_eq!(r.score, score, "score: {}", ctx());
            assert_eq!(r.value, vector, "value vector: {}", ctx());
            assert_eq!(r.pv, pv, "principal variation: {}", ctx());
            assert_eq!(r.best_move, pv.first().copied(), "best move: {}", ctx());
            true
        };
        self.check_all(game, &best_reply)
    }
}

/// The name a spec gives (`chinese-checkers(...)` -> `chinese-checkers`).
fn spec_name(spec: &str) -> &str {
    spec.split('(').next().unwrap_or(spec)
}

#[test]
fn the_matrix_covers_every_registry_game() {
    for entry in registry::entries() {
        // One listing per game type is enough where several names build the same type
        // (Hearts and Spades both have rows).
        for &seats in entry.seats {
            let covered = GAMES.iter().any(|s| {
                entry.listing.answers_to(spec_name(s.spec))
                    && registry::visit(s.spec, None, PlayersOf).unwrap() == seats
            });
            assert!(
                covered,
                "the oracle matrix has no row for {} with {seats} players",
                entry.listing.name
            );
        }
    }
}

/// A visitor that answers the number of players.
struct PlayersOf;

impl GameVisitor for PlayersOf {
    type Output = usize;
    fn visit<G: Playable>(self, game: &G, _state: &G::State) -> usize
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        game.players()
    }
}

#[test]
fn every_search_equals_its_oracle_on_every_registry_game() {
    let mut checked: Vec<(&str, u64)> = CLAIMS.iter().map(|c| (c.name, 0)).collect();
    // The games on threads of their own (the longest test of the binary: run one game after
    // another, it kept a core idle at the binary's end), their tallies read in order.
    let tallies: Vec<Tally> = std::thread::scope(|scope| {
        let handles: Vec<_> = GAMES
            .iter()
            .map(|sample| {
                scope.spawn(move || registry::visit(sample.spec, None, Matrix { sample }).unwrap())
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    for (sample, tally) in GAMES.iter().zip(tallies) {
        assert!(
            tally.cases * 2 >= sample.cases,
            "{}: only {} of {} cases were live positions",
            sample.spec,
            tally.cases,
            sample.cases
        );
        for claim in CLAIMS.iter().filter(|c| Matrix::applies(c, tally.seats)) {
            let n = tally
                .per_claim
                .iter()
                .find(|(name, _)| *name == claim.name)
                .map_or(0, |(_, n)| *n);
            let needs_set_to_move = matches!(claim.run, Run::BestReply(_));
            assert!(
                n == tally.cases || (needs_set_to_move && n == 0),
                "{}: {} checked on {n} of {} cases",
                sample.spec,
                claim.name,
                tally.cases
            );
            if let Some(c) = checked.iter_mut().find(|(name, _)| *name == claim.name) {
                c.1 += n;
            }
        }
    }
    // Every row ran somewhere, on a good number of cases.
    eprintln!("oracle matrix, cases per claim: {checked:?}");
    for (name, n) in checked {
        assert!(n >= 300, "{name} was checked on {n} cases only");
    }
}
