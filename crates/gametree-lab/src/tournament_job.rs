//! A tournament as `gametree tournament` plays it, shared by the `gametree` binary and the
//! Python package: engines parsed from their text (`paranoid@d4`), and the tournament played
//! on a game of the registry ([`play`]).

use anyhow::{bail, Context, Result};
use gametree::search::{AnyGame, Dispatch, Needs, Searcher, WithSetToMove};
use gametree::SetToMove;
use gametree_games::registry::{GameVisitor, Kind, Playable};

use crate::search_job::{self, needs_set_to_move};
use crate::shard::{self, Shard, TournamentParams};
use crate::stack::MAX_PLIES;
use crate::tournament::{
    game_count, play_games_with, run_tournament_with, Budget, Engine, GameResult, TournamentConfig,
    TournamentResult, MAX_TIME_MS,
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
    match visit(spec, config, None)? {
        Played::Whole(result) => Ok(result),
        Played::Games(_) => bail!("a whole tournament was asked for"),
    }
}

/// The games one shard of a tournament played (`tournament --shard`): what its part holds.
pub struct ShardGames {
    /// The tournament's parameters, as every part of it must repeat them.
    pub params: TournamentParams,
    /// The indices of the games this shard played, in order.
    pub which: Vec<usize>,
    /// Their results, in the order of `which`.
    pub results: Vec<GameResult>,
}

/// Plays shard `shard` of the tournament `config` on the game `spec`: the games
/// [`shard::tournament_games`] deals it, each with the seed of its own index.
pub fn play_shard(spec: &str, config: &TournamentConfig, shard: Shard) -> Result<ShardGames> {
    match visit(spec, config, Some(shard))? {
        Played::Games(games) => Ok(games),
        Played::Whole(_) => bail!("a shard was asked for"),
    }
}

fn visit(spec: &str, config: &TournamentConfig, shard: Option<Shard>) -> Result<Played> {
    let loaded = search_job::load(None, Some(spec), None)?;
    loaded.visit(TournamentVisitor { config, shard })?
}

/// What the visitor played: the whole tournament, or the games of one shard.
enum Played {
    Whole(TournamentResult),
    Games(ShardGames),
}

/// Plays the tournament (or one shard of its games) on the game the registry built.
struct TournamentVisitor<'a> {
    config: &'a TournamentConfig,
    shard: Option<Shard>,
}

impl TournamentVisitor<'_> {
    fn play<D, G>(self, game: &G) -> Result<Played>
    where
        D: Dispatch<G>,
        G: Playable,
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        let config = self.config;
        match self.shard {
            None => Ok(Played::Whole(run_tournament_with::<D, _, _>(
                game,
                &game.evaluator(),
                &game.spec_text(),
                config,
            )?)),
            Some(s) => {
                let games = game_count::<D, G>(game, config)?;
                let which = shard::tournament_games(games, s);
                let results = play_games_with::<D, _, _>(game, &game.evaluator(), config, &which)?;
                let params = TournamentParams {
                    command: "tournament".into(),
                    game: game.spec_text(),
                    players: game.players(),
                    engines: config.engines.iter().map(|e| e.name()).collect(),
                    openings: config.openings,
                    opening_plies: config.opening_plies,
                    seed: config.seed,
                    max_plies: config.max_plies,
                    bootstrap: config.bootstrap,
                    games,
                };
                Ok(Played::Games(ShardGames {
                    params,
                    which,
                    results,
                }))
            }
        }
    }
}

impl GameVisitor for TournamentVisitor<'_> {
    type Output = Result<Played>;
    fn visit<G: Playable>(self, game: &G, _state: &G::State) -> Result<Played>
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
        self.play::<AnyGame, G>(game)
    }

    fn visit_best_reply<G: Playable + SetToMove>(
        self,
        game: &G,
        _state: &G::State,
    ) -> Result<Played>
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        self.play::<WithSetToMove, G>(game)
    }
}
