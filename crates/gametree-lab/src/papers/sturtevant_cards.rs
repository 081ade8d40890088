//! Sturtevant (2003), Tables 11 and 12: search depth and playing strength in three-player,
//! perfect-information Hearts and Spades (section 5: "all our experiments on card games were
//! run on the 3-player perfect-information variations of each game").
//!
//! # Table 11: average search depth within 500,000 expansions
//!
//! The paper (5.2): "We played 300 hands of Hearts with a 500k node search limit. Hands were
//! searched iteratively deeper until the node limit was reached, and re-expansions in
//! speculative max^n counted towards the node limit. [...] we averaged the search depth for
//! points in the tree where the search wasn't limited by the number of cards in the hand, and
//! we also found the average point at which a hand could be searched to completion." Depth
//! is counted in cards ("when [...] there are 22.1 cards remaining in a hand"; "paranoid can
//! search 3.7 cards deeper").
//!
//! Here: each hand is a seeded deal ([`CardGame::deal`]), played to its end by speculative
//! max^n in every seat. At every position of the hand, six searches measure it, each with
//! iterative deepening under a limit of `nodes` nodes summed over the iterations (the paper's
//! 500,000; our `nodes` counts the root of each iteration too, so at most a few dozen more
//! than expansions). Iterative deepening goes one trick at a time ([`DEEPENING`]:
//! [`gametree_games::cards::deepen_by_tricks`], every iteration ends between tricks, as
//! Sturtevant's card programs deepened), up to the end of the hand. The six searches
//! ([`TABLE11`]):
//! - the paper's three: plain max^n, speculative max^n and paranoid (alpha-beta), as the
//!   registry runs them;
//! - the same three with a transposition table, not in the paper: [`maxn_table`] and
//!   [`speculative_table`] (exact value vectors; positions that differ only in the points
//!   taken share an entry, [`gametree::hash::Zobrist::banked`]), and paranoid in the engine
//!   (a table of bounds, table move, killers, history, PVS and MTD(f) zero-window passes; it
//!   deepens by cards, its table carrying the ordering from one iteration to the next).
//!
//! Per search:
//! - **complete tree**: for each hand, the number of cards left in the hand (all three hands
//!   together, 51 at the start) at the first position where the search reaches the end of
//!   the hand; averaged over hands (95% interval over hands);
//! - **partial tree**: the depth in cards of the last completed iteration, averaged over the
//!   positions where the search did not reach the end of the hand (95% interval over hands'
//!   means).
//!
//! `gametree reproduce sturtevant-2003/table-11 --hands N` sets the number of hands.
//!
//! # Table 12: average score against paranoid
//!
//! The paper (5.4): "we played 50 hands with a 500k node search limit. Each of these hands
//! were played multiple times to account for player positions on the table." Here each hand
//! is played six times for each pairing (max^n against paranoid, speculative max^n against
//! paranoid): every way of seating the two algorithms at the three seats with both present
//! (AAP, APA, PAA, APP, PAP, PPA), each seat searching with iterative deepening under the
//! node limit. A hand's score for an algorithm is the mean over those six plays of its seats'
//! points (Hearts, lower is better) or tricks (Spades, higher is better); the rows give the
//! mean over hands with a 95% interval.
//!
//! # Settings
//!
//! Games: `hearts(deal=K,equiv=1,scale=1)` and `spades(deal=K,equiv=1,scale=1)` (the rules of docs/games.md,
//! evaluators and orderings; the equivalent-card reduction on). Quick mode: 2 hands per game
//! at 100,000 nodes (Table 11) and 1 hand at 50,000 nodes (Table 12), a few seconds in all,
//! with depths below the paper's since the budget is smaller. Full mode: the paper's 300
//! and 50 hands at 500,000 nodes: about 50 minutes for Table 11 (six searches per position)
//! and 20 for Table 12 on the two cores of the development machine.
//!
//! # Measured
//!
//! Table 11 in full mode (the paper's 300 hands of each game, 500,000 nodes, 2,139 s on two
//! cores; 95% intervals within ±0.4 cards):
//!
//! | | Hearts complete / partial | Spades complete / partial |
//! |---|---|---|
//! | plain max^n | 18.1 / 10.3 (paper 20.9 / 11.1) | 18.8 / 10.6 (paper 21.7 / 11.1) |
//! | speculative max^n | 18.9 / 11.2 (paper 22.1 / 12.1) | 19.5 / 11.5 (paper 24.3 / 15.4) |
//! | paranoid | 22.6 / 14.6 (paper 25.8 / 17.1) | 24.8 / 16.5 (paper 33.5 / 22.4) |
//! | max^n + table | 22.4 / 11.1 | 22.7 / 11.3 |
//! | speculative max^n + table | 22.6 / 11.9 | 23.1 / 12.2 |
//! | paranoid + table (engine) | 25.9 / 17.7 | 28.1 / 18.4 |
//!
//! The paper's three algorithms, as they are, stay about 3 cards short of the paper's
//! complete-tree figures (more for Spades' speculative and paranoid), max^n included, whose
//! complete search no ordering or evaluation can shrink: the same number of nodes reaches
//! fewer cards here. With a table of exact values max^n reaches the paper's figures in both
//! games, complete and partial, and so does every search in Hearts, except speculative's
//! partial depth: 11.89 [11.77, 12.08] against 12.1, a fifth of a card short. The paper does
//! not say its programs shared transposed subtrees, but counting each transposed subtree
//! once is what brings max^n to the paper's depth. Spades stays short for speculative max^n
//! (23.1 / 12.2 against 24.3 / 15.4) and paranoid (28.1 / 18.4 against 33.5 / 22.4): the
//! paper's speculative max^n gains four cards over max^n in Spades and ours one, so its
//! Spades program prunes far better than ours (its move ordering, or the Spades-specific
//! optimisations Sturtevant describes elsewhere, such as testing only "one more trick" per
//! iteration in paranoid).
//!
//! Table 12, the paper's 50 hands x 6 seatings at 500,000 nodes (full mode, 638 s on two
//! cores), ours (paper): Hearts, max^n 9.15 (8.50) against paranoid 8.18 (8.50), speculative
//! max^n 8.67 (8.01) against paranoid 8.66 (8.99); Spades, max^n 5.76 (5.55) against paranoid
//! 5.58 (5.78), speculative max^n 5.72 (5.72) against paranoid 5.62 (5.61). Spades with
//! speculative max^n matches the paper (+0.10 tricks a hand [-0.03, 0.24], paper +0.11). In
//! Hearts paranoid scores better than plain max^n here by 0.97 points a hand [0.16, 1.78]
//! (the paper: equal), and speculative max^n only draws level with it (the paper: 0.98
//! better); in Spades plain max^n beats paranoid by 0.18 [0.04, 0.31] (the paper: 0.23
//! worse). So the paper's conclusion, that speculative pruning makes max^n at least as good
//! as paranoid, holds here; its margin in Hearts does not.

use gametree::search::engine::{self, GameHash, Options, Root, Side};
use gametree::search::iterative::iterative_deepening;
use gametree::search::maxn_table::maxn_table;
use gametree::search::speculative_table::speculative_table;
use gametree::search::vector_table::VectorTable;
use gametree::search::{run, Algorithm, Config, Limits, SearchError, SearchResult};
use gametree::Game;
use gametree_games::cards::{deepen_by_tricks, CardEval, CardGame, CardState, Variant};

use crate::experiment::{Cost, Ctx, Experiment, Knobs, Output, Work};
use crate::report::Row;
use gametree_run::runner::run_trials;
use gametree_run::spare_table::SpareTable;
use gametree_run::stats::summarize;
use serde::{Deserialize, Serialize};

const PAPER: &str = "sturtevant-2003";

/// How a Table 11 search is run: one of the paper's three algorithms as it is, or with a
/// transposition table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The registry's algorithm, iterative deepening in cards.
    Plain(Algorithm),
    /// [`maxn_table`]: max^n with a table of exact values.
    MaxnTable,
    /// [`speculative_table`]: speculative max^n with a table of exact values.
    SpeculativeTable,
    /// Paranoid in the engine: a table of bounds, every ordering heuristic, PVS and MTD(f)
    /// zero-window passes (the paper: "paranoid can do highly efficient zero-window
    /// searches").
    ParanoidEngine,
}

/// Table 11's rows: the paper's three algorithms, then each with a transposition table.
pub const TABLE11: [Method; 6] = [
    Method::Plain(Algorithm::Maxn),
    Method::Plain(Algorithm::Speculative),
    Method::Plain(Algorithm::Paranoid),
    Method::MaxnTable,
    Method::SpeculativeTable,
    Method::ParanoidEngine,
];

/// The unit of iterative deepening.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deepening {
    /// One card (ply) per iteration.
    Cards,
    /// One trick per iteration: each iteration ends between tricks
    /// ([`gametree_games::cards::deepen_by_tricks`]), as Sturtevant's card programs deepen.
    Tricks,
}

/// Table 11's deepening: by tricks, as Sturtevant's programs deepened (the engine row deepens
/// by cards: its table carries the move ordering from one iteration to the next).
pub const DEEPENING: Deepening = Deepening::Tricks;

/// The MiB of every table of a Table 11 search (65,536 vector entries; the budget of
/// 500,000 nodes fills at most a third of them between tricks).
pub const TABLE_MIB: usize = 4;

/// The experiments of this module.
pub fn experiments() -> Vec<Experiment> {
    vec![
        Experiment {
            paper: PAPER,
            table: "table-11",
            about:
                "Table 11: average search depth (cards) within 500k expansions, Hearts and Spades",
            params: params11,
            run: run11,
            work: Work::Whole(Cost {
                quick: 5.0,
                full: 2200.0,
            }),
        },
        Experiment {
            paper: PAPER,
            table: "table-12",
            about: "Table 12: average score of max^n and speculative max^n against paranoid",
            params: params12,
            run: run12,
            work: Work::Whole(Cost {
                quick: 4.5,
                full: 900.0,
            }),
        },
    ]
}

/// How much to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Hands per game.
    pub hands: usize,
    /// The node limit of every search (summed over its iterations).
    pub nodes: u64,
    /// The experiment's seed.
    pub seed: u64,
}

/// The card tables' own parameter (`gametree reproduce sturtevant-2003/table-11 --hands
/// N`): the number of hands of Tables 11 and 12 instead of the mode's (quick: 2 and 1;
/// full: the paper's 300 and 50). A part file carries it as `run.hands`: a number, or
/// `null` for the mode's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Hands(pub Option<usize>);

impl Knobs for Hands {
    const KEY: &'static str = "hands";

    fn meta(&self) -> String {
        self.0.map_or(String::new(), |h| format!(" hands={h}"))
    }

    fn flags(&self) -> String {
        self.0.map_or(String::new(), |h| format!(" --hands {h}"))
    }
}

/// The plan of Table 11 in mode `ctx`.
pub(crate) fn plan11(ctx: &Ctx) -> Plan {
    Plan {
        hands: ctx
            .params
            .get::<Hands>()
            .0
            .unwrap_or(if ctx.quick { 2 } else { 300 }),
        nodes: if ctx.quick { 100_000 } else { 500_000 },
        seed: 11,
    }
}

/// The plan of Table 12 in mode `ctx`.
pub(crate) fn plan12(ctx: &Ctx) -> Plan {
    Plan {
        hands: ctx
            .params
            .get::<Hands>()
            .0
            .unwrap_or(if ctx.quick { 1 } else { 50 }),
        nodes: if ctx.quick { 50_000 } else { 500_000 },
        seed: 12,
    }
}

/// The game of the experiments (rules of docs/games.md, equivalent cards searched once).
pub fn game(variant: Variant) -> CardGame {
    match variant {
        Variant::Hearts => CardGame::hearts(1),
        Variant::Spades => CardGame::spades(1),
    }
    .with_equiv(true)
    .with_scale(1)
}

fn params11(ctx: &Ctx) -> String {
    let p = plan11(ctx);
    format!(
        "hands={} nodes={} seed={} deepening={:?} table_mib={TABLE_MIB} games={} {}",
        p.hands,
        p.nodes,
        p.seed,
        DEEPENING,
        game(Variant::Hearts).spec(),
        game(Variant::Spades).spec()
    )
}

fn params12(ctx: &Ctx) -> String {
    let p = plan12(ctx);
    format!(
        "hands={} nodes={} seed={} seatings=6 games={} {}",
        p.hands,
        p.nodes,
        p.seed,
        game(Variant::Hearts).spec(),
        game(Variant::Spades).spec()
    )
}

/// One search as Table 11 runs it: iterative deepening in cards up to the cards left,
/// under the node limit (summed over the iterations). `table` is cleared first (each search
/// is measured on its own; within one search, iterations cannot share entries, whose draft
/// tells the ply apart). Returns the move, the depth of the last completed iteration and
/// whether it reached the end of the hand.
pub fn search(
    g: &CardGame,
    s: &CardState,
    method: Method,
    deepening: Deepening,
    nodes: u64,
    table: &mut VectorTable,
) -> (Option<u8>, u32, bool) {
    let left = s.cards_left();
    let config = Config {
        limits: Limits {
            depth: Some(left),
            nodes: Some(nodes),
            deadline: None,
            cpu_deadline: None,
            start: None,
            stop: None,
        },
        trace: false,
        ..Config::default()
    };
    let deepen =
        |f: &mut dyn FnMut(&Config) -> Result<SearchResult<u8>, SearchError>| match deepening {
            Deepening::Cards => iterative_deepening(&config, f),
            Deepening::Tricks => deepen_by_tricks(g, s, &config, 17, f),
        };
    let r = match method {
        Method::Plain(a) => deepen(&mut |c| run(a, g, &CardEval, s, c)),
        Method::MaxnTable => {
            table.clear();
            deepen(&mut |c| maxn_table(g, &CardEval, s, c, table))
        }
        Method::SpeculativeTable => {
            table.clear();
            deepen(&mut |c| speculative_table(g, &CardEval, s, c, table))
        }
        Method::ParanoidEngine => {
            let opts = Options {
                table_mib: TABLE_MIB,
                root: Root::Mtdf,
                side: Side::RootMover,
                ..Options::STRONG
            };
            return match engine::search(g, &CardEval, &GameHash, s, &config, &opts) {
                Ok(e) => (
                    e.result.best_move,
                    e.result.stats.depth,
                    e.complete || e.result.stats.depth >= left,
                ),
                Err(_) => (None, 0, false),
            };
        }
    };
    match r {
        Ok(r) => (r.best_move, r.stats.depth, r.stats.depth >= left),
        Err(_) => (None, 0, false),
    }
}

/// What Table 11 measured on one hand, per algorithm of [`TABLE11`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct HandDepths {
    /// Cards left at the first position searched to the end of the hand.
    pub complete_at: [u32; TABLE11.len()],
    /// The depths of the searches that did not reach the end.
    pub partial: [Vec<u32>; TABLE11.len()],
}

/// Plays deal `seed` of `variant` with speculative max^n and measures every position.
pub(crate) fn hand_depths(
    variant: Variant,
    seed: u64,
    nodes: u64,
    deepening: Deepening,
) -> HandDepths {
    let g = game(variant);
    let mut s = g.deal(seed);
    let mut out = HandDepths::default();
    let mut done = [false; TABLE11.len()];
    let mut moves = Vec::new();
    // A spare table of an earlier game, cleared, when there is one: as a new table.
    let mut table = SpareTable::new(TABLE_MIB as u32).unwrap_or_else(|e| panic!("{e}"));
    while g.outcome(&s).is_none() {
        let mut chosen = None;
        for (i, &a) in TABLE11.iter().enumerate() {
            let (mv, depth, complete) = search(&g, &s, a, deepening, nodes, &mut table);
            if complete {
                if !done[i] {
                    done[i] = true;
                    out.complete_at[i] = s.cards_left();
                }
            } else {
                out.partial[i].push(depth);
            }
            if a == Method::Plain(Algorithm::Speculative) {
                chosen = mv;
            }
        }
        let mv = match chosen {
            Some(m) => m,
            None => {
                moves.clear();
                g.moves(&s, &mut moves);
                moves[0]
            }
        };
        s = g.play(&s, mv);
    }
    out
}

const PAPER11: [[(f64, f64); 3]; 2] = [
    [(20.9, 11.1), (22.1, 12.1), (25.8, 17.1)],
    [(21.7, 11.1), (24.3, 15.4), (33.5, 22.4)],
];

fn label(a: Algorithm) -> &'static str {
    match a {
        Algorithm::Maxn => "plain max^n",
        Algorithm::Speculative => "speculative max^n",
        _ => "paranoid",
    }
}

/// The row label of a Table 11 method and the index of the paper's row it is compared with.
pub(crate) fn method_label(m: Method) -> (&'static str, usize) {
    match m {
        Method::Plain(Algorithm::Maxn) => ("plain max^n", 0),
        Method::Plain(Algorithm::Speculative) => ("speculative max^n", 1),
        Method::Plain(_) => ("paranoid", 2),
        Method::MaxnTable => ("max^n + table", 0),
        Method::SpeculativeTable => ("speculative max^n + table", 1),
        Method::ParanoidEngine => ("paranoid + table, ordering, MTD(f)", 2),
    }
}

fn run11(ctx: &Ctx) -> Output {
    let p = plan11(ctx);
    let mut rows = Vec::new();
    for (gi, variant) in [Variant::Hearts, Variant::Spades].into_iter().enumerate() {
        let name = if gi == 0 { "Hearts" } else { "Spades" };
        let hands = run_trials(
            &format!("table 11 {}", name.to_lowercase()),
            p.hands,
            p.seed + gi as u64,
            ctx.progress,
            |_, seed| hand_depths(variant, seed, p.nodes, DEEPENING),
        );
        for (i, &a) in TABLE11.iter().enumerate() {
            let complete: Vec<f64> = hands.iter().map(|h| h.complete_at[i] as f64).collect();
            let c = summarize(&complete);
            let means: Vec<f64> = hands
                .iter()
                .filter(|h| !h.partial[i].is_empty())
                .map(|h| h.partial[i].iter().sum::<u32>() as f64 / h.partial[i].len() as f64)
                .collect();
            let all: Vec<u32> = hands.iter().flat_map(|h| h.partial[i].clone()).collect();
            let partial_mean = all.iter().sum::<u32>() as f64 / all.len().max(1) as f64;
            let ps = summarize(&means);
            let (lab, paper_row) = method_label(a);
            // The row's label names no run size, so a quick row and the full run's row are
            // the same row (quick mode shows the committed full-run verdict beside its
            // `too-few`); the size is in the note.
            let what = format!("{name}, {lab}");
            let size = format!("{} hands, {} nodes", p.hands, p.nodes);
            let (pc, pp) = PAPER11[gi][paper_row];
            let plain = matches!(a, Method::Plain(_));
            rows.push(
                Row::builder(PAPER, "table-11", what.clone(), "complete tree: cards left when first searched to the end").paper(pc).ours(c.mean).sample(c.ci95, c.n as u64).relative(0.05).build()
                .with_note(if plain {
                    format!(
                        "{}; the paper completes hands 2-4 cards earlier for all three algorithms, max^n included, whose complete search ordering cannot change; with a transposition table (the '+ table' rows) max^n and speculative max^n reach the paper's figure (module docs)",
                        note(c.mean, pc, ctx, &size)
                    )
                } else {
                    format!(
                        "{}; with a transposition table (not in the paper)",
                        note(c.mean, pc, ctx, &size)
                    )
                }),
            );
            rows.push(
                Row::builder(
                    PAPER,
                    "table-11",
                    what,
                    "partial tree: depth (cards) when not searched to the end",
                )
                .paper(pp)
                .ours(partial_mean)
                .sample(ps.ci95, ps.n as u64)
                .relative(0.05)
                .build()
                .with_note(format!(
                    "{} positions; {}",
                    all.len(),
                    note(partial_mean, pp, ctx, &size)
                )),
            );
        }
    }
    Output {
        rows,
        plots: Vec::new(),
    }
}

fn note(ours: f64, paper: f64, ctx: &Ctx, size: &str) -> String {
    let side = if ours >= paper {
        "at least the paper's depth"
    } else {
        "below the paper's depth"
    };
    if ctx.quick {
        format!("{side}; {size}; quick mode: smaller node limit and few hands")
    } else {
        format!("{side}; {size}")
    }
}

/// The six seatings of two algorithms at three seats with both present: `true` = the
/// max^n-family seat.
pub(crate) const SEATINGS: [[bool; 3]; 6] = [
    [true, true, false],
    [true, false, true],
    [false, true, true],
    [true, false, false],
    [false, true, false],
    [false, false, true],
];

/// Plays deal `seed` of `variant` with `a` in the seats marked `true` and paranoid in the
/// others; returns each seat's points (Hearts) or tricks (Spades).
pub(crate) fn play_hand(
    variant: Variant,
    seed: u64,
    a: Algorithm,
    seats: [bool; 3],
    nodes: u64,
) -> [u8; 3] {
    let g = game(variant);
    let mut s = g.deal(seed);
    let mut moves = Vec::new();
    let mut table = VectorTable::with_mib(0);
    while g.outcome(&s).is_none() {
        let p = s.to_move();
        let alg = if seats[p] { a } else { Algorithm::Paranoid };
        let mv = match search(
            &g,
            &s,
            Method::Plain(alg),
            Deepening::Cards,
            nodes,
            &mut table,
        )
        .0
        {
            Some(m) => m,
            None => {
                moves.clear();
                g.moves(&s, &mut moves);
                moves[0]
            }
        };
        s = g.play(&s, mv);
    }
    match variant {
        Variant::Hearts => s.taken,
        Variant::Spades => s.tricks,
    }
}

/// One hand of Table 12 for the pairing `a` against paranoid: the mean score of `a`'s seats
/// and of paranoid's seats over the six seatings.
pub(crate) fn hand_scores(variant: Variant, seed: u64, a: Algorithm, nodes: u64) -> (f64, f64) {
    let (mut sa, mut na, mut sp, mut np) = (0.0, 0, 0.0, 0);
    for seats in SEATINGS {
        let score = play_hand(variant, seed, a, seats, nodes);
        for p in 0..3 {
            if seats[p] {
                sa += score[p] as f64;
                na += 1;
            } else {
                sp += score[p] as f64;
                np += 1;
            }
        }
    }
    (sa / na as f64, sp / np as f64)
}

const PAPER12: [[(f64, f64); 2]; 2] = [[(8.50, 8.50), (8.01, 8.99)], [(5.55, 5.78), (5.72, 5.61)]];

fn run12(ctx: &Ctx) -> Output {
    let p = plan12(ctx);
    let mut rows = Vec::new();
    for (gi, variant) in [Variant::Hearts, Variant::Spades].into_iter().enumerate() {
        let name = if gi == 0 {
            "Hearts (points, lower is better)"
        } else {
            "Spades (tricks, higher is better)"
        };
        for (ai, a) in [Algorithm::Maxn, Algorithm::Speculative]
            .into_iter()
            .enumerate()
        {
            let scores = run_trials(
                &format!(
                    "table 12 {} {}",
                    if gi == 0 { "hearts" } else { "spades" },
                    a.name()
                ),
                p.hands,
                p.seed + gi as u64,
                ctx.progress,
                |_, seed| hand_scores(variant, seed, a, p.nodes),
            );
            let ours = summarize(&scores.iter().map(|x| x.0).collect::<Vec<_>>());
            let theirs = summarize(&scores.iter().map(|x| x.1).collect::<Vec<_>>());
            let diff = summarize(&scores.iter().map(|x| x.0 - x.1).collect::<Vec<_>>());
            // No run size in the label (a quick row is the full run's row); it is in the note.
            let what = format!("{name}, {} vs paranoid", label(a));
            let size = format!("{} hands x 6 seatings, {} nodes", p.hands, p.nodes);
            let q = if ctx.quick {
                format!("; {size}; quick mode")
            } else {
                format!("; {size}")
            };
            let (pa, pp) = PAPER12[gi][ai];
            rows.push(
                Row::builder(
                    PAPER,
                    "table-12",
                    what.clone(),
                    format!("average score of {}", label(a)),
                )
                .paper(pa)
                .ours(ours.mean)
                .sample(ours.ci95, ours.n as u64)
                .relative(0.1)
                .build()
                .with_note(format!(
                    "{} minus paranoid {:.2} [{:.2}, {:.2}] (paper {:.2}){q}",
                    label(a),
                    diff.mean,
                    diff.ci95[0],
                    diff.ci95[1],
                    pa - pp
                )),
            );
            rows.push(
                Row::builder(PAPER, "table-12", what, "average score of paranoid")
                    .paper(pp)
                    .ours(theirs.mean)
                    .sample(theirs.ci95, theirs.n as u64)
                    .relative(0.1)
                    .build()
                    .with_note(q.trim_start_matches("; ").to_string()),
            );
        }
    }
    Output {
        rows,
        plots: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The labels name no run size, so the full run's verdicts match the quick rows (quick
    /// mode shows them beside its too-few); the size is in the note.
    fn labels_name_no_run_size(rows: &[Row]) {
        for r in rows {
            assert!(
                !r.row.contains("hands") && !r.row.contains("nodes"),
                "{}",
                r.row
            );
            assert!(
                r.note.contains("hands") && r.note.contains("nodes"),
                "{}",
                r.note
            );
        }
    }

    // The two quick tables are two tests, which run at the same time (together, one test
    // was the last of the library's tests by seconds).
    /// One hand of each game instead of quick mode's two: every row, at half the cost.
    #[test]
    fn quick_table_11_has_every_row() {
        let ctx = Ctx {
            params: crate::experiment::Params::NONE.with(&Hands(Some(1))),
            ..Ctx::mode(true)
        };
        let t11 = run11(&ctx);
        assert_eq!(t11.rows.len(), 24);
        for r in &t11.rows {
            let ours = r.ours.as_f64();
            assert!(ours.is_finite() && ours > 0.0 && ours <= 51.0, "{r:?}");
        }
        labels_name_no_run_size(&t11.rows);
    }

    #[test]
    fn quick_table_12_has_every_row() {
        let t12 = run12(&Ctx::mode(true));
        assert_eq!(t12.rows.len(), 8);
        labels_name_no_run_size(&t12.rows);
        // Hearts: the points of a hand sum to 26 over three seats; Spades: 17 tricks.
        for r in &t12.rows {
            assert!((0.0..=26.0).contains(&r.ours.as_f64()), "{r:?}");
        }
    }

    #[test]
    fn table_11_searches_to_the_end_late_in_the_hand() {
        let h = hand_depths(Variant::Spades, 5, 20_000, Deepening::Cards);
        for i in 0..TABLE11.len() {
            assert!(h.complete_at[i] >= 6, "{h:?}");
            assert!(h.partial[i].iter().all(|&d| d >= 1));
        }
        // Paranoid prunes more than max^n: it completes the hand earlier.
        assert!(h.complete_at[2] >= h.complete_at[0]);
    }

    #[test]
    fn seatings_replay_a_hand_and_keep_the_totals() {
        for seats in SEATINGS {
            let s = play_hand(Variant::Hearts, 3, Algorithm::Speculative, seats, 5_000);
            assert_eq!(s.iter().map(|&x| x as u32).sum::<u32>(), 26);
            let t = play_hand(Variant::Spades, 3, Algorithm::Maxn, seats, 5_000);
            assert_eq!(t.iter().map(|&x| x as u32).sum::<u32>(), 17);
            assert_eq!(
                t,
                play_hand(Variant::Spades, 3, Algorithm::Maxn, seats, 5_000)
            );
        }
    }
}
