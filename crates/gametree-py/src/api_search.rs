//! `gametree.search`: the request and its dispatch on what is searched (the result is
//! [`crate::api_result`]).

use gametree::search::mcts::MctsConfig;
use gametree::search::{Clock, Searcher};
use pyo3::prelude::*;

use gametree_run::budget::{mcts_iterations, Budget};
use gametree_run::engine::{Engine, MoveBudget};
use gametree_run::engine_name::parse_engine;
use gametree_run::input::{self, Source};
use gametree_run::search_job::{self, SearchSpec};

use crate::api_convert::Int;
use crate::api_error::{from_run_error, gametree_error};
use crate::api_interrupt::run_interruptible;
use crate::api_objects::{native_state, Game, GameKind, Tree};
use crate::api_result::{SearchOutcome, SearchResult};
use crate::api_state::Origin;

/// The budget from Python's `depth`, `nodes`, `time_ms` and `clock` (the fields of
/// [`Budget`], [`Budget::FIELDS`]), each checked (ranges as the command line's flags),
/// naming the keyword at fault.
pub fn limits(
    depth: Option<Int>,
    nodes: Option<Int>,
    time_ms: Option<Int>,
    clock: Option<&str>,
) -> Result<Budget, String> {
    fn range(name: &str, v: Option<Int>, lo: i128, hi: i128) -> Result<Option<u64>, String> {
        v.map(|x| x.within(name, lo, hi)).transpose()
    }
    let max_depth = i128::from(gametree_run::stack::MAX_PLIES);
    Ok(Budget {
        depth: range("depth", depth, 0, max_depth)?.map(|d| d as u32),
        nodes: range("nodes", nodes, 1, i64::MAX.into())?,
        time_ms: range("time_ms", time_ms, 1, i64::MAX.into())?,
        clock: match clock {
            None | Some("wall") => Clock::Wall,
            Some("cpu") => Clock::ThreadCpu,
            Some(other) => {
                return Err(format!(
                    "clock: expected \"wall\" (wall-clock time) or \"cpu\" (the searching \
                     thread's processor time), not {other:?}"
                ))
            }
        },
    })
}

/// The searcher of `algorithm` and the options after it, read as an engine's name without
/// its budget ([`parse_engine`]: `mcts:c=1:solver=standard`, `mcts:cutoff=10`,
/// `brs-plus:forced=ordered`; docs/tournament.md). A budget in the name, and the options
/// that belong to a tournament's engine (`table`, `worlds`, `seed`), are refused: a search's
/// budget and seed are keywords.
fn searcher_and_options(algorithm: &str) -> Result<Engine, String> {
    let head = algorithm.split(':').next().unwrap_or_default();
    if head.contains('@') {
        return Err(format!(
            "algorithm `{algorithm}`: the budget is given by depth=, nodes=, time_ms= or iterations=, not in the name"
        ));
    }
    // An unknown searcher in the command line's words (`search -a`), not an engine name's.
    head.parse::<Searcher>().map_err(|e| e.to_string())?;
    let engine = parse_engine(algorithm, MoveBudget::Depth(1), None).map_err(|e| e.to_string())?;
    let o = &engine.options;
    if o.table.is_some() || o.worlds.is_some() || o.seed.is_some() {
        return Err(format!(
            "algorithm `{algorithm}`: `table`, `worlds` and `seed` are options of a tournament's engines (a search takes seed=)"
        ));
    }
    Ok(engine)
}

/// MCTS's parameters for the search by `engine` (its searcher and options) under `limits`,
/// from `iterations` and `seed` (without any of them and without options, the defaults for
/// the budget); an error when `iterations` or `seed` is given to another searcher.
fn mcts_config(
    engine: &Engine,
    limits: &Budget,
    iterations: Option<Int>,
    seed: Option<Int>,
) -> Result<Option<MctsConfig>, String> {
    let iterations = iterations
        .map(|n| n.within("iterations", 1, u64::MAX.into()))
        .transpose()?;
    let seed = seed
        .map(|s| s.within("seed", 0, u64::MAX.into()))
        .transpose()?;
    if engine.algorithm != Searcher::Mcts {
        return match (iterations, seed) {
            (None, None) => Ok(None),
            _ => Err(format!(
                "iterations= and seed= are for mcts only, not {}",
                engine.algorithm.name()
            )),
        };
    }
    let config = engine.policy.apply(MctsConfig {
        seed: seed.unwrap_or(0),
        iterations: mcts_iterations(iterations, limits),
        cutoff: engine.options.cutoff,
        ..MctsConfig::default()
    });
    config.validate().map_err(|e| e.to_string())?;
    Ok(Some(config))
}

/// Searches `target` (a `Tree`, a `Game`, or a game written in Python) with `algorithm`.
///
/// `depth`, `nodes` and `time_ms` limit the search (`clock="cpu"`: `time_ms` is the searching
/// thread's processor time, not wall-clock time); `iterative` deepens up to `depth` and
/// returns the last completed depth; `table_mib` gives maxn and speculative a table of
/// exact values; `threads` above 1 runs the two-player engine on that many threads; `trace`
/// records the prunes (in `to_json()`); `state` searches a game from that state (one of its
/// states: a `gametree.State` of a game of the registry, or a state of a game written in
/// Python) instead of its start. `algorithm` may carry the options of an engine's name
/// after it (`"mcts:c=1:solver=standard"`, `"mcts:cutoff=10"`, `"brs-plus:forced=ordered"`;
/// not `table`, `worlds` or `seed`, a tournament engine's); `iterations` and
/// `seed` are MCTS's (default: 10,000 iterations without another limit, seed 0). Raises
/// `GametreeError` for bad options and `KeyboardInterrupt` when Ctrl-C stops the search.
#[pyfunction]
#[pyo3(signature = (target, algorithm, depth=None, nodes=None, time_ms=None, iterative=false,
                    table_mib=Int(0), threads=Int(1), trace=false, state=None, clock=None,
                    iterations=None, seed=None))]
#[expect(
    clippy::too_many_arguments,
    reason = "the keywords of the Python function, one argument each"
)]
pub fn search(
    py: Python<'_>,
    target: &Bound<'_, PyAny>,
    algorithm: &str,
    depth: Option<Int>,
    nodes: Option<Int>,
    time_ms: Option<Int>,
    iterative: bool,
    table_mib: Int,
    threads: Int,
    trace: bool,
    state: Option<&Bound<'_, PyAny>>,
    clock: Option<&str>,
    iterations: Option<Int>,
    seed: Option<Int>,
) -> PyResult<SearchResult> {
    let limits = limits(depth, nodes, time_ms, clock).map_err(gametree_error)?;
    let table_mib = table_mib
        .within("table_mib", 0, 65_536)
        .map_err(gametree_error)?;
    let threads = threads.within("threads", 1, 256).map_err(gametree_error)?;
    let engine = searcher_and_options(algorithm).map_err(gametree_error)?;
    let mcts = mcts_config(&engine, &limits, iterations, seed).map_err(gametree_error)?;
    let spec = SearchSpec {
        limits,
        iterative,
        trace,
        table_mib: (table_mib > 0).then_some(table_mib),
        threads: (threads > 1).then_some(threads),
        mcts,
        forced_moves: engine.policy.forced,
        ..SearchSpec::new(engine.algorithm)
    };
    let outcome = if let Ok(tree) = target.cast::<Tree>() {
        if state.is_some() {
            return Err(gametree_error(
                "state= applies to games; a tree is searched from its root",
            ));
        }
        search_tree(py, tree.get(), &spec)?
    } else if let Ok(game) = target.cast::<Game>() {
        match &game.get().kind {
            GameKind::Native(origin) => search_game(py, origin, state, &spec)?,
            GameKind::Python { object, .. } => {
                crate::pygame::search_python_game(py, object.bind(py), &spec, state)?
            }
        }
    } else {
        crate::pygame::search_python_game(py, target, &spec, state)?
    };
    Ok(outcome.into())
}

/// Searches an explicit tree.
fn search_tree(py: Python<'_>, tree: &Tree, spec: &SearchSpec) -> PyResult<SearchOutcome> {
    native_search(py, spec, Ok(Source::Tree(tree.tree.clone())))
}

/// Searches a game of the registry from its starting position, or from `state` (one of its
/// states, given to the search by its position text, checked to read back as the state).
fn search_game(
    py: Python<'_>,
    origin: &Origin,
    state: Option<&Bound<'_, PyAny>>,
    spec: &SearchSpec,
) -> PyResult<SearchOutcome> {
    let position = match state {
        None => origin.position.clone(),
        Some(s) => Some(native_state(origin, s)?.get().search_position()?),
    };
    native_search(py, spec, input::game(&origin.spec, position.as_deref()))
}

/// Runs the command line's search ([`search_job`]) on `source` (loaded once; its error is
/// reported after the options', as the command line does), the GIL released and Ctrl-C
/// watched ([`run_interruptible`]): its report, read directly.
fn native_search(
    py: Python<'_>,
    spec: &SearchSpec,
    source: Result<Source, gametree_run::RunError>,
) -> PyResult<SearchOutcome> {
    let prepared = search_job::prepare(spec, || source).map_err(from_run_error)?;
    let plies = prepared.plies();
    let report = run_interruptible(py, plies, move |stop| prepared.run(Some(stop), None))?
        .map_err(from_run_error)?;
    SearchOutcome::of_report(py, report)
}
