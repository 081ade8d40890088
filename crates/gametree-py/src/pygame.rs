//! Games written in Python, searched by the native algorithms (issue #15, item 3).
//!
//! [`search_python_game`] is what `gametree.search` calls for any object that is neither a
//! `Tree` nor a `Game`: an object with the game protocol of docs/python.md (`players`,
//! `initial`, `to_move`, `moves`, `play`, `outcome`, `evaluate`, an optional `bounds` dict).
//!
//! # The adapter
//!
//! [`PyGame`] is a [`Game`] and an [`Evaluator`] over the Python object, whose methods it
//! looks up once. A state ([`PyState`]) is a reference-counted [`PyNode`]: the Python state
//! object and the list its `moves` returned, asked for once per node and kept, so that a
//! move of the Rust search ([`Game::Move`], which must be small and `Copy`) is just an index
//! into that list, and `play` hands Python the move object itself. Cloning a state copies a
//! pointer and needs no interpreter; a node the search lets go of is kept in a pool for the
//! next one (no memory allocated or released per node). Terminality is an empty move list,
//! as the protocol says, so `outcome` is called only at terminal states.
//!
//! # The fast protocol
//!
//! Each call from native code into Python costs more than the same call between two
//! Python functions, so the adapter asks each question about a node once (the player, the
//! moves, the outcome and the evaluation are kept in its [`PyNode`]) and uses the game's
//! optional methods that answer several at once (`Fast`, docs/python-games.md):
//! `expand` (the player and the moves, or the outcome) where it needs the moves, `leaf`
//! (terminal or not, and the outcome or the evaluation) on a state as deep as the last one
//! the search evaluated (`leaf_ply`: the depth limit as far as the adapter can tell), and
//! `play_all` (every child in one call) or `expand_all` (`expand` and `play_all` in one
//! call) for the searches that visit every child (`visits_every_child`), with `leaf_all`
//! (every child's `leaf` in one call) when those children are as deep as `leaf_ply`. A
//! wrong guess of `leaf_ply` costs a call, never a value.
//!
//! # The interpreter
//!
//! Every node calls Python, so the search holds the GIL from start to end, in one of two
//! ways ([`Signals`]):
//!
//! - A search at most [`INLINE_PLIES`] deep runs on the calling thread, whose stack is
//!   ample for it, and looks for signals itself every [`SIGNAL_CHECK_NODES`] nodes
//!   (`Python::check_signals`; a signal that arrives while a game method runs is raised in
//!   that method by the interpreter, which the adapter stores like any exception). No
//!   thread is started and the GIL never changes hands.
//! - A deeper search runs on a thread of its own
//!   ([`crate::api_interrupt::run_interruptible`], with a stack sized for its depth); the
//!   calling thread waits without the GIL and looks for signals every few milliseconds,
//!   taking the GIL in turn (the interpreter hands it over between two bytecodes of the
//!   game's methods).
//!
//! Ctrl-C requests the search's stop; from then on every method of the adapter returns at
//! once without calling Python, so the search unwinds in microseconds and
//! `KeyboardInterrupt` is raised.
//!
//! A game method may itself call `gametree.search` (a search-based evaluator), so searches
//! nest. A thread-local count follows them along the chain of calls, across the threads
//! that wait for one another: beyond [`MAX_NESTING`] a search raises `GametreeError`. A
//! nested search runs on the calling thread only while the searches there stay within
//! [`THREAD_STACK_SHARE`] of its stack (measured from the first one's frame), else on a
//! thread of its own; so no nesting overflows a stack, on the main thread or any other.
//! Searches nested in one that runs on a thread of its own watch its stop request, the one
//! Ctrl-C sets (only the main thread sees signals).
//!
//! # Memory
//!
//! What grows with the game's moves is reserved fallibly: the search's stack of moves (in
//! [`Game::moves`]) and MCTS's tree (in the core), so a game with more moves than fit
//! raises `MemoryError` instead of aborting the interpreter.
//!
//! # Errors
//!
//! The [`Game`] trait's methods cannot fail, so the first error (an exception raised by a
//! game method, or a returned value of the wrong type or range) is stored, the stop is
//! requested, and every later call returns a neutral answer without calling Python (no
//! moves, a value inside the declared bounds). When the search returns, the stored error is
//! raised in place of its result: the game's own exception unchanged, with its traceback; a
//! `TypeError` naming the method for a value of the wrong type; a `GametreeError` for a
//! value out of its range (a player number, the length of a payoff tuple, a value outside
//! the declared bounds).

use std::cell::{Cell, OnceCell, RefCell};
use std::ops::Deref;
use std::rc::Rc;
use std::time::Instant;

use gametree::hash::Zobrist;
use gametree::search::mcts::MctsConfig;
use gametree::search::{
    Algorithm, AnyGame, Config, Dispatch, SearchError, SearchResult, Searcher, Stop, StopReason,
};
use gametree::{score_in_range, Bounds, Evaluator, Game, Player, Scores, MAX_PLAYERS};
use gametree_run::input::MoveStyle;
use gametree_run::report::SearchReport;
use gametree_run::search_job::SearchSpec;
use pyo3::exceptions::{PyMemoryError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyTuple};

use crate::api_error::{from_search_error, gametree_error};
use crate::api_interrupt::run_interruptible;
use crate::api_result::SearchOutcome;

/// The deepest search run on the calling thread (deeper ones get a thread with a stack
/// sized for them): 64 plies of any search fit in a quarter of a MiB of stack, well inside
/// the stack of any Python thread.
pub const INLINE_PLIES: u64 = 64;

/// How many nodes a search on the calling thread visits between two looks for signals.
pub const SIGNAL_CHECK_NODES: u32 = 32;

/// The most searches of Python games in progress at once, one inside another: a game
/// method that calls `gametree.search` (a search-based `evaluate`, say) starts a search
/// inside the search that called it, and one more would raise `GametreeError` ("searches
/// of Python games nested too deeply"). A search-based evaluator nests two or three; the
/// limit stops a game whose methods search without end, long before its memory runs out
/// (each search holds its line of states, and every few dozen a thread: see
/// [`THREAD_STACK_SHARE`]).
pub const MAX_NESTING: u32 = 100;

/// The stack that the searches of Python games running on one thread may take together,
/// nested ones included, measured from where the first of them started. A search runs on
/// the calling thread only if its estimated need ([`SEARCH_STACK_BYTES`] and
/// [`gametree_run::stack::PER_PLY_BYTES`] per ply) fits in what is left of it; otherwise
/// it runs on a thread of its own, whose stack is sized for its depth with this share to
/// spare for the searches nested in it. Half a MiB: well inside the stack of any Python
/// thread (8 MiB for the main thread on Linux, 1 MiB or more for other threads on the
/// usual platforms; a thread given less with `threading.stack_size` may not hold even one
/// search of [`INLINE_PLIES`] plies).
pub const THREAD_STACK_SHARE: usize = 512 << 10;

/// The stack counted for a search on the calling thread besides its plies: the adapter,
/// the calls into the interpreter for the game's methods, and the interpreter's and the
/// package's frames up to a `gametree.search` nested in them. One level of nesting of
/// one-ply max^n searches measured about 10 KiB (46 of them fit in the share beside the
/// next one's count; before this limit, the main thread's 8 MiB overflowed at about 780),
/// a ply of max^n or paranoid about 600 bytes: the counts are six and four times those.
pub const SEARCH_STACK_BYTES: usize = 64 << 10;

/// The searches of Python games in progress around the one that starts (see
/// [`MAX_NESTING`]).
#[derive(Clone, Copy)]
struct Nesting {
    /// How many: on this thread, and on the threads that wait for this one.
    depth: u32,
    /// The stack address where the first of them on this thread started ([`stack_address`]).
    base: Option<usize>,
    /// The stop request that Ctrl-C sets for them all, once one runs on a thread of its own:
    /// the stop of the first such search, which its waiting thread requests on Ctrl-C. The
    /// searches nested in it stop when it is set (their own waiting threads, if any, cannot
    /// see signals: only the main thread does).
    watch: Option<Stop>,
}

thread_local! {
    /// The searches of Python games in progress on this thread and the ones it serves.
    static NESTING: Cell<Nesting> = const {
        Cell::new(Nesting {
            depth: 0,
            base: None,
            watch: None,
        })
    };
}

/// The nesting of a search in progress, in [`NESTING`] for as long as it lives; the one
/// around it comes back when it is dropped (as the search returns or unwinds).
struct Entered(Nesting);

impl Entered {
    fn new(nesting: Nesting) -> Entered {
        Entered(NESTING.with(|n| n.replace(nesting)))
    }
}

impl Drop for Entered {
    fn drop(&mut self) {
        NESTING.with(|n| n.set(self.0));
    }
}

/// An address in the caller's stack frame (the stack grows downwards on every platform
/// CPython supports, so a deeper call has a smaller address; the stack used between two
/// calls is the difference of their addresses).
#[inline(never)]
fn stack_address() -> usize {
    let marker = 0u8;
    std::hint::black_box(&marker) as *const u8 as usize
}

/// Who looks for signals (Ctrl-C) while a search of a Python game runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signals {
    /// The search itself, on the calling thread, every [`SIGNAL_CHECK_NODES`] nodes.
    Inline,
    /// The calling thread, waiting for the search thread
    /// ([`crate::api_interrupt::run_interruptible`]).
    Waiter,
}

thread_local! {
    /// Stop requests for the searches this thread runs itself, reused (a game method may
    /// start a search of its own, so one search may run inside another).
    static STOPS: RefCell<Vec<Stop>> = const { RefCell::new(Vec::new()) };
}

/// A cleared stop request of this thread's pool (a new one, never freed, if none is free).
fn take_stop() -> Stop {
    let stop = STOPS
        .with(|p| p.borrow_mut().pop())
        .unwrap_or_else(Stop::leak);
    stop.clear();
    stop
}

/// Gives `stop` back to this thread's pool.
fn give_back(stop: Stop) {
    stop.clear();
    STOPS.with(|p| p.borrow_mut().push(stop));
}

/// The methods a game written in Python must have (and `evaluate` for depth-limited
/// searches).
const PROTOCOL: &str = "players, initial, to_move, moves, play, outcome, and evaluate for \
                        depth-limited searches";

/// Searches `game`, a Python object with the game protocol of docs/python.md, as `request`
/// says, from `start` (a state of the game, as its methods return them), or from
/// `game.initial()` when `start` is `None`.
///
/// Every algorithm of `gametree.algorithms()` that runs on any game runs here (best-reply
/// search, which needs a game that can hand the turn to any player, is refused as for the
/// built-in games that cannot). Tables (`table_mib`) and the parallel engine (`threads`)
/// need hash keys of states and are refused. Returns the exception a game method raised, a
/// `TypeError` or `GametreeError` for a method that returned a bad value, a
/// `GametreeError` for a bad `players` or `bounds`, a missing bound or a limit that stopped
/// the search, and `KeyboardInterrupt` on Ctrl-C.
pub fn search_python_game(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    request: &SearchSpec,
    start: Option<&Bound<'_, PyAny>>,
) -> PyResult<SearchOutcome> {
    let searcher = request.searcher;
    if let Searcher::BestReply(_) = searcher {
        return Err(from_search_error(SearchError::NeedsSetToMove {
            algorithm: searcher.name(),
        }));
    }
    if let Some(mib) = request.table_mib {
        return Err(gametree_error(format!(
            "table_mib={mib}: games written in Python have no table (their states have no \
             hash key); give table_mib=0"
        )));
    }
    if let Some(threads) = request.threads {
        return Err(gametree_error(format!(
            "threads={threads}: games written in Python are searched on one thread; give \
             threads=1"
        )));
    }
    // Check the object now, with the caller's thread, so that a bad game is refused before
    // any search thread starts.
    let protocol = Protocol::read(game)?;
    let max_plies = gametree_run::stack::MAX_PLIES;
    let plies = request
        .limits
        .depth
        .map_or(max_plies, u64::from)
        .min(max_plies);
    let adapter = Adapter {
        protocol,
        plies,
        line: Line::Search,
        every_child: visits_every_child(searcher),
        depth: request.limits.depth,
    };
    let start = start.map(|s| s.clone().unbind());
    let request = request.clone();
    with_adapter(py, game, adapter, move |game| {
        let start = start.as_ref().map(|s| s.bind(game.py).clone());
        game.search(searcher, &request, start.as_ref())
    })
}

/// How [`with_adapter`] makes its [`PyGame`]: the game's protocol, as read, and what the
/// search (or the searches) on it will do.
pub struct Adapter {
    /// The game's players and bounds, read on the calling thread.
    pub protocol: Protocol,
    /// The deepest search: how deep the searches recurse, which sizes a search thread's
    /// stack (at most [`gametree_run::stack::MAX_PLIES`]).
    pub plies: u64,
    /// Which lines of play the adapter measures against `plies`.
    pub line: Line,
    /// Whether every search visits every child of the nodes it expands (then `play_all` and
    /// `expand_all` are used: [`visits_every_child`]).
    pub every_child: bool,
    /// The depth limit, if one: the adapter's first guess of where the leaves are.
    pub depth: Option<u32>,
}

/// The lines of play an adapter keeps within its plies (a line beyond them raises
/// `GametreeError`: no search recurses deeper than its thread's stack holds).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// One search: plies from its root, at most the search's depth.
    Search,
    /// A tournament's games: plies from the game's start (the opening, the moves played
    /// and the searches' lines), at most [`gametree_run::stack::MAX_PLIES`], so that a
    /// game that never ends raises instead of running for ever; its searches recurse no
    /// deeper than their budgets, for which the thread's stack is sized.
    Games,
}

/// Runs `job` on a [`PyGame`] over `game`, holding the GIL from start to end, in one of the
/// two ways of the module's docs: on the calling thread for a search at most
/// [`INLINE_PLIES`] deep whose stack fits beside the searches around it (signals looked for
/// by the adapter itself), else on a thread of its own whose stack is sized for
/// `adapter.plies` (signals looked for by the waiting calling thread). Beyond
/// [`MAX_NESTING`] searches in progress, raises `GametreeError`. The error the job returns
/// is the first one the adapter stored, or its own.
pub fn with_adapter<T: Send>(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    adapter: Adapter,
    job: impl for<'a> FnOnce(&PyGame<'a>) -> PyResult<T> + Send,
) -> PyResult<T> {
    let outer = NESTING.with(Cell::get);
    if outer.depth >= MAX_NESTING {
        return Err(gametree_error(format!(
            "searches of Python games nested too deeply: {} are in progress, and at most \
             {MAX_NESTING} may nest (a game method that calls gametree.search, as a \
             search-based evaluate does, starts a search inside the search that called it)",
            outer.depth
        )));
    }
    let Adapter {
        protocol,
        plies,
        line,
        every_child,
        depth,
    } = adapter;
    let max_plies = match line {
        Line::Search => plies,
        Line::Games => gametree_run::stack::MAX_PLIES,
    };
    let here = stack_address();
    // The stack the searches around this one take on this thread already.
    let used = outer.base.map_or(0, |base| base.saturating_sub(here));
    let need = plies as usize * gametree_run::stack::PER_PLY_BYTES + SEARCH_STACK_BYTES;
    if plies <= INLINE_PLIES && used + need <= THREAD_STACK_SHARE {
        let _entered = Entered::new(Nesting {
            depth: outer.depth + 1,
            base: Some(outer.base.unwrap_or(here)),
            watch: outer.watch,
        });
        let stop = take_stop();
        let outcome = PyGame::new(
            game.clone(),
            protocol,
            stop,
            (max_plies, line),
            Signals::Inline,
            every_child,
            depth,
        )
        .and_then(|adapter| job(&adapter));
        give_back(stop);
        return outcome;
    }
    let game_ref = game.clone().unbind();
    let outcome = run_interruptible(py, plies, move |stop| {
        // A new stack (with the share to spare: the stack is 8 MiB beyond the plies); the
        // stop of the first search run on a thread of its own is the one Ctrl-C sets.
        let _entered = Entered::new(Nesting {
            depth: outer.depth + 1,
            base: Some(stack_address()),
            watch: Some(outer.watch.unwrap_or(stop)),
        });
        Python::attach(|py| {
            let game = game_ref.bind(py).clone();
            let adapter = PyGame::new(
                game,
                protocol,
                stop,
                (max_plies, line),
                Signals::Waiter,
                every_child,
                depth,
            )?;
            job(&adapter)
        })
    })?;
    outcome
}

/// What is read from the game object before the search: its player count and bounds.
pub struct Protocol {
    /// The number of players (2 to 6).
    pub players: usize,
    bounds: Bounds,
}

/// The name of `obj`'s type, for messages.
pub(crate) fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".to_string())
}

/// `obj` as an `i64` if it is an integer: an `int` (not a `bool`) or an object with
/// `__index__` (a NumPy integer, say). An `int` beyond 64 bits reads as `i64::MAX`, which
/// every range check refuses (and whose message prints the int itself: [`int_text`]).
pub(crate) fn as_int(obj: &Bound<'_, PyAny>) -> Option<i64> {
    if obj.is_instance_of::<PyBool>() {
        return None;
    }
    match obj.extract::<i64>() {
        Ok(v) => Some(v),
        Err(_) if obj.is_instance_of::<PyInt>() => Some(i64::MAX),
        Err(_) => None,
    }
}

/// The integer `obj` (which [`as_int`] read) in decimal, for messages: the value the game
/// gave, even beyond 64 bits (`2**70` prints as 1180591620717411303424, not as the
/// `i64::MAX` [`as_int`] reads it as).
#[cold]
fn int_text(obj: &Bound<'_, PyAny>) -> String {
    let int = if obj.is_instance_of::<PyInt>() {
        Ok(obj.clone())
    } else {
        // An object with `__index__`: the int it stands for.
        obj.py()
            .import("operator")
            .and_then(|operator| operator.getattr("index")?.call1((obj,)))
    };
    int.and_then(|i| i.str())
        .map(|s| s.to_string())
        .unwrap_or_else(|_| "?".to_string())
}

/// The length of `out` and its first three items, if it is a tuple (read in place: no
/// bounds-checked call per item) or a list; `None` for anything else. No memory is
/// allocated.
fn items3<'py>(out: &Bound<'py, PyAny>) -> Option<(usize, [Option<Bound<'py, PyAny>>; 3])> {
    let mut items = [None, None, None];
    let len = if let Ok(t) = out.cast::<PyTuple>() {
        for (slot, x) in items.iter_mut().zip(t.iter_borrowed()) {
            *slot = Some(x.to_owned());
        }
        t.len()
    } else if let Ok(l) = out.cast::<PyList>() {
        for (slot, x) in items.iter_mut().zip(l.iter()) {
            *slot = Some(x);
        }
        l.len()
    } else {
        return None;
    };
    Some((len, items))
}

impl Protocol {
    /// Reads `game`'s players and bounds, refusing an object without the protocol's
    /// methods (`TypeError`) or with a bad `players` or `bounds`.
    pub fn read(game: &Bound<'_, PyAny>) -> PyResult<Protocol> {
        let name = type_name(game);
        for method in ["players", "initial", "to_move", "moves", "play", "outcome"] {
            if !game.hasattr(method)? {
                return Err(PyTypeError::new_err(format!(
                    "{name} is not a game: it has no attribute {method} (a game written in \
                     Python has {PROTOCOL}; see docs/python.md)"
                )));
            }
        }
        let players_obj = game.getattr("players")?;
        let players = match as_int(&players_obj) {
            None => {
                return Err(PyTypeError::new_err(format!(
                    "{name}.players is {}, expected an int in 2..6",
                    type_name(&players_obj)
                )))
            }
            Some(p) if (2..=MAX_PLAYERS as i64).contains(&p) => p as usize,
            Some(_) => {
                return Err(gametree_error(format!(
                    "{name}.players is {}, expected an int in 2..6",
                    int_text(&players_obj)
                )))
            }
        };
        let bounds = if game.hasattr("bounds")? {
            read_bounds(&name, players, &game.getattr("bounds")?)?
        } else {
            Bounds::none()
        };
        Ok(Protocol { players, bounds })
    }
}

/// The evaluator's bounds from the game's `bounds` dict (`None` is no bounds).
fn read_bounds(name: &str, players: usize, obj: &Bound<'_, PyAny>) -> PyResult<Bounds> {
    if obj.is_none() {
        return Ok(Bounds::none());
    }
    let dict = obj.cast::<PyDict>().map_err(|_| {
        PyTypeError::new_err(format!(
            "{name}.bounds is {}, expected a dict with the keys lower, maxsum, step, \
             constant_sum",
            type_name(obj)
        ))
    })?;
    let mut bounds = Bounds::none();
    let score = |key: &str, v: &Bound<'_, PyAny>| -> PyResult<i64> {
        match as_int(v) {
            None => Err(PyTypeError::new_err(format!(
                "{name}.bounds[{key:?}] is {}, expected an int",
                type_name(v)
            ))),
            Some(x) if score_in_range(x) => Ok(x),
            Some(_) => Err(gametree_error(format!(
                "{name}.bounds[{key:?}] is {}, outside the score range -2^48..=2^48",
                int_text(v)
            ))),
        }
    };
    for (k, v) in dict.iter() {
        let key: String = k.extract().map_err(|_| {
            PyTypeError::new_err(format!("{name}.bounds has a key that is not a str"))
        })?;
        match key.as_str() {
            "lower" => {
                bounds.lower = if v.is_none() {
                    None
                } else if let Some(x) = as_int(&v) {
                    Some(Scores::splat(players, score("lower", &v).map(|_| x)?))
                } else {
                    let items: Vec<Bound<'_, PyAny>> = match v.cast::<PyTuple>() {
                        Ok(t) => t.iter().collect(),
                        Err(_) => match v.cast::<PyList>() {
                            Ok(l) => l.iter().collect(),
                            Err(_) => {
                                return Err(PyTypeError::new_err(format!(
                                    "{name}.bounds[\"lower\"] is {}, expected an int or one \
                                     int per player",
                                    type_name(&v)
                                )))
                            }
                        },
                    };
                    if items.len() != players {
                        return Err(gametree_error(format!(
                            "{name}.bounds[\"lower\"] has {} values, expected {players} (one \
                             per player)",
                            items.len()
                        )));
                    }
                    let mut s = Scores::zeros(players);
                    for (i, item) in items.iter().enumerate() {
                        s[i] = score("lower", item)?;
                    }
                    Some(s)
                }
            }
            "maxsum" => {
                bounds.maxsum = if v.is_none() {
                    None
                } else {
                    Some(score("maxsum", &v)?)
                }
            }
            "step" => {
                let step = score("step", &v)?;
                if step < 1 {
                    return Err(gametree_error(format!(
                        "{name}.bounds[\"step\"] is {step}, expected an int of at least 1"
                    )));
                }
                bounds.step = step;
            }
            "constant_sum" => {
                bounds.constant_sum = v.cast::<PyBool>().map(|b| b.is_true()).map_err(|_| {
                    PyTypeError::new_err(format!(
                        "{name}.bounds[\"constant_sum\"] is {}, expected a bool",
                        type_name(&v)
                    ))
                })?;
            }
            other => {
                return Err(gametree_error(format!(
                    "{name}.bounds has the unknown key {other:?} (known: lower, maxsum, step, \
                     constant_sum)"
                )))
            }
        }
    }
    if bounds.constant_sum && bounds.maxsum.is_none() {
        return Err(gametree_error(format!(
            "{name}.bounds says constant_sum without a maxsum (the sum every leaf's values \
             add up to)"
        )));
    }
    if let (Some(lower), Some(maxsum)) = (bounds.lower, bounds.maxsum) {
        if lower.sum() > maxsum {
            return Err(gametree_error(format!(
                "{name}.bounds: the lower bounds sum to {}, above maxsum {maxsum}",
                lower.sum()
            )));
        }
    }
    Ok(bounds)
}

/// A state of a game written in Python: the Python object, and what the game said about it
/// once asked (each is asked for at most once per node).
pub struct PyNode {
    /// The state object (`None` for the neutral state made after an error).
    state: Py<PyAny>,
    /// The list `moves(state)` (or `expand(state)`, `expand_all(state)`) returned (empty
    /// after an error).
    moves: OnceCell<Py<PyList>>,
    /// The method that gave `moves`, for messages.
    moves_from: Cell<&'static str>,
    /// The player to move, once `expand` told it.
    player: Cell<Option<Player>>,
    /// The state's value once known: its outcome (from `expand`, `leaf` or `outcome`) or
    /// its evaluation (from `leaf`).
    value: Cell<Option<Leaf>>,
    /// The states `play_all(state, moves)` (or `expand_all(state)`) returned, one per move.
    children: OnceCell<Py<PyList>>,
    /// The method that gave `children`, for messages.
    children_from: Cell<&'static str>,
    /// The pairs `leaf_all(children)` returned, one per child.
    child_leaves: OnceCell<Py<PyList>>,
    /// The plies from the root of the search.
    ply: u64,
}

impl PyNode {
    fn new(state: Py<PyAny>, ply: u64) -> PyNode {
        PyNode {
            state,
            moves: OnceCell::new(),
            moves_from: Cell::new("moves"),
            player: Cell::new(None),
            value: Cell::new(None),
            children: OnceCell::new(),
            children_from: Cell::new("play_all"),
            child_leaves: OnceCell::new(),
            ply,
        }
    }
}

/// The nodes the search has let go of, kept for the next ones it makes: a search makes a
/// node per call of [`Game::play`], and taking one from here saves an allocation and a
/// release of memory each time.
type Pool = Rc<RefCell<Vec<Rc<PyNode>>>>;

/// A state as the search holds it: a shared [`PyNode`], which goes back to its game's
/// pool when the search drops the last copy. (The node keeps its Python objects until
/// it is used again, or until the search ends.)
pub struct PyState {
    /// The node; `None` only while the state is dropped.
    node: Option<Rc<PyNode>>,
    pool: Pool,
}

impl Clone for PyState {
    fn clone(&self) -> PyState {
        PyState {
            node: self.node.clone(),
            pool: Rc::clone(&self.pool),
        }
    }
}

impl Deref for PyState {
    type Target = PyNode;

    #[inline]
    fn deref(&self) -> &PyNode {
        self.node
            .as_deref()
            .expect("a state has its node until it is dropped")
    }
}

impl Drop for PyState {
    fn drop(&mut self) {
        if let Some(node) = self.node.take() {
            if Rc::strong_count(&node) == 1 {
                if let Ok(mut pool) = self.pool.try_borrow_mut() {
                    // Without memory for the pool, the node is freed instead.
                    if pool.try_reserve(1).is_ok() {
                        pool.push(node);
                    }
                }
            }
        }
    }
}

/// A value the game gave for a state.
#[derive(Clone, Copy, Debug)]
enum Leaf {
    /// The state is terminal and this is its outcome.
    Terminal(Scores),
    /// The state has moves and this is its evaluation.
    Evaluated(Scores),
}

/// The optional methods of the fast protocol (docs/python-games.md), each `None` when the
/// game lacks it (or, for `play_all`, when the search does not visit every child).
struct Fast<'py> {
    /// `expand(state)`: `(to_move, moves)`, or `(None, outcome)` for a terminal state.
    expand: Option<Bound<'py, PyAny>>,
    /// `leaf(state)`: `(False, evaluation)`, or `(True, outcome)` for a terminal state.
    leaf: Option<Bound<'py, PyAny>>,
    /// `play_all(state, moves)`: the state after each move, in order.
    play_all: Option<Bound<'py, PyAny>>,
    /// `leaf_all(states)`: what `leaf` says of each state, in order (used on the children
    /// `play_all` or `expand_all` made, so only with one of them).
    leaf_all: Option<Bound<'py, PyAny>>,
    /// `expand_all(state)`: `(to_move, moves, children)`, or `(None, outcome)` for a
    /// terminal state: `expand` and `play_all` in one call (only for the searches that visit
    /// every child, as `play_all`).
    expand_all: Option<Bound<'py, PyAny>>,
}

/// The method that gives a state's moves ([`PyGame::move_list`]).
#[derive(Clone, Copy)]
enum MovesFrom<'a, 'py> {
    /// `expand_all`: the player, the moves and the children, or the outcome.
    ExpandAll(&'a Bound<'py, PyAny>),
    /// `expand`: the player and the moves, or the outcome.
    Expand(&'a Bound<'py, PyAny>),
    /// `moves`.
    Moves,
}

impl MovesFrom<'_, '_> {
    /// The method's name, for messages.
    fn name(self) -> &'static str {
        match self {
            MovesFrom::ExpandAll(_) => "expand_all",
            MovesFrom::Expand(_) => "expand",
            MovesFrom::Moves => "moves",
        }
    }
}

/// Whether `searcher` visits every child of every node it expands (so that making all the
/// children in one `play_all` call wastes none).
pub fn visits_every_child(searcher: Searcher) -> bool {
    matches!(
        searcher,
        Searcher::Plain(Algorithm::Maxn | Algorithm::Minimax | Algorithm::Nmax)
    )
}

/// A game written in Python as a [`Game`] and its own [`Evaluator`].
pub struct PyGame<'py> {
    py: Python<'py>,
    /// The game's type name, for messages.
    name: String,
    players: usize,
    bounds: Bounds,
    initial: Bound<'py, PyAny>,
    to_move: Bound<'py, PyAny>,
    moves: Bound<'py, PyAny>,
    play: Bound<'py, PyAny>,
    outcome: Bound<'py, PyAny>,
    evaluate: Option<Bound<'py, PyAny>>,
    /// The optional methods that answer several questions in one call.
    fast: Fast<'py>,
    /// The ply of the last state the search evaluated (the depth limit, as far as the
    /// adapter can tell): a state this deep is asked `leaf` first rather than `expand`.
    leaf_ply: Cell<u64>,
    /// The first error; once set, no method calls Python again.
    error: RefCell<Option<PyErr>>,
    /// The search's stop request (Ctrl-C, or the first error).
    stop: Stop,
    /// The stop request of the searches around this one that Ctrl-C sets
    /// ([`Nesting::watch`]): when it is set, this search stops too.
    watch: Option<Stop>,
    /// The deepest line of play the search thread's stack is sized for.
    max_plies: u64,
    /// Where lines of play start: at the search's root, or at the game's start.
    line: Line,
    /// A value inside the bounds, answered once the search is stopping.
    neutral: Scores,
    /// Who looks for signals.
    signals: Signals,
    /// Nodes until the next look for signals ([`Signals::Inline`]).
    until_check: Cell<u32>,
    /// `copy.deepcopy`, for the check that `play` leaves its state unchanged.
    deepcopy: Option<Bound<'py, PyAny>>,
    /// The nodes to reuse.
    pool: Pool,
    /// How many more `play` calls are checked ([`PLAY_CHECKS`] per search).
    play_checks: Cell<u32>,
}

/// How many `play` calls of a search are checked for changing the state they are given
/// (a deep copy and two comparisons each): enough to catch a `play` that changes its input,
/// which does so at every call, at no cost to the rest of the search.
pub const PLAY_CHECKS: u32 = 16;

impl<'py> PyGame<'py> {
    fn new(
        game: Bound<'py, PyAny>,
        protocol: Protocol,
        stop: Stop,
        (max_plies, line): (u64, Line),
        signals: Signals,
        every_child: bool,
        depth: Option<u32>,
    ) -> PyResult<PyGame<'py>> {
        let Protocol { players, bounds } = protocol;
        let optional = |name: &str| -> PyResult<Option<Bound<'py, PyAny>>> {
            if game.hasattr(name)? {
                Ok(Some(game.getattr(name)?))
            } else {
                Ok(None)
            }
        };
        let (play_all, expand_all) = if every_child {
            (optional("play_all")?, optional("expand_all")?)
        } else {
            (None, None)
        };
        let fast = Fast {
            expand: optional("expand")?,
            leaf: optional("leaf")?,
            leaf_all: if play_all.is_some() || expand_all.is_some() {
                optional("leaf_all")?
            } else {
                None
            },
            play_all,
            expand_all,
        };
        let mut neutral = bounds.lower.unwrap_or(Scores::zeros(players));
        if let Some(m) = bounds.maxsum {
            if bounds.constant_sum || neutral.sum() > m {
                neutral[0] += m - neutral.sum();
            }
        }
        let evaluate = if game.hasattr("evaluate")? {
            Some(game.getattr("evaluate")?)
        } else {
            None
        };
        Ok(PyGame {
            py: game.py(),
            name: type_name(&game),
            players,
            bounds,
            initial: game.getattr("initial")?,
            to_move: game.getattr("to_move")?,
            moves: game.getattr("moves")?,
            play: game.getattr("play")?,
            outcome: game.getattr("outcome")?,
            evaluate,
            fast,
            leaf_ply: Cell::new(depth.map_or(u64::MAX, u64::from)),
            error: RefCell::new(None),
            stop,
            watch: NESTING.with(|n| n.get().watch),
            max_plies,
            line,
            neutral,
            signals,
            until_check: Cell::new(SIGNAL_CHECK_NODES),
            deepcopy: game.py().import("copy")?.getattr("deepcopy").ok(),
            play_checks: Cell::new(PLAY_CHECKS),
            pool: Pool::default(),
        })
    }

    /// The interpreter the game's methods run in.
    pub fn py(&self) -> Python<'py> {
        self.py
    }

    /// The game's type name (a tournament's name for the game).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Whether what the adapter runs should stop (between two games of a tournament): an
    /// error was stored, or a stop was requested. On the calling thread, looks for signals
    /// first (Ctrl-C stores `KeyboardInterrupt`).
    pub fn interrupted(&self) -> bool {
        if self.signals == Signals::Inline && !self.stopping() {
            if let Err(e) = self.py.check_signals() {
                self.fail(e);
            }
        }
        self.stopping()
    }

    /// The first error stored (a game method's exception, a bad value, `KeyboardInterrupt`),
    /// taken: what the caller raises in place of its result.
    pub fn take_error(&self) -> Option<PyErr> {
        self.error.borrow_mut().take()
    }

    /// Whether the search is stopping (an error, or a stop request, its own or one of the
    /// searches around it): answer without Python.
    #[inline]
    /// The move a player from outside the engines (`bot`, a callable of the state) makes
    /// in `state`, as an index into the state's moves (`engine`: its place in the
    /// tournament's list, for messages). A move that is not one of `moves(state)` (by `==`)
    /// is a `ValueError`; an exception of `bot` is kept as it is; either ends the games.
    pub(crate) fn outside_move(
        &self,
        bot: &Py<PyAny>,
        engine: usize,
        state: &PyState,
    ) -> Result<Option<u32>, gametree_run::tournament::TournamentError> {
        let failed = |reason: &str| gametree_run::tournament::TournamentError::Outside {
            engine,
            reason: reason.to_string(),
        };
        if self.stopping() {
            return Err(failed("the games were stopped"));
        }
        let Some(list) = self.move_list(state) else {
            return Err(failed("the state's moves are not known"));
        };
        let list = list.bind(self.py);
        let mv = match bot.bind(self.py).call1((state.state.clone_ref(self.py),)) {
            Ok(mv) => mv,
            Err(e) => {
                self.fail(e);
                return Err(failed("it raised an exception"));
            }
        };
        for (i, m) in list.iter().enumerate() {
            match m.eq(&mv) {
                Ok(true) => return Ok(Some(i as u32)),
                Ok(false) => {}
                Err(e) => {
                    self.fail(e);
                    return Err(failed("comparing its move raised an exception"));
                }
            }
        }
        let shown = mv
            .repr()
            .map(|r| r.to_string())
            .unwrap_or_else(|_| "its move".into());
        self.fail(pyo3::exceptions::PyValueError::new_err(format!(
            "the player at engine {engine} returned {shown}, which is not one of the {} moves of the state",
            list.len()
        )));
        Err(failed("it returned a move that is not legal"))
    }

    fn stopping(&self) -> bool {
        if self.watch.is_some_and(|w| w.is_requested()) {
            // The native search looks at its own request.
            self.stop.request();
        }
        self.stop.is_requested() || self.error.borrow().is_some()
    }

    /// Keeps the first error and asks the search to stop.
    #[cold]
    fn fail(&self, e: PyErr) {
        let mut slot = self.error.borrow_mut();
        if slot.is_none() {
            *slot = Some(e);
        }
        self.stop.request();
    }

    /// Stops the search with `MemoryError`: the `n` moves of `state` do not fit in memory
    /// beside the `held` moves the search holds already.
    #[cold]
    #[inline(never)]
    fn out_of_memory(&self, state: &PyNode, n: usize, held: usize) {
        if self.stopping() {
            return;
        }
        self.fail(PyMemoryError::new_err(format!(
            "{}.{} returned {n} moves, and the search cannot keep them beside the {held} moves \
             of the states on its line (out of memory): give a depth, or fewer moves",
            self.name,
            state.moves_from.get()
        )));
    }

    /// Every [`SIGNAL_CHECK_NODES`] calls, runs the signal handlers; the exception one raises
    /// (`KeyboardInterrupt` for Ctrl-C) stops the search like a game method's.
    #[inline]
    fn look_for_signals(&self) {
        let left = self.until_check.get();
        if left > 1 {
            self.until_check.set(left - 1);
            return;
        }
        self.until_check.set(SIGNAL_CHECK_NODES);
        if let Err(e) = self.py.check_signals() {
            self.fail(e);
        }
    }

    fn neutral_node(&self, ply: u64) -> PyState {
        let node = self.node(self.py.None(), ply);
        let _ = node.moves.set(PyList::empty(self.py).unbind());
        node
    }

    /// A new node for `state`, `ply` plies from the root, in memory taken from the pool when
    /// it has some.
    #[inline]
    fn node(&self, state: Py<PyAny>, ply: u64) -> PyState {
        let reused = self.pool.borrow_mut().pop();
        let node = match reused {
            Some(mut node) => match Rc::get_mut(&mut node) {
                Some(free) => {
                    *free = PyNode::new(state, ply);
                    node
                }
                None => Rc::new(PyNode::new(state, ply)),
            },
            None => Rc::new(PyNode::new(state, ply)),
        };
        PyState {
            node: Some(node),
            pool: Rc::clone(&self.pool),
        }
    }

    /// Before a call to Python about a node: looks for signals (on the calling thread) and
    /// says whether Python may be called (not once the search is stopping).
    #[inline]
    fn may_call(&self) -> bool {
        if self.signals == Signals::Inline {
            self.look_for_signals();
        }
        !self.stopping()
    }

    /// The method [`PyGame::move_list`] asks for `node`'s moves.
    #[inline]
    fn moves_from(&self, node: &PyNode) -> MovesFrom<'_, 'py> {
        match (&self.fast.expand_all, &self.fast.expand) {
            (Some(f), _) if node.ply < self.leaf_ply.get() => MovesFrom::ExpandAll(f),
            (_, Some(f)) => MovesFrom::Expand(f),
            _ => MovesFrom::Moves,
        }
    }

    /// The move list of `node`, asking Python once: `expand_all` if the game has it, the
    /// search visits every child and `node` is above `leaf_ply` (so that the search will
    /// most likely expand it: the children are made in the same call), else `expand` if the
    /// game has it (which tells the player to move, or the outcome, in the same call), else
    /// `moves`. (A node as deep as `leaf_ply` whose moves are asked for is most likely a
    /// leaf whose terminality is wanted: making its children would be wasted. Should the
    /// search expand it after all, `play_all` or `play` makes its children.)
    fn move_list<'a>(&self, node: &'a PyNode) -> Option<&'a Py<PyList>> {
        if let Some(list) = node.moves.get() {
            return Some(list);
        }
        if !self.may_call() {
            return None;
        }
        let from = self.moves_from(node);
        node.moves_from.set(from.name());
        let list = match from {
            MovesFrom::ExpandAll(expand_all) => self.call_expand_all(expand_all, node),
            MovesFrom::Expand(expand) => self.call_expand(expand, node),
            MovesFrom::Moves => self.call_moves(node),
        };
        match list {
            Ok(list) => Some(node.moves.get_or_init(|| list)),
            Err(e) => {
                self.fail(e);
                None
            }
        }
    }

    /// `list` as a list of moves (a tuple is converted once), or a `TypeError` naming
    /// `method`.
    fn as_move_list(&self, method: &str, out: &Bound<'py, PyAny>) -> PyResult<Py<PyList>> {
        if let Ok(list) = out.cast::<PyList>() {
            return Ok(list.clone().unbind());
        }
        if let Ok(tuple) = out.cast::<PyTuple>() {
            return Ok(PyList::new(self.py, tuple.iter())?.unbind());
        }
        Err(PyTypeError::new_err(format!(
            "{}.{method} returned {}, expected a list of moves",
            self.name,
            type_name(out)
        )))
    }

    fn call_moves(&self, node: &PyNode) -> PyResult<Py<PyList>> {
        let out = self.moves.call1((node.state.bind(self.py),))?;
        self.as_move_list("moves", &out)
    }

    /// Calls `expand(state)`: `(player, moves)` for a state with moves, `(None, outcome)`
    /// for a terminal one. Keeps the player or the outcome in `node` and returns the moves
    /// (empty for a terminal state).
    fn call_expand(&self, expand: &Bound<'py, PyAny>, node: &PyNode) -> PyResult<Py<PyList>> {
        let out = expand.call1((node.state.bind(self.py),))?;
        let (first, second) = self.pair("expand", &out, "(to_move, moves) or (None, outcome)")?;
        if first.is_none() {
            let outcome = self.scores("expand", &second)?;
            node.value.set(Some(Leaf::Terminal(outcome)));
            return Ok(PyList::empty(self.py).unbind());
        }
        let list = self.as_move_list("expand", &second)?;
        if !list.bind(self.py).is_empty() {
            node.player.set(Some(self.player("expand", &first)?));
        }
        Ok(list)
    }

    /// Calls `expand_all(state)`: `(player, moves, children)` for a state with moves (the
    /// children one state per move, in order), `(None, outcome)` for a terminal one. Keeps
    /// the player and the children, or the outcome, in `node` and returns the moves (empty
    /// for a terminal state).
    fn call_expand_all(
        &self,
        expand_all: &Bound<'py, PyAny>,
        node: &PyNode,
    ) -> PyResult<Py<PyList>> {
        let before = node.state.bind(self.py);
        let snapshot = self.snapshot(before);
        let out = expand_all.call1((before,))?;
        self.check_unchanged("expand_all", "expand_all(state)", before, snapshot)?;
        match items3(&out) {
            Some((2, [Some(first), Some(outcome), None])) if first.is_none() => {
                let outcome = self.scores("expand_all", &outcome)?;
                node.value.set(Some(Leaf::Terminal(outcome)));
                Ok(PyList::empty(self.py).unbind())
            }
            Some((3, [Some(first), Some(moves), Some(children)])) if !first.is_none() => {
                let list = self.as_move_list("expand_all", &moves)?;
                let n = list.bind(self.py).len();
                let children = self.batch("expand_all", &children, n, ("state", "move"))?;
                if n > 0 {
                    node.player.set(Some(self.player("expand_all", &first)?));
                    let _ = node.children.set(children);
                    node.children_from.set("expand_all");
                }
                Ok(list)
            }
            _ => Err(PyTypeError::new_err(format!(
                "{}.expand_all returned {}, expected a triple (to_move, moves, children) or a \
                 pair (None, outcome)",
                self.name,
                type_name(&out)
            ))),
        }
    }

    /// Calls `leaf(state)`: `(True, outcome)` for a terminal state, `(False, evaluation)`
    /// for a state with moves.
    fn call_leaf(&self, leaf: &Bound<'py, PyAny>, node: &PyNode) -> PyResult<Leaf> {
        let out = leaf.call1((node.state.bind(self.py),))?;
        self.leaf_of("leaf", &out)
    }

    /// A [`Leaf`] from the pair `(terminal, value)` `method` returned.
    #[inline]
    fn leaf_of(&self, method: &str, out: &Bound<'py, PyAny>) -> PyResult<Leaf> {
        // The common case, a tuple `(bool, value)`, read in place; anything else is read
        // again by `leaf_of_checked`, which names what is wrong.
        if let Ok(t) = out.cast::<PyTuple>() {
            let mut items = t.iter_borrowed();
            if let (2, Some(first), Some(second)) = (t.len(), items.next(), items.next()) {
                if let Ok(terminal) = first.cast::<PyBool>() {
                    let value = self.scores(method, &second)?;
                    return Ok(if terminal.is_true() {
                        Leaf::Terminal(value)
                    } else {
                        Leaf::Evaluated(value)
                    });
                }
            }
        }
        self.leaf_of_checked(method, out)
    }

    /// [`PyGame::leaf_of`] for a pair that is not a tuple starting with a bool (a list, or
    /// a bad value, which it names).
    #[cold]
    #[inline(never)]
    fn leaf_of_checked(&self, method: &str, out: &Bound<'py, PyAny>) -> PyResult<Leaf> {
        let (first, second) = self.pair(method, out, "(True, outcome) or (False, evaluation)")?;
        let terminal = first.cast::<PyBool>().map(|b| b.is_true()).map_err(|_| {
            PyTypeError::new_err(format!(
                "{}.{method} returned a pair starting with {}, expected a bool (whether the \
                 state is terminal)",
                self.name,
                type_name(&first)
            ))
        })?;
        let value = self.scores(method, &second)?;
        Ok(if terminal {
            Leaf::Terminal(value)
        } else {
            Leaf::Evaluated(value)
        })
    }

    /// The two items of the pair `method` returned (a tuple or a list of length 2).
    fn pair(
        &self,
        method: &str,
        out: &Bound<'py, PyAny>,
        expected: &str,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        match items3(out) {
            Some((2, [Some(a), Some(b), None])) => Ok((a, b)),
            _ => Err(PyTypeError::new_err(format!(
                "{}.{method} returned {}, expected a pair {expected}",
                self.name,
                type_name(out)
            ))),
        }
    }

    /// Fills `s` from `items`, the items of `out` (what `method` returned): one int per
    /// player, each in the score range.
    fn fill_scores(
        &self,
        method: &str,
        out: &Bound<'py, PyAny>,
        s: &mut Scores,
        items: impl ExactSizeIterator<Item = Bound<'py, PyAny>>,
    ) -> PyResult<()> {
        let n = self.players;
        if items.len() != n {
            return Err(gametree_error(format!(
                "{}.{method} returned {} values, expected {n} (one int per player)",
                self.name,
                items.len()
            )));
        }
        for (i, item) in items.enumerate() {
            match as_int(&item) {
                Some(v) if score_in_range(v) => s[i] = v,
                Some(_) => {
                    return Err(gametree_error(format!(
                        "{}.{method} returned {}, outside the score range -2^48..=2^48",
                        self.name,
                        int_text(&item)
                    )))
                }
                None => {
                    return Err(PyTypeError::new_err(format!(
                        "{}.{method} returned a {} holding {}, expected one int per player",
                        self.name,
                        type_name(out),
                        type_name(&item)
                    )))
                }
            }
        }
        Ok(())
    }

    /// A value vector from what `method` returned: a tuple (or list) of one int per player
    /// inside the bounds.
    #[inline]
    fn scores(&self, method: &str, out: &Bound<'py, PyAny>) -> PyResult<Scores> {
        // The common case, a tuple of one int in range per player inside the bounds, read in
        // place; anything else is read again by `scores_checked`, which names what is wrong.
        if let Ok(t) = out.cast::<PyTuple>() {
            let n = self.players;
            if t.len() == n {
                let mut s = Scores::zeros(n);
                let mut ok = true;
                for (i, x) in t.iter_borrowed().enumerate() {
                    match as_int(&x) {
                        Some(v) if score_in_range(v) => s[i] = v,
                        _ => {
                            ok = false;
                            break;
                        }
                    }
                }
                if ok && self.bounds.admits(&s) {
                    return Ok(s);
                }
            }
        }
        self.scores_checked(method, out)
    }

    /// [`PyGame::scores`] item by item, with the error that names what is wrong.
    #[cold]
    fn scores_checked(&self, method: &str, out: &Bound<'py, PyAny>) -> PyResult<Scores> {
        let n = self.players;
        let mut s = Scores::zeros(n);
        if let Ok(t) = out.cast::<PyTuple>() {
            self.fill_scores(method, out, &mut s, t.iter())?;
        } else if let Ok(l) = out.cast::<PyList>() {
            self.fill_scores(method, out, &mut s, l.iter())?;
        } else {
            return Err(PyTypeError::new_err(format!(
                "{}.{method} returned {}, expected a tuple of {n} ints (one per player)",
                self.name,
                type_name(out)
            )));
        }
        if !self.bounds.admits(&s) {
            return Err(gametree_error(format!(
                "{}.{method} returned {s}, outside the game's bounds ({})",
                self.name,
                bounds_text(&self.bounds)
            )));
        }
        Ok(s)
    }

    fn call_to_move(&self, node: &PyNode) -> PyResult<Player> {
        let out = self.to_move.call1((node.state.bind(self.py),))?;
        self.player("to_move", &out)
    }

    /// A player from what `method` returned: an int in `0..players`.
    fn player(&self, method: &str, out: &Bound<'py, PyAny>) -> PyResult<Player> {
        let n = self.players;
        match as_int(out) {
            Some(p) if (0..n as i64).contains(&p) => Ok(Player::new(p as usize)),
            Some(_) => Err(gametree_error(format!(
                "{}.{method} returned {}, expected an int in 0..{n}",
                self.name,
                int_text(out)
            ))),
            None => Err(PyTypeError::new_err(format!(
                "{}.{method} returned {}, expected an int in 0..{n}",
                self.name,
                type_name(out)
            ))),
        }
    }

    fn call_play(&self, node: &PyNode, mv: u32) -> PyResult<PyState> {
        let ply = node.ply + 1;
        if ply > self.max_plies {
            return Err(gametree_error(match self.line {
                Line::Search => format!(
                    "{}: a line of play goes beyond {} plies, the deepest a search may go; \
                     give a smaller depth",
                    self.name, self.max_plies
                ),
                Line::Games => format!(
                    "{}: a game of the tournament and the search in it go beyond {} plies \
                     from the start (a game that does not end?); give max_plies",
                    self.name, self.max_plies
                ),
            }));
        }
        let Some(list) = self.move_list(node) else {
            return Ok(self.neutral_node(ply));
        };
        let list = list.bind(self.py);
        let index = mv;
        // The children `expand_all` made with the moves, or `play_all` makes now.
        let children = match (node.children.get(), &self.fast.play_all) {
            (Some(children), _) => Some(children),
            (None, Some(play_all)) => {
                let before = node.state.bind(self.py);
                let children = self.call_play_all(play_all, before, list)?;
                Some(node.children.get_or_init(|| children))
            }
            (None, None) => None,
        };
        if let Some(children) = children {
            let made_by = node.children_from.get();
            let state = self
                .kept_item(children.bind(self.py), index, made_by, "state")?
                .unbind();
            let child = self.node(state, ply);
            if let Some(leaf_all) = &self.fast.leaf_all {
                if node.child_leaves.get().is_some() || ply >= self.leaf_ply.get() {
                    // The children are leaves (most likely): one call values them all.
                    let leaves = match node.child_leaves.get() {
                        Some(leaves) => leaves,
                        None => {
                            let leaves = self.call_leaf_all(leaf_all, children)?;
                            node.child_leaves.get_or_init(|| leaves)
                        }
                    };
                    let item = self.kept_item(leaves.bind(self.py), index, "leaf_all", "pair")?;
                    child.value.set(Some(self.leaf_of("leaf_all", &item)?));
                }
            }
            return Ok(child);
        }
        let mv = self.kept_item(list, mv, node.moves_from.get(), "move")?;
        let before = node.state.bind(self.py);
        let snapshot = self.snapshot(before);
        let state = self.play.call1((before, mv))?.unbind();
        self.check_unchanged("play", "play(state, move)", before, snapshot)?;
        Ok(self.node(state, ply))
    }

    /// Calls `play_all(state, moves)`: the list of the states after each move, in order.
    fn call_play_all(
        &self,
        play_all: &Bound<'py, PyAny>,
        before: &Bound<'py, PyAny>,
        moves: &Bound<'py, PyList>,
    ) -> PyResult<Py<PyList>> {
        let snapshot = self.snapshot(before);
        let given = moves.len();
        let out = play_all.call1((before, moves))?;
        self.check_unchanged("play_all", "play_all(state, moves)", before, snapshot)?;
        self.check_list_kept("play_all", "play_all(state, moves)", moves, given, "move")?;
        self.batch("play_all", &out, given, ("state", "move"))
    }

    /// Calls `leaf_all(children)`: the list of the pairs `leaf` would return for each child.
    fn call_leaf_all(
        &self,
        leaf_all: &Bound<'py, PyAny>,
        children: &Py<PyList>,
    ) -> PyResult<Py<PyList>> {
        let children = children.bind(self.py);
        let given = children.len();
        let out = leaf_all.call1((children,))?;
        self.check_list_kept("leaf_all", "leaf_all(states)", children, given, "state")?;
        self.batch("leaf_all", &out, given, ("pair", "state"))
    }

    /// Raises the error for a `method` that changed the length of the list of `what`s it
    /// was given (`list`, which held `given` items before the call): the search keeps the
    /// list (the moves, or the children `play_all` or `expand_all` made) and reads it again.
    #[inline]
    fn check_list_kept(
        &self,
        method: &str,
        call: &str,
        list: &Bound<'py, PyList>,
        given: usize,
        what: &str,
    ) -> PyResult<()> {
        let now = list.len();
        if now == given {
            return Ok(());
        }
        Err(gametree_error(format!(
            "{}.{method} changed the list of {what}s it was given ({given} {what}s before the \
             call, {now} after): {call} must leave the list unchanged (the search reads it \
             again)",
            self.name
        )))
    }

    /// Item `index` of `list`, a list of `what`s that `method` returned and the search
    /// kept: the error that names the list if it has changed since (a game that keeps the
    /// lists it returns and empties them later), rather than a bare `IndexError`.
    #[inline]
    fn kept_item(
        &self,
        list: &Bound<'py, PyList>,
        index: u32,
        method: &str,
        what: &str,
    ) -> PyResult<Bound<'py, PyAny>> {
        list.get_item(index as usize).map_err(|_| {
            gametree_error(format!(
                "{}: the list of {what}s {}.{method} returned has changed since (it holds {} \
                 {what}s now, the search asked for {what} {}): play must return a new state \
                 and leave the state it is given, and the lists the game's methods return, \
                 unchanged",
                self.name,
                self.name,
                list.len(),
                index + 1
            ))
        })
    }

    /// The list a batch `method` returned (`out`), checked to hold one `item` per `per`
    /// (`want` of them): a `TypeError` naming the method for anything but a list, a
    /// [`gametree_error`] for a list of another length.
    fn batch(
        &self,
        method: &str,
        out: &Bound<'py, PyAny>,
        want: usize,
        (item, per): (&str, &str),
    ) -> PyResult<Py<PyList>> {
        let list = self.as_move_list(method, out).map_err(|_| {
            PyTypeError::new_err(format!(
                "{}.{method} returned {}, expected a list of {item}s (one per {per})",
                self.name,
                type_name(out)
            ))
        })?;
        let got = list.bind(self.py).len();
        if got != want {
            return Err(gametree_error(format!(
                "{}.{method} returned {got} {item}s for {want} {per}s, expected one {item} per \
                 {per}",
                self.name
            )));
        }
        Ok(list)
    }

    /// Raises the error for a `method` that changed the state it was given (`before`), if
    /// `snapshot` (a copy taken before the call) no longer equals it.
    #[inline]
    fn check_unchanged(
        &self,
        method: &str,
        call: &str,
        before: &Bound<'py, PyAny>,
        snapshot: Option<Bound<'py, PyAny>>,
    ) -> PyResult<()> {
        match snapshot {
            None => Ok(()),
            Some(copy) => self.compare_snapshot(method, call, before, copy),
        }
    }

    /// [`PyGame::check_unchanged`] for a call that was checked (out of the hot path).
    #[cold]
    #[inline(never)]
    fn compare_snapshot(
        &self,
        method: &str,
        call: &str,
        before: &Bound<'py, PyAny>,
        copy: Bound<'py, PyAny>,
    ) -> PyResult<()> {
        if !before.eq(&copy).unwrap_or(true) {
            return Err(gametree_error(format!(
                "{}.{method} changed the state it was given: {call} must return a new state \
                 and leave `state` unchanged (the search comes back to it for its next move)",
                self.name
            )));
        }
        Ok(())
    }

    /// For the first [`PLAY_CHECKS`] calls of `play`: a deep copy of `state` that compares
    /// equal to it, so that a change `play` makes to `state` can be seen (`None` when the
    /// state cannot be copied or compared by value, as for a class without `__eq__`).
    #[inline]
    fn snapshot(&self, state: &Bound<'py, PyAny>) -> Option<Bound<'py, PyAny>> {
        if self.play_checks.get() == 0 {
            return None;
        }
        self.take_snapshot(state)
    }

    /// [`PyGame::snapshot`] for a call that is checked (out of the hot path).
    #[cold]
    #[inline(never)]
    fn take_snapshot(&self, state: &Bound<'py, PyAny>) -> Option<Bound<'py, PyAny>> {
        let left = self.play_checks.get();
        self.play_checks.set(left - 1);
        let copy = self.deepcopy.as_ref()?.call1((state,)).ok()?;
        state.eq(&copy).ok()?.then_some(copy)
    }

    /// The move object at index `mv` of `node`'s moves.
    fn move_object(&self, node: &PyNode, mv: u32) -> Option<Bound<'py, PyAny>> {
        let list = node.moves.get()?;
        list.bind(self.py).get_item(mv as usize).ok()
    }

    /// Runs `searcher` from `initial()` and converts the result (the first stored error
    /// first).
    fn search(
        &self,
        searcher: Searcher,
        request: &SearchSpec,
        start: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<SearchOutcome> {
        let root = match start {
            Some(state) => self.node(state.clone().unbind(), 0),
            None => self.initial(),
        };
        if let Some(e) = self.error.borrow_mut().take() {
            return Err(e);
        }
        let start = Instant::now();
        let config = Config {
            limits: request.limits.at(start, Some(self.stop)),
            trace: request.trace,
            ..Config::default()
        };
        let mcts = MctsConfig::default();
        let result = if request.iterative {
            AnyGame::run_iterative(searcher, self, self, &root, &config, &mcts)
        } else {
            AnyGame::run(searcher, self, self, &root, &config, &mcts)
        };
        if let Some(e) = self.error.borrow_mut().take() {
            return Err(e);
        }
        let result = result.map_err(|e| self.search_error(searcher, request, e))?;
        let outcome = self.outcome_of(searcher, &root, &result, request.trace);
        if let Some(e) = self.error.borrow_mut().take() {
            return Err(e);
        }
        Ok(outcome)
    }

    fn search_error(&self, searcher: Searcher, request: &SearchSpec, e: SearchError) -> PyErr {
        match e {
            SearchError::Stopped(reason, stats) => {
                let option = match reason {
                    StopReason::NodeLimit => "nodes",
                    StopReason::Deadline | StopReason::Interrupted => "time_ms",
                };
                if request.iterative {
                    gametree_error(format!(
                        "the {reason} stopped {searcher} after {} nodes, before depth 1 \
                         completed; raise {option}",
                        stats.nodes
                    ))
                } else {
                    gametree_error(format!(
                        "the {reason} stopped {searcher} after {} nodes, before the search \
                         finished; raise {option}, or use iterative=True to get the last \
                         completed depth",
                        stats.nodes
                    ))
                }
            }
            e @ SearchError::OutOfMemory { .. } => {
                PyMemoryError::new_err(format!("{}: {e}", self.name))
            }
            other => from_search_error(other),
        }
    }

    fn outcome_of(
        &self,
        searcher: Searcher,
        root: &PyState,
        r: &SearchResult<u32>,
        trace: bool,
    ) -> SearchOutcome {
        let report = SearchReport::of(searcher.name(), self, root, r, MoveStyle::Notation, trace);
        // The principal variation as the move objects, replayed from the root.
        let mut pv = Vec::with_capacity(r.pv.len());
        let mut node = root.clone();
        for &mv in &r.pv {
            let _ = self.move_list(&node);
            match self.move_object(&node, mv) {
                Some(obj) => pv.push(obj.unbind()),
                None => break,
            }
            node = self.play(&node, mv);
        }
        SearchOutcome {
            report,
            best_move: pv.first().map(|m| m.clone_ref(self.py)),
            pv,
        }
    }
}

/// Appends to `out` the one move a search needs to unwind through a state that is not
/// terminal once an error has stopped it (the move leads to a neutral state), if there is
/// memory for it ([`Game::moves`] keeps room for one).
fn unwind_move(out: &mut Vec<u32>) {
    if out.try_reserve(1).is_ok() {
        out.push(0);
    }
}

/// The bounds in words, for messages.
fn bounds_text(b: &Bounds) -> String {
    let mut parts = Vec::new();
    if let Some(l) = b.lower {
        parts.push(format!("lower {l}"));
    }
    if let Some(m) = b.maxsum {
        parts.push(format!("maxsum {m}"));
    }
    if b.constant_sum {
        parts.push("constant sum".to_string());
    }
    if parts.is_empty() {
        parts.push("none declared".to_string());
    }
    parts.join(", ")
}

impl Game for PyGame<'_> {
    type State = PyState;
    type Move = u32;

    fn players(&self) -> usize {
        self.players
    }

    fn initial(&self) -> PyState {
        if self.stopping() {
            return self.neutral_node(0);
        }
        match self.initial.call0() {
            Ok(state) => self.node(state.unbind(), 0),
            Err(e) => {
                self.fail(e);
                self.neutral_node(0)
            }
        }
    }

    fn to_move(&self, state: &PyState) -> Player {
        if let Some(p) = state.player.get() {
            return p;
        }
        if !matches!(self.moves_from(state), MovesFrom::Moves) && state.moves.get().is_none() {
            // `expand` (or `expand_all`) tells the player with the moves, which the search
            // asks for next.
            let _ = self.move_list(state);
            if let Some(p) = state.player.get() {
                return p;
            }
        }
        if self.stopping() {
            return Player::new(0);
        }
        match self.call_to_move(state) {
            Ok(p) => {
                state.player.set(Some(p));
                p
            }
            Err(e) => {
                self.fail(e);
                Player::new(0)
            }
        }
    }

    fn moves(&self, state: &PyState, out: &mut Vec<u32>) {
        let said_inner = matches!(state.value.get(), Some(Leaf::Evaluated(_)));
        let n = self
            .move_list(state)
            .map_or(0, |list| list.bind(self.py).len());
        if n == 0 && said_inner {
            // `leaf` said the state has moves (so the search expands it), and now it has
            // none: the search needs one move to unwind through (to a neutral state).
            if !self.stopping() {
                self.fail(gametree_error(format!(
                    "{}.leaf said a state has moves, and {} returned none for it: a state \
                     is terminal exactly when it has no moves",
                    self.name,
                    state.moves_from.get()
                )));
            }
            unwind_move(out);
            return;
        }
        // The search keeps the moves of every state on its line in `out`: a game with
        // millions of moves per state fills the memory within a few hundred plies. Reserved
        // fallibly (a comparison when there is room), so that it ends in `MemoryError`
        // rather than an abort of the interpreter; with one more than the moves, so that
        // the one move the search unwinds through after a failure needs no memory.
        if n > 0 && out.try_reserve(n + 1).is_err() {
            self.out_of_memory(state, n, out.len());
            unwind_move(out);
            return;
        }
        // A list longer than u32::MAX cannot be built in memory.
        out.extend(0..n as u32);
    }

    fn play(&self, state: &PyState, mv: u32) -> PyState {
        if self.stopping() {
            return self.neutral_node(state.ply + 1);
        }
        self.call_play(state, mv).unwrap_or_else(|e| {
            self.fail(e);
            self.neutral_node(state.ply + 1)
        })
    }

    fn outcome(&self, state: &PyState) -> Option<Scores> {
        match state.value.get() {
            Some(Leaf::Terminal(v)) => return Some(v),
            Some(Leaf::Evaluated(_)) => return None,
            None => {}
        }
        if let Some(leaf) = &self.fast.leaf {
            if state.moves.get().is_none() && state.ply >= self.leaf_ply.get() {
                // As deep as the search last evaluated: most likely a leaf, whose outcome
                // or evaluation one call of `leaf` gives.
                if !self.may_call() {
                    return Some(self.neutral);
                }
                return match self.call_leaf(leaf, state) {
                    Ok(value) => {
                        state.value.set(Some(value));
                        match value {
                            Leaf::Terminal(v) => Some(v),
                            Leaf::Evaluated(_) => None,
                        }
                    }
                    Err(e) => {
                        self.fail(e);
                        Some(self.neutral)
                    }
                };
            }
        }
        let Some(list) = self.move_list(state) else {
            return Some(self.neutral);
        };
        if !list.bind(self.py).is_empty() {
            return None;
        }
        if let Some(Leaf::Terminal(v)) = state.value.get() {
            // `expand` gave the outcome.
            return Some(v);
        }
        if self.stopping() {
            return Some(self.neutral);
        }
        let value = self
            .outcome
            .call1((state.state.bind(self.py),))
            .and_then(|out| self.scores("outcome", &out));
        let value = value.unwrap_or_else(|e| {
            self.fail(e);
            self.neutral
        });
        state.value.set(Some(Leaf::Terminal(value)));
        Some(value)
    }

    fn move_name(&self, state: &PyState, mv: u32) -> String {
        let _ = self.move_list(state);
        self.move_object(state, mv)
            .and_then(|m| m.repr().ok())
            .map(|r| r.to_string())
            .unwrap_or_else(|| format!("#{mv}"))
    }
}

/// Hashes for the tournament's generic code, which asks for [`Zobrist`] (for the tables of
/// `:table=` engines): a game written in Python has no hash key of its states, so every
/// state says it cannot be a transposition ([`Zobrist::may_transpose`] is `false`), and a
/// table of value vectors neither probes nor fills an entry for any of them: a table could
/// only stay empty, never give a value. (A tournament on a Python game refuses `:table=`
/// engines before it starts, so no table is even allocated; `hash` is never read.)
impl Zobrist for PyGame<'_> {
    fn hash(&self, _state: &PyState) -> u64 {
        0
    }

    fn may_transpose(&self, _state: &PyState) -> bool {
        false
    }
}

impl Evaluator<PyGame<'_>> for PyGame<'_> {
    fn evaluate(&self, _game: &PyGame<'_>, state: &PyState) -> Scores {
        // The depth at which the search values states: the next state this deep is asked
        // `leaf` first.
        self.leaf_ply.set(state.ply);
        if let Some(Leaf::Evaluated(v)) = state.value.get() {
            return v;
        }
        if self.stopping() {
            return self.neutral;
        }
        let value = if let Some(evaluate) = &self.evaluate {
            evaluate
                .call1((state.state.bind(self.py),))
                .and_then(|out| self.scores("evaluate", &out))
        } else if let Some(leaf) = &self.fast.leaf {
            self.call_leaf(leaf, state).and_then(|value| match value {
                Leaf::Evaluated(v) => Ok(v),
                Leaf::Terminal(_) => Err(gametree_error(format!(
                    "{}.leaf said a state is terminal, and {} returned moves for it: a \
                     state is terminal exactly when it has no moves",
                    self.name,
                    state.moves_from.get()
                ))),
            })
        } else {
            Err(PyTypeError::new_err(format!(
                "{} has no method evaluate, which a depth-limited search needs (a game \
                 written in Python has {PROTOCOL})",
                self.name
            )))
        };
        value.unwrap_or_else(|e| {
            self.fail(e);
            self.neutral
        })
    }

    fn bounds(&self, _game: &PyGame<'_>) -> Bounds {
        self.bounds
    }
}
