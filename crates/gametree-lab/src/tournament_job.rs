//! A tournament as `gametree tournament` plays it, shared by the `gametree` binary and the
//! Python package: engines parsed from their text (`paranoid@d4`), and the tournament played
//! on a game of the registry ([`play`]).

use anyhow::{bail, Context, Result};
use gametree::search::{Needs, Searcher, WithSetToMove};
use gametree::SetToMove;
use gametree_games::registry::{GameVisitor, Kind, Playable};

use crate::search_job::{self, needs_set_to_move};
use crate::stack::MAX_PLIES;
use crate::tournament::{
    run_tournament, run_tournament_with, Budget, Engine, TournamentConfig, TournamentResult,
    MAX_TIME_MS,
};

/// An engine from its text: an algorithm name (`gametree list`), optionally with its own
/// budget (`@dDEPTH`, `@nNODES`, `@tMILLISECONDS`); `default` otherwise.
pub fn parse_engine(text: &str, default: Budget) -> Result<Engine> {
    let (name, budget) = match text.split_once('@') {
        None => (text, default),
        Some((name, b)) => {
            let budget = if let Some(d) = b.strip_prefix('d') {
                Budget::Depth(
                    d.parse()
                        .with_context(|| format!("engine `{text}`: bad depth `{d}`"))?,
                )
            } else if let Some(n) = b.strip_prefix('n') {
                Budget::Nodes(
                    n.parse()
                        .with_context(|| format!("engine `{text}`: bad node budget `{n}`"))?,
                )
            } else if let Some(t) = b.strip_prefix('t') {
                Budget::Time(
                    t.parse()
                        .with_context(|| format!("engine `{text}`: bad time budget `{t}`"))?,
                )
            } else {
                bail!("engine `{text}`: the budget is `@dDEPTH`, `@nNODES` or `@tMILLISECONDS`");
            };
            (name, budget)
        }
    };
    let algorithm: Searcher = name.parse()?;
    match budget {
        Budget::Depth(0) => bail!("engine `{text}`: the depth must be at least 1"),
        Budget::Nodes(0) => bail!("engine `{text}`: the node budget must be at least 1"),
        Budget::Time(t) if t == 0 || t > MAX_TIME_MS => {
            bail!("engine `{text}`: the time budget must be 1 to {MAX_TIME_MS} ms")
        }
        Budget::Depth(d) if u64::from(d) > MAX_PLIES => {
            bail!("engine `{text}`: the depth must be at most {MAX_PLIES}")
        }
        _ => {}
    }
    Ok(Engine { algorithm, budget })
}

/// Plays the tournament `config` on the game `spec` (a game of the registry, at its start).
pub fn play(spec: &str, config: &TournamentConfig) -> Result<TournamentResult> {
    let loaded = search_job::load(None, Some(spec), None)?;
    loaded.visit(TournamentVisitor { config })?
}

/// Plays the tournament on the game the registry built.
struct TournamentVisitor<'a> {
    config: &'a TournamentConfig,
}

impl GameVisitor for TournamentVisitor<'_> {
    type Output = Result<TournamentResult>;
    fn visit<G: Playable>(self, game: &G, _state: &G::State) -> Result<TournamentResult>
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        if G::KIND == Kind::Tree {
            bail!("tournaments are played on games, not on trees");
        }
        if let Some(e) = self
            .config
            .engines
            .iter()
            .find(|e| e.algorithm.needs() == Needs::SetToMove)
        {
            return Err(needs_set_to_move(e.algorithm));
        }
        Ok(run_tournament(
            game,
            &game.evaluator(),
            &game.spec_text(),
            self.config,
        )?)
    }

    fn visit_best_reply<G: Playable + SetToMove>(
        self,
        game: &G,
        _state: &G::State,
    ) -> Result<TournamentResult>
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        Ok(run_tournament_with::<WithSetToMove, _, _>(
            game,
            &game.evaluator(),
            &game.spec_text(),
            self.config,
        )?)
    }
}
