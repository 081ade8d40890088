//! `gametree.algorithms`, `games`, `perft` and `tournament` (`reproduce` is Python, in
//! `python/gametree/_reproduce.py`: it runs the `gametree` binary).

use gametree_games::registry::{GameVisitor, Playable};
use gametree_run::engine::MoveBudget;
use gametree_run::input;
use gametree_run::tournament::{TournamentConfig, MAX_GAMES};
use gametree_run::tournament_job::{self, EngineTexts};
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::api_convert::{to_py, Int};
use crate::api_error::{from_anyhow, from_run_error, gametree_error};
use crate::api_interrupt::run_interruptible;
use crate::api_objects::{Game, GameKind};

/// The names of every algorithm, in the order `gametree list` prints them.
#[pyfunction]
pub fn algorithms() -> Vec<String> {
    gametree::search::Searcher::all()
        .into_iter()
        .map(|s| s.name().to_string())
        .collect()
}

/// A small example spec of every game of the registry (and of random trees), in the order
/// `gametree list` prints them; each works as `gametree.Game(spec)`. These are not the
/// games' defaults: Chinese Checkers is listed on the 73-hole board to keep searches short,
/// but a spec that names no board (`chinese-checkers(players=3)`) means the standard
/// 121-hole board, here as on the command line.
#[pyfunction]
pub fn games() -> Vec<String> {
    gametree_games::registry::entries()
        .into_iter()
        .map(|e| e.listing.default_spec.to_string())
        .collect()
}

/// Counts the leaf positions `depth` plies below the game's position (as `gametree perft`):
/// `game` is a `Game` or a spec (`str`). Runs with the GIL released.
#[pyfunction]
pub fn perft(py: Python<'_>, game: &Bound<'_, PyAny>, depth: Int) -> PyResult<u64> {
    let depth = checked("depth", depth, 0, MAX_PLIES.into())? as u32;
    let (spec, position) = game_of(game)?;
    let loaded = input::load(None, Some(&spec), position.as_deref()).map_err(from_run_error)?;
    let plies = loaded.search_plies(Some(depth)).map_err(from_run_error)?;
    let visit = move |_| loaded.visit(Perft { depth });
    run_interruptible(py, plies, visit)
}

/// `game` as a spec and a position: a `Game`, or a spec.
fn game_of(game: &Bound<'_, PyAny>) -> PyResult<(String, Option<String>)> {
    if let Ok(g) = game.cast::<Game>() {
        match &g.get().kind {
            GameKind::Native(o) => Ok((o.spec.clone(), o.position.clone())),
            GameKind::Python { .. } => Err(pyo3::exceptions::PyTypeError::new_err(
                "perft counts the positions of a game of the registry; this gametree.Game \
                 wraps a game written in Python",
            )),
        }
    } else if game.is_instance_of::<PyString>() {
        Ok((game.extract::<String>()?, None))
    } else {
        Err(pyo3::exceptions::PyTypeError::new_err(
            "expected a gametree.Game or a game spec (str)",
        ))
    }
}

/// Runs perft on the game the registry built.
struct Perft {
    depth: u32,
}

impl GameVisitor for Perft {
    type Output = u64;
    fn visit<G: Playable>(self, game: &G, state: &G::State) -> u64
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        gametree_games::perft::perft(game, state, self.depth)
    }
}

/// Plays engines against each other on `game` (a spec) in every seat assignment from
/// seeded openings, as `gametree tournament --json`: a dict with the same fields.
///
/// `engines` is a list of engine texts (`"paranoid"`, `"maxn@d4"`, `"mcts@n50000"`,
/// `"speculative@t200"`) or one comma-separated string; `depth`, `nodes` or `time_ms` is
/// the budget of the engines without their own (depth 3 by default; `clock="cpu"`: `time_ms`
/// of the searching thread's processor time); `openings`,
/// `opening_plies`, `seed`, `threads`, `bootstrap` and `max_plies` are the command line's
/// flags of the same names. Runs with the GIL released.
#[pyfunction]
#[pyo3(signature = (game, engines=None, depth=None, nodes=None, time_ms=None, openings=Int(4),
                    opening_plies=Int(3), seed=Int(1), threads=None, bootstrap=Int(1000),
                    max_plies=None, clock=None))]
#[expect(
    clippy::too_many_arguments,
    reason = "the keywords of the Python function, one argument each"
)]
pub fn tournament(
    py: Python<'_>,
    game: &str,
    engines: Option<&Bound<'_, PyAny>>,
    depth: Option<Int>,
    nodes: Option<Int>,
    time_ms: Option<Int>,
    openings: Int,
    opening_plies: Int,
    seed: Int,
    threads: Option<Int>,
    bootstrap: Int,
    max_plies: Option<Int>,
    clock: Option<&str>,
) -> PyResult<Py<PyAny>> {
    let engines: Vec<String> = match engines {
        None => vec!["maxn".into(), "speculative".into(), "paranoid".into()],
        Some(e) => {
            if e.is_instance_of::<PyString>() {
                let text: String = e.extract()?;
                text.split(',').map(|x| x.trim().to_string()).collect()
            } else {
                e.extract::<Vec<String>>()?
            }
        }
    };
    let limits = crate::api_search::limits(depth, nodes, time_ms, clock).map_err(gametree_error)?;
    let default = MoveBudget::from_budget(&limits)
        .map_err(from_run_error)?
        .unwrap_or(MoveBudget::Depth(3));
    let texts = EngineTexts {
        texts: engines,
        default,
    };
    let engines = texts.check().map_err(from_anyhow)?;
    let config = TournamentConfig {
        engines,
        openings: checked("openings", openings, 1, MAX_GAMES as i128)? as usize,
        opening_plies: checked("opening_plies", opening_plies, 0, MAX_PLIES.into())? as usize,
        seed: checked("seed", seed, 0, u64::MAX.into())?,
        max_plies: match max_plies {
            None => None,
            Some(m) => Some(checked("max_plies", m, 0, u32::MAX.into())? as usize),
        },
        progress: false,
        threads: match threads {
            None => None,
            Some(t) => Some(checked("threads", t, 1, 256)? as usize),
        },
        bootstrap: checked("bootstrap", bootstrap, 0, 100_000)? as usize,
    };
    // Checked here, so a bad spec is a GametreeError before the games start.
    input::check_game(game, None).map_err(from_run_error)?;
    let result = run_interruptible(py, 0, |_| tournament_job::play(game, &texts, &config))?
        .map_err(from_anyhow)?;
    to_py(py, &result)
}

const MAX_PLIES: i64 = gametree_run::stack::MAX_PLIES as i64;

/// `value` of the keyword `name` if within `lo..=hi`, else the error naming it.
fn checked(name: &str, value: Int, lo: i128, hi: i128) -> PyResult<u64> {
    value.within(name, lo, hi).map_err(gametree_error)
}

/// The names of the budget's fields ([`gametree_run::budget::Budget::FIELDS`]): the budget
/// keywords `search` and `tournament` take (a test checks both against it).
#[pyfunction]
pub fn _budget_fields() -> Vec<&'static str> {
    gametree_run::budget::Budget::FIELDS.to_vec()
}
