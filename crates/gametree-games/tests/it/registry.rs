//! The game registry: every entry builds from its default spec, passes the conformance
//! check, reads back the positions it writes; names are unique; optional capabilities are
//! routed statically.

use std::collections::HashSet;

use gametree::testing::{check, CheckConfig};
use gametree::{Game, Player, SetToMove};
use gametree_games::registry::{
    self, visit_as, GameVisitor, Listing, Playable, Registered, RegistryError,
};
use gametree_games::rng::SplitMix64;
use gametree_games::spec::{Spec, SpecError};
use gametree_games::tictactoe::TicTacToe;

/// What the tests learn of a game through the registry.
#[derive(Debug, PartialEq, Eq)]
struct Facts {
    players: usize,
    max_plies: u64,
    round_trips: usize,
    best_reply: bool,
}

/// Checks the game and round-trips positions along seeded random playouts.
struct Inspect;

impl Inspect {
    fn facts<G: Playable>(game: &G, best_reply: bool) -> Facts
    where
        G::State: PartialEq + std::fmt::Debug,
    {
        let cfg = CheckConfig {
            playouts: 3,
            ..CheckConfig::default()
        };
        check(game, &game.evaluator(), &cfg)
            .unwrap_or_else(|e| panic!("{}: {e}", game.spec_text()));
        let mut round_trips = 0;
        let mut rng = SplitMix64::new(7);
        let mut moves = Vec::new();
        let mut state = game.initial();
        for _ in 0..12 {
            if let Some(text) = game.format_position(&state) {
                // The registry's own parser reads back what the game writes: through a spec
                // visit, so the same path the command line takes.
                let back = registry::visit(&game.spec_text(), Some(&text), StateOf)
                    .unwrap_or_else(|e| panic!("{}: {text}: {e}", game.spec_text()));
                let again = game.format_position(&state).unwrap();
                assert_eq!(back, again, "{}: {text}", game.spec_text());
                round_trips += 1;
            }
            if game.outcome(&state).is_some() {
                break;
            }
            moves.clear();
            game.moves(&state, &mut moves);
            let mv = moves[rng.below(moves.len() as u64) as usize];
            state = game.play(&state, mv);
        }
        Facts {
            players: game.players(),
            max_plies: game.max_plies(),
            round_trips,
            best_reply,
        }
    }
}

impl GameVisitor for Inspect {
    type Output = Facts;
    fn visit<G: Playable>(self, game: &G, _state: &G::State) -> Facts
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        Inspect::facts(game, false)
    }
    fn visit_best_reply<G: Playable + SetToMove>(self, game: &G, _state: &G::State) -> Facts
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        Inspect::facts(game, true)
    }
}

/// The position a visit starts from, in the game's notation.
struct StateOf;

impl GameVisitor for StateOf {
    type Output = String;
    fn visit<G: Playable>(self, game: &G, state: &G::State) -> String
    where
        G::State: Send + Sync + PartialEq + std::fmt::Debug,
        G::Move: Send + Sync,
    {
        game.format_position(state).expect("a position notation")
    }
}

/// The registered games that implement `gametree::SetToMove` (best-reply search).
const SET_TO_MOVE: &[&str] = &["chinese-checkers", "chess4", "rolit", "focus", "blokus"];

#[test]
fn every_entry_builds_passes_the_check_and_round_trips_positions() {
    let entries = registry::entries();
    assert!(entries.len() >= 6, "{entries:?}");
    for e in &entries {
        let l = &e.listing;
        assert!(!l.about.is_empty() && l.syntax.starts_with(l.name), "{l:?}");
        let facts = registry::visit(l.default_spec, None, Inspect)
            .unwrap_or_else(|err| panic!("{}: {err}", l.default_spec));
        assert!(e.seats.contains(&facts.players), "{l:?}: {facts:?}");
        assert!(facts.max_plies >= 1, "{l:?}");
        assert_eq!(
            facts.best_reply,
            SET_TO_MOVE.contains(&l.name),
            "{l:?}: reaches visit_best_reply exactly when it implements SetToMove"
        );
        // Every game with a position notation reads back what it writes.
        match l.name {
            "random" => assert_eq!(facts.round_trips, 0),
            // Card positions are deals: the start only.
            "hearts" | "spades" => assert_eq!(facts.round_trips, 1, "{l:?}"),
            _ => assert!(facts.round_trips >= 2, "{l:?}: {facts:?}"),
        }
        // Aliases reach the same game.
        for a in l.aliases {
            let spec = l.default_spec.replacen(l.name, a, 1);
            assert_eq!(registry::visit(&spec, None, Inspect).unwrap(), facts, "{a}");
        }
    }
    let ttt = registry::visit("tictactoe", None, Inspect).unwrap();
    assert_eq!(
        ttt,
        Facts {
            players: 2,
            max_plies: 9,
            round_trips: 9,
            best_reply: false
        }
    );
}

#[test]
fn every_name_and_alias_appears_once() {
    let mut seen = HashSet::new();
    for e in registry::entries() {
        for name in std::iter::once(&e.listing.name).chain(e.listing.aliases) {
            assert!(seen.insert(*name), "`{name}` is registered twice");
            assert_eq!(registry::entry(name).unwrap().listing.name, e.listing.name);
        }
    }
    assert!(seen.len() >= 9, "{seen:?}");
}

#[test]
fn unknown_games_bad_specs_and_bad_positions_are_typed_errors() {
    let e = registry::visit("chess", None, StateOf).unwrap_err();
    assert_eq!(
        e,
        RegistryError::Unknown {
            name: "chess".into(),
            known: registry::names().join(", ")
        }
    );
    assert!(matches!(
        registry::visit("tictactoe(x=1)", None, StateOf),
        Err(RegistryError::Spec(_))
    ));
    match registry::visit("connect-four", Some("448"), StateOf) {
        Err(RegistryError::Position { text, .. }) => assert_eq!(text, "448"),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        registry::visit("random(players=2,b=2,d=2)", Some("0"), StateOf),
        Err(RegistryError::NoPositions(_))
    ));
    assert_eq!(
        registry::visit("connect-four", Some("4453"), StateOf).unwrap(),
        "4453"
    );
}

/// Tic-tac-toe with a trivial (test-only) [`SetToMove`]: shows that an entry whose game has
/// the capability routes to [`GameVisitor::visit_best_reply`], statically.
#[derive(Clone, Copy, Debug)]
struct HandOver(TicTacToe);

impl Game for HandOver {
    type State = <TicTacToe as Game>::State;
    type Move = <TicTacToe as Game>::Move;
    fn players(&self) -> usize {
        self.0.players()
    }
    fn initial(&self) -> Self::State {
        self.0.initial()
    }
    fn to_move(&self, s: &Self::State) -> Player {
        self.0.to_move(s)
    }
    fn moves(&self, s: &Self::State, out: &mut Vec<Self::Move>) {
        self.0.moves(s, out)
    }
    fn play(&self, s: &Self::State, m: Self::Move) -> Self::State {
        self.0.play(s, m)
    }
    fn outcome(&self, s: &Self::State) -> Option<gametree::Scores> {
        self.0.outcome(s)
    }
    fn move_name(&self, s: &Self::State, m: Self::Move) -> String {
        self.0.move_name(s, m)
    }
}

impl SetToMove for HandOver {
    fn set_to_move(&self, s: &Self::State, p: Player) -> Option<Self::State> {
        // Trivial: only the player already to move can be handed the turn.
        (self.0.outcome(s).is_none() && self.0.to_move(s) == p).then_some(*s)
    }
}

impl gametree::hash::Zobrist for HandOver {
    fn hash(&self, s: &Self::State) -> u64 {
        self.0.hash(s)
    }
}

impl gametree_games::notation::Notation for HandOver {
    const MOVE_SYNTAX: &'static str = TicTacToe::MOVE_SYNTAX;
    fn read_move(&self, text: &str) -> Option<u8> {
        self.0.read_move(text)
    }
}

struct Lines(gametree_games::tictactoe::OpenLines);

impl gametree::Evaluator<HandOver> for Lines {
    fn evaluate(&self, g: &HandOver, s: &<HandOver as Game>::State) -> gametree::Scores {
        self.0.evaluate(&g.0, s)
    }
    fn bounds(&self, g: &HandOver) -> gametree::Bounds {
        self.0.bounds(&g.0)
    }
}

impl Playable for HandOver {
    type Eval = Lines;
    fn evaluator(&self) -> Lines {
        Lines(gametree_games::tictactoe::OpenLines)
    }
    fn max_plies(&self) -> u64 {
        9
    }
    fn spec_text(&self) -> String {
        "hand-over".into()
    }
    fn accept<V: GameVisitor>(&self, state: &Self::State, visitor: V) -> V::Output
    where
        Self::State: Send + Sync + PartialEq + std::fmt::Debug,
        Self::Move: Send + Sync,
    {
        visitor.visit_best_reply(self, state)
    }
}

impl Registered for HandOver {
    const LISTINGS: &'static [Listing] = &[Listing {
        name: "hand-over",
        aliases: &[],
        syntax: "hand-over",
        about: "test only",
        default_spec: "hand-over",
    }];
    const SEATS: &'static [usize] = &[2];
    fn from_spec(spec: &Spec) -> Result<Self, SpecError> {
        spec.finish()?;
        Ok(HandOver(TicTacToe))
    }
    fn parse_position(&self, text: &str) -> Result<Self::State, RegistryError> {
        TicTacToe::parse_position(text).map_err(|e| RegistryError::Position {
            text: text.into(),
            message: e.to_string(),
        })
    }
}

#[test]
fn a_game_with_set_to_move_reaches_visit_best_reply() {
    let spec = Spec::parse("hand-over").unwrap();
    let facts = visit_as::<HandOver, _>(&spec, None, Inspect).unwrap();
    assert!(facts.best_reply);
    // The same game without the override goes to `visit`.
    let plain = registry::visit("tictactoe", None, Inspect).unwrap();
    assert!(!plain.best_reply);
    assert_eq!(facts.players, plain.players);
}

#[test]
fn parse_move_in_reads_against_the_list_at_hand() {
    use gametree_games::notation::{MoveError, Notation};
    let g = TicTacToe;
    let s = TicTacToe::parse_position("5").unwrap();
    let mut legal = Vec::new();
    g.moves(&s, &mut legal);
    for &m in &legal {
        let name = g.move_name(&s, m);
        assert_eq!(g.parse_move_in(&name, &legal), Ok(m));
        assert_eq!(g.parse_move(&s, &name), Ok(m));
    }
    // Only the list given is consulted: the taken centre, and a cell left out of the list.
    assert!(matches!(
        g.parse_move_in("5", &legal),
        Err(MoveError::Illegal { .. })
    ));
    assert!(matches!(
        g.parse_move_in("1", &legal[1..]),
        Err(MoveError::Illegal { .. })
    ));
    assert!(matches!(
        g.parse_move_in("x", &legal),
        Err(MoveError::Syntax { .. })
    ));
}
