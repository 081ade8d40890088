//! The game registry: the one place the games of this crate are listed, with everything the
//! command line and the laboratory need to know about each (names, help line, spec and
//! position parsers, evaluator, longest line, seats, hashing, mate score, capabilities).
//!
//! A game joins by implementing [`Registered`] (and [`Playable`]) once and adding its type to
//! the `registry!` list in this file: nothing else names
//! it. Code that works on any game is a [`GameVisitor`] with one generic method: the registry
//! calls it with the concrete game, so every search stays monomorphised (no `dyn` per node).
//! Optional capabilities are reached statically: a game that implements
//! [`gametree::SetToMove`] routes its visit to [`GameVisitor::visit_best_reply`] by
//! overriding [`Playable::accept`].
//!
//! Explicit trees (`--tree FILE`) are [`Playable`] too (they are loaded from a file, not
//! from a spec), so they reach the same visitors.

use gametree::hash::Zobrist;
use gametree::search::{Algorithm, Searcher};
use gametree::tree::{ExplicitTree, TreeEval};
use gametree::{Evaluator, Score, SetToMove};
use std::sync::atomic::{AtomicU64, Ordering as AtomicOrdering};
use thiserror::Error;

use crate::blokus::{Blokus, BlokusEval};
use crate::cards::{CardEval, CardGame};
use crate::chess4::{Chess4, Chess4Eval, Chess4Ffa, EndRule, FfaEval};
use crate::chinese_checkers::{ChineseCheckers, DistanceEval};
use crate::connect_four::{CellWeights, ConnectFour};
use crate::focus::{Focus, FocusEval};
use crate::notation::Notation;
use crate::quote::quoted;
use crate::random_tree::{RandomTree, RandomTreeEval, RandomTreeSpec};
use crate::rolit::{BallShare, Rolit};
use crate::spec::{Spec, SpecError};
use crate::tictactoe::{OpenLines, TicTacToe};

/// Why a game could not be built from a spec and a position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RegistryError {
    /// The spec names no registered game.
    #[error("unknown game `{}` (known: {known})", quoted(name))]
    Unknown {
        /// The name given.
        name: String,
        /// The canonical names of the registered games, comma-separated.
        known: String,
    },
    /// The spec is malformed or has a bad parameter.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// The position text was rejected. The text is shown quoted ([`quoted`]: escaped as
    /// `Debug` escapes it, cut to about 100 characters).
    #[error("position \"{}\": {message}", quoted(text))]
    Position {
        /// The position text given.
        text: String,
        /// What is wrong with it.
        message: String,
    },
    /// The game takes no position.
    #[error("{0}")]
    NoPositions(&'static str),
}

/// How a game's moves are printed in results: child indices (trees) or the game's notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveStyle {
    /// Moves are 0-based child indices, printed as numbers.
    Index,
    /// Moves are the game's notation, printed as strings.
    Notation,
}

/// What kind of thing a registered entry is: a game people and engines play, or a synthetic
/// tree for measuring searches (tournaments are played on games only).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A game with rules.
    Game,
    /// A synthetic tree (random trees, explicit trees).
    Tree,
}

/// Whether the engine of `play` keeps a transposition table for this game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineTable {
    /// The engine hashes positions with the game's [`Zobrist`] hash.
    Hashed,
    /// The engine searches without a table.
    None,
}

/// Whether a game offers an optional player or feature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Support {
    /// Offered.
    Yes,
    /// Not offered.
    No,
}

/// Code to run on any registered game (or loaded tree): one generic method, called with the
/// concrete game, so that whatever it runs is monomorphised.
pub trait GameVisitor {
    /// What the visit returns.
    type Output;

    /// Called with the concrete game at a position. The game carries its evaluator
    /// ([`Playable::evaluator`]), position hash ([`Zobrist`]) and notation ([`Notation`]).
    fn visit<G: Playable>(self, game: &G, state: &G::State) -> Self::Output
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync;

    /// Called instead of [`GameVisitor::visit`] for games that can hand the turn to any live
    /// player ([`SetToMove`], what best-reply search needs). The default forwards to
    /// [`GameVisitor::visit`]: such a game is an ordinary game to every other visitor.
    fn visit_best_reply<G: Playable + SetToMove>(self, game: &G, state: &G::State) -> Self::Output
    where
        Self: Sized,
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        self.visit(game, state)
    }
}

/// A game as the command line and the laboratory use it, once built: its evaluator, longest
/// line, mate score and the capabilities the generic code asks about.
pub trait Playable: Notation + Zobrist + Sync + Sized {
    /// The evaluator searches use on this game.
    type Eval: Evaluator<Self> + Sync;
    /// How moves are printed in results.
    const MOVE_STYLE: MoveStyle = MoveStyle::Notation;
    /// A game or a synthetic tree.
    const KIND: Kind = Kind::Game;
    /// Whether `play`'s engine keeps a transposition table.
    const ENGINE_TABLE: EngineTable = EngineTable::Hashed;
    /// Whether [`Playable::monte_carlo`] answers (`play`'s `monte-carlo` seats).
    const MONTE_CARLO: Support = Support::No;

    /// The engine a seat named `engine` plays on this game with more than two players (in
    /// `play` and `tournament`), with the reason it was chosen; `None`: the game keeps the
    /// two-player default (the engine of `play`, or paranoid with a table for more players).
    /// See [`Playable::default_engine`].
    const MULTI_PLAYER_ENGINE: Option<DefaultEngine> = None;

    /// The default engine of this game as built: [`Playable::MULTI_PLAYER_ENGINE`] when it
    /// has more than two players, `None` (the two-player default) otherwise.
    fn default_engine(&self) -> Option<DefaultEngine> {
        if self.players() > 2 {
            Self::MULTI_PLAYER_ENGINE
        } else {
            None
        }
    }

    /// The evaluator.
    fn evaluator(&self) -> Self::Eval;

    /// The longest line of play from any position, in plies: what bounds a search without a
    /// depth limit (and sizes its stack).
    fn max_plies(&self) -> u64;

    /// The score of a won game for the engine's mate handling (`None`: the game has none).
    fn mate(&self) -> Option<Score> {
        None
    }

    /// The game's spec in canonical form, every parameter spelled out (tournament results
    /// name the game by it).
    fn spec_text(&self) -> String;

    /// `state` in the position notation the game reads back, if it has one.
    fn format_position(&self, _state: &Self::State) -> Option<String> {
        None
    }

    /// Lines `show` prints under the picture (e.g. the position in its notation), each
    /// ending in a newline; empty by default.
    fn describe(&self, _state: &Self::State) -> String {
        String::new()
    }

    /// A drawing of the board's cell numbers, for games whose moves name cells by number.
    fn cell_map(&self) -> Option<String> {
        None
    }

    /// A Monte-Carlo player's move for `seat` at `state` and the nodes it searched, for
    /// games with hidden information played by sampling (`None`: the game has no such
    /// player; games that have one say so in [`Playable::MONTE_CARLO`]).
    fn monte_carlo(
        &self,
        _state: &Self::State,
        _seat: usize,
    ) -> Option<Result<(Self::Move, u64), String>> {
        None
    }

    /// Hands `self` at `state` to `visitor`: [`GameVisitor::visit`], or
    /// [`GameVisitor::visit_best_reply`] for games that implement [`SetToMove`] (they
    /// override this method with one line).
    fn accept<V: GameVisitor>(&self, state: &Self::State, visitor: V) -> V::Output
    where
        Self::State: Send + Sync + PartialEq + std::fmt::Debug,
        Self::Move: Send + Sync,
    {
        visitor.visit(self, state)
    }
}

/// How a registered game is named and listed: one per name a game type answers to (one
/// type may be listed under several names, as Hearts and Spades share [`CardGame`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Listing {
    /// The canonical name (the spec's name, as `gametree list` prints it).
    pub name: &'static str,
    /// Other names the spec may use.
    pub aliases: &'static [&'static str],
    /// The spec with its parameters, as `gametree list` shows it.
    pub syntax: &'static str,
    /// The help line of `gametree list`.
    pub about: &'static str,
    /// A small spec that builds the game (tests build every entry from it).
    pub default_spec: &'static str,
}

impl Listing {
    /// Whether `name` names this listing (its name or an alias).
    pub fn answers_to(&self, name: &str) -> bool {
        self.name == name || self.aliases.contains(&name)
    }
}

/// A game of the registry: how it is named, listed and built from a spec and a position.
pub trait Registered: Playable {
    /// The names it is listed under (usually one).
    const LISTINGS: &'static [Listing];
    /// The numbers of players the game can be built for.
    const SEATS: &'static [usize];

    /// The game a parsed spec describes (its name already matched one of
    /// [`Registered::LISTINGS`]).
    fn from_spec(spec: &Spec) -> Result<Self, SpecError>;

    /// The position `text` describes, in the game's position notation.
    fn parse_position(&self, text: &str) -> Result<Self::State, RegistryError>;

    /// Builds the game a parsed spec with one of this type's names describes, at `position`:
    /// this type, unless a parameter of the spec names a variant played by another type
    /// (`chess4(end=ffa)` is [`Chess4Ffa`]), which overrides it.
    fn load_spec(spec: &Spec, position: Option<&str>) -> Result<Loaded, RegistryError>
    where
        Loaded: From<(Self, Self::State)>,
    {
        Ok(Loaded::from(build::<Self>(spec, position)?))
    }
}

/// A game's default multi-player engine: the strongest search of the strength experiment
/// on that game (docs/strength.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DefaultEngine {
    /// The searcher a seat named `engine` runs.
    pub searcher: Searcher,
    /// Why it was chosen, in one line.
    pub reason: &'static str,
}

/// One registered name with what the generic code knows about its game, for listings and
/// tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The name, help line and default spec.
    pub listing: Listing,
    /// The numbers of players allowed.
    pub seats: &'static [usize],
    /// A game or a synthetic tree.
    pub kind: Kind,
    /// How moves are printed.
    pub move_style: MoveStyle,
    /// The default engine with more than two players ([`Playable::MULTI_PLAYER_ENGINE`]).
    pub default_engine: Option<DefaultEngine>,
}

impl Entry {
    /// The entries of `G`, one per listing.
    fn of<G: Registered>() -> impl Iterator<Item = Entry> {
        G::LISTINGS.iter().map(|&listing| Entry {
            listing,
            seats: G::SEATS,
            kind: G::KIND,
            move_style: G::MOVE_STYLE,
            default_engine: G::MULTI_PLAYER_ENGINE,
        })
    }
}

/// Games built from a spec in this process, by [`load`] and [`visit`] (what a test of "one
/// build per job" counts: run it where no other test builds games at the same time).
static BUILDS: AtomicU64 = AtomicU64::new(0);

/// How many games were built from a spec in this process ([`load`], [`visit`], [`visit_as`]).
pub fn builds() -> u64 {
    BUILDS.load(AtomicOrdering::Relaxed)
}

/// `G` built from `spec` at the optional `position` (its start when `None`), counted in
/// [`builds`].
fn build<G: Registered>(
    spec: &Spec,
    position: Option<&str>,
) -> Result<(G, G::State), RegistryError> {
    BUILDS.fetch_add(1, AtomicOrdering::Relaxed);
    let game = G::from_spec(spec)?;
    let state = match position {
        Some(p) => game.parse_position(p)?,
        None => game.initial(),
    };
    Ok((game, state))
}

/// Builds `G` from `spec` and the optional `position`, and hands them to `visitor`.
pub fn visit_as<G: Registered, V: GameVisitor>(
    spec: &Spec,
    position: Option<&str>,
    visitor: V,
) -> Result<V::Output, RegistryError>
where
    G::State: Send + Sync + PartialEq + std::fmt::Debug,
    G::Move: Send + Sync,
{
    let (game, state) = build::<G>(spec, position)?;
    Ok(game.accept(&state, visitor))
}

/// The registry: one line per game type. Generates [`entries`], [`Loaded`], [`load`] and
/// [`visit`].
macro_rules! registry {
    ($($game:ident),* $(,)?; unlisted: $($other:ident),* $(,)?) => {
        /// Every registered name, in listing order.
        pub fn entries() -> Vec<Entry> {
            let mut all = Vec::new();
            $(all.extend(Entry::of::<$game>());)*
            all
        }

        /// A game of the registry, built from its spec at a position ([`load`]): handed to
        /// as many visitors as a job needs ([`Loaded::accept`]) without being built again.
        pub struct Loaded(Built);

        /// One variant per game type, each the game and the state.
        enum Built {
            $($game(Box<($game, <$game as gametree::Game>::State)>),)*
            $($other(Box<($other, <$other as gametree::Game>::State)>),)*
        }

        $(
            impl From<($game, <$game as gametree::Game>::State)> for Loaded {
                fn from(built: ($game, <$game as gametree::Game>::State)) -> Loaded {
                    Loaded(Built::$game(Box::new(built)))
                }
            }
        )*
        $(
            impl From<($other, <$other as gametree::Game>::State)> for Loaded {
                fn from(built: ($other, <$other as gametree::Game>::State)) -> Loaded {
                    Loaded(Built::$other(Box::new(built)))
                }
            }
        )*

        impl Loaded {
            /// Hands the game at its position to `visitor` ([`GameVisitor::visit`], or
            /// [`GameVisitor::visit_best_reply`] for games that can hand the turn to any
            /// player).
            pub fn accept<V: GameVisitor>(&self, visitor: V) -> V::Output {
                match &self.0 {
                    $(Built::$game(b) => b.0.accept(&b.1, visitor),)*
                    $(Built::$other(b) => b.0.accept(&b.1, visitor),)*
                }
            }
        }

        impl std::fmt::Debug for Loaded {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                match &self.0 {
                    $(Built::$game(b) => write!(f, "Loaded({})", b.0.spec_text()),)*
                    $(Built::$other(b) => write!(f, "Loaded({})", b.0.spec_text()),)*
                }
            }
        }

        /// Builds the game `spec` names, at `position` (its start when `None`).
        pub fn load(spec: &str, position: Option<&str>) -> Result<Loaded, RegistryError> {
            let spec = Spec::parse(spec)?;
            let name = spec.name();
            $(
                if <$game as Registered>::LISTINGS.iter().any(|l| l.answers_to(name)) {
                    return <$game as Registered>::load_spec(&spec, position);
                }
            )*
            Err(RegistryError::Unknown {
                name: name.to_string(),
                known: names().join(", "),
            })
        }
    };
}

/// Builds the game `spec` names (with `position`, or at its start) and hands it to
/// `visitor`: [`load`], then [`Loaded::accept`].
pub fn visit<V: GameVisitor>(
    spec: &str,
    position: Option<&str>,
    visitor: V,
) -> Result<V::Output, RegistryError> {
    Ok(load(spec, position)?.accept(visitor))
}

/// The canonical names of the registered games, in listing order.
pub fn names() -> Vec<&'static str> {
    entries().iter().map(|e| e.listing.name).collect()
}

/// The registered entry `name` names (canonical name or alias).
pub fn entry(name: &str) -> Option<Entry> {
    entries().into_iter().find(|e| e.listing.answers_to(name))
}

registry! {
    TicTacToe,
    ConnectFour,
    ChineseCheckers,
    Chess4,
    Rolit,
    Focus,
    Blokus,
    CardGame,
    RandomTree;
    // Played under another type's name (a spec parameter selects it: `load_spec`).
    unlisted: Chess4Ffa,
}

// ---------------------------------------------------------------------------------------
// The entries.

/// A game's refusal of a position; its words may repeat parts of the text, so they are
/// sanitized ([`crate::quote::sanitized`]).
fn position_error(text: &str, e: impl std::fmt::Display) -> RegistryError {
    RegistryError::Position {
        text: text.to_string(),
        message: crate::quote::sanitized(&e.to_string()),
    }
}

impl Playable for TicTacToe {
    type Eval = OpenLines;
    fn evaluator(&self) -> OpenLines {
        OpenLines
    }
    fn max_plies(&self) -> u64 {
        9
    }
    fn mate(&self) -> Option<Score> {
        Some(crate::tictactoe::WIN)
    }
    fn spec_text(&self) -> String {
        Self::LISTINGS[0].name.to_string()
    }
    fn format_position(&self, state: &Self::State) -> Option<String> {
        Some(TicTacToe::format_position(state))
    }
}

impl Registered for TicTacToe {
    const LISTINGS: &'static [Listing] = &[Listing {
        name: "tictactoe",
        aliases: &["tic-tac-toe"],
        syntax: "tictactoe",
        about: "tic-tac-toe; a move is a cell 1-9 row by row from the top; --position: the \
                cells played (e.g. 5139)",
        default_spec: "tictactoe",
    }];
    const SEATS: &'static [usize] = &[2];
    fn from_spec(spec: &Spec) -> Result<Self, SpecError> {
        spec.finish()?;
        Ok(TicTacToe)
    }
    fn parse_position(&self, text: &str) -> Result<Self::State, RegistryError> {
        TicTacToe::parse_position(text).map_err(|e| position_error(text, e))
    }
}

impl Playable for ConnectFour {
    type Eval = CellWeights;
    fn evaluator(&self) -> CellWeights {
        CellWeights
    }
    fn max_plies(&self) -> u64 {
        42
    }
    fn mate(&self) -> Option<Score> {
        Some(crate::connect_four::WIN)
    }
    fn spec_text(&self) -> String {
        Self::LISTINGS[0].name.to_string()
    }
    fn format_position(&self, state: &Self::State) -> Option<String> {
        ConnectFour::format_position(state)
    }
}

impl Registered for ConnectFour {
    const LISTINGS: &'static [Listing] = &[Listing {
        name: "connect-four",
        aliases: &["connect4"],
        syntax: "connect-four",
        about: "connect four, 7 x 6; a move is a column 1-7 from the left; --position: the \
                columns played (e.g. 4453)",
        default_spec: "connect-four",
    }];
    const SEATS: &'static [usize] = &[2];
    fn from_spec(spec: &Spec) -> Result<Self, SpecError> {
        spec.finish()?;
        Ok(ConnectFour)
    }
    fn parse_position(&self, text: &str) -> Result<Self::State, RegistryError> {
        ConnectFour::parse_position(text).map_err(|e| position_error(text, e))
    }
}

impl Playable for ChineseCheckers {
    const MULTI_PLAYER_ENGINE: Option<DefaultEngine> = Some(DefaultEngine {
        searcher: Searcher::BestReply(gametree::search::best_reply::Variant::Brs),
        reason: "decisive strength run (docs/strength.md), 2 ms of processor time per move: BRS beat max^n and paranoid on every board (0.79 to 0.89) and BRS+ (0.80 to 0.82), and had the highest rating with 3, 4 and 6 players; at 20 ms still first, with every player count",
    });
    type Eval = DistanceEval;
    const ENGINE_TABLE: EngineTable = EngineTable::None;
    fn evaluator(&self) -> DistanceEval {
        DistanceEval
    }
    fn max_plies(&self) -> u64 {
        u64::from(self.cap())
    }
    fn spec_text(&self) -> String {
        self.spec()
    }
    fn format_position(&self, state: &Self::State) -> Option<String> {
        Some(ChineseCheckers::format_position(self, state))
    }
    fn describe(&self, state: &Self::State) -> String {
        format!(
            "position: {}\n",
            ChineseCheckers::format_position(self, state)
        )
    }
    fn cell_map(&self) -> Option<String> {
        Some(ChineseCheckers::cell_map(self))
    }
    fn accept<V: GameVisitor>(&self, state: &Self::State, visitor: V) -> V::Output
    where
        Self::State: Send + Sync + PartialEq + std::fmt::Debug,
        Self::Move: Send + Sync,
    {
        visitor.visit_best_reply(self, state)
    }
}

impl Registered for ChineseCheckers {
    const LISTINGS: &'static [Listing] = &[Listing {
        name: "chinese-checkers",
        aliases: &["chinesecheckers", "chinese_checkers"],
        syntax: "chinese-checkers(players=3,board=121,top=10,cap=400)",
        about: "Chinese Checkers for 2, 3, 4 or 6 players on 121/73/37/13 holes; top=K keeps \
                the first K moves of the ordering (10: Sturtevant's research setting, all: the \
                full game); a move is FROM-TO in cell numbers (`show --cells` draws them); \
                --position \"<cells of P0>/<cells of P1>/... <to move>\"",
        default_spec: "chinese-checkers(players=3,board=73)",
    }];
    const SEATS: &'static [usize] = &[2, 3, 4, 6];
    fn from_spec(spec: &Spec) -> Result<Self, SpecError> {
        ChineseCheckers::from_spec(spec)
    }
    fn parse_position(&self, text: &str) -> Result<Self::State, RegistryError> {
        ChineseCheckers::parse_position(self, text).map_err(|e| position_error(text, e))
    }
}

impl Playable for Chess4 {
    const MULTI_PLAYER_ENGINE: Option<DefaultEngine> = Some(DefaultEngine {
        searcher: Searcher::BestReply(gametree::search::best_reply::Variant::Brs),
        reason: "decisive strength run (docs/strength.md), 2 ms of processor time per move: BRS beat max^n (0.85) and paranoid (0.79) over 812 games each, more often than BRS+ did, beat BRS+ (0.74) and had the highest rating; at 20 ms still the best plain search, with BRS+ with ordered forced moves (`brs-plus:forced=ordered`, an option `engine` cannot set) rated above it",
    });
    type Eval = Chess4Eval;
    const ENGINE_TABLE: EngineTable = EngineTable::None;
    fn evaluator(&self) -> Chess4Eval {
        Chess4Eval(self.eval_kind())
    }
    fn max_plies(&self) -> u64 {
        u64::from(self.cap())
    }
    fn spec_text(&self) -> String {
        self.spec()
    }
    fn format_position(&self, state: &Self::State) -> Option<String> {
        Some(Chess4::format_position(self, state))
    }
    fn describe(&self, state: &Self::State) -> String {
        format!("position: {}\n", Chess4::format_position(self, state))
    }
    fn accept<V: GameVisitor>(&self, state: &Self::State, visitor: V) -> V::Output
    where
        Self::State: Send + Sync + PartialEq + std::fmt::Debug,
        Self::Move: Send + Sync,
    {
        visitor.visit_best_reply(self, state)
    }
}

impl Registered for Chess4 {
    const LISTINGS: &'static [Listing] = &[Listing {
        name: "chess4",
        aliases: &["four-player-chess"],
        syntax: "chess4(cap=400,end=classic)",
        about: "four-player chess (Red, Blue, Yellow, Green) on the 160-square cross board; cap: \
                the ply cap; eval: psi (own material) or relative (material minus the mean of \
                the live opponents'); claim: N ends a game with two players left when one \
                leads by N points of material (it wins; 0, the default: no claim rule); end: \
                classic (the last player left wins, the cap ranks by material) or ffa (the \
                online free-for-all rules: capture points, +20 a mate, 100 quiet plies or a \
                position's repeat-th occurrence (repeat=3) end the game with +10 for each \
                player left, the claim at a lead of more than 20 points; the most points \
                wins); a move is FROM-TO (h2-h4); --position \"r Kh1,Qg1,.../<blue>/\
                <yellow>/<green>\" (`-` for an eliminated side)",
        default_spec: "chess4(cap=400)",
    }];
    const SEATS: &'static [usize] = &[4];
    fn from_spec(spec: &Spec) -> Result<Self, SpecError> {
        Chess4::from_spec(spec)
    }
    fn parse_position(&self, text: &str) -> Result<Self::State, RegistryError> {
        Chess4::parse_position(self, text).map_err(|e| position_error(text, e))
    }
    /// `end=ffa` is the game [`Chess4Ffa`]; `end=classic` (or no `end`) this one.
    fn load_spec(spec: &Spec, position: Option<&str>) -> Result<Loaded, RegistryError> {
        Ok(match spec.get("end", EndRule::Classic)? {
            EndRule::Ffa => Loaded::from(build::<Chess4Ffa>(spec, position)?),
            EndRule::Classic => Loaded::from(build::<Chess4>(spec, position)?),
        })
    }
}

impl Playable for Chess4Ffa {
    const MULTI_PLAYER_ENGINE: Option<DefaultEngine> = <Chess4 as Playable>::MULTI_PLAYER_ENGINE;
    type Eval = FfaEval;
    const ENGINE_TABLE: EngineTable = EngineTable::None;
    fn evaluator(&self) -> FfaEval {
        FfaEval
    }
    fn max_plies(&self) -> u64 {
        u64::from(self.cap())
    }
    fn spec_text(&self) -> String {
        self.spec()
    }
    fn format_position(&self, state: &Self::State) -> Option<String> {
        Some(Chess4Ffa::format_position(self, state))
    }
    fn describe(&self, state: &Self::State) -> String {
        let p = |i: usize| state.points(gametree::Player::new(i));
        format!(
            "position: {}\npoints: red {}, blue {}, yellow {}, green {}; {} plies without a capture or pawn move\n",
            Chess4Ffa::format_position(self, state),
            p(0),
            p(1),
            p(2),
            p(3),
            state.quiet_plies()
        )
    }
    fn accept<V: GameVisitor>(&self, state: &Self::State, visitor: V) -> V::Output
    where
        Self::State: Send + Sync + PartialEq + std::fmt::Debug,
        Self::Move: Send + Sync,
    {
        visitor.visit_best_reply(self, state)
    }
}

/// Reached through `chess4`'s listing with `end=ffa` ([`Registered::load_spec`]), so it is
/// not a line of the `registry!` list: `gametree list` shows it under `chess4`.
impl Registered for Chess4Ffa {
    const LISTINGS: &'static [Listing] = <Chess4 as Registered>::LISTINGS;
    const SEATS: &'static [usize] = &[4];
    fn from_spec(spec: &Spec) -> Result<Self, SpecError> {
        Chess4Ffa::from_spec(spec)
    }
    fn parse_position(&self, text: &str) -> Result<Self::State, RegistryError> {
        Chess4Ffa::parse_position(self, text).map_err(|e| position_error(text, e))
    }
}

impl Playable for Rolit {
    const MULTI_PLAYER_ENGINE: Option<DefaultEngine> = Some(DefaultEngine {
        searcher: Searcher::Plain(Algorithm::Paranoid),
        reason: "decisive strength run (docs/strength.md), 2 ms of processor time per move: paranoid had the highest rating of the searches `engine` runs as measured, with 3 and 4 players; MCTS with a playout cut-off and BRS+ with ordered forced moves rated higher, options `engine` cannot set; at 20 ms still the best plain search, with 3 and 4 players",
    });
    type Eval = BallShare;
    fn evaluator(&self) -> BallShare {
        BallShare
    }
    fn max_plies(&self) -> u64 {
        60
    }
    fn spec_text(&self) -> String {
        self.spec()
    }
    fn format_position(&self, state: &Self::State) -> Option<String> {
        Some(self.position_text(state))
    }
    fn describe(&self, state: &Self::State) -> String {
        format!("position: {}\n", self.position_text(state))
    }
    fn accept<V: GameVisitor>(&self, state: &Self::State, visitor: V) -> V::Output
    where
        Self::State: Send + Sync + PartialEq + std::fmt::Debug,
        Self::Move: Send + Sync,
    {
        visitor.visit_best_reply(self, state)
    }
}

impl Registered for Rolit {
    const LISTINGS: &'static [Listing] = &[Listing {
        name: "rolit",
        aliases: &[],
        syntax: "rolit(players=4)",
        about: "Rolit (multi-player Othello) for 3 or 4 players on 8 x 8; a move is a cell \
                (F4: column A-H, row 1-8 from the top); --position: 64 characters row by row \
                (. r y g b), a space and the colour to move",
        default_spec: "rolit(players=4)",
    }];
    const SEATS: &'static [usize] = &[3, 4];
    fn from_spec(spec: &Spec) -> Result<Self, SpecError> {
        Rolit::from_spec(spec)
    }
    fn parse_position(&self, text: &str) -> Result<Self::State, RegistryError> {
        Rolit::parse_position(self, text).map_err(|e| position_error(text, e))
    }
}

impl Playable for Focus {
    const MULTI_PLAYER_ENGINE: Option<DefaultEngine> = Some(DefaultEngine {
        searcher: Searcher::BestReply(gametree::search::best_reply::Variant::Brs),
        reason: "decisive strength run (docs/strength.md), 2 ms of processor time per move: BRS beat max^n with 3 and 4 players (0.77, 0.67) and paranoid with 4 (0.68), and had the highest rating of the plain searches with every match played; MCTS with a cut-off and BRS+ with ordered forced moves rated higher, options `engine` cannot set; at 20 ms still the best plain search, with 3 and 4 players",
    });
    type Eval = FocusEval;
    fn evaluator(&self) -> FocusEval {
        FocusEval
    }
    fn max_plies(&self) -> u64 {
        u64::from(self.cap())
    }
    fn spec_text(&self) -> String {
        self.spec()
    }
    fn format_position(&self, state: &Self::State) -> Option<String> {
        Some(Focus::format_position(self, state))
    }
    fn describe(&self, state: &Self::State) -> String {
        format!("position: {}\n", Focus::format_position(self, state))
    }
    fn accept<V: GameVisitor>(&self, state: &Self::State, visitor: V) -> V::Output
    where
        Self::State: Send + Sync + PartialEq + std::fmt::Debug,
        Self::Move: Send + Sync,
    {
        visitor.visit_best_reply(self, state)
    }
}

impl Registered for Focus {
    const LISTINGS: &'static [Listing] = &[Listing {
        name: "focus",
        aliases: &[],
        syntax: "focus(players=2,cap=600)",
        about: "Focus (Sackson) for 2, 3 or 4 players with the papers' shortened goal \
                (capture 6; with 3 or 4 players 10, or 3 / 2 of every colour); a move is \
                FROM-TO (c3-c5, as many pieces as squares) or +SQUARE (a reserve piece); \
                --position \"<to move> <ranks 8..1> <reserves> <captures> <eliminated>\"",
        default_spec: "focus(players=2)",
    }];
    const SEATS: &'static [usize] = &[2, 3, 4];
    fn from_spec(spec: &Spec) -> Result<Self, SpecError> {
        Focus::from_spec(spec)
    }
    fn parse_position(&self, text: &str) -> Result<Self::State, RegistryError> {
        Focus::parse_position(self, text).map_err(|e| position_error(text, e))
    }
}

impl Playable for Blokus {
    const MULTI_PLAYER_ENGINE: Option<DefaultEngine> = Some(DefaultEngine {
        searcher: Searcher::BestReply(gametree::search::best_reply::Variant::Brs),
        reason: "decisive strength run (docs/strength.md), 2 ms of processor time per move: BRS beat max^n (0.56 over 812 games), led paranoid (0.54) and had the highest rating of the plain searches with every match played; MCTS with a playout cut-off rated higher, an option `engine` cannot set; at 20 ms still the best plain search",
    });
    type Eval = BlokusEval;
    fn evaluator(&self) -> BlokusEval {
        BlokusEval
    }
    fn max_plies(&self) -> u64 {
        crate::blokus::MAX_PLIES
    }
    fn spec_text(&self) -> String {
        self.spec()
    }
    fn format_position(&self, state: &Self::State) -> Option<String> {
        Some(Blokus::format_position(self, state))
    }
    fn describe(&self, state: &Self::State) -> String {
        format!("position: {}\n", Blokus::format_position(self, state))
    }
    fn accept<V: GameVisitor>(&self, state: &Self::State, visitor: V) -> V::Output
    where
        Self::State: Send + Sync + PartialEq + std::fmt::Debug,
        Self::Move: Send + Sync,
    {
        visitor.visit_best_reply(self, state)
    }
}

impl Registered for Blokus {
    const LISTINGS: &'static [Listing] = &[Listing {
        name: "blokus",
        aliases: &[],
        syntax: "blokus(players=4,scoring=value)",
        about: "Blokus, four colours on 20 x 20 (blue, yellow, red, green); scoring=value: \
                the published score + 89, squares: squares placed; a move is PIECE:CELLS \
                (V3:a1,b1,a2) or pass; --position \"<to move> <ranks 20..1> <pieces left>\"",
        default_spec: "blokus(players=4)",
    }];
    const SEATS: &'static [usize] = &[4];
    fn from_spec(spec: &Spec) -> Result<Self, SpecError> {
        Blokus::from_spec(spec)
    }
    fn parse_position(&self, text: &str) -> Result<Self::State, RegistryError> {
        Blokus::parse_position(self, text).map_err(|e| position_error(text, e))
    }
}

impl Playable for CardGame {
    const MULTI_PLAYER_ENGINE: Option<DefaultEngine> = Some(DefaultEngine {
        searcher: Searcher::Plain(Algorithm::Speculative),
        reason: "decisive strength run (docs/strength.md), 2 ms of processor time per move: speculative max^n shown at least as good as paranoid in Hearts (0.48) and Spades (0.53), as Sturtevant 2003 found; with every match played no search rated apart from another; the same at 20 ms",
    });
    type Eval = CardEval;
    const ENGINE_TABLE: EngineTable = EngineTable::None;
    const MONTE_CARLO: Support = Support::Yes;
    fn evaluator(&self) -> CardEval {
        CardEval
    }
    fn max_plies(&self) -> u64 {
        52
    }
    fn spec_text(&self) -> String {
        self.spec()
    }
    fn format_position(&self, state: &Self::State) -> Option<String> {
        // Positions are deals: only a hand not yet started has one.
        (state.done == 0 && state.trick_len == 0).then(|| self.deal_text(state))
    }
    fn describe(&self, state: &Self::State) -> String {
        format!("deal: {}\n", self.deal_text(state))
    }
    fn monte_carlo(&self, state: &Self::State, seat: usize) -> Option<Result<(u8, u64), String>> {
        let player = crate::cards::monte_carlo::MonteCarlo {
            worlds: 8,
            nodes: 100_000,
            algorithm: gametree::search::Algorithm::Speculative,
            seed: seat as u64,
        };
        Some(
            player
                .choose(self, &CardEval, state)
                .map(|c| (c.card, c.nodes))
                .map_err(|e| e.to_string()),
        )
    }
}

impl Registered for CardGame {
    const LISTINGS: &'static [Listing] = &[
        Listing {
            name: "hearts",
            aliases: &[],
            syntax: "hearts(deal=SEED,remove=2D,equiv=0,scale=4)",
            about: "3-player Hearts, perfect information (values scale*(26 - points)); \
                    equiv=1 searches equivalent cards once; a move is a card, rank then suit \
                    (KC, TH); --position \"P0: KC 7C ... / P1: ... / P2: ...\" (17 cards each)",
            default_spec: "hearts(deal=1)",
        },
        Listing {
            name: "spades",
            aliases: &[],
            syntax: "spades(deal=SEED,equiv=0,scale=4,scoring=tricks|bids,bids=A-B-C)",
            about: "3-player cut-throat Spades, perfect information (values scale*tricks; \
                    scoring=bids is not constant-sum); moves and --position as for hearts",
            default_spec: "spades(deal=1)",
        },
    ];
    const SEATS: &'static [usize] = &[3];
    fn from_spec(spec: &Spec) -> Result<Self, SpecError> {
        CardGame::from_spec(spec)
    }
    fn parse_position(&self, text: &str) -> Result<Self::State, RegistryError> {
        self.parse_deal(text).map_err(|e| position_error(text, e))
    }
}

impl Playable for RandomTree {
    type Eval = RandomTreeEval;
    const MOVE_STYLE: MoveStyle = MoveStyle::Index;
    const KIND: Kind = Kind::Tree;
    fn evaluator(&self) -> RandomTreeEval {
        RandomTreeEval
    }
    fn max_plies(&self) -> u64 {
        u64::from(self.spec().d)
    }
    fn spec_text(&self) -> String {
        self.spec().to_string()
    }
}

impl Registered for RandomTree {
    const LISTINGS: &'static [Listing] = &[Listing {
        name: "random",
        aliases: &[],
        syntax: "random(players=N,b=B,d=D,leaf=MODEL,range=R,seed=S,maxsum=M)",
        about: "random uniform tree, hashed from (seed, node path); leaf models below \
                (range=R: incremental only); a move is a child index from 0",
        default_spec: "random(players=3,b=3,d=3,seed=1)",
    }];
    const SEATS: &'static [usize] = &[2, 3, 4, 5, 6];
    fn from_spec(spec: &Spec) -> Result<Self, SpecError> {
        RandomTreeSpec::from_spec(spec).map(RandomTree::new)
    }
    fn parse_position(&self, _text: &str) -> Result<Self::State, RegistryError> {
        Err(RegistryError::NoPositions(
            "--position is not supported for random trees: the search starts at the root",
        ))
    }
}

impl Playable for ExplicitTree {
    type Eval = TreeEval;
    const MOVE_STYLE: MoveStyle = MoveStyle::Index;
    const KIND: Kind = Kind::Tree;
    fn evaluator(&self) -> TreeEval {
        TreeEval
    }
    fn max_plies(&self) -> u64 {
        u64::from(self.height())
    }
    fn spec_text(&self) -> String {
        "tree".to_string()
    }
}
