//! Engine names as `gametree tournament --engines` reads them (docs/tournament.md):
//! `SEARCHER[@BUDGET][:OPTION=VALUE]...`.
//!
//! - `SEARCHER` is a name of `gametree list` (`maxn`, `brs-plus`, `mcts`, ...), or `engine`:
//!   the game's default engine, given by the caller (see
//!   `gametree_games::registry::Playable::default_engine`).
//! - `@BUDGET` is `@dDEPTH`, `@nNODES`, `@tMILLISECONDS` (wall-clock time) or
//!   `@cMILLISECONDS` (the searching thread's processor time, [`Budget::CpuTime`]: what a
//!   time budget should be on a shared or loaded machine); without it the caller's default
//!   budget applies.
//! - Each `:OPTION=VALUE` sets one [`EngineOptions`] field:
//!   - `cutoff=PLIES` (MCTS only, 1 to [`MAX_CUTOFF`]): playouts stop after that many plies
//!     and the evaluator values the position they reached, so random playouts on big
//!     boards do not run to the game's ply cap;
//!   - `table=MIB` (`maxn` and `speculative` only, 1 to [`MAX_TABLE_MIB`]): a table of exact
//!     value vectors of that many MiB, kept for the whole game (`speculative@t20:table=16`);
//!   - `worlds=W` (any searcher that runs on any game, 1 to [`MAX_WORLDS`]): the engine
//!     plays by perfect-information Monte Carlo with `W` sampled worlds per move, seeing
//!     only what the player to move may see (games with hidden information only: the
//!     tournament refuses it on others).
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

use crate::engine_policy::{PolicyOptions, POLICY_KEYS};
use crate::stack::MAX_PLIES;
pub use crate::tournament::MAX_CUTOFF;
use crate::tournament::{out_of_range, Budget, Engine, EngineOptions, MAX_TIME_MS};
#[cfg(doc)]
use crate::tournament::{MAX_TABLE_MIB, MAX_WORLDS};

/// Why an engine name cannot be read. Every message starts with the name itself.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EngineNameError {
    /// The searcher is not a name of `gametree list` (nor `engine` where a default exists).
    #[error("engine `{text}`: {source}")]
    UnknownSearcher {
        /// The whole name.
        text: String,
        /// The searcher part, unknown.
        source: UnknownAlgorithm,
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
    default: Budget,
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
            .map_err(|source| EngineNameError::UnknownSearcher {
                text: text.to_string(),
                source,
            })?,
    };
    let budget = match budget_text {
        None => default,
        Some(b) => parse_budget(b).map_err(|problem| EngineNameError::BadBudget {
            text: text.to_string(),
            problem,
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

/// Reads a budget without its `@`: `dDEPTH`, `nNODES`, `tMILLISECONDS` (`t20`, wall-clock
/// time) or `cMILLISECONDS` (`c20`, processor time of the searching thread), with the
/// ranges of an engine's budget; the error says what is wrong.
pub fn parse_budget(b: &str) -> Result<Budget, String> {
    let number = |digits: &str, what: &str| -> Result<u64, String> {
        digits
            .parse::<u64>()
            .map_err(|_| format!("bad {what} `{digits}`"))
    };
    let budget = if let Some(d) = b.strip_prefix('d') {
        let d = number(d, "depth")?;
        if d == 0 {
            return Err("the depth must be at least 1".into());
        }
        if d > MAX_PLIES {
            return Err(format!("the depth must be at most {MAX_PLIES}"));
        }
        Budget::Depth(d as u32)
    } else if let Some(n) = b.strip_prefix('n') {
        let n = number(n, "node budget")?;
        if n == 0 {
            return Err("the node budget must be at least 1".into());
        }
        Budget::Nodes(n)
    } else if let Some(t) = b.strip_prefix('t') {
        let t = number(t, "time budget")?;
        if t == 0 || t > MAX_TIME_MS {
            return Err(format!("the time budget must be 1 to {MAX_TIME_MS} ms"));
        }
        Budget::Time(t)
    } else if let Some(t) = b.strip_prefix('c') {
        let t = number(t, "processor time budget")?;
        if t == 0 || t > MAX_TIME_MS {
            return Err(format!(
                "the processor time budget must be 1 to {MAX_TIME_MS} ms"
            ));
        }
        Budget::CpuTime(t)
    } else {
        return Err(
            "the budget is `@dDEPTH`, `@nNODES` or `@tMILLISECONDS` (`@cMILLISECONDS`: processor time)"
                .into(),
        );
    };
    Ok(budget)
}

/// Reads one `KEY=VALUE` option into `options`: the key must exist, be given once and
/// have a number for its value. Whether the options fit the searcher and their ranges are
/// checked once all are read ([`EngineOptions::misfit`]).
fn set_option(options: &mut EngineOptions, option: &str) -> Result<(), String> {
    let Some((key, value)) = option.split_once('=') else {
        return Err(format!(
            "option `{option}` is not KEY=VALUE (the options are `:cutoff=PLIES`, `:table=MIB`, `:worlds=W` and {POLICY_KEYS})"
        ));
    };
    let given = match key {
        "cutoff" => options.cutoff.is_some(),
        "table" => options.table.is_some(),
        "worlds" => options.worlds.is_some(),
        _ => {
            return Err(format!(
                "unknown option `{key}` (the options are `:cutoff=PLIES`, for mcts, `:table=MIB`, for maxn and speculative, `:worlds=W`, and {POLICY_KEYS})"
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
        _ => options.worlds = Some(n as usize),
    }
    Ok(())
}

#[cfg(test)]
mod budget_tests {
    //! The budgets of a name, the processor-time one (`@c`) included.

    use crate::engine_name::{parse_budget, parse_engine};
    use crate::tournament::{Budget, MAX_TIME_MS};

    #[test]
    fn a_processor_time_budget_reads_and_prints_back() {
        let e = parse_engine("maxn@c20:table=4", Budget::Depth(1), None).unwrap();
        assert_eq!(e.budget, Budget::CpuTime(20));
        assert_eq!(e.name(), "maxn@c20:table=4");
        assert_eq!(parse_budget("t20"), Ok(Budget::Time(20)));
        assert_eq!(
            serde_json::to_string(&Budget::CpuTime(20)).unwrap(),
            r#"{"cpu_ms":20}"#
        );
    }

    #[test]
    fn bad_processor_time_budgets_say_what_is_wrong() {
        let range = format!("the processor time budget must be 1 to {MAX_TIME_MS} ms");
        for (text, want) in [
            ("c0", range.clone()),
            (&format!("c{}", MAX_TIME_MS + 1), range),
            (
                "c99999999999999999999",
                "bad processor time budget `99999999999999999999`".into(),
            ),
            ("c", "bad processor time budget ``".into()),
            (
                "x5",
                "the budget is `@dDEPTH`, `@nNODES` or `@tMILLISECONDS` (`@cMILLISECONDS`: processor time)".into(),
            ),
        ] {
            assert_eq!(parse_budget(text), Err(want), "{text}");
        }
    }
}

#[cfg(test)]
mod policy_tests {
    //! The MCTS options of a name (`engine_policy`), read through the name's parser.

    use gametree::search::mcts::{Backup, MctsConfig, Playout, Reward, Solver, SolverRule};
    use gametree::search::{Algorithm, Searcher};

    use crate::engine_name::parse_engine;
    use crate::tournament::Budget;

    #[test]
    fn mcts_policy_options_read_apply_and_print_back() {
        let name = "mcts@n20000:cutoff=10:reward=rank:c=0.4:backup=brs:ph=5:solver=paranoid:playout=epsilon0.15";
        let e = parse_engine(name, Budget::Depth(1), None).unwrap();
        assert_eq!(e.name(), name);
        let m = e.policy.apply(MctsConfig::default());
        assert_eq!(m.reward, Reward::Rank);
        assert_eq!(m.exploration, 0.4);
        assert_eq!(
            m.exploration_from,
            gametree::search::mcts::ExplorationFrom::Config
        );
        assert_eq!(m.backup, Backup::Brs);
        assert_eq!(m.progressive_history, Some(5.0));
        assert_eq!(
            (m.solver, m.solver_rule),
            (Solver::On, SolverRule::Paranoid)
        );
        assert_eq!(m.playout, Playout::EpsilonGreedy { epsilon: 0.15 });

        let random = parse_engine("mcts@n10:playout=random", Budget::Depth(1), None).unwrap();
        assert_eq!(random.name(), "mcts@n10:playout=random");
        assert_eq!(
            random
                .policy
                .apply(MctsConfig {
                    playout: Playout::EpsilonGreedy { epsilon: 0.5 },
                    ..MctsConfig::default()
                })
                .playout,
            Playout::Random
        );
        // Not given: the defaults.
        let plain = parse_engine("mcts@n100", Budget::Depth(1), None).unwrap();
        assert_eq!(
            plain.policy.apply(MctsConfig::default()),
            MctsConfig::default()
        );
    }

    #[test]
    fn brs_plus_forced_moves_read_and_print_back() {
        use gametree::search::best_reply::ForcedMoves;
        for (name, forced) in [
            ("brs-plus@n5000:forced=ordered", ForcedMoves::Ordered),
            (
                "brs-plus@d3:forced=evaluator-first",
                ForcedMoves::EvaluatorFirst,
            ),
        ] {
            let e = parse_engine(name, Budget::Depth(1), None).unwrap();
            assert_eq!(e.name(), name);
            assert_eq!(e.policy.forced, Some(forced));
        }
        // `brs+` is `brs-plus`; without the option, the default (printed as given: none).
        let e = parse_engine("brs+@n10", Budget::Depth(1), None).unwrap();
        assert_eq!(e.name(), "brs-plus@n10");
        assert_eq!(e.policy.forced, None);
    }

    #[test]
    fn bad_policy_options_are_refused_in_one_line() {
        for (name, fragment) in [
            ("mcts@n10:reward=points", "unknown reward `points`"),
            ("mcts@n10:c=-1", "c `-1`"),
            ("mcts@n10:c=0.0001", "at most three decimals"),
            ("mcts@n10:ph=x", "ph `x`"),
            ("mcts@n10:backup=best-reply", "now `min-reply`"),
            ("mcts@n10:solver=last", "unknown solver rule"),
            ("mcts@n10:playout=epsilon1.5", "playout `epsilon1.5`"),
            ("mcts@n10:playout=greedy", "playout `greedy`"),
            ("mcts@n10:reward=win:reward=rank", "given twice"),
            ("maxn@d2:reward=win", "for mcts only, not maxn"),
            (
                "mcts@n10:backup=brs:solver=first-winner",
                "does not apply to `backup=brs`",
            ),
            ("mcts@n10:color=red", "`:reward=scaled|win|rank`"),
            (
                "brs-plus@n10:forced=best",
                "unknown forced-move choice `best`",
            ),
            ("brs@n10:forced=ordered", "for brs-plus only, not brs"),
            ("mcts@n10:forced=ordered", "for brs-plus only, not mcts"),
            ("brs-plus@n10:forced=ordered:forced=ordered", "given twice"),
            (
                "brs-plus@n10:forced=ordered:c=1",
                "for mcts only, not brs-plus",
            ),
        ] {
            let e = parse_engine(name, Budget::Depth(1), None).unwrap_err();
            let text = e.to_string();
            assert!(text.contains(fragment), "{name}: {text}");
            assert!(!text.contains('\n'), "{text}");
        }
        let _ = Searcher::Plain(Algorithm::Maxn);
    }
}
