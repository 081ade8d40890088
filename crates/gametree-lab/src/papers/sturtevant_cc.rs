//! Sturtevant (2003), Table 10: average expansions of max^n searches in Chinese Checkers.
//!
//! The paper (section 5.1): "We played speculative max^n in thirty 3-player games; each game
//! is about 50 moves long. We then measured the average number of nodes expanded at depth 6
//! [...] While it takes 1.2 million nodes to complete iterative searches to this depth with
//! no pruning, speculative max^n expands an average of 100k nodes, while an optimal ordering
//! of nodes would expand 84,927 nodes." Moves were ordered by how far they move a piece
//! across the board, and only the top 10 were considered at each node.
//!
//! Here: `chinese-checkers(players=3,board=121,top=10)` (the ordering of docs/games.md and
//! constant-sum evaluator, [`DistanceEval`]). Each game starts with a few seeded random
//! opening plies (chosen uniformly among the top-10 moves), so the thirty games differ; then
//! speculative max^n (iterative deepening to depth 6) plays every move. At every position of
//! the game, four iterative-deepening searches to depth 6 are run on the same position:
//! plain max^n, speculative max^n, last-branch max^n and paranoid; their expansions
//! (`nodes - 1` per iteration, summed over the six iterations) are averaged over every
//! measured position of every game, with 95% intervals over those positions. The full mode
//! measures up to 150 plies per game (50 moves per player: the paper's "about 50 moves"); the
//! quick mode 4 games of 4 plies. The best case ("optimal ordering") is computed on the
//! uniform tree with b = 10 and constant leaves, where speculative pruning cuts every node
//! after its first child whenever Lemma 1 allows: 84,927 exactly.
//!
//! A fifth search, not in the paper, is measured beside the four: speculative max^n with a
//! transposition table of exact values ([`speculative_table`], 16 MiB, cleared before each
//! position's search): the same move (checked at every position), fewer expansions where a
//! player's two moves can be made in either order within the six plies.
//!
//! Full mode (30 games, 4,500 positions, 508 s on two cores): plain max^n 1,233,096,
//! speculative max^n 106,480 [105,789, 107,171] (the paper: 100k), last-branch 919,207,
//! paranoid 29,170, speculative max^n with the table 89,840 [89,170, 90,509]; speculative
//! max^n, with and without the table, chose max^n's move at all 4,500 positions, and reached
//! the best case at 421.

use gametree::search::iterative::iterative_deepening;
use gametree::search::speculative_table::speculative_table;
use gametree::search::{run_iterative, speculative::speculative, Algorithm, Config};
use gametree::Game;
use gametree_games::chinese_checkers::{ChineseCheckers, DistanceEval};
use gametree_games::random_tree::{RandomTree, RandomTreeEval};
use gametree_games::rng::SplitMix64;

use crate::experiment::{Cost, Ctx, Experiment, Output, Plot, Work};
use crate::plot::Series;
use crate::report::{Row, Source};
use gametree_run::runner::run_trials;
use gametree_run::spare_table::SpareTable;
use gametree_run::stats::summarize;

const PAPER: &str = "sturtevant-2003";
const TABLE: &str = "table-10-chinese-checkers";

/// The algorithms measured at every position, in the order of the rows.
pub const ALGORITHMS: [Algorithm; 4] = [
    Algorithm::Maxn,
    Algorithm::Speculative,
    Algorithm::LastBranch,
    Algorithm::Paranoid,
];

/// The MiB of the table of speculative max^n with a table.
pub const TABLE_MIB: usize = 16;

/// The experiments of this module.
pub fn experiments() -> Vec<Experiment> {
    vec![Experiment {
        paper: PAPER,
        table: TABLE,
        about:
            "Table 10: average expansions at depth 6 in 3-player Chinese Checkers (top 10 moves)",
        params,
        run,
        work: Work::Whole(Cost {
            quick: 2.5,
            full: 60.0,
        }),
    }]
}

/// How much to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Games played.
    pub games: usize,
    /// Positions measured per game (at most; a won game stops earlier).
    pub plies: usize,
    /// Random opening plies before the measured part.
    pub opening: usize,
    /// The depth of the iterative-deepening searches.
    pub depth: u32,
    /// The experiment's seed.
    pub seed: u64,
}

/// The plan of mode `ctx`.
pub fn plan(ctx: &Ctx) -> Plan {
    Plan {
        games: if ctx.quick { 4 } else { 30 },
        plies: if ctx.quick { 4 } else { 150 },
        opening: 3,
        depth: 6,
        seed: 10,
    }
}

fn params(ctx: &Ctx) -> String {
    let p = plan(ctx);
    format!(
        "games={} plies={} opening={} depth={} seed={} table_mib={TABLE_MIB} game={}",
        p.games,
        p.plies,
        p.opening,
        p.depth,
        p.seed,
        ChineseCheckers::research().spec()
    )
}

/// What one game measured.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameRecord {
    /// Per measured position: the expansions of each of [`ALGORITHMS`], then of
    /// speculative max^n with a table.
    pub expansions: Vec<[u64; 5]>,
    /// Positions where speculative max^n's move, or speculative max^n's with a table,
    /// differed from plain max^n's (must be 0).
    pub disagreements: usize,
    /// The winner, if the game was won within the measured plies.
    pub winner: Option<usize>,
}

/// Plays one game with seed `seed` under `plan` and measures every position.
pub fn play_game(plan: &Plan, seed: u64) -> GameRecord {
    let game = ChineseCheckers::research();
    let eval = DistanceEval;
    let mut rng = SplitMix64::new(seed);
    let mut state = game.initial();
    let mut buf = Vec::new();
    for _ in 0..plan.opening {
        buf.clear();
        game.moves(&state, &mut buf);
        if buf.is_empty() {
            break;
        }
        state = game.play(&state, buf[rng.below(buf.len() as u64) as usize]);
    }
    let mut rec = GameRecord::default();
    let config = Config::depth(plan.depth);
    // A spare table of an earlier game, cleared, when there is one: as a new table.
    let mut table = SpareTable::new(TABLE_MIB as u32).unwrap_or_else(|e| panic!("{e}"));
    for _ in 0..plan.plies {
        if game.outcome(&state).is_some() {
            break;
        }
        let mut row = [0u64; 5];
        let mut moves = [None; 5];
        for (i, &a) in ALGORITHMS.iter().enumerate() {
            // These searches have no node or time limit: they cannot fail.
            if let Ok(r) = run_iterative(a, &game, &eval, &state, &config) {
                row[i] = r.stats.expansions;
                moves[i] = r.best_move;
            }
        }
        table.clear();
        if let Ok(r) = iterative_deepening(&config, |c| {
            speculative_table(&game, &eval, &state, c, &mut table)
        }) {
            row[4] = r.stats.expansions;
            moves[4] = r.best_move;
        }
        if moves[0] != moves[1] || moves[0] != moves[4] {
            rec.disagreements += 1;
        }
        rec.expansions.push(row);
        match moves[1] {
            Some(m) => state = game.play(&state, m),
            None => break,
        }
    }
    rec.winner = state.winner().map(|p| p.index());
    rec
}

/// Speculative max^n's expansions with iterative deepening to depth 6 on the uniform tree
/// with b = 10, three players and constant leaves: the best case (84,927).
pub(crate) fn best_case() -> u64 {
    let t = RandomTree::from_spec("random(players=3,b=10,d=6,leaf=constant,seed=1)")
        .expect("a valid spec");
    let root = t.initial();
    gametree::search::iterative::iterative_deepening(&Config::depth(6), |c| {
        speculative(&t, &RandomTreeEval, &root, c)
    })
    .map_or(0, |r| r.stats.expansions)
}

fn run(ctx: &Ctx) -> Output {
    let p = plan(ctx);
    let records = run_trials(
        "table 10 chinese checkers",
        p.games,
        p.seed,
        ctx.progress,
        |_, s| play_game(&p, s),
    );
    let positions: Vec<[u64; 5]> = records.iter().flat_map(|r| r.expansions.clone()).collect();
    let disagreements: usize = records.iter().map(|r| r.disagreements).sum();
    let measured = format!(
        "{} games, {} positions, depth 6, top 10",
        records.len(),
        positions.len()
    );
    let paper_values = [Some(1.2e6), Some(1.0e5), None, None];
    let tolerance = [0.05, 0.25, 0.0, 0.0];
    let mut rows = Vec::new();
    for (i, a) in ALGORITHMS.iter().enumerate() {
        let xs: Vec<f64> = positions.iter().map(|r| r[i] as f64).collect();
        let s = summarize(&xs);
        let name = match a {
            Algorithm::Maxn => "plain max^n",
            Algorithm::Speculative => "speculative max^n",
            Algorithm::LastBranch => "last-branch max^n",
            _ => "paranoid",
        };
        let mut row = Row::builder(
            PAPER,
            TABLE,
            format!("{name}, {measured}"),
            "average expansions",
        )
        .paper_opt(paper_values[i])
        .ours(s.mean)
        .sample(s.ci95, s.n as u64)
        .relative(tolerance[i])
        .build();
        if *a == Algorithm::Maxn {
            row = row.with_note(
                "1,234,560 exactly whenever every node within 6 plies has at least 10 moves",
            );
        }
        if *a == Algorithm::Speculative {
            row = row.with_note(format!(
                "same move as plain max^n (and so did speculative with a table) at {} of {} positions",
                positions.len() - disagreements,
                positions.len()
            ));
        }
        rows.push(row);
    }
    let xs: Vec<f64> = positions.iter().map(|r| r[4] as f64).collect();
    let s = summarize(&xs);
    rows.push(
        Row::builder(PAPER, TABLE, format!("speculative max^n + table ({TABLE_MIB} MiB), {measured}"), "average expansions").ours(s.mean).sample(s.ci95, s.n as u64).relative(0.0).build()
        .with_note("not in the paper (speculative max^n there: 100k): a transposition table of exact values; its moves are counted in the speculative row's note"),
    );
    let best = best_case();
    rows.push(
        Row::exact(
            PAPER,
            TABLE,
            "optimal ordering, uniform b = 10, 3 players".into(),
            "expansions (best case)",
            Source::Printed,
            84_927u64,
            best,
            0.0,
        )
        .with_note("speculative max^n on the constant-leaf uniform tree"),
    );
    let at_best = positions.iter().filter(|r| r[1] <= best).count();
    rows.push(
        Row::builder(
            PAPER,
            TABLE,
            measured.clone(),
            "positions where speculative reaches the best case",
        )
        .ours(at_best)
        .note("the paper: \"in some cases this optimal ordering is achieved in practice\"")
        .build(),
    );

    // Mean expansions by measured ply.
    let longest = records
        .iter()
        .map(|r| r.expansions.len())
        .max()
        .unwrap_or(0);
    // Per algorithm: the mean by ply with its interval (when more than one game reaches the
    // ply), and the paper's average (where it gives one) beside every ply.
    let series = ALGORITHMS
        .iter()
        .enumerate()
        .map(|(i, a)| {
            let (mut pts, mut ivs) = (Vec::new(), Vec::new());
            for k in 0..longest {
                let xs: Vec<f64> = records
                    .iter()
                    .filter_map(|r| r.expansions.get(k).map(|e| e[i] as f64))
                    .collect();
                if xs.is_empty() {
                    continue;
                }
                let s = summarize(&xs);
                pts.push((k as f64, s.mean));
                if s.n >= 2 {
                    ivs.push((k as f64, s.ci95[0], s.ci95[1]));
                }
            }
            let paper = paper_values[i].map_or(Vec::new(), |v| {
                pts.iter().map(|&(x, _)| (x, v)).collect::<Vec<_>>()
            });
            Series::new(a.name().to_string(), pts)
                .with_intervals(ivs)
                .with_paper(paper)
        })
        .collect();
    Output {
        rows,
        plots: vec![Plot {
            file: "table-10-chinese-checkers.svg".into(),
            title: "Chinese Checkers, 3 players, top 10: expansions at depth 6".into(),
            x_label: "measured ply".into(),
            y_label: "expansions (mean over games)".into(),
            series,
            log_y: true,
        }],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_game_is_measured_and_exact() {
        let p = Plan {
            games: 1,
            plies: 2,
            opening: 0,
            depth: 6,
            seed: 1,
        };
        let rec = play_game(&p, 1);
        assert_eq!(rec.expansions.len(), 2);
        assert_eq!(rec.disagreements, 0);
        // From the start the first six plies never interact: plain max^n's count is exact.
        assert_eq!(rec.expansions[0][0], 1_234_560);
        for row in &rec.expansions {
            assert!(row[1] < row[0] && row[2] <= row[0] && row[3] < row[0]);
            assert!(row[4] < row[0] && row[4] > 0);
        }
        assert_eq!(best_case(), 84_927);
    }
}
