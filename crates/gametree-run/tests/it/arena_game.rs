//! A game of its own in a tournament (issue #43): three-in-a-row for three players, the game of the example
//! `examples/arena_game.rs`, in no registry, played by paranoid against max^n. The same
//! games on one thread, on two, and on the calling thread ([`play_games_here`], which
//! needs neither `Sync` nor `Send`); and the result is the committed data file
//! `tests/data/arena-game.json`, which the Python test compares the same tournament on the
//! same game written in Python with (`crates/gametree-py/tests/test_arena.py`). Rewrite the
//! file after a deliberate change with `GAMETREE_WRITE_DATA=1`.

use std::cell::Cell;

use gametree::hash::Zobrist;
use gametree::search::{AnyGame, Searcher};
use gametree::{Bounds, Evaluator, Game, Player, Scores};
use gametree_run::engine::{Engine, EngineError, MoveBudget};
use gametree_run::stack::{StackError, MAX_PLIES};
use gametree_run::tournament::*;

#[allow(dead_code, reason = "the example's main is not called here")]
#[path = "../../examples/arena_game.rs"]
mod example;

use example::{config, Board, Prospects, ThreeInARow, NAME};

/// The committed result of the example's tournament.
fn data_file() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/arena-game.json")
}

fn on(threads: usize) -> TournamentResult {
    let config = TournamentConfig {
        threads: Some(threads),
        ..config()
    };
    run_tournament_with::<AnyGame, _, _>(&ThreeInARow, &Prospects, NAME, &config).unwrap()
}

#[test]
fn the_arena_game_gives_the_same_tournament_on_one_and_two_threads_and_here() {
    let one = on(1);
    assert_eq!(one, on(2));
    assert_eq!(one.games, 24, "4 openings x 6 seatings");
    let here =
        run_tournament_here::<AnyGame, _, _>(&ThreeInARow, &Prospects, NAME, &config()).unwrap();
    assert_eq!(here, one);
    // Some games, in any order: each the game of its index.
    let which = [17, 0, 5, 23, 5];
    let here =
        play_games_here::<AnyGame, _, _>(&ThreeInARow, &Prospects, &config(), &which).unwrap();
    let pooled =
        play_games_with::<AnyGame, _, _>(&ThreeInARow, &Prospects, &config(), &which).unwrap();
    assert_eq!(here, pooled);
    for (r, &i) in here.iter().zip(&which) {
        assert_eq!(r, &one.results[i], "game {i}");
    }
    // Not every game alike: the engines and the openings make a difference.
    assert!(one
        .results
        .iter()
        .any(|r| r.scores != one.results[0].scores));
}

#[test]
fn the_arena_games_tournament_is_the_committed_data_file() {
    let json = serde_json::to_string_pretty(&on(2)).unwrap() + "\n";
    let path = data_file();
    if std::env::var_os("GAMETREE_WRITE_DATA").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &json).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap();
    assert!(
        committed == json,
        "the tournament on three-in-a-row is no longer {} (rewrite it with \
         GAMETREE_WRITE_DATA=1 if the change is meant, and check the Python test too)",
        path.display()
    );
    // Read back, it is the same result.
    let back: TournamentResult = serde_json::from_str(&committed).unwrap();
    assert_eq!(back, on(1));
}

/// Three-in-a-row counting its plays in a `Cell`: a game that is neither `Sync` nor
/// shareable between threads, as a game whose rules call an interpreter is.
struct Counting {
    plays: Cell<u64>,
}

impl Game for Counting {
    type State = Board;
    type Move = u8;
    fn players(&self) -> usize {
        ThreeInARow.players()
    }
    fn initial(&self) -> Board {
        ThreeInARow.initial()
    }
    fn to_move(&self, s: &Board) -> Player {
        ThreeInARow.to_move(s)
    }
    fn moves(&self, s: &Board, out: &mut Vec<u8>) {
        ThreeInARow.moves(s, out)
    }
    fn play(&self, s: &Board, mv: u8) -> Board {
        self.plays.set(self.plays.get() + 1);
        ThreeInARow.play(s, mv)
    }
    fn outcome(&self, s: &Board) -> Option<Scores> {
        ThreeInARow.outcome(s)
    }
}

impl Zobrist for Counting {
    fn hash(&self, s: &Board) -> u64 {
        ThreeInARow.hash(s)
    }
}

impl Evaluator<Counting> for Prospects {
    fn evaluate(&self, _game: &Counting, s: &Board) -> Scores {
        Prospects.evaluate(&ThreeInARow, s)
    }
    fn bounds(&self, _game: &Counting) -> Bounds {
        Prospects.bounds(&ThreeInARow)
    }
}

#[test]
fn a_game_that_cannot_leave_its_thread_plays_here_and_can_be_stopped_between_games() {
    let game = Counting {
        plays: Cell::new(0),
    };
    let all: Vec<usize> = (0..24).collect();
    let here = play_games_here::<AnyGame, _, _>(&game, &Prospects, &config(), &all).unwrap();
    assert_eq!(here, on(1).results);
    assert!(game.plays.get() > 0);
    // Asked before each game: the third answer stops it, after two games.
    let mut asked = 0;
    let mut stop = || {
        asked += 1;
        asked > 2
    };
    let plays = game.plays.get();
    let stopped =
        play_games_here_until::<AnyGame, _, _>(&game, &Prospects, &config(), &all, &mut stop);
    assert_eq!(
        stopped,
        Err(TournamentError::Stopped {
            played: 2,
            asked: 24
        })
    );
    assert_eq!(asked, 3);
    // It played the first two games, no more: as many plays as those two games make.
    let two = Counting {
        plays: Cell::new(0),
    };
    play_games_here::<AnyGame, _, _>(&two, &Prospects, &config(), &all[..2]).unwrap();
    assert_eq!(game.plays.get() - plays, two.plays.get());
    assert!(two.plays.get() > 0);
}

#[test]
fn playing_here_refuses_what_the_pool_refuses() {
    let with = |engines: Vec<Engine>| TournamentConfig {
        engines,
        ..config()
    };
    let paranoid = Engine::new(gametree::search::Algorithm::Paranoid, MoveBudget::Depth(2));
    let refused = |c: &TournamentConfig| {
        let here = play_games_here::<AnyGame, _, _>(&ThreeInARow, &Prospects, c, &[0]).unwrap_err();
        let pool = play_games_with::<AnyGame, _, _>(&ThreeInARow, &Prospects, c, &[0]).unwrap_err();
        assert_eq!(here, pool);
        here
    };
    let brs = Engine::new("brs".parse::<Searcher>().unwrap(), MoveBudget::Depth(2));
    assert!(matches!(
        refused(&with(vec![brs, paranoid])),
        TournamentError::Engine(EngineError::NeedsSetToMove { .. })
    ));
    let deep = Engine::new(
        gametree::search::Algorithm::Maxn,
        MoveBudget::Depth(MAX_PLIES as u32 + 1),
    );
    assert!(matches!(
        refused(&with(vec![deep, paranoid])),
        TournamentError::Stack(StackError::TooDeep { .. })
    ));
    assert!(matches!(refused(&with(vec![])), TournamentError::NoEngines));
}

/// The committed comparison of the example's engines.
fn compare_file() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/arena-compare.json")
}

#[test]
fn a_comparison_on_the_arena_game_plays_the_same_games_here_and_is_the_committed_file() {
    use gametree_run::compare::{compare_by, compare_with, CompareConfig, Decision};
    use gametree_run::verdict::Claim;
    // Depth 2 against depth 1: the crippled copy.
    let config = CompareConfig {
        seed: 7,
        threads: Some(2),
        ..CompareConfig::new(
            Claim::Beats,
            Engine::new(gametree::search::Algorithm::Maxn, MoveBudget::Depth(2)),
            Engine::new(gametree::search::Algorithm::Maxn, MoveBudget::Depth(1)),
        )
    };
    let pooled = compare_with::<AnyGame, _, _>(&ThreeInARow, &Prospects, NAME, &config).unwrap();
    let here = compare_by(NAME, 3, &config, |t, which| {
        play_games_here::<AnyGame, _, _>(&ThreeInARow, &Prospects, t, which)
    })
    .unwrap();
    assert_eq!(here, pooled);
    assert_eq!(here.decision, Decision::Agrees, "{}", here.verdict);
    assert!(here.games < here.max_games);
    let json = serde_json::to_string_pretty(&here).unwrap() + "\n";
    let path = compare_file();
    if std::env::var_os("GAMETREE_WRITE_DATA").is_some() {
        std::fs::write(&path, &json).unwrap();
    }
    assert!(
        std::fs::read_to_string(&path).unwrap() == json,
        "the comparison on three-in-a-row is no longer {} (rewrite it with \
         GAMETREE_WRITE_DATA=1 if the change is meant, and check the Python test too)",
        path.display()
    );
}
