//! `gametree search`: one algorithm on one position, run by [`gametree_run::search_job`]
//! (shared with the Python package): the flags become its [`SearchSpec`].

use std::path::PathBuf;

use anyhow::{anyhow, bail, Result};
use clap::{ArgGroup, Args};
use gametree::search::best_reply::ForcedMoves;
use gametree::search::mcts::{
    Backup, ExplorationFrom, MctsConfig, Playout, Reward, Solver, SolverRule,
};
use gametree::search::{self, Searcher};
use gametree_run::input::{self, load};
use gametree_run::report::Iteration;
use gametree_run::search_job::{self, SearchSpec, MAX_THREADS};
use gametree_run::stack;

use crate::budget_args::BudgetArgs;
use crate::search_table;

/// Arguments of `gametree search`.
#[derive(Args, Debug)]
#[command(group(ArgGroup::new("input").required(true).args(["tree", "game"])))]
pub struct SearchArgs {
    /// An explicit tree in the JSON format of docs/tree-format.md.
    #[arg(long, value_name = "FILE")]
    tree: Option<PathBuf>,
    /// A game spec, e.g. `connect-four` or `random(players=3,b=10,d=6,leaf=cutpoints,seed=1)`.
    #[arg(long, value_name = "SPEC")]
    game: Option<String>,
    /// A position of the game (its own notation; the start when omitted); needs --game.
    #[arg(long, value_name = "P")]
    position: Option<String>,
    /// The algorithm (`gametree list` shows them all).
    #[arg(long, short, value_name = "NAME")]
    algorithm: String,
    /// The budget: --depth, --nodes, --time-ms.
    #[command(flatten)]
    limits: BudgetArgs,
    /// Iterative deepening up to --depth (to the end of the game or tree without it):
    /// returns the last completed iteration. Without --json, one line per completed
    /// iteration goes to standard error: depth, nodes and time so far, value, PV.
    #[arg(long)]
    iterative: bool,
    /// Record the prunes (up to --trace-limit), printed after the table or in the JSON.
    #[arg(long)]
    trace: bool,
    /// The most prunes --trace records; later ones are only counted.
    #[arg(long, value_name = "N", requires = "trace", default_value_t = search::DEFAULT_TRACE_LIMIT as u64)]
    trace_limit: u64,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    json: bool,
    /// A transposition table of exact values of this many MiB, for `maxn` and
    /// `speculative` (`maxn_table`, `speculative_table`: the same result, each transposed
    /// subtree searched once).
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..=65_536))]
    table_mib: Option<u64>,
    /// Search with the engine on N threads (lazy SMP over one shared transposition table of
    /// --table-mib MiB, 16 by default), for the two-player algorithms the engine runs:
    /// `alphabeta`, `pvs`, `aspiration`, `mtdf`. It deepens iteratively up to --depth, with
    /// move ordering. Promised: the value at every completed depth is the serial search's
    /// (plain alpha-beta's) at that depth, with any N; the best move and PV may differ among
    /// moves of equal value, and node counts vary from run to run when N > 1.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=MAX_THREADS))]
    threads: Option<u64>,
    /// mcts: the most iterations (simulations); --nodes (tree nodes) and --time-ms stop it
    /// too, whichever comes first (default 10000 when neither is given, else no limit).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    iterations: Option<u64>,
    /// mcts: the seed of its random numbers (default 0): the same seed and budget give the
    /// same result.
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// mcts: the exploration constant C of UCB1, finite and nonnegative. Without it, the
    /// game's tuned constant (Chinese Checkers, Rolit, Focus and four-player chess have one,
    /// docs/mcts.md), else sqrt 2; the printed configuration shows the constant used.
    #[arg(long, value_name = "C")]
    exploration: Option<f64>,
    /// mcts: the search policy: `maxn` (default), `paranoid`, `brs` (MCTS-BRS: the
    /// best-reply tree shape, for games that can hand the turn to any player) or
    /// `min-reply` (paranoid, the root player valuing an opponent by its best reply so far;
    /// formerly `best-reply`).
    #[arg(long, value_name = "B", value_parser = parse_backup)]
    backup: Option<Backup>,
    /// mcts: what a simulation is worth: `scaled` (default: scores scaled by the
    /// evaluator's bounds), `win` (1 for the winner, 0 for the others) or `rank`.
    #[arg(long, value_name = "R", value_parser = parse_reward)]
    reward: Option<Reward>,
    /// mcts: Progressive History with weight W (Nijssen & Winands use 5), finite and
    /// nonnegative; the game must give move keys.
    #[arg(long, value_name = "W")]
    progressive_history: Option<f64>,
    /// mcts: how playouts move: `random` (default) or `epsilon:E` (epsilon-greedy, E in
    /// [0, 1]).
    #[arg(long, value_name = "P")]
    playout: Option<String>,
    /// mcts: the most plies of a playout before the evaluator values its position.
    #[arg(long, value_name = "D")]
    cutoff: Option<u32>,
    /// mcts: prove game-theoretic values (MCTS-Solver, standard rule unless
    /// --solver-rule says otherwise).
    #[arg(long)]
    solver: bool,
    /// mcts: the solver's update rule, `standard`, `paranoid` or `first-winner` (turns the
    /// solver on).
    #[arg(long, value_name = "RULE", value_parser = parse_solver_rule)]
    solver_rule: Option<SolverRule>,
    /// brs-plus: how the opponents who do not reply choose their move: `evaluator-first`
    /// (default: the first move of the evaluator's order) or `ordered` (the MVV-LVA capture,
    /// else a killer move, else the best history score, learned by the earlier iterations
    /// of --iterative; docs/best-reply.md).
    #[arg(long, value_name = "F", value_parser = parse_forced_moves)]
    forced_moves: Option<ForcedMoves>,
}

/// `--forced-moves`: a name of [`ForcedMoves::name`].
fn parse_forced_moves(text: &str) -> Result<ForcedMoves, String> {
    text.parse()
}

/// `--backup`: a name of [`Backup::name`] (the old `best-reply` is refused, naming its
/// successors).
fn parse_backup(text: &str) -> Result<Backup, String> {
    text.parse()
}

/// `--reward`: a name of [`Reward::name`].
fn parse_reward(text: &str) -> Result<Reward, String> {
    text.parse()
}

/// `--solver-rule`: a name of [`SolverRule::name`].
fn parse_solver_rule(text: &str) -> Result<SolverRule, String> {
    text.parse()
}

impl SearchArgs {
    /// The MCTS flags given, by name.
    fn mcts_flags(&self) -> Vec<&'static str> {
        [
            ("--iterations", self.iterations.is_some()),
            ("--seed", self.seed.is_some()),
            ("--exploration", self.exploration.is_some()),
            ("--backup", self.backup.is_some()),
            ("--playout", self.playout.is_some()),
            ("--cutoff", self.cutoff.is_some()),
            ("--solver", self.solver),
            ("--solver-rule", self.solver_rule.is_some()),
            ("--reward", self.reward.is_some()),
            ("--progressive-history", self.progressive_history.is_some()),
        ]
        .into_iter()
        .filter_map(|(name, given)| given.then_some(name))
        .collect()
    }

    /// The MCTS parameters from the flags, each checked (a bad value names its flag).
    fn mcts_config(&self) -> Result<MctsConfig> {
        let exploration = self
            .exploration
            .unwrap_or(search::mcts::DEFAULT_EXPLORATION);
        if !(exploration.is_finite() && exploration >= 0.0) {
            bail!("--exploration {exploration}: the exploration constant must be finite and nonnegative");
        }
        if let Some(w) = self.progressive_history {
            if !(w.is_finite() && w >= 0.0) {
                bail!("--progressive-history {w}: the weight must be finite and nonnegative");
            }
        }
        if self.backup == Some(Backup::Brs) && self.solver_rule == Some(SolverRule::FirstWinner) {
            bail!("--solver-rule first-winner does not apply to --backup brs (the best-reply tree is proved by minimax: standard or paranoid)");
        }
        let playout = match self.playout.as_deref() {
            None => Playout::Random,
            Some(p) => parse_playout(p)?,
        };
        let config = MctsConfig {
            seed: self.seed.unwrap_or(0),
            exploration,
            // Without --exploration, the game's tuned constant (docs/mcts.md).
            exploration_from: match self.exploration {
                Some(_) => ExplorationFrom::Config,
                None => ExplorationFrom::Game,
            },
            iterations: gametree_run::budget::mcts_iterations(self.iterations, &self.limits.into()),
            backup: self.backup.unwrap_or(Backup::MaxN),
            playout,
            cutoff: self.cutoff,
            solver: if self.solver || self.solver_rule.is_some() {
                Solver::On
            } else {
                Solver::Off
            },
            solver_rule: self.solver_rule.unwrap_or_default(),
            reward: self.reward.unwrap_or_default(),
            progressive_history: self.progressive_history,
        };
        config.validate().map_err(|e| anyhow!("{e}"))?;
        Ok(config)
    }

    /// The search the flags ask for, checked as far as the flags alone allow.
    fn spec(&self) -> Result<SearchSpec> {
        let searcher: Searcher = self.algorithm.parse()?;
        let mcts = if searcher == Searcher::Mcts {
            if self.iterative {
                // The search job's refusal, before the MCTS flags' values are checked.
                return Ok(SearchSpec {
                    iterative: true,
                    ..SearchSpec::new(searcher)
                });
            }
            Some(self.mcts_config()?)
        } else {
            if let Some(flag) = self.mcts_flags().first() {
                bail!("{flag} applies to mcts only, not {searcher}");
            }
            None
        };
        Ok(SearchSpec {
            limits: self.limits.into(),
            iterative: self.iterative,
            trace: self.trace,
            trace_limit: self.trace_limit,
            table_mib: self.table_mib,
            threads: self.threads,
            mcts,
            forced_moves: self.forced_moves,
            ..SearchSpec::new(searcher)
        })
    }
}

/// `random` or `epsilon:E` with E in [0, 1].
fn parse_playout(text: &str) -> Result<Playout> {
    let t = text.trim().to_ascii_lowercase();
    if t == "random" {
        return Ok(Playout::Random);
    }
    let Some(e) = t.strip_prefix("epsilon:") else {
        bail!("--playout `{text}`: expected `random` or `epsilon:E` with E between 0 and 1");
    };
    match e.parse::<f64>() {
        Ok(epsilon) if (0.0..=1.0).contains(&epsilon) => Ok(Playout::EpsilonGreedy { epsilon }),
        _ => bail!("--playout `{text}`: epsilon must be a number between 0 and 1"),
    }
}

/// The refusal of a searcher that needs a game handing the turn to any player.
pub(crate) fn needs_set_to_move(searcher: Searcher) -> anyhow::Error {
    input::needs_set_to_move(searcher).into()
}

/// Runs `gametree search`.
pub fn run(args: SearchArgs) -> Result<()> {
    let prepared = search_job::prepare(&args.spec()?, || {
        load(
            args.tree.as_deref(),
            args.game.as_deref(),
            args.position.as_deref(),
        )
    })?;
    // Without --json, each completed iteration of --iterative is a line on standard error.
    let print_iteration = |it: &Iteration| errln!("{}", search_table::iteration_line(it));
    let hook: Option<&(dyn Fn(&Iteration) + Sync)> = if args.json {
        None
    } else {
        Some(&print_iteration)
    };
    let report = stack::on_search_thread(prepared.plies(), || prepared.run(None, hook))??;
    if args.json {
        outln!("{}", report.to_json());
    } else {
        outln!("{}", search_table::search_text(&report));
    }
    Ok(())
}
