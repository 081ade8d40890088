//! One search as every front runs it (the `gametree` command line, the server and the
//! Python package), so all give the same values, counts and error lines: the options of
//! `gametree search` ([`SearchSpec`]) checked in the command line's order ([`prepare`]), the
//! searcher run on the loaded game ([`Prepared::run`]), and the result as a
//! [`SearchReport`], which each front renders (the command line as a table or JSON). The
//! server's requests ([`SearchRequest`], [`search_json`]) run the same code.
//!
//! The searcher is a [`Searcher`]: an [`Algorithm`] (any game), `brs`/`brs-plus` (games that
//! can hand the turn to any player: the registry routes them to
//! [`GameVisitor::visit_best_reply`], every other game is refused) or `mcts` (with the MCTS
//! options, and its report in the output).

use std::time::Instant;

use gametree::search::best_reply::{self, ForcedMoves, Variant};
use gametree::search::engine::{GameHash, Options, Root, Side};
use gametree::search::iterative::iterative_deepening_observed;
use gametree::search::maxn_table::maxn_table;
use gametree::search::mcts::{mcts_report, mcts_with_set_to_move_report, MctsConfig, MctsReport};
use gametree::search::ordering::Ordering;
use gametree::search::parallel::search_parallel;
use gametree::search::speculative_table::speculative_table;
use gametree::search::vector_table::VectorTable;
use gametree::search::{
    self, Algorithm, Config, SearchError, SearchResult, Searcher, Stop, StopReason,
};
use gametree::{Game, SetToMove};
use gametree_games::registry::{GameVisitor, Playable};

use crate::budget::{mcts_defaults, Budget};
use crate::error::{Opt, RunError};
use crate::input;
use crate::input::{needs_set_to_move, MoveStyle, Source};
use crate::msg;
use crate::report::{Iteration, MctsPart, SearchReport};
use serde::Deserialize;
use serde_json::Value;

/// The most `--threads`.
pub const MAX_THREADS: u64 = 256;

/// The deepest search `--threads` above 1 runs: its helper threads have the standard stack.
pub const MAX_PARALLEL_PLIES: u64 = 256;

/// One search, typed: the searcher, its budget and its options, as every front asks for it
/// (the flags of `gametree search`, the keywords of Python's `gametree.search`, the fields
/// of the server's `/api/search`; docs/search-limits.md, docs/mcts.md). `None` is an option
/// not given.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchSpec {
    /// The searcher.
    pub searcher: Searcher,
    /// The budget.
    pub limits: Budget,
    /// Iterative deepening: the last completed iteration is returned.
    pub iterative: bool,
    /// Record the prunes.
    pub trace: bool,
    /// The most prunes recorded.
    pub trace_limit: u64,
    /// A table of this many MiB (maxn and speculative, or the engine's with `threads`).
    pub table_mib: Option<u64>,
    /// The engine on this many threads.
    pub threads: Option<u64>,
    /// The MCTS parameters, for `mcts` only (`None`: the defaults for the budget,
    /// [`mcts_defaults`]).
    pub mcts: Option<MctsConfig>,
    /// How BRS+ chooses the forced moves, for `brs-plus` only (`None`: the default,
    /// [`ForcedMoves::EvaluatorFirst`]).
    pub forced_moves: Option<ForcedMoves>,
}

impl SearchSpec {
    /// A search by `searcher` with no limit and no other option.
    pub fn new(searcher: Searcher) -> SearchSpec {
        SearchSpec {
            searcher,
            limits: Budget::NONE,
            iterative: false,
            trace: false,
            trace_limit: search::DEFAULT_TRACE_LIMIT as u64,
            table_mib: None,
            threads: None,
            mcts: None,
            forced_moves: None,
        }
    }
}

// ---------------------------------------------------------------------------------------
// The server's requests: a search as a script or page sends it.

/// One search, as the flags of `gametree search` describe it (the subset a script or page
/// sends): exactly one of `tree` and `game`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchRequest {
    /// An explicit tree in the JSON format of docs/tree-format.md (the document itself).
    #[serde(default)]
    pub tree: Option<Value>,
    /// A game spec, e.g. `connect-four`.
    #[serde(default)]
    pub game: Option<String>,
    /// A position of the game in its notation (the start when omitted).
    #[serde(default)]
    pub position: Option<String>,
    /// The algorithm, as `gametree list` spells it (`mcts` excepted).
    pub algorithm: String,
    /// The budget: `depth`, `nodes`, `time_ms`.
    #[serde(flatten)]
    pub limits: Budget,
    /// Iterative deepening: the last completed iteration is returned.
    #[serde(default)]
    pub iterative: bool,
    /// Record the prunes.
    #[serde(default)]
    pub trace: bool,
    /// The most prunes recorded (the command line's default when omitted).
    #[serde(default)]
    pub trace_limit: Option<u64>,
}

impl SearchRequest {
    /// What to search: the tree sent, or the game built at its position
    /// ([`input::from_request`]).
    pub fn source(&self) -> Result<Source, RunError> {
        input::from_request(
            self.tree.as_ref(),
            self.game.as_deref(),
            self.position.as_deref(),
        )
    }
}

/// Runs the search `req` describes and returns the report `gametree search --json` prints
/// for the same flags: [`search_json_with`] on what the request names, loaded here.
pub fn search_json(req: &SearchRequest, stop: Option<Stop>) -> Result<SearchReport, RunError> {
    search_json_with(req, req.source(), stop)
}

/// Runs the search `req` describes on `source` (what [`SearchRequest::source`] loaded, once,
/// for a caller that also reads it first: its error is reported after those of the
/// options, as the command line reports a bad file after a bad flag) and returns the
/// report `gametree search --json` prints for the same flags, checked as the command line
/// checks them (the same errors, which name the options as [`RunError::render`] spells them
/// for each front). Every limit of
/// `req` applies, and `stop` when given; a request on a game without any limit searches to
/// the end of the game (a caller serving untrusted requests sets limits first). The search
/// runs on a thread of its own whose stack fits its depth.
pub fn search_json_with(
    req: &SearchRequest,
    source: Result<Source, RunError>,
    stop: Option<Stop>,
) -> Result<SearchReport, RunError> {
    let searcher: Searcher = req.algorithm.parse().map_err(RunError::invalid)?;
    if searcher == Searcher::Mcts {
        return Err(RunError::invalid(
            "mcts is not offered here (use the command line)",
        ));
    }
    let spec = SearchSpec {
        limits: req.limits,
        iterative: req.iterative,
        trace: req.trace,
        trace_limit: req
            .trace_limit
            .unwrap_or(search::DEFAULT_TRACE_LIMIT as u64),
        ..SearchSpec::new(searcher)
    };
    let prepared = prepare(&spec, || source)?;
    let plies = prepared.plies();
    crate::stack::on_search_thread(plies, move || prepared.run(stop, None))
        .map_err(RunError::invalid)?
}

/// The engine's settings for `algorithm` under `--threads`, or `None` if the engine does not
/// run it.
fn engine_options(algorithm: Algorithm, threads: usize, table_mib: usize) -> Option<Options> {
    let (pvs, root) = match algorithm {
        Algorithm::AlphaBeta => (false, Root::Full),
        Algorithm::Pvs => (true, Root::Full),
        Algorithm::Aspiration => (false, Root::Aspiration { delta: 50 }),
        Algorithm::Mtdf => (false, Root::Mtdf),
        _ => return None,
    };
    Some(Options {
        table_mib,
        ordering: Ordering::ALL,
        pvs,
        root,
        mate: None,
        side: Side::First,
        threads,
    })
}

/// A search checked and loaded, ready to run ([`Prepared::run`]) on a thread whose stack
/// fits [`Prepared::plies`].
pub struct Prepared {
    source: Source,
    visitor: SearchVisitor<'static>,
    limits: Budget,
    plies: u64,
}

/// Checks `spec` in the command line's order, loads what to search with `load` (called
/// after the options are checked, so a bad option is reported before a bad file), and
/// checks the options against it. Every error is one line naming the option or input at
/// fault.
pub fn prepare(
    spec: &SearchSpec,
    load: impl FnOnce() -> Result<Source, RunError>,
) -> Result<Prepared, RunError> {
    let searcher = spec.searcher;
    let limits = spec.limits;
    let mcts = match searcher {
        Searcher::Mcts => {
            if spec.iterative {
                return Err(msg![
                    Opt::Iterative,
                    " does not apply to mcts (its budget is ",
                    Opt::Iterations,
                    ", ",
                    Opt::Nodes,
                    " or ",
                    Opt::TimeMs,
                    ")"
                ]
                .into());
            }
            Some(spec.mcts.unwrap_or_else(|| mcts_defaults(&limits)))
        }
        _ => {
            if spec.mcts.is_some() {
                return Err(RunError::invalid(format!(
                    "MCTS options apply to mcts only, not {searcher}"
                )));
            }
            None
        }
    };
    if spec.forced_moves.is_some() && searcher != Searcher::BestReply(Variant::BrsPlus) {
        return Err(msg![
            Opt::ForcedMoves,
            format!(" applies to brs-plus only, not {searcher}")
        ]
        .into());
    }
    let algorithm = match searcher {
        Searcher::Plain(a) => a,
        _ => {
            for (opt, given) in [
                (Opt::Threads, spec.threads.is_some()),
                (Opt::TableMib, spec.table_mib.is_some()),
                (Opt::Trace, spec.trace && searcher == Searcher::Mcts),
            ] {
                if given {
                    return Err(msg![opt, format!(" does not apply to {searcher}")].into());
                }
            }
            // Unused for these searchers: the visitor runs `searcher`.
            Algorithm::Maxn
        }
    };
    let engine = match spec.threads {
        None => None,
        Some(n) => {
            let mib = spec.table_mib.unwrap_or(16) as usize;
            let engine = engine_options(algorithm, n as usize, mib).ok_or_else(|| {
                RunError::from(msg![
                    Opt::Threads,
                    format!(
                        " works with the engine's algorithms alphabeta, pvs, aspiration and \
                         mtdf, not {algorithm}"
                    )
                ])
            })?;
            if spec.trace {
                return Err(msg![
                    Opt::Trace,
                    " does not apply to ",
                    Opt::Threads,
                    " (the engine records no prunes)"
                ]
                .into());
            }
            Some(engine)
        }
    };
    if spec.table_mib.is_some()
        && engine.is_none()
        && !matches!(algorithm, Algorithm::Maxn | Algorithm::Speculative)
    {
        return Err(msg![
            Opt::TableMib,
            " works with maxn and speculative (or with ",
            Opt::Threads,
            format!("), not {algorithm}")
        ]
        .into());
    }
    let loaded = load()?;
    // On a tree, the depth asked for must cut it only at nodes with a heuristic value, with
    // or without --iterative. The earlier iterations of --iterative may cut elsewhere: their
    // results are only returned if they do not (`ExplicitTree::unvalued_cut_depths`).
    if let (Some(tree), Some(d)) = (loaded.tree(), limits.depth) {
        tree.check_depth_limit(d).map_err(RunError::invalid)?;
    }
    let unvalued_cuts = match loaded.tree() {
        Some(tree) if spec.iterative => tree.unvalued_cut_depths(),
        _ => Vec::new(),
    };
    if (spec.iterative || engine.is_some()) && limits.is_unlimited() && loaded.tree().is_none() {
        return Err(msg![
            if spec.iterative {
                Opt::Iterative
            } else {
                Opt::Threads
            },
            " needs a limit: ",
            Opt::Depth,
            ", ",
            Opt::Nodes,
            " or ",
            Opt::TimeMs
        ]
        .into());
    }
    let plies = loaded.search_plies(limits.depth)?;
    if spec.threads.is_some_and(|n| n > 1) && plies > MAX_PARALLEL_PLIES {
        return Err(msg![
            Opt::Threads,
            format!(
                " above 1 searches at most {MAX_PARALLEL_PLIES} plies deep, and this one may \
                 go {plies}: give "
            ),
            Opt::Depth,
            format!(" {MAX_PARALLEL_PLIES} or less")
        ]
        .into());
    }
    let config = Config {
        trace: spec.trace,
        trace_limit: usize::try_from(spec.trace_limit).unwrap_or(usize::MAX),
        forced_moves: spec.forced_moves.unwrap_or_default(),
        ..Config::default()
    };
    let visitor = SearchVisitor {
        searcher,
        algorithm,
        mcts,
        config,
        iterative: spec.iterative,
        table_mib: spec.table_mib.map(|m| m as usize),
        unvalued_cuts,
        engine,
        on_iteration: None,
    };
    Ok(Prepared {
        source: loaded,
        visitor,
        limits,
        plies,
    })
}

impl Prepared {
    /// The plies the search can go down: what its thread's stack must fit
    /// ([`crate::stack::on_search_thread`]).
    pub fn plies(&self) -> u64 {
        self.plies
    }

    /// Runs the search on this thread and returns its report. The time limit counts from
    /// this call. `stop`, when given, is the search's [`gametree::search::Limits::stop`];
    /// `on_iteration`, with `iterative`, receives each completed iteration (the command line
    /// prints them on standard error).
    pub fn run(
        self,
        stop: Option<Stop>,
        on_iteration: Option<&(dyn Fn(&Iteration) + Sync)>,
    ) -> Result<SearchReport, RunError> {
        // The search work starts here: the deadline and the elapsed time count everything
        // after this moment, table set-up included.
        let config = Config {
            limits: self.limits.at(Instant::now(), stop),
            ..self.visitor.config
        };
        let v = self.visitor;
        let visitor = SearchVisitor {
            searcher: v.searcher,
            algorithm: v.algorithm,
            mcts: v.mcts,
            config,
            iterative: v.iterative,
            table_mib: v.table_mib,
            unvalued_cuts: v.unvalued_cuts,
            engine: v.engine,
            on_iteration,
        };
        self.source.visit(visitor)
    }
}

struct SearchVisitor<'h> {
    /// What the user named.
    searcher: Searcher,
    /// The algorithm when `searcher` is one (`Searcher::Plain`).
    algorithm: Algorithm,
    /// The MCTS parameters when `searcher` is `mcts`.
    mcts: Option<MctsConfig>,
    config: Config,
    iterative: bool,
    table_mib: Option<usize>,
    /// The depths at which a cut of the explicit tree meets an inner node without a
    /// heuristic value (empty for games, and without --iterative).
    unvalued_cuts: Vec<u32>,
    /// The engine's settings under --threads.
    engine: Option<Options>,
    /// Receives each completed iteration.
    on_iteration: Option<&'h (dyn Fn(&Iteration) + Sync)>,
}

impl GameVisitor for SearchVisitor<'_> {
    type Output = Result<SearchReport, RunError>;
    fn visit<G: Playable>(self, game: &G, state: &G::State) -> Result<SearchReport, RunError>
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        let style = G::MOVE_STYLE;
        let eval = &game.evaluator();
        match self.searcher {
            Searcher::Plain(_) => {}
            Searcher::BestReply(_) => return Err(needs_set_to_move(self.searcher)),
            Searcher::Mcts => {
                let config = self.mcts.unwrap_or_default();
                let report = mcts_report(game, eval, state, &self.config, &config);
                return self.report_mcts(game, state, style, &config, report);
            }
        }
        if let Some(options) = self.engine {
            let result = search_parallel(game, eval, &GameHash, state, &self.config, &options)
                .map(|r| r.result);
            return self.report(game, state, style, result);
        }
        let Some(mib) = self.table_mib else {
            let result = if self.iterative {
                iterative_deepening_observed(
                    &self.config,
                    |c| search::run(self.algorithm, game, eval, state, c),
                    |r| self.observe(game, state, style, r),
                )
            } else {
                search::run(self.algorithm, game, eval, state, &self.config)
            };
            return self.report(game, state, style, result);
        };
        let mut table = VectorTable::try_with_mib(mib)
            .map_err(|e| msg![Opt::TableMib, format!(" {mib}: {e}")])?;
        let speculative = self.algorithm == Algorithm::Speculative;
        let mut once = |c: &Config| {
            if speculative {
                speculative_table(game, eval, state, c, &mut table)
            } else {
                maxn_table(game, eval, state, c, &mut table)
            }
        };
        let result = if self.iterative {
            iterative_deepening_observed(&self.config, &mut once, |r| {
                self.observe(game, state, style, r)
            })
        } else {
            once(&self.config)
        };
        self.report(game, state, style, result)
    }

    fn visit_best_reply<G: Playable + SetToMove>(
        self,
        game: &G,
        state: &G::State,
    ) -> Result<SearchReport, RunError>
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        if self.searcher == Searcher::Mcts {
            let eval = &game.evaluator();
            let config = self.mcts.unwrap_or_default();
            let report = mcts_with_set_to_move_report(game, eval, state, &self.config, &config);
            return self.report_mcts(game, state, G::MOVE_STYLE, &config, report);
        }
        let Searcher::BestReply(variant) = self.searcher else {
            return self.visit(game, state);
        };
        let style = G::MOVE_STYLE;
        let eval = &game.evaluator();
        let result = if self.iterative {
            // Carries what BRS+ with ordered forced moves learns from one iteration to the next.
            best_reply::iterative_observed(variant, game, eval, state, &self.config, |r| {
                self.observe(game, state, style, r)
            })
        } else {
            variant.search(game, eval, state, &self.config)
        };
        self.report(game, state, style, result)
    }
}

impl SearchVisitor<'_> {
    /// The output of `mcts`: the result as for every search, with the MCTS report.
    fn report_mcts<G: Game>(
        &self,
        game: &G,
        state: &G::State,
        style: MoveStyle,
        config: &MctsConfig,
        report: Result<MctsReport<G::Move>, SearchError>,
    ) -> Result<SearchReport, RunError> {
        let report = match report {
            Ok(r) => r,
            Err(e) => return self.report(game, state, style, Err(e)),
        };
        let mut r = SearchReport::of(
            self.searcher.name(),
            game,
            state,
            &report.result,
            style,
            false,
        );
        r.mcts = Some(MctsPart::of(game, state, config, &report, style));
        Ok(r)
    }

    /// Called after each completed iteration of --iterative: hands it to the hook.
    fn observe<G: Game>(
        &self,
        game: &G,
        state: &G::State,
        style: MoveStyle,
        r: &SearchResult<G::Move>,
    ) {
        if let Some(hook) = self.on_iteration {
            hook(&Iteration::of(game, state, r, style));
        }
    }

    fn report<G: Game>(
        &self,
        game: &G,
        state: &G::State,
        style: MoveStyle,
        result: Result<SearchResult<G::Move>, SearchError>,
    ) -> Result<SearchReport, RunError> {
        let result = result.map_err(|e| match e {
            SearchError::Stopped(StopReason::Interrupted, stats) => {
                RunError::Stopped(msg![format!(
                    "a stop request stopped {} after {} nodes",
                    self.searcher, stats.nodes
                )])
            }
            SearchError::Stopped(reason, stats) => {
                let opt = stop_option(reason);
                let head = format!(
                    "the {reason} stopped {} after {} nodes, ",
                    self.searcher, stats.nodes
                );
                if self.iterative || self.engine.is_some() {
                    RunError::Stopped(msg![head, "before depth 1 completed; raise ", opt])
                } else {
                    RunError::Stopped(msg![
                        head,
                        "before the search finished; raise ",
                        opt,
                        ", or use ",
                        Opt::Iterative,
                        " to get the last completed depth"
                    ])
                }
            }
            other => RunError::invalid(other),
        })?;
        let completed = result.stats.depth;
        if self.iterative && self.unvalued_cuts.contains(&completed) {
            let mut m = msg![format!(
                "a limit stopped {} after {} nodes, before depth {} completed, and depth \
                 {completed} cuts the tree at inner nodes without a heuristic \"value\"; raise ",
                self.searcher,
                result.stats.nodes,
                completed + 1,
            )];
            match (self.config.limits.nodes, self.config.limits.deadline) {
                (Some(_), None) => m.0.push(Opt::Nodes.into()),
                (None, Some(_)) => m.0.push(Opt::TimeMs.into()),
                _ => {
                    m.0.extend([Opt::Nodes.into(), " or ".into(), Opt::TimeMs.into()])
                }
            }
            return Err(RunError::Invalid(m));
        }
        Ok(SearchReport::of(
            self.searcher.name(),
            game,
            state,
            &result,
            style,
            self.config.trace,
        ))
    }
}

/// The option that sets the limit that stopped a search.
fn stop_option(reason: StopReason) -> Opt {
    match reason {
        StopReason::NodeLimit => Opt::Nodes,
        StopReason::Deadline | StopReason::Interrupted => Opt::TimeMs,
    }
}
