//! Progressive History with weight 0 (`mcts:ph=0`) is plain MCTS (issue #45, point 2): on
//! every game of the registry, seeded, the same move at every position of a game and the
//! same search behind it (its counts, value and principal variation).

use gametree_games::registry::{entries, Kind};
use gametree_run::engine::{Engine, MoveBudget};
use gametree_run::engine_move::{engine_move, EngineMove, Line, Mover};
use gametree_run::engine_name::parse_engine;

/// The plies each game is followed for: enough to leave the opening, few enough that the
/// whole test takes a few seconds.
const PLIES: usize = 6;

/// An engine by its name (`mcts@n200:ph=0`).
fn named(name: &str) -> Engine {
    parse_engine(name, MoveBudget::Nodes(200), None).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The move `engine` picks after `moves` in `spec`, seeded with `seed`; its report without
/// the elapsed time (a clock, not a count).
fn pick(spec: &str, moves: &[String], engine: &Engine, seed: u64) -> Option<EngineMove> {
    let line = Line {
        spec,
        position: None,
        moves,
    };
    let got = engine_move(&line, Mover::Pick(engine.pick_spec(seed)), &mut |_| {});
    got.ok().map(|mut m| {
        m.report.stats.elapsed_ms = 0.0;
        m
    })
}

/// Plays `PLIES` plies of `spec` by `plain`, asking `other` at every position too: returns
/// the first position (its moves) where the two differ, with both answers, or the positions
/// compared.
fn compare(spec: &str, plain: &Engine, other: &Engine) -> Result<usize, String> {
    let mut moves: Vec<String> = Vec::new();
    for ply in 0..PLIES {
        let seed = 0x0045_0002 + ply as u64;
        let (a, b) = (
            pick(spec, &moves, plain, seed),
            pick(spec, &moves, other, seed),
        );
        if a != b {
            return Err(format!(
                "{spec} after {moves:?}: {} gives {a:?}, {} gives {b:?}",
                plain.name(),
                other.name()
            ));
        }
        match a {
            Some(m) => moves.push(m.name),
            // The game ended (or has no move): both said so.
            None => return Ok(ply),
        }
    }
    Ok(PLIES)
}

/// The games: every game entry of the registry by its default spec, and the variants the
/// strength experiment plays that are other game types (four-player chess by the
/// free-for-all rules).
fn games() -> Vec<String> {
    let mut specs: Vec<String> = entries()
        .into_iter()
        .filter(|e| e.kind == Kind::Game)
        .map(|e| e.listing.default_spec.to_string())
        .collect();
    specs.push("chess4(cap=3000,end=ffa)".into());
    specs
}

#[test]
fn progressive_history_of_weight_zero_is_plain_mcts_on_every_game() {
    let plain = named("mcts@n200");
    let zero = named("mcts@n200:ph=0");
    assert_ne!(plain, zero, "the names read as two engines");
    let specs = games();
    assert!(specs.len() >= 10, "{specs:?}");
    for spec in &specs {
        let compared = gametree_run::stack::on_search_thread(64, || compare(spec, &plain, &zero))
            .expect("a search thread")
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(compared >= 1, "{spec}: no position compared");
    }
}

/// The comparison can fail: a weight that is not 0 changes the search (its counts or its
/// move) somewhere on these games.
#[test]
fn a_positive_history_weight_is_told_apart() {
    let plain = named("mcts@n200");
    let five = named("mcts@n200:ph=5");
    let differ = games()
        .iter()
        .filter(|spec| {
            gametree_run::stack::on_search_thread(64, || compare(spec, &plain, &five))
                .expect("a search thread")
                .is_err()
        })
        .count();
    assert!(differ >= 1, "ph=5 searched as plain MCTS on every game");
}
