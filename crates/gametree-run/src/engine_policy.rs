//! An engine's search-policy options (docs/tournament.md, docs/mcts.md): the MCTS
//! parameters of the papers (`:reward=rank`, `:c=0.4`, `:backup=brs`, `:ph=5`,
//! `:solver=paranoid`, `:playout=epsilon0.1`) written in its name after the budget, like the options of
//! [`crate::engine::EngineOptions`], and turned into the core's
//! [`gametree::search::mcts::MctsConfig`] fields.

use gametree::search::best_reply::{ForcedMoves, Variant};
use gametree::search::mcts::{Backup, MctsConfig, Playout, Reward, Solver, SolverRule};
use gametree::search::Searcher;

/// A nonnegative decimal with at most three places, kept in thousandths (`0.35` is 350), so
/// that options stay `Eq` and print back as typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Milli(pub u32);

/// The largest [`Milli`] an option takes: 1000.
pub const MAX_MILLI: u32 = 1_000_000;

impl Milli {
    /// Reads `0.35`, `5`, `1.414` (at most three decimals, at most 1000).
    pub fn parse(text: &str) -> Option<Milli> {
        let (whole, frac) = match text.split_once('.') {
            Some((w, f)) => (w, f),
            None => (text, ""),
        };
        if whole.is_empty() && frac.is_empty()
            || frac.len() > 3
            || !whole
                .bytes()
                .chain(frac.bytes())
                .all(|b| b.is_ascii_digit())
        {
            return None;
        }
        let w: u32 = if whole.is_empty() {
            0
        } else {
            whole.parse().ok()?
        };
        let f: u32 = if frac.is_empty() {
            0
        } else {
            format!("{frac:0<3}").parse().ok()?
        };
        let v = w.checked_mul(1000)?.checked_add(f)?;
        (v <= MAX_MILLI).then_some(Milli(v))
    }

    /// The value as a number.
    pub fn value(self) -> f64 {
        self.0 as f64 / 1000.0
    }
}

impl std::fmt::Display for Milli {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (w, m) = (self.0 / 1000, self.0 % 1000);
        if m == 0 {
            write!(f, "{w}")
        } else {
            let frac = format!("{m:03}");
            write!(f, "{w}.{}", frac.trim_end_matches('0'))
        }
    }
}

/// An engine's playout option: `random` or `epsilon0.1` (epsilon-greedy with that epsilon,
/// at most three decimals, at most 1), the [`Playout`] of its [`MctsConfig`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayoutOption {
    /// Uniformly random playouts ([`Playout::Random`]).
    Random,
    /// Epsilon-greedy playouts ([`Playout::EpsilonGreedy`]) with this epsilon.
    EpsilonGreedy(Milli),
}

impl PlayoutOption {
    /// Reads `random` or `epsilonE` (E from 0 to 1, at most three decimals).
    pub fn parse(text: &str) -> Option<PlayoutOption> {
        if text == "random" {
            return Some(PlayoutOption::Random);
        }
        let e = Milli::parse(text.strip_prefix("epsilon")?)?;
        (e.0 <= 1000).then_some(PlayoutOption::EpsilonGreedy(e))
    }

    /// The playout of the search.
    pub fn playout(self) -> Playout {
        match self {
            PlayoutOption::Random => Playout::Random,
            PlayoutOption::EpsilonGreedy(e) => Playout::EpsilonGreedy { epsilon: e.value() },
        }
    }
}

impl std::fmt::Display for PlayoutOption {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayoutOption::Random => f.write_str("random"),
            PlayoutOption::EpsilonGreedy(e) => write!(f, "epsilon{e}"),
        }
    }
}

/// The search-policy options of an engine (none by default: the engine's defaults).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PolicyOptions {
    /// `:reward=scaled|win|rank` (MCTS): [`MctsConfig::reward`].
    pub reward: Option<Reward>,
    /// `:c=C` (MCTS): the exploration constant [`MctsConfig::exploration`].
    pub exploration: Option<Milli>,
    /// `:backup=maxn|paranoid|brs|min-reply` (MCTS): [`MctsConfig::backup`].
    pub backup: Option<Backup>,
    /// `:ph=W` (MCTS): Progressive History with weight `W`
    /// ([`MctsConfig::progressive_history`]).
    pub history: Option<Milli>,
    /// `:solver=standard|paranoid|first-winner` (MCTS): the solver on, with that rule.
    pub solver: Option<SolverRule>,
    /// `:playout=random|epsilonE` (MCTS): [`MctsConfig::playout`].
    pub playout: Option<PlayoutOption>,
    /// `:forced=evaluator-first|ordered` (BRS+): how the opponents who do not reply choose
    /// their move ([`ForcedMoves`]; the search configuration's `forced_moves`).
    pub forced: Option<ForcedMoves>,
}

/// The option keys [`PolicyOptions`] reads, as the help of an unknown key lists them.
pub const POLICY_KEYS: &str =
    "`:reward=scaled|win|rank`, `:c=C`, `:backup=maxn|paranoid|brs|min-reply`, `:ph=W`, `:solver=standard|paranoid|first-winner` and `:playout=random|epsilonE` for mcts, `:forced=evaluator-first|ordered` for brs-plus";

impl PolicyOptions {
    /// Reads one `key=value` when `key` is one of these options: `None` when the key is not
    /// one of them, `Some(Err(..))` (one line) when it is given twice or its value is bad.
    pub fn set(&mut self, key: &str, value: &str) -> Option<Result<(), String>> {
        let given = match key {
            "reward" => self.reward.is_some(),
            "c" => self.exploration.is_some(),
            "backup" => self.backup.is_some(),
            "ph" => self.history.is_some(),
            "solver" => self.solver.is_some(),
            "playout" => self.playout.is_some(),
            "forced" => self.forced.is_some(),
            _ => return None,
        };
        if given {
            return Some(Err(format!("option `{key}` is given twice")));
        }
        let bad = |e: String| format!("{key} `{value}`: {e}");
        let milli = || {
            Milli::parse(value).ok_or_else(|| {
                bad("must be a number from 0 to 1000 with at most three decimals".into())
            })
        };
        Some((|| {
            match key {
                "reward" => self.reward = Some(value.parse().map_err(bad)?),
                "c" => self.exploration = Some(milli()?),
                "backup" => self.backup = Some(value.parse().map_err(bad)?),
                "ph" => self.history = Some(milli()?),
                "playout" => {
                    self.playout = Some(PlayoutOption::parse(value).ok_or_else(|| {
                        bad("expected `random` or `epsilonE` with E from 0 to 1 (at most three decimals)".into())
                    })?)
                }
                "forced" => self.forced = Some(value.parse().map_err(bad)?),
                _ => self.solver = Some(value.parse().map_err(bad)?),
            }
            Ok(())
        })())
    }

    /// Whether no option is given.
    pub fn is_empty(&self) -> bool {
        *self == PolicyOptions::default()
    }

    /// Why these options do not fit an engine of `searcher` (one line), or `None`: `forced`
    /// is for BRS+, every other one for MCTS, and the brs backup proves by minimax only.
    pub fn misfit(&self, searcher: Searcher) -> Option<String> {
        if self.forced.is_some() {
            if searcher != Searcher::BestReply(Variant::BrsPlus) {
                return Some(format!(
                    "option `forced` is for brs-plus only, not {}",
                    searcher.name()
                ));
            }
            return PolicyOptions {
                forced: None,
                ..*self
            }
            .misfit(searcher);
        }
        if self.is_empty() || searcher == Searcher::Mcts {
            if self.backup == Some(Backup::Brs) && self.solver == Some(SolverRule::FirstWinner) {
                return Some(
                    "option `solver=first-winner` does not apply to `backup=brs` (the best-reply tree is proved by minimax)".into(),
                );
            }
            return None;
        }
        let key = [
            ("reward", self.reward.is_some()),
            ("c", self.exploration.is_some()),
            ("backup", self.backup.is_some()),
            ("ph", self.history.is_some()),
            ("solver", self.solver.is_some()),
            ("playout", self.playout.is_some()),
        ]
        .into_iter()
        .find(|(_, given)| *given)
        .map_or("", |(k, _)| k);
        Some(format!(
            "option `{key}` is for mcts only, not {}",
            searcher.name()
        ))
    }

    /// The options as the name's suffix, in the order `reward`, `c`, `backup`, `ph`,
    /// `solver`, `playout`, `forced`, those given.
    pub fn suffix(&self) -> String {
        let mut s = String::new();
        if let Some(r) = self.reward {
            s.push_str(&format!(":reward={r}"));
        }
        if let Some(c) = self.exploration {
            s.push_str(&format!(":c={c}"));
        }
        if let Some(b) = self.backup {
            s.push_str(&format!(":backup={b}"));
        }
        if let Some(w) = self.history {
            s.push_str(&format!(":ph={w}"));
        }
        if let Some(r) = self.solver {
            s.push_str(&format!(":solver={r}"));
        }
        if let Some(p) = self.playout {
            s.push_str(&format!(":playout={p}"));
        }
        if let Some(f) = self.forced {
            s.push_str(&format!(":forced={f}"));
        }
        s
    }

    /// `config` with these options applied (the options not given keep its values).
    pub fn apply(&self, config: MctsConfig) -> MctsConfig {
        let config = match self.exploration {
            Some(c) => config.with_exploration(c.value()),
            None => config,
        };

        MctsConfig {
            reward: self.reward.unwrap_or(config.reward),
            backup: self.backup.unwrap_or(config.backup),
            progressive_history: self
                .history
                .map(Milli::value)
                .or(config.progressive_history),
            solver: if self.solver.is_some() {
                Solver::On
            } else {
                config.solver
            },
            solver_rule: self.solver.unwrap_or(config.solver_rule),
            playout: self.playout.map_or(config.playout, PlayoutOption::playout),
            ..config
        }
    }
}
