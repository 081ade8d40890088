//! One notation per game, both ways: along random playouts of every game (tic-tac-toe,
//! connect four, Chinese Checkers on every board for every player count, Hearts, Spades,
//! random trees), every legal move printed by `Game::move_name` is read back by
//! `Notation::parse_move` (what `gametree play` uses) as the same move; text that is not a
//! legal move is refused with the right error, and no text panics.

use gametree::tree::ExplicitTree;
use gametree::Game;
use gametree_games::cards::CardGame;
use gametree_games::chinese_checkers::ChineseCheckers;
use gametree_games::connect_four::ConnectFour;
use gametree_games::notation::{MoveError, Notation};
use gametree_games::random_tree::{RandomTree, RandomTreeSpec};
use gametree_games::rng::SplitMix64;
use gametree_games::spec::Spec;
use gametree_games::tictactoe::TicTacToe;
use proptest::prelude::*;

/// Plays a random game from the start (at most `plies` moves) and checks at every position
/// that each legal move's name parses back to that move; returns the moves checked.
fn round_trip_along_a_playout<G: Notation>(game: &G, seed: u64, plies: usize) -> usize {
    let mut rng = SplitMix64::new(seed);
    let mut s = game.initial();
    let mut buf = Vec::new();
    let mut checked = 0;
    for _ in 0..plies {
        buf.clear();
        game.moves(&s, &mut buf);
        if buf.is_empty() {
            break;
        }
        for &m in &buf {
            let name = game.move_name(&s, m);
            assert_eq!(
                game.parse_move(&s, &name),
                Ok(m),
                "{name:?} in {:?}",
                std::any::type_name::<G>()
            );
            // Surrounding spaces are ignored, as in `play`.
            assert_eq!(game.parse_move(&s, &format!(" {name}\t")), Ok(m));
            checked += 1;
        }
        s = game.play(&s, buf[rng.below(buf.len() as u64) as usize]);
    }
    checked
}

fn chinese_checkers_games() -> Vec<ChineseCheckers> {
    let mut out = Vec::new();
    for holes in [121, 73, 37, 13] {
        for players in [2, 3, 4, 6] {
            for top in [0, 10] {
                out.push(ChineseCheckers::new(players, holes, top, 400).expect("valid"));
            }
        }
    }
    out
}

#[test]
fn connect_four_moves_are_the_digits_of_positions() {
    let g = ConnectFour;
    let s = g.initial();
    let names: Vec<String> = (0..7).map(|m| g.move_name(&s, m)).collect();
    assert_eq!(names, ["1", "2", "3", "4", "5", "6", "7"]);
    assert_eq!(g.parse_move(&s, "4"), Ok(3));
    // The letters of before are not moves any more: one notation.
    assert!(matches!(
        g.parse_move(&s, "d"),
        Err(MoveError::Syntax { .. })
    ));
    for bad in ["0", "8", "44", "", "-1"] {
        assert!(
            matches!(g.parse_move(&s, bad), Err(MoveError::Syntax { .. })),
            "{bad:?}"
        );
    }
    // Column 1 full: its digit is a move of the notation, but not legal.
    let full = ConnectFour::parse_position("111111").expect("valid");
    assert_eq!(
        g.parse_move(&full, "1"),
        Err(MoveError::Illegal { text: "1".into() })
    );
    // A position is the moves' names in a row.
    let after = ["4", "4", "5", "3"].iter().fold(g.initial(), |s, t| {
        g.play(&s, g.parse_move(&s, t).expect("legal"))
    });
    assert_eq!(after, ConnectFour::parse_position("4453").expect("valid"));
}

#[test]
fn tictactoe_cards_and_chinese_checkers_refuse_what_is_not_legal() {
    let t = TicTacToe;
    let s = TicTacToe::parse_position("5").expect("valid");
    assert_eq!(t.parse_move(&s, "9"), Ok(8));
    assert_eq!(
        t.parse_move(&s, "5"),
        Err(MoveError::Illegal { text: "5".into() })
    );
    assert!(matches!(
        t.parse_move(&s, "x"),
        Err(MoveError::Syntax { .. })
    ));

    let h = CardGame::hearts(1);
    let d = h.initial();
    // Hearts opens with the two of clubs (or the lowest club): `2C` in this deal.
    let mut moves = Vec::new();
    h.moves(&d, &mut moves);
    let first = h.move_name(&d, moves[0]);
    assert_eq!(h.parse_move(&d, &first.to_lowercase()), Ok(moves[0]));
    let illegal = (0..52u8)
        .find(|c| !moves.contains(c) && *c != h.removed())
        .expect("a card not playable now");
    assert_eq!(
        h.parse_move(&d, &h.move_name(&d, illegal)),
        Err(MoveError::Illegal {
            text: h.move_name(&d, illegal)
        })
    );
    assert!(matches!(
        h.parse_move(&d, "1X"),
        Err(MoveError::Syntax { .. })
    ));

    let c = ChineseCheckers::research();
    let s = c.initial();
    assert!(matches!(
        c.parse_move(&s, "0-121"),
        Err(MoveError::Syntax { .. })
    ));
    assert_eq!(
        c.parse_move(&s, "0-1"),
        Err(MoveError::Illegal { text: "0-1".into() })
    );
    assert_eq!(
        c.parse_move(&s, "pass"),
        Err(MoveError::Illegal {
            text: "pass".into()
        })
    );
}

#[test]
fn explicit_tree_children_are_indices() {
    let t = ExplicitTree::from_json_str(
        r#"{"players": 2, "root": {"player": 0, "children": [{"value": [1, -1]}, {"value": [0, 0]}]}}"#,
    );
    let Ok(t) = t else {
        // The format's own tests cover it; this test needs only some tree.
        panic!("tree: {t:?}");
    };
    let root = t.initial();
    assert_eq!(t.parse_move(&root, "1"), Ok(1));
    assert_eq!(
        t.parse_move(&root, "2"),
        Err(MoveError::Illegal { text: "2".into() })
    );
    assert_eq!(round_trip_along_a_playout(&t, 1, 10), 2);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Every legal move of every position of random playouts, in every game, parses back.
    #[test]
    fn every_legal_move_name_parses_back_to_the_move(seed in any::<u64>()) {
        prop_assert!(round_trip_along_a_playout(&TicTacToe, seed, 9) > 0);
        prop_assert!(round_trip_along_a_playout(&ConnectFour, seed, 42) > 0);
        for g in chinese_checkers_games() {
            prop_assert!(round_trip_along_a_playout(&g, seed, 60) > 0);
        }
        for g in [CardGame::hearts(seed), CardGame::spades(seed)] {
            prop_assert!(round_trip_along_a_playout(&g, seed, 51) > 0);
            let g = g.with_equiv(true);
            prop_assert!(round_trip_along_a_playout(&g, seed, 51) > 0);
        }
        let spec = Spec::parse(&format!("random(players=3,b=5,d=4,seed={seed})")).expect("spec");
        let r = RandomTree::new(RandomTreeSpec::from_spec(&spec).expect("spec"));
        prop_assert_eq!(round_trip_along_a_playout(&r, seed, 10), 5 * 4);
    }

    /// Arbitrary text never panics any game's reader.
    #[test]
    fn arbitrary_text_never_panics(text in ".{0,12}") {
        let _ = TicTacToe.parse_move(&TicTacToe.initial(), &text);
        let _ = ConnectFour.parse_move(&ConnectFour.initial(), &text);
        let c = ChineseCheckers::research();
        let _ = c.parse_move(&c.initial(), &text);
        let h = CardGame::hearts(7);
        let _ = h.parse_move(&h.initial(), &text);
    }
}

/// `gametree list` prints `LeafModel::CATALOGUE`: every entry parses, and every variant is
/// in it (the match is exhaustive: a new model does not compile until it is handled here).
#[test]
fn the_leaf_model_catalogue_is_complete() {
    use gametree_games::random_tree::LeafModel;
    let mut listed = Vec::new();
    for (syntax, about) in LeafModel::CATALOGUE {
        assert!(!about.is_empty());
        // The syntax with its optional parts left out, and with example parameters.
        let bare = syntax.split('[').next().expect("a name");
        let example = bare.replace(":M", ":2").replace(":P", ":0.25");
        let m = LeafModel::parse(&example).unwrap_or_else(|e| panic!("{syntax}: {e}"));
        assert_eq!(
            m.name(),
            example.split(':').next().expect("a name"),
            "{syntax}"
        );
        listed.push(m.name());
    }
    assert!(LeafModel::parse("uniform:5").is_ok());
    assert!(LeafModel::parse("discrete:1:1/2/3").is_ok());
    for m in listed.iter().map(|n| {
        LeafModel::parse(match *n {
            "discrete" => "discrete:2",
            "bivalued" => "bivalued:0.5",
            other => other,
        })
        .expect("a model")
    }) {
        match m {
            LeafModel::Constant
            | LeafModel::Cutpoints
            | LeafModel::Normalized
            | LeafModel::Uniform { .. }
            | LeafModel::Discrete { .. }
            | LeafModel::Bivalued { .. }
            | LeafModel::BestFirst
            | LeafModel::Incremental { .. } => {}
        }
    }
    let mut unique = listed.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), 8, "{listed:?}");
    assert_eq!(listed.len(), 8);
}
