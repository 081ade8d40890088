//! One game build per job: the command line's search and drawing build the game they are
//! given once ([`input::load`]) and hand the built game to every later step (the checks,
//! the stack's size, the search), counted by [`registry::builds`]. Each test runs in a child
//! process of this test binary, alone, so that no other test's games are counted.

use gametree::search::{Algorithm, Searcher};
use gametree_games::registry;
use gametree_run::budget::Budget;
use gametree_run::draw::{self, DrawConfig, DrawInput};
use gametree_run::input;
use gametree_run::search_job::{self, SearchSpec};
use gametree_run::stack;

use crate::alone::alone;

#[test]
fn a_search_as_the_command_line_runs_it_builds_its_game_once() {
    if !alone("builds::a_search_as_the_command_line_runs_it_builds_its_game_once") {
        return;
    }
    for (game, position) in [("rolit(players=3)", None), ("connect-four", Some("4453"))] {
        let before = registry::builds();
        // `gametree search --game G [--position P] --algorithm paranoid --depth 3
        // --iterative`: load, prepare, run on a thread sized for the search.
        let spec = SearchSpec {
            limits: Budget {
                depth: Some(3),
                ..Budget::NONE
            },
            iterative: true,
            ..SearchSpec::new(Searcher::Plain(Algorithm::Paranoid))
        };
        let prepared =
            search_job::prepare(&spec, || input::load(None, Some(game), position)).unwrap();
        let report = stack::on_search_thread(prepared.plies(), || prepared.run(None, None))
            .unwrap()
            .unwrap();
        assert_eq!(report.stats.depth, 3);
        assert_eq!(registry::builds() - before, 1, "{game}");
    }
}

#[test]
fn a_drawing_as_the_command_line_makes_it_builds_its_game_once() {
    if !alone("builds::a_drawing_as_the_command_line_makes_it_builds_its_game_once") {
        return;
    }
    let before = registry::builds();
    let source = input::load(None, Some("tictactoe"), Some("5")).unwrap();
    let plies = source.search_plies(Some(2)).unwrap();
    let input = DrawInput {
        source,
        depth: Some(2),
    };
    let drawing =
        stack::on_search_thread(plies, || draw::draw(input, &DrawConfig::new("alphabeta")))
            .unwrap()
            .unwrap();
    assert!(drawing.summary.visited > 8);
    assert_eq!(registry::builds() - before, 1);
}
