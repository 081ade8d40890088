//! A tournament as `gametree tournament` plays it, shared by the `gametree` binary and the
//! Python package: engines parsed from their text (`paranoid@d4`), and the tournament played
//! on a game of the registry ([`play`]).

use anyhow::{bail, Result};
use gametree::search::{AnyGame, Dispatch, Needs, Searcher, WithSetToMove};
use gametree::SetToMove;
use gametree_games::registry::{GameVisitor, Kind, Playable};

use crate::engine_name;
use crate::search_job::{self, needs_set_to_move};
use crate::shard::{self, Shard, TournamentParams};
use crate::tournament::{
    game_count, play_games_with, run_tournament_with, Budget, Engine, GameResult, TournamentConfig,
    TournamentResult,
};

/// What `engine` plays on a game without a multi-player default (two-player games): PVS,
/// the search of the two-player engine without its table.
pub const TWO_PLAYER_ENGINE: Searcher = Searcher::Plain(gametree::search::Algorithm::Pvs);

/// An engine from its text (`paranoid@d4`, `mcts@t200:cutoff=10`; see
/// [`crate::engine_name`]), with `default` as its budget when it names none; `engine` reads
/// as [`TWO_PLAYER_ENGINE`] here ([`play`] resolves it per game).
pub fn parse_engine(text: &str, default: Budget) -> Result<Engine> {
    Ok(engine_name::parse_engine(
        text,
        default,
        Some(TWO_PLAYER_ENGINE),
    )?)
}

/// The engines of a tournament as the user named them, each resolved for the game it plays:
/// `engine` is the game's default engine (`Playable::default_engine`).
#[derive(Clone, Debug)]
pub struct EngineTexts {
    /// The names, in seat order (`maxn`, `engine@t200`, ...).
    pub texts: Vec<String>,
    /// The budget of a name without one.
    pub default: Budget,
}

impl EngineTexts {
    /// The engines read with `engine` as [`TWO_PLAYER_ENGINE`]: checks every name before a
    /// game is built.
    pub fn check(&self) -> Result<Vec<Engine>> {
        self.resolve(TWO_PLAYER_ENGINE)
    }

    fn resolve(&self, engine: Searcher) -> Result<Vec<Engine>> {
        self.texts
            .iter()
            .map(|t| Ok(engine_name::parse_engine(t, self.default, Some(engine))?))
            .collect()
    }

    /// The configuration `config` with its engines read for `game`.
    fn config_for<G: Playable>(
        &self,
        game: &G,
        config: &TournamentConfig,
    ) -> Result<TournamentConfig> {
        let engine = game
            .default_engine()
            .map_or(TWO_PLAYER_ENGINE, |d| d.searcher);
        Ok(TournamentConfig {
            engines: self.resolve(engine)?,
            ..config.clone()
        })
    }
}

/// Plays the tournament `config` with the engines `engines` on the game `spec` (a game of
/// the registry, at its start); `config.engines` is replaced by `engines` read for the game.
pub fn play(
    spec: &str,
    engines: &EngineTexts,
    config: &TournamentConfig,
) -> Result<TournamentResult> {
    match visit(spec, engines, config, None)? {
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
pub fn play_shard(
    spec: &str,
    engines: &EngineTexts,
    config: &TournamentConfig,
    shard: Shard,
) -> Result<ShardGames> {
    match visit(spec, engines, config, Some(shard))? {
        Played::Games(games) => Ok(games),
        Played::Whole(_) => bail!("a shard was asked for"),
    }
}

fn visit(
    spec: &str,
    engines: &EngineTexts,
    config: &TournamentConfig,
    shard: Option<Shard>,
) -> Result<Played> {
    let loaded = search_job::load(None, Some(spec), None)?;
    loaded.visit(TournamentVisitor {
        engines,
        config,
        shard,
    })?
}

/// What the visitor played: the whole tournament, or the games of one shard.
enum Played {
    Whole(TournamentResult),
    Games(ShardGames),
}

/// Plays the tournament (or one shard of its games) on the game the registry built.
struct TournamentVisitor<'a> {
    engines: &'a EngineTexts,
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
        let config = &self.engines.config_for(game, self.config)?;
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
            .engines
            .config_for(game, self.config)?
            .engines
            .iter()
            .find(|e| {
                e.algorithm.needs() == Needs::SetToMove
                    || e.policy.backup == Some(gametree::search::mcts::Backup::Brs)
            })
        {
            if e.algorithm == Searcher::Mcts {
                bail!(
                    "engine {}: mcts with backup=brs (MCTS-BRS) needs a game that can hand the turn to any player",
                    e.name()
                );
            }
            return Err(needs_set_to_move(e.algorithm).into());
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
