//! `gametree.compare`: a decided comparison of two engines ([`gametree_run::compare`]) on a
//! game of the registry or on a game written in Python, returning a
//! `gametree.ComparisonResult` (a dict of the fields of `gametree compare --json` that
//! prints the decision first, then the evidence).
//!
//! A game of the registry is compared as `gametree compare` compares it
//! ([`tournament_job::compare_on`]: each batch of games on a pool of threads, the GIL
//! released). A game written in Python is compared by the same loop
//! ([`compare_by`]), its batches played on the thread that holds the GIL
//! ([`play_games_here_with`] over the adapter of [`crate::pygame`]), so the same games and
//! the same decision as the same game written in Rust.

use gametree::search::AnyGame;
use gametree::Game as _;
use gametree_run::compare::{compare_by, compare_table, CompareConfig, Comparison};
use gametree_run::input;
use gametree_run::tournament::{play_games_here_with, MAX_GAMES};
use gametree_run::tournament_job;
use gametree_run::verdict::Claim;
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::api_convert::{to_py, Int};
use crate::api_error::{from_anyhow, from_run_error, gametree_error};
use crate::api_interrupt::run_interruptible;
use crate::api_misc::{checked, MAX_PLIES};
use crate::api_tournament::{
    adapter_for, check_python, outside_move, refuse_outside, OutsidePlayer, Seats, Target,
};
use crate::pygame::{with_adapter, Protocol};

/// Decides a claim about engine `a` against engine `b` on `game`, as `gametree compare`
/// does, and returns a `gametree.ComparisonResult`: a dict with the fields of `gametree
/// compare --json` (`decision`, `verdict`, `p_value`, `games`, the groups and the games'
/// tournament) that prints the decision first, then the evidence (as HTML in a notebook).
///
/// The engines play in groups (one seeded opening in every seat assignment of the two)
/// until a sequential test decides or `max_games` is reached; `claim` is `"beats"` (a's
/// win rate above one half), `"at-least-as-good"` or `"about-equal"`, and `alpha` bounds the
/// probability of a wrong decision. The decision is `agrees`, `disagrees`, `absent` (an
/// effect of the size looked for is ruled out) or `undecided`.
///
/// `game` is a game of the registry (a spec, or a `gametree.Game` of one) or a game written
/// in Python (the protocol object, or a `gametree.Game` wrapping one). `a` and `b` are
/// engine texts (`"maxn@n5000"`); `depth`, `nodes` or `time_ms` is the budget of an engine
/// without its own (depth 3 by default; `clock="cpu"`: processor time). A game of the
/// registry plays each batch of games on `threads` threads with the GIL released, and
/// Ctrl-C raises `KeyboardInterrupt` once the comparison ends. A game written in Python
/// plays its games one after the other on the thread that holds the GIL (`threads` above
/// 1 is refused; several processes are not offered); Ctrl-C stops it within a second with
/// `KeyboardInterrupt`, and an exception raised by the game's methods is raised as it is.
///
/// On a game written in Python, `a` or `b` may be a player from outside (a callable of a
/// state that returns one of its moves: `gametree.openspiel.bot(...)`, say), as in
/// `gametree.tournament`.
#[pyfunction]
#[pyo3(signature = (game, a, b, claim="beats", depth=None, nodes=None, time_ms=None,
                    max_games=Int(800), opening_plies=Int(3), seed=Int(1), max_plies=None,
                    alpha=0.05, threads=None, clock=None))]
#[expect(
    clippy::too_many_arguments,
    reason = "the keywords of the Python function, one argument each"
)]
pub fn compare(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    a: &Bound<'_, PyAny>,
    b: &Bound<'_, PyAny>,
    claim: &str,
    depth: Option<Int>,
    nodes: Option<Int>,
    time_ms: Option<Int>,
    max_games: Int,
    opening_plies: Int,
    seed: Int,
    max_plies: Option<Int>,
    alpha: f64,
    threads: Option<Int>,
    clock: Option<&str>,
) -> PyResult<Py<PyAny>> {
    let claim = claim_of(claim)?;
    let pair = PyList::new(py, [a, b])?;
    let Seats {
        texts,
        engines,
        outside,
    } = Seats::of(py, Some(pair.as_any()), depth, nodes, time_ms, clock)?;
    let names = (!outside.is_empty()).then(|| {
        [0, 1].map(|i| match outside.iter().find(|p| p.index == i) {
            Some(p) => p.name.clone(),
            None => engines[i].name(),
        })
    });
    let config = CompareConfig {
        max_games: checked("max_games", max_games, 1, MAX_GAMES as i128)? as usize,
        opening_plies: checked("opening_plies", opening_plies, 0, MAX_PLIES.into())? as usize,
        seed: checked("seed", seed, 0, u64::MAX.into())?,
        max_plies: match max_plies {
            None => None,
            Some(m) => Some(checked("max_plies", m, 0, u32::MAX.into())? as usize),
        },
        alpha,
        progress: false,
        threads: match threads {
            None => None,
            Some(t) => Some(checked("threads", t, 1, 256)? as usize),
        },
        names,
        ..CompareConfig::new(claim, engines[0], engines[1])
    };
    let result = match Target::of(game)? {
        Target::Spec(spec) => {
            refuse_outside(&spec, &outside)?;
            input::check_game(&spec, None).map_err(from_run_error)?;
            run_interruptible(py, 0, |_| {
                tournament_job::compare_on(&spec, &texts, &config)
            })?
            .map_err(from_anyhow)?
        }
        Target::Python(object) => python_compare(py, object.bind(py), &config, &outside)?,
    };
    let fields = to_py(py, &result)?;
    let class = py
        .import("gametree._results")?
        .getattr("ComparisonResult")?;
    Ok(class.call1((fields, compare_table(&result)))?.unbind())
}

/// The claim of the keyword `claim`: one of the words `gametree compare --claim` takes.
fn claim_of(word: &str) -> PyResult<Claim> {
    match word {
        "beats" => Ok(Claim::Beats),
        "at-least-as-good" => Ok(Claim::AtLeastAsGood),
        "about-equal" => Ok(Claim::AboutEqual),
        other => Err(gametree_error(format!(
            "claim={other:?}: expected \"beats\", \"at-least-as-good\" or \"about-equal\""
        ))),
    }
}

/// Decides `config` on `game`, a game written in Python: [`compare_by`], each batch of
/// games played on the thread that holds the GIL by [`play_games_here_with`]. Raises the
/// first exception a game method raised, `KeyboardInterrupt` on Ctrl-C, a `GametreeError`
/// for a configuration the game cannot play.
pub fn python_compare(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    config: &CompareConfig,
    outside: &[OutsidePlayer],
) -> PyResult<Comparison> {
    let tournament = config.tournament(1);
    check_python(&tournament)?;
    let adapter = adapter_for(&tournament, Protocol::read(game)?);
    with_adapter(py, game, adapter, move |g| {
        let decided = compare_by(g.name(), g.players(), config, |t, which| {
            play_games_here_with::<AnyGame, _, _>(
                g,
                g,
                t,
                which,
                &mut || g.interrupted(),
                &mut |engine, state| outside_move(g, outside, engine, state),
            )
        });
        if let Some(e) = g.take_error() {
            return Err(e);
        }
        decided.map_err(gametree_error)
    })
}
