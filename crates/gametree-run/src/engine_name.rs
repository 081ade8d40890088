//! Engine names as `gametree tournament --engines` reads them (docs/tournament.md):
//! `SEARCHER[@BUDGET][:OPTION=VALUE]...`.
//!
//! - `SEARCHER` is a name of `gametree list` (`maxn`, `brs-plus`, `mcts`, ...), or `engine`:
//!   the game's default engine, given by the caller (see
//!   `gametree_games::registry::Playable::default_engine`).
//! - `@BUDGET` is `@dDEPTH`, `@nNODES`, `@tMILLISECONDS` (wall-clock time),
//!   `@cMILLISECONDS` (the searching thread's processor time, [`MoveBudget::CpuTime`]: what a
//!   time budget should be on a shared or loaded machine) or, for MCTS alone,
//!   `@iITERATIONS` ([`MoveBudget::Iterations`]); without it the caller's default budget
//!   applies.
//! - Each `:OPTION=VALUE` sets one [`EngineOptions`] field:
//!   - `cutoff=PLIES` (MCTS only, 1 to [`MAX_CUTOFF`]): playouts stop after that many plies
//!     and the evaluator values the position they reached, so random playouts on big
//!     boards do not run to the game's ply cap;
//!   - `table=MIB` (`maxn` and `speculative` only, 1 to [`MAX_TABLE_MIB`]): a table of exact
//!     value vectors of that many MiB, kept for the whole game (`speculative@t20:table=16`);
//!   - `worlds=W` (any searcher that runs on any game, 1 to [`MAX_WORLDS`]): the engine
//!     plays by perfect-information Monte Carlo with `W` sampled worlds per move, seeing
//!     only what the player to move may see (games with hidden information only: the
//!     tournament refuses it on others);
//!   - `seed=K` (MCTS and `worlds` engines, 0 to 4294967295): a random stream of the
//!     engine's own, mixed into each move's seed, so `mcts@n500:seed=1` and
//!     `mcts@n500:seed=2` are equally strong and play differently.
//!
//!   - the search-policy options of MCTS ([`PolicyOptions`]): `reward=scaled|win|rank`,
//!     `c=C` (the exploration constant), `backup=maxn|paranoid|brs|min-reply`, `ph=W`
//!     (Progressive History) and `solver=standard|paranoid|first-winner`
//!     (`mcts@n20000:reward=rank:c=0.4:ph=5`).
//!   - `forced=evaluator-first|ordered` (`brs-plus` only; `brs+` is read as `brs-plus`):
//!     how the opponents who do not reply choose their move
//!     ([`gametree::search::best_reply::ForcedMoves`]; `brs-plus@n5000:forced=ordered`).
//!
//!   Unknown options, repeated options and options the searcher does not take are refused.
//!
//! [`Engine::name`] prints an engine in this form, and parsing it gives the engine back.

use gametree::search::{Searcher, UnknownAlgorithm};

pub use crate::engine::MAX_CUTOFF;
use crate::engine::{out_of_range, Engine, EngineOptions, MoveBudget, MAX_TIME_MS};
#[cfg(doc)]
use crate::engine::{MAX_TABLE_MIB, MAX_WORLDS};
use crate::engine_policy::{PolicyOptions, POLICY_KEYS};
use crate::stack::MAX_PLIES;

/// Why an engine name cannot be read. Every message starts with the name itself.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EngineNameError {
    /// The searcher is not a name of `gametree list` (nor `engine` where a default exists).
    /// (The unknown name is a field, not an error source, so that a front printing the
    /// chain of sources says it once.)
    #[error("engine `{text}`: {unknown}")]
    UnknownSearcher {
        /// The whole name.
        text: String,
        /// The searcher part, unknown.
        unknown: UnknownAlgorithm,
    },
    /// The budget is not `@dDEPTH`, `@nNODES`, `@tMILLISECONDS` or `@cMILLISECONDS`, or its
    /// number is out of range.
    #[error("engine `{text}`: {problem}")]
    BadBudget {
        /// The whole name.
        text: String,
        /// What is wrong.
        problem: String,
    },
    /// An option that does not exist, is repeated, has a bad value or does not apply to
    /// the searcher.
    #[error("engine `{text}`: {problem}")]
    BadOption {
        /// The whole name.
        text: String,
        /// What is wrong.
        problem: String,
    },
}

/// Reads the engine name `text` (`mcts@t200:cutoff=10`): the searcher, the budget
/// (`default` when the name has none) and the options. `engine` stands for `default_engine`
/// when it is given and is refused otherwise.
pub fn parse_engine(
    text: &str,
    default: MoveBudget,
    default_engine: Option<Searcher>,
) -> Result<Engine, EngineNameError> {
    let mut parts = text.split(':');
    let head = parts.next().unwrap_or_default();
    let (name, budget_text) = match head.split_once('@') {
        None => (head, None),
        Some((name, b)) => (name, Some(b)),
    };
    let algorithm: Searcher = match (name.trim(), default_engine) {
        ("engine", Some(s)) => s,
        (n, _) => n
            .parse()
            .map_err(|unknown| EngineNameError::UnknownSearcher {
                text: text.to_string(),
                unknown,
            })?,
    };
    let budget = match budget_text {
        None => default,
        Some(b) => parse_budget(b).map_err(|e| EngineNameError::BadBudget {
            text: text.to_string(),
            problem: e.to_string(),
        })?,
    };
    let bad = |problem| EngineNameError::BadOption {
        text: text.to_string(),
        problem,
    };
    let mut options = EngineOptions::default();
    let mut policy = PolicyOptions::default();
    for option in parts {
        let policy_set = option
            .split_once('=')
            .and_then(|(key, value)| policy.set(key, value));
        match policy_set {
            Some(r) => r.map_err(bad)?,
            None => set_option(&mut options, option).map_err(bad)?,
        }
    }
    if let Some(problem) = options
        .misfit(algorithm)
        .or_else(|| policy.misfit(algorithm))
    {
        return Err(bad(problem));
    }
    Ok(Engine {
        algorithm,
        budget,
        options,
        policy,
    })
}

/// Why a budget cannot be read ([`parse_budget`]). Every message names the budget as
/// given, its form's letter included (`bad time budget `tx``, never `x`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BudgetError {
    /// The text starts with none of the forms' letters.
    #[error(
        "the budget is `@dDEPTH`, `@nNODES` or `@tMILLISECONDS` (`@cMILLISECONDS`: processor time; `@iITERATIONS`: MCTS iterations)"
    )]
    UnknownForm,
    /// The form's letter is not followed by a whole number.
    #[error("bad {what} `{text}`: expected `{form}`, a whole number after `{letter}`")]
    NotANumber {
        /// What the letter asks for: "depth", "time budget", ...
        what: &'static str,
        /// The budget as given.
        text: String,
        /// The form, `tMILLISECONDS`.
        form: &'static str,
        /// The form's letter.
        letter: char,
    },
    /// A whole number out of the form's range (the message states the range).
    #[error("{0}")]
    OutOfRange(String),
}

/// Reads a budget without its `@`: `dDEPTH`, `nNODES`, `tMILLISECONDS` (`t20`, wall-clock
/// time), `cMILLISECONDS` (`c20`, processor time of the searching thread) or `iITERATIONS`
/// (`i200`, MCTS's iterations), with the ranges of an engine's budget; the error says what
/// is wrong, naming the whole budget. Whether the budget fits the engine's searcher is
/// checked with its options ([`Engine::check_settings`]).
pub fn parse_budget(b: &str) -> Result<MoveBudget, BudgetError> {
    let Some(letter) = b.chars().next() else {
        return Err(BudgetError::UnknownForm);
    };
    let (what, form) = match letter {
        'd' => ("depth", "dDEPTH"),
        'n' => ("node budget", "nNODES"),
        't' => ("time budget", "tMILLISECONDS"),
        'c' => ("processor time budget", "cMILLISECONDS"),
        'i' => ("iteration budget", "iITERATIONS"),
        _ => return Err(BudgetError::UnknownForm),
    };
    let digits = &b[letter.len_utf8()..];
    let range = |message: String| BudgetError::OutOfRange(message);
    let time_range = || range(format!("the {what} must be 1 to {MAX_TIME_MS} ms",));
    let n = match digits.parse::<u64>() {
        Ok(n) => n,
        // All digits, too many of them: out of every range.
        Err(_) if !digits.is_empty() && digits.bytes().all(|c| c.is_ascii_digit()) => {
            return Err(match letter {
                'd' => range(format!("the depth must be at most {MAX_PLIES}")),
                'n' => range(format!("the node budget must be at most {}", u64::MAX)),
                'i' => range(format!("the iteration budget must be at most {}", u64::MAX)),
                _ => time_range(),
            })
        }
        Err(_) => {
            return Err(BudgetError::NotANumber {
                what,
                text: b.to_string(),
                form,
                letter,
            })
        }
    };
    Ok(match letter {
        'd' if n == 0 => return Err(range("the depth must be at least 1".into())),
        'd' if n > MAX_PLIES => {
            return Err(range(format!("the depth must be at most {MAX_PLIES}")))
        }
        'd' => MoveBudget::Depth(n as u32),
        'n' if n == 0 => return Err(range("the node budget must be at least 1".into())),
        'n' => MoveBudget::Nodes(n),
        'i' if n == 0 => return Err(range("the iteration budget must be at least 1".into())),
        'i' => MoveBudget::Iterations(n),
        _ if n == 0 || n > MAX_TIME_MS => return Err(time_range()),
        't' => MoveBudget::Time(n),
        _ => MoveBudget::CpuTime(n),
    })
}

/// Reads one `KEY=VALUE` option into `options`: the key must exist, be given once and
/// have a number for its value. Whether the options fit the searcher and their ranges are
/// checked once all are read ([`EngineOptions::misfit`]).
fn set_option(options: &mut EngineOptions, option: &str) -> Result<(), String> {
    let Some((key, value)) = option.split_once('=') else {
        return Err(format!(
            "option `{option}` is not KEY=VALUE (the options are `:cutoff=PLIES`, `:table=MIB`, `:worlds=W`, `:seed=K` and {POLICY_KEYS})"
        ));
    };
    let given = match key {
        "cutoff" => options.cutoff.is_some(),
        "table" => options.table.is_some(),
        "worlds" => options.worlds.is_some(),
        "seed" => options.seed.is_some(),
        _ => {
            return Err(format!(
                "unknown option `{key}` (the options are `:cutoff=PLIES`, for mcts, `:table=MIB`, for maxn and speculative, `:worlds=W`, `:seed=K`, for mcts and worlds engines, and {POLICY_KEYS})"
            ))
        }
    };
    if given {
        return Err(format!("option `{key}` is given twice"));
    }
    // Beyond u32 is beyond every range: refused with the text as typed.
    let n = value.parse::<u32>().map_err(|_| out_of_range(key, value))?;
    match key {
        "cutoff" => options.cutoff = Some(n),
        "table" => options.table = Some(n),
        "seed" => options.seed = Some(n),
        _ => options.worlds = Some(n as usize),
    }
    Ok(())
}
