//! Beyond the papers: MCTS's exploration constant and playout policy tuned per game
//! (`gametree reproduce beyond/mcts-tuning`; docs/mcts.md, *Tuning the exploration
//! constant*).
//!
//! For one variant of each game family the strength experiment plays with MCTS (Chinese
//! Checkers with three players on 73 holes and every move legal, Rolit with three players,
//! four-player chess with the relative evaluator, Focus with three players, Blokus), MCTS
//! plays a seeded pairwise round robin over a small grid of exploration constants
//! ([`GRID`]): every pair of constants is a two-engine tournament of the lab
//! ([`gametree_run::tournament`]), each opening played under every seat assignment in which both
//! engines sit (`2^players - 2` games), at a fixed node budget per move, with playouts cut at
//! [`CUTOFF`] plies (as in the strength experiment) and random playouts. A constant's cell
//! is its win rate over all its games (the share of the wins that went to its seats, ties
//! shared; 0.5 is even), with a Wilson interval. Then, at the constant with the best win
//! rate, random playouts play epsilon-greedy ones ([`EPSILON`]) in one more match.
//!
//! Beside each cell, a cheap check of flatness: the most visited root move's visits over the
//! median's after [`Plan::flat_iterations`] iterations from the game's start (the lowest over
//! the seeds). A ratio near 1 is flat Monte Carlo: the exploration term drowns the means.
//!
//! The pick ([`pick`]): the highest win rate; among the constants within one win of it
//! (ties: one game does not separate them), the one whose root is least flat. The intervals overlap at the sizes run here: a pick is the best point estimate,
//! not a significant winner, and the rows say so. Every constant and playout is explicit in
//! the engines' names (`:c=`, `:playout=`), so the games' tuned defaults never change what
//! this experiment plays: the same seed gives the same rows before and after tuning.

use gametree::search::mcts::{mcts_report, MctsConfig, Playout, DEFAULT_EXPLORATION};
use gametree::search::{Config, Searcher};
use gametree_games::registry::{self, GameVisitor, Playable};

use crate::experiment::{Cost, Ctx, Experiment, Output, Work};
use crate::report::{Check, Row};
use gametree_run::engine::{Engine, EngineOptions, MoveBudget};
use gametree_run::engine_policy::{Milli, PlayoutOption, PolicyOptions};
use gametree_run::stats::wilson;
use gametree_run::tournament::{GameResult, TournamentConfig};

const PAPER: &str = "beyond";
/// The table's key: `gametree reproduce beyond/mcts-tuning`.
pub const TABLE: &str = "mcts-tuning";

/// The exploration constants tried, in thousandths: 0.05, 0.1, 0.2, 0.4 and `sqrt 2`
/// (1.414, UCB1's constant for rewards in `[0, 1]`).
pub const GRID: [Milli; 5] = [Milli(50), Milli(100), Milli(200), Milli(400), Milli(1414)];

/// The epsilon of the epsilon-greedy playouts compared with random ones: 0.1.
pub const EPSILON: Milli = Milli(100);

/// The playout cut-off, in plies (the strength experiment's).
pub const CUTOFF: u32 = 10;

/// One game of the tuning: a short label, the registry spec and the full mode's sizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TuneGame {
    /// The label of the rows (`cc-73`, `rolit-3`, `chess4`, `focus-3`, `blokus`).
    pub label: &'static str,
    /// The spec the registry builds.
    pub spec: &'static str,
    /// Nodes per move of every engine (full mode).
    pub nodes: u64,
    /// Openings of each pair of constants (full mode).
    pub openings: usize,
    /// Openings of the playout match (full mode).
    pub playout_openings: usize,
}

/// The games tuned: one variant per family of the strength experiment, with the full
/// mode's sizes: 1,000 nodes a move where a game is cheap, fewer on four-player chess (500)
/// and Blokus (250), whose moves cost the most (about the ratio of the strength
/// experiment's calibrated MCTS budgets); openings so that each game takes a few minutes on
/// two shared cores.
pub const GAMES: [TuneGame; 5] = [
    TuneGame {
        label: "cc-73",
        spec: "chinese-checkers(players=3,board=73,top=all)",
        nodes: 1000,
        openings: 3,
        playout_openings: 6,
    },
    TuneGame {
        label: "rolit-3",
        spec: "rolit(players=3)",
        nodes: 1000,
        openings: 3,
        playout_openings: 6,
    },
    TuneGame {
        label: "chess4",
        spec: "chess4(cap=200,eval=relative)",
        nodes: 500,
        openings: 1,
        playout_openings: 1,
    },
    TuneGame {
        label: "focus-3",
        spec: "focus(players=3,cap=200)",
        nodes: 1000,
        openings: 6,
        playout_openings: 12,
    },
    TuneGame {
        label: "blokus",
        spec: "blokus(players=4)",
        nodes: 250,
        openings: 1,
        playout_openings: 1,
    },
];

/// How much to run.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// The games, each with its nodes per move and openings.
    pub games: Vec<TuneGame>,
    /// Random plies of each opening.
    pub opening_plies: usize,
    /// Plies after the opening after which a game is adjudicated by the evaluator (`None`:
    /// to the end or the game's own cap).
    pub max_plies: Option<usize>,
    /// The seed of the openings.
    pub seed: u64,
    /// Iterations of the flatness check from the start.
    pub flat_iterations: u64,
    /// Seeds of the flatness check (`0..flat_seeds`).
    pub flat_seeds: u64,
    /// Threads playing games at once (`None`: one per core; the rows do not depend on it).
    pub threads: Option<usize>,
}

/// The plan of mode `ctx`. Full (about half an hour on two shared cores): [`GAMES`]' sizes,
/// games to their end or cap, 3,000 iterations of seeds 0-3 for the flatness check. Quick
/// (seconds): 100 nodes a move, one opening, games adjudicated 4 plies after the opening,
/// 200 iterations of one seed.
pub fn plan(ctx: &Ctx) -> Plan {
    let quick = ctx.quick;
    Plan {
        games: GAMES
            .iter()
            .map(|&g| match quick {
                true => TuneGame {
                    nodes: 100,
                    openings: 1,
                    playout_openings: 1,
                    ..g
                },
                false => g,
            })
            .collect(),
        opening_plies: 3,
        max_plies: if quick { Some(4) } else { None },
        seed: 1,
        flat_iterations: if quick { 200 } else { 3000 },
        flat_seeds: if quick { 1 } else { 4 },
        threads: None,
    }
}

/// The experiment.
pub fn experiment() -> Experiment {
    Experiment {
        paper: PAPER,
        table: TABLE,
        about: "beyond the papers: MCTS's exploration constant (0.05-sqrt 2) and random against epsilon-greedy playouts, by a seeded round robin per game family",
        params,
        run,
        work: Work::Whole(Cost {
            quick: 1.0,
            full: 10.0,
        }),
    }
}

fn params(ctx: &Ctx) -> String {
    let p = plan(ctx);
    let games: Vec<String> = p
        .games
        .iter()
        .map(|g| {
            format!(
                "{} nodes={} openings={} playout_openings={}",
                g.spec, g.nodes, g.openings, g.playout_openings
            )
        })
        .collect();
    let grid: Vec<String> = GRID.iter().map(Milli::to_string).collect();
    format!(
        "games={games:?} grid={grid:?} epsilon={EPSILON} cutoff={CUTOFF} opening_plies={} max_plies={:?} seed={} flat_iterations={} flat_seeds={}",
        p.opening_plies,
        p.max_plies,
        p.seed,
        p.flat_iterations,
        p.flat_seeds
    )
}

fn run(ctx: &Ctx) -> Output {
    let p = plan(ctx);
    let mut rows = Vec::new();
    for g in &p.games {
        if ctx.progress {
            eprintln!("mcts-tuning: {}", g.spec);
        }
        match tune(&p, g) {
            Ok(t) => {
                if ctx.progress {
                    eprintln!("{}", t.summary());
                }
                rows.extend(t.rows(&p))
            }
            Err(e) => rows.push(
                Row::builder(PAPER, TABLE, g.label, "tuning")
                    .note(format!("not played: {e}"))
                    .build(),
            ),
        }
    }
    Output {
        rows,
        plots: Vec::new(),
    }
}

/// A constant's (or playout's) record: its win share and games, and its root-visit ratios.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    /// The exploration constant.
    pub c: Milli,
    /// The playout.
    pub playout: PlayoutOption,
    /// The wins that went to its seats (ties shared).
    pub wins: f64,
    /// The games it played.
    pub games: usize,
    /// Most visited root move's visits over the median's, per flatness seed.
    pub ratios: Vec<f64>,
}

impl Cell {
    /// The win rate (0.5 is even against the others of the round robin).
    pub fn win_rate(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.wins / self.games as f64
        }
    }

    /// The lowest visit ratio over the seeds (0 with none).
    pub fn min_ratio(&self) -> f64 {
        self.ratios.iter().copied().reduce(f64::min).unwrap_or(0.0)
    }
}

/// What the tuning of one game found.
#[derive(Clone, Debug, PartialEq)]
pub struct Tuning {
    /// The game.
    pub game: TuneGame,
    /// The constants of [`GRID`] in order, with random playouts.
    pub grid: Vec<Cell>,
    /// Epsilon-greedy playouts at the best constant, against random ones there.
    pub greedy: Cell,
    /// Random playouts at the best constant in that match.
    pub random: Cell,
    /// Games of the round robin that were adjudicated (not finished by the rules).
    pub adjudicated: usize,
    /// Games of the round robin.
    pub games: usize,
    /// The game's tuned constant today (`Game::mcts_exploration`, else `sqrt 2`).
    pub default_c: f64,
}

/// The index in `cells` of the best: among the cells tied with the highest win rate (within
/// one win of it: at most `1 / games` below), the one with the largest lowest visit ratio
/// (the root least flat); then the first.
pub fn pick(cells: &[Cell]) -> usize {
    let top = cells.iter().map(Cell::win_rate).fold(f64::MIN, f64::max);
    let tied = |c: &Cell| c.win_rate() >= top - 1.0 / c.games.max(1) as f64 - 1e-12;
    let mut best: Option<usize> = None;
    for (i, c) in cells.iter().enumerate() {
        if !tied(c) {
            continue;
        }
        if best.is_none_or(|b| c.min_ratio() > cells[b].min_ratio()) {
            best = Some(i);
        }
    }
    best.unwrap_or(0)
}

impl Tuning {
    /// The best constant of the grid ([`pick`]).
    pub fn best(&self) -> &Cell {
        &self.grid[pick(&self.grid)]
    }

    /// One line per game for the progress output: the win rates and visit ratios.
    pub fn summary(&self) -> String {
        let cells: Vec<String> = self
            .grid
            .iter()
            .map(|c| {
                format!(
                    "c={} {:.3} ({} games, ratio {:.2})",
                    c.c,
                    c.win_rate(),
                    c.games,
                    c.min_ratio()
                )
            })
            .collect();
        format!(
            "{}: {}; best c={}; epsilon-greedy {:.3} vs random {:.3} ({} games, ratio {:.2})",
            self.game.label,
            cells.join(", "),
            self.best().c,
            self.greedy.win_rate(),
            self.random.win_rate(),
            self.greedy.games,
            self.greedy.min_ratio()
        )
    }

    /// Whether epsilon-greedy playouts won more than random ones at the best constant.
    pub fn greedy_helps(&self) -> bool {
        self.greedy.win_rate() > self.random.win_rate()
    }

    /// The report rows: per constant its win rate and visit ratio; the playout match; the
    /// pick.
    pub fn rows(&self, p: &Plan) -> Vec<Row> {
        let label = self.game.label;
        let mut rows = Vec::new();
        let flat_q = format!(
            "root visits, most / median ({} iterations from the start, lowest of seeds 0-{})",
            p.flat_iterations,
            p.flat_seeds.saturating_sub(1)
        );
        for cell in &self.grid {
            let row = format!(
                "{label}, c={}, {} nodes/move, random playouts cut at {CUTOFF}",
                cell.c, self.game.nodes
            );
            rows.push(win_row(&row, "win rate in the round robin of constants", cell).note(format!(
                "{} games against the other constants (every pair: {} openings x every seating); 0.5 is even; {} of the round robin's {} games adjudicated",
                cell.games, self.game.openings, self.adjudicated, self.games
            )).build());
            rows.push(ratio_row(&row, &flat_q, cell));
        }
        let best = self.best();
        let row = format!(
            "{label}, c={}, {} nodes/move, epsilon-greedy ({EPSILON}) playouts cut at {CUTOFF}",
            best.c, self.game.nodes
        );
        rows.push(
            win_row(&row, "win rate against random playouts", &self.greedy)
                .note(format!(
                    "{} games ({} openings x every seating) against random playouts at the same constant; 0.5 is even",
                    self.greedy.games, self.game.playout_openings
                ))
                .build(),
        );
        rows.push(ratio_row(&row, &flat_q, &self.greedy));
        let significant = |a: &Cell| {
            self.grid
                .iter()
                .filter(|o| o.c != a.c)
                .all(|o| wilson(a.wins, a.games as f64)[0] > wilson(o.wins, o.games as f64)[1])
        };
        let mut tuned = Row::builder(PAPER, TABLE, label, "tuned exploration constant")
            .ours(best.c.value())
            .note(format!(
                "the best win rate {:.3} (within one win: the least flat root); {}; the game's default: {}",
                best.win_rate(),
                if significant(best) {
                    "its interval lies above every other constant's"
                } else {
                    "not significant: its interval overlaps another constant's"
                },
                self.default_c
            ));
        if p.flat_iterations >= 3000 {
            tuned = tuned.check(Check::new(
                "the game's default (Game::mcts_exploration)",
                (self.default_c - best.c.value()).abs() < 1e-9,
            ));
        }
        rows.push(tuned.build());
        let helps = self.greedy_helps();
        let chosen = if helps { EPSILON.value() } else { 0.0 };
        let playout = Row::builder(
            PAPER,
            TABLE,
            label,
            "tuned playout epsilon (0: random playouts)",
        )
        .ours(chosen)
        .note(format!(
            "epsilon-greedy won {:.3} of the wins against random playouts {:.3} at c={} ({} games); {}",
            self.greedy.win_rate(),
            self.random.win_rate(),
            best.c,
            self.greedy.games,
            if wilson(self.greedy.wins, self.greedy.games as f64)[0] > 0.5
                || wilson(self.greedy.wins, self.greedy.games as f64)[1] < 0.5
            {
                "significant (the interval excludes 0.5)"
            } else {
                "not significant (the interval holds 0.5)"
            }
        ));
        rows.push(playout.build());
        rows
    }
}

/// A win-rate row of `cell`, with its Wilson interval.
fn win_row(row: &str, quantity: &str, cell: &Cell) -> crate::report::RowBuilder {
    Row::builder(PAPER, TABLE, row, quantity)
        .ours(cell.win_rate())
        .sample(wilson(cell.wins, cell.games as f64), cell.games as u64)
        .algorithm("mcts")
}

/// The root-visit ratio row of `cell`.
fn ratio_row(row: &str, quantity: &str, cell: &Cell) -> Row {
    let all: Vec<String> = cell.ratios.iter().map(|r| format!("{r:.2}")).collect();
    Row::builder(PAPER, TABLE, row, quantity)
        .ours(cell.min_ratio())
        .note(format!(
            "per seed: {}; 1 is flat Monte Carlo, the test of the tuned defaults asks 2",
            all.join(", ")
        ))
        .algorithm("mcts")
        .build()
}

/// The MCTS engine of constant `c` and playout `playout` with `nodes` nodes a move.
pub fn engine(nodes: u64, c: Milli, playout: PlayoutOption) -> Engine {
    Engine::new(Searcher::Mcts, MoveBudget::Nodes(nodes))
        .with_options(EngineOptions {
            cutoff: Some(CUTOFF),
            ..EngineOptions::default()
        })
        .with_policy(PolicyOptions {
            exploration: Some(c),
            playout: Some(playout),
            ..PolicyOptions::default()
        })
}

/// The most visited root move's visits over the median's after `iterations` iterations of
/// MCTS with constant `c` and `playout` (cut at [`CUTOFF`]) from `state`, seed `seed`.
pub(crate) fn visit_ratio<G: Playable>(
    game: &G,
    state: &G::State,
    c: f64,
    playout: Playout,
    iterations: u64,
    seed: u64,
) -> f64 {
    let m = MctsConfig {
        playout,
        cutoff: Some(CUTOFF),
        ..MctsConfig::iterations(iterations, seed).with_exploration(c)
    };
    visit_ratio_with(game, state, &m)
}

/// The most visited root move's visits over the median's (the median of the sorted visits,
/// the upper one of an even count) after MCTS with `m` from `state` (0 if the search fails
/// or the root has no move).
pub(crate) fn visit_ratio_with<G: Playable>(game: &G, state: &G::State, m: &MctsConfig) -> f64 {
    let Ok(r) = mcts_report(game, &game.evaluator(), state, &Config::unlimited(), m) else {
        return 0.0;
    };
    let mut v: Vec<u64> = r.root.iter().map(|m| m.visits).collect();
    v.sort_unstable();
    match (v.last(), v.get(v.len() / 2)) {
        (Some(&most), Some(&median)) => most as f64 / median.max(1) as f64,
        _ => 0.0,
    }
}

/// Plays the round robin, the playout match and the flatness checks of `g` under `plan`.
pub fn tune(plan: &Plan, g: &TuneGame) -> Result<Tuning, String> {
    registry::visit(g.spec, None, TuneVisitor { plan, game: *g }).map_err(|e| e.to_string())?
}

struct TuneVisitor<'a> {
    plan: &'a Plan,
    game: TuneGame,
}

/// Plays the tournament of the two `engines` on the game `spec` under `plan` with
/// `openings` openings: every game (through the run crate's non-generic
/// [`gametree_run::tournament_job::play_games_on`]).
fn play_pair(
    plan: &Plan,
    spec: &str,
    engines: [Engine; 2],
    openings: usize,
) -> Result<Vec<GameResult>, String> {
    let config = TournamentConfig {
        engines: engines.to_vec(),
        openings,
        opening_plies: plan.opening_plies,
        seed: plan.seed,
        max_plies: plan.max_plies,
        progress: false,
        threads: plan.threads,
        bootstrap: 0,
    };
    gametree_run::tournament_job::play_games_on(spec, &config, None)
        .map_err(|e| e.to_string())?
        .map_err(|e| e.to_string())
}

/// Engine `e`'s wins (its seats' shares, ties shared) and games in `games`.
fn record(games: &[GameResult], e: usize) -> (f64, usize) {
    let wins = games.iter().map(|g| g.finish().share_of(e)).sum();
    (wins, games.len())
}

impl TuneVisitor<'_> {
    fn tune<G: Playable>(self, game: &G, start: &G::State) -> Result<Tuning, String>
    where
        G::State: Send,
    {
        let p = self.plan;
        let ratios = |c: Milli, playout: PlayoutOption| -> Vec<f64> {
            (0..p.flat_seeds)
                .map(|s| {
                    visit_ratio(
                        game,
                        start,
                        c.value(),
                        playout.playout(),
                        p.flat_iterations,
                        s,
                    )
                })
                .collect()
        };
        let mut grid: Vec<Cell> = GRID
            .iter()
            .map(|&c| Cell {
                c,
                playout: PlayoutOption::Random,
                wins: 0.0,
                games: 0,
                ratios: ratios(c, PlayoutOption::Random),
            })
            .collect();
        let (mut adjudicated, mut total) = (0, 0);
        for (i, &ci) in GRID.iter().enumerate() {
            for (j, &cj) in GRID.iter().enumerate().skip(i + 1) {
                let engines = [
                    engine(self.game.nodes, ci, PlayoutOption::Random),
                    engine(self.game.nodes, cj, PlayoutOption::Random),
                ];
                let games = play_pair(p, self.game.spec, engines, self.game.openings)?;
                adjudicated += games.iter().filter(|g| !g.finished).count();
                total += games.len();
                for (k, e) in [(i, 0), (j, 1)] {
                    let (w, n) = record(&games, e);
                    grid[k].wins += w;
                    grid[k].games += n;
                }
            }
        }
        let best = grid[pick(&grid)].c;
        let greedy_option = PlayoutOption::EpsilonGreedy(EPSILON);
        let games = play_pair(
            p,
            self.game.spec,
            [
                engine(self.game.nodes, best, PlayoutOption::Random),
                engine(self.game.nodes, best, greedy_option),
            ],
            self.game.playout_openings,
        )?;
        let side = |e: usize, playout: PlayoutOption, ratios: Vec<f64>| {
            let (wins, games) = record(&games, e);
            Cell {
                c: best,
                playout,
                wins,
                games,
                ratios,
            }
        };
        let random = side(0, PlayoutOption::Random, grid[pick(&grid)].ratios.clone());
        let greedy = side(1, greedy_option, ratios(best, greedy_option));
        Ok(Tuning {
            game: self.game,
            grid,
            greedy,
            random,
            adjudicated,
            games: total,
            default_c: game.mcts_exploration().unwrap_or(DEFAULT_EXPLORATION),
        })
    }
}

impl GameVisitor for TuneVisitor<'_> {
    type Output = Result<Tuning, String>;
    fn visit<G: Playable>(self, game: &G, state: &G::State) -> Self::Output
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        self.tune(game, state)
    }
}
