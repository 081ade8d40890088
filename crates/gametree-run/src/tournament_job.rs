//! A tournament as `gametree tournament` plays it, shared by the `gametree` binary and the
//! Python package: engines parsed from their text (`paranoid@d4`), and the tournament played
//! on a game of the registry ([`play`]), whole or some of its games ([`play_games`], which
//! the lab's shards call); a decided comparison of two engines ([`compare_on`]) and the
//! round robin of every search that can play a game ([`advise_on`]).

use anyhow::{bail, Result};
use gametree::search::{AnyGame, Dispatch, Needs, Searcher, WithSetToMove};
use gametree::SetToMove;
use gametree_games::registry::{self, GameVisitor, Kind, Playable, RegistryError};

use crate::advise::{advise_with, candidate_engines, Advice, AdviseConfig};
use crate::compare::{compare_with, CompareConfig, Comparison};
use crate::engine::{Engine, MoveBudget};
use crate::engine_name;
use crate::input::{self, needs_set_to_move};
use crate::tournament::{
    game_count, play_games_with, run_tournament_with, GameResult, TournamentConfig,
    TournamentError, TournamentResult,
};

/// What `engine` plays on a game without a multi-player default (two-player games): PVS,
/// the search of the two-player engine without its table.
pub const TWO_PLAYER_ENGINE: Searcher = Searcher::Plain(gametree::search::Algorithm::Pvs);

/// An engine from its text (`paranoid@d4`, `mcts@t200:cutoff=10`; see
/// [`crate::engine_name`]), with `default` as its budget when it names none; `engine` reads
/// as [`TWO_PLAYER_ENGINE`] here ([`play`] resolves it per game).
pub fn parse_engine(text: &str, default: MoveBudget) -> Result<Engine> {
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
    pub default: MoveBudget,
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

/// Some games of a tournament (one shard's, `tournament --shard`) and what they were
/// played as: what a part file holds.
pub struct PlayedGames {
    /// The game's spec as the registry prints it.
    pub game: String,
    /// Seats per game.
    pub players: usize,
    /// The engines as they played, each as `ALGORITHM@BUDGET` ([`Engine::name`]).
    pub engines: Vec<String>,
    /// Games in the whole tournament.
    pub games: usize,
    /// The indices of the games played, in order.
    pub which: Vec<usize>,
    /// Their results, in the order of `which`.
    pub results: Vec<GameResult>,
}

/// Plays some games of the tournament `config` on the game `spec`: `pick` is given the
/// number of games of the whole tournament and returns the indices to play, each game
/// played with the seed of its own index.
pub fn play_games(
    spec: &str,
    engines: &EngineTexts,
    config: &TournamentConfig,
    pick: &dyn Fn(usize) -> Vec<usize>,
) -> Result<PlayedGames> {
    match visit(spec, engines, config, Some(pick))? {
        Played::Games(games) => Ok(games),
        Played::Whole(_) => bail!("some games were asked for"),
    }
}

/// Plays the games `which` (numbers below [`game_count`]; `None`: every game) of the
/// tournament `config`, its engines already typed, on the registry's game `spec` at its
/// start, as [`play_games_with`] plays them on the typed game: dispatched with the
/// best-reply searches on a game that can hand the turn to any player, without them on
/// any other. The results are in the order of `which`.
///
/// Not generic: every game's searches are compiled once, in this crate, for every caller
/// that plays by spec (the lab's experiments), instead of once more in each caller's crate.
/// The outer error is the spec's; the inner one the tournament's.
pub fn play_games_on(
    spec: &str,
    config: &TournamentConfig,
    which: Option<&[usize]>,
) -> Result<std::result::Result<Vec<GameResult>, TournamentError>, RegistryError> {
    registry::visit(spec, None, GamesVisitor { config, which })
}

/// [`play_games_on`]'s visitor.
struct GamesVisitor<'a> {
    config: &'a TournamentConfig,
    which: Option<&'a [usize]>,
}

impl GamesVisitor<'_> {
    fn play<D: Dispatch<G>, G: Playable>(
        self,
        game: &G,
    ) -> std::result::Result<Vec<GameResult>, TournamentError>
    where
        G::State: Send,
    {
        let all: Vec<usize>;
        let which = match self.which {
            Some(w) => w,
            None => {
                all = (0..game_count::<D, G>(game, self.config)?).collect();
                &all
            }
        };
        play_games_with::<D, G, G::Eval>(game, &game.evaluator(), self.config, which)
    }
}

impl GameVisitor for GamesVisitor<'_> {
    type Output = std::result::Result<Vec<GameResult>, TournamentError>;
    fn visit<G: Playable>(self, game: &G, _state: &G::State) -> Self::Output
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        self.play::<AnyGame, G>(game)
    }

    fn visit_best_reply<G: Playable + SetToMove>(self, game: &G, _state: &G::State) -> Self::Output
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        self.play::<WithSetToMove, G>(game)
    }
}

/// Refuses a tree of the registry: `what` (tournaments, comparisons) are played on games.
fn refuse_tree<G: Playable>(what: &str) -> Result<()> {
    if G::KIND == Kind::Tree {
        bail!("{what} are played on games, not on trees");
    }
    Ok(())
}

/// Refuses an engine that needs a game that can hand the turn to any player, on a game that
/// cannot: one line naming the engine.
fn refuse_best_reply(engines: &[Engine]) -> Result<()> {
    if let Some(e) = engines.iter().find(|e| {
        e.algorithm.needs() == Needs::SetToMove
            || e.policy.backup == Some(gametree::search::mcts::Backup::Brs)
    }) {
        if e.algorithm == Searcher::Mcts {
            bail!(
                "engine {}: mcts with backup=brs (MCTS-BRS) needs a game that can hand the turn to any player",
                e.name()
            );
        }
        return Err(needs_set_to_move(e.algorithm).into());
    }
    Ok(())
}

/// Compares the two engines `engines` (`engine` read as the game's default) on the game
/// `spec` of the registry, at its start ([`crate::compare`]); `config.engines` is replaced
/// by them.
pub fn compare_on(spec: &str, engines: &EngineTexts, config: &CompareConfig) -> Result<Comparison> {
    if engines.texts.len() != 2 {
        bail!(
            "a comparison takes two engines, A,B ({} given)",
            engines.texts.len()
        );
    }
    engines.check()?;
    input::load(None, Some(spec), None)?.visit(CompareVisitor { engines, config })
}

/// [`compare_on`]'s visitor.
struct CompareVisitor<'a> {
    engines: &'a EngineTexts,
    config: &'a CompareConfig,
}

impl CompareVisitor<'_> {
    fn play<D, G>(self, game: &G, engines: Vec<Engine>) -> Result<Comparison>
    where
        D: Dispatch<G>,
        G: Playable,
        G::State: Send,
    {
        let config = CompareConfig {
            engines: [engines[0], engines[1]],
            ..self.config.clone()
        };
        Ok(compare_with::<D, G, G::Eval>(
            game,
            &game.evaluator(),
            &game.spec_text(),
            &config,
        )?)
    }

    fn engines<G: Playable>(&self, game: &G) -> Result<Vec<Engine>> {
        let engine = game
            .default_engine()
            .map_or(TWO_PLAYER_ENGINE, |d| d.searcher);
        self.engines.resolve(engine)
    }
}

impl GameVisitor for CompareVisitor<'_> {
    type Output = Result<Comparison>;
    fn visit<G: Playable>(self, game: &G, _state: &G::State) -> Self::Output
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        refuse_tree::<G>("comparisons")?;
        let engines = self.engines(game)?;
        refuse_best_reply(&engines)?;
        self.play::<AnyGame, G>(game, engines)
    }

    fn visit_best_reply<G: Playable + SetToMove>(self, game: &G, _state: &G::State) -> Self::Output
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        refuse_tree::<G>("comparisons")?;
        let engines = self.engines(game)?;
        self.play::<WithSetToMove, G>(game, engines)
    }
}

/// The round robin of every search that can play the game `spec` of the registry
/// ([`crate::advise::candidates`]), each with `budget` per move ([`crate::advise`]);
/// `config.engines` is replaced by them.
pub fn advise_on(spec: &str, budget: MoveBudget, config: &AdviseConfig) -> Result<Advice> {
    input::load(None, Some(spec), None)?.visit(AdviseVisitor { budget, config })
}

/// [`advise_on`]'s visitor.
struct AdviseVisitor<'a> {
    budget: MoveBudget,
    config: &'a AdviseConfig,
}

impl AdviseVisitor<'_> {
    fn play<D, G>(self, game: &G) -> Result<Advice>
    where
        D: Dispatch<G>,
        G: Playable,
        G::State: Send,
    {
        refuse_tree::<G>("round robins")?;
        let config = AdviseConfig {
            engines: candidate_engines::<D, G>(game.players(), self.budget),
            ..self.config.clone()
        };
        for e in &config.engines {
            e.check_settings()?;
        }
        Ok(advise_with::<D, G, G::Eval>(
            game,
            &game.evaluator(),
            &game.spec_text(),
            &config,
        )?)
    }
}

impl GameVisitor for AdviseVisitor<'_> {
    type Output = Result<Advice>;
    fn visit<G: Playable>(self, game: &G, _state: &G::State) -> Self::Output
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        self.play::<AnyGame, G>(game)
    }

    fn visit_best_reply<G: Playable + SetToMove>(self, game: &G, _state: &G::State) -> Self::Output
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        self.play::<WithSetToMove, G>(game)
    }
}

fn visit(
    spec: &str,
    engines: &EngineTexts,
    config: &TournamentConfig,
    pick: Option<&dyn Fn(usize) -> Vec<usize>>,
) -> Result<Played> {
    let loaded = input::load(None, Some(spec), None)?;
    loaded.visit(TournamentVisitor {
        engines,
        config,
        pick,
    })
}

/// What the visitor played: the whole tournament, or some of its games.
enum Played {
    Whole(TournamentResult),
    Games(PlayedGames),
}

/// Plays the tournament (or the games `pick` chooses) on the game the registry built.
struct TournamentVisitor<'a> {
    engines: &'a EngineTexts,
    config: &'a TournamentConfig,
    pick: Option<&'a dyn Fn(usize) -> Vec<usize>>,
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
        match self.pick {
            None => Ok(Played::Whole(run_tournament_with::<D, _, _>(
                game,
                &game.evaluator(),
                &game.spec_text(),
                config,
            )?)),
            Some(pick) => {
                let games = game_count::<D, G>(game, config)?;
                let which = pick(games);
                let results = GamesVisitor {
                    config,
                    which: Some(&which),
                }
                .play::<D, G>(game)?;
                Ok(Played::Games(PlayedGames {
                    game: game.spec_text(),
                    players: game.players(),
                    engines: config.engines.iter().map(|e| e.name()).collect(),
                    games,
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
        refuse_tree::<G>("tournaments")?;
        refuse_best_reply(&self.engines.config_for(game, self.config)?.engines)?;
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
