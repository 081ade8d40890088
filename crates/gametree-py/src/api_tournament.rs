//! `gametree.tournament`: engines against each other on a game of the registry (named by its
//! spec, or a `gametree.Game` of one) or on a game written in Python (the protocol object,
//! or a `gametree.Game` wrapping one), with one result type for both
//! (`gametree.TournamentResult`, a dict that prints as the command line's table).
//!
//! A game of the registry plays as `gametree tournament` plays it
//! ([`tournament_job::play`]: its games on a pool of threads, the GIL released). A game
//! written in Python plays the same tournament on one thread, the one that holds the GIL
//! ([`python_tournament`]: [`play_games_here_with`] over the adapter of [`crate::pygame`]):
//! the same openings, seeds and seatings, so the same games as the same game written in
//! Rust (a test compares them through one data file).

use gametree::search::AnyGame;
use gametree::Game as _;
use gametree_run::engine::{Engine, MoveBudget};
use gametree_run::input;
use gametree_run::stack::MAX_PLIES as MAX_STACK_PLIES;
use gametree_run::tournament::{
    deepest_search, game_count, play_games_here_with, summarise, table, TournamentConfig,
    TournamentResult, MAX_GAMES,
};
use gametree_run::tournament_job::{self, EngineTexts};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::api_convert::{to_py, Int};
use crate::api_error::{from_anyhow, from_run_error, gametree_error};
use crate::api_interrupt::run_interruptible;
use crate::api_misc::{checked, MAX_PLIES};
use crate::api_objects::{Game, GameKind};
use crate::pygame::{visits_every_child, with_adapter, Adapter, Line, Protocol, PyGame, PyState};

/// Plays engines against each other on `game` in every seat assignment from seeded
/// openings, as `gametree tournament` does, and returns a `gametree.TournamentResult`: a
/// dict with the fields of `gametree tournament --json`, which prints as the command line's
/// table (`print(result)`, or the result in a REPL) and as an HTML table in a notebook.
///
/// `game` is a game of the registry (a spec such as `"chinese-checkers(players=3,board=73)"`,
/// or a `gametree.Game` of one, at its start) or a game written in Python (an object with
/// the protocol of docs/python-games.md, fast methods included, or a `gametree.Game`
/// wrapping one). `engines` is a list of engine texts (`"paranoid"`, `"maxn@d4"`,
/// `"mcts@n50000"`, `"speculative@t200"`) or one comma-separated string; `depth`, `nodes`
/// or `time_ms` is the budget of the engines without their own (depth 3 by default;
/// `clock="cpu"`: `time_ms` of the searching thread's processor time); `openings`,
/// `opening_plies`, `seed`, `threads`, `bootstrap` and `max_plies` are the command line's
/// flags of the same names.
///
/// A game of the registry plays on `threads` threads (one per core by default) with the
/// GIL released, and runs to its end before Ctrl-C raises `KeyboardInterrupt`.
///
/// A game written in Python plays its games one after the other on one thread, the one
/// that holds the GIL (its methods are Python code; `threads` above 1 is refused, and
/// playing in several processes is not offered). The openings, seeds and seat assignments
/// are those of a game of the registry, so the same game written in Rust gives the same
/// results. Ctrl-C stops it within a second with `KeyboardInterrupt`; an exception raised
/// by one of the game's methods stops it and is raised as it is; engines with a table
/// (`:table=`) are refused (a Python game's states have no hash key).
///
/// On a game written in Python an entry of `engines` may also be a player from outside:
/// a callable of a state that returns one of `game.moves(state)` (another library's bot,
/// e.g. `gametree.openspiel.bot(MCTSBot(...))`). It takes its seats like an engine, counts
/// 0 nodes, and is named in the results by its `name` attribute (else its `__name__`, else
/// its type); a move that is not legal is a `ValueError`, an exception it raises is raised
/// as it is.
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
    game: &Bound<'_, PyAny>,
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
    let Seats {
        texts,
        engines,
        outside: players,
    } = Seats::of(py, engines, depth, nodes, time_ms, clock)?;
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
    let result = match Target::of(game)? {
        Target::Spec(spec) => {
            refuse_outside(&spec, &players)?;
            // Checked here, so a bad spec is a GametreeError before the games start.
            input::check_game(&spec, None).map_err(from_run_error)?;
            run_interruptible(py, 0, |_| tournament_job::play(&spec, &texts, &config))?
                .map_err(from_anyhow)?
        }
        Target::Python(object) => python_tournament(py, object.bind(py), &config, &players)?,
    };
    result_object(py, &result)
}

/// The engines' texts of the keyword `engines` (a list, or one comma-separated string; by
/// default `maxn`, `speculative` and `paranoid`) with the budget of those without one
/// (`depth`, `nodes` or `time_ms`, depth 3 by default).
/// A player from outside the engines: a callable of a state that returns a move.
pub struct OutsidePlayer {
    /// Its place in the engine list.
    pub index: usize,
    /// The callable.
    pub call: Py<PyAny>,
    /// Its name in the results: its `name` attribute, its `__name__`, or its type's name.
    pub name: String,
}

/// The engine list with each callable replaced by `maxn@d1` (which holds its place and never
/// searches), and the callables: the players from outside (an OpenSpiel bot through
/// `gametree.openspiel.bot`, or any function of a state).
pub(crate) fn outside_players(
    py: Python<'_>,
    engines: Option<&Bound<'_, PyAny>>,
) -> PyResult<(Option<Py<PyAny>>, Vec<OutsidePlayer>)> {
    let Some(e) = engines else {
        return Ok((None, Vec::new()));
    };
    if e.is_instance_of::<PyString>() {
        return Ok((Some(e.clone().unbind()), Vec::new()));
    }
    let mut texts: Vec<Py<PyAny>> = Vec::new();
    let mut players = Vec::new();
    for (index, item) in e.try_iter()?.enumerate() {
        let item = item?;
        if !item.is_instance_of::<PyString>() && item.is_callable() {
            let named = |attr: &str| {
                item.getattr(attr)
                    .ok()
                    .and_then(|n| n.extract::<String>().ok())
            };
            let name = named("name")
                .or_else(|| named("__name__"))
                .unwrap_or_else(|| crate::pygame::type_name(&item));
            players.push(OutsidePlayer {
                index,
                call: item.clone().unbind(),
                name,
            });
            texts.push(PyString::new(py, "maxn@d1").into_any().unbind());
        } else {
            texts.push(item.unbind());
        }
    }
    Ok((
        Some(pyo3::types::PyList::new(py, texts)?.into_any().unbind()),
        players,
    ))
}

/// Refuses players from outside on the registry's game `spec` (they play only on a game
/// written in Python, whose states they are given).
pub(crate) fn refuse_outside(spec: &str, outside: &[OutsidePlayer]) -> PyResult<()> {
    match outside.first() {
        Some(p) => Err(gametree_error(format!(
            "engine {}: a player given as a callable plays only on a game written in Python \
             (gametree.openspiel's games included), not on the registry's {spec}",
            p.index
        ))),
        None => Ok(()),
    }
}

/// The move of engine `engine` at `state` when a player from outside holds its place
/// ([`PyGame::outside_move`]), else `None` (the engine searches): the tournament's
/// [`gametree_run::tournament::Outside`].
pub(crate) fn outside_move(
    g: &PyGame<'_>,
    outside: &[OutsidePlayer],
    engine: usize,
    state: &PyState,
) -> Result<Option<u32>, gametree_run::tournament::TournamentError> {
    match outside.iter().find(|p| p.index == engine) {
        Some(p) => g.outside_move(&p.call, engine, state),
        None => Ok(None),
    }
}

/// The seats of a tournament or a comparison: what `gametree.tournament` and
/// `gametree.compare` both start from.
pub(crate) struct Seats {
    /// The engines' texts and default budget (a registry game checks them against itself).
    pub(crate) texts: EngineTexts,
    /// The engines, checked.
    pub(crate) engines: Vec<Engine>,
    /// The players from outside ([`outside_players`]).
    pub(crate) outside: Vec<OutsidePlayer>,
}

impl Seats {
    /// The seats of `engines` (names, or callables from outside holding a seat) under the
    /// budget `depth`/`nodes`/`time_ms`/`clock`.
    pub(crate) fn of(
        py: Python<'_>,
        engines: Option<&Bound<'_, PyAny>>,
        depth: Option<Int>,
        nodes: Option<Int>,
        time_ms: Option<Int>,
        clock: Option<&str>,
    ) -> PyResult<Seats> {
        let (listed, outside) = outside_players(py, engines)?;
        let texts = engine_texts(
            listed.as_ref().map(|l| l.bind(py)),
            depth,
            nodes,
            time_ms,
            clock,
        )?;
        let engines = texts.check().map_err(from_anyhow)?;
        Ok(Seats {
            texts,
            engines,
            outside,
        })
    }
}

fn engine_texts(
    engines: Option<&Bound<'_, PyAny>>,
    depth: Option<Int>,
    nodes: Option<Int>,
    time_ms: Option<Int>,
    clock: Option<&str>,
) -> PyResult<EngineTexts> {
    let texts: Vec<String> = match engines {
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
    Ok(EngineTexts { texts, default })
}

/// What a tournament (or a comparison) is played on.
pub(crate) enum Target {
    /// A game of the registry, by its spec (at its start).
    Spec(String),
    /// A game written in Python: the protocol object.
    Python(Py<PyAny>),
}

impl Target {
    /// `game` as a target: a spec (`str`), a `gametree.Game` (of the registry, at its
    /// start, or wrapping a game written in Python), or any other object, taken for a game
    /// written in Python (whose protocol is checked when it plays: an object without it is
    /// a `TypeError` naming the missing method).
    pub(crate) fn of(game: &Bound<'_, PyAny>) -> PyResult<Target> {
        if let Ok(text) = game.cast::<PyString>() {
            return Ok(Target::Spec(text.to_str()?.to_string()));
        }
        if let Ok(g) = game.cast::<Game>() {
            return match &g.get().kind {
                GameKind::Native(origin) => match &origin.position {
                    None => Ok(Target::Spec(origin.spec.clone())),
                    Some(p) => Err(gametree_error(format!(
                        "a tournament plays every game from the start of {} (its openings \
                         are random plies from there); this gametree.Game is at the position \
                         {p:?}",
                        origin.spec
                    ))),
                },
                GameKind::Python { object, .. } => Ok(Target::Python(object.clone_ref(game.py()))),
            };
        }
        if game.cast::<crate::api_objects::Tree>().is_ok() {
            return Err(PyTypeError::new_err(
                "tournaments are played on games, not on trees: give a game spec (str), a \
                 gametree.Game or a game written in Python",
            ));
        }
        Ok(Target::Python(game.clone().unbind()))
    }
}

/// The adapter that plays the games of the tournament `config` on a game written in Python
/// (whose `protocol` was read): a stack for the engines' deepest search, lines of play
/// counted from the game's start, `play_all` when every engine visits every child, the
/// first guess of the leaves' depth the engines' deepest depth budget (when all have one).
pub(crate) fn adapter_for(config: &TournamentConfig, protocol: Protocol) -> Adapter {
    let depths: Option<Vec<u32>> = config
        .engines
        .iter()
        .map(|e| match e.budget {
            MoveBudget::Depth(d) => Some(d),
            _ => None,
        })
        .collect();
    Adapter {
        protocol,
        plies: deepest_search(config).min(MAX_STACK_PLIES),
        line: Line::Games,
        every_child: config
            .engines
            .iter()
            .all(|e| visits_every_child(e.algorithm)),
        depth: depths.and_then(|d| d.into_iter().max()),
    }
}

/// The checks of a tournament on a game written in Python beyond the tournament's own:
/// one thread, and no engine with a table.
pub(crate) fn check_python(config: &TournamentConfig) -> PyResult<()> {
    if let Some(t) = config.threads.filter(|&t| t > 1) {
        return Err(gametree_error(format!(
            "threads={t}: a game written in Python plays its tournament on one thread (the \
             one that holds the GIL); give threads=1 or leave it out"
        )));
    }
    if let Some(e) = config.engines.iter().find(|e| e.options.table.is_some()) {
        return Err(gametree_error(format!(
            "engine {}: games written in Python have no table (their states have no hash \
             key); leave out :table=",
            e.name()
        )));
    }
    Ok(())
}

/// Plays the tournament `config` on `game`, a game written in Python, on the thread that
/// holds the GIL (or, for searches deeper than the calling thread's stack holds, on a
/// thread of its own that holds it while the calling thread watches for Ctrl-C), one game
/// after the other: every game of [`game_count`], each the game of its index
/// ([`play_games_here_with`]), then the statistics with the GIL released. Raises the first
/// exception a game method raised, `KeyboardInterrupt` on Ctrl-C (no other game starts,
/// and the game in progress stops at once), a `GametreeError` for a configuration the game
/// cannot play.
pub fn python_tournament(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    config: &TournamentConfig,
    outside: &[OutsidePlayer],
) -> PyResult<TournamentResult> {
    check_python(config)?;
    let (name, players, results) = play_python_games(py, game, config, None, outside)?;
    let mut result = py.detach(|| summarise(name, players, config, results));
    for p in outside {
        let e = &mut result.engines[p.index];
        e.name = p.name.clone();
        e.algorithm = "outside".into();
    }
    Ok(result)
}

/// The games `which` (`None`: every game) of the tournament `config` on `game`, a game
/// written in Python, as [`python_tournament`] plays them, with the game's name and seats.
pub(crate) fn play_python_games(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    config: &TournamentConfig,
    which: Option<&[usize]>,
    outside: &[OutsidePlayer],
) -> PyResult<(String, usize, Vec<gametree_run::tournament::GameResult>)> {
    let adapter = adapter_for(config, Protocol::read(game)?);
    let which = which.map(<[usize]>::to_vec);
    with_adapter(py, game, adapter, move |g| {
        let tournament = |e: gametree_run::tournament::TournamentError| gametree_error(e);
        let all: Vec<usize>;
        let which = match &which {
            Some(w) => w.as_slice(),
            None => {
                let games = game_count::<AnyGame, _>(g, config);
                if let Some(e) = g.take_error() {
                    return Err(e);
                }
                all = (0..games.map_err(tournament)?).collect();
                &all
            }
        };
        let played = play_games_here_with::<AnyGame, _, _>(
            g,
            g,
            config,
            which,
            &mut || g.interrupted(),
            &mut |engine, state| outside_move(g, outside, engine, state),
        );
        if let Some(e) = g.take_error() {
            return Err(e);
        }
        Ok((
            g.name().to_string(),
            g.players(),
            played.map_err(tournament)?,
        ))
    })
}

/// The result as Python sees it: a `gametree.TournamentResult` (a dict of the JSON's
/// fields) that carries the command line's table ([`table`]) for `str` and `repr`.
pub fn result_object(py: Python<'_>, result: &TournamentResult) -> PyResult<Py<PyAny>> {
    let fields = to_py(py, result)?;
    let class = py
        .import("gametree._results")?
        .getattr("TournamentResult")?;
    Ok(class.call1((fields, table(result)))?.unbind())
}
